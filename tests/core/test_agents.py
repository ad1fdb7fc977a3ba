"""Generic search agents, tested on the Pig test game."""

from __future__ import annotations

import pytest

from questbox.agents.mcts import MCTSAgent
from questbox.agents.random_agent import RandomAgent
from questbox.core import Rng, get_game, make_agent, play_game


def test_specs_build_search_agents() -> None:
    game = get_game("pig")
    agent = make_agent("ismcts:iters=50,c=1.0", game, seed=3)
    assert isinstance(agent, MCTSAgent) and agent.determinize and agent.iters == 50
    assert not make_agent("mcts:seconds=0.05,cheat=1", game).determinize
    with pytest.raises(ValueError):
        MCTSAgent(iters=0)


def test_mcts_is_reproducible_for_its_seed() -> None:
    state = get_game("pig").new(seed=5)
    a = MCTSAgent(seed=9, iters=60, cheat=True).act(state, "p1")
    b = MCTSAgent(seed=9, iters=60, cheat=True).act(state, "p1")
    assert a == b


def test_ismcts_ignores_what_its_seat_cannot_see() -> None:
    game = get_game("pig")
    for seed in range(5):
        state = game.new(seed=seed)
        state.apply("p1", "roll") if not state.is_over() else None
        seat = state.to_move()[0]
        other = state.determinize(seat, Rng(seed + 100))
        assert MCTSAgent(seed=1, iters=40, determinize=True).act(state, seat) == \
            MCTSAgent(seed=1, iters=40, determinize=True).act(other, seat)


@pytest.mark.parametrize("spec", ["mcts:iters=150,cheat=1", "ismcts:iters=150"])
def test_search_beats_random_at_pig(spec: str) -> None:
    game = get_game("pig")
    wins = 0
    n = 30
    for i in range(n):
        searcher, rnd = ("p1", "p2") if i % 2 == 0 else ("p2", "p1")
        agents = {searcher: make_agent(spec, game, seed=i), rnd: RandomAgent(seed=i)}
        out = play_game(game, agents, {"target": 15}, seed=i).state.outcome()
        assert out is not None
        wins += searcher in out.winners
    assert wins >= 0.7 * n, f"{spec} won only {wins}/{n} against random"
