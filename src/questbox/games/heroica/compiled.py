"""Heroica's engine and bots compiled with mypyc, and the pure-Python fallback.

The mechanism is :mod:`questbox.core.compiled` (``setup.py`` compiles :data:`MODULES`; the package's
``__init__`` calls :func:`select` before any of them is imported). Compiled and pure play the same
games: ``tests/heroica/test_fingerprint.py`` checks both against the digests of the reference.
"""

from __future__ import annotations

from questbox.core.compiled import STAMP, CompiledEngine

#: the modules compiled (``setup.py`` reads this list): the kernel, the table of decision kinds
#: and its turn modules, the board and the bots. Not the setup modules (``data``, ``game``,
#: ``position``, ``statedoc``): their pydantic models stop mypyc's C build
MODULES = (
    "questbox.games.heroica.state",
    "questbox.games.heroica.board",
    "questbox.games.heroica.flow",
    "questbox.games.heroica.kinds",
    "questbox.games.heroica.hero_turns",
    "questbox.games.heroica.monster_turns",
    "questbox.games.heroica.bots",
)
ENGINE = CompiledEngine("Heroica", MODULES)

__all__ = ["ENGINE", "MODULES", "STAMP", "in_use", "reason", "select"]


def select() -> None:
    """The compiled engine if it is current, else the sources (before they load)."""
    ENGINE.select()


def in_use() -> bool:
    return ENGINE.in_use()


def reason() -> str:
    """Why Heroica runs as pure Python (``""``: it is compiled)."""
    return ENGINE.reason
