"""Simulator scaling: games/s with 1 and with 2 worker processes, measured in the same run.

    python bench/scaling.py [--game heirs] [--games 400] [--seats random,random]
"""

from __future__ import annotations

import argparse
import statistics
import time

from questbox.sim import SimConfig, run


def rate(cfg: SimConfig, jobs: int) -> float:
    t0 = time.perf_counter()
    n = sum(1 for _ in run(cfg, jobs=jobs, chunk=8))
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="heirs")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seats", default="random,random")
    args = ap.parse_args()
    cfg = SimConfig(args.game, tuple(args.seats.split(",")), args.games, seed=5)
    warm = SimConfig(cfg.game, cfg.seats, 20, seed=99)
    rate(warm, 1)  # warm up this process (jobs=1 plays here: imports, data, caches) ...
    rate(warm, 2)  # ... and the pool's imports
    # the median of three alternating runs each, so load changes hit both sides alike
    ones, twos = [], []
    for _ in range(3):
        ones.append(rate(cfg, 1))
        twos.append(rate(cfg, 2))
    one, two = statistics.median(ones), statistics.median(twos)
    print(f"{args.game} {args.seats}: 1 process {one:,.1f} games/s, 2 processes {two:,.1f} games/s, "
          f"scaling {two / one:.2f}x")


if __name__ == "__main__":
    main()
