"""The card set of Hero: Immortal King, validated on load, and the party and dungeon builders.

The built-in set lives in ``data/cards.yaml``. A user's own card file (same format, any subset of
the sections) is validated by the same models and merged over it: an entry with the same id
replaces the built-in one. :func:`build_party` and :func:`build_dungeon` check the construction
rules (normal setup and Annex II) and raise :class:`~questbox.core.SetupError` naming the broken rule.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from questbox.core import SetupError
from questbox.core.validation import explain

DATA = Path(__file__).resolve().parent / "data" / "cards.yaml"

COLOURS: tuple[str, ...] = ("green", "yellow", "blue", "red")
FAMILIES: tuple[str, ...] = ("demon", "undead", "dragon", "greenskin", "bulloeil", "trap")
TYPES: tuple[str, ...] = ("warrior", "priest", "rogue", "sorcerer")
GENDERS: tuple[str, ...] = ("male", "female")
ABILITIES: tuple[str, ...] = ("pain", "bodyguard", "ferocious")
AURAS: tuple[str, ...] = ("dragons", "undead", "nemesis")
#: what a roll bonus, or an elimination, may be aimed at: any opponent, monsters, traps, or a family
TARGETS: tuple[str, ...] = ("any", "monster", "trap", *FAMILIES)

Colour = Literal["green", "yellow", "blue", "red"]
Family = Literal["demon", "undead", "dragon", "greenskin", "bulloeil", "trap"]
AdvType = Literal["warrior", "priest", "rogue", "sorcerer"]
Gender = Literal["male", "female"]
Target = Literal["any", "monster", "trap", "demon", "undead", "dragon", "greenskin", "bulloeil"]

_POWER = re.compile(r"^(?:(?P<die>1d6)|(?P<a>A)|(?P<m>M)|(?P<n>\d+))(?:\+(?P<plus>\d+))?$")


class Power(tuple[int, int, int, int]):
    """A parsed Power: ``(fixed, die sides, A coefficient, M coefficient)``."""

    __slots__ = ()

    @property
    def fixed(self) -> int:
        return self[0]

    @property
    def die(self) -> int:
        return self[1]

    @property
    def a(self) -> int:
        return self[2]

    @property
    def m(self) -> int:
        return self[3]


def parse_power(text: str) -> Power:
    """``"9"``, ``"1d6"``, ``"A+7"``, ``"M+2"``, ``"1d6+3"`` → :class:`Power`."""
    m = _POWER.match(text.replace(" ", ""))
    if not m:
        raise ValueError(f"Power {text!r} is not a number, 1d6, A or M, optionally followed by +N")
    plus = int(m["plus"] or 0)
    if m["n"] is not None:
        if m["plus"] is not None:
            raise ValueError(f"Power {text!r}: write the sum as one number")
        return Power((int(m["n"]), 0, 0, 0))
    if m["die"]:
        return Power((plus, 6, 0, 0))
    if m["a"]:
        return Power((plus, 0, 1, 0))
    return Power((plus, 0, 0, 1))


# -- the file's models -------------------------------------------------------------------------------

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Sourced(_Model):
    id: str
    name: str
    source: Literal["printed", "ours"]
    printed_source: str | None = None
    ours: list[str] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _slug(cls, v: str) -> str:
        if not re.fullmatch(r"[a-z][a-z0-9-]*", v):
            raise ValueError(f"id {v!r} must be lower-case letters, digits and dashes, starting with a letter")
        return v

    @model_validator(mode="after")
    def _provenance(self) -> _Sourced:
        if self.source == "printed" and not self.printed_source:
            raise ValueError(f"{self.id}: a printed card names its source (printed_source)")
        if self.source == "ours" and (self.printed_source or self.ours):
            raise ValueError(f"{self.id}: a card of our own design has no printed_source or ours list")
        return self


class RollBonus(_Model):
    effect: Literal["roll_bonus"]
    value: int
    against: Target = "any"
    requires_type: AdvType | None = None
    per_gender: Gender | None = None
    text: str = ""


class RerollOnOne(_Model):
    effect: Literal["reroll_on_one"]
    text: str = ""


class PainReduction(_Model):
    effect: Literal["pain_reduction"]
    value: int = Field(ge=1)
    text: str = ""


class ReplaceDie(_Model):
    effect: Literal["replace_die"]
    sides: int = Field(ge=2, le=20)
    text: str = ""


class Multiply(_Model):
    effect: Literal["multiply"]
    factor: int = Field(ge=2)
    text: str = ""


class Add(_Model):
    effect: Literal["add"]
    value: int
    text: str = ""


class Reroll(_Model):
    effect: Literal["reroll"]
    text: str = ""


class GainCourage(_Model):
    effect: Literal["gain_courage"]
    value: int = Field(ge=1)
    text: str = ""


class GainMana(_Model):
    effect: Literal["gain_mana"]
    text: str = ""


class ManaAll(_Model):
    effect: Literal["mana_all"]
    text: str = ""


class Eliminate(_Model):
    effect: Literal["eliminate"]
    target: Target = "monster"
    text: str = ""


class RemoveTenacity(_Model):
    effect: Literal["remove_tenacity"]
    text: str = ""


Gift = Annotated[RollBonus | RerollOnOne | PainReduction, Field(discriminator="effect")]
TempPower = Annotated[ReplaceDie | Multiply | Add | Reroll, Field(discriminator="effect")]
Ultimate = Annotated[GainCourage | ManaAll | Eliminate | RemoveTenacity | GainMana, Field(discriminator="effect")]
Effect = Annotated[RollBonus | RerollOnOne | PainReduction | ReplaceDie | Multiply | Add | Reroll | GainCourage
                   | GainMana | ManaAll | Eliminate | RemoveTenacity, Field(discriminator="effect")]

#: effects each kind of equipment may carry
_EQUIP_EFFECTS = {"potion": {"add", "gain_courage", "gain_mana", "multiply", "reroll", "replace_die"},
                  "item": {"roll_bonus", "pain_reduction", "reroll_on_one"},
                  "quest": {"gain_courage", "gain_mana", "mana_all", "eliminate", "remove_tenacity"}}


class Adventurer(_Sourced):
    type: AdvType
    gender: Gender
    quote: str = ""
    gift: Gift
    power: TempPower
    ultimate: Ultimate
    unique: Literal[True] = True  # Annex II: all adventurers are unique


class Cost(_Model):
    green: int = Field(default=0, ge=0)
    yellow: int = Field(default=0, ge=0)
    blue: int = Field(default=0, ge=0)
    red: int = Field(default=0, ge=0)

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.green, self.yellow, self.blue, self.red)


class Equipment(_Sourced):
    kind: Literal["potion", "item", "quest"]
    slot: Literal["weapon", "armour"] | None = None
    cost: Cost = Field(default_factory=lambda: Cost())
    effect: Effect
    unique: bool = False

    @model_validator(mode="after")
    def _fits(self) -> Equipment:
        if self.effect.effect not in _EQUIP_EFFECTS[self.kind]:
            raise ValueError(f"{self.id}: a {self.kind} cannot have the effect {self.effect.effect!r} "
                             f"(allowed: {', '.join(sorted(_EQUIP_EFFECTS[self.kind]))})")
        if self.kind == "quest" and sum(self.cost.as_tuple()) == 0:
            raise ValueError(f"{self.id}: a quest must cost at least one dungeon card (a free quest could be "
                             "triggered without end)")
        if self.slot is not None and self.kind != "item":
            raise ValueError(f"{self.id}: only items are weapons or armour")
        return self


class Nemesis(_Model):
    type: AdvType
    power: str

    @field_validator("power")
    @classmethod
    def _power(cls, v: str) -> str:
        parse_power(v)
        return v


class Auras(_Model):
    dragons: int = 0
    undead: int = 0
    nemesis: int = 0


class DungeonCard(_Sourced):
    colour: Colour
    family: Family
    power: str
    mana: bool = False
    abilities: list[Literal["pain", "bodyguard", "ferocious"]] = Field(default_factory=list)
    auras: Auras = Field(default_factory=Auras)
    nemesis: Nemesis | None = None
    tags: list[str] = Field(default_factory=list)
    unique: bool = False

    @field_validator("power")
    @classmethod
    def _power(cls, v: str) -> str:
        parse_power(v)
        return v

    @model_validator(mode="after")
    def _trap(self) -> DungeonCard:
        if self.family == "trap" and "ferocious" in self.abilities:
            raise ValueError(f"{self.id}: a trap never carries a Tenacity token, so it cannot be Ferocious")
        return self


class FinalMonster(_Sourced):
    family: Family
    power: str
    fear_per_adventurer: int = Field(default=1, ge=0)
    unique: bool = True

    @field_validator("power")
    @classmethod
    def _power(cls, v: str) -> str:
        p = parse_power(v)
        if p.die:
            raise ValueError("a final monster's Power is not rolled")
        return v


class Box(_Model):
    name: str
    adventurers: list[str]
    equipment: list[str]
    final: str
    dungeon: dict[str, int]


class CardFile(_Model):
    format: Literal[1] = 1
    set: str = "custom"
    sources: dict[str, str] = Field(default_factory=dict)
    adventurers: list[Adventurer] = Field(default_factory=list)
    equipment: list[Equipment] = Field(default_factory=list)
    dungeon: list[DungeonCard] = Field(default_factory=list)
    finals: list[FinalMonster] = Field(default_factory=list)
    boxes: dict[str, Box] = Field(default_factory=dict)


# -- the merged card set ----------------------------------------------------------------------------

class CardSet:
    """All the cards a game may use, by id (the built-in set, possibly with a user's file over it)."""

    def __init__(self, files: Iterable[CardFile]) -> None:
        self.adventurers: dict[str, Adventurer] = {}
        self.equipment: dict[str, Equipment] = {}
        self.dungeon: dict[str, DungeonCard] = {}
        self.finals: dict[str, FinalMonster] = {}
        self.boxes: dict[str, Box] = {}
        for f in files:
            self.adventurers.update((c.id, c) for c in f.adventurers)
            self.equipment.update((c.id, c) for c in f.equipment)
            self.dungeon.update((c.id, c) for c in f.dungeon)
            self.finals.update((c.id, c) for c in f.finals)
            self.boxes.update(f.boxes)
        kinds: dict[str, str] = {}
        for what, table in (("adventurer", self.adventurers), ("equipment", self.equipment),
                            ("dungeon card", self.dungeon), ("final monster", self.finals)):
            for cid in table:
                if cid in kinds:
                    raise SetupError(f"card id {cid!r} is both a {kinds[cid]} and a {what}")
                kinds[cid] = what
        for name, box in self.boxes.items():
            for cid in box.adventurers:
                if cid not in self.adventurers:
                    raise SetupError(f"box {name!r}: no adventurer {cid!r}")
            for cid in box.equipment:
                if cid not in self.equipment:
                    raise SetupError(f"box {name!r}: no equipment {cid!r}")
            if box.final not in self.finals:
                raise SetupError(f"box {name!r}: no final monster {box.final!r}")
            build_dungeon(self, box_dungeon(box), box.final, where=f"box {name!r}")

    def kind_of(self, cid: str) -> str | None:
        for what, table in (("adventurer", self.adventurers), ("equipment", self.equipment),
                            ("dungeon", self.dungeon), ("final", self.finals)):
            if cid in table:
                return what
        return None


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def box_dungeon(box: Box) -> list[str]:
    return [cid for cid, n in box.dungeon.items() for _ in range(n)]


def _explain(exc: ValidationError, where: str) -> SetupError:
    return SetupError(f"{where}: {explain(exc, limit=5)}")


def parse_card_file(doc: Any, where: str = "card file") -> CardFile:
    """Validate a card document (already parsed from YAML/JSON)."""
    if not isinstance(doc, Mapping):
        raise SetupError(f"{where}: a card file is a mapping with sections adventurers, equipment, dungeon, "
                         "finals, boxes")
    try:
        return CardFile(**doc)
    except ValidationError as exc:
        raise _explain(exc, where) from exc


def load_card_file(path: str | Path) -> CardFile:
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as exc:
        raise SetupError(f"cannot read card file {p}: {exc.strerror}") from exc
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise SetupError(f"{p}: not valid YAML: {exc}") from exc
    return parse_card_file(doc, str(p))


@functools.cache
def builtin_file() -> CardFile:
    return load_card_file(DATA)


@functools.cache
def builtin() -> CardSet:
    """The built-in card set (validated once)."""
    return CardSet([builtin_file()])


def card_set(extra: CardFile | None) -> CardSet:
    return builtin() if extra is None else CardSet([builtin_file(), extra])


# -- builders ---------------------------------------------------------------------------------------

def build_party(cards: CardSet, ids: list[str]) -> tuple[list[str], list[str]]:
    """Check a party (setup step 1; Annex II) and split it into adventurers and equipment, in order.

    Raises SetupError naming the broken rule.
    """
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise SetupError("party: a list of card ids")
    advs: list[str] = []
    eqs: list[str] = []
    for cid in ids:
        if cid in cards.adventurers:
            advs.append(cid)
        elif cid in cards.equipment:
            eqs.append(cid)
        else:
            what = cards.kind_of(cid)
            raise SetupError(f"party: {cid!r} is " + (f"{_a(what)} card, not an adventurer or equipment"
                                                       if what else "not a known card"))
    counts = Counter(ids)
    for cid, n in counts.items():
        if n > 1 and cid in cards.adventurers:
            raise SetupError(f"party: adventurer {cid!r} appears {n} times; all adventurers are unique "
                             "(HIK-CONSTRUCTED-07)")
        if n > 1 and cards.equipment[cid].unique:
            raise SetupError(f"party: {cid!r} is marked unique and may only be present once (HIK-CONSTRUCTED-08)")
    if len(ids) != 5:
        raise SetupError(f"party: the group must consist of exactly 5 cards in total, not {len(ids)} "
                         "(HIK-SETUP-04)")
    if not 1 <= len(advs) <= 4:
        raise SetupError(f"party: choose between 1 and 4 adventurers, not {len(advs)} (HIK-SETUP-02)")
    if not 1 <= len(eqs) <= 4:
        raise SetupError(f"party: add between 1 and 4 equipment cards, not {len(eqs)} (HIK-SETUP-03)")
    return advs, eqs


def build_dungeon(cards: CardSet, ids: list[str], final: str, where: str = "dungeon") -> list[str]:
    """Check a dungeon (Annex II): 48 cards plus a final monster, 12 of each colour, 6 with Mana per
    colour, unique cards once. Returns the list of card ids."""
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise SetupError(f"{where}: a list of dungeon card ids")
    for cid in ids:
        if cid not in cards.dungeon:
            what = cards.kind_of(cid)
            raise SetupError(f"{where}: {cid!r} is " + (f"{_a(what)} card, not a dungeon card" if what
                                                         else "not a known dungeon card"))
    if final not in cards.finals:
        what = cards.kind_of(final)
        raise SetupError(f"{where}: final monster {final!r} is " + (f"{_a(what)} card" if what else "unknown"))
    if len(ids) != 48:
        raise SetupError(f"{where}: the dungeon must contain exactly 48 cards, not {len(ids)} (HIK-CONSTRUCTED-02)")
    per_colour: Counter[str] = Counter(cards.dungeon[c].colour for c in ids)
    for colour in COLOURS:
        if per_colour[colour] != 12:
            raise SetupError(f"{where}: there must be 12 cards of each colour, not {per_colour[colour]} {colour} "
                             "(HIK-CONSTRUCTED-03)")
    mana: Counter[str] = Counter(cards.dungeon[c].colour for c in ids if cards.dungeon[c].mana)
    for colour in COLOURS:
        if mana[colour] != 6:
            raise SetupError(f"{where}: within each colour 6 cards must bear a Mana icon, not {mana[colour]} "
                             f"{colour} (HIK-CONSTRUCTED-04)")
    for cid, n in Counter(ids).items():
        if n > 1 and cards.dungeon[cid].unique:
            raise SetupError(f"{where}: {cid!r} is marked unique and may only be present once (HIK-CONSTRUCTED-08)")
    return list(ids)
