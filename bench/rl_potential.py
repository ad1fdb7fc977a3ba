"""Fits Hero: Immortal King solitaire's shaping potential (``hero_ik.observe.SOLO_WEIGHTS``).

A logistic regression of the solitaire game's result on :func:`questbox.games.hero_ik.observe.solo_features`
over the positions (decisions with more than one legal action) of games between the heuristic bot
mixed with ``eps`` random play (0-100 %), on every scenario; fitted on even seeds, scored (log loss)
on odd seeds beside the duel-fitted ``Game.evaluate`` and a constant. A benchmark, not a test.

    python bench/rl_potential.py [--games 120]
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from questbox.core import Rng, get_game, make_agent
from questbox.games.hero_ik import bots
from questbox.games.hero_ik.observe import SOLO_BIAS, SOLO_WEIGHTS, solo_features
from questbox.games.hero_ik.setup import ADV
from questbox.games.hero_ik.state import HikState

EPS = (0.0, 0.15, 0.3, 0.5, 0.75, 1.0)


def positions(games: int) -> tuple[list[dict[str, float]], list[float], list[float], list[int]]:
    game = get_game("hero-ik")
    feats: list[dict[str, float]] = []
    won: list[float] = []
    old: list[float] = []
    split: list[int] = []
    for scenario in ("easy", "medium", "hard"):
        for e, eps in enumerate(EPS):
            for i in range(games):
                seed = 100_000 * e + i
                s = game.new({"mode": "solitaire", "scenario": scenario}, seed=seed)
                assert isinstance(s, HikState)
                bot = make_agent("heuristic", game, seed)
                pick = Rng(seed + 7)
                rows: list[tuple[dict[str, float], float]] = []
                while not s.is_over():
                    seat = s.to_move()[0]
                    legal = s.legal_actions(seat)
                    if len(legal) > 1:
                        rows.append((solo_features(s), bots.evaluate(s)))
                    random_move = pick.below(1000) < eps * 1000
                    s.apply(seat, legal[pick.below(len(legal))] if random_move else bot.act(s, seat))
                out = s.outcome()
                result = float(out is not None and ADV in out.winners)
                for f, o in rows:
                    feats.append(f)
                    won.append(result)
                    old.append(o)
                    split.append(i % 2)
    return feats, won, old, split


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=120, help="games per scenario and share of random play")
    args = ap.parse_args()
    feats, won, old, split = positions(args.games)
    names = sorted(feats[0])
    a = np.array([[f[n] for n in names] for f in feats])
    y = np.array(won)
    test = np.array(split) == 1
    mu, sd = a[~test].mean(0), a[~test].std(0) + 1e-9
    z = np.c_[np.ones(len(a)), (a - mu) / sd]
    w = np.zeros(z.shape[1])
    for _ in range(50):  # Newton's method (IRLS), a little L2
        p = 1 / (1 + np.exp(-z[~test] @ w))
        hess = z[~test].T @ (z[~test] * (p * (1 - p))[:, None]) + 1e-3 * np.eye(len(w))
        w -= np.linalg.solve(hess, z[~test].T @ (p - y[~test]) + 1e-3 * w)
    raw = w[1:] / sd
    bias = w[0] - float(raw @ mu)
    fitted = 1 / (1 + np.exp(-z[test] @ w))
    current = np.array([1 / (1 + math.exp(-(SOLO_BIAS + sum(SOLO_WEIGHTS.get(n, 0.0) * f[n] for n in names))))
                        for f, t in zip(feats, test, strict=True) if t])
    print(f"{len(a):,} positions ({int(test.sum()):,} held out); won {y.mean():.3f}")
    print(f"log loss on held-out: fitted {log_loss(fitted, y[test]):.3f}, "
          f"SOLO_WEIGHTS {log_loss(current, y[test]):.3f}, "
          f"Game.evaluate (duel fit) {log_loss(np.array(old)[test], y[test]):.3f}, "
          f"constant {log_loss(np.full(int(test.sum()), y[~test].mean()), y[test]):.3f}")
    print(f"SOLO_BIAS = {bias:.3f}")
    print("SOLO_WEIGHTS = {" + ", ".join(f'"{n}": {v:.3f}' for n, v in zip(names, raw, strict=True)) + "}")


if __name__ == "__main__":
    main()
