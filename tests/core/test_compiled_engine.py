"""questbox.core.compiled: when a game's compiled extensions are used, and when its sources are.

No rule clause: these check the build machinery (a fake tree of empty files stands for a build).
"""

from __future__ import annotations

import importlib.machinery
import json
import sys
from pathlib import Path

import pytest

from questbox.core.compiled import STAMP, CompiledEngine, digest, source

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
MODULES = ("fakegame.state", "fakegame.bots")


def _tree(root: Path, *, built: bool = True, stamp: bool = True, edit: str | None = None) -> Path:
    for k, m in enumerate(MODULES):
        p = source(m, root)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(f"VALUE = {k}\n")
        if built:
            p.with_name(p.stem + SUFFIX).write_bytes(b"")
    (root / "fakegame" / "__init__.py").write_text("")
    if built:
        (root / ("group__mypyc" + SUFFIX)).write_bytes(b"")
    if stamp:
        doc = {"group": "group__mypyc", "sources": {m: digest(source(m, root)) for m in MODULES}}
        source(MODULES[0], root).with_name(STAMP).write_text(json.dumps(doc))
    if edit is not None:
        p = source(edit, root)
        p.write_text(p.read_text() + "# edited\n")
    return root


@pytest.fixture
def not_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUESTBOX_PURE", raising=False)


def test_the_reasons(tmp_path: Path, not_pure: None, monkeypatch: pytest.MonkeyPatch) -> None:
    e = CompiledEngine("Fake", MODULES)
    assert e.check(_tree(tmp_path / "ok")) == ""
    assert e.check(_tree(tmp_path / "none", built=False, stamp=False)) == "not compiled"
    why = e.check(_tree(tmp_path / "edited", edit="fakegame.bots"))
    assert why == "stale: changed since the build: fakegame.bots"
    assert e.check(_tree(tmp_path / "nostamp", stamp=False)).startswith("stale: no readable")
    root = _tree(tmp_path / "part")
    source("fakegame.bots", root).with_name("bots" + SUFFIX).unlink()
    assert e.check(root) == "stale: the build is incomplete (missing fakegame.bots)"
    root = _tree(tmp_path / "failed", built=False, stamp=False)
    source(MODULES[0], root).with_name(STAMP).write_text('{"failed": "mypyc failed"}')
    assert e.check(root) == "not compiled: the build failed (mypyc failed)"
    monkeypatch.setenv("QUESTBOX_PURE", "1")
    assert e.check(_tree(tmp_path / "pure")) == "QUESTBOX_PURE is set"


def test_a_stale_build_imports_the_sources_with_a_warning(tmp_path: Path, not_pure: None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(tmp_path, edit="fakegame.state")
    monkeypatch.syspath_prepend(str(root))
    e = CompiledEngine("Fake", MODULES)
    try:
        with pytest.warns(RuntimeWarning, match="Fake runs as pure Python"):
            e.select(root)
        e.select(root)      # idempotent: no second finder
        assert sum(1 for f in sys.meta_path if f is e._finder) == 1
        import fakegame.state  # type: ignore[import-not-found]

        assert fakegame.state.__file__.endswith(".py") and fakegame.state.VALUE == 0
        assert not e.active and e.reason.startswith("stale") and not e.in_use()
    finally:
        if e._finder is not None:
            sys.meta_path.remove(e._finder)
        for m in ("fakegame", *MODULES):
            sys.modules.pop(m, None)
