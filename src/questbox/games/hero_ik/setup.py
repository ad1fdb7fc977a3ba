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
from questbox.core.validation import StrictModel, validated
from questbox.games.hero_ik.cards import (
    COLOURS,
    FAMILIES,
    TYPES,
    Adventurer,
    CardFile,
    CardSet,
    Equipment,
    FinalMonster,
    box_dungeon,
    build_dungeon,
    build_party,
    card_set,
    parse_card_file,
    parse_power,
)
from questbox.games.hero_ik.scenarios import Scenario, check_permanent, scenarios

ADV = "adventurers"
DM = "dungeon"
DEFAULT_BOX = "lair-of-the-lich"
DEFAULT_PARTY = ["hero", "nova", "force", "epee", "priere"]
DEFAULT_SCENARIO = "easy"

GREEN, YELLOW, BLUE, RED = range(4)
DEMON, UNDEAD, DRAGON, GREENSKIN, BULLOEIL, TRAP = range(6)
SON_TAGS = frozenset({"abunakkashii", "son-of-abunakkashii"})


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


class SetupDoc(_Model):
    players: StrictInt | None = Field(default=None, ge=1, le=2)  # a bool is not a number of players
    mode: Literal["duel", "solitaire"] | None = None
    scenario: Literal["easy", "medium", "hard"] | None = None
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
    return Ctx(json.loads(key))


class Ctx:
    """What never changes during one game, flattened for speed. Card instances are numbered: the
    dungeon's 48 cards 0–47 in the setup's order, then any starting trophies."""

    def __init__(self, setup: JSON) -> None:
        self.setup = setup
        extra: CardFile | None = parse_card_file(setup["cards"], "setup cards") if "cards" in setup else None
        cards: CardSet = card_set(extra)
        self.cards = cards
        self.solo: bool = setup["mode"] == "solitaire"
        self.seats: tuple[str, ...] = (ADV,) if self.solo else (ADV, DM)
        opts = Options(**setup["options"])
        self.opts = opts
        # -- the dungeon
        dungeon = setup["dungeon"]
        if isinstance(dungeon, str):
            if dungeon not in cards.boxes:
                raise SetupError(f"setup: dungeon: no box {dungeon!r} (boxes: {', '.join(sorted(cards.boxes))}); "
                                 "or give a list of 48 dungeon card ids")
            box = cards.boxes[dungeon]
            ids = box_dungeon(box)
            final = setup["final"] or box.final
        else:
            ids = dungeon
            final = setup["final"] or cards.boxes[DEFAULT_BOX].final
        build_dungeon(cards, ids, final)
        start = setup.get("start") or {}
        for cid in start.get("trophies", []):
            if cid not in cards.dungeon:
                raise SetupError(f"setup: start.trophies: {cid!r} is not a dungeon card")
        wanted = [cid for k in sorted(start.get("piles", {})) for cid in start["piles"][k]]
        for cid in set(wanted):
            if wanted.count(cid) > ids.count(cid):
                raise SetupError(f"setup: start.piles: the dungeon holds {ids.count(cid)} {cid!r}, "
                                 f"not {wanted.count(cid)}")
        deck = list(ids) + list(start.get("trophies", []))
        self.n_dungeon = len(ids)
        self.deck: tuple[str, ...] = tuple(deck)
        # -- the party
        advs, eqs = build_party(cards, setup["party"])
        self.adv_ids: tuple[str, ...] = tuple(advs)
        self.advs: tuple[Adventurer, ...] = tuple(cards.adventurers[a] for a in advs)
        self.n_adv = len(advs)
        self.eq_start: tuple[str, ...] = tuple(eqs)
        self.eq_labels: tuple[str, ...] = tuple(f"e{k + 1}" for k in range(len(eqs)))
        #: each equipment card's cost (green, yellow, blue, red), by id
        self.eq_cost: dict[str, tuple[int, int, int, int]] = {e: c.cost.as_tuple() for e, c in cards.equipment.items()}
        self.group_types = frozenset(a.type for a in self.advs)
        #: does a gift reroll a 1 (the bots' dice solver asks at every combat)
        self.reroll_gift = any(a.gift.effect == "reroll_on_one" for a in self.advs)
        #: the gifts that add to combat rolls (``standing_bonus``)
        self.bonus_gifts = tuple(a.gift for a in self.advs if a.gift.effect == "roll_bonus")
        self.n_gender = {g: sum(1 for a in self.advs if a.gender == g) for g in ("male", "female")}
        if start.get("mana") is not None and len(start["mana"]) != self.n_adv:
            raise SetupError(f"setup: start.mana: one entry per adventurer ({self.n_adv})")
        # -- the final monster
        self.final: FinalMonster = cards.finals[final]
        fp = parse_power(self.final.power)
        self.final_fixed, self.final_a, self.final_m = fp.fixed, fp.a, fp.m
        self.final_family = FAMILIES.index(self.final.family)
        # -- per-instance tables
        col, fam, fixed, die, a, m = [], [], [], [], [], []
        mana, pain, guard, fero, trap, green, son, nem = [], [], [], [], [], [], [], []
        ad, au, an = [], [], []
        for cid in deck:
            c = cards.dungeon[cid]
            col.append(COLOURS.index(c.colour))
            fam.append(FAMILIES.index(c.family))
            spec = c.power
            if c.nemesis is not None and c.nemesis.type in self.group_types:
                spec = c.nemesis.power
            p = parse_power(spec)
            fixed.append(p.fixed)
            die.append(p.die)
            a.append(p.a)
            m.append(p.m)
            mana.append(c.mana)
            pain.append("pain" in c.abilities)
            guard.append("bodyguard" in c.abilities)
            fero.append("ferocious" in c.abilities)
            trap.append(c.family == "trap")
            green.append(c.family == "greenskin")
            son.append(bool(SON_TAGS & set(c.tags)))
            nem.append(c.nemesis is not None)
            ad.append(c.auras.dragons)
            au.append(c.auras.undead)
            an.append(c.auras.nemesis)
        self.colour, self.family = tuple(col), tuple(fam)
        self.fixed, self.die, self.a, self.m = tuple(fixed), tuple(die), tuple(a), tuple(m)
        self.mana_icon, self.pain, self.bodyguard, self.ferocious = tuple(mana), tuple(pain), tuple(guard), tuple(fero)
        self.trap, self.greenskin, self.son, self.nemesis = tuple(trap), tuple(green), tuple(son), tuple(nem)
        self.aura_dragons, self.aura_undead, self.aura_nemesis = tuple(ad), tuple(au), tuple(an)
        self.has_auras = any(ad) or any(au) or any(an)
        # -- solitaire
        self.scenario_id: str | None = setup.get("scenario")
        self.scenario: Scenario | None = scenarios()[self.scenario_id] if self.scenario_id else None
        perm: frozenset[int] = frozenset()
        if self.scenario is not None:
            lines = opts.destiny_permanent if opts.destiny_permanent is not None else self.scenario.permanent
            try:
                check_permanent(self.scenario, lines)
            except ValueError as exc:
                raise SetupError(f"setup: options.destiny_permanent: {exc}") from exc
            perm = frozenset(lines)
        elif opts.destiny_permanent is not None:
            raise SetupError("setup: options.destiny_permanent is for solitaire play")
        self.permanent = perm
        #: the bots' combat resources of the cards, by (card id, label) (see ``bots.resources``)
        self.res_memo: dict[tuple[str, str], tuple[str, int, str] | None] = {}
        #: the Destiny lines on which the Lich wins, in increasing order (none in the duel)
        self.lich_lines: tuple[int, ...] = tuple(sorted(
            k for k, line in self.scenario.lines.items() if line.effect == "lich_wins")) if self.scenario else ()
        self.start = start
        # static card descriptions for views
        self.card_info: tuple[JSON, ...] = tuple(self._info(cid) for cid in deck)

    # -- helpers --------------------------------------------------------------------------------
    def _info(self, cid: str) -> JSON:
        c = self.cards.dungeon[cid]
        doc: JSON = {"id": cid, "name": c.name, "colour": c.colour, "family": c.family, "power": c.power,
                     "mana": c.mana}
        if c.abilities:
            doc["abilities"] = list(c.abilities)
        auras = {k: v for k, v in c.auras.model_dump().items() if v}
        if auras:
            doc["auras"] = auras
        if c.nemesis is not None:
            doc["nemesis"] = {"type": c.nemesis.type, "power": c.nemesis.power}
        if c.tags:
            doc["tags"] = list(c.tags)
        if c.unique:
            doc["unique"] = True
        return doc

    def equipment(self, eid: str) -> Equipment:
        return self.cards.equipment[eid]

    def type_index(self, t: str) -> int:
        return TYPES.index(t)
