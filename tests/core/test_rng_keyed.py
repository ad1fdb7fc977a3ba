"""Keyed seeds (issue #15, hole 3): a seed of 2^64 or more is a BLAKE2b key; smaller seeds keep the
SplitMix64 stream they always had."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from questbox.core import Rng, derive_seed
from questbox.core.rng import KEYED, SECRET_BITS, SEED_LIMIT, secret_seed


def test_seeds_below_2_64_keep_their_splitmix_stream() -> None:
    # values of the SplitMix64 generator before keyed seeds existed
    r = Rng(2**63 - 5)
    assert [r.below(2**63) for _ in range(3)] == [4253639109918430215, 1164843936815372311, 3304481935693432396]
    r = Rng(7)
    assert [r.roll(6) for _ in range(12)] == [4, 1, 1, 4, 5, 4, 5, 1, 6, 6, 2, 5]
    assert derive_seed(2**63 - 1, "agent", "p1", 3) == 8303941397271956635
    assert derive_seed(12345, 4) == 2960806964422387119


def test_secret_seeds_are_keyed_and_carry_128_bits() -> None:
    seeds = [secret_seed() for _ in range(64)]
    assert all(KEYED <= s < SEED_LIMIT and s.bit_length() == SECRET_BITS + 1 for s in seeds)
    assert len(set(seeds)) == 64
    # every one of the 128 low bits varies (a 31- or 64-bit draw would leave the high ones fixed)
    varied = 0
    for s in seeds:
        varied |= s ^ seeds[0]
    assert varied.bit_length() >= SECRET_BITS - 1


@given(st.integers(KEYED, SEED_LIMIT - 1), st.integers(0, 40))
def test_a_keyed_stream_replays_round_trips_and_copies(seed: int, k: int) -> None:
    a, b = Rng(seed), Rng(seed)
    draws = [a.below(1000) for _ in range(k)]
    assert draws == [b.below(1000) for _ in range(k)]
    doc = json.loads(json.dumps(a.to_json()))
    c = Rng.from_json(doc)
    assert c == a and c.to_json() == a.to_json()
    d = a.copy()
    assert [a.roll(6) for _ in range(5)] == [c.roll(6) for _ in range(5)] == [d.roll(6) for _ in range(5)]


def test_keyed_streams_differ_from_splitmix_and_from_each_other() -> None:
    s = KEYED + 12345
    assert Rng(s).below(2**63) != Rng(s & (KEYED - 1)).below(2**63)
    rngs = [Rng(KEYED + i) for i in range(20)]
    streams = {tuple(r.below(6) for _ in range(30)) for r in rngs}
    assert len(streams) == 20
    one = Rng(secret_seed())
    faces = [one.roll(6) for _ in range(3000)]
    assert all(350 < faces.count(f) < 650 for f in range(1, 7))


def test_derived_seeds_of_a_keyed_seed_are_keyed() -> None:
    s = secret_seed()
    d = derive_seed(s, "agent", "p1", 3)
    assert d >= KEYED and d != s and d == derive_seed(s, "agent", "p1", 3)
    assert derive_seed(s, "agent", 1) != derive_seed(s, "agent", "1")
    assert Rng(d).to_json().get("key") is not None


def test_bad_keyed_state_is_refused() -> None:
    with pytest.raises(ValueError, match="keyed seed"):
        Rng(SEED_LIMIT)
    with pytest.raises(ValueError, match="keyed seed"):
        Rng.from_json({"state": 3, "key": "00"})
