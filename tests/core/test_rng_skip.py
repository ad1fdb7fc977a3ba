"""Rng.skip(n): the stream moves on as n draws would (the hero-ik bot uses it instead of a copy)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from questbox.core import Rng
from questbox.core.rng import KEYED


@given(st.one_of(st.integers(0, KEYED - 1), st.integers(KEYED, KEYED * 4)), st.integers(0, 60))
def test_skip_is_n_draws(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    items = list(range(n + 1))
    a.shuffle(items)            # a shuffle of n + 1 items draws n times
    b.skip(n)
    assert a.to_json() == b.to_json()
    assert a.below(1000) == b.below(1000)


def test_a_scripted_generator_cannot_skip() -> None:
    with pytest.raises(ValueError, match="scripted"):
        Rng(1, script=[0]).skip(1)
