"""Hero IK's steps: what runs without a choice, one handler per step name (:data:`STEPS`).

``HikState._run`` takes the first queued step (``(name, *args)``, see
:mod:`questbox.games.hero_ik.model`) and runs its handler, until a handler pushes a decision (a
kind of :data:`questbox.games.hero_ik.kinds.KINDS`) or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from questbox.core import Decision, Event
from questbox.games.hero_ik.kinds import BRINK, Cost, Elimination, ManaTarget, Place
from questbox.games.hero_ik.model import FACE_DOWN, FINAL, REVEALED, Step, new_turn_steps
from questbox.games.hero_ik.setup import ADV, DM

if TYPE_CHECKING:
    from questbox.games.hero_ik.state import HikState

#: a step's handler: the state, the step (its name and arguments), the events of the action
StepHandler = Callable[["HikState", Step, list[Event]], None]

# the decisions without a payload, built once (a NamedTuple is a call into Python to build)
_D_CONSTRUCT: Final = Decision(DM, "construct")
_D_EQUIP: Final = Decision(ADV, "equip")
_D_ATTACK: Final = Decision(ADV, "attack")
_D_RPS: Final = Decision(ADV, "rps")
_D_PREROLL: Final = Decision(ADV, "preroll")
_D_DIRE: Final = Decision(DM, "dire")
_D_POSTROLL: Final = Decision(ADV, "postroll")
_D_GUARD: Final = Decision(DM, "guard")
_D_MANA: Final = Decision(ADV, "mana")
_D_LOSEMANA: Final = Decision(ADV, "losemana")
_D_BRINK: Final = Decision(ADV, "brink")
#: ``place`` by corridor
_D_PLACE: Final = (Decision(DM, "place", Place(0)), Decision(DM, "place", Place(1)), Decision(DM, "place", Place(2)))


def construct(st: HikState, step: Step, ev: list[Event]) -> None:
    if st.ctx.solo:
        return
    seen = []
    for c in range(3):
        if st.piles[c]:
            st.peek[c] = True
            if st.tell:
                seen.append(f"pile {c + 1}: {st.ctx.card_info[st.piles[c][-1]]['name']}")
    if st.tell:
        ev.append(Event("phase", f"Turn {st.turn}: construction phase."))
        if seen:
            ev.append(Event("peek", "You look at the top cards: " + "; ".join(seen) + ".", seats=(DM,)))
    st.pending.append(_D_CONSTRUCT)


def equip(st: HikState, step: Step, ev: list[Event]) -> None:
    if FACE_DOWN in st.eq_state or st.affordable(st.ultimate_cost()) or any(
            state == REVEALED and st.ctx.equipment(st.eq_kind[k]).kind == "quest"
            for k, state in enumerate(st.eq_state)):
        st.pending.append(_D_EQUIP)


def combat(st: HikState, step: Step, ev: list[Event]) -> None:
    st.pending.append(_D_ATTACK)


def rps(st: HikState, step: Step, ev: list[Event]) -> None:
    st.pending.append(_D_RPS)


def preroll(st: HikState, step: Step, ev: list[Event]) -> None:
    ctx = st.ctx
    if FACE_DOWN in st.eq_state or any(st.mana[k] and st._effect_usable(a.power, combat=True)
                                       for k, a in enumerate(ctx.advs)):
        st.pending.append(_D_PREROLL)
    else:
        st._new_result(ev, "The group rolls")
        st.steps[0:0] = [("dire",), ("postroll",)]


def dire(st: HikState, step: Step, ev: list[Event]) -> None:
    if not st.ctx.solo and st.combat is not None and st.fear >= 3 and not st.result_locked():
        st.pending.append(_D_DIRE)


def postroll(st: HikState, step: Step, ev: list[Event]) -> None:
    st.pending.append(_D_POSTROLL)


def guard(st: HikState, step: Step, ev: list[Event]) -> None:
    if not st.ctx.solo:
        if st._guard_targets():
            st.pending.append(_D_GUARD)
        return
    # Annex III: the monster in play with the lowest Power that has no Tenacity token yet
    cands = [c for c in range(3) if st.slot[c] >= 0 and st.is_monster(c) and not st.ten[c]]
    if st.ctx.opts.tenacity_on_final and not st.final_ten:
        cands.append(FINAL)
    if not cands:
        if st.tell:
            ev.append(Event("guard", "Bodyguard: every monster in play has a Tenacity token; nothing happens."))
        return
    low = min(st.rank_power(c) for c in cands)
    ties = [c for c in cands if st.rank_power(c) == low]
    c = ties[0] if len(ties) == 1 else st.rng.choice(ties)
    st._put_tenacity(c, ev, "Bodyguard")


def replace(st: HikState, step: Step, ev: list[Event]) -> None:
    c, in_combat = step[1], step[2]
    pile = st.piles[c]
    if not pile:
        if st.tell:
            ev.append(Event("empty", f"Corridor {c + 1} has no more cards."
                                     + (" The path to the final monster is clear!" if st.final_open() else "")))
        return
    i = pile.pop()
    st.peek[c] = False
    st.slot[c] = i
    st.ten[c] = False
    st.marks[c] = 0
    ctx = st.ctx
    if not ctx.solo and in_combat and st.fear >= 1:
        st.down[c] = True  # the dungeon master sees it and decides how to place it
        if st.tell:
            ev.append(Event("draw", f"You draw {ctx.card_info[i]['name']} for corridor {c + 1}.", seats=(DM,)))
        st.pending.append(_D_PLACE[c])
        return
    st.down[c] = False
    if st.tell:
        ev.append(Event("new-card", f"New encounter in corridor {c + 1}: {ctx.card_info[i]['name']}.",
                        data={"corridor": c + 1, "card": ctx.deck[i]}))
    if ctx.solo:
        st._solo_enter(c, ev)


def mana(st: HikState, step: Step, ev: list[Event]) -> None:
    if 0 in st.mana:
        st.pending.append(_D_MANA)


def pay(st: HikState, step: Step, ev: list[Event]) -> None:
    need = list(step[1:])
    if not any(need):
        return
    # a colour whose cards must all go is paid at once; the player chooses among the others
    have = st._trophy_colours()
    col = st.ctx.colour
    forced = [k for k, n in enumerate(need) if n and have[k] == n]
    if forced:
        for t in [t for t in st.trophies if col[t] in forced]:
            st._spend(t, ev)
        for k in forced:
            need[k] = 0
    if any(need):
        st.pending.append(Decision(ADV, "pay", Cost(need[0], need[1], need[2], need[3])))


def eff(st: HikState, step: Step, ev: list[Event]) -> None:
    src, k = step[1], step[2]
    ctx = st.ctx
    effect: Any
    if src == "ult":
        effect = ctx.advs[k].ultimate
        who = ctx.advs[k].name
    else:
        effect = ctx.equipment(st.eq_kind[k]).effect
        who = ctx.equipment(st.eq_kind[k]).name
    name = effect.effect
    if name == "gain_courage":
        before = st.courage
        st.courage = min(10, st.courage + effect.value)
        if st.tell:
            ev.append(Event("courage", f"The group gains {st.courage - before} Courage ({st.courage}; at most 10)."))
    elif name == "mana_all":
        st.mana = [1] * ctx.n_adv
        if st.tell:
            ev.append(Event("mana", "Every adventurer now has a Mana token."))
    elif name == "gain_mana":
        if 0 in st.mana:
            st.pending.append(Decision(ADV, "target", ManaTarget("mana")))
    elif name == "eliminate":
        if st._elim_targets(effect.target):
            st.pending.append(Decision(ADV, "target", Elimination("eliminate", effect.target)))
    elif name == "remove_tenacity":
        st.ten = [False, False, False]
        if src != "ult":
            st.final_ten = False
        # an ultimate power does not work on the final monster (HIK-ABIL-08): its token stays
        kept = " (the final monster keeps its own)" if src == "ult" and st.final_ten else ""
        if st.tell:
            ev.append(Event("tenacity", f"Every Tenacity token is removed from the dungeon{kept}."))
    else:
        post = st.combat is not None and st.combat.face > 0
        if st._combat_effect(effect, post, ev, who):
            st.steps.insert(0, ("dire",))


def brink(st: HikState, step: Step, ev: list[Event]) -> None:
    d = _D_BRINK
    if st.courage <= 0 and any(a.name == "potion" for a in BRINK.legal(st, d)):
        st.pending.append(d)


def losemana(st: HikState, step: Step, ev: list[Event]) -> None:
    if any(st.mana):
        st.pending.append(_D_LOSEMANA)


def endturn(st: HikState, step: Step, ev: list[Event]) -> None:
    if st.courage <= 0:
        st.result = DM
        st.reason = "the group is demoralised: no Courage left"
        if st.tell:
            ev.append(Event("end", "The group has no Courage left: the adventurers have lost."))
        return
    if st.lich_dead:
        st.result = ADV
        st.reason = f"{st.ctx.final.name} is killed"
        if st.tell:
            ev.append(Event("end", f"{st.ctx.final.name} is killed with Courage to spare: the adventurers win!"))
        return
    st.turn += 1
    st.steps[0:0] = new_turn_steps()


#: every step the engine queues, by name
STEPS: Final[dict[str, StepHandler]] = {
    "construct": construct, "equip": equip, "combat": combat, "rps": rps, "preroll": preroll, "dire": dire,
    "postroll": postroll, "guard": guard, "replace": replace, "mana": mana, "pay": pay, "eff": eff,
    "brink": brink, "losemana": losemana, "endturn": endturn,
}
