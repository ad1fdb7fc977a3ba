"""A strength ladder: head-to-head win rates of random, heuristic and ISMCTS at two budgets.

For each game (2-seat setups), every pairing of the ladder's agents plays ``--games`` games with
the seats swapped every other game; the table gives the first agent's win rate with its Wilson
95 % interval (games nobody wins count as losses for both).

    python bench/strength.py [--games 500] [--budgets 50,400] [--only heirs] [--jobs 2]
        [--ismcts rollout=heuristic,eps=0.1,depth=40] [--pairs 1-3,2-3]

``--ismcts`` adds parameters to both ISMCTS specs (e.g. a rollout policy); ``--pairs`` plays only
the named pairings, by index in the ladder (0 random, 1 heuristic, 2 the small budget, 3 the large
one, for a game with a heuristic).
"""

from __future__ import annotations

import argparse
import itertools
import time

from questbox.core import games
from questbox.core.agent import split_specs
from questbox.sim import SimConfig, run
from questbox.sim.stats import wilson


def ladder(gid: str, budgets: list[int], extra: str = "") -> list[str]:
    game = games()[gid]
    agents = ["random"]
    if "heuristic" in game.agents():
        agents.append("heuristic")
    agents += [f"ismcts:iters={b}" + (f",{extra}" if extra else "") for b in budgets]
    return agents


def pairings(agents: list[str], pairs: str) -> list[tuple[str, str]]:
    if not pairs:
        return list(itertools.combinations(agents, 2))
    out = []
    for p in pairs.split(","):
        i, _, j = p.partition("-")
        out.append((agents[int(i)], agents[int(j)]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--budgets", default="50,400")
    ap.add_argument("--only", default="", help="comma-separated game ids")
    ap.add_argument("--jobs", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ismcts", default="", help="extra ISMCTS parameters, e.g. rollout=heuristic,eps=0.1")
    ap.add_argument("--pairs", default="", help="only these pairings, by ladder index: 1-3,2-3")
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    chosen = [g for g in args.only.split(",") if g] or list(games())
    print("| game | agent A | agent B | games | A wins | A win rate | 95 % interval | B wins | nobody | s |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for gid in chosen:
        if 2 not in games()[gid].seat_counts:
            continue
        for a, b in pairings(ladder(gid, budgets, args.ismcts), args.pairs):
            t0 = time.perf_counter()
            cfg = SimConfig(gid, (a, b), args.games, seed=args.seed, rotate=True)
            n = nobody = 0
            wins = {a: 0, b: 0}
            for row in run(cfg, jobs=args.jobs or None):
                # rows join the seats' specs with commas; split_specs keeps each spec's parameters
                # together (Summary splits on every comma, which breaks specs with two parameters)
                specs = split_specs(row["agents"])
                seats = row["seats"].split(",")
                winners = [w for w in row["winners"].split(",") if w]
                n += 1
                nobody += not winners
                for w in winners:
                    wins[specs[seats.index(w)]] += 1
            lo, hi = wilson(wins[a], n)
            print(f"| {gid} | {a} | {b} | {n} | {wins[a]} | {wins[a] / max(1, n):.1%} | "
                  f"{lo:.1%}–{hi:.1%} | {wins[b]} | {nobody} | "
                  f"{time.perf_counter() - t0:.0f} |", flush=True)


if __name__ == "__main__":
    main()
