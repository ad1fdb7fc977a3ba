"""A person can play Heirs to the end at the terminal table against bots (and replay it)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()


def test_a_person_plays_heirs_to_the_end_against_the_heuristic(tmp_path: Path) -> None:
    save = tmp_path / "heirs.json"
    # the person always picks the first action on the menu; a bad entry is refused politely
    keys = "0\nchain ZZ9 left\n" + "1\n" * 3000
    res = runner.invoke(app, ["play", "heirs", "--seats", "human,heuristic", "--seed", "11", "--save", str(save)],
                        input=keys)
    assert res.exit_code == 0, res.output[-2000:]
    assert "no action 0" in res.output
    assert "not legal now" in res.output or "error" in res.output.lower()
    assert "game over" in res.output
    assert "Black Wizard" in res.output
    rep = runner.invoke(app, ["replay", str(save), "--seat", "p1"])
    assert rep.exit_code == 0, rep.output[-2000:]
    assert "replay verified" in rep.output


def test_solo_mode_at_the_terminal(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "heirs", "--seats", "human", "--seed", "3"], input="1\n" * 3000)
    assert res.exit_code == 0, res.output[-2000:]
    assert "game over" in res.output
