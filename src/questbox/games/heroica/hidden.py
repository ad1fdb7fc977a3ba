"""What each seat of Heroica cannot see (see :mod:`questbox.core.hidden`): only the dice to come;
the board, the heroes and every card are public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core.hidden import Zone

if TYPE_CHECKING:
    from questbox.core.state import Seat, State


def hidden_zones(st: State, seat: Seat | None) -> list[Zone]:
    return [Zone("rng", (("rng",),), kind="rng")]
