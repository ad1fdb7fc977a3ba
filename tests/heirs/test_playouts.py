"""Random playouts: every game ends, and invariants hold in every state along the way."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from questbox.agents.random_agent import RandomAgent
from questbox.core.rng import Rng
from questbox.games.heirs import GAME, HeirsState
from questbox.games.heirs.state import SEATS
from tests.heirs.helpers import accounted

SETUPS = [{"mode": "solo"}, {"players": 2}, {"players": 3}, {"players": 4}]


def check_invariants(st: HeirsState) -> None:
    assert accounted(st), "a card is lost or duplicated"
    o = st.o
    for i in range(st.n):
        assert 1 <= st.scores[i] <= o.target
        assert all(0 <= t <= o.max_level for t in st.tokens[i])
    assert all(0 <= t <= o.max_level for t in st.btokens)
    assert o.black_start <= st.btoken <= o.black_target
    if not st.over:
        assert st.btoken < o.black_target
        assert len(st.to_move()) == 1 and st.legal_actions()
    for i, seat in enumerate(st.seats):
        view = st.view(seat)
        for j, p in enumerate(view["players"]):
            assert ("hand" in p) == (j == i), f"{seat} sees another hand"
            assert p["hand_size"] == len(st.hands[j])


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: str(s.get("players", "solo")))
def test_200_random_games_end_with_invariants_everywhere(setup: dict[str, int | str]) -> None:
    for seed in range(200):
        st = GAME.new(setup, seed=seed)
        agents = {s: RandomAgent(seed=seed * 10 + k) for k, s in enumerate(st.seats)}
        steps = 0
        while not st.is_over():
            seat = st.to_move()[0]
            st.apply(seat, agents[seat].act(st, seat))
            steps += 1
            assert steps < 20_000
            if seed % 4 == 0 or st.is_over():
                check_invariants(st)
        assert st.outcome() is not None


def _mid_game_states(setup: dict[str, int | str], seeds: range) -> list[HeirsState]:
    out = []
    for seed in seeds:
        st = GAME.new(setup, seed=seed)
        r = Rng(seed + 100)
        k = 0
        while not st.is_over():
            if k % 7 == 3:
                out.append(st.clone())
            acts = st.legal_actions()
            st.apply(None, acts[r.below(len(acts))])
            k += 1
    return out


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: str(s.get("players", "solo")))
def test_clone_equals_json_round_trip(setup: dict[str, int | str]) -> None:
    for st in _mid_game_states(setup, range(12)):
        doc = st.to_json()
        json.dumps(doc)
        again = GAME.from_json(doc)
        assert again.to_json() == doc
        assert st.clone().to_json() == doc
        # the rebuilt state plays on exactly like the original
        a, b = st.clone(), again
        r1, r2 = Rng(5), Rng(5)
        for _ in range(30):
            if a.is_over():
                break
            la, lb = a.legal_actions(), b.legal_actions()
            assert la == lb
            x = la[r1.below(len(la))]
            assert x == lb[r2.below(len(lb))]
            assert a.apply(None, x) == b.apply(None, x)
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: str(s.get("players", "solo")))
def test_determinize_keeps_what_the_seat_sees(setup: dict[str, int | str]) -> None:
    for st in _mid_game_states(setup, range(8)):
        for seat in st.seats:
            view = st.view(seat)
            legal = st.legal_actions(seat)
            for k in range(3):
                d = st.determinize(seat, Rng(k))
                assert d.view(seat) == view
                assert d.legal_actions(seat) == legal
                assert accounted(d)
                assert d.view(None) == st.view(None)


def test_determinize_resamples_hidden_cards() -> None:
    st = GAME.new({"players": 4}, seed=1)
    changed = 0
    for k in range(20):
        d = st.determinize("p1", Rng(k))
        assert d.hands[0] == st.hands[0]
        changed += d.hands[3] != st.hands[3]
        assert [len(h) for h in d.hands] == [len(h) for h in st.hands]
    assert changed > 10


def test_determinize_keeps_known_top_of_deck() -> None:
    from tests.heirs.helpers import make

    st = make([{"hand": ["G1"], "chain": ["V1"]}, {"hand": ["B1", "B2"], "chain": ["B7"]}],
              deck=["R1", "R2", "R3"], discard=["O1"], known={"p1": 2})
    for k in range(10):
        d = st.determinize("p1", Rng(k))
        assert d.to_json()["deck"][:2] == ["R1", "R2"]
        assert d.hands[0] == st.hands[0]


def test_private_events_go_only_to_their_owner() -> None:
    for seed in range(20):
        st = GAME.new({"players": 3}, seed=seed)
        r = Rng(seed)
        while not st.is_over():
            acts = st.legal_actions()
            for e in st.apply(None, acts[r.below(len(acts))]):
                if e.kind in ("draw", "lore", "keep", "return", "refill") and e.seats is not None:
                    if len(e.seats) == 1:
                        continue  # the owner's version names the cards
                    # the others' version never names a card
                    assert not any(c in e.text.split() for c in st.cs.ids), e.text


@settings(max_examples=60, deadline=None)
@given(players=hs.sampled_from([1, 2, 3, 4]), seed=hs.integers(0, 10_000),
       picks=hs.lists(hs.integers(0, 1_000), min_size=1, max_size=300))
def test_any_action_sequence_keeps_every_card(players: int, seed: int, picks: list[int]) -> None:
    st = GAME.new({"players": players}, seed=seed)
    for p in picks:
        if st.is_over():
            break
        acts = st.legal_actions()
        st.apply(None, acts[p % len(acts)])
        assert accounted(st)
        assert st.to_move() == () or st.to_move()[0] in SEATS
    assert GAME.from_json(st.to_json()).to_json() == st.to_json()
