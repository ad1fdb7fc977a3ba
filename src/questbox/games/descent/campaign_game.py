"""The game ``descent-campaign``: a whole Descent campaign as one game.

The state holds the campaign log (:mod:`questbox.games.descent.campaign`, a pure JSON state
machine) and, while a quest is played, the quest's :class:`DescentState`. In the Campaign phase
(the Plot deck choice, the Shopping and Spend Experience Points steps) ``to_move``,
``legal_actions`` and ``apply`` are the log's; in a quest they are the encounter's. When a quest
ends it is recorded in the log (:func:`campaign.record`) and the campaign goes on; the game is over
when the Finale is. Every random outcome, the quests' and the Shop deck's, comes from the state's
one :class:`Rng` (the running quest shares it), so a conformance case scripts them all.

Setup document (see docs/games/descent.md)::

    campaign: harrowmere          # the campaign (data/campaigns)
    heroes: [syndrael, avric]     # 2-4 heroes, "hero:class" picks the class
    seats: party                  # party (heroes + overlord) or per-hero (hero1..heroN + overlord)
    overlord_deck: false          # true: the Overlord deck, class cards bought with XP (issue #18)

or, to start anywhere in a campaign, ``{log: <a campaign log document>}`` (the command line reads
``log: PATH`` in a --setup file into the document). A
log document may leave keys out (they are those of a new log): ``{heroes: [...], phase: spend-xp,
plot_deck: first-legion, threat: 5, xp: {overlord: 2}, next: 1}`` starts at the Spend Experience
Points step after the first quest. State JSON: ``log`` (the campaign log), ``encounter`` (the
quest's state JSON, ``null`` between quests), ``rng``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from questbox.core import JSON, Action, Event, Game, Outcome, Rng, Seat, SetupError, State
from questbox.core.agent import AgentFactory
from questbox.core.decisions import lookup
from questbox.core.setupfiles import path_refused
from questbox.games.descent import campaign_log as L
from questbox.games.descent import campaign_rumors as R
from questbox.games.descent.campaign_bots import bot_action
from questbox.games.descent.campaign_model import CampaignModel, CampaignQuest, campaign_data, rumor_cards
from questbox.games.descent.campaign_shop import describe as describe_shop
from questbox.games.descent.campaign_shop import shop_space
from questbox.games.descent.campaign_words import tell
from questbox.games.descent.catalog import catalog
from questbox.games.descent.data import library
from questbox.games.descent.encounter import encounter, normalize_setup, seat_names
from questbox.games.descent.encounters import check_carry, next_encounter
from questbox.games.descent.game import setup_for_seats
from questbox.games.descent.model import copy_json
from questbox.games.descent.modules.items import items as equippable
from questbox.games.descent.modules.items import relics
from questbox.games.descent.plot import cards_of, plot_data, split_deck
from questbox.games.descent.setup_model import CampaignSetup, check_campaign_setup
from questbox.games.descent.state import DescentState

SETUP_KEYS = frozenset({"campaign", "heroes", "seats", "log", "players", "overlord_deck"})
PHASES = L.PHASES
#: what a Campaign-phase action does, for menus and the event log
DESCRIBE = {
    "plot-deck": "choose the Plot deck for the whole campaign",
    "buy": "buy a Shop item with the party's gold",
    "extra-card": "spend 2 fortune (jointly) to draw 1 more Shop card",
    "upgrade": "spend XP on an upgrade",
    "xp-threat": "spend 1 XP for 3 threat",
    "buy-plot": "buy a face-down Plot card (its purchase cost in threat)",
    "buy-overlord": "buy an Overlord class card for the overlord's deck (its cost in XP)",
    "rumor": "play a Rumor card (one featuring a quest makes it available; +1 threat with First Legion)",
    "pass": "play no Rumor card in this Campaign phase",
    "rumor-quest": "play the Rumor card's quest next (the campaign's next quest waits)",
    "next-quest": "play the campaign's next quest",
    "done": "end this step",
}


# ================================================================================ the setup
def _int(v: Any, where: str, low: int = 0) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise SetupError(f"log.{where}: a whole number, at least {low} (not {v!r})")
    return v


def _read_log(raw: Any) -> JSON:
    if isinstance(raw, str):
        raise path_refused("log", "the campaign log document")
    if not isinstance(raw, dict):
        raise SetupError("log: a campaign log document (a mapping)")
    return raw


def check_log(raw: Any, seed: int = 0) -> JSON:
    """A campaign log document, validated, the keys it leaves out filled in as in a new log."""
    doc = _read_log(raw)
    if doc.get("format", L.FORMAT) != L.FORMAT:
        raise SetupError(f"log.format: {L.FORMAT}, not {doc['format']!r}")
    cid = doc.get("campaign", "harrowmere")
    if not isinstance(cid, str):
        raise SetupError("log.campaign: a campaign id")
    seats = doc.get("seats", "party")
    if seats not in ("party", "per-hero"):
        raise SetupError("log.seats: party or per-hero")
    heroes = doc.get("heroes", ["syndrael", "avric"])
    log = L.new_log(cid, heroes, seed=_int(doc.get("seed", seed), "seed"), seats=seats,
                    overlord_deck="overlord_deck" in doc)
    if "overlord_deck" in doc:
        log["overlord_deck"] = L.check_bought(doc["overlord_deck"], "log.overlord_deck")
    if "skills" in doc:         # the skill cards each hero bought (a log before issue #18 has none)
        from questbox.games.descent.skills import check_skills

        bought = check_skills(doc["skills"], [(h.split(":")[0], h.split(":")[1]) for h in log["heroes"]])
        log["skills"] = {h: bought.get(h, []) for h in L.hero_ids(log)}
    unknown = set(doc) - set(log) - {"encounter"}
    if unknown:
        raise SetupError(f"log: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(log))})")
    cm = campaign_data(cid)
    hs = L.hero_ids(log)
    phase = doc.get("phase", "plot-deck")
    if phase not in PHASES:
        raise SetupError(f"log.phase: one of {', '.join(PHASES)} (not {phase!r})")
    log["phase"] = phase
    nq = len(cm.quests)
    log["next"] = _int(doc.get("next", 0), "next")
    if log["next"] > nq or (phase != "over" and log["next"] >= nq):
        raise SetupError(f"log.next: the index of the next quest, below {nq} (the campaign has {nq} quests)")
    if phase == "plot-deck" and log["next"]:
        raise SetupError("log.phase: the Plot deck is chosen before the first quest (log.next 0)")
    between = ("shopping", "spend-xp", "rumor", "next-quest")
    if phase in between and (log["next"] == 0 or cm.quests[log["next"] - 1].kind == "finale"):
        raise SetupError(f"log.phase: the Campaign phase ({phase}) follows a quest other than the Finale "
                         "(log.next counts the quests played)")
    _check_plot(doc, log, phase, hs)
    _check_gear(doc, log, cm, hs)
    _check_progress(doc, log, cm, cid, phase)
    if "rumors" in doc or phase in ("rumor", "next-quest"):
        log["rumors"] = doc.get("rumors")
        R.check_rumors(log, "log.rumors")
    if doc.get("encounter") is not None:        # encounter 2 of the next quest (encounters.check_carry)
        if phase != "quest":
            raise SetupError("log.encounter: encounter 2 of the next quest, in the quest phase")
        log["encounter"] = check_carry(doc["encounter"], hs, cm.quests[log["next"]].quest)
    return log


def _check_plot(doc: JSON, log: JSON, phase: str, hs: list[str]) -> None:
    """:func:`check_log`'s Plot deck, threat and fortune."""
    pd = doc.get("plot_deck")
    if pd is not None:
        if phase == "plot-deck":
            raise SetupError("log.plot_deck: the overlord has not chosen one yet in the plot-deck phase")
        faceup, facedown = split_deck(str(pd), doc.get("faceup"), doc.get("facedown"), "log")
        log["plot_deck"] = pd
        log["faceup"] = faceup
        log["facedown"] = [c for c in cards_of(str(pd)) if c in facedown]        # the deck's order
    else:
        for key in ("faceup", "facedown"):
            if doc.get(key):
                raise SetupError(f"log.{key}: Plot cards need a plot_deck")
    log["threat"] = _int(doc.get("threat", 0), "threat")
    fortune = doc.get("fortune", {})
    if not isinstance(fortune, dict) or set(fortune) - set(hs):
        raise SetupError(f"log.fortune: fortune tokens per hero ({', '.join(hs)})")
    log["fortune"] = {h: _int(fortune.get(h, 0), f"fortune.{h}") for h in hs}
    if pd is None and (log["threat"] or any(log["fortune"].values())):
        raise SetupError("log: threat and fortune need a plot_deck")


def _check_gear(doc: JSON, log: JSON, cm: CampaignModel, hs: list[str]) -> None:
    """:func:`check_log`'s XP, gold, upgrades and items."""
    xp = doc.get("xp", {})
    if not isinstance(xp, dict) or set(xp) - {*hs, "overlord"}:
        raise SetupError(f"log.xp: experience points per hero ({', '.join(hs)}) and for the overlord")
    log["xp"] = {k: _int(xp.get(k, 0), f"xp.{k}") for k in (*hs, "overlord")}
    log["gold"] = _int(doc.get("gold", 0), "gold")
    ups = {u.id: u for u in cm.upgrades}
    upgrades = doc.get("upgrades", {})
    items = doc.get("items", {})
    for key, val in (("upgrades", upgrades), ("items", items)):
        if not isinstance(val, dict) or set(val) - set(hs) or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in val.values()):
            raise SetupError(f"log.{key}: per hero ({', '.join(hs)}), a list of ids")
    for h, us in upgrades.items():
        for u, n in Counter(us).items():
            if u not in ups:
                raise SetupError(f"log.upgrades.{h}: no upgrade {u!r} (upgrades: {', '.join(ups)})")
            if n > ups[u].max:
                raise SetupError(f"log.upgrades.{h}: {u} at most {ups[u].max} times")
    search = library().search
    for h, its in items.items():
        for it in its:
            if it not in search and it not in equippable():
                raise SetupError(f"log.items.{h}: {it!r} is not a Search card, Shop Item or hero relic")
    log["upgrades"] = {h: list(upgrades.get(h, [])) for h in hs}
    log["items"] = {h: list(items.get(h, [])) for h in hs}
    eq = doc.get("equipped", {})
    if not isinstance(eq, dict) or set(eq) - set(hs):
        raise SetupError(f"log.equipped: per hero ({', '.join(hs)}), the cards he has equipped")
    log["equipped"] = {h: list(eq.get(h, [])) for h in hs}
    L.check_equipped(log, "log")
    orel = doc.get("overlord_relics", [])
    if not isinstance(orel, list) or any(relics().get(r) is None or relics()[r].side != "overlord" for r in orel):
        raise SetupError("log.overlord_relics: the lieutenant relics the overlord has won (ids)")
    log["overlord_relics"] = list(orel)


def _check_progress(doc: JSON, log: JSON, cm: CampaignModel, cid: str, phase: str) -> None:
    """:func:`check_log`'s Shop, the step's progress, the history and the end."""
    shop = doc.get("shop")
    if shop is not None:
        if phase not in ("shopping", "rumor"):
            raise SetupError("log.shop: the Shop cards are dealt in the shopping phase only (or just "
                             "before it, in the rumor phase)")
        if not isinstance(shop, dict) or set(shop) != {"offer", "deck"} or not all(
                isinstance(shop[k], list) for k in ("offer", "deck")):
            raise SetupError("log.shop: {offer: [Shop cards drawn], deck: [the rest, in order]}")
        have = Counter(shop["offer"] + shop["deck"])
        if cm.shop is not None:
            counts = {s.id: s.count for s in cm.shop}
        else:       # the printed decks (a card of either act, at most its copies)
            counts = {i.id: i.copies for i in catalog().shop.values()}
        for it, n in have.items():
            if n > counts.get(it, 0):
                raise SetupError(f"log.shop: the {cid} Shop deck has {counts.get(it, 0)} {it} card(s), not {n}")
        log["shop"] = {"offer": list(shop["offer"]), "deck": list(shop["deck"])}
    done = doc.get("done", [])
    if not isinstance(done, list) or set(done) - {L.hero_seat(log)} or (done and phase != "spend-xp"):
        raise SetupError(f"log.done: in the spend-xp phase, [{L.hero_seat(log)}] once the heroes are done")
    log["done"] = list(done)
    history = doc.get("history", [])
    if not isinstance(history, list) or len(history) > log["next"] or not all(isinstance(x, dict) for x in history):
        raise SetupError("log.history: one entry (a mapping) per quest played, at most log.next")
    log["history"] = copy_json(history)
    winner = doc.get("winner")
    if (phase == "over") != (winner in ("heroes", "overlord")):
        raise SetupError("log.winner: heroes or overlord once the campaign is over (phase over), else null")
    log["winner"] = winner
    stats = doc.get("stats", log["stats"])
    if not isinstance(stats, dict) or not {"bought", "triggered"} <= set(stats) <= {
            "bought", "triggered", "shop_bought", "shop_sold"}:
        raise SetupError("log.stats: {bought: [...], triggered: {...}} (and shop_bought, shop_sold: [...])")
    log["stats"] = copy_json(stats)


def campaign_log(setup: JSON | None, seed: int = 0) -> JSON:
    """The campaign log a setup starts with (validated; ``SetupError`` if wrong)."""
    doc = dict(setup or {})
    check_campaign_setup(doc)
    unknown = set(doc) - SETUP_KEYS
    if unknown:
        raise SetupError(f"unknown setup key(s): {', '.join(sorted(unknown))} (known: {', '.join(sorted(SETUP_KEYS))})")
    if "log" in doc:
        extra = set(doc) & {"campaign", "heroes", "seats", "overlord_deck"}
        if extra:
            raise SetupError(f"{', '.join(sorted(extra))}: give them in the log (a setup with a log has only "
                             "the keys log and players)")
        log = check_log(doc["log"], seed)
    else:
        cid = doc.get("campaign", "harrowmere")
        if not isinstance(cid, str):
            raise SetupError("campaign: a campaign id (data/campaigns)")
        heroes = doc.get("heroes", ["syndrael", "avric"])
        seats = doc.get("seats", "party")
        if seats not in ("party", "per-hero"):
            raise SetupError("seats: party (one seat plays every hero) or per-hero")
        deck = doc.get("overlord_deck", False)
        if not isinstance(deck, bool):
            raise SetupError("overlord_deck: true (play with the Overlord deck) or false")
        log = L.new_log(cid, heroes, seed=seed, seats=seats, overlord_deck=deck)
    if "players" in doc:
        n = len(_seats(log))
        if type(doc["players"]) is not int:     # strict: true, 2.0 or "2" is not a number of seats
            raise SetupError(f"players: a whole number of seats, not {doc['players']!r}")
        if doc["players"] != n:
            raise SetupError(f"players: this campaign seats {n}, not {doc['players']}")
    return log


def _seats(log: JSON) -> tuple[Seat, ...]:
    return seat_names(normalize_setup({"heroes": log["heroes"], "seats": log["seats"]}))


# ================================================================================ the state
class CampaignState(State):
    """A Descent campaign in progress (see the module docstring)."""

    __slots__ = ("_log", "encounter")

    def __init__(self, seats: tuple[Seat, ...], rng: Rng, log: JSON) -> None:
        super().__init__(seats, rng)
        self.log = log
        #: the quest being played
        self.encounter: DescentState | None = None

    @property
    def log(self) -> JSON:
        """The campaign log; never changed in place (clones share it). Setting it sets
        :attr:`pending`: between quests, the decision the log waits for (a kind of
        :data:`campaign_log.KINDS <questbox.games.descent.campaign_log.KINDS>`); during a quest
        the pending decisions are the encounter's."""
        return self._log

    @log.setter
    def log(self, log: JSON) -> None:
        self._log = log
        d = L.decision(log)
        self.pending = [d] if d is not None else []

    # ---------------------------------------------------------------- flow
    def _advance(self) -> list[Event]:
        """Deal the Shop, start the next quest: whatever the log's phase needs before a seat acts."""
        log = self.log
        if log["phase"] == "shopping" and log["shop"] is None:
            log = copy_json(log)
            L.deal_shop(log, self.rng)
            self.log = log
        if log["phase"] != "quest" or self.encounter is not None:
            return []
        setup = L.encounter_setup(log)
        # encounter 2's Overlord deck (his hand is secret) goes into the encounter's state, not
        # into its setup, and leaves the log (modules/overlord.py carry_into)
        kept = setup["campaign"].get("encounter", {}).pop("overlord", None)
        enc = encounter(normalize_setup(setup))
        st = DescentState(enc, self.rng)
        st._setup()
        self.encounter = st
        if kept is not None:
            from questbox.games.descent.modules.overlord import carry_into

            carry_into(st, kept)
            self.log = log = {**log, "encounter": {k: v for k, v in log["encounter"].items() if k != "overlord"}}
        q = R.current_quest(log, campaign_data(log["campaign"]))
        second = ", encounter 2" if log.get("encounter") else ""
        rumor = (log.get("rumors") or {}).get("quest")
        where = f"Quest {log['next'] + 1}" if not rumor else f"The Rumor quest of {rumor_cards()[rumor].name}"
        text = f"{where}{second}: {enc.quest.name} ({q.kind}) begins."
        events = [Event("quest", text, None, {"quest": enc.quest.id, "kind": q.kind})]
        if st.is_over():       # (no quest of ours ends before a seat acts)
            events += self._end_quest()
        return events

    def _end_quest(self) -> list[Event]:
        st = self.encounter
        assert st is not None and st.result is not None
        self.log = L.record(self.log, st, self.rng)
        self.encounter = None
        winner, reason = st.result
        if self.log.get("encounter"):       # encounter 1 of a two-encounter quest: encounter 2 follows
            return [Event("encounter-end", f"{st.enc.quest.name}: the {winner} win encounter 1 ({reason}) in "
                          f"{st.round} rounds.", None, {"winner": winner, "quest": st.enc.quest.id}),
                    *self._advance()]
        h = self.log["history"][-1]
        events = [Event("quest-end", f"{st.enc.quest.name}: the {winner} win ({reason}) in {st.round} rounds; "
                        f"threat {h['threat_after']}.", None, {"winner": winner, "quest": st.enc.quest.id})]
        if self.log["phase"] == "over":
            events.append(Event("campaign-end", f"The campaign is over: the {self.log['winner']} win.", None,
                                {"winner": self.log["winner"]}))
        return events + self._advance()

    # ---------------------------------------------------------------- protocol
    def to_move(self) -> tuple[Seat, ...]:
        if self.encounter is not None:
            return self.encounter.to_move()
        seat = L.to_move(self.log)
        return (seat,) if seat is not None else ()

    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.encounter is not None:
            return self.encounter.legal_actions(seat)
        d = self.pending[-1] if self.pending else None
        return lookup(L.KINDS, d.kind).legal(self, d) if d is not None and d.seat == seat else []

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        st = self.encounter
        if st is None or seat is None:
            return super().apply(seat, action)
        # in a quest the legal actions are the encounter's: let it check the action (once)
        events = st.apply(seat, action)
        self._legal = None
        if st.is_over():
            events += self._end_quest()
        return events

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        st = self.encounter
        if st is not None:
            events = st.apply(seat, action)
            if st.is_over():
                events += self._end_quest()
            return events
        d, before = self.pending.pop(), self.log
        lookup(L.KINDS, d.kind).resolve(self, d, action)      # (sets the next log, and pending)
        said = GAME.describe_action({"campaign": before, "encounter": None}, action)
        events = [Event("campaign", tell(before, self.log, seat, action, said), None,
                        {"seat": seat, "action": str(action)})]
        return events + self._advance()

    def is_over(self) -> bool:
        return bool(self.log["phase"] == "over")

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        side = self.log["winner"]
        winners = tuple(s for s in self.seats if (s == "overlord") == (side == "overlord"))
        won = sum(1 for h in self.log["history"] if h["winner"] == side)
        return Outcome(winners, {s: (1.0 if s in winners else 0.0) for s in self.seats},
                       f"the {side} won the Finale ({won} of {len(self.log['history'])} quests)", "finale")

    # ---------------------------------------------------------------- information
    def view(self, seat: Seat | None) -> JSON:
        log = L.view(self.log, seat)
        return {"campaign": log, "phase": log["phase"],
                "encounter": self.encounter.view(seat) if self.encounter is not None else None}

    def to_json(self) -> JSON:
        return {"mode": "campaign", "seats": list(self.seats), "rng": self.rng.to_json(),
                "log": copy_json(self.log),
                "encounter": self.encounter.to_json() if self.encounter is not None else None}

    @classmethod
    def from_json(cls, doc: JSON) -> CampaignState:
        st = cls(tuple(doc["seats"]), Rng.from_json(doc["rng"]), copy_json(doc["log"]))
        if doc["encounter"] is not None:
            enc = DescentState.from_json(doc["encounter"])
            enc.rng = st.rng
            st.encounter = enc
        return st

    def clone(self) -> CampaignState:
        s = CampaignState.__new__(CampaignState)
        s.seats, s.pending, s._legal, s.log = self.seats, [], self._legal, self.log
        if self.encounter is not None:
            s.encounter = self.encounter.clone()
            s.rng = s.encounter.rng
        else:
            s.encounter = None
            s.rng = self.rng.copy()
        return s

    def determinize(self, seat: Seat, rng: Rng) -> CampaignState:
        """The Shop deck's order, the campaign's seed and the dice to come are hidden from every seat
        (also during a quest); the face-down Plot cards are not: the heroes know which they are
        (the deck is public, and the face-up cards). The overlord's Rumor hand is resampled for
        the other seats from the cards they have not seen played."""
        s = self.clone()
        # the seed every later quest's dice and Search deck follow from is nobody's (issue #16)
        s.log = {**s.log, "seed": rng.below(1 << 31)}
        shop = s.log["shop"]
        if shop:
            deck = sorted(shop["deck"])
            rng.shuffle(deck)
            s.log = {**s.log, "shop": {"offer": list(shop["offer"]), "deck": deck}}
        r = s.log.get("rumors")
        if r and seat != "overlord":
            # the overlord's Rumor hand is his: the unseen cards (hand and deck) dealt anew
            unseen = sorted([*r["hand"], *r["deck"]])
            rng.shuffle(unseen)
            n = len(r["hand"])
            s.log = {**s.log, "rumors": {**r, "hand": unseen[:n], "deck": unseen[n:]}}
        if s.encounter is not None:
            s.encounter = s.encounter.determinize(seat, rng)
            s.rng = s.encounter.rng
            return s
        s.rng = Rng(rng.below(2**63))
        return s


# ================================================================================ the game
class CampaignGame(Game):
    id = "descent-campaign"
    title = "Descent: Journeys in the Dark (2nd ed.): a campaign"
    seat_counts = (2, 3, 4, 5)
    summary = ("A whole Descent campaign: quests, the Campaign phase, XP and gold, threat, fortune and the "
               "First Legion plot deck (The Harrowmere Reckoning)")
    #: the overlord knows his face-down Plot cards
    perfect_information = False
    hidden_module = "questbox.games.descent.hidden"
    decisions_module = "questbox.games.descent.campaign_kinds"
    rules_version = 7     # 4: the printed Shop and Search gold (#18); 5: the encounter rules of descent 4;
                          # 6: those of descent 5 (the Overlord deck's 21 cards, kept into encounter 2);
                          # 7: those of descent 6 and 10 more skill cards to buy (skill_interrupts)
    #: a campaign ends with its Finale quest, whoever wins it
    terminations = frozenset({"finale"})
    setup_model = CampaignSetup

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        return _seats(campaign_log(setup))

    def setup_for_seats(self, n: int, setup: JSON | None = None) -> JSON:
        return setup_for_seats(n, setup, fixed="log")

    def inline_files(self, setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
        return L.inline_log(setup, base_dir)

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> State:
        log = campaign_log(setup, seed)
        st = CampaignState(_seats(log), Rng(seed), log)
        st._advance()
        return st

    def from_json(self, doc: JSON) -> State:
        from questbox.core.statecheck import checked_state
        from questbox.games.descent.campaign_statedoc import check_campaign

        def load() -> CampaignState:
            check_campaign(doc, check_log, _seats)
            return CampaignState.from_json(doc)

        return checked_state(self.id, load)

    def agents(self) -> Mapping[str, AgentFactory]:
        return {"heuristic": CampaignAgent, "plot": CampaignAgent}

    def render(self, view: JSON, seat: Seat | None) -> Any:
        from rich.console import Group
        from rich.panel import Panel
        from rich.text import Text

        from questbox.games.descent.render import render

        log = view["campaign"]
        # (plain text, not rich markup: "[equipped]" is the sheet's own word)
        panel = Panel(Text(L.show(log, actions=False)), title="the campaign", expand=False)
        if view["encounter"] is None:
            return panel
        return Group(panel, render(view["encounter"], seat))

    def describe_action(self, view: JSON, action: Action) -> str:
        if view.get("encounter") is not None:
            from questbox.games.descent import GAME

            return GAME.describe_action(view["encounter"], action)
        log = view["campaign"]
        name, args = action.name, [str(a) for a in action.args]
        if name == "buy-plot" and log["plot_deck"]:
            card = cards_of(log["plot_deck"])[args[0]]
            return f"buy the Plot card {card.name} for {card.buy} threat"
        if name == "buy-overlord":
            from questbox.games.descent.catalog import catalog

            c = catalog().overlord[args[0]]
            return f"buy the Overlord class card {c.name} ({c.deck}, {c.xp} XP): {c.effect}"
        shop = describe_shop(log, action)
        if shop is not None:
            return shop
        if name == "plot-deck":
            return "play without a Plot deck" if args[0] == "none" else f"choose the {args[0]} Plot deck"
        what = DESCRIBE.get(name)
        return f"{action}: {what}" if what else str(action)

    def action_space(self, setup: JSON | None = None) -> list[Action] | None:
        """The Campaign-phase actions, then every action of each quest of the campaign (with the
        campaign's heroes and seats, every Plot deck's cards, and every Shop item in the heroes'
        hands), without duplicates."""
        return campaign_space(campaign_log(setup))

    def stats(self, state: State) -> Mapping[str, float | int | str]:
        if not isinstance(state, CampaignState):
            return {}
        log = state.log
        out: dict[str, float | int | str] = {"quests": len(log["history"]), "threat": log["threat"],
                                             "bought": len(log["stats"]["bought"])}
        out["overlord_quests"] = sum(1 for h in log["history"] if h["winner"] == "overlord")
        if "overlord_deck" in log:
            out["overlord_cards"] = len(log["overlord_deck"])
        if log["winner"]:
            out["winner"] = log["winner"]
        return out


def campaign_space(log: JSON) -> list[Action]:
    import dataclasses

    from questbox.games.descent.space import encounter_space

    cm = campaign_data(log["campaign"])
    hs = L.hero_ids(log)
    decks = plot_data().decks
    out: list[Action] = [*(Action("plot-deck", (d.id,)) for d in decks), Action("plot-deck", ("none",))]
    out += shop_space(log)
    out += [Action("upgrade", (h, u.id)) for h in hs for u in cm.upgrades]
    classes = dict(h.split(":") for h in log["heroes"])
    from questbox.games.descent.skills import CARDS as SKILL_CARDS
    from questbox.games.descent.skills import class_skills

    owned = {h: [c for c in class_skills(classes[h]) if c in SKILL_CARDS] for h in hs}
    out += [Action("buy-skill", (c, h)) for h in hs for c in owned[h]]
    out += [Action("xp-threat"), *(Action("buy-plot", (c.id,)) for d in decks for c in d.cards if not c.basic)]
    deck_on = "overlord_deck" in log
    if deck_on:
        from questbox.games.descent.catalog import catalog

        out += [Action("buy-overlord", (c.id,)) for c in catalog().overlord.values() if c.deck != "basic"]
    out.append(Action("done"))
    out += [*(Action("rumor", (c,)) for c in cm.rumors), Action("pass"),
            *(Action("rumor-quest", (c,)) for c in cm.rumors if rumor_cards()[c].quest), Action("next-quest")]
    have = set(out)
    won = sorted(r for r, x in relics().items() if x.side == "overlord")
    quests = [*cm.quests, *(CampaignQuest(quest=str(rumor_cards()[c].quest), kind="quest", act=None)
                            for c in cm.rumors if rumor_cards()[c].quest)]
    # encounter 2 of a two-encounter quest (``next_encounter``) is played with encounter 1's campaign
    quests += [q.model_copy(update={"quest": nxt}) for q in quests if (nxt := next_encounter(q.quest)) is not None]
    for q in quests:
        for d in decks:
            setup = {"quest": q.quest, "heroes": list(log["heroes"]), "seats": log["seats"], "act": q.act,
                     "campaign": {"kind": q.kind, "plot_deck": d.id, "lieutenants": list(q.lieutenants),
                                  "overlord_relics": won},     # any relic the overlord may have won
                     "skills": owned}       # every skill card a hero could buy
            enc = encounter(normalize_setup(setup))
            if deck_on:
                from questbox.games.descent.modules.overlord import card_space

                for a in card_space(enc):
                    if a not in have:
                        have.add(a)
                        out.append(a)
            # the heroes may carry any Shop item into any quest: list the actions of every Search card
            enc = dataclasses.replace(enc, quest=enc.quest.model_copy(update={"search_deck": None}))
            for a in encounter_space(enc):
                if a not in have:
                    have.add(a)
                    out.append(a)
    # the cards a hero may equip: their windows' actions, the weapons' surges, rerolls of 3 dice
    from questbox.games.descent.modules.items import CARDS as ITEM_CARDS
    from questbox.games.descent.modules.items import item_space

    gear = [*item_space(enc), *(Action("surge", (x.id,)) for c in ITEM_CARDS.values() for x in c.surges),
            *(Action(*r) for i in range(max(len(it.dice) for it in equippable().values()))
              for r in (("reroll", (i,)), ("fortune", ("reroll", i))))]
    out += [a for a in dict.fromkeys(gear) if a not in have]
    return out


# ================================================================================ bots
class CampaignAgent:
    """The campaign's bot: the Campaign-phase bot of :func:`campaign.bot_action` between quests
    (the overlord takes the ``plot`` deck, default ``first-legion``), and ``PlotAgent`` (the
    heuristic with the lieutenant pack and the heroic feats) in the quests."""

    name = "heuristic"

    def __init__(self, *, game: Game | None = None, seed: int = 0, plot: str = "first-legion", **_: Any) -> None:
        from questbox.games.descent.plot_bots import PlotAgent

        self.plot = None if plot == "none" else plot
        self.quest = PlotAgent(seed=seed)

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, CampaignState)
        if state.encounter is not None:
            return self.quest.act(state.encounter, seat)
        legal = state.legal_actions(seat)
        act = bot_action(state.view(seat)["campaign"], seat, self.plot)
        return act if act in legal else legal[0]


GAME = CampaignGame()
CampaignState.game = GAME
