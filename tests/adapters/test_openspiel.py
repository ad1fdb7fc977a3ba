"""Every game with a fixed action space as an OpenSpiel Python game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from questbox.adapters import openspiel
from questbox.adapters.spaces import NoActionSpace
from questbox.core import Rng, derive_seed, games
from tests.adapters.conftest import SPACED, UNSPACED, setup_of, spaced


@spaced()
def test_random_sim_test(gid: str, n: int) -> None:
    game = openspiel.load(gid, players=n)
    assert game.num_players() == n
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


@spaced()
def test_random_sim_test_with_views_as_information_states(gid: str, n: int) -> None:
    game = openspiel.load(gid, players=n, perfect_recall=False, seed=3)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_registration_and_game_type() -> None:
    names = openspiel.register_all()
    assert sorted(names) == sorted({openspiel.short_name(gid) for gid, _ in SPACED})
    assert openspiel.register("pig") == "questbox_pig"  # registering twice is harmless
    game = pyspiel.load_game("questbox_pig", {"players": 3})
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION  # secret cards
    assert t.min_num_players == 2 and t.max_num_players == 4
    assert game.num_distinct_actions() == 2 and game.max_game_length() == openspiel.DEFAULT_MAX_LENGTH
    for gid in UNSPACED:
        with pytest.raises(NoActionSpace):
            openspiel.register(gid)


@spaced()
def test_states_follow_the_questbox_game(gid: str, n: int) -> None:
    """Seeded initial states, actions by index, returns from the outcome, views as observations."""
    qb_game, setup = setup_of(gid, n)
    game = openspiel.load(gid, players=n, seed=7)
    state = game.new_initial_state()
    assert state.qb.to_json() == qb_game.new(setup, seed=7).to_json()
    mirror = qb_game.new(setup, seed=7)
    pick = Rng(1)
    while not state.is_terminal():
        p = state.current_player()
        seat = mirror.seats[p]
        assert mirror.to_move()[0] == seat
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert {state.action_to_string(p, a) for a in legal} == {str(a) for a in mirror.legal_actions(seat)}
        assert state.observation_string(p) == f"{seat}:" + openspiel.canonical(mirror.view(seat))
        tensor = np.asarray(state.observation_tensor(p), dtype=np.float32)
        assert np.array_equal(tensor, game.encoder(mirror.view(seat), seat))
        a = legal[pick.below(len(legal))]
        mirror.apply(seat, game.space[a])
        state.apply_action(a)
    out = mirror.outcome()
    assert out is not None and state.qb.digest() == mirror.digest()
    assert state.returns() == [1.0 if s in out.winners else 0.0 for s in mirror.seats]
    second = game.new_initial_state()
    assert second.qb.to_json() != state.qb.to_json()


def test_information_states_have_perfect_recall() -> None:
    """Two histories that reach the same view keep different information states."""
    game = openspiel.load("pig", players=2, seed=0)
    start = game.new_initial_state()
    later = start.clone()
    hold = game.space.of(game.qb_game.parse_action("hold"))
    later.apply_action(hold)  # p1 holds 0 points
    later.apply_action(hold)  # p2 holds 0 points: p1 sees exactly what it saw at the start
    assert later.current_player() == 0
    assert later.observation_string(0) == start.observation_string(0)
    assert later.information_state_string(0) != start.information_state_string(0)
    flat = openspiel.load("pig", players=2, perfect_recall=False)
    f_start = flat.new_initial_state()
    f_later = f_start.clone()
    f_later.apply_action(hold)
    f_later.apply_action(hold)
    assert f_later.information_state_string(0) == f_start.information_state_string(0)
    assert f_start.information_state_string(0) == f_start.observation_string(0)


def test_clones_are_independent() -> None:
    game = openspiel.load("pig", players=2)
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(0)
    assert state.history() == [] and clone.history() == [0]
    assert clone.qb is not state.qb


def test_resampling_keeps_the_information_state_and_hides_the_rest() -> None:
    game = openspiel.load("pig", players=3, seed=2)
    state = game.new_initial_state()
    state.apply_action(0)
    sampler = iter([k / 10 for k in range(1, 10)])
    secrets = set()
    for _ in range(8):
        world = state.resample_from_infostate(0, lambda: next(sampler))
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.observation_string(0) == state.observation_string(0)
        assert world.legal_actions() == state.legal_actions()
        secrets.add(tuple(world.qb.secret))  # type: ignore[attr-defined]
        assert world.qb.rng != state.qb.rng, "future dice are resampled too"
    assert len(secrets) > 1, "the other seats' secrets are resampled"
    assert all(s[0] == state.qb.secret[0] for s in secrets)  # type: ignore[attr-defined]


def _ismcts_bot(game: object, seed: int, sims: int) -> object:
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                           uct_c=2.0, max_simulations=sims, random_state=np.random.RandomState(seed))
    bot.set_resampler(openspiel.seeded_resampler(seed))
    return bot


def test_ismcts_beats_random_at_pig() -> None:
    game = openspiel.load("pig", players=2)
    bot = _ismcts_bot(game, 0, 60)
    rng = np.random.RandomState(1)
    wins = 0.0
    games_played = 12
    for g in range(games_played):
        state = game.new_initial_state()
        me = g % 2
        while not state.is_terminal():
            if state.current_player() == me:
                action = bot.step(state)  # type: ignore[attr-defined]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        wins += state.returns()[me]
    assert wins >= 9, f"ISMCTS won only {wins} of {games_played} games against random"


@pytest.mark.skipif("heirs" not in games(), reason="Heirs is not registered")
def test_ismcts_plays_heirs() -> None:
    game = openspiel.load("heirs", players=2, seed=4)
    bot = _ismcts_bot(game, 4, 20)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    moves = 0
    while not state.is_terminal() and moves < 400:
        if state.current_player() == 0:
            action = bot.step(state)  # type: ignore[attr-defined]
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        moves += 1
    assert state.is_terminal()


def test_clones_neither_deal_nor_use_up_seeds() -> None:
    """OpenSpiel's C++ Clone makes an initial state to overwrite: it must not consume a seed."""
    qb_game, setup = setup_of("pig", 2)
    game = openspiel.load("pig", players=2, seed=9)
    first = game.new_initial_state()
    undealt_copy = first.clone()  # a copy of a game not dealt yet deals the same game
    for _ in range(5):
        first.clone()
    second = game.new_initial_state()
    assert first.qb.to_json() == qb_game.new(setup, seed=9).to_json()
    assert undealt_copy.qb.to_json() == first.qb.to_json()
    assert second.qb.to_json() == qb_game.new(setup, seed=derive_seed(9, 1)).to_json()


@spaced()
def test_openspiels_rl_environment_plays_every_game(gid: str, n: int) -> None:
    from open_spiel.python import rl_environment

    game = openspiel.load(gid, players=n, seed=1)
    env = rl_environment.Environment(game, seed=0)
    assert env.observation_spec()["info_state"] == (game.encoder.size,)
    assert env.action_spec()["num_actions"] == len(game.space)
    rng = np.random.default_rng(0)
    step = env.reset()
    moves = 0
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        moves += 1
    assert moves > 0 and set(step.rewards) <= {0.0, 1.0}


def test_game_evaluator_uses_the_games_estimate_or_rollouts() -> None:
    game = openspiel.load("pig", players=2, seed=3)
    state = game.new_initial_state()
    evaluator = openspiel.GameEvaluator(rollouts=4, random_state=np.random.RandomState(0))
    values = evaluator.evaluate(state)  # Pig has no Game.evaluate: random rollouts
    assert values.shape == (2,) and values.min() >= 0.0 and values.max() <= 1.0 and values.sum() > 0
    assert evaluator.prior(state) == [(0, 0.5), (1, 0.5)]
    assert state.history() == [], "rollouts play on clones"
    if "heirs" in games():
        heirs = openspiel.load("heirs", players=2, seed=3)
        h = heirs.new_initial_state()
        estimate = heirs.qb_game.evaluate(h.qb)
        assert estimate is not None
        assert openspiel.GameEvaluator().evaluate(h).tolist() == [estimate[s] for s in h.qb.seats]
