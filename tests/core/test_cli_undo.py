"""``questbox play``'s undo (``u``): the terminal holds every human seat (hot-seat), so undo takes
back the last actions over every seat, while none drew randomness or revealed anything."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()


def test_u_takes_back_a_hold_in_a_hot_seat_game_and_the_replay_forgets_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # p1 holds (quiet), takes it back, rolls (a die: no undo after it), tries u, then quits
    res = runner.invoke(app, ["play", "pig", "--seats", "human,human", "--seed", "2", "--save", str(save)],
                        input="hold\nu\nroll\nu\nq\n")
    assert res.exit_code == 0, res.output
    assert "p1 took back 1 action" in res.output
    assert "Nothing to take back now" in res.output
    assert json.loads(save.read_text())["actions"] == [["p1", "roll"]]


def test_u_is_offered_in_the_menu_only_when_it_can_be_done() -> None:
    res = runner.invoke(app, ["play", "pig", "--seats", "human,human", "--seed", "2"], input="hold\nq\n")
    assert res.exit_code == 0, res.output
    first, _, after = res.output.partition("p2: your move")
    assert "take back" not in first and "take back 1 action" in after
    helped = runner.invoke(app, ["play", "pig", "--seats", "human,human", "--seed", "2"], input="?\nq\n")
    assert "u takes back your last action" in " ".join(helped.output.split())
