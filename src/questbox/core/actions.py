"""Actions: small frozen values with a canonical text notation.

An action is a name followed by zero or more arguments, written as words separated by single
spaces: ``command O5``, ``chain R3 left``, ``select 2``. Integer arguments are written in
decimal and parse back as ``int``; every other word parses as ``str``. Games therefore use
``int`` for numeric arguments and words that are not all digits for the others, so that
``Action.parse(str(a)) == a`` always holds.
"""

from __future__ import annotations

from typing import NamedTuple

from questbox.core.errors import NotationError

Arg = int | str


def _word(text: str) -> Arg:
    if text.isdigit() or (text[:1] == "-" and text[1:].isdigit()):
        return int(text)
    return text


class Action(NamedTuple):
    """A move in a game's notation. Immutable and hashable; cheap to build and compare."""

    name: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.name
        return self.name + " " + " ".join(str(a) for a in self.args)

    @classmethod
    def of(cls, name: str, *args: Arg) -> Action:
        """``Action.of("chain", "R3", "left")``."""
        return cls(name, args)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical notation (extra white space is tolerated)."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise NotationError("empty action")
        name = words[0]
        if not name.replace("-", "").replace("_", "").isalnum() or name[0].isdigit():
            raise NotationError(f"{text!r}: an action starts with its name, a word")
        return cls(name, tuple(_word(w) for w in words[1:]))


def as_action(action: Action | str) -> Action:
    """Accept an :class:`Action` or its notation."""
    if isinstance(action, Action):
        return action
    if isinstance(action, tuple):  # a plain (name, args) pair, e.g. from JSON
        name, args = action
        return Action(str(name), tuple(args))
    return Action.parse(action)
