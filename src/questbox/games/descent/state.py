"""The encounter engine: a round of hero turns and monster activations, movement, attacks in the
printed order, attribute tests, conditions, knocked-out heroes and defeated monsters.

**Flow.** The engine is a small machine: ``tasks`` is a stack of steps still to run (plain
tuples, so states save and clone exactly) and ``pending`` holds the decision that waits for a
seat. :meth:`DescentState._run` pops and runs tasks until a task asks a seat something (pushes a
decision) or the game ends; :meth:`DescentState._apply` answers the decision and runs on. A step
that needs to continue later pushes its continuation first, then what must happen before it, so
rule modules (:mod:`questbox.games.descent.rules`) can slip their effects and questions into any
timing window.

**Attacks** follow the printed order, one stage per step, with a window after each: declare the
target (``attack-declared``) → before the roll (``attack-before-roll``) → roll the attack dice →
rerolls (``attack-after-roll``) → spend surges (each surge ability once per attack) → range and
miss check → (``attack-before-defense``) → defense roll (``attack-after-defense``) → damage =
hearts − (shields − Pierce) (``attack-before-damage``) → damage is dealt, then conditions
(``attack-after-damage``) → ``attack-resolved``.

**Dice** are rolled with ``rng.roll(6)`` each, in the order of the pool (attack dice as listed on
the weapon or monster card; defense dice likewise; attribute tests roll gray then black), so a
conformance case scripts ``random: [faces...]``. Face numbers are those of ``data/dice.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from questbox.core import JSON, Action, Decision, Event, Outcome, Rng, Seat, State
from questbox.games.descent.board import Board
from questbox.games.descent.data import SURGE_CONDITION, Face, Stat
from questbox.games.descent.encounter import Encounter, encounter
from questbox.games.descent.model import Attack, Fig, Turn, copy_json, listify, tuplify

#: the termination word (``Outcome.termination``) for each kind of quest victory condition
VICTORY_WORDS: dict[str, str] = {"defeated": "group-defeated", "counter": "counter", "round": "round-limit",
                                 "all-heroes-knocked-out": "heroes-knocked-out"}
#: how an encounter ends (the dice tray, a test mode of the same game, ends ``rolled``)
TERMINATIONS = frozenset({*VICTORY_WORDS.values(), "rolled"})

MOVE = Action("move")
FATIGUE = Action("fatigue")
REST = Action("rest")
END = Action("end")
STAND = Action("stand")
DONE = Action("done")
PASS = Action("pass")
BONUS_RECOVER = Action("bonus-recover")

Task = tuple[Any, ...]
Handler = Callable[["DescentState", Task], None]

# Events and decisions are built by ``tuple.__new__`` with every field given (the same values as
# ``Event(kind, text, None, data)``), which skips the named tuple's Python-level ``__new__``
_new_event: Callable[[type[Event], tuple[Any, ...]], Event] = tuple.__new__
_new_decision: Callable[[type[Decision], tuple[Any, ...]], Decision] = tuple.__new__
_ACTIONS: dict[tuple[str, str], Action] = {}


def _action(name: str, arg: str) -> Action:
    """``Action(name, (arg,))``, memoized (actions are immutable values)."""
    got = _ACTIONS.get((name, arg))
    if got is None:
        got = _ACTIONS[(name, arg)] = Action(name, (arg,))
    return got


class DescentState(State):
    """One position of a Descent encounter."""

    # no ``__slots__``: mypyc compiles this class (a native class has a fixed layout of its own)

    # (the core State's attributes, declared again so that the compiled class holds them itself)
    seats: tuple[Seat, ...]
    rng: Rng
    pending: list[Decision]
    _legal: tuple[Seat, list[Action]] | None
    enc: Encounter
    figs: list[Fig]
    ids: dict[str, int]
    occ: dict[int, int]
    turns: list[Turn]
    attacks: list[Attack]
    tests: list[list[Any]]
    tasks: list[Task]
    round: int
    phase: str
    doors: int
    tokens: dict[int, str]
    deck: list[str]
    counters: dict[str, int]
    mods: dict[str, Any]
    surcharge: list[list[Any]]
    result: tuple[str, str] | None
    active_group: int
    _events: list[Event]
    _pre: tuple[Seat, list[Action]] | None
    #: what depends only on where the figures stand, which doors are open and which search
    #: tokens are left (routes, attack targets, ...), cached; replaced by a new dict whenever a
    #: figure is placed or lifted, a door changes or a token is searched (clones share it until
    #: then), so ``occ``, figures' ``pos``/``orient``/``status`` and ``doors`` change only
    #: through :meth:`_place`, :meth:`_lift` and :meth:`set_doors`, ``tokens`` in :meth:`search`
    _geo: dict[Any, Any]
    _heroes: tuple[int, ...] | None     # the heroes' figure numbers (see heroes())

    def __init__(self, enc: Encounter, rng: Rng, *, of: DescentState | None = None) -> None:
        self.enc = enc
        if of is not None:
            # a copy of ``of`` (see clone(); a copy constructor, because a mypyc class's
            # ``__new__`` runs ``__init__``)
            self.seats, self.rng, self.pending, self._legal = of.seats, rng, list(of.pending), of._legal
            self.figs = [f.copy() for f in of.figs]
            self.ids = of.ids if len(of.ids) == len(of.figs) else dict(of.ids)
            self.occ = dict(of.occ)
            self.turns = [t.copy() for t in of.turns]
            self.attacks = [a.copy() for a in of.attacks]
            self.tests = [[t[0], t[1], t[2][:], t[3]] for t in of.tests]
            self.tasks = list(of.tasks)
            self.round, self.phase, self.doors = of.round, of.phase, of.doors
            self.tokens = dict(of.tokens)
            self.deck = list(of.deck)
            self.counters = dict(of.counters)
            self.mods = copy_json(of.mods) if of.mods else {}
            self.surcharge = copy_json(of.surcharge) if of.surcharge else []
            self.result = of.result
            self.active_group = of.active_group
            self._events = []
            self._pre = None
            self._geo = of._geo
            self._heroes = of._heroes
            return
        super().__init__(enc.seats, rng)
        self.figs = []
        self.ids = {}
        self.occ = {}
        self.turns = []
        self.attacks = []
        self.tests = []
        self.tasks = []
        self.round = 0
        self.phase = "setup"
        self.doors = enc.board.doors_open_at_start
        self.tokens = {}
        self.deck = []
        self.counters = {}
        self.mods = {}
        self.surcharge = []
        self.result = None
        self.active_group = -1
        self._events = []
        self._pre = None
        self._geo = {}
        self._heroes = None

    # ================================================================================ basics
    @property
    def board(self) -> Board:
        return self.enc.board

    @property
    def turn(self) -> Turn | None:
        return self.turns[-1] if self.turns else None

    @property
    def attack(self) -> Attack | None:
        return self.attacks[-1] if self.attacks else None

    def stat(self, fi: int) -> Stat:
        return self.enc.stats[self.figs[fi].stat]

    def health(self, fi: int) -> int:
        return self.enc.stats[self.figs[fi].stat].health + self.figs[fi].hp_bonus

    def stamina(self, fi: int) -> int:
        f = self.figs[fi]
        return self.enc.lib.heroes[f.stat].stamina if f.side == "hero" else 0

    def attribute(self, fi: int, attr: str) -> int | None:
        attrs = self.stat(fi).attributes
        return None if attrs is None else attrs[attr]

    def heroes(self) -> list[int]:
        return list(self._heroes or self._find_heroes())

    def _find_heroes(self) -> tuple[int, ...]:
        self._heroes = tuple(i for i, f in enumerate(self.figs) if f.side == "hero")
        return self._heroes

    def monsters(self, active: bool = True) -> list[int]:
        return [i for i, f in enumerate(self.figs) if f.side == "monster" and (not active or f.status == "active")]

    def squares(self, fi: int) -> tuple[int, ...]:
        f = self.figs[fi]
        if f.pos < 0:
            return ()
        if f.shape == (1, 1):
            return (f.pos,)
        w, h = f.shape
        if f.orient:
            w, h = h, w
        fp = self.enc.board.footprint(self.doors, f.pos, w, h)
        return fp if fp is not None else (f.pos,)

    def size(self, fi: int) -> str:
        return self.stat(fi).size

    def is_small(self, fi: int) -> bool:
        return self.figs[fi].shape == (1, 1)

    def seat_of(self, fi: int) -> Seat:
        return self.figs[fi].seat

    def occupied(self, *exclude: int) -> set[int]:
        """Squares holding figures, except those of the figures ``exclude``."""
        occ = self.occ
        if not exclude:
            return set(occ)
        return {s for s, fi in occ.items() if fi not in exclude}

    def distance(self, a: int, b: int) -> int:
        """Range in spaces between two figures (or a knocked-out hero's token)."""
        return self.enc.board.distance(self.doors, self._where(a), self._where(b))

    def _where(self, fi: int) -> tuple[int, ...]:
        f = self.figs[fi]
        if f.status == "ko":
            return (f.pos,)
        return self.squares(fi)

    def adjacent(self, a: int, b: int) -> bool:
        adj = self.enc.board.adjacency(self.doors)
        sb = self._where(b)
        return any(t in adj[s] or t == s for s in self._where(a) for t in sb)

    def sees(self, a: int, b: int) -> bool:
        """Line of sight between two figures (other figures may block it)."""
        return self.enc.board.sight(self.doors, self.squares(a), self.squares(b), self.occupied(a, b))

    def within(self, a: int, b: int, n: int) -> bool:
        return self.distance(a, b) <= n

    def enemies(self, fi: int) -> list[int]:
        side = self.figs[fi].side
        return [i for i, f in enumerate(self.figs) if f.status == "active" and f.side != side]

    def group_figs(self, g: int) -> list[int]:
        return [i for i, f in enumerate(self.figs) if f.side == "monster" and f.group == g]

    # ================================================================================ narration
    def emit(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        self._events.append(_new_event(Event, (kind, text, None, data, ())))

    def name(self, fi: int) -> str:
        f = self.figs[fi]
        if f.side == "hero":
            return self.enc.lib.heroes[f.stat].name
        return f.id

    # ================================================================================ flow
    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given runs first."""
        self.tasks.extend(tasks[::-1])

    def window(self, name: str, ctx: tuple[Any, ...] = ()) -> None:
        """Open a timing window (it runs before whatever was pushed earlier)."""
        self.tasks.append(("win", name, ctx, 0))

    def ask(self, seat: Seat, kind: str, data: tuple[Any, ...] = (), actions: list[Action] | None = None) -> None:
        """Ask ``seat`` a decision (the flow waits for the answer)."""
        self.pending.append(_new_decision(Decision, (seat, kind, data)))
        self._pre = (seat, actions) if actions is not None else None

    def mod_task(self, module: str, payload: Any) -> Task:
        return ("mod", module, payload)

    def _run(self) -> None:
        tasks = self.tasks
        pending = self.pending
        handlers = _HANDLERS
        quiet = self.enc.quiet
        while tasks and not pending and self.result is None:
            t = tasks.pop()
            k = t[0]
            # the most frequent steps are called directly (compiled, that is a native call), the
            # others through the table
            if k == "win":
                if t[1] in quiet:
                    # what _t_win does for a window nobody listens to: narrate it
                    self._events.append(_new_event(Event, ("window", t[1], (), {"window": t[1], "ctx": list(t[2])},
                                                           ())))
                else:
                    self._t_win(t)
            elif k == "atk":
                self._t_atk(t)
            elif k == "hero-act":
                self._t_hero_act(t)
            elif k == "offer":
                self._t_offer(t)
            elif k == "step":
                self._t_step(t)
            elif k == "monster-act":
                self._t_monster_act(t)
            else:
                handlers[k](self, t)

    def _settle(self) -> None:
        """After the flow stopped: if the decision now asked came with its actions, cache them."""
        pre = self._pre     # (read here, not in _apply, whose ``self._pre = None`` mypy would narrow)
        if pre is not None and self.pending and pre[0] == self.pending[-1].seat:
            self._legal = pre

    def finish(self, side: str, reason: str) -> None:
        """End the encounter: ``side`` (``heroes``/``overlord``) wins."""
        if self.result is not None:
            return
        self.result = (side, reason)
        self.tasks.clear()
        self.pending.clear()
        self.phase = "over"
        self.emit("end", f"The {side} win: {reason}.", {"winner": side, "reason": reason})
        self._events.append(Event("window", "encounter-end", (), {"window": "encounter-end", "ctx": []}))
        for m in self.enc.listeners["encounter-end"]:
            m.on(self, "encounter-end", ())

    # ================================================================================ protocol
    def is_over(self) -> bool:
        return self.result is not None

    # ``to_move``, ``legal_actions`` and ``apply`` do what State's do (they hand anything unusual
    # to them): here they are compiled with the engine, and they run at every decision
    def to_move(self) -> tuple[Seat, ...]:
        pending = self.pending
        if pending and self.result is None:
            return (pending[-1][0],)
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
        if seat is None or type(action) is not Action or action not in self.legal_actions(seat):
            return super().apply(seat, action)      # (parses, names the seat, explains an illegal action)
        self._legal = None
        return self._apply(seat, action)

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        side, reason = self.result
        heroes = tuple(s for s in self.seats if s != "overlord")
        winners = heroes if side == "heroes" else ("overlord",)
        return Outcome(winners, {s: (1.0 if s in winners else 0.0) for s in self.seats}, reason,
                       self.termination())

    def termination(self) -> str:
        """How the encounter ended, one of :data:`TERMINATIONS`: the word for the kind of the
        quest's victory condition that ended it (``""`` while it goes on)."""
        if self.result is None:
            return ""
        side, reason = self.result
        for v in self.enc.quest.victory:
            if v.side == side and v.reason == reason:
                return VICTORY_WORDS[v.when]
        raise ValueError(f"the encounter ended ({side}: {reason}) by no victory condition of its quest")

    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.result is not None or not self.pending:
            return []
        d = self.pending[-1]
        if d.seat != seat:
            return []
        return self.decision_actions(d)

    def decision_actions(self, d: Decision) -> list[Action]:
        kind = d.kind
        if kind == "hero-turn":
            return self._hero_actions(d.data[0])
        if kind == "monster-turn":
            return self._monster_actions(d.data[0])
        if kind == "ol-turn":
            return self._ol_actions()
        if kind == "next-hero":
            return [Action("activate", (self.figs[i].id,)) for i in self.heroes() if not self.figs[i].activated]
        if kind == "surge":
            return [*self._surge_actions(), DONE]
        if kind == "react":
            name, ctx, _k = d.data
            return [*self._offers(d.seat, name, ctx), PASS]
        if kind == "place":
            return [Action("place", (self.enc.board.names[s],)) for s in self._place_squares(d.data[0], d.data[1])]
        if kind.startswith("mod:"):
            return self.enc.by_name[kind.split(":")[1]].decision_actions(self, d)
        raise AssertionError(f"unknown decision {kind}")

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        d = self.pending.pop()
        events: list[Event] = []
        self._events = events
        self._pre = None
        kind = d.kind
        if kind == "hero-turn":
            self._do_turn_action(d.data[0], action, "hero-turn")
        elif kind == "monster-turn":
            self._do_turn_action(d.data[0], action, "monster-turn")
        elif kind == "ol-turn":
            self._do_ol(action)
        elif kind == "next-hero":
            self.tasks.append(("hero-turn", self.ids[str(action.args[0])]))
        elif kind == "surge":
            self._do_surge(action)
        elif kind == "react":
            name, ctx, k = d.data
            if action == PASS:
                self.tasks.append(("offer", name, ctx, k + 1))
            else:
                self.tasks.append(("offer", name, ctx, k))
                self._module_for_offer(seat, name, ctx, action).take(self, seat, name, ctx, action)
        elif kind == "place":
            self._do_place(d.data[0], self.enc.board.index[str(action.args[0])])
        elif kind.startswith("mod:"):
            self.enc.by_name[kind.split(":")[1]].decide(self, d, action)
        self._run()
        self._settle()
        self._events = []
        return events

    # ================================================================================ windows
    def _t_win(self, t: Task) -> None:
        _, name, ctx, i = t
        if i == 0:
            self._events.append(_new_event(Event, ("window", name, (), {"window": name, "ctx": list(ctx)}, ())))
        listeners = self.enc.listeners[name]
        tasks = self.tasks
        while i < len(listeners):
            cont = ("win", name, ctx, i + 1)
            tasks.append(cont)
            n = len(tasks)
            listeners[i].on(self, name, ctx)
            # the flow would pop ``cont`` next: run it here unless the listener pushed work, asked a
            # decision or ended the encounter
            if self.pending or self.result is not None or len(tasks) != n or tasks[-1] is not cont:
                return
            tasks.pop()
            i += 1
        if self.enc.offerers[name] and name != "encounter-end":
            tasks.append(("offer", name, ctx, 0))

    def _offer_seats(self) -> tuple[Seat, ...]:
        t = self.turns[-1] if self.turns else None
        first = self.figs[t.fig].seat if t is not None else ("overlord" if self.phase == "overlord" else self.seats[0])
        return self.enc.offer_order[first]

    def _offers(self, seat: Seat, point: str, ctx: tuple[Any, ...]) -> list[Action]:
        out: list[Action] = []
        for m in self.enc.offerers[point]:
            out.extend(m.offers(self, seat, point, ctx))
        return out

    def _module_for_offer(self, seat: Seat, point: str, ctx: tuple[Any, ...], action: Action) -> Any:
        for m in self.enc.offerers[point]:
            if action in m.offers(self, seat, point, ctx):
                return m
        raise AssertionError(f"no module offered {action}")

    def _t_offer(self, t: Task) -> None:
        _, name, ctx, k = t
        order = self._offer_seats()
        while k < len(order):
            acts = self._offers(order[k], name, ctx)
            if acts:
                acts.append(PASS)
                self.ask(order[k], "react", (name, ctx, k), acts)
                return
            k += 1

    def _t_mod(self, t: Task) -> None:
        self.enc.by_name[t[1]].run(self, t[2])

    # ================================================================================ setup
    def _setup(self) -> None:
        enc = self.enc
        board = enc.board
        for i, h in enumerate(enc.heroes):
            f = Fig(h.id, "hero", h.id, h.seat, (1, 1))
            self._add_fig(f)
            self._place(len(self.figs) - 1, board.square(enc.quest.start[i]), 0)
        for g, spec in enumerate(enc.groups):
            md = enc.lib.monsters[spec.monster]
            k = 0
            for j in range(spec.masters):
                fid = f"{spec.prefix}-m" if spec.masters == 1 else f"{spec.prefix}-m{j + 1}"
                self._add_fig(Fig(fid, "monster", spec.master_stat, "overlord", md.shape, g, True))
                self._place(len(self.figs) - 1, *spec.places[k])
                k += 1
            for j in range(spec.minions):
                self._add_fig(Fig(f"{spec.prefix}-{j + 1}", "monster", spec.minion_stat, "overlord", md.shape, g))
                self._place(len(self.figs) - 1, *spec.places[k])
                k += 1
        for s in enc.quest.search:
            self.tokens[board.square(s)] = "search"
        deck = []
        names = enc.quest.search_deck
        if names is None:
            for c in enc.lib.search.values():
                deck.extend([c.id] * c.count)
        else:
            deck = list(names)
        self.rng.shuffle(deck)
        self.deck = deck
        for counter in enc.quest.counters:
            self.counters[counter.id] = counter.start
        for m in enc.modules:
            v = m.init(self)
            if v is not None:
                self.mods[m.name] = v
        self.push(("win", "encounter-setup", (), 0), ("win", "after-setup", (), 0), ("round-start",))
        self._run()
        self._settle()
        self._events = []

    def _add_fig(self, f: Fig) -> int:
        """Add a figure (rule modules may add agents); it starts off the map."""
        self.figs.append(f)
        self._heroes = None
        self.ids = {**self.ids, f.id: len(self.figs) - 1}     # clones may share the old mapping
        return len(self.figs) - 1

    def _place(self, fi: int, anchor: int, orient: int) -> None:
        f = self.figs[fi]
        self._lift(fi)          # (forgets the cached geometry)
        f.pos, f.orient, f.status = anchor, orient, "active"
        if f.shape == (1, 1):
            self.occ[anchor] = fi
            return
        for s in self.squares(fi):
            self.occ[s] = fi

    def set_doors(self, mask: int) -> None:
        """Open and close doors: bit ``i`` of ``mask`` set means door ``i`` is open."""
        self.doors = mask
        self._geo = {}

    def place(self, fi: int, anchor: int, orient: int = 0) -> None:
        """Put a figure on the map (placement rules are the caller's)."""
        self._place(fi, anchor, orient)

    def _lift(self, fi: int) -> None:
        f = self.figs[fi]
        self._geo = {}
        if f.pos >= 0 and f.status == "active":
            occ = self.occ
            if f.shape == (1, 1):
                if occ.get(f.pos) == fi:
                    del occ[f.pos]
                return
            for s in self.squares(fi):
                if occ.get(s) == fi:
                    del occ[s]

    def fits(self, fi: int, anchor: int, orient: int, ignore: tuple[int, ...] = ()) -> tuple[int, ...] | None:
        """The squares figure ``fi`` would occupy at (anchor, orient), if it may stand there."""
        f = self.figs[fi]
        w, h = f.shape
        if orient:
            w, h = h, w
        board = self.enc.board
        fp = (anchor,) if (w, h) == (1, 1) else board.footprint(self.doors, anchor, w, h)
        if fp is None:
            return None
        for s in fp:
            if not board.passable[s]:
                return None
            o = self.occ.get(s)
            if o is not None and o != fi and o not in ignore:
                return None
        return fp

    # ================================================================================ rounds
    def _t_round_start(self, t: Task) -> None:
        self.round += 1
        self.phase = "heroes"
        for f in self.figs:
            f.activated = False
        self.emit("round", f"Round {self.round} begins.", {"round": self.round})
        self.push(("win", "round-start", (self.round,), 0), ("heroes-phase",))

    def _t_heroes_phase(self, t: Task) -> None:
        left = [i for i in self._heroes or self._find_heroes() if not self.figs[i].activated]
        if not left:
            self.tasks.append(("ol-phase",))
            return
        if self.enc.party and len(left) > 1:
            self.ask("heroes", "next-hero", (), [Action("activate", (self.figs[i].id,)) for i in left])
            return
        self.tasks.append(("hero-turn", left[0]))

    def _t_hero_turn(self, t: Task) -> None:
        fi = t[1]
        f = self.figs[fi]
        self.turns.append(Turn(fi, "hero"))
        f.exhausted.clear()
        self.emit("turn", f"{self.name(fi)}'s turn.", {"figure": f.id})
        self.push(("win", "turn-start", (fi,), 0), ("start-conditions", fi), ("hero-act", fi))

    def _t_hero_act(self, t: Task) -> None:
        fi = t[1]
        turn = self.turns[-1] if self.turns else None
        assert turn is not None and turn.fig == fi
        if turn.ended:
            self.tasks.append(("hero-end", fi))
            return
        acts = self._hero_actions(fi)
        if len(acts) == 1 and acts[0] == END:
            self.tasks.append(("hero-end", fi))
            return
        self.ask(self.figs[fi].seat, "hero-turn", (fi,), acts)

    def _t_hero_end(self, t: Task) -> None:
        fi = t[1]
        self.push(("win", "turn-end", (fi,), 0), ("hero-cleanup", fi))

    def _t_hero_cleanup(self, t: Task) -> None:
        fi = t[1]
        f = self.figs[fi]
        turn = self.turns.pop()
        if "rested" in turn.flags and f.status == "active" and f.fatigue:
            self.emit("rest", f"{self.name(fi)} recovers all fatigue ({f.fatigue}).")
            f.fatigue = 0
        if "immobilized" in f.conds:
            f.conds.remove("immobilized")
            self.emit("condition", f"{self.name(fi)} is no longer Immobilized.")
        f.activated = True
        self.tasks.append(("heroes-phase",))

    def _t_ol_phase(self, t: Task) -> None:
        self.phase = "overlord"
        self.active_group = -1
        self.emit("turn", "The overlord's turn.")
        self.push(("win", "turn-start", (-1,), 0), ("ol-act",))

    def _ol_candidates(self) -> list[int]:
        g = self.active_group
        cands = [i for i, f in enumerate(self.figs)
                 if f.side == "monster" and f.status == "active" and not f.activated]
        if g >= 0:
            same = [i for i in cands if self.figs[i].group == g]
            if same:
                return same
        return cands

    def _ol_actions(self) -> list[Action]:
        return [*(Action("activate", (self.figs[i].id,)) for i in self._ol_candidates()), END]

    def _t_ol_act(self, t: Task) -> None:
        cands = self._ol_candidates()
        if not cands:
            self.tasks.append(("ol-end",))
            return
        self.ask("overlord", "ol-turn", (), [*(Action("activate", (self.figs[i].id,)) for i in cands), END])

    def _do_ol(self, action: Action) -> None:
        if action == END:
            self.tasks.append(("ol-end",))
            return
        fi = self.ids[str(action.args[0])]
        self.active_group = self.figs[fi].group
        self.tasks.append(("monster-turn", fi))

    def _t_monster_turn(self, t: Task) -> None:
        fi = t[1]
        self.turns.append(Turn(fi, "monster"))
        self.emit("activate", f"{self.name(fi)} activates.", {"figure": self.figs[fi].id})
        self.push(("win", "activation-start", (fi,), 0), ("start-conditions", fi), ("monster-act", fi))

    def _t_monster_act(self, t: Task) -> None:
        fi = t[1]
        turn = self.turns[-1] if self.turns else None
        assert turn is not None and turn.fig == fi
        if turn.ended or self.figs[fi].status != "active":
            self.tasks.append(("monster-end", fi))
            return
        acts = self._monster_actions(fi)
        if len(acts) == 1 and acts[0] == END:
            self.tasks.append(("monster-end", fi))
            return
        self.ask("overlord", "monster-turn", (fi,), acts)

    def _t_monster_end(self, t: Task) -> None:
        fi = t[1]
        kind = self.turns[-1].kind
        self.push(("win", "activation-end", (fi,), 0) if kind == "monster" else ("nop",), ("monster-cleanup", fi))

    def _t_monster_cleanup(self, t: Task) -> None:
        fi = t[1]
        f = self.figs[fi]
        turn = self.turns.pop()
        if "immobilized" in f.conds:
            f.conds.remove("immobilized")
            self.emit("condition", f"{self.name(fi)} is no longer Immobilized.")
        if turn.kind == "monster":
            f.activated = True
            self.tasks.append(("ol-act",))

    def _t_ol_end(self, t: Task) -> None:
        self.active_group = -1
        self.push(("win", "turn-end", (-1,), 0), ("round-end",))

    def _t_round_end(self, t: Task) -> None:
        self.push(("win", "round-end", (self.round,), 0), ("round-start",))

    def _t_nop(self, t: Task) -> None:
        pass

    def end_turn(self) -> None:
        """End the acting figure's turn now (its remaining actions and movement are lost)."""
        if self.turns:
            self.turns[-1].ended = True
            self.turns[-1].mp = 0

    def grant_activation(self, fi: int, mp: int, actions: int, flags: tuple[str, ...] = ()) -> None:
        """Give a figure an out-of-turn activation (a rule module's "moves then attacks"): ``mp``
        movement points and ``actions`` actions, asked as ``monster-turn`` decisions; it ends with
        ``end`` and the suspended turn goes on."""
        t = Turn(fi, "extra", actions)
        t.mp = mp
        t.flags.extend(flags)
        self.turns.append(t)
        self.tasks.append(("monster-act", fi))

    # ================================================================================ conditions
    def _t_start_conditions(self, t: Task) -> None:
        fi = t[1]
        f = self.figs[fi]
        if f.status != "active":
            return
        todo: list[Task] = []
        if "poisoned" in f.conds:
            todo.append(("test", fi, "might", ("uncond", fi, "poisoned"), ("suffer", fi, 1, -1), "Poisoned"))
        if "diseased" in f.conds:
            todo.append(("test", fi, "willpower", ("uncond", fi, "diseased"), ("fatigue", fi, 1), "Diseased"))
        if "stunned" in f.conds:
            todo.append(("stun", fi))
        self.push(*todo)

    def _t_stun(self, t: Task) -> None:
        fi = t[1]
        f = self.figs[fi]
        if "stunned" not in f.conds or f.status != "active":
            return
        f.conds.remove("stunned")
        turn = self.turns[-1] if self.turns else None
        if turn is not None and turn.fig == fi:
            turn.actions = max(0, turn.actions - 1)
        self.emit("condition", f"{self.name(fi)} is Stunned: it loses an action and discards Stunned.")

    def add_condition(self, fi: int, cond: str) -> None:
        f = self.figs[fi]
        if f.status != "active" or cond in f.conds:
            return
        f.conds.append(cond)
        self.emit("condition", f"{self.name(fi)} is {cond.capitalize()}.", {"figure": f.id, "condition": cond})

    def remove_condition(self, fi: int, cond: str) -> None:
        f = self.figs[fi]
        if cond in f.conds:
            f.conds.remove(cond)
            self.emit("condition", f"{self.name(fi)} discards {cond.capitalize()}.",
                      {"figure": f.id, "condition": cond})

    def _t_uncond(self, t: Task) -> None:
        self.remove_condition(t[1], t[2])

    def _t_cond(self, t: Task) -> None:
        self.add_condition(t[1], t[2])

    # ================================================================================ harm & healing
    def suffer(self, fi: int, n: int, by: int = -1, what: str = "") -> None:
        """Figure ``fi`` suffers ``n`` damage (hearts); it is defeated at its Health."""
        f = self.figs[fi]
        if n <= 0 or f.status != "active":
            return
        f.damage += n
        hp = self.health(fi)
        self.emit("damage", f"{self.name(fi)} suffers {n} damage{(' (' + what + ')') if what else ''} "
                  f"({max(0, hp - f.damage)}/{hp} Health left).", {"figure": f.id, "amount": n})
        if f.damage >= hp:
            self.defeat(fi, by)

    def suffer_fatigue(self, fi: int, n: int) -> None:
        """Fatigue beyond a hero's Stamina, and any fatigue a monster suffers, is damage instead."""
        f = self.figs[fi]
        if n <= 0 or f.status != "active":
            return
        if f.side != "hero":
            self.suffer(fi, n, -1, "fatigue")
            return
        room = max(0, self.stamina(fi) - f.fatigue)
        take = min(n, room)
        if take:
            f.fatigue += take
            self.emit("fatigue", f"{self.name(fi)} suffers {take} fatigue ({f.fatigue}/{self.stamina(fi)}).",
                      {"figure": f.id, "amount": take})
        if n > take:
            self.suffer(fi, n - take, -1, "fatigue beyond Stamina")

    def recover(self, fi: int, hearts: int = 0, fatigue: int = 0) -> None:
        f = self.figs[fi]
        if f.status != "active":
            return
        h = min(hearts, f.damage)
        fa = min(fatigue, f.fatigue)
        if h:
            f.damage -= h
        if fa:
            f.fatigue -= fa
        if h or fa:
            parts = ([f"{h} damage"] if h else []) + ([f"{fa} fatigue"] if fa else [])
            self.emit("recover", f"{self.name(fi)} recovers {' and '.join(parts)}.", {"figure": f.id})

    def defeat(self, fi: int, by: int = -1) -> None:
        """A hero is knocked out, a monster defeated; opens the ``figure-defeated`` window."""
        f = self.figs[fi]
        if f.status != "active":
            return
        self._lift(fi)
        f.conds.clear()
        if f.side == "hero":
            f.status = "ko"
            f.damage = self.health(fi)
            self.emit("knocked-out", f"{self.name(fi)} is knocked out.", {"figure": f.id})
        else:
            f.status = "defeated"
            f.pos = -1
            f.damage = 0
            self.emit("defeated", f"{self.name(fi)} is defeated.", {"figure": f.id})
        for turn in self.turns:
            if turn.fig == fi:
                turn.ended = True
                turn.mp = 0
        for atk in self.attacks:
            if atk.target == fi:
                atk.defeated = True
        self.window("figure-defeated", (fi, by))

    def _t_suffer(self, t: Task) -> None:
        self.suffer(t[1], t[2], t[3])

    def _t_fatigue(self, t: Task) -> None:
        self.suffer_fatigue(t[1], t[2])

    def _t_emit(self, t: Task) -> None:
        self.emit("info", t[1])

    # ================================================================================ dice & tests
    def face(self, die: str, n: int) -> Face:
        return self.enc.lib.dice[die][n - 1]

    def roll(self, dice: list[str]) -> list[int]:
        return [self.rng.roll(6) for _ in dice]

    def test(self, fi: int, attr: str, on_pass: Task | None, on_fail: Task | None, label: str = "") -> None:
        """Push an attribute test: roll 1 gray and 1 black die; the figure passes if the shields
        rolled do not exceed the attribute. Monsters automatically fail."""
        self.tasks.append(("test", fi, attr, on_pass, on_fail, label))

    def _t_test(self, t: Task) -> None:
        _, fi, attr, on_pass, on_fail, label = t
        what = f" ({label})" if label else ""
        if self.attribute(fi, attr) is None:
            self.emit("test", f"{self.name(fi)} automatically fails a {attr.capitalize()} test{what}.")
            if on_fail is not None:
                self.tasks.append(on_fail)
            return
        faces = self.roll(["gray", "black"])
        self.tests.append([fi, attr, faces, label])
        self.push(("win", "test-after-roll", (len(self.tests) - 1,), 0), ("test-end", on_pass, on_fail))

    def test_shields(self, k: int = -1) -> int:
        t = self.tests[k]
        return self.face("gray", t[2][0]).shields + self.face("black", t[2][1]).shields

    def test_passes(self, k: int = -1) -> bool:
        t = self.tests[k]
        value = self.attribute(t[0], t[1])
        return value is not None and self.test_shields(k) <= value

    def _t_test_end(self, t: Task) -> None:
        _, on_pass, on_fail = t
        k = len(self.tests) - 1
        fi, attr, faces, label = self.tests[k]
        ok = self.test_passes(k)
        shields = self.test_shields(k)
        self.tests.pop()
        what = f" ({label})" if label else ""
        self.emit("test", f"{self.name(fi)} tests {attr.capitalize()}{what}: {shields} shields against "
                  f"{self.attribute(fi, attr)}, {'passes' if ok else 'fails'}.",
                  {"figure": self.figs[fi].id, "attribute": attr, "faces": faces, "passed": ok})
        nxt = on_pass if ok else on_fail
        if nxt is not None:
            self.tasks.append(nxt)

    # ================================================================================ movement
    def _blocked(self, fi: int) -> list[int]:
        """The squares figure ``fi`` may not enter because an enemy stands there (a monster with
        Scamper moves through enemies)."""
        f = self.figs[fi]
        if f.side == "monster" and "scamper" in self.stat(fi).abilities:
            return []
        key = ("blocked", f.side)
        got: list[int] | None = self._geo.get(key)
        if got is None:
            figs = self.figs
            side = f.side
            got = self._geo[key] = [s for s, o in self.occ.items() if figs[o].side != side]
        return got

    def _extra_cost(self, fi: int) -> dict[int, int] | None:
        if not self.surcharge:
            return None
        side = self.figs[fi].side
        tiles = self.enc.board.tiles
        out: dict[int, int] = {}
        for s_side, tile, amount in self.surcharge:
            if s_side == side:
                for s in tiles.get(tile, ()):
                    out[s] = out.get(s, 0) + amount
        return out or None

    def moves(self, fi: int, mp: int | None = None, paths: bool = False, want: Action | None = None
              ) -> dict[Action, tuple[tuple[int, ...], int, int, int]]:
        """Where figure ``fi`` may move with its movement points: ``move`` action -> (path of squares
        entered, cost, anchor, orientation); the paths of small figures only if ``paths``. With
        ``want``, a small figure's result holds at most that action (the others are skipped)."""
        turn = self.turns[-1] if self.turns else None
        if mp is None:
            mp = turn.mp if turn is not None else 0
        if mp <= 0:
            return {}
        f = self.figs[fi]
        if f.shape != (1, 1):
            table = self._large_moves(fi, mp)
            return dict(table) if paths else {k: ((), c, a, o) for k, (_, c, a, o) in table.items()}
        board = self.enc.board
        best, order, _ = self._small_reach(fi, mp)
        occ = self.occ
        out: dict[Action, tuple[tuple[int, ...], int, int, int]] = {}
        if want is not None:
            arg = want.args[0] if want.name == "move" and len(want.args) == 1 else None
            s = board.index.get(arg, -1) if isinstance(arg, str) else -1
            if s in best and s != f.pos and s not in occ:
                out[want] = (tuple(board.path_to(best, s)) if paths else (), best[s][0], s, 0)
            return out
        acts = board.move_actions
        pos = f.pos
        for s in order:
            if s == pos or s in occ:
                continue
            out[acts[s]] = (tuple(board.path_to(best, s)) if paths else (), best[s][0], s, 0)
        return out

    def _geo_key(self, kind: str, fi: int, mp: int) -> tuple[tuple[Any, ...], dict[int, int] | None]:
        if not self.surcharge:
            return (kind, fi, mp, self.doors, self.figs[fi].stat), None
        extra = self._extra_cost(fi)
        return (kind, fi, mp, self.doors, self.figs[fi].stat, tuple(sorted(extra.items())) if extra else None), extra

    def _small_reach(self, fi: int, mp: int) -> tuple[dict[int, tuple[int, int, int]], tuple[int, ...], list[Action]]:
        """A small figure's routes with ``mp`` movement points (see :meth:`Board.reach`), their
        squares in ascending order and its ``move <square>`` actions (cached until a figure or a
        door moves: do not mutate)."""
        key, extra = self._geo_key("small", fi, mp)
        got = self._geo.get(key)
        if got is None:
            f = self.figs[fi]
            board = self.enc.board
            best, order = board.reach(self.doors, (f.pos,), mp, self._blocked(fi), extra)
            occ = self.occ
            pos = f.pos
            acts = board.move_actions
            # (plain loops: compiled, they beat map/filterfalse, which pure Python favours)
            dests = [acts[s] for s in order if s != pos and s not in occ]
            got = (best, order, dests)
            self._geo[key] = got
        return got

    def _large_moves(self, fi: int, mp: int) -> dict[Action, tuple[tuple[int, ...], int, int, int]]:
        """A large figure's :meth:`moves` with paths (cached until a figure or a door moves: do not
        mutate)."""
        key, extra = self._geo_key("large", fi, mp)
        got = self._geo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        f = self.figs[fi]
        board = self.enc.board
        out: dict[Action, tuple[tuple[int, ...], int, int, int]] = {}
        own = self.squares(fi)
        best = board.reach(self.doors, own, mp, self._blocked(fi), extra)[0]
        nb = board.move_neighbors(self.doors)
        # the cost of *entering* each square, and the path that does it; a large figure moves as
        # if it were small from one of its squares, and may re-enter its own squares
        enter: dict[int, tuple[int, int]] = {}      # square -> (cost, the square it is entered from)
        for s, (c, _, prev) in best.items():
            if prev != -1:
                enter[s] = (c, prev)
        for s in own:
            for u in nb[s]:
                if u in best:
                    c = best[u][0] + board.cost[s] + (extra.get(s, 0) if extra else 0)
                    if c <= mp and (s not in enter or c < enter[s][0]):
                        enter[s] = (c, u)
        w0, h0 = f.shape
        shapes = ((0, w0, h0),) if w0 == h0 else ((0, w0, h0), (1, h0, w0))
        seen: set[tuple[int, int]] = set()
        doors = self.doors
        taken = {s for s, o in self.occ.items() if o != fi}         # the other figures' squares
        rank = {q: (c, q) for q, (c, _) in enter.items()}
        here = (f.pos, f.orient)
        for s in sorted(enter):
            for o, w, h in shapes:
                for anchor in board.covering(s, w, h):
                    spot = (anchor, o)
                    if spot in seen or spot == here:
                        continue
                    seen.add(spot)
                    # what fits(fi, anchor, o) checks: on spaces, no wall inside, passable, free
                    fp = board.open_footprint(doors, anchor, w, h)
                    if fp is None or not taken.isdisjoint(fp):
                        continue
                    c, q = min(map(rank.__getitem__, filter(rank.__contains__, fp)))
                    out[board.large_move(anchor, fp[-1])] = ((*board.path_to(best, enter[q][1]), q), c, anchor, o)
        self._geo[key] = out
        return out

    def _move_actions(self, fi: int) -> list[Action]:
        """The ``move <square>`` actions of figure ``fi`` now: the keys of :meth:`moves`, cheaper
        (do not mutate)."""
        turn = self.turns[-1] if self.turns else None
        mp = turn.mp if turn is not None else 0
        if mp <= 0:
            return []
        if self.figs[fi].shape != (1, 1):
            return list(self._large_moves(fi, mp))
        return self._small_reach(fi, mp)[2]

    def _t_step(self, t: Task) -> None:
        """A small figure enters the next space of its path."""
        _, fi, path, i = t
        f = self.figs[fi]
        turn = self.turns[-1] if self.turns else None
        if f.status != "active" or turn is None or turn.ended or turn.fig != fi:
            return
        board = self.enc.board
        extra = self._extra_cost(fi)
        occ = self.occ
        # when nobody listens to enter-space and the space deals no damage, nothing can happen
        # between the step's window and the next step: take the next step here (same events)
        quiet = "enter-space" in self.enc.quiet
        while True:
            s = path[i]
            turn.mp = max(0, turn.mp - board.cost[s] - (extra.get(s, 0) if extra else 0))
            o = occ.get(s)
            if o is not None and o != fi:
                self._lift(fi)      # passing through a friendly figure's space
                f.pos = s
            else:
                self._place(fi, s, 0)
            if "moved" not in turn.flags:
                turn.flags.append("moved")
            stop = board.stops[s]
            if stop:
                turn.mp = 0
            elif i + 1 < len(path):
                if quiet and not board.damage[s]:
                    self._events.append(_new_event(Event, ("window", "enter-space", (),
                                                           {"window": "enter-space", "ctx": [fi, s]}, ())))
                    i += 1
                    continue
                self.tasks.append(("step", fi, path, i + 1))
            self.window("enter-space", (fi, s))
            if board.damage[s]:
                self.suffer(fi, board.damage[s], -1, board.terrain[s])
            return

    def _t_lmove(self, t: Task) -> None:
        """A large figure moves as if it were small along ``path``, then is placed."""
        _, fi, path, i, anchor, orient = t
        f = self.figs[fi]
        turn = self.turns[-1] if self.turns else None
        if f.status != "active":
            return
        if i < len(path):
            self.tasks.append(("lmove", fi, path, i + 1, anchor, orient))
            self.window("enter-space", (fi, path[i]))
            return
        if self.fits(fi, anchor, orient) is None:
            self.emit("info", f"{self.name(fi)} cannot be placed there any more and stays put.")
            return
        self._place(fi, anchor, orient)
        if turn is not None and "moved" not in turn.flags:
            turn.flags.append("moved")
        dmg = sum(self.enc.board.damage[s] for s in path)
        if dmg:
            self.suffer(fi, dmg, -1, "terrain")

    def move_figure(self, fi: int, action: Action) -> None:
        """Spend movement points along the path of a ``move <square>`` action (see :meth:`moves`)."""
        path, cost, anchor, orient = self.moves(fi, paths=True, want=action)[action]
        f = self.figs[fi]
        names = self.enc.board.names
        self.emit("move", f"{self.name(fi)} moves to {action.args[0]} ({cost} movement point"
                  f"{'s' if cost != 1 else ''}).", {"figure": f.id, "path": [names[s] for s in path]})
        if f.shape == (1, 1):
            if path:
                self.tasks.append(("step", fi, path, 0))
        else:
            turn = self.turns[-1] if self.turns else None
            assert turn is not None
            turn.mp -= cost
            self.tasks.append(("lmove", fi, path, 0, anchor, orient))

    # ================================================================================ attacks
    def attack_targets(self, fi: int, melee: bool | None = None) -> list[int]:
        """The figures ``fi`` may attack with its own attack (melee: adjacent, or within 2 spaces in
        line of sight with Reach; ranged: in line of sight at any distance)."""
        return list(self._targets(fi, melee))

    def _targets(self, fi: int, melee: bool | None = None) -> tuple[int, ...]:
        """:meth:`attack_targets`, cached until a figure or a door moves."""
        f = self.figs[fi]
        st = self.enc.stats[f.stat]
        if melee is None:
            melee = st.attack == "melee"
        key = ("targets", fi, melee, self.doors, f.stat)
        got: tuple[int, ...] | None = self._geo.get(key)
        if got is None:
            got = self._geo[key] = self._find_targets(fi, st, melee)
        return got

    def target_actions(self, fi: int, name: str, melee: bool | None = None) -> tuple[Action, ...]:
        """``<name> <figure>`` for each of :meth:`attack_targets` (cached until a figure or a door
        moves)."""
        key = ("target-actions", name, fi, melee, self.doors, self.figs[fi].stat)
        got: tuple[Action, ...] | None = self._geo.get(key)
        if got is None:
            figs = self.figs
            got = self._geo[key] = tuple([_action(name, figs[x].id) for x in self._targets(fi, melee)])
        return got

    def _find_targets(self, fi: int, st: Stat, melee: bool) -> tuple[int, ...]:
        mine = self.squares(fi)
        if not mine:
            return ()
        board = self.enc.board
        doors = self.doors
        adj = board.adjacency(doors)
        near = adj[mine[0]] if len(mine) == 1 else frozenset().union(*(adj[s] for s in mine))
        ranged = not melee
        reach = melee and "reach" in st.abilities
        figs = self.figs
        side = figs[fi].side
        others: set[int] | None = None      # squares of figures other than ``fi`` (for sight)
        one = ranged and len(mine) == 1     # a small figure's ranged attack
        table = board.los_table(doors)
        row = mine[0] * board.size
        out = []
        for e, f in enumerate(figs):
            if f.status != "active" or f.side == side:
                continue
            if f.shape == (1, 1):
                if f.pos < 0:
                    continue                # off the map: nothing reaches it
                if f.pos in near:
                    out.append(e)
                    continue
                if not (ranged or reach):
                    continue
                if one:
                    # Board.sight for two small figures, inlined
                    if others is None:
                        others = set(self.occ).difference(mine)
                    b = f.pos
                    lines = table[row + b]
                    if lines is None:
                        lines = table[row + b] = board.los_lines(doors, mine[0], b)
                    for blockers in lines:
                        if not blockers or blockers.isdisjoint(others):
                            out.append(e)
                            break
                    continue
                theirs: tuple[int, ...] = (f.pos,)
            else:
                theirs = self.squares(e)
                if not near.isdisjoint(theirs):
                    out.append(e)
                    continue
                if not (ranged or reach):
                    continue
            if reach and board.distance(doors, mine, theirs) > 2:
                continue
            if others is None:
                others = set(self.occ).difference(mine)
            # a line's blockers never hold its own end points: a small target's square need not
            # be taken out of ``others``, a large target's other squares must
            if board.sight(doors, mine, theirs, others if len(theirs) == 1 else others.difference(theirs)):
                out.append(e)
        return tuple(out)

    def start_attack(self, attacker: int, target: int, *, source: str, melee: bool, dice: tuple[str, ...] | list[str],
                     abilities: tuple[Any, ...] | list[Any], bonus_hearts: int = 0, pierce: int = 0,
                     flags: tuple[str, ...] = ()) -> Attack:
        """Begin an attack (pushes its steps); returns the attack in progress."""
        atk = Attack(attacker, target, melee, source, list(dice))
        atk.abilities = [list(a) for a in abilities]
        atk.bonus_hearts = bonus_hearts
        atk.pierce = pierce
        atk.flags = list(flags)
        atk.def_dice = list(self.stat(target).defense)
        atk.distance = self.distance(attacker, target)
        self.attacks.append(atk)
        turn = self.turns[-1] if self.turns else None
        if turn is not None and turn.fig == attacker:
            turn.attacks += 1
            if "attacked" not in turn.flags:
                turn.flags.append("attacked")
        self.tasks.append(("atk",))
        return atk

    def own_attack(self, fi: int, target: int, *, bonus_hearts: int = 0, source: str | None = None) -> Attack:
        """``fi`` attacks ``target`` with its weapon (a hero) or its own dice (a monster)."""
        st = self.stat(fi)
        f = self.figs[fi]
        if f.side == "hero":
            spec = next(h for h in self.enc.heroes if h.id == f.id)
            src = source or spec.weapon
        else:
            src = source or st.key
        return self.start_attack(fi, target, source=src, melee=st.attack == "melee", dice=st.dice,
                                 abilities=st.surges, bonus_hearts=bonus_hearts)

    def atk_totals(self, atk: Attack) -> tuple[int, int, int, bool]:
        """(hearts, range, surges, an X was rolled) of the attack roll, bonuses included."""
        hearts = atk.bonus_hearts
        rng = atk.bonus_range
        surges = atk.extra_surges
        miss = False
        dice = self.enc.lib.dice
        for d, n in zip(atk.dice, atk.faces, strict=True):
            fc = dice[d][n - 1]
            hearts += fc.hearts
            rng += fc.range
            surges += fc.surges
            miss = miss or fc.miss
        return hearts, rng, surges, miss

    def atk_shields(self, atk: Attack) -> int:
        dice = self.enc.lib.dice
        return atk.bonus_shields + sum(dice[d][n - 1].shields for d, n in zip(atk.def_dice, atk.def_faces, strict=True))

    def surges_left(self, atk: Attack) -> int:
        return self.atk_totals(atk)[2] - atk.spent

    def _may_spend_surges(self, atk: Attack) -> bool:
        if atk.no_surges:
            return False
        fi = atk.attacker
        st = self.stat(fi)
        if "cowardly" in st.abilities:
            g = self.figs[fi].group
            return any(self.figs[m].master and self.figs[m].status == "active" and self.within(fi, m, 3)
                       for m in self.group_figs(g))
        return True

    def _surge_actions(self) -> list[Action]:
        atk = self.attack
        if atk is None or not self._may_spend_surges(atk):
            return []
        left = self.surges_left(atk)
        if left <= 0:
            return []
        f = self.figs[atk.attacker]
        out = []
        for sid, effect, _value, cost in atk.abilities:
            if sid in atk.used or cost > left:
                continue
            if effect == "runic" and (f.side != "hero" or f.fatigue >= self.stamina(atk.attacker)):
                continue
            out.append(Action("surge", (sid,)))
        return out

    def _do_surge(self, action: Action) -> None:
        atk = self.attack
        assert atk is not None
        if action == DONE:
            atk.stage = 4
            self.tasks.append(("atk",))
            return
        sid = str(action.args[0])
        ab = next(a for a in atk.abilities if a[0] == sid)
        _, effect, value, cost = ab
        atk.used.append(sid)
        atk.spent += cost
        if effect == "heart":
            atk.bonus_hearts += value
        elif effect == "range":
            atk.bonus_range += value
        elif effect == "pierce":
            atk.pierce += value
        elif effect in SURGE_CONDITION:
            atk.conditions.append(SURGE_CONDITION[effect])
        elif effect == "mend":
            atk.mend += value
        elif effect == "recover-fatigue":
            atk.recover_fatigue += value
        elif effect == "recover-heart":
            atk.recover_heart += value
        elif effect == "runic":
            self.suffer_fatigue(atk.attacker, 1)
            atk.bonus_hearts += 2
        self.emit("surge", f"{self.name(atk.attacker)} spends {cost} surge{'s' if cost > 1 else ''}: {sid}.",
                  {"ability": sid})
        self.tasks.append(("atk",))

    def _t_atk(self, t: Task) -> None:
        atk = self.attacks[-1]
        stage = atk.stage
        a, d = atk.attacker, atk.target
        if stage == 0:
            kind = "melee" if atk.melee else "ranged"
            self.emit("attack", f"{self.name(a)} attacks {self.name(d)} ({kind}, {'+'.join(atk.dice)}).",
                      {"attacker": self.figs[a].id, "target": self.figs[d].id, "source": atk.source})
            atk.stage = 1
            self.push(("win", "attack-declared", (), 0), ("atk",))
        elif stage == 1:
            atk.stage = 2
            self.push(("win", "attack-before-roll", (), 0), ("atk",))
        elif stage == 2:
            atk.faces = self.roll(atk.dice)
            self.emit("roll", f"Attack roll: {self.describe_faces(atk.dice, atk.faces)}.",
                      {"dice": atk.dice, "faces": atk.faces})
            atk.stage = 3
            self.push(("win", "attack-after-roll", (), 0), ("atk",))
        elif stage == 3:
            acts = [] if self.atk_totals(atk)[3] else self._surge_actions()   # an X: nothing to spend on
            if acts:
                acts.append(DONE)
                self.ask(self.figs[a].seat, "surge", (), acts)
            else:
                atk.stage = 4
                self.tasks.append(("atk",))
        elif stage == 4:
            _hearts, rng, _surges, miss = self.atk_totals(atk)
            why = ""
            if miss:
                why = "an X was rolled"
            elif not atk.melee and rng < atk.distance:
                why = f"range {rng} is short of {atk.distance}"
            if why:
                atk.missed = True
                self.emit("miss", f"The attack misses: {why}.")
                atk.stage = 9
                self.tasks.append(("atk",))
            else:
                atk.stage = 5
                self.push(("win", "attack-before-defense", (), 0), ("atk",))
        elif stage == 5:
            atk.def_faces = self.roll(atk.def_dice)
            self.emit("defense", f"{self.name(d)} rolls defense: {self.describe_faces(atk.def_dice, atk.def_faces)}.",
                      {"dice": atk.def_dice, "faces": atk.def_faces})
            atk.stage = 6
            self.push(("win", "attack-after-defense", (), 0), ("atk",))
        elif stage == 6:
            hearts = self.atk_totals(atk)[0]
            shields = self.atk_shields(atk)
            atk.damage = max(0, hearts - max(0, shields - atk.pierce))
            atk.stage = 7
            self.push(("win", "attack-before-damage", (), 0), ("atk",))
        elif stage == 7:
            hearts = self.atk_totals(atk)[0]
            shields = self.atk_shields(atk)
            self.emit("hit", f"{hearts} heart{'s' if hearts != 1 else ''} against {shields} "
                      f"shield{'s' if shields != 1 else ''}"
                      f"{f' (Pierce {atk.pierce})' if atk.pierce else ''}: {atk.damage} damage.",
                      {"hearts": hearts, "shields": shields, "pierce": atk.pierce, "damage": atk.damage})
            atk.stage = 8
            self.tasks.append(("atk",))
            if atk.damage > 0:
                self.suffer(d, atk.damage, a)
                if self.figs[d].status == "active":
                    for c in atk.conditions:
                        self.add_condition(d, c)
        elif stage == 8:
            if self.figs[a].status == "active":
                heal = atk.mend + atk.recover_heart
                if heal or atk.recover_fatigue:
                    self.recover(a, heal, atk.recover_fatigue)
            atk.stage = 9
            self.push(("win", "attack-after-damage", (), 0), ("atk",))
        elif stage == 9:
            atk.stage = 10
            self.push(("win", "attack-resolved", (), 0), ("atk",))
        else:
            self.attacks.pop()

    def describe_faces(self, dice: list[str], faces: list[int]) -> str:
        parts = []
        for d, n in zip(dice, faces, strict=True):
            fc = self.face(d, n)
            if fc.miss:
                what = "X"
            elif self.enc.lib.die_kind[d] == "defense":
                what = f"{fc.shields} shield{'s' if fc.shields != 1 else ''}"
            else:
                bits = []
                if fc.range:
                    bits.append(f"range {fc.range}")
                if fc.hearts:
                    bits.append(f"{fc.hearts} heart{'s' if fc.hearts != 1 else ''}")
                if fc.surges:
                    bits.append(f"{fc.surges} surge{'s' if fc.surges != 1 else ''}")
                what = ", ".join(bits) or "blank"
            parts.append(f"{d} ({what})")
        return "; ".join(parts)

    # ================================================================================ hero turns
    def _hero_actions(self, fi: int) -> list[Action]:
        f = self.figs[fi]
        turn = self.turns[-1]
        if f.status == "ko":
            return [STAND]
        act = turn.actions > 0
        immob = "immobilized" in f.conds
        out: list[Action] = [MOVE] if act and not immob else []
        if turn.mp > 0:
            out.extend(self._move_actions(fi))
        enc = self.enc
        if not immob and f.fatigue < enc.lib.heroes[f.stat].stamina:
            out.append(FATIGUE)
        bonus = enc.two_hero_rule and "bonus" not in turn.flags
        if act or bonus:
            # attack, bonus-attack, revive and door actions: cached until a figure or a door moves
            menu = self._geo.get(("hero-menu", fi, self.doors, f.stat))
            if menu is None:
                menu = self._geo[("hero-menu", fi, self.doors, f.stat)] = (
                    self.target_actions(fi, "attack"), self.target_actions(fi, "bonus-attack"),
                    self._place_actions(fi))
            if act:
                out.extend(menu[0])
            if bonus:
                out.extend(menu[1])
                if f.damage > 0:
                    out.append(BONUS_RECOVER)
            if act:
                if "rested" not in turn.flags:
                    out.append(REST)
                if self.tokens:
                    out.extend(Action("search", (enc.board.names[s],)) for s in self.searchable(fi))
                out.extend(menu[2])
        for m in enc.offerers["hero-turn"]:
            out.extend(m.offers(self, f.seat, "hero-turn", (fi,)))
        out.append(END)
        return out

    def searchable(self, fi: int, within: int = 1) -> list[int]:
        """The squares of the search tokens figure ``fi`` may search (adjacent or its own), or
        that lie within ``within`` spaces."""
        if not self.tokens:
            return []
        key = ("searchable", fi, within, self.doors, len(self.tokens))
        got: list[int] | None = self._geo.get(key)
        if got is None:
            got = self._geo[key] = self._searchable(fi, within)
        return list(got)

    def _searchable(self, fi: int, within: int) -> list[int]:
        pos = self.figs[fi].pos
        board = self.enc.board
        if within <= 1:
            adj = board.adjacency(self.doors)[pos]
            return [s for s, kind in sorted(self.tokens.items()) if kind == "search" and (s == pos or s in adj)]
        dist = board.dist_from(self.doors, pos)
        return [s for s, kind in sorted(self.tokens.items()) if kind == "search" and dist[s] <= within]

    def heroes_near(self, fi: int) -> tuple[int, ...]:
        """The active heroes that are ``fi`` or adjacent to it (cached until a figure or a door
        moves)."""
        key = ("heroes-near", fi, self.doors)
        got: tuple[int, ...] | None = self._geo.get(key)
        if got is None:
            figs = self.figs
            f = figs[fi]
            heroes = self._heroes or self._find_heroes()
            if f.shape == (1, 1) and f.pos >= 0 and all(figs[h].shape == (1, 1) for h in heroes):
                # adjacent(fi, h) of small figures: h stands next to fi or on its square
                pos = f.pos
                near = self.enc.board.adjacency(self.doors)[pos]
                got = tuple(h for h in heroes if figs[h].status == "active"
                            and (h == fi or figs[h].pos in near or figs[h].pos == pos))
            else:
                got = tuple(h for h in heroes if figs[h].status == "active" and (h == fi or self.adjacent(fi, h)))
            self._geo[key] = got
        return got

    def revivable(self, fi: int) -> list[int]:
        return [h for h in self._heroes or self._find_heroes() if self.figs[h].status == "ko" and self.adjacent(fi, h)]

    def _place_actions(self, fi: int) -> tuple[Action, ...]:
        """A hero's ``revive`` and door actions (cached until a figure or a door moves)."""
        key = ("place-actions", fi, self.doors)
        got: tuple[Action, ...] | None = self._geo.get(key)
        if got is None:
            figs = self.figs
            got = self._geo[key] = (*(Action("revive", (figs[h].id,)) for h in self.revivable(fi)),
                                    *self._door_actions(fi))
        return got

    def _door_actions(self, fi: int) -> list[Action]:
        board = self.enc.board
        if not board.door_ids:
            return []
        pos = self.figs[fi].pos
        out = []
        for i, edges in enumerate(board.door_edges):
            if any(pos in e for e in edges):
                is_open = (self.doors >> i) & 1
                out.append(Action("close" if is_open else "open", (board.door_ids[i],)))
        return out

    def _do_turn_action(self, fi: int, action: Action, point: str) -> None:
        turn = self.turns[-1]
        name = action.name
        f = self.figs[fi]
        cont: Task = ("hero-act", fi) if point == "hero-turn" else ("monster-act", fi)
        if name == "end":
            turn.ended = True
            self.tasks.append(cont)
            return
        self.tasks.append(cont)
        if name == "move" and not action.args:
            turn.actions -= 1
            turn.move_actions += 1
            speed = self.stat(fi).speed
            turn.mp += speed
            self.emit("action", f"{self.name(fi)} moves: +{speed} movement points.")
            self.window("action-performed", (fi, "move"))
            return
        if name == "move":
            self.move_figure(fi, action)
            return
        if name == "fatigue":
            self.suffer_fatigue(fi, 1)
            turn.mp += 1
            return
        if name in ("attack", "bonus-attack"):
            target = self.ids[str(action.args[0])]
            if name == "attack":
                turn.actions -= 1
            else:
                turn.flags.append("bonus")
            self.window("action-performed", (fi, "attack"))
            self.own_attack(fi, target)
            return
        if name == "bonus-recover":
            turn.flags.append("bonus")
            self.recover(fi, hearts=2)
            return
        if name == "rest":
            turn.actions -= 1
            turn.flags.append("rested")
            self.emit("action", f"{self.name(fi)} rests.")
            self.window("action-performed", (fi, "rest"))
            return
        if name == "search":
            turn.actions -= 1
            self.window("action-performed", (fi, "search"))
            self.search(fi, self.enc.board.index[str(action.args[0])])
            return
        if name == "revive":
            turn.actions -= 1
            self.window("action-performed", (fi, "revive"))
            self._stand_up(self.ids[str(action.args[0])], reviver=fi)
            return
        if name in ("open", "close"):
            turn.actions -= 1
            i = self.enc.board.door_ids.index(str(action.args[0]))
            self.set_doors(self.doors | 1 << i if name == "open" else self.doors & ~(1 << i))
            self.emit("door", f"{self.name(fi)} {'opens' if name == 'open' else 'closes'} the "
                      f"{self.enc.board.door_names[i]}.", {"door": self.enc.board.door_ids[i], "open": name == "open"})
            self.window("action-performed", (fi, name))
            return
        if name == "stand":
            turn.ended = True
            self._stand_up(fi, reviver=-1)
            return
        if point == "monster-turn" and name in ("howl", "grab", "throw"):
            self._monster_special(fi, action)
            return
        for m in self.enc.offerers[point]:
            if action in m.offers(self, f.seat, point, (fi,)):
                m.take(self, f.seat, point, (fi,), action)
                return
        raise AssertionError(f"unhandled action {action}")

    def search(self, fi: int, square: int) -> None:
        """``fi`` searches the token on ``square``: it is removed and the hero draws a Search card."""
        del self.tokens[square]
        self._geo = {}
        card = self.deck.pop(0) if self.deck else "nothing"
        name = self.enc.lib.search[card].name
        if card != "nothing":
            self.figs[fi].items.append(card)
        self.emit("search", f"{self.name(fi)} searches and finds: {name}.", {"figure": self.figs[fi].id, "card": card})

    def _stand_up(self, fi: int, reviver: int) -> None:
        """Stand up (the knocked-out hero's turn) or revive (an adjacent hero's action): roll 2 red
        dice; the hero recovers hearts equal to the hearts rolled and fatigue equal to the surges."""
        f = self.figs[fi]
        faces = self.roll(["red", "red"])
        hearts = sum(self.face("red", n).hearts for n in faces)
        surges = sum(self.face("red", n).surges for n in faces)
        spot = self._nearest_free(f.pos)
        f.status = "active"
        self._place(fi, spot, 0)
        f.damage = max(0, self.health(fi) - hearts)
        f.fatigue = max(0, f.fatigue - surges)
        who = f"{self.name(reviver)} revives {self.name(fi)}" if reviver >= 0 else f"{self.name(fi)} stands up"
        self.emit("stand", f"{who}: {self.describe_faces(['red', 'red'], faces)}; {hearts} Health, "
                  f"{surges} fatigue recovered.", {"figure": f.id, "faces": faces})

    def _nearest_free(self, square: int) -> int:
        board = self.enc.board
        if square not in self.occ and board.passable[square]:
            return square
        dist = board.dist_from(self.doors, square)
        best = min((dist[s], s) for s in board.spaces if board.passable[s] and s not in self.occ)
        return best[1]

    # ================================================================================ monster turns
    def _monster_actions(self, fi: int) -> list[Action]:
        f = self.figs[fi]
        turn = self.turns[-1]
        st = self.stat(fi)
        out: list[Action] = []
        act = turn.actions > 0
        limit = 1 if "shambling" in st.abilities else 2
        if act and "immobilized" not in f.conds and turn.move_actions < limit and turn.kind != "extra":
            out.append(MOVE)
        if turn.mp > 0:
            out.extend(self._move_actions(fi))
        if act and turn.attacks == 0:
            out.extend(self.target_actions(fi, "attack"))
            if turn.kind != "extra":
                out.extend(self._special_actions(fi))
        for m in self.enc.offerers["monster-turn"]:
            out.extend(m.offers(self, "overlord", "monster-turn", (fi,)))
        out.append(END)
        return out

    def _special_actions(self, fi: int) -> tuple[Action, ...]:
        """Howl, Grab and Throw (cached until a figure or a door moves)."""
        key = ("special", fi, self.doors, self.figs[fi].stat)
        got: tuple[Action, ...] | None = self._geo.get(key)
        if got is None:
            got = self._geo[key] = tuple(self._find_special_actions(fi))
        return got

    def _find_special_actions(self, fi: int) -> list[Action]:
        st = self.stat(fi)
        out = []
        if "howl" in st.abilities and any(self.within(fi, h, 3) for h in self._heroes or self._find_heroes()
                                          if self.figs[h].status == "active"):
            out.append(Action("howl"))
        for ab in ("grab", "throw"):
            if ab in st.abilities:
                out.extend(Action(ab, (self.figs[h].id,)) for h in self._heroes or self._find_heroes()
                           if self.figs[h].status == "active" and self.adjacent(fi, h))
        return out

    def _monster_special(self, fi: int, action: Action) -> None:
        turn = self.turns[-1]
        turn.actions -= 1
        turn.attacks += 1
        name = action.name
        self.emit("action", f"{self.name(fi)} uses {name.capitalize()}.")
        self.window("action-performed", (fi, name))
        if name == "howl":
            todo = [("test", h, "willpower", None, ("fatigue", h, 1), "Howl") for h in self.heroes()
                    if self.figs[h].status == "active" and self.within(fi, h, 3)]
            self.push(*todo)
        elif name == "grab":
            h = self.ids[str(action.args[0])]
            self.test(h, "might", None, ("cond", h, "immobilized"), "Grab")
        elif name == "throw":
            h = self.ids[str(action.args[0])]
            self.test(h, "might", None, ("throw", h, fi), "Throw")

    def _t_throw(self, t: Task) -> None:
        _, h, by = t
        self.suffer(h, 1, by, "Throw")
        if self.figs[h].status == "active" and self._place_squares(h, 3):
            self.ask("overlord", "place", (h, 3), [Action("place", (self.enc.board.names[s],))
                                                 for s in self._place_squares(h, 3)])

    def _place_squares(self, fi: int, n: int) -> list[int]:
        board = self.enc.board
        pos = self.figs[fi].pos
        dist = board.dist_from(self.doors, pos)
        return [s for s in board.spaces if 0 < dist[s] <= n and board.passable[s] and s not in self.occ]

    def _do_place(self, fi: int, square: int) -> None:
        self._place(fi, square, 0)
        self.emit("place", f"{self.name(fi)} is thrown to {self.enc.board.names[square]}.")

    # ================================================================================ information
    def to_json(self) -> JSON:
        names = self.enc.board.names
        return {
            "mode": "encounter",
            "setup": copy_json(self.enc.setup),
            "seats": list(self.seats),
            "rng": self.rng.to_json(),
            "round": self.round,
            "phase": self.phase,
            "order": [f.id for f in self.figs],
            "figures": {f.id: f.to_json(names) for f in self.figs},
            "turns": [t.to_json() for t in self.turns],
            "attacks": [a.to_json() for a in self.attacks],
            "tests": [[t[0], t[1], list(t[2]), t[3]] for t in self.tests],
            "tasks": listify(self.tasks),
            "pending": [[d.seat, d.kind, listify(d.data)] for d in self.pending],
            "doors": {did: bool((self.doors >> i) & 1) for i, did in enumerate(self.enc.board.door_ids)},
            "tokens": {names[s]: k for s, k in sorted(self.tokens.items())},
            "deck": list(self.deck),
            "counters": dict(self.counters),
            "mods": copy_json(self.mods),
            "surcharge": copy_json(self.surcharge),
            "active_group": self.active_group,
            "result": list(self.result) if self.result else None,
        }

    @classmethod
    def from_json(cls, doc: JSON) -> DescentState:
        enc = encounter(doc["setup"])
        st = cls(enc, Rng.from_json(doc["rng"]))
        index = enc.board.index
        st.round, st.phase = doc["round"], doc["phase"]
        for fid in doc["order"]:
            st._add_fig(Fig.from_json(fid, doc["figures"][fid], index))
        for i, f in enumerate(st.figs):
            if f.status == "active":
                for s in st.squares(i):
                    st.occ[s] = i
        st.turns = [Turn.from_json(t) for t in doc["turns"]]
        st.attacks = [Attack.from_json(a) for a in doc["attacks"]]
        st.tests = [[t[0], t[1], list(t[2]), t[3]] for t in doc["tests"]]
        st.tasks = [tuplify(t) for t in doc["tasks"]]
        st.pending = [Decision(p[0], p[1], tuplify(p[2])) for p in doc["pending"]]
        st.doors = sum(1 << i for i, did in enumerate(enc.board.door_ids) if doc["doors"][did])
        st.tokens = {index[k]: v for k, v in doc["tokens"].items()}
        st.deck = list(doc["deck"])
        st.counters = dict(doc["counters"])
        st.mods = copy_json(doc["mods"])
        st.surcharge = copy_json(doc["surcharge"])
        st.active_group = doc["active_group"]
        st.result = (doc["result"][0], doc["result"][1]) if doc["result"] else None
        st._geo = {}
        return st

    def clone(self) -> DescentState:
        return DescentState(self.enc, self.rng.copy(), of=self)

    def determinize(self, seat: Seat, rng: Rng) -> DescentState:
        """The order of the Search deck and the dice to come are hidden from every seat."""
        s = self.clone()
        deck = sorted(s.deck)          # which cards are left is known (drawn ones are on the table)
        s.deck = deck
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        s.rng = Rng(rng.below(2**63))
        return s

    def view(self, seat: Seat | None) -> JSON:
        """Everything on the table is public; only the Search deck's order (and the RNG) is hidden."""
        names = self.enc.board.names
        figs = {}
        for i, f in enumerate(self.figs):
            doc: JSON = {"side": f.side, "name": self.name(i) if f.side == "hero" else self.stat(i).name,
                         "status": f.status, "at": names[f.pos] if f.pos >= 0 else None,
                         "squares": [names[s] for s in self.squares(i)] if f.status == "active" else [],
                         "damage": f.damage, "health": self.health(i), "conditions": list(f.conds),
                         "seat": f.seat}
            if f.side == "hero":
                doc.update(fatigue=f.fatigue, stamina=self.stamina(i), items=list(f.items),
                           exhausted=list(f.exhausted), activated=f.activated)
            else:
                doc.update(group=self.enc.groups[f.group].id if 0 <= f.group < len(self.enc.groups) else None,
                           master=f.master, size=self.size(i), activated=f.activated)
            figs[f.id] = doc
        d = self.pending[-1] if self.pending else None
        out: JSON = {
            "quest": self.enc.quest.id, "map": copy_json(self.enc.map_json), "round": self.round,
            "phase": self.phase, "figures": figs,
            "doors": {did: bool((self.doors >> i) & 1) for i, did in enumerate(self.enc.board.door_ids)},
            "tokens": {names[s]: k for s, k in sorted(self.tokens.items())},
            "deck": len(self.deck), "counters": dict(self.counters),
            "decision": {"seat": d.seat, "kind": d.kind, "data": listify(d.data)} if d else None,
            "turn": self.turns[-1].to_json() | {"figure": self.figs[self.turns[-1].fig].id} if self.turns else None,
            "attack": self._attack_view() if self.attacks else None,
            "mods": self._mods_view(seat),
            "result": list(self.result) if self.result else None,
        }
        if self.enc.show_los and self.turns:
            fi = self.turns[-1].fig
            if self.figs[fi].status == "active":
                out["los"] = self.los_squares(fi)
        return out

    def _mods_view(self, seat: Seat | None) -> JSON:
        by_name = self.enc.by_name
        return {k: by_name[k].view(self, seat, copy_json(v)) if k in by_name else copy_json(v)
                for k, v in self.mods.items()}

    def _attack_view(self) -> JSON:
        atk = self.attacks[-1]
        doc = atk.to_json()
        doc["attacker"] = self.figs[atk.attacker].id
        doc["target"] = self.figs[atk.target].id
        if atk.faces:
            h, r, s, miss = self.atk_totals(atk)
            doc.update(hearts=h, range=r, surges=s, x=miss)
        if atk.def_faces:
            doc["shields"] = self.atk_shields(atk)
        return doc

    def los_squares(self, fi: int) -> list[str]:
        """The spaces figure ``fi`` has line of sight to (for drawing)."""
        return self.los_from(self.squares(fi), self.occupied(fi))

    def los_from(self, mine: tuple[int, ...], occ: set[int]) -> list[str]:
        """The spaces in line of sight of the squares ``mine``, with figures on ``occ``."""
        board = self.enc.board
        out = []
        for s in board.spaces:
            if s in mine:
                continue
            occ_s = occ - {s} if s in occ else occ
            if board.sight(self.doors, mine, (s,), occ_s):
                out.append(board.names[s])
        return out


def _handlers() -> dict[str, Handler]:
    out: dict[str, Handler] = {}
    for attr in dir(DescentState):
        if attr.startswith("_t_"):
            out[attr[3:].replace("_", "-")] = getattr(DescentState, attr)
    return out


_HANDLERS = _handlers()
