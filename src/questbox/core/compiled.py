"""A game's engine modules compiled with mypyc, and the pure-Python fallback (for any game).

``pip install -e .`` (``make setup``) compiles the modules a game lists in its ``compiled.py``
(``MODULES``, read by ``setup.py``): each gets a C extension next to its source, which Python
imports instead of the ``.py`` file. The source stays the reference and the fallback: the game's
package ``__init__`` calls :meth:`CompiledEngine.select` before any of them is imported, and that
makes Python import the ``.py`` sources instead when

* ``QUESTBOX_PURE=1`` is set (to compare both, or to debug with Python tools), or
* the extensions are missing: not built (mypyc was missing, or ``QUESTBOX_PURE=1`` was set for
  the build) or the build failed (the stamp, ``_compiled.json`` next to the first module, then
  says why), or
* they are stale: incomplete, or a source changed since they were built (they would run the old
  code; the build records each source's sha256 in the stamp). Then a warning says to rebuild
  (``make setup`` or ``pip install -e .``).

Descent's ``questbox.games.descent.compiled`` is the first engine built this way (it keeps its own
copy of this logic); hero-ik's uses this module.
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

#: the record of a build (written by ``setup.py`` next to the first compiled module)
STAMP = "_compiled.json"
#: the directory holding ``questbox``
ROOT = Path(__file__).resolve().parent.parent.parent


def source(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension(module: str, root: Path) -> Path | None:
    base = root.joinpath(*module.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        p = base.with_name(base.name + suffix)
        if p.exists():
            return p
    return None


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds some modules' ``.py`` sources, ahead of their extensions."""

    def __init__(self, modules: Sequence[str], root: Path) -> None:
        self.modules = frozenset(modules)
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source(fullname, self.root))


class CompiledEngine:
    """The compiled modules of one game (``title`` names it in messages); ``probe`` is the module
    :meth:`in_use` looks at (default: the first)."""

    def __init__(self, title: str, modules: Sequence[str], probe: str | None = None) -> None:
        self.title = title
        self.modules = tuple(modules)
        self.probe = probe or self.modules[0]
        #: True when the compiled extensions are in use, False when the ``.py`` sources are
        self.active = False
        #: why the sources are used (empty when active, or before :meth:`select`)
        self.reason = ""
        self._finder: _SourceFinder | None = None

    def stamp(self, root: Path = ROOT) -> dict[str, Any] | None:
        """The record of the last build (``None``: none, or unreadable)."""
        try:
            doc = json.loads(source(self.modules[0], root).with_name(STAMP).read_text())
        except (OSError, ValueError):
            return None
        return doc if isinstance(doc, dict) else None

    def check(self, root: Path = ROOT) -> str:
        """Why the extensions under ``root`` (the directory holding ``questbox``) cannot be used
        (``""``: they can)."""
        if os.environ.get("QUESTBOX_PURE", "") not in ("", "0"):
            return "QUESTBOX_PURE is set"
        doc = self.stamp(root)
        if doc is not None and "failed" in doc:
            return f"not compiled: the build failed ({doc['failed']})"
        missing = [m for m in self.modules if extension(m, root) is None]
        if len(missing) == len(self.modules):
            return "not compiled"
        if doc is None:
            return f"stale: no readable {STAMP} next to the extensions"
        group = doc.get("group")
        if not isinstance(group, str) or extension(group, root) is None:
            missing.append(str(group))
        if missing:
            return "stale: the build is incomplete (missing " + ", ".join(missing) + ")"
        sources = doc.get("sources", {})
        changed = [m for m in self.modules if sources.get(m) != digest(source(m, root))]
        if changed:
            return "stale: changed since the build: " + ", ".join(changed)
        return ""

    def in_use(self) -> bool:
        """Whether the engine now imported is the compiled one."""
        mod = sys.modules.get(self.probe)
        return mod is not None and not str(getattr(mod, "__file__", "")).endswith(".py")

    def select(self, root: Path = ROOT) -> None:
        """Use the extensions if they are current, else make Python import the sources (idempotent)."""
        if self._finder is not None or any(m in sys.modules for m in self.modules):
            return      # decided already
        self.reason = self.check(root)
        self.active = not self.reason
        if self.active:
            return
        if self.reason.startswith("stale"):
            warnings.warn(f"questbox: {self.title} runs as pure Python (slower) because its compiled engine is "
                          f"{self.reason}; rebuild it with `make setup` or `pip install -e .`", RuntimeWarning,
                          stacklevel=3)
        self._finder = _SourceFinder(self.modules, root)
        sys.meta_path.insert(0, self._finder)
