"""Heroica's table of decision kinds (issue #16): one kind per decision, typed payloads that survive
a save, and menu texts from the kinds."""

from __future__ import annotations

import json
import re
import typing

import pytest

from questbox.core import Decision, Rng
from questbox.core.decisions import lookup
from questbox.core.errors import StateError
from questbox.games.heroica import GAME
from questbox.games.heroica.flow import Kind, Move
from questbox.games.heroica.kinds import KINDS
from questbox.games.heroica.observe import _DECISIONS
from questbox.games.heroica.state import HeroicaState
from questbox.games.heroica.statedoc import Kind as KindWord


def _states(seats: int, games: int) -> list[HeroicaState]:
    """Every state of a few random games (clones)."""
    out: list[HeroicaState] = []
    setup = GAME.setup_for_seats(seats)
    for g in range(games):
        st = GAME.new(setup, seed=g)
        rng = Rng(g)
        while not st.is_over():
            out.append(st.clone())
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.below(len(legal))])
    return out


def test_the_table_names_every_kind_the_state_document_and_the_observation_know() -> None:
    assert set(KINDS) == set(typing.get_args(KindWord)) == set(_DECISIONS)
    assert all(isinstance(k, Kind) and k.words for k in KINDS.values())


def test_pending_payloads_are_the_kinds_named_tuples_also_after_a_save() -> None:
    seen: set[str] = set()
    for st in [*_states(2, 6), *_states(5, 6)]:
        d = st.pending[-1]
        kind = lookup(KINDS, d.kind)
        loaded = GAME.from_json(json.loads(json.dumps(st.to_json()))).pending[-1]
        assert loaded == d
        for got in (d, loaded):
            if kind.payload is None:
                assert got.data == ()
            else:
                assert type(got.data) is kind.payload, (d.kind, type(got.data))
                seen.add(d.kind)
    assert {"move", "fight", "forward"} <= seen


def test_a_saved_payload_is_a_plain_list_as_before() -> None:
    st = GAME.new(GAME.setup_for_seats(2), seed=3)
    st.apply(None, "roll")
    assert st.pending[-1] == Decision("p1", "move", Move("roll"))
    assert st.to_json()["pending"] == [["p1", "move", ["roll"]]]
    assert st.view("p1")["decision"] == ["p1", "move", ["roll"]]


def test_the_view_shows_the_kinds_menu_text() -> None:
    for st in _states(3, 3)[::17]:
        d = st.pending[-1]
        assert st.view(None)["decision_text"] == lookup(KINDS, d.kind).text(st, d) == st.decision_text(d)
        assert st.decision_actions(d) == st.legal_actions(d.seat)


@pytest.mark.parametrize(("decision", "why"), [
    (["p1", "turn", [1]], "turn: no data"),
    (["p1", "move", ["run"]], "move: [roll], [prince] or [skill]"),
    (["p1", "fight", [-2]], "fight: one space number (-1 for any), below"),
    (["p1", "fight", ["A"]], "fight: one space number (-1 for any), below"),
    (["p1", "shield", [-1]], "shield: one space number below"),
    (["p1", "back", [0, 0]], "back: a hero, a space number and what follows"),
    (["p1", "back", [5, 0, "end"]], "back: a hero, a space number and what follows"),
    (["p1", "back", [0, 0, "end:"]], "back: what follows is 'end' or 'bat:SPACE'"),
    (["p1", "back", [0, 0, "bat:x"]], "back: what follows is 'end' or 'bat:SPACE'"),
    (["p1", "forward", ["both"]], "forward: [hero] or [monster]"),
])
def test_each_kind_refuses_a_saved_payload_of_the_wrong_shape(decision: list[object], why: str) -> None:
    doc = GAME.new(GAME.setup_for_seats(2), seed=0).to_json()
    doc["pending"] = [decision]
    with pytest.raises(StateError, match=re.escape(f"pending.0: {why}")):
        GAME.from_json(doc)
