"""Saved games of every decision kind still load (issue #16).

``data/saved_pending.json`` holds, per decision kind, a state document written by the engine
before its move onto the table of decision kinds, with that kind on top of the pending stack, and
what the engine then offered: the legal actions and the view's pending decisions. A saved game or a
replay of that time must load, write back the same document, and offer the same choices.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from questbox.games.heirs import GAME

SAVED: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "saved_pending.json").read_text())


def test_every_decision_kind_has_a_saved_game() -> None:
    kinds = {str(k) for k in SAVED}
    assert len(kinds) == 19
    assert all(SAVED[k]["state"]["pending"][-1]["kind"] == k for k in kinds)


@pytest.mark.parametrize("kind", sorted(SAVED))
def test_a_saved_game_loads_and_offers_the_same_choices(kind: str) -> None:
    saved = SAVED[kind]
    st = GAME.from_json(saved["state"])
    assert st.to_json() == saved["state"]
    seat = st.to_move()[0]
    assert [str(a) for a in st.legal_actions(seat)] == saved["legal"]
    assert st.view(seat)["pending"] == saved["view"]
    for a in st.legal_actions(seat):  # every choice is answered from the loaded payload
        st.clone().apply(seat, a)
