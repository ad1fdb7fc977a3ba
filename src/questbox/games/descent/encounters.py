"""Quests of two encounters (issue #18): what goes from encounter 1 into encounter 2.

A quest file with ``next_encounter: <quest id>`` is encounter 1 of a two-encounter quest; when it
ends (whoever wins it) the campaign sets up encounter 2, the quest file named, and the winner of
encounter 2 wins the quest. The side that won encounter 1 may start encounter 2 ahead: encounter
2's ``first_encounter: {heroes|overlord: {counter: n}}`` raises those counters at its setup.

What crosses over, as the base game's rulebook ("Quests"; public summaries of it) has it: each hero
keeps his damage and his conditions and recovers all fatigue; a hero knocked out when encounter 1
ended stands up first (the engine's stand-up roll: 2 red dice, hearts recovered; then all fatigue);
each hero keeps the Search cards and Shop items he holds; heroic feats are ready again (a new
encounter). The Lieutenant Pack's tokens and cards cross as the pack words them: threat and
fortune stay where they are; the hero tokens the overlord took for a threat token stay by his Plot
deck ("once per hero per quest"); the end-of-quest threat (1, and 1 more for an overlord win) comes
after encounter 2 only; a Plot card that refreshes "at the end of each encounter" (Threatening
Masses, Loyalty Rewarded) is ready again, one that refreshes as normal (at the start of the
overlord's turn) stays exhausted until then, and the cards used or exhausted "after setup of an
encounter" (Camaraderie, Summon Ardus Ix'Erebus) may be used again at encounter 2's setup. Ours
(not in our sources): the cards whose reminder lies on the map (Defensive Position's tile, Rise to
the Challenge's group) and the agent's card are ready again (the map and its figures are new); the
Search deck is encounter 2's own. The Overlord deck (``modules: [overlord]``) keeps its hand, deck
and discard pile (the Rules Reference): ``overlord: {deck, hand, discard}`` (no new hand is drawn;
the hand is the overlord's secret: ``campaign_log.view`` hides it from the other seats, and the
campaign game drops it from its log once encounter 2 is set up, the encounter's state holding it).

The campaign log carries this as ``log["encounter"]`` between the two encounters and the
encounter setup's ``campaign.encounter`` (:func:`normalize_encounter`)::

    number: 2                       # 1 or 2
    last: true                      # does the quest end with this encounter
    first: overlord                 # encounter 2: the side that won encounter 1
    quest: crypt-of-the-reaver-2    # (the log only) encounter 2's quest file
    heroes: {syndrael: {damage: 3, conditions: [poisoned], ko: false}}
    reminders: [avric]              # the hero tokens by the Plot deck
    exhausted: [fealty]             # Plot cards still exhausted
    overlord: {deck: [...], hand: [...], discard: [...]}   # the Overlord deck, when it is played
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questbox.core import JSON, SetupError
from questbox.games.descent.data import CONDITIONS, read_quest

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: Plot cards whose exhausted state crosses into encounter 2 (they refresh as normal)
CARRY_EXHAUSTED = frozenset({"strength-in-numbers", "retribution", "swarming-tide", "fealty"})
KEYS = frozenset({"number", "last", "first", "quest", "heroes", "reminders", "exhausted", "overlord"})


def next_encounter(quest: str | JSON) -> str | None:
    """The quest file of the encounter that follows ``quest`` in its quest (None: the last)."""
    return read_quest(quest).next_encounter


def normalize_encounter(doc: Any, heroes: list[str]) -> JSON:
    """``campaign.encounter`` of an encounter setup, validated, defaults filled in."""
    if not isinstance(doc, dict) or set(doc) - KEYS:
        raise SetupError(f"campaign.encounter: a mapping with the keys {', '.join(sorted(KEYS))}")
    number = doc.get("number", 1)
    if number not in (1, 2) or isinstance(number, bool):
        raise SetupError("campaign.encounter.number: 1 or 2")
    last = doc.get("last", True)
    if not isinstance(last, bool) or (number == 1 and "first" in doc):
        raise SetupError("campaign.encounter: last is true or false; first (the winner of encounter 1) "
                         "belongs to encounter 2")
    first = doc.get("first")
    if first not in (None, "heroes", "overlord"):
        raise SetupError("campaign.encounter.first: heroes or overlord")
    carried = doc.get("heroes", {})
    if not isinstance(carried, dict) or set(carried) - set(heroes):
        raise SetupError("campaign.encounter.heroes: per hero of this quest, {damage, conditions, ko}")
    out_heroes: JSON = {}
    for h, c in carried.items():
        if not isinstance(c, dict) or set(c) - {"damage", "conditions", "ko"}:
            raise SetupError(f"campaign.encounter.heroes.{h}: {{damage, conditions, ko}}")
        dmg, conds, ko = c.get("damage", 0), c.get("conditions", []), c.get("ko", False)
        if not isinstance(dmg, int) or isinstance(dmg, bool) or dmg < 0 or not isinstance(ko, bool) or \
                not isinstance(conds, list) or set(conds) - set(CONDITIONS):
            raise SetupError(f"campaign.encounter.heroes.{h}: damage (0 or more), conditions "
                             f"({', '.join(CONDITIONS)}), ko (true or false)")
        out_heroes[h] = {"damage": dmg, "conditions": list(conds), "ko": ko}
    lists = {k: doc.get(k, []) for k in ("reminders", "exhausted")}
    for k, v in lists.items():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise SetupError(f"campaign.encounter.{k}: a list of ids")
    if set(lists["reminders"]) - set(heroes):
        raise SetupError("campaign.encounter.reminders: heroes of this quest")
    out: JSON = {"number": number, "last": last, "heroes": out_heroes, **{k: list(v) for k, v in lists.items()}}
    if first is not None:
        out["first"] = first
    if "overlord" in doc:
        deck = doc["overlord"]
        if number != 2 or not isinstance(deck, dict) or set(deck) != {"deck", "hand", "discard"} or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in deck.values()):
            raise SetupError("campaign.encounter.overlord: encounter 2's Overlord deck {deck, hand, discard}: "
                             "lists of card ids")
        out["overlord"] = {k: list(deck[k]) for k in ("deck", "hand", "discard")}
    return out


def carry_out(st: DescentState, quest: str) -> JSON:
    """What the finished encounter 1 ``st`` hands to encounter 2 (``quest``), for the log."""
    heroes: JSON = {}
    for h in st.heroes():
        f = st.figs[h]
        heroes[f.id] = {"damage": f.damage, "conditions": list(f.conds), "ko": f.status == "ko"}
    m = st.mods.get("campaign", {})
    cards = m.get("cards", {})
    out: JSON = {"number": 2, "last": next_encounter(quest) is None, "first": st.result[0] if st.result else None,
                 "quest": quest, "heroes": heroes, "reminders": list(m.get("reminders", [])),
                 "exhausted": [c for c, v in cards.items() if v == "exhausted" and c in CARRY_EXHAUSTED]}
    od = st.mods.get("overlord")
    if isinstance(od, dict):
        out["overlord"] = {k: list(od[k]) for k in ("deck", "hand", "discard")}
    return out


def carry_in(st: DescentState, cfg: JSON, data: JSON) -> None:
    """Set up encounter 2 from ``cfg["encounter"]`` (called by the ``campaign`` module's init, which
    passes its fresh module state ``data``): the heroes' damage and conditions, the stand-up of a
    hero knocked out, the reminders and exhausted Plot cards, the counters of encounter 1's winner."""
    enc = cfg.get("encounter")
    if not enc or enc["number"] != 2:
        return
    from questbox.games.descent.conditions import roll

    for h in st.heroes():
        f = st.figs[h]
        c = enc["heroes"].get(f.id)
        if c is None:
            continue
        f.fatigue = 0
        f.conds = [] if c["ko"] else [x for x in CONDITIONS if x in c["conditions"]]
        if c["ko"]:
            faces = roll(st, ["red", "red"])
            red = st.enc.lib.dice["red"]
            hearts = sum(red[n - 1].hearts for n in faces)
            f.damage = max(0, st.health(h) - hearts)
            st.emit("stand", f"{st.name(h)}, knocked out at the end of encounter 1, stands up: "
                    f"{st.describe_faces(['red', 'red'], faces)}; {hearts} Health.", {"figure": f.id, "faces": faces})
        else:
            f.damage = min(c["damage"], st.health(h) - 1)
    data["reminders"] = [r for r in enc["reminders"] if r in st.ids]
    for cid in enc["exhausted"]:
        if data["cards"].get(cid) == "ready":
            data["cards"][cid] = "exhausted"
    first = enc.get("first")
    bonus = st.enc.quest.first_encounter
    for cid, n in (bonus.get("heroes", {}) if first == "heroes" else bonus.get("overlord", {}) if first == "overlord"
                   else {}).items():
        st.counters[cid] = st.counters.get(cid, 0) + n


def check_carry(doc: Any, heroes: list[str], quest: str, where: str = "log.encounter") -> JSON:
    """A campaign log's ``encounter`` (encounter 2 of ``quest``, the campaign's next quest),
    validated: the quest file of encounter 2, the winner of encounter 1, the heroes' items, and
    what :func:`normalize_encounter` checks."""
    nxt = next_encounter(quest)
    if not isinstance(doc, dict):
        raise SetupError(f"{where}: encounter 2 of the next quest (a mapping)")
    if nxt is None or doc.get("quest") != nxt:
        raise SetupError(f"{where}: quest: the next quest {quest} has {'no encounter 2' if nxt is None else nxt}")
    if doc.get("first") not in ("heroes", "overlord"):
        raise SetupError(f"{where}: first: heroes or overlord (who won encounter 1)")
    items = doc.get("items", {})
    if not isinstance(items, dict) or set(items) != set(heroes) or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in items.values()):
        raise SetupError(f"{where}: items: per hero, the cards he holds (ids)")
    rest = {k: v for k, v in doc.items() if k not in ("quest", "items")}
    norm = normalize_encounter({**rest, "number": rest.get("number", 2), "last": rest.get("last", True)}, heroes)
    if norm["number"] != 2:
        raise SetupError(f"{where}: number: 2 (the log carries encounter 2)")
    return {**norm, "quest": nxt, "items": {h: list(items[h]) for h in heroes}}
