"""Bot-game speed of every registered game, against OpenSpiel's python_tic_tac_toe, and the atlas's
own time (issue #20 item 5).

For each game and seat count: heuristic-vs-heuristic games/s and decisions/s (the simulator's own
``play_one``, one process), ISMCTS iterations/s on mid-game states, and the wall time of a small
hero-ik solitaire atlas (``questbox atlas``'s code path, ``--jobs`` processes) with the time the
whole solitaire atlas would take at that rate. OpenSpiel's Python tic-tac-toe is measured in the
same run with random playouts (as ``bench/playouts.py`` and ``shared/bench/openspiel_baseline.py``
do), and rates are printed as ratios against its decisions/s. Figures are medians of ``--runs``
runs of ``--seconds``. A measurement, never a test: run it on an idle machine and note the load.

``--compare pure`` also measures the heuristic games of the same games on the reference engine
(the ``.py`` sources, ``QUESTBOX_PURE=1``), ``--compare SRC`` on another checkout's sources (its
``src`` directory: the code before a change), each in a subprocess, and prints the ratios;
runs alternate between the engines (in turn, the order reversed every other run) so that a
change of the machine's load hits both alike, and
every run (this engine's too) is a fresh process, so that none inherits another's heap. With
``--atlas-parties`` it times the small atlas on each engine the same way.

    python bench/bots.py [--seconds 3] [--runs 3] [--games heirs,hero-ik] [--atlas-parties 20]
                         [--atlas-games 20] [--jobs 2] [--iters 100] [--compare pure,../old/src]
                         [--cpu] [--heuristic-only] [--json out.json]

``--cpu`` times the heuristic games by CPU time (on a shared machine the wall clock mostly measures
the others' load); ``--heuristic-only`` skips the baseline, ISMCTS and the atlas.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import median, mid_game_states, openspiel_ttt
from questbox.core import Game, games
from questbox.core.agent import make_agent
from questbox.sim.runner import SimConfig, play_one

#: issue #20's figures (``questbox simulate GAME --seats heuristic,... --jobs 2``, games/s of the wall
#: clock with 2 processes on the 2-core machine, the code of :data:`ISSUE_COMMIT`): game, seats, games/s
ISSUE_SETUPS: tuple[tuple[str, int, float], ...] = (
    ("heirs", 2, 3.1), ("descent", 2, 22.0), ("hero-ik", 2, 36.0), ("hero-ik", 1, 70.0), ("heroica", 3, 100.0))
#: the commit main was at when issue #20 was filed (the last of the session before the issue's first
#: commits): the baseline of its "10x"
ISSUE_COMMIT = "9e02027"


def heuristic_for(game: Game, n: int, seconds: float, seed: int, cpu: bool = False) -> dict[str, float]:
    """Heuristic (else random) bots at every seat, games back to back for about ``seconds`` (of the
    process's CPU time with ``cpu``, which other processes on a loaded machine hardly change; else
    of wall-clock time)."""
    spec = "heuristic" if "heuristic" in game.agents() else "random"
    cfg = SimConfig(game.id, (spec,) * n, 1 << 30, seed)
    for i in range(3):                          # untimed: imports, data files and caches load here
        play_one(cfg, (1 << 29) + i)
    clock = time.process_time if cpu else time.perf_counter
    decisions = done = 0
    start = clock()
    while True:
        row = play_one(cfg, done)
        decisions += int(row["length"])
        done += 1
        if clock() - start >= seconds:
            break
    elapsed = clock() - start
    return {"games_per_s": done / elapsed, "decisions_per_s": decisions / elapsed,
            "decisions_per_game": decisions / done}


def ismcts_for(game: Game, n: int, seconds: float, iters: int, cpu: bool = False) -> float:
    """ISMCTS iterations/s over mid-game states (``iters`` a decision; by CPU time with ``cpu``)."""
    states = [s for s in mid_game_states(game, n, count=8) if not s.is_over()]
    agent = make_agent(f"ismcts:iters={iters}", game, 7)
    agent.act(states[0], states[0].to_move()[0])  # untimed: caches
    clock = time.process_time if cpu else time.perf_counter
    calls = 0
    start = clock()
    while clock() - start < seconds:
        s = states[calls % len(states)]
        agent.act(s, s.to_move()[0])
        calls += 1
    return calls * iters / (clock() - start)


def atlas_parties(values: tuple[str, ...], parties: int) -> tuple[str, ...]:
    """``parties`` of the atlas's parties, evenly spread over its list (which runs from one adventurer
    and four equipment cards to four adventurers and one card), so that the sample's games are as
    long as the whole atlas's on average."""
    if parties >= len(values):
        return values
    return tuple(values[(k * len(values)) // parties] for k in range(parties))


def atlas_time(parties: int, games_per_cell: int, jobs: int) -> dict[str, float]:
    """Wall time of a hero-ik solitaire atlas of ``parties`` parties (:func:`atlas_parties`) x 3
    scenarios; the whole atlas's time is extrapolated at the same games/s."""
    from questbox.sim.atlas import AtlasConfig, run_atlas  # here: a checkout before the atlas has none

    space = games()["hero-ik"].setup_space()
    assert space is not None
    chosen = atlas_parties(space.axis("party").values, parties)
    cfg = AtlasConfig("hero-ik", ("heuristic",), games_per_cell, 0, (("party", chosen),))
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        _, res = run_atlas(cfg, Path(tmp), jobs=jobs)
        wall = time.perf_counter() - t0
    played = sum(r.games for r in res)
    full = len(space.select())
    rate = played / wall
    return {"cells": len(res), "games": played, "wall_s": wall, "games_per_s": rate,
            "full_solitaire_cells": full, "full_1000_estimate_s": full * 1000 / rate}


def engine_env(engine: str) -> dict[str, str]:
    """The environment of a subprocess that runs ``engine``: ``this``, ``pure`` (this checkout's
    sources as Python), a checkout's ``src`` (compiled where it was built) or ``pure:SRC`` (that
    checkout's sources as Python)."""
    env = dict(os.environ)
    if engine.startswith("pure"):
        env["QUESTBOX_PURE"] = "1"
        engine = engine[5:] or "this"
    if engine != "this":
        env["PYTHONPATH"] = str(Path(engine).resolve())
    return env


def heuristic_in(engine: str, gid: str, n: int, seconds: float, seed: int, cpu: bool = False) -> dict[str, float]:
    """:func:`heuristic_for` in a subprocess on another engine (see ``--compare``)."""
    code = ("import json, sys; sys.path.insert(0, 'bench'); from bots import heuristic_for; "
            "from questbox.core import games; "
            f"print(json.dumps(heuristic_for(games()[{gid!r}], {n}, {seconds}, {seed}, {cpu})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent,
                          env=engine_env(engine), capture_output=True, text=True, check=True)
    row: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def ismcts_in(engine: str, gid: str, n: int, seconds: float, iters: int, cpu: bool = False) -> float:
    """:func:`ismcts_for` in a subprocess on another engine (see ``--compare``)."""
    code = ("import json, sys; sys.path.insert(0, 'bench'); from bots import ismcts_for; "
            "from questbox.core import games; "
            f"print(json.dumps(ismcts_for(games()[{gid!r}], {n}, {seconds}, {iters}, {cpu})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent,
                          env=engine_env(engine), capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def atlas_in(engine: str, parties: int, games_per_cell: int, jobs: int) -> dict[str, float]:
    """:func:`atlas_time` in a subprocess on another engine (see ``--compare``)."""
    code = ("import json, sys; sys.path.insert(0, 'bench'); from bots import atlas_time; "
            f"print(json.dumps(atlas_time({parties}, {games_per_cell}, {jobs})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent,
                          env=engine_env(engine), capture_output=True, text=True, check=True)
    row: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def compare_atlas(engines: list[str], parties: int, games_per_cell: int, jobs: int, runs: int) -> dict[str, Any]:
    """The small atlas's wall time on this engine and on each of ``engines``, run after run in turn."""
    walls: dict[str, list[float]] = {e: [] for e in ["this", *engines]}
    for r in range(runs):
        for e in (list(walls) if r % 2 == 0 else list(reversed(walls))):
            walls[e].append(atlas_in(e, parties, games_per_cell, jobs)["wall_s"])
    out = {e: statistics.median(w) for e, w in walls.items()}
    print()
    print(f"| hero-ik atlas, {parties} parties x 3 x {games_per_cell} games, --jobs {jobs} | wall s "
          "(median) | this engine × |")
    print("|---|---:|---:|")
    for e, wall in out.items():
        print(f"| {e} | {wall:.1f} | {wall / out['this']:.2f} |", flush=True)
    return out


def _ratio(rates: dict[str, dict[str, float]], e: str, against: str, key: str) -> float:
    """Engine ``e``'s rate over ``against``'s, or (no ``against``) this engine's over ``e``'s."""
    if against:
        return rates[e][key] / rates[against][key]
    return rates["this"][key] / rates[e][key]


def compare(engines: list[str], chosen: list[str], seconds: float, runs: int, cpu: bool = False,
            setups: list[tuple[str, int]] | None = None, against: str = "", iters: int = 0) -> dict[str, Any]:
    """Heuristic games/s of this engine and of each of ``engines``, run after run in turn, for every
    seat count of the ``chosen`` games (or the ``setups``: game and seats); with ``iters`` also the
    ISMCTS iterations/s on the same engines. The ratio column is this engine's rate over each
    engine's, or with ``against`` each engine's rate over that engine's (the baseline's)."""
    out: dict[str, Any] = {}
    issue = {(g, n): rate for g, n, rate in ISSUE_SETUPS}
    todo = setups if setups is not None else [(g, n) for g in chosen for n in games()[g].seat_counts]
    names = ["this", *[e for e in engines if e != "this"]]
    head = f"× {against}" if against else "this engine ×"
    print()
    print(f"| game | seats | engine | heuristic games/s | decisions/s | {head} | issue #20's games/s "
          f"(--jobs 2) |" + (f" ISMCTS iters/s | {head} |" if iters else ""))
    print("|---|---:|---|---:|---:|---:|---:|" + ("---:|---:|" if iters else ""))
    for gid, n in todo:
        rows: dict[str, list[dict[str, float]]] = {e: [] for e in names}
        for r in range(runs):
            seed = 2000 + 17 * r
            for e in (names if r % 2 == 0 else list(reversed(names))):
                row = heuristic_in(e, gid, n, seconds, seed, cpu)  # a fresh process each
                if iters:
                    row["ismcts_iters_per_s"] = ismcts_in(e, gid, n, seconds, iters, cpu)
                rows[e].append(row)
        rates = {e: median(v) for e, v in rows.items()}
        out[f"{gid}/{n}"] = rates
        ref = issue.get((gid, n))
        for e, rate in rates.items():
            line = (f"| {gid} | {n} | {e} | {rate['games_per_s']:,.1f} | {rate['decisions_per_s']:,.0f} "
                    f"| {_ratio(rates, e, against, 'games_per_s'):.2f} | {'' if ref is None else f'{ref:g}'} |")
            if iters:
                line += (f" {rate['ismcts_iters_per_s']:,.0f} "
                         f"| {_ratio(rates, e, against, 'ismcts_iters_per_s'):.2f} |")
            print(line, flush=True)
    return out


def paired(gid: str, a: str, b: str, n: int, pairs: int, seed: int = 0) -> dict[str, Any]:
    """``a`` against ``b`` on paired seeds: game seed ``i`` (``i < pairs``) is played once with ``a``
    at each seat and ``b`` at the others (the simulator's ``play_one``), so both meet the same deals
    from every seat. ``a``'s and ``b``'s win rates (wins over games) and ``a``'s share of the games
    one of them won, each with its Wilson 95 % interval."""
    from questbox.sim.stats import wilson

    wins = {a: 0, b: 0}
    games_ = 0
    for k in range(n):
        specs = tuple(a if j == k else b for j in range(n))
        cfg = SimConfig(gid, specs, pairs, seed)
        for i in range(pairs):
            row = play_one(cfg, i)
            won = set(row["winners"].split(",")) if row["winners"] else set()
            for seat, spec in zip(row["seats"].split(","), specs, strict=True):
                if seat in won:
                    wins[spec] += 1
            games_ += 1
    decisive = wins[a] + wins[b]
    return {"games": games_, "wins": wins, "a_rate": wins[a] / games_, "a_ci": wilson(wins[a], games_),
            "b_rate": wins[b] / games_, "b_ci": wilson(wins[b], games_),
            "a_share": wins[a] / max(1, decisive), "a_share_ci": wilson(wins[a], decisive)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", default="", help="comma-separated ids (default: all registered)")
    ap.add_argument("--iters", type=int, default=100, help="ISMCTS iterations a decision (0: skip ISMCTS)")
    ap.add_argument("--compare", default="", help="comma-separated engines to compare with: pure (the "
                    "sources, QUESTBOX_PURE=1) or the src directory of another checkout")
    ap.add_argument("--atlas-parties", type=int, default=20, help="hero-ik parties in the atlas timing (0: skip)")
    ap.add_argument("--atlas-games", type=int, default=20, help="games a cell in the atlas timing")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the atlas timing")
    ap.add_argument("--cpu", action="store_true", help="time the heuristic games by the process's CPU time "
                    "(a loaded machine changes it little) instead of the wall clock")
    ap.add_argument("--heuristic-only", action="store_true", help="only the heuristic games (no OpenSpiel "
                    "baseline, ISMCTS nor atlas): with --compare, the quick before/after of one game")
    ap.add_argument("--issue", action="store_true", help="with --heuristic-only: only issue #20's setups "
                    "(Heirs 2 players, Descent 2 seats, hero-ik duel and solitaire, Heroica 3 players), "
                    "their figures beside")
    ap.add_argument("--against", default="", help="with --heuristic-only: ratios against this engine of "
                    "--compare (say, the issue's commit: pure:BASE/src) instead of this engine over each")
    ap.add_argument("--paired", default="", help="A,B: bot spec A against bot spec B (as --seats writes "
                    "them) on paired seeds "
                    "(each seed played with A at every seat, B at the others) in the first of --games, "
                    "--pair-games seeds, --pair-seats seats; win rates with 95 %% intervals")
    ap.add_argument("--pair-games", type=int, default=200, help="with --paired: seeds (games = seeds x seats)")
    ap.add_argument("--pair-seats", type=int, default=2, help="with --paired: seats")
    ap.add_argument("--json", default=None, help="also write the results here")
    args = ap.parse_args()

    chosen = [g for g in args.games.split(",") if g] or list(games())
    if args.paired:
        from questbox.core.agent import split_specs

        a, b = split_specs(args.paired)
        t0 = time.process_time()
        res = paired(chosen[0], a, b, args.pair_seats, args.pair_games)
        lo, hi = res["a_ci"]
        blo, bhi = res["b_ci"]
        slo, shi = res["a_share_ci"]
        print(f"{chosen[0]}, {args.pair_seats} seats, {res['games']} games ({args.pair_games} paired seeds), "
              f"{time.process_time() - t0:.0f} CPU s: {a} won {res['wins'][a]} ({res['a_rate']:.1%}, "
              f"{lo:.1%}-{hi:.1%}), {b} won {res['wins'][b]} ({res['b_rate']:.1%}, {blo:.1%}-{bhi:.1%}); "
              f"{a}'s share of the games either won {res['a_share']:.1%} ({slo:.1%}-{shi:.1%})")
        if args.json:
            Path(args.json).write_text(json.dumps(res, indent=2))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    result: dict[str, Any] = {"machine": {"python": sys.version.split()[0], "platform": platform.platform(),
                                          "cpus": os.cpu_count(), "load_1min": load}, "games": {}}
    if args.heuristic_only:
        setups = [(g, n) for g, n, _ in ISSUE_SETUPS if g in chosen] if args.issue else None
        result["compare"] = compare(args.compare.split(",") if args.compare else [], chosen, args.seconds,
                                    args.runs, args.cpu, setups, args.against, args.iters if args.issue else 0)
        result["machine"]["load_1min_after"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"load average (1 min): {load:.2f} before, {result['machine']['load_1min_after']:.2f} after, "
              f"on {os.cpu_count()} cores; {'CPU' if args.cpu else 'wall-clock'} time")
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=2))
        return
    base_runs = [openspiel_ttt(args.seconds, 1000 + r) for r in range(args.runs)]
    base = median([b for b in base_runs if b]) if all(base_runs) else None
    result["openspiel_python_tic_tac_toe"] = base
    print(f"load average (1 min): {load:.2f} on {os.cpu_count()} cores")
    if base is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no baseline, no ratios")
    else:
        print(f"baseline python_tic_tac_toe (random): {base['decisions_per_s']:,.0f} decisions/s")
    print()
    print("| game | seats | heuristic games/s | decisions/s | × baseline | decisions/game | ISMCTS iters/s "
          "| × baseline |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for gid in chosen:
        game = games()[gid]
        for n in game.seat_counts:
            rate = median([heuristic_for(game, n, args.seconds, 2000 + 17 * r, args.cpu) for r in range(args.runs)])
            rate["ismcts_iters_per_s"] = statistics.median(
                ismcts_for(game, n, args.seconds, args.iters) for _ in range(args.runs)) if args.iters else 0.0
            b = base["decisions_per_s"] if base else float("nan")
            rate["ratio_decisions"] = rate["decisions_per_s"] / b
            rate["ratio_ismcts"] = rate["ismcts_iters_per_s"] / b
            result["games"][f"{gid}/{n}"] = rate
            print(f"| {gid} | {n} | {rate['games_per_s']:,.1f} | {rate['decisions_per_s']:,.0f} "
                  f"| {rate['ratio_decisions']:.3f} | {rate['decisions_per_game']:.1f} "
                  f"| {rate['ismcts_iters_per_s']:,.0f} | {rate['ratio_ismcts']:.3f} |", flush=True)
    if args.compare:
        result["compare"] = compare(args.compare.split(","), chosen, args.seconds, args.runs, args.cpu)
        result["machine"]["load_1min_after"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.atlas_parties:
        a = atlas_time(args.atlas_parties, args.atlas_games, args.jobs)
        result["atlas_hero_ik"] = a
        print()
        print(f"hero-ik solitaire atlas, {a['cells']:.0f} cells x {args.atlas_games} games, --jobs {args.jobs}: "
              f"{a['wall_s']:.1f} s ({a['games_per_s']:.1f} games/s); the whole solitaire atlas "
              f"({a['full_solitaire_cells']:.0f} cells) at 1,000 games a cell: about "
              f"{a['full_1000_estimate_s'] / 60:,.0f} min at this rate")
        if args.compare:
            result["compare_atlas"] = compare_atlas(args.compare.split(","), args.atlas_parties, args.atlas_games,
                                                    args.jobs, args.runs)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
