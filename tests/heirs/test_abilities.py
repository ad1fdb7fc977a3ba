"""The players' abilities: Heal, Burn, Lore, Grow, Webs, Prior and their Lords."""

from __future__ import annotations

import pytest

from questbox.core.errors import IllegalAction
from questbox.games.heirs.cards import default_cards
from tests.heirs.helpers import accounted, at, do, legal, make, texts

P2 = {"hand": ["BL"], "chain": ["B7"]}


@pytest.mark.clause("HWK-ABIL-01", "HWK-ABIL-03")
def test_cards_are_six_spells_numbered_1_to_7_plus_lords() -> None:
    cs = default_cards()
    for colour in "ROYGBV":
        mine = [d for d in cs.docs if d.colour == colour]
        assert sorted(str(d.number) for d in mine) == ["1", "2", "3", "4", "5", "6", "7", "L"]


@pytest.mark.clause("HWK-ABIL-02")
def test_same_colour_same_spell_higher_numbers_affect_more_cards() -> None:
    discard = ["O1", "O2", "O3", "O4", "O5"]
    for card, offered in (("R2", 2), ("R4", 4)):
        st = make([{"hand": [card, "G6"], "chain": ["V1"]}, P2], discard=discard)
        do(st, f"command {card}")
        assert len(legal(st)) == offered


@pytest.mark.clause("HWK-HEAL-01", "HWK-HEAL-02")
def test_heal_looks_at_the_top_cards_in_order_and_takes_one() -> None:
    st = make([{"hand": ["R3", "G6"], "chain": ["V1"]}, P2], discard=["O1", "O2", "O3", "O4"])
    do(st, "command R3")
    assert legal(st) == ["take O1", "take O2", "take O3"]
    do(st, "take O3")
    assert "O3" in at(st, "players.0.hand")
    assert at(st, "discard")[:3] == ["R3", "O1", "O2"]


@pytest.mark.clause("HWK-HEAL-03")
def test_heal_example_take_1_to_hand() -> None:
    st = make([{"hand": ["R1", "G6"], "chain": ["V1"]}, P2], discard=["O1", "O2"])
    do(st, "command R1")  # one card on offer: it is taken at once
    assert at(st, "players.0.hand")[:2] == ["G6", "O1"]


@pytest.mark.clause("HWK-HEAL-04", "HWK-HEAL-05", "HWK-HEAL-06", "HWK-ABIL-03")
def test_heal_death_takes_up_to_two_from_the_whole_discard_pile() -> None:
    discard = ["O1", "O2", "O3", "O4", "O5", "O6"]
    st = make([{"hand": ["RL", "G6"], "chain": ["V1"]}, P2], discard=discard)
    do(st, "command RL")
    assert legal(st) == [f"take {c}" for c in discard] + ["done"]
    do(st, "take O6", "take O2")  # example: take 2 to hand
    assert at(st, "players.0.hand")[:3] == ["G6", "O6", "O2"]
    assert at(st, "discard")[:5] == ["RL", "O1", "O3", "O4", "O5"]
    st = make([{"hand": ["RL", "G6"], "chain": ["V1"]}, P2], discard=discard)
    do(st, "command RL", "take O4", "done")  # up to two: one is fine
    assert "O4" in at(st, "players.0.hand") and "O5" not in at(st, "players.0.hand")


@pytest.mark.clause("HWK-BURN-02", "HWK-BURN-06")
def test_burn_own_cards_and_the_black_chain_count_one() -> None:
    st = make([{"hand": ["O3", "G6", "Y2"], "chain": ["V1"]}, P2], black={"chains": [["V7", "V6"]]},
              discard=["R1"])
    do(st, "command O3")
    assert legal(st) == ["burn G6", "burn Y2", "burn V1", "burn B7", "burn V7", "burn V6", "burn-hand p2"]
    do(st, "burn V7", "burn G6", "burn V1")
    assert at(st, "black.chains.0") == ["V6"]
    assert at(st, "players.0.hand")[:1] == ["Y2"]
    assert at(st, "discard")[:4] == ["O3", "V1", "G6", "V7"]


@pytest.mark.clause("HWK-BURN-01", "HWK-BURN-03", "HWK-BURN-05")
def test_burn_opponents_cards_count_two() -> None:
    st = make([{"hand": ["O3", "G6"], "chain": ["V1"]}, {"hand": ["B1", "B2", "B3"], "chain": ["B7", "B6"]}],
              discard=["R1"], script=["B2"])
    do(st, "command O3")
    do(st, "burn-hand p2")  # a random card of p2's hand (scripted: B2) for 2 discards
    assert at(st, "players.1.hand") == ["B1", "B3"]
    assert at(st, "discard.0") == "B2"
    # 1 discard left: the opponent's cards cost 2 and are no longer offered
    assert legal(st) == ["burn G6", "burn V1", "burn V7"]
    st = make([{"hand": ["O3", "G6"], "chain": ["V1"]}, {"hand": ["B1"], "chain": ["B7", "B6"]}],
              discard=["R1"])
    do(st, "command O3", "burn B6")
    assert at(st, "players.1.chain") == ["B7"]
    assert "burn B7" not in legal(st)


@pytest.mark.clause("HWK-BURN-04")
def test_burn_example_discard_seven() -> None:
    st = make([{"hand": ["O7", "G6"], "chain": ["V1"]}, {"hand": ["B1", "B2"], "chain": ["B7", "B6"]}],
              black={"chains": [["V7", "V6"]]}, discard=["R1"], script=["B1"])
    do(st, "command O7", "burn B7", "burn B6", "burn-hand p2", "burn V7")  # 2 + 2 + 2 + 1 = 7
    assert at(st, "players.1.chain") == [] and at(st, "players.1.hand") == ["B2"]
    assert at(st, "black.chains.0") == ["V6"]
    assert at(st, "step") != "act"  # all seven discards are spent


@pytest.mark.clause("HWK-BURN-02")
def test_burn_must_spend_its_discards_unless_the_option_says_up_to() -> None:
    st = make([{"hand": ["O2", "G6"], "chain": ["V1"]}, P2], discard=["R1"])
    do(st, "command O2")
    assert "done" not in legal(st)
    st = make([{"hand": ["O2", "G6"], "chain": ["V1"]}, P2], discard=["R1"], options={"burn_all": False})
    do(st, "command O2")
    assert legal(st)[-1] == "done"
    do(st, "done")
    assert at(st, "players.0.hand")[0] == "G6"


@pytest.mark.clause("HWK-BURN-07", "HWK-BURN-08", "HWK-BURN-09")
def test_precise_burn_selects_a_number_and_everyone_trims_to_it() -> None:
    st = make([{"hand": ["OL", "G6", "G5", "G4"], "chain": ["V1", "V2"]},
               {"hand": ["B1", "B2", "B3"], "chain": ["B7", "B6", "B5"], "score": 3}],
              black={"chains": [["V7", "Y6"]]}, discard=["R1"])
    do(st, "command OL")
    assert legal(st) == ["number 0", "number 1", "number 2", "number 3"]
    do(st, "number 1")  # example: discard all but 1 card from each chain and hand
    # starting with yourself: your chain, your hand, then p2's chain and hand, then the Black Chain
    assert st.to_move() == ("p1",) and legal(st) == ["discard V1", "discard V2"]
    do(st, "discard V1")
    assert legal(st) == ["discard G6", "discard G5", "discard G4"]
    do(st, "discard G4", "discard G6")
    assert st.to_move() == ("p2",)
    do(st, "discard B6", "discard B5", seat="p2")
    do(st, "discard B2", "discard B1", seat="p2")
    assert st.to_move() == ("p1",) and legal(st) == ["discard V7", "discard Y6"]
    do(st, "discard V7")
    assert at(st, "players.0.chain") == ["V2"]
    assert at(st, "players.1.chain") == ["B7"] and at(st, "players.1.hand") == ["B3"]
    assert at(st, "black.chains.0") == ["Y6"]
    assert at(st, "players.0.hand")[0] == "G5"
    assert accounted(st)


@pytest.mark.clause("HWK-BURN-08")
def test_precise_burn_zero_clears_everything_without_asking() -> None:
    st = make([{"hand": ["OL", "G6"], "chain": ["V1", "V2"]}, P2], discard=["R1"],
              options={"precise_burn_black": False})
    do(st, "command OL", "number 0")
    assert at(st, "players.1.hand") == [] and at(st, "players.1.chain") == []
    assert at(st, "black.chains.0") == ["V7"]  # the option keeps the Black Chain out of it


@pytest.mark.clause("HWK-LORE-01", "HWK-LORE-02", "HWK-LORE-03")
def test_lore_draws_2_plus_level_keeps_two_returns_the_rest_in_any_order() -> None:
    deck = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    st = make([{"hand": ["Y4", "G6"], "chain": ["V1"]}, P2], deck=deck, discard=["O1"])
    do(st, "command Y4")  # selected for the Draw Step
    assert at(st, "selected") == ["lore", 4]
    assert at(st, "step") == "draw" and legal(st) == ["draw", "ability"]
    ev = do(st, "ability")  # example: draw 6 cards, keep 2, return 4
    assert at(st, "look") == deck[:6] and at(st, "look_seat") == "p1"
    assert st.view("p2").get("look") is None and st.view("p2")["look_size"] == 6
    assert all("R1" not in e.text for e in ev if e.visible_to("p2"))
    do(st, "keep R2", "keep R5")
    assert legal(st) == ["return R1", "return R3", "return R4", "return R6"]
    do(st, "return R4", "return R1", "return R6")  # each goes on top; the last one is automatic
    # R3 went on top last; step 5 then dealt it (it waits for p1's choice of end)
    assert at(st, "look") == ["R3"] and at(st, "step") == "deal"
    assert at(st, "deck")[:4] == ["R6", "R1", "R4", "R7"]
    assert at(st, "players.0.hand") == ["G6", "R2", "R5"]
    assert st.view("p1")["deck_known"] == ["R6", "R1", "R4"]
    assert st.view("p2")["deck_known"] == []


@pytest.mark.clause("HWK-LORE-04", "HWK-LORE-05", "HWK-LORE-06")
def test_ancient_lore_draws_to_ten_and_returns_three() -> None:
    st = make([{"hand": ["YL", "G6", "G5"], "chain": ["V1"]}, P2], discard=["O1"])
    do(st, "command YL")
    assert at(st, "selected") == ["ancient-lore", 0]
    do(st, "ability")  # example: draw until you have 10 cards
    hand = at(st, "players.0.hand")
    assert len(hand) == 10 and hand[:2] == ["G6", "G5"]
    do(st, "return G6", "return G5", f"return {hand[5]}")  # keep 7, return 3
    assert len(at(st, "players.0.hand")) == 7
    assert at(st, "look") == [hand[5]]  # the last one returned is on top: step 5 deals it
    assert at(st, "deck")[:2] == ["G5", "G6"]


@pytest.mark.clause("HWK-GROW-01", "HWK-GROW-02", "HWK-GROW-03", "HWK-GROW-04")
def test_grow_reveals_and_chains_what_matches_discards_the_rest() -> None:
    st = make([{"hand": ["G3", "Y6"], "chain": ["R1"], "score": 2}, {"hand": ["BL"], "chain": ["B7"], "score": 2}],
              black={"chains": [["V7"]], "token": 3}, deck=["R5", "B2", "O6"], discard=["Y1"])
    do(st, "command G3")  # example: reveal 3 cards
    assert at(st, "look") == ["R5", "B2", "O6"]
    assert legal(st) == ["grow R5 p1 left", "grow R5 p1 right", "grow B2 p2 left", "grow B2 p2 right"]
    with pytest.raises(IllegalAction):
        do(st, "grow O6 p1 left")
    do(st, "grow B2 p2 left", "grow R5 p1 right")
    assert at(st, "players.0.chain") == ["R1", "R5"]
    assert at(st, "players.1.chain") == ["B2", "B7"]
    assert at(st, "discard")[:2] == ["G3", "O6"]  # O6 matched nothing: discarded


@pytest.mark.clause("HWK-GROW-02")
def test_grow_onto_the_black_chain_and_into_an_empty_chain() -> None:
    st = make([{"hand": ["G2", "Y6"], "chain": [], "score": 2}, P2],
              black={"chains": [["V7"]], "token": 3}, deck=["V5", "O6"], discard=["Y1"])
    do(st, "command G2")
    assert legal(st) == ["grow V5 p1 left", "grow O6 p1 left", "grow V5 black left", "grow V5 black right"]
    do(st, "grow V5 black right")
    assert at(st, "black.chains.0") == ["V7", "V5"]
    assert legal(st) == ["grow O6 p1 left"]


@pytest.mark.clause("HWK-GROW-05", "HWK-GROW-06", "HWK-GROW-07")
def test_grow_aura_example_two_players_need_four_cards() -> None:
    st = make([{"hand": ["GL", "Y6"], "chain": ["R1", "R2"], "score": 3},
               {"hand": ["BL"], "chain": ["B1", "B2"], "score": 3}],
              deck=["R5", "O6", "B3", "R6"], discard=["Y1"])
    do(st, "command GL")  # both need a 4-card chain: reveal 4
    assert at(st, "look") == ["R5", "O6", "B3", "R6"]
    assert st.to_move() == ("p1",)  # clockwise from the caster
    assert legal(st) == ["chain R5 left", "chain R5 right", "discard O6", "discard B3", "chain R6 left",
                         "chain R6 right"]
    do(st, "chain R5 right")
    assert st.to_move() == ("p2",)
    assert legal(st) == ["discard O6", "chain B3 left", "chain B3 right", "discard R6"]
    do(st, "chain B3 right", seat="p2")
    do(st, "chain R6 right")
    do(st, "discard O6", seat="p2")
    assert at(st, "players.0.score") == 4  # R1 R2 R5 R6: complete, scored in step 3
    assert at(st, "players.1.chain") == ["B1", "B2", "B3"]
    assert at(st, "discard")[:6] == ["R6", "R5", "R2", "R1", "GL", "O6"]


@pytest.mark.clause("HWK-WEBS-01", "HWK-WEBS-02")
def test_webs_returns_up_to_level_chained_cards_to_the_top() -> None:
    st = make([{"hand": ["G6"], "chain": ["V1", "V2"], "tokens": {"B": 2}}, {"hand": ["BL"], "chain": ["B7", "B6"]}],
              black={"chains": [["V7", "Y6"]]}, discard=["R1"])
    do(st, "cast B")  # example: return 2 chained cards
    assert legal(st) == ["return V1", "return V2", "return B7", "return B6", "return V7", "return Y6", "done"]
    do(st, "return Y6", "return B6")
    assert at(st, "deck")[:2] == ["B6", "Y6"]
    assert at(st, "black.chains.0") == ["V7"] and at(st, "players.1.chain") == ["B7"]
    assert st.view("p2")["deck_known"][:2] == ["B6", "Y6"]  # everybody saw them go back
    st = make([{"hand": ["G6"], "chain": ["V1"], "tokens": {"B": 2}}, P2], discard=["R1"])
    do(st, "cast B", "done")  # up to: none is fine
    assert at(st, "players.0.chain") == ["V1"]


@pytest.mark.clause("HWK-WEBS-03", "HWK-WEBS-04", "HWK-WEBS-05", "HWK-ADD-06")
def test_tower_webs_returns_up_to_ten_and_flips_the_black_wizard_down() -> None:
    st = make([{"hand": ["BL", "G6"], "chain": ["V1"]}, {"hand": ["B1"], "chain": ["B7"]}],
              black={"chains": [["V7", "Y6"]], "tokens": {"R": 2}}, discard=["R1"])
    do(st, "command BL")
    do(st, "return V7", "return Y6", "done")
    assert at(st, "black.face_down") is True
    assert at(st, "black.tokens.R") == 2  # his tokens are kept
    assert at(st, "black.chains.0") == []
    # step 5: no card is dealt to a face-down Black Wizard (his empty chain stays empty)
    assert at(st, "current") == "p2"
    assert at(st, "black.chains.0") == []


@pytest.mark.clause("HWK-PRIOR-01", "HWK-PRIOR-02", "HWK-PRIOR-03")
def test_prior_shuffles_hand_and_discard_into_the_deck_then_draws_level() -> None:
    st = make([{"hand": ["R1", "R2"], "chain": ["V1"]}, P2], step="draw", selected=["prior", 3],
              discard=["O1", "O2"])
    rest = at(st, "deck")
    new_order = ["O2", "R1", "O1", "R2", *rest]
    st.rng.script = [new_order]
    do(st, "ability")  # example: shuffle hand and discard into the deck, draw 3 cards
    assert at(st, "discard") == ["O2"]  # the emptied discard pile is flipped from the new deck
    assert at(st, "players.0.hand") == ["R1", "O1", "R2"]
    assert accounted(st)


@pytest.mark.clause("HWK-PRIOR-04", "HWK-PRIOR-05", "HWK-PRIOR-06")
def test_prior_tower_reshuffles_everything_deals_and_starts_a_new_turn() -> None:
    st = make([{"hand": ["VL", "G6"], "chain": ["V1", "V2"], "score": 3},
               {"hand": ["B1", "B2"], "chain": ["B7"], "score": 2}],
              black={"chains": [["V7", "Y6"]], "face_down": True}, discard=["R1"], turn=4)
    ev = do(st, "command VL")
    assert "Prior Tower" in texts(ev)
    assert at(st, "black.face_down") is False  # the deck was shuffled
    assert [len(p["chain"]) for p in at(st, "players")] == [1, 1]
    assert [len(ch) for ch in at(st, "black.chains")] == [1]
    assert [len(p["hand"]) for p in at(st, "players")] == [3, 3]
    assert at(st, "discard.0") == "VL"
    assert at(st, "current") == "p1" and at(st, "step") == "act" and at(st, "turn") == 5
    assert at(st, "players.0.score") == 3  # scores and tokens are kept
    assert accounted(st)


@pytest.mark.clause("HWK-LORE-01", "HWK-PRIOR-01")
def test_draw_step_abilities_are_only_selected_in_step_1() -> None:
    st = make([{"hand": ["V2", "G6"], "chain": ["Y1"]}, P2], discard=["R1"])
    deck = at(st, "deck")
    do(st, "command V2")
    assert at(st, "selected") == ["prior", 2]
    assert at(st, "deck") == deck
