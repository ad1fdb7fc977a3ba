"""Rumor cards in a campaign (issue #18, DLP-THREAT-07): the rules on the log, illegal input,
secrecy of the overlord's hand and the bots (the conformance cases campaign-rumor-*.yaml play
them through the game)."""

from __future__ import annotations

import pytest

from questbox.core import JSON, Rng, SetupError, get_game
from questbox.games.descent import GAME
from questbox.games.descent.campaign_game import CampaignState
from questbox.games.descent.campaign_log import apply, check_log, encounter_setup, legal, new_log, record, view
from questbox.games.descent.campaign_model import rumor_cards
from questbox.games.descent.campaign_play import run_campaign
from questbox.games.descent.campaign_sheet import sheet
from questbox.games.descent.state import DescentState


def after_first_quest(plot: str = "first-legion", winner: str = "heroes") -> JSON:
    log = apply(new_log("whispering-road", ["syndrael", "avric"], seed=3), "overlord", f"plot-deck {plot}")
    return record(log, finished(log, winner))


def finished(log: JSON, winner: str) -> DescentState:
    st = GAME.new(encounter_setup(log), seed=1)
    assert isinstance(st, DescentState)
    st.pending.clear()
    st.finish(winner, "test")
    return st


def names(log: JSON, seat: str) -> list[str]:
    return [str(a) for a in legal(log, seat)]


@pytest.mark.clause("DLP-THREAT-07")
def test_the_campaign_phase_starts_with_the_overlords_rumor_choice() -> None:
    log = after_first_quest()
    assert log["phase"] == "rumor" and len(log["rumors"]["hand"]) == 3
    assert sorted(names(log, "overlord")) == sorted(
        [*(f"rumor {c}" for c in log["rumors"]["hand"]), "pass"])
    assert names(log, "heroes") == []
    out = apply(log, "overlord", "rumor the-legion-musters")
    assert out["threat"] == log["threat"] + 1 and out["rumors"]["available"] == ["the-legion-musters"]
    assert out["phase"] == "shopping"


@pytest.mark.parametrize("action", ["rumor not-a-card", "rumor-quest smoke-over-farrow", "done"])
def test_illegal_rumor_actions_are_refused_and_leave_the_log_as_it_was(action: str) -> None:
    log = after_first_quest()
    before = repr(log)
    with pytest.raises(SetupError, match="cannot"):
        apply(log, "overlord", action)
    with pytest.raises(SetupError, match="cannot"):
        apply(log, "heroes", "rumor smoke-over-farrow")      # not the heroes' card
    assert repr(log) == before


def test_a_rumor_card_is_played_once_and_one_per_campaign_phase() -> None:
    log = apply(after_first_quest(), "overlord", "rumor smoke-over-farrow")
    before = repr(log)
    with pytest.raises(SetupError, match="cannot"):
        apply(log, "overlord", "rumor smoke-over-farrow")    # played already, and the moment is past
    with pytest.raises(SetupError, match="cannot"):
        apply(log, "overlord", "rumor tavern-whispers")      # one a Campaign phase
    assert repr(log) == before
    log = apply(apply(apply(log, "heroes", "done"), "heroes", "done"), "overlord", "done")
    assert log["phase"] == "next-quest"
    assert names(log, "heroes") == ["rumor-quest smoke-over-farrow", "next-quest"]
    # the Rumor quest is played; the campaign's next quest waits; the card leaves play after it
    log = apply(log, "heroes", "rumor-quest smoke-over-farrow")
    assert encounter_setup(log)["quest"] == "farrow-pyre" and log["next"] == 1
    log = record(log, finished(log, "overlord"))
    assert log["next"] == 1 and log["history"][-1]["rumor"] == "smoke-over-farrow"
    assert log["rumors"]["available"] == [] and log["rumors"]["quest"] is None
    assert "smoke-over-farrow" not in str(legal(log, "overlord"))


def test_no_rumor_quest_before_the_interlude_and_act_one_cards_leave_in_act_two() -> None:
    log = after_first_quest()
    assert log["xp"]["overlord"] == 1                  # the quest's XP (the heroes won)
    log = apply(log, "overlord", "rumor tavern-whispers")
    assert log["xp"]["overlord"] == 2 and log["rumors"]["available"] == []      # a card without a quest
    log = apply(apply(apply(log, "heroes", "done"), "heroes", "done"), "overlord", "done")
    log = record(log, finished(log, "heroes"))        # quest 2: the Interlude is next
    assert log["phase"] == "shopping"                  # no Rumor quest card may be played now
    log = apply(log, "heroes", "done")
    log = apply(apply(log, "heroes", "done"), "overlord", "done")
    log = record(log, finished(log, "heroes"))        # the Interlude: Act II begins
    assert log["rumors"]["hand"] == [] and log["phase"] == "shopping"


def test_an_unplayed_rumor_quest_gives_the_overlord_its_xp_when_act_two_begins() -> None:
    log = apply(after_first_quest(), "overlord", "rumor smoke-over-farrow")
    log = apply(apply(apply(log, "heroes", "done"), "heroes", "done"), "overlord", "done")
    log = apply(log, "heroes", "next-quest")
    log = record(log, finished(log, "heroes"))        # quest 2, the Rumor quest left
    assert names(log, "overlord") == ["rumor tavern-whispers", "pass"]      # the Interlude is next
    log = apply(log, "overlord", "pass")
    log = apply(apply(apply(log, "heroes", "done"), "heroes", "done"), "overlord", "done")
    log = apply(log, "heroes", "next-quest")
    xp = log["xp"]["overlord"]
    log = record(log, finished(log, "heroes"))        # the Interlude
    assert log["xp"]["overlord"] == xp + 1 + rumor_cards()["smoke-over-farrow"].unplayed_xp
    assert log["rumors"]["available"] == []


def test_the_heroes_never_see_the_overlords_rumor_hand() -> None:
    log = after_first_quest()
    hand = log["rumors"]["hand"]
    for seat in ("heroes", None):
        v = view(log, seat)
        assert v["rumors"]["hand"] == 3 and not any(c in str(v) for c in hand)
        assert not any(rumor_cards()[c].name in sheet(v) for c in hand)
    assert view(log, "overlord")["rumors"]["hand"] == hand
    played = apply(log, "overlord", "rumor smoke-over-farrow")
    assert "Smoke over Farrow" in sheet(view(played, "heroes"))       # a card played is public
    st = get_game("descent-campaign").new({"log": {**log}}, seed=4)
    assert isinstance(st, CampaignState)
    # the heroes' determinized worlds deal the unseen Rumor cards anew; the overlord's keep his hand
    worlds = [st.determinize("heroes", Rng(k)).log["rumors"] for k in range(4)]
    assert all(sorted(w["hand"]) == sorted(hand) and w["deck"] == [] for w in worlds)
    assert st.determinize("overlord", Rng(0)).log["rumors"]["hand"] == hand


def test_a_log_with_a_wrong_rumor_record_is_refused() -> None:
    log = after_first_quest()
    bad = {**log, "rumors": {**log["rumors"], "hand": ["smoke-over-farrow"] * 3}}
    with pytest.raises(SetupError, match="rumors"):
        check_log(bad)
    with pytest.raises(SetupError, match="rumors"):
        check_log({**log, "campaign": "harrowmere"})


def test_the_bots_play_rumor_cards_and_take_their_quests() -> None:
    log = run_campaign(1, ["syndrael", "avric"], "first-legion", campaign="whispering-road")
    assert log["phase"] == "over" and log["rumors"]["played"]
    assert [e["rumor"] for e in log["history"] if "rumor" in e] == [
        c for c in log["rumors"]["played"] if rumor_cards()[c].quest]
