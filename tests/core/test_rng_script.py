"""Scripted shuffles that name only the first items, and scripting what a setup draws."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from questbox.core import Rng
from questbox.core.errors import ScriptExhausted
from questbox.core.rng import setup_script


@given(st.permutations(list(range(12))), st.integers(0, 12))
def test_a_shuffle_script_may_name_only_the_first_items(order: list[int], k: int) -> None:
    items = list(range(12))
    Rng(0, script=[order[:k]]).shuffle(items)
    assert items[:k] == order[:k]
    assert items[k:] == [x for x in range(12) if x not in order[:k]], "the rest keeps its old order"


def test_a_shuffle_script_naming_a_missing_or_repeated_item_is_refused() -> None:
    items = ["a", "b", "c"]
    with pytest.raises(ScriptExhausted, match="'z' is not among them"):
        Rng(0, script=[["z"]]).shuffle(items)
    with pytest.raises(ScriptExhausted, match="'a' is not among them"):
        Rng(0, script=[["a", "a"]]).shuffle(items)
    with pytest.raises(ScriptExhausted, match="not an order"):
        Rng(0, script=["a"]).shuffle(items)
    assert items == ["a", "b", "c"]


def test_setup_script_goes_to_the_first_generator_made_in_the_block() -> None:
    script: list[object] = [4, 2]
    with setup_script(script):
        first, second = Rng(1), Rng(2)
        assert first.roll(6) == 4
    assert first.script is script and script == [2]
    assert second.script is None
    assert Rng(3).script is None, "outside the block nothing is scripted"
    own = Rng(0, script=[5])
    with setup_script([1]):
        assert Rng(0, script=[6]).roll(6) == 6, "a generator given its own script keeps it"
    assert own.roll(6) == 5
