"""Profile Descent random playouts: where the engine spends its calls per decision.

Plays ``--games`` seeded random games (``game.new`` / ``legal_actions`` / ``apply``, as
``bench/playouts.py`` does) under :mod:`cProfile` after a few untimed ones (so that data files
and the geometry caches are loaded), then prints the Python function calls per decision and the
functions with the most own time, each with its calls per decision and microseconds per call.
``--src`` profiles another checkout's sources (its ``src``, e.g. the engine before a change) in a
fresh process, the same games, so the two tables compare line by line.

    QUESTBOX_PURE=1 PYTHONPATH=src python bench/profile_descent.py [--games 30] [--seats 2] [--top 30]
    QUESTBOX_PURE=1 PYTHONPATH=src python bench/profile_descent.py --src ../old/src
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys


def play(games: int, seats: int, first: int) -> int:
    """Play ``games`` random games from seed ``first``; the decisions made."""
    from playouts import play_random  # (bench/, this script's folder, is on sys.path)
    from questbox.core import Rng
    from questbox.core import games as registry

    game = registry()["descent"]
    setup = game.setup_for_seats(seats)
    rng = Rng(first)
    return sum(play_random(game.new(setup, seed=g), rng) for g in range(first, first + games))


def profile(games: int, seats: int, top: int, sort: str) -> None:
    play(3, seats, 1 << 29)        # untimed warm-up: imports, data files, caches
    prof = cProfile.Profile()
    prof.enable()
    decisions = play(games, seats, 1)
    prof.disable()
    stats = pstats.Stats(prof)
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, object]] = stats.stats  # type: ignore[attr-defined]
    calls = sum(v[1] for v in raw.values())
    total = sum(v[2] for v in raw.values())
    print(f"{decisions} decisions in {games} games ({seats} seats); {calls / decisions:.1f} calls and "
          f"{1e6 * total / decisions:.1f} µs own time per decision (profiled)")
    col = 2 if sort == "tottime" else 3
    rows = sorted(raw.items(), key=lambda kv: -kv[1][col])[:top]
    print(f"{'calls/dec':>9} {'own µs/call':>11} {'cum µs/call':>11} {'own % ':>6}  function")
    for (path, line, fn), (_, nc, tt, ct, _) in rows:
        where = f"{os.path.basename(path)}:{line}({fn})" if line else fn
        print(f"{nc / decisions:9.2f} {1e6 * tt / nc:11.2f} {1e6 * ct / nc:11.2f} {100 * tt / total:5.1f}%  {where}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--sort", choices=["tottime", "cumulative"], default="tottime")
    ap.add_argument("--src", help="profile the sources under this folder instead (a fresh process)")
    args = ap.parse_args()
    if args.src:
        env = {**os.environ, "PYTHONPATH": args.src}
        cmd = [sys.executable, __file__, "--games", str(args.games), "--seats", str(args.seats),
               "--top", str(args.top), "--sort", args.sort]
        raise SystemExit(subprocess.call(cmd, env=env))
    profile(args.games, args.seats, args.top, args.sort)


if __name__ == "__main__":
    main()
