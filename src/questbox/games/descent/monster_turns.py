"""The overlord's turn and monster activations: which monster activates, its menu of actions
(the action abilities are :mod:`.abilities`' objects), out-of-turn activations granted by rule
modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from questbox.core import Action, Decision
from questbox.games.descent.abilities import ACTIONS, air_ends
from questbox.games.descent.abilities import special_actions as ability_actions
from questbox.games.descent.combat import target_actions
from questbox.games.descent.flow import (
    END,
    MONSTER_ACT,
    MONSTER_CLEANUP,
    MONSTER_END,
    MONSTER_TURN,
    MOVE,
    NOP,
    OL_ACT,
    OL_END,
    OL_TURN,
    PLACE,
    ROUND_END,
    START_ACTIVATION,
    START_CONDITIONS,
    WIN,
    Kind,
    MonsterTurn,
    Place,
    Task,
)
from questbox.games.descent.geometry import place, place_squares
from questbox.games.descent.model import Turn
from questbox.games.descent.movement import move_actions
from questbox.games.descent.skill_hooks import attack_barred

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


# ============================================================================ the overlord's turn
def ol_phase(st: DescentState, t: Task) -> None:
    st.phase = "overlord"
    st.active_group = -1
    air_ends(st)
    st.emit("turn", "The overlord's turn.")
    st.push((WIN, "turn-start", (-1,), 0), (OL_ACT,))


def ol_candidates(st: DescentState) -> list[int]:
    """The monsters that may activate next (the group activating goes on first)."""
    g = st.active_group
    cands = [i for i, f in enumerate(st.figs) if f.side == "monster" and f.status == "active" and not f.activated]
    if g >= 0:
        same = [i for i in cands if st.figs[i].group == g]
        if same:
            return same
    return cands


def ol_actions(st: DescentState) -> list[Action]:
    return [*(Action("activate", (st.figs[i].id,)) for i in ol_candidates(st)), END]


def ol_act(st: DescentState, t: Task) -> None:
    cands = ol_candidates(st)
    if not cands:
        st.tasks.append((OL_END,))
        return
    st.ask("overlord", OL_TURN, (), [*(Action("activate", (st.figs[i].id,)) for i in cands), END])


def ol_end(st: DescentState, t: Task) -> None:
    st.active_group = -1
    st.push((WIN, "turn-end", (-1,), 0), (ROUND_END,))


# ================================================================================= activations
def monster_turn(st: DescentState, t: Task) -> None:
    fi = t[1]
    st.turns.append(Turn(fi, "monster"))
    st.emit("activate", f"{st.name(fi)} activates.", {"figure": st.figs[fi].id})
    st.push((WIN, "activation-start", (fi,), 0), (START_CONDITIONS, fi), (MONSTER_ACT, fi))


def monster_act(st: DescentState, t: Task) -> None:
    """Ask the monster's next action (or end the activation when only ``end`` is left)."""
    fi = t[1]
    turn = st.turns[-1] if st.turns else None
    assert turn is not None and turn.fig == fi
    if turn.ended or st.figs[fi].status != "active":
        st.tasks.append((MONSTER_END, fi))
        return
    acts = monster_actions(st, fi)
    if len(acts) == 1 and acts[0] == END:
        st.tasks.append((MONSTER_END, fi))
        return
    st.ask("overlord", MONSTER_TURN, MonsterTurn(fi), acts)


def monster_end(st: DescentState, t: Task) -> None:
    fi = t[1]
    kind = st.turns[-1].kind
    st.push((WIN, "activation-end", (fi,), 0) if kind == "monster" else (NOP,), (MONSTER_CLEANUP, fi))


def monster_cleanup(st: DescentState, t: Task) -> None:
    fi = t[1]
    f = st.figs[fi]
    turn = st.turns.pop()
    if "immobilized" in f.conds:
        f.conds.remove("immobilized")
        st.emit("condition", f"{st.name(fi)} is no longer Immobilized.")
    if turn.kind == "monster":
        f.activated = True
        st.tasks.append((OL_ACT,))


def grant_activation(st: DescentState, fi: int, mp: int, actions: int, flags: tuple[str, ...] = ()) -> None:
    """Give a figure an out-of-turn activation (a rule module's "moves then attacks"): ``mp``
    movement points and ``actions`` actions, asked as ``monster-turn`` decisions; it ends with
    ``end`` and the suspended turn goes on."""
    t = Turn(fi, "extra", actions)
    t.mp = mp
    t.flags.extend(flags)
    st.turns.append(t)
    st.tasks.append((MONSTER_ACT, fi))


# ============================================================================= monster's menu
def monster_actions(st: DescentState, fi: int) -> list[Action]:
    """The legal actions of a monster's activation."""
    f = st.figs[fi]
    turn = st.turns[-1]
    stat = st.stat(fi)
    out: list[Action] = []
    act = turn.actions > 0
    # (an Overlord card's extra action of a kind: Dash ``extra-move``, Frenzy ``extra-attack``)
    limit = (1 if "shambling" in stat.abilities else 2) + turn.flags.count("extra-move")
    if act and "immobilized" not in f.conds and turn.move_actions < limit and turn.kind != "extra":
        out.append(MOVE)
    if turn.mp > 0:
        out.extend(move_actions(st, fi))
    if act and turn.attacks <= turn.flags.count("extra-attack") and not attack_barred(st, fi):
        out.extend(target_actions(st, fi, "attack"))
        if turn.kind != "extra":
            out.extend(special_actions(st, fi))
    for m in st.enc.offerers["monster-turn"]:
        out.extend(m.offers(st, "overlord", "monster-turn", (fi,)))
    out.append(END)
    return out


def special_actions(st: DescentState, fi: int) -> tuple[Action, ...]:
    """The monster's action abilities (Howl, Grab, Throw, Heal, Flail: :mod:`.abilities`), once
    per activation (cached until a figure or a door moves)."""
    key = ("special", fi, st.doors, st.figs[fi].stat)
    got: tuple[Action, ...] | None = st._geo.get(key)
    if got is None:
        got = st._geo[key] = tuple(ability_actions(st, fi))
    return got


def monster_special(st: DescentState, fi: int, action: Action) -> None:
    """One of the monster's action abilities: it costs an action and counts as the monster's
    attack (TAG's coded rule), then the ability's object plays it."""
    turn = st.turns[-1]
    turn.actions -= 1
    name = action.name
    hook = ACTIONS[name]
    if name == "flail":          # an attack: the attack counts itself
        hook.perform(st, fi, action)
        return
    turn.attacks += 1
    st.emit("action", f"{st.name(fi)} uses {hook.title(st)}.",
            {"figure": st.figs[fi].id, "ability": name})
    st.window("action-performed", (fi, name))
    hook.perform(st, fi, action)


# =================================================================================== decisions
class OverlordTurnKind(Kind):
    """``ol-turn``: the overlord activates a monster, or ends the turn."""

    kind: ClassVar[str] = OL_TURN

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return ol_actions(st)

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        if action == END:
            st.tasks.append((OL_END,))
            return
        fi = st.ids[str(action.args[0])]
        st.active_group = st.figs[fi].group
        st.tasks.append((START_ACTIVATION, fi))

    def text(self, st: DescentState, d: Decision) -> str:
        return "activate a monster, or end the overlord's turn"


class PlaceKind(Kind):
    """``place``: the overlord places a thrown hero (``data``: a :class:`~.flow.Place`)."""

    kind: ClassVar[str] = PLACE

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        p = cast(Place, d.data)
        return [Action("place", (st.enc.board.names[s],)) for s in place_squares(st, p.fig, p.most)]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        fi = cast(Place, d.data).fig
        square = st.enc.board.index[str(action.args[0])]
        place(st, fi, square, 0)
        st.emit("place", f"{st.name(fi)} is thrown to {st.enc.board.names[square]}.")
        st.window("enter-space", (fi, square))      # he counts as entering the space

    def text(self, st: DescentState, d: Decision) -> str:
        return "place the thrown hero"
