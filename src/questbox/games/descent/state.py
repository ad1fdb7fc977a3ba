"""The encounter engine's kernel: the state of an encounter, its flow (a stack of tasks, the
decisions pending, timing windows and the offers made at them) and the facade rule modules use.

**Flow.** ``tasks`` is a stack of steps still to run (plain tuples tagged with the names of
:mod:`questbox.games.descent.flow`, so states save and clone exactly) and ``pending`` holds the
decision that waits for a seat. :meth:`DescentState._run` pops tasks and runs them through the
table :data:`questbox.games.descent.kinds.TASKS` until a task asks a seat something (pushes a
decision) or the game ends; :meth:`DescentState._apply` answers the decision through its kind in
:data:`questbox.games.descent.kinds.KINDS` and runs on. A step that needs to continue later
pushes its continuation first, then what must happen before it, so rule modules
(:mod:`questbox.games.descent.rules`) can slip their effects and questions into any timing
window.

**The rules** live in modules of functions taking the state: :mod:`~.geometry` (placing figures,
line of sight, targets), :mod:`~.movement`, :mod:`~.combat` (attacks as named steps, surges),
:mod:`~.conditions` (conditions, harm and healing, attribute tests), :mod:`~.hero_turns` (rounds
and hero turns), :mod:`~.monster_turns` (the overlord's turn, activations), :mod:`~.serialize`.
Rule modules and bots use the state's public methods (the facade below), never those modules'
private functions.

**Dice** are rolled with ``rng.roll(6)`` each, in the order of the pool (attack dice as listed on
the weapon or monster card; defense dice likewise; attribute tests roll gray then black), so a
conformance case scripts ``random: [faces...]``. Face numbers are those of ``data/dice.yaml``.
"""

from __future__ import annotations

from typing import Any, Final

import questbox.games.descent.combat as combat
import questbox.games.descent.conditions as conditions
import questbox.games.descent.geometry as geometry
import questbox.games.descent.hero_turns as hero_turns
import questbox.games.descent.monster_turns as monster_turns
import questbox.games.descent.movement as movement
import questbox.games.descent.serialize as serialize
import questbox.games.descent.skill_hooks as skill_hooks
from questbox.core import JSON, Action, Decision, Event, Outcome, Rng, Seat, State
from questbox.core.decisions import lookup
from questbox.games.descent.board import Board
from questbox.games.descent.data import Face, Stat
from questbox.games.descent.encounter import Encounter, encounter
from questbox.games.descent.flow import (
    ATK,
    BONUS_RECOVER,
    DONE,
    END,
    FATIGUE,
    HERO_ACT,
    MOD,
    MONSTER_ACT,
    MOVE,
    OFFER,
    PASS,
    REACT,
    REST,
    ROUND_START,
    STAND,
    STEP,
    WIN,
    Kind,
    React,
    Task,
    new_decision,
    new_event,
)
from questbox.games.descent.kinds import KINDS, TASKS, TURN_KINDS, turn_action
from questbox.games.descent.model import Attack, Fig, Turn, copy_json
from questbox.games.descent.rules import RuleModule

#: the termination word (``Outcome.termination``) for each kind of quest victory condition
VICTORY_WORDS: dict[str, str] = {"defeated": "group-defeated", "counter": "counter", "round": "round-limit",
                                 "all-heroes-knocked-out": "heroes-knocked-out"}
#: how an encounter ends (the dice tray, a test mode of the same game, ends ``rolled``)
TERMINATIONS = frozenset({*VICTORY_WORDS.values(), "rolled"})

# (re-exported: bots, the RL space and rule modules import these from here)
__all__ = ["BONUS_RECOVER", "DONE", "END", "FATIGUE", "MOVE", "PASS", "REST", "STAND", "DescentState", "Task"]

_KINDS: Final = KINDS
_TASKS: Final = TASKS


def _kind(kind: str) -> Kind:
    """The entry of the table of decision kinds that answers ``kind``."""
    got = _KINDS.get(kind)
    return got if got is not None else lookup(_KINDS, kind)


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

    def stamina(self, fi: int) -> int:      # (the hero's sheet and class cards: skill_hooks.hero_stamina)
        f = self.figs[fi]
        return (self.enc.staminas.get(f.stat) or skill_hooks.hero_stamina(self.enc, f.stat)) if f.side == "hero" else 0

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
        return set(self._occupied_but(exclude) if exclude else self.occ)

    def _occupied_but(self, exclude: tuple[int, ...]) -> frozenset[int]:
        got: frozenset[int] | None = self._geo.get(("occupied", exclude))      # (until a figure moves)
        if got is None:
            got = self._geo["occupied", exclude] = frozenset(s for s, fi in self.occ.items() if fi not in exclude)
        return got

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
        for s in self._where(a):  # noqa: SIM110 (a generator would cost a call per square)
            if s in sb or not adj[s].isdisjoint(sb):
                return True
        return False

    def sees(self, a: int, b: int) -> bool:
        """Line of sight between two figures (other figures may block it)."""
        return self.enc.board.sight(self.doors, self.squares(a), self.squares(b), self._occupied_but((a, b)))

    def within(self, a: int, b: int, n: int) -> bool:
        return self.distance(a, b) <= n

    def enemies(self, fi: int) -> list[int]:
        side = self.figs[fi].side
        return [i for i, f in enumerate(self.figs) if f.status == "active" and f.side != side]

    def group_figs(self, g: int) -> list[int]:
        return [i for i, f in enumerate(self.figs) if f.side == "monster" and f.group == g]

    # ================================================================================ narration
    def emit(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        self._events.append(new_event(Event, (kind, text, None, data, ())))

    def tell(self, owner: Seat, kind: str, public: str, private: str, data: dict[str, Any] | None = None,
             secret: dict[str, Any] | None = None) -> None:
        """A private fact: told to ``owner`` as ``private`` (with ``secret`` added to ``data``),
        and to everybody else, spectators included, as ``public`` (e.g. the overlord's draws)."""
        self._events.append(Event(kind, private, (owner,), {**(data or {}), **(secret or {})} or None))
        self._events.append(Event(kind, public, None, data, (owner,)))

    def name(self, fi: int) -> str:
        """A figure in words for the narration: a hero's name; a monster's stat name with its number
        ("Zombie 2", "Zombie (master)", "Zombie (master) 2", "The Bone Warden"), never its id."""
        f = self.figs[fi]
        return self.enc.names.get((f.id, f.stat)) or self.enc.figure_name(f.id, f.side, f.stat)

    # ================================================================================ flow
    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given runs first."""
        self.tasks.extend(tasks[::-1])

    def window(self, name: str, ctx: tuple[Any, ...] = ()) -> None:
        """Open a timing window (it runs before whatever was pushed earlier)."""
        self.tasks.append((WIN, name, ctx, 0))

    def ask(self, seat: Seat, kind: str, data: tuple[Any, ...] = (), actions: list[Action] | None = None) -> None:
        """Ask ``seat`` a decision (the flow waits); ``data``: the kind's payload (``flow.PAYLOADS``)."""
        self.pending.append(new_decision(Decision, (seat, kind, data)))
        self._pre = (seat, actions) if actions is not None else None

    def mod_task(self, module: str, payload: Any) -> Task:
        """A task that runs ``RuleModule.run(state, payload)`` of ``module``."""
        return (MOD, module, payload)

    def _run(self) -> None:
        tasks = self.tasks
        pending = self.pending
        handlers = _TASKS
        quiet = self.enc.quiet
        while tasks and not pending and self.result is None:
            t = tasks.pop()
            k = t[0]
            # the most frequent steps are called directly (compiled, that is a native call), the
            # others through the table
            if k == WIN:
                if t[1] in quiet:
                    # what open_window does for a window nobody listens to: narrate it
                    self._events.append(new_event(Event, ("window", t[1], (), {"window": t[1], "ctx": list(t[2])},
                                                          ())))
                else:
                    self.open_window(t)
            elif k == ATK:
                combat.attack_step(self, t)
            elif k == HERO_ACT:
                hero_turns.hero_act(self, t)
            elif k == OFFER:
                self.offer(t)
            elif k == STEP:
                movement.step(self, t)
            elif k == MONSTER_ACT:
                monster_turns.monster_act(self, t)
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
        """The legal actions of decision ``d`` (through its kind in the table)."""
        return (_KINDS.get(d.kind) or _kind(d.kind)).legal(self, d)

    def decision_text(self, d: Decision) -> str:
        """What decision ``d`` asks, in a few words (its kind's menu text)."""
        return _kind(d.kind).text(self, d)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        d = self.pending.pop()
        events: list[Event] = []
        self._events = events
        self._pre = None
        kind = d.kind
        if kind in TURN_KINDS:      # (what those kinds' ``resolve`` does, called directly: the most frequent)
            turn_action(self, d.data[0], action, kind)
        else:
            (_KINDS.get(kind) or _kind(kind)).resolve(self, d, action)
        self._run()
        self._settle()
        self._events = []
        return events

    # ================================================================================ windows
    def open_window(self, t: Task) -> None:
        """The task ``(WIN, name, ctx, i)``: the window's listeners from the ``i``-th on, then
        its offers."""
        _, name, ctx, i = t
        if i == 0:
            self._events.append(new_event(Event, ("window", name, (), {"window": name, "ctx": list(ctx)}, ())))
        listeners = self.enc.listeners[name]
        tasks = self.tasks
        while i < len(listeners):
            cont = (WIN, name, ctx, i + 1)
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
            tasks.append((OFFER, name, ctx, 0))

    def _offer_seats(self) -> tuple[Seat, ...]:
        t = self.turns[-1] if self.turns else None
        first = self.figs[t.fig].seat if t is not None else ("overlord" if self.phase == "overlord" else self.seats[0])
        return self.enc.offer_order[first]

    def offered(self, seat: Seat, point: str, ctx: tuple[Any, ...]) -> list[Action]:
        """What the rule modules offer ``seat`` at ``point`` (a window or a decision point)."""
        out: list[Action] = []
        for m in self.enc.offerers[point]:
            out.extend(m.offers(self, seat, point, ctx))
        return out

    def offerer(self, seat: Seat, point: str, ctx: tuple[Any, ...], action: Action) -> RuleModule:
        """The rule module that offered ``action``."""
        for m in self.enc.offerers[point]:
            if action in m.offers(self, seat, point, ctx):
                return m
        raise AssertionError(f"no module offered {action}")

    def offer(self, t: Task) -> None:
        """The task ``(OFFER, name, ctx, k)``: ask the ``k``-th seat (in the window's order) with
        something on offer, if any."""
        _, name, ctx, k = t
        order = self._offer_seats()
        while k < len(order):
            acts = self.offered(order[k], name, ctx)
            if acts:
                acts.append(PASS)
                self.ask(order[k], REACT, React(name, ctx, k), acts)
                return
            k += 1

    # ================================================================================ setup
    def _setup(self) -> None:
        enc = self.enc
        board = enc.board
        for i, h in enumerate(enc.heroes):
            f = Fig(h.id, "hero", h.id, h.seat, (1, 1))
            self._add_fig(f)
            self._place(len(self.figs) - 1, board.square(enc.quest.start[i]), 0)
        for g, spec in enumerate(enc.groups):
            k = 0
            for j in range(spec.masters):
                fid = f"{spec.prefix}-m" if spec.masters == 1 else f"{spec.prefix}-m{j + 1}"
                self._add_fig(Fig(fid, "monster", spec.master_stat, "overlord", spec.shape, g, True))
                self._place(len(self.figs) - 1, *spec.places[k])
                k += 1
            for j in range(spec.minions):
                self._add_fig(Fig(f"{spec.prefix}-{j + 1}", "monster", spec.minion_stat, "overlord", spec.shape, g))
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
        self.push((WIN, "encounter-setup", (), 0), (WIN, "after-setup", (), 0), (ROUND_START,))
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
        geometry.place(self, fi, anchor, orient)

    def _lift(self, fi: int) -> None:
        geometry.lift(self, fi)

    # ================================================================================ facade
    # (what rule modules, bots and faces call; the rules themselves are in the modules named above)
    def add_figure(self, f: Fig) -> int:
        """Add a figure (a rule module's agent); it starts off the map. Returns its number."""
        return self._add_fig(f)

    def lift(self, fi: int) -> None:
        """Take a figure off the map quietly (not defeated): the caller sets its ``status`` and ``pos``."""
        geometry.lift(self, fi)

    def place(self, fi: int, anchor: int, orient: int = 0) -> None:
        """Put a figure on the map (placement rules are the caller's)."""
        geometry.place(self, fi, anchor, orient)

    def set_doors(self, mask: int) -> None:
        """Open and close doors: bit ``i`` of ``mask`` set means door ``i`` is open."""
        geometry.set_doors(self, mask)

    def fits(self, fi: int, anchor: int, orient: int, ignore: tuple[int, ...] = ()) -> tuple[int, ...] | None:
        """The squares figure ``fi`` would occupy at (anchor, orient), if it may stand there."""
        return geometry.fits(self, fi, anchor, orient, ignore)

    def searchable(self, fi: int, within: int = 1) -> list[int]:
        """The search tokens' squares ``fi`` may search (adjacent or its own, or within ``within``)."""
        return geometry.searchable(self, fi, within)

    def heroes_near(self, fi: int) -> tuple[int, ...]:
        """The active heroes that are ``fi`` or adjacent to it."""
        return geometry.heroes_near(self, fi)

    def revivable(self, fi: int) -> list[int]:
        return geometry.revivable(self, fi)

    def los_squares(self, fi: int) -> list[str]:
        """The spaces figure ``fi`` has line of sight to (for drawing)."""
        return serialize.los_squares(self, fi)

    def los_from(self, mine: tuple[int, ...], occ: set[int]) -> list[str]:
        """The spaces in line of sight of the squares ``mine``, with figures on ``occ``."""
        return geometry.los_from(self, mine, occ)

    def moves(self, fi: int, mp: int | None = None, paths: bool = False, want: Action | None = None
              ) -> dict[Action, tuple[tuple[int, ...], int, int, int]]:
        """Where ``fi`` may move: ``move`` action -> (path, cost, anchor, orientation) (:func:`.movement.moves`)."""
        return movement.moves(self, fi, mp, paths, want)

    def move_figure(self, fi: int, action: Action) -> None:
        """Spend movement points along the path of a ``move <square>`` action."""
        movement.move_figure(self, fi, action)

    def attack_targets(self, fi: int, melee: bool | None = None) -> list[int]:
        """The figures ``fi`` may attack with its own attack (:func:`.geometry.find_targets`)."""
        return list(combat.targets(self, fi, melee))

    def target_actions(self, fi: int, name: str, melee: bool | None = None) -> tuple[Action, ...]:
        """``<name> <figure>`` for each of :meth:`attack_targets`."""
        return combat.target_actions(self, fi, name, melee)

    def start_attack(self, attacker: int, target: int, *, source: str, melee: bool, dice: tuple[str, ...] | list[str],
                     abilities: tuple[Any, ...] | list[Any], bonus_hearts: int = 0, pierce: int = 0,
                     flags: tuple[str, ...] = ()) -> Attack:
        """Begin an attack (pushes its steps); returns the attack in progress."""
        return combat.start_attack(self, attacker, target, source=source, melee=melee, dice=dice,
                                   abilities=abilities, bonus_hearts=bonus_hearts, pierce=pierce, flags=flags)

    def own_attack(self, fi: int, target: int, *, bonus_hearts: int = 0, source: str | None = None) -> Attack:
        """``fi`` attacks ``target`` with its weapon (a hero) or its own dice (a monster)."""
        return combat.own_attack(self, fi, target, bonus_hearts=bonus_hearts, source=source)

    def atk_totals(self, atk: Attack) -> tuple[int, int, int, bool]:
        """(hearts, range, surges, an X was rolled) of the attack roll, bonuses included."""
        return combat.atk_totals(self, atk)

    def atk_shields(self, atk: Attack) -> int:
        return combat.atk_shields(self, atk)

    def surges_left(self, atk: Attack) -> int:
        return combat.surges_left(self, atk)

    def describe_faces(self, dice: list[str], faces: list[int]) -> str:
        return combat.describe_faces(self, dice, faces)

    def end_turn(self) -> None:
        """End the acting figure's turn now (its remaining actions and movement are lost)."""
        hero_turns.end_turn(self)

    def grant_activation(self, fi: int, mp: int, actions: int, flags: tuple[str, ...] = ()) -> None:
        """Give a figure an out-of-turn activation (see :func:`.monster_turns.grant_activation`)."""
        monster_turns.grant_activation(self, fi, mp, actions, flags)

    def search(self, fi: int, square: int) -> None:
        """``fi`` searches the token on ``square``: it is removed and the hero draws a Search card."""
        hero_turns.search(self, fi, square)

    def add_condition(self, fi: int, cond: str) -> None:
        conditions.add_condition(self, fi, cond)

    def remove_condition(self, fi: int, cond: str) -> None:
        conditions.remove_condition(self, fi, cond)

    def suffer(self, fi: int, n: int, by: int = -1, what: str = "") -> None:
        """Figure ``fi`` suffers ``n`` damage (hearts); it is defeated at its Health."""
        conditions.suffer(self, fi, n, by, what)

    def suffer_fatigue(self, fi: int, n: int) -> None:
        """Fatigue beyond a hero's Stamina, and any fatigue a monster suffers, is damage instead."""
        conditions.suffer_fatigue(self, fi, n)

    def recover(self, fi: int, hearts: int = 0, fatigue: int = 0) -> None:
        conditions.recover(self, fi, hearts, fatigue)

    def defeat(self, fi: int, by: int = -1) -> None:
        """A hero is knocked out, a monster defeated; opens the ``figure-defeated`` window."""
        conditions.defeat(self, fi, by)

    def face(self, die: str, n: int) -> Face:
        return self.enc.lib.dice[die][n - 1]

    def roll(self, dice: list[str]) -> list[int]:
        return conditions.roll(self, dice)

    def test(self, fi: int, attr: str, on_pass: Task | None, on_fail: Task | None, label: str = "") -> None:
        """Push an attribute test (1 gray and 1 black die; see :func:`.conditions.test`)."""
        conditions.test(self, fi, attr, on_pass, on_fail, label)

    def test_shields(self, k: int = -1) -> int:
        return conditions.test_shields(self, k)

    def test_passes(self, k: int = -1) -> bool:
        return conditions.test_passes(self, k)

    # ================================================================================ information
    def to_json(self) -> JSON:
        return serialize.to_json(self)

    @classmethod
    def from_json(cls, doc: JSON) -> DescentState:
        st = cls(encounter(doc["setup"]), Rng.from_json(doc["rng"]))
        serialize.load(st, doc)
        return st

    def clone(self) -> DescentState:
        return DescentState(self.enc, self.rng.copy(), of=self)

    def determinize(self, seat: Seat, rng: Rng) -> DescentState:
        """The order of the Search deck and the dice to come are hidden from every seat (and what
        rule modules hide: the Overlord deck's hand and order)."""
        return serialize.determinize(self, rng, seat)

    def view(self, seat: Seat | None) -> JSON:
        """Everything on the table is public; only the Search deck's order (and the RNG) is hidden."""
        return serialize.view(self, seat)
