"""Designed observation tensors: one fixed-size, normalised vector per seat and setup.

A designed encoder knows a game's view field by field (what feature hashing, the generic fallback
of :mod:`questbox.adapters.encoding`, cannot: it mixes unrelated facts in one slot and repeats the
constant ones). :func:`designed_encoder` finds one for a game and setup, in this order:

1. a factory registered at run time with :func:`register_encoder`;
2. a module ``questbox.games.<game id with - as _>.observe`` with ``encoder(setup) -> ViewEncoder``
   (a game's encoder lives beside its rules, as its action space does).

A :class:`ViewEncoder` has a fixed ``size`` for its setup and lists its :class:`Field` s (name,
width, meaning), which ``docs/rl.md`` tabulates. It reads only the seat's view, so an observation
holds only what the seat may know; seats are egocentric (the observer first, then the next seats in
turn order), so one policy can learn from every seat. Values are scaled to about [0, 1].
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from questbox.core import JSON, Game, Seat, State


@dataclass(frozen=True)
class Field:
    """A run of ``width`` numbers of an observation: ``name`` and what they mean."""

    name: str
    width: int
    meaning: str


class ViewEncoder(Protocol):
    """Encodes views of one game with one setup."""

    size: int
    fields: tuple[Field, ...]

    def __call__(self, view: JSON, seat: Seat | None) -> npt.NDArray[np.float32]: ...


EncoderFactory = Callable[[Game, JSON | None], ViewEncoder]
_factories: dict[str, EncoderFactory] = {}
#: a shaping potential: (state, seat) -> the seat's estimated chance to win
Potential = Callable[[State, Seat], float]


def register_encoder(game_id: str, factory: EncoderFactory) -> None:
    """Use ``factory(game, setup)`` as the designed encoder of ``game_id``."""
    _factories[game_id] = factory


def _observe_module(game: Game) -> Any:
    """The game's ``questbox.games.<id>.observe`` module, or None."""
    name = f"questbox.games.{game.id.replace('-', '_')}.observe"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise


def designed_encoder(game: Game, setup: JSON | None) -> ViewEncoder | None:
    """The designed encoder of ``game`` with ``setup``, or None (then feature hashing is used)."""
    factory = _factories.get(game.id)
    if factory is not None:
        return factory(game, setup)
    module = _observe_module(game)
    make: Callable[[JSON | None], ViewEncoder] | None = getattr(module, "encoder", None)
    return None if make is None else make(setup)


def designed_potential(game: Game, setup: JSON | None) -> Potential | None:
    """The shaping potential the game's observe module offers for ``setup`` (``potential(setup)``,
    which may return None), or None: then shaping uses ``Game.evaluate``. A game whose
    ``evaluate`` was fitted for another mode offers one (Hero: Immortal King solitaire)."""
    module = _observe_module(game)
    make: Callable[[JSON | None], Potential | None] | None = getattr(module, "potential", None)
    return None if make is None else make(setup)


def check_fields(fields: tuple[Field, ...], size: int) -> None:
    """A designed encoder's fields must add up to its size."""
    total = sum(f.width for f in fields)
    if total != size:
        raise ValueError(f"the fields add up to {total} numbers, not {size}")
