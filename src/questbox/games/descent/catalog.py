"""The data of Descent part 2 (issue #18): the Overlord cards, the lieutenants, the 8 base classes'
skill cards and the Act I / Act II Shop Item decks.

Four files of ``data/`` (``overlord.yaml``, ``lieutenants.yaml``, ``skills.yaml``, ``shop.yaml``)
are validated with pydantic (:class:`~questbox.core.validation.StrictModel`) when
:func:`catalog` first loads them; a bad file raises :class:`~questbox.core.SetupError` naming the
file and the field. Every entry carries a ``source``: ``printed: <where>`` for a printed fact and
where it was read, ``ours: <why>`` for what questbox designed. Texts are our paraphrases.

The sources and what the engine plays of it: ``docs/games/descent-part2-data.md``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, StrictBool, StrictInt, StrictStr, field_validator, model_validator

from questbox.core import SetupError
from questbox.core.validation import StrictModel, validated

DATA = Path(__file__).resolve().parent / "data"
#: the dice of data/dice.yaml (and the green power die, which some later cards name)
DICE = ("blue", "red", "yellow", "green", "brown", "gray", "black")
DEFENSE_DICE = ("brown", "gray", "black")
ATTRIBUTES = ("might", "knowledge", "willpower", "awareness")
#: the moments an Overlord card is played at (``when``)
WHEN = ("monster-attack-after-roll", "attack-after-roll", "attack-after-defense", "monster-attack-before-roll",
        "activation-start", "overlord-turn-start", "overlord-turn-end", "overlord-turn", "hero-enters-space",
        "hero-move-enters-space", "hero-searches-or-opens-door", "hero-searches", "hero-passes-test", "hero-defeated",
        "monster-defeated")
OVERLORD_DECKS = ("basic", "magus", "saboteur", "warlord", "universal")


def _source(v: str) -> str:
    if not (v.startswith("printed: ") and len(v) > 12) and not (v.startswith("ours: ") and len(v) > 9):
        raise ValueError("a source is 'printed: <where it was read>' or 'ours: <why>'")
    return v


class _Sourced(StrictModel):
    source: StrictStr

    _src = field_validator("source")(_source)


# ------------------------------------------------------------------------------- Overlord cards
class OverlordCard(_Sourced):
    id: StrictStr
    name: StrictStr
    deck: Literal["basic", "magus", "saboteur", "warlord", "universal"]
    copies: StrictInt = Field(ge=1, le=2)
    type: Literal["trap", "magic", "event"]
    xp: StrictInt = Field(ge=0, le=3)
    when: StrictStr
    plays: StrictBool
    effect: StrictStr = Field(min_length=10)

    @model_validator(mode="after")
    def _check(self) -> OverlordCard:
        if self.when not in WHEN:
            raise ValueError(f"card {self.id}: when {self.when!r} is not one of {', '.join(WHEN)}")
        if (self.deck == "basic") != (self.xp == 0):
            raise ValueError(f"card {self.id}: basic cards cost 0 XP, class cards 1 to 3")
        if self.deck == "universal" and self.xp != 1:
            raise ValueError(f"card {self.id}: Universal cards cost 1 XP")
        return self


class DeckRule(_Sourced):
    id: StrictStr
    text: StrictStr


class OverlordFile(StrictModel):
    source_default: StrictStr
    cards: list[OverlordCard]
    rules: list[DeckRule]


# ------------------------------------------------------------------------------- lieutenants
class LtAbility(StrictModel):
    id: StrictStr
    name: StrictStr
    kind: Literal["passive", "action", "surge"]
    text: StrictStr
    #: why the engine does not play it (absent: it is played; see games/descent/lieutenants.py)
    unplayed: StrictStr | None = Field(None, min_length=10)


class LtAct(StrictModel):
    act: StrictInt = Field(ge=1, le=2)
    attack: Literal["melee", "ranged"]
    dice: list[StrictStr] = Field(min_length=2)
    #: [speed, health, defense dice] for 2, 3 and 4 heroes
    per_heroes: list[tuple[StrictInt, StrictInt, list[StrictStr]]] = Field(min_length=3, max_length=3)
    abilities: list[StrictStr]

    @field_validator("per_heroes", mode="before")
    @classmethod
    def _rows(cls, v: Any) -> Any:
        # (YAML has lists; each row is a fixed triple)
        return [tuple(r) if isinstance(r, list) else r for r in v] if isinstance(v, list) else v

    @model_validator(mode="after")
    def _check(self) -> LtAct:
        bad = [d for d in self.dice if d not in DICE or d in DEFENSE_DICE]
        bad += [d for _s, _h, dd in self.per_heroes for d in dd if d not in DEFENSE_DICE]
        if bad:
            raise ValueError(f"act {self.act}: not a die of that kind: {', '.join(bad)}")
        healths = [h for _s, h, _d in self.per_heroes]
        if healths != sorted(healths):
            raise ValueError(f"act {self.act}: Health grows with the number of heroes")
        return self


class Lieutenant(_Sourced):
    id: StrictStr
    name: StrictStr
    attributes: dict[StrictStr, StrictInt]
    acts: list[LtAct] = Field(min_length=2, max_length=2)

    @model_validator(mode="after")
    def _check(self) -> Lieutenant:
        if sorted(self.attributes) != sorted(ATTRIBUTES):
            raise ValueError(f"lieutenant {self.id}: attributes are {', '.join(ATTRIBUTES)}")
        if [a.act for a in self.acts] != [1, 2]:
            raise ValueError(f"lieutenant {self.id}: one stat line for act 1, then one for act 2")
        return self


class LieutenantFile(StrictModel):
    source_default: StrictStr
    lieutenants: list[Lieutenant]
    abilities: list[LtAbility]


# ------------------------------------------------------------------------------- class skills
class Skill(StrictModel):
    id: StrictStr
    name: StrictStr
    xp: StrictInt = Field(ge=0, le=3)
    #: fatigue to use it; ``"X"``: as much as the player picks
    fatigue: StrictInt | Literal["X"]
    effect: StrictStr = Field(min_length=10)
    #: the engine plays the card (a card object in skills.py); else ``why`` says what is missing
    played: StrictBool = True
    why: StrictStr | None = None

    @model_validator(mode="after")
    def _why(self) -> Skill:
        if self.played == (self.why is not None):
            raise ValueError(f"skill {self.id}: a card not played says why (why:), a played one does not")
        return self


class HeroClass(_Sourced):
    id: StrictStr
    name: StrictStr
    archetype: Literal["warrior", "healer", "mage", "scout"]
    skills: list[Skill]

    @model_validator(mode="after")
    def _check(self) -> HeroClass:
        starting = [s.id for s in self.skills if s.xp == 0]
        if len(starting) != 1:
            raise ValueError(f"class {self.id}: exactly one starting (0 XP) skill, not {starting}")
        return self


class SkillFile(StrictModel):
    source_default: StrictStr
    classes: list[HeroClass]


# ------------------------------------------------------------------------------- shop items
class ShopItem(_Sourced):
    id: StrictStr
    name: StrictStr
    act: StrictInt = Field(ge=1, le=2)
    copies: StrictInt = Field(ge=1, le=2)
    cost: StrictInt = Field(ge=25, le=500, multiple_of=25)
    traits: list[StrictStr]
    equip: Literal["one-hand", "two-hands", "armor", "other"]
    attack: Literal["melee", "ranged"] | None = None
    dice: list[StrictStr] = Field(default_factory=list)
    effect: StrictStr
    #: whether the engine plays the card (modules/items.py); ``why``: what of its text it does not play
    played: StrictBool = True
    why: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> ShopItem:
        if any(d not in DICE for d in self.dice):
            raise ValueError(f"item {self.id}: unknown die in {self.dice}")
        if self.attack is not None and self.equip not in ("one-hand", "two-hands"):
            raise ValueError(f"item {self.id}: a weapon is held in one or two hands")
        if self.attack is None and self.equip == "armor" and any(d not in DEFENSE_DICE for d in self.dice):
            raise ValueError(f"item {self.id}: armor adds defense dice")
        return self


class ShopFile(StrictModel):
    source_default: StrictStr
    items: list[ShopItem]


# ------------------------------------------------------------------------------- the catalog
@dataclass(frozen=True)
class Catalog:
    """The part-2 data, by id (in file order)."""

    overlord: dict[str, OverlordCard]
    deck_rules: dict[str, DeckRule]
    lieutenants: dict[str, Lieutenant]
    lt_abilities: dict[str, LtAbility]
    classes: dict[str, HeroClass]
    shop: dict[str, ShopItem]

    def basic_deck(self) -> list[str]:
        """The 15 basic Overlord cards, a card id per copy."""
        return [c.id for c in self.overlord.values() if c.deck == "basic" for _ in range(c.copies)]

    def shop_deck(self, act: int) -> list[str]:
        """The Shop Item deck of ``act``, an id per copy."""
        return [i.id for i in self.shop.values() if i.act == act for _ in range(i.copies)]

    def can_buy(self, deck: list[str], card: str) -> bool:
        """Whether the overlord may buy one more copy of class card ``card`` for a deck holding
        ``deck`` (ids, one per copy): copies left, and a level 2 card needs two cards of its class
        in the deck, a level 3 card three (Universal cards need none)."""
        c = self.overlord.get(card)
        if c is None or c.deck == "basic" or deck.count(card) >= c.copies:
            return False
        if c.deck == "universal":
            return True
        have = sum(1 for x in deck if self.overlord[x].deck == c.deck)
        return have >= {1: 0, 2: 2, 3: 3}[c.xp]


def _read(name: str, root: Path) -> Any:
    path = root / name
    try:
        return yaml.safe_load(path.read_text())
    except OSError as exc:
        raise SetupError(f"{name}: cannot read: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise SetupError(f"{name}: not valid YAML: {exc}") from exc


def _by_id(items: list[Any], what: str, where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for it in items:
        if it.id in out:
            raise SetupError(f"{where}: {what} {it.id!r} appears twice")
        out[it.id] = it
    return out


def build_catalog(root: Path = DATA) -> Catalog:
    """Load and validate the four part-2 files under ``root``."""
    ol = validated(OverlordFile, _read("overlord.yaml", root), "overlord.yaml")
    lt = validated(LieutenantFile, _read("lieutenants.yaml", root), "lieutenants.yaml")
    sk = validated(SkillFile, _read("skills.yaml", root), "skills.yaml")
    sh = validated(ShopFile, _read("shop.yaml", root), "shop.yaml")
    lt_abilities: dict[str, LtAbility] = _by_id(lt.abilities, "ability", "lieutenants.yaml")
    for lieutenant in lt.lieutenants:
        for a in lieutenant.acts:
            missing = [x for x in a.abilities if x not in lt_abilities]
            if missing:
                raise SetupError(f"lieutenants.yaml: {lieutenant.id} act {a.act}: unknown ability "
                                 f"{', '.join(missing)}")
    _by_id([s for c in sk.classes for s in c.skills], "skill", "skills.yaml")
    cat = Catalog(overlord=_by_id(ol.cards, "card", "overlord.yaml"),
                  deck_rules=_by_id(ol.rules, "rule", "overlord.yaml"),
                  lieutenants=_by_id(lt.lieutenants, "lieutenant", "lieutenants.yaml"),
                  lt_abilities=lt_abilities,
                  classes=_by_id(sk.classes, "class", "skills.yaml"),
                  shop=_by_id(sh.items, "item", "shop.yaml"))
    if len(cat.basic_deck()) != 15:
        raise SetupError(f"overlord.yaml: the basic deck has 15 cards, not {len(cat.basic_deck())}")
    return cat


@functools.cache
def catalog() -> Catalog:
    """The part-2 data of ``data/`` (loaded and validated once)."""
    return build_catalog()
