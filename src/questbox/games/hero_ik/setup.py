"""The setup document of hero-ik, its validation, and the immutable rules context built from it.

The context (:class:`Ctx`) holds everything that never changes during a game, flattened into tuples
indexed by card instance for the hot paths; states share it (``clone`` copies a reference).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, StrictInt, field_validator

from questbox.core import JSON, SetupError
from questbox.core.setupfiles import path_refused, read_document
from questbox.core.validation import StrictModel, titles, validated
from questbox.games.hero_ik.cards import parse_card_file
from questbox.games.hero_ik.ctx import ADV, DEFAULT_BOX, DM, SON_TAGS, Ctx
from questbox.games.hero_ik.scenarios import scenarios

# (re-exported: the rules and the tests import these from here)
__all__ = ["ADV", "DEFAULT_BOX", "DEFAULT_PARTY", "DM", "SON_TAGS", "Ctx", "Options", "SetupDoc", "Start",
           "build_ctx", "inline_files", "normalize", "setup_ctx"]

DEFAULT_PARTY = ["hero", "nova", "force", "epee", "priere"]
DEFAULT_SCENARIO = "easy"

GREEN, YELLOW, BLUE, RED = range(4)
DEMON, UNDEAD, DRAGON, GREENSKIN, BULLOEIL, TRAP = range(6)


class _Model(StrictModel):
    """The shared strict base (no unknown keys, nothing coerced)."""


#: a corridor number as a mapping key: JSON writes keys as strings ("1"), YAML as numbers
Corridor = Annotated[int, Strict(False)]


class Options(_Model):
    """Rulings that are cheap to make optional (see docs/rulings/hero-ik.md)."""

    #: when the final monster may be attacked: a corridor emptied of all its cards, or an empty pile
    final_access: Literal["corridor", "pile"] = "corridor"
    #: does a card's Dragons/Undead/Nemesis +X raise its own Power?
    aura_self: bool = True
    #: do the Dragons/Undead/Nemesis +X auras of face-up dungeon cards reach the final monster?
    auras_on_final: bool = False
    #: may Bodyguard and the Destiny lines put a Tenacity token on the final monster?
    tenacity_on_final: bool = False
    #: may Dire fate still be used on a roll when a power or potion was applied to it before rolling?
    dire_after_preroll: bool = False
    #: solitaire: which Destiny lines are cumulative and permanent (default: the scenario's)
    destiny_permanent: list[int] | None = None
    #: solitaire: the dungeon's Fear at the start (Annex III: 0)
    solo_start_fear: int = Field(default=0, ge=0)
    #: does a 1 on a card's own Power die (1d6 cards) give the dungeon master a Fear token?
    fear_on_power_die: bool = False


class Start(_Model):
    """A starting position for tests and puzzles (departs from the rulebook's setup)."""

    courage: int | None = Field(default=None, ge=1, le=10)
    fear: int | None = Field(default=None, ge=0)
    mana: list[int] | None = None
    trophies: list[str] = Field(default_factory=list)
    #: cards put on top of piles after the shuffle, by corridor (1-3): the first is the encounter
    piles: dict[Corridor, list[str]] = Field(default_factory=dict)
    #: cards the group has already won from the front of a corridor (1-3): n cards, encounter first
    won: dict[Corridor, int] = Field(default_factory=dict)

    @field_validator("won")
    @classmethod
    def _won(cls, v: dict[int, int]) -> dict[int, int]:
        for k, n in v.items():
            if k not in (1, 2, 3) or not 0 <= n <= 16:
                raise ValueError("won: corridor 1-3 -> 0 to 16 cards")
        return v

    @field_validator("piles")
    @classmethod
    def _piles(cls, v: dict[int, list[str]]) -> dict[int, list[str]]:
        for k, ids in v.items():
            if k not in (1, 2, 3):
                raise ValueError(f"corridors are 1, 2 and 3, not {k}")
            if len(ids) > 16:
                raise ValueError(f"a pile holds 16 cards, not {len(ids)}")
        return v

    @field_validator("mana")
    @classmethod
    def _mana(cls, v: list[int] | None) -> list[int] | None:
        if v is not None and any(m not in (0, 1) for m in v):
            raise ValueError("an adventurer holds 0 or 1 Mana token (HIK-MANA-03)")
        return v


def _mode_titles() -> dict[str, str]:
    return {"duel": "Duel (2 players: adventurers against the dungeon)", "solitaire": "Solitaire (1 player)"}


def _scenario_titles() -> dict[str, str]:

    return {k: f"{k.capitalize()}: {s.name}" for k, s in scenarios().items()}


class SetupDoc(_Model):
    players: StrictInt | None = Field(default=None, ge=1, le=2)  # a bool is not a number of players
    mode: Literal["duel", "solitaire"] | None = Field(None, json_schema_extra=titles(_mode_titles))
    scenario: Literal["easy", "medium", "hard"] | None = Field(None, json_schema_extra=titles(_scenario_titles))
    party: list[str] = Field(default_factory=lambda: list(DEFAULT_PARTY))
    dungeon: str | list[str] = DEFAULT_BOX
    final: str | None = None
    cards: str | dict[str, Any] | None = None
    shuffle: bool = True
    start: Start | None = None
    options: Options = Field(default_factory=lambda: Options())


def normalize(setup: JSON | None) -> JSON:
    """Validate a setup document and return its canonical form (raises SetupError)."""
    doc = validated(SetupDoc, setup or {}, "setup")
    mode: str | None = doc.mode
    if doc.players is not None:
        by_players = "solitaire" if doc.players == 1 else "duel"
        if mode is not None and mode != by_players:
            raise SetupError(f"setup: mode {mode!r} does not match players: {doc.players}")
        mode = by_players
    mode = mode or ("solitaire" if doc.scenario else "duel")
    if mode == "duel" and doc.scenario is not None:
        raise SetupError("setup: scenario is for solitaire play (mode: solitaire)")
    if isinstance(doc.cards, str):
        raise path_refused("setup: cards", "the card set (a mapping with the sections of a card file)")
    cards: JSON | None = doc.cards
    out: JSON = {"mode": mode, "party": list(doc.party), "dungeon": doc.dungeon, "final": doc.final,
                 "shuffle": doc.shuffle, "options": doc.options.model_dump()}
    if mode == "solitaire":
        out["scenario"] = doc.scenario or DEFAULT_SCENARIO
    if cards is not None:
        out["cards"] = cards
    if doc.start is not None:
        out["start"] = doc.start.model_dump()
    build_ctx(out)  # validates everything else
    return out


def inline_files(setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
    """``cards: PATH`` read into the card set it names (the local command line only)."""
    if not isinstance(setup, dict) or not isinstance(setup.get("cards"), str):
        return setup
    path = setup["cards"]
    raw = read_document(path, base_dir, "cards")
    parse_card_file(raw, str(path))  # validate with a message naming the file
    return {**setup, "cards": raw}


def setup_ctx(setup: JSON | None) -> Ctx:
    """``build_ctx(normalize(setup))``, cached by the document's JSON text: the games of a run (or of
    an atlas cell) share one setup, validated once. A document that JSON does not write back as it
    is (tuples, non-string keys, objects) is validated as it is, every time."""
    try:
        key = json.dumps(setup, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return build_ctx(normalize(setup))
    if json.loads(key) != setup:
        return build_ctx(normalize(setup))
    return _setup_ctx(key)


@functools.lru_cache(maxsize=64)
def _setup_ctx(key: str) -> Ctx:
    return build_ctx(normalize(json.loads(key)))


def build_ctx(setup: JSON) -> Ctx:
    """The context of a canonical setup (cached: states rebuilt from JSON share it)."""
    return _ctx(json.dumps(setup, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _ctx(key: str) -> Ctx:
    setup = json.loads(key)
    return Ctx(setup, Options(**setup["options"]))
