"""Hero IK on the one decision mechanism (issue #16): the table of decision kinds, the table of
step handlers, and the payloads as ``NamedTuple``s, also after a save and a load."""

from __future__ import annotations

import json
from typing import get_args

import pytest

from questbox.core import Decision, Rng
from questbox.core.decisions import lookup
from questbox.games.hero_ik import GAME, HikState
from questbox.games.hero_ik.atlas import legal_parties
from questbox.games.hero_ik.kinds import KINDS, Cost, Elimination, ManaTarget, Place, decision
from questbox.games.hero_ik.observe import _DECISIONS
from questbox.games.hero_ik.statedoc import Kind, StepKind
from questbox.games.hero_ik.steps import STEPS

PAYLOADS = {"place": (Place,), "pay": (Cost,), "target": (ManaTarget, Elimination)}


def test_the_tables_name_every_kind_and_step_the_documents_may_hold() -> None:
    assert set(KINDS) == set(get_args(Kind)) == set(_DECISIONS)
    assert set(STEPS) == set(get_args(StepKind))
    for name, kind in KINDS.items():
        assert kind.kind == name and lookup(KINDS, name) is kind


def _positions(mode: str, games: int) -> list[HikState]:
    """Every position of a few random games."""
    out: list[HikState] = []
    parties = legal_parties()
    for seed in range(games):
        setup = {"mode": mode, "party": list(parties[(7 * seed) % len(parties)])}
        s = GAME.new(GAME.setup_for_seats(1 if mode == "solitaire" else 2, setup), seed=seed)
        pick = Rng(seed + 1000)
        while not s.is_over():
            out.append(s.clone())
            seat = s.to_move()[pick.below(len(s.to_move()))]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[pick.below(len(legal))])
    return out


@pytest.mark.parametrize("mode", ["solitaire", "duel"])
def test_payloads_are_named_tuples_in_play_and_after_a_load(mode: str) -> None:
    seen: set[str] = set()
    for s in _positions(mode, 30):
        for d in s.pending:
            if d.kind not in PAYLOADS:
                assert d.data == ()
                continue
            seen.add(d.kind)
            assert isinstance(d.data, PAYLOADS[d.kind])
            back = GAME.from_json(json.loads(json.dumps(s.to_json())))
            loaded = back.pending[s.pending.index(d)]
            assert type(loaded.data) is type(d.data) and loaded.data == d.data
            assert back.legal_actions(d.seat) == s.legal_actions(d.seat)
    assert seen == (set(PAYLOADS) - {"place"} if mode == "solitaire" else set(PAYLOADS))  # (no placing alone)


def test_the_view_shows_the_kinds_text_and_details() -> None:
    for s in _positions("duel", 10):
        top = s.pending[-1]
        shown = s.view(top.seat)["decision"]
        kind = KINDS[top.kind]
        assert shown == {"kind": top.kind, "seat": top.seat, "text": kind.text(s, top), **kind.details(s, top)}
        assert shown["text"] == s.decision_text(top)
        assert s.decision_actions(top) == kind.legal(s, top)


def test_a_saved_payload_is_rebuilt_by_its_kind() -> None:
    assert decision("dungeon", "place", [2]) == Decision("dungeon", "place", Place(2))
    assert decision("adventurers", "pay", [0, 1, 0, 2]).data == Cost(green=0, yellow=1, blue=0, red=2)
    assert decision("adventurers", "target", ["mana"]).data == ManaTarget("mana")
    got = decision("adventurers", "target", ["eliminate", "undead"]).data
    assert isinstance(got, Elimination) and got.among == "undead"
    assert decision("adventurers", "equip", []).data == ()
