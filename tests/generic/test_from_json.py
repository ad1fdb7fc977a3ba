"""Issue #15: ``Game.from_json`` on a mutated saved state either raises ``StateError`` or gives a
state that plays: its legal actions apply, for a bounded number of steps, without hanging."""

from __future__ import annotations

import json
import os
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from questbox.core.errors import StateError
from questbox.core.registry import get_game
from questbox.core.state import JSON

HOWS = ["drop", "value", "word"]
GAMES = ["heirs", "heroica", "hero-ik", "descent", "descent-campaign"]
#: the games whose from_json validates its document structurally (issue #15); the others are xfail
VALIDATED = {"descent", "descent-campaign"}
#: QUESTBOX_FROM_JSON_EXAMPLES=300 runs the mutation finder longer (locally, to find more)
EXAMPLES = int(os.environ.get("QUESTBOX_FROM_JSON_EXAMPLES", "60"))


@contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    def fail(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s (a loop that never ends?)")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _saved(gid: str, steps: int = 12) -> JSON:
    game = get_game(gid)
    state = game.new(game.setup_for_seats(2 if 2 in game.seat_counts else game.seat_counts[0]), seed=5)
    rng = random.Random(1)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    doc: JSON = json.loads(json.dumps(state.to_json()))
    return doc


SAVED = {gid: _saved(gid) for gid in GAMES}


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


def _words(doc: Any) -> set[str]:
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set(doc) | {w for v in doc.values() for w in _words(v)}
    if isinstance(doc, list):
        return {w for v in doc for w in _words(v)}
    return set()


PATHS = {gid: list(_paths(doc)) for gid, doc in SAVED.items()}
WORDS = {gid: sorted(_words(doc))[:400] for gid, doc in SAVED.items()}
REPLACEMENTS: list[Any] = [None, True, -1, 0, 7, 10**9, 2.5, "", "niahc", [], {}, [[]], {"x": 1}]


def _mutate(doc: JSON, path: tuple[Any, ...], how: str, value: Any) -> JSON:
    out: JSON = json.loads(json.dumps(doc))
    cur: Any = out
    for p in path[:-1]:
        cur = cur[p]
    last = path[-1]
    if how == "drop":
        del cur[last]
    else:
        cur[last] = value
    return out


_OPEN = pytest.mark.xfail(reason="issue #15, open: this game's from_json still accepts some mutated "
                          "documents (a dropped key or a None) and fails later in legal_actions/apply "
                          "with a raw KeyError/IndexError/TypeError; it needs structural validation",
                          strict=False)


@pytest.mark.slow
@pytest.mark.parametrize("gid", [g if g in VALIDATED else pytest.param(g, marks=_OPEN) for g in GAMES])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_state_is_refused_or_plays(gid: str, data: st.DataObject) -> None:
    game = get_game(gid)
    path = data.draw(st.sampled_from(PATHS[gid]), label="path")
    how = data.draw(st.sampled_from(HOWS), label="how")
    value = data.draw(st.sampled_from(WORDS[gid] if how == "word" else REPLACEMENTS), label="value")
    doc = _mutate(SAVED[gid], path, how, value)
    with _deadline(20):
        try:
            state = game.from_json(doc)
        except StateError:
            return
        rng = random.Random(0)
        for _ in range(25):
            if state.is_over():
                break
            movers = state.to_move()
            assert movers, "not over, nobody to move"
            seat = movers[0]
            legal = state.legal_actions(seat)
            assert legal, f"not over, {seat} has no legal action"
            state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("gid", GAMES)
def test_the_saved_state_itself_loads(gid: str) -> None:
    state = get_game(gid).from_json(SAVED[gid])
    assert state.to_json() == SAVED[gid]


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("bad", [[], "x", None, {"a": 1}])
def test_not_a_state_document_is_a_state_error(gid: str, bad: Any) -> None:
    with pytest.raises(StateError):
        get_game(gid).from_json(bad)
