"""Shared helpers of the adapter tests: the configurations of every registered game.

The test game Pig (registered by ``tests/conftest.py``) declares its two actions with
``Game.action_space``, as every game should.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from questbox.adapters.spaces import has_action_space
from questbox.core import JSON, Game, games


def configs() -> Iterator[tuple[str, int]]:
    """(game id, seats) for every registered game and seat count."""
    for gid, game in games().items():
        for n in game.seat_counts:
            yield gid, n


CONFIGS = list(configs())
#: configurations of the games that offer a fixed action space (the environments need one)
SPACED = [(gid, n) for gid, n in CONFIGS if has_action_space(games()[gid], games()[gid].setup_for_seats(n))]
#: games with no fixed action space (the adapters must refuse them clearly)
UNSPACED = sorted({gid for gid, n in CONFIGS if (gid, n) not in SPACED})


def setup_of(gid: str, n: int) -> tuple[Game, JSON]:
    game = games()[gid]
    return game, game.setup_for_seats(n)


def ids(params: list[tuple[str, int]]) -> list[str]:
    return [f"{gid}-{n}" for gid, n in params]


def spaced(params: list[tuple[str, int]] = SPACED) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("gid", "n"), params, ids=ids(params))
