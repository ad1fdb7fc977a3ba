"""The saved state document of heroica (``HeroicaState.to_json``), validated before a state is built
from it (issue #15): the schema here; the missions, heroes and options through the setup's own
checks; the ids and payloads that must agree with them in :func:`check_state`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt

from questbox.core.decisions import lookup
from questbox.core.errors import StateError
from questbox.core.validation import Count, RngDoc, StrictModel, validated
from questbox.games.heroica.board import Board
from questbox.games.heroica.data import MOVE, rules
from questbox.games.heroica.kinds import KINDS

Face = Literal["shield", "sword", "skull", "sword-skull"]
Kind = Literal["turn", "mturn", "forward", "fight", "back", "strike", "shield", "move", "mfight", "mmove"]


class HeroDoc(StrictModel):
    seat: str
    hero: str
    at: str | None
    came: str | None
    health: Count
    max: Count
    healing: StrictBool
    gold: Count
    life: Count
    defense: Count
    fang: Count
    weapons: list[str]
    monsters: list[str]
    defeats: Count
    won: Count
    vp: Count


class BoardDoc(StrictModel):
    monsters: dict[str, str]
    bars: dict[str, Annotated[StrictInt, Field(ge=1, le=20)]]
    items: dict[str, str]
    coffins: list[str]
    target: str
    bats_in_box: Count


class PassingDoc(StrictModel):
    """A moving monster held on another monster's space (written by newer versions of the rules)."""

    monster: str
    bar: Annotated[StrictInt, Field(ge=1, le=20)] | None


class TurnDoc(StrictModel):
    seat: str
    round: Annotated[StrictInt, Field(ge=1)]
    roll: Face | None
    steps: Annotated[StrictInt, Field(ge=0, le=max(MOVE.values()))]
    path: list[str]
    defended: StrictBool
    mover: str | None
    #: optional: only newer versions of the state write them (the canonical check holds them to it)
    passing: PassingDoc | None = None
    steps_taken: Count | None = None


class HeroicaDoc(StrictModel):
    variant: Literal["standard", "epic", "battle"]
    mission: Count
    mission_id: str
    title: str
    heroes: list[HeroDoc] = Field(min_length=1, max_length=4)
    board: BoardDoc
    turn: TurnDoc
    store: dict[str, Count]
    history: list[str | None]
    decision: list[Any] | None
    decision_text: str | None = None
    over: StrictBool
    winners: list[str] | None
    options: dict[str, Any]
    seats: list[str] = Field(min_length=1, max_length=5)
    missions: list[dict[str, Any]] = Field(min_length=1)
    rng: RngDoc
    pending: list[Annotated[tuple[str, Kind, list[StrictInt | str]], Field(strict=False)]] = Field(max_length=1)
    result: Annotated[tuple[list[str], str], Field(strict=False)] | None


def parse_state(doc: Any) -> HeroicaDoc:
    """The schema check (``StateError`` naming the field)."""
    return validated(HeroicaDoc, doc, "not a heroica state", StateError)


def setup_of(d: HeroicaDoc) -> dict[str, Any]:
    """The setup document the state's variant, heroes, missions and options make (checked by the
    game's setup parser, which also resolves the missions)."""
    setup: dict[str, Any] = {"variant": d.variant, "heroes": [h.hero for h in d.heroes], "options": d.options}
    if d.variant == "epic":
        setup["missions"] = d.missions
    else:
        setup["mission"] = d.missions[0] if len(d.missions) == 1 else d.missions
    return setup


def check_state(d: HeroicaDoc, seats: tuple[str, ...], board: Board) -> None:
    """What the schema cannot say: every space, monster, item and weapon id exists, the heroes' seats
    and the pending decision agree with the game."""
    def bad(msg: str) -> StateError:
        return StateError(f"not a heroica state: {msg}")

    r = rules()
    ix = board.index
    if list(seats) != d.seats:
        raise bad(f"seats: the heroes and variant seat {', '.join(seats)}")
    if d.mission >= len(d.missions):
        raise bad(f"mission: {d.mission} is past the {len(d.missions)} mission(s)")

    def space(name: str, s: str | None, none: bool = False) -> None:
        if (s is None and not none) or (s is not None and s not in ix):
            raise bad(f"{name}: no space {s!r} on the board")

    for h, hero in enumerate(d.heroes):
        at = f"heroes.{h}"
        if hero.seat != seats[h]:
            raise bad(f"{at}.seat: {hero.seat!r}, not {seats[h]!r}")
        space(f"{at}.at", hero.at, none=True)
        space(f"{at}.came", hero.came, none=True)
        if hero.health > r.heroes[hero.hero].health:
            raise bad(f"{at}.health: above the {hero.hero}'s {r.heroes[hero.hero].health}")
        for w in hero.weapons:
            if w not in r.weapons and w not in r.relics:
                raise bad(f"{at}.weapons: no weapon {w!r}")
        for m in hero.monsters:
            if m not in r.monsters:
                raise bad(f"{at}.monsters: no monster {m!r}")
    b = d.board
    for s, kind in b.monsters.items():
        space("board.monsters", s)
        if kind not in r.monsters:
            raise bad(f"board.monsters.{s}: no monster {kind!r}")
    for s in b.bars:
        space("board.bars", s)
        if s not in b.monsters:
            raise bad(f"board.bars.{s}: no monster there")
    for s, kind in b.items.items():
        space("board.items", s)
        if kind not in r.items:
            raise bad(f"board.items.{s}: no item {kind!r}")
    for s in b.coffins:
        space("board.coffins", s)
    if set(d.store) != set(r.weapons):
        raise bad(f"store: one count for each of {', '.join(r.weapons)}")
    t = d.turn
    if t.seat not in seats:
        raise bad(f"turn.seat: no seat {t.seat!r}")
    for s in t.path:
        space("turn.path", s)
    space("turn.mover", t.mover, none=True)
    if t.passing is not None and t.passing.monster not in r.monsters:
        raise bad(f"turn.passing.monster: no monster {t.passing.monster!r}")
    if len(d.history) != d.mission + (1 if d.result is not None and d.variant == "epic" else 0):
        raise bad("history: one entry per mission played")
    for p in d.pending:
        seat, kind, data = p
        if seat not in seats:
            raise bad(f"pending.0: no seat {seat!r}")
        # each kind checks its own payload (the schema already holds the kind to the table's names)
        why = lookup(KINDS, kind).fault(data, len(board.ids), len(d.heroes))
        if why:
            raise bad(f"pending.0: {kind}: {why}")
    if d.result is not None and any(w not in seats for w in d.result[0]):
        raise bad("result: a winner that is not a seat")
    if (d.result is None) == (not d.pending):
        raise bad("pending: a decision is pending exactly while the game is not over")
