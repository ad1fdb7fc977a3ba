"""Card data: the validator for card files and :class:`CardSet`, the fast tables the rules use.

A card is a wizard: a colour (its spell) and a number 1-7, or a Lord (``L``) of that colour.
In the state a card is an ``int``, its index in the :class:`CardSet`; ids such as ``R3`` or ``OL``
appear only in actions, events, views and JSON.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

from questbox.core.actions import Action
from questbox.core.errors import SetupError
from questbox.core.validation import validated

#: colour letters in ability order: Heal, Burn, Lore, Grow, Webs, Prior
COLOURS: tuple[str, ...] = ("R", "O", "Y", "G", "B", "V")
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
COLOUR_NAMES: tuple[str, ...] = ("Red", "Orange", "Yellow", "Green", "Blue", "Violet")
ABILITY_NAMES: tuple[str, ...] = ("Heal", "Burn", "Lore", "Grow", "Webs", "Prior")
LORD_NAMES: tuple[str, ...] = ("Heal Death", "Precise Burn", "Ancient Lore", "Grow Aura", "Tower Webs",
                               "Prior Tower")
HEAL, BURN, LORE, GROW, WEBS, PRIOR = range(6)

DATA = Path(__file__).resolve().parent / "data" / "cards.yaml"

Colour = Literal["R", "O", "Y", "G", "B", "V"]


class CardDoc(BaseModel):
    """One card of a card file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]{0,15}$",
                    description="unique; starts with a letter so that it never reads as a number")
    colour: Colour
    number: int | Literal["L"] = Field(description="1-7, or L for the colour's Lord")
    source: str = Field(min_length=1, description="where the entry comes from (printed, or ours)")

    @field_validator("number")
    @classmethod
    def _number_range(cls, v: int | str) -> int | str:
        if isinstance(v, int) and not 1 <= v <= 7:
            raise ValueError("a wizard's number is 1-7 (or L for a Lord)")
        return v


class CardFile(BaseModel):
    """A card file: ``{cards: [...]}``."""

    model_config = ConfigDict(extra="forbid")

    cards: list[CardDoc] = Field(min_length=1, max_length=256)

    @field_validator("cards")
    @classmethod
    def _unique(cls, v: list[CardDoc]) -> list[CardDoc]:
        seen: set[str] = set()
        for c in v:
            if c.id in seen:
                raise ValueError(f"card id {c.id!r} is used twice")
            seen.add(c.id)
        return v


def validate_cards(entries: Any, where: str = "cards") -> tuple[CardDoc, ...]:
    """Validate a list of card entries (dicts or :class:`CardDoc`); ``SetupError`` if wrong."""
    return tuple(validated(CardFile, {"cards": entries}, where).cards)


class CardSet:
    """The cards of a game and every table the hot path needs (immutable; shared by all states).

    ``col[c]`` colour index 0-5, ``num[c]`` number 1-7 (0 for a Lord), ``mm[c]`` a bit mask of the
    cards that match ``c`` (same colour, or same number when both have one). The ``A_*`` tuples are
    the prebuilt :class:`Action` values per card, so legal-action lists are built by indexing.
    """

    __slots__ = ("A_ABS", "A_BURN", "A_CHL", "A_CHR", "A_CMD", "A_DISCARD", "A_KEEP", "A_RETURN",
                 "A_START", "A_TAKE", "col", "default", "docs", "ids", "index", "lord", "mm", "n",
                 "num")

    def __init__(self, docs: tuple[CardDoc, ...], default: bool = False) -> None:
        self.docs = docs
        self.default = default
        self.n = len(docs)
        self.ids: tuple[str, ...] = tuple(d.id for d in docs)
        self.index: dict[str, int] = {d.id: i for i, d in enumerate(docs)}
        self.col: tuple[int, ...] = tuple(COLOUR_INDEX[d.colour] for d in docs)
        self.num: tuple[int, ...] = tuple(d.number if isinstance(d.number, int) else 0 for d in docs)
        self.lord: tuple[bool, ...] = tuple(d.number == "L" for d in docs)
        mm: list[int] = []
        for a in range(self.n):
            m = 0
            for b in range(self.n):
                if a != b and (self.col[a] == self.col[b] or (self.num[a] and self.num[a] == self.num[b])):
                    m |= 1 << b
            mm.append(m)
        self.mm: tuple[int, ...] = tuple(mm)
        ids = self.ids

        def table(name: str, *extra: str) -> tuple[Action, ...]:
            return tuple(Action(name, (i, *extra)) for i in ids)

        self.A_CMD = table("command")
        self.A_ABS = table("absorb")
        self.A_CHL = table("chain", "left")
        self.A_CHR = table("chain", "right")
        self.A_START = table("start")
        self.A_TAKE = table("take")
        self.A_DISCARD = table("discard")
        self.A_KEEP = table("keep")
        self.A_RETURN = table("return")
        self.A_BURN = table("burn")

    def describe(self, c: int) -> str:
        """``"R3 (Heal 3)"`` / ``"RL (Heal Death)"``."""
        k = self.col[c]
        if self.lord[c]:
            return f"{self.ids[c]} ({LORD_NAMES[k]})"
        return f"{self.ids[c]} ({ABILITY_NAMES[k]} {self.num[c]})"

    def to_json(self) -> list[dict[str, Any]]:
        return [d.model_dump() for d in self.docs]


def load_card_file(path: str | Path) -> tuple[CardDoc, ...]:
    """Read and validate a YAML (or JSON) card file."""
    try:
        doc = yaml.safe_load(Path(path).read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise SetupError(f"{path}: cannot read the card file: {exc}") from None
    if not isinstance(doc, dict) or "cards" not in doc:
        raise SetupError(f"{path}: a card file is a mapping with a 'cards' list")
    return validate_cards(doc["cards"], where=str(path))


@functools.cache
def default_cards() -> CardSet:
    """The shipped 48-card deck (``data/cards.yaml``), loaded and validated once."""
    return CardSet(load_card_file(DATA), default=True)


def card_set(entries: Any | None) -> CardSet:
    """The default deck when ``entries`` is ``None``, else a validated user deck."""
    if entries is None:
        return default_cards()
    docs = validate_cards(entries)
    if docs == default_cards().docs:
        return default_cards()
    return CardSet(docs)
