"""The mutation finder shared by the ``from_json`` tests (tests/generic/test_from_json.py for every
game, tests/descent/test_statedoc.py for Descent's mid-attack, feat and Shop states): where a saved
document can be changed, and the property every changed document must keep."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from questbox.core.errors import StateError
from questbox.core.state import JSON, Game


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (``TimeoutError``) when the block runs longer than ``seconds``: a loop that never ends."""
    def fail(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s (a loop that never ends?)")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path into ``doc`` (the first 6 items of a list)."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def words(doc: Any) -> set[str]:
    """Every string and key in ``doc`` (the words a mutation may put in a wrong place)."""
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set(doc) | {w for v in doc.values() for w in words(v)}
    if isinstance(doc, list):
        return {w for v in doc for w in words(v)}
    return set()


def refused_or_plays(game: Game, doc: JSON, steps: int = 25) -> None:
    """``game.from_json(doc)`` raises :class:`StateError`, or gives a state that plays ``steps``
    random legal actions (someone to move, with a legal action, while it is not over), within 20 s."""
    with deadline(20):
        try:
            state = game.from_json(doc)
        except StateError:
            return
        rng = random.Random(0)
        for _ in range(steps):
            if state.is_over():
                break
            movers = state.to_move()
            assert movers, "not over, nobody to move"
            seat = movers[0]
            legal = state.legal_actions(seat)
            assert legal, f"not over, {seat} has no legal action"
            state.apply(seat, rng.choice(legal))
