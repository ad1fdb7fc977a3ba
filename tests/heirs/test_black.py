"""Step 5 and the Black Wizard's abilities."""

from __future__ import annotations

from typing import Any

import pytest

from tests.heirs.helpers import accounted, at, do, legal, make, texts

P1 = {"hand": ["G6"], "chain": ["V1"]}
P2 = {"hand": ["BL"], "chain": ["B7"]}


def dealt(players: list[dict[str, Any]], deck: list[str], tokens: dict[str, int] | None = None,
          chain: list[str] | None = None, token: int = 5, **kw: Any) -> Any:
    """A position at step 5 whose deck starts with ``deck`` (the first card is the one dealt)."""
    black = {"chains": [chain or ["B5"]], "token": token, "tokens": tokens or {}}
    kw.setdefault("discard", ["Y7"])
    return make(players, step="deal", deck=deck, black=black, **kw)


@pytest.mark.clause("HWK-BLACKDEAL-01")
def test_the_top_card_goes_to_either_end_without_matching() -> None:
    st = dealt([P1, P2], ["R2"])
    assert at(st, "look") == ["R2"]  # revealed; the current player picks the end
    assert legal(st) == ["deal left", "deal right"]
    do(st, "deal left")
    assert at(st, "black.chains.0") == ["R2", "B5"]


@pytest.mark.clause("HWK-BLACKDEAL-02", "HWK-BLACKDEAL-03")
def test_the_matching_token_rises_then_its_ability_is_performed() -> None:
    st = dealt([P1, P2], ["V2", "O1", "O2", "O3"], tokens={"V": 1})
    ev = do(st, "deal right")
    assert at(st, "black.tokens.V") == 2
    assert "Black Prior 2" in texts(ev)
    assert at(st, "discard")[:2] == ["O2", "O1"]


@pytest.mark.clause("HWK-BLACKDEAL-02")
def test_a_lord_raises_its_colour_and_the_top_stays_the_top() -> None:
    st = dealt([P1, P2], ["VL", "O1"], tokens={"V": 7})
    do(st, "deal right")
    assert at(st, "black.tokens.V") == 7


@pytest.mark.clause("HWK-BLACKDEAL-04")
def test_empty_hands_and_chains_are_dealt_one_card() -> None:
    st = dealt([P1, {"hand": [], "chain": []}], ["V2", "O1", "O2", "O3", "O4", "O5"])
    do(st, "deal right")  # Prior 1 discards O1; then p2 gets O2 in hand and O3 in the chain
    assert at(st, "players.1.hand") == ["O2"]
    assert at(st, "players.1.chain") == ["O3"]
    assert at(st, "players.0.hand") == ["G6"]  # not empty: nothing dealt


@pytest.mark.clause("HWK-END-06", "HWK-CHAIN-02")
def test_a_complete_black_chain_is_scored_at_once() -> None:
    st = dealt([P1, P2], ["R2", "O1"], token=1)
    ev = do(st, "deal right")  # B5 R2: 2 cards = his next space: discarded, Black Token 2
    assert at(st, "black.token") == 2
    assert "Black Chain is complete" in texts(ev)
    assert at(st, "black.tokens.R") == 1  # then his Heal 1 (the empty chain takes the top discard)
    assert at(st, "black.chains.0") == ["R2"]


@pytest.mark.clause("HWK-BLACK-02")
def test_black_heal_chains_the_first_matching_discard() -> None:
    st = dealt([P1, P2], ["R2"], tokens={"R": 1}, discard=["Y7", "O2", "O4"])
    do(st, "deal right")  # Heal 2: Y7 does not match B5/R2, O2 does (number 2)
    assert at(st, "black.chains.0") == ["B5", "R2", "O2"]
    assert at(st, "discard")[:2] == ["Y7", "O4"]


@pytest.mark.clause("HWK-BLACK-03")
def test_black_heal_does_nothing_when_nothing_matches() -> None:
    st = dealt([P1, P2], ["R2"], discard=["Y7", "O2"])
    ev = do(st, "deal right")  # Heal 1: only Y7 is looked at
    assert at(st, "black.chains.0") == ["B5", "R2"]
    assert at(st, "discard")[:2] == ["Y7", "O2"]
    assert "no card" in texts(ev)


FOUR = [{"hand": ["G1"], "chain": ["Y1"]}, {"hand": ["G2", "G3"], "chain": ["Y2"]},
        {"hand": ["G4"], "chain": ["Y3"]}, {"hand": ["G5", "G7"], "chain": ["Y4"]}]


@pytest.mark.clause("HWK-BLACK-01", "HWK-BLACK-04")
def test_black_burn_tie_goes_to_the_first_player_to_the_right() -> None:
    st = dealt(FOUR, ["O1"], script=["G7"])
    do(st, "deal right")  # p2 and p4 tie with 2 cards; to p1's right sits p4
    assert at(st, "players.3.hand") == ["G5"]
    assert at(st, "players.1.hand") == ["G2", "G3"]
    st = dealt(FOUR, ["O1"], current="p3", script=["G3"])
    do(st, "deal right")  # current p3: the first to the right is p2
    assert at(st, "players.1.hand") == ["G2"]
    assert at(st, "players.3.hand") == ["G5", "G7"]


@pytest.mark.clause("HWK-BLACK-01")
def test_tie_includes_the_current_player_last() -> None:
    players = [{"hand": ["G1", "G2"], "chain": ["Y1"]}, {"hand": ["G3"], "chain": ["Y2"]}]
    st = dealt(players, ["O1"], script=["G2"])
    do(st, "deal right")  # p1 (current) alone has the largest hand
    assert at(st, "players.0.hand") == ["G1"]
    players = [{"hand": ["G1"], "chain": ["Y1"]}, {"hand": ["G3"], "chain": ["Y2"]}]
    st = dealt(players, ["O1"], script=["G3"])
    do(st, "deal right")  # a tie between p1 (current) and p2: p2 is to p1's right
    assert at(st, "players.0.hand") == ["G1"]
    assert at(st, "discard.0") == "G3"


@pytest.mark.clause("HWK-BLACK-04", "HWK-BLACK-06")
def test_black_burn_repeats_until_its_level() -> None:
    players = [{"hand": ["G1"], "chain": ["Y1"]}, {"hand": ["G2", "G3"], "chain": ["Y2"]}]
    st = dealt(players, ["O1"], tokens={"O": 2}, script=["G3", "G2", "G1"])
    do(st, "deal right")  # Burn 3: p2 (2 cards), then p2/p1 tie -> p2, then p1
    assert at(st, "discard")[:3] == ["G1", "G2", "G3"]


@pytest.mark.clause("HWK-BLACK-05", "HWK-BLACK-06")
def test_black_burn_turns_to_chains_when_hands_are_empty_and_stops_when_nothing_is_left() -> None:
    players = [{"hand": [], "chain": ["Y1"]}, {"hand": [], "chain": ["Y2", "Y3"]}]
    st = dealt(players, ["O1", "R1", "R2", "R3", "R4"], tokens={"O": 4}, script=["Y3", "Y2", "Y1"])
    ev = do(st, "deal right")  # Burn 5: p2's chain (2), the 1-1 tie goes to p2, then p1; then nothing
    assert "no player has a card left" in texts(ev)
    assert at(st, "discard")[:3] == ["Y1", "Y2", "Y3"]


@pytest.mark.clause("HWK-BLACK-07", "HWK-BLACK-08")
def test_black_lore_chains_as_many_as_possible_at_most_two() -> None:
    st = dealt([P1, P2], ["Y1", "B3", "G5", "G2"], discard=["R7"])
    do(st, "deal right")  # B5 Y1; looks at B3 G5 G2: B3 alone fits, but G5 then G2 make two
    assert at(st, "black.chains.0") == ["G2", "G5", "B5", "Y1"]
    assert at(st, "deck.0") == "B3"


@pytest.mark.clause("HWK-BLACK-09")
def test_black_lore_shuffles_the_rest_back_on_top() -> None:
    st = dealt([P1, P2], ["Y1", "B3", "G5", "G2", "R7"], tokens={"Y": 1}, discard=["O6"],
               script=[["R7", "B3"]])
    do(st, "deal right")  # Lore 2 looks at 4
    assert at(st, "black.chains.0") == ["G2", "G5", "B5", "Y1"]
    assert at(st, "deck")[:2] == ["R7", "B3"]
    assert st.view("p1")["deck_known"] == []  # nobody knows the new order


@pytest.mark.clause("HWK-BLACK-08", "HWK-CHAIN-03")
def test_black_lore_never_overfills_his_chain() -> None:
    st = dealt([P1, P2], ["Y1", "B3", "B2"], token=2, discard=["O6"])
    ev = do(st, "deal right")  # B5 Y1 needs 3: only one more card fits, then it is scored
    assert at(st, "black.token") == 3
    assert "B3" in texts(ev)
    assert at(st, "deck.0") == "B2"


@pytest.mark.clause("HWK-BLACK-10", "HWK-BLACK-11", "HWK-BLACK-12")
def test_black_grow_feeds_him_first_then_the_smallest_player_chains() -> None:
    players = [{"hand": ["G6"], "chain": ["O1"], "score": 3}, {"hand": ["BL"], "chain": ["O2", "O3"], "score": 3}]
    st = dealt(players, ["G1", "G7", "R5", "O4", "Y6"], tokens={"G": 3}, discard=["V6"])
    do(st, "deal right")  # Grow 4 reveals G7 R5 O4 Y6
    assert at(st, "black.chains.0") == ["R5", "B5", "G1", "G7"]
    assert at(st, "players.0.chain") == ["O1", "O4"]  # O4 fits both: the smaller chain takes it
    assert at(st, "players.1.chain") == ["O2", "O3"]
    assert at(st, "discard.0") == "Y6"  # joins no chain


@pytest.mark.clause("HWK-BLACK-12")
def test_black_grow_gives_players_as_few_cards_as_possible() -> None:
    players = [{"hand": ["G6"], "chain": ["Y1"], "score": 3}, {"hand": ["BL"], "chain": ["B7"], "score": 3}]
    st = dealt(players, ["G1", "Y3", "R3"], tokens={"G": 1}, discard=["V6"])
    do(st, "deal right")  # Y3 must join p1's chain; R3 would fit after it, so it is discarded first
    assert at(st, "players.0.chain") == ["Y1", "Y3"]
    assert at(st, "discard.0") == "R3"


@pytest.mark.clause("HWK-BLACK-13", "HWK-BLACK-14", "HWK-BLACK-01")
def test_black_webs_returns_random_cards_of_the_largest_chain() -> None:
    players = [{"hand": ["G6"], "chain": ["O1", "O2"], "score": 3},
               {"hand": ["BL"], "chain": ["R1", "R2", "R3"], "score": 3}]
    st = dealt(players, ["B1"], tokens={"B": 2}, script=["R2", "R1", "O1"], discard=["V6"])
    do(st, "deal right")  # Webs 3: p2 (3), then a 2-2 tie: p2 is to p1's right, then p1
    assert at(st, "players.1.chain") == ["R3"]
    assert at(st, "players.0.chain") == ["O2"]
    assert at(st, "deck")[:3] == ["O1", "R1", "R2"]
    assert st.view("p2")["deck_known"][:3] == ["O1", "R1", "R2"]  # public


@pytest.mark.clause("HWK-BLACK-14")
def test_black_webs_stops_when_player_chains_are_empty() -> None:
    players = [{"hand": ["G6"], "chain": []}, {"hand": ["BL"], "chain": ["R1"]}]
    st = dealt(players, ["B1"], tokens={"B": 4}, script=["R1"], discard=["V6"])
    ev = do(st, "deal right")
    assert "every player chain is empty" in texts(ev)


@pytest.mark.clause("HWK-BLACK-15")
def test_black_prior_discards_from_the_deck() -> None:
    st = dealt([P1, P2], ["V2", "R1", "R2", "R3", "R4"], tokens={"V": 2})
    do(st, "deal right")
    assert at(st, "discard")[:3] == ["R3", "R2", "R1"]
    assert at(st, "deck.0") == "R4"
    assert accounted(st)
