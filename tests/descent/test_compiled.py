"""The mypyc-compiled engine and its pure-Python fallback (questbox.games.descent.compiled).

No rule clause: these check the build machinery. The compiled and the pure engine must play the
same games: the behaviour fingerprint (test_fingerprint.py) runs on the engine this process
imported, and ``test_the_pure_engine_matches_the_fingerprint`` runs it again on the sources.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from questbox.games.descent import compiled

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _fake_tree(tmp_path: Path, *, built: bool = True, stamp: bool = True, edit: str | None = None) -> Path:
    """A copy of the compiled modules' sources under ``tmp_path``, with empty files standing for
    their extensions (``built``) and a stamp of the sources (``stamp``); ``edit`` changes a source
    after the build."""
    for m in compiled.MODULES:
        src = compiled.source(m)
        dst = compiled.source(m, tmp_path)
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(src.read_bytes())
        if built:
            dst.with_name(dst.stem + SUFFIX).write_bytes(b"")
    if built:
        (tmp_path / ("group__mypyc" + SUFFIX)).write_bytes(b"")
    if stamp:
        doc = {"group": "group__mypyc",
               "sources": {m: compiled.digest(compiled.source(m, tmp_path)) for m in compiled.MODULES}}
        compiled.source(compiled.MODULES[0], tmp_path).with_name(compiled.STAMP).write_text(json.dumps(doc))
    if edit is not None:
        p = compiled.source(edit, tmp_path)
        p.write_text(p.read_text() + "\n# edited\n")
    return tmp_path


@pytest.fixture
def not_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUESTBOX_PURE", raising=False)


def test_a_current_build_is_used(tmp_path: Path, not_pure: None) -> None:
    assert compiled.check(_fake_tree(tmp_path)) == ""


def test_no_build_means_the_sources(tmp_path: Path, not_pure: None) -> None:
    assert compiled.check(_fake_tree(tmp_path, built=False, stamp=False)) == "not compiled"


def test_a_source_edited_after_the_build_makes_it_stale(tmp_path: Path, not_pure: None) -> None:
    why = compiled.check(_fake_tree(tmp_path, edit="questbox.games.descent.state"))
    assert why.startswith("stale") and "questbox.games.descent.state" in why


def test_an_incomplete_build_is_stale(tmp_path: Path, not_pure: None) -> None:
    root = _fake_tree(tmp_path)
    p = compiled.source("questbox.games.descent.board", root)
    p.with_name(p.stem + SUFFIX).unlink()
    assert compiled.check(root).startswith("stale: the build is incomplete")
    assert compiled.check(_fake_tree(tmp_path / "b", stamp=False)).startswith("stale: no readable")


def test_questbox_pure_forces_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUESTBOX_PURE", "1")
    assert compiled.check(_fake_tree(tmp_path)) == "QUESTBOX_PURE is set"


def test_a_failed_build_says_why(tmp_path: Path, not_pure: None) -> None:
    root = _fake_tree(tmp_path, built=False, stamp=False)
    compiled.source(compiled.MODULES[0], root).with_name(compiled.STAMP).write_text('{"failed": "mypyc failed"}')
    assert compiled.check(root) == "not compiled: the build failed (mypyc failed)"


def test_the_last_build_did_not_fail() -> None:
    """setup.py records a failed compilation (it does not fail the install): report it here. The
    usual cause: a module the engine's package imports needs a typed library that is not among
    the build requirements (pyproject.toml, [build-system] requires)."""
    doc = compiled.stamp() or {}
    assert "failed" not in doc, doc.get("failed")


def test_the_engine_in_use_is_the_one_selected() -> None:
    assert compiled.in_use() == compiled.ACTIVE
    assert compiled.ACTIVE is not bool(compiled.REASON)


def test_the_makefile_rebuilds_when_a_compiled_source_changes() -> None:
    """The Makefile's ``COMPILED`` (the sources whose change recompiles) is ``compiled.MODULES``,
    printed by running compiled.py, not a copy of it."""
    text = (ROOT / "Makefile").read_text()
    rule = r"^COMPILED\s*:=\s*\$\(shell \$\(PY\) src/questbox/games/descent/compiled\.py\)$"
    assert re.search(rule, text, flags=re.M)
    expected = {str(compiled.source(m).relative_to(ROOT)) for m in compiled.MODULES}
    printed = subprocess.run([sys.executable, "src/questbox/games/descent/compiled.py"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
    assert set(printed.split()) == expected
    if shutil.which("make"):
        got = subprocess.run(["make", "-s", "--no-print-directory", f"PY={sys.executable}",
                              "--eval=print-compiled: ; @echo $(COMPILED)", "print-compiled"],
                             cwd=ROOT, check=True, capture_output=True, text=True).stdout
        assert set(got.split()) == expected


@pytest.mark.slow
@pytest.mark.skipif(not compiled.in_use(), reason="the engine is not compiled: the fingerprint ran on the sources")
def test_the_pure_engine_matches_the_fingerprint() -> None:
    """The same fingerprint on the ``.py`` sources (``QUESTBOX_PURE=1``, another process)."""
    code = ("import sys; sys.path.insert(0, 'tests/descent'); import test_fingerprint as t\n"
            "from questbox.games.descent import compiled\n"
            "assert not compiled.in_use(), compiled.REASON\n"
            "for n in t.GAME.seat_counts:\n"
            "    assert t.fingerprint(n) == t.EXPECTED[n], n\n"
            "for n in t.CAMPAIGN.seat_counts:\n"
            "    assert t.fingerprint(n, t.CAMPAIGN_SEEDS, t.CAMPAIGN) == t.CAMPAIGN_EXPECTED[n], n\n")
    env = {**os.environ, "QUESTBOX_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
