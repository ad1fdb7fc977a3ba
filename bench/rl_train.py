"""Proof that agents learn: MaskablePPO on Heirs solo, Hero: Immortal King solitaire Easy and Heroica.

For each task: a learning curve (the policy's win rate on ``--curve-eval`` fixed seeds every
``--every`` steps) and, at the end, the trained policy's win rate on ``--eval`` fixed seeds beside
the random player's and the game's heuristic's on the same seeds (each playing the learning seat
against the same opponents), each with its 95 % Wilson interval. A benchmark, not a test.

    pip install torch==2.13.0                  # first: the CPU build (see docs/rl.md)
    pip install -e ".[rl-train]"               # sb3-contrib; installs no other torch
    python bench/rl_train.py --task heirs-solo --minutes 30 [--json out.json]
    python bench/rl_train.py --task all --steps 300 --dry-run   # no training: the harness only
    python bench/rl_train.py --task heirs-solo --minutes 4 --obs-size 512   # hashed, not designed
    python bench/rl_train.py --task hero-ik-easy --no-shaping --no-auto-forced --minutes 4

Tasks: ``heirs-solo`` (shaped by Heirs' ``evaluate``, by default), ``hero-ik-easy`` (shaped by the
solitaire progress potential kept at the end, forced moves played, PPO's :data:`PPO` settings, by default;
``--n-envs 8 --n-steps 256`` for the vector env of the documented runs),
``hero-ik-curriculum`` (trains through :func:`hik_curriculum`'s levels, moving up once the recent
training games of a level are won often enough; evaluated on the printed setup) and ``heroica``.
``--dry-run`` needs neither sb3-contrib nor torch: it runs the environments, the evaluation and the
random and heuristic baselines, so the harness itself can be checked anywhere.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from questbox.adapters.gymnasium import HIK_CURRICULUM, QuestboxEnv, hik_curriculum, make
from questbox.core import JSON, derive_seed, make_agent
from questbox.games.hero_ik.observe import solo_progress
from questbox.sim.stats import wilson

#: Hero: Immortal King solitaire's shaping: the progress potential (how far into the shortest
#: corridor the group got), kept at the end (``terminal_potential``), and forced moves played. With
#: the win-chance potential zeroed at the end, every lost game earns the same discounted return
#: (``-phi(start)``), so PPO had nothing to tell a better loss from a worse one (docs/rl.md)
HIK_SHAPING: dict[str, Any] = {"shaping": True, "auto_forced": True, "potential": solo_progress,
                               "terminal_potential": True}
#: task -> (game, setup, opponents, env options)
TASKS: dict[str, tuple[str, JSON, str, dict[str, Any]]] = {
    "heirs-solo": ("heirs", {"players": 1}, "random", {"shaping": True}),
    "hero-ik-easy": ("hero-ik", {"mode": "solitaire", "scenario": "easy"}, "random", dict(HIK_SHAPING)),
    "hero-ik-curriculum": ("hero-ik", {"mode": "solitaire", "scenario": "easy"}, "random", dict(HIK_SHAPING)),
    "heroica": ("heroica", {"players": 2}, "random", {"auto_forced": True}),
}
#: task -> MaskablePPO hyper-parameters that differ from sb3's defaults (``--gamma`` ... override them).
#: Hero: Immortal King's games last about 120 of the learner's decisions when played well: a longer
#: horizon (gamma 0.995, also the shaping's gamma), some entropy so the policy keeps trying, and
#: batches of 256 (a quarter of the optimiser's steps per rollout: more environment steps per second)
PPO: dict[str, dict[str, Any]] = {
    "hero-ik-easy": {"gamma": 0.995, "ent_coef": 0.01, "batch_size": 256},
    "hero-ik-curriculum": {"gamma": 0.995, "ent_coef": 0.01, "batch_size": 256},
}
#: the command-line flags that override :data:`PPO` (flag's dest -> MaskablePPO's keyword)
PPO_FLAGS = {"gamma": "gamma", "ent_coef": "ent_coef", "batch_size": "batch_size", "n_epochs": "n_epochs",
             "learning_rate": "learning_rate"}
#: tasks trained on a curriculum (an env per level), evaluated on the task's own setup
CURRICULA = {"hero-ik-curriculum"}
Policy = Callable[[QuestboxEnv, dict[str, Any]], int]


def options(task: str, shaping: bool | None = None, auto_forced: bool | None = None) -> dict[str, Any]:
    """The task's env options, with ``shaping`` / ``auto_forced`` overridden where not ``None``."""
    opts = dict(TASKS[task][3])
    if shaping is not None:
        opts["shaping"] = shaping
    if not opts.get("shaping"):  # no shaping: no potential either
        opts.pop("potential", None)
        opts.pop("terminal_potential", None)
    if auto_forced is not None:
        opts["auto_forced"] = auto_forced
    return opts


def ppo_params(task: str, args: argparse.Namespace) -> dict[str, Any]:
    """The task's MaskablePPO hyper-parameters (:data:`PPO`), with the command line's overrides."""
    params = dict(PPO.get(task, {}))
    for dest, key in PPO_FLAGS.items():
        value = getattr(args, dest, None)
        if value is not None:
            params[key] = value
    return params


def jsonable(opts: dict[str, Any]) -> dict[str, Any]:
    """Env options for the results file: a callable (a potential) by its name."""
    return {k: getattr(v, "__name__", repr(v)) if callable(v) else v for k, v in opts.items()}


def build(task: str, setup: JSON | None = None, **extra: Any) -> QuestboxEnv:
    """The task's environment; ``extra`` overrides its options (``obs_size``, ``shaping`` ...)."""
    gid, default_setup, opponents, opts = TASKS[task]
    merged = {**opts, **extra}
    if not merged.get("shaping"):  # no shaping: no potential either
        merged.pop("potential", None)
        merged.pop("terminal_potential", None)
    return make(gid, setup=setup if setup is not None else default_setup, opponents=opponents, **merged)


class Curriculum(gymnasium.Env[dict[str, Any], np.int64]):
    """Trains on ever harder setups: one environment per level; a reset deals a game of the current
    level, which moves up once ``threshold`` of the last ``window`` games of the level were won."""

    def __init__(self, levels: Sequence[QuestboxEnv], window: int = 50, threshold: float = 0.5) -> None:
        if not levels:
            raise ValueError("a curriculum needs at least one level")
        first = levels[0]
        for env in levels[1:]:
            if env.observation_space != first.observation_space or env.action_space != first.action_space:
                raise ValueError("every level of a curriculum must have the same spaces")
        self.levels = list(levels)
        self.observation_space = first.observation_space
        self.action_space = first.action_space
        self.window = window
        self.threshold = threshold
        self.level = 0
        self.recent: deque[int] = deque(maxlen=window)
        self.episodes = 0
        #: (episodes played, level reached) each time the level moved up
        self.history: list[tuple[int, int]] = []

    @property
    def env(self) -> QuestboxEnv:
        return self.levels[self.level]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.env.action_masks()

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63 - 1))
        obs, info = self.env.reset(seed=seed, options=options)
        info["level"] = self.level
        return obs, info

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        env = self.env
        obs, reward, term, trunc, info = env.step(action)
        info["level"] = self.level
        if term or trunc:
            self.episodes += 1
            self.recent.append(int(env.seat in info.get("outcome", {}).get("winners", [])))
            if (self.level + 1 < len(self.levels) and len(self.recent) == self.window
                    and sum(self.recent) >= self.threshold * self.window):
                self.level += 1
                self.recent.clear()
                self.history.append((self.episodes, self.level))
        return obs, reward, term, trunc, info


def curriculum(task: str, **extra: Any) -> Curriculum:
    scenario = str(TASKS[task][1].get("scenario", "easy"))
    return Curriculum([build(task, setup=hik_curriculum(k, scenario), **extra) for k in range(len(HIK_CURRICULUM))])


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)

    def act(env: QuestboxEnv, obs: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    return act


def heuristic_policy(env: QuestboxEnv, seed: int) -> Policy:
    spec = "heuristic" if "heuristic" in env.game.agents() else "random"
    agent = make_agent(spec, env.game, seed)

    def act(e: QuestboxEnv, obs: dict[str, Any]) -> int:
        return e.action_id(agent.act(e.state, e.seat))

    return act


def wins(env: QuestboxEnv, policy: Policy, seeds: list[int]) -> int:
    """How many of the games of ``seeds`` the learning seat wins (shaping does not count)."""
    won = 0
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, term, trunc, info = env.step(policy(env, obs))
            done = term or trunc
        won += int(env.seat in info.get("outcome", {}).get("winners", []))
    return won


def win_rate(env: QuestboxEnv, policy: Policy, seeds: list[int]) -> float:
    """The learning seat's share of wins over the games of ``seeds``."""
    return wins(env, policy, seeds) / len(seeds)


def rate(won: int, games: int) -> dict[str, Any]:
    """A win rate with its 95 % Wilson interval."""
    low, high = wilson(won, games)
    return {"wins": won, "games": games, "rate": won / games, "ci95": [low, high]}


def show(r: dict[str, Any]) -> str:
    return f"{r['rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"


def machine() -> dict[str, Any]:
    """Where the figures were measured."""
    versions = {}
    for dist in ("torch", "stable_baselines3", "sb3-contrib", "gymnasium", "numpy"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            versions[dist] = metadata.version(dist)
    return {"platform": platform.platform(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "load1": os.getloadavg()[0], "versions": versions}


def train(task: str, args: argparse.Namespace, seeds: list[int], curve_seeds: list[int]) -> dict[str, Any]:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)

    params = ppo_params(task, args)
    batch = params.pop("batch_size", 64)
    extra: dict[str, Any] = {"obs_size": args.obs_size, **options(task, args.shaping, args.auto_forced)}
    if extra.get("shaping"):  # the shaping discounts as PPO does
        extra["gamma"] = params.get("gamma", 0.99)
    envs: list[gymnasium.Env[Any, Any]] = [curriculum(task, **extra) if task in CURRICULA else build(task, **extra)
                                           for _ in range(args.n_envs)]
    env = DummyVecEnv([lambda e=e: Monitor(e) for e in envs])  # type: ignore[misc]
    probe = build(task, **extra)
    curve: list[tuple[int, float, float]] = []
    started = time.perf_counter()
    cpu_started = time.process_time()

    def trained_policy(model: Any) -> Policy:
        def act(e: QuestboxEnv, obs: dict[str, Any]) -> int:
            action, _ = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
            return int(action)
        return act

    class Curve(BaseCallback):  # type: ignore[misc]
        last = 0

        def _on_step(self) -> bool:
            if self.num_timesteps - self.last >= args.every:
                self.last = self.num_timesteps
                r = win_rate(probe, trained_policy(self.model), curve_seeds)
                elapsed = time.perf_counter() - started
                curve.append((self.num_timesteps, round(elapsed, 1), r))
                print(f"  {task}: {self.num_timesteps:>8} steps  {elapsed:7.0f} s  win rate {r:.3f}",
                      flush=True)
            return args.minutes is None or time.perf_counter() - started < args.minutes * 60

    rollout = min(args.n_steps, args.steps)
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, verbose=0, n_steps=rollout,
                        batch_size=min(batch, rollout * args.n_envs), **params)
    model.learn(total_timesteps=args.steps, callback=Curve())
    trained_seconds = time.perf_counter() - started
    trained_cpu = time.process_time() - cpu_started
    row: dict[str, Any] = {"curve": curve, "trained": rate(wins(probe, trained_policy(model), seeds), len(seeds)),
                           "steps": int(model.num_timesteps), "train_seconds": round(trained_seconds, 1),
                           "train_cpu_seconds": round(trained_cpu, 1),
                           "seconds": round(time.perf_counter() - started, 1), "options": jsonable(extra),
                           "ppo": {**params, "batch_size": min(batch, rollout * args.n_envs), "n_steps": rollout,
                                   "n_envs": args.n_envs},
                           "threads": args.threads, "load1_end": os.getloadavg()[0]}
    cur = envs[0]
    if isinstance(cur, Curriculum):
        row["curriculum"] = {"levels": list(HIK_CURRICULUM), "window": cur.window, "threshold": cur.threshold,
                             "reached": cur.level, "history": cur.history, "episodes": cur.episodes}
    return row


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--task", default="all", help=f"one of {', '.join(TASKS)}, or all")
    ap.add_argument("--steps", type=int, default=10_000_000, help="training steps (at most)")
    ap.add_argument("--minutes", type=float, default=None, help="training time per task (at most)")
    ap.add_argument("--every", type=int, default=20_000, help="steps between points of the curve")
    ap.add_argument("--eval", type=int, default=200, help="evaluation games (fixed seeds)")
    ap.add_argument("--curve-eval", type=int, default=50, help="games per point of the curve (fixed seeds)")
    ap.add_argument("--n-steps", type=int, default=2048, help="PPO's rollout length")
    ap.add_argument("--n-envs", type=int, default=1, help="environments in PPO's vector env (n-steps each)")
    ap.add_argument("--gamma", type=float, default=None, help="PPO's and the shaping's discount (default: the task's)")
    ap.add_argument("--ent-coef", type=float, default=None, help="PPO's entropy bonus (default: the task's)")
    ap.add_argument("--batch-size", type=int, default=None, help="PPO's minibatch (default: the task's, else 64)")
    ap.add_argument("--n-epochs", type=int, default=None, help="PPO's epochs per rollout (default: 10)")
    ap.add_argument("--learning-rate", type=float, default=None, help="PPO's learning rate (default: 3e-4)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1,
                    help="torch's CPU threads (1: on a small shared machine more threads only contend)")
    ap.add_argument("--baselines", action=argparse.BooleanOptionalAction, default=True,
                    help="also play the random and heuristic baselines on the same seeds (they do not depend "
                         "on --obs-size or --shaping: one run per task is enough)")
    ap.add_argument("--dry-run", action="store_true", help="no training: baselines and harness only")
    ap.add_argument("--json", default=None, help="also write the results here")
    ap.add_argument("--obs-size", type=int, default=None,
                    help="observe by feature hashing in this many slots (default: the game's designed tensor)")
    ap.add_argument("--shaping", action=argparse.BooleanOptionalAction, default=None,
                    help="potential-based shaping (default: the task's choice)")
    ap.add_argument("--auto-forced", action=argparse.BooleanOptionalAction, default=None,
                    help="play the learning seat's forced moves for it (default: the task's choice)")
    return ap


def run(args: argparse.Namespace, command: str = "") -> dict[str, Any]:
    tasks = list(TASKS) if args.task == "all" else [args.task]
    unknown = [t for t in tasks if t not in TASKS]
    if unknown:
        raise SystemExit(f"unknown task {unknown[0]!r}: one of {', '.join(TASKS)}, or all")
    seeds = [derive_seed(10_000 + args.seed, "eval", k) for k in range(args.eval)]
    curve_seeds = seeds[:args.curve_eval]
    results: dict[str, Any] = {"command": command,
                               "machine": machine(), "tasks": {}}
    print("| task | random | heuristic | trained | steps | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    for task in tasks:
        opts = options(task, args.shaping, args.auto_forced)
        env = build(task, **opts)  # the baselines observe nothing: the default tensor is enough
        row: dict[str, Any] = {}
        if args.baselines:
            row["random"] = rate(wins(env, random_policy(args.seed), seeds), len(seeds))
            row["heuristic"] = rate(wins(env, heuristic_policy(env, args.seed), seeds), len(seeds))
        if not args.dry_run:
            row.update(train(task, args, seeds, curve_seeds))
        else:  # the harness: a few hundred steps of the training loop's environment, masked random
            train_env: gymnasium.Env[Any, Any] = (curriculum(task, obs_size=args.obs_size, **opts)
                                                  if task in CURRICULA else build(task, obs_size=args.obs_size, **opts))
            obs, _ = train_env.reset(seed=args.seed)
            act = random_policy(args.seed)
            for _ in range(args.steps):
                obs, _, term, trunc, _ = train_env.step(act(env, obs))
                if term or trunc:
                    obs, _ = train_env.reset()
        results["tasks"][task] = row
        trained = show(row["trained"]) if "trained" in row else "-"
        base = [show(row[who]) if who in row else "-" for who in ("random", "heuristic")]
        print(f"| {task} | {base[0]} | {base[1]} | {trained} "
              f"| {row.get('steps', '-')} | {row.get('seconds', 0):.0f} |", flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2)
            fh.write("\n")
    return results


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    argv = list(sys.argv[1:] if argv is None else argv)
    return run(parser().parse_args(argv), " ".join(["python", "bench/rl_train.py", *argv]))


if __name__ == "__main__":
    main()
