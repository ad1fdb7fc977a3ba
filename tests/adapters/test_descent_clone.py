"""Descent's ``clone`` (what OpenSpiel's explicit chance and its state clones copy every move,
issue #21 item 5): a copy independent of its original, which plays on exactly as the original."""

from __future__ import annotations

import pytest

from questbox.core import Rng, games, get_game

pytestmark = pytest.mark.skipif("descent" not in games(), reason="Descent is not registered")


@pytest.mark.parametrize("seed", [0, 3])
def test_a_clone_is_independent_and_plays_on_as_its_original(seed: int) -> None:
    game = get_game("descent")
    st = game.new({}, seed=seed)
    pick = Rng(seed)
    checked = 0
    while not st.is_over() and checked < 120:
        before = st.to_json()
        clone = st.clone()
        assert clone.to_json() == before
        # the clone's own moves (several: figures, turns, attacks, tokens, doors change) leave the
        # original as it was
        moves: list[tuple[str, object]] = []
        for _ in range(4):
            if clone.is_over():
                break
            seat = clone.to_move()[0]
            legal = clone.legal_actions(seat)
            action = legal[pick.below(len(legal))]
            moves.append((seat, action))
            clone.apply(seat, action)
        assert st.to_json() == before, checked
        # the original, given the same moves, reaches the clone's state (the RNG was copied too)
        twin = st.clone()
        for seat, action in moves:
            twin.apply(seat, action)  # type: ignore[arg-type]
        assert twin.to_json() == clone.to_json()
        legal = st.legal_actions()
        st.apply(None, legal[pick.below(len(legal))])
        checked += 1
    assert checked > 50
