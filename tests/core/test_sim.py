"""The simulator: seeded rows, process pools, resuming, CSV/Parquet/JSONL, reports, sweeps, Ray."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from questbox.cli import app
from questbox.sim import SimConfig, play_one, run, wilson
from questbox.sim.runner import chunk_size
from questbox.sim.store import RowStore, read_rows

runner = CliRunner()


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0


def test_rows_do_not_depend_on_processes() -> None:
    cfg = SimConfig("pig", ("random", "random"), 24, seed=3)
    one = sorted(run(cfg, jobs=1), key=lambda r: r["game"])
    two = sorted(run(cfg, jobs=2, chunk=5), key=lambda r: r["game"])
    assert one == two
    assert one[7] == play_one(cfg, 7), "any single game can be replayed alone"
    assert {"game", "seed", "seats", "agents", "winners", "reason", "length", "score_p1"} <= set(one[0])


def test_default_chunks_grow_with_the_run_and_keep_rows_the_same() -> None:
    assert chunk_size(10, 2) == 16 and chunk_size(4000, 2) == 62 and chunk_size(10**7, 2) == 256
    cfg = SimConfig("pig", ("random", "random"), 40, seed=4)
    assert sorted(run(cfg, jobs=2), key=lambda r: r["game"]) == [play_one(cfg, i) for i in range(40)]


def test_rotation_puts_every_agent_in_every_seat() -> None:
    cfg = SimConfig("pig", ("mcts:iters=5", "random", "random"), 3, rotate=True)
    assert [cfg.agents_for(i)[0] for i in range(3)] == ["mcts:iters=5", "random", "random"]
    assert {cfg.agents_for(i).index("mcts:iters=5") for i in range(3)} == {0, 1, 2}


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".jsonl"])
def test_simulate_resumes_without_repeating_games(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"rows{suffix}"
    args = ["simulate", "pig", "--seats", "random,random", "--seed", "4", "--jobs", "1", "--out", str(out)]
    first = runner.invoke(app, [*args, "--games", "10"])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, [*args, "--games", "25"])
    assert second.exit_code == 0, second.output
    assert "resuming: 10 of 25" in second.output
    rows = read_rows(out)
    assert [r["game"] for r in rows] == list(range(25))
    fresh = sorted(run(SimConfig("pig", ("random", "random"), 25, seed=4), jobs=1), key=lambda r: r["game"])
    assert [r["winners"] for r in rows] == [r["winners"] for r in fresh]
    report = out.with_name(out.name + ".report.md").read_text()
    assert "| p1 | random |" in report and "Wilson" not in report.split("\n")[0]
    assert out.with_name(out.name + ".winrate.png").stat().st_size > 1000
    assert "<table>" in out.with_name(out.name + ".report.html").read_text()


def test_an_interrupted_parquet_run_resumes_from_its_parts(tmp_path: Path) -> None:
    out = tmp_path / "rows.parquet"
    cfg = SimConfig("pig", ("random", "random"), 12, seed=1)
    store = RowStore(out, cfg, flush_every=4)
    for i, row in enumerate(run(cfg, todo=range(12), jobs=1)):
        store.write(row)
        if i == 8:
            break  # killed before close: rows 0-7 are in two part files, row 8 is lost with the process
    again = RowStore(out, cfg)
    assert again.done() == set(range(8))
    for row in run(cfg, todo=[i for i in range(12) if i not in again.done()], jobs=1):
        again.write(row)
    again.close(finished=True)
    assert [r["game"] for r in read_rows(out)] == list(range(12))


def test_resume_refuses_another_run(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    assert runner.invoke(app, ["simulate", "pig", "-n", "3", "--out", str(out), "--jobs", "1"]).exit_code == 0
    res = runner.invoke(app, ["simulate", "pig", "-n", "3", "--seed", "9", "--out", str(out)])
    assert res.exit_code == 2 and "another run" in res.output


def test_sweep_draws_a_table_and_heatmap(tmp_path: Path) -> None:
    res = runner.invoke(app, ["sweep", "pig", "--vary", "target=5,15", "--vary", "players=2,3", "-n", "12",
                              "--jobs", "1", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    table = (tmp_path / "sweep.md").read_text()
    assert table.count("| 5 | 3 |") == 4  # three seats + nobody
    assert (tmp_path / "heatmap.png").stat().st_size > 1000


def test_simulate_refuses_humans_and_bad_counts() -> None:
    assert runner.invoke(app, ["simulate", "pig", "--seats", "human,random"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "pig", "--seats", "random"]).exit_code == 2


@pytest.mark.slow
def test_ray_gives_identical_results(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    cfg = SimConfig("heirs", ("random", "random"), 12, seed=8)  # a registered game: Ray workers are fresh
    local = sorted(run(cfg, jobs=1), key=lambda r: r["game"])
    ray_rows = sorted(run(cfg, ray_address="local", chunk=4), key=lambda r: r["game"])
    assert json.dumps(ray_rows) == json.dumps(local)


def test_summary_keeps_specs_with_several_parameters_together() -> None:
    from questbox.sim import Summary

    cfg = SimConfig("pig", ("ismcts:iters=3,depth=5", "random"), 6, seed=2, rotate=True)
    summary = Summary()
    for row in run(cfg, jobs=1):
        summary.add(row)
    assert summary.seats_by_agent == {"ismcts:iters=3,depth=5": 6, "random": 6}
    assert sum(summary.wins_by_agent.values()) == 6 - summary.nobody


def test_out_may_name_a_folder_that_does_not_exist_yet(tmp_path: Path) -> None:
    out = tmp_path / "new" / "deeper" / "rows.csv"
    result = runner.invoke(app, ["simulate", "pig", "--seats", "random,random", "--games", "3",
                                 "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(read_rows(out)) == 3
