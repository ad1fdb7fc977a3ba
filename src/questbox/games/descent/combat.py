"""Attacks: targets, the attack in progress and its named steps, surges.

An attack runs as the steps of :mod:`questbox.games.descent.flow` (``DECLARE`` ... ``FINISHED``),
in the printed order, with a window after most of them: declare the target
(``attack-declared``) -> before the roll (``attack-before-roll``) -> roll the attack dice ->
rerolls (``attack-after-roll``) -> spend surges (each surge ability once per attack) -> range
and miss check -> (``attack-before-defense``) -> defense roll (``attack-after-defense``) ->
damage = hearts - (shields - Pierce) (``attack-before-damage``) -> damage is dealt, then
conditions (``attack-after-damage``) -> ``attack-resolved``. ``Attack.stage`` is the step to run
next; each step is one function of :data:`STEPS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from questbox.core import Action, Decision
from questbox.games.descent.conditions import add_condition, recover, roll, suffer, suffer_fatigue
from questbox.games.descent.data import SURGE_CONDITION
from questbox.games.descent.flow import (
    AFTER_DAMAGE,
    ATK,
    BEFORE_ROLL,
    CHECK_HIT,
    DAMAGE,
    DEAL,
    DEFENSE,
    DONE,
    FINISHED,
    RESOLVED,
    ROLL,
    SURGE,
    SURGES,
    WIN,
    Kind,
    Task,
    action1,
)
from questbox.games.descent.geometry import find_targets
from questbox.games.descent.model import Attack

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


# ===================================================================================== targets
def targets(st: DescentState, fi: int, melee: bool | None = None) -> tuple[int, ...]:
    """The figures ``fi`` may attack with its own attack, cached until a figure or a door moves."""
    f = st.figs[fi]
    stat = st.enc.stats[f.stat]
    if melee is None:
        melee = stat.attack == "melee"
    key = ("targets", fi, melee, st.doors, f.stat)
    got: tuple[int, ...] | None = st._geo.get(key)
    if got is None:
        got = st._geo[key] = find_targets(st, fi, stat, melee)
    return got


def target_actions(st: DescentState, fi: int, name: str, melee: bool | None = None) -> tuple[Action, ...]:
    """``<name> <figure>`` for each of :func:`targets` (cached until a figure or a door moves)."""
    key = ("target-actions", name, fi, melee, st.doors, st.figs[fi].stat)
    got: tuple[Action, ...] | None = st._geo.get(key)
    if got is None:
        figs = st.figs
        got = st._geo[key] = tuple([action1(name, figs[x].id) for x in targets(st, fi, melee)])
    return got


# ============================================================================ starting attacks
def start_attack(st: DescentState, attacker: int, target: int, *, source: str, melee: bool,
                 dice: tuple[str, ...] | list[str], abilities: tuple[Any, ...] | list[Any], bonus_hearts: int = 0,
                 pierce: int = 0, flags: tuple[str, ...] = ()) -> Attack:
    """Begin an attack (pushes its steps); returns the attack in progress."""
    atk = Attack(attacker, target, melee, source, list(dice))
    atk.abilities = [list(a) for a in abilities]
    atk.bonus_hearts = bonus_hearts
    atk.pierce = pierce
    atk.flags = list(flags)
    atk.def_dice = list(st.stat(target).defense)
    atk.distance = st.distance(attacker, target)
    st.attacks.append(atk)
    turn = st.turns[-1] if st.turns else None
    if turn is not None and turn.fig == attacker:
        turn.attacks += 1
        if "attacked" not in turn.flags:
            turn.flags.append("attacked")
    st.tasks.append((ATK,))
    return atk


def own_attack(st: DescentState, fi: int, target: int, *, bonus_hearts: int = 0, source: str | None = None) -> Attack:
    """``fi`` attacks ``target`` with its weapon (a hero) or its own dice (a monster)."""
    stat = st.stat(fi)
    f = st.figs[fi]
    if f.side == "hero":
        spec = next(h for h in st.enc.heroes if h.id == f.id)
        src = source or spec.weapon
    else:
        src = source or stat.key
    return start_attack(st, fi, target, source=src, melee=stat.attack == "melee", dice=stat.dice,
                        abilities=stat.surges, bonus_hearts=bonus_hearts)


# ================================================================================ the dice
def atk_totals(st: DescentState, atk: Attack) -> tuple[int, int, int, bool]:
    """(hearts, range, surges, an X was rolled) of the attack roll, bonuses included."""
    hearts = atk.bonus_hearts
    rng = atk.bonus_range
    surges = atk.extra_surges
    miss = False
    dice = st.enc.lib.dice
    for d, n in zip(atk.dice, atk.faces, strict=True):
        fc = dice[d][n - 1]
        hearts += fc.hearts
        rng += fc.range
        surges += fc.surges
        miss = miss or fc.miss
    return hearts, rng, surges, miss


def atk_shields(st: DescentState, atk: Attack) -> int:
    dice = st.enc.lib.dice
    return atk.bonus_shields + sum(dice[d][n - 1].shields for d, n in zip(atk.def_dice, atk.def_faces, strict=True))


def describe_faces(st: DescentState, dice: list[str], faces: list[int]) -> str:
    """The faces rolled, in words (``red (2 hearts); blue (range 3, 1 heart)``)."""
    parts = []
    lib = st.enc.lib
    for d, n in zip(dice, faces, strict=True):
        fc = lib.dice[d][n - 1]
        if fc.miss:
            what = "X"
        elif lib.die_kind[d] == "defense":
            what = f"{fc.shields} shield{'s' if fc.shields != 1 else ''}"
        else:
            bits = []
            if fc.range:
                bits.append(f"range {fc.range}")
            if fc.hearts:
                bits.append(f"{fc.hearts} heart{'s' if fc.hearts != 1 else ''}")
            if fc.surges:
                bits.append(f"{fc.surges} surge{'s' if fc.surges != 1 else ''}")
            what = ", ".join(bits) or "blank"
        parts.append(f"{d} ({what})")
    return "; ".join(parts)


# ====================================================================================== surges
def surges_left(st: DescentState, atk: Attack) -> int:
    return atk_totals(st, atk)[2] - atk.spent


def may_spend_surges(st: DescentState, atk: Attack) -> bool:
    if atk.no_surges:
        return False
    fi = atk.attacker
    if "cowardly" in st.stat(fi).abilities:
        # within 3 spaces of any master monster (an agent is one) or lieutenant, of any group
        return any(m != fi and (st.figs[m].master or "lieutenant" in st.figs[m].tags) and st.within(fi, m, 3)
                   for m in st.monsters())
    return True


def surge_actions(st: DescentState) -> list[Action]:
    """The surge abilities the attacker may spend now (``surge <ability>``)."""
    atk = st.attack
    if atk is None or not may_spend_surges(st, atk):
        return []
    left = surges_left(st, atk)
    if left <= 0:
        return []
    f = st.figs[atk.attacker]
    out = []
    for sid, effect, _value, cost in atk.abilities:
        if sid in atk.used or cost > left:
            continue
        if effect == "runic" and (f.side != "hero" or f.fatigue >= st.stamina(atk.attacker)):
            continue
        out.append(Action("surge", (sid,)))
    return out


def surge_words(effect: str, value: int) -> str:
    """A surge ability in words for the narration ("+1 range", "Pierce 2", "Poison"), not its id."""
    plural = "s" if value != 1 else ""
    words = {"heart": f"+{value} heart{plural}", "range": f"+{value} range", "pierce": f"Pierce {value}",
             "mend": f"Mend {value}", "recover-fatigue": f"recover {value} fatigue",
             "recover-heart": f"recover {value} heart{plural}", "runic": "1 fatigue for +2 hearts"}
    return words.get(effect, effect.replace("-", " ").capitalize())


def spend_surge(st: DescentState, action: Action) -> None:
    """The answer to a ``surge`` decision: spend one ability, or ``done``."""
    atk = st.attack
    assert atk is not None
    if action == DONE:
        atk.stage = CHECK_HIT
        st.tasks.append((ATK,))
        return
    sid = str(action.args[0])
    ab = next(a for a in atk.abilities if a[0] == sid)
    _, effect, value, cost = ab
    atk.used.append(sid)
    atk.spent += cost
    if effect == "heart":
        atk.bonus_hearts += value
    elif effect == "range":
        atk.bonus_range += value
    elif effect == "pierce":
        atk.pierce += value
    elif effect in SURGE_CONDITION:
        atk.conditions.append(SURGE_CONDITION[effect])
    elif effect == "mend":
        atk.mend += value
    elif effect == "recover-fatigue":
        atk.recover_fatigue += value
    elif effect == "recover-heart":
        atk.recover_heart += value
    elif effect == "runic":
        suffer_fatigue(st, atk.attacker, 1)
        atk.bonus_hearts += 2
    st.emit("surge", f"{st.name(atk.attacker)} spends {cost} surge{'s' if cost > 1 else ''}: "
                     f"{surge_words(effect, value)}.", {"ability": sid})
    st.tasks.append((ATK,))


class SurgeKind(Kind):
    """The ``surge`` decision: the attacker spends surges, one ability at a time, or is done."""

    kind: ClassVar[str] = SURGE

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return [*surge_actions(st), DONE]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        spend_surge(st, action)

    def text(self, st: DescentState, d: Decision) -> str:
        return "spend a surge of the attack, or be done"


# =================================================================================== the steps
def _next(st: DescentState, atk: Attack, stage: int, window: str) -> None:
    """Go on with step ``stage`` after ``window``."""
    atk.stage = stage
    st.push((WIN, window, (), 0), (ATK,))


def declare(st: DescentState, atk: Attack) -> None:
    a, d = atk.attacker, atk.target
    kind = "melee" if atk.melee else "ranged"
    st.emit("attack", f"{st.name(a)} attacks {st.name(d)} ({kind}, {'+'.join(atk.dice)}).",
            {"attacker": st.figs[a].id, "target": st.figs[d].id, "source": atk.source})
    _next(st, atk, BEFORE_ROLL, "attack-declared")


def before_roll(st: DescentState, atk: Attack) -> None:
    _next(st, atk, ROLL, "attack-before-roll")


def roll_attack(st: DescentState, atk: Attack) -> None:
    atk.faces = roll(st, atk.dice)
    st.emit("roll", f"Attack roll: {describe_faces(st, atk.dice, atk.faces)}.",
            {"dice": atk.dice, "faces": atk.faces})
    _next(st, atk, SURGES, "attack-after-roll")


def surges(st: DescentState, atk: Attack) -> None:
    acts = [] if atk_totals(st, atk)[3] else surge_actions(st)   # an X: nothing to spend on
    if acts:
        acts.append(DONE)
        st.ask(st.figs[atk.attacker].seat, SURGE, (), acts)
    else:
        atk.stage = CHECK_HIT
        st.tasks.append((ATK,))


def check_hit(st: DescentState, atk: Attack) -> None:
    _hearts, rng, _surges, miss = atk_totals(st, atk)
    why = ""
    if miss:
        why = "an X was rolled"
    elif not atk.melee and rng < atk.distance:
        why = f"range {rng} is short of {atk.distance}"
    if why:
        atk.missed = True
        st.emit("miss", f"The attack misses: {why}.")
        atk.stage = RESOLVED
        st.tasks.append((ATK,))
    else:
        _next(st, atk, DEFENSE, "attack-before-defense")


def defense(st: DescentState, atk: Attack) -> None:
    atk.def_faces = roll(st, atk.def_dice)
    st.emit("defense", f"{st.name(atk.target)} rolls defense: {describe_faces(st, atk.def_dice, atk.def_faces)}.",
            {"dice": atk.def_dice, "faces": atk.def_faces})
    _next(st, atk, DAMAGE, "attack-after-defense")


def damage(st: DescentState, atk: Attack) -> None:
    hearts = atk_totals(st, atk)[0]
    shields = atk_shields(st, atk)
    atk.damage = max(0, hearts - max(0, shields - atk.pierce))
    _next(st, atk, DEAL, "attack-before-damage")


def deal(st: DescentState, atk: Attack) -> None:
    a, d = atk.attacker, atk.target
    hearts = atk_totals(st, atk)[0]
    shields = atk_shields(st, atk)
    st.emit("hit", f"{hearts} heart{'s' if hearts != 1 else ''} against {shields} "
            f"shield{'s' if shields != 1 else ''}"
            f"{f' (Pierce {atk.pierce})' if atk.pierce else ''}: {atk.damage} damage.",
            {"hearts": hearts, "shields": shields, "pierce": atk.pierce, "damage": atk.damage})
    atk.stage = AFTER_DAMAGE
    st.tasks.append((ATK,))
    if atk.damage > 0:
        suffer(st, d, atk.damage, a)
        if st.figs[d].status == "active":
            for c in atk.conditions:
                add_condition(st, d, c)


def after_damage(st: DescentState, atk: Attack) -> None:
    a = atk.attacker
    if st.figs[a].status == "active":
        heal = atk.mend + atk.recover_heart
        if heal or atk.recover_fatigue:
            recover(st, a, heal, atk.recover_fatigue)
    _next(st, atk, RESOLVED, "attack-after-damage")


def resolved(st: DescentState, atk: Attack) -> None:
    _next(st, atk, FINISHED, "attack-resolved")


def finished(st: DescentState, atk: Attack) -> None:
    st.attacks.pop()


#: the steps of an attack, by ``Attack.stage`` (the constants of :mod:`~questbox.games.descent.flow`)
STEPS: Final[tuple[Callable[[DescentState, Attack], None], ...]] = (
    declare, before_roll, roll_attack, surges, check_hit, defense, damage, deal, after_damage, resolved, finished)


def attack_step(st: DescentState, t: Task) -> None:
    """The task ``(ATK,)``: run the next step of the attack in progress."""
    atk = st.attacks[-1]
    STEPS[atk.stage](st, atk)
