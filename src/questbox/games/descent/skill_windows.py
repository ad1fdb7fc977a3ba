"""The class cards played at attack windows, and the passive ones (:mod:`questbox.games.descent.skills`
holds the tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action
from questbox.games.descent.rules import Ctx
from questbox.games.descent.skill_base import (
    _NOT_WEAPON,
    MAX_DICE,
    MAX_STAMINA,
    ClassCard,
    Space,
    _defender_attack,
    _holder_attack,
    _kit,
    _ready,
    _use,
    _weapon,
    card_name,
)

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState




# ============================================================================ attack windows
class WoodenShield(ClassCard):
    """Knight and Disciple item: exhaust after the defense roll for +1 shield."""

    id = "wooden-shield"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        return [_use(self.id)] if _defender_attack(st, fi) is not None and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.bonus_shields += 1
        st.emit("item", f"{st.name(fi)} exhausts the {card_name(self.id)}: +1 shield.")


class GhostArmor(WoodenShield):
    """Runemaster, 1 XP: 1 fatigue after the defense roll for +1 shield (once per attack)."""

    id = "ghost-armor"
    exhaust = False
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _defender_attack(st, fi)
        return [_use(self.id)] if atk is not None and self.id not in atk.flags and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.flags.append(self.id)
        super().take(st, fi, point, ctx, action)


class DefenseTraining(ClassCard):
    """Knight, 2 XP: with a shield, a brown die more in the defense pool; once the shield is
    exhausted, this card may be exhausted in its place (+1 shield)."""

    id = "defense-training"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        f = st.figs[fi]
        if _defender_attack(st, fi) is None or "wooden-shield" not in f.exhausted or not self.usable(st, fi):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.bonus_shields += 1
        st.emit("item", f"{st.name(fi)} exhausts Defense Training in place of the shield: +1 shield.")

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _defender_attack(st, fi)
        if atk is not None and _has_shield(st, fi):
            atk.def_dice.append("brown")


def _has_shield(st: DescentState, fi: int) -> bool:
    spec = next(h for h in st.enc.heroes if h.id == st.figs[fi].stat)
    return any(c in st.enc.lib.cards and st.enc.lib.cards[c].kind == "shield" for c in spec.kit)


class Stoneskin(ClassCard):
    """Spiritspeaker, 0 XP: when the Spiritspeaker or a hero within 3 spaces is attacked, before
    the roll: exhaust and 1 fatigue, that hero adds a gray defense die."""

    id = "stoneskin"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if atk is None or st.figs[atk.target].side != "hero" or not self.usable(st, fi):
            return []
        return [_use(self.id)] if st.within(fi, atk.target, 3) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.def_dice.append("gray")
        st.emit("action", f"{st.name(fi)} uses Stoneskin: {st.name(atk.target)} adds a gray defense die.")


class Mastery(ClassCard):
    """Exhaust after the attack roll, attacking with the right weapon: +1 surge."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})
    exhaust = True

    def fits(self, st: DescentState, fi: int) -> bool:
        raise NotImplementedError

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _holder_attack(st, fi)
        if atk is None or atk.source in _NOT_WEAPON or not self.usable(st, fi) or not self.fits(st, fi):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.extra_surges += 1
        st.emit("action", f"{st.name(fi)} exhausts {card_name(self.id)}: +1 surge.")


class WeaponMastery(Mastery):
    """Berserker, 2 XP: with a two-handed melee weapon (2 fatigue, as any2cards lists it)."""

    id = "weapon-mastery"
    fatigue = 2

    def fits(self, st: DescentState, fi: int) -> bool:
        return st.stat(fi).attack == "melee" and _weapon(st, fi)[2] == 2


class RuneMastery(Mastery):
    """Runemaster, 2 XP: with a Rune weapon."""

    id = "rune-mastery"

    def fits(self, st: DescentState, fi: int) -> bool:
        return "rune" in _weapon(st, fi)[1] or "inscribe-rune" in _kit(st, fi)


class BowMastery(Mastery):
    """Wildlander, 2 XP: with a Bow."""

    id = "bow-mastery"

    def fits(self, st: DescentState, fi: int) -> bool:
        return "bow" in _weapon(st, fi)[1]


class ShieldSlam(ClassCard):
    """Knight, 2 XP: with a shield, the Knight's melee attacks gain a surge ability that Stuns an
    adjacent target."""

    id = "shield-slam"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _holder_attack(st, fi)
        if (atk is not None and atk.melee and _has_shield(st, fi) and st.adjacent(fi, atk.target)
                and atk.source not in _NOT_WEAPON and not any(x[0] == self.id for x in atk.abilities)):
            atk.abilities.append([self.id, "stun", 1, 1])

    def space(self, sp: Space) -> list[Action]:
        return [Action("surge", (self.id,))]


class Accurate(ClassCard):
    """Wildlander, 1 XP: once per Bow attack, after the roll, reroll one power die
    (``use accurate <i>``, ``i`` the die's place in the pool from 0)."""

    id = "accurate"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _holder_attack(st, fi)
        if (atk is None or self.id in atk.flags or atk.source in _NOT_WEAPON or not self.usable(st, fi)
                or "bow" not in _weapon(st, fi)[1]):
            return []
        kinds = st.enc.lib.die_kind
        return [Action("use", (self.id, i)) for i, d in enumerate(atk.dice) if kinds[d] == "power"]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.flags.append(self.id)
        i = int(str(action.args[1]))
        old = atk.faces[i]
        atk.faces[i] = st.roll([atk.dice[i]])[0]
        st.emit("reroll", f"Accurate: {st.name(fi)} rerolls the {atk.dice[i]} die: "
                f"{st.describe_faces([atk.dice[i]], [old])} → {st.describe_faces([atk.dice[i]], [atk.faces[i]])}.")

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, i)) for i in range(MAX_DICE)]


class Execute(ClassCard):
    """Berserker, 3 XP: after a melee attack's roll, exhaust and pay X fatigue (the player's X, up
    to his Stamina left: ``use execute <x>``): X hearts more."""

    id = "execute"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _holder_attack(st, fi)
        if atk is None or not atk.melee or atk.source in _NOT_WEAPON or not self.usable(st, fi):
            return []
        room = st.stamina(fi) - st.figs[fi].fatigue
        return [Action("use", (self.id, x)) for x in range(1, room + 1)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        x = int(str(action.args[1]))
        self.pay(st, fi)
        st.suffer_fatigue(fi, x)
        atk.bonus_hearts += x
        st.emit("action", f"{st.name(fi)} exhausts Execute for {x} fatigue: +{x} hearts.")

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, x)) for x in range(1, MAX_STAMINA + 1)]


class Bushwhack(ClassCard):
    """Thief, 3 XP: exhaust during the turn (no action) to attack the only monster the Thief sees
    (``bushwhack <monster>``)."""

    id = "bushwhack"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        seen = [m for m in st.monsters() if st.sees(fi, m)]
        if len(seen) != 1 or seen[0] not in st.attack_targets(fi):
            return []
        return [Action(self.id, (st.figs[seen[0]].id,))]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} bushwhacks.")
        st.own_attack(fi, st.ids[str(action.args[0])], source=self.id)

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t,)) for t in sp.targets]


class Inspiration(ClassCard):
    """Knight, 3 XP: at the start of the Knight's turn, with another hero next to him, he and every
    adjacent hero recover 1 fatigue."""

    id = "inspiration"
    listens: ClassVar[frozenset[str]] = frozenset({"turn-start"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        if not ctx or ctx[0] != fi or st.figs[fi].status != "active":
            return
        near = st.heroes_near(fi)
        if any(h != fi for h in near):
            for h in near:
                st.recover(h, fatigue=1)


class LuckyCharm(ClassCard):
    """Thief item: exhaust to reroll a failed attribute test (the new result stands)."""

    id = "lucky-charm"
    offers_at: ClassVar[frozenset[str]] = frozenset({"test-after-roll"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        k = ctx[0]
        if st.tests[k][0] != fi or not _ready(st, fi, self.id) or st.test_passes(k):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        test = st.tests[ctx[0]]
        self.pay(st, fi)
        test[2] = st.roll(["gray", "black"])
        st.emit("item", f"{st.name(fi)} exhausts the Lucky Charm and rerolls the test.")


# ============================================================================ passive cards
class RunicKnowledge(ClassCard):
    """Runemaster, 0 XP: with a Magic or Rune weapon, the attacks gain 'surge: 1 fatigue for +2 hearts'
    (the weapon he wields: his stat line's traits, a Shop weapon's when he wields one)."""

    id = "runic-knowledge"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _holder_attack(st, fi)
        if (atk is not None and (st.stat(fi).traits & {"magic", "rune"} or "inscribe-rune" in _kit(st, fi))
                and atk.source not in _NOT_WEAPON
                and not any(x[0] == "runic" for x in atk.abilities)):
            atk.abilities.append(["runic", "runic", 2, 1])


class Brute(ClassCard):
    """Berserker, 1 XP: +4 Health; standing up or being revived recovers 2 hearts more."""

    id = "brute"
    listens: ClassVar[frozenset[str]] = frozenset({"encounter-setup"})
    #: hearts more on standing up (read by :func:`questbox.games.descent.hero_turns.stand_up`)
    stand_hearts: ClassVar[int] = 2

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        st.figs[fi].hp_bonus += 4


#: the cards that add a die to a defense pool, and to an attack
