"""Checking a saved Descent encounter state before and after it is rebuilt (issue #15).

:func:`load_encounter` is what ``Game.from_json`` runs for an encounter document (the game
``descent``, and the running quest of ``descent-campaign``). It refuses, with a
:class:`~questbox.core.errors.StateError` that names the field, any document that

1. does not fit the strict schema below (:class:`EncounterDoc`: the types, the required keys and
   no others, the word sets, the bounds), or
2. does not agree with its own setup: the setup must be a normalized setup, and the figures, the
   doors, the counters and the rule modules' state must be those that setup makes (compared with
   a fresh encounter of the same setup); every figure, hero, monster statistic, square, Search
   card, task step and pending decision a document names must exist, and the pending decisions
   must fit the turn in progress, or
3. does not save back to itself (``to_json(from_json(doc)) == doc``).

The checks run in ``from_json`` only, never in ``clone()``. This module is plain Python: it is not
one of the modules mypyc compiles (:data:`questbox.games.descent.compiled.MODULES`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

from questbox.core import Rng
from questbox.core.errors import QuestboxError, StateError
from questbox.core.validation import RngDoc, StrictModel, explain, first_difference
from questbox.games.descent.data import ATTRIBUTES, CONDITIONS
from questbox.games.descent.encounter import Encounter, encounter, normalize_setup
from questbox.games.descent.flow import HeroTurn, LargePlace, MonsterTurn, Place, React
from questbox.games.descent.kinds import TASKS
from questbox.games.descent.skill_hooks import hero_stamina
from questbox.games.descent.state import DescentState

M = TypeVar("M", bound=BaseModel)

#: the decisions the engine asks (a rule module's are ``mod:<module>``)
DECISION_KINDS = frozenset({"hero-turn", "monster-turn", "ol-turn", "next-hero", "surge", "react", "place",
                            "breath", "large-place", "blast"})
PHASES = ("setup", "heroes", "overlord", "over")
STATUSES = ("active", "ko", "defeated", "reserve", "vanished")     # vanished: Tomble's feat
#: what a Search token on the map may be
TOKENS = frozenset({"search"})
#: the most figures, rounds, points (damage, fatigue, ...) a saved encounter may count
MAX_FIGS = 64
MAX_ROUND = 10_000
MAX_POINTS = 1_000

#: the stages of an attack (:meth:`DescentState._t_atk`)
MAX_STAGE = 14
#: what each step of the task stack holds after its name: ``fig`` a figure's number, ``by`` a
#: figure's number or -1, ``nat`` a whole number, ``int`` any, ``text`` a string, ``window`` /
#: ``offers`` a timing window, ``ctx`` a list, ``cond`` a condition, ``attr`` an attribute,
#: ``task`` a step or null, ``path`` a list of squares, ``square`` one, ``orient`` 0 or 1,
#: ``module`` a rule module of the setup, ``any`` its payload
TASK_ARGS: dict[str, tuple[str, ...]] = {
    "win": ("window", "ctx", "nat"), "offer": ("offers", "ctx", "nat"), "mod": ("module", "any"),
    **dict.fromkeys(("round-start", "heroes-phase", "ol-phase", "ol-act", "ol-end", "round-end", "nop", "atk"), ()),
    **dict.fromkeys(("hero-turn", "hero-act", "hero-end", "hero-cleanup", "monster-turn", "monster-act",
                     "monster-end", "monster-cleanup", "start-conditions", "stun"), ("fig",)),
    "cond": ("fig", "cond"), "uncond": ("fig", "cond"), "suffer": ("fig", "int", "by"), "fatigue": ("fig", "int"),
    "emit": ("text",), "test": ("fig", "attr", "task", "task", "text"), "test-end": ("task", "task"),
    "step": ("fig", "path", "nat"), "lmove": ("fig", "path", "nat", "square", "orient"), "throw": ("fig", "fig"),
}
#: what each timing window's context holds (the same words as :data:`TASK_ARGS`; ``test`` the
#: number of a test in progress)
WINDOW_CTX: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("encounter-setup", "after-setup", "attack-declared", "attack-before-roll", "attack-after-roll",
                     "attack-before-defense", "attack-after-defense", "attack-before-damage", "attack-after-damage",
                     "attack-resolved", "encounter-end"), ()),
    "round-start": ("nat",), "round-end": ("nat",), "turn-start": ("by",), "turn-end": ("by",),
    "activation-start": ("fig",), "activation-end": ("fig",), "action-performed": ("fig", "text"),
    "enter-space": ("fig", "square"), "figure-defeated": ("fig", "by"), "test-after-roll": ("test",),
}
#: the steps of the engine's own rule modules (``[mod, <module>, [<word>, ...args]]``) and the
#: decisions they ask (``mod:<module>:<word>``): what the arguments are (as :data:`TASK_ARGS`;
#: ``fid`` a figure's id, ``hero`` a hero's, ``die`` the number of a die of the attack in
#: progress); a trailing ``*`` takes any number of them. (A module registered by someone else,
#: as the tests' own, is only checked to be in the setup: its payloads are its own.)
MOD_TASKS: dict[str, dict[str, tuple[str, ...]]] = {
    "feats": {"sub": ("fid",), "move": ("fig",), "reappear": ("fig",)},
    "campaign": {"fortune": (), "swarm": ("fig",), "masses": ("fig",), "masses-fail": ("fig",), "forceful": ()},
    "classes": {"cripple": ("fig",), "tempest": ("fig", "nat")}, "heroes": {}, "quest": {}, "search": {},
    "lieutenants": {"fury-pass": (), "fury-fail": (), "not-me": (), "shift": ("fid", "nat", "text"),
                    "then": ("fid", "text"), "promote": ("fid",), "havoc": ("fid",),
                    "overpower": ("fid", "fid"), "zorek": ("fid", "fid"), "kiss": ("fid", "any")},
}
MOD_DECISIONS: dict[str, tuple[str, ...]] = {
    "mod:feats:move": ("fig",), "mod:feats:reappear": ("fig",), "mod:search:power": ("die", "*"),
    "mod:campaign:give": ("hero", "*"), "mod:campaign:masses": ("fig",), "mod:campaign:comrade": ("fig",),
    "mod:lieutenants:shift": ("fid", "nat", "text"), "mod:lieutenants:not-me": ("fid",),
    "mod:lieutenants:relic": ("fid",),
}
#: the module steps and decisions that need an attack in progress, or the turn of their figure
MOD_NEED_ATTACK = frozenset({"forceful", "mod:search:power", "mod:campaign:comrade", "fury-pass", "fury-fail",
                             "not-me", "mod:lieutenants:not-me"})
MOD_NEED_TURN = frozenset({"move", "mod:feats:move"})
#: the steps that keep the round going when they are at the bottom of the task stack (an
#: encounter that is not over has one there, or waits on a decision whose answer pushes one)
FLOW_STEPS = frozenset({"round-start", "round-end", "heroes-phase", "ol-phase", "ol-act", "ol-end", "hero-turn",
                        "hero-act", "hero-end", "hero-cleanup", "monster-turn", "monster-act", "monster-end",
                        "monster-cleanup"})
FLOW_DECISIONS = frozenset({"hero-turn", "monster-turn", "ol-turn", "next-hero"})
#: the steps that work on the turn in progress of their figure
TURN_TASKS = frozenset({"hero-act", "hero-end", "hero-cleanup", "monster-act", "monster-end", "monster-cleanup"})

Index = Annotated[int, Field(ge=0, lt=MAX_FIGS)]
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
Signed = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]
Face = Annotated[int, Field(ge=1, le=6)]


class FigDoc(StrictModel):
    side: Literal["hero", "monster", "familiar"]
    stat: str
    seat: str
    shape: Annotated[list[Annotated[int, Field(ge=1, le=4)]], Field(min_length=2, max_length=2)]
    group: Annotated[int, Field(ge=-1, lt=MAX_FIGS)]
    master: bool
    at: str | None
    orient: Literal[0, 1]
    status: Literal["active", "ko", "defeated", "reserve", "vanished"]
    damage: Points
    fatigue: Points
    conditions: list[Literal["poisoned", "diseased", "immobilized", "stunned"]]
    exhausted: list[str]
    items: list[str]
    tags: list[str]
    hp_bonus: Points
    activated: bool


class TurnDoc(StrictModel):
    fig: Index
    kind: Literal["hero", "monster", "extra", "familiar"]
    actions: Points
    mp: Points
    attacks: Points
    move_actions: Points
    ended: bool
    flags: list[str]


class AttackDoc(StrictModel):
    attacker: Index
    target: Index
    melee: bool
    source: str
    dice: list[str]
    faces: list[Face]
    def_dice: list[str]
    def_faces: list[Face]
    abilities: list[list[Any]]
    used: list[str]
    conditions: list[str]
    flags: list[str]
    rerolled: list[Annotated[int, Field(ge=0, lt=MAX_POINTS)]]
    bonus_hearts: Signed
    bonus_range: Signed
    pierce: Signed
    bonus_shields: Signed
    extra_surges: Signed
    spent: Signed
    damage: Signed
    distance: Signed
    stage: Annotated[int, Field(ge=0, le=MAX_STAGE)]
    mend: Signed
    recover_fatigue: Signed
    recover_heart: Signed
    missed: bool
    defeated: bool
    no_surges: bool


class EncounterDoc(StrictModel):
    """A saved encounter (:meth:`DescentState.to_json`)."""

    mode: Literal["encounter"]
    setup: dict[str, Any]
    seats: list[str]
    rng: RngDoc
    round: Annotated[int, Field(ge=0, le=MAX_ROUND)]
    phase: Literal["setup", "heroes", "overlord", "over"]
    order: Annotated[list[str], Field(max_length=MAX_FIGS)]
    figures: dict[str, FigDoc]
    turns: list[TurnDoc]
    attacks: list[AttackDoc]
    tests: list[tuple[Index, Literal["might", "knowledge", "willpower", "awareness"], list[Face], str]]
    tasks: list[Annotated[list[Any], Field(min_length=1)]]
    pending: list[tuple[str, str, list[Any]]]
    doors: dict[str, bool]
    tokens: dict[str, str]
    deck: list[str]
    counters: dict[str, Annotated[int, Field(ge=-MAX_POINTS, le=10**6)]]
    mods: dict[str, Any]
    surcharge: list[list[Any]]
    active_group: Annotated[int, Field(ge=-1, lt=MAX_FIGS)]
    result: tuple[Literal["heroes", "overlord"], str] | None


# ---------------------------------------------------------------- the rule modules' state
class FeatsDoc(StrictModel):
    used: list[str]


class HeroesDoc(StrictModel):
    tarha_round: Annotated[int, Field(ge=0, le=MAX_ROUND)]


class PlotDoc(StrictModel):
    """``mods.campaign`` (:mod:`questbox.games.descent.plot`)."""

    threat: Points
    fortune: dict[str, Points]
    cards: dict[str, Literal["ready", "facedown", "exhausted", "used"]]
    reminders: list[str]
    marks: dict[str, str]
    extra: list[str]
    agent: str
    replaced: list[str]
    used: dict[str, Points]
    #: the test dice a fortune token rerolled (only while a test is in progress)
    retest: list[Annotated[int, Field(ge=0, le=1)]] = Field(default_factory=list)


class RitualDoc(StrictModel):
    """Unholy Ritual while its discards are asked: the cards it drew, how many to discard."""

    cards: list[str]
    discard: Points


class OverlordDeckDoc(StrictModel):
    """``mods.overlord`` (:mod:`questbox.games.descent.modules.overlord`): card ids, one per copy."""

    deck: list[str]
    hand: list[str]
    discard: list[str]
    played: dict[str, Points]
    #: the cards whose effect lasts (``modules/overlord_cards.py``)
    active: dict[str, list[str]] = Field(default_factory=dict)
    #: Plan Ahead and Unholy Ritual, Explosive Runes (``modules/overlord_more.py``)
    plan: list[str] | None = None
    known: list[str] = Field(default_factory=list)
    ritual: RitualDoc | None = None
    runes: dict[str, Points] = Field(default_factory=dict)
    #: the monster last hurt by an attack and its space (Rise Again's mark)
    fell: list[str] = Field(default_factory=list)


#: a strict model of each rule module's state that the engine keeps in ``mods``
MOD_DOCS: dict[str, type[StrictModel]] = {"feats": FeatsDoc, "heroes": HeroesDoc, "campaign": PlotDoc,
                                          "overlord": OverlordDeckDoc}


# ---------------------------------------------------------------- helpers
def refuse(game_id: str, where: str, why: str) -> StateError:
    """The error for a saved document whose field ``where`` is wrong."""
    return StateError(f"not a {game_id} state: {where}: {why}" if where else f"not a {game_id} state: {why}")


def validated(model: type[M], doc: Any, game_id: str, prefix: str = "") -> M:
    """``doc`` validated by ``model`` as the JSON document it is (so a JSON array is a tuple's
    value; strictly: a bool is no number, ``2.0`` no whole number); a :class:`StateError` naming
    the first wrong field (under ``prefix``) if it does not fit."""
    try:
        text = json.dumps(doc, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise refuse(game_id, prefix, f"not a JSON document ({exc})") from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise StateError(f"not a {game_id} state: {prefix + '.' if prefix else ''}{explain(exc)}") from None


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON documents (so ``1``, ``1.0`` and ``true`` differ)."""
    return first_difference(a, b) is None


def guarded(game_id: str, where: str, build: Callable[[], Any]) -> Any:
    """``build()``; a game error or a raw error reading the document becomes a StateError."""
    try:
        return build()
    except StateError:
        raise
    except (QuestboxError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise refuse(game_id, where, f"{type(exc).__name__}: {exc}") from None


# ---------------------------------------------------------------- the encounter
def load_encounter(doc: Any, game_id: str = "descent", prefix: str = "") -> DescentState:
    """The encounter a saved document describes, checked (see the module docstring); a
    :class:`StateError` naming the wrong field (under ``prefix``) if it is not one."""
    def at(where: str) -> str:
        return f"{prefix}.{where}" if prefix else where

    d = validated(EncounterDoc, doc, game_id, prefix)
    setup = guarded(game_id, at("setup"), lambda: normalize_setup(d.setup))
    diff = first_difference(d.setup, setup)
    if diff is not None:
        raise refuse(game_id, at(f"setup.{diff}"),
                     "not a normalized setup (a key left out, or a value that is not the one the setup means)")
    enc = guarded(game_id, at("setup"), lambda: encounter(setup))
    fresh = guarded(game_id, at("setup"), lambda: _fresh(enc))
    _check(d, enc, fresh, game_id, at)
    st: DescentState = guarded(game_id, prefix, lambda: DescentState.from_json(doc))
    _check_built(st, game_id, at)
    back = st.to_json()
    diff = first_difference(doc, back)
    if diff is not None:
        raise refuse(game_id, at(diff), "the document does not save back to itself")
    return st


def _fresh(enc: Encounter) -> DescentState:
    st = DescentState(enc, Rng(0))
    st._setup()
    return st


def _check(d: EncounterDoc, enc: Encounter, fresh: DescentState, game_id: str, at: Callable[[str], str]) -> None:
    def bad(where: str, why: str) -> StateError:
        return refuse(game_id, at(where), why)

    if tuple(d.seats) != enc.seats:
        raise bad("seats", f"the setup's seats are {list(enc.seats)}")
    _check_figures(d, enc, fresh, bad)
    _check_progress(d, enc, bad)
    _check_flow(d, enc, bad)
    _check_table(d, enc, fresh, game_id, at, bad)
    for k, x in enumerate(d.surcharge):     # a plot card's [side, tile, movement points]
        if len(x) != 3 or x[0] not in ("hero", "monster") or x[1] not in enc.board.tiles or type(x[2]) is not int:
            raise bad(f"surcharge.{k}", "[side, tile, extra movement points]")


def _check_figures(d: EncounterDoc, enc: Encounter, fresh: DescentState, bad: Callable[[str, str], StateError]) -> None:
    """:func:`_check`'s figures: those of a fresh encounter (same id, side, seat and size), then
    any a rule module added (a monster of the overlord's)."""
    if len(set(d.order)) != len(d.order) or set(d.order) != set(d.figures):
        raise bad("order", "each figure of figures once")
    known = [f.id for f in fresh.figs]
    if d.order[:len(known)] != known:
        raise bad("order", f"the setup's figures come first, in the order {known}")
    board = enc.board
    for i, fid in enumerate(d.order):
        f = d.figures[fid]

        def fbad(field: str, why: str, fid: str = fid) -> StateError:
            return bad(f"figures.{fid}.{field}", why)

        if i < len(known):
            ref = fresh.figs[i]
            for field, want in (("side", ref.side), ("seat", ref.seat), ("shape", list(ref.shape))):
                # (a monster a hero commands, Dying Command: the heroes' side for one activation)
                if getattr(f, field) != want and not (field != "shape" and "commanded" in f.tags):
                    raise fbad(field, f"{want} for this figure of the setup")
            if ref.side == "hero" and f.stat != ref.stat:
                raise fbad("stat", f"the hero's own ({ref.stat})")
        elif f.side != "monster" or f.seat != "overlord":
            raise fbad("side", "a figure beyond the setup's is a monster of the overlord's")
        if f.stat not in enc.stats or (f.side == "monster" and f.stat in enc.lib.heroes):
            raise fbad("stat", f"no {f.side} statistics {f.stat!r} in this encounter")
        if f.group >= len(enc.groups):
            raise fbad("group", f"the encounter has {len(enc.groups)} monster groups")
        if f.at is not None and f.at not in board.index:
            raise fbad("at", f"no space {f.at!r} on the map")
        if (f.at is None) != (f.status in ("reserve", "defeated")):
            raise fbad("at", "a space for a figure that is active, knocked out or vanished, else null")
        if (f.status in ("ko", "vanished") and f.side != "hero") or (
                f.status in ("reserve", "defeated") and f.side == "hero"):
            raise fbad("status", f"not a status of a {f.side}")
        health = enc.stats[f.stat].health + f.hp_bonus
        if f.damage > health:
            raise fbad("damage", f"at most the figure's health ({health})")
        stamina = hero_stamina(enc, f.stat) if f.side == "hero" else 0
        if f.fatigue > stamina:
            raise fbad("fatigue", f"at most the figure's stamina ({stamina})")
        if len(set(f.conditions)) != len(f.conditions):
            raise fbad("conditions", "each condition at most once")
        for it in f.items:
            if it not in enc.lib.search:
                raise fbad("items", f"{it!r} is not an item the engine plays")


def _check_progress(d: EncounterDoc, enc: Encounter, bad: Callable[[str, str], StateError]) -> None:
    """:func:`_check`'s turns, attacks and tests in progress."""
    n = len(d.order)
    for k, t in enumerate(d.turns):
        if t.fig >= n:
            raise bad(f"turns.{k}.fig", f"a figure's number (below {n})")
        if t.kind != "extra" and d.figures[d.order[t.fig]].side != t.kind:
            raise bad(f"turns.{k}.kind", f"the figure is a {d.figures[d.order[t.fig]].side}")
        for j, flag in enumerate(t.flags):
            if flag.startswith("large-from:") and (flag[len("large-from:"):] not in enc.board.index
                                                   or d.figures[d.order[t.fig]].shape == [1, 1]):
                raise bad(f"turns.{k}.flags.{j}", "large-from:<a space of the map>, for a large figure")
    for k, a in enumerate(d.attacks):
        for field in ("attacker", "target"):
            if getattr(a, field) >= n:
                raise bad(f"attacks.{k}.{field}", f"a figure's number (below {n})")
        _check_attack(a, f"attacks.{k}", enc, bad)
    for k, test in enumerate(d.tests):
        if test[0] >= n:
            raise bad(f"tests.{k}.0", f"a figure's number (below {n})")


def _check_flow(d: EncounterDoc, enc: Encounter, bad: Callable[[str, str], StateError]) -> None:
    """:func:`_check`'s flow: task steps and decisions."""
    for k, task in enumerate(d.tasks):
        _check_task(task, f"tasks.{k}", d, enc, bad)
    if any(t[0] == "atk" for t in d.tasks) and not d.attacks:
        raise bad("attacks", "an attack in progress, for the attack step (atk) on the task stack")
    if any(t[0] == "test-end" for t in d.tasks) and not d.tests:
        raise bad("tests", "a test in progress, for the test-end step on the task stack")
    turn_figs = {t.fig for t in d.turns}
    for k, task in enumerate(d.tasks):
        if task[0] in TURN_TASKS and task[1] not in turn_figs:
            raise bad(f"tasks.{k}.1", f"a figure whose turn is in progress (turns) for a {task[0]} step")
    over = d.result is not None
    if (d.phase == "over") != over:
        raise bad("phase", "over once the encounter has a result, and only then")
    if over and d.pending:
        raise bad("pending", "no decision once the encounter is over")
    if d.result is not None:
        side, reason = d.result
        if not any(v.side == side and v.reason == reason for v in enc.quest.victory):
            raise bad("result", f"no victory condition of the quest for the {side} reads {reason!r}")
    if not over and len(d.pending) != 1:
        raise bad("pending", "the one decision the encounter waits for")
    for k, (seat, kind, data) in enumerate(d.pending):
        _check_decision(d, enc, k, seat, kind, data, bad)
    if not over and (d.tasks[0][0] not in FLOW_STEPS if d.tasks else d.pending[0][1] not in FLOW_DECISIONS):
        raise bad("tasks.0" if d.tasks else "tasks",
                  "the task stack ends with a step that keeps the round going (or the decision asked is a "
                  "turn's, whose answer pushes one)")


def _check_table(d: EncounterDoc, enc: Encounter, fresh: DescentState, game_id: str, at: Callable[[str], str],
                 bad: Callable[[str, str], StateError]) -> None:
    """:func:`_check`'s map, Search deck, counters and rule modules."""
    board = enc.board
    if set(d.doors) != set(board.door_ids):
        raise bad("doors", f"the map's doors are {sorted(board.door_ids)}")
    for sq, tok in d.tokens.items():
        if sq not in board.index:
            raise bad(f"tokens.{sq}", "no such space on the map")
        if tok not in TOKENS:
            raise bad(f"tokens.{sq}", f"one of {sorted(TOKENS)}")
    for k, card in enumerate(d.deck):
        if card not in enc.lib.search:
            raise bad(f"deck.{k}", f"no Search card {card!r}")
    if set(d.counters) != set(fresh.counters):
        raise bad("counters", f"the quest's counters are {sorted(fresh.counters)}")
    if d.active_group >= len(enc.groups):
        raise bad("active_group", f"the encounter has {len(enc.groups)} monster groups")
    if set(d.mods) != set(fresh.mods):
        raise bad("mods", f"the setup's rule modules keep {sorted(fresh.mods)}")
    for name, value in d.mods.items():
        model = MOD_DOCS.get(name)
        if model is not None:
            _check_mod(name, validated(model, value, game_id, at(f"mods.{name}")), d, fresh, bad)
        elif type(value) is not type(fresh.mods[name]):
            raise bad(f"mods.{name}", f"a {type(fresh.mods[name]).__name__}")

def _fits(kind: str, v: Any, d: EncounterDoc, enc: Encounter) -> bool:
    """Whether ``v`` is a ``kind`` of :data:`TASK_ARGS` in this encounter."""
    whole = isinstance(v, int) and not isinstance(v, bool)
    n, squares = len(d.order), len(enc.board.names)
    if kind == "fid":
        return isinstance(v, str) and v in d.figures
    if kind == "hero":
        return isinstance(v, str) and v in d.figures and d.figures[v].side == "hero"
    if kind == "die":
        return whole and bool(d.attacks) and 0 <= v < len(d.attacks[-1].dice)
    if kind in ("fig", "by", "nat", "int", "square", "test"):
        low, high = {"fig": (0, n), "by": (-1, n), "nat": (0, MAX_POINTS + 1), "int": (-MAX_POINTS, MAX_POINTS + 1),
                     "square": (0, squares), "test": (0, len(d.tests))}[kind]
        return whole and low <= v < high
    if kind == "orient":
        return whole and v in (0, 1)
    if kind == "text":
        return isinstance(v, str)
    if kind in ("window", "offers", "module"):
        names: Mapping[str, object] = (enc.listeners if kind == "window" else enc.offerers if kind == "offers"
                                       else enc.by_name)
        return isinstance(v, str) and v in names
    if kind == "cond":
        return isinstance(v, str) and v in CONDITIONS
    if kind == "attr":
        return isinstance(v, str) and v in ATTRIBUTES
    if kind == "task":
        return v is None or (isinstance(v, list) and len(v) > 0)
    if kind == "path":
        return isinstance(v, list) and len(v) > 0 and all(_fits("square", x, d, enc) for x in v)
    if kind == "ctx":
        return isinstance(v, list)
    return kind == "any"


def _check_args(kinds: tuple[str, ...], args: list[Any], where: str, what: str, d: EncounterDoc, enc: Encounter,
                bad: Callable[[str, str], StateError], first: int = 0) -> None:
    if kinds[-1:] == ("*",):
        kinds = (kinds[0],) * len(args)
    if len(args) != len(kinds):
        raise bad(where, f"{what} has {len(kinds)} argument(s) ({', '.join(kinds) or 'none'})")
    for i, (kind, v) in enumerate(zip(kinds, args, strict=True), first):
        if not _fits(kind, v, d, enc):
            raise bad(f"{where}.{i}", f"{kind} for {what} (not {v!r})")


def _check_window(name: str, ctx: list[Any], where: str, d: EncounterDoc, enc: Encounter,
                  bad: Callable[[str, str], StateError]) -> None:
    if name not in WINDOW_CTX:
        raise bad(where, f"no timing window {name!r}")
    _check_args(WINDOW_CTX[name], ctx, where, f"the context of the window {name}", d, enc, bad)


def _check_task(task: list[Any], where: str, d: EncounterDoc, enc: Encounter,
                bad: Callable[[str, str], StateError]) -> None:
    """One step of the task stack: a step the engine has, with the arguments it takes."""
    name = task[0]
    if not isinstance(name, str) or name not in TASKS or name not in TASK_ARGS:
        raise bad(f"{where}.0", f"no step {name!r} in the engine")
    kinds = TASK_ARGS[name]
    if len(task) != 1 + len(kinds):
        raise bad(where, f"the step {name} has {len(kinds)} argument(s) ({', '.join(kinds) or 'none'})")
    _check_args(kinds, task[1:], where, f"the step {name}", d, enc, bad, 1)
    for i, (kind, v) in enumerate(zip(kinds, task[1:], strict=True), 1):
        if kind == "task" and v is not None:
            _check_task(v, f"{where}.{i}", d, enc, bad)
    if name in ("win", "offer"):
        _check_window(task[1], task[2], f"{where}.2", d, enc, bad)
    if name == "mod" and task[1] in MOD_TASKS:
        steps = MOD_TASKS[task[1]]
        payload = task[2]
        if not isinstance(payload, list) or not payload or payload[0] not in steps:
            raise bad(f"{where}.2", f"[<step>, ...] with a step of the module {task[1]} ({sorted(steps)})")
        word = payload[0]
        _check_args(steps[word], payload[1:], f"{where}.2", f"the {task[1]} step {word}", d, enc, bad, 1)
        _check_needs(word, payload[1:], f"{where}.2", d, bad)
    if name == "step" and not task[3] < len(task[2]):
        raise bad(f"{where}.3", "the index of the next space of the path")
    if name == "lmove" and not task[3] <= len(task[2]):
        raise bad(f"{where}.3", "the index of the next space of the path (at most its length)")


def _check_needs(what: str, args: list[Any], where: str, d: EncounterDoc,
                 bad: Callable[[str, str], StateError]) -> None:
    if what in MOD_NEED_ATTACK and not d.attacks:
        raise bad(where, f"{what} comes in an attack in progress (attacks)")
    if what in MOD_NEED_TURN and args[0] not in {t.fig for t in d.turns}:
        raise bad(where, f"{what} comes in the turn of its figure (turns)")


def _check_attack(a: AttackDoc, where: str, enc: Encounter, bad: Callable[[str, str], StateError]) -> None:
    """An attack in progress: its dice exist, the faces rolled match them, its surge abilities are
    ``[id, effect, value, cost]`` with distinct ids, and what it used or rerolled is among them."""
    for field in ("dice", "def_dice"):
        for k, die in enumerate(getattr(a, field)):
            if die not in enc.lib.dice:
                raise bad(f"{where}.{field}.{k}", f"no die {die!r} (dice: {sorted(enc.lib.dice)})")
    for dice, faces in (("dice", "faces"), ("def_dice", "def_faces")):
        if len(getattr(a, faces)) not in (0, len(getattr(a, dice))):
            raise bad(f"{where}.{faces}", f"a face for each of the {dice} (once rolled), else empty")
    ids = []
    for k, ab in enumerate(a.abilities):
        if len(ab) != 4 or not isinstance(ab[0], str) or not isinstance(ab[1], str) or not all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_POINTS for x in ab[2:]):
            raise bad(f"{where}.abilities.{k}", "[id, effect, value, cost] (value and cost whole numbers)")
        ids.append(ab[0])
    if len(set(ids)) != len(ids):
        raise bad(f"{where}.abilities", "each surge ability once")
    for k, u in enumerate(a.used):
        if u not in ids:
            raise bad(f"{where}.used.{k}", f"one of the attack's surge abilities ({ids})")
    for k, c in enumerate(a.conditions):
        if c not in CONDITIONS:
            raise bad(f"{where}.conditions.{k}", f"one of the conditions {list(CONDITIONS)}")
    for k, r in enumerate(a.rerolled):
        if r >= len(a.dice):
            raise bad(f"{where}.rerolled.{k}", f"the number of an attack die (below {len(a.dice)})")


def _check_decision(d: EncounterDoc, enc: Encounter, k: int, seat: str, kind: str, data: list[Any],
                    bad: Callable[[str, str], StateError]) -> None:
    where = f"pending.{k}"
    n = len(d.order)
    if seat not in enc.seats:
        raise bad(f"{where}.0", f"one of the seats {list(enc.seats)}")
    if kind.startswith("mod:"):
        module = kind.split(":")[1]
        if module not in enc.by_name or (module in MOD_TASKS and kind not in MOD_DECISIONS):
            raise bad(f"{where}.1", f"no decision {kind!r} of a rule module of this encounter")
        if module not in MOD_TASKS:
            return
        _check_args(MOD_DECISIONS[kind], data, f"{where}.2", f"a {kind} decision", d, enc, bad)
        _check_needs(kind, data, f"{where}.2", d, bad)
        return
    if kind not in DECISION_KINDS:
        raise bad(f"{where}.1", f"one of {sorted(DECISION_KINDS)} or mod:<module>")

    def fig_arg(v: object) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
            raise bad(f"{where}.2", f"a figure's number (below {n}) for a {kind} decision")
        return v

    # each payload is checked by its fields (flow.PAYLOADS), once its list has the fields' number
    if kind in ("hero-turn", "monster-turn"):
        if len(data) != 1:
            raise bad(f"{where}.2", f"[figure] for a {kind} decision")
        fi = fig_arg((HeroTurn(*data) if kind == "hero-turn" else MonsterTurn(*data)).fig)
        f = d.figures[d.order[fi]]
        if not d.turns or d.turns[-1].fig != fi:
            raise bad(f"{where}.2", f"the figure whose turn is in progress (turns.-1.fig) for a {kind} decision")
        if f.side != kind.split("-")[0] or seat != f.seat:
            raise bad(f"{where}.0", f"the seat of the {kind.split('-')[0]} {d.order[fi]}")
    elif kind in ("ol-turn", "next-hero"):
        want = "overlord" if kind == "ol-turn" else "heroes"
        if data or seat != want:
            raise bad(where, f"[{want}, {kind}, []]")
    elif kind == "surge":
        if data or not d.attacks:
            raise bad(where, "a surge decision has no data and comes in an attack")
    elif kind == "react":
        _check_args(("offers", "ctx", "nat"), data, f"{where}.2", "a react decision", d, enc, bad)
        react = React(*data)
        _check_window(react.window, list(react.ctx), f"{where}.2.1", d, enc, bad)
        if react.seat_no >= len(enc.seats):
            raise bad(f"{where}.2.2", f"the number of the seat offered (below {len(enc.seats)})")
    elif kind == "breath":      # Fire Breath's path so far (the target's space first), in an attack
        if not d.attacks or not 1 <= len(data) < 4 or not all(_fits("square", x, d, enc) for x in data):
            raise bad(f"{where}.2", "the squares of Fire Breath's path so far (1 to 3) in an attack")
    elif kind == "blast":       # the space of a large target Blast centres on, in an attack
        if not d.attacks or data:
            raise bad(f"{where}.2", "no data, in an attack, for a blast decision")
    elif kind == "place":
        place = Place(*data) if len(data) == 2 else None
        if place is None or not isinstance(place.most, int) or isinstance(place.most, bool) or place.most < 0:
            raise bad(f"{where}.2", "[figure, spaces] for a place decision")
        fig_arg(place.fig)
    elif kind == "large-place":
        _check_args(("fig", "path"), data, f"{where}.2", "a large-place decision", d, enc, bad)
        large = LargePlace(*data)
        if not large.entered or d.figures[d.order[large.fig]].shape == [1, 1]:
            raise bad(f"{where}.2", "[a large figure, the spaces it entered] for a large-place decision")


def _check_mod(name: str, m: StrictModel, d: EncounterDoc, fresh: DescentState,
               bad: Callable[[str, str], StateError]) -> None:
    heroes = [f.id for f in fresh.figs if f.side == "hero"]
    where = f"mods.{name}"

    def subset(field: str, values: Any, allowed: Any) -> None:
        for v in values:
            if v not in allowed:
                raise bad(f"{where}.{field}", f"{v!r} is not one of {sorted(allowed)}")

    if isinstance(m, FeatsDoc):
        subset("used", m.used, heroes)
    elif isinstance(m, OverlordDeckDoc):
        ref = fresh.mods[name]
        if sorted([*m.deck, *m.hand, *m.discard]) != sorted([*ref["deck"], *ref["hand"], *ref["discard"]]):
            raise bad(where, "the deck, hand and discard pile hold the setup's Overlord cards, each copy once")
    elif isinstance(m, PlotDoc):
        ref = fresh.mods[name]
        if set(m.fortune) != set(ref["fortune"]):
            raise bad(f"{where}.fortune", f"fortune tokens of each hero ({sorted(ref['fortune'])})")
        if set(m.cards) != set(ref["cards"]):
            raise bad(f"{where}.cards", f"the Plot deck's cards ({sorted(ref['cards'])})")
        subset("reminders", m.reminders, heroes)
        subset("extra", m.extra, heroes)
        subset("replaced", m.replaced, d.order)
        if m.agent and m.agent not in d.figures:
            raise bad(f"{where}.agent", "the agent's figure id, or empty")
        subset("used", m.used, ref["cards"])


def _check_built(st: DescentState, game_id: str, at: Callable[[str], str]) -> None:
    """What needs the map: figures on the map stand on open spaces, no two on one square."""
    seen: dict[int, str] = {}
    board = st.enc.board
    for i, f in enumerate(st.figs):
        if f.status != "active":
            continue
        squares = st.squares(i)
        if len(squares) != f.shape[0] * f.shape[1] or not all(board.passable[s] for s in squares):
            raise refuse(game_id, at(f"figures.{f.id}.at"), "the figure does not fit on the map there")
        for s in squares:
            if s in seen:
                raise refuse(game_id, at(f"figures.{f.id}.at"),
                             f"{board.names[s]} is taken by {seen[s]}")
            seen[s] = f.id
