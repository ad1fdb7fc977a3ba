"""The heuristic bots play whole games in every seat layout, and play better than random."""

from __future__ import annotations

from questbox.agents.random_agent import RandomAgent
from questbox.core import Agent, derive_seed, make_agent, play_game
from questbox.games.descent import GAME
from questbox.games.descent.bots import HeuristicAgent, evaluate
from questbox.games.descent.state import DescentState


def heroes_win_rate(hero: str, overlord: str, games: int, setup: dict[str, object] | None = None) -> float:
    wins = 0
    for i in range(games):
        seed = derive_seed(99, i)
        seats = GAME.seat_names(setup)
        agents: dict[str, Agent] = {}
        for k, s in enumerate(seats):
            kind = overlord if s == "overlord" else hero
            agents[s] = HeuristicAgent(seed=seed + k) if kind == "heuristic" else RandomAgent(seed=seed + k)
        match = play_game(GAME, agents, setup, seed=seed)
        out = match.state.outcome()
        assert out is not None
        wins += "overlord" not in out.winners
    return wins / games


def test_heuristic_bots_finish_games_in_every_seat_layout() -> None:
    for n in GAME.seat_counts:
        setup = GAME.setup_for_seats(n)
        seats = GAME.seat_names(setup)
        agents = {s: make_agent("heuristic", GAME, k) for k, s in enumerate(seats)}
        for seed in range(3):
            match = play_game(GAME, agents, setup, seed=seed)
            assert match.state.is_over()
            st = match.state
            assert isinstance(st, DescentState) and st.round <= 10


def test_the_heuristic_heroes_beat_random_heroes_and_the_heuristic_overlord_beats_random_heroes() -> None:
    two = {"heroes": ["syndrael", "avric"]}
    smart = heroes_win_rate("heuristic", "random", 30, two)
    dumb = heroes_win_rate("random", "random", 30, two)
    assert smart >= 0.6 and smart > dumb + 0.3
    assert heroes_win_rate("random", "heuristic", 20, two) <= 0.1


def test_the_evaluation_is_a_probability_that_ends_at_the_result() -> None:
    st = GAME.new({"heroes": ["syndrael", "avric"]}, seed=3)
    assert isinstance(st, DescentState)
    assert 0.0 < evaluate(st) < 1.0
    bots = {s: HeuristicAgent(seed=1) for s in st.seats}
    while not st.is_over():
        seat = st.to_move()[0]
        st.apply(seat, bots[seat].act(st, seat))
    assert evaluate(st) in (0.0, 1.0)
    assert GAME.evaluate(st) == {"heroes": evaluate(st), "overlord": 1.0 - evaluate(st)}


def test_generic_search_agents_can_play_descent() -> None:
    st = GAME.new({"heroes": ["syndrael", "avric"]}, seed=5)
    agent = make_agent("ismcts:iters=8", GAME, 1)
    for _ in range(6):
        seat = st.to_move()[0]
        st.apply(seat, agent.act(st, seat))
