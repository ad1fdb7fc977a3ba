"""Heirs's engine and bots compiled with mypyc, and the pure-Python fallback.

The mechanism is :mod:`questbox.core.compiled` (``setup.py`` compiles :data:`MODULES`; the package's
``__init__`` calls :func:`select` before any of them is imported). Compiled and pure play the same
games: ``tests/heirs/test_fingerprint.py`` checks both against the digests of the reference.
"""

from __future__ import annotations

from questbox.core.compiled import STAMP, CompiledEngine

#: the modules compiled (``setup.py`` reads this list): the state, the card set's tables, the table
#: of decision kinds, the turn and the abilities (the players' and the Black Wizard's), the
#: rendering of decisions and the bots, and the designed observation tensor (``observe``: it
#: imports numpy by name, never by an ``import`` statement, for mypyc's build has none). Not
#: ``setup``, ``statedoc`` nor ``cards``: their pydantic models stop mypyc's C build (the C code
#: names a module ``pydantic.main`` it never declares)
MODULES = (
    "questbox.games.heirs.state",
    "questbox.games.heirs.common",
    "questbox.games.heirs.cardset",
    "questbox.games.heirs.kinds",
    "questbox.games.heirs.turn",
    "questbox.games.heirs.abilities",
    "questbox.games.heirs.black",
    "questbox.games.heirs.view",
    "questbox.games.heirs.bots",
    "questbox.games.heirs.observe",
)
ENGINE = CompiledEngine("Heirs", MODULES)

__all__ = ["ENGINE", "MODULES", "STAMP", "in_use", "reason", "select"]


def select() -> None:
    """The compiled engine if it is current, else the sources (before they load)."""
    ENGINE.select()


def in_use() -> bool:
    return ENGINE.in_use()


def reason() -> str:
    """Why Heirs runs as pure Python (``""``: it is compiled)."""
    return ENGINE.reason
