"""Setup, the setup document and the card data."""

from __future__ import annotations

import pytest

from questbox.core.errors import SetupError
from questbox.games.heirs import GAME
from questbox.games.heirs.cards import card_set, default_cards, load_card_file
from tests.heirs.helpers import accounted, at, do, legal, make


@pytest.mark.clause("HWK-SETUP-01", "HWK-SETUP-03", "HWK-SETUP-04")
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_scores_start_on_1_tokens_off_the_track(n: int) -> None:
    st = GAME.new({"players": n}, seed=3)
    for p in at(st, "players"):
        assert p["score"] == 1
        assert p["tokens"] == {"R": 0, "O": 0, "Y": 0, "G": 0, "B": 0, "V": 0}
    assert at(st, "black.token") == 1
    assert at(st, "black.tokens") == {"R": 0, "O": 0, "Y": 0, "G": 0, "B": 0, "V": 0}
    assert at(st, "black.face_down") is False


@pytest.mark.clause("HWK-SETUP-05", "HWK-SETUP-06", "HWK-SETUP-07")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_deal_chains_staggered_hands_and_discard(n: int) -> None:
    st = GAME.new({"players": n}, seed=11)
    assert [len(p["chain"]) for p in at(st, "players")] == [1] * n
    assert [len(p["hand"]) for p in at(st, "players")] == list(range(1, n + 1))
    assert [len(ch) for ch in at(st, "black.chains")] == [1]
    assert len(at(st, "discard")) == 1
    assert len(at(st, "deck")) == 48 - n - 1 - n * (n + 1) // 2 - 1
    assert accounted(st)


@pytest.mark.clause("HWK-SETUP-05", "HWK-SETUP-06", "HWK-SETUP-07")
def test_deck_order_replaces_the_shuffle() -> None:
    order = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "RL"]
    st = GAME.new({"players": 2, "deck": order})
    # chains first (players, then the Black Wizard), then hands of 1 and 2, then the discard
    assert at(st, "players.0.chain") == ["R1"]
    assert at(st, "players.1.chain") == ["R2"]
    assert at(st, "black.chains.0") == ["R3"]
    assert at(st, "players.0.hand") == ["R4"]
    assert at(st, "players.1.hand") == ["R5", "R6"]
    assert at(st, "discard") == ["R7"]
    assert at(st, "deck.0") == "RL"
    assert at(st, "deck.1") == "O1"  # unlisted cards follow in card-file order


@pytest.mark.clause("HWK-SETUP-02", "HWK-SETUP-08", "HWK-SETUP-09")
def test_first_player_begins_and_play_proceeds_clockwise() -> None:
    st = GAME.new({"players": 3}, seed=5)
    assert st.to_move() == ("p1",)
    assert at(st, "current") == "p1"
    seen = []
    from questbox.core.rng import Rng

    r = Rng(9)
    while len(seen) < 7 and not st.is_over():
        if not seen or seen[-1] != at(st, "current"):
            seen.append(at(st, "current"))
        acts = st.legal_actions()
        st.apply(None, acts[r.below(len(acts))])
    assert seen[:4] == ["p1", "p2", "p3", "p1"][:len(seen[:4])]


@pytest.mark.clause("HWK-SETUP-02")
def test_black_wizard_sits_to_the_right_of_the_first_player() -> None:
    """He is to the first player's right, so his ties look first at the seat before the current one."""
    from questbox.games.heirs.state import ORDERS

    assert ORDERS[4][1][0] == (3, 2, 1, 0)  # p1 current: p4 is the first player to the right
    assert ORDERS[4][1][2] == (1, 0, 3, 2)


def test_solo_setup_shapes() -> None:
    for setup in ({"players": 1}, {"mode": "solo"}):
        st = GAME.new(setup, seed=2)
        assert st.seats == ("p1",)
        assert [len(ch) for ch in at(st, "black.chains")] == [1, 1]
        assert at(st, "options.target") == 7
        assert at(st, "options.draw_limit") == 5
        assert accounted(st)


@pytest.mark.parametrize(("setup", "msg"), [
    ({"players": 5}, "players"),
    ({"players": 0}, "players"),
    ({"mode": "solo", "players": 2}, "Solo"),
    ({"mode": "normal", "players": 1}, "Solo"),
    ({"players": 2, "options": {"target": 0}}, "options.target"),
    ({"players": 2, "options": {"nonsense": 1}}, "nonsense"),
    ({"players": 2, "deck": ["R1", "R1"]}, "twice"),
    ({"players": 2, "deck": ["X9"]}, "no card 'X9'"),
    ({"players": 2, "cards": [{"id": "R1", "colour": "R", "number": 9, "source": "x"}]}, "number"),
    ({"players": 2, "cards": [{"id": "7", "colour": "R", "number": 1, "source": "x"}]}, "id"),
    ({"players": 2, "cards": [{"id": "A1", "colour": "Q", "number": 1, "source": "x"}]}, "colour"),
    ({"players": 2, "position": {"players": [{}, {}, {}]}}, "position.players"),
    ({"players": 2, "position": {"players": [{"hand": ["R1"]}, {"chain": ["R1"]}]}}, "twice"),
    ({"players": 2, "position": {"players": [{}, {}], "current": "p3"}}, "current"),
    ({"players": 2, "position": {"players": [{}, {}], "black": {"chains": [[], []]}}}, "chain"),
    ({"players": 2, "position": {"players": [{"tokens": {"R": 9}}, {}]}}, "tokens"),
    ({"players": 2, "position": {"players": [{}, {}], "selected": ["heal", 1]}}, "selected"),
    ("not a mapping", "mapping"),
])
def test_setup_errors_are_clear(setup: object, msg: str) -> None:
    with pytest.raises(SetupError, match=msg):
        GAME.new(setup, seed=0)  # type: ignore[arg-type]


def test_card_data_is_48_cards_labelled_ours() -> None:
    cs = default_cards()
    assert cs.n == 48
    assert all(d.source.startswith("ours") for d in cs.docs)
    assert sorted(cs.ids) == sorted(f"{c}{n}" for c in "ROYGBV" for n in [1, 2, 3, 4, 5, 6, 7, "L"])


def test_user_card_file_goes_through_the_same_validator(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    f = tmp_path / "cards.yaml"
    f.write_text("cards:\n  - {id: R1, colour: R, number: 1, source: mine}\n"
                 "  - {id: R1, colour: O, number: 2, source: mine}\n")
    with pytest.raises(SetupError, match="used twice"):
        load_card_file(f)
    assert card_set(None) is default_cards()


def test_user_cards_in_the_setup_document() -> None:
    cards = [{"id": f"{c}{n}", "colour": c, "number": n, "source": "test"}
             for c in "ROYGBV" for n in (1, 2, 3, 4)]
    st = GAME.new({"players": 2, "cards": cards}, seed=1)
    assert st.cs.n == 24
    assert accounted(st)
    assert len(at(st, "cards")) == 24
    again = GAME.from_json(st.to_json())
    assert again.to_json() == st.to_json()
    with pytest.raises(SetupError, match="at least"):
        GAME.new({"players": 4, "cards": cards[:10]})


def test_position_builds_any_situation() -> None:
    st = make([{"hand": ["R1", "O2"], "chain": ["Y3"], "score": 3, "tokens": {"B": 2}},
               {"hand": ["G4"], "chain": [], "score": 2}],
              black={"chains": [["B5", "B6"]], "token": 4, "tokens": {"V": 3}, "face_down": True},
              deck=["V1", "V2"], discard=["O7", "O6"], current="p2", step="draw",
              selected=["lore", 3], turn=9)
    assert at(st, "players.0.hand") == ["R1", "O2"]
    assert at(st, "players.0.tokens.B") == 2
    assert at(st, "black.chains.0") == ["B5", "B6"]
    assert at(st, "black.token") == 4
    assert at(st, "black.face_down") is True
    assert at(st, "deck.0") == "V1" and at(st, "deck.1") == "V2"
    assert at(st, "discard") == ["O7", "O6"]
    assert at(st, "current") == "p2"
    assert at(st, "turn") == 9
    assert at(st, "step") == "draw"
    assert st.to_move() == ("p2",)
    assert legal(st) == ["draw", "ability"]
    assert accounted(st)


def test_position_known_top_cards() -> None:
    st = make([{"hand": ["G1"]}, {}], deck=["R1", "R2", "R3"], discard=["O1"], known={"p1": 2})
    assert st.view("p1")["deck_known"] == ["R1", "R2"]
    assert st.view("p2")["deck_known"] == []
    assert at(st, "known") == {"p1": 2, "p2": 0, "spectator": 0}
    do(st, "absorb G1", "skip-cast")  # p1 draws R1 R2: what p1 knew is gone from the deck
    assert st.view("p1")["deck_known"] == []
