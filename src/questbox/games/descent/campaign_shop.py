"""The Shopping step of the Campaign phase (issue #18), the gold of the Search cards at the end of
a quest, and the relics a quest's rewards name. The rules read and write the campaign log
(:mod:`~questbox.games.descent.campaign_log`, whose ``ShoppingKind`` is a thin shell around
:func:`legal` and :data:`APPLY`).

**The decks.** A campaign without its own ``shop:`` list (``data/campaigns/<id>.yaml``) sells the
printed Shop Item decks (``data/shop.yaml``): the Act I deck until the Interlude has been played,
the Act II deck after it. A card a hero owns is out of the deck; a card sold goes back to it. A
campaign file may name its own deck (``shop:``, ours: e.g. Search cards for sale), as before.

**The step** (the heroes' seat), each an action of the decision ``campaign:shopping``:

``buy <item> <hero>``        a revealed card, for its cost, to a hero (the party's gold)
``sell <item> <hero>``       a Shop Item a hero owns, for half its cost rounded down to 25 gold;
                             relics are never sold
``give <item> <hero> <hero>`` trade: a card passes from one hero to another
``equip <item> <hero>``      equip a card the hero owns (slots: ``modules/items.py``)
``unequip <item> <hero>``
``extra-card <hero> <hero>`` the pack's rule: 2 fortune tokens reveal one more card
``done``                     the cards not bought go back into the deck (it is shuffled for the
                             next step); the fortune tokens go back to the supply

Five cards are revealed (a campaign's ``shop_draw``). **The end of a quest** (:func:`quest_end`):
the party gains the gold value of every Search card the heroes drew in the quest, used or not, and
the cards go back to the Search deck; a Treasure Chest gives its finder a random Shop Item of the
current act's deck instead. **Relics** (:func:`relic_reward`): a quest's ``relic`` goes to the
heroes (the first hero; trading moves it) when they win it, its lieutenant face to the overlord
(``log["overlord_relics"]``) when he does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from questbox.core import JSON, Action, Rng
from questbox.games.descent.campaign_model import CampaignModel, campaign_data
from questbox.games.descent.data import library
from questbox.games.descent.modules.items import equip_problem, item_text, items, relics

#: a sold Shop Item brings half its cost, rounded down to a multiple of this
SELL_STEP = 25
TREASURE_CHEST = "treasure-chest"


# ================================================================================ the decks
def hero_ids(log: JSON) -> list[str]:
    return [h.split(":")[0] for h in log["heroes"]]


def printed(cm: CampaignModel) -> bool:
    """Whether the campaign sells the printed Shop Item decks (it names no deck of its own)."""
    return cm.shop is None


def shop_act(log: JSON) -> int:
    """The act whose Shop deck is sold: II once the Interlude has been played, else I."""
    return 2 if any(h.get("kind") == "interlude" for h in log["history"]) else 1


def costs(log: JSON) -> dict[str, int]:
    """The gold cost of each card the campaign's shop may sell."""
    cm = campaign_data(log["campaign"])
    if cm.shop is not None:
        return {s.id: s.cost for s in cm.shop}
    return {i.id: i.cost for i in items().values() if i.kind == "shop"}


def card_name(iid: str) -> str:
    it = items().get(iid)
    if it is not None:
        return it.name
    r = relics().get(iid)
    return r.name if r is not None else library().search[iid].name


def card_text(iid: str) -> str:
    """A card a hero may hold, in one line: a Shop Item or relic with its slot and effect, or a Search card."""
    if iid in items():
        return item_text(iid)
    c = library().search[iid]
    return f"{c.name} [search card, {c.value} gold]: {c.text}"


def owned(log: JSON) -> Counter[str]:
    return Counter(c for h in hero_ids(log) for c in log["items"][h])


def deck_cards(log: JSON) -> list[str]:
    """The cards of the Shop deck now (an id per copy): the campaign's own deck, or the printed
    deck of the current act without the cards the heroes own."""
    cm = campaign_data(log["campaign"])
    if cm.shop is not None:
        return [s.id for s in cm.shop for _ in range(s.count)]
    from questbox.games.descent.catalog import catalog

    left = owned(log)
    out = []
    for c in catalog().shop_deck(shop_act(log)):
        if left[c] > 0:
            left[c] -= 1
        else:
            out.append(c)
    return out


def shop_deck(log: JSON, rng: Rng | None = None) -> list[str]:
    """The Shop deck, shuffled with ``rng`` (default: a generator seeded from the log's seed)."""
    deck = deck_cards(log)
    if rng is None:
        rng = Rng(log["seed"] * 1000 + log["next"])
    rng.shuffle(deck)
    return deck


def deal_shop(log: JSON, rng: Rng | None = None) -> None:
    """Reveal the Shopping step's cards (``log["shop"]``: ``offer`` and the rest of the ``deck``)."""
    deck = shop_deck(log, rng)
    n = campaign_data(log["campaign"]).shop_draw
    log["shop"] = {"offer": deck[:n], "deck": deck[n:]}
    log["done"] = []


def sell_price(log: JSON, iid: str) -> int | None:
    """What selling the card brings (``None``: it cannot be sold: a relic, a class card)."""
    cost = costs(log).get(iid)
    if cost is None and iid in items() and items()[iid].kind == "shop":
        cost = items()[iid].cost        # a printed Shop Item, in a campaign with its own deck
    if cost is None:
        return None
    return cost // 2 // SELL_STEP * SELL_STEP


def equipped(log: JSON, h: str) -> list[str]:
    eq: dict[str, list[str]] = log.get("equipped") or {}
    return list(eq.get(h, []))


# ================================================================================ the step's actions
def legal(log: JSON) -> list[Action]:
    """The heroes' actions in the Shopping step."""
    hs = hero_ids(log)
    out: list[Action] = []
    cost = costs(log)
    for it in dict.fromkeys(log["shop"]["offer"]):
        if cost[it] <= log["gold"]:
            out.extend(Action("buy", (it, h)) for h in hs)
    for h in hs:
        have = log["items"][h]
        eq = equipped(log, h)
        for it in dict.fromkeys(have):
            if sell_price(log, it) is not None:
                out.append(Action("sell", (it, h)))
            out.extend(Action("give", (it, h, o)) for o in hs if o != h)
            if it in items() and eq.count(it) < have.count(it) and equip_problem(eq, it) is None:
                out.append(Action("equip", (it, h)))
        out.extend(Action("unequip", (it, h)) for it in dict.fromkeys(eq))
    f = log["fortune"]
    if log["shop"]["deck"]:
        for i, a in enumerate(hs):
            for b in hs[i:]:
                if (a == b and f[a] >= 2) or (a != b and f[a] >= 1 and f[b] >= 1):
                    out.append(Action("extra-card", (a, b)))
    out.append(Action("done"))
    return out


def _lose(out: JSON, h: str, it: str) -> None:
    """``h`` no longer holds one copy of ``it`` (unequipped first if he would hold fewer than he has equipped)."""
    out["items"][h].remove(it)
    eq = out.setdefault("equipped", {}).setdefault(h, [])
    if eq.count(it) > out["items"][h].count(it):
        eq.remove(it)


def _buy(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    it, h = str(args[0]), str(args[1])
    out["gold"] -= costs(log)[it]
    out["shop"]["offer"].remove(it)
    out["items"][h].append(it)
    out["stats"].setdefault("shop_bought", []).append(it)


def _sell(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    it, h = str(args[0]), str(args[1])
    price = sell_price(log, it)
    assert price is not None
    _lose(out, h, it)
    out["gold"] += price
    out["stats"].setdefault("shop_sold", []).append(it)


def _give(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    it, a, b = (str(x) for x in args)
    _lose(out, a, it)
    out["items"][b].append(it)


def _equip(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    out.setdefault("equipped", {}).setdefault(str(args[1]), []).append(str(args[0]))


def _unequip(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    out["equipped"][str(args[1])].remove(str(args[0]))


def _extra(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    for who in args:
        out["fortune"][str(who)] -= 1
    out["shop"]["offer"].append(out["shop"]["deck"].pop(0))


def _done(log: JSON, out: JSON, args: tuple[Any, ...]) -> None:
    # the cards not bought go back into the deck (dealt afresh next time); every fortune token
    # goes back to the supply after the Shopping step
    out["fortune"] = {h: 0 for h in out["fortune"]}
    out["shop"] = None
    out["phase"], out["done"] = "spend-xp", []


#: how each action of the step writes itself into the copy ``out`` of the log
APPLY: dict[str, Callable[[JSON, JSON, tuple[Any, ...]], None]] = {
    "buy": _buy, "sell": _sell, "give": _give, "equip": _equip, "unequip": _unequip, "extra-card": _extra,
    "done": _done}


def shop_space(log: JSON) -> list[Action]:
    """Every action the Shopping step may offer in this campaign (for a game's action space)."""
    hs = hero_ids(log)
    cards = [*costs(log), *(r for r in items() if items()[r].kind == "relic")]
    out = [Action("buy", (c, h)) for c in costs(log) for h in hs]
    out += [Action("sell", (c, h)) for c in costs(log) for h in hs]
    out += [Action("give", (c, a, b)) for c in cards for a in hs for b in hs if a != b]
    out += [Action(n, (c, h)) for n in ("equip", "unequip") for c in cards if c in items() for h in hs]
    out += [Action("extra-card", (a, b)) for i, a in enumerate(hs) for b in hs[i:]]
    return out


def describe(log: JSON, action: Action) -> str | None:
    """An action of the step in words (``None``: not one of the step's)."""
    a = [str(x) for x in action.args]
    if action.name == "buy":
        return f"buy {card_name(a[0])} for {a[1]} ({costs(log)[a[0]]} gold): {card_text(a[0])}"
    if action.name == "sell":
        return f"sell {a[1]}'s {card_name(a[0])} for {sell_price(log, a[0])} gold"
    if action.name == "give":
        return f"{a[1]} gives {card_name(a[0])} to {a[2]}"
    if action.name in ("equip", "unequip"):
        return f"{a[1]} {action.name}s {card_text(a[0])}"
    return None


# ================================================================================ the end of a quest
def quest_end(log: JSON, out: JSON, state: Any, rng: Rng | None = None) -> JSON:
    """After a quest (into ``out``, the next log): the gold of every Search card drawn in the quest
    (used or not: they all go back to the deck), and a Shop Item for the finder of a Treasure
    Chest. Returns what the history entry of the quest records."""
    lib = state.enc.lib
    names = state.enc.quest.search_deck
    full = Counter(names if names is not None else [c.id for c in lib.search.values() for _ in range(c.count)])
    drawn = full - Counter(state.deck)
    gold = sum(lib.search[c].value * n for c, n in sorted(drawn.items()))
    out["gold"] += gold
    rec: JSON = {"search_cards": sorted(drawn.elements()), "search_gold": gold}
    if drawn[TREASURE_CHEST]:
        finder = next((state.figs[f].id for f in state.heroes() if TREASURE_CHEST in state.figs[f].items),
                      hero_ids(out)[0])
        deck = deck_cards(out) if printed(campaign_data(out["campaign"])) else []
        if deck:
            r = rng if rng is not None else Rng(log["seed"] * 1000 + log["next"] + 500)
            card = deck[r.below(len(deck))]
            out["items"][finder].append(card)
            rec["treasure"] = {"hero": finder, "item": card}
    return rec


def relic_reward(log: JSON, out: JSON, relic: str | None, winner: str) -> JSON:
    """A quest's relic for its winner: the hero face to the first hero, the lieutenant face to the
    overlord; a relic either side already holds is not won again. Returns the history's record."""
    if relic is None:
        return {}
    r = relics()[relic]
    held = {*owned(out), *out.get("overlord_relics", [])}
    if relic in held or r.counterpart in held:
        return {}
    if winner == "heroes":
        out["items"][hero_ids(out)[0]].append(relic)
        return {"relic": {"side": "heroes", "relic": relic}}
    out.setdefault("overlord_relics", []).append(r.counterpart)
    return {"relic": {"side": "overlord", "relic": r.counterpart}}
