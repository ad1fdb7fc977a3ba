"""Issue #18's campaign table: bot campaigns per hero count, with and without First Legion.

For each hero count (``--heroes``, default 2,3,4: the parties of ``campaign simulate --heroes N``)
and each Plot deck (``--plots``, default first-legion,none) it plays ``--campaigns`` campaigns
(seeds ``--seed`` on, the same seeds in every cell) with the Overlord deck on (``--no-overlord-deck``:
off) and writes docs/games/descent.md's table as Markdown to ``--md OUT`` (the commit, the
command, the date, the load, the time of each cell, then the table; rewritten after each cell, so
a run cut short leaves what it measured), and with ``--json OUT`` the reports.

    PYTHONPATH=src QUESTBOX_PURE=1 nice -n 15 python bench/campaigns.py --campaigns 1000 --jobs 2 --md OUT

``OUT`` is never replaced without ``--force``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from questbox.core import SetupError
from questbox.games.descent.campaign_stats import markdown, party, plot_deck, simulate


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                              cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _commit() -> str:
    """The commit measured (read at the start), and whether the code differs from it."""
    dirty = _git("status", "--porcelain", "--untracked-files=no", "--", "src", "bench")
    return f"`{_git('rev-parse', '--short', 'HEAD')}`" + (" (with uncommitted changes)" if dirty else "")


def _header(argv: list[str], commit: str, started: str, load0: str, times: list[str]) -> str:
    pure = "pure Python" if os.environ.get("QUESTBOX_PURE") else "compiled engine where built"
    return (f"Measured at commit {commit}, {pure}, "
            f"started {started} UTC, load average (1, 5, 15 min) {load0} at the start, {_load()} now; "
            f"command: `python bench/campaigns.py {' '.join(argv)}`. "
            f"Time per cell (wall clock): {', '.join(times)}.\n\n")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="bench/campaigns.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--campaigns", type=int, default=1000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--heroes", default="2,3,4", help="hero counts, comma separated")
    p.add_argument("--plots", default="first-legion,none", help="Plot decks (or none), comma separated")
    p.add_argument("--campaign", default="harrowmere")
    p.add_argument("--no-overlord-deck", action="store_true", help="without the Overlord deck")
    p.add_argument("--md", required=True, help="write the Markdown table here")
    p.add_argument("--json", default=None, help="also write the reports here")
    p.add_argument("--force", action="store_true", help="replace --md / --json files")
    a = p.parse_args(argv)
    for out in (a.md, a.json):
        if out and Path(out).exists() and not a.force:
            print(f"error: {out} exists: pass --force to replace it", file=sys.stderr)
            return 1
    try:
        cells = [(party(h), plot_deck(d)) for h in a.heroes.split(",") for d in a.plots.split(",")]
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    commit = _commit()
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M")
    load0 = _load()
    reports: list[dict[str, Any]] = []
    times: list[str] = []
    for heroes, plot in cells:
        t = time.perf_counter()
        rep = simulate(a.campaigns, a.seed, heroes, plot, not a.no_overlord_deck, a.campaign, a.jobs)
        dt = time.perf_counter() - t
        reports.append(rep)
        times.append(f"{len(heroes)} heroes / {plot or 'none'} {dt:.0f} s")
        print(f"{len(heroes)} heroes, {plot or 'none'}: {rep['overlord_wins']}/{rep['campaigns']} overlord wins, "
              f"{dt:.0f} s", file=sys.stderr, flush=True)
        Path(a.md).write_text(_header(argv, commit, started, load0, times) + markdown(reports))
        if a.json:
            Path(a.json).write_text(json.dumps(reports, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
