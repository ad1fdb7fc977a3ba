"""Descent's decision payloads (issue #16): each decision kind carries its own ``NamedTuple``
(:data:`questbox.games.descent.flow.PAYLOADS`), in play and after a JSON round trip, while the
saved document keeps the plain lists it always had."""

from __future__ import annotations

import json
from typing import Any

import pytest

from questbox.core import Decision, Rng, State
from questbox.games.descent import GAME, DescentState
from questbox.games.descent.campaign_game import GAME as CAMPAIGN
from questbox.games.descent.campaign_game import CampaignState
from questbox.games.descent.flow import (
    FIGURE_WINDOWS,
    PAYLOADS,
    WINDOW_WORDS,
    HeroTurn,
    LargePlace,
    React,
    load_payload,
)
from questbox.games.descent.rules import WINDOWS


def _encounter(st: State) -> DescentState | None:
    if isinstance(st, CampaignState):
        return st.encounter
    assert isinstance(st, DescentState)
    return st


def _play(game: Any, doc: Any, seed: int, every: int = 1) -> list[State]:
    """Clones of the states of one random game (every ``every``-th decision)."""
    st = game.new(doc, seed=seed)
    pick = Rng(seed)
    out: list[State] = []
    k = 0
    while not st.is_over():
        if k % every == 0:
            out.append(st.clone())
        k += 1
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[pick.below(len(legal))])
    return out


def _check(d: Decision) -> str:
    """``d``'s payload has its kind's type; the kind (``mod:...`` by its full name)."""
    want = PAYLOADS[d.kind]
    if want is None:
        assert d.data == (), d
    else:
        assert type(d.data) is want, (d.kind, type(d.data))
    return d.kind


def _check_states(game: Any, states: list[State]) -> set[str]:
    seen: set[str] = set()
    for st in states:
        enc = _encounter(st)
        if enc is None or not enc.pending:
            continue
        d = enc.pending[-1]
        seen.add(_check(d))
        again = _encounter(game.from_json(json.loads(json.dumps(st.to_json()))))
        assert again is not None
        loaded = again.pending[-1]
        assert loaded == d
        _check(loaded)
    return seen


def test_pending_payloads_are_the_kinds_named_tuples_also_after_a_save() -> None:
    seen: set[str] = set()
    for seed in range(8):
        doc = GAME.setup_for_seats(2 + seed % 4)
        seen |= _check_states(GAME, _play(GAME, doc, seed))
        seen |= _check_states(GAME, _play(GAME, {"modules": ["overlord"]}, seed, every=3))
    assert {"hero-turn", "monster-turn", "ol-turn", "next-hero", "react", "surge", "mod:overlord:play"} <= seen


@pytest.mark.slow
def test_campaign_payloads_are_the_kinds_named_tuples_also_after_a_save() -> None:
    seen: set[str] = set()
    for seed in range(3):
        seen |= _check_states(CAMPAIGN, _play(CAMPAIGN, CAMPAIGN.setup_for_seats(2 + seed), seed, every=7))
    assert {"hero-turn", "monster-turn", "react"} <= seen


def test_a_saved_payload_is_a_plain_list_as_before() -> None:
    st = GAME.new(GAME.setup_for_seats(2), seed=0)
    assert isinstance(st, DescentState)
    while st.pending[-1].kind != "hero-turn":
        st.apply(st.to_move()[0], st.legal_actions(st.to_move()[0])[0])
    d = st.pending[-1]
    assert isinstance(d.data, HeroTurn)
    assert st.to_json()["pending"] == [[d.seat, "hero-turn", [d.data.fig]]]
    assert st.view(None)["decision"]["data"] == [d.data.fig]


def test_a_payload_with_a_tuple_field_loads_with_tuples_inside() -> None:
    react = load_payload("react", ["enter-space", [3, 17], 1])
    assert react == React("enter-space", (3, 17), 1) and type(react) is React and type(react.ctx) is tuple
    place = load_payload("large-place", [2, [5, 6]])
    assert place == LargePlace(2, (5, 6)) and type(place.entered) is tuple
    # the kinds of a varying length, and a module's kind the table does not name, stay plain tuples
    assert type(load_payload("breath", [4, 5])) is tuple
    assert load_payload("mod:elsewhere:ask", [[1, 2], "x"]) == ((1, 2), "x")
    assert load_payload("surge", []) == ()



def test_every_window_has_its_words() -> None:
    assert tuple(WINDOW_WORDS) == WINDOWS
    assert set(WINDOWS) >= FIGURE_WINDOWS


def test_a_react_decision_says_in_words_when_and_whose_it_is() -> None:
    """A ``react`` decision names the moment in words (never the window's id) and the figure or
    the attack it is about."""
    texts: dict[str, str] = {}
    for seed in range(8):
        for st in _play(GAME, GAME.setup_for_seats(2 + seed % 4) if seed % 2 else {"modules": ["overlord"]},
                        seed, every=1):
            enc = _encounter(st)
            if enc is None or not enc.pending or enc.pending[-1].kind != "react":
                continue
            d = enc.pending[-1]
            r = d.data
            assert isinstance(r, React)
            text = enc.decision_text(d)
            assert r.window not in text, text
            assert text.startswith(WINDOW_WORDS[r.window]) and text.endswith("use an effect, or pass"), text
            if r.window.startswith("attack-"):
                assert enc.attack is not None
                assert f"({enc.name(enc.attack.attacker)} attacks {enc.name(enc.attack.target)})" in text, text
            elif r.window in FIGURE_WINDOWS and r.ctx[0] >= 0:
                assert f"({enc.name(r.ctx[0])})" in text, text
            texts[r.window] = text
    assert any(w.startswith("attack-") for w in texts), texts
