"""Build hook: compile the engines of the games in :data:`ALL_GAMES` with mypyc (the rest of the
metadata is in pyproject.toml).

The modules each game lists in ``src/questbox/games/GAME/compiled.py`` (``MODULES``) become C
extensions next to their sources (one mypyc build, one shared group module); each game's
``_compiled.json`` records its sources' sha256 so that a source edited after the build is imported
as Python instead of the stale extension (see ``questbox.core.compiled``).
The build never fails
the install: with ``QUESTBOX_PURE=1`` or without mypyc it is skipped, and if mypyc or the C
compiler fails, every game's ``_compiled.json`` records why (a test reports it) and the games run
as pure Python (slower, the same games). ``QUESTBOX_COMPILE=heirs,heroica`` (comma-separated packages
of :data:`ALL_GAMES`) compiles only those games (to work on one engine quickly): the build still removes every game's earlier
extensions (they share one group module), so the others run as pure Python.

mypyc type-checks the compiled modules and everything they import (the games' packages,
``questbox.core``): the typed libraries they reach are build requirements in pyproject.toml,
because a fresh environment has none of them yet when pip builds.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
#: the games whose engine can be compiled (packages under ``questbox.games``) and their names
ALL_GAMES = {"descent": "Descent", "hero_ik": "Hero IK", "heroica": "Heroica", "heirs": "Heirs"}


def _selected() -> dict[str, str]:
    """The games this build compiles: every one, or those named in ``QUESTBOX_COMPILE``
    (comma-separated packages, e.g. ``QUESTBOX_COMPILE=heirs``: a quicker build while working on one
    game; the others then run as pure Python)."""
    wanted = [g.strip() for g in os.environ.get("QUESTBOX_COMPILE", "").split(",") if g.strip()]
    unknown = sorted(set(wanted) - set(ALL_GAMES))
    if unknown:
        raise SystemExit(f"QUESTBOX_COMPILE names no compiled game: {', '.join(unknown)} "
                         f"(known: {', '.join(ALL_GAMES)})")
    return {g: t for g, t in ALL_GAMES.items() if not wanted or g in wanted}


#: the games whose engine this build compiles
GAMES = _selected()
WHO = " and ".join(GAMES.values())


def compiled_modules(game: str | None = None) -> list[str]:
    """``MODULES`` of a game's compiled.py (default: every game's), read without importing it."""
    if game is None:
        return [m for g in GAMES for m in compiled_modules(g)]
    tree = ast.parse((SRC / "questbox" / "games" / game / "compiled.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "MODULES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise RuntimeError(f"{game}/compiled.py has no MODULES")


def source(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def _say(text: str) -> None:
    print(f"questbox: {text}", file=sys.stderr)


class BuildExt(build_ext):
    """``build_ext`` that compiles the engine with mypyc (when it runs, not whenever setup.py is
    read), drops a previous build first, never fails the install and records what it did."""

    def finalize_options(self) -> None:
        exts = _mypycify(compiled_modules())
        # when mypyc failed, keep the placeholder so that this command still runs and records why
        # (with no extensions at all, an editable install skips build_ext)
        self.distribution.ext_modules = exts if exts or not _FAILED else [_PLACEHOLDER]
        super().finalize_options()

    def run(self) -> None:
        modules = compiled_modules()
        # every game's earlier build goes (they share one group module), the selected games' only return
        self._forget([m for g in ALL_GAMES for m in compiled_modules(g)])
        if _FAILED:
            self._record({"failed": _FAILED})
            return
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # the pure-Python engine is the fallback
            self._fail(modules, f"the C build failed: {exc}")
            return
        missing = [e.name for e in self.extensions if not Path(self.get_ext_fullpath(e.name)).exists()]
        if missing:
            self._fail(modules, f"these extensions did not build: {', '.join(missing)}")
            return
        group = next((e.name for e in self.extensions if e.name not in modules), None)
        for game in GAMES:
            self._record({"mypy": _mypy_version(), "group": group,
                          "sources": {m: _DIGESTS[m] for m in compiled_modules(game)}}, game)

    def _fail(self, modules: list[str], why: str) -> None:
        _say(f"{why}; {WHO} run as pure Python")
        self._forget(modules)
        self._record({"failed": why})

    def _root(self) -> Path:
        """Where the packages are built: ``src`` when building in place (an editable install)."""
        return Path(self.get_ext_fullpath(compiled_modules(next(iter(GAMES)))[0])).parents[3]

    def _stamp(self, game: str) -> Path:
        return self._root() / "questbox" / "games" / game / "_compiled.json"

    def _record(self, doc: dict[str, Any], game: str | None = None) -> None:
        """Write ``doc`` as the stamp of ``game`` (default: of every game)."""
        for g in [game] if game else GAMES:
            self._stamp(g).parent.mkdir(parents=True, exist_ok=True)
            self._stamp(g).write_text(json.dumps(doc, indent=1) + "\n")

    def _forget(self, modules: list[str]) -> None:
        """Remove the extensions and the stamp of an earlier build (in the tree being built)."""
        root = self._root()
        old = [p for m in modules for suffix in EXTENSION_SUFFIXES
               for p in root.joinpath(*m.split(".")).parent.glob(m.rsplit(".", 1)[1] + suffix)]
        if GAMES == ALL_GAMES:
            old += [p for suffix in EXTENSION_SUFFIXES for p in root.glob("*__mypyc" + suffix)]
        else:   # QUESTBOX_COMPILE: keep the group module the other games' extensions still use
            kept = {_group(self._stamp(g)) for g in ALL_GAMES if g not in GAMES}
            old += [p for g in GAMES if (group := _group(self._stamp(g))) and group not in kept
                    for suffix in EXTENSION_SUFFIXES for p in root.glob(group + suffix)]
        # (two selected games may name the same group module: each file goes once, and one already
        # gone is no error; a repeated path made a rebuild of QUESTBOX_COMPILE=descent,heirs fail
        # with "No such file" for the group's .so, and the failed run had removed it for the next)
        for p in sorted(set(old)):
            p.unlink(missing_ok=True)
        for game in ALL_GAMES:
            self._stamp(game).unlink(missing_ok=True)


def _group(stamp: Path) -> str:
    """The group module a game's stamp names (``""``: none)."""
    try:
        group = json.loads(stamp.read_text()).get("group")
    except (OSError, ValueError, AttributeError):
        return ""
    return group if isinstance(group, str) else ""


def _mypy_version() -> str:
    try:
        from mypy.version import __version__
    except ImportError:
        return "?"
    return str(__version__)


_EXTENSIONS: list[Any] | None = None
#: each compiled source's sha256 as mypyc read it (a source edited during the build is then stale)
_DIGESTS: dict[str, str] = {}
#: why mypyc could not generate the extensions (``""``: it did, or it was not asked to)
_FAILED = ""


def _mypycify(modules: list[str]) -> list[Any]:
    """The extensions (mypyc generates their C code once per process)."""
    global _EXTENSIONS
    if _EXTENSIONS is None:
        _EXTENSIONS = _generate(modules)
    return _EXTENSIONS


def _generate(modules: list[str]) -> list[Any]:
    global _FAILED
    if os.environ.get("QUESTBOX_PURE", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say(f"mypyc is not installed; {WHO} run as pure Python")
        return []
    _DIGESTS.update({m: hashlib.sha256(source(m).read_bytes()).hexdigest() for m in modules})
    cwd = os.getcwd()
    os.chdir(ROOT)          # mypyc works with paths relative to the project
    out = io.StringIO()     # mypyc prints its type errors: keep them for the record
    try:
        with contextlib.redirect_stdout(out):
            exts = mypycify([str(source(m).relative_to(ROOT)) for m in modules], opt_level="3")
    except (Exception, SystemExit) as exc:  # type errors exit
        errors = [line for line in out.getvalue().splitlines() if ": error:" in line]
        _FAILED = f"mypyc failed ({exc!r})" + (": " + "; ".join(errors[:5]) if errors else "")
        _say(f"{_FAILED}; {WHO} run as pure Python")
        return []
    finally:
        os.chdir(cwd)
        sys.stderr.write(out.getvalue())
    for ext in exts:
        ext.optional = True
    return list(exts)


# a placeholder, so that setuptools knows there are extensions; BuildExt replaces it
_PLACEHOLDER = Extension("questbox.games.descent._engine", sources=[])
setup(ext_modules=[_PLACEHOLDER], cmdclass={"build_ext": BuildExt})
