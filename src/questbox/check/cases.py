"""Load and run conformance cases.

A case (YAML)::

    game: heirs
    clauses: [HWK-CHAIN-01]
    rule: "a card chains to an end that matches its colour or number"
    setup: {...}            # the game's setup document
    seed: 1                 # optional
    setup_random: [[R1, O1]] # optional: the outcomes of what the setup draws (a shuffle's first cards)
    random: [3, 1]          # optional: the next outcomes of the state's RNG, after setup
    steps:
      - do: "chain R3 left"                       # by the seat to move
      - do: {seat: p2, action: "draw"}            # by a named seat
      - illegal: "chain B5 left"                  # refused with IllegalAction; state unchanged
      - illegal: {seat: p2, action: "draw", message: "not your turn"}  # ... with this in its message
      - expect: {"players.0.chain": ["R3", "R2"]} # values in the full state JSON
      - expect_match: {"players.0.hand": {has: [R3], unordered: [R3, B1]}, "deck.#": {at_least: 3}}
      - expect_view: {seat: p2, has: {"players.0.hand.#": 1}, lacks: ["players.0.hand"]}
      - expect_legal: {seat: p1, includes: ["done"], excludes: ["draw"], exactly: [...],
                       any_of: [...], at_least: 2, at_most: 5}
      - expect_to_move: [p1]
      - expect_events: ["score"]                  # kinds (or text fragments) of the last step's events
      - expect_no_events: ["shuffle"]             # ... and ones that must not be among them
    end: {over: true, winners: [p1], termination: score}

A case may instead expect its setup to be refused: ``setup_error: "fragment"`` (no steps, no end):
``new`` must raise :class:`SetupError` whose message contains the fragment.

Paths are dotted; lists take indexes, maps keys, and a final ``#`` takes a length.
A case that runs out of scripted random outcomes fails; so does one that leaves some unused.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from questbox.check.paths import MISSING, get_path
from questbox.core.errors import IllegalAction, QuestboxError, SetupError
from questbox.core.events import Event
from questbox.core.registry import get_game
from questbox.core.rng import setup_script
from questbox.core.state import Game, Outcome, Seat, State
from questbox.core.validation import explain


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatAction(_Model):
    seat: str
    action: str


class IllegalSpec(_Model):
    """An action that must be refused; ``message``: a fragment the refusal's message must contain."""

    action: str
    seat: str | None = None
    message: str | None = None


class Match(_Model):
    """Checks on one value that equality cannot state."""

    #: members it must hold: elements of a list, keys of a map, fragments of a string
    has: list[Any] = Field(default_factory=list)
    #: members it must not hold
    lacks: list[Any] = Field(default_factory=list)
    #: the list's elements, in any order (as a multiset)
    unordered: list[Any] | None = None
    #: bounds on a number (a length with a final ``#``)
    at_least: float | None = None
    at_most: float | None = None


class ViewCheck(_Model):
    seat: str | None = None
    has: dict[str, Any] = Field(default_factory=dict)
    lacks: list[str] = Field(default_factory=list)


class LegalCheck(_Model):
    seat: str | None = None
    includes: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    exactly: list[str] | None = None
    #: at least one of these is legal
    any_of: list[str] = Field(default_factory=list)
    #: bounds on the number of legal actions
    at_least: int | None = None
    at_most: int | None = None


class Step(_Model):
    do: str | SeatAction | None = None
    illegal: str | IllegalSpec | None = None
    expect: dict[str, Any] | None = None
    expect_match: dict[str, Match] | None = None
    expect_view: ViewCheck | None = None
    expect_legal: LegalCheck | None = None
    expect_to_move: list[str] | None = None
    expect_events: list[str] | None = None
    expect_no_events: list[str] | None = None


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
    setup_random: list[Any] | None = None
    random: list[Any] | None = None
    setup_error: str | None = None
    steps: list[Step] = Field(default_factory=list)
    end: End | None = None
    path: str = ""

    @model_validator(mode="after")
    def _refused_setup_has_no_play(self) -> Case:
        if self.setup_error is not None and (self.steps or self.end is not None or self.random is not None):
            raise ValueError("a case with setup_error: has no steps, random or end (the game never starts)")
        return self


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
        raise CaseFailure(f"{path}: malformed case at {explain(exc)}") from exc


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


def _seat_action(state: State, spec: str | SeatAction | IllegalSpec) -> tuple[Seat | None, str]:
    if isinstance(spec, SeatAction | IllegalSpec):
        return spec.seat, spec.action
    return None, spec


def _check_match(doc: Any, checks: dict[str, Match], what: str) -> None:
    """``expect_match``: membership, order-free and bound checks on values of ``doc``."""
    for path, m in checks.items():
        got = get_path(doc, path)
        if got is MISSING:
            raise CaseFailure(f"{what}: {path} is missing")
        for x in m.has:
            if not _holds(got, x):
                raise CaseFailure(f"{what}: {path} ({_short(got)}) does not hold {_short(x)}")
        for x in m.lacks:
            if _holds(got, x):
                raise CaseFailure(f"{what}: {path} ({_short(got)}) holds {_short(x)}")
        if m.unordered is not None and (not isinstance(got, list)
                                        or sorted(map(repr, got)) != sorted(map(repr, m.unordered))):
            raise CaseFailure(f"{what}: {path} is {_short(got)}, expected {_short(m.unordered)} in any order")
        if m.at_least is not None or m.at_most is not None:
            if not isinstance(got, int | float) or isinstance(got, bool):
                raise CaseFailure(f"{what}: {path} is {_short(got)}, not a number")
            if m.at_least is not None and got < m.at_least:
                raise CaseFailure(f"{what}: {path} is {got}, expected at least {m.at_least:g}")
            if m.at_most is not None and got > m.at_most:
                raise CaseFailure(f"{what}: {path} is {got}, expected at most {m.at_most:g}")


def _holds(container: Any, x: Any) -> bool:
    if isinstance(container, str):
        return isinstance(x, str) and x in container
    if isinstance(container, list | dict):
        return x in container
    return False


def _new_state(case: Case, game: Game) -> State | None:
    """The case's starting state: the setup (with its draws scripted by ``setup_random``), then the
    ``random`` script; ``None`` when the case expects the setup to be refused, and it was."""
    setup_rest = list(case.setup_random) if case.setup_random is not None else None
    try:
        with setup_script(setup_rest):
            state = game.new(copy.deepcopy(case.setup), seed=case.seed)
    except SetupError as exc:
        if case.setup_error is None:
            raise
        if case.setup_error not in str(exc):
            raise CaseFailure(f"setup: refused with {str(exc)!r}, expected a message containing "
                              f"{case.setup_error!r}") from exc
        return None
    if case.setup_error is not None:
        raise CaseFailure(f"setup: accepted, expected it to be refused ({case.setup_error!r})")
    if setup_rest:
        raise CaseFailure(f"setup: {len(setup_rest)} scripted setup outcome(s) left unused: {_short(setup_rest)}")
    state.rng.script = list(case.random) if case.random is not None else None
    return state


def _check_illegal(state: State, game: Game, spec: str | IllegalSpec, where: str) -> None:
    seat, text = _seat_action(state, spec)
    before = state.to_json()
    try:
        state.apply(seat, game.parse_action(text))
    except IllegalAction as exc:
        if not str(exc):
            raise CaseFailure(f"{where}: {text!r} was refused without a message") from exc
        want = spec.message if isinstance(spec, IllegalSpec) else None
        if want is not None and want not in str(exc):
            raise CaseFailure(f"{where}: {text!r} was refused with {str(exc)!r}, expected a message "
                              f"containing {want!r}") from exc
    else:
        raise CaseFailure(f"{where}: {text!r} was accepted, expected it to be illegal")
    if state.to_json() != before:
        raise CaseFailure(f"{where}: refusing {text!r} changed the state")


def _check_legal_counts(chk: LegalCheck, legal: set[str], seat: Seat | None, where: str) -> None:
    if chk.any_of and not legal & set(chk.any_of):
        raise CaseFailure(f"{where}: none of {chk.any_of} is legal for {seat} (legal: {sorted(legal)})")
    if chk.at_least is not None and len(legal) < chk.at_least:
        raise CaseFailure(f"{where}: {len(legal)} legal actions for {seat}, expected at least {chk.at_least}")
    if chk.at_most is not None and len(legal) > chk.at_most:
        raise CaseFailure(f"{where}: {len(legal)} legal actions for {seat}, expected at most {chk.at_most}")


def _check_no_events(events: list[Event], unwanted: list[str], where: str) -> None:
    for u in unwanted:
        hits = [e.text for e in events if e.kind == u or u in e.text]
        if hits:
            raise CaseFailure(f"{where}: event {u!r} happened: {hits}")


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
    state = _new_state(case, game)
    if state is None:
        return
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
            _check_illegal(state, game, step.illegal, where)
        if step.expect is not None:
            _compare(state.to_json(), step.expect, where)
        if step.expect_match is not None:
            _check_match(state.to_json(), step.expect_match, where)
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
            _check_legal_counts(chk, legal, seat, where)
        if step.expect_to_move is not None and list(state.to_move()) != step.expect_to_move:
            raise CaseFailure(f"{where}: to move: {list(state.to_move())}, expected {step.expect_to_move}")
        if step.expect_events is not None:
            for wanted in step.expect_events:
                if not _matches(last, wanted):
                    raise CaseFailure(f"{where}: no event {wanted!r} in {[e.text for e in last]}")
        if step.expect_no_events is not None:
            _check_no_events(last, step.expect_no_events, where)
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
