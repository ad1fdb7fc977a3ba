"""UCT (``mcts``) must not see the future: a clone carries the game's random stream, so the agent
reseeds it each iteration; otherwise every simulated roll would be the roll the real game is about
to make, and the agent would play with foreknowledge of the dice."""

from __future__ import annotations

from questbox.agents.mcts import mcts
from questbox.core import Rng, get_game


def test_mcts_choice_does_not_depend_on_the_games_future_dice() -> None:
    game = get_game("pig")
    checked = 0
    for seed in range(8):
        state = game.new({"target": 30}, seed=seed)
        seat = state.to_move()[0]
        # the same position with another future: only the game's random stream differs
        other = state.clone()
        other.rng = Rng(seed + 10_000)
        a, b = mcts(game=game, seed=3, iters=60, cheat=1), mcts(game=game, seed=3, iters=60, cheat=1)
        assert a.act(state, seat) == b.act(other, seat)
        assert a.last_visits == b.last_visits
        checked += 1
    assert checked == 8


def test_mcts_leaves_the_real_games_random_stream_alone() -> None:
    game = get_game("pig")
    state = game.new({"target": 30}, seed=1)
    before = state.clone()
    mcts(game=game, seed=3, iters=40, cheat=1).act(state, state.to_move()[0])
    assert state.to_json() == before.to_json()
    assert state.rng.below(1 << 30) == before.rng.below(1 << 30)
