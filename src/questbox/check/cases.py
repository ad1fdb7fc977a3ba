"""Load and run conformance cases.

A case (YAML)::

    game: heirs
    clauses: [HWK-CHAIN-01]
    rule: "a card chains to an end that matches its colour or number"
    setup: {...}            # the game's setup document
    seed: 1                 # optional
    random: [3, 1]          # optional: the next outcomes of the state's RNG, after setup
    steps:
      - do: "chain R3 left"                       # by the seat to move
      - do: {seat: p2, action: "draw"}            # by a named seat
      - illegal: "chain B5 left"                  # refused with IllegalAction; state unchanged
      - illegal: {seat: p2, action: "draw"}
      - expect: {"players.0.chain": ["R3", "R2"]} # values in the full state JSON
      - expect_view: {seat: p2, has: {"players.0.hand.#": 1}, lacks: ["players.0.hand"]}
      - expect_legal: {seat: p1, includes: ["done"], excludes: ["draw"], exactly: [...]}
      - expect_to_move: [p1]
      - expect_events: ["score"]                  # kinds (or text fragments) of the last step's events
    end: {over: true, winners: [p1], termination: score}

Paths are dotted; lists take indexes, maps keys, and a final ``#`` takes a length.
A case that runs out of scripted random outcomes fails; so does one that leaves some unused.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from questbox.check.paths import MISSING, get_path
from questbox.core.errors import IllegalAction, QuestboxError
from questbox.core.events import Event
from questbox.core.registry import get_game
from questbox.core.state import Game, Outcome, Seat, State


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatAction(_Model):
    seat: str
    action: str


class ViewCheck(_Model):
    seat: str | None = None
    has: dict[str, Any] = Field(default_factory=dict)
    lacks: list[str] = Field(default_factory=list)


class LegalCheck(_Model):
    seat: str | None = None
    includes: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    exactly: list[str] | None = None


class Step(_Model):
    do: str | SeatAction | None = None
    illegal: str | SeatAction | None = None
    expect: dict[str, Any] | None = None
    expect_view: ViewCheck | None = None
    expect_legal: LegalCheck | None = None
    expect_to_move: list[str] | None = None
    expect_events: list[str] | None = None


class End(_Model):
    over: bool | None = None
    winners: list[str] | None = None
    reason: str | None = None
    termination: str | None = None


class Case(_Model):
    game: str
    clauses: list[str] = Field(default_factory=list)
    rule: str = ""
    setup: dict[str, Any] | None = None
    seed: int = 0
    random: list[Any] | None = None
    steps: list[Step] = Field(default_factory=list)
    end: End | None = None
    path: str = ""


@dataclass
class CaseResult:
    case: Case
    ok: bool
    message: str = ""
    clauses: list[str] = field(default_factory=list)


class CaseFailure(Exception):
    pass


def load_case(path: Path) -> Case:
    doc = yaml.safe_load(path.read_text())
    if not isinstance(doc, dict):
        raise CaseFailure(f"{path}: a case is a YAML mapping")
    try:
        return Case(**doc, path=str(path))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise CaseFailure(f"{path}: malformed case at {where}: {first['msg']}") from exc


def load_cases(paths: list[str | Path]) -> list[Case | CaseResult]:
    """Every case under ``paths`` (files or folders, ``*.yaml``/``*.yml``), sorted by path.
    A file that does not load comes back as a failed :class:`CaseResult`."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(f for f in p.rglob("*") if f.suffix in {".yaml", ".yml"}))
        else:
            files.append(p)
    out: list[Case | CaseResult] = []
    for f in files:
        try:
            out.append(load_case(f))
        except (CaseFailure, OSError, yaml.YAMLError) as exc:
            out.append(CaseResult(Case(game="?", path=str(f)), False, str(exc)))
    return out


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def _compare(doc: Any, expected: dict[str, Any], what: str) -> None:
    for path, want in expected.items():
        got = get_path(doc, path)
        if got is MISSING:
            raise CaseFailure(f"{what}: {path} is missing (expected {_short(want)})")
        if got != want:
            raise CaseFailure(f"{what}: {path} is {_short(got)}, expected {_short(want)}")


def _seat_action(state: State, spec: str | SeatAction) -> tuple[Seat | None, str]:
    if isinstance(spec, SeatAction):
        return spec.seat, spec.action
    return None, spec


def _matches(events: list[Event], wanted: str) -> bool:
    return any(e.kind == wanted or wanted in e.text for e in events)


def run_case(case: Case) -> CaseResult:
    """Run one case; never raises for a failing case (the message says what went wrong)."""
    try:
        _run(case)
    except CaseFailure as exc:
        return CaseResult(case, False, str(exc), case.clauses)
    except QuestboxError as exc:
        return CaseResult(case, False, f"{type(exc).__name__}: {exc}", case.clauses)
    except Exception as exc:  # a bug in a game must show as a failed case, not a crash
        return CaseResult(case, False, f"crashed: {type(exc).__name__}: {exc}", case.clauses)
    return CaseResult(case, True, "", case.clauses)


def _run(case: Case) -> None:
    game = get_game(case.game)
    state = game.new(copy.deepcopy(case.setup), seed=case.seed)
    if case.random is not None:
        state.rng.script = list(case.random)
    last: list[Event] = []
    for i, step in enumerate(case.steps, 1):
        where = f"step {i}"
        if step.do is not None:
            seat, text = _seat_action(state, step.do)
            try:
                last = state.apply(seat, game.parse_action(text))
            except IllegalAction as exc:
                raise CaseFailure(f"{where}: {text!r} was refused: {exc}") from exc
        if step.illegal is not None:
            seat, text = _seat_action(state, step.illegal)
            before = state.to_json()
            try:
                state.apply(seat, game.parse_action(text))
            except IllegalAction as exc:
                if not str(exc):
                    raise CaseFailure(f"{where}: {text!r} was refused without a message") from exc
            else:
                raise CaseFailure(f"{where}: {text!r} was accepted, expected it to be illegal")
            if state.to_json() != before:
                raise CaseFailure(f"{where}: refusing {text!r} changed the state")
        if step.expect is not None:
            _compare(state.to_json(), step.expect, where)
        if step.expect_view is not None:
            view = state.view(step.expect_view.seat)
            _compare(view, step.expect_view.has, f"{where} (view of {step.expect_view.seat})")
            for path in step.expect_view.lacks:
                if get_path(view, path) is not MISSING:
                    raise CaseFailure(f"{where}: the view of {step.expect_view.seat} shows {path}")
        if step.expect_legal is not None:
            chk = step.expect_legal
            seat = chk.seat if chk.seat is not None else (state.to_move() or (None,))[0]
            legal = {str(a) for a in state.legal_actions(seat)}
            for a in chk.includes:
                if a not in legal:
                    raise CaseFailure(f"{where}: {a!r} is not legal for {seat} (legal: {sorted(legal)})")
            for a in chk.excludes:
                if a in legal:
                    raise CaseFailure(f"{where}: {a!r} is legal for {seat}")
            if chk.exactly is not None and legal != set(chk.exactly):
                raise CaseFailure(f"{where}: legal actions of {seat} are {sorted(legal)}, "
                                  f"expected {sorted(chk.exactly)}")
        if step.expect_to_move is not None and list(state.to_move()) != step.expect_to_move:
            raise CaseFailure(f"{where}: to move: {list(state.to_move())}, expected {step.expect_to_move}")
        if step.expect_events is not None:
            for wanted in step.expect_events:
                if not _matches(last, wanted):
                    raise CaseFailure(f"{where}: no event {wanted!r} in {[e.text for e in last]}")
    if state.rng.script:
        raise CaseFailure(f"{len(state.rng.script)} scripted random outcome(s) left unused: "
                          f"{_short(state.rng.script)}")
    if case.end is not None:
        end = case.end
        if end.over is not None and state.is_over() != end.over:
            raise CaseFailure(f"end: the game is {'over' if state.is_over() else 'not over'}")
        out = state.outcome()
        if end.winners is not None:
            got = sorted(out.winners) if out else None
            if got != sorted(end.winners):
                raise CaseFailure(f"end: winners {got}, expected {sorted(end.winners)}")
        if end.reason is not None and (out is None or end.reason not in out.reason):
            raise CaseFailure(f"end: reason {out.reason if out else None!r}, expected {end.reason!r}")
        _check_termination(game, end, out)


def _check_termination(game: Game, end: End, out: Outcome | None) -> None:
    """``end: termination:`` is the game's word for how it ended (exactly, unlike ``reason``)."""
    if end.termination is None:
        return
    if end.termination not in game.terminations:
        raise CaseFailure(f"end: {end.termination!r} is no termination word of {game.id} "
                          f"({', '.join(sorted(game.terminations))})")
    got = out.termination if out else None
    if got != end.termination:
        raise CaseFailure(f"end: termination {got!r}, expected {end.termination!r}")
