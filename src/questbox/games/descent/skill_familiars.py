"""The Necromancer's class cards that command the Reanimate familiar (issue #18): the figure and
its activation are the rule module :mod:`questbox.games.descent.modules.familiars`, the facts
and our rulings :mod:`questbox.games.descent.familiars`.

Card texts: any2cards/d2e ``data/class-skills.js`` (Base Game; the errata version where it lists
two), paraphrased in ``data/skills.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action
from questbox.games.descent.familiars import (
    ACTIVATE,
    DISMISS,
    NAME,
    activate,
    command,
    familiar_of,
    raise_familiar,
    reanimate_id,
)
from questbox.games.descent.monkey import is_monkey
from questbox.games.descent.rules import Ctx
from questbox.games.descent.skill_base import ClassCard, Space, _kit, _use, _weapon, card_name

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


def empty_adjacent(st: DescentState, fi: int, fam: int) -> list[int]:
    """The empty spaces next to figure ``fi`` where familiar ``fam`` may stand."""
    pos = st.figs[fi].pos
    if pos < 0:
        return []
    adj = st.board.adjacency(st.doors)[pos]
    return sorted(s for s in adj if s not in st.occ and st.fits(fam, s, 0) is not None)


class RaiseDead(ClassCard):
    """Necromancer, starting card: an action for 1 fatigue: the Reanimate (off the map) enters
    an empty space next to the Necromancer (``raise-dead <square>``)."""

    id = "raise-dead"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        fam = familiar_of(st, fi)
        if fam is None or st.figs[fam].status == "active" or not self.can_act(st, fi):
            return []
        names = st.board.names
        return [Action(self.id, (names[s],)) for s in empty_adjacent(st, fi, fam)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        fam = familiar_of(st, fi)
        assert fam is not None
        self.spend_action(st, fi)
        st.emit("action", f"{st.name(fi)} raises the dead.", {"figure": st.figs[fi].id, "card": self.id})
        raise_familiar(st, fam, st.board.index[str(action.args[0])])
        st.window("action-performed", (fi, self.id))

    def space(self, sp: Space) -> list[Action]:
        # its squares, the familiar's activation and dismissal, and the familiar as a target and
        # its surge (the monsters attack it; it attacks with Surge: +1 heart)
        return [*(Action(self.id, (s,)) for s in sp.squares), ACTIVATE, DISMISS,
                *(Action("attack", (reanimate_id(h),)) for h in sp.heroes), Action("surge", ("heart1",))]


def on_map(st: DescentState, fi: int) -> int | None:
    """Hero ``fi``'s familiar if it is on the map."""
    fam = familiar_of(st, fi)
    return fam if fam is not None and st.figs[fam].status == "active" else None


class UndeadMight(ClassCard):
    """Necromancer, 2 XP: the Reanimate has +2 Health (its stat line, :mod:`.familiars`); exhaust
    (1 fatigue) when it attacks a monster, before the roll: +1 heart."""

    id = "undead-might"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-before-roll"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if (atk is None or atk.attacker != familiar_of(st, fi) or st.figs[atk.target].side != "monster"
                or self.id in atk.flags or not self.usable(st, fi)):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.flags.append(self.id)
        atk.bonus_hearts += 1
        st.emit("action", f"{st.name(fi)} exhausts {card_name(self.id)}: the Reanimate's attack gains +1 heart.")


class VampiricBlood(ClassCard):
    """Necromancer, 2 XP: the Reanimate rolls a yellow die more (its stat line); each monster the
    Necromancer or his Reanimate defeats gives him 1 fatigue back."""

    id = "vampiric-blood"
    listens: ClassVar[frozenset[str]] = frozenset({"figure-defeated"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        dead, by = ctx
        if (st.figs[dead].side == "monster" and by >= 0 and by in (fi, familiar_of(st, fi))
                and st.figs[fi].status == "active" and st.figs[fi].fatigue):
            st.emit("item", f"Vampiric Blood: {st.name(fi)} draws strength from the kill.")
            st.recover(fi, fatigue=1)


class DarkPact(ClassCard):
    """Necromancer, 2 XP: the Reanimate rolls a brown defense die more (its stat line); the
    damage an attack deals to the Necromancer may go to his Reanimate instead, and the other way
    round (``use dark-pact`` before damage; ours: attack damage only)."""

    id = "dark-pact"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-before-damage"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        fam = on_map(st, fi)
        if (atk is None or fam is None or atk.damage <= 0 or atk.target not in (fi, fam) or self.id in atk.flags
                or not self.usable(st, fi)):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        fam = on_map(st, fi)
        assert atk is not None and fam is not None
        other = fam if atk.target == fi else fi
        n, atk.damage = atk.damage, 0
        atk.flags.append(self.id)
        st.emit("action", f"Dark Pact: {st.name(other)} suffers the {n} damage instead of {st.name(atk.target)}.")
        st.suffer(other, n, atk.attacker, "Dark Pact")


class FuryOfUndeath(ClassCard):
    """Necromancer, 1 XP: an action (1 fatigue, exhaust): the Reanimate activates now (its own
    activation this turn is left)."""

    id = "fury-of-undeath"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        return [Action(self.id)] if on_map(st, fi) is not None and self.can_act(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        fam = on_map(st, fi)
        assert fam is not None
        self.spend_action(st, fi)
        activate(st, fam, " (Fury of Undeath)")
        st.window("action-performed", (fi, self.id))


class ArmyOfDeath(ClassCard):
    """Necromancer, 3 XP: an action (2 fatigue): the Reanimate (on the map) attacks every monster
    in the Necromancer's line of sight, at any range, without sight of its own; one roll, each
    monster defends on its own."""

    id = "army-of-death"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 2

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if on_map(st, fi) is None or not self.can_act(st, fi) or not self.targets(st, fi):
            return []
        return [Action(self.id)]

    def targets(self, st: DescentState, fi: int) -> list[int]:
        return [m for m in st.monsters() if st.sees(fi, m)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        from questbox.games.descent.abilities import add_figures

        fam = on_map(st, fi)
        assert fam is not None
        self.spend_action(st, fi)
        figs = self.targets(st, fi)
        st.emit("action", f"{st.name(fi)} calls the Army of Death.", {"figure": st.figs[fi].id, "card": self.id})
        st.window("action-performed", (fi, self.id))
        stat = st.stat(fam)
        atk = st.start_attack(fam, figs[0], source=self.id, melee=True, dice=stat.dice, abilities=stat.surges)
        atk.distance = 0                # (it ignores range)
        add_figures(st, atk, figs[1:], area=False)


class CorpseBlast(ClassCard):
    """Necromancer, 1 XP: an action (1 fatigue): an attack with the Necromancer's Magic weapon on
    his Reanimate's space, with Blast, needing no range or sight; then the Reanimate is defeated
    (ours: the attack affects the monsters next to the Reanimate, not the heroes or itself)."""

    id = "corpse-blast"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1

    def targets(self, st: DescentState, fam: int) -> list[int]:
        return [m for m in st.monsters() if st.adjacent(fam, m)]

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        fam = on_map(st, fi)
        if (fam is None or "magic" not in _weapon(st, fi)[1] or is_monkey(st, fi) or not self.can_act(st, fi)
                or not self.targets(st, fam)):
            return []
        return [Action(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        from questbox.games.descent.abilities import add_figures

        fam = on_map(st, fi)
        assert fam is not None
        self.spend_action(st, fi)
        figs = self.targets(st, fam)
        st.emit("action", f"{st.name(fi)} blasts the corpse of the Reanimate.", {"figure": st.figs[fi].id,
                                                                                 "card": self.id})
        st.tasks.append(st.mod_task("classes", (self.id, st.figs[fam].id)))     # after the attack
        st.window("action-performed", (fi, self.id))
        stat = st.stat(fi)
        atk = st.start_attack(fi, figs[0], source=_weapon(st, fi)[0], melee=False, dice=stat.dice,
                              abilities=stat.surges)
        atk.distance = 0                # (no range or sight needed)
        add_figures(st, atk, figs[1:])

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        fam = st.ids[str(payload[1])]
        if st.figs[fam].status == "active":
            st.emit("info", "Corpse Blast: the Reanimate is destroyed.")
            st.defeat(fam)


class DeathlyHaste(ClassCard):
    """Necromancer, 1 XP: each fatigue the Necromancer suffers for a movement point lets his
    Reanimate move 1 space (``deathly-haste <square>``, later in the same turn; ours: to an empty
    adjacent space, whatever its terrain)."""

    id = "deathly-haste"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        fam = on_map(st, fi)
        turn = st.turn
        if (fam is None or turn is None or turn.fig != fi or "immobilized" in st.figs[fam].conds
                or turn.flags.count("fatigue-mp") <= turn.flags.count(self.id) or not self.usable(st, fi)):
            return []
        names = st.board.names
        return [Action(self.id, (names[s],)) for s in empty_adjacent(st, fam, fam)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        fam = on_map(st, fi)
        turn = st.turn
        assert fam is not None and turn is not None
        turn.flags.append(self.id)
        square = st.board.index[str(action.args[0])]
        st.place(fam, square)
        st.emit("move", f"Deathly Haste: {st.name(fam)} moves to {action.args[0]}.", {"figure": st.figs[fam].id})
        st.window("enter-space", (fam, square))

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (s,)) for s in sp.squares]


class DyingCommand(ClassCard):
    """Necromancer, 3 XP (the errata text): exhaust (2 fatigue) after an attack of the
    Necromancer or his Reanimate: pick a monster it defeated (``use dying-command <monster>``)
    and test Knowledge; a fail gives 1 fatigue back; a pass returns the monster to the map where
    it fell, to move up to its Speed and attack once for the heroes, then it leaves the map
    (:func:`questbox.games.descent.familiars.command`; ours: it attacks a monster, played by the
    hero's seat, and rises on the nearest free space if its own is taken)."""

    id = "dying-command"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared", "attack-before-damage"})
    fatigue = 2
    exhaust = True

    def _mine(self, st: DescentState, fi: int) -> bool:
        atk = st.attack
        return atk is not None and atk.attacker in (fi, familiar_of(st, fi))

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if atk is None or not self._mine(st, fi) or NAME not in st.mods:
            return
        fallen: dict[str, int] = st.mods[NAME]["fallen"]
        if window == "attack-declared" and atk.attacker in (fi, familiar_of(st, fi)) and st.attacks[0] is atk:
            fallen.clear()
        elif window == "attack-before-damage" and st.figs[atk.target].side == "monster":
            fallen[st.figs[atk.target].id] = st.figs[atk.target].pos

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self._mine(st, fi) or not self.usable(st, fi) or NAME not in st.mods:
            return []
        return [Action("use", (self.id, m)) for m in st.mods[NAME]["fallen"] if st.figs[st.ids[m]].status == "defeated"]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        m = str(action.args[1])
        square = st.mods[NAME]["fallen"].pop(m)
        st.emit("action", f"{st.name(fi)} gives {st.name(st.ids[m])} a Dying Command.", {"figure": m})
        st.test(fi, "knowledge", st.mod_task("classes", (self.id, "pass", m, square)),
                st.mod_task("classes", (self.id, "fail")), "Dying Command")

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        fi = next(h for h in st.heroes() if self.id in _kit(st, h))
        if payload[1] == "fail":
            st.recover(fi, fatigue=1)
            return
        command(st, st.ids[str(payload[2])], fi, int(str(payload[3])))

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, t)) for t in sp.targets]


#: the cards of this module, for :data:`questbox.games.descent.skills.CARDS`
FAMILIAR_CARDS: tuple[ClassCard, ...] = (RaiseDead(), CorpseBlast(), DeathlyHaste(), FuryOfUndeath(), DarkPact(),
                                         UndeadMight(), VampiricBlood(), ArmyOfDeath(), DyingCommand())
#: their turn actions, for :data:`questbox.games.descent.skills.BY_ACTION`
FAMILIAR_ACTIONS: dict[str, str] = {c: c for c in ("raise-dead", "corpse-blast", "deathly-haste", "fury-of-undeath",
                                                  "army-of-death")}
