"""Proof that agents learn: MaskablePPO on Heirs solo, Hero: Immortal King solitaire Easy and Heroica.

For each task: a learning curve (the policy's win rate on ``--eval`` fixed seeds every
``--every`` steps) and, at the end, the trained policy's win rate beside the random player's and
the game's heuristic's on the same seeds (each playing the learning seat against the same
opponents). A benchmark, not a test: a 30-minute run per task is what issue #21 asks for, on the
project's 2-core machine.

    pip install -e ".[rl-train]"        # sb3-contrib and torch
    python bench/rl_train.py --task heirs-solo --minutes 30 [--json out.json]
    python bench/rl_train.py --task all --steps 300 --dry-run   # no training: the harness only
    python bench/rl_train.py --task heirs-solo --minutes 4 --obs-size 512   # hashed, not designed

``--dry-run`` needs neither sb3-contrib nor torch: it runs the environments, the evaluation and the
random and heuristic baselines, so the harness itself can be checked anywhere.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from questbox.adapters.gymnasium import QuestboxEnv, make
from questbox.core import derive_seed, make_agent

#: task -> (game, setup, opponents, env options)
TASKS: dict[str, tuple[str, dict[str, Any], str, dict[str, Any]]] = {
    "heirs-solo": ("heirs", {"players": 1}, "random", {}),
    "hero-ik-easy": ("hero-ik", {"mode": "solitaire", "scenario": "easy"}, "random",
                     {"shaping": True, "auto_forced": True}),
    "heroica": ("heroica", {"players": 2}, "random", {"auto_forced": True}),
}
Policy = Callable[[QuestboxEnv, dict[str, Any]], int]


def build(task: str, **extra: Any) -> QuestboxEnv:
    gid, setup, opponents, options = TASKS[task]
    return make(gid, setup=setup, opponents=opponents, **{**options, **extra})


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


def win_rate(env: QuestboxEnv, policy: Policy, seeds: list[int]) -> float:
    """The learning seat's share of wins over the games of ``seeds`` (shaping does not count)."""
    wins = 0
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, term, trunc, info = env.step(policy(env, obs))
            done = term or trunc
        wins += int(env.seat in info.get("outcome", {}).get("winners", []))
    return wins / len(seeds)


def train(task: str, args: argparse.Namespace, seeds: list[int]) -> dict[str, Any]:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    env = build(task, obs_size=args.obs_size)
    probe = build(task, obs_size=args.obs_size)
    curve: list[tuple[int, float, float]] = []
    started = time.perf_counter()

    def trained_policy(model: Any) -> Policy:
        def act(e: QuestboxEnv, obs: dict[str, Any]) -> int:
            action, _ = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
            return int(action)
        return act

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % args.every == 0:
                rate = win_rate(probe, trained_policy(self.model), seeds)
                elapsed = time.perf_counter() - started
                curve.append((self.num_timesteps, elapsed, rate))
                print(f"  {task}: {self.num_timesteps:>8} steps  {elapsed:7.0f} s  win rate {rate:.3f}",
                      flush=True)
            return args.minutes is None or time.perf_counter() - started < args.minutes * 60

    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, verbose=0, n_steps=min(2048, args.steps))
    model.learn(total_timesteps=args.steps, callback=Curve())
    return {"curve": curve, "trained": win_rate(probe, trained_policy(model), seeds),
            "steps": int(model.num_timesteps), "seconds": time.perf_counter() - started}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--task", default="all", help=f"one of {', '.join(TASKS)}, or all")
    ap.add_argument("--steps", type=int, default=10_000_000, help="training steps (at most)")
    ap.add_argument("--minutes", type=float, default=None, help="training time per task (at most)")
    ap.add_argument("--every", type=int, default=20_000, help="steps between points of the curve")
    ap.add_argument("--eval", type=int, default=200, help="evaluation games (fixed seeds)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dry-run", action="store_true", help="no training: baselines and harness only")
    ap.add_argument("--json", default=None, help="also write the results here")
    ap.add_argument("--obs-size", type=int, default=None,
                    help="observe by feature hashing in this many slots (default: the game's designed tensor)")
    args = ap.parse_args()

    tasks = list(TASKS) if args.task == "all" else [args.task]
    seeds = [derive_seed(10_000 + args.seed, "eval", k) for k in range(args.eval)]
    results: dict[str, Any] = {}
    print("| task | random | heuristic | trained | steps | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    for task in tasks:
        env = build(task)
        row: dict[str, Any] = {"random": win_rate(env, random_policy(args.seed), seeds),
                               "heuristic": win_rate(env, heuristic_policy(env, args.seed), seeds)}
        if not args.dry_run:
            row.update(train(task, args, seeds))
        else:  # the harness: a few hundred steps of the training loop's environment, masked random
            env = build(task, obs_size=args.obs_size)
            obs, _ = env.reset(seed=args.seed)
            act = random_policy(args.seed)
            for _ in range(args.steps):
                obs, _, term, trunc, _ = env.step(act(env, obs))
                if term or trunc:
                    obs, _ = env.reset()
        results[task] = row
        trained = f"{row['trained']:.3f}" if "trained" in row else "-"
        print(f"| {task} | {row['random']:.3f} | {row['heuristic']:.3f} | {trained} "
              f"| {row.get('steps', '-')} | {row.get('seconds', 0):.0f} |", flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2)


if __name__ == "__main__":
    main()
