"""setup.py compiles Heroica's engine (:data:`questbox.games.heroica.compiled.MODULES`), and
``QUESTBOX_COMPILE`` restricts a build to some games. The compiled engine's own checks (the stamp,
the Makefile's copy of the list, both engines against the fingerprints) are in
``test_fingerprint.py``."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from questbox.core.compiled import source
from questbox.games.heroica import compiled

ROOT = Path(__file__).resolve().parents[2]


def _setup_constant(name: str) -> object:
    """A constant assigned at the top of setup.py (read, not run: running it builds)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"setup.py assigns no {name}")


def test_setup_lists_heroica_among_the_compiled_games() -> None:
    games = _setup_constant("ALL_GAMES")
    assert isinstance(games, dict)
    assert games.get("heroica") == "Heroica"


def test_the_modules_are_the_engine_and_not_the_setup_models() -> None:
    names = {m.rsplit(".", 1)[1] for m in compiled.MODULES}
    assert {"state", "kinds", "hero_turns", "monster_turns", "bots"} <= names
    # pydantic models stop mypyc's C build: the setup modules stay Python
    assert not names & {"data", "game", "position", "statedoc"}
    for m in compiled.MODULES:
        assert "pydantic" not in source(m).read_text(), m


@pytest.mark.parametrize("value", ["nosuchgame", "heroica,nosuchgame"])
def test_an_unknown_game_to_compile_is_refused(value: str) -> None:
    env = {**os.environ, "QUESTBOX_COMPILE": value}
    done = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert "QUESTBOX_COMPILE names no compiled game: nosuchgame" in done.stderr
