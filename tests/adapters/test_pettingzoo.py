"""The PettingZoo AEC environment of every registered game that has a fixed action space."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test, state_test

from questbox.adapters.encoding import Encoder
from questbox.adapters.pettingzoo import QuestboxAECEnv, env, parallel_env
from questbox.adapters.spaces import ActionIndex, NoActionSpace
from questbox.core import Action, IllegalAction, Rng, games
from tests.adapters.conftest import UNSPACED, setup_of, spaced


def _play(e: QuestboxAECEnv, seed: int, pick_seed: int = 0) -> list[tuple[str, int | None, float]]:
    """A whole episode with masked random actions; returns (agent, action, reward) per step."""
    e.reset(seed=seed)
    rng = np.random.default_rng(pick_seed)
    log: list[tuple[str, int | None, float]] = []
    for agent in e.agent_iter(max_iter=50_000):
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        log.append((agent, action, float(reward)))
        e.step(action)
    return log


@spaced()
def test_api_test(gid: str, n: int) -> None:
    _, setup = setup_of(gid, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice on agent names and Dict observations
        api_test(env(gid, setup), num_cycles=300)


@spaced()
def test_seed_test(gid: str, n: int) -> None:
    _, setup = setup_of(gid, n)
    seed_test(lambda: env(gid, setup), num_cycles=200)


@spaced()
def test_episodes_follow_the_game_and_reward_the_winners(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    e = env(gid, setup)
    for seed in range(3):
        log = _play(e, seed, pick_seed=seed)
        assert not e.agents, "every agent is removed at the end"
        # the same actions replayed on the bare game reach the same end
        state = game.new(setup, seed=seed)
        for agent, action, _ in log:
            if action is not None:
                assert state.to_move()[0] == agent
                state.apply(agent, e.space[action])
        out = state.outcome()
        assert out is not None
        finals = {agent: reward for agent, action, reward in log if action is None}
        assert finals == {s: (1.0 if s in out.winners else 0.0) for s in state.seats}


@spaced()
def test_observations_hold_only_the_agents_view(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    e = env(gid, setup, info_view="dict", info_legal=True)
    e.reset(seed=5)
    state = e.game_state
    enc = Encoder(game, state.seats, None, state.view(state.seats[0]), state.seats[0], setup=setup)
    for _ in range(30):
        if not e.agents or e.terminations[e.agent_selection]:
            break
        agent = e.agent_selection
        for other in e.agents:
            obs = e.observe(other)
            assert np.array_equal(obs["observation"], enc(state.view(other), other))
            legal = set(e.space.indices(state.legal_actions(other))) if other == agent else set()
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
        info = e.infos[agent]
        assert info["view"] == state.view(agent)
        assert info["legal"] == [str(a) for a in state.legal_actions(agent)]
        mask = e.observe(agent)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))


@spaced()
def test_reset_with_a_seed_plays_that_seeds_game(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    e = env(gid, setup)
    e.reset(seed=11)
    assert e.game_state.to_json() == game.new(setup, seed=11).to_json()
    e.reset()
    first = e.game_state.to_json()
    e.reset(seed=11)
    e.reset()
    assert e.game_state.to_json() == first, "unseeded resets continue from the last seed"


def _with_cheat(e: QuestboxAECEnv) -> None:
    """Give the environment a space with an action Pig never offers, to provoke illegal steps."""
    e.space = ActionIndex("pig", [Action("roll"), Action("hold"), Action("cheat")], "a test space")


def test_illegal_actions_raise_and_change_nothing() -> None:
    e = env("pig", {"players": 2})
    e.reset(seed=1)
    with pytest.raises(IllegalAction, match="outside the action space"):
        e.step(7)
    _with_cheat(e)
    before = e.game_state.to_json()
    with pytest.raises(IllegalAction, match=r"action 2 \(cheat\) is not legal now; legal: roll, hold"):
        e.step(2)
    assert e.game_state.to_json() == before and e.agent_selection == "p1"
    with pytest.raises(ValueError, match="None is only for agents that are done"):
        e.step(None)
    hold = e.action_id("hold")
    assert e.action_notation(hold) == "hold"
    e.step(hold)
    assert e.agent_selection == "p2"


def test_illegal_terminate_penalises_the_offender() -> None:
    e = env("pig", {"players": 3}, illegal="terminate")
    e.reset(seed=2)
    _with_cheat(e)
    e.step(2)
    assert all(e.terminations.values())
    assert e._cumulative_rewards == {"p1": -1.0, "p2": 0.0, "p3": 0.0}
    assert e.infos["p2"]["illegal"] == "p1"


def test_truncation_after_max_steps() -> None:
    e = env("pig", {"players": 2, "target": 10_000}, max_steps=5)
    e.reset(seed=0)
    steps = 0
    for _ in e.agent_iter(max_iter=100):
        _, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(e.action_id("roll"))
        steps += 1
    assert steps == 5 and not e.agents


def test_zero_sum_rewards_and_ansi_rendering() -> None:
    e = env("pig", {"players": 2}, reward="zero-sum", render_mode="ansi")
    log = _play(e, 4)
    finals = sorted(r for _, a, r in log if a is None)
    assert finals == [-1.0, 1.0]
    e.reset(seed=4)
    text = e.render()
    assert isinstance(text, str) and "banked" in text


def test_global_state_sees_what_the_players_cannot() -> None:
    e = env("pig", {"players": 2})
    e.reset(seed=0)
    g1 = e.state()
    e.game_state.secret[1] += 1  # what p1 cannot see
    assert not np.array_equal(g1, e.state())


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        env("pig", reward="points")
    with pytest.raises(ValueError, match="illegal"):
        env("pig", illegal="ignore")
    with pytest.raises(ValueError, match="render_mode"):
        env("pig", render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_steps"):
        env("pig", max_steps=0)


@pytest.mark.parametrize("gid", UNSPACED or ["(none)"])
def test_games_without_a_space_are_refused_clearly(gid: str) -> None:
    if gid == "(none)":
        pytest.skip("every registered game offers an action space")
    with pytest.raises(NoActionSpace, match=r"Game\.action_space"):
        env(gid)


def test_env_names_follow_the_game() -> None:
    e = env(games()["pig"], players=4)
    assert e.possible_agents == ["p1", "p2", "p3", "p4"]
    assert e.metadata["name"] == "questbox_pig_v0"
    assert str(e) == "questbox_pig_v0"


@spaced()
def test_state_space_and_the_parallel_env_pass_pettingzoos_checks(gid: str, n: int) -> None:
    _, setup = setup_of(gid, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # state_test samples actions without the mask: an illegal one ends the game
        state_test(env(gid, setup, illegal="terminate"), parallel_env(gid, setup), num_cycles=20)
        parallel_api_test(parallel_env(gid, setup), num_cycles=300)
    # PettingZoo's seed test samples actions without the mask too
    parallel_seed_test(lambda: parallel_env(gid, setup, illegal="terminate"), num_cycles=100)


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_a_simultaneous_choice_is_one_parallel_step() -> None:
    """Hero: Immortal King's rock-paper-scissors: both seats choose in the same step."""
    e = parallel_env("hero-ik")
    obs, _ = e.reset(seed=1)
    pick = Rng(0)
    for _ in range(200):
        movers = e.game_state.to_move()
        actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[pick.below(int(obs[a]["action_mask"].sum()))])
                   for a in movers}
        for a in e.agents:
            if a not in movers:
                assert not obs[a]["action_mask"].any()
        if len(movers) == 2:
            assert {e.aec.action_notation(i).split()[0] for i in actions.values()} == {"rps"}
            before = e.game_state.clone()
            obs, _, _, _, _ = e.step(actions)
            expected = before
            for seat in movers:
                expected.apply(seat, e.aec.space[actions[seat]])
            assert e.game_state.to_json() == expected.to_json()
            return
        obs, _, term, _, _ = e.step(actions)
        assert not any(term.values())
    pytest.fail("no simultaneous choice in 200 steps")


def test_parallel_illegal_actions_change_nothing() -> None:
    e = parallel_env("pig", {"players": 2})
    e.reset(seed=0)
    before = e.game_state.to_json()
    with pytest.raises(IllegalAction, match="not legal now"):
        e.step({"p1": 7, "p2": 0})
    with pytest.raises(ValueError, match="needs its action"):
        e.step({"p2": 0})
    assert e.game_state.to_json() == before
    t = parallel_env("pig", {"players": 2}, illegal="terminate")
    t.reset(seed=0)
    _, rewards, term, _, infos = t.step({"p1": 7, "p2": 0})
    assert rewards == {"p1": -1.0, "p2": 0.0} and all(term.values()) and infos["p2"]["illegal"] == "p1"
    assert not t.agents


def test_zero_sum_rewards_sum_to_zero_with_three_players() -> None:
    e = env("pig", {"players": 3}, reward="zero-sum")
    for seed in range(3):
        log = _play(e, seed, pick_seed=seed)
        finals = [r for _, a, r in log if a is None]
        assert len(finals) == 3 and sum(finals) == pytest.approx(0.0) and max(finals) > 0 > min(finals)
