"""Heroica setup documents: missions by name, file or inline; heroes per seat; variants; options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from questbox.core import SetupError
from questbox.games.heroica import GAME
from questbox.games.heroica.data import bundled_missions

LINE = {"id": "line", "title": "Line", "source": "ours", "heroes": [1, 2], "map": "S-o-o-o-T\n|\nS\n"}


@pytest.mark.clause("HER-SETUP-01", "HER-SETUP-04", "HER-PLAY-01")
def test_default_setup_and_seats() -> None:
    s = GAME.new(None, seed=1)
    assert s.seats == ("p1", "p2")
    assert [h["hero"] for h in s.view(None)["heroes"]] == ["wizard", "prince"]
    assert s.view(None)["mission_id"] == "crypt-gate"
    assert s.to_move() == ("p1",)


def test_setup_for_seats_uses_battle_for_five_seats() -> None:
    assert GAME.seat_names(GAME.setup_for_seats(5)) == ("p1", "p2", "p3", "p4", "monsters")
    assert GAME.seat_names(GAME.setup_for_seats(3)) == ("p1", "p2", "p3")
    battle = GAME.setup_for_seats(2, {"variant": "battle"})
    assert GAME.seat_names(battle) == ("p1", "monsters")


@pytest.mark.clause("HER-SETUP-06")
def test_every_bundled_mission_starts_for_two_to_four_heroes() -> None:
    for name in bundled_missions():
        for n in (2, 3, 4):
            s = GAME.new({"mission": name, "players": n}, seed=0)
            v = s.view(None)
            starts = v["layout"]["start"]
            assert [h["at"] for h in v["heroes"]] == starts[:n]
            assert all(h["health"] == 4 for h in v["heroes"])


def test_mission_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(LINE))
    with pytest.raises(SetupError, match="never names a file"):
        GAME.new({"mission": str(path)}, seed=0)     # Game.new never opens a file (issue #15)
    setup = GAME.inline_files({"mission": "mine.yaml"}, tmp_path)   # the command line reads it
    assert setup == {"mission": LINE}
    s = GAME.new(setup, seed=0)
    assert s.view(None)["mission_id"] == "line"
    jpath = tmp_path / "mine.json"
    jpath.write_text(json.dumps(LINE))
    epic = GAME.inline_files({"variant": "epic", "missions": [str(jpath), "crypt-gate"]}, None)
    assert epic is not None and epic["missions"] == [LINE, "crypt-gate"]
    assert GAME.new(GAME.inline_files({"mission": str(jpath)}), seed=0).view(None)["title"] == "Line"


@pytest.mark.parametrize(("setup", "message"), [
    ({"heroes": ["wizard", "dragon"]}, "heroes.1.hero: no hero 'dragon'"),
    ({"heroes": ["wizard", "wizard"]}, "heroes: each hero may be chosen once"),
    ({"heroes": ["wizard", "prince"], "players": 3}, "players: 3, but 2 heroes make 2"),
    ({"players": 6}, "players: Input should be less than or equal to 5"),
    ({"heroes": ["wizard"]}, "heroes: standard heroica needs 2–4 heroes"),
    ({"variant": "chess"}, "variant: Input should be 'standard', 'epic' or 'battle'"),
    ({"variant": "epic", "missions": ["crypt-gate"]}, "missions: epic heroica plays two or more missions"),
    ({"variant": "epic", "missions": ["crypt-gate", "crypt-gate"], "mission": "crypt-gate"},
     "mission: epic heroica takes missions:"),
    ({"missions": ["crypt-gate", "crypt-gate"]}, "missions: standard heroica plays one mission"),
    ({"mission": "atlantis"}, "mission: no mission 'atlantis' (known: crypt-gate"),
    ({"mission": 7}, "mission: a mission is a name (crypt-gate"),
    ({"colour": "red"}, "heroica setup: colour: Extra inputs are not permitted"),
    ({"options": {"speed": 2}}, "options.speed: Extra inputs are not permitted"),
    ({"options": {"round_limit": -1}}, "options.round_limit: Input should be greater than or equal to 0"),
    ({"options": {"victory_points": True}}, "options.victory_points belongs to the epic variant"),
    ({"options": {"epic_tie_bonus": "some"}}, "options.epic_tie_bonus: Input should be 'all' or 'none'"),
    ({"heroes": [{"hero": "wizard", "gold": -1}, "prince"]},
     "heroes.0.gold: Input should be greater than or equal to 0"),
    ({"heroes": [{"hero": "wizard", "weapons": ["laser"]}, "prince"]}, "heroes.0.weapons.0: no weapon 'laser'"),
    ({"heroes": [{"hero": "wizard", "weapons": ["ax"]}, {"hero": "prince", "weapons": ["ax"]}]},
     "heroes: the store holds 1 ax"),
    ({"heroes": [{"hero": "wizard", "health": 5}, "prince"]}, "heroes: hero pack health of the wizard is at most 4"),
    ({"heroes": [{"wizard": 1}, "prince"]}, "heroes.0.hero: Field required"),
    ({"mission": {**LINE, "heroes": [1, 1]}}, "heroes: mission line is for 1–1 heroes"),
    ({"variant": "epic", "options": {"victory_points": True},
      "missions": [LINE, {**LINE, "id": "line2"}]},
     "options.victory_points: mission line has no artifact and no strength-3 monster"),
])
def test_bad_setups_are_refused_clearly(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as err:
        GAME.new(setup, seed=0)
    assert message in str(err.value)


def test_options_are_kept_in_the_state() -> None:
    s = GAME.new({"options": {"round_limit": 5, "one_is_exact": True, "store_stock": 2}}, seed=0)
    v = s.view(None)
    assert v["options"]["round_limit"] == 5 and v["options"]["store_stock"] == 2
    assert v["store"]["ax"] == 2
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()


def test_a_bare_mission_document_is_a_setup(tmp_path: Path) -> None:
    s = GAME.new(GAME.setup_for_seats(2, dict(LINE)), seed=0)
    assert s.view(None)["mission_id"] == "line" and s.seats == ("p1", "p2")
    path = tmp_path / "mission.yaml"
    path.write_text(yaml.safe_dump(LINE))
    from typer.testing import CliRunner

    from questbox.cli import app

    res = CliRunner().invoke(app, ["play", "heroica", "--seats", "heuristic,heuristic", "--setup", str(path)])
    assert res.exit_code == 0, res.output
    assert "Line" in res.output
