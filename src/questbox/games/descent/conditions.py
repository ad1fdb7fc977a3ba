"""Conditions, harm and healing, attribute tests: module functions of the encounter state.

Rule modules reach these through the state's facade (``st.suffer``, ``st.add_condition``,
``st.test``, ...); the engine's own modules call them directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.games.descent.flow import (
    FATIGUE_TASK,
    REMOVE_CONDITION,
    STUN,
    SUFFER,
    TEST,
    TEST_END,
    WIN,
    Task,
)
from questbox.games.descent.geometry import lift

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


# ==================================================================================== conditions
def start_conditions(st: DescentState, t: Task) -> None:
    """At the start of a figure's turn: Poisoned, Diseased and Stunned take effect."""
    fi = t[1]
    f = st.figs[fi]
    if f.status != "active":
        return
    todo: list[Task] = []
    if "poisoned" in f.conds:
        todo.append((TEST, fi, "might", (REMOVE_CONDITION, fi, "poisoned"), (SUFFER, fi, 1, -1), "Poisoned"))
    if "diseased" in f.conds:
        todo.append((TEST, fi, "willpower", (REMOVE_CONDITION, fi, "diseased"), (FATIGUE_TASK, fi, 1), "Diseased"))
    if "stunned" in f.conds:
        todo.append((STUN, fi))
    st.push(*todo)


def stun(st: DescentState, t: Task) -> None:
    fi = t[1]
    f = st.figs[fi]
    if "stunned" not in f.conds or f.status != "active":
        return
    f.conds.remove("stunned")
    turn = st.turns[-1] if st.turns else None
    if turn is not None and turn.fig == fi:
        turn.actions = max(0, turn.actions - 1)
    st.emit("condition", f"{st.name(fi)} is Stunned: it loses an action and discards Stunned.")


def add_condition(st: DescentState, fi: int, cond: str) -> None:
    f = st.figs[fi]
    if f.status != "active" or cond in f.conds:
        return
    f.conds.append(cond)
    st.emit("condition", f"{st.name(fi)} is {cond.capitalize()}.", {"figure": f.id, "condition": cond})


def remove_condition(st: DescentState, fi: int, cond: str) -> None:
    f = st.figs[fi]
    if cond in f.conds:
        f.conds.remove(cond)
        st.emit("condition", f"{st.name(fi)} discards {cond.capitalize()}.", {"figure": f.id, "condition": cond})


def remove_condition_task(st: DescentState, t: Task) -> None:
    remove_condition(st, t[1], t[2])


def add_condition_task(st: DescentState, t: Task) -> None:
    add_condition(st, t[1], t[2])


# ============================================================================= harm & healing
def suffer(st: DescentState, fi: int, n: int, by: int = -1, what: str = "") -> None:
    """Figure ``fi`` suffers ``n`` damage (hearts); it is defeated at its Health."""
    f = st.figs[fi]
    if n <= 0 or f.status != "active":
        return
    f.damage += n
    hp = st.health(fi)
    st.emit("damage", f"{st.name(fi)} suffers {n} damage{(' (' + what + ')') if what else ''} "
            f"({max(0, hp - f.damage)}/{hp} Health left).", {"figure": f.id, "amount": n})
    if f.damage >= hp:
        defeat(st, fi, by)


def suffer_fatigue(st: DescentState, fi: int, n: int) -> None:
    """Fatigue beyond a hero's Stamina, and any fatigue a monster suffers, is damage instead."""
    f = st.figs[fi]
    if n <= 0 or f.status != "active":
        return
    if f.side != "hero":
        suffer(st, fi, n, -1, "fatigue")
        return
    room = max(0, st.stamina(fi) - f.fatigue)
    take = min(n, room)
    if take:
        f.fatigue += take
        st.emit("fatigue", f"{st.name(fi)} suffers {take} fatigue ({f.fatigue}/{st.stamina(fi)}).",
                {"figure": f.id, "amount": take})
    if n > take:
        suffer(st, fi, n - take, -1, "fatigue beyond Stamina")


def recover(st: DescentState, fi: int, hearts: int = 0, fatigue: int = 0) -> None:
    f = st.figs[fi]
    if f.status != "active":
        return
    h = min(hearts, f.damage) if f.side != "familiar" else 0       # (the Reanimate recovers no hearts)
    fa = min(fatigue, f.fatigue)
    if h:
        f.damage -= h
    if fa:
        f.fatigue -= fa
    if h or fa:
        parts = ([f"{h} damage"] if h else []) + ([f"{fa} fatigue"] if fa else [])
        st.emit("recover", f"{st.name(fi)} recovers {' and '.join(parts)}.", {"figure": f.id})


def defeat(st: DescentState, fi: int, by: int = -1) -> None:
    """A hero is knocked out, a monster defeated; opens the ``figure-defeated`` window."""
    f = st.figs[fi]
    if f.status != "active":
        return
    if f.side == "hero" and "interrupts" in st.enc.by_name:      # Stalwart may hold the knock-out off
        from questbox.games.descent.skill_interrupts import last_stand

        if last_stand(st, fi, by):
            return
    lift(st, fi)
    f.conds.clear()
    if f.side == "hero":
        f.status = "ko"
        # knocked out: he suffers damage up to his Health and fatigue up to his Stamina
        f.damage = st.health(fi)
        f.fatigue = st.stamina(fi)
        st.emit("knocked-out", f"{st.name(fi)} is knocked out.", {"figure": f.id})
    else:
        f.status = "defeated"
        f.pos = -1
        f.damage = 0
        st.emit("defeated", f"{st.name(fi)} is defeated.", {"figure": f.id})
    for turn in st.turns:
        if turn.fig == fi:
            turn.ended = True
            turn.mp = 0
    for atk in st.attacks:
        if atk.target == fi:
            atk.defeated = True
    st.window("figure-defeated", (fi, by))


def suffer_task(st: DescentState, t: Task) -> None:
    suffer(st, t[1], t[2], t[3])


def fatigue_task(st: DescentState, t: Task) -> None:
    suffer_fatigue(st, t[1], t[2])


def emit_task(st: DescentState, t: Task) -> None:
    st.emit("info", t[1])


# ================================================================================ dice & tests
def roll(st: DescentState, dice: list[str]) -> list[int]:
    return [st.rng.roll(6) for _ in dice]


def test(st: DescentState, fi: int, attr: str, on_pass: Task | None, on_fail: Task | None, label: str = "") -> None:
    """Push an attribute test: roll 1 gray and 1 black die; the figure passes if the shields
    rolled do not exceed the attribute. Monsters automatically fail."""
    st.tasks.append((TEST, fi, attr, on_pass, on_fail, label))


def test_task(st: DescentState, t: Task) -> None:
    _, fi, attr, on_pass, on_fail, label = t
    what = f" ({label})" if label else ""
    if st.attribute(fi, attr) is None:
        st.emit("test", f"{st.name(fi)} automatically fails a {attr.capitalize()} test{what}.")
        if on_fail is not None:
            st.tasks.append(on_fail)
        return
    faces = roll(st, ["gray", "black"])
    st.tests.append([fi, attr, faces, label])
    st.push((WIN, "test-after-roll", (len(st.tests) - 1,), 0), (TEST_END, on_pass, on_fail))


def test_shields(st: DescentState, k: int = -1) -> int:
    faces: list[int] = st.tests[k][2]
    dice = st.enc.lib.dice
    return dice["gray"][faces[0] - 1].shields + dice["black"][faces[1] - 1].shields


def test_passes(st: DescentState, k: int = -1) -> bool:
    t = st.tests[k]
    value = st.attribute(t[0], t[1])
    return value is not None and test_shields(st, k) <= value


def test_end(st: DescentState, t: Task) -> None:
    _, on_pass, on_fail = t
    k = len(st.tests) - 1
    fi, attr, faces, label = st.tests[k]
    ok = test_passes(st, k)
    shields = test_shields(st, k)
    st.tests.pop()
    what = f" ({label})" if label else ""
    st.emit("test", f"{st.name(fi)} tests {attr.capitalize()}{what}: {shields} shields against "
            f"{st.attribute(fi, attr)}, {'passes' if ok else 'fails'}.",
            {"figure": st.figs[fi].id, "attribute": attr, "faces": faces, "passed": ok})
    nxt = on_pass if ok else on_fail
    if nxt is not None:
        st.tasks.append(nxt)
