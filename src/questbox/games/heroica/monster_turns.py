"""The monster seat of Battle HEROICA: pick a monster, move it, fight a hero.

The decision kinds ``mturn``, ``mmove``, ``mfight`` (and ``forward`` for a monster) in
:mod:`.kinds` call these: ``*_actions`` list a decision's legal actions, the other functions
perform an action already known to be legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import Action, Decision, Event
from questbox.games.heroica.data import MOVE, rules
from questbox.games.heroica.flow import (
    FORWARD,
    MFIGHT,
    MMOVE,
    MONSTER_PIECE,
    MONSTER_SEAT,
    PASS,
    STOP,
    THEN_END,
    Forward,
    acts,
    steps_left,
)

if TYPE_CHECKING:
    from questbox.games.heroica.state import HeroicaState


# ================================================================================= legal actions
def pick_actions(st: HeroicaState) -> list[Action]:
    """``mturn``: the monster that moves (``pass`` when none is left)."""
    if not st.monsters:
        return [PASS]
    picks = acts(st.board).pick
    return [picks[s] for s in sorted(st.monsters)]


def move_actions(st: HeroicaState) -> list[Action]:
    """``mmove``: a step, or stop."""
    s = st.mover
    steps = acts(st.board).step
    # a monster moves through other monsters' spaces (HER-BATTLE-08), not through heroes
    out = [steps[v] for v in st.board.adj[s] if v not in st.path and v not in st.pos]
    out.append(STOP)
    return out


def fight_actions(st: HeroicaState) -> list[Action]:
    """``mfight``: the hero next to the monster that it fights."""
    fights = acts(st.board).fight
    return [fights[v] for v in st.adj_active_heroes(st.mover)]


def forward_actions(st: HeroicaState) -> list[Action]:
    """``forward`` for the monster: the first available spaces beyond where it ended."""
    forwards = acts(st.board).forward
    return [forwards[v] for v in st.forward_candidates(-1, st.mover, monster=True)]


# ======================================================================================= actions
def pass_turn(st: HeroicaState, events: list[Event]) -> None:
    events.append(Event("pass", "the monster player has no monster left"))
    st.end_turn(events)


def pick(st: HeroicaState, s: int, events: list[Event]) -> None:
    """The monster on ``s`` moves (a die roll), or fights at once when next to a hero."""
    st.mover = s
    kind = rules().monsters[st.monsters[s]].name
    if st.adj_active_heroes(s):
        events.append(Event("pick", f"the monster player picks the {kind} on {st.sid(s)}, "
                                    "next to a hero: it must fight"))
        st.ask(Decision(MONSTER_SEAT, MFIGHT))
        return
    f = st.die()
    st.steps = MOVE[f]
    st.roll = f
    st.path = [s]
    events.append(Event("roll", f"the monster player moves the {kind} on {st.sid(s)}: {f}, up "
                                f"to {st.steps}", data={"face": f}))
    st.ask(Decision(MONSTER_SEAT, MMOVE))


def step(st: HeroicaState, s: int, events: list[Event]) -> None:
    move_monster(st, s)
    st.path.append(s)
    st.steps -= 1
    events.append(Event("step", f"the monster moves to {st.sid(s)} ({steps_left(st.steps)})",
                        data={"to": st.sid(s), "left": st.steps}))
    if st.adj_active_heroes(s):
        events.append(Event("stop", "the monster moves next to a hero and must stop and fight"))
        monster_settle(st, events)
    elif st.steps == 0:
        monster_settle(st, events)


def forward(st: HeroicaState, s: int, events: list[Event]) -> None:
    move_monster(st, s)
    events.append(Event("forward", f"the monster moves forward to {st.sid(s)}"))
    monster_after(st, events)


def fight(st: HeroicaState, s: int, events: list[Event]) -> None:
    """The moving monster fights the hero on ``s``."""
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
            st.ask(Decision(MONSTER_SEAT, FORWARD, Forward(MONSTER_PIECE)))
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
        st.ask(Decision(MONSTER_SEAT, MFIGHT))
    else:
        st.end_turn(events)
