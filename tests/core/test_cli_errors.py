"""Issue #15: every bad input to the command line ends in one line on stderr and a non-zero exit,
never a traceback; nothing a user made is replaced without --force."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()


def _one_line_error(args: list[str], code: int | None = None) -> str:
    res = runner.invoke(app, args)
    assert res.exit_code != 0, res.output
    if code is not None:
        assert res.exit_code == code, res.stderr
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("error: ") and "Traceback" not in res.output
    return lines[0]


SETUPS: dict[str, Callable[[Path], None]] = {
    "yaml-syntax.yaml": lambda p: p.write_text("players: [1,\n"),
    "json-syntax.json": lambda p: p.write_text('{"players": 2,'),
    "python-tag.yaml": lambda p: p.write_text('!!python/object/apply:os.system ["echo pwned"]\n'),
    "deep.yaml": lambda p: p.write_text("[" * 50_000 + "]" * 50_000),
    "deep.json": lambda p: p.write_text("[" * 50_000 + "]" * 50_000),
    "binary.yaml": lambda p: p.write_bytes(bytes(range(128, 256)) * 3),
    "utf16.yaml": lambda p: p.write_bytes("players: 2\n".encode("utf-16")),
    "players-true.yaml": lambda p: p.write_text("players: true\n"),
    "players-3.yaml": lambda p: p.write_text("players: 3\n"),
    "a-list.yaml": lambda p: p.write_text("- 1\n"),
}


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_bad_setup_file_is_one_line(tmp_path: Path, name: str, command: str) -> None:
    path = tmp_path / name
    SETUPS[name](path)
    extra = ["--games", "1", "--jobs", "1"] if command == "simulate" else []
    line = _one_line_error([command, "heirs", "--seats", "random,random", "--setup", str(path), *extra])
    if "players" not in name:
        assert name in line  # names the file
    elif name == "players-true.yaml":
        assert "players" in line and "integer" in line  # a bool is not a number of players
    else:
        assert "seats" in line


@pytest.fixture(scope="module")
def replay_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    save = tmp_path_factory.mktemp("rep") / "game.json"
    res = runner.invoke(app, ["play", "heirs", "--seats", "random,random", "--seed", "3", "--save", str(save)])
    assert res.exit_code == 0, res.output
    doc: dict[str, object] = json.loads(save.read_text())
    return doc


REPLAYS: dict[str, Callable[[Path, dict[str, object]], None]] = {
    "folder": lambda p, d: p.mkdir(),
    "binary.json": lambda p, d: p.write_bytes(bytes(range(128, 256))),
    "deep.json": lambda p, d: p.write_text("[" * 50_000 + "]" * 50_000),
    "not-json.json": lambda p, d: p.write_text("{"),
    "outcome-no-winners.json": lambda p, d: p.write_text(json.dumps({**d, "outcome": {"x": 1}})),
    "outcome-list.json": lambda p, d: p.write_text(json.dumps({**d, "outcome": [1]})),
    "outcome-int-winners.json": lambda p, d: p.write_text(json.dumps({**d, "outcome": {"winners": 5}})),
    "seed-float.json": lambda p, d: p.write_text(json.dumps({**d, "seed": 3.9})),
    "seed-text.json": lambda p, d: p.write_text(json.dumps({**d, "seed": "3"})),
    "action-short.json": lambda p, d: p.write_text(json.dumps({**d, "actions": [["p1"]]})),
}


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_a_bad_replay_is_one_line(tmp_path: Path, replay_doc: dict[str, object], name: str) -> None:
    path = tmp_path / name
    REPLAYS[name](path, replay_doc)
    line = _one_line_error(["replay", str(path)], 1)
    if name.startswith(("seed", "outcome", "binary", "deep", "folder")):
        assert name in line


def test_replay_missing_file_and_unknown_seat(tmp_path: Path, replay_doc: dict[str, object]) -> None:
    assert "No such file" in _one_line_error(["replay", str(tmp_path / "nope.json")], 1)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(replay_doc))
    assert runner.invoke(app, ["replay", str(good)]).exit_code == 0
    assert "p1, p2" in _one_line_error(["replay", str(good), "--seat", "p9"])


@pytest.mark.parametrize("args", [
    ["sweep", "nope", "--vary", "players=2"],
    ["simulate", "nope"],
    ["simulate", "heirs", "--seats", "random,mcts:eps=2", "--games", "1"],
    ["simulate", "heirs", "--seats", "random,nobot", "--games", "1"],
    ["simulate", "heirs", "--games", "0"],
    ["simulate", "heirs", "--games", "-5"],
    ["simulate", "heirs", "--jobs", "-1"],
    ["sweep", "heirs", "--vary", "players=2", "--games", "0"],
    ["simulate", "heirs", "--bogus"],
    ["play"],
    ["nocommand"],
])
def test_bad_command_lines_are_usage_errors(args: list[str]) -> None:
    _one_line_error(args, 2)


def test_simulate_out_to_an_unwritable_place(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    line = _one_line_error(["simulate", "heirs", "--games", "1", "--jobs", "1", "--out",
                            str(blocker / "rows.csv")])
    assert "file" in line


def test_play_save_is_checked_before_the_game(tmp_path: Path) -> None:
    # a human seat with no input would wait: the error must come before the table is set
    line = _one_line_error(["play", "heirs", "--seats", "human,random", "--save", str(tmp_path / "nodir" / "x.json")])
    assert "nodir" in line
    _one_line_error(["play", "heirs", "--seats", "human,random", "--save", str(tmp_path)])


def test_play_save_refuses_to_replace_without_force(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    save.write_text("precious")
    line = _one_line_error(["play", "heirs", "--seats", "random,random", "--save", str(save)], 2)
    assert "--force" in line
    assert save.read_text() == "precious"
    res = runner.invoke(app, ["play", "heirs", "--seats", "random,random", "--seed", "1", "--save", str(save),
                              "--force"])
    assert res.exit_code == 0, res.output
    assert json.loads(save.read_text())["seed"] == 1


@pytest.mark.parametrize("args", [
    ["replay", "/nonexistent/x.json"],
    ["simulate", "nope"],
    ["play", "heirs", "--setup", "/nonexistent/s.yaml"],
])
def test_the_real_entry_point_prints_one_line(args: list[str]) -> None:
    res = subprocess.run([sys.executable, "-m", "questbox.cli", *args], capture_output=True, text=True,
                         timeout=120, check=False)
    assert res.returncode != 0
    assert "Traceback" not in res.stderr + res.stdout
    assert len(res.stderr.splitlines()) == 1 and res.stderr.startswith("error: "), res.stderr


def test_debug_variable_shows_the_traceback() -> None:
    res = subprocess.run([sys.executable, "-m", "questbox.cli", "replay", "/nonexistent/x.json"],
                         capture_output=True, text=True, timeout=120, check=False,
                         env={**__import__("os").environ, "QUESTBOX_DEBUG": "1"})
    assert res.returncode != 0
    assert "FileNotFoundError" in res.stderr
