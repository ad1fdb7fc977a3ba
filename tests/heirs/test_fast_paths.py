"""The compiled-engine fast paths of session 13 (issue #20) build the same values as the slow ones.

* the payload-free decisions prebuilt per seat, :func:`~questbox.games.heirs.common.decide` and
  :func:`~questbox.games.heirs.common.make` equal the NamedTuples their constructors build;
* :func:`~questbox.games.heirs.common.seeded` is ``Rng(seed)`` (the same draws after);
* the Black Wizard's placement searches are module functions, not recursive closures, so a
  heuristic game leaves no reference cycles behind (each cycle held a lookahead copy alive until
  the garbage collector ran).
"""

from __future__ import annotations

import gc

from hypothesis import given, settings
from hypothesis import strategies as hs

from questbox.core import Rng
from questbox.core.state import Decision
from questbox.games.heirs import common
from questbox.games.heirs.abilities import BurnData, HealDeathData, WebsData
from questbox.sim.runner import SimConfig, play_one


def test_prebuilt_decisions_equal_the_constructed_ones() -> None:
    tables = {"act": common.D_ACT, "chain": common.D_CHAIN, "raise": common.D_RAISE, "check": common.D_CHECK,
              "check-discard": common.D_CHECK_DISCARD, "draw": common.D_DRAW, "grow": common.D_GROW,
              "lore-return": common.D_LORE_RETURN, "precise-number": common.D_PRECISE_NUMBER}
    for kind, table in tables.items():
        assert len(table) == len(common.SEATS)
        for seat, d in zip(common.SEATS, table, strict=True):
            assert d == Decision(seat, kind) and type(d) is Decision


def test_decide_and_make_build_the_named_tuples() -> None:
    d = common.decide("p2", "webs", common.make(WebsData, (3, 1)))
    assert d == Decision("p2", "webs", WebsData(3, 1)) and type(d) is Decision
    assert type(d.data) is WebsData and d.data.left == 3 and d.data.tower == 1
    assert common.make(BurnData, (2,)).budget == 2
    h = common.make(HealDeathData, (0, (4, 5)))
    assert h == HealDeathData(0, (4, 5)) and h.looked == (4, 5)


@settings(max_examples=100, deadline=None)
@given(seed=hs.integers(0, (1 << 62) - 1))
def test_seeded_is_the_core_generator(seed: int) -> None:
    a, b = Rng(seed), common.seeded(seed)
    assert type(b) is Rng and b.to_json() == a.to_json()
    assert [b.below(1000) for _ in range(5)] == [a.below(1000) for _ in range(5)]


def test_a_heuristic_game_leaves_no_reference_cycles() -> None:
    cfg = SimConfig("heirs", ("heuristic", "heuristic"), 1 << 30, 3)
    play_one(cfg, 0)  # imports and caches first
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        row = play_one(cfg, 1)
        assert int(row["length"]) > 0
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
