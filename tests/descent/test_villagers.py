"""The Acolyte of Saradyn's villagers (modules/villagers.py, issue #18): the wounded clergy, one
per hero on tile 8A (D); the hero carrying the acolyte escorts one at the end of his turn (TAG's
AcolyteAction), hands the acolyte on as an action (TradeAcolyteAction); a monster next to one
carries it off as an action, and most of them carried off win for the overlord (ours)."""

from __future__ import annotations

import pytest

from questbox.core import IllegalAction, make_agent, play_game
from questbox.games.descent import GAME
from questbox.games.descent.quest_bots import tile_goal_action, villager_hero_action
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, new, put, touch

SETUP = {"quest": "acolyte-of-saradyn", "heroes": ["syndrael", "avric"]}


def legal(st: DescentState) -> list[str]:
    return [str(a) for a in st.legal_actions(None)]


def test_one_villager_per_hero_on_tile_8a_and_the_first_hero_carries_the_acolyte() -> None:
    st = new(SETUP)
    data = st.mods["villagers"]
    assert data["on"] == {"villager-1": "I15", "villager-2": "J17"} and data["acolyte"] == "syndrael"
    board = st.enc.board
    assert all(board.tile[board.index[s]] == "D" for s in data["on"].values())
    four = new({**SETUP, "heroes": ["syndrael", "avric", "leoric", "tomble"]})
    assert len(four.mods["villagers"]["on"]) == 4


def test_the_carrier_escorts_one_villager_at_the_end_of_his_turn() -> None:
    st = new(SETUP)
    act(st, "activate syndrael")
    put(st, "syndrael", "H15")          # next to I15 (villager-1), not to J17
    act(st, "end")
    assert legal(st) == ["escort villager-1", "pass"]
    act(st, "escort villager-1")
    data = st.mods["villagers"]
    assert data["on"] == {"villager-2": "J17"} and data["rescued"] == ["villager-1"]
    assert st.counters["villagers-rescued"] == 1 and st.result is None
    assert st.pending[-1].kind == "hero-turn"             # Avric's turn: one escort, then the turn is over


def test_only_the_carrier_escorts_and_one_villager_a_turn() -> None:
    st = new(SETUP)
    act(st, "activate avric")
    put(st, "avric", "I16")             # next to both villagers, but not carrying the acolyte
    act(st, "end")
    assert st.pending[-1].kind == "hero-turn" and st.mods["villagers"]["rescued"] == []   # Syndrael's turn
    put(st, "syndrael", "J16")
    act(st, "end")
    assert legal(st) == ["escort villager-1", "escort villager-2", "pass"]
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(None, "escort villager-3")
    assert st.to_json() == before                      # an illegal choice leaves the state as it was
    act(st, "escort villager-2")
    assert st.mods["villagers"]["on"] == {"villager-1": "I15"}
    assert st.pending[-1].kind != "react"                # no second escort that turn


def test_the_carrier_hands_the_acolyte_to_a_hero_next_to_him_as_an_action() -> None:
    st = new(SETUP)
    act(st, "activate syndrael")
    put(st, "syndrael", "B16")
    put(st, "avric", "C16")
    assert "give-acolyte avric" in legal(st)
    act(st, "give-acolyte avric")
    assert st.mods["villagers"]["acolyte"] == "avric"
    turn = st.turn
    assert turn is not None and turn.actions == 1
    assert "give-acolyte avric" not in legal(st)


def goblin_next_to(square: str) -> DescentState:
    st = new(SETUP, seed=1)
    act(st, "activate syndrael", "end", "end", "activate goblin-m")
    put(st, "goblin-m", square)
    return st


def test_a_monster_next_to_a_villager_carries_it_off_and_most_of_them_win_for_the_overlord() -> None:
    st = goblin_next_to("H15")
    assert "take-villager villager-1" in legal(st) and "take-villager villager-2" not in legal(st)
    turn = st.turn
    assert turn is not None
    actions = turn.actions
    act(st, "take-villager villager-1")
    assert st.turn is not None and st.turn.actions == actions - 1
    assert st.mods["villagers"]["taken"] == ["villager-1"] and st.counters["villagers-taken"] == 1
    assert st.result is None
    put(st, "goblin-m", "J16")
    act(st, "take-villager villager-2")
    assert st.result is not None and st.result[0] == "overlord"
    assert "carry off most" in st.result[1]



def test_with_four_heroes_the_overlord_needs_three_villagers() -> None:
    st = new({**SETUP, "heroes": ["syndrael", "avric", "leoric", "tomble"]}, seed=1)
    act(st, "activate syndrael", "end", "activate avric", "end", "activate leoric", "end", "end",
        "activate goblin-m")
    for k, square in enumerate(("H15", "J16", "G16")):     # next to villager-1, -2, -3 (I15, J17, H16)
        put(st, "goblin-m", square)
        assert st.result is None
        turn = st.turn
        assert turn is not None
        turn.actions = 2
        act(st, f"take-villager villager-{k + 1}")
    assert st.result is not None and st.result[0] == "overlord" and len(st.mods["villagers"]["taken"]) == 3


def test_the_bots_go_for_the_villagers() -> None:
    st = goblin_next_to("H15")
    g = fig(st, "goblin-m")
    got = tile_goal_action(st, g, st.legal_actions("overlord"))
    assert got is not None and str(got) == "take-villager villager-1"
    put(st, "goblin-m", "C10")          # far from them: it heads for the villagers, not for tile 9A's edge
    touch(st)
    move = tile_goal_action(st, g, st.legal_actions("overlord"))
    assert move is not None and move.name == "move"
    hero = new(SETUP)
    act(hero, "activate syndrael")
    s = fig(hero, "syndrael")
    step = villager_hero_action(hero, s, hero.legal_actions(None))
    assert step is not None and step.name == "move"
    assert villager_hero_action(hero, fig(hero, "avric"), hero.legal_actions(None)) is None   # not the carrier


def test_in_bot_games_the_carrier_rescues_villagers() -> None:
    seats = GAME.seat_names(SETUP)
    rescued = taken = 0
    for seed in range(6):
        agents = {s: make_agent("heuristic", GAME, k + seed) for k, s in enumerate(seats)}
        st = play_game(GAME, agents, SETUP, seed=seed).state
        assert isinstance(st, DescentState) and st.result is not None
        rescued += len(st.mods["villagers"]["rescued"])
        taken += len(st.mods["villagers"]["taken"])
    assert rescued >= 6
