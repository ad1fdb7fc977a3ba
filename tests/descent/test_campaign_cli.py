"""`questbox campaign` (a command the descent package adds through the questbox.commands entry point)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()


def test_campaign_command_starts_and_shows_a_log(tmp_path: Path) -> None:
    log = tmp_path / "camp.json"
    res = runner.invoke(app, ["campaign", "new", str(log), "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert json.loads(log.read_text())
    shown = runner.invoke(app, ["campaign", "show", str(log)])
    assert shown.exit_code == 0, shown.output
    assert "Harrowmere" in shown.output and "plot-deck" in shown.output
    bad = runner.invoke(app, ["campaign", "fly"])
    assert bad.exit_code != 0
