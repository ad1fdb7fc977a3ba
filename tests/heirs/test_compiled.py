"""Heirs's engine compiled with mypyc (``questbox.games.heirs.compiled``) and its pure fallback.

No rule clause: these check the build machinery (issue #20). The compiled and the pure engine must
play the same games: ``test_fingerprint.py`` runs on the engine this process imported, and
:func:`test_the_pure_engine_matches_the_fingerprint` runs it again on the sources.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from questbox.core.compiled import source
from questbox.games.heirs import compiled

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_in_use_is_the_one_selected() -> None:
    assert compiled.in_use() == compiled.ENGINE.active
    assert compiled.ENGINE.active is not bool(compiled.reason())


def test_the_last_build_did_not_fail() -> None:
    """setup.py records a failed compilation (it does not fail the install): report it here."""
    doc = compiled.ENGINE.stamp() or {}
    assert "failed" not in doc, doc.get("failed")


def test_the_makefile_rebuilds_when_a_compiled_source_changes() -> None:
    text = (ROOT / "Makefile").read_text()
    listed = re.search(r"^COMPILED_HEIRS\s*:=\s*(.*?)(?<!\\)$", text, flags=re.M | re.S)
    assert listed is not None
    files = set(listed.group(1).replace("\\\n", " ").split())
    assert files == {str(source(m).relative_to(ROOT)) for m in compiled.MODULES}
    native = re.search(r"^\$\(NATIVE\):(.*)$", text, flags=re.M)
    assert native is not None and "$(COMPILED_HEIRS)" in native.group(1).split()


def test_setup_py_compiles_heirs() -> None:
    """setup.py's table of compiled games names the package (it reads ``MODULES`` from it)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    tables = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
              and any(isinstance(t, ast.Name) and t.id == "ALL_GAMES" for t in n.targets)]
    assert tables and "heirs" in tables[0]


def test_no_compiled_module_imports_pydantic() -> None:
    """The pydantic models (setup, statedoc, cards) stay pure: mypyc's C build cannot name them."""
    for m in compiled.MODULES:
        tree = ast.parse(source(m).read_text())
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(i.split(".")[0] == "pydantic" for i in imported), m


@pytest.mark.skipif(not compiled.in_use(), reason="the engine is not compiled: the fingerprint ran on the sources")
def test_the_pure_engine_matches_the_fingerprint() -> None:
    """The same (small) fingerprint on the ``.py`` sources (``QUESTBOX_PURE=1``, another process)."""
    code = ("import sys; sys.path.insert(0, 'tests/heirs'); import test_fingerprint as t\n"
            "from questbox.games.heirs import compiled\n"
            "assert not compiled.in_use(), compiled.reason()\n"
            "for spec, games in t.SMALL:\n"
            "    assert t.fingerprint(spec, games) == t.EXPECTED_SMALL[spec], spec\n")
    env = {**os.environ, "QUESTBOX_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_build_restricted_to_an_unknown_game_says_so() -> None:
    """``QUESTBOX_COMPILE`` names the games a build compiles; a name that is not one stops setup.py
    with the list of the known ones (rather than silently compiling nothing)."""
    env = {**os.environ, "QUESTBOX_COMPILE": "heirs,nogame"}
    done = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert "QUESTBOX_COMPILE names no compiled game: nogame" in done.stderr
    assert "heirs" in done.stderr.split("known:")[1]
