"""Tomble Burrowell's heroic feat (modules/feats.py, ruling F6): an action; his figure leaves the
map and his hero token stays on his space; at the start of his next turn his seat places him on an
empty space within 4 spaces of the token; meanwhile nothing targets him and he blocks nothing."""

from __future__ import annotations

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import IllegalAction
from questbox.games.descent import GAME
from questbox.games.descent.modules.feats import REAPPEAR, VANISHED
from questbox.games.descent.space import action_space
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, heuristic_game, names, new, quest


def arena() -> DescentState:
    """Tomble on A1, Syndrael on A2; a goblin archer on B1, next to Tomble, another far off."""
    q = quest(groups=[group("goblin-archer", "goblin", ["B1", "H6"], masters=0, minions=2)])
    return new({"quest": q, "heroes": ["tomble", "syndrael"], "two_hero_rule": False})


def test_tombles_feat_is_an_action_that_takes_him_off_the_map_and_ends_his_turn() -> None:
    st = arena()
    act(st, "activate tomble")
    assert "feat" in names(st.legal_actions())
    t = fig(st, "tomble")
    events = act(st, "feat")
    f = st.figs[t]
    assert f.status == VANISHED and st.enc.board.names[f.pos] == "A1"     # his token keeps his space
    assert t not in st.occ.values()                                        # his figure blocks nothing
    assert any(e.kind == "feat" for e in events)
    assert st.mods["feats"]["used"] == ["tomble"]
    assert "tomble" in st.view("overlord")["figures"] and st.view("overlord")["figures"]["tomble"]["status"] == VANISHED
    # his turn is over: the next decision is Syndrael's (the party picks her, the only hero left)
    assert st.turns and st.turns[-1].fig == fig(st, "syndrael")


def test_monsters_cannot_target_vanished_tomble_and_he_is_not_knocked_out() -> None:
    st = arena()
    act(st, "activate tomble", "feat")
    t = fig(st, "tomble")
    goblin = fig(st, "goblin-1")
    assert t not in st.attack_targets(goblin)
    assert st.figs[t].status != "ko"
    doc = st.to_json()
    assert GAME.from_json(doc).to_json() == doc and st.clone().to_json() == doc


def test_he_reappears_at_the_start_of_his_next_turn_within_4_spaces_of_his_token() -> None:
    st = arena()
    act(st, "activate tomble", "feat", "end")        # Syndrael ends her turn at once
    # the overlord's turn: end every activation until round 2's heroes
    while st.phase != "heroes" or st.pending[-1].kind != "next-hero":
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, next((a for a in legal if a.name in ("end", "done", "pass")), legal[-1]))
    act(st, "activate tomble")
    assert st.pending[-1].kind == REAPPEAR and list(st.to_move()) == [st.figs[fig(st, "tomble")].seat]
    assert "reappears (a heroic feat)" in st.view("heroes")["decision"]["text"]
    legal = names(st.legal_actions())
    board = st.enc.board
    token = board.index["A1"]
    dist = board.dist_from(st.doors, token)
    want = [f"place {board.names[s]}" for s in board.spaces
            if dist[s] <= 4 and board.passable[s] and s not in st.occ]
    assert legal == want and "place A1" in legal and "place F1" not in legal      # F1 is 5 away
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(st.to_move()[0], "place F1")
    assert st.to_json() == before
    act(st, "place E1")
    t = fig(st, "tomble")
    assert st.figs[t].status == "active" and board.names[st.figs[t].pos] == "E1" and st.occ[board.index["E1"]] == t
    # then his turn goes on with his two actions; the feat is spent for the quest
    assert st.turns[-1].fig == t and st.turns[-1].actions == 2
    assert "feat" not in names(st.legal_actions())


def test_every_action_of_the_feat_is_in_the_action_space_and_random_games_end() -> None:
    vanished = 0
    for seed in range(8):
        setup = {"heroes": ["tomble", "syndrael", "jain"], "seats": "per-hero"}
        space = set(action_space(setup))
        st = GAME.new(setup, seed=seed)
        assert isinstance(st, DescentState)
        bots = {s: RandomAgent(seed=seed + i) for i, s in enumerate(st.seats)}
        while not st.is_over():
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            assert set(legal) <= space, set(legal) - space
            if st.pending[-1].kind == REAPPEAR:
                vanished += 1
                doc = st.to_json()
                assert GAME.from_json(doc).to_json() == doc
            st.apply(seat, bots[seat].act(st, seat))
        assert st.outcome() is not None
    assert vanished > 0


def test_the_heuristic_bot_vanishes_a_hurt_tomble_and_games_end() -> None:
    used = 0
    for seed in range(16):
        st = heuristic_game(["tomble", "avric"], seed)
        used += "tomble" in st.mods["feats"]["used"]
    assert used > 0
