"""The Heroica state: heroes on a mission board, the die, fights, the store; Epic and Battle play.

This module is the kernel: the pieces, turn order, moving pieces, health, the end and the
documents. What is decided lives in the table of decision kinds (:mod:`.kinds`, the payloads and
names in :mod:`.flow`); a hero's actions in :mod:`.hero_turns`, the monster seat's in
:mod:`.monster_turns`. ``pending`` holds one decision, the one asked now:

* ``turn``    a hero's turn starts: ``roll`` (move), ``heal`` (when healing) or ``fight X`` (when it
  starts next to a monster); ``buy``/``sell``/``drink`` may come first.
* ``move``    after a move roll (or the Prince's skill): ``step X`` one space at a time, ``stop``; on a
  Shield before the first step also the ranged skills ``use SKILL ...``.
* ``fight``   choose the adjacent monster to fight (``fight X``); rolling happens in the action.
* ``shield``  a Shield in a fight: ``defeat`` or a melee skill ``use SKILL``.
* ``strike``  after the Sword's or Knight's move: ``strike X`` an adjacent monster.
* ``forward`` / ``back``  choose where a piece is moved when several spaces qualify.
* ``mturn`` / ``mmove`` / ``mfight``  the monster seat in Battle Heroica.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from questbox.core import JSON, Action, Decision, Event, IllegalAction, Outcome, Rng, Seat, State
from questbox.core.decisions import lookup
from questbox.games.heroica.board import board_for
from questbox.games.heroica.data import FACES, Mission, rules
from questbox.games.heroica.flow import (
    BACK,
    FIGHT,
    FIGHT_ANY,
    FORWARD,
    FORWARD_HERO,
    MONSTER_SEAT,
    MOVE_KIND,
    MOVE_ROLL,
    MTURN,
    TURN,
    Back,
    Fight,
    Kind,
)
from questbox.games.heroica.kinds import KINDS

#: how a game of heroica ends (``Outcome.termination``): a hero completed the mission; the round
#: limit passed with nobody done; Epic: the last mission is over and the scores decide; Battle: the
#: monsters defeated heroes twice
TERMINATIONS = frozenset({"mission", "round-limit", "epic-score", "heroes-defeated"})

__all__ = ["MONSTER_SEAT", "TERMINATIONS", "HeroicaState"]

_KINDS: Final = KINDS


def _kind(kind: str) -> Kind:
    """The entry of the table of decision kinds that answers ``kind``."""
    got = _KINDS.get(kind)
    return got if got is not None else lookup(_KINDS, kind)


class HeroicaState(State):
    __slots__ = (
        "bars", "bats_box", "board", "brk", "came", "coffins", "cur", "defeats", "defended", "defense",
        "events", "fang", "gold", "healing", "health", "hero_ids", "history", "items", "life", "maxh", "mi",
        "missions", "monsters", "mover", "names", "nh", "opts", "pack", "passing", "path", "pos", "result", "roll",
        "rolls", "round", "steps", "store", "turns", "variant", "vp", "weapons", "wins", "won",
    )

    # -- construction -----------------------------------------------------------------------
    def __init__(self, seats: tuple[Seat, ...], rng: Rng, variant: str, hero_ids: tuple[str, ...],
                 missions: tuple[dict[str, Any], ...], opts: dict[str, Any], of: HeroicaState | None = None) -> None:
        """A new game's state (before its first mission is set up), or a copy of ``of`` (:meth:`clone`:
        a constructor, since mypyc's compiled classes cannot be made with ``__new__`` alone)."""
        super().__init__(seats, rng)
        self.variant = variant
        self.hero_ids = hero_ids
        self.nh = len(hero_ids)
        self.missions = missions
        self.opts = opts
        if of is not None:
            # the same seats and heroes: the tables made of them are shared (they never change)
            self.names: tuple[str, ...] = of.names
            self.maxh: tuple[int, ...] = of.maxh
            self.turns: tuple[Decision, ...] = of.turns
            self.rolls: tuple[Decision, ...] = of.rolls
            self.wins: tuple[Decision, ...] = of.wins
            self._copy(of)
            return
        r = rules()
        #: each hero's name in the events (``p1 (Wizard)``) and full health
        self.names = tuple(f"{seats[h]} ({r.heroes[k].name})" for h, k in enumerate(hero_ids))
        self.maxh = tuple(r.heroes[k].health for k in hero_ids)
        #: the decision that starts each seat's turn (decisions are values: one is shared)
        self.turns = tuple(Decision(MONSTER_SEAT, MTURN) if s == MONSTER_SEAT else Decision(s, TURN)
                           for s in seats)
        #: each hero's move after a move roll, and its fight against any monster next to it
        self.rolls = tuple(Decision(seats[h], MOVE_KIND, MOVE_ROLL) for h in range(self.nh))
        self.wins = tuple(Decision(seats[h], FIGHT, FIGHT_ANY) for h in range(self.nh))
        self.mi = 0
        self.board = board_for(missions[0])
        n = self.nh
        self.pos = [-1] * n
        self.came = [-1] * n
        self.health = [rules().heroes[h].health for h in hero_ids]
        self.healing = [False] * n
        self.gold = [0] * n
        self.life = [0] * n
        self.defense = [0] * n
        self.fang = [0] * n
        self.weapons: list[tuple[str, ...]] = [()] * n
        self.pack: list[tuple[str, ...]] = [()] * n
        self.defeats = [0] * n
        self.won = [0] * n
        self.vp = [0] * n
        self.monsters: dict[int, str] = {}
        self.bars: dict[int, int] = {}
        self.items: dict[int, str] = {}
        self.coffins: set[int] = set()
        self.store = {w: int(opts["store_stock"]) for w in rules().weapons}
        self.bats_box = 0
        self.cur = 0
        self.round = 1
        self.roll = ""
        self.steps = 0
        self.path: list[int] = []
        self.defended = False
        self.mover = -1
        #: Battle: the moving monster (kind, the Giant's strength or -1) while it stands on another
        #: monster's space; it is then not in ``monsters`` (one monster per space there)
        self.passing: tuple[str, int] | None = None
        self.result: tuple[tuple[Seat, ...], str] | None = None
        self.history: list[str | None] = []
        #: set when the current action's flow must stop (a mission or the game ended)
        self.brk = False
        #: the events of the action being applied (the decision kinds append to it)
        self.events: list[Event] = []

    def _setup_mission(self) -> None:
        """Put the current mission's pieces on the board and the heroes on the start (full health)."""
        doc = self.missions[self.mi]
        board = self.board = board_for(doc)
        m: Mission = board.mission
        self.monsters = dict(m.monsters)
        self.bars = {s: rules().monsters[k].strength for s, k in m.monsters.items()
                     if rules().monsters[k].bar}
        items = dict(m.items)
        sets = int(doc.get("sets", 1))
        if sum(self.fang) >= sets:
            # one Fang of Fury per set: a Fang kept from an earlier mission is not on the board again
            items = {s: k for s, k in items.items() if k != "fang"}
        self.items = items
        self.coffins = set(m.coffins)
        bats_on_board = sum(1 for k in m.monsters.values() if k == "bat")
        self.bats_box = max(0, rules().monsters["bat"].in_set * sets - bats_on_board)
        for h in range(self.nh):
            self.pos[h] = m.starts[h]
            self.came[h] = -1
            self.health[h] = rules().heroes[self.hero_ids[h]].health
            self.healing[h] = False
            self.pack[h] = ()
        self.cur = 0
        self.round = 1
        self.reset_turn()
        self.pending = [self.turns[0]]

    # -- small helpers ------------------------------------------------------------------------
    def reset_turn(self) -> None:
        self.roll = ""
        self.steps = 0
        self.path = []
        self.defended = False
        self.mover = -1

    def max_health(self, h: int) -> int:
        return self.maxh[h]

    def hero_at(self, s: int, but: int = -1) -> int:
        for h, p in enumerate(self.pos):
            if p == s and h != but:
                return h
        return -1

    def free(self, s: int) -> bool:
        return s not in self.monsters and s not in self.coffins and s not in self.pos

    def adj_monsters(self, s: int) -> list[int]:
        mons = self.monsters
        return [v for v in self.board.adj[s] if v in mons]

    def adj_active_heroes(self, s: int) -> list[int]:
        out = []
        for v in self.board.adj[s]:
            for h, p in enumerate(self.pos):
                if p == v and not self.healing[h]:
                    out.append(v)
                    break
        return out

    def sid(self, s: int) -> str:
        return self.board.ids[s]

    def name(self, h: int) -> str:
        return self.names[h]

    def die(self) -> str:
        return self.rng.choice(FACES)

    def strength(self, s: int) -> int:
        if s in self.bars:
            return self.bars[s]
        return rules().monsters[self.monsters[s]].strength

    def ask(self, d: Decision) -> None:
        self.pending = [d]

    # -- turn order ---------------------------------------------------------------------------
    def end_turn(self, events: list[Event]) -> None:
        if self.brk:
            return
        self.reset_turn()
        n = len(self.seats)
        self.cur = (self.cur + 1) % n
        if self.cur == 0:
            self.round += 1
            limit = int(self.opts["round_limit"] or self.board.doc.get("round_limit", 100))
            if limit and self.round > limit:
                events.append(Event("limit", f"round {limit} is over: nobody completed the mission"))
                self.mission_over(-1, events)
                return
        self.ask(self.turns[self.cur])

    def mission_over(self, h: int, events: list[Event]) -> None:
        """Hero ``h`` completed the mission (``-1``: nobody did)."""
        self.brk = True
        if self.variant != "epic":
            if h >= 0:
                self.won[h] += 1
                self.result = ((self.seats[h],), f"{self.name(h)} completed {self.board.mission.title}")
            else:
                self.result = ((), "round limit")
            self.pending = []
            return
        if h >= 0:
            self.won[h] += 1
        self.history.append(self.seats[h] if h >= 0 else None)
        counts = [len(p) for p in self.pack]
        best = max(counts)
        top = [i for i, c in enumerate(counts) if c == best]
        if best > 0 and (len(top) == 1 or self.opts["epic_tie_bonus"] == "all"):
            for i in top:
                self.gold[i] += 1
                events.append(Event("bonus", f"{self.name(i)} has the most defeated monsters ({best}) "
                                             "and takes 1 gold"))
        if self.mi + 1 < len(self.missions):
            self.mi += 1
            self._setup_mission()
            events.append(Event("mission", f"mission {self.mi + 1}: {self.board.mission.title}"))
            return
        self._finish_epic(events)

    def vp_done(self) -> bool:
        r = rules()
        if any(r.items[k].artifact for k in self.items.values()):
            return False
        return not any(r.monsters[k].strength >= 3 and not r.monsters[k].bar for k in self.monsters.values())

    def score(self, h: int) -> int:
        return self.vp[h] + self.fang[h]

    def _finish_epic(self, events: list[Event]) -> None:
        n = self.nh
        if self.opts["victory_points"]:
            key = [(self.score(h), self.gold[h]) for h in range(n)]
            what = "victory points"
        else:
            key = [(self.won[h], self.gold[h]) for h in range(n)]
            what = "missions won"
        best = max(key)
        winners = tuple(self.seats[h] for h in range(n) if key[h] == best)
        self.result = (winners, f"most {what} ({best[0]}), then most gold ({best[1]})")
        self.pending = []
        events.append(Event("end", f"{', '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                                   f"Epic HEROICA: {self.result[1]}"))

    # -- moving pieces ------------------------------------------------------------------------
    def enter(self, h: int, s: int, events: list[Event]) -> None:
        """Hero ``h`` moves into ``s``: picks up the item there; the target wins the mission."""
        self.came[h] = self.pos[h]
        self.pos[h] = s
        item = self.items.pop(s, None)
        if item is not None:
            if item == "gold":
                self.gold[h] += 1
            elif item == "life":
                self.life[h] += 1
            elif item == "defense":
                self.defense[h] += 1
            elif item == "fang":
                self.fang[h] += 1
            events.append(Event("pickup", f"{self.name(h)} picks up {rules().items[item].name} on "
                                          f"{self.sid(s)}", data={"item": item}))
            if self.variant == "epic" and self.opts["victory_points"] and self.vp_done():
                self.mission_over(-1, events)
                return
        if s == self.board.mission.target and s not in self.monsters:
            events.append(Event("target", f"{self.name(h)} moves into the target {self.sid(s)}"))
            self.mission_over(h, events)

    def forward_candidates(self, h: int, s: int, monster: bool) -> list[int]:
        """The first available spaces beyond ``s`` (nearest first; not back along this move's path)."""
        adj = self.board.adj
        path = set(self.path)

        def ok(v: int) -> bool:
            if v in self.monsters or v in self.pos:
                return False
            return not (v in self.coffins or (monster and v in self.items))

        for avoid in (path, set()):
            seen = {s} | avoid
            frontier = [s]
            while frontier:
                nxt: list[int] = []
                for u in frontier:
                    for v in adj[u]:
                        if v in seen or (v in self.monsters and not monster):
                            continue
                        seen.add(v)
                        nxt.append(v)
                found = sorted(v for v in nxt if ok(v))
                if found:
                    return found
                frontier = nxt
        return []

    def settle(self, h: int, events: list[Event]) -> None:
        """A hero's move ends: forward off another hero, then fight if next to a monster, else end."""
        if self.brk:
            return
        if self.hero_at(self.pos[h], but=h) >= 0:
            cands = self.forward_candidates(h, self.pos[h], monster=False)
            if len(cands) > 1:
                self.ask(Decision(self.seats[h], FORWARD, FORWARD_HERO))
                return
            if cands:
                self.forward_hero(h, cands[0], events)
                return
        self.after_move(h, events)

    def forward_hero(self, h: int, s: int, events: list[Event]) -> None:
        events.append(Event("forward", f"{self.name(h)} ends on another hero and moves forward to "
                                       f"{self.sid(s)}"))
        self.enter(h, s, events)
        self.after_move(h, events)

    def after_move(self, h: int, events: list[Event]) -> None:
        if self.brk:
            return
        if self.adj_monsters(self.pos[h]):
            self.ask(self.wins[h])
        else:
            self.end_turn(events)

    def back_candidates(self, at: int, src: int) -> list[int]:
        d = self.board.dist[src]
        return [v for v in self.board.adj[at] if d[v] > d[at] and self.free(v)]

    def push_back(self, h: int, src: int, then: str, events: list[Event]) -> None:
        """Move hero ``h`` back 1 space away from ``src``, then continue with ``then``."""
        if self.brk:
            return
        cands = self.back_candidates(self.pos[h], src)
        if self.came[h] in cands and self.cur == h:
            cands = [self.came[h]]
        if len(cands) > 1:
            self.ask(Decision(self.seats[h], BACK, Back(h, src, then)))
            return
        if cands:
            self.move_back(h, cands[0], events)
        else:
            events.append(Event("stay", f"{self.name(h)} has no space to move back to and stays"))
        self.follow(h, then, events)

    def move_back(self, h: int, s: int, events: list[Event]) -> None:
        events.append(Event("back", f"{self.name(h)} moves back to {self.sid(s)}"))
        self.enter(h, s, events)

    def follow(self, h: int, then: str, events: list[Event]) -> None:
        """What follows hero ``h``'s move back: ``then`` is a step of :data:`AFTER_BACK`, with its
        argument after a ``:`` (``end``, ``bat:SPACE``)."""
        if self.brk:
            return
        word, _, arg = then.partition(":")
        AFTER_BACK[word](self, h, arg, events)

    # -- health -------------------------------------------------------------------------------
    def damage(self, h: int, amount: int, events: list[Event]) -> None:
        if amount <= 0:
            return
        if self.defended and self.cur == h:
            events.append(Event("defended", f"the Defense potion prevents {self.name(h)}'s loss of "
                                            f"{amount} health"))
            return
        was = self.health[h]
        self.health[h] = max(0, was - amount)
        events.append(Event("damage", f"{self.name(h)} loses {was - self.health[h]} health "
                                      f"({self.health[h]} left)", data={"hero": self.seats[h]}))
        if was > 0 and self.health[h] == 0:
            self.healing[h] = True
            self.defeats[h] += 1
            events.append(Event("defeated", f"{self.name(h)} is temporarily defeated and must heal"))
            if self.variant == "battle" and sum(self.defeats) >= 2:
                self.brk = True
                self.result = ((MONSTER_SEAT,), "the monsters defeated two heroes (or one twice)")
                self.pending = []
                events.append(Event("end", "the monster player wins Battle HEROICA"))

    def defeat(self, h: int, s: int, events: list[Event]) -> None:
        """Monster on ``s`` is defeated by hero ``h``: onto the hero pack; the target monster wins."""
        kind = self.monsters.pop(s)
        self.bars.pop(s, None)
        self.pack[h] = (*self.pack[h], kind)
        m = rules().monsters[kind]
        if m.strength >= 3 and not m.bar:
            self.vp[h] += 1
        events.append(Event("defeat", f"{self.name(h)} defeats the {m.name} on {self.sid(s)}",
                            data={"monster": kind}))
        if s == self.board.mission.target:
            self.mission_over(h, events)
        elif self.variant == "epic" and self.opts["victory_points"] and self.vp_done():
            self.mission_over(-1, events)

    def hit(self, h: int, s: int, events: list[Event]) -> None:
        """A skill defeats the monster on ``s``; a monster with a bar only loses 1 strength."""
        if s in self.bars:
            self.bars[s] -= 1
            events.append(Event("bar", f"the {rules().monsters[self.monsters[s]].name} loses 1 strength "
                                       f"({self.bars[s]} left)"))
            if self.bars[s] > 0:
                return
        self.defeat(h, s, events)

    def post_win(self, h: int, events: list[Event]) -> None:
        if self.brk:
            return
        if self.adj_monsters(self.pos[h]):
            self.ask(self.wins[h])
        else:
            self.end_turn(events)

    # -- decisions ----------------------------------------------------------------------------
    # ``to_move``, ``legal_actions`` and ``apply`` do what :class:`~questbox.core.State`'s do (the
    # same checks, the same cache), here so that the compiled engine runs them too: a bot game
    # calls them at every action
    def to_move(self) -> tuple[Seat, ...]:
        if self.pending and self.result is None:
            return (self.pending[-1].seat,)
        return ()

    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        if seat is None:
            return super().legal_actions(seat)
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        actions = self._legal_actions(seat)
        self._legal = (seat, actions)
        return actions

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        if seat is None or type(action) is not Action:
            return super().apply(seat, action)
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(self._explain_illegal(seat, action, legal))
        self._legal = None
        return self._apply(seat, action)

    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.result is not None or not self.pending:
            return []
        d = self.pending[-1]
        if d.seat != seat:
            return []
        kind = _KINDS.get(d.kind) or _kind(d.kind)
        return kind.legal(self, d)

    def decision_actions(self, d: Decision) -> list[Action]:
        """The legal actions of decision ``d`` (through its kind in the table)."""
        return _kind(d.kind).legal(self, d)

    def decision_text(self, d: Decision) -> str:
        """What decision ``d`` asks, in a few words (its kind's menu text)."""
        return _kind(d.kind).text(self, d)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        """Resolve the pending decision with ``action`` through its kind. A resolution that asks
        nothing new (a potion, a step with steps left) leaves the decision open."""
        events: list[Event] = []
        self.events = events
        self.brk = False
        d = self.pending.pop()
        (_KINDS.get(d.kind) or _kind(d.kind)).resolve(self, d, action)
        if not self.pending and self.result is None:
            self.pending.append(d)
        return events

    # -- end ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners, reason = self.result
        if self.variant == "epic":
            vp = bool(self.opts["victory_points"])
            scores = {s: float(self.score(h) if vp else self.won[h]) for h, s in enumerate(self.seats[:self.nh])}
        else:
            scores = {s: (1.0 if s in winners else 0.0) for s in self.seats}
        return Outcome(winners, scores, reason, self.termination())

    def termination(self) -> str:
        """How the game ended, one of :data:`TERMINATIONS` (``""`` while it goes on)."""
        if self.result is None:
            return ""
        winners = self.result[0]
        if self.variant == "epic":
            return "epic-score"
        if MONSTER_SEAT in winners:
            return "heroes-defeated"
        return "mission" if winners else "round-limit"

    # -- information --------------------------------------------------------------------------
    def _heroes_json(self) -> list[JSON]:
        ids = self.board.ids
        return [{"seat": self.seats[h], "hero": self.hero_ids[h],
                 "at": ids[self.pos[h]] if self.pos[h] >= 0 else None,
                 "came": ids[self.came[h]] if self.came[h] >= 0 else None,
                 "health": self.health[h], "max": self.max_health(h), "healing": self.healing[h],
                 "gold": self.gold[h], "life": self.life[h], "defense": self.defense[h],
                 "fang": self.fang[h], "weapons": list(self.weapons[h]), "monsters": list(self.pack[h]),
                 "defeats": self.defeats[h], "won": self.won[h], "vp": self.score(h)}
                for h in range(self.nh)]

    def _board_json(self) -> JSON:
        ids = self.board.ids
        return {"monsters": {ids[s]: k for s, k in sorted(self.monsters.items())},
                "bars": {ids[s]: v for s, v in sorted(self.bars.items())},
                "items": {ids[s]: k for s, k in sorted(self.items.items())},
                "coffins": sorted(ids[s] for s in self.coffins),
                "target": ids[self.board.mission.target],
                "bats_in_box": self.bats_box}

    def _turn_json(self) -> JSON:
        ids = self.board.ids
        return {"seat": self.seats[self.cur], "round": self.round, "roll": self.roll or None,
                "steps": self.steps, "path": [ids[s] for s in self.path], "defended": self.defended,
                "mover": ids[self.mover] if self.mover >= 0 else None,
                "passing": ({"monster": self.passing[0], "bar": self.passing[1] if self.passing[1] >= 0 else None}
                            if self.passing is not None else None)}

    def view(self, seat: Seat | None) -> JSON:
        return {"variant": self.variant, "mission": self.mi, "mission_id": self.board.mission.name,
                "title": self.board.mission.title, "heroes": self._heroes_json(),
                "board": self._board_json(), "turn": {**self._turn_json(), "steps_taken": max(0, len(self.path) - 1)},
                "store": dict(self.store),
                "history": list(self.history),
                "decision": ([self.pending[-1].seat, self.pending[-1].kind, list(self.pending[-1].data)]
                             if self.pending else None),
                "decision_text": self.decision_text(self.pending[-1]) if self.pending else None,
                "over": self.result is not None,
                "winners": list(self.result[0]) if self.result else None,
                "options": dict(self.opts),
                # the mission document (spaces, links, start, target): shared, do not mutate
                "layout": self.missions[self.mi]}

    def to_json(self) -> JSON:
        doc = self.view(None)
        del doc["layout"]
        doc["seats"] = list(self.seats)
        doc["missions"] = list(self.missions)
        doc["rng"] = self.rng.to_json()
        doc["pending"] = [[d.seat, d.kind, list(d.data)] for d in self.pending]
        doc["result"] = [list(self.result[0]), self.result[1]] if self.result else None
        return doc

    def clone(self) -> HeroicaState:
        return HeroicaState(self.seats, self.rng.copy(), self.variant, self.hero_ids, self.missions, self.opts,
                            of=self)

    def _copy(self, o: HeroicaState) -> None:
        """Copy ``o``'s game into this state (its seats, die, variant, heroes, missions and options
        are set already)."""
        s = self
        s.pending, s._legal = list(o.pending), o._legal
        s.mi, s.board = o.mi, o.board
        s.pos, s.came, s.health, s.healing = list(o.pos), list(o.came), list(o.health), list(
            o.healing)
        s.gold, s.life, s.defense, s.fang = list(o.gold), list(o.life), list(o.defense), list(
            o.fang)
        s.weapons, s.pack, s.defeats, s.won, s.vp = (list(o.weapons), list(o.pack), list(o.defeats),
                                                     list(o.won), list(o.vp))
        s.monsters, s.bars, s.items, s.coffins = (dict(o.monsters), dict(o.bars), dict(o.items),
                                                  set(o.coffins))
        s.store, s.bats_box = dict(o.store), o.bats_box
        s.cur, s.round, s.roll, s.steps, s.path = o.cur, o.round, o.roll, o.steps, list(o.path)
        s.defended, s.mover, s.result, s.history = o.defended, o.mover, o.result, list(o.history)
        s.passing = o.passing
        s.brk = False
        s.events = []

    def determinize(self, seat: Seat, rng: Rng) -> HeroicaState:
        """Nothing is hidden but the future rolls: a clone with a freshly seeded die."""
        s = self.clone()
        s.rng = Rng(rng.below(2**63))
        return s


# ------------------------------------------------------------------ what follows a move back
def _then_end(st: HeroicaState, h: int, arg: str, events: list[Event]) -> None:
    """``end``: the turn ends."""
    st.end_turn(events)


def _then_bat(st: HeroicaState, h: int, arg: str, events: list[Event]) -> None:
    """``bat:SPACE``: a Skull on the coffin at SPACE: a Vampire Bat from the box appears there (if
    one is left and the hero has left it); a hero still standing next to it fights it."""
    c = int(arg)
    if st.pos[h] != c and st.bats_box > 0 and c not in st.monsters:
        st.bats_box -= 1
        st.monsters[c] = "bat"
        events.append(Event("bat", f"a Vampire Bat appears on the coffin at {st.sid(c)}"))
        if st.health[h] > 0 and c in st.board.adj[st.pos[h]]:
            st.ask(Decision(st.seats[h], FIGHT, Fight(c)))
            return
    st.end_turn(events)


#: the steps that may follow a hero's move back (``Back.then``), by name
AFTER_BACK: Final[dict[str, Callable[[HeroicaState, int, str, list[Event]], None]]] = {
    "end": _then_end, "bat": _then_bat}
