"""A Heroica setup's ``position:``: a mid-game situation to start from (ours, for tests and puzzles).

Without it every mid-game situation must be played into. It applies to the (first) mission after
the heroes' packs::

    position:
      round: 3                 # the round in progress (default 1)
      turn: p2                 # the seat to move: a hero seat, or monsters in Battle (default p1)
      heroes:                  # by seat, every field optional
        p1: {at: c1, came: b1, defeats: 1, monsters: [zombie]}
      bars: {d1: 2}            # the Giant Vampire Bat's current strength, by its space
      cleared: [e1, f3]        # spaces whose monster, item or coffin is already gone

``came`` is the space the hero last came from (it decides where a hero moved back goes) and must
be linked to ``at``; ``monsters`` are the ones in the hero's pack. Everything is checked against the
mission: an unknown space, a hero on a monster, a coffin, an item, the target or another hero, a
bar on a space without a Giant, a strength out of range, or a position that has already ended the
game (two Battle defeats, a round past the limit) is refused.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from questbox.core import Decision, SetupError
from questbox.core.validation import explain
from questbox.games.heroica.data import rules
from questbox.games.heroica.flow import MTURN, TURN
from questbox.games.heroica.state import MONSTER_SEAT, HeroicaState


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class HeroAt(_Model):
    at: str | None = None
    came: str | None = None
    defeats: int = Field(default=0, ge=0)
    monsters: list[str] = Field(default_factory=list)


class Position(_Model):
    round: int = Field(default=1, ge=1)
    turn: str | None = None
    heroes: dict[str, HeroAt] = Field(default_factory=dict)
    bars: dict[str, int] = Field(default_factory=dict)
    cleared: list[str] = Field(default_factory=list)


def parse_position(doc: Any) -> Position:
    if not isinstance(doc, dict):
        raise SetupError("heroica setup: position must be a mapping")
    try:
        return Position.model_validate(doc)
    except ValidationError as exc:
        raise SetupError(f"heroica setup: position.{explain(exc)}") from exc


def apply_position(state: HeroicaState, doc: Any) -> None:
    """Put ``state`` (just set up) in the position ``doc`` describes; :class:`SetupError` if it cannot be."""
    pos = parse_position(doc)
    board = state.board
    ix = board.index
    mission = board.mission

    def space(sid: str, where: str) -> int:
        if sid not in ix:
            raise SetupError(f"heroica setup: position.{where}: {sid!r} is not a space of mission {mission.name}")
        return ix[sid]

    for i, sid in enumerate(pos.cleared):
        s = space(sid, f"cleared.{i}")
        if s == mission.target and s in state.monsters:
            raise SetupError(f"heroica setup: position.cleared: the target's monster on {sid} is still there "
                             "until a hero wins the mission")
        if s not in state.monsters and s not in state.items and s not in state.coffins:
            raise SetupError(f"heroica setup: position.cleared: nothing stands on {sid}")
        state.monsters.pop(s, None)
        state.bars.pop(s, None)
        state.items.pop(s, None)
        state.coffins.discard(s)
    for sid, v in pos.bars.items():
        s = space(sid, f"bars.{sid}")
        if s not in state.bars:
            raise SetupError(f"heroica setup: position.bars: no monster with a strength bar stands on {sid}")
        top = rules().monsters[state.monsters[s]].strength
        if not 1 <= v <= top:
            raise SetupError(f"heroica setup: position.bars.{sid}: strength {v} is not between 1 and {top}")
        state.bars[s] = v
    heroes = state.seats[:state.nh]
    for seat, h_doc in pos.heroes.items():
        if seat not in heroes:
            raise SetupError(f"heroica setup: position.heroes: {seat!r} is not a hero seat ({', '.join(heroes)})")
        h = heroes.index(seat)
        where = f"heroes.{seat}"
        if h_doc.at is not None:
            s = space(h_doc.at, f"{where}.at")
            if s in state.monsters or s in state.coffins or s in state.items:
                raise SetupError(f"heroica setup: position.{where}.at: {h_doc.at} holds a monster, a coffin or "
                                 "an item")
            if s == mission.target:
                raise SetupError(f"heroica setup: position.{where}.at: a hero on the target {h_doc.at} has "
                                 "already won the mission")
            state.pos[h] = s
        if h_doc.came is not None:
            c = space(h_doc.came, f"{where}.came")
            if c not in board.adj[state.pos[h]]:
                raise SetupError(f"heroica setup: position.{where}.came: {h_doc.came} is not linked to "
                                 f"{board.ids[state.pos[h]]}, where the hero stands")
            state.came[h] = c
        for k in h_doc.monsters:
            if k not in rules().monsters:
                raise SetupError(f"heroica setup: position.{where}.monsters: unknown monster {k!r} "
                                 f"(known: {', '.join(rules().monsters)})")
        state.pack[h] = tuple(h_doc.monsters)
        state.defeats[h] = h_doc.defeats
    taken = [p for p in state.pos if p >= 0]
    if len(set(taken)) != len(taken):
        raise SetupError("heroica setup: position.heroes: two heroes stand on one space")
    if state.variant == "battle" and sum(state.defeats) >= 2:
        raise SetupError("heroica setup: position.heroes: two defeats already end Battle HEROICA")
    limit = int(state.opts["round_limit"] or board.doc.get("round_limit", 100))
    if limit and pos.round > limit:
        raise SetupError(f"heroica setup: position.round: {pos.round} is past the round limit ({limit})")
    state.round = pos.round
    turn = pos.turn if pos.turn is not None else state.seats[0]
    if turn not in state.seats:
        raise SetupError(f"heroica setup: position.turn: {turn!r} is not a seat ({', '.join(state.seats)})")
    state.cur = state.seats.index(turn)
    state.pending = [Decision(turn, MTURN if turn == MONSTER_SEAT else TURN)]
