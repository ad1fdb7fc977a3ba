"""The Campaign phase of a Descent campaign told in words, for the event log (the web table's log,
the terminal): "The overlord buys the Plot card Fealty (2 threat)", "Syndrael buys a Curse Doll
(25 gold)". Every name comes from the game's data (Plot decks and cards, Shop and Search items,
upgrades, class skills, Overlord cards, heroes).

:data:`TELL` holds one function per action name, ``(before, after, seat, action) -> text`` on the
campaign log before and after the action. An action it does not know is told with the game's
``describe_action`` text (``fallback``), so a new Campaign-phase action reads well before it has
its own sentence here.
"""

from __future__ import annotations

from collections.abc import Callable

from questbox.core import JSON, Action

#: how one Campaign-phase action is told: ``(log before, log after, seat, action) -> sentence``
Teller = Callable[[JSON, JSON, str, Action], str]


# ------------------------------------------------------------------------------- names from the data
def hero_name(hid: str) -> str:
    """The hero's name (``syndrael`` -> ``Syndrael``)."""
    from questbox.games.descent.data import library

    h = library().heroes.get(hid)
    return h.name if h is not None else _words(hid)


def item_name(iid: str) -> str:
    """A Shop or Search item's name (``curse-doll`` -> ``Curse Doll``)."""
    from questbox.games.descent.catalog import catalog
    from questbox.games.descent.data import library

    card = library().search.get(iid)
    if card is not None:
        return card.name
    shop = catalog().shop.get(iid)
    if shop is not None:
        return shop.name
    from questbox.games.descent.modules.items import relics

    relic = relics().get(iid)
    return relic.name if relic is not None else _words(iid)


def skill_name(sid: str) -> str:
    """A class skill's name, from the class cards (``sid`` may be ``class:skill`` or the skill)."""
    from questbox.games.descent.catalog import catalog

    want = sid.split(":")[-1]
    for cls in catalog().classes.values():
        for s in cls.skills:
            if s.id == want:
                return s.name
    return _words(want)


def _words(ident: str) -> str:
    """An id nothing names, made readable (``iron-shield`` -> ``Iron Shield``)."""
    return " ".join(w.capitalize() for w in ident.replace("_", "-").split("-"))


def _a(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _who(log: JSON, seat: str) -> str:
    if seat == "overlord":
        return "The overlord"
    if seat == "heroes" or log.get("seats") == "party":
        return "The heroes"
    return f"The heroes ({seat})"


def _shop_cost(log: JSON, iid: str) -> int | None:
    from questbox.games.descent.campaign_shop import costs

    return costs(log).get(iid)


# ------------------------------------------------------------------------------- one per action
def _plot_deck(before: JSON, after: JSON, seat: str, action: Action) -> str:
    from questbox.games.descent.plot_cards import deck

    did = str(action.args[0])
    if did == "none":
        return "The overlord plays the campaign without a Plot deck."
    return f"The overlord chooses the {deck(did).name} Plot deck for the campaign."


def _buy(before: JSON, after: JSON, seat: str, action: Action) -> str:
    iid, hid = str(action.args[0]), str(action.args[1])
    cost = _shop_cost(before, iid)
    paid = f" ({cost} gold; {after['gold']} left)" if cost is not None else ""
    return f"{hero_name(hid)} buys {_a(item_name(iid))}{paid}."


def _extra_card(before: JSON, after: JSON, seat: str, action: Action) -> str:
    a, b = (str(x) for x in action.args)
    who = (f"{hero_name(a)} spends 2 fortune" if a == b
           else f"{hero_name(a)} and {hero_name(b)} spend 1 fortune each")
    offer = after.get("shop") or {}
    drawn = f": {_a(item_name(str(offer['offer'][-1])))}" if offer.get("offer") else ""
    return f"{who} to draw 1 more Shop card{drawn}."


def _upgrade(before: JSON, after: JSON, seat: str, action: Action) -> str:
    from questbox.games.descent.campaign_model import campaign_data

    hid, uid = str(action.args[0]), str(action.args[1])
    up = next((u for u in campaign_data(before["campaign"]).upgrades if u.id == uid), None)
    name, xp = (up.name, f" ({up.xp} XP)") if up is not None else (_words(uid), "")
    return f"{hero_name(hid)} takes the upgrade {name}{xp}."


def _buy_skill(before: JSON, after: JSON, seat: str, action: Action) -> str:
    sid, hid = str(action.args[0]), str(action.args[1])
    spent = before.get("xp", {}).get(hid, 0) - after.get("xp", {}).get(hid, 0)
    xp = f" ({spent} XP)" if spent > 0 else ""
    return f"{hero_name(hid)} learns the skill {skill_name(sid)}{xp}."


def _xp_threat(before: JSON, after: JSON, seat: str, action: Action) -> str:
    return f"The overlord trades 1 XP for 3 threat (threat {after['threat']})."


def _buy_plot(before: JSON, after: JSON, seat: str, action: Action) -> str:
    from questbox.games.descent.plot_cards import cards_of

    card = cards_of(str(before["plot_deck"]))[str(action.args[0])]
    return f"The overlord buys the Plot card {card.name} ({card.buy} threat)."


def _buy_overlord(before: JSON, after: JSON, seat: str, action: Action) -> str:
    from questbox.games.descent.catalog import catalog

    c = catalog().overlord.get(str(action.args[0]))
    if c is None:
        return f"The overlord buys the Overlord card {_words(str(action.args[0]))}."
    return f"The overlord buys the Overlord class card {c.name} ({c.deck}, {c.xp} XP)."


def _give(before: JSON, after: JSON, seat: str, action: Action) -> str:
    iid, a, b = (str(x) for x in action.args[:3])
    return f"{hero_name(a)} gives {hero_name(b)} {_a(item_name(iid))}."


def _sell(before: JSON, after: JSON, seat: str, action: Action) -> str:
    iid, hid = str(action.args[0]), str(action.args[1])
    got = after.get("gold", 0) - before.get("gold", 0)
    paid = f" ({got} gold)" if got > 0 else ""
    return f"{hero_name(hid)} sells {_a(item_name(iid))}{paid}."


def _equip(before: JSON, after: JSON, seat: str, action: Action) -> str:
    return f"{hero_name(str(action.args[1]))} equips {_a(item_name(str(action.args[0])))}."


def _unequip(before: JSON, after: JSON, seat: str, action: Action) -> str:
    return f"{hero_name(str(action.args[1]))} puts away {_a(item_name(str(action.args[0])))}."


def _done(before: JSON, after: JSON, seat: str, action: Action) -> str:
    phase = before.get("phase")
    if phase == "shopping":
        return "The heroes are done shopping."
    if seat == "overlord":
        return "The overlord is done spending experience points: the next quest follows."
    return "The heroes are done spending experience points."


def _rumor(before: JSON, after: JSON, seat: str, action: Action) -> str:
    from questbox.games.descent.campaign_model import rumor_cards
    from questbox.games.descent.glossary import quest_name

    c = rumor_cards()[str(action.args[0])]
    if c.quest is None:
        return f"The overlord plays the Rumor card {c.name}: {c.text}"
    got = after.get("threat", 0) - before.get("threat", 0)
    threat = f"; he gains {got} threat" if got else ""
    return f"The overlord plays the Rumor card {c.name}: {quest_name(c.quest)} is an available quest{threat}."


def _rumor_quest(before: JSON, after: JSON, seat: str, action: Action) -> str:
    from questbox.games.descent.campaign_model import rumor_cards
    from questbox.games.descent.glossary import quest_name

    c = rumor_cards()[str(action.args[0])]
    return f"The heroes take up the rumor of {c.name}: {quest_name(str(c.quest))} is the next quest."


#: the Campaign phase's actions, by name, and how each is told
TELL: dict[str, Teller] = {
    "plot-deck": _plot_deck, "buy": _buy, "extra-card": _extra_card, "upgrade": _upgrade,
    "buy-skill": _buy_skill, "xp-threat": _xp_threat, "buy-plot": _buy_plot, "buy-overlord": _buy_overlord,
    "sell": _sell, "give": _give, "equip": _equip, "unequip": _unequip, "done": _done,
    "rumor": _rumor, "rumor-quest": _rumor_quest,
}


def tell(before: JSON, after: JSON, seat: str, action: Action, fallback: str) -> str:
    """The sentence for ``seat`` taking ``action`` in the Campaign phase (log ``before`` ->
    ``after``); an action :data:`TELL` does not know (or whose data it cannot name) is told with
    ``fallback``, the game's ``describe_action`` text."""
    told = TELL.get(action.name)
    if told is not None:
        try:
            return told(before, after, seat, action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass        # an action whose arguments another branch changed: the fallback still reads
    text = fallback[:1].upper() + fallback[1:]
    return f"{_who(before, seat)}: {text.rstrip('.')}."
