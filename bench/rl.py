"""Steps per second of the RL adapters, against PettingZoo's ``tictactoe_v3`` in the same run.

For each configuration: the bare engine (``legal_actions`` + ``apply``), the Gymnasium env
(``step``, the other seats played by ``random``), the PettingZoo AEC env (``last`` + ``step``) and the
OpenSpiel game (``legal_actions`` + ``apply_action``), each driven by masked uniform random actions
for about ``--seconds``; every rate is printed as a ratio against ``tictactoe_v3`` (``last`` +
``step``, masked random), measured again just before each row (the machine is shared: a baseline
taken once drifts with the load), and Gymnasium's ``CartPole-v1``. The goal of issue #21: every
adapter's ratio to ``tictactoe_v3`` at least 1.

    python bench/rl.py [--seconds 2] [--only heirs] [--json out.json] [--compare OTHER/src] [--cpu]

``--compare`` measures every row a second time with the sources of another checkout (its ``src``
folder on ``PYTHONPATH``, in a child process, just after this tree's row, so both meet about the
same load) and prints the ratios of this tree to it: before and after a change in one run.
``--cpu`` measures CPU time (``time.process_time``) instead of wall time, for every row and the
baselines alike, so the ratios are less distorted by the load of a shared machine.

``tictactoe_v3`` imports pygame for its drawing only; where pygame is missing an empty module
stands in for it (nothing is drawn here).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import types
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from questbox.core import JSON, Game, Rng, get_game

#: the clock every rate is measured with: wall time, or with ``--cpu`` this process's CPU time (on a
#: shared machine the other jobs' load then stretches it less; tictactoe_v3 is timed the same way)
_clock: Callable[[], float] = time.perf_counter

#: (label, game id, setup) measured by default
CONFIGS: list[tuple[str, str, JSON]] = [
    ("heirs 2p", "heirs", {"players": 2}),
    ("heirs solo", "heirs", {"players": 1}),
    ("hero-ik duel", "hero-ik", {}),
    ("hero-ik solitaire easy", "hero-ik", {"mode": "solitaire", "scenario": "easy"}),
    ("heroica 2p", "heroica", {"players": 2}),
    ("descent", "descent", {}),
]


def _timed(run: Callable[[float], int], seconds: float) -> float:
    """Steps per second of ``run(deadline) -> steps``."""
    start = _clock()
    steps = run(start + seconds)
    return steps / (_clock() - start)


def tictactoe(seconds: float) -> float:
    try:
        import pygame  # noqa: F401
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    from pettingzoo.classic import tictactoe_v3

    env = tictactoe_v3.env()
    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps = 0
        seed = 0
        while _clock() < deadline:
            env.reset(seed=seed)
            seed += 1
            for agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
                del agent
        return steps

    return _timed(run, seconds)


def cartpole(seconds: float) -> float:
    import gymnasium

    env = gymnasium.make("CartPole-v1")

    def run(deadline: float) -> int:
        steps = 0
        env.reset(seed=0)
        while _clock() < deadline:
            _, _, term, trunc, _ = env.step(steps % 2)
            steps += 1
            if term or trunc:
                env.reset()
        return steps

    return _timed(run, seconds)


def engine(game: Game, setup: JSON, seconds: float) -> float:
    rng = Rng(0)

    def run(deadline: float) -> int:
        steps = 0
        seed = 0
        while _clock() < deadline:
            state = game.new(setup, seed=seed)
            seed += 1
            while not state.is_over() and _clock() < deadline:
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.below(len(legal))])
                steps += 1
        return steps

    return _timed(run, seconds)


def gym_env(game: Game, setup: JSON, seconds: float) -> float:
    from questbox.adapters.gymnasium import make

    env = make(game, setup=setup, opponents="random")
    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps = 0
        obs, _ = env.reset(seed=0)
        while _clock() < deadline:
            obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if term or trunc:
                obs, _ = env.reset(seed=steps)
        return steps

    return _timed(run, seconds)


def pz_env(game: Game, setup: JSON, seconds: float) -> float:
    from questbox.adapters.pettingzoo import env as make_env

    env = make_env(game, setup)
    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps = 0
        seed = 0
        while _clock() < deadline:
            env.reset(seed=seed)
            seed += 1
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
                if _clock() >= deadline:
                    break
        return steps

    return _timed(run, seconds)


def spiel(game: Game, setup: JSON, seconds: float) -> float:
    from questbox.adapters import openspiel

    rng = np.random.default_rng(0)

    def run(deadline: float) -> int:
        steps = 0
        sg = openspiel.load(game, setup=json.dumps(setup))
        while _clock() < deadline:
            state = sg.new_initial_state()
            while not state.is_terminal() and _clock() < deadline:
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probs)))
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
                steps += 1
            sg = openspiel.load(game, setup=json.dumps(setup), seed=steps)
        return steps

    return _timed(run, seconds)


def measure(label: str, gid: str, setup: JSON, seconds: float) -> dict[str, float]:
    game = get_game(gid)
    ttt = tictactoe(seconds)
    return {"tictactoe_v3": ttt, "engine": engine(game, setup, seconds),
            "gymnasium": gym_env(game, setup, seconds), "pettingzoo": pz_env(game, setup, seconds),
            "openspiel": spiel(game, setup, seconds)}


def measure_with(src: str, label: str, seconds: float) -> dict[str, float]:
    """One row measured by a child process with ``src`` first on its path."""
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([src, *filter(None, [os.environ.get("PYTHONPATH")])]))
    cpu = ["--cpu"] if _clock is time.process_time else []
    done = subprocess.run([sys.executable, __file__, "--row", label, "--seconds", str(seconds), *cpu], env=env,
                          check=True, capture_output=True, text=True)
    row: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def _line(label: str, row: dict[str, float]) -> str:
    ttt = row["tictactoe_v3"]
    return (f"| {label} | {ttt:,.0f} | {row['engine']:,.0f} | {row['gymnasium']:,.0f} | {row['gymnasium'] / ttt:.2f} "
            f"| {row['pettingzoo']:,.0f} | {row['pettingzoo'] / ttt:.2f} "
            f"| {row['openspiel']:,.0f} | {row['openspiel'] / ttt:.2f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--only", default="", help="labels or game ids to measure (comma-separated)")
    ap.add_argument("--json", default=None, help="also write the results here")
    ap.add_argument("--compare", default=None, metavar="SRC",
                    help="also measure each row with the sources in SRC (another checkout's src folder)")
    ap.add_argument("--cpu", action="store_true", help="time with this process's CPU time, not wall time")
    ap.add_argument("--row", default=None, help=argparse.SUPPRESS)  # a child of --compare: one row as JSON
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    if args.cpu:
        global _clock
        _clock = time.process_time
    if args.row is not None:
        label, gid, setup = next(c for c in CONFIGS if c[0] == args.row)
        print(json.dumps(measure(label, gid, setup, args.seconds)))
        return

    ttt = tictactoe(args.seconds)
    cart = cartpole(args.seconds)
    print(f"PettingZoo tictactoe_v3: {ttt:,.0f} steps/s; Gymnasium CartPole-v1: {cart:,.0f} steps/s\n")
    print("| configuration | ttt | engine | gymnasium | × ttt | pettingzoo | × ttt | openspiel | × ttt |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    wanted = {w for w in args.only.split(",") if w}
    result: dict[str, Any] = {"tictactoe_v3": ttt, "cartpole": cart, "configs": {},
                              "clock": "process_time" if args.cpu else "perf_counter", "argv": sys.argv[1:]}
    ratios: list[str] = []
    for label, gid, setup in CONFIGS:
        if wanted and label not in wanted and gid not in wanted:
            continue
        row = measure(label, gid, setup, args.seconds)
        result["configs"][label] = row
        print(_line(label, row), flush=True)
        if args.compare:
            other = measure_with(args.compare, label, args.seconds)
            result.setdefault("compare", {})[label] = other
            print(_line(f"{label} ({args.compare})", other), flush=True)
            # each side's rate relative to its own tictactoe_v3, so the load between them cancels
            rel = {k: (row[k] / row["tictactoe_v3"]) / (other[k] / other["tictactoe_v3"])
                   for k in ("engine", "gymnasium", "pettingzoo", "openspiel")}
            ratios.append(f"| {label} | " + " | ".join(f"{v:.2f}" for v in rel.values()) + " |")
    if ratios:
        print(f"\nthis tree / {args.compare} (each × its own tictactoe_v3):\n")
        print("| configuration | engine | gymnasium | pettingzoo | openspiel |")
        print("|---|---:|---:|---:|---:|")
        print("\n".join(ratios))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
