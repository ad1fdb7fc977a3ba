"""Errors raised by the core and by games."""

from __future__ import annotations


class QuestboxError(Exception):
    """Base class of every questbox error."""


class IllegalAction(QuestboxError):
    """An action that is not legal for that seat in this state.

    Raised by :meth:`questbox.core.state.State.apply`; the state is left untouched.
    """


class NotationError(IllegalAction):
    """Text that does not parse as an action of the game's notation."""


class SetupError(QuestboxError):
    """A setup document (or a data file) that fails validation."""


class UnknownGame(QuestboxError):
    """No game of that id is registered."""


class UnknownAgent(QuestboxError):
    """No agent of that name is registered, or its spec does not parse."""


class ScriptExhausted(QuestboxError):
    """A scripted RNG ran out of outcomes (tests must script every random outcome they cause)."""


class ReplayError(QuestboxError):
    """A replay file that is malformed or does not reproduce its recorded game."""


class StateError(SetupError):
    """A saved state document (:meth:`questbox.core.state.Game.from_json`) that is malformed or
    describes no playable position (e.g. nobody to move in a game that is not over)."""
