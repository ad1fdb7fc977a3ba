"""Rounds and hero turns: the round's phases, a hero's turn from start to cleanup, the hero's
menu of actions, searching, standing up and reviving, doors."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action, Decision
from questbox.games.descent.combat import target_actions
from questbox.games.descent.conditions import roll
from questbox.games.descent.flow import (
    BONUS_RECOVER,
    END,
    FATIGUE,
    HERO_ACT,
    HERO_CLEANUP,
    HERO_END,
    HERO_TURN,
    HEROES_PHASE,
    MOVE,
    NEXT_HERO,
    OL_PHASE,
    REST,
    ROUND_START,
    STAND,
    START_CONDITIONS,
    START_HERO_TURN,
    WIN,
    HeroTurn,
    Kind,
    Task,
)
from questbox.games.descent.geometry import forget as forget_geometry
from questbox.games.descent.geometry import nearest_free, place, revivable, searchable
from questbox.games.descent.model import Turn
from questbox.games.descent.movement import move_actions
from questbox.games.descent.skill_hooks import drew
from questbox.games.descent.skills import stand_bonus

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


# ====================================================================================== rounds
def round_start(st: DescentState, t: Task) -> None:
    st.round += 1
    st.phase = "heroes"
    for f in st.figs:
        f.activated = False
    st.emit("round", f"Round {st.round} begins.", {"round": st.round})
    st.push((WIN, "round-start", (st.round,), 0), (HEROES_PHASE,))


def round_end(st: DescentState, t: Task) -> None:
    st.push((WIN, "round-end", (st.round,), 0), (ROUND_START,))


def heroes_phase(st: DescentState, t: Task) -> None:
    """The next hero's turn (the party seat picks which), or the overlord's turn."""
    left = [i for i in st._heroes or st._find_heroes() if not st.figs[i].activated]
    if not left:
        st.tasks.append((OL_PHASE,))
        return
    if st.enc.party and len(left) > 1:
        st.ask("heroes", NEXT_HERO, (), [Action("activate", (st.figs[i].id,)) for i in left])
        return
    st.tasks.append((START_HERO_TURN, left[0]))


def nop(st: DescentState, t: Task) -> None:
    pass


# ================================================================================== hero turns
def hero_turn(st: DescentState, t: Task) -> None:
    fi = t[1]
    f = st.figs[fi]
    st.turns.append(Turn(fi, "hero"))
    f.exhausted.clear()
    st.emit("turn", f"{st.name(fi)}'s turn.", {"figure": f.id})
    st.push((WIN, "turn-start", (fi,), 0), (START_CONDITIONS, fi), (HERO_ACT, fi))


def hero_act(st: DescentState, t: Task) -> None:
    """Ask the hero's next action (or end the turn when only ``end`` is left)."""
    fi = t[1]
    turn = st.turns[-1] if st.turns else None
    assert turn is not None and turn.fig == fi
    if turn.ended:
        st.tasks.append((HERO_END, fi))
        return
    acts = hero_actions(st, fi)
    if len(acts) == 1 and acts[0] == END:
        st.tasks.append((HERO_END, fi))
        return
    st.ask(st.figs[fi].seat, HERO_TURN, HeroTurn(fi), acts)


def hero_end(st: DescentState, t: Task) -> None:
    fi = t[1]
    st.push((WIN, "turn-end", (fi,), 0), (HERO_CLEANUP, fi))


def hero_cleanup(st: DescentState, t: Task) -> None:
    fi = t[1]
    f = st.figs[fi]
    turn = st.turns.pop()
    if "rested" in turn.flags and f.status == "active" and f.fatigue:
        st.emit("rest", f"{st.name(fi)} recovers all fatigue ({f.fatigue}).")
        f.fatigue = 0
    if "immobilized" in f.conds:
        f.conds.remove("immobilized")
        st.emit("condition", f"{st.name(fi)} is no longer Immobilized.")
    f.activated = True
    st.tasks.append((HEROES_PHASE,))


def end_turn(st: DescentState) -> None:
    """End the acting figure's turn now (its remaining actions and movement are lost)."""
    if st.turns:
        st.turns[-1].ended = True
        st.turns[-1].mp = 0


# ================================================================================ hero's menu
def hero_actions(st: DescentState, fi: int) -> list[Action]:
    """The legal actions of a hero's turn."""
    f = st.figs[fi]
    turn = st.turns[-1]
    if f.status == "ko":
        return [STAND]
    act = turn.actions > 0
    immob = "immobilized" in f.conds
    out: list[Action] = [MOVE] if act and not immob else []
    if turn.mp > 0:
        out.extend(move_actions(st, fi))
    enc = st.enc
    # (st.stamina(fi), its look-up inline)
    if not immob and f.fatigue < ((enc.staminas.get(f.stat) or st.stamina(fi)) if f.side == "hero" else 0):
        out.append(FATIGUE)
    bonus = enc.two_hero_rule and "bonus" not in turn.flags
    if act or bonus:
        # attack, bonus-attack, revive and door actions: cached until a figure or a door moves
        menu = st._geo.get(("hero-menu", fi, st.doors, f.stat))
        if menu is None:
            menu = st._geo[("hero-menu", fi, st.doors, f.stat)] = (
                target_actions(st, fi, "attack"), target_actions(st, fi, "bonus-attack"), place_actions(st, fi))
        if act:
            out.extend(menu[0])
        if bonus:
            out.extend(menu[1])
            if f.damage > 0:
                out.append(BONUS_RECOVER)
        if act:
            if "rested" not in turn.flags:
                out.append(REST)
            if st.tokens:
                names = enc.board.names
                for s in searchable(st, fi):
                    out.append(Action("search", (names[s],)))
            out.extend(menu[2])
    ctx = (fi,)
    for m in enc.offerers["hero-turn"]:
        out.extend(m.offers(st, f.seat, "hero-turn", ctx))
    out.append(END)
    return out


def place_actions(st: DescentState, fi: int) -> tuple[Action, ...]:
    """A hero's ``revive`` and door actions (cached until a figure or a door moves)."""
    key = ("place-actions", fi, st.doors)
    got: tuple[Action, ...] | None = st._geo.get(key)
    if got is None:
        figs = st.figs
        got = st._geo[key] = (*(Action("revive", (figs[h].id,)) for h in revivable(st, fi)),
                              *door_actions(st, fi))
    return got


def door_actions(st: DescentState, fi: int) -> list[Action]:
    board = st.enc.board
    if not board.door_ids:
        return []
    pos = st.figs[fi].pos
    out = []
    for i, edges in enumerate(board.door_edges):
        for e in edges:                 # (a loop, not any(): a generator costs a call per edge)
            if pos in e:
                is_open = (st.doors >> i) & 1
                out.append(Action("close" if is_open else "open", (board.door_ids[i],)))
                break
    return out


# ============================================================================ search, stand up
def search(st: DescentState, fi: int, square: int) -> None:
    """``fi`` searches the token on ``square``: it is removed and the hero draws a Search card."""
    del st.tokens[square]
    forget_geometry(st)        # (a token is gone)
    card = st.deck.pop(0) if st.deck else "nothing"
    name = st.enc.lib.search[card].name
    if card != "nothing":
        st.figs[fi].items.append(card)
    st.emit("search", f"{st.name(fi)} searches and finds: {name}.", {"figure": st.figs[fi].id, "card": card})
    drew(st, fi, card)          # (Appraisal may draw again: skill_hooks)


def stand_up(st: DescentState, fi: int, reviver: int) -> None:
    """Stand up (the knocked-out hero's turn) or revive (an adjacent hero's action): roll 2 red
    dice; the hero recovers hearts equal to the hearts rolled and fatigue equal to the surges."""
    f = st.figs[fi]
    faces = roll(st, ["red", "red"])
    red = st.enc.lib.dice["red"]
    kit = next(h.kit for h in st.enc.heroes if h.id == f.stat)
    hearts = sum(red[n - 1].hearts for n in faces) + stand_bonus(kit)      # (Brute: +2)
    surges = sum(red[n - 1].surges for n in faces)
    spot = nearest_free(st, f.pos)
    f.status = "active"
    place(st, fi, spot, 0)
    f.damage = max(0, st.health(fi) - hearts)
    f.fatigue = max(0, f.fatigue - surges)
    who = f"{st.name(reviver)} revives {st.name(fi)}" if reviver >= 0 else f"{st.name(fi)} stands up"
    st.emit("stand", f"{who}: {st.describe_faces(['red', 'red'], faces)}; {hearts} Health, "
            f"{surges} fatigue recovered.", {"figure": f.id, "faces": faces})


# =================================================================================== decisions
class NextHeroKind(Kind):
    """``next-hero``: the party seat picks the hero whose turn comes next."""

    kind: ClassVar[str] = NEXT_HERO

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return [Action("activate", (st.figs[i].id,)) for i in st.heroes() if not st.figs[i].activated]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        st.tasks.append((START_HERO_TURN, st.ids[str(action.args[0])]))

    def text(self, st: DescentState, d: Decision) -> str:
        return "choose the hero who takes the next turn"
