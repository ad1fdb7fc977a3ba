"""One typed decision mechanism (issue #16): every registered game lists its decision kinds once,
in the table its ``Game.decisions_module`` names (``KINDS``, built with
:func:`questbox.core.decisions.table`), and every decision it pushes in play is answered there.

For states sampled from random games: each pending decision's kind is found in the table
(:func:`questbox.core.decisions.lookup`), has a non-empty menu text, and for the decision on
top, the kind's ``legal`` is exactly what the state offers the seat to move.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import pytest

from questbox.core import games
from questbox.core.decisions import lookup
from tests.generic.test_protocol import CONFIGS, _playout

#: games still on their own turn engine; a game that moves onto the table leaves this set
#: (and the test below then requires it to stay on it)
#: (empty: every game is on it; descent-campaign's table holds the encounter's kinds and the
#: Campaign phase's, campaign_log.KINDS)
NOT_YET: frozenset[str] = frozenset()
SEEDS = 4


def _table(gid: str) -> Mapping[str, Any]:
    name = games()[gid].decisions_module
    assert name is not None, f"{gid} names no decisions module"
    kinds: Mapping[str, Any] = importlib.import_module(name).KINDS
    assert kinds, f"{gid}: its table of decision kinds is empty"
    return kinds


def test_the_games_off_the_table_are_exactly_the_listed_ones() -> None:
    ours = {gid: g for gid, g in games().items() if type(g).__module__.startswith("questbox.games.")}
    off = {gid for gid, g in ours.items() if g.decisions_module is None}
    assert off == set(NOT_YET), "update NOT_YET: it must name exactly the games " \
        f"without a decisions module (off the table now: {sorted(off)})"


@pytest.mark.parametrize(("gid", "n"), [c for c in CONFIGS if c[0] not in NOT_YET
                                       and games()[c[0]].decisions_module is not None])
def test_every_pushed_decision_has_a_kind_with_a_text_and_its_legal_actions(gid: str, n: int) -> None:
    kinds = _table(gid)
    seen: set[str] = set()
    for seed in range(SEEDS):
        for s in _playout(games()[gid], n, seed)[1]:
            for d in s.pending:
                kind = lookup(kinds, d.kind)
                text = kind.text(s, d)
                assert isinstance(text, str) and text.strip(), f"{gid}: kind {d.kind!r} has no text"
                seen.add(d.kind)
            if s.pending and not s.is_over():
                top = s.pending[-1]
                assert lookup(kinds, top.kind).legal(s, top) == s.legal_actions(top.seat), \
                    f"{gid} seed {seed}: kind {top.kind!r}'s legal actions differ from the state's"
    assert seen, f"{gid}: no decision seen in play"
