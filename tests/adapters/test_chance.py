"""Explicit chance: every draw of the core Rng as chance nodes with exact probabilities."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questbox.adapters.chance import BASE, ChanceRng, NeedChance


def _distribution(draw: Callable[[ChanceRng], Any]) -> dict[Any, Fraction]:
    """Every result of ``draw`` with its exact probability, by walking all chance nodes."""
    out: dict[Any, Fraction] = defaultdict(Fraction)
    todo: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while todo:
        outcomes, p = todo.pop()
        try:
            out[repr(draw(ChanceRng(outcomes)))] += p
        except NeedChance as need:
            assert sum(need.probs) == pytest.approx(1.0) and len(need.probs) <= BASE
            for i, q in enumerate(need.probs):
                todo.append(([*outcomes, i], p * Fraction(q).limit_denominator(BASE * BASE)))
    return out


@given(st.integers(min_value=1, max_value=3 * BASE + 7))
@settings(max_examples=25, deadline=None)
def test_below_is_exactly_uniform_also_when_split(n: int) -> None:
    dist = _distribution(lambda r: r.below(n))
    assert set(dist) == {repr(v) for v in range(n)}
    assert all(p == Fraction(1, n) for p in dist.values())


def test_shuffle_choice_and_roll_are_uniform() -> None:
    def shuffled(r: ChanceRng) -> list[str]:
        items = ["a", "b", "c", "d"]
        r.shuffle(items)
        return items

    perms = _distribution(shuffled)
    assert len(perms) == 24 and set(perms.values()) == {Fraction(1, 24)}
    assert set(_distribution(lambda r: r.roll(6)).values()) == {Fraction(1, 6)}
    assert set(_distribution(lambda r: r.choice("xyz"))) == {"'x'", "'y'", "'z'"}


def test_raw_draws_are_refused_clearly() -> None:
    with pytest.raises(TypeError, match="only uniform draws"):
        ChanceRng()._next()


def _below_shuffle(rng: ChanceRng, items: list[int]) -> None:
    """Fisher-Yates through ``below``, the definition the inlined ``shuffle`` must keep."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, BASE + 12), st.lists(st.integers(0, 2 * BASE), max_size=BASE + 20))
def test_shuffle_answers_and_stops_as_its_below_draws_do(n: int, outcomes: list[int]) -> None:
    results = []
    for shuffle in (lambda r, xs: r.shuffle(xs), _below_shuffle):
        rng, items = ChanceRng(outcomes), list(range(n))
        try:
            shuffle(rng, items)
            results.append(("done", items, rng.pos))
        except NeedChance as need:
            results.append(("chance", need.probs, rng.pos))
        except ValueError as exc:
            results.append(("refused", str(exc), rng.pos))
    assert results[0] == results[1]
