"""``DescentGame.encode_state`` (read from the state) gives the numbers of ``encode(view)``."""

from __future__ import annotations

import numpy as np
import pytest

from questbox.core import JSON, Rng
from questbox.games.descent import GAME, state_encode
from questbox.games.descent.data import library
from questbox.games.descent.modules.feats import VANISHED
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig
from tests.descent.test_action_space import ARENAS, LAYOUTS, OTHERS, _name
from tests.descent.test_tomble_feat import arena as tomble_arena

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


def _fresh(s: DescentState, seat: str | None) -> np.ndarray:
    """``encode_state`` from an empty memo (every figure and the board encoded anew); the memo of
    the encounter is put back afterwards."""
    kept = state_encode._CONSTS.pop(id(s.enc), None)
    got = GAME.encode_state(s, seat)
    assert got is not None and state_encode._consts(s.enc).figs       # (a new memo, now of this state only)
    if kept is not None:
        state_encode._CONSTS[id(s.enc)] = kept
    return np.asarray(got)


@pytest.mark.parametrize("setup", [SETUPS[0], SETUPS[-1], ARENAS[0]], ids=["default", "overlord-deck", "arena"])
def test_the_remembered_figure_features_equal_fresh_ones_over_random_playouts(setup: JSON) -> None:
    """The figures' features and the board planes are remembered per key (``state_encode._figures``,
    ``_board``): through random playouts each seat's tensor, with the memo of every earlier state
    and seat of the game, equals the one computed from an empty memo."""
    reused = 0
    for seed in range(3):
        s = GAME.new(setup, seed=seed)
        assert isinstance(s, DescentState)
        state_encode._CONSTS.pop(id(s.enc), None)
        pick = Rng(100 + seed)
        for _ in range(300):
            if s.is_over():
                break
            for seat in (*s.seats, None):
                memo = state_encode._consts(s.enc).figs
                known = len(memo)
                warm = GAME.encode_state(s, seat)
                reused += len(s.figs) - (len(memo) - known)        # the figures the memo already held
                assert warm is not None and warm.tolist() == _fresh(s, seat).tolist(), (seed, seat, s.round)
            legal = s.legal_actions()
            s.apply(None, legal[pick.below(len(legal))])
    assert reused > 0


def test_a_vanished_hero_has_its_flag_and_his_token_on_the_knocked_out_plane() -> None:
    st = tomble_arena()
    t = fig(st, "tomble")
    figures = list(st.view("heroes")["figures"])
    assert figures[t] == "tomble"

    def block(s: DescentState, i: int) -> list[float]:
        vec = GAME.encode_state(s, "heroes")
        assert vec is not None
        width = 25 + len(library().search)
        start = len(state_encode._consts(s.enc).static) // 4 + i * width
        return [float(v) for v in vec[start:start + width]]

    assert block(st, t)[6] == 0.0                      # status one-hot: active, ko, defeated, reserve, vanished
    act(st, "activate tomble", "feat")
    assert st.figs[t].status == VANISHED
    got = block(st, t)
    assert got[2:7] == [0.0, 0.0, 0.0, 0.0, 1.0]       # vanished, and no other status
    assert all(block(st, i)[6] == 0.0 for i in range(len(st.figs)) if i != t)
    vec = GAME.encode_state(st, "heroes")
    assert vec is not None and vec.tolist() == np.asarray(GAME.encode(st.view("heroes"), "heroes"), np.float32).tolist()
    c = state_encode._consts(st.enc)
    ko = state_encode._KO * c.area + c.square[st.figs[t].pos]
    assert vec[ko] == 1.0                              # his token stays on his space
