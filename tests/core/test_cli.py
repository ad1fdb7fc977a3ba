"""The command line, run in-process with Typer's runner (and once as a real subprocess)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()
CASES = Path(__file__).parent / "cases"


def test_games_lists_the_registry() -> None:
    res = runner.invoke(app, ["games"])
    assert res.exit_code == 0, res.output
    assert "pig" in res.output


def test_check_runs_cases_and_reports() -> None:
    res = runner.invoke(app, ["check", str(CASES)])
    assert res.exit_code == 0, res.output
    assert "2 passed, 0 failed" in res.output


def test_check_fails_a_wrong_case(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: pig\nrandom: [4]\nsteps:\n  - do: roll\n  - expect: {turn_points: 5}\n")
    unused = tmp_path / "unused.yaml"
    unused.write_text("game: pig\nrandom: [4, 4]\nsteps:\n  - do: roll\n")
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text("game: pig\nsteps:\n  - illegal: roll\n")
    malformed = tmp_path / "malformed.yaml"
    malformed.write_text("game: pig\nstepz: []\n")
    res = runner.invoke(app, ["check", str(tmp_path)])
    assert res.exit_code == 1
    assert "0 passed, 4 failed" in res.output
    assert "turn_points is 4, expected 5" in res.output
    assert "left unused" in res.output
    assert "was accepted" in res.output
    assert "malformed case" in res.output


def test_check_lists_uncovered_clauses(tmp_path: Path) -> None:
    index = tmp_path / "index.yaml"
    index.write_text("game: pig\nclauses:\n  - {id: PIG-ROLL-01, text: x}\n  - {id: PIG-ROLL-02, text: y}\n")
    case = tmp_path / "c.yaml"
    case.write_text("game: pig\nclauses: [PIG-ROLL-01]\nsteps: []\n")
    res = runner.invoke(app, ["check", "--clauses", str(index), str(case)])
    assert res.exit_code == 0, res.output
    assert "uncovered: PIG-ROLL-02" in res.output
    assert "1/2 clauses" in res.output


def test_play_against_a_bot_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    setup = tmp_path / "setup.yaml"
    setup.write_text("target: 6\n")
    # a person who always types "1" (roll) or "hold" by notation; bad input first
    keys = "99\njump\n" + "1\nhold\n" * 200
    res = runner.invoke(app, ["play", "pig", "--seats", "human,random", "--seed", "3",
                              "--setup", str(setup), "--save", str(save)], input=keys)
    assert res.exit_code == 0, res.output
    assert "no action 99" in res.output
    assert "jump" in res.output and "game over" in res.output
    rep = runner.invoke(app, ["replay", str(save), "--steps"])
    assert rep.exit_code == 0, rep.output
    assert "replay verified" in rep.output


def test_play_quit_and_bad_game() -> None:
    res = runner.invoke(app, ["play", "pig", "--seats", "human,random", "--seed", "1"], input="q\n")
    assert res.exit_code == 0 and "left the table" in res.output
    bad = runner.invoke(app, ["play", "chess"])
    assert bad.exit_code == 2 and "no game 'chess'" in bad.output
    seats = runner.invoke(app, ["play", "pig", "--seats", "human"])
    assert seats.exit_code == 2 and "not 1" in seats.output


def test_console_script_runs() -> None:
    res = subprocess.run([sys.executable, "-m", "questbox.cli", "games"], capture_output=True, text=True,
                         check=False)
    assert res.returncode == 0, res.stderr
