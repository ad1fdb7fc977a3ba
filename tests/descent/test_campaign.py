"""Descent campaigns: the log, the Plot deck choice, threat carried between quests, the Campaign
phase (Shopping and Spend XP steps), purchases, and whole campaigns between bots."""

from __future__ import annotations

import json

import pytest

from questbox.core import JSON, Action, SetupError
from questbox.games.descent import GAME
from questbox.games.descent.campaign_log import apply, encounter_setup, legal, new_log, record, to_move, view
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.campaign_play import run_campaign
from questbox.games.descent.catalog import catalog
from questbox.games.descent.plot import cards_of
from questbox.games.descent.state import DescentState


def names(acts: list[Action]) -> list[str]:
    return [str(a) for a in acts]


def started(plot: str = "first-legion") -> JSON:
    log = new_log("harrowmere", ["syndrael", "avric"], seed=3)
    return apply(log, "overlord", f"plot-deck {plot}")


def quest_over(log: JSON, winner: str, threat_gained: int = 0) -> DescentState:
    st = GAME.new(encounter_setup(log), seed=1)
    assert isinstance(st, DescentState)
    if "campaign" in st.mods and log["plot_deck"]:
        st.mods["campaign"]["threat"] += threat_gained
    st.pending.clear()
    st.finish(winner, "test")
    return st


@pytest.mark.clause("DLP-PLOT-01", "DLP-PLOT-02", "DLP-PLOT-03", "DLP-PLOT-04")
def test_after_the_heroes_choose_classes_the_overlord_chooses_one_plot_deck_for_the_campaign() -> None:
    log = new_log("harrowmere", ["syndrael:berserker", "avric"], seed=3)
    assert log["heroes"][0] == "syndrael:berserker" and log["phase"] == "plot-deck"
    assert to_move(log) == "overlord"
    assert names(legal(log, "overlord")) == ["plot-deck first-legion", "plot-deck none"]
    assert legal(log, "heroes") == []
    log = apply(log, "overlord", "plot-deck first-legion")
    assert log["faceup"] == ["strength-in-numbers"] and len(log["facedown"]) == 9
    assert log["phase"] == "quest"
    # the deck is kept for the whole campaign: no later step offers another
    st = quest_over(log, "heroes")
    log = record(log, st)
    while log["phase"] != "quest":
        seat = to_move(log)
        assert seat is not None
        assert not [a for a in legal(log, seat) if a.name == "plot-deck"]
        log = apply(log, seat, "done")
    assert log["plot_deck"] == "first-legion"


@pytest.mark.clause("DLP-PLOT-05")
def test_the_face_down_cards_are_in_the_log_for_the_overlord_only() -> None:
    log = started()
    assert view(log, "overlord")["facedown"] == log["facedown"]
    assert view(log, "heroes")["facedown"] == 9
    assert "retribution" not in json.dumps(view(log, "heroes"))


@pytest.mark.clause("DLP-THREAT-04", "DLP-THREAT-05", "DLP-THREAT-09", "DLP-THREAT-10", "DLP-THREAT-11")
def test_threat_at_the_end_of_each_quest_recorded_in_the_log_and_carried_on() -> None:
    log = started()
    won = record(log, quest_over(log, "overlord", threat_gained=2))
    assert won["threat"] == 2 + 1 + 1
    lost = record(log, quest_over(log, "heroes", threat_gained=2))
    assert lost["threat"] == 2 + 1
    assert won["history"][0]["threat_after"] == 4
    # the next quest starts with the recorded threat
    log = won
    while log["phase"] != "quest":
        seat = to_move(log)
        assert seat is not None
        log = apply(log, seat, "done")
    st = GAME.new(encounter_setup(log), seed=2)
    assert isinstance(st, DescentState)
    assert st.mods["campaign"]["threat"] == 4 and encounter_setup(log)["quest"] == "warren-raid"


@pytest.mark.clause("DLP-THREAT-06", "DLP-PURCHASE-01", "DLP-PURCHASE-02", "DLP-PURCHASE-03", "DLP-SPEND-01",
                    "DLP-PLOT-06", "DLP-AGENT-06")
def test_spend_xp_step_xp_for_threat_and_plot_purchases_return_threat_to_the_supply() -> None:
    log = started()
    log = record(log, quest_over(log, "overlord"))        # threat 2; overlord XP 2
    log = apply(log, "heroes", "done")                     # the Shopping step
    assert log["phase"] == "spend-xp" and to_move(log) == "heroes"
    log = apply(log, "heroes", "done")
    assert to_move(log) == "overlord"
    assert log["xp"]["overlord"] == 2
    log = apply(log, "overlord", "xp-threat")
    assert log["threat"] == 2 + 3 and log["xp"]["overlord"] == 1
    buys = names(legal(log, "overlord"))
    costs = {c.id: c.buy for c in cards_of("first-legion").values()}
    assert sorted(b.split()[1] for b in buys if b.startswith("buy-plot")) == sorted(
        c for c in log["facedown"] if costs[c] <= 5)
    log = apply(log, "overlord", "buy-plot summon-ardus")
    assert log["threat"] == 2 and "summon-ardus" in log["faceup"] and "summon-ardus" not in log["facedown"]
    assert log["fortune"] == {"syndrael": 0, "avric": 0}       # bought threat goes back to the supply
    with pytest.raises(SetupError):
        apply(log, "overlord", "buy-plot loyalty-rewarded")     # 4 threat: too dear now
    log = apply(log, "overlord", "done")
    assert log["phase"] == "quest"
    st = GAME.new(encounter_setup(log), seed=2)
    assert isinstance(st, DescentState)
    assert st.mods["campaign"]["cards"]["summon-ardus"] == "ready"     # usable in later quests
    # a card that went back to the Plot deck (a defeated agent) may be bought again
    log2 = dict(log, facedown=[*log["facedown"], "summon-ardus"],
                faceup=[c for c in log["faceup"] if c != "summon-ardus"], phase="spend-xp", done=["heroes"],
                threat=3)
    assert "buy-plot summon-ardus" in names(legal(log2, "overlord"))


@pytest.mark.clause("DLP-FORTUNE-05", "DLP-FORTUNE-08", "DLP-FORTUNE-06", "DLP-FORTUNE-07")
def test_shopping_step_fortune_buys_extra_shop_cards_and_all_fortune_goes_back_after() -> None:
    log = started()
    st = quest_over(log, "heroes")
    st.mods["campaign"]["fortune"] = {"syndrael": 1, "avric": 2}
    log = record(log, st)
    assert log["phase"] == "shopping" and len(log["shop"]["offer"]) == campaign_data("harrowmere").shop_draw
    assert log["gold"] == 25 + 50
    acts = names(legal(log, "heroes"))
    assert "extra-card syndrael avric" in acts and "extra-card avric avric" in acts
    assert "extra-card syndrael syndrael" not in acts                 # he has one token only
    log = apply(log, "heroes", "extra-card syndrael avric")
    n = campaign_data("harrowmere").shop_draw
    assert len(log["shop"]["offer"]) == n + 1 and log["fortune"] == {"syndrael": 0, "avric": 1}
    log = {**log, "gold": 500}
    item = log["shop"]["offer"][0]
    cost = catalog().shop[item].cost
    log = apply(log, "heroes", f"buy {item} avric")
    assert log["items"]["avric"] == [item] and log["gold"] == 500 - cost
    log = apply(log, "heroes", f"equip {item} avric")
    log = apply(log, "heroes", "done")
    assert log["fortune"] == {"syndrael": 0, "avric": 0} and log["phase"] == "spend-xp"
    # the bought and equipped item is on the hero in the next quest (the rule module items)
    log = apply(apply(log, "heroes", "done"), "overlord", "done")
    setup = encounter_setup(log)
    assert setup["campaign"]["equipment"] == {"avric": [item]}
    st2 = GAME.new(setup, seed=2)
    assert isinstance(st2, DescentState) and "items" in st2.enc.by_name


def test_xp_buys_our_upgrades_for_the_next_quest() -> None:
    log = started()
    log = record(log, quest_over(log, "heroes"))
    log = apply(log, "heroes", "done")
    assert "upgrade syndrael toughness" in names(legal(log, "heroes"))
    log = apply(log, "heroes", "upgrade syndrael toughness")
    assert log["xp"]["syndrael"] == 1 and log["upgrades"]["syndrael"] == ["toughness"]
    log = apply(apply(log, "heroes", "done"), "overlord", "done")
    st = GAME.new(encounter_setup(log), seed=2)
    assert isinstance(st, DescentState)
    assert st.health(st.ids["syndrael"]) == 13


@pytest.mark.clause("DLP-THREAT-07", "DLP-PLOT-08")
def test_only_a_campaign_whose_data_names_rumor_cards_has_them() -> None:
    cm = campaign_data("harrowmere")
    assert [q.kind for q in cm.quests] == ["quest", "interlude", "quest", "finale"]
    assert "ours" in cm.source and cm.rumors == []
    assert "rumors" not in new_log("harrowmere")     # Harrowmere plays as before
    with pytest.raises(SetupError, match="unknown key"):
        GAME.new({"campaign": {"rumors": ["x"]}})    # Rumor cards are campaign data, not a setup key
    assert set(new_log("whispering-road")["rumors"]["hand"]) == set(campaign_data("whispering-road").rumors)
    # without a plot deck the overlord never gains threat
    log = started("none")
    log = record(log, quest_over(log, "overlord"))
    assert log["threat"] == 0 and log["plot_deck"] is None


def test_the_interlude_and_finale_allow_no_agent_and_the_finale_ends_the_campaign() -> None:
    log = started()
    kinds = []
    while log["phase"] != "over":
        if log["phase"] == "quest":
            setup = encounter_setup(log)
            kinds.append(setup["campaign"]["kind"])
            log = record(log, quest_over(log, "heroes"))
        else:
            seat = to_move(log)
            assert seat is not None
            log = apply(log, seat, "done")
    assert kinds == ["quest", "interlude", "quest", "finale"] and log["winner"] == "heroes"


def test_a_campaign_file_is_a_setup_for_questbox_play(tmp_path: object) -> None:
    log = started()
    st = GAME.new({"campaign": "harrowmere", "log": log}, seed=4)
    assert isinstance(st, DescentState)
    assert st.enc.quest.id == "sunken-ossuary" and "campaign" in st.mods
    with pytest.raises(SetupError, match="not before a quest"):
        GAME.new({"campaign": "harrowmere", "log": new_log("harrowmere")})


@pytest.mark.clause("DLP-C02-07", "DLP-C01-05", "DLP-C03-06", "DLP-C06-06", "DLP-C10-07", "DLP-C04-06",
                    "DLP-C09-05", "DLP-C07-06", "DLP-C08-06", "DLP-C05-07", "DLP-C01-01", "DLP-C02-01",
                    "DLP-C03-01", "DLP-C04-01", "DLP-C05-01", "DLP-C06-01", "DLP-C07-01", "DLP-C08-01", "DLP-C09-01",
                    "DLP-C10-01", "DLP-C02-02", "DLP-C08-02")
def test_the_cards_costs_and_refresh_rules_as_printed() -> None:
    cards = cards_of("first-legion")
    costs = {c.id: (c.number, c.buy, c.trigger, c.refresh) for c in cards.values()}
    assert costs == {
        "strength-in-numbers": (1, 0, 1, "normal"), "retribution": (2, 2, 1, "normal"),
        "swarming-tide": (3, 2, 1, "normal"), "threatening-masses": (4, 2, 1, "encounter-end"),
        "camaraderie": (5, 2, 1, "none"), "fealty": (6, 2, 1, "normal"), "defensive-position": (7, 3, 2, "tile"),
        "rise-to-the-challenge": (8, 4, 0, "turn-end"), "loyalty-rewarded": (9, 4, 1, "encounter-end"),
        "summon-ardus": (10, 3, 2, "normal")}
    assert all(c.source.startswith("printed:") for c in cards.values())


def test_bot_campaigns_end_and_replay_exactly() -> None:
    a = run_campaign(5, ["syndrael", "avric"], "first-legion")
    b = run_campaign(5, ["syndrael", "avric"], "first-legion")
    assert a == b and a["phase"] == "over" and a["winner"] in ("heroes", "overlord")
    assert len(a["history"]) == 4
    assert json.loads(json.dumps(a)) == a
    c = run_campaign(5, ["syndrael", "avric", "leoric"], None)
    assert c["plot_deck"] is None and c["threat"] == 0
    d = run_campaign(6, ["syndrael", "avric", "leoric"], "first-legion", seats="per-hero")
    assert d["phase"] == "over" and d["seats"] == "per-hero" and len(d["history"]) == 4


def test_the_table_shows_threat_fortune_and_the_face_up_plot_cards() -> None:
    from rich.console import Console

    from questbox.games.descent.render import render

    log = started()
    st = GAME.new({"campaign": "harrowmere", "log": log, "seats": "party"}, seed=4)
    for seat, secret in (("heroes", False), ("overlord", True)):
        console = Console(width=140, record=True)
        console.print(render(st.view(seat), seat))
        text = console.export_text()
        assert "threat 0" in text and "Strength in Numbers (ready)" in text and "9 face down" in text
        assert ("retribution" in text) is False     # face-down cards are counted, never named here
        assert secret or "summon-ardus" not in text
        assert "Retribution" not in text      # (nor by name: the Plot cards are named now)


def test_a_quest_played_at_the_table_is_recorded_from_its_replay() -> None:
    from questbox.core import Match
    from questbox.games.descent.campaign_play import record_replay
    from questbox.games.descent.plot_bots import PlotAgent

    log = started()
    m = Match(GAME, {"campaign": "harrowmere", "log": log, "seats": "party"}, seed=9)
    bots = {s: PlotAgent(seed=i) for i, s in enumerate(m.state.seats)}
    while not m.state.is_over():
        seat = m.state.to_move()[0]
        m.apply(seat, bots[seat].act(m.state, seat))
    after = record_replay(log, m.replay().to_json())
    st = m.state
    assert isinstance(st, DescentState) and st.result is not None
    assert after["phase"] == "shopping" and after["history"][0]["winner"] == st.result[0]
    with pytest.raises(SetupError):
        record_replay(after, m.replay().to_json())
