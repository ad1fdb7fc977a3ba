"""Issue #15: resuming a run checks every stored row against the run, and recovers from a data
file cut short by an interruption."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from questbox.cli import app
from questbox.sim import SimConfig, run
from questbox.sim.store import ResumeMismatch, RowStore, read_rows

runner = CliRunner()
CFG = SimConfig("pig", ("random", "random"), 6, seed=4)


def _stored(out: Path, cfg: SimConfig = CFG) -> None:
    store = RowStore(out, cfg, flush_every=3)
    for row in run(cfg, jobs=1):
        store.write(row)
    store.close(finished=False)


def _resume(out: Path, games: int = 8) -> tuple[int, str, str]:
    res = runner.invoke(app, ["simulate", "pig", "--seats", "random,random", "--seed", "4", "--jobs", "1",
                              "-n", str(games), "--out", str(out)])
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_truncated_last_line_is_dropped_and_its_game_played_again(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"rows{suffix}"
    _stored(out)
    text = out.read_text()
    out.write_text(text[:-7])  # the process died while writing the last row
    copy = tmp_path / "copy" / out.name
    copy.parent.mkdir()
    copy.write_text(out.read_text())
    copy.with_name(copy.name + ".run.json").write_text(out.with_name(out.name + ".run.json").read_text())
    store = RowStore(copy, CFG)
    assert store.done() == set(range(5)) and store.dropped == 1
    assert "dropped 1 damaged row" in store.notes[0]
    assert RowStore(copy, CFG).notes == [], "the file was repaired"
    code, _, stderr = _resume(out)
    assert code == 0, stderr
    assert "dropped 1 damaged row" in stderr
    rows = read_rows(out)
    assert [r["game"] for r in rows] == list(range(8))
    fresh = sorted(run(SimConfig("pig", ("random", "random"), 8, seed=4), jobs=1), key=lambda r: r["game"])
    assert [(r["seed"], r["winners"], r["length"]) for r in rows] == \
        [(r["seed"], r["winners"], r["length"]) for r in fresh]


def test_a_damaged_parquet_part_is_set_aside(tmp_path: Path) -> None:
    out = tmp_path / "rows.parquet"
    _stored(out)  # two parts of three rows
    parts = sorted((tmp_path / "rows.parquet.parts").glob("part-*.parquet"))
    assert len(parts) == 2
    parts[1].write_bytes(parts[1].read_bytes()[:40])
    store = RowStore(out, CFG)
    assert store.done() == {0, 1, 2}
    assert "damaged" in store.notes[0]
    code, _, stderr = _resume(out)
    assert code == 0, stderr
    assert [r["game"] for r in read_rows(out)] == list(range(8))


def test_a_row_of_another_seed_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    _stored(out)
    lines = out.read_text().splitlines()
    other = json.loads(lines[2])
    other["seed"] += 1
    lines[2] = json.dumps(other)
    out.write_text("\n".join(lines) + "\n")
    with pytest.raises(ResumeMismatch, match="game 2"):
        RowStore(out, CFG)
    code, _, stderr = _resume(out)
    assert code == 2 and "game 2" in stderr and len(stderr.splitlines()) == 1


def test_rows_of_another_run_appended_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    _stored(out)
    other = tmp_path / "other.csv"
    _stored(other, SimConfig("pig", ("random", "random"), 6, seed=5))
    out.write_text(out.read_text() + "".join(other.read_text().splitlines(keepends=True)[1:]))
    with pytest.raises(ResumeMismatch, match=r"twice|not of this run"):
        RowStore(out, CFG)


def test_a_duplicate_game_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    _stored(out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines + lines[1:2]))
    with pytest.raises(ResumeMismatch, match="game 1 is stored twice"):
        RowStore(out, CFG)


def test_rows_of_other_agents_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    _stored(out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    rows[0]["agents"] = "mcts,random"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(ResumeMismatch, match="game 0"):
        RowStore(out, CFG)


@pytest.mark.parametrize("meta", ['{"game": "pig"}', "{", "[]", '{"game": "pig", "seats": 3, "games": "x"}'])
def test_a_broken_run_json_is_a_clear_error(tmp_path: Path, meta: str) -> None:
    out = tmp_path / "rows.csv"
    _stored(out)
    out.with_name("rows.csv.run.json").write_text(meta)
    with pytest.raises(ResumeMismatch, match=r"run\.json"):
        RowStore(out, CFG)
    code, _, stderr = _resume(out)
    assert code != 0 and "run.json" in stderr and len(stderr.splitlines()) == 1
