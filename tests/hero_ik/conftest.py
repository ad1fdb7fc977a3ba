"""Helpers for the hero-ik tests."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import JSON
from questbox.games.hero_ik import GAME, HikState


def new(setup: JSON | None = None, *, seed: int = 0, script: list[Any] | None = None) -> HikState:
    state = GAME.new(setup, seed=seed)
    if script is not None:
        state.rng.script = list(script)
    return state


def play(state: HikState, *moves: str | tuple[str, str]) -> None:
    """Apply moves: ``"roll"`` by the seat to move, or ``("dungeon", "keep")``."""
    for m in moves:
        if isinstance(m, tuple):
            state.apply(m[0], m[1])
        else:
            state.apply(None, m)


@pytest.fixture
def duel_setup() -> JSON:
    return {"mode": "duel", "shuffle": False, "party": ["hero", "nova", "force", "epee", "priere"],
            "start": {"fear": 0}}
