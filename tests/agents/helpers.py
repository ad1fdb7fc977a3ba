"""Shared helpers of the search-agent tests."""

from __future__ import annotations

from questbox.agents.random_agent import RandomAgent
from questbox.core import State, get_game


def mid_game(gid: str, seed: int, steps: int) -> State:
    """A 2-seat game of ``gid`` after ``steps`` random actions (fewer if it ends first)."""
    game = get_game(gid)
    state = game.new(game.setup_for_seats(2), seed=seed)
    walker = RandomAgent(seed=seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, walker.act(state, seat))
    return state
