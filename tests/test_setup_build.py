"""setup.py's ``BuildExt._forget``: what a rebuild removes before it compiles again."""

from __future__ import annotations

import json
import runpy
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest
import setuptools

ROOT = Path(__file__).resolve().parents[1]


def _setup_module(monkeypatch: pytest.MonkeyPatch, compile_: str) -> dict[str, Any]:
    """setup.py's globals for ``QUESTBOX_COMPILE=compile_``, without running ``setup()``."""
    monkeypatch.setenv("QUESTBOX_COMPILE", compile_)
    monkeypatch.setattr(setuptools, "setup", lambda **kw: None)
    return runpy.run_path(str(ROOT / "setup.py"), run_name="questbox_setup")


def _built_tree(root: Path, mod: dict[str, Any], group: str, games: list[str]) -> list[Path]:
    """A source tree as an earlier build of ``games`` left it: their extensions, the shared group
    module and their stamps naming it."""
    suffix = EXTENSION_SUFFIXES[0]
    made = [root / f"{group}{suffix}"]
    for g in games:
        for m in mod["compiled_modules"](g):
            made.append(root.joinpath(*m.split(".")).with_name(m.rsplit(".", 1)[1] + suffix))
        stamp = root / "questbox" / "games" / g / "_compiled.json"
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(json.dumps({"group": group, "sources": {}}))
    for p in made:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"")
    return made


@pytest.mark.parametrize("selected", ["descent,heirs", "descent"])
def test_a_rebuild_removes_the_earlier_build_once_even_when_games_share_its_group(
        selected: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    mod = _setup_module(monkeypatch, selected)
    games = selected.split(",")
    made = _built_tree(tmp_path, mod, "abc123__mypyc", games)

    class Forget(mod["BuildExt"]):  # type: ignore[misc]
        def _root(self) -> Path:
            return tmp_path

    Forget(setuptools.Distribution())._forget([m for g in mod["ALL_GAMES"] for m in mod["compiled_modules"](g)])
    assert [p for p in made if p.exists()] == []       # every extension and the group module went
    assert not list(tmp_path.rglob("_compiled.json"))  # and the stamps
