"""Where games and generic agents are found: Python entry points.

A third-party package adds a game by declaring, in its ``pyproject.toml``::

    [project.entry-points."questbox.games"]
    mygame = "mypackage:GAME"       # a questbox.core.Game instance (or class)

and a generic agent (one that plays any game) under ``questbox.agents``. Games may also be
registered at run time with :func:`register_game` (tests do).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from questbox.core.errors import UnknownGame

if TYPE_CHECKING:
    from questbox.core.agent import Agent
    from questbox.core.state import Game

_extra_games: dict[str, Game] = {}
#: entry points that failed to load: name -> error message (they are skipped, not fatal)
load_errors: dict[str, str] = {}
_extra_agents: dict[str, Callable[..., Agent]] = {}


@functools.cache
def _entry_games() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for ep in entry_points(group="questbox.games"):
        try:
            obj: Any = ep.load()
            game = obj() if isinstance(obj, type) else obj
            found[game.id] = game
        except Exception as exc:  # a broken plug-in must not take the others down
            load_errors[f"game {ep.name}"] = f"{type(exc).__name__}: {exc}"
    return found


@functools.cache
def _entry_agents() -> dict[str, Callable[..., Agent]]:
    found: dict[str, Callable[..., Agent]] = {}
    for ep in entry_points(group="questbox.agents"):
        try:
            found[ep.name] = ep.load()
        except Exception as exc:
            load_errors[f"agent {ep.name}"] = f"{type(exc).__name__}: {exc}"
    return found


def games() -> dict[str, Game]:
    """Every registered game by id, sorted by id."""
    merged = {**_entry_games(), **_extra_games}
    return dict(sorted(merged.items()))


def get_game(game_id: str) -> Game:
    try:
        return games()[game_id]
    except KeyError:
        raise UnknownGame(f"no game {game_id!r} (registered: {', '.join(games()) or 'none'})") from None


def register_game(game: Game) -> None:
    _extra_games[game.id] = game


def agent_factories() -> dict[str, Callable[..., Agent]]:
    """Generic agents (they play any game) by name."""
    return {**_entry_agents(), **_extra_agents}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    _extra_agents[name] = factory
