"""hero-ik's engine and bots compiled with mypyc, and the pure-Python fallback.

The mechanism is :mod:`questbox.core.compiled` (``setup.py`` compiles :data:`MODULES`; the package's
``__init__`` calls :func:`select` before any of them is imported). Compiled and pure play the same
games: ``tests/hero_ik/test_fingerprint.py`` checks both against the digests of the reference.
"""

from __future__ import annotations

from questbox.core.compiled import STAMP, CompiledEngine

#: the modules compiled (``setup.py`` reads this list). Not ``setup``: its pydantic models stop
#: mypyc's C build (the C code names a module ``pydantic.main`` it never declares); the rules context
#: it builds is ``ctx`` (a native class: the rules read its fields directly)
MODULES = (
    "questbox.games.hero_ik.state",
    "questbox.games.hero_ik.ctx",
    "questbox.games.hero_ik.model",
    "questbox.games.hero_ik.kinds",
    "questbox.games.hero_ik.steps",
    "questbox.games.hero_ik.views",
    "questbox.games.hero_ik.bots",
)
ENGINE = CompiledEngine("Hero IK", MODULES)

__all__ = ["ENGINE", "MODULES", "STAMP", "in_use", "reason", "select"]


def select() -> None:
    """The compiled engine if it is current, else the sources (before they load)."""
    ENGINE.select()


def in_use() -> bool:
    return ENGINE.in_use()


def reason() -> str:
    """Why hero-ik runs as pure Python (``""``: it is compiled)."""
    return ENGINE.reason
