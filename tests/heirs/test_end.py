"""Ending the game and the Additional Rules."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.games.heirs.cards import default_cards
from tests.heirs.helpers import accounted, at, do, make, texts

P2 = {"hand": ["BL"], "chain": ["B7"]}


def rest_of(*used: list[str]) -> list[str]:
    """Every card not in ``used`` (card-file order): to pack the discard pile and keep the deck small."""
    taken = {c for lst in used for c in lst}
    return [c for c in default_cards().ids if c not in taken]


@pytest.mark.clause("HWK-END-01")
def test_two_players_win_at_7() -> None:
    st = make([{"hand": ["R7"], "chain": ["R1", "R2", "R3", "R4", "R5", "R6"], "score": 6}, P2],
              options={"may_pass": True})
    assert at(st, "options.target") == 7
    ev = do(st, "pass", "chain R7 right")
    assert st.is_over()
    out = st.outcome()
    assert out is not None and out.winners == ("p1",)
    assert "crowned" in texts(ev)
    assert st.to_move() == () and st.legal_actions("p1") == []


@pytest.mark.clause("HWK-END-02", "HWK-END-03")
@pytest.mark.parametrize(("n", "target"), [(3, 6), (4, 5)])
def test_more_players_lower_the_target(n: int, target: int) -> None:
    chain = ["R1", "R2", "R3", "R4", "R5", "R6"][:target - 1]
    others = [{"hand": [f"B{j}"], "chain": [f"G{j}"]} for j in range(1, n)]
    st = make([{"hand": ["R7"], "chain": chain, "score": target - 1}, *others], options={"may_pass": True})
    assert at(st, "options.target") == target
    do(st, "pass", "chain R7 right")
    out = st.outcome()
    assert out is not None and out.winners == ("p1",)


def _both_complete(current: str, n: int = 2) -> Any:
    players = [{"hand": ["Y1"], "chain": ["R1", "R2", "R3", "R4", "R5", "R6", "R7"], "score": 6},
               {"hand": ["Y2"], "chain": ["O1", "O2", "O3", "O4", "O5", "O6", "O7"], "score": 6},
               {"hand": ["Y3"], "chain": ["G1", "G2", "G3", "G4", "G5", "G6", "G7"], "score": 6}][:n]
    return make(players, step="score", current=current, options={"target": 7})


@pytest.mark.clause("HWK-END-04")
def test_ties_on_the_same_score_step_go_by_turn_order_from_the_current_player() -> None:
    out = _both_complete("p1").outcome()
    assert out is not None and out.winners == ("p1",)
    out = _both_complete("p2").outcome()
    assert out is not None and out.winners == ("p2",)
    st = _both_complete("p2", 3)
    out = st.outcome()
    assert out is not None and out.winners == ("p2",)
    assert at(st, "players.2.score") == 7


@pytest.mark.clause("HWK-END-04")
def test_the_next_player_beats_the_one_after() -> None:
    players = [{"hand": ["Y1"], "chain": ["R1", "R2", "R3", "R4", "R5", "R6", "R7"], "score": 6},
               {"hand": ["Y2"], "chain": ["V1"], "score": 1},
               {"hand": ["Y3"], "chain": ["G1", "G2", "G3", "G4", "G5", "G6", "G7"], "score": 6}]
    out = make(players, step="score", current="p2", options={"target": 7}).outcome()
    assert out is not None and out.winners == ("p3",)  # p2 -> p3 -> p1


@pytest.mark.clause("HWK-END-05", "HWK-END-06")
def test_everyone_loses_when_the_black_token_reaches_the_target() -> None:
    st = make([{"hand": ["G6"], "chain": ["V1"]}, P2], step="deal", deck=["R6"],
              black={"chains": [["B1", "B2", "B3", "B4", "B5", "V7"]], "token": 6})
    do(st, "deal right")
    assert st.is_over()
    out = st.outcome()
    assert out is not None and out.winners == ()
    assert "all players lose" in out.reason
    assert at(st, "black.token") == 7
    assert accounted(st)


@pytest.mark.clause("HWK-END-07", "HWK-ADD-02", "HWK-ADD-03")
def test_an_empty_deck_moves_the_black_token_and_the_discard_becomes_the_deck() -> None:
    used = [["R1"], ["V1"], ["BL", "B7"], ["V7"], ["Y1", "Y2"]]
    discard = rest_of(*used)
    st = make([{"hand": ["R1"], "chain": ["V1"]}, P2], step="draw", deck=["Y1", "Y2"], discard=discard,
              black={"chains": [["V7"]], "token": 2})
    # drawing the last card ran the deck out: Black Token 3, the discard pile was shuffled into a new
    # deck (the script keeps its order) and a new discard pile was flipped
    assert at(st, "black.token") == 3
    assert at(st, "players.0.hand") == ["R1", "Y1", "Y2"]
    assert len(at(st, "discard")) == 1
    assert len(at(st, "deck")) + len(at(st, "look")) == len(discard) - 1
    assert accounted(st)


@pytest.mark.clause("HWK-ADD-02", "HWK-ADD-03")
def test_running_out_in_the_middle_of_a_draw_continues_from_the_new_deck() -> None:
    used = [["R1"], ["V1"], ["BL", "B7"], ["V7"], ["Y1"]]
    discard = rest_of(*used)
    st = make([{"hand": ["R1"], "chain": ["V1"]}, P2], step="draw", deck=["Y1"], discard=discard,
              black={"chains": [["V7"]], "token": 2}, seed=4)
    assert len(at(st, "players.0.hand")) == 3
    assert at(st, "black.token") == 3


@pytest.mark.clause("HWK-ADD-01")
def test_chain_holes_keep_the_rest_together() -> None:
    st = make([{"hand": ["O2", "R5"], "chain": ["R1", "O5", "G6"], "score": 5}, P2])
    do(st, "command O2", "burn O5", "burn R5")
    assert at(st, "players.0.chain") == ["R1", "G6"]  # R1 and G6 do not match: still one chain


@pytest.mark.clause("HWK-ADD-04")
def test_an_empty_discard_pile_is_refilled_from_the_deck_at_once() -> None:
    st = make([{"hand": ["R1", "G6"], "chain": ["V1"]}, P2], discard=["O3"], deck=["Y4", "Y5"])
    ev = do(st, "command R1")  # Heal 1 takes O3: the discard pile is empty for a moment
    assert "Y4 is flipped" in texts(ev)
    assert at(st, "discard")[-1] == "Y4"
    st = make([{"hand": ["R1"], "chain": ["V1"]}, P2], discard=[], deck=["Y4", "Y5"])
    assert at(st, "discard") == ["Y4"]  # a position is no exception


@pytest.mark.clause("HWK-ADD-05")
def test_shuffling_the_deck_flips_a_face_down_black_wizard_up() -> None:
    used = [["R1"], ["V1"], ["BL", "B7"], ["V7"], ["Y1", "Y2"]]
    st = make([{"hand": ["R1"], "chain": ["V1"]}, P2], step="draw", deck=["Y1", "Y2"],
              discard=rest_of(*used), black={"chains": [["V7"]], "face_down": True, "tokens": {"G": 3}})
    assert at(st, "black.face_down") is False
    assert at(st, "black.tokens.G") == 3


@pytest.mark.clause("HWK-ADD-06")
def test_a_face_down_black_wizard_is_not_dealt_to() -> None:
    st = make([{"hand": ["G6"], "chain": ["V1"]}, {"hand": [], "chain": []}], step="deal",
              black={"chains": [["V7"]], "face_down": True}, deck=["R1", "R2", "R3"], discard=["O1"])
    assert at(st, "black.chains.0") == ["V7"]
    assert at(st, "current") == "p2"
    assert at(st, "players.1.hand") == ["R1"] and at(st, "players.1.chain") == ["R2"]
    st = make([{"hand": ["G6"], "chain": ["V1"]}, {"hand": [], "chain": []}], step="deal",
              black={"chains": [["V7"]], "face_down": True}, deck=["R1", "R2", "R3"], discard=["O1"],
              options={"deal_when_face_down": False})
    # no refill: p2 starts with nothing, draws 2 in its own turn, and its chain stays empty
    assert at(st, "players.1.hand") == ["R1", "R2"] and at(st, "players.1.chain") == []


def test_the_turn_limit_ends_a_stalled_game() -> None:
    st = make([{"hand": ["G6"], "chain": ["V1"]}, P2], step="deal", turn=500)
    do(st, "deal right")
    assert st.is_over()
    out = st.outcome()
    assert out is not None and out.winners == () and "turn limit" in out.reason
