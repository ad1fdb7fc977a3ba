"""The local command line still reads the files a --setup file names, and the replay holds them.

``Game.new`` never opens a file (issue #15: setups come from the network too); the CLI inlines
each path key (relative to the setup file's folder) through ``Game.inline_files`` first.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import yaml
from typer.testing import CliRunner

from questbox.cli import app

runner = CliRunner()

CARDS = {"set": "my box", "dungeon": [
    {"id": "zombie", "name": "Zombie (printed)", "source": "printed", "printed_source": "my own card",
     "colour": "blue", "family": "undead", "power": "1"}]}


def test_play_reads_a_card_file_the_setup_names_and_the_replay_holds_it(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump(CARDS))
    setup = tmp_path / "setup.yaml"
    setup.write_text("cards: mine.yaml\n")          # relative to the setup file's folder
    save = tmp_path / "game.json"
    here = os.getcwd()
    os.chdir("/")                                   # not relative to the working directory
    try:
        res = runner.invoke(app, ["play", "hero-ik", "--seats", "random,random", "--seed", "5",
                                  "--setup", str(setup), "--save", str(save)])
    finally:
        os.chdir(here)
    assert res.exit_code == 0, res.output
    doc = json.loads(save.read_text())
    assert doc["setup"]["cards"] == CARDS
    (tmp_path / "mine.yaml").unlink()               # the replay needs no file
    rep = runner.invoke(app, ["replay", str(save)])
    assert rep.exit_code == 0, rep.output
    assert "replay verified" in rep.output


def test_play_reads_a_mission_file_and_a_campaign_log(tmp_path: Path) -> None:
    from questbox.games.descent.campaign_log import new_log
    from questbox.games.heroica.data import bundled_missions

    mission = {**bundled_missions()["crypt-gate"], "id": "my-gate", "title": "My gate"}
    (tmp_path / "m.yaml").write_text(yaml.safe_dump(mission))
    (tmp_path / "heroica.yaml").write_text("mission: m.yaml\n")
    (tmp_path / "log.json").write_text(json.dumps(new_log("harrowmere", ["avric", "jain"], seed=4)))
    (tmp_path / "campaign.yaml").write_text("log: log.json\n")
    for game, setup, key in (("heroica", "heroica.yaml", "mission"), ("descent-campaign", "campaign.yaml", "log")):
        save = tmp_path / f"{game}.json"
        res = runner.invoke(app, ["play", game, "--seats", "random,random", "--seed", "2",
                                  "--setup", str(tmp_path / setup), "--save", str(save)])
        assert res.exit_code == 0, res.output
        assert isinstance(json.loads(save.read_text())["setup"][key], dict)


def test_a_file_that_cannot_be_read_is_a_clear_error(tmp_path: Path) -> None:
    setup = tmp_path / "setup.yaml"
    setup.write_text("cards: nowhere.yaml\n")
    res = runner.invoke(app, ["play", "hero-ik", "--seats", "random,random", "--setup", str(setup)])
    assert res.exit_code == 2
    assert "cards: cannot read" in res.output and "nowhere.yaml" in res.output
    os.mkfifo(tmp_path / "fifo.yaml")
    setup.write_text("cards: fifo.yaml\n")
    res = runner.invoke(app, ["play", "hero-ik", "--seats", "random,random", "--setup", str(setup)])
    assert res.exit_code == 2 and "is not a regular file" in res.output
