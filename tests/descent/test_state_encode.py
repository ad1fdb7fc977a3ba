"""``DescentGame.encode_state`` (read from the state) gives the numbers of ``encode(view)``."""

from __future__ import annotations

import numpy as np
import pytest

from questbox.core import JSON, Rng
from questbox.games.descent import GAME
from questbox.games.descent.state import DescentState
from tests.descent.test_action_space import ARENAS, LAYOUTS, OTHERS, _name

SETUPS: list[JSON] = [*LAYOUTS, *OTHERS, *ARENAS, {**GAME.setup_for_seats(2), "modules": ["overlord"]}]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda d: _name(d) + ("-overlord-deck" if "modules" in d else ""))
def test_the_state_encoding_equals_the_views_over_random_playouts(setup: JSON) -> None:
    kinds: set[str] = set()
    attacks = 0
    for seed in range(3):
        s = GAME.new(setup, seed=seed)
        assert isinstance(s, DescentState)
        pick = Rng(seed)
        for _ in range(400):
            if s.is_over():
                break
            for seat in (*s.seats, None):
                vec = GAME.encode(s.view(seat), seat)
                got = GAME.encode_state(s, seat)
                assert vec is not None and got is not None and got.dtype == np.float32
                assert got.tolist() == np.asarray(vec, np.float32).tolist(), (seed, seat, s.round)
            d = s.pending[-1] if s.pending else None
            kinds.add(d.kind if d else "")
            attacks += bool(s.attacks)
            legal = s.legal_actions()
            s.apply(None, legal[pick.below(len(legal))])
    assert attacks > 0 and {"hero-turn", "monster-turn"} <= kinds     # the playouts reached attacks and both sides


def test_the_state_encoding_is_a_fresh_array_and_none_for_a_tray() -> None:
    s = GAME.new(None, seed=1)
    a, b = GAME.encode_state(s, "overlord"), GAME.encode_state(s, "overlord")
    assert a is not None and b is not None and a is not b and np.array_equal(a, b)
    a[:] = 7.0                                  # a caller may keep or change its observation
    c = GAME.encode_state(s, "overlord")
    assert c is not None and np.array_equal(b, c)
    assert GAME.encode_state(GAME.new({"dice_tray": {"dice": ["red"], "rolls": 2}}, seed=1), "heroes") is None
