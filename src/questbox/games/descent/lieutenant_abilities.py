"""The lieutenants' card abilities (issue #18, ``data/lieutenants.yaml``) as objects of the ability
tables of :mod:`questbox.games.descent.abilities`, which this module adds them to on import (the
composition root, :mod:`questbox.games.descent.kinds`, and :mod:`questbox.games.descent.lieutenants`
import it): the actions Wail, Shadow Bolt, Sacrifice, Ignite, Seduce, Dominion, Promotion, Cry
Havoc and Overpower (:class:`LieutenantAbility`: name and text from that file) and the surges
Wither, Blood Call, Subdue and Knockback. Their follow-ups that ask the overlord are steps of the
rule module ``lieutenants`` (:mod:`questbox.games.descent.modules.lieutenants`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from questbox.core import Action
from questbox.games.descent.abilities import (
    ABILITIES,
    ACTIONS,
    SURGE_ABILITIES,
    Ability,
    SurgeAbility,
    active_heroes,
    add_figures,
    adjacent_figures,
    figure_names,
    named_heroes,
)
from questbox.games.descent.catalog import catalog
from questbox.games.descent.conditions import recover, suffer_fatigue, test
from questbox.games.descent.flow import (
    FATIGUE_TASK,
    TEST,
)
from questbox.games.descent.geometry import place_squares

if TYPE_CHECKING:
    from questbox.games.descent.model import Attack
    from questbox.games.descent.state import DescentState


# ============================================================== lieutenants' action abilities
class LieutenantAbility(Ability):
    """An ability of a lieutenant's card (``data/lieutenants.yaml`` holds its name and text)."""

    def text(self, st: DescentState) -> str:
        return catalog().lt_abilities[self.id].text

    def title(self, st: DescentState) -> str:
        return catalog().lt_abilities[self.id].name


class Wail(LieutenantAbility):
    """Lady Eliza Farrow: each hero within 3 spaces tests Willpower; who fails suffers 2 fatigue."""

    id = "wail"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("wail")] if any(st.within(fi, h, 3) for h in named_heroes(st)) else []

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        st.push(*[(TEST, h, "willpower", None, (FATIGUE_TASK, h, 2), "Wail") for h in named_heroes(st)
                  if st.within(fi, h, 3)])


class ShadowBolt(LieutenantAbility):
    """Baron Zachareth (Act II): a ranged attack with blue, red and yellow dice (his surges)."""

    id = "shadow-bolt"
    dice: ClassVar[tuple[str, ...]] = ("blue", "red", "yellow")

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("shadow-bolt", (st.figs[t].id,)) for t in st.attack_targets(fi, melee=False)
                if st.figs[t].side == "hero"]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        t = st.ids[str(action.args[0])]
        st.start_attack(fi, t, source=self.id, melee=False, dice=self.dice, abilities=st.stat(fi).surges)


class Sacrifice(LieutenantAbility):
    """Lady Eliza Farrow: an adjacent monster suffers up to 5 hearts and she recovers as many (the
    engine deals as many as she has damage, at most 5: dealing more would heal nothing)."""

    id = "sacrifice"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        if st.figs[fi].damage <= 0:
            return []
        return [Action("sacrifice", (st.figs[m].id,)) for m in st.monsters() if m != fi and st.adjacent(fi, m)]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        m = st.ids[str(action.args[0])]
        n = min(5, st.figs[fi].damage)
        st.suffer(m, n, fi, "Sacrifice")
        recover(st, fi, hearts=n)


class Ignite(LieutenantAbility):
    """Lord Merick Farrow: he suffers 1 heart (not if that would defeat him) to attack every
    adjacent figure, each rolling its own defense (the first hero is the target, the others the
    area's)."""

    id = "ignite"

    def _around(self, st: DescentState, fi: int) -> list[int]:
        figs = adjacent_figures(st, fi)
        return sorted(figs, key=lambda x: (st.figs[x].side != "hero", x))

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        around = self._around(st, fi)
        alive = st.health(fi) - st.figs[fi].damage > 1
        return [Action("ignite")] if alive and around and st.figs[around[0]].side == "hero" else []

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        around = self._around(st, fi)
        st.suffer(fi, 1, -1, "Ignite")
        stat = st.stat(fi)
        atk = st.start_attack(fi, around[0], source=self.id, melee=stat.attack == "melee", dice=stat.dice,
                              abilities=stat.surges)
        got = add_figures(st, atk, around[1:])
        st.emit("area", f"Ignite: the attack also affects {figure_names(st, got)}.",
                {"figures": [st.figs[x].id for x in got]})


#: the rule module that plays the lieutenants' follow-ups (its task words: ``shift``, ...)
LIEUTENANTS: Final = "lieutenants"


class Seduce(LieutenantAbility):
    """Lady Eliza Farrow: she tests her Willpower; on a pass the overlord moves a hero within 3
    spaces 1 space (into an empty adjacent space: the decision ``mod:lieutenants:shift``) and the
    hero is Stunned."""

    id = "seduce"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("seduce", (st.figs[h].id,)) for h in active_heroes(st) if st.within(fi, h, 3)]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        h = str(action.args[0])
        test(st, fi, "willpower", st.mod_task(LIEUTENANTS, ("shift", h, 1, "stunned")), None, "Seduce")


class Dominion(LieutenantAbility):
    """Baron Zachareth: he tests his Willpower; on a pass the overlord moves a hero in his line of
    sight up to 2 spaces (ours: into an empty space at most 2 spaces away by a route, the
    ``mod:lieutenants:shift`` decision), then that hero tests Willpower or is Immobilized."""

    id = "dominion"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("dominion", (st.figs[h].id,)) for h in active_heroes(st) if st.sees(fi, h)]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        h = str(action.args[0])
        test(st, fi, "willpower", st.mod_task(LIEUTENANTS, ("shift", h, 2, "dominion")), None, "Dominion")


def promotable(st: DescentState, m: int) -> bool:
    """Whether Promotion may turn monster ``m`` into a master: a minion of a monster group (not a
    lieutenant's) whose masters on the map are fewer than the group's masters for this number of
    heroes (its group limit)."""
    f = st.figs[m]
    if f.master or f.group < 0 or f.group >= len(st.enc.groups) or "lieutenant" in f.tags:
        return False
    spec = st.enc.groups[f.group]
    if spec.lieutenant or f.stat != spec.minion_stat:
        return False
    masters = sum(1 for x in st.group_figs(f.group) if st.figs[x].master and st.figs[x].status == "active")
    return masters < spec.masters


class Promotion(LieutenantAbility):
    """Splig (Act II): he tests his Willpower; on a pass an adjacent minion becomes a master of its
    group, if its group limit of masters for this number of heroes allows (ours: the figure keeps
    its damage and its place; the engine swaps its stat line for the master's)."""

    id = "promotion"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("promotion", (st.figs[m].id,)) for m in st.monsters()
                if m != fi and st.adjacent(fi, m) and promotable(st, m)]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        test(st, fi, "willpower", st.mod_task(LIEUTENANTS, ("promote", str(action.args[0]))), None, "Promotion")


class CryHavoc(LieutenantAbility):
    """Belthir (Act II): a move action, then an attack on every figure he moved through (each
    rolls its own defense; the first one is the target). The move is an out-of-turn activation
    with his Speed in movement points and no action (flag ``cry-havoc``: the ``lieutenants``
    module notes the figures whose spaces he enters), then the module's step ``havoc`` attacks."""

    id = "cry-havoc"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [] if "immobilized" in st.figs[fi].conds else [Action("cry-havoc")]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        st.mods[LIEUTENANTS]["havoc"] = []
        st.tasks.append(st.mod_task(LIEUTENANTS, ("havoc", st.figs[fi].id)))
        st.grant_activation(fi, st.stat(fi).speed, 0, ("cry-havoc",))


class Overpower(LieutenantAbility):
    """Sir Alric Farrow: a move action (an out-of-turn activation with his Speed, flag
    ``overpower``) in which, each time he enters a space next to a hero, the overlord may have him
    test Might (``overpower <hero>``, offered by the ``lieutenants`` module); on a pass the two
    trade spaces, the hero suffers 1 fatigue and Alric's move goes on from his new space."""

    id = "overpower"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [] if "immobilized" in st.figs[fi].conds else [Action("overpower")]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        st.grant_activation(fi, st.stat(fi).speed, 0, ("overpower",))


class Wither(SurgeAbility):
    """Lord Merick Farrow (Act II): the target suffers 1 fatigue (after the attack's damage)."""

    effect = "wither"
    words = "Wither"

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        suffer_fatigue(st, atk.target, value)


class BloodCall(SurgeAbility):
    """Lady Eliza Farrow: she recovers as many hearts as the attack dealt its target."""

    effect = "blood-call"
    words = "Blood Call"

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        if atk.damage > 0:
            recover(st, atk.attacker, hearts=atk.damage)


#: the conditions Subdue may give, in the order of its surge abilities' values (1-4)
SUBDUE: Final = ("poisoned", "diseased", "immobilized", "stunned")


class Subdue(SurgeAbility):
    """Baron Zachareth: if the attack deals a heart, the target suffers the condition the overlord
    chose (one surge ability per condition, ``subdue-<condition>``; spending one uses them all)."""

    effect = "subdue"
    words = "Subdue"

    def spend(self, st: DescentState, atk: Attack, value: int) -> None:
        cond = SUBDUE[value - 1]
        atk.conditions.append(cond)
        atk.used.extend(str(a[0]) for a in atk.abilities if a[1] == "subdue" and a[0] not in atk.used)
        st.emit("info", f"Subdue: if the attack deals damage, the target is {cond.capitalize()}.")


class Knockback(SurgeAbility):
    """Splig: after the attack the overlord lifts the target and places it in an empty space within
    3 spaces of its own (it enters that space; the ``mod:lieutenants:shift`` decision)."""

    effect = "knockback"
    words = "Knockback"

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        t = atk.target
        if st.figs[t].status == "active" and place_squares(st, t, 3):
            st.tasks.append(st.mod_task(LIEUTENANTS, ("shift", st.figs[t].id, 3, "")))



#: the action abilities of the lieutenants' cards (``data/lieutenants.yaml``)
LIEUTENANT_ACTIONS: Final = (Wail(), ShadowBolt(), Sacrifice(), Ignite(), Seduce(), Dominion(), Promotion(),
                             CryHavoc(), Overpower())
ABILITIES.update({a.id: a for a in LIEUTENANT_ACTIONS})
ACTIONS.update({a.id: a for a in LIEUTENANT_ACTIONS})
SURGE_ABILITIES.update({s.effect: s for s in (Wither(), BloodCall(), Subdue(), Knockback())})
