"""The generic action-space suite: for every registered game with a fixed action space, the space
is stable and without duplicates, and every legal action along playouts (and in the worlds
``determinize`` makes) is in it.

Each game walks one setup per seat count; a game's own tests may add setups and budgets
(``WALKS``: other heroes, scenarios, options) and keep their game-specific assertions (sizes,
contents, which actions deep playouts reach), which they check with the same :func:`walk`.
"""

from __future__ import annotations

import pytest

from questbox.adapters.spaces import has_action_space
from questbox.core import JSON, games
from tests.descent import test_action_space as descent
from tests.generic.spaces import Walk, check_space_shape, walk
from tests.hero_ik import test_action_space as hero_ik
from tests.heroica import test_action_space as heroica

#: the walks a game's own tests declare, by game id (a game without any walks one setup per seat count)
DECLARED: dict[str, list[Walk]] = {"descent": descent.WALKS, "hero-ik": hero_ik.WALKS, "heroica": heroica.WALKS}


def _walks() -> list[tuple[str, Walk]]:
    out: list[tuple[str, Walk]] = []
    for gid, game in games().items():
        if gid in DECLARED:
            out += [(gid, w) for w in DECLARED[gid]]
            continue
        for n in game.seat_counts:
            setup: JSON = game.setup_for_seats(n)
            if has_action_space(game, setup):
                # a few games each: tests/adapters/test_spaces.py plays 25 more at random
                out.append((gid, Walk(setup, range(4), max_steps=1500, name=f"{n}-seats")))
    return out


WALKS = _walks()


def _id(item: tuple[str, Walk]) -> str:
    return f"{item[0]}-{item[1].name}"


def test_declared_walks_belong_to_registered_games_with_spaces() -> None:
    assert set(DECLARED) <= set(games())
    for gid, walks in DECLARED.items():
        assert walks and all(has_action_space(games()[gid], w.setup) for w in walks), gid
    assert {gid for gid, _ in WALKS} >= {"pig", *DECLARED}


@pytest.mark.parametrize("item", WALKS, ids=_id)
def test_space_is_stable_and_has_no_duplicates(item: tuple[str, Walk]) -> None:
    gid, w = item
    check_space_shape(games()[gid], w.setup)


@pytest.mark.parametrize("item", [x for x in WALKS if x[1].seeds], ids=_id)
def test_playouts_stay_in_the_space(item: tuple[str, Walk]) -> None:
    gid, w = item
    seen = walk(games()[gid], w.setup, w.seeds, smart_share=w.smart_share, max_steps=w.max_steps,
                worlds_every=w.worlds_every)
    assert seen
