"""Random-playout speed of every registered game, against OpenSpiel's python_tic_tac_toe.

For each game and seat count: decisions/s (one ``legal_actions`` + one ``apply`` each, the way
a bot or the simulator drives a game), games/s, and the time of ``clone()`` on mid-game states.
OpenSpiel's Python tic-tac-toe is measured in the same run with the same loop (as in
``shared/bench/openspiel_baseline.py``), and every rate is printed as a ratio against it, so the
numbers compare across machines. Each figure is the median of ``--runs`` runs of ``--seconds``.

    python bench/playouts.py [--seconds 3] [--runs 3] [--games heirs] [--json out.json]
    python bench/playouts.py --games descent --compare ../old/src [--heuristic] [--runs 5]

``--compare SRC,...`` measures the same random playouts (and with ``--heuristic`` the heuristic
bots' games, the simulator's ``play_one``) on other checkouts' sources (their ``src``: the code
before a change) against this checkout's, each run a fresh process; runs alternate between the
engines (the order reversed every other run), so that a drift of a shared machine's load hits
both alike. ``QUESTBOX_PURE`` passes through, so both sides run pure Python or both compiled.
The load average is printed before and after; ``--cpu`` measures per second of the process's CPU
time instead of the wall clock (a busy machine then changes the rates less). ``--bytecodes`` counts
instead the Python bytecodes each engine executes per decision (the same on a busy machine as on
an idle one; pure Python only): random playouts after ``--seconds`` untimed games (so that the
geometry caches are warm), then 20 counted, and with ``--heuristic`` 4 heuristic games after 6;
``--runs 1`` is enough. The ratio column then reads "this engine's bytecodes per the other's".

    python bench/playouts.py --games descent --compare ../old/src --heuristic --bytecodes --seconds 80 --runs 1

OpenSpiel is an optional dependency: ``pip install -e ".[bench]"``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from questbox.core import Game, Rng, State, games

#: the clock the rates are measured with (``--cpu``: the process's CPU time, less sensitive to a
#: shared machine's load than the wall clock)
CLOCK = time.perf_counter


def play_random(state: State, rng: Rng) -> int:
    """Play ``state`` to its end with uniformly random legal actions; the decisions made."""
    decisions = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        decisions += 1
    return decisions


def play_for(game: Game, n: int, seconds: float, seed: int) -> dict[str, float]:
    """Random games back to back for about ``seconds``: decisions, games, elapsed."""
    setup = game.setup_for_seats(n)
    rng = Rng(seed)
    for i in range(3):          # untimed, as in heuristic_for: imports, data files and caches load here
        play_random(game.new(setup, seed=(1 << 29) + i), rng)
    decisions = done = 0
    start = CLOCK()
    deadline = start + seconds
    g = seed
    while True:
        decisions += play_random(game.new(setup, seed=g), rng)
        g += 1
        done += 1
        if CLOCK() >= deadline:
            break
    elapsed = CLOCK() - start
    return {"decisions_per_s": decisions / elapsed, "games_per_s": done / elapsed,
            "decisions_per_game": decisions / done}


def mid_game_states(game: Game, n: int, count: int = 20) -> list[State]:
    """States halfway through random games (each game is played once, then replayed to its middle)."""
    out: list[State] = []
    rng = Rng(99)
    for seed in range(count):
        probe = game.new(game.setup_for_seats(n), seed=seed)
        actions = []
        while not probe.is_over():
            seat = probe.to_move()[0]
            legal = probe.legal_actions(seat)
            actions.append((seat, legal[rng.below(len(legal))]))
            probe.apply(*actions[-1])
        state = game.new(game.setup_for_seats(n), seed=seed)
        for seat, action in actions[: len(actions) // 2]:
            state.apply(seat, action)
        out.append(state)
    return out


def clone_us(states: list[State], calls: int = 20_000) -> float:
    per = max(1, calls // len(states))
    t0 = time.perf_counter()
    for s in states:
        for _ in range(per):
            s.clone()
    return (time.perf_counter() - t0) / (per * len(states)) * 1e6


def openspiel_ttt(seconds: float, seed: int) -> dict[str, float] | None:
    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401  registers python_*
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    decisions = done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        done += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {"decisions_per_s": decisions / elapsed, "games_per_s": done / elapsed,
            "decisions_per_game": decisions / done}


def heuristic_for(game: Game, n: int, seconds: float, seed: int) -> dict[str, float]:
    """Heuristic (else random) bots at every seat, games back to back for about ``seconds``."""
    from questbox.sim.runner import SimConfig, play_one

    spec = "heuristic" if "heuristic" in game.agents() else "random"
    cfg = SimConfig(game.id, (spec,) * n, 1 << 30, seed)
    for i in range(3):                          # untimed: imports, data files and caches load here
        play_one(cfg, (1 << 29) + i)
    decisions = done = 0
    start = CLOCK()
    while True:
        row = play_one(cfg, done)
        decisions += int(row["length"])
        done += 1
        if CLOCK() - start >= seconds:
            break
    elapsed = CLOCK() - start
    return {"games_per_s": done / elapsed, "decisions_per_s": decisions / elapsed,
            "decisions_per_game": decisions / done}


def bytecodes_for(game: Game, n: int, seconds: float, seed: int, heuristic: bool = False) -> dict[str, float]:
    """Python bytecodes executed per decision (``sys.settrace`` opcode events: the same count on
    a busy machine as on an idle one): ``int(seconds)`` random playouts untimed first (the caches
    warm), then 20 counted; ``heuristic``: heuristic games, 6 then 4. (``decisions_per_s`` holds
    the bytecodes per decision.)"""
    import sys as _sys
    from collections import Counter

    warm, counted = (6, 4) if heuristic else (max(3, int(seconds)), 20)

    def games_from(first: int, count: int) -> int:
        if heuristic:
            from questbox.sim.runner import SimConfig, play_one

            cfg = SimConfig(game.id, ("heuristic",) * n, 1 << 30, 5)
            return sum(int(play_one(cfg, g)["length"]) for g in range(first, first + count))
        setup = game.setup_for_seats(n)
        rng = Rng(7)
        return sum(play_random(game.new(setup, seed=g), rng) for g in range(first, first + count))

    games_from(0, warm)
    ops: Counter[str] = Counter()

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        name = frame.f_code.co_name

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "opcode":
                ops[name] += 1
            return local
        return local

    _sys.settrace(tracer)
    decisions = games_from(100, counted)
    _sys.settrace(None)
    return {"decisions_per_s": sum(ops.values()) / decisions, "games_per_s": float(counted),
            "decisions_per_game": decisions / counted}


def bytecodes_heuristic(game: Game, n: int, seconds: float, seed: int) -> dict[str, float]:
    return bytecodes_for(game, n, seconds, seed, heuristic=True)


#: with ``--compare``: the seat counts measured (``--seats``; empty: every one)
SEATS: set[int] = set()

KINDS = {"random": play_for, "heuristic": heuristic_for, "bytecodes": bytecodes_for,
         "bytecodes-heuristic": bytecodes_heuristic}


def one_in(engine: str, kind: str, gid: str, n: int, seconds: float, seed: int) -> dict[str, float]:
    """One run of ``kind`` in a fresh process on ``engine`` (``this`` or another checkout's src)."""
    env = dict(os.environ)
    if engine != "this":
        env["PYTHONPATH"] = str(Path(engine).resolve())
    else:
        env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent / "src")
    cpu = ["--cpu"] if CLOCK is time.process_time else []
    done = subprocess.run([sys.executable, __file__, *cpu, "--one", f"{kind},{gid},{n},{seconds},{seed}"],
                          env=env, capture_output=True, text=True, check=True)
    row: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def compare(engines: list[str], chosen: list[str], kinds: list[str], seconds: float,
            runs: int) -> dict[str, Any]:
    """Rates of this checkout and of each of ``engines``, run after run in turn."""
    out: dict[str, Any] = {}
    print("| game | seats | kind | engine | games/s | decisions/s | decisions/game | this × |")
    print("|---|---:|---|---|---:|---:|---:|---:|")
    for gid in chosen:
        for n in games()[gid].seat_counts:
            if SEATS and n not in SEATS:
                continue
            for kind in kinds:
                rows: dict[str, list[dict[str, float]]] = {e: [] for e in ["this", *engines]}
                for r in range(runs):
                    for e in (list(rows) if r % 2 == 0 else list(reversed(rows))):
                        rows[e].append(one_in(e, kind, gid, n, seconds, 2000 + 17 * r))
                rates = {e: median(v) for e, v in rows.items()}
                out[f"{gid}/{n}/{kind}"] = {"rates": rates, "runs": rows}
                for e, rate in rates.items():
                    ratio = rates["this"]["decisions_per_s"] / rate["decisions_per_s"]
                    print(f"| {gid} | {n} | {kind} | {e} | {rate['games_per_s']:,.2f} "
                          f"| {rate['decisions_per_s']:,.0f} | {rate['decisions_per_game']:.1f} "
                          f"| {ratio:.3f} |", flush=True)
    return out


def median(rows: list[dict[str, float]]) -> dict[str, float]:
    return {k: statistics.median(r[k] for r in rows) for k in rows[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", default="", help="comma-separated ids (default: all registered)")
    ap.add_argument("--json", default=None, help="also write the results here")
    ap.add_argument("--compare", default="", help="comma-separated src directories of other checkouts "
                    "to measure against this one (alternating runs, a fresh process each)")
    ap.add_argument("--heuristic", action="store_true", help="with --compare: heuristic games too")
    ap.add_argument("--cpu", action="store_true", help="with --compare: rates per second of CPU time")
    ap.add_argument("--bytecodes", action="store_true", help="with --compare: Python bytecodes per decision "
                    "instead of rates (random playouts after --seconds warm-up games, and with --heuristic "
                    "heuristic games; the column decisions/s then holds bytecodes per decision)")
    ap.add_argument("--seats", default="", help="with --compare: only these seat counts (comma-separated)")
    ap.add_argument("--one", default="", help=argparse.SUPPRESS)   # kind,game,seats,seconds,seed
    args = ap.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    if args.one:
        kind, gid, n, secs, seed = args.one.split(",")
        print(json.dumps(KINDS[kind](games()[gid], int(n), float(secs), int(seed))))
        return
    if args.compare:
        SEATS.update(int(n) for n in args.seats.split(",") if n)
        chosen = [g for g in args.games.split(",") if g] or list(games())
        print(f"load average before: {os.getloadavg()} on {os.cpu_count()} cores, "
              f"QUESTBOX_PURE={os.environ.get('QUESTBOX_PURE', '')!r}, clock: {CLOCK.__name__}")
        kinds = ["random", "heuristic"] if args.heuristic else ["random"]
        if args.bytecodes:
            kinds = ["bytecodes", "bytecodes-heuristic"] if args.heuristic else ["bytecodes"]
        res = compare(args.compare.split(","), chosen, kinds, args.seconds, args.runs)
        print(f"load average after: {os.getloadavg()}")
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(res, fh, indent=2)
        return

    chosen = [g for g in args.games.split(",") if g] or list(games())
    result: dict[str, Any] = {"machine": {"python": sys.version.split()[0], "platform": platform.platform()},
                              "games": {}}
    base_runs = [openspiel_ttt(args.seconds, 1000 + r) for r in range(args.runs)]
    base = median([b for b in base_runs if b]) if all(base_runs) else None
    result["openspiel_python_tic_tac_toe"] = base
    if base is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no baseline, no ratios")
    else:
        print(f"baseline python_tic_tac_toe: {base['decisions_per_s']:,.0f} decisions/s")
    print()
    print("| game | seats | decisions/s | × baseline | games/s | decisions/game | clone µs |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for gid in chosen:
        game = games()[gid]
        for n in game.seat_counts:
            rate = median([play_for(game, n, args.seconds, 2000 + 17 * r) for r in range(args.runs)])
            states = mid_game_states(game, n)
            rate["clone_us"] = statistics.median(clone_us(states) for _ in range(args.runs))
            ratio = rate["decisions_per_s"] / base["decisions_per_s"] if base else float("nan")
            rate["ratio_vs_openspiel_ttt"] = ratio
            result["games"][f"{gid}/{n}"] = rate
            print(f"| {gid} | {n} | {rate['decisions_per_s']:,.0f} | {ratio:.2f} "
                  f"| {rate['games_per_s']:,.1f} | {rate['decisions_per_game']:.1f} "
                  f"| {rate['clone_us']:.1f} |", flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(result, fh, indent=2)


if __name__ == "__main__":
    main()
