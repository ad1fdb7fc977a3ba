"""Issue #15: `questbox campaign` answers bad input with one line and a non-zero exit, and never
replaces or rewrites a log it should not."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()


def _error(args: list[str]) -> str:
    res = runner.invoke(app, ["campaign", *args])
    assert res.exit_code != 0, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert "Traceback" not in res.output
    return lines[0]


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "camp.json"
    res = runner.invoke(app, ["campaign", "new", str(path), "--seed", "3"])
    assert res.exit_code == 0, res.output
    return path


def test_new_refuses_to_replace_a_log_without_force(log: Path) -> None:
    runner.invoke(app, ["campaign", "play", str(log), "plot-deck none"])
    before = log.read_text()
    assert "--force" in _error(["new", str(log)])
    assert log.read_text() == before
    res = runner.invoke(app, ["campaign", "new", str(log), "--force"])
    assert res.exit_code == 0, res.output
    assert json.loads(log.read_text())["phase"] == "plot-deck"


def test_an_action_during_a_quest_is_refused_and_the_log_kept(log: Path) -> None:
    res = runner.invoke(app, ["campaign", "play", str(log), "plot-deck none"])
    assert res.exit_code == 0, res.output
    assert json.loads(log.read_text())["phase"] == "quest"
    before = log.read_text()
    assert "fly away" in _error(["play", str(log), "fly away"])
    assert log.read_text() == before


def _mutate(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        doc = json.loads(path.read_text())
        change(doc)
        path.write_text(json.dumps(doc))
    return write


BAD_LOGS: dict[str, Callable[[Path], None]] = {
    "truncated": lambda p: p.write_text(p.read_text()[:40]),
    "binary": lambda p: p.write_bytes(bytes(range(128, 256))),
    "deep": lambda p: p.write_text("[" * 50_000 + "]" * 50_000),
    "a list": lambda p: p.write_text("[]"),
    "no xp": _mutate(lambda d: d.pop("xp")),
    "bad phase": _mutate(lambda d: d.update(phase="nonsense")),
    "gold is text": _mutate(lambda d: d.update(gold="lots")),
    "next past the end": _mutate(lambda d: d.update(next=99)),
    "unknown campaign": _mutate(lambda d: d.update(campaign="nowhere")),
    "hero without items": _mutate(lambda d: d["items"].clear()),
}


@pytest.mark.parametrize("name", sorted(BAD_LOGS))
@pytest.mark.parametrize("command", ["show", "play"])
def test_a_corrupt_log_is_one_line(log: Path, name: str, command: str) -> None:
    BAD_LOGS[name](log)
    before = log.read_bytes()
    _error([command, str(log)])
    assert log.read_bytes() == before


@pytest.mark.parametrize("args", [
    ["show", "{tmp}/missing.json"],
    ["show", "{tmp}"],
    ["play", "{log}", "???"],
    ["play", "{log}", "buy nothing"],
    ["show", "{log}", "--as", "p9"],
    ["fly"],
    ["new"],
    ["simulate", "--campaigns", "0"],
    ["simulate", "--campaigns", "x"],
])
def test_bad_arguments_are_one_line(log: Path, args: list[str]) -> None:
    _error([a.format(tmp=log.parent, log=log) for a in args])
