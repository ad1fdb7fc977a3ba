"""The five steps of a turn: act, chain, score, draw (the deal is in test_black.py)."""

from __future__ import annotations

import pytest

from questbox.core.errors import IllegalAction
from tests.heirs.helpers import accounted, at, do, legal, make

P2 = {"hand": ["BL"], "chain": ["B7"]}


@pytest.mark.clause("HWK-TURN-01")
def test_a_turn_runs_the_five_steps_in_order() -> None:
    st = make([{"hand": ["R2", "G5"], "chain": ["R1"]}, P2], black={"chains": [["V7"]]}, discard=["Y1"])
    steps = []
    for a in ["absorb G5", "skip-cast", "chain R2 right", "raise B", "deal right"]:
        steps.append(at(st, "step"))
        do(st, a)
    assert steps == ["act", "act", "chain", "score", "deal"]
    assert at(st, "players.0.score") == 2
    assert at(st, "players.0.hand") == ["R3", "R4"]  # step 4 drew 2
    assert at(st, "current") == "p2" and at(st, "step") == "act"
    assert accounted(st)


@pytest.mark.clause("HWK-TURN1-01")
def test_step_1_is_command_absorb_or_cast() -> None:
    st = make([{"hand": ["R2", "G5"], "chain": ["R1"], "tokens": {"B": 1}}, P2])
    assert legal(st) == ["command R2", "command G5", "absorb R2", "absorb G5", "cast B"]
    with pytest.raises(IllegalAction):
        do(st, "pass")
    st = make([{"hand": ["R2"], "chain": ["R1"]}, P2], options={"may_pass": True})
    assert "pass" in legal(st)


@pytest.mark.clause("HWK-TURN1-01")
def test_nothing_to_do_in_step_1_moves_on() -> None:
    st = make([{"hand": [], "chain": ["R1"]}, P2], discard=["Y1"], black={"chains": [["V7"]]})
    # no card and no token: step 1 is skipped, nothing to chain, p1 draws and the deal follows
    assert at(st, "step") == "deal"
    assert len(at(st, "players.0.hand")) == 2


@pytest.mark.clause("HWK-TURN1-02", "HWK-TURN1-03")
def test_command_uses_the_card_then_discards_it() -> None:
    st = make([{"hand": ["R3", "G6"], "chain": ["V1"]}, P2], discard=["O1", "O2", "O3", "O4"])
    do(st, "command R3")
    assert at(st, "play") == "R3"  # in play while its ability resolves
    assert legal(st) == ["take O1", "take O2", "take O3"]  # Heal 3: the card's number
    do(st, "take O2")
    assert at(st, "play") is None
    assert at(st, "discard.0") == "R3"
    assert at(st, "players.0.hand") == ["G6", "O2", "R1", "R2"]  # then steps 2-4: nothing to chain, draw 2


@pytest.mark.clause("HWK-TURN1-04", "HWK-TURN1-05", "HWK-TURN1-06")
def test_absorb_raises_the_token_may_cast_then_discards() -> None:
    st = make([{"hand": ["R5", "G6"], "chain": ["V1"], "tokens": {"R": 1}}, P2],
              discard=["O1", "O2", "O3", "O4"])
    do(st, "absorb R5")
    assert at(st, "players.0.tokens.R") == 2
    assert legal(st) == ["cast R", "skip-cast"]
    assert at(st, "play") == "R5"
    do(st, "cast R")
    assert legal(st) == ["take O1", "take O2"]  # cast at the new level, 2
    do(st, "take O2")
    assert at(st, "discard.0") == "R5"  # the absorbed card is discarded after the cast
    st = make([{"hand": ["R5", "G6"], "chain": ["V1"]}, P2], discard=["O1"])
    do(st, "absorb R5", "skip-cast")
    assert at(st, "players.0.tokens.R") == 1
    assert at(st, "discard.0") == "R5"
    assert at(st, "players.0.hand") == ["G6", "R1", "R2"]


@pytest.mark.clause("HWK-TURN1-04")
def test_absorb_at_the_top_of_the_track() -> None:
    st = make([{"hand": ["R5", "G6"], "chain": ["V1"], "tokens": {"R": 7}}, P2], discard=["O1"])
    do(st, "absorb R5")
    assert at(st, "players.0.tokens.R") == 7
    st = make([{"hand": ["R5", "G6"], "chain": ["V1"], "tokens": {"R": 7}}, P2],
              options={"absorb_at_max": False})
    assert "absorb R5" not in legal(st) and "absorb G6" in legal(st)


@pytest.mark.clause("HWK-TURN1-07", "HWK-TURN1-08", "HWK-ABIL-04")
def test_cast_any_learned_token_at_its_level() -> None:
    st = make([{"hand": ["G6"], "chain": ["V1"], "tokens": {"R": 2, "B": 1}}, P2],
              discard=["O1", "O2", "O3"])
    assert "cast R" in legal(st) and "cast B" in legal(st)
    assert "cast O" not in legal(st)  # level 0: not learned
    do(st, "cast R")
    assert legal(st) == ["take O1", "take O2"]  # level 2 replaces the symbol
    do(st, "take O1")
    assert at(st, "players.0.hand") == ["G6", "O1"]
    assert at(st, "players.0.tokens.R") == 2  # casting does not spend the token


@pytest.mark.clause("HWK-CHAIN-01")
def test_chain_by_colour_or_number_at_either_end() -> None:
    st = make([{"hand": ["R5", "O3", "G6", "YL"], "chain": ["R3", "B6"], "score": 3}, P2],
              options={"may_pass": True})
    do(st, "pass")
    assert legal(st) == ["chain R5 left", "chain O3 left", "chain G6 right", "done"]
    with pytest.raises(IllegalAction):
        do(st, "chain YL left")
    do(st, "chain G6 right")
    assert at(st, "players.0.chain") == ["R3", "B6", "G6"]
    assert legal(st) == ["chain R5 left", "chain O3 left", "done"]


@pytest.mark.clause("HWK-CHAIN-01", "HWK-ABIL-03")
def test_lords_chain_by_colour_only() -> None:
    st = make([{"hand": ["YL", "OL", "R1"], "chain": ["RL"], "score": 3}, P2], options={"may_pass": True})
    do(st, "pass")
    assert legal(st) == ["chain R1 left", "chain R1 right", "done"]
    st = make([{"hand": ["YL", "OL", "Y4"], "chain": ["Y2"], "score": 3}, P2], options={"may_pass": True})
    do(st, "pass")
    assert legal(st) == ["chain YL left", "chain YL right", "chain Y4 left", "chain Y4 right", "done"]


@pytest.mark.clause("HWK-CHAIN-02", "HWK-CHAIN-03")
def test_a_chain_is_complete_at_the_next_score_space() -> None:
    st = make([{"hand": ["R4", "R5", "R6"], "chain": ["R1", "R2"], "score": 2}, P2],
              options={"may_pass": True}, discard=["O1"])
    do(st, "pass", "chain R4 right")
    # 3 cards = the next space (3): complete; R5 and R6 still match but may not be added
    assert at(st, "players.0.chain") == []
    assert at(st, "players.0.score") == 3
    assert at(st, "step") == "score"
    assert at(st, "players.0.hand") == ["R5", "R6"]


@pytest.mark.clause("HWK-CHAIN-02")
def test_chain_length_option() -> None:
    st = make([{"hand": ["R4"], "chain": ["R1", "R2"], "score": 2}, P2],
              options={"may_pass": True, "chain_offset": 2})
    do(st, "pass", "chain R4 right")
    assert at(st, "players.0.chain") == ["R1", "R2", "R4"]
    assert at(st, "players.0.score") == 2


@pytest.mark.clause("HWK-CHAIN-04")
def test_an_empty_chain_takes_any_card() -> None:
    st = make([{"hand": ["R4", "OL"], "chain": [], "score": 2}, P2], options={"may_pass": True})
    do(st, "pass")
    assert legal(st) == ["start R4", "start OL", "done"]
    do(st, "start OL")
    assert at(st, "players.0.chain") == ["OL"]
    assert legal(st) == ["done"] or at(st, "step") != "chain"


@pytest.mark.clause("HWK-SCORE-01", "HWK-SCORE-02", "HWK-SCORE-03", "HWK-SCORE-04")
def test_every_complete_chain_scores_and_raises_a_token() -> None:
    st = make([{"hand": ["V1"], "chain": ["R1", "R2"], "score": 1},
               {"hand": ["V2"], "chain": ["O1", "O2", "O3"], "score": 2},
               {"hand": ["V3"], "chain": ["Y1"], "score": 1}],
              step="score", discard=["B1"])
    assert at(st, "players.0.score") == 2
    assert at(st, "players.1.score") == 3
    assert at(st, "players.2.score") == 1
    assert at(st, "players.0.chain") == [] and at(st, "players.1.chain") == []
    assert at(st, "discard.0") == "O3"
    # the current player chooses first, then the others clockwise
    assert st.to_move() == ("p1",)
    assert legal(st) == ["raise R", "raise O", "raise Y", "raise G", "raise B", "raise V"]
    deck = at(st, "deck")
    do(st, "raise G")
    assert at(st, "players.0.tokens.G") == 1
    assert at(st, "deck") == deck  # raised, not used: no Grow happens
    assert st.to_move() == ("p2",)
    do(st, "raise Y", seat="p2")
    assert at(st, "players.1.tokens.Y") == 1
    assert at(st, "step") != "score"


@pytest.mark.clause("HWK-SCORE-03")
def test_only_tokens_below_the_top_can_rise() -> None:
    top = {"R": 7, "O": 7, "Y": 7, "G": 7, "B": 7}
    st = make([{"hand": ["V1"], "chain": ["R1", "R2"], "tokens": top}, P2], step="score", discard=["B1"])
    assert at(st, "players.0.tokens.V") == 1  # one choice left: raised without asking


@pytest.mark.clause("HWK-DRAW-01", "HWK-DRAW-02", "HWK-DRAW-03")
@pytest.mark.parametrize(("n", "limit"), [(2, 5), (3, 4), (4, 3), (1, 5)])
def test_draw_limit_by_player_count(n: int, limit: int) -> None:
    hand = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"][:limit]
    players = [{"hand": hand, "chain": ["V1"]}] + [{"hand": [f"B{j}"], "chain": [f"G{j}"]}
                                                     for j in range(1, n)]
    st = make(players, step="draw", discard=["O1"])
    assert at(st, "options.draw_limit") == limit
    assert len(at(st, "players.0.hand")) == limit + 2  # at the limit: drew 2 without penalty
    players[0]["hand"] = [*hand, "RL"]
    st = make(players, step="draw", discard=["O1"])
    assert legal(st)[0] == "skip"  # over the limit: the Check


@pytest.mark.clause("HWK-DRAW-04", "HWK-DRAW-06")
def test_check_skip_or_discard_to_the_limit_then_draw() -> None:
    four = [{"hand": ["B2"], "chain": ["G2"]}, {"hand": ["B3"], "chain": ["G3"]}, {"hand": ["B4"], "chain": ["G4"]}]
    st = make([{"hand": ["R1", "R2", "R3", "R4", "R5"], "chain": ["V1"]}, *four], step="draw",
              discard=["O1"], deck=["Y1", "Y2", "Y3"])
    assert legal(st) == ["skip", "discard R1", "discard R2", "discard R3", "discard R4", "discard R5"]
    do(st, "skip")  # don't draw
    assert at(st, "players.0.hand") == ["R1", "R2", "R3", "R4", "R5"]
    assert at(st, "step") == "deal"
    st = make([{"hand": ["R1", "R2", "R3", "R4", "R5"], "chain": ["V1"]}, *four], step="draw",
              discard=["O1"], deck=["Y1", "Y2", "Y3"])
    do(st, "discard R2")
    assert legal(st) == ["discard R1", "discard R3", "discard R4", "discard R5"]  # no skip now
    do(st, "discard R5")  # at the limit (3): now the Draw
    assert at(st, "players.0.hand") == ["R1", "R3", "R4", "Y1", "Y2"]
    assert at(st, "discard.0") == "R5"


@pytest.mark.clause("HWK-DRAW-05", "HWK-DRAW-06")
def test_draw_two_or_resolve_the_selected_draw_step_ability() -> None:
    st = make([{"hand": ["R1"], "chain": ["V1"]}, P2], step="draw", selected=["lore", 1],
              deck=["Y1", "Y2", "Y3"], discard=["O1"])
    assert legal(st) == ["draw", "ability"]
    do(st, "draw")
    assert at(st, "players.0.hand") == ["R1", "Y1", "Y2"]
    assert at(st, "selected") is None
    st = make([{"hand": ["R1"], "chain": ["V1"]}, P2], step="draw", selected=["lore", 1],
              deck=["Y1", "Y2", "Y3"], discard=["O1"])
    do(st, "ability")
    assert legal(st) == ["keep Y1", "keep Y2", "keep Y3"]


@pytest.mark.clause("HWK-DRAW-04", "HWK-DRAW-05")
def test_a_skipped_draw_step_loses_the_selected_ability() -> None:
    st = make([{"hand": ["R1", "R2", "R3", "R4", "R5", "R6"], "chain": ["V1"]}, P2], step="draw",
              selected=["prior", 2], discard=["O1"])
    do(st, "skip")
    assert at(st, "selected") is None
    st = make([{"hand": ["R1", "R2", "R3", "R4", "R5", "R6"], "chain": ["V1"]}, P2], step="draw",
              selected=["prior", 2], discard=["O1"])
    do(st, "discard R6")
    assert legal(st) == ["draw", "ability"]  # at the limit now: the ability is still there
