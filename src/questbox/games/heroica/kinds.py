"""Heroica's table of decision kinds (issue #16): every decision the game asks, with its legal
actions, how an answer resolves it and its menu text.

:data:`KINDS` maps a kind's name to its :class:`~questbox.games.heroica.flow.Kind`; the state
answers ``legal_actions`` and ``apply`` through it (:func:`questbox.core.decisions.lookup`). A
kind resolves an action through its own table of action names
(:attr:`~questbox.games.heroica.flow.ActsKind.actions`), so no chain of ``if`` on names is left.
A hero's kinds are in :mod:`.hero_turns`, the monster seat's in :mod:`.monster_turns`; the two
that move either piece (``forward``) or a hero pushed by either side (``back``) are here. The
payloads are the ``NamedTuple`` s of :mod:`.flow`.

This module imports the turn modules and :mod:`.flow`; the state imports it (the turn modules
import the state only for type checking).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, cast

import questbox.games.heroica.hero_turns as hero
import questbox.games.heroica.monster_turns as monster
from questbox.core import Action, Decision
from questbox.core.decisions import table
from questbox.games.heroica.flow import (
    BACK,
    FORWARD,
    HERO_PIECE,
    MONSTER_PIECE,
    THEN_END,
    ActsKind,
    Back,
    Forward,
    Kind,
    Perform,
    acts,
)

if TYPE_CHECKING:
    from questbox.games.heroica.state import HeroicaState


def _forward(st: HeroicaState, d: Decision, a: Action) -> None:
    """``forward X``: the piece moves forward to X."""
    s = st.board.index[str(a.args[0])]
    if cast(Forward, d.data).piece == MONSTER_PIECE:
        monster.forward(st, s, st.events)
    else:
        st.forward_hero(st.cur, s, st.events)


def _back(st: HeroicaState, d: Decision, a: Action) -> None:
    """``back X``: the hero moves back to X; then what follows."""
    data = cast(Back, d.data)
    st.move_back(data.hero, st.board.index[str(a.args[0])], st.events)
    st.follow(data.hero, data.then, st.events)


class ForwardKind(ActsKind):
    """``forward`` (:class:`~.flow.Forward`): the space a piece ending on an occupied space moves
    forward to, when several qualify."""

    kind: ClassVar[str] = FORWARD
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Forward
    words: ClassVar[str] = "choose the space to move forward to"
    actions: ClassVar[Mapping[str, Perform]] = {"forward": _forward}

    def fault(self, data: Sequence[object], spaces: int, heroes: int) -> str | None:
        return None if list(data) in ([HERO_PIECE], [MONSTER_PIECE]) else "[hero] or [monster]"

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        if cast(Forward, d.data).piece == MONSTER_PIECE:
            return monster.forward_actions(st)
        h = st.cur
        forwards = acts(st.board).forward
        return [forwards[v] for v in st.forward_candidates(h, st.pos[h], monster=False)]


class BackKind(ActsKind):
    """``back`` (:class:`~.flow.Back`): the space a hero is pushed back to, when several qualify."""

    kind: ClassVar[str] = BACK
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Back
    words: ClassVar[str] = "choose the space to move back to"
    actions: ClassVar[Mapping[str, Perform]] = {"back": _back}

    def fault(self, data: Sequence[object], spaces: int, heroes: int) -> str | None:
        if len(data) != 3:
            return "a hero, a space number and what follows"
        h, src, then = data
        if not (isinstance(h, int) and isinstance(src, int) and isinstance(then, str)
                and 0 <= h < heroes and 0 <= src < spaces):
            return "a hero, a space number and what follows"
        word, sep, arg = then.partition(":")
        if not ((word == THEN_END and not sep) or (word == "bat" and arg.isdigit() and int(arg) < spaces)):
            return "what follows is 'end' or 'bat:SPACE'"
        return None

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        data = cast(Back, d.data)
        backs = acts(st.board).back
        return [backs[v] for v in st.back_candidates(st.pos[data.hero], data.source)]


#: every decision Heroica asks
KINDS: Final[dict[str, Kind]] = table([
    hero.TurnKind(), hero.MoveKind(), hero.FightKind(), hero.ShieldKind(), hero.StrikeKind(),
    ForwardKind(), BackKind(),
    monster.MonsterTurnKind(), monster.MonsterMoveKind(), monster.MonsterFightKind()])
