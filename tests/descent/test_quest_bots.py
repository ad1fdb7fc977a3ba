"""The overlord bot goes for a quest's tile goal (descent/quest_bots.py, issue #18): in the
Acolyte of Saradyn the raid counter grows while a goblin archer stands on tile 9A (letter C)."""

from __future__ import annotations

from questbox.core import make_agent, play_game
from questbox.games.descent import GAME
from questbox.games.descent.quest_bots import goal_tile, tile_goal_action
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, new, put

SETUP = {"quest": "acolyte-of-saradyn", "heroes": ["syndrael", "avric"]}


def goblin_turn() -> DescentState:
    st = new(SETUP, seed=1)
    act(st, "activate syndrael", "end", "end", "activate goblin-m")
    return st


def test_a_goblin_off_the_tile_heads_for_it_and_one_on_it_stays() -> None:
    st = goblin_turn()
    st.mods["villagers"]["on"] = {}         # (villagers on the map come first: tests/descent/test_villagers.py)
    g = fig(st, "goblin-m")
    tile = goal_tile(st, g)
    board = st.enc.board
    assert tile and all(board.tile[s] == "C" for s in tile)
    assert goal_tile(st, fig(st, "barghest-m")) == ()                # no tile goal: the usual tactics
    legal = st.legal_actions("overlord")
    got = tile_goal_action(st, g, legal)
    assert got is not None and got.name == "move"
    if got.args:
        dest = st.moves(g)[got][2]
        assert board.distance(st.doors, (dest,), tile) < board.distance(st.doors, st.squares(g), tile)
    put(st, "goblin-m", board.names[tile[0]])
    st._legal = None
    on = tile_goal_action(st, g, st.legal_actions("overlord"))
    assert on is not None and on.name in ("attack", "end")


def test_the_bot_overlord_raises_the_raid_counter_in_bot_games() -> None:
    seats = GAME.seat_names(SETUP)
    raised = 0
    for seed in range(4):
        agents = {s: make_agent("heuristic", GAME, k + seed) for k, s in enumerate(seats)}
        st = play_game(GAME, agents, SETUP, seed=seed).state
        assert isinstance(st, DescentState)
        raised += st.counters.get("escape", 0) > 0
    assert raised >= 3
