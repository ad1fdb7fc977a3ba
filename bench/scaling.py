"""Simulator scaling: games/s with 1 and with 2 worker processes, measured in the same run.

    python bench/scaling.py [--game heirs] [--seconds 6] [--seats random,random]

Each measured run plays enough games to last about ``--seconds`` in one process (calibrated on the
warm-up), because ``simulate`` is meant for long runs: a run of a fraction of a second would
mostly time the worker pool's start, which a run of a million games pays once. ``--games`` sets
the number instead.
"""

from __future__ import annotations

import argparse
import statistics
import time

from questbox.sim import SimConfig, run


def rate(cfg: SimConfig, jobs: int) -> float:
    t0 = time.perf_counter()
    n = sum(1 for _ in run(cfg, jobs=jobs))
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="heirs")
    ap.add_argument("--games", type=int, default=None, help="games per run (default: --seconds)")
    ap.add_argument("--seconds", type=float, default=6.0, help="target length of a 1-process run")
    ap.add_argument("--seats", default="random,random")
    args = ap.parse_args()
    seats = tuple(args.seats.split(","))
    warm = SimConfig(args.game, seats, 20, seed=99)
    first = rate(warm, 1)  # warm up this process (jobs=1 plays here: imports, data, caches) ...
    rate(warm, 2)  # ... and the pool's imports
    games = args.games or max(40, int(rate(SimConfig(args.game, seats, max(20, int(first)), seed=98), 1)
                                      * args.seconds))
    cfg = SimConfig(args.game, seats, games, seed=5)
    # the median of three alternating runs each, so load changes hit both sides alike
    ones, twos = [], []
    for _ in range(3):
        ones.append(rate(cfg, 1))
        twos.append(rate(cfg, 2))
    one, two = statistics.median(ones), statistics.median(twos)
    print(f"{args.game} {args.seats}, {games} games a run: 1 process {one:,.1f} games/s, "
          f"2 processes {two:,.1f} games/s, scaling {two / one:.2f}x")


if __name__ == "__main__":
    main()
