"""Descent data: dice, terrain, heroes, classes, monsters, abilities, search cards and quests.

Every file in ``data/`` is validated with pydantic when it is loaded; a bad file raises
:class:`~questbox.core.SetupError` naming the file and the field. Each entry carries a ``source``
that starts with ``printed:`` (and says where the printed fact comes from) or ``ours`` (designed
for questbox). The validated models are compiled into small frozen tables the engine reads.

Quests are data too: :func:`load_quest` reads a quest file (or a quest document given inline in a
setup) and checks it deeply (squares on the map, placements that fit, monsters whose abilities
the engine plays, reachable goals).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from questbox.core import SetupError
from questbox.core.validation import validated
from questbox.games.descent.tiles import PlacementModel, tiled_quest

DATA = Path(__file__).resolve().parent / "data"

ATTRIBUTES = ("might", "knowledge", "willpower", "awareness")
CONDITIONS = ("poisoned", "diseased", "immobilized", "stunned")
SURGE_EFFECTS = ("heart", "range", "pierce", "poison", "disease", "stun", "immobilize", "mend",
                 "recover-fatigue", "recover-heart", "runic", "fire-breath", "blast", "fire", "earth", "water", "air")
#: surge effects the engine does not play (a quest using a monster that has one is refused)
UNPLAYED_SURGES: frozenset[str] = frozenset()
#: surge effects that give a condition to the target, and the condition
SURGE_CONDITION = {"poison": "poisoned", "disease": "diseased", "stun": "stunned",
                   "immobilize": "immobilized"}


def _check_source(v: str) -> str:
    if not (v.startswith("printed:") and len(v) > len("printed:") + 3) and not v.startswith("ours"):
        raise ValueError("a source starts with 'printed: <where>' or 'ours'")
    return v


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


_M = TypeVar("_M", bound=BaseModel)


# -- dice -------------------------------------------------------------------------------------------
class FaceModel(_Model):
    miss: bool = False
    range: int = Field(0, ge=0)
    hearts: int = Field(0, ge=0)
    surges: int = Field(0, ge=0)
    shields: int = Field(0, ge=0)


class DieModel(_Model):
    id: str
    name: str
    kind: Literal["attack", "power", "defense"]
    source: str
    faces: list[FaceModel]

    _src = field_validator("source")(_check_source)

    @model_validator(mode="after")
    def _faces(self) -> DieModel:
        if len(self.faces) != 6:
            raise ValueError(f"die {self.id}: a die has 6 faces, not {len(self.faces)}")
        for f in self.faces:
            if self.kind == "defense" and (f.miss or f.range or f.hearts or f.surges):
                raise ValueError(f"die {self.id}: a defense die shows only shields")
            if self.kind != "defense" and f.shields:
                raise ValueError(f"die {self.id}: an attack or power die shows no shields")
            if self.kind == "power" and f.miss:
                raise ValueError(f"die {self.id}: only the attack die has the miss face")
        return self


class DiceFile(_Model):
    dice: list[DieModel]


class Face(NamedTuple):
    """One face of a die."""

    range: int
    hearts: int
    surges: int
    shields: int
    miss: bool


# -- terrain ----------------------------------------------------------------------------------------
class TerrainModel(_Model):
    id: str
    glyph: str = Field(min_length=1, max_length=1)
    cost: int = Field(ge=0)
    damage: int = Field(0, ge=0)
    passable: bool = True
    blocks_sight: bool = False
    stops: bool = False
    source: str

    _src = field_validator("source")(_check_source)


class TerrainFile(_Model):
    terrain: list[TerrainModel]


# -- surges, heroes, classes ----------------------------------------------------------------------
class SurgeModel(_Model):
    effect: Literal["heart", "range", "pierce", "poison", "disease", "stun", "immobilize", "mend",
                    "recover-fatigue", "recover-heart", "runic", "fire-breath", "blast", "fire", "earth", "water",
                    "air", "reroll-defense"]
    value: int = Field(1, ge=1)
    cost: int = Field(1, ge=1, le=3)


class Surge(NamedTuple):
    """A surge ability: spend ``cost`` surges for ``effect`` (once per attack)."""

    id: str
    effect: str
    value: int
    cost: int

    @property
    def text(self) -> str:
        what = {"heart": f"+{self.value} heart", "range": f"+{self.value} range",
                "pierce": f"Pierce {self.value}", "mend": f"Mend {self.value} (recover {self.value} hearts)",
                "recover-fatigue": f"recover {self.value} fatigue",
                "recover-heart": f"recover {self.value} heart", "runic": "suffer 1 fatigue: +2 hearts",
                "fire-breath": "Fire Breath"}.get(self.effect, self.effect.capitalize())
        return ("Surge " * self.cost).strip().replace(" ", "+") + ": " + what


def surge_id(effect: str, value: int) -> str:
    if effect in ("heart", "range", "pierce", "mend", "recover-fatigue", "recover-heart"):
        return f"{effect}{value}"
    return effect


def make_surges(models: list[SurgeModel]) -> tuple[Surge, ...]:
    out: list[Surge] = []
    seen: set[str] = set()
    for m in models:
        sid = surge_id(m.effect, m.value)
        while sid in seen:
            sid += "b"
        seen.add(sid)
        out.append(Surge(sid, m.effect, m.value, m.cost))
    return tuple(out)


class HeroModel(_Model):
    id: str
    name: str
    archetype: Literal["warrior", "healer", "mage", "scout"]
    speed: int = Field(ge=1)
    health: int = Field(ge=1)
    stamina: int = Field(ge=1)
    defense: list[str]
    might: int = Field(ge=0)
    knowledge: int = Field(ge=0)
    willpower: int = Field(ge=0)
    awareness: int = Field(ge=0)
    ability: str
    feat: str
    feat_played: bool = False
    source: str

    _src = field_validator("source")(_check_source)


class HeroesFile(_Model):
    heroes: list[HeroModel]


class CardModel(_Model):
    id: str
    name: str
    kind: Literal["skill", "weapon", "shield", "trinket"]
    fatigue: int = Field(0, ge=0)
    exhaust: bool = False
    attack: Literal["melee", "ranged"] | None = None
    dice: list[str] = Field(default_factory=list)
    traits: list[str] = Field(default_factory=list)
    hands: int = Field(0, ge=0, le=2)
    surges: list[SurgeModel] = Field(default_factory=list)
    shields: int = Field(0, ge=0)
    adjacent_hearts: int = Field(0, ge=0)
    #: a melee weapon with Reach; hearts the wielder recovers for each monster it defeats
    reach: bool = False
    defeat_hearts: int = Field(0, ge=0)
    text: str

    @model_validator(mode="after")
    def _weapon(self) -> CardModel:
        if self.kind == "weapon" and (self.attack is None or not self.dice):
            raise ValueError(f"card {self.id}: a weapon needs an attack type and dice")
        return self


class ClassModel(_Model):
    id: str
    name: str
    archetype: Literal["warrior", "healer", "mage", "scout"]
    source: str
    cards: list[CardModel]

    _src = field_validator("source")(_check_source)


class ClassesFile(_Model):
    classes: list[ClassModel]


# -- monsters -------------------------------------------------------------------------------------
class MonsterStatModel(_Model):
    speed: int = Field(ge=0)
    health: int = Field(ge=1)
    defense: list[str]
    dice: list[str]
    abilities: list[str] = Field(default_factory=list)
    surges: list[SurgeModel] = Field(default_factory=list)


class ActModel(_Model):
    minion: MonsterStatModel
    master: MonsterStatModel


class MonsterModel(_Model):
    id: str
    name: str
    short: str = Field(min_length=1, max_length=1)
    shape: tuple[int, int]
    traits: list[str]
    attack: Literal["melee", "ranged"]
    group: dict[int, tuple[int, int]]
    source: str
    #: the source of each stat line: act -> role -> source
    sources: dict[int, dict[Literal["minion", "master"], str]]
    acts: dict[int, ActModel]

    _src = field_validator("source")(_check_source)

    @field_validator("sources")
    @classmethod
    def _line_sources(cls, v: dict[int, dict[str, str]]) -> dict[int, dict[str, str]]:
        for roles in v.values():
            for text in roles.values():
                _check_source(text)
        return v

    @model_validator(mode="after")
    def _check(self) -> MonsterModel:
        w, h = self.shape
        if (w, h) not in ((1, 1), (1, 2), (2, 2), (2, 3)):
            raise ValueError(f"monster {self.id}: shape {w}x{h} is none of 1x1, 1x2, 2x2, 2x3")
        if set(self.group) != {2, 3, 4}:
            raise ValueError(f"monster {self.id}: group sizes are given for 2, 3 and 4 heroes")
        if set(self.acts) != {1, 2}:
            raise ValueError(f"monster {self.id}: stats are given for Act 1 and Act 2")
        if set(self.sources) != {1, 2} or any(set(r) != {"minion", "master"} for r in self.sources.values()):
            raise ValueError(f"monster {self.id}: sources name the source of each stat line (act 1 and 2, "
                             "minion and master)")
        return self


class MonstersFile(_Model):
    monsters: list[MonsterModel]


class AbilityModel(_Model):
    id: str
    name: str
    kind: Literal["passive", "action", "surge"]
    implemented: bool
    text: str
    source: str

    _src = field_validator("source")(_check_source)


class AbilitiesFile(_Model):
    abilities: list[AbilityModel]


class SearchCardModel(_Model):
    id: str
    name: str
    count: int = Field(ge=1)
    value: int = Field(ge=0)
    use: Literal["turn", "attack-roll", "defense-roll", "attack", "none"]
    dice: list[str] = Field(default_factory=list)
    text: str
    source: str

    _src = field_validator("source")(_check_source)


class SearchFile(_Model):
    cards: list[SearchCardModel]


# -- compiled tables ------------------------------------------------------------------------------
SIZE_OF_SHAPE = {(1, 1): "small", (1, 2): "medium", (2, 2): "huge", (2, 3): "massive"}


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    fatigue: int
    exhaust: bool
    attack: str | None
    dice: tuple[str, ...]
    traits: frozenset[str]
    surges: tuple[Surge, ...]
    shields: int
    adjacent_hearts: int
    text: str
    cls: str
    reach: bool = False
    defeat_hearts: int = 0
    hands: int = 0


@dataclass(frozen=True)
class HeroDef:
    id: str
    name: str
    archetype: str
    speed: int
    health: int
    stamina: int
    defense: tuple[str, ...]
    attributes: Mapping[str, int]
    ability: str
    feat: str
    source: str


@dataclass(frozen=True)
class Stat:
    """What a figure fights with: a monster's stat line for one act and role, an agent's, or a
    hero's (heroes get theirs from their sheet and weapon)."""

    key: str
    name: str
    monster: str
    master: bool
    speed: int
    health: int
    defense: tuple[str, ...]
    dice: tuple[str, ...]
    attack: str
    abilities: frozenset[str]
    surges: tuple[Surge, ...]
    traits: frozenset[str]
    shape: tuple[int, int]
    attributes: Mapping[str, int] | None = None   # monsters have none: they fail every test
    source: str = ""

    @property
    def size(self) -> str:
        return SIZE_OF_SHAPE[self.shape]


@dataclass(frozen=True)
class MonsterDef:
    id: str
    name: str
    short: str
    shape: tuple[int, int]
    traits: frozenset[str]
    attack: str
    group: Mapping[int, tuple[int, int]]
    stats: Mapping[tuple[int, str], Stat]   # (act, "minion"/"master") -> stat
    source: str


@dataclass(frozen=True)
class SearchCard:
    id: str
    name: str
    value: int
    use: str
    dice: tuple[str, ...]
    text: str
    count: int


@dataclass(frozen=True)
class Terrain:
    id: str
    glyph: str
    cost: int
    damage: int
    passable: bool
    blocks_sight: bool
    stops: bool


@dataclass(frozen=True)
class Library:
    """Everything in ``data/`` except the quests, validated and compiled."""

    dice: Mapping[str, tuple[Face, ...]]
    die_kind: Mapping[str, str]
    terrain: Mapping[str, Terrain]
    heroes: Mapping[str, HeroDef]
    classes: Mapping[str, tuple[Card, ...]]
    class_archetype: Mapping[str, str]
    cards: Mapping[str, Card]
    monsters: Mapping[str, MonsterDef]
    abilities: Mapping[str, AbilityModel]
    search: Mapping[str, SearchCard]

    def default_class(self, archetype: str) -> str:
        for cid, arch in self.class_archetype.items():
            if arch == archetype:
                return cid
        raise SetupError(f"no class for the {archetype} archetype")


def _read(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text())
    except OSError as exc:
        raise SetupError(f"{path.name}: cannot read: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise SetupError(f"{path.name}: not valid YAML: {exc}") from exc


def _validate(model: type[_M], doc: Any, where: str) -> _M:
    return validated(model, doc, where)



def _unique(ids: list[str], what: str, where: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise SetupError(f"{where}: {what} {i!r} appears twice")
        seen.add(i)


DiceCheck = Callable[[list[str], tuple[str, ...], str], tuple[str, ...]]


def _monsters(root: Path, abilities: Mapping[str, AbilityModel], check_dice: DiceCheck) -> dict[str, MonsterDef]:
    """:func:`build_library`'s monsters.yaml: each monster's stat lines by (act, role)."""
    mon_f = _validate(MonstersFile, _read(root / "monsters.yaml"), "monsters.yaml")
    _unique([m.id for m in mon_f.monsters], "monster", "monsters.yaml")
    monsters: dict[str, MonsterDef] = {}
    for mm in mon_f.monsters:
        stats: dict[tuple[int, str], Stat] = {}
        for act, pair in mm.acts.items():
            for role in ("minion", "master"):
                s: MonsterStatModel = getattr(pair, role)
                where = f"monsters.yaml: {mm.id} act {act} {role}"
                for a in s.abilities:
                    if a not in abilities:
                        raise SetupError(f"{where}: unknown ability {a!r}")
                stats[(act, role)] = Stat(
                    key=f"{mm.id}/{act}/{role}", name=mm.name + (" (master)" if role == "master" else ""),
                    monster=mm.id, master=role == "master", speed=s.speed, health=s.health,
                    defense=check_dice(s.defense, ("defense",), where),
                    dice=check_dice(s.dice, ("attack", "power"), where), attack=mm.attack,
                    abilities=frozenset(s.abilities), surges=make_surges(s.surges),
                    traits=frozenset(mm.traits), shape=(mm.shape[0], mm.shape[1]), source=mm.sources[act][role])
        monsters[mm.id] = MonsterDef(mm.id, mm.name, mm.short, (mm.shape[0], mm.shape[1]), frozenset(mm.traits),
                                    mm.attack, {k: (v[0], v[1]) for k, v in mm.group.items()}, stats,
                                    mm.source)
    return monsters


def build_library(root: Path = DATA) -> Library:
    """Load and validate every data file under ``root`` (the quests excepted)."""
    dice_f = _validate(DiceFile, _read(root / "dice.yaml"), "dice.yaml")
    _unique([d.id for d in dice_f.dice], "die", "dice.yaml")
    dice = {d.id: tuple(Face(f.range, f.hearts, f.surges, f.shields, f.miss) for f in d.faces)
            for d in dice_f.dice}
    kinds = {d.id: d.kind for d in dice_f.dice}

    def check_dice(ids: list[str], allowed: tuple[str, ...], where: str) -> tuple[str, ...]:
        for i in ids:
            if i not in dice:
                raise SetupError(f"{where}: unknown die {i!r} (dice: {', '.join(dice)})")
            if kinds[i] not in allowed:
                raise SetupError(f"{where}: the {i} die is a {kinds[i]} die, expected {'/'.join(allowed)}")
        return tuple(ids)

    terr_f = _validate(TerrainFile, _read(root / "terrain.yaml"), "terrain.yaml")
    _unique([t.id for t in terr_f.terrain], "terrain", "terrain.yaml")
    terrain = {t.id: Terrain(t.id, t.glyph, t.cost, t.damage, t.passable, t.blocks_sight, t.stops)
               for t in terr_f.terrain}
    if "plain" not in terrain:
        raise SetupError("terrain.yaml: the 'plain' terrain is required")

    heroes_f = _validate(HeroesFile, _read(root / "heroes.yaml"), "heroes.yaml")
    _unique([h.id for h in heroes_f.heroes], "hero", "heroes.yaml")
    heroes = {h.id: HeroDef(h.id, h.name, h.archetype, h.speed, h.health, h.stamina,
                            check_dice(h.defense, ("defense",), f"heroes.yaml: {h.id}"),
                            {a: getattr(h, a) for a in ATTRIBUTES}, h.ability, h.feat, h.source)
              for h in heroes_f.heroes}

    classes_f = _validate(ClassesFile, _read(root / "classes.yaml"), "classes.yaml")
    _unique([c.id for c in classes_f.classes], "class", "classes.yaml")
    classes: dict[str, tuple[Card, ...]] = {}
    cards: dict[str, Card] = {}
    models: dict[str, CardModel] = {}
    for c in classes_f.classes:
        deck = []
        for m in c.cards:
            if m.id in models and models[m.id] != m:     # (one card in two classes: the Wooden Shield)
                raise SetupError(f"classes.yaml: card {m.id!r} appears twice, with two texts")
            models[m.id] = m
            card = cards.get(m.id) or Card(m.id, m.name, m.kind, m.fatigue, m.exhaust, m.attack,
                                           check_dice(m.dice, ("attack", "power"), f"classes.yaml: {m.id}"),
                                           frozenset(m.traits), make_surges(m.surges), m.shields,
                                           m.adjacent_hearts, m.text, c.id, m.reach, m.defeat_hearts,
                                           m.hands)
            cards[m.id] = card
            deck.append(card)
        if sum(1 for d in deck if d.kind == "weapon") != 1:
            raise SetupError(f"classes.yaml: class {c.id} must start with exactly one weapon")
        classes[c.id] = tuple(deck)

    abil_f = _validate(AbilitiesFile, _read(root / "abilities.yaml"), "abilities.yaml")
    _unique([a.id for a in abil_f.abilities], "ability", "abilities.yaml")
    abilities = {a.id: a for a in abil_f.abilities}

    monsters = _monsters(root, abilities, check_dice)

    search_f = _validate(SearchFile, _read(root / "search.yaml"), "search.yaml")
    _unique([c.id for c in search_f.cards], "search card", "search.yaml")
    search = {c.id: SearchCard(c.id, c.name, c.value, c.use,
                               check_dice(c.dice, ("attack", "power"), f"search.yaml: {c.id}"),
                               c.text, c.count) for c in search_f.cards}
    return Library(dice, kinds, terrain, heroes, classes, {c.id: c.archetype for c in classes_f.classes},
                   cards, monsters, abilities, search)


@functools.cache
def library() -> Library:
    """The game's data (loaded once per process)."""
    return build_library()


def monster_playable(lib: Library, stat: Stat) -> list[str]:
    """The abilities of ``stat`` that the engine does not play (empty: fully playable)."""
    bad = [a for a in sorted(stat.abilities) if not lib.abilities[a].implemented]
    bad += [s.effect for s in stat.surges if s.effect in UNPLAYED_SURGES]
    return bad


# -- quests ---------------------------------------------------------------------------------------
class DoorModel(_Model):
    id: str
    name: str = ""
    edges: list[str] = Field(min_length=1)
    open: bool = False


class MapModel(_Model):
    """A character grid (``grid`` and ``tiles``) or tiles and placements (``placements``: the grid,
    tile names, the tiles' terrain and the walls between tiles follow from them); ``terrain``,
    ``walls`` and ``doors`` name squares of the map either way."""

    grid: list[str] = Field(default_factory=list)
    tiles: dict[str, dict[str, str]] = Field(default_factory=dict)
    placements: list[PlacementModel] = Field(default_factory=list)
    terrain: dict[str, list[str]] = Field(default_factory=dict)
    walls: list[str] = Field(default_factory=list)
    doors: list[DoorModel] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_form(self) -> MapModel:
        if bool(self.grid) == bool(self.placements):
            raise ValueError("a map is a character grid (grid and tiles) or tile placements (placements), "
                             "one of the two")
        if self.placements and self.tiles:
            raise ValueError("a tiled map names its tiles in its placements (no tiles key)")
        if self.grid and not self.tiles:
            raise ValueError("a character-grid map names each tile letter in tiles")
        return self


class GroupModel(_Model):
    id: str
    #: the group's monster, or (``lieutenant``) the one lieutenant of data/lieutenants.yaml it is
    monster: str = ""
    lieutenant: str | None = None
    figure: str
    name: str = ""
    open: list[str] = Field(default_factory=list)
    group: dict[int, tuple[int, int]] | None = None
    health_bonus: dict[int, int] = Field(default_factory=dict)
    #: abilities (or surge effects) this group does not use in this quest
    without: list[str] = Field(default_factory=list)
    place: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _kind(self) -> GroupModel:
        if bool(self.monster) == (self.lieutenant is not None):
            raise ValueError(f"group {self.id}: name a monster or a lieutenant (not both)")
        if self.lieutenant is not None and (self.open or self.group or self.health_bonus or self.without):
            raise ValueError(f"group {self.id}: a lieutenant's group is its one figure (no open, group, "
                             "health_bonus or without)")
        return self


class OnTileModel(_Model):
    group: str
    tile: str = Field(pattern="^[A-Z]$")


class GainModel(_Model):
    at: Literal["round-end", "round-start", "hero-knocked-out", "monster-defeated",
                "overlord-turn-start", "overlord-turn-end"]
    amount: int = 1
    #: only while a figure of this group stands on a square of this tile (the map's tile letter)
    group_on_tile: OnTileModel | None = None


class CounterModel(_Model):
    id: str
    name: str
    start: int = 0
    gain: list[GainModel] = Field(default_factory=list)


class VictoryModel(_Model):
    side: Literal["heroes", "overlord"]
    when: Literal["defeated", "counter", "round", "all-heroes-knocked-out"]
    group: str | None = None
    counter: str | None = None
    at_least: int | None = None
    round: int | None = None
    reason: str


class ReinforceModel(_Model):
    group: str
    when: Literal["overlord-turn-start", "overlord-turn-end", "round-start"]
    count: dict[int, int]
    squares: list[str] = Field(min_length=1)


class VillagersModel(_Model):
    """Villager tokens a quest places (the Acolyte of Saradyn's wounded clergy): rescued by the hero
    carrying the acolyte, carried off by the monsters (``modules/villagers.py``)."""

    name: str = "Villager"
    #: one token per hero: the first n squares (n heroes)
    squares: list[str] = Field(min_length=4)
    #: the counters raised by one (``rescued``, ``taken``): the quest's victory may name them
    rescued: str = "villagers-rescued"
    taken: str = "villagers-taken"
    #: the overlord wins once the monsters have carried off this many (by hero count; none: no such goal)
    overlord_wins: dict[int, int] = Field(default_factory=dict)
    reason: str = "the monsters carry off the villagers"


class QuestModel(_Model):
    id: str
    name: str
    act: Literal[1, 2] = 1
    source: str
    story: str = ""
    map: MapModel
    start: list[str] = Field(min_length=4)
    search: list[str] = Field(default_factory=list)
    groups: list[GroupModel] = Field(min_length=1)
    counters: list[CounterModel] = Field(default_factory=list)
    victory: list[VictoryModel] = Field(min_length=2)
    reinforcements: list[ReinforceModel] = Field(default_factory=list)
    villagers: VillagersModel | None = None
    search_deck: list[str] | None = None
    #: a quest of two encounters: the quest file of encounter 2, set up once this one ends
    next_encounter: str | None = None
    #: in an encounter 2: counters raised at its setup by the side that won encounter 1
    first_encounter: dict[Literal["heroes", "overlord"], dict[str, int]] = Field(default_factory=dict)

    _src = field_validator("source")(_check_source)


def quest_files() -> dict[str, Path]:
    return {p.stem: p for p in sorted((DATA / "quests").glob("*.yaml"))}


def read_quest(spec: str | Mapping[str, Any]) -> QuestModel:
    """A quest model from an id of ``data/quests`` or an inline quest document (a tiled map is
    built into its character grid: :func:`~questbox.games.descent.tiles.tiled_quest`)."""
    if isinstance(spec, str):
        return _quest_file(spec)
    doc = dict(spec)
    return tiled_quest(_validate(QuestModel, doc, f"quest {doc.get('id', '?')}"))


@functools.cache
def _quest_file(qid: str) -> QuestModel:
    """A quest of ``data/quests``, read and validated once per process (the model is frozen); a
    campaign builds a new encounter for every quest and would otherwise re-parse the YAML each time."""
    files = quest_files()
    if qid not in files:
        raise SetupError(f"no quest {qid!r} (quests: {', '.join(files)})")
    return tiled_quest(_validate(QuestModel, _read(files[qid]), f"quests/{qid}.yaml"))


def load_yaml(path: Path) -> Any:
    return _read(path)
