"""The saved state document of hero-ik (``HikState.to_json``), validated before a state is built from
it (issue #15): the schema here, the setup through :func:`~.setup.normalize`, and in
:func:`check_state` what must agree with the rules context (card instances, party, equipment, the
shape of every pending decision and queued step)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import Field, StrictBool, StrictInt

from questbox.core.errors import StateError
from questbox.core.validation import Count, RngDoc, StrictModel, validated
from questbox.games.hero_ik.cards import COLOURS
from questbox.games.hero_ik.setup import ADV, DM, Ctx

Seat = Literal["adventurers", "dungeon"]
Kind = Literal["construct", "equip", "attack", "rps", "preroll", "postroll", "dire", "guard", "place", "mana",
               "pay", "target", "brink", "losemana"]
StepKind = Literal["construct", "equip", "combat", "rps", "preroll", "dire", "postroll", "guard", "replace",
                   "mana", "pay", "eff", "brink", "losemana", "endturn"]
Gesture = Literal["", "rock", "paper", "scissors"]
Three = Field(min_length=3, max_length=3)
Bonus = Annotated[StrictInt, Field(ge=-50, le=50)]
Instance = Annotated[StrictInt, Field(ge=-1)]
#: decisions and steps that act on the combat in progress
NEEDS_COMBAT = frozenset({"rps", "preroll", "postroll", "dire"})


class EquipmentDoc(StrictModel):
    slot: str
    id: str
    state: Literal["face-down", "revealed", "discarded"]


class CombatDoc(StrictModel):
    target: Annotated[StrictInt, Field(ge=0, le=3)]
    card: Instance
    m_start: Count
    pdie: Annotated[StrictInt, Field(ge=0, le=6)]
    sides: Annotated[StrictInt, Field(ge=2, le=100)]
    face: Annotated[StrictInt, Field(ge=0, le=100)]
    mult: Annotated[StrictInt, Field(ge=1, le=10)]
    bonus: Bonus
    #: ``locked``/``pre_lock`` or ``applied``, as the rules version writes them (the canonical check
    #: holds a document to what its state writes back)
    locked: StrictBool | None = None
    pre_lock: StrictBool | None = None
    applied: list[Annotated[tuple[str, Literal["mult", "bonus"], StrictBool], Field(strict=False)]] | None = None
    rolls: Annotated[StrictInt, Field(ge=0, le=1000)]


class HikDoc(StrictModel):
    game: Literal["hero-ik"]
    seats: list[Seat] = Field(min_length=1, max_length=2)
    setup: dict[str, Any]
    rng: RngDoc
    deck: list[str]
    turn: Annotated[StrictInt, Field(ge=1)]
    phase: Literal["construction", "equipment", "combat", "over"]
    piles: Annotated[list[list[Count]], Three]
    slot: Annotated[list[Instance], Three]
    down: Annotated[list[StrictBool], Three]
    ten: Annotated[list[StrictBool], Three]
    peek: Annotated[list[StrictBool], Three]
    marks: Annotated[list[Bonus], Three]
    final_ten: StrictBool
    final_mark: Bonus
    encounters: list[str | None]
    trophies: list[Count]
    trophy_ids: list[str]
    spent: list[Count]
    courage: Annotated[StrictInt, Field(ge=-100, le=10)]
    fear: Annotated[StrictInt, Field(ge=0, le=100)]
    mana: list[Literal[0, 1]]
    equipment: list[EquipmentDoc]
    combat: CombatDoc | None
    rps: Annotated[list[Gesture], Field(min_length=2, max_length=2)]
    perm: Annotated[list[Bonus], Field(min_length=8, max_length=8)]
    perm_ten: Annotated[list[Annotated[StrictInt, Field(ge=0, le=1)]], Field(min_length=2, max_length=2)]
    steps: list[list[StrictInt | str]] = Field(max_length=200)
    pending: list[Annotated[tuple[Seat, Kind, list[StrictInt | str]], Field(strict=False)]] = Field(max_length=8)
    lich_dead: StrictBool
    result: Literal["", "adventurers", "dungeon"]
    reason: str


def parse_state(doc: Any) -> HikDoc:
    """The schema check (``StateError`` naming the field)."""
    return validated(HikDoc, doc, "not a hero-ik state", StateError)


def check_state(d: HikDoc, ctx: Ctx) -> None:
    """What the schema cannot say, against the rules context of the document's setup."""
    def bad(msg: str) -> StateError:
        return StateError(f"not a hero-ik state: {msg}")

    n = len(ctx.deck)
    if d.seats != list(ctx.seats):
        raise bad(f"seats: the setup seats {', '.join(ctx.seats)}")
    cards = [i for p in d.piles for i in p] + [i for i in d.slot if i >= 0] + d.trophies + d.spent
    if sorted(cards) != list(range(n)):
        wrong = sorted(set(range(n)).symmetric_difference(cards) | {i for i in cards if cards.count(i) > 1})
        raise bad(f"piles/slot/trophies/spent: every card 0-{n - 1} in exactly one place (not so for "
                  f"{', '.join(map(str, wrong[:5]))})")
    for c in range(3):
        if d.slot[c] < 0 and (d.down[c] or d.ten[c] or d.marks[c]):
            raise bad(f"slot.{c}: an empty corridor has no face-down card, Tenacity or mark")
    if len(d.mana) != ctx.n_adv:
        raise bad(f"mana: one token count per adventurer ({ctx.n_adv})")
    if len(d.equipment) != len(ctx.eq_start):
        raise bad(f"equipment: {len(ctx.eq_start)} cards")
    for k, e in enumerate(d.equipment):
        if e.id not in ctx.cards.equipment:
            raise bad(f"equipment.{k}.id: no equipment {e.id!r}")
    cb = d.combat
    if cb is not None:
        want = -1 if cb.target == 3 else d.slot[cb.target]
        if cb.card != want or (cb.target < 3 and want < 0):
            raise bad("combat.card: not the card of the corridor fought")
        if cb.face > cb.sides * cb.mult:
            raise bad("combat.face: above the die")
    for k, step in enumerate(d.steps):
        why = _step_fault(step, ctx)
        if why:
            raise bad(f"steps.{k}: {why}")
        if step[0] in NEEDS_COMBAT and cb is None:
            raise bad(f"steps.{k}: {step[0]} without a combat")
    for k, (seat, kind, data) in enumerate(d.pending):
        why = _pending_fault(seat, kind, data, ctx, d)
        if why:
            raise bad(f"pending.{k}: {kind}: {why}")
        if kind in NEEDS_COMBAT and cb is None:
            raise bad(f"pending.{k}: {kind} without a combat")
    if d.result and d.pending:
        raise bad("pending: a finished game has no decision pending")
    ends = [k for k, step in enumerate(d.steps) if step == ["endturn"]]
    if not d.result and ends != [len(d.steps) - 1]:
        raise bad("steps: a game that goes on queues one end of turn, last")
    if ctx.solo and any(d.rps):
        raise bad("rps: solitaire has no rock/paper/scissors")


def _step_fault(step: list[int | str], ctx: Ctx) -> str | None:
    if not step or not isinstance(step[0], str):
        return "a step is [kind, ...]"
    kind, args = step[0], step[1:]
    ints = [a for a in args if isinstance(a, int)]
    if kind == "replace":
        ok = len(args) == 2 == len(ints) and 0 <= ints[0] <= 2 and ints[1] in (0, 1)
        return None if ok else "replace: [replace, corridor 0-2, 0/1]"
    if kind == "pay":
        ok = len(args) == len(COLOURS) == len(ints) and all(0 <= x <= 48 for x in ints)
        return None if ok else f"pay: [pay, {len(COLOURS)} counts]"
    if kind == "eff":
        if len(args) != 2 or not isinstance(args[1], int):
            return "eff: [eff, ult|eq, index]"
        src, k = args[0], ints[-1]
        ok = (src == "ult" and 0 <= k < ctx.n_adv) or (src == "eq" and 0 <= k < len(ctx.eq_start))
        return None if ok else "eff: [eff, ult|eq, index]"
    if kind not in get_args(StepKind):
        return f"no step {kind!r}"
    return None if not args else f"{kind}: no arguments"


def _pending_fault(seat: str, kind: str, data: list[int | str], ctx: Ctx, d: HikDoc) -> str | None:
    dm_kinds = ("construct", "dire", "guard", "place")
    want = DM if kind in dm_kinds else ADV
    if seat != want or seat not in ctx.seats:
        return f"is the {want} seat's decision"
    ints = [x for x in data if isinstance(x, int)]
    if kind == "place":
        ok = len(data) == 1 == len(ints) and 0 <= ints[0] <= 2 and d.slot[ints[0]] >= 0
        return None if ok else "[corridor 0-2] with a card"
    if kind == "pay":
        ok = len(data) == len(COLOURS) == len(ints) and all(0 <= x <= 48 for x in ints) and any(ints)
        return None if ok else f"{len(COLOURS)} counts, not all 0"
    if kind == "target":
        if data == ["mana"]:
            return None
        ok = len(data) == 2 and data[0] == "eliminate" and isinstance(data[1], str)
        return None if ok else "[mana] or [eliminate, target]"
    return None if not data else "no data"
