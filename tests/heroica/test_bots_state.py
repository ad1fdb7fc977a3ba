"""Heroica's heuristic bots read the typed state, not the JSON view (issue #20: building the view at
every decision was most of a bot game); what they choose is pinned by ``test_fingerprint.py``."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import make_agent, play_game
from questbox.games.heroica import GAME, compiled
from questbox.games.heroica.state import HeroicaState


@pytest.mark.skipif(compiled.in_use(), reason="a compiled class's methods cannot be patched: the pure run checks it")
@pytest.mark.parametrize("setup", [
    {"mission": "flooded-catacombs", "players": 3},
    {"variant": "battle", "mission": "crypt-gate", "players": 3},     # the monster player too
])
def test_the_heuristic_bots_never_build_the_view(setup: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    real = HeroicaState.view

    def counting(self: HeroicaState, seat: Any) -> Any:
        calls.append(seat)
        return real(self, seat)

    monkeypatch.setattr(HeroicaState, "view", counting)
    for seed in range(3):
        agents = {s: make_agent("heuristic", GAME, seed) for s in GAME.seat_names(setup)}
        match = play_game(GAME, agents, setup, seed=seed)
        assert match.state.is_over() and match.length > 10
    assert calls == []
