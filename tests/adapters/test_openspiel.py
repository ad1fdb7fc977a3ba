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
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


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
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION  # secret cards
    assert t.min_num_players == 2 and t.max_num_players == 4
    assert game.num_distinct_actions() == 2 and game.max_game_length() == openspiel.DEFAULT_MAX_LENGTH
    for gid in UNSPACED:
        with pytest.raises(NoActionSpace):
            openspiel.register(gid)


def _pick_chance(state: object, rng: Rng) -> int:
    outcomes = state.chance_outcomes()  # type: ignore[attr-defined]
    assert outcomes and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(p > 0 for _, p in outcomes) and len(outcomes) <= state.get_game().max_chance_outcomes()  # type: ignore[attr-defined]
    return int(outcomes[rng.below(len(outcomes))][0])


@spaced()
def test_states_follow_the_questbox_game(gid: str, n: int) -> None:
    """Seeded deals, actions by index, chance nodes summing to 1, returns from the outcome, views as
    observations."""
    qb_game, setup = setup_of(gid, n)
    game = openspiel.load(gid, players=n, seed=7, deals=1)
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.qb.to_json()["seats"] == qb_game.new(setup, seed=7).to_json()["seats"]
    assert state.qb.view(state.qb.seats[0]) == qb_game.new(setup, seed=7).view(state.qb.seats[0])
    pick = Rng(1)
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_pick_chance(state, pick))
            chance_nodes += 1
            continue
        p = state.current_player()
        mirror = state.qb
        seat = mirror.seats[p]
        assert mirror.to_move()[0] == seat
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert {state.action_to_string(p, a) for a in legal} == {str(a) for a in mirror.legal_actions(seat)}
        assert state.observation_string(p) == f"{seat}:" + openspiel.canonical(mirror.view(seat))
        tensor = np.asarray(state.observation_tensor(p), dtype=np.float32)
        assert np.array_equal(tensor, game.encoder(mirror.view(seat), seat))
        state.apply_action(legal[pick.below(len(legal))])
    out = state.qb.outcome()
    assert out is not None and chance_nodes > 0
    assert state.returns() == [1.0 if s in out.winners else 0.0 for s in state.qb.seats]


def test_new_initial_state_is_pure_and_deals_are_a_chance_node() -> None:
    game = openspiel.load("pig", players=2, seed=3)
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.is_chance_node() and a.chance_outcomes() == b.chance_outcomes()
    assert len(a.chance_outcomes()) == openspiel.DEFAULT_DEALS
    a.apply_action(5)
    b.apply_action(5)
    assert a.qb.to_json() == b.qb.to_json()
    qb_game, setup = setup_of("pig", 2)
    assert a.qb.view("p1") == qb_game.new(setup, seed=derive_seed(3, "deal", 5)).view("p1")
    one = openspiel.load("pig", players=2, seed=3, deals=1)
    assert one.new_initial_state().qb.to_json() == one.new_initial_state().qb.to_json()


def test_a_die_is_a_chance_node_with_the_games_own_outcomes() -> None:
    """Pig's roll: six outcomes of 1/6; outcome k is the game's roll of k+1 (a scripted Rng)."""
    game = openspiel.load("pig", players=2, seed=0, deals=1)
    roll = game.space.of(game.qb_game.parse_action("roll"))
    for k in range(6):
        state = game.new_initial_state()
        before = state.qb.clone()
        state.apply_action(roll)
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        assert state.chance_outcomes() == [(i, pytest.approx(1 / 6)) for i in range(6)]
        clone = state.clone()
        state.apply_action(k)
        before.rng = Rng(0, script=[k + 1])
        before.apply("p1", "roll")
        assert state.qb.view("p1") == before.view("p1") and state.qb.view("p2") == before.view("p2")
        assert clone.is_chance_node(), "a clone made before the roll does not know it"


def test_clones_do_not_know_the_future() -> None:
    """Applying the same chance outcome to a clone and the original gives the same state; the clone
    cannot predict what the original will draw, because nothing is drawn until a chance node is played."""
    game = openspiel.load("heroica" if "heroica" in games() else "pig", players=2, seed=1)
    state = game.new_initial_state()
    pick = Rng(5)
    while not state.is_terminal() and len(state.history()) < 200:
        if state.is_chance_node():
            clone = state.clone()
            outcome = _pick_chance(state, pick)
            clone.apply_action(outcome)
            state.apply_action(outcome)
            assert str(clone) == str(state)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[pick.below(len(legal))])


@spaced()
def test_games_and_states_pickle_and_serialize(gid: str, n: int) -> None:
    import json
    import pickle

    _qb_game, setup = setup_of(gid, n)
    game = openspiel.load(gid, setup=json.dumps(setup), seed=2)
    assert "{" not in str(game), "the game's string holds no JSON (it must parse back)"
    state = game.new_initial_state()
    pick = Rng(2)
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(_pick_chance(state, pick) if state.is_chance_node() else legal[pick.below(len(legal))])
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    g2 = pickle.loads(pickle.dumps(game))
    assert str(g2) == str(game) and g2.setup == setup
    text = pyspiel.serialize_game_and_state(game, state)
    g3, s3 = pyspiel.deserialize_game_and_state(text)
    assert str(s3) == str(state) and str(g3) == str(game)


def test_zero_sum_returns_sum_to_zero_with_three_players() -> None:
    game = openspiel.load("pig", players=3, reward="zero-sum", seed=4)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pick = Rng(0)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(_pick_chance(state, pick) if state.is_chance_node() else legal[pick.below(len(legal))])
        r = state.returns()
        assert sum(r) == pytest.approx(0.0) and max(r) > 0 > min(r)


def test_information_states_have_perfect_recall() -> None:
    """Two histories that reach the same view keep different information states."""
    game = openspiel.load("pig", players=2, seed=0, deals=1)
    start = game.new_initial_state()
    later = start.clone()
    hold = game.space.of(game.qb_game.parse_action("hold"))
    later.apply_action(hold)  # p1 holds 0 points
    later.apply_action(hold)  # p2 holds 0 points: p1 sees exactly what it saw at the start
    assert later.current_player() == 0
    assert later.observation_string(0) == start.observation_string(0)
    assert later.information_state_string(0) != start.information_state_string(0)
    flat = openspiel.load("pig", players=2, perfect_recall=False, deals=1)
    f_start = flat.new_initial_state()
    f_later = f_start.clone()
    f_later.apply_action(hold)
    f_later.apply_action(hold)
    assert f_later.information_state_string(0) == f_start.information_state_string(0)
    assert f_start.information_state_string(0) == f_start.observation_string(0)


def test_clones_are_independent() -> None:
    game = openspiel.load("pig", players=2, deals=1)
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(0)
    assert state.history() == [] and clone.history() == [0]
    assert clone.qb is not state.qb


def test_resampling_keeps_the_information_state_and_hides_the_rest() -> None:
    game = openspiel.load("pig", players=3, seed=2)
    state = game.new_initial_state()
    state.apply_action(0)  # the deal
    state.apply_action(0)
    sampler = iter([k / 10 for k in range(1, 10)])
    secrets = set()
    for _ in range(8):
        world = state.resample_from_infostate(0, lambda: next(sampler))
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.observation_string(0) == state.observation_string(0)
        assert world.legal_actions() == state.legal_actions()
        secrets.add(tuple(world.qb.secret))  # type: ignore[attr-defined]
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
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        if state.current_player() == 0:
            action = bot.step(state)  # type: ignore[attr-defined]
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        moves += 1
    assert state.is_terminal()


def test_clones_of_an_untouched_start_are_the_start() -> None:
    """OpenSpiel's C++ Clone makes an initial state to overwrite: the start stays the start."""
    game = openspiel.load("pig", players=2, seed=9, deals=1)
    first = game.new_initial_state()
    copy = first.clone()
    assert copy.qb.to_json() == first.qb.to_json() == game.new_initial_state().qb.to_json()


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
    game = openspiel.load("pig", players=2, seed=3, deals=1)
    state = game.new_initial_state()
    evaluator = openspiel.GameEvaluator(rollouts=4, random_state=np.random.RandomState(0))
    values = evaluator.evaluate(state)  # Pig has no Game.evaluate: random rollouts
    assert values.shape == (2,) and values.min() >= 0.0 and values.max() <= 1.0 and values.sum() > 0
    assert evaluator.prior(state) == [(0, 0.5), (1, 0.5)]
    assert state.history() == [], "rollouts play on clones"
    if "heirs" in games():
        heirs = openspiel.load("heirs", players=2, seed=3, deals=1)
        h = heirs.new_initial_state()
        estimate = heirs.qb_game.evaluate(h.qb)
        assert estimate is not None
        assert openspiel.GameEvaluator().evaluate(h).tolist() == [estimate[s] for s in h.qb.seats]


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_openspiels_mcts_searches_through_explicit_chance() -> None:
    """MCTS expands chance nodes itself; its clones carry no future dice and never desynchronise
    (reseeded clones of a sampled-chance game made it play illegal actions)."""
    game = openspiel.load("hero-ik", seed=1)
    bot = mcts.MCTSBot(game, 2.0, 6, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    moves = 0
    while not state.is_terminal() and moves < 6:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 6 or state.is_terminal()
