"""Checking a state rebuilt from a saved document (each game's ``from_json`` goes through here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from questbox.core.errors import QuestboxError, StateError
from questbox.core.state import State

S = TypeVar("S", bound=State)

#: what reading a mutated document raises before a game validates it
MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError)


def checked_state(game_id: str, build: Callable[[], S]) -> S:
    """``build()`` and check that the state is playable: it serialises, and a game that is not over
    has a seat to move with a legal action. Any failure is a :class:`StateError`."""
    try:
        state = build()
    except StateError:
        raise
    except (QuestboxError, *MALFORMED) as exc:
        raise StateError(f"not a {game_id} state: {type(exc).__name__}: {exc}") from None
    try:
        state.to_json()
        if not state.is_over():
            movers = state.to_move()
            if not movers:
                raise StateError(f"not a {game_id} state: the game is not over but nobody is to move")
            if not any(state.legal_actions(s) for s in movers):
                raise StateError(f"not a {game_id} state: the game is not over but {', '.join(movers)} "
                                 f"has no legal action")
    except StateError:
        raise
    except (QuestboxError, *MALFORMED) as exc:
        raise StateError(f"not a {game_id} state: {type(exc).__name__}: {exc}") from None
    return state
