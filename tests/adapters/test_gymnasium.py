"""Single-agent Gymnasium environments: one seat learns, bots play the others."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from questbox.adapters import gymnasium as qgym
from questbox.adapters.spaces import NoActionSpace
from questbox.core import IllegalAction, Rng, derive_seed, games
from questbox.games.hero_ik.observe import solo_potential
from tests.adapters.conftest import SPACED, UNSPACED, setup_of, spaced


def _episode(env: qgym.QuestboxEnv, seed: int) -> tuple[list[int], float, dict[str, object]]:
    """Plays the first legal action each step; returns the actions, the final reward and info."""
    obs, info = env.reset(seed=seed)
    actions: list[int] = []
    reward = 0.0
    for _ in range(20_000):
        a = int(np.flatnonzero(obs["action_mask"])[len(actions) % int(obs["action_mask"].sum())])
        actions.append(a)
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            break
    return actions, float(reward), info


@spaced()
def test_check_env(gid: str, n: int) -> None:
    _, setup = setup_of(gid, n)
    for seat in (None, games()[gid].seat_names(setup)[-1]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the checker's advice on render fps and specs
            check_env(qgym.make(gid, seat=seat, setup=setup, opponents="random"), skip_render_check=False)


@spaced()
def test_episodes_are_reproducible_and_end_with_the_outcome(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    seat = game.seat_names(setup)[-1]
    env = qgym.make(gid, seat=seat, setup=setup, opponents="random")
    for seed in range(3):
        acts1, r1, info1 = _episode(env, seed)
        acts2, r2, info2 = _episode(env, seed)
        assert acts1 == acts2 and r1 == r2 and info1["outcome"] == info2["outcome"]
        assert r1 == (1.0 if seat in info1["outcome"]["winners"] else 0.0)  # type: ignore[index]


@spaced()
def test_the_learning_seat_only_sees_its_view(gid: str, n: int) -> None:
    _game, setup = setup_of(gid, n)
    env = qgym.make(gid, setup=setup, opponents="random", info_view="dict", info_legal=True)
    obs, info = env.reset(seed=3)
    state = env.state
    assert info["view"] == state.view(env.seat)
    assert info["legal"] == [str(a) for a in state.legal_actions(env.seat)]
    assert np.array_equal(obs["observation"], env.encoder(state.view(env.seat), env.seat))
    legal = env.space.indices(state.legal_actions(env.seat))
    assert np.flatnonzero(obs["action_mask"]).tolist() == legal
    assert np.array_equal(info["action_mask"], obs["action_mask"])
    assert env.seat in state.to_move()


def test_registered_ids() -> None:
    ids = qgym.register_envs()
    for gid, n in SPACED:
        assert qgym.env_id(gid) in ids
        if n == 1:
            assert qgym.env_id(gid, "solo") in ids
    assert qgym.env_id("pig") == "questbox/pig-v0"
    env = gymnasium.make("questbox/pig-v0")
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"].tolist() == [1, 1]
    env.close()


@pytest.mark.skipif("heirs" not in games(), reason="Heirs is not registered")
def test_heirs_solo_against_the_black_wizard() -> None:
    env = gymnasium.make("questbox/heirs-solo-v0")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    raw = env.unwrapped
    assert isinstance(raw, qgym.QuestboxEnv)
    assert raw.seats == ("p1",) and raw.opponents == {}
    _, reward, info = _episode(raw, 1)
    assert reward in (0.0, 1.0) and "outcome" in info


def test_illegal_actions_penalize_by_default() -> None:
    env = qgym.make("pig", setup={"players": 2})
    env.reset(seed=0)
    before = env.state.to_json()
    _, reward, terminated, truncated, info = env.step(5)  # outside the space: illegal
    assert reward == -1.0 and info["illegal"] and not terminated and not truncated
    assert env.state.to_json() == before


def test_illegal_actions_may_raise_or_play_at_random() -> None:
    env = qgym.make("pig", setup={"players": 2}, illegal="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalAction, match="not legal now"):
        env.step(9)
    for seed in range(4):
        env = qgym.make("pig", setup={"players": 2}, illegal="random")
        env.reset(seed=seed)
        legal = env.state.legal_actions("p1")
        expected = legal[Rng(derive_seed(seed, "illegal")).below(len(legal))]
        _, _, _, _, info = env.step(9)
        assert info["illegal"]
        same = qgym.make("pig", setup={"players": 2})
        same.reset(seed=seed)
        same.step(same.action_id(expected))
        assert env.state.to_json() == same.state.to_json()


def test_opponents_by_seat_and_bad_specs() -> None:
    env = qgym.make("pig", seat="p2", setup={"players": 3}, opponents={"p1": "random", "p3": "ismcts:iters=5"})
    _obs, _ = env.reset(seed=1)
    assert env.state.to_move() == ("p2",)
    assert type(env.bots["p3"]).__name__ == "MCTSAgent"
    with pytest.raises(ValueError, match="must name every other seat"):
        qgym.make("pig", seat="p2", setup={"players": 3}, opponents={"p1": "random"})
    with pytest.raises(ValueError, match="no seat 'p9'"):
        qgym.make("pig", seat="p9")
    with pytest.raises(Exception, match="no agent 'nobody'"):
        qgym.make("pig", opponents="nobody")


def test_truncation_and_zero_sum_rewards() -> None:
    env = qgym.make("pig", setup={"players": 2, "target": 10_000}, max_steps=3)
    env.reset(seed=0)
    results = [env.step(env.action_id("hold")) for _ in range(3)]
    assert [r[3] for r in results] == [False, False, True]
    env = qgym.make("pig", setup={"players": 2}, reward="zero-sum")
    rewards = {_episode(env, seed)[1] for seed in range(12)}
    assert rewards == {-1.0, 1.0}


def test_ansi_rendering_shows_the_seats_view() -> None:
    env = qgym.make("pig", setup={"players": 2}, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and '"secret"' in text and '"p1"' in text and '"p2":' not in text


@pytest.mark.parametrize("gid", UNSPACED or ["(none)"])
def test_games_without_a_space_are_refused_clearly(gid: str) -> None:
    if gid == "(none)":
        pytest.skip("every registered game offers an action space")
    with pytest.raises(NoActionSpace, match=r"Game\.action_space"):
        qgym.make(gid)


def test_presets_register_one_id_per_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(qgym.PRESETS, "pig", {"race-50": {"players": 2, "target": 50},
                                              "broken": {"players": 9}})
    with pytest.warns(UserWarning, match="pig-broken-v0 is not registered"):
        ids = qgym.register_envs()
    assert "questbox/pig-race-50-v0" in ids and "questbox/pig-broken-v0" not in ids
    env = gymnasium.make("questbox/pig-race-50-v0")
    assert env.unwrapped.state.target == 50  # type: ignore[attr-defined]
    env.close()
    assert {"solitaire-easy", "solitaire-medium", "solitaire-hard"} <= set(qgym.PRESETS["hero-ik"])


def _vector_run(envs: gymnasium.vector.VectorEnv, steps: int, seed: int) -> int:
    """Steps a vector env with masked random actions; returns how many episodes ended."""
    obs, _ = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(steps):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all(), "every observation, the final one too, allows an action"
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
        obs, _, term, trunc, _ = envs.step(actions)
        ended += int(np.sum(term | trunc))
    return ended


VECTOR_IDS = [i for i in ("questbox/heirs-solo-v0", "questbox/heroica-v0", "questbox/hero-ik-solitaire-easy-v0",
                          "questbox/hero-ik-v0", "questbox/pig-v0")
              if i in gymnasium.registry]


@pytest.mark.parametrize("env_id", VECTOR_IDS)
def test_sync_vector_envs_run_through_many_episodes(env_id: str) -> None:
    """Gymnasium merges infos across envs: their keys and types must not change from step to step."""
    envs = gymnasium.make_vec(env_id, num_envs=3, vectorization_mode="sync")
    try:
        assert _vector_run(envs, 400, 0) > 0
    finally:
        envs.close()
    sync = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make(env_id, info_view="json", info_legal=True)] * 2)
    try:
        _vector_run(sync, 150, 1)
    finally:
        sync.close()


@pytest.mark.parametrize("env_id", VECTOR_IDS[:3])
def test_async_vector_envs_step_and_close(env_id: str) -> None:
    envs = gymnasium.vector.AsyncVectorEnv([lambda: gymnasium.make(env_id)] * 2)
    try:
        _vector_run(envs, 150, 2)
    finally:
        envs.close(terminate=False)
    assert envs.closed


def test_action_masks_and_the_final_observation() -> None:
    env = qgym.make("pig", setup={"players": 2})
    obs, _ = env.reset(seed=0)
    assert env.action_masks().tolist() == [True, True] and env.action_masks().dtype == np.bool_
    terminated = False
    while not terminated:
        obs, _, terminated, _, info = env.step(env.action_id("roll"))
    assert obs["action_mask"].all(), "the final observation allows every action (none is played)"
    assert not env.action_masks().any(), "but action_masks() says that nothing is legal"
    assert set(info) >= {"action_mask", "seed", "outcome"} and "view" not in info


def test_info_view_options() -> None:
    env = qgym.make("pig", setup={"players": 2}, info_view="json")
    _, info = env.reset(seed=0)
    assert isinstance(info["view"], str) and json.loads(info["view"]) == env.state.view("p1")
    with pytest.raises(ValueError, match="info_view"):
        qgym.make("pig", info_view="yaml")


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_shaping_telescopes_to_the_final_reward() -> None:
    """Potential-based shaping with gamma=1 adds up to the final reward minus phi of the start."""
    setup = {"mode": "solitaire", "scenario": "easy"}
    env = qgym.make("hero-ik", setup=setup, shaping=True, gamma=1.0)
    plain = qgym.make("hero-ik", setup=setup)
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        plain.reset(seed=seed)
        phi0 = env._phi
        assert phi0 == pytest.approx(solo_potential(env.state, "adventurers"))
        total = final = 0.0
        rewards = []
        done = False
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[0])
            obs, r, term, trunc, _ = env.step(a)
            _, final, _, _, _ = plain.step(a)
            rewards.append(r)
            total += r
            done = term or trunc
        assert total == pytest.approx(final - phi0)
        assert any(r != 0.0 for r in rewards[:-1]), "the signal comes before the end"
    duel = qgym.make("hero-ik", shaping=True)
    duel.reset(seed=0)
    assert duel.potential is None
    assert duel._phi == pytest.approx(games()["hero-ik"].evaluate(duel.state)["adventurers"])  # type: ignore[index]
    with pytest.raises(ValueError, match=r"shaping needs a potential or Game\.evaluate"):
        qgym.make("pig", shaping=True)


def _discounted_shaped_return(env: qgym.QuestboxEnv, seed: int, pick: Rng, gamma: float) -> tuple[float, bool]:
    obs, _ = env.reset(seed=seed)
    g, disc, done = 0.0, 1.0, False
    info: dict[str, object] = {}
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, r, term, trunc, info = env.step(int(legal[pick.below(len(legal))]))
        g += disc * r
        disc *= gamma
        done = term or trunc
    outcome = info["outcome"]
    assert isinstance(outcome, dict)
    return g, env.seat in outcome["winners"]


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_zeroed_potential_gives_every_lost_game_the_same_return() -> None:
    """Why hero-ik solitaire did not learn (docs/rl.md): with phi zeroed at the end, the discounted
    shaped return of any lost game telescopes to ``-phi(start)``, however long it lasted, so a
    learner that never wins sees nothing to improve. With the progress potential kept at the end
    (``terminal_potential``) lost games differ: the return is ``gamma**T * phi(final) - phi(start)``."""
    from questbox.games.hero_ik.observe import PROGRESS_WEIGHT, solo_progress

    setup = {"mode": "solitaire", "scenario": "easy"}
    gamma = 0.99
    zeroed = qgym.make("hero-ik", setup=setup, opponents="random", shaping=True, gamma=gamma, auto_forced=True)
    kept = qgym.make("hero-ik", setup=setup, opponents="random", shaping=True, gamma=gamma, auto_forced=True,
                     potential=solo_progress, terminal_potential=True)
    lost_zeroed, lost_kept = [], []
    for seed in range(8):
        g, won = _discounted_shaped_return(zeroed, seed, Rng(seed), gamma)
        zeroed.reset(seed=seed)
        if not won:
            lost_zeroed.append(g + zeroed._phi)
        g, won = _discounted_shaped_return(kept, seed, Rng(seed), gamma)
        final_phi = solo_progress(kept.state, kept.seat)
        assert 0.0 <= final_phi <= PROGRESS_WEIGHT
        kept.reset(seed=seed)
        assert kept._phi == solo_progress(kept.state, kept.seat) < 0.1  # the start: hardly any progress
        if not won:
            lost_kept.append(g)
    assert lost_zeroed and max(abs(x) for x in lost_zeroed) < 1e-9
    assert len(set(round(x, 9) for x in lost_kept)) > 1 and max(lost_kept) > 0
    with pytest.raises(ValueError, match="only used with shaping"):
        qgym.make("hero-ik", setup=setup, potential=solo_progress)


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_terminal_potential_telescopes_to_the_final_reward_plus_the_last_potential() -> None:
    from questbox.games.hero_ik.observe import solo_progress

    setup = {"mode": "solitaire", "scenario": "easy"}
    env = qgym.make("hero-ik", setup=setup, shaping=True, gamma=1.0, potential=solo_progress,
                    terminal_potential=True)
    plain = qgym.make("hero-ik", setup=setup)
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        plain.reset(seed=seed)
        phi0 = env._phi
        total = final = 0.0
        done = False
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, r, term, trunc, _ = env.step(a)
            _, final, _, _, _ = plain.step(a)
            total += r
            done = term or trunc
        assert total == pytest.approx(final + solo_progress(env.state, env.seat) - phi0)


def _log_loss(p: list[float], won: list[float]) -> float:
    q = np.clip(np.array(p), 1e-9, 1 - 1e-9)
    y = np.array(won)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_solitaire_shaping_potential_predicts_the_result() -> None:
    """Shaping helps only if phi says something about winning: in Hero: Immortal King solitaire it
    must predict the result (log loss) clearly better than the best constant, on games the potential
    was not fitted on (the duel-fitted ``Game.evaluate`` did worse than the constant)."""
    from questbox.core import make_agent

    setup = {"mode": "solitaire", "scenario": "easy"}
    env = qgym.make("hero-ik", setup=setup, shaping=True)
    phis: list[float] = []
    won: list[float] = []
    for seed in range(40):
        eps = (0.0, 0.15, 0.3)[seed % 3]
        env.reset(seed=50_000 + seed)
        bot = make_agent("heuristic", env.game, seed)
        pick = Rng(seed)
        game_phis = []
        done = False
        info: dict[str, object] = {}
        while not done:
            game_phis.append(env._potential())
            legal = env.state.legal_actions(env.seat)
            act = legal[pick.below(len(legal))] if pick.below(100) < eps * 100 else bot.act(env.state, env.seat)
            _, _, term, trunc, info = env.step(env.action_id(act))
            done = term or trunc
        outcome = info["outcome"]
        assert isinstance(outcome, dict)
        phis += game_phis
        won += [float(env.seat in outcome["winners"])] * len(game_phis)
    assert 0 < sum(won) < len(won)
    constant = _log_loss([sum(won) / len(won)] * len(won), won)
    assert _log_loss(phis, won) < 0.85 * constant


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_auto_forced_plays_the_only_legal_action() -> None:
    setup = {"mode": "solitaire", "scenario": "easy"}
    env = qgym.make("hero-ik", setup=setup, auto_forced=True)
    obs, info = env.reset(seed=4)
    choices = 0
    done = False
    while not done:
        assert obs["action_mask"].sum() >= 2 or done
        obs, _, term, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        choices += 1
        done = term or trunc
    assert info["forced"] > 0 and choices > 0
    # the same game, every move played by hand, ends the same way
    manual = qgym.make("hero-ik", setup=setup)
    obs, _ = manual.reset(seed=4)
    done = False
    while not done:
        obs, _, term, trunc, last = manual.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        done = term or trunc
    assert last["outcome"] == info["outcome"] and manual.state.to_json() == env.state.to_json()


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_the_hero_ik_curriculum_starts_closer_to_the_end() -> None:
    ids = qgym.register_envs()
    left = []
    for k in range(len(qgym.HIK_CURRICULUM)):
        assert qgym.env_id("hero-ik", f"solitaire-easy-level{k}") in ids
        env = qgym.make("hero-ik", setup=qgym.hik_curriculum(k), opponents="random")
        env.reset(seed=0)
        left.append(sum(c["pile"] for c in env.state.view("adventurers")["corridors"]))
    assert left == sorted(left) and left[0] < left[-1]
    assert qgym.hik_curriculum(len(qgym.HIK_CURRICULUM) - 1) == {"mode": "solitaire", "scenario": "easy"}
    with pytest.raises(ValueError, match="curriculum levels"):
        qgym.hik_curriculum(9)
