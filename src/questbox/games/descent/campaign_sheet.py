"""The campaign log as a player reads it (issue #18): ``questbox campaign show`` and the campaign
panel of the terminal table print :func:`sheet`, a sheet that names every quest, hero, class,
skill, item, relic, upgrade, Plot card and Overlord card with its text, never an id.

Every name and text is the entry of the ``descent-campaign`` glossary (:func:`rules`, the game's
data: the same words the web table shows in its cards and tooltips); the story is the campaign's
(``CampaignModel.story``). The sheet reads the log or a seat's :func:`campaign_log.view` of it
only: given a hero seat's view it has no face-down Plot card to name (the view counts them), and
the Overlord deck's hand and order are never in a log between quests (they live in the quest's
view, drawn by :mod:`~questbox.games.descent.render` for the overlord only).

Sections: the campaign (name, phase, the next quest), its story; the heroes (class, XP, fortune,
skills, upgrades, items with the equipped ones marked; the party's gold); the overlord (XP,
threat, the Plot deck's cards face up and face down, the Overlord class cards bought, relics);
the quests (each played with its winner, rounds and what it earned: the Search cards' gold, a
Treasure Chest's item, a relic); the Shop's cards on offer while shopping.
"""

from __future__ import annotations

import functools
import textwrap
from collections import Counter

from questbox.core import JSON
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.glossary import item_name

#: the width the story is wrapped to
WIDTH = 100


@functools.cache
def rules() -> dict[str, JSON]:
    """The ``descent-campaign`` glossary's entries by key (``hero:syndrael``, ``card:rage`` ...)."""
    from questbox.core import get_game

    return {e["key"]: e for s in get_game("descent-campaign").glossary()["sections"] for e in s["entries"]}


def entry(keys: list[str], ident: str) -> JSON:
    """The first glossary entry of ``keys`` that exists, else one made from the id (its words
    capitalised, no text): a name always reads."""
    for k in keys:
        e = rules().get(k)
        if e is not None:
            return e
    return {"key": keys[0], "name": " ".join(w.capitalize() for w in ident.replace("_", "-").split("-")),
            "text": "", "facts": []}


def name(keys: list[str], ident: str) -> str:
    return str(entry(keys, ident)["name"])


def hero_name(hid: str) -> str:
    return name([f"hero:{hid}"], hid)


def quest_name(qid: str) -> str:
    return name([f"quest:{qid}"], qid)


#: where a card a hero holds is named: a Shop Item, a relic, a Search card
ITEM_KEYS = ("shop:{}", "relic:{}", "item:{}")


def _card(keys: list[str], ident: str, facts: tuple[str, ...] = (), mark: str = "") -> str:
    """One card on its line: ``Name (fact, fact)[mark]: text``."""
    e = entry(keys, ident)
    have = dict((str(k), str(v)) for k, v in e["facts"])
    shown = [f"{have[k]} XP" if k == "XP" else f"{k} {have[k]}" if k in ("buy", "trigger") else have[k]
             for k in facts if have.get(k)]
    bits = f" ({', '.join(shown)})" if shown else ""
    return f"{e['name']}{bits}{mark}" + (f": {e['text']}" if e["text"] else "")


def _lines(head: str, cards: list[str], indent: str) -> list[str]:
    """``head:`` then one line per card (``-`` when there is none; a card's text is not wrapped,
    so that each card is one line to read or search)."""
    if not cards:
        return [f"{indent}{head}: -"]
    return [f"{indent}{head}:", *(f"{indent}  - {c}" for c in cards)]


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent)


# ------------------------------------------------------------------------------- the sections
def _head(log: JSON) -> list[str]:
    cm = campaign_data(log["campaign"])
    n = len(cm.quests)
    if log["phase"] == "over":
        where = f"over: the {log['winner']} won the campaign"
    else:
        q = cm.quests[log["next"]]
        where = f"next: quest {log['next'] + 1} of {n}, {quest_name(q.quest)} ({q.kind})"
    seed = f", seed {log['seed']}" if "seed" in log else ""
    out = [f"{cm.name} ({log['campaign']}{seed})", f"  phase: {log['phase']}; {where}"]
    if cm.story:
        out += ["", *_wrap(cm.story)]
    return out


def _heroes(log: JSON) -> list[str]:
    out = ["", f"HEROES (the party's gold: {log['gold']})"]
    eq = log.get("equipped") or {}
    for hc in log["heroes"]:
        hid, _, cls = hc.partition(":")
        fortune = f", fortune {log['fortune'][hid]}" if log.get("plot_deck") else ""
        out.append(f"  {hero_name(hid)}, {name([f'class:{cls}'], cls)}: XP {log['xp'].get(hid, 0)}{fortune}")
        skills = [_card([f"card:{c}"], c, ("XP",)) for c in log.get("skills", {}).get(hid, [])]
        out += _lines("skills bought", skills, "    ")
        ups = Counter(log["upgrades"].get(hid, []))
        out += _lines("upgrades", [_card([f"upgrade:{u}"], u, mark=f" x{k}" if k > 1 else "")
                                   for u, k in ups.items()], "    ")
        worn = Counter(eq.get(hid, []))
        items = []
        for it in log["items"].get(hid, []):
            on = worn[it] > 0
            worn[it] -= on
            items.append(_card([k.format(it) for k in ITEM_KEYS], it, ("equip",), mark=" [equipped]" if on else ""))
        out += _lines("items", items, "    ")
    return out


def _overlord(log: JSON) -> list[str]:
    threat = f", threat {log['threat']}" if log.get("plot_deck") else ""
    out = ["", f"OVERLORD: XP {log['xp'].get('overlord', 0)}{threat}"]
    deck = log.get("plot_deck")
    if deck:
        out.append(f"    Plot deck: {name([f'plotdeck:{deck}'], deck)}")
        out += _lines("Plot cards face up", [_card([f"plot:{c}"], c, ("trigger",)) for c in log["faceup"]], "    ")
        down = log["facedown"]
        if isinstance(down, list):      # the overlord's own log or view
            out += _lines("Plot cards face down (to buy)", [_card([f"plot:{c}"], c, ("buy",)) for c in down], "    ")
        else:                           # a hero's view: how many, never which
            out.append(f"    Plot cards face down: {down} (hidden)")
    else:
        out.append("    no Plot deck")
    if "overlord_deck" in log:
        bought = [_card([f"overlord:{c}"], c, ("deck", "XP")) for c in log["overlord_deck"]]
        out.append("    Overlord deck: the basic cards and the class cards bought")
        out += _lines("class cards bought", bought, "    ")
    out += _lines("relics", [_card([f"relic:{r}"], r) for r in log.get("overlord_relics", [])], "    ")
    return out


def _earned(h: JSON) -> str:
    """What a quest played earned, in words (its history entry's Search gold, treasure, relic)."""
    bits = []
    if h.get("search_cards"):
        cards = ", ".join(item_name(c) for c in h["search_cards"])
        bits.append(f"Search cards {cards} ({h.get('search_gold', 0)} gold)")
    if h.get("treasure"):
        t = h["treasure"]
        bits.append(f"{hero_name(t['hero'])} found {item_name(t['item'])} in a Treasure Chest")
    if h.get("relic"):
        r = h["relic"]
        who = "the overlord" if r["side"] == "overlord" else "the heroes"
        relic = name([f"relic:{r['relic']}"], r["relic"])
        bits.append(f"{who} won the relic {relic}")
    return "; ".join(bits)


def _quests(log: JSON) -> list[str]:
    cm = campaign_data(log["campaign"])
    played = [h for h in log["history"] if "rumor" not in h]      # (a Rumor quest: see _rumors)
    first = log["next"] - len(played)       # (a log started later holds the last quests only)
    out = ["", "QUESTS"]
    for i, q in enumerate(cm.quests):
        k = i - first
        h = played[k] if 0 <= k < len(played) else None
        line = f"  {i + 1}. {quest_name(q.quest)} ({q.kind})"
        if h is not None:
            enc = f"; encounters won by the {' and the '.join(h['encounters'])}" if h.get("encounters") else ""
            line += (f": the {h['winner']} won in {h['rounds']} rounds ({h['reason']}){enc}; "
                     f"threat after {h['threat_after']}")
            earned = _earned(h)
            if earned:
                line += f"; earned: {earned}"
        elif i < log["next"]:
            line += ": played (not in this log)"
        elif i == log["next"] and log["phase"] != "over":
            carry = log.get("encounter")
            line += (f": encounter 2 next ({quest_name(carry['quest'])}; the {carry['first']} won encounter 1)"
                     if carry else ": next")
        out.append(line)
    return out


def _rumors(log: JSON) -> list[str]:
    """The Rumor cards: the overlord's hand (his own view only; others see how many), the cards in
    play (available quests) and those played, each by name with our short text."""
    from questbox.games.descent.campaign_model import rumor_cards

    r = log.get("rumors")
    if not r:
        return []
    cards = rumor_cards()

    def line(c: str) -> str:
        return f"{cards[c].name}: {cards[c].text}"

    deck = r["deck"] if isinstance(r["deck"], int) else len(r["deck"])
    out = ["", f"RUMOR CARDS ({deck} left in the Rumor deck)"]
    if isinstance(r["hand"], list):
        out += _lines("the overlord's hand", [line(c) for c in r["hand"]], "  ")
    else:
        out.append(f"  the overlord's hand: {r['hand']} (hidden)")
    out += _lines("in play (available quests)", [line(c) for c in r["available"]], "  ")
    out += _lines("played", [cards[c].name for c in r["played"]], "  ")
    for h in (h for h in log["history"] if "rumor" in h):
        out.append(f"  Rumor quest {quest_name(h['quest'])} ({cards[h['rumor']].name}): the {h['winner']} won "
                   f"in {h['rounds']} rounds ({h['reason']}); threat after {h['threat_after']}")
    if r.get("quest"):
        out.append(f"  next: the Rumor quest {quest_name(str(cards[r['quest']].quest))}")
    return out


def _shop(log: JSON) -> list[str]:
    shop = log.get("shop")
    if not shop:
        return []
    left = shop["deck"] if isinstance(shop["deck"], int) else len(shop["deck"])
    offer = [_card([f"shop:{c}", f"item:{c}"], c, ("cost", "equip")) for c in shop["offer"]]
    return ["", f"SHOP ({len(shop['offer'])} cards revealed, {left} left in the Shop deck)",
            *_lines("on offer", offer, "  ")]


def sheet(log: JSON) -> str:
    """The campaign log, or a seat's view of it, as a readable sheet (see the module docstring)."""
    parts = [*_head(log), *_heroes(log), *_overlord(log), *_quests(log), *_rumors(log), *_shop(log)]
    return "\n".join(parts)
