"""Items in play (issue #18): the Shop Item cards (``data/shop.yaml``) and the heroes' Relics
(``data/relics.yaml``) a hero has equipped, carried from the campaign log into a quest.

* **Equip slots** (:func:`equip_problem`): two hands (a one-hand card takes one, a two-hands card
  both), one armor, two "other" cards; a Heavy Armor card forbids Rune cards and the other way
  round; one Helmet. The class's starting weapon is used while the hero has no weapon equipped.
* **Weapons** replace the hero's attack dice, attack type and surge abilities (:func:`hero_stat`);
  a weapon's own Pierce (and Trueshot's range) is added when the hero attacks with it.
* **Armor** adds its defense dice; cards that raise Health or cap Speed change the hero's stat line.
* **Shields, trinkets and runes** are objects (:data:`CARDS`, one per card, like
  ``plot_deck.py``) with the windows they are played at: ``use <card>`` offers.

What of a card the engine does not play is in its data (``played: false`` or ``why:``); the
setup key is ``campaign.equipment`` (``{hero: [card ids]}``; the campaign log's ``equipped``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field, StrictBool, StrictStr

from questbox.core import Action, Seat, SetupError
from questbox.core.validation import StrictModel, validated
from questbox.games.descent.catalog import DATA, _read, catalog
from questbox.games.descent.data import Stat, Surge, SurgeModel, make_surges
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME = "items"
Equip = Literal["one-hand", "two-hands", "armor", "other"]
HANDS = {"one-hand": 1, "two-hands": 2}
#: how many cards of each slot a hero may have equipped
SLOTS = {"hands": 2, "armor": 1, "other": 2}


# ================================================================================ the relics' data
class Relic(StrictModel):
    id: StrictStr
    name: StrictStr
    side: Literal["heroes", "overlord"]
    counterpart: StrictStr
    traits: list[StrictStr] = Field(default_factory=list)
    equip: Equip | None = None
    attack: Literal["melee", "ranged"] | None = None
    dice: list[StrictStr] = Field(default_factory=list)
    effect: StrictStr
    source: StrictStr
    played: StrictBool = True
    why: StrictStr | None = None


class RelicFile(StrictModel):
    source_default: StrictStr
    relics: list[Relic]


@functools.cache
def relics() -> dict[str, Relic]:
    """``data/relics.yaml`` by id (validated; each card's counterpart is the other side's card)."""
    doc = validated(RelicFile, _read("relics.yaml", DATA), "relics.yaml")
    out = {r.id: r for r in doc.relics}
    for r in doc.relics:
        other = out.get(r.counterpart)
        if other is None or other.side == r.side or other.counterpart != r.id:
            raise SetupError(f"relics.yaml: {r.id}: its counterpart {r.counterpart!r} is not the other side's card")
        if r.side == "heroes" and r.equip is None:
            raise SetupError(f"relics.yaml: {r.id}: a hero relic has an equip slot")
    return out


# ================================================================================ items, by id
@dataclass(frozen=True)
class Item:
    """A card a hero can equip: a Shop Item or a hero's Relic (the facts the rules need)."""

    id: str
    name: str
    kind: Literal["shop", "relic"]
    cost: int                     # gold (0 for a relic: it cannot be bought or sold)
    act: int                      # the Shop deck's act (0 for a relic)
    traits: frozenset[str]
    equip: Equip
    attack: str | None
    dice: tuple[str, ...]
    effect: str
    played: bool
    why: str | None


@functools.cache
def items() -> dict[str, Item]:
    """Every equippable card: the Shop Items of both acts, then the heroes' relics."""
    out = {i.id: Item(i.id, i.name, "shop", i.cost, i.act, frozenset(i.traits), i.equip, i.attack, tuple(i.dice),
                      i.effect, i.played, i.why) for i in catalog().shop.values()}
    for r in relics().values():
        if r.side == "heroes" and r.equip is not None:
            out[r.id] = Item(r.id, r.name, "relic", 0, 0, frozenset(r.traits), r.equip, r.attack, tuple(r.dice),
                             r.effect, r.played, r.why)
    return out


def item_text(iid: str) -> str:
    """A card's name, slot, dice and effect in one line (views and menus)."""
    it = items()[iid]
    dice = f" ({' '.join(it.dice)})" if it.dice else ""
    cost = f", {it.cost} gold" if it.kind == "shop" else ", relic"
    return f"{it.name} [{it.equip}{dice}{cost}]: {it.effect}"


def equip_problem(equipped: list[str], iid: str) -> str | None:
    """Why ``iid`` cannot be equipped next to ``equipped`` (``None``: it can)."""
    cat = items()
    if iid not in cat:
        return f"{iid!r} is not an item that can be equipped"
    it = cat[iid]
    have = [cat[x] for x in equipped]
    if it.equip in HANDS:
        if sum(HANDS.get(x.equip, 0) for x in have) + HANDS[it.equip] > SLOTS["hands"]:
            return f"{it.name}: the hands are full (two one-hand cards or one two-hands card)"
    elif sum(1 for x in have if x.equip == it.equip) >= SLOTS[it.equip]:
        return f"{it.name}: {SLOTS[it.equip]} {it.equip} card(s) at most"
    traits = set().union(*(x.traits for x in have)) if have else set()
    if ("heavy-armor" in it.traits and "rune" in traits) or ("rune" in it.traits and "heavy-armor" in traits):
        return f"{it.name}: no Rune card may be equipped with Heavy Armor"
    if "helmet" in it.traits and "helmet" in traits:
        return f"{it.name}: one Helmet at a time"
    return None


def check_equipment(equipped: list[str], where: str) -> list[str]:
    """``equipped`` if the cards may all be equipped together (``SetupError`` naming the first problem)."""
    have: list[str] = []
    for iid in equipped:
        why = equip_problem(have, iid)
        if why is not None:
            raise SetupError(f"{where}: {why}")
        have.append(iid)
    return have


# ================================================================================ the cards in play
def _s(*surges: tuple[str, int] | tuple[str, int, int]) -> tuple[Surge, ...]:
    return make_surges([SurgeModel.model_validate({"effect": s[0], "value": s[1], "cost": s[2] if len(s) > 2 else 1})
                        for s in surges])


class ItemCard:
    """What one card does in a quest (override what the card does): its static effects (the
    attributes), and its optional ones at ``offers_at`` (:meth:`offers`/:meth:`take`)."""

    offers_at: ClassVar[frozenset[str]] = frozenset()
    #: a weapon (its dice and attack type are data)
    is_weapon: ClassVar[bool] = False

    def __init__(self, cid: str, *, surges: tuple[Surge, ...] = (), pierce: int = 0, rng: int = 0, health: int = 0,
                 speed_cap: int | None = None, ranged_bonus: int = 0, stamina: int = 0) -> None:
        self.id = cid
        #: a weapon's surge abilities the engine plays; Pierce of its attacks, range added to them
        self.surges, self.pierce, self.range = surges, pierce, rng
        #: +Health; a Speed the hero's cannot rise above; +range to each of the hero's ranged attacks
        self.health, self.speed_cap, self.ranged_bonus = health, speed_cap, ranged_bonus
        #: +Stamina (Ring of Power)
        self.stamina = stamina

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        """What the hero ``fi`` (who has the card equipped and ready) may do with it at ``point``."""
        return []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        """Play the card (the module has exhausted it): its effect."""

    def space(self) -> list[Action]:
        """Every action :meth:`offers` may return (for a game's action space)."""
        return [_use(self.id)] if self.offers_at else []


class _Weapon(ItemCard):
    is_weapon: ClassVar[bool] = True


def weapon(cid: str, *surges: tuple[str, int] | tuple[str, int, int], pierce: int = 0, rng: int = 0) -> ItemCard:
    """A weapon card: surge abilities, Pierce and range (its dice and attack type are data)."""
    return _Weapon(cid, surges=_s(*surges), pierce=pierce, rng=rng)


def worn(cid: str, *, health: int = 0, speed_cap: int | None = None, ranged_bonus: int = 0,
         stamina: int = 0) -> ItemCard:
    """Armor or another card whose effect is a static change to the hero."""
    return ItemCard(cid, health=health, speed_cap=speed_cap, ranged_bonus=ranged_bonus, stamina=stamina)


def _use(cid: str) -> Action:
    return Action("use", (cid,))


class AddShield(ItemCard):
    """Exhaust after your defense roll: +1 shield (Iron Shield, Heavy Steel Shield; their reroll is not played)."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        return [_use(self.id)] if atk is not None and atk.target == fi else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.bonus_shields += 1
        st.emit("item", f"{st.name(fi)} exhausts the {items()[self.id].name}: +1 shield.")


class DarkGodShield(ItemCard):
    """Shield of the Dark God: exhaust after your defense roll to roll it again; the better result stands."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        return [_use(self.id)] if atk is not None and atk.target == fi else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        old, before = list(atk.def_faces), st.atk_shields(atk)
        atk.def_faces = st.roll(list(atk.def_dice))
        if st.atk_shields(atk) < before:
            atk.def_faces = old
        st.emit("item", f"{st.name(fi)} exhausts the Shield of the Dark God: defense "
                f"{st.describe_faces(list(atk.def_dice), atk.def_faces)}.")


class HeavyCloak(ItemCard):
    """Heavy Cloak: exhaust after an attack on you is rolled to cancel one of its surges."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        ok = atk is not None and atk.target == fi and st.surges_left(atk) > 0
        return [_use(self.id)] if ok else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.extra_surges -= 1
        st.emit("item", f"{st.name(fi)} exhausts the Heavy Cloak: one surge of the attack is cancelled.")


class ManaWeave(ItemCard):
    """Mana Weave: exhaust after your attack roll to add 1 surge."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        return [_use(self.id)] if atk is not None and atk.attacker == fi else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.extra_surges += 1
        st.emit("item", f"{st.name(fi)} exhausts the Mana Weave: +1 surge.")


class LuckyCharm(ItemCard):
    """Lucky Charm (the Shop's): exhaust to reroll a failed attribute test."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"test-after-roll"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        k = ctx[0]
        return [_use(self.id)] if st.tests[k][0] == fi and not st.test_passes(k) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        test = st.tests[ctx[0]]
        test[2] = st.roll(["gray", "black"])
        st.emit("item", f"{st.name(fi)} exhausts the Lucky Charm and rerolls the test.")


class TivalCrystal(ItemCard):
    """Tival Crystal: an action: exhaust, roll a red die and recover the hearts it shows."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        turn = st.turn
        return [_use(self.id)] if turn is not None and turn.actions > 0 and st.figs[fi].damage > 0 else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        n = st.roll(["red"])[0]
        hearts = st.face("red", n).hearts
        st.emit("item", f"{st.name(fi)} exhausts the Tival Crystal: {hearts} hearts.", {"faces": [n]})
        st.recover(fi, hearts=hearts)


class ElvenCloak(ItemCard):
    """Elven Cloak: exhaust after your defense roll; the result becomes as many shields as your Awareness."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        aware = st.attribute(fi, "awareness") or 0
        return [_use(self.id)] if atk is not None and atk.target == fi and aware > st.atk_shields(atk) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        aware = st.attribute(fi, "awareness") or 0
        atk.bonus_shields += aware - st.atk_shields(atk)
        st.emit("item", f"{st.name(fi)} exhausts the Elven Cloak: {aware} shields.")


#: the most dice a pool rerolled by Fortuna's Dice may hold (attack: 3; defense: the hero's and his armor's)
MAX_DICE = 4


class FortunasDice(ItemCard):
    """Fortuna's Dice: exhaust and suffer 1 fatigue to reroll one die you have just rolled (an
    attack die of your attack, or a defense die against an attack on you: ``use fortunas-dice
    attack|defense <i>``)."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if atk is None or st.figs[fi].fatigue >= st.stamina(fi):
            return []
        pool = ("attack", atk.dice) if atk.attacker == fi else ("defense", atk.def_dice) if atk.target == fi else None
        if pool is None:
            return []
        return [Action("use", (self.id, pool[0], i)) for i in range(min(len(pool[1]), MAX_DICE))]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        which, i = str(action.args[1]), int(action.args[2])
        dice, faces = (atk.dice, atk.faces) if which == "attack" else (atk.def_dice, atk.def_faces)
        st.suffer_fatigue(fi, 1)
        old = faces[i]
        faces[i] = st.roll([dice[i]])[0]
        st.emit("item", f"{st.name(fi)} exhausts Fortuna's Dice: the {dice[i]} die "
                f"{st.describe_faces([dice[i]], [old])} → {st.describe_faces([dice[i]], [faces[i]])}.")

    def space(self) -> list[Action]:
        return [Action("use", (self.id, w, i)) for w in ("attack", "defense") for i in range(MAX_DICE)]


#: the cards the engine plays, by id (a card missing here has ``played: false`` in its data)
CARDS: dict[str, ItemCard] = {c.id: c for c in (
    # Act I weapons
    weapon("crossbow", ("heart", 2), pierce=1),
    weapon("elm-greatbow", ("heart", 2), ("range", 2)),
    weapon("immolation", ("heart", 1), ("range", 1), pierce=1),
    weapon("iron-battleaxe", ("heart", 2), ("pierce", 1), pierce=1),
    weapon("iron-spear", ("heart", 1), ("pierce", 1)),
    weapon("light-hammer", ("heart", 2), ("stun", 1)),
    weapon("magic-staff", ("range", 1)),
    weapon("sling", ("heart", 1), ("stun", 1)),
    weapon("steel-broadsword", ("heart", 1)),
    weapon("sunburst", ("stun", 1), ("heart", 2)),
    # Act II weapons
    weapon("dragontooth-hammer", ("pierce", 2), pierce=1),
    weapon("dwarven-firebomb", ("heart", 1), ("blast", 1), ("stun", 1)),
    weapon("grinding-axe", ("heart", 1), ("heart", 5, 2)),
    weapon("ice-storm", ("immobilize", 1), ("heart", 2)),
    weapon("latari-longbow", ("range", 2), ("heart", 2), pierce=1),
    weapon("lightning-strike", ("blast", 1), ("heart", 2), ("heart", 2)),
    weapon("mace-of-kellos", ("recover-heart", 1)),
    weapon("steel-greatsword", ("pierce", 2), ("heart", 1)),
    # the heroes' relics
    weapon("dawnblade", ("heart", 3)),
    weapon("staff-of-light", ("heart", 2), ("recover-heart", 1)),
    weapon("the-shadow-rune", ("heart", 1), ("heart", 2)),
    weapon("trueshot", ("heart", 2), rng=3),
    # armor and other static cards
    worn("chainmail", speed_cap=4),
    worn("platemail", speed_cap=3),
    worn("leather-armor", health=1),
    worn("demonhide-leather"),
    worn("iron-bound-ring", health=2),
    worn("scorpion-helm", ranged_bonus=1),
    worn("ring-of-power", stamina=1),
    # cards played at their windows
    AddShield("iron-shield"), AddShield("heavy-steel-shield"), DarkGodShield("shield-of-the-dark-god"),
    HeavyCloak("heavy-cloak"), ManaWeave("mana-weave"), LuckyCharm("lucky-charm"), TivalCrystal("tival-crystal"),
    ElvenCloak("elven-cloak"), FortunasDice("fortunas-dice"))}


def hero_stat(stat: Stat, equipped: list[str], base_speed: int) -> Stat:
    """The hero's stat line with ``equipped``: the weapon's dice, attack and surges (the class
    weapon's otherwise), armor's defense dice, Health and Speed."""
    from questbox.games.descent.encounter import HERO_SURGE

    cat = items()
    out = stat
    for iid in equipped:
        it, card = cat[iid], CARDS.get(iid)
        if it.attack is not None and card is not None:
            out = replace(out, dice=it.dice, attack=it.attack, surges=(*card.surges, HERO_SURGE),
                          traits=it.traits)
        elif it.equip == "armor" and it.dice:
            out = replace(out, defense=(*out.defense, *it.dice))
        if card is not None:
            out = replace(out, health=out.health + card.health)
            if card.speed_cap is not None:
                out = replace(out, speed=min(out.speed, card.speed_cap, base_speed))
    return out


# ================================================================================ the rule module
class ItemsModule(RuleModule):
    """The equipped cards of each hero (``campaign.equipment``): stat lines changed when the
    encounter is built, Pierce and range when an attack is declared, the cards' windows."""

    name = NAME
    listens = frozenset({"attack-declared"})
    offers_at = frozenset({"hero-turn", "attack-after-roll", "attack-after-defense", "test-after-roll"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        camp = enc.setup.get("campaign")
        raw = camp.get("equipment", {}) if isinstance(camp, dict) else {}
        heroes = {h.id for h in enc.heroes}
        if not isinstance(raw, dict) or set(raw) - heroes or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in raw.values()):
            raise SetupError("campaign.equipment: per hero of this quest, the ids of the cards equipped")
        #: the cards each hero has equipped, by hero id
        self.equipment: dict[str, tuple[str, ...]] = {
            h: tuple(check_equipment(list(v), f"campaign.equipment.{h}")) for h, v in raw.items()}
        for h, eq in self.equipment.items():
            enc.add_stat(hero_stat(enc.stats[h], list(eq), enc.lib.heroes[h].speed))
        _raise_stamina(enc, self.equipment)
        #: the heroes who fight with an equipped weapon, not their class weapon (modules/classes.py)
        self.armed = frozenset(h for h, eq in self.equipment.items()
                               if any(items()[c].attack is not None and c in CARDS for c in eq))

    def _has(self, st: DescentState, fi: int, cid: str) -> bool:
        f = st.figs[fi]
        return f.side == "hero" and cid in self.equipment.get(f.stat, ())

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if atk is None or st.figs[atk.attacker].side != "hero":
            return
        hero = st.figs[atk.attacker].stat
        eq = [CARDS[c] for c in self.equipment.get(hero, ()) if c in CARDS]
        spec = next(h for h in self.enc.heroes if h.id == hero)
        own = atk.source == spec.weapon or atk.source == "rage"
        for card in eq:
            if own and card.is_weapon:
                atk.pierce += card.pierce
                atk.bonus_range += card.range
            if not atk.melee:
                atk.bonus_range += card.ranged_bonus

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        out: list[Action] = []
        for fi in self._candidates(st, seat, point, ctx):
            f = st.figs[fi]
            kit = next(h.kit for h in self.enc.heroes if h.id == f.stat)
            for cid in self.equipment.get(f.stat, ()):
                card = CARDS.get(cid)
                if card is None or point not in card.offers_at or cid in f.exhausted or cid in kit:
                    continue
                out.extend(card.offers(st, fi, point, ctx))
        return out

    def _candidates(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[int]:
        """The heroes of ``seat`` who may play a card at ``point``."""
        if point == "hero-turn":
            cands = [ctx[0]]
        elif point == "test-after-roll":
            cands = [st.tests[ctx[0]][0]]
        elif st.attack is not None:
            cands = [st.attack.attacker, st.attack.target]
        else:
            return []
        return [fi for fi in dict.fromkeys(cands) if st.figs[fi].side == "hero" and st.figs[fi].seat == seat
                and st.figs[fi].status == "active"]

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        cid = str(action.args[0])
        fi = next(fi for fi in self._candidates(st, seat, point, ctx) if self._has(st, fi, cid)
                  and action in CARDS[cid].offers(st, fi, point, ctx) and cid not in st.figs[fi].exhausted)
        st.figs[fi].exhausted.append(cid)
        CARDS[cid].take(st, fi, point, ctx, action)


def _raise_stamina(enc: Encounter, equipment: dict[str, tuple[str, ...]]) -> None:
    """The cards that raise a hero's Stamina (Ring of Power): the encounter's own copy of the
    library gets the hero sheets with it (the Stamina every rule reads, ``state.stamina``)."""
    more = {h: sum(CARDS[c].stamina for c in eq if c in CARDS) for h, eq in equipment.items()}
    more = {h: n for h, n in more.items() if n}
    if more:
        heroes = {**enc.lib.heroes}
        for h, n in more.items():
            heroes[h] = replace(heroes[h], stamina=heroes[h].stamina + n)
        enc.lib = replace(enc.lib, heroes=heroes)


def item_space(enc: Encounter) -> list[Action]:
    """Every action the module may offer (for a game's action space): ``use <card>`` per card
    played at a window (the weapons' surges are in the hero stat lines)."""
    return [a for c in CARDS.values() for a in c.space()]

