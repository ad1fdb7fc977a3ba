"""A strength ladder: head-to-head win rates of random, heuristic and ISMCTS at two budgets.

For each game (2-seat setups), every pairing of the ladder's agents plays ``--games`` games with
the seats swapped every other game; the table gives the first agent's win rate with its Wilson
95 % interval (games nobody wins count as losses for both).

    python bench/strength.py [--games 500] [--budgets 50,400] [--only heirs] [--jobs 2]
        [--ismcts rollout=heuristic,eps=0.1,depth=40] [--pairs 1-3,2-3] [--out DIR]

``--ismcts`` adds parameters to both ISMCTS specs (e.g. a rollout policy); ``--pairs`` plays only
the named pairings, by index in the ladder (0 random, 1 heuristic, 2 the small budget, 3 the large
one, for a game with a heuristic). ``--out DIR`` streams each pairing's games to a CSV file in
DIR (named by game, agents and seed) through the simulator's store: an interrupted ladder run again
with the same arguments plays only the games it lacks, and a pairing already complete is only
counted (its "seconds" is then the time this run spent on it).
"""

from __future__ import annotations

import argparse
import itertools
import re
import time
from pathlib import Path

from questbox.core import games
from questbox.core.agent import split_specs
from questbox.sim import SimConfig, run
from questbox.sim.stats import wilson
from questbox.sim.store import RowStore


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


def data_file(gid: str, a: str, b: str, seed: int) -> str:
    """The CSV file of one pairing in ``--out``: ``heirs--heuristic--ismcts_iters_200_rollout_simple--s1.csv``."""
    def clean(spec: str) -> str:
        return re.sub(r"[^A-Za-z0-9.]+", "_", spec)
    return f"{gid}--{clean(a)}--{clean(b)}--s{seed}.csv"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--budgets", default="50,400")
    ap.add_argument("--only", default="", help="comma-separated game ids")
    ap.add_argument("--jobs", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ismcts", default="", help="extra ISMCTS parameters, e.g. rollout=heuristic,eps=0.1")
    ap.add_argument("--pairs", default="", help="only these pairings, by ladder index: 1-3,2-3")
    ap.add_argument("--out", default="", help="a folder: stream each pairing's games there (resumable)")
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
            store = RowStore(Path(args.out) / data_file(gid, a, b, args.seed), cfg) if args.out else None
            done = store.done() if store else set()
            rows = [r for r in store.existing if r["game"] < args.games] if store else []
            todo = [i for i in range(args.games) if i not in done]
            finished = False
            try:
                for row in run(cfg, todo=todo, jobs=args.jobs or None):
                    if store:
                        store.write(row)
                    rows.append(row)
                finished = True
            finally:
                if store:
                    store.close(finished)
            for row in rows:
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
