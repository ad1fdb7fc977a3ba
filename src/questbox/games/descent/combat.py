"""Attacks: targets, the attack in progress and its named steps, surges, area attacks.

An attack runs as the steps of :mod:`questbox.games.descent.flow` (``DECLARE`` ... ``FINISHED``),
in the order of the Rules Reference's *Attack* entry (declare, roll dice, check range, spend
surges, deal damage), with a window after most of them: declare the target (``attack-declared``)
-> before the roll (``attack-before-roll``) -> the defense pool is settled
(``attack-before-defense``: Night Stalker, Tomble) -> the attack **and** the defense dice are
rolled together (``attack-after-roll``: the attacker's rerolls; ``attack-after-defense``: the
defender's rerolls and shields) -> an X misses -> the attacker spends surges (each surge ability
once per attack) **seeing the shields**; a ranged attack short of range may still buy range ->
a ranged attack short of its target misses -> damage = hearts - (shields - Pierce)
(``attack-before-damage``) -> damage is dealt, then conditions (``attack-after-damage``) -> the
further figures of an area attack (Blast, Fire Breath, the Elementals' Fire, Flail), each with its
own defense roll and damage from the same attack roll -> ``attack-resolved``. ``Attack.stage`` is
the step to run next; each step is one function of :data:`STEPS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from questbox.core import Action, Decision, Event
from questbox.games.descent.abilities import ABILITIES, AREA, MORE, SURGE_ABILITIES
from questbox.games.descent.conditions import add_condition, recover, roll, suffer, suffer_fatigue
from questbox.games.descent.data import SURGE_CONDITION
from questbox.games.descent.flow import (
    AFTER_DAMAGE,
    ATK,
    BEFORE_DEFENSE,
    BEFORE_ROLL,
    CHECK_HIT,
    CHECK_RANGE,
    DAMAGE,
    DEAL,
    DEFENSE,
    DONE,
    FINISHED,
    FOLLOW_UP,
    FOLLOW_UPS,
    RESOLVED,
    ROLL,
    SURGE,
    SURGES,
    WIN,
    Kind,
    Task,
    action1,
    new_event,
)
from questbox.games.descent.geometry import find_targets
from questbox.games.descent.model import Attack
from questbox.games.descent.monkey import MONKEY
from questbox.games.descent.skill_hooks import MIN_DAMAGE, VEIL

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
        # (a monkey attacks nothing: Curse of the Monkey God; its mark forgets this cache)
        got = () if MONKEY in f.tags else find_targets(st, fi, stat, melee)
        figs = st.figs
        for x in got:
            if "air" in figs[x].tags:       # the Elementals' Air: no attack affects it
                got = tuple(x for x in got if "air" not in figs[x].tags)
                break
        st._geo[key] = got
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
    shields = atk.bonus_shields
    for d, n in zip(atk.def_dice, atk.def_faces, strict=True):     # (a loop: a generator costs a call per die)
        shields += dice[d][n - 1].shields
    return shields


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
    hook = SURGE_ABILITIES.get(effect)
    return hook.words if hook is not None else words.get(effect, effect.replace("-", " ").capitalize())


def spend_surge(st: DescentState, action: Action) -> None:
    """The answer to a ``surge`` decision: spend one ability, or ``done``."""
    atk = st.attack
    assert atk is not None
    if action == DONE:
        atk.stage = CHECK_RANGE
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
    hook = SURGE_ABILITIES.get(effect)
    if hook is not None:
        hook.spend(st, atk, value)


class SurgeKind(Kind):
    """The ``surge`` decision: the attacker spends surges, one ability at a time, or is done."""

    kind: ClassVar[str] = SURGE

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        return [*surge_actions(st), DONE]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        spend_surge(st, action)

    def text(self, st: DescentState, d: Decision) -> str:
        return "spend a surge of the attack, or be done"


# ================================================================================ area attacks
#: the flag of a follow-up: the part of an attack that affects one further figure
FOLLOW: Final = "follow-up"
#: flags of a follow-up that are also its attack's (what the attack defeated, for Retribution)
SHARED: Final = "defeated"


def follow_up(st: DescentState, p: Attack, t: int, *, area: bool) -> Attack:
    """The attack ``p``, against one more figure ``t``: the same roll and surges, its own defense."""
    a = p.attacker
    sub = Attack(a, t, p.melee, p.source, list(p.dice))
    sub.faces = list(p.faces)
    sub.abilities = [list(x) for x in p.abilities]
    sub.used = list(p.used)
    sub.spent = p.spent
    sub.bonus_hearts, sub.bonus_range, sub.pierce = p.bonus_hearts, p.bonus_range, p.pierce
    sub.extra_surges, sub.no_surges = p.extra_surges, p.no_surges
    sub.conditions = list(p.conditions)
    sub.flags = [FOLLOW]
    sub.def_dice = list(st.stat(t).defense)
    sub.distance = 0 if area else st.distance(a, t)
    sub.stage = FOLLOW_UP
    st.attacks.append(sub)
    st.emit("attack", f"The same attack roll against {st.name(t)}.",
            {"attacker": st.figs[a].id, "target": st.figs[t].id, "source": p.source})
    st.tasks.append((ATK,))
    return sub


# =================================================================================== the steps
def _next(st: DescentState, atk: Attack, stage: int, window: str) -> None:
    """Go on with step ``stage`` after ``window`` (the last thing a step does: the window opens
    here, as the flow would open it next, and a window nobody listens to is only narrated)."""
    atk.stage = stage
    st.tasks.append((ATK,))
    if window in st.enc.quiet:
        st._events.append(new_event(Event, ("window", window, (), {"window": window, "ctx": []}, ())))
    else:
        st.open_window((WIN, window, (), 0))


def _go(st: DescentState, atk: Attack, stage: int) -> None:
    atk.stage = stage
    st.tasks.append((ATK,))


def declare(st: DescentState, atk: Attack) -> None:
    a, d = atk.attacker, atk.target
    kind = "melee" if atk.melee else "ranged"
    st.emit("attack", f"{st.name(a)} attacks {st.name(d)} ({kind}, {'+'.join(atk.dice)}).",
            {"attacker": st.figs[a].id, "target": st.figs[d].id, "source": atk.source})
    _next(st, atk, BEFORE_ROLL, "attack-declared")


def before_roll(st: DescentState, atk: Attack) -> None:
    _next(st, atk, BEFORE_DEFENSE, "attack-before-roll")


def before_defense(st: DescentState, atk: Attack) -> None:
    """The defense pool is settled before the dice are rolled (the target's abilities: Night Stalker)."""
    t = st.figs[atk.target]
    if t.side == "monster":
        for ab in st.stat(atk.target).abilities:
            hook = ABILITIES.get(ab)
            if hook is not None:
                hook.defense_pool(st, atk)
    _next(st, atk, ROLL, "attack-before-defense")


def _defense_event(st: DescentState, atk: Attack) -> None:
    st.emit("defense", f"{st.name(atk.target)} rolls defense: {describe_faces(st, atk.def_dice, atk.def_faces)}.",
            {"dice": list(atk.def_dice), "faces": list(atk.def_faces)})   # copies: a reroll must not edit a told event


def roll_attack(st: DescentState, atk: Attack) -> None:
    """The attacker rolls the attack dice while the target rolls its defense dice."""
    atk.faces = roll(st, atk.dice)
    atk.def_faces = roll(st, atk.def_dice)
    st.emit("roll", f"Attack roll: {describe_faces(st, atk.dice, atk.faces)}.",
            {"dice": list(atk.dice), "faces": list(atk.faces)})   # copies (see _defense_event)
    _defense_event(st, atk)
    _next(st, atk, DEFENSE, "attack-after-roll")


def defense(st: DescentState, atk: Attack) -> None:
    _next(st, atk, CHECK_HIT, "attack-after-defense")


def _miss(st: DescentState, atk: Attack, why: str) -> None:
    atk.missed = True
    st.emit("miss", f"The attack misses: {why}.")
    _go(st, atk, RESOLVED if FOLLOW in atk.flags else FOLLOW_UPS)


#: a flag ``miss:<why>``: a rule made the attack a miss (a lieutenant's failed Fury test)
MISS: Final = "miss:"


def check_hit(st: DescentState, atk: Attack) -> None:
    why = next((x[len(MISS):] for x in atk.flags if x.startswith(MISS)), "") if atk.flags else ""
    if why or atk_totals(st, atk)[3]:
        _miss(st, atk, why or "an X was rolled")
    else:
        _go(st, atk, SURGES)


def surges(st: DescentState, atk: Attack) -> None:
    """The attacker spends surges, one ability at a time, seeing the shields rolled."""
    if FOLLOW in atk.flags:            # a follow-up: the surges were the attack's
        _go(st, atk, CHECK_RANGE)
        return
    if not shadow(st, atk):
        return
    acts = surge_actions(st)
    if acts:
        if not atk.flags or "surges-shown" not in atk.flags:
            atk.flags.append("surges-shown")
            hearts, rng, n, _ = atk_totals(st, atk)
            shields = atk_shields(st, atk)
            st.emit("surges", f"{st.name(atk.attacker)} has {n - atk.spent} surge{'s' if n - atk.spent != 1 else ''} "
                    f"to spend, with {hearts} heart{'s' if hearts != 1 else ''} against {shields} "
                    f"shield{'s' if shields != 1 else ''}"
                    f"{'' if atk.melee else f' and range {rng} of {atk.distance} needed'}.",
                    {"surges": n - atk.spent, "hearts": hearts, "shields": shields})
        acts.append(DONE)
        st.ask(st.figs[atk.attacker].seat, SURGE, (), acts)
    else:
        _go(st, atk, CHECK_RANGE)




def shadow(st: DescentState, atk: Attack) -> bool:
    """Shadow: a hero attacking from next to a monster with Shadow spends 1 surge or misses
    (the surge is spent for him: missing is never better); so does an attack with a ``veil:``
    flag. False when the attack missed."""
    a = atk.attacker
    if "shadow-paid" in atk.flags:
        return True
    veil = next((x[len(VEIL):] for x in atk.flags if x.startswith(VEIL)), "") if atk.flags else ""
    if veil:
        what, ability = veil, "veil"
    else:
        if st.figs[a].side != "hero":
            return True
        stats, figs = st.enc.stats, st.figs     # (st.stat(m), inline)
        dark = [m for m in st.monsters() if "shadow" in stats[figs[m].stat].abilities and st.adjacent(a, m)]
        if not dark:
            return True
        what, ability = f"the Shadow of {st.name(dark[0])}", "shadow"
    atk.flags.append("shadow-paid")
    if not atk.no_surges and surges_left(st, atk) >= 1:
        atk.spent += 1
        st.emit("surge", f"{st.name(a)} spends 1 surge against {what}.", {"ability": ability})
        return True
    _miss(st, atk, f"{st.name(a)} attacks {'from ' if ability == 'shadow' else 'through '}{what} "
          "without a surge to spend")
    return False


def check_range(st: DescentState, atk: Attack) -> None:
    rng = atk_totals(st, atk)[1]
    if not atk.melee and rng < atk.distance:
        atk.flags.append("short")
        _miss(st, atk, f"range {rng} is short of {atk.distance}")
    else:
        _go(st, atk, DAMAGE)


def damage(st: DescentState, atk: Attack) -> None:
    hearts = atk_totals(st, atk)[0]
    shields = atk_shields(st, atk)
    atk.damage = max(0, hearts - max(0, shields - atk.pierce))
    if atk.flags:       # a hero's Black Arrow: at least so much damage (``min-damage:<n>``)
        atk.damage = max(atk.damage, *(int(x[len(MIN_DAMAGE):]) for x in atk.flags if x.startswith(MIN_DAMAGE)), 0)
    _next(st, atk, DEAL, "attack-before-damage")


def deal(st: DescentState, atk: Attack) -> None:
    a, d = atk.attacker, atk.target
    hearts = atk_totals(st, atk)[0]
    shields = atk_shields(st, atk)
    st.emit("hit", f"{hearts} heart{'s' if hearts != 1 else ''} against {shields} "
            f"shield{'s' if shields != 1 else ''}"
            f"{f' (Pierce {atk.pierce})' if atk.pierce else ''}: {atk.damage} damage to {st.name(d)}.",
            {"hearts": hearts, "shields": shields, "pierce": atk.pierce, "damage": atk.damage})
    _go(st, atk, AFTER_DAMAGE)
    if atk.damage > 0:
        suffer(st, d, atk.damage, a)
        if st.figs[d].status == "active":
            for c in atk.conditions:
                add_condition(st, d, c)


def after_damage(st: DescentState, atk: Attack) -> None:
    a = atk.attacker
    if FOLLOW not in atk.flags:
        if st.figs[a].status == "active":
            heal = atk.mend + atk.recover_heart
            if heal or atk.recover_fatigue:
                recover(st, a, heal, atk.recover_fatigue)
        after: list[tuple[str, int]] = [(str(ab[1]), int(ab[2])) for ab in atk.abilities
                                        if ab[0] in atk.used and ab[1] in SURGE_ABILITIES]
        for k in range(len(after) - 1, -1, -1):     # pushed last, the first spent runs first
            SURGE_ABILITIES[after[k][0]].after(st, atk, after[k][1])
    _next(st, atk, RESOLVED if FOLLOW in atk.flags else FOLLOW_UPS, "attack-after-damage")


def follow_ups(st: DescentState, atk: Attack) -> None:
    """The further figures the attack affects, one at a time (each a follow-up attack)."""
    nxt = next((x for x in atk.flags if x.startswith((AREA, MORE))), None)
    if nxt is None:
        _go(st, atk, RESOLVED)
        return
    atk.flags.remove(nxt)
    st.tasks.append((ATK,))
    if atk.missed and (nxt.startswith(AREA) or "short" not in atk.flags):
        return        # a miss affects no one else (a target of its own with its own range check still may be hit)
    t = st.ids[nxt.split(":", 1)[1]]
    if st.figs[t].status == "active" and st.figs[atk.attacker].status == "active" and "air" not in st.figs[t].tags:
        follow_up(st, atk, t, area=nxt.startswith(AREA))


def follow_up_roll(st: DescentState, atk: Attack) -> None:
    """A follow-up's figure rolls its defense dice (the attack roll is the attack's)."""
    atk.def_faces = roll(st, atk.def_dice)
    _defense_event(st, atk)
    _next(st, atk, CHECK_HIT, "attack-after-defense")


def resolved(st: DescentState, atk: Attack) -> None:
    _next(st, atk, FINISHED, "attack-resolved")


def finished(st: DescentState, atk: Attack) -> None:
    st.attacks.pop()
    if FOLLOW in atk.flags and st.attacks:
        st.attacks[-1].flags.extend(x for x in atk.flags if x.startswith(SHARED))


#: the steps of an attack, by ``Attack.stage`` (the constants of :mod:`~questbox.games.descent.flow`)
STEPS: Final[tuple[Callable[[DescentState, Attack], None], ...]] = (
    declare, before_roll, before_defense, roll_attack, defense, check_hit, surges, check_range, damage, deal,
    after_damage, follow_ups, resolved, finished, follow_up_roll)


def attack_step(st: DescentState, t: Task) -> None:
    """The task ``(ATK,)``: run the next step of the attack in progress, and the steps after it
    while the flow's next task would be ``(ATK,)`` again (what the flow would do, without it)."""
    tasks = st.tasks
    while True:
        atk = st.attacks[-1]
        STEPS[atk.stage](st, atk)
        if st.pending or st.result is not None or not tasks or tasks[-1][0] != ATK:
            return
        tasks.pop()
