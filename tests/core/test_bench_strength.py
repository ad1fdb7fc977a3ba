"""bench/strength.py: the ladder's table, and ``--out`` resuming an interrupted ladder."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ladder(out: Path, games: int) -> list[list[str]]:
    cmd = [sys.executable, str(ROOT / "bench" / "strength.py"), "--only", "heroica", "--games", str(games),
           "--budgets", "3,6", "--pairs", "0-1,1-2", "--jobs", "1", "--out", str(out)]
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines()[2:]]


def test_out_resumes_and_extends_the_pairings(tmp_path: Path) -> None:
    first = ladder(tmp_path, 4)
    assert [(r[1], r[2], r[3]) for r in first] == [("random", "heuristic", "4"), ("heuristic", "ismcts:iters=3", "4")]
    files = sorted(tmp_path.glob("*.csv"))
    assert [f.name for f in files] == ["heroica--heuristic--ismcts_iters_3--s1.csv",
                                       "heroica--random--heuristic--s1.csv"]
    before = {f.name: list(csv.DictReader(f.open())) for f in files}
    # run again with more games: the four stored games are kept, only games 4 and 5 are played
    second = ladder(tmp_path, 6)
    assert [r[3] for r in second] == ["6", "6"]
    for f in files:
        rows = list(csv.DictReader(f.open()))
        assert [int(r["game"]) for r in rows] == list(range(6))
        assert rows[:4] == before[f.name]
    # wins + the other's wins + nobody = games, and the heuristic beats random in Heroica
    for r in second:
        assert int(r[4]) + int(r[7]) + int(r[8]) == 6
    assert second[0][7] == "6"
