"""Issue #18: `questbox campaign simulate` — processes, parties, the plot deck off, the
statistics (win rate with its interval, cards bought and played, campaign length) and its CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from questbox.cli import app
from questbox.core import Action, SetupError
from questbox.games.descent import campaign_stats as S
from questbox.games.descent.campaign_play import run_campaign

runner = CliRunner()
HEROES = ["syndrael", "avric"]


def test_jobs_give_the_same_report_as_one_process() -> None:
    one = S.simulate(3, 40, HEROES, "first-legion", overlord_deck=True, jobs=1)
    two = S.simulate(3, 40, HEROES, "first-legion", overlord_deck=True, jobs=2)
    assert one == two
    assert one["campaigns"] == 3 and one["mean_quests"] >= 3


def test_a_summary_is_the_campaign_run_campaign_plays() -> None:
    row = S.play_campaign(7, HEROES, "first-legion")
    log = run_campaign(7, HEROES, "first-legion")
    assert row["winner"] == log["winner"]
    assert row["quest_winners"] == [f"{h['quest']}:{h['winner']}" for h in log["history"]]
    assert row["plot_played"] == log["stats"]["triggered"]
    assert row["quests"] == len(log["history"]) and row["encounters"] >= row["quests"]
    assert row["rounds"] >= row["encounters"] and row["decisions"] > row["rounds"]


def test_cards_played_are_counted_by_their_use() -> None:
    assert S._card_played("overlord", Action("card", ("dark-might",))) == ("overlord", "dark-might")
    assert S._card_played("overlord", Action("card", ("reinforce", "goblin"))) == ("overlord", "reinforce")
    assert S._card_played("heroes", Action("pray", ("syndrael",))) == ("hero", "prayer-of-healing")
    assert S._card_played("heroes", Action("use", ("wooden-shield",))) == ("hero", "wooden-shield")
    assert S._card_played("heroes", Action("surge", ("heart1",))) is None
    assert S._card_played("heroes", Action("move")) is None
    assert S._card_played("overlord", Action("pass")) is None


def test_the_overlord_deck_cards_are_played_in_bot_campaigns() -> None:
    row = S.play_campaign(3, HEROES, None, overlord_deck=True)
    assert row["plot_played"] == {} and row["plot_bought"] == []
    assert sum(row["overlord_played"].values()) > 0 and sum(row["class_used"].values()) > 0


def test_party_and_plot_deck_choices() -> None:
    assert S.party("2") == ["syndrael", "avric"]
    assert S.party("4") == list(S.DEFAULT_PARTY)
    assert S.party("tarha,jain:wildlander,grisban") == ["tarha", "jain:wildlander", "grisban"]
    for bad, why in [("1", "2, 3 or 4"), ("5", "2, 3 or 4"), ("syndrael", "2, 3 or 4"),
                     ("syndrael,bob", "unknown hero 'bob'"), ("avric,avric", "each hero once")]:
        with pytest.raises(SetupError, match=why):
            S.party(bad)
    assert S.plot_deck("none") is None and S.plot_deck("first-legion") == "first-legion"
    with pytest.raises(SetupError, match="unknown Plot deck"):
        S.plot_deck("second-legion")


def test_report_interval_and_table() -> None:
    rows = [{"winner": w, "quests": 4, "encounters": 5, "rounds": 20, "decisions": 900, "quest_winners": [],
             "search_gold": 25, "plot_bought": ["fealty"], "plot_played": {"fealty": 2},
             "overlord_bought": [], "skills_bought": ["brute"], "shop_bought": [],
             "overlord_played": {"dash": 3}, "class_used": {"brute": 1}} for w in ("overlord", "heroes", "heroes")]
    rep = S.report(rows, HEROES, "first-legion")
    lo, hi = rep["overlord_win_rate_95"]
    assert rep["overlord_wins"] == 1 and lo < 1 / 3 < hi
    assert rep["triggered"] == {"fealty": 6} and rep["overlord_cards_played"] == {"dash": 9}
    assert rep["mean_rounds"] == 20 and rep["search_gold_per_campaign"] == 25
    text = S.table(rep)
    assert "33.3 %" in text and "dash 9" in text
    md = S.markdown([rep])
    assert md.count("\n") == 3 and "Overlord: dash 9" in md and "| 2 (syndrael, avric) |" in md


def _error(args: list[str]) -> str:
    res = runner.invoke(app, ["campaign", "simulate", *args])
    assert res.exit_code != 0, res.output
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    return lines[0]


@pytest.mark.parametrize(("args", "why"), [
    (["--plot", "bogus"], "unknown Plot deck"), (["--heroes", "5"], "2, 3 or 4"),
    (["--campaign", "nowhere"], "nowhere"), (["--jobs", "0"], "positive")])
def test_simulate_errors_are_one_line(args: list[str], why: str) -> None:
    assert why in _error(["--campaigns", "1", *args])


def test_simulate_out_json_and_force(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    out.write_text("keep\n")
    assert "--force" in _error(["--campaigns", "1", "--out", str(out)])
    assert out.read_text() == "keep\n"
    res = runner.invoke(app, ["campaign", "simulate", "--campaigns", "1", "--plot", "none", "--json",
                              "--out", str(out), "--force"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == json.loads(out.read_text())
    assert json.loads(out.read_text())["plot_deck"] is None
    res = runner.invoke(app, ["campaign", "simulate", "--campaigns", "1", "--heroes", "3"])
    assert res.exit_code == 0 and "overlord wins" in res.stdout and "leoric" in res.stdout


def test_bench_campaigns_writes_the_markdown_table(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    md, js = tmp_path / "t.md", tmp_path / "t.json"
    cmd = [sys.executable, str(root / "bench" / "campaigns.py"), "--campaigns", "1", "--jobs", "1",
           "--heroes", "2", "--plots", "first-legion,none", "--md", str(md), "--json", str(js)]
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
    text = md.read_text()
    assert "command: `python bench/campaigns.py --campaigns 1" in text and "load average" in text
    rows = [line for line in text.splitlines() if line.startswith("| 2 (")]
    assert [r.split("|")[2].strip() for r in rows] == ["first-legion", "none"]
    assert [r["plot_deck"] for r in json.loads(js.read_text())] == ["first-legion", None]
    again = subprocess.run(cmd, capture_output=True, text=True, env=env)
    assert again.returncode == 1 and again.stderr.startswith("error: ") and "--force" in again.stderr
    assert md.read_text() == text
