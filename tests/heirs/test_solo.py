"""Solo Mode: two Black Chains."""

from __future__ import annotations

import pytest

from questbox.games.heirs import GAME
from tests.heirs.helpers import accounted, at, do, legal, make, texts

ME = {"hand": ["G6"], "chain": ["Y1"], "score": 3}


@pytest.mark.clause("HWK-SOLO-01", "HWK-SOLO-02")
def test_solo_black_wizard_has_two_one_card_chains() -> None:
    st = GAME.new({"mode": "solo"}, seed=8)
    assert [len(ch) for ch in at(st, "black.chains")] == [1, 1]
    assert len(at(st, "players.0.hand")) == 1
    assert at(st, "options.draw_limit") == 5 and at(st, "options.target") == 7
    assert at(st, "options.black_target") == 7
    assert accounted(st)


@pytest.mark.clause("HWK-SOLO-03", "HWK-SOLO-04")
def test_either_black_chain_scored_discards_both_for_one_point() -> None:
    st = make([ME], step="deal", deck=["O1", "O2", "O3"], discard=["R7"],
              black={"chains": [["B1"], ["B2", "B3"]], "token": 2})
    do(st, "deal right")  # B1 O1 is not complete (needs 3); his Burn 1 takes G6
    assert at(st, "black.token") == 2
    do(st, "deal right")  # B2 B3 O2: complete, both chains go
    assert at(st, "black.token") == 3  # +1 only
    assert at(st, "black.chains") == [[], []]
    assert "B1" in at(st, "discard") and "B3" in at(st, "discard")


@pytest.mark.clause("HWK-SOLO-05", "HWK-SOLO-06")
def test_both_black_chains_are_dealt_one_after_the_other_with_their_ability() -> None:
    st = make([ME], step="deal", deck=["V2", "R1", "V3", "R2", "R3", "R4"], discard=["O7"],
              black={"chains": [["B1"], ["B2"]], "token": 4})
    assert legal(st) == ["deal left", "deal right"] and at(st, "look") == ["V2"]
    ev = do(st, "deal right")  # chain 1 takes V2, Black Prior 1 discards R1; then chain 2 is dealt V3
    assert "Black Prior 1" in texts(ev)
    assert at(st, "black.chains.0") == ["B1", "V2"]
    assert at(st, "look") == ["V3"]
    assert at(st, "step") == "deal"
    do(st, "deal left")  # Prior 2 discards R2 R3
    assert at(st, "black.chains.1") == ["V3", "B2"]
    assert at(st, "discard")[:3] == ["R3", "R2", "R1"]
    assert at(st, "current") == "p1" and at(st, "turn") == 2


@pytest.mark.clause("HWK-SOLO-07")
def test_each_black_ability_affects_only_its_own_chain() -> None:
    st = make([ME], step="deal", deck=["R5", "O2"], discard=["B4", "O5"],
              black={"chains": [["Y2"], ["B6"]], "token": 4, "tokens": {"R": 1}})
    do(st, "deal right")  # Heal 2 for chain 1: B4 would fit chain 2 but not chain 1; O5 fits R5
    assert at(st, "black.chains.0") == ["Y2", "R5", "O5"]
    assert at(st, "black.chains.1") == ["B6"]


@pytest.mark.clause("HWK-SOLO-08")
def test_solo_green_adds_the_most_cards_to_both_black_chains() -> None:
    st = make([ME], step="deal", deck=["G1", "B4", "R5", "O3"], discard=["V5"],
              black={"chains": [["Y2"], ["B6"]], "token": 4, "tokens": {"G": 2}})
    do(st, "deal right")  # Grow 3 for chain 1 (Y2 G1): B4 fits only chain 2, R5 nothing
    assert at(st, "black.chains.0") == ["Y2", "G1"]
    assert at(st, "black.chains.1") == ["B6", "B4"]
    assert at(st, "discard")[:2] == ["O3", "R5"]  # they join no chain


def test_solo_cards_all_accounted_for_after_a_random_game() -> None:
    from questbox.core.rng import Rng

    for seed in range(10):
        st = GAME.new({"players": 1}, seed=seed)
        r = Rng(seed)
        while not st.is_over():
            acts = st.legal_actions()
            st.apply(None, acts[r.below(len(acts))])
            assert accounted(st)
