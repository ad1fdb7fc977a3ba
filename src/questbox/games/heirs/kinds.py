"""The composition root of the engine's decisions: :data:`KINDS`, every decision kind of the game
in one table (:func:`questbox.core.decisions.table`), the turn's own (:mod:`.turn`) and the
abilities' (:mod:`.abilities`). The state dispatches its pending decisions through it
(:func:`kind_of`); ``HeirsGame.decisions_module`` names this module.

It imports the rules modules; none of them imports it (nor the state, at run time).
"""

from __future__ import annotations

from typing import Final

import questbox.games.heirs.abilities as abilities
import questbox.games.heirs.turn as turn
from questbox.core.decisions import lookup, table
from questbox.games.heirs.common import Kind

#: every decision kind of the game, by its word (``Decision.kind``)
KINDS: Final[dict[str, Kind]] = table((*turn.KINDS, *abilities.KINDS))


def kind_of(kind: str) -> Kind:
    """The kind answering decisions of ``kind`` (:class:`~questbox.core.decisions.UnknownDecision`
    if none does)."""
    got = KINDS.get(kind)
    return got if got is not None else lookup(KINDS, kind)
