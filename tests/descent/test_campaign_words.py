"""The Campaign phase told in words (:mod:`questbox.games.descent.campaign_words`): each action's
event names its cards, items, upgrades and heroes from the game's data, never their ids."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from questbox.core import JSON, Action, get_game
from questbox.games.descent.campaign_game import CampaignState, campaign_space
from questbox.games.descent.campaign_words import TELL, tell

G = get_game("descent-campaign")
#: an id with a hyphen (``curse-doll``, ``first-legion``) or a seat:action line (``heroes: buy``)
RAW = re.compile(r"\b[a-z]+-[a-z]+\b|^\w+: [a-z-]+ ")


def state(log: JSON, seed: int = 0) -> CampaignState:
    st = G.new({"log": log}, seed=seed)
    assert isinstance(st, CampaignState)
    return st


def told(st: CampaignState, seat: str, action: str) -> str:
    events = st.apply(seat, action)
    assert events[0].kind == "campaign"
    text = events[0].text
    assert not RAW.search(text), text
    return text


def test_the_plot_deck_choice_is_told_by_the_decks_name() -> None:
    assert told(state({}), "overlord", "plot-deck first-legion") == (
        "The overlord chooses the First Legion Plot deck for the campaign.")
    assert told(state({}), "overlord", "plot-deck none") == "The overlord plays the campaign without a Plot deck."


def test_the_shopping_step_names_the_hero_the_item_and_the_price() -> None:
    st = state({"heroes": ["syndrael", "avric"], "plot_deck": "first-legion", "phase": "shopping", "next": 1,
                "gold": 50, "fortune": {"syndrael": 1, "avric": 1},
                "shop": {"offer": ["iron-shield"], "deck": ["light-hammer", "iron-spear"]}})
    assert told(st, "heroes", "buy iron-shield syndrael") == "Syndrael buys an Iron Shield (50 gold; 0 left)."
    assert told(st, "heroes", "extra-card syndrael avric") == (
        "Syndrael and Avric Albright spend 1 fortune each to draw 1 more Shop card: a Light Hammer.")
    assert told(st, "heroes", "done") == "The heroes are done shopping."


def test_spending_experience_is_told_with_the_upgrades_and_plot_cards_names() -> None:
    st = state({"heroes": ["syndrael", "avric"], "plot_deck": "first-legion", "phase": "spend-xp", "next": 1,
                "threat": 4, "xp": {"syndrael": 1, "overlord": 1}})
    assert told(st, "heroes", "upgrade syndrael toughness") == "Syndrael takes the upgrade Toughness (1 XP)."
    assert told(st, "heroes", "done") == "The heroes are done spending experience points."
    assert told(st, "overlord", "xp-threat") == "The overlord trades 1 XP for 3 threat (threat 7)."
    assert told(st, "overlord", "buy-plot retribution") == "The overlord buys the Plot card Retribution (2 threat)."
    assert told(st, "overlord", "done") == (
        "The overlord is done spending experience points: the next quest follows.")


def test_an_overlord_class_card_is_told_by_its_name() -> None:
    st = state({"overlord_deck": [], "phase": "spend-xp", "next": 1, "done": ["heroes"], "xp": {"overlord": 3}})
    card = next(a for a in st.legal_actions("overlord") if a.name == "buy-overlord")
    text = told(st, "overlord", str(card))
    assert text.startswith("The overlord buys the Overlord class card ") and "XP)" in text


def test_every_campaign_phase_action_has_its_sentence() -> None:
    space = campaign_space(state({"overlord_deck": []}).log)
    names = {a.name for a in space[:space.index(Action("done")) + 1]}      # the Campaign phase's, first
    assert "buy-overlord" in names and names <= set(TELL), names - set(TELL)


def test_an_action_it_does_not_know_is_told_with_the_games_description() -> None:
    log = state({}).log
    assert tell(log, log, "overlord", Action("recruit", ("x",)), "recruit a new lieutenant (2 XP)") == (
        "The overlord: Recruit a new lieutenant (2 XP).")
    # a known name whose arguments changed shape falls back too, rather than failing the move
    assert tell(log, log, "heroes", Action("buy", ()), "buy something") == "The heroes: Buy something."


def test_the_command_line_tells_a_campaign_move_in_words(tmp_path: Path, capsys: Any) -> None:
    from questbox.games.descent.campaign import main

    path = tmp_path / "camp.json"
    assert main(["new", str(path)]) == 0
    capsys.readouterr()
    assert main(["play", str(path), "plot-deck first-legion"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "The overlord chooses the First Legion Plot deck for the campaign."
