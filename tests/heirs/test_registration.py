"""Heirs' decision tables are built by the game module, not filled by importing modules (#16)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import questbox
from questbox.games.heirs import abilities, state
from questbox.games.heirs.game import decision_tables
from questbox.games.heirs.state import HeirsState

SRC = str(Path(questbox.__file__).resolve().parents[1])


def test_importing_the_rules_modules_registers_nothing() -> None:
    # a fresh interpreter that imports state and abilities but not the game module (the package's
    # __init__ imports it, so the package is stood in for): the state class's tables stay empty
    code = ("import sys, types\n"
            "import questbox.games\n"
            "pkg = types.ModuleType('questbox.games.heirs')\n"
            f"pkg.__path__ = [{str(Path(state.__file__).parent)!r}]\n"
            "sys.modules['questbox.games.heirs'] = pkg\n"
            "from questbox.games.heirs import abilities, state\n"
            "assert 'questbox.games.heirs.game' not in sys.modules\n"
            "print(len(state.HeirsState.LEGAL), len(state.HeirsState.HANDLE),"
            " len(getattr(abilities, 'LEGAL', {})))")
    env = {**os.environ, "PYTHONPATH": SRC}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    legal, handle, declared = map(int, out.stdout.split())
    assert (legal, handle) == (0, 0)
    assert declared > 0


def test_the_game_module_builds_every_kind_once() -> None:
    legal, handle = decision_tables()
    assert (legal, handle) == (HeirsState.LEGAL, HeirsState.HANDLE)
    assert legal.keys() == handle.keys() == state.TURN_LEGAL.keys() | abilities.LEGAL.keys()
    assert not state.TURN_LEGAL.keys() & abilities.LEGAL.keys()
    assert {"act", "deal", "heal", "webs", "ancient-return"} <= legal.keys()
