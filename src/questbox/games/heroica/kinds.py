"""Heroica's table of decision kinds (issue #16): every decision the game asks, with its legal
actions, how an answer resolves it and its menu text.

:data:`KINDS` maps a kind's name to its :class:`~questbox.games.heroica.flow.Kind`; the state
answers ``legal_actions`` and ``apply`` through it (:func:`questbox.core.decisions.lookup`). A
kind resolves an action through its own table of action names (:attr:`ActsKind.actions`), so no
chain of ``if`` on names is left. The payloads are the ``NamedTuple`` s of :mod:`.flow`.

This module imports the turn modules and :mod:`.flow`; the state imports it (the turn modules
import the state only for type checking).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar, Final, cast

import questbox.games.heroica.hero_turns as hero
import questbox.games.heroica.monster_turns as monster
from questbox.core import Action, Decision
from questbox.core.decisions import table
from questbox.games.heroica.flow import (
    BACK,
    FIGHT,
    FORWARD,
    MFIGHT,
    MMOVE,
    MONSTER_PIECE,
    MOVE_KIND,
    MTURN,
    SHIELD,
    STRIKE,
    TURN,
    Back,
    Fight,
    Forward,
    Kind,
    Move,
    Shield,
    acts,
)

if TYPE_CHECKING:
    from questbox.games.heroica.state import HeroicaState

#: performs one action of a decision (``st.events`` collects what happens)
Perform = Callable[["HeroicaState", Decision, Action], None]


def _space(st: HeroicaState, action: Action) -> int:
    return st.board.index[str(action.args[0])]


# ================================================================= the actions, by their names
def _drink(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.drink(st, st.cur, str(a.args[0]), st.events)


def _buy(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.buy(st, st.cur, str(a.args[0]), st.events)


def _sell(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.sell(st, st.cur, str(a.args[0]), st.events)


def _roll(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.roll(st, st.cur, st.events)


def _heal(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.heal(st, st.cur, st.events)


def _fight(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.fight(st, st.cur, _space(st, a), st.events)


def _step(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.step(st, st.cur, _space(st, a), cast(Move, d.data).mode, st.events)


def _stop(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.stop(st, st.cur, cast(Move, d.data).mode, st.events)


def _use_ranged(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.use_ranged(st, st.cur, a, st.events)


def _defeat(st: HeroicaState, d: Decision, a: Action) -> None:
    h = st.cur
    st.defeat(h, cast(Shield, d.data).monster, st.events)
    st.post_win(h, st.events)


def _use_melee(st: HeroicaState, d: Decision, a: Action) -> None:
    hero.use_melee(st, st.cur, cast(Shield, d.data).monster, str(a.args[0]), st.events)


def _strike(st: HeroicaState, d: Decision, a: Action) -> None:
    h = st.cur
    st.hit(h, _space(st, a), st.events)
    st.post_win(h, st.events)


def _forward(st: HeroicaState, d: Decision, a: Action) -> None:
    if cast(Forward, d.data).piece == MONSTER_PIECE:
        monster.forward(st, _space(st, a), st.events)
    else:
        st.forward_hero(st.cur, _space(st, a), st.events)


def _back(st: HeroicaState, d: Decision, a: Action) -> None:
    data = cast(Back, d.data)
    st.move_back(data.hero, _space(st, a), st.events)
    st.follow(data.hero, data.then, st.events)


def _pass(st: HeroicaState, d: Decision, a: Action) -> None:
    monster.pass_turn(st, st.events)


def _pick(st: HeroicaState, d: Decision, a: Action) -> None:
    monster.pick(st, _space(st, a), st.events)


def _monster_step(st: HeroicaState, d: Decision, a: Action) -> None:
    monster.step(st, _space(st, a), st.events)


def _monster_stop(st: HeroicaState, d: Decision, a: Action) -> None:
    monster.monster_settle(st, st.events)


def _monster_fight(st: HeroicaState, d: Decision, a: Action) -> None:
    monster.fight(st, _space(st, a), st.events)


#: what a hero may do at any of its decisions (potions), and at the start of its turn (the store)
POTIONS: Final[Mapping[str, Perform]] = {"drink": _drink}
STORE: Final[Mapping[str, Perform]] = {**POTIONS, "buy": _buy, "sell": _sell}


# ================================================================================ the kinds
class ActsKind(Kind):
    """A kind whose actions are performed through :attr:`actions` (by the action's name)."""

    actions: ClassVar[Mapping[str, Perform]] = {}

    def resolve(self, st: HeroicaState, d: Decision, action: Action) -> None:
        self.actions[action.name](st, d, action)


class TurnKind(ActsKind):
    """``turn``: a hero's turn starts (roll to move, heal, or fight; the store first)."""

    kind: ClassVar[str] = TURN
    words: ClassVar[str] = "roll the die, heal, or visit the store"
    actions: ClassVar[Mapping[str, Perform]] = {**STORE, "roll": _roll, "heal": _heal, "fight": _fight}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return hero.turn_actions(st, st.cur)


class MoveKind(ActsKind):
    """``move`` (:class:`~.flow.Move`): step one space at a time, or stop."""

    kind: ClassVar[str] = MOVE_KIND
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Move
    words: ClassVar[str] = "step, or stop here"
    actions: ClassVar[Mapping[str, Perform]] = {**POTIONS, "step": _step, "stop": _stop, "use": _use_ranged}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return hero.move_actions(st, st.cur, cast(Move, d.data).mode)


class FightKind(ActsKind):
    """``fight`` (:class:`~.flow.Fight`): the monster next to the hero that it fights."""

    kind: ClassVar[str] = FIGHT
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Fight
    words: ClassVar[str] = "fight the monster"
    actions: ClassVar[Mapping[str, Perform]] = {**POTIONS, "fight": _fight}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return hero.fight_actions(st, st.cur, cast(Fight, d.data).forced)


class ShieldKind(ActsKind):
    """``shield`` (:class:`~.flow.Shield`): a Shield in a fight: defeat, or a melee skill."""

    kind: ClassVar[str] = SHIELD
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Shield
    words: ClassVar[str] = "a shield: defeat the monster, or use a melee skill"
    actions: ClassVar[Mapping[str, Perform]] = {**POTIONS, "defeat": _defeat, "use": _use_melee}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return hero.shield_actions(st, st.cur)


class StrikeKind(ActsKind):
    """``strike``: after a skill's move, strike a monster next to the hero."""

    kind: ClassVar[str] = STRIKE
    words: ClassVar[str] = "strike a monster next to you"
    actions: ClassVar[Mapping[str, Perform]] = {"strike": _strike}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return hero.strike_actions(st, st.cur)


class ForwardKind(ActsKind):
    """``forward`` (:class:`~.flow.Forward`): the space a piece ending on an occupied space moves
    forward to, when several qualify."""

    kind: ClassVar[str] = FORWARD
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Forward
    words: ClassVar[str] = "choose the space to move forward to"
    actions: ClassVar[Mapping[str, Perform]] = {"forward": _forward}

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

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        data = cast(Back, d.data)
        backs = acts(st.board).back
        return [backs[v] for v in st.back_candidates(st.pos[data.hero], data.source)]


class MonsterTurnKind(ActsKind):
    """``mturn``: Battle: the monster seat picks the monster that moves."""

    kind: ClassVar[str] = MTURN
    words: ClassVar[str] = "pick the monster that moves"
    actions: ClassVar[Mapping[str, Perform]] = {"pass": _pass, "pick": _pick}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return monster.pick_actions(st)


class MonsterMoveKind(ActsKind):
    """``mmove``: Battle: the picked monster steps, or stops."""

    kind: ClassVar[str] = MMOVE
    words: ClassVar[str] = "move the monster"
    actions: ClassVar[Mapping[str, Perform]] = {"step": _monster_step, "stop": _monster_stop}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return monster.move_actions(st)


class MonsterFightKind(ActsKind):
    """``mfight``: Battle: the monster fights a hero next to it."""

    kind: ClassVar[str] = MFIGHT
    words: ClassVar[str] = "the monster fights"
    actions: ClassVar[Mapping[str, Perform]] = {"fight": _monster_fight}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        return monster.fight_actions(st)


#: every decision Heroica asks
KINDS: Final[dict[str, Kind]] = table([
    TurnKind(), MoveKind(), FightKind(), ShieldKind(), StrikeKind(), ForwardKind(), BackKind(),
    MonsterTurnKind(), MonsterMoveKind(), MonsterFightKind()])
