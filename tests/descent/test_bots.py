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


def test_the_evaluation_sees_the_goal_the_heroes_health_and_their_way_there() -> None:
    """Damage to the quest's goal monster raises the heroes' chance, damage to the heroes lowers it,
    and a hero closer to the goal is worth more (the positional term search needs)."""
    from questbox.games.descent.bots import features, goal_groups

    st = GAME.new({"heroes": ["syndrael", "avric"]}, seed=5)
    assert isinstance(st, DescentState)
    base = evaluate(st)
    goal = next(i for i in st.monsters() if st.figs[i].group in goal_groups(st))
    hurt_goal = st.clone()
    hurt_goal.figs[goal].damage += 4
    assert evaluate(hurt_goal) > base
    hero = st.heroes()[0]
    hurt_hero = st.clone()
    hurt_hero.figs[hero].damage += 4
    assert evaluate(hurt_hero) < base
    # walk the first hero along its shortest way to the goal (all doors open): approach shrinks
    near = st.clone()
    board = near.enc.board
    goal_sq = near.squares(goal)
    dist = [min(board.dist_from((1 << len(board.door_ids)) - 1, g)[s] for g in goal_sq) for s in range(board.size)]
    pos = near.figs[hero].pos
    target = min((s for s in range(board.size) if s not in near.occ and dist[s] >= 6 and dist[s] < dist[pos]),
                 key=lambda s: dist[s])
    del near.occ[pos]
    near.occ[target] = hero
    near.figs[hero].pos = target
    assert features(near)["approach"] < features(st)["approach"]
    assert evaluate(near) > base
