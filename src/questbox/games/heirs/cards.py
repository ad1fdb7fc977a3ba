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

from questbox.core.errors import SetupError
from questbox.core.validation import validated
from questbox.games.heirs.cardset import (
    ABILITY_NAMES,
    BURN,
    COLOUR_INDEX,
    COLOUR_NAMES,
    COLOURS,
    GROW,
    HEAL,
    LORD_NAMES,
    LORE,
    PRIOR,
    WEBS,
    CardSet,
)

#: the colours and the card set live in :mod:`.cardset` (compiled with the engine); re-exported here
__all__ = ["ABILITY_NAMES", "BURN", "COLOURS", "COLOUR_INDEX", "COLOUR_NAMES", "DATA", "GROW", "HEAL", "LORD_NAMES",
           "LORE", "PRIOR", "WEBS", "CardDoc", "CardFile", "CardSet", "card_set", "default_cards", "load_card_file",
           "validate_cards"]

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
