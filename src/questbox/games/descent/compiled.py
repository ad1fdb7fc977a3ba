"""Descent's engine modules compiled with mypyc, and the pure-Python fallback.

``pip install -e .`` (``make setup``) compiles the modules in :data:`MODULES` with mypyc (see
``setup.py``): each gets a C extension next to its source, which Python imports instead of the
``.py`` file. The source stays the reference and the fallback: this module, run by the package's
``__init__`` before any of them is imported, makes Python import the ``.py`` sources instead when

* ``QUESTBOX_PURE=1`` is set (to compare both, or to debug with Python tools), or
* the extensions are missing: not built (mypyc was missing, or ``QUESTBOX_PURE=1`` was set for
  the build) or the build failed (``_compiled.json`` then says why, and a test fails), or
* they are stale: incomplete, or a source changed since they were built (they would run the old
  code; the build records each source's sha256 in ``_compiled.json``). Then a warning says to
  rebuild (``make setup`` or ``pip install -e .``).

Compiled and pure play identically (``tests/descent/test_fingerprint.py`` runs both).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

#: the modules compiled (``setup.py`` reads this list)
MODULES = (
    "questbox.games.descent.abilities",
    "questbox.games.descent.board",
    "questbox.games.descent.bots",
    "questbox.games.descent.combat",
    "questbox.games.descent.conditions",
    "questbox.games.descent.encounter",
    "questbox.games.descent.evaluation",
    "questbox.games.descent.flow",
    "questbox.games.descent.geometry",
    "questbox.games.descent.hero_turns",
    "questbox.games.descent.kinds",
    "questbox.games.descent.lieutenant_abilities",
    "questbox.games.descent.model",
    "questbox.games.descent.monster_turns",
    "questbox.games.descent.movement",
    "questbox.games.descent.plot",
    "questbox.games.descent.plot_deck",
    "questbox.games.descent.rules",
    "questbox.games.descent.serialize",
    "questbox.games.descent.skill_actions",
    "questbox.games.descent.skill_base",
    "questbox.games.descent.skill_familiars",
    "questbox.games.descent.skill_hooks",
    "questbox.games.descent.skill_interrupts",
    "questbox.games.descent.skill_more",
    "questbox.games.descent.skill_windows",
    "questbox.games.descent.skills",
    "questbox.games.descent.state",
    "questbox.games.descent.state_encode",
    "questbox.games.descent.tactics",
    "questbox.games.descent.modules.classes",
    "questbox.games.descent.modules.feats",
    "questbox.games.descent.modules.heroes",
    "questbox.games.descent.modules.quest",
    "questbox.games.descent.modules.search",
)
#: the record of a build (written by ``setup.py``, next to this file)
STAMP = "_compiled.json"

_PACKAGE = Path(__file__).resolve().parent
_ROOT = _PACKAGE.parent.parent.parent       # the directory holding ``questbox``

#: True when the compiled extensions are in use, False when the ``.py`` sources are
ACTIVE = False
#: why the sources are used (empty when ACTIVE)
REASON = ""


def source(module: str, root: Path = _ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension(module: str, root: Path) -> Path | None:
    base = root.joinpath(*module.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        p = base.with_name(base.name + suffix)
        if p.exists():
            return p
    return None


def stamp(root: Path = _ROOT) -> dict[str, Any] | None:
    """The record of the last build (``None``: none, or unreadable)."""
    try:
        doc = json.loads(source(MODULES[0], root).with_name(STAMP).read_text())
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def check(root: Path = _ROOT) -> str:
    """Why the extensions under ``root`` (the directory holding ``questbox``) cannot be used
    (``""``: they can)."""
    if os.environ.get("QUESTBOX_PURE", "") not in ("", "0"):
        return "QUESTBOX_PURE is set"
    doc = stamp(root)
    if doc is not None and "failed" in doc:
        return f"not compiled: the build failed ({doc['failed']})"
    missing = [m for m in MODULES if _extension(m, root) is None]
    if len(missing) == len(MODULES):
        return "not compiled"
    if doc is None:
        return f"stale: no readable {STAMP} next to the extensions"
    group = doc.get("group")
    if not isinstance(group, str) or _extension(group, root) is None:
        missing.append(str(group))
    if missing:
        return "stale: the build is incomplete (missing " + ", ".join(missing) + ")"
    sources = doc.get("sources", {})
    changed = [m for m in MODULES if sources.get(m) != digest(source(m, root))]
    if changed:
        return "stale: changed since the build: " + ", ".join(changed)
    return ""


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` sources, ahead of their extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source(fullname))


def in_use() -> bool:
    """Whether the engine now imported is the compiled one."""
    mod = sys.modules.get("questbox.games.descent.state")
    return mod is not None and not str(getattr(mod, "__file__", "")).endswith(".py")


def select() -> None:
    """Use the extensions if they are current, else make Python import the sources (idempotent)."""
    global ACTIVE, REASON
    if any(m in sys.modules for m in MODULES) or any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        return      # decided already
    REASON = check()
    ACTIVE = not REASON
    if ACTIVE:
        return
    if REASON.startswith("stale"):
        warnings.warn(f"questbox: Descent runs as pure Python (slower) because its compiled engine is "
                      f"{REASON}; rebuild it with `make setup` or `pip install -e .`", RuntimeWarning, stacklevel=2)
    sys.meta_path.insert(0, _SourceFinder())


if __name__ == "__main__":      # ``python compiled.py``: the compiled sources (the Makefile's list)
    print(" ".join(str(source(m).relative_to(_ROOT.parent)) for m in MODULES))
