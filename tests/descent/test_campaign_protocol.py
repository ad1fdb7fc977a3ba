"""The generic suite's checks on campaign encounters (the generic suite plays default setups,
which have no plot deck): random playouts with every First Legion card face up end; clone, JSON
and replays are exact; illegal actions change nothing; views hide the face-down plot cards and do
not change under ``determinize``."""

from __future__ import annotations

import json

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, IllegalAction, Match, Rng
from questbox.games.descent import GAME
from questbox.games.descent.plot import cards_of

ALL = list(cards_of("first-legion"))


def setup(n: int, faceup: list[str], seats: str = "party") -> JSON:
    heroes = ["syndrael", "avric", "leoric", "tomble"][:n]
    return {"heroes": heroes, "seats": seats,
            "campaign": {"plot_deck": "first-legion", "threat": 9, "faceup": faceup,
                         "facedown": [c for c in ALL if c not in faceup], "fortune": {heroes[0]: 2}}}


@pytest.mark.parametrize(("n", "seats", "faceup"), [(2, "party", ALL), (3, "per-hero", ALL),
                                                     (4, "party", ALL[:4]), (2, "per-hero", ALL[:1])])
def test_random_campaign_encounters_end_round_trip_and_hide_the_face_down_cards(
        n: int, seats: str, faceup: list[str]) -> None:
    doc = setup(n, faceup, seats)
    for seed in range(12):
        match = Match(GAME, doc, seed=seed, keep_events=False)
        st = match.state
        agents = {s: RandomAgent(seed=seed * 31 + i) for i, s in enumerate(st.seats)}
        pick = Rng(seed)
        while not st.is_over():
            assert len(match.actions) < 20_000
            seat = st.to_move()[0]
            if pick.below(40) == 0:
                j = st.to_json()
                json.dumps(j)
                assert GAME.from_json(j).to_json() == j and st.clone().to_json() == j
                for s in st.seats:
                    v = st.view(s)
                    assert st.determinize(s, Rng(seed)).view(s) == v
                    camp = v["mods"]["campaign"]
                    hidden = [c for c, x in st.mods["campaign"]["cards"].items() if x == "facedown"]
                    if s != "overlord":
                        assert not set(hidden) & set(camp["cards"]) and camp["facedown"] == len(hidden)
                    else:
                        assert set(hidden) <= set(camp["cards"])
                with pytest.raises(IllegalAction):
                    st.apply(seat, "plot no-such-card")
                assert st.to_json() == j
            match.apply(seat, agents[seat].act(st, seat))
        assert st.outcome() is not None
        if seed % 4 == 0:
            assert match.replay().run(GAME).digest() == st.digest()


@pytest.mark.parametrize(("n", "seats"), [(2, "party"), (3, "per-hero"), (4, "party")])
def test_the_action_space_holds_every_campaign_action_and_the_encoding_keeps_its_length(n: int, seats: str) -> None:
    doc = setup(n, ALL, seats)
    space = GAME.action_space(doc)
    assert space is not None and len(space) == len(set(space))
    index = set(space)
    for seed in range(6):
        st = GAME.new(doc, seed=seed)
        agents = {s: RandomAgent(seed=seed + i) for i, s in enumerate(st.seats)}
        size = None
        while not st.is_over():
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            assert set(legal) <= index, set(legal) - index
            enc = GAME.encode(st.view(seat), seat)
            assert enc is not None
            size = size or len(enc)
            assert len(enc) == size
            st.apply(seat, agents[seat].act(st, seat))
