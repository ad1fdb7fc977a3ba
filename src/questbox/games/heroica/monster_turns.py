"""The monster seat of Battle HEROICA: its decision kinds (``mturn``: pick a monster, ``mmove``:
move it, ``mfight``: fight a hero), their legal actions, and what each action does; also the
monster's part of ``forward`` (see :mod:`.kinds`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action, Decision, Event
from questbox.games.heroica.data import MOVE, rules
from questbox.games.heroica.flow import (
    FORWARD,
    FORWARD_MONSTER,
    MFIGHT,
    MMOVE,
    MONSTER_SEAT,
    MTURN,
    PASS,
    STOP,
    THEN_END,
    ActsKind,
    Perform,
    acts,
    steps_left,
)

if TYPE_CHECKING:
    from questbox.games.heroica.state import HeroicaState


#: the monster seat's decisions without a payload (values: one of each is shared)
MFIGHT_DECISION = Decision(MONSTER_SEAT, MFIGHT)
MMOVE_DECISION = Decision(MONSTER_SEAT, MMOVE)


# ======================================================================================= actions
def pass_turn(st: HeroicaState, d: Decision, a: Action) -> None:
    """``pass``: no monster is left to move."""
    events = st.events
    events.append(Event("pass", "the monster player has no monster left"))
    st.end_turn(events)


def pick(st: HeroicaState, d: Decision, a: Action) -> None:
    """``pick X``: the monster on X moves (a die roll), or fights at once when next to a hero."""
    events = st.events
    s = st.board.index[str(a.args[0])]
    st.mover = s
    kind = rules().monsters[st.monsters[s]].name
    if st.adj_active_heroes(s):
        events.append(Event("pick", f"the monster player picks the {kind} on {st.sid(s)}, "
                                    "next to a hero: it must fight"))
        st.ask(MFIGHT_DECISION)
        return
    f = st.die()
    st.steps = MOVE[f]
    st.roll = f
    st.path = [s]
    events.append(Event("roll", f"the monster player moves the {kind} on {st.sid(s)}: {f}, up "
                                f"to {st.steps}", data={"face": f}))
    st.ask(MMOVE_DECISION)


def step(st: HeroicaState, d: Decision, a: Action) -> None:
    """``step X``: the monster moves one space."""
    events = st.events
    s = st.board.index[str(a.args[0])]
    move_monster(st, s)
    st.path.append(s)
    st.steps -= 1
    to = st.board.ids[s]
    events.append(Event("step", f"the monster moves to {to} ({steps_left(st.steps)})",
                        data={"to": to, "left": st.steps}))
    if st.adj_active_heroes(s):
        events.append(Event("stop", "the monster moves next to a hero and must stop and fight"))
        monster_settle(st, events)
    elif st.steps == 0:
        monster_settle(st, events)


def stop(st: HeroicaState, d: Decision, a: Action) -> None:
    """``stop``: the monster's move ends here."""
    monster_settle(st, st.events)


def forward(st: HeroicaState, s: int, events: list[Event]) -> None:
    """The monster ends on an occupied space and moves forward to ``s``."""
    move_monster(st, s)
    events.append(Event("forward", f"the monster moves forward to {st.sid(s)}"))
    monster_after(st, events)


def fight(st: HeroicaState, d: Decision, a: Action) -> None:
    """``fight X``: the moving monster fights the hero on X."""
    events = st.events
    s = st.board.index[str(a.args[0])]
    h = st.hero_at(s)
    m = st.mover
    kind = st.monsters[m]
    strength = st.strength(m)
    f = st.die()
    events.append(Event("fight", f"the {rules().monsters[kind].name} on {st.sid(m)} fights "
                                 f"{st.name(h)}: {f}", data={"face": f}))
    loss = {"shield": strength + 1, "sword": strength, "skull": 0, "sword-skull": strength}[f]
    if f in ("skull", "sword-skull"):
        st.hit(h, m, events)
        if st.brk:
            return
    if loss:
        st.damage(h, loss, events)
        if st.brk:
            return
        st.push_back(h, m, THEN_END, events)
    else:
        st.end_turn(events)


def move_monster(st: HeroicaState, s: int) -> None:
    """The moving monster goes to ``s``; on another monster's space it is held in ``passing``."""
    m = st.mover
    if st.passing is not None:
        kind, bar = st.passing
        st.passing = None
    else:
        kind, bar = st.monsters.pop(m), st.bars.pop(m, -1)
    if s in st.monsters:
        st.passing = (kind, bar)
    else:
        st.monsters[s] = kind
        if bar >= 0:
            st.bars[s] = bar
    st.mover = s


def monster_settle(st: HeroicaState, events: list[Event]) -> None:
    """The move ends: off an item, a coffin or another monster to the first available space."""
    s = st.mover
    if s in st.items or s in st.coffins or st.passing is not None:
        cands = st.forward_candidates(-1, s, monster=True)
        if len(cands) > 1:
            st.ask(Decision(MONSTER_SEAT, FORWARD, FORWARD_MONSTER))
            return
        if not cands and st.passing is not None:
            # nowhere forward: back to the last space of its path that it may stand on
            cands = [next(v for v in reversed(st.path) if v not in st.monsters and v not in st.pos)]
        if cands:
            move_monster(st, cands[0])
            events.append(Event("forward", f"the monster moves forward to {st.sid(cands[0])}"))
    monster_after(st, events)


def monster_after(st: HeroicaState, events: list[Event]) -> None:
    if st.adj_active_heroes(st.mover):
        st.ask(MFIGHT_DECISION)
    else:
        st.end_turn(events)

def forward_actions(st: HeroicaState) -> list[Action]:
    """``forward`` for the monster: the first available spaces beyond where it ended."""
    forwards = acts(st.board).forward
    return [forwards[v] for v in st.forward_candidates(-1, st.mover, monster=True)]


# ===================================================================================== the kinds
class MonsterTurnKind(ActsKind):
    """``mturn``: the monster seat picks the monster that moves (``pass`` when none is left)."""

    kind: ClassVar[str] = MTURN
    words: ClassVar[str] = "pick the monster that moves"
    actions: ClassVar[Mapping[str, Perform]] = {"pass": pass_turn, "pick": pick}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        if not st.monsters:
            return [PASS]
        picks = acts(st.board).pick
        return [picks[s] for s in sorted(st.monsters)]


class MonsterMoveKind(ActsKind):
    """``mmove``: the picked monster steps, or stops."""

    kind: ClassVar[str] = MMOVE
    words: ClassVar[str] = "move the monster"
    actions: ClassVar[Mapping[str, Perform]] = {"step": step, "stop": stop}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        steps = acts(st.board).step
        # a monster moves through other monsters' spaces (HER-BATTLE-08), not through heroes
        out = [steps[v] for v in st.board.adj[st.mover] if v not in st.path and v not in st.pos]
        out.append(STOP)
        return out


class MonsterFightKind(ActsKind):
    """``mfight``: the monster fights a hero next to it."""

    kind: ClassVar[str] = MFIGHT
    words: ClassVar[str] = "the monster fights"
    actions: ClassVar[Mapping[str, Perform]] = {"fight": fight}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        fights = acts(st.board).fight
        return [fights[v] for v in st.adj_active_heroes(st.mover)]
