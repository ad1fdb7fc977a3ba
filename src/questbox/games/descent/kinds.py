"""The engine's tables: the task handlers, the decision kinds and the actions of a turn.

This is where the engine's modules meet (it imports them; none of them imports it, nor the
state at run time): :data:`TASKS` maps a task tag to the function that runs it, :data:`KINDS`
maps a decision kind to its :class:`~questbox.games.descent.flow.Kind` (dispatched with
:func:`questbox.core.decisions.lookup`), :data:`TURN_ACTIONS` maps the name of an action of a
hero's turn or a monster's activation to the function that performs it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Final, cast

import questbox.games.descent.abilities as abilities
import questbox.games.descent.combat as combat
import questbox.games.descent.conditions as conditions
import questbox.games.descent.hero_turns as hero_turns
import questbox.games.descent.lieutenant_abilities  # noqa: F401  (adds the lieutenants' abilities to the tables)
import questbox.games.descent.monkey as monkey
import questbox.games.descent.monster_turns as monster_turns
import questbox.games.descent.movement as movement
from questbox.core import Action, Decision
from questbox.core.decisions import table
from questbox.games.descent.flow import (
    ADD_CONDITION,
    ATK,
    EMIT,
    FATIGUE_TASK,
    FIGURE_WINDOWS,
    HERO_ACT,
    HERO_CLEANUP,
    HERO_END,
    HERO_TURN,
    HEROES_PHASE,
    LARGE_MOVE,
    MOD,
    MOD_DECISION,
    MONSTER_ACT,
    MONSTER_CLEANUP,
    MONSTER_END,
    MONSTER_TURN,
    NOP,
    OFFER,
    OL_ACT,
    OL_END,
    OL_PHASE,
    PASS,
    REACT,
    REMOVE_CONDITION,
    ROUND_END,
    ROUND_START,
    START_ACTIVATION,
    START_CONDITIONS,
    START_HERO_TURN,
    STEP,
    STUN,
    SUFFER,
    TEST,
    TEST_END,
    THROW,
    WIN,
    WINDOW_WORDS,
    HeroTurn,
    Kind,
    MonsterTurn,
    React,
    Task,
)
from questbox.games.descent.geometry import set_doors
from questbox.games.descent.model import Turn
from questbox.games.descent.movement import GOING_ON
from questbox.games.descent.skill_hooks import fatigue_mp

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

Handler = Callable[["DescentState", Task], None]
TurnAction = Callable[["DescentState", int, Turn, Action], None]


# ============================================================================= actions of a turn
def _move(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    if action.args:                 # ``move <square>``: spend movement points
        movement.move_figure(st, fi, action)
        return
    turn.actions -= 1               # ``move``: the action that gains movement points
    turn.move_actions += 1
    speed = monkey.speed(st, fi)     # (its stat line's; a monkey's 5: Curse of the Monkey God)
    turn.mp += speed
    st.emit("action", f"{st.name(fi)} moves: +{speed} movement points.")
    st.window("action-performed", (fi, "move"))


def _fatigue(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    conditions.suffer_fatigue(st, fi, 1)
    turn.mp += fatigue_mp(st, fi)       # (1; Fleet of Foot: 2)
    if "familiars" in st.enc.by_name:       # (Deathly Haste counts them: skill_familiars.py)
        turn.flags.append("fatigue-mp")


def _attack(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    target = st.ids[str(action.args[0])]
    if action.name == "attack":
        turn.actions -= 1
    else:
        turn.flags.append("bonus")
    st.window("action-performed", (fi, "attack"))
    combat.own_attack(st, fi, target)


def _bonus_recover(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    turn.flags.append("bonus")
    conditions.recover(st, fi, hearts=2)


def _rest(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    turn.actions -= 1
    turn.flags.append("rested")
    st.emit("action", f"{st.name(fi)} rests.")
    st.window("action-performed", (fi, "rest"))


def _search(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    turn.actions -= 1
    st.window("action-performed", (fi, "search"))
    hero_turns.search(st, fi, st.enc.board.index[str(action.args[0])])


def _revive(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    turn.actions -= 1
    st.window("action-performed", (fi, "revive"))
    hero_turns.stand_up(st, st.ids[str(action.args[0])], reviver=fi)


def _door(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    name = action.name
    turn.actions -= 1
    board = st.enc.board
    i = board.door_ids.index(str(action.args[0]))
    set_doors(st, st.doors | 1 << i if name == "open" else st.doors & ~(1 << i))
    st.emit("door", f"{st.name(fi)} {'opens' if name == 'open' else 'closes'} the "
            f"{board.door_names[i]}.", {"door": board.door_ids[i], "open": name == "open"})
    st.window("action-performed", (fi, name))


def _stand(st: DescentState, fi: int, turn: Turn, action: Action) -> None:
    turn.ended = True
    hero_turns.stand_up(st, fi, reviver=-1)


#: the engine's own actions of a turn, by name (rule modules add theirs through offers)
TURN_ACTIONS: Final[dict[str, TurnAction]] = {
    "move": _move, "fatigue": _fatigue, "attack": _attack, "bonus-attack": _attack,
    "bonus-recover": _bonus_recover, "rest": _rest, "search": _search, "revive": _revive,
    "open": _door, "close": _door, "stand": _stand,
}


#: the decision kinds that :func:`turn_action` answers (the state calls it directly for them)
TURN_KINDS: Final = frozenset({HERO_TURN, MONSTER_TURN})


def turn_action(st: DescentState, fi: int, action: Action, point: str) -> None:
    """Perform ``action`` of figure ``fi``'s turn (``point``: ``hero-turn`` or
    ``monster-turn``), then ask its next action."""
    turn = st.turns[-1]
    name = action.name
    if turn.flags and not (name == "move" and action.args):
        for flag in turn.flags:         # (the call only when there is something to interrupt)
            if flag.startswith(GOING_ON):
                movement.interrupt(turn)
                break
    st.tasks.append((HERO_ACT, fi) if point == HERO_TURN else (MONSTER_ACT, fi))
    if name == "end":
        turn.ended = True
        return
    do = TURN_ACTIONS.get(name)
    if do is not None:
        do(st, fi, turn, action)
        return
    if point == MONSTER_TURN and name in abilities.ACTIONS:
        monster_turns.monster_special(st, fi, action)
        return
    seat = st.figs[fi].seat
    for m in st.enc.offerers[point]:
        if action in m.offers(st, seat, point, (fi,)):
            m.take(st, seat, point, (fi,), action)
            return
    raise AssertionError(f"unhandled action {action}")


# ================================================================================ decision kinds
class HeroTurnKind(Kind):
    """``hero-turn``: the hero's next action (``data``: a :class:`~.flow.HeroTurn`)."""

    kind: ClassVar[str] = HERO_TURN

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return hero_turns.hero_actions(st, d.data[0])    # (d.data: a HeroTurn)

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        turn_action(st, d.data[0], action, HERO_TURN)

    def text(self, st: DescentState, d: Decision) -> str:
        return f"{st.name(cast(HeroTurn, d.data).fig)}'s next action"


class MonsterTurnKind(Kind):
    """``monster-turn``: the activated monster's next action (``data``: a :class:`~.flow.MonsterTurn`)."""

    kind: ClassVar[str] = MONSTER_TURN

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return monster_turns.monster_actions(st, d.data[0])    # (d.data: a MonsterTurn)

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        turn_action(st, d.data[0], action, MONSTER_TURN)

    def text(self, st: DescentState, d: Decision) -> str:
        return f"{st.name(cast(MonsterTurn, d.data).fig)}'s next action"


class ReactKind(Kind):
    """``react``: optional actions the rule modules offer at a window (``data``: a
    :class:`~.flow.React`: the window, its context, the number of the seat asked in the window's
    order); ``pass`` asks the next seat."""

    kind: ClassVar[str] = REACT

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        r = cast(React, d.data)
        return [*st.offered(d.seat, r.window, r.ctx), PASS]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        r = cast(React, d.data)
        name, ctx = r.window, r.ctx
        if action == PASS:
            st.tasks.append((OFFER, name, ctx, r.seat_no + 1))
            return
        st.tasks.append((OFFER, name, ctx, r.seat_no))
        st.offerer(d.seat, name, ctx, action).take(st, d.seat, name, ctx, action)

    def text(self, st: DescentState, d: Decision) -> str:
        """The moment in words, whose it is, then the choice: ``before damage is dealt (Zombie 2
        attacks Syndrael): use an effect, or pass``."""
        r = cast(React, d.data)
        when = WINDOW_WORDS.get(r.window, r.window.replace("-", " "))
        about = ""
        if r.window in FIGURE_WINDOWS and r.ctx:
            about = f" ({st.name(r.ctx[0]) if r.ctx[0] >= 0 else 'the overlord'})"
        elif r.window.startswith("attack-") and st.attack is not None:
            about = f" ({st.name(st.attack.attacker)} attacks {st.name(st.attack.target)})"
        return f"{when}{about}: use an effect, or pass"


class ModKind(Kind):
    """``mod:<module>:<word>``: a rule module's own decision, answered by that module."""

    kind: ClassVar[str] = MOD_DECISION

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return st.enc.by_name[d.kind.split(":")[1]].decision_actions(st, d)

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        st.enc.by_name[d.kind.split(":")[1]].decide(st, d, action)

    def text(self, st: DescentState, d: Decision) -> str:
        _, module, word = [*d.kind.split(":", 2), ""][:3]
        mod = st.enc.by_name.get(module)
        text = mod.decision_text(st, d) if mod is not None else None
        return text or f"{module}: {word or 'decide'}"


#: every decision the engine (or a rule module, ``mod:``) may ask
KINDS: Final[dict[str, Kind]] = table([
    HeroTurnKind(), MonsterTurnKind(), monster_turns.OverlordTurnKind(), hero_turns.NextHeroKind(),
    combat.SurgeKind(), ReactKind(), monster_turns.PlaceKind(), abilities.BreathKind(), abilities.BlastKind(),
    movement.LargePlaceKind(), ModKind()])


# ================================================================================== task table
def _mod(st: DescentState, t: Task) -> None:
    st.enc.by_name[t[1]].run(st, t[2])


def _offer(st: DescentState, t: Task) -> None:
    st.offer(t)


def _win(st: DescentState, t: Task) -> None:
    st.open_window(t)


#: every task the engine runs, by tag (see :mod:`questbox.games.descent.flow`)
TASKS: Final[dict[str, Handler]] = {
    WIN: _win, OFFER: _offer, MOD: _mod, ATK: combat.attack_step,
    ROUND_START: hero_turns.round_start, ROUND_END: hero_turns.round_end,
    HEROES_PHASE: hero_turns.heroes_phase, START_HERO_TURN: hero_turns.hero_turn, HERO_ACT: hero_turns.hero_act,
    HERO_END: hero_turns.hero_end, HERO_CLEANUP: hero_turns.hero_cleanup, NOP: hero_turns.nop,
    OL_PHASE: monster_turns.ol_phase, OL_ACT: monster_turns.ol_act, OL_END: monster_turns.ol_end,
    START_ACTIVATION: monster_turns.monster_turn, MONSTER_ACT: monster_turns.monster_act,
    MONSTER_END: monster_turns.monster_end, MONSTER_CLEANUP: monster_turns.monster_cleanup,
    THROW: abilities.throw_task,
    START_CONDITIONS: conditions.start_conditions, STUN: conditions.stun,
    ADD_CONDITION: conditions.add_condition_task, REMOVE_CONDITION: conditions.remove_condition_task,
    SUFFER: conditions.suffer_task, FATIGUE_TASK: conditions.fatigue_task, EMIT: conditions.emit_task,
    TEST: conditions.test_task, TEST_END: conditions.test_end,
    STEP: movement.step, LARGE_MOVE: movement.large_move,
}
