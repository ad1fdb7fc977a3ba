"""The campaign log of Descent (a sequence of quests, :mod:`~questbox.games.descent.campaign_model`)
and its rules: the log saved as JSON between quests, the record of a quest in it, and the
Campaign phase with its Shopping and Spend Experience Points steps.

The campaign log is plain JSON and the campaign between quests is a pure state machine on it:
:func:`legal` lists the actions of a seat, :func:`apply` returns the next log (the argument is
not changed). Randomness (the Shop deck) comes from the log's seed, so a log replays exactly.

Phases (``log["phase"]``):

``plot-deck``  the overlord chooses his Plot deck (``plot-deck first-legion`` or ``plot-deck none``)
``quest``      the next quest is played as an encounter: :func:`encounter_setup`, then :func:`record`
``shopping``   the heroes: ``buy <item> <hero>``, ``sell <item> <hero>``, ``give <item> <hero> <hero>``,
               ``equip``/``unequip <item> <hero>``, ``extra-card <hero> <hero>`` (2 fortune), ``done``
               (the step's rules: :mod:`~questbox.games.descent.campaign_shop`)
``spend-xp``   the heroes: ``buy-skill <card> <hero>`` (a skill card of the hero's class, for its
               XP cost), ``upgrade <hero> <upgrade>``, ``done``; then the overlord:
               ``xp-threat`` (1 XP for 3 threat), ``buy-plot <card>``, ``buy-overlord <card>`` (an
               Overlord class card for its XP cost, with the deck on), ``done``
``rumor``      (a campaign with Rumor cards) the overlord, at the start of a Campaign phase:
               ``rumor <card>`` or ``pass`` (:mod:`~questbox.games.descent.campaign_rumors`)
``next-quest`` (a Rumor quest available) the heroes: ``rumor-quest <card>`` or ``next-quest``
``over``       the campaign is over (``log["winner"]``: the side that won the Finale)

With the Overlord deck on (``new_log(..., overlord_deck=True)``) the log has the key
``overlord_deck``: the class cards the overlord bought (ids, one per copy, in the order bought);
each quest then plays the rule module ``overlord`` with the 15 basic cards plus those. A log
without the key (every log before issue #18) plays without the deck.

The bots of the Campaign phase are in :mod:`~questbox.games.descent.campaign_bots`, whole
campaigns between bots in :mod:`~questbox.games.descent.campaign_play`, the command line
(``questbox campaign``) in :mod:`~questbox.games.descent.campaign`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from questbox.core import JSON, Action, Decision, Rng, SetupError
from questbox.core.decisions import lookup, table
from questbox.core.setupfiles import path_refused, read_document
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.campaign_rumors import (
    after_quest,
    check_rumors,
    current_quest,
    new_rumors,
    play_rumor,
    playable,
    view_rumors,
)
from questbox.games.descent.campaign_shop import APPLY as SHOP_APPLY
from questbox.games.descent.campaign_shop import deal_shop as deal_shop
from questbox.games.descent.campaign_shop import legal as shop_legal
from questbox.games.descent.campaign_shop import quest_end, relic_reward
from questbox.games.descent.catalog import catalog
from questbox.games.descent.encounters import carry_out, next_encounter
from questbox.games.descent.model import copy_json
from questbox.games.descent.plot import NAME, cards_of

FORMAT = "questbox-descent-campaign/1"
HEROES_SEAT = "heroes"


# ================================================================================ the log
def new_log(campaign: str = "harrowmere", heroes: list[str] | None = None, *, seed: int = 0,
            seats: str = "party", overlord_deck: bool = False) -> JSON:
    """A new campaign: the heroes have chosen their classes (``hero:class``); the overlord chooses
    a Plot deck next. ``overlord_deck``: play with the Overlord deck (the key ``overlord_deck``, no
    class card bought yet; without it the log has no such key, as before issue #18)."""
    from questbox.games.descent.encounter import normalize_setup

    cm = campaign_data(campaign)
    norm = normalize_setup({"heroes": heroes or ["syndrael", "avric"], "seats": seats})
    hs = [h.split(":")[0] for h in norm["heroes"]]
    log: JSON = {"format": FORMAT, "campaign": campaign, "seed": seed, "heroes": norm["heroes"], "seats": seats,
            "plot_deck": None, "phase": "plot-deck", "next": 0, "threat": 0, "faceup": [], "facedown": [],
            "fortune": {h: 0 for h in hs}, "xp": {**{h: 0 for h in hs}, "overlord": 0}, "gold": 0,
            "upgrades": {h: [] for h in hs}, "skills": {h: [] for h in hs}, "items": {h: [] for h in hs},
            "shop": None, "done": [], "history": [], "winner": None, "stats": {"bought": [], "triggered": {}},
            "equipped": {h: [] for h in hs}, "overlord_relics": []}
    if overlord_deck:
        log["overlord_deck"] = []
    rumors = new_rumors(cm, seed)
    if rumors is not None:
        log["rumors"] = rumors
    return log


def overlord_cards(log: JSON) -> list[str] | None:
    """The whole Overlord deck of the next quest (the basic cards, then the class cards bought),
    or ``None`` when the campaign plays without the deck."""
    if "overlord_deck" not in log:
        return None
    return [*catalog().basic_deck(), *log["overlord_deck"]]


def class_cards(log: JSON) -> list[str]:
    """The Overlord class cards the overlord may buy now (catalog order, XP and levels allowing)."""
    bought = log.get("overlord_deck")
    if bought is None:
        return []
    xp = log["xp"]["overlord"]
    cat = catalog()
    return [c.id for c in cat.overlord.values() if c.deck != "basic" and c.xp <= xp and cat.can_buy(bought, c.id)]


def check_bought(bought: Any, where: str) -> list[str]:
    """``bought`` if it is a list of Overlord class cards that could have been bought in that order
    (copies and levels: :meth:`Catalog.can_buy`); else ``SetupError``."""
    cat = catalog()
    if not isinstance(bought, list) or not all(isinstance(c, str) for c in bought):
        raise SetupError(f"{where}: the Overlord class cards bought (ids, one per copy)")
    have: list[str] = []
    for c in bought:
        if c not in cat.overlord or cat.overlord[c].deck == "basic":
            raise SetupError(f"{where}: {c!r} is not an Overlord class card")
        if not cat.can_buy(have, c):
            raise SetupError(f"{where}: {c} cannot be bought after {', '.join(have) or 'nothing'} "
                             "(copies, or a level 2 card needs two cards of its class, a level 3 three)")
        have.append(c)
    return have


def _copy(log: JSON) -> JSON:
    out: JSON = copy_json(log)
    return out


def hero_ids(log: JSON) -> list[str]:
    return [h.split(":")[0] for h in log["heroes"]]


def hero_seat(log: JSON) -> str:
    """The seat that speaks for the party between quests (the first hero's in per-hero seating)."""
    return HEROES_SEAT if log["seats"] == "party" else "hero1"


def to_move(log: JSON) -> str | None:
    d = decision(log)
    return d.seat if d is not None else None


def encounter_setup(log: JSON) -> JSON:
    """The encounter setup of the campaign's next quest (phase ``quest``)."""
    if log["phase"] != "quest":
        raise SetupError(f"the campaign is in its {log['phase']} phase, not before a quest")
    cm = campaign_data(log["campaign"])
    q = current_quest(log, cm)
    from questbox.games.descent.data import library

    search = library().search
    quest, carry = q.quest, log.get("encounter")
    # Search cards a hero carries (a campaign's own Shop may sell them) are his items in the quest;
    # the Shop Items and relics he has equipped play through the rule module ``items``
    camp: JSON = {"kind": q.kind, "plot_deck": log["plot_deck"], "lieutenants": list(q.lieutenants),
                  "upgrades": copy_json(log["upgrades"]),
                  "items": {h: [c for c in v if c in search] for h, v in log["items"].items()}}
    equipment = {h: list(v) for h, v in (log.get("equipped") or {}).items() if v}
    if equipment:
        camp["equipment"] = equipment
    if log.get("overlord_relics"):
        camp["overlord_relics"] = list(log["overlord_relics"])     # his lieutenants may wield them
    if carry:
        # encounter 2 of a two-encounter quest (questbox.games.descent.encounters)
        quest = carry["quest"]
        camp["encounter"] = {k: copy_json(v) for k, v in carry.items() if k != "quest"}
        camp["items"] = copy_json(carry["items"])
        del camp["encounter"]["items"]
    elif next_encounter(quest) is not None:
        camp["encounter"] = {"number": 1, "last": False}
    if log["plot_deck"]:
        camp.update(threat=log["threat"], faceup=list(log["faceup"]), facedown=list(log["facedown"]),
                    fortune=dict(log["fortune"]))
    out: JSON = {"quest": quest, "heroes": list(log["heroes"]), "seats": log["seats"], "act": q.act,
                 "campaign": camp}
    skills = {h: list(v) for h, v in log.get("skills", {}).items() if v}
    if skills:
        out["skills"] = skills          # the skill cards bought, carried into every later quest
    deck = overlord_cards(log)
    if deck is not None:
        camp["overlord_deck"] = deck
        out["modules"] = ["overlord"]
    return out


def inline_log(setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
    """``log: PATH`` read into the campaign log document it names (the local command line only:
    ``Game.inline_files`` of descent and descent-campaign)."""
    if not isinstance(setup, dict) or not isinstance(setup.get("log"), str):
        return setup
    return {**setup, "log": read_document(setup["log"], base_dir, "log")}


def setup_from_file(doc: JSON) -> JSON:
    """A campaign file setup ``{campaign: <id>, log: <log document>}`` -> the next quest's setup
    (the command line reads ``log: PATH`` into the document first)."""
    extra = set(doc) - {"campaign", "log", "seats", "players"}
    if extra:
        raise SetupError(f"a campaign file has the keys campaign and log (not {', '.join(sorted(extra))})")
    log = doc["log"]
    if isinstance(log, str):
        raise path_refused("log", "the campaign log document")
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise SetupError(f"log: not a campaign log ({FORMAT})")
    if doc.get("campaign") not in (None, log["campaign"]):
        raise SetupError(f"campaign: the log is of the campaign {log['campaign']!r}")
    out = encounter_setup(log)
    if doc.get("seats", log["seats"]) != log["seats"]:
        raise SetupError(f"seats: this campaign is played with {log['seats']} seats")
    if "players" in doc:
        out["players"] = doc["players"]
    return out


def record(log: JSON, state: Any, rng: Rng | None = None) -> JSON:
    """The log after a quest: threat (+1, +1 more for an overlord win), fortune, plot cards, XP,
    gold (the rewards, and the Search cards drawn: :func:`campaign_shop.quest_end`), a relic, the
    heroes' Shop Items and relics and their unused Search cards bought in a campaign's own Shop;
    then the Campaign phase (or the end after the Finale). The Shop deck is shuffled with ``rng``
    (default: a generator seeded from the log's seed)."""
    if log["phase"] != "quest" or state.result is None:
        raise SetupError("record: the quest is not over")
    out = _copy(log)
    cm = campaign_data(log["campaign"])
    q = current_quest(log, cm)
    winner = state.result[0]
    m = state.mods.get(NAME, {})
    if out["plot_deck"]:
        out["threat"] = m["threat"]        # the end-of-quest threat is already in (encounter-end)
        out["fortune"] = dict(m["fortune"])
        cards = m["cards"]
        out["faceup"] = [c for c in cards_of(out["plot_deck"]) if cards[c] != "facedown"]
        out["facedown"] = [c for c in cards_of(out["plot_deck"]) if cards[c] == "facedown"]
        trig = out["stats"]["triggered"]
        for c, n in m.get("used", {}).items():
            trig[c] = trig.get(c, 0) + n
    carry = log.get("encounter")
    nxt = next_encounter(carry["quest"] if carry else q.quest)
    if nxt is not None:
        # encounter 1 of two is over: encounter 2 is set up next (no reward before the quest ends);
        # the Search cards drawn in encounter 1 pay their gold now, since encounter 2 deals a new
        # Search deck (the history's search record then counts encounter 2's cards only)
        quest_end(log, out, state)
        out["encounter"] = {**carry_out(state, nxt),
                            "items": {h: list(state.figs[state.ids[h]].items) for h in hero_ids(out)}}
        return out
    out.pop("encounter", None)
    rw = cm.rewards
    from questbox.games.descent.data import library

    search = library().search
    for h in hero_ids(out):
        out["xp"][h] += rw.xp + (rw.winner_xp if winner == "heroes" else 0)
        left = Counter(state.figs[state.ids[h]].items)
        kept = []
        for it in log["items"][h]:
            if it not in search:
                kept.append(it)             # a Shop Item or relic: carried on
            elif left[it] > 0:              # a Search card bought: kept while unused
                left[it] -= 1
                kept.append(it)
        out["items"][h] = kept
    out["xp"]["overlord"] += rw.xp + (rw.winner_xp if winner == "overlord" else 0)
    out["gold"] += rw.hero_gold + (rw.win_gold if winner == "heroes" else 0)
    found = quest_end(log, out, state)
    entry: JSON = {"quest": q.quest, "kind": q.kind, "winner": winner, "reason": state.result[1],
                   "rounds": state.round, "threat_after": out["threat"], **found,
                   **relic_reward(log, out, q.relic, winner)}
    if carry:
        entry["encounters"] = [carry["first"], winner]
    rumor = (log.get("rumors") or {}).get("quest")
    if rumor:
        entry["rumor"] = rumor          # a Rumor card's quest: the campaign's next quest is still next
    out["history"].append(entry)
    out["next"] += 0 if rumor else 1
    if q.kind == "finale":
        out["phase"], out["winner"] = "over", winner
        return out
    out["phase"] = after_quest(log, out, q)
    deal_shop(out, rng)
    return out


# ================================================================================ the Campaign phase
# ================================================================ the Campaign phase's decisions
#: how one action writes itself into the copy ``out`` of the log: ``(kind, log, out, seat, args)``
Handler = Callable[[Any, JSON, JSON, str, tuple[Any, ...]], None]


class CampaignKind:
    """One kind of decision between quests (a :class:`questbox.core.decisions.DecisionKind` of
    :class:`~questbox.games.descent.campaign_game.CampaignState`): its legal actions and how each
    action changes the log, read from the log alone (``legal_log``/``apply_log``, so the log stays a
    pure state machine), and its menu text. ``APPLY`` maps an action's name to the function that
    writes it into the copy ``out`` of the log."""

    kind: ClassVar[str] = ""
    text_: ClassVar[str] = ""
    APPLY: ClassVar[dict[str, Handler]] = {}

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        raise NotImplementedError(self.kind)

    def apply_log(self, log: JSON, out: JSON, seat: str, action: Action) -> None:
        self.APPLY[action.name](self, log, out, seat, action.args)

    # the DecisionKind protocol, on the campaign's state (anything with a ``log``)
    def legal(self, state: Any, d: Decision) -> list[Action]:
        return self.legal_log(state.log, d.seat)

    def resolve(self, state: Any, d: Decision, action: Action) -> None:
        state.log = apply(state.log, d.seat, action)

    def text(self, state: Any, d: Decision) -> str:
        return self.text_


class PlotDeckKind(CampaignKind):
    kind = "campaign:plot-deck"
    text_ = "choose the Plot deck (or none)"

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        from questbox.games.descent.plot import plot_data

        return [*(Action("plot-deck", (d.id,)) for d in plot_data().decks), Action("plot-deck", ("none",))]

    def _choose(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        if args[0] != "none":
            cards = cards_of(str(args[0]))
            out["plot_deck"] = str(args[0])
            out["faceup"] = [c for c, m in cards.items() if m.basic]
            out["facedown"] = [c for c, m in cards.items() if not m.basic]
        out["phase"] = "quest"

    APPLY: ClassVar[dict[str, Handler]] = {"plot-deck": _choose}


class ShoppingKind(CampaignKind):
    """The Shopping step (its rules: :mod:`~questbox.games.descent.campaign_shop`)."""

    kind = "campaign:shopping"
    text_ = "the Shopping step: buy, sell, trade and equip items, reveal an extra Shop card, or be done"

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        return shop_legal(log)

    def apply_log(self, log: JSON, out: JSON, seat: str, action: Action) -> None:
        SHOP_APPLY[action.name](log, out, action.args)


def skill_cards(log: JSON, hero: str) -> list[str]:
    """The skill cards ``hero`` may buy now: the cards of his own class that the engine plays,
    not yet his, costing at most his unspent XP (the Rules Reference's rule: a hero spends XP on
    his own class's cards, each for the XP printed on it; our reading finds no tier limit for
    heroes, unlike the overlord's class cards)."""
    from questbox.games.descent.skills import CARDS, class_skills

    cls = dict(h.split(":") for h in log["heroes"])[hero]
    have = log.get("skills", {}).get(hero, [])
    cat = catalog().classes[cls]
    xp = {s.id: s.xp for s in cat.skills}
    return [c for c in class_skills(cls) if c in CARDS and c not in have and xp[c] <= log["xp"][hero]]


class HeroXpKind(CampaignKind):
    kind = "campaign:hero-xp"
    text_ = "the heroes spend experience points (skill cards of their class, upgrades), or are done"

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        cm = campaign_data(log["campaign"])
        out = [Action("buy-skill", (c, h)) for h in hero_ids(log) for c in skill_cards(log, h)]
        out += [Action("upgrade", (h, u.id)) for h in hero_ids(log) for u in cm.upgrades
                if log["xp"][h] >= u.xp and log["upgrades"][h].count(u.id) < u.max]
        return [*out, Action("done")]

    def _skill(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        c, h = str(args[0]), str(args[1])
        cls = dict(x.split(":") for x in log["heroes"])[h]
        out["xp"][h] -= next(s.xp for s in catalog().classes[cls].skills if s.id == c)
        out.setdefault("skills", {x: [] for x in hero_ids(log)})[h].append(c)

    def _upgrade(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        h, u = str(args[0]), str(args[1])
        out["xp"][h] -= next(x.xp for x in campaign_data(log["campaign"]).upgrades if x.id == u)
        out["upgrades"][h].append(u)

    def _done(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        out["done"].append(seat)

    APPLY: ClassVar[dict[str, Handler]] = {"buy-skill": _skill, "upgrade": _upgrade, "done": _done}


class OverlordXpKind(CampaignKind):
    kind = "campaign:overlord-xp"
    text_ = "the overlord spends experience points (threat, Plot cards, Overlord class cards), or is done"

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        out: list[Action] = []
        if log["plot_deck"]:
            if log["xp"]["overlord"] > 0:
                out.append(Action("xp-threat"))
            cards = cards_of(log["plot_deck"])
            out.extend(Action("buy-plot", (c,)) for c in log["facedown"] if cards[c].buy <= log["threat"])
        out.extend(Action("buy-overlord", (c,)) for c in class_cards(log))
        out.append(Action("done"))
        return out

    def _threat(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        out["xp"]["overlord"] -= 1
        out["threat"] += 3

    def _plot(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        c = str(args[0])
        out["threat"] -= cards_of(out["plot_deck"])[c].buy
        out["facedown"].remove(c)
        out["faceup"].append(c)
        out["stats"]["bought"].append(c)

    def _class_card(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        c = str(args[0])
        out["xp"]["overlord"] -= catalog().overlord[c].xp
        out["overlord_deck"].append(c)

    def _done(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        out["phase"], out["done"] = "next-quest" if (log.get("rumors") or {}).get("available") else "quest", []

    APPLY: ClassVar[dict[str, Handler]] = {"xp-threat": _threat, "buy-plot": _plot, "buy-overlord": _class_card,
                                           "done": _done}


class RumorKind(CampaignKind):
    """The start of a Campaign phase: the overlord may play one Rumor card (:mod:`campaign_rumors`)."""

    kind = "campaign:rumor"
    text_ = "the overlord may play a Rumor card from his hand, or pass"

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        return [*(Action("rumor", (c,)) for c in playable(log)), Action("pass")]

    def _play(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        play_rumor(log, out, str(args[0]))
        out["phase"] = "shopping"

    def _pass(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        out["phase"] = "shopping"

    APPLY: ClassVar[dict[str, Handler]] = {"rumor": _play, "pass": _pass}


class NextQuestKind(CampaignKind):
    """The end of a Campaign phase with a Rumor quest available: the heroes choose the next quest."""

    kind = "campaign:next-quest"
    text_ = "the heroes choose the next quest: an available Rumor quest or the campaign's next"

    def legal_log(self, log: JSON, seat: str) -> list[Action]:
        return [*(Action("rumor-quest", (c,)) for c in log["rumors"]["available"]), Action("next-quest")]

    def _rumor(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        out["rumors"]["quest"], out["phase"] = str(args[0]), "quest"

    def _next(self, log: JSON, out: JSON, seat: str, args: tuple[Any, ...]) -> None:
        out["phase"] = "quest"

    APPLY: ClassVar[dict[str, Handler]] = {"rumor-quest": _rumor, "next-quest": _next}


PLOT_DECK, SHOPPING, HERO_XP, OVERLORD_XP = PlotDeckKind(), ShoppingKind(), HeroXpKind(), OverlordXpKind()
RUMOR, NEXT_QUEST = RumorKind(), NextQuestKind()
#: the Campaign phase's decision kinds, by name (:func:`questbox.core.decisions.table`)
KINDS: dict[str, CampaignKind] = table([PLOT_DECK, SHOPPING, HERO_XP, OVERLORD_XP, RUMOR, NEXT_QUEST])


def decision(log: JSON) -> Decision | None:
    """The decision the log waits for between quests (``None`` during a quest and at the end)."""
    ph = log["phase"]
    if ph == "plot-deck":
        return Decision("overlord", PLOT_DECK.kind)
    if ph == "shopping":
        return Decision(hero_seat(log), SHOPPING.kind)
    if ph == "rumor":
        return Decision("overlord", RUMOR.kind)
    if ph == "next-quest":
        return Decision(hero_seat(log), NEXT_QUEST.kind)
    if ph == "spend-xp":
        hs = hero_seat(log)
        return Decision(hs, HERO_XP.kind) if hs not in log["done"] else Decision("overlord", OVERLORD_XP.kind)
    return None


def legal(log: JSON, seat: str) -> list[Action]:
    """The legal actions of ``seat`` now (empty when it is not that seat's move)."""
    d = decision(log)
    if d is None or d.seat != seat:
        return []
    return lookup(KINDS, d.kind).legal_log(log, seat)


def apply(log: JSON, seat: str, action: Action | str) -> JSON:
    """The log after ``seat`` takes ``action`` (``SetupError`` if it is not legal)."""
    if isinstance(action, str):
        action = Action.parse(action)
    if action not in legal(log, seat):
        raise SetupError(f"{seat} cannot {action} now (legal: {', '.join(map(str, legal(log, seat))) or 'none'})")
    d = decision(log)
    assert d is not None
    out = _copy(log)
    lookup(KINDS, d.kind).apply_log(log, out, seat, action)
    return out


def view(log: JSON, seat: str | None) -> JSON:
    """The log as ``seat`` sees it: the face-down plot cards are the overlord's secret, and the
    order of the Shop deck is nobody's (its size is shown), nor the seed (from which the Shop deck
    and every die to come follow). The class cards the overlord bought (``overlord_deck``) stay
    in every seat's view: public in our reading (the heroes see the cards bought; no rule we read
    hides them; his hand and the deck's order are hidden in the quests)."""
    out = _copy(log)
    del out["seed"]
    if seat != "overlord":
        out["facedown"] = len(log["facedown"])
    carry = out.get("encounter")
    if isinstance(carry, dict) and isinstance(carry.get("overlord"), dict):
        # encounter 2's Overlord deck: his hand is his, the deck's order nobody's
        od = carry["overlord"]
        carry["overlord"] = {"deck": len(od["deck"]), "discard": list(od["discard"]),
                             "hand": od["hand"] if seat == "overlord" else len(od["hand"])}
    view_rumors(log, out, seat)
    if log["shop"]:
        out["shop"] = {"offer": list(log["shop"]["offer"]), "deck": len(log["shop"]["deck"])}
    return out


# ================================================================================ checks and text
PHASES = ("plot-deck", "quest", "shopping", "spend-xp", "rumor", "next-quest", "over")
#: the keys of a campaign log and the JSON types of their values
LOG_KEYS: dict[str, type | tuple[type, ...]] = {
    "format": str, "campaign": str, "seed": int, "heroes": list, "seats": str, "plot_deck": (str, type(None)),
    "phase": str, "next": int, "threat": int, "faceup": list, "facedown": list, "fortune": dict, "xp": dict,
    "gold": int, "upgrades": dict, "items": dict, "shop": (dict, type(None)), "done": list, "history": list,
    "winner": (str, type(None)), "stats": dict}


def check_log(log: Any, where: str = "log") -> JSON:
    """``log`` if it is a campaign log: the format, every key with a value of its type, a known
    campaign and phase, the next quest in the campaign and an entry per hero (``SetupError``
    naming the first problem)."""
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise SetupError(f"{where}: not a campaign log ({FORMAT})")
    for key, kind in LOG_KEYS.items():
        if key not in log:
            raise SetupError(f"{where}: the key {key!r} is missing")
        if not isinstance(log[key], kind) or (kind is int and isinstance(log[key], bool)):
            raise SetupError(f"{where}: {key} has the wrong type ({type(log[key]).__name__})")
    cm = campaign_data(log["campaign"])
    if log["phase"] not in PHASES:
        raise SetupError(f"{where}: phase {log['phase']!r} is not one of {', '.join(PHASES)}")
    if log["seats"] not in ("party", "per-hero"):
        raise SetupError(f"{where}: seats {log['seats']!r} is not party or per-hero")
    if not 0 <= log["next"] <= len(cm.quests) or (log["phase"] != "over" and log["next"] == len(cm.quests)):
        raise SetupError(f"{where}: next {log['next']} is not a quest of {log['campaign']}")
    if log["phase"] == "shopping" and not isinstance(log["shop"], dict):
        raise SetupError(f"{where}: the shopping phase has no shop")
    if not all(isinstance(h, str) for h in log["heroes"]):
        raise SetupError(f"{where}: heroes are hero:class words")
    for h in hero_ids(log):
        for key in ("fortune", "xp", "upgrades", "items"):
            if h not in log[key]:
                raise SetupError(f"{where}: {key} has no entry for {h}")
    if "overlord" not in log["xp"]:
        raise SetupError(f"{where}: xp has no entry for the overlord")
    if "overlord_deck" in log:
        check_bought(log["overlord_deck"], f"{where}: overlord_deck")
    if "rumors" in log or log["phase"] in ("rumor", "next-quest"):
        check_rumors(log, f"{where}: rumors")
    if log.get("encounter") is not None:
        carry = log["encounter"]
        if log["phase"] != "quest" or not isinstance(carry, dict) or not isinstance(carry.get("quest"), str) \
                or not isinstance(carry.get("items"), dict):
            raise SetupError(f"{where}: encounter: encounter 2 of the next quest (phase quest; quest, items, ...)")
    check_equipped(log, where)
    if "skills" in log:         # (a log before issue #18 has none)
        from questbox.games.descent.skills import check_skills

        check_skills(log["skills"], [(h.split(":")[0], h.split(":")[1]) for h in log["heroes"]])
    return log


def check_equipped(log: JSON, where: str = "log") -> None:
    """The log's ``equipped`` (optional: logs before issue #18 have none): per hero, cards he
    holds that may be equipped together (``SetupError``)."""
    from questbox.games.descent.modules.items import check_equipment

    eq = log.get("equipped", {})
    if not isinstance(eq, dict) or set(eq) - set(hero_ids(log)):
        raise SetupError(f"{where}: equipped: per hero, the cards he has equipped")
    for h, v in eq.items():
        if not isinstance(v, list) or Counter(v) - Counter(log["items"][h]):
            raise SetupError(f"{where}: equipped.{h}: cards the hero holds (items.{h})")
        check_equipment(v, f"{where}: equipped.{h}")


def load_log(path: str) -> JSON:
    """The campaign log in the file ``path`` (``SetupError`` if it cannot be read or is not one)."""
    try:
        doc = json.loads(Path(path).read_text())
    except OSError as exc:
        raise SetupError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SetupError(f"{path}: a campaign log is UTF-8 JSON") from None
    except RecursionError:
        raise SetupError(f"{path}: nested too deeply") from None
    except ValueError as exc:
        raise SetupError(f"{path}: not JSON ({exc})") from None
    return check_log(doc, path)


def show(log: JSON, actions: bool = True) -> str:
    """The log (or a seat's :func:`view` of it) as a readable sheet
    (:func:`~questbox.games.descent.campaign_sheet.sheet`: names and texts, never ids);
    ``actions``: end with the legal actions of the seat to move (a full log only)."""
    from questbox.games.descent.campaign_sheet import sheet

    lines = [sheet(log)]
    who = to_move(log)
    if who and actions:
        lines.append(f"\n{who} to move: " + ", ".join(str(a) for a in legal(log, who)))
    return "\n".join(lines)
