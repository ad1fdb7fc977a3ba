"""The Pyre and the Legion (data/campaigns/pyre-legion.yaml, issue #18): a campaign of ours whose
quests feature lieutenants, played in full with the campaign log, XP, Plot cards and relics."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from questbox.games.descent import campaign_log as L
from questbox.games.descent.campaign import main
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.campaign_play import run_campaign
from questbox.games.descent.data import read_quest

HEROES = ["syndrael", "avric"]
QUESTS = ["farrow-pyre", "ardus-muster", "warren-raid", "farrow-pyre", "hollow-barrow", "drowned-chapel"]


def test_the_campaign_plays_the_lieutenant_quests_and_names_ardus_for_its_last_two() -> None:
    cm = campaign_data("pyre-legion")
    assert [q.quest for q in cm.quests] == QUESTS and cm.source.startswith("ours") and cm.story
    featured = [sorted(g.lieutenant for g in read_quest(q.quest).groups if g.lieutenant) for q in cm.quests]
    assert featured == [["lord-merick-farrow"], ["ardus"], [], ["lord-merick-farrow"], [], []]
    assert [q.act for q in cm.quests] == [None, None, None, 2, 2, None]
    # the campaign names Ardus as its lieutenant for its last two quests (DLP-AGENT-08)
    assert [q.lieutenants for q in cm.quests] == [[], [], [], [], ["ardus"], ["ardus"]]


def test_a_bot_campaign_is_played_to_the_end_with_xp_plot_cards_and_relics() -> None:
    log = run_campaign(1, HEROES, "first-legion", campaign="pyre-legion")
    assert log["phase"] == "over" and log["winner"] == log["history"][-1]["winner"]
    assert [h["quest"] for h in log["history"]] == QUESTS
    barrow = log["history"][4]
    assert barrow["winner"] == barrow["encounters"][1]
    # XP: 1 for every player after each of the 6 quests, 1 more for each quest his side won; what
    # is left after the Spend XP steps is at most that
    won = {side: sum(h["winner"] == side for h in log["history"]) for side in ("heroes", "overlord")}
    assert won["heroes"] + won["overlord"] == len(QUESTS)
    assert 0 <= log["xp"]["overlord"] <= len(QUESTS) + won["overlord"]
    assert all(0 <= log["xp"][h] <= len(QUESTS) + won["heroes"] for h in HEROES)
    assert log["plot_deck"] == "first-legion"
    assert sum(log["stats"]["triggered"].values()) > 0            # Plot cards were played
    # the relics the first two quests name went to the side that won each (neither was held before)
    carried = [it for items in log["items"].values() for it in items]
    for h, relic, lt in zip(log["history"][:2], ("dawnblade", "trueshot"), ("duskblade", "scorpions-kiss"),
                            strict=True):
        if h["winner"] == "heroes":
            assert h["relic"] == {"side": "heroes", "relic": relic} and relic in carried
        else:
            assert h["relic"] == {"side": "overlord", "relic": lt} and lt in log["overlord_relics"]


def test_the_cli_starts_plays_and_simulates_the_campaign(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    assert main(["new", str(path), "--campaign", "pyre-legion"]) == 0
    log = json.loads(path.read_text())
    assert log["campaign"] == "pyre-legion" and log["phase"] == "plot-deck"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["play", str(path), "plot-deck first-legion"]) == 0
        assert main(["play", str(path), "--quest-seed", "3"]) == 0       # The Farrow Pyre, by the bots
    log = json.loads(path.read_text())
    assert log["history"][0]["quest"] == "farrow-pyre" and log["phase"] == "shopping"
    assert L.encounter_setup({**log, "phase": "quest"})["quest"] == "ardus-muster"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["simulate", "--campaigns", "2", "--campaign", "pyre-legion", "--json"]) == 0
    report = json.loads(out.getvalue())
    assert report["campaign"] == "pyre-legion" and report["campaigns"] == 2
    assert report["quests"]
