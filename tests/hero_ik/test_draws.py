"""The engine's compiled draws (``model.roll``, ``below``, ``shuffle_ints``) make the core
generator's draws: the same results and the same generator state after, and a scripted or keyed
generator keeps the core's own methods."""

from __future__ import annotations

from questbox.core import Rng
from questbox.games.hero_ik.model import below, plain_rng, roll, shuffle_ints


def test_the_draws_are_the_core_generators() -> None:
    for seed in range(40):
        mine, ref = Rng(seed), Rng(seed)
        for n in (1, 2, 3, 6, 8, 47, 2**63):
            assert roll(mine, min(n, 20)) == ref.roll(min(n, 20))
            assert below(mine, n) == ref.below(n)
        items = list(range(seed % 50))
        expect = list(items)
        shuffle_ints(mine, items)
        ref.shuffle(expect)
        assert items == expect and mine.to_json() == ref.to_json()


def test_scripted_and_keyed_generators_keep_the_core_methods() -> None:
    scripted = Rng(3, script=[4, 1, [2, 0, 1]])
    assert not plain_rng(scripted)
    assert roll(scripted, 6) == 4 and below(scripted, 3) == 1
    items = [0, 1, 2]
    shuffle_ints(scripted, items)
    assert items == [2, 0, 1]
    keyed, ref = Rng(2**70 + 5), Rng(2**70 + 5)
    assert not plain_rng(keyed)
    assert [roll(keyed, 6) for _ in range(5)] == [ref.roll(6) for _ in range(5)]
