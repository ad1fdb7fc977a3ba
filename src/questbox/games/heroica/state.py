"""The Heroica state: heroes on a mission board, the die, fights, the store; Epic and Battle play.

Turn flow (the top of ``pending`` says who decides what; see ``docs/games/heroica.md``):

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

from typing import Any

from questbox.core import JSON, Action, Decision, Event, Outcome, Rng, Seat, State
from questbox.games.heroica.board import Board, board_for
from questbox.games.heroica.data import FACES, MOVE, Mission, rules

MONSTER_SEAT = "monsters"
#: how a game of heroica ends (``Outcome.termination``): a hero completed the mission; the round
#: limit passed with nobody done; Epic: the last mission is over and the scores decide; Battle: the
#: monsters defeated heroes twice
TERMINATIONS = frozenset({"mission", "round-limit", "epic-score", "heroes-defeated"})
ROLL = Action("roll")
HEAL = Action("heal")
STOP = Action("stop")
DEFEAT = Action("defeat")
PASS = Action("pass")


def _cache(board: Board, name: str) -> tuple[Action, ...]:
    return tuple(Action(name, (sid,)) for sid in board.ids)


#: what each pending decision asks, in words for the view
DECISION_TEXT = {
    "turn": "roll the die, heal, or visit the store", "move": "step, or stop here",
    "fight": "fight the monster", "shield": "a shield: defeat the monster, or use a melee skill",
    "strike": "strike a monster next to you", "back": "choose the space to move back to",
    "forward": "choose the space to move forward to", "mturn": "pick the monster that moves",
    "mmove": "move the monster", "mfight": "the monster fights",
}


def _left(n: int) -> str:
    return "no step left" if n <= 0 else f"{n} step{'s' if n != 1 else ''} left"


class _Acts:
    """Per-board action objects, built once (actions are values; sharing them is safe)."""

    __slots__ = ("back", "fight", "forward", "pick", "sage", "step", "strike")

    def __init__(self, board: Board) -> None:
        self.step = _cache(board, "step")
        self.fight = _cache(board, "fight")
        self.forward = _cache(board, "forward")
        self.back = _cache(board, "back")
        self.pick = _cache(board, "pick")
        self.strike = _cache(board, "strike")
        self.sage = _cache(board, "sage")


def _acts(board: Board) -> _Acts:
    a = board.cache.get("acts")
    if a is None:
        a = board.cache["acts"] = _Acts(board)
    assert isinstance(a, _Acts)
    return a


class HeroicaState(State):
    __slots__ = (
        "bars", "bats_box", "board", "brk", "came", "coffins", "cur", "defeats", "defended", "defense",
        "fang", "gold", "healing", "health", "hero_ids", "history", "items", "life", "mi", "missions",
        "monsters", "mover", "nh", "opts", "pack", "passing", "path", "pos", "result", "roll", "round", "steps",
        "store", "variant", "vp", "weapons", "won",
    )

    # -- construction -----------------------------------------------------------------------
    def __init__(self, seats: tuple[Seat, ...], rng: Rng, variant: str, hero_ids: tuple[str, ...],
                 missions: tuple[dict[str, Any], ...], opts: dict[str, Any]) -> None:
        super().__init__(seats, rng)
        self.variant = variant
        self.hero_ids = hero_ids
        self.nh = len(hero_ids)
        self.missions = missions
        self.opts = opts
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
        self.pending = [Decision(self.seats[0], "turn")]

    # -- small helpers ------------------------------------------------------------------------
    def reset_turn(self) -> None:
        self.roll = ""
        self.steps = 0
        self.path = []
        self.defended = False
        self.mover = -1

    def max_health(self, h: int) -> int:
        return rules().heroes[self.hero_ids[h]].health

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
        return f"{self.seats[h]} ({rules().heroes[self.hero_ids[h]].name})"

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
        if self.cur < self.nh:
            self.ask(Decision(self.seats[self.cur], "turn"))
        else:
            self.ask(Decision(MONSTER_SEAT, "mturn"))

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
                self.ask(Decision(self.seats[h], "forward", ("hero",)))
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
            self.ask(Decision(self.seats[h], "fight", (-1,)))
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
            self.ask(Decision(self.seats[h], "back", (h, src, then)))
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
        if self.brk:
            return
        if then.startswith("bat:"):
            c = int(then[4:])
            if self.pos[h] != c and self.bats_box > 0 and c not in self.monsters:
                self.bats_box -= 1
                self.monsters[c] = "bat"
                events.append(Event("bat", f"a Vampire Bat appears on the coffin at {self.sid(c)}"))
                if self.health[h] > 0 and c in self.board.adj[self.pos[h]]:
                    self.ask(Decision(self.seats[h], "fight", (c,)))
                    return
            self.end_turn(events)
        else:
            self.end_turn(events)

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
            self.ask(Decision(self.seats[h], "fight", (-1,)))
        else:
            self.end_turn(events)

    # -- legal actions ------------------------------------------------------------------------
    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.result is not None or not self.pending:
            return []
        d = self.pending[-1]
        if d.seat != seat:
            return []
        kind = d.kind
        acts = _acts(self.board)
        if kind == "mturn":
            if not self.monsters:
                return [PASS]
            return [acts.pick[s] for s in sorted(self.monsters)]
        if kind == "mmove":
            s = self.mover
            # a monster moves through other monsters' spaces (HER-BATTLE-08), not through heroes
            steps = [acts.step[v] for v in self.board.adj[s] if v not in self.path and v not in self.pos]
            steps.append(STOP)
            return steps
        if kind == "mfight":
            return [acts.fight[v] for v in self.adj_active_heroes(self.mover)]
        if kind == "back":
            h, src = d.data[0], d.data[1]
            return [acts.back[v] for v in self.back_candidates(self.pos[h], src)]
        if kind == "forward":
            if d.data[0] == "monster":
                return [acts.forward[v] for v in self.forward_candidates(-1, self.mover, monster=True)]
            h = self.cur
            return [acts.forward[v] for v in self.forward_candidates(h, self.pos[h], monster=False)]
        h = self.cur
        pos = self.pos[h]
        out: list[Action] = []
        if kind == "turn":
            if self.healing[h]:
                out.append(HEAL)
            else:
                adj = self.adj_monsters(pos)
                if adj:
                    out.extend(acts.fight[v] for v in adj)
                else:
                    out.append(ROLL)
            self._extras(h, out, shop=True)
        elif kind == "move":
            mode = d.data[0]
            path = self.path
            for v in self.board.adj[pos]:
                if v in path or v in self.monsters:
                    continue
                if mode == "skill":
                    if v in self.coffins or v in self.pos:
                        continue
                elif v in self.coffins and v in self.pos:
                    continue
                out.append(acts.step[v])
            if not (self.opts["one_is_exact"] and mode == "roll" and self.roll == "sword-skull"
                    and len(path) == 1 and out):
                out.append(STOP)
            if mode == "roll" and self.roll == "shield" and len(path) == 1:
                self._ranged(h, out)
            self._extras(h, out, shop=False)
        elif kind == "fight":
            forced = d.data[0]
            if forced >= 0:
                out.append(acts.fight[forced])
            else:
                out.extend(acts.fight[v] for v in self.adj_monsters(pos))
            self._extras(h, out, shop=False)
        elif kind == "shield":
            out.append(DEFEAT)
            for name in self._skill_sources(h):
                if rules().skills[name].type == "melee":
                    out.append(Action("use", (name,)))
            self._extras(h, out, shop=False)
        elif kind == "strike":
            out.extend(acts.strike[v] for v in self.adj_monsters(pos))
        return out

    def _skill_sources(self, h: int) -> list[str]:
        names = [self.hero_ids[h], *self.weapons[h]]
        if self.fang[h]:
            names.append("fang")
        return names

    def _ranged(self, h: int, out: list[Action]) -> None:
        r = rules()
        pos = self.pos[h]
        board = self.board
        dist = board.dist[pos]
        for name in self._skill_sources(h):
            sk = r.skills[name]
            if sk.type != "ranged":
                continue
            if sk.effect == "defeat-at-range":
                if sk.line == "path":
                    targets = sorted(s for s in self.monsters if 1 <= dist[s] <= sk.range)
                else:
                    targets = sorted(s for s in board.straight(pos, sk.range) if s in self.monsters)
                out.extend(Action("use", (name, board.ids[s])) for s in targets)
            elif sk.effect == "heal":
                if self.health[h] < self.max_health(h):
                    out.append(Action("use", (name,)))
            elif sk.effect == "pickup-at-range":
                targets = sorted(s for s in self.items if 1 <= dist[s] <= sk.range)
                out.extend(Action("use", (name, board.ids[s])) for s in targets)
            elif sk.effect == "move-then-defeat" and any(dist[s] <= sk.move + 1 for s in self.monsters):
                out.append(Action("use", (name,)))

    def _extras(self, h: int, out: list[Action], shop: bool) -> None:
        if self.life[h] and self.max_health(h) - self.health[h] > 0:
            out.append(Action("drink", ("life",)))
        if self.defense[h] and not self.defended:
            out.append(Action("drink", ("defense",)))
        if not shop:
            return
        store = rules().store
        for w in self.weapons[h]:
            out.append(Action("sell", (w,)))
        if self.fang[h]:
            out.append(Action("sell", ("fang",)))
        if self.gold[h] >= store.buy:
            for w, n in self.store.items():
                if n > 0 and w not in self.weapons[h]:
                    out.append(Action("buy", (w,)))

    # -- applying -----------------------------------------------------------------------------
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        self.brk = False
        name = action.name
        d = self.pending[-1]
        board = self.board
        if d.kind in ("mturn", "mmove", "mfight") or (d.kind == "forward" and d.data[0] == "monster"):
            self._apply_monster(d, action, events)
            return events
        if name == "back":
            h, then = d.data[0], d.data[2]
            self.move_back(h, board.index[str(action.args[0])], events)
            self.follow(h, then, events)
            return events
        h = self.cur
        if name == "drink":
            self._drink(h, str(action.args[0]), events)
        elif name == "buy":
            self._buy(h, str(action.args[0]), events)
        elif name == "sell":
            self._sell(h, str(action.args[0]), events)
        elif name == "roll":
            f = self.die()
            self.roll = f
            self.steps = MOVE[f]
            self.path = [self.pos[h]]
            events.append(Event("roll", f"{self.name(h)} rolls {f}: move up to {self.steps}",
                                data={"face": f}))
            self.ask(Decision(seat, "move", ("roll",)))
        elif name == "heal":
            self._heal(h, events)
        elif name == "step":
            self._step(h, board.index[str(action.args[0])], d.data[0], events)
        elif name == "stop":
            self._stop(h, d.data[0], events)
        elif name == "fight":
            self._fight(h, board.index[str(action.args[0])], events)
        elif name == "defeat":
            s = d.data[0]
            self.defeat(h, s, events)
            self.post_win(h, events)
        elif name == "use":
            self._use(h, d, action, events)
        elif name == "strike":
            self.hit(h, board.index[str(action.args[0])], events)
            self.post_win(h, events)
        elif name == "forward":
            self.forward_hero(h, board.index[str(action.args[0])], events)
        else:  # pragma: no cover - legal actions are enumerated above
            raise AssertionError(name)
        return events

    def _drink(self, h: int, potion: str, events: list[Event]) -> None:
        if potion == "life":
            self.life[h] -= 1
            before = self.health[h]
            self.health[h] = min(self.max_health(h), before + 2)
            events.append(Event("potion", f"{self.name(h)} drinks a Life potion: health "
                                          f"{before} -> {self.health[h]}"))
            if self.healing[h] and self.health[h] >= self.max_health(h):
                self.healing[h] = False
                events.append(Event("healed", f"{self.name(h)} has full health again"))
        else:
            self.defense[h] -= 1
            self.defended = True
            events.append(Event("potion", f"{self.name(h)} drinks a Defense potion: no loss of health "
                                          "this turn"))

    def _buy(self, h: int, w: str, events: list[Event]) -> None:
        self.gold[h] -= rules().store.buy
        self.store[w] -= 1
        self.weapons[h] = tuple(sorted((*self.weapons[h], w)))
        events.append(Event("buy", f"{self.name(h)} buys the {rules().weapons[w].name} for "
                                   f"{rules().store.buy} gold"))

    def _sell(self, h: int, w: str, events: list[Event]) -> None:
        if w == "fang":
            self.fang[h] -= 1
            self.gold[h] += rules().store.fang_sell
            events.append(Event("sell", f"{self.name(h)} sells the Fang of Fury for "
                                        f"{rules().store.fang_sell} gold; it goes back in the box"))
            return
        lst = list(self.weapons[h])
        lst.remove(w)
        self.weapons[h] = tuple(lst)
        self.store[w] += 1
        self.gold[h] += rules().store.sell
        events.append(Event("sell", f"{self.name(h)} sells the {rules().weapons[w].name} for "
                                    f"{rules().store.sell} gold"))

    def _heal(self, h: int, events: list[Event]) -> None:
        f = self.die()
        top = self.max_health(h)
        before = self.health[h]
        self.health[h] = top if f == "shield" else min(top, before + MOVE[f])
        events.append(Event("heal", f"{self.name(h)} rolls {f} and heals to {self.health[h]}",
                            data={"face": f}))
        if self.health[h] >= top:
            self.healing[h] = False
            events.append(Event("healed", f"{self.name(h)} has full health again"))
        self.end_turn(events)

    def _step(self, h: int, s: int, mode: str, events: list[Event]) -> None:
        self.path.append(s)
        self.steps -= 1
        events.append(Event("step", f"{self.name(h)} steps to {self.sid(s)} ({_left(self.steps)})",
                            data={"to": self.sid(s), "left": self.steps}))
        self.enter(h, s, events)
        if self.brk:
            return
        if mode == "skill":
            if self.adj_monsters(s) or self.steps == 0:
                self._skill_move_end(h, events)
            return
        if s in self.coffins:
            self._search(h, s, events)
            return
        if self.adj_monsters(s):
            events.append(Event("stop", f"{self.name(h)} moves next to a monster and must stop and fight"))
            self.settle(h, events)
        elif self.steps == 0:
            self.settle(h, events)

    def _stop(self, h: int, mode: str, events: list[Event]) -> None:
        if mode == "skill":
            self._skill_move_end(h, events)
        else:
            self.settle(h, events)

    def _skill_move_end(self, h: int, events: list[Event]) -> None:
        if self.adj_monsters(self.pos[h]):
            self.ask(Decision(self.seats[h], "strike"))
        else:
            events.append(Event("miss", f"{self.name(h)} is next to no monster: the skill is spent"))
            self.settle(h, events)

    def _search(self, h: int, c: int, events: list[Event]) -> None:
        f = self.die()
        events.append(Event("coffin", f"{self.name(h)} searches the coffin on {self.sid(c)}: {f}",
                            data={"face": f}))
        if f in ("shield", "sword"):
            self.coffins.discard(c)
            if f == "shield":
                self.gold[h] += 1
                events.append(Event("gold", f"{self.name(h)} takes 1 gold from the store"))
            self.settle(h, events)
            return
        self.damage(h, 1, events)
        self.push_back(h, c, f"bat:{c}" if f == "skull" else "end", events)

    def _fight(self, h: int, s: int, events: list[Event]) -> None:
        f = self.die()
        kind = self.monsters[s]
        m = rules().monsters[kind]
        events.append(Event("fight", f"{self.name(h)} fights the {m.name} on {self.sid(s)}: {f}",
                            data={"face": f}))
        if s in self.bars:
            if f in ("shield", "sword"):
                self.hit(h, s, events)
                if s in self.monsters:
                    self.ask(Decision(self.seats[h], "fight", (s,)))
                else:
                    self.post_win(h, events)
            elif f == "skull":
                self.damage(h, self.bars[s], events)
                self.push_back(h, s, "end", events)
            else:
                self.hit(h, s, events)
                self.damage(h, self.bars.get(s, 0), events)
                self.push_back(h, s, "end", events)
            return
        if f == "shield":
            if any(rules().skills[n].type == "melee" for n in self._skill_sources(h)):
                self.ask(Decision(self.seats[h], "shield", (s,)))
            else:
                self.defeat(h, s, events)
                self.post_win(h, events)
        elif f == "sword":
            self.defeat(h, s, events)
            self.post_win(h, events)
        elif f == "skull":
            self.damage(h, m.strength, events)
            self.push_back(h, s, "end", events)
        else:
            self.defeat(h, s, events)
            if self.brk:
                return
            self.damage(h, m.strength, events)
            self.push_back(h, s, "end", events)

    def _use(self, h: int, d: Decision, action: Action, events: list[Event]) -> None:
        name = str(action.args[0])
        sk = rules().skills[name]
        board = self.board
        events.append(Event("skill", f"{self.name(h)} uses {name}: {sk.text}"))
        if d.kind == "shield":
            s = d.data[0]
            if sk.effect == "defeat-all":
                for v in self.adj_monsters(self.pos[h]):
                    self.hit(h, v, events)
                    if self.brk:
                        return
                self.post_win(h, events)
                return
            self.defeat(h, s, events)
            if self.brk:
                return
            if sk.gold:
                self.gold[h] += sk.gold
            if sk.heal:
                self.health[h] = min(self.max_health(h), self.health[h] + sk.heal)
            if sk.move:
                self.steps = sk.move
                self.path = [self.pos[h]]
                self.ask(Decision(self.seats[h], "move", ("prince",)))
                return
            self.post_win(h, events)
            return
        # ranged, instead of moving
        if sk.effect == "defeat-at-range":
            self.hit(h, board.index[str(action.args[1])], events)
            self.end_turn(events)
        elif sk.effect == "heal":
            self.health[h] = min(self.max_health(h), self.health[h] + sk.heal)
            self.end_turn(events)
        elif sk.effect == "pickup-at-range":
            s = board.index[str(action.args[1])]
            item = self.items.pop(s)
            if item == "gold":
                self.gold[h] += 1
            elif item == "life":
                self.life[h] += 1
            elif item == "defense":
                self.defense[h] += 1
            else:
                self.fang[h] += 1
            events.append(Event("pickup", f"{self.name(h)} picks up {rules().items[item].name} from "
                                          f"{self.sid(s)}", data={"item": item}))
            if self.variant == "epic" and self.opts["victory_points"] and self.vp_done():
                self.mission_over(-1, events)
                return
            self.end_turn(events)
        else:  # move-then-defeat
            self.steps = sk.move
            self.path = [self.pos[h]]
            self.ask(Decision(self.seats[h], "move", ("skill",)))

    # -- the monster seat (Battle HEROICA) ----------------------------------------------------
    def _apply_monster(self, d: Decision, action: Action, events: list[Event]) -> None:
        name = action.name
        board = self.board
        if name == "pass":
            events.append(Event("pass", "the monster player has no monster left"))
            self.end_turn(events)
            return
        if name == "pick":
            s = board.index[str(action.args[0])]
            self.mover = s
            kind = rules().monsters[self.monsters[s]].name
            if self.adj_active_heroes(s):
                events.append(Event("pick", f"the monster player picks the {kind} on {self.sid(s)}, "
                                            "next to a hero: it must fight"))
                self.ask(Decision(MONSTER_SEAT, "mfight"))
                return
            f = self.die()
            self.steps = MOVE[f]
            self.roll = f
            self.path = [s]
            events.append(Event("roll", f"the monster player moves the {kind} on {self.sid(s)}: {f}, up "
                                        f"to {self.steps}", data={"face": f}))
            self.ask(Decision(MONSTER_SEAT, "mmove"))
            return
        if name == "step":
            s = board.index[str(action.args[0])]
            self._move_monster(s)
            self.path.append(s)
            self.steps -= 1
            events.append(Event("step", f"the monster moves to {self.sid(s)} ({_left(self.steps)})",
                                data={"to": self.sid(s), "left": self.steps}))
            if self.adj_active_heroes(s):
                events.append(Event("stop", "the monster moves next to a hero and must stop and fight"))
                self._monster_settle(events)
            elif self.steps == 0:
                self._monster_settle(events)
            return
        if name == "stop":
            self._monster_settle(events)
            return
        if name == "forward":
            s = board.index[str(action.args[0])]
            self._move_monster(s)
            events.append(Event("forward", f"the monster moves forward to {self.sid(s)}"))
            self._monster_after(events)
            return
        # fight a hero
        s = board.index[str(action.args[0])]
        h = self.hero_at(s)
        m = self.mover
        kind = self.monsters[m]
        strength = self.strength(m)
        f = self.die()
        events.append(Event("fight", f"the {rules().monsters[kind].name} on {self.sid(m)} fights "
                                     f"{self.name(h)}: {f}", data={"face": f}))
        loss = {"shield": strength + 1, "sword": strength, "skull": 0, "sword-skull": strength}[f]
        if f in ("skull", "sword-skull"):
            self.hit(h, m, events)
            if self.brk:
                return
        if loss:
            self.damage(h, loss, events)
            if self.brk:
                return
            self.push_back(h, m, "end", events)
        else:
            self.end_turn(events)

    def _move_monster(self, s: int) -> None:
        """The moving monster goes to ``s``; on another monster's space it is held in ``passing``."""
        m = self.mover
        if self.passing is not None:
            kind, bar = self.passing
            self.passing = None
        else:
            kind, bar = self.monsters.pop(m), self.bars.pop(m, -1)
        if s in self.monsters:
            self.passing = (kind, bar)
        else:
            self.monsters[s] = kind
            if bar >= 0:
                self.bars[s] = bar
        self.mover = s

    def _monster_settle(self, events: list[Event]) -> None:
        """The move ends: off an item, a coffin or another monster to the first available space."""
        s = self.mover
        if s in self.items or s in self.coffins or self.passing is not None:
            cands = self.forward_candidates(-1, s, monster=True)
            if len(cands) > 1:
                self.ask(Decision(MONSTER_SEAT, "forward", ("monster",)))
                return
            if not cands and self.passing is not None:
                # nowhere forward: back to the last space of its path that it may stand on
                cands = [next(v for v in reversed(self.path) if v not in self.monsters and v not in self.pos)]
            if cands:
                self._move_monster(cands[0])
                events.append(Event("forward", f"the monster moves forward to {self.sid(cands[0])}"))
        self._monster_after(events)

    def _monster_after(self, events: list[Event]) -> None:
        if self.adj_active_heroes(self.mover):
            self.ask(Decision(MONSTER_SEAT, "mfight"))
        else:
            self.end_turn(events)

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
                "decision_text": DECISION_TEXT.get(self.pending[-1].kind) if self.pending else None,
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
        s = HeroicaState.__new__(HeroicaState)
        s.seats, s.rng, s.pending, s._legal = self.seats, self.rng.copy(), list(self.pending), self._legal
        s.variant, s.hero_ids, s.nh, s.missions, s.opts = (self.variant, self.hero_ids, self.nh,
                                                           self.missions, self.opts)
        s.mi, s.board = self.mi, self.board
        s.pos, s.came, s.health, s.healing = list(self.pos), list(self.came), list(self.health), list(
            self.healing)
        s.gold, s.life, s.defense, s.fang = list(self.gold), list(self.life), list(self.defense), list(
            self.fang)
        s.weapons, s.pack, s.defeats, s.won, s.vp = (list(self.weapons), list(self.pack), list(self.defeats),
                                                     list(self.won), list(self.vp))
        s.monsters, s.bars, s.items, s.coffins = (dict(self.monsters), dict(self.bars), dict(self.items),
                                                  set(self.coffins))
        s.store, s.bats_box = dict(self.store), self.bats_box
        s.cur, s.round, s.roll, s.steps, s.path = self.cur, self.round, self.roll, self.steps, list(self.path)
        s.defended, s.mover, s.result, s.history = self.defended, self.mover, self.result, list(self.history)
        s.passing = self.passing
        s.brk = False
        return s

    def determinize(self, seat: Seat, rng: Rng) -> HeroicaState:
        """Nothing is hidden but the future rolls: a clone with a freshly seeded die."""
        s = self.clone()
        s.rng = Rng(rng.below(2**63))
        return s

