"""Heroica data: the die, heroes, monsters, items, the store, and mission files.

Everything is loaded from ``data/`` and validated with pydantic; errors are :class:`SetupError`
with a message that names the file and the field. Missions are validated more deeply by
:func:`validate_mission` (unknown pieces, overlapping pieces, unreachable targets, ...).

A mission is written either with explicit ``spaces`` (id -> ``[x, y]``) and ``links``, or with a
``map`` drawing (see ``docs/games/heroica.md``): cells at even columns of even lines, ``-`` and
``|`` between two cells link them, and a cell's glyph says what stands on it.
"""

from __future__ import annotations

import functools
from collections import deque
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from questbox.core import SetupError
from questbox.core.setupfiles import path_refused, read_document
from questbox.core.validation import explain

DATA = Path(__file__).resolve().parent / "data"

FACES = ("shield", "sword", "sword", "skull", "skull", "sword-skull")
MOVE = {"shield": 4, "sword": 3, "skull": 2, "sword-skull": 1}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Skill(_Model):
    type: Literal["melee", "ranged"]
    effect: Literal["defeat", "defeat-all", "defeat-at-range", "heal", "pickup-at-range",
                    "move-then-defeat"]
    range: int = 0
    line: Literal["path", "straight"] = "path"
    move: int = 0
    gold: int = 0
    heal: int = 0
    text: str

    @field_validator("range", "move", "gold", "heal")
    @classmethod
    def _non_negative(cls, v: int) -> int:
        if v < 0:
            raise ValueError("must not be negative")
        return v


class Face(_Model):
    face: Literal["shield", "sword", "skull", "sword-skull"]
    name: str
    move: int


class Die(_Model):
    source: str
    faces: list[Face]


class Hero(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    source: str
    skill: Skill


class Monster(_Model):
    id: str
    name: str
    glyph: str
    strength: int = Field(ge=1)
    in_set: int = Field(ge=0)
    bar: bool = False
    source: str


class Item(_Model):
    id: str
    name: str
    glyph: str
    in_set: int = Field(ge=0)
    artifact: bool = False
    source: str


class CoffinInfo(_Model):
    name: str
    glyph: str
    in_set: int
    source: str


class Weapon(_Model):
    id: str
    name: str
    source: str
    skill: Skill


class Store(_Model):
    buy: int
    sell: int
    fang_sell: int
    stock: int
    source: str


def _load_yaml(name: str) -> Any:
    path = DATA / name
    try:
        return yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise SetupError(f"heroica data {name}: {exc}") from exc


def _validation_message(exc: ValidationError) -> str:
    return explain(exc)


class Rules:
    """The game's fixed data (loaded once)."""

    def __init__(self) -> None:
        try:
            die = Die(**_load_yaml("dice.yaml")["die"])
            heroes = [Hero(**h) for h in _load_yaml("heroes.yaml")["heroes"]]
            monsters = [Monster(**m) for m in _load_yaml("monsters.yaml")["monsters"]]
            items_doc = _load_yaml("items.yaml")
            items = [Item(**i) for i in items_doc["items"]]
            coffin = CoffinInfo(**items_doc["coffin"])
            wdoc = _load_yaml("weapons.yaml")
            store = Store(**wdoc["store"])
            weapons = [Weapon(**w) for w in wdoc["weapons"]]
            relics = [Weapon(**w) for w in wdoc["relics"]]
        except ValidationError as exc:
            raise SetupError(f"heroica data: {_validation_message(exc)}") from exc
        if tuple(f.face for f in die.faces) != FACES:
            raise SetupError("heroica data dice.yaml: the die must list shield, sword, sword, skull, "
                             "skull, sword-skull")
        self.die = die
        self.heroes = {h.id: h for h in heroes}
        self.monsters = {m.id: m for m in monsters}
        self.items = {i.id: i for i in items}
        self.coffin = coffin
        self.store = store
        self.weapons = {w.id: w for w in weapons}
        self.relics = {r.id: r for r in relics}
        names = list(self.heroes) + list(self.weapons) + list(self.relics)
        if len(set(names)) != len(names):
            raise SetupError("heroica data: hero, weapon and relic ids must all differ")
        #: skill by the word that names it in ``use <skill>``
        self.skills: dict[str, Skill] = {h.id: h.skill for h in heroes}
        self.skills.update({w.id: w.skill for w in weapons})
        self.skills.update({r.id: r.skill for r in relics})
        glyphs: dict[str, tuple[str, str]] = {"o": ("space", ""), "S": ("start", ""),
                                              "T": ("target", ""), "C": ("coffin", "")}
        for m in monsters:
            glyphs[m.glyph] = ("monster", m.id)
        for i in items:
            glyphs[i.glyph] = ("item", i.id)
        self.glyphs = glyphs


@functools.cache
def rules() -> Rules:
    return Rules()


# -- missions -----------------------------------------------------------------------------------

class MissionDoc(_Model):
    id: str
    title: str
    source: str
    length: Literal["short", "medium", "long", "epic"] | None = None
    heroes: tuple[int, int] = (2, 4)
    sets: int = Field(default=1, ge=1)
    description: str = ""
    round_limit: int | None = Field(default=None, ge=1)
    map: str | None = None
    spaces: dict[str, tuple[int, int]] | None = None
    links: list[tuple[str, str]] | None = None
    start: list[str] | None = None
    target: str | None = None
    monsters: dict[str, str] = Field(default_factory=dict)
    items: dict[str, str] = Field(default_factory=dict)
    coffins: list[str] = Field(default_factory=list)


def space_id(x: int, y: int) -> str:
    """``(0, 0)`` -> ``a1``: a column letter and a row number (row 1 at the top)."""
    return chr(ord("a") + x) + str(y + 1)


def _parse_map(name: str, text: str, base: dict[str, Any]) -> dict[str, Any]:
    """Compile a ``map`` drawing into explicit spaces, links and pieces."""
    g = rules().glyphs
    lines = text.rstrip("\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    spaces: dict[str, list[int]] = {}
    links: list[list[str]] = []
    starts: list[str] = []
    targets: list[str] = []
    monsters: dict[str, str] = {}
    items: dict[str, str] = {}
    coffins: list[str] = []

    def cell(r: int, c: int) -> str:
        if 0 <= r < len(lines) and 0 <= c < len(lines[r]):
            return lines[r][c]
        return " "

    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            where = f"mission {name}: map line {r + 1}, column {c + 1}"
            if ch == " ":
                continue
            if r % 2 == 0 and c % 2 == 0:
                if ch not in g:
                    raise SetupError(f"{where}: unknown piece {ch!r} (known: {' '.join(sorted(g))})")
                x, y = c // 2, r // 2
                if x >= 26:
                    raise SetupError(f"{where}: maps are at most 26 spaces wide")
                sid = space_id(x, y)
                spaces[sid] = [x, y]
                kind, what = g[ch]
                if kind == "start":
                    starts.append(sid)
                elif kind == "target":
                    targets.append(sid)
                elif kind == "monster":
                    monsters[sid] = what
                elif kind == "item":
                    items[sid] = what
                elif kind == "coffin":
                    coffins.append(sid)
            elif r % 2 == 0 and ch == "-":
                a, b = cell(r, c - 1), cell(r, c + 1)
                if a == " " or b == " " or c % 2 == 0:
                    raise SetupError(f"{where}: '-' must stand between two spaces")
                links.append([space_id((c - 1) // 2, r // 2), space_id((c + 1) // 2, r // 2)])
            elif r % 2 == 1 and ch == "|":
                a, b = cell(r - 1, c), cell(r + 1, c)
                if a == " " or b == " " or c % 2 == 1:
                    raise SetupError(f"{where}: '|' must stand between two spaces")
                links.append([space_id(c // 2, (r - 1) // 2), space_id(c // 2, (r + 1) // 2)])
            else:
                raise SetupError(f"{where}: {ch!r} is neither a space nor a link ('-' between spaces "
                                 "on a line, '|' between lines)")
    doc = {k: v for k, v in base.items() if k != "map"}
    doc["spaces"] = spaces
    doc["links"] = links
    if "start" not in base:
        doc["start"] = starts
    elif starts and sorted(base["start"] or []) != sorted(starts):
        raise SetupError(f"mission {name}: start: must list the S spaces of the map (in the order heroes "
                         f"take them): {', '.join(starts)}")
    if "target" not in base:
        if len(targets) != 1:
            raise SetupError(f"mission {name}: the map must mark exactly one target T (it has "
                             f"{len(targets)}), or name the target space with target:")
        doc["target"] = targets[0]
    elif targets:
        raise SetupError(f"mission {name}: give the target either as T on the map or as target:")
    for key, found in (("monsters", monsters), ("items", items)):
        extra = dict(base.get(key) or {})
        for sid in extra:
            if sid in found:
                raise SetupError(f"mission {name}: {key} on {sid} given twice (map and list)")
        found.update(extra)
        doc[key] = found
    doc["coffins"] = coffins + list(base.get("coffins") or [])
    return doc


class Mission:
    """A validated mission: the explicit document plus indexes for the engine."""

    __slots__ = ("coffins", "coords", "doc", "heroes", "ids", "index", "items", "monsters", "name",
                 "starts", "target", "title")

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.name: str = doc["id"]
        self.title: str = doc["title"]
        ids = sorted(doc["spaces"], key=lambda s: (doc["spaces"][s][1], doc["spaces"][s][0]))
        self.ids: tuple[str, ...] = tuple(ids)
        self.index = {s: i for i, s in enumerate(ids)}
        self.coords: tuple[tuple[int, int], ...] = tuple(
            (int(doc["spaces"][s][0]), int(doc["spaces"][s][1])) for s in ids)
        self.starts = tuple(self.index[s] for s in doc["start"])
        self.target: int = self.index[doc["target"]]
        self.monsters = {self.index[s]: k for s, k in doc["monsters"].items()}
        self.items = {self.index[s]: k for s, k in doc["items"].items()}
        self.coffins = frozenset(self.index[s] for s in doc["coffins"])
        self.heroes: tuple[int, int] = (int(doc["heroes"][0]), int(doc["heroes"][1]))


def validate_mission(raw: Any, origin: str = "mission") -> dict[str, Any]:
    """Validate a mission document; returns its explicit form (``map`` compiled) or raises SetupError."""
    if not isinstance(raw, dict):
        raise SetupError(f"{origin}: a mission is a mapping, not {type(raw).__name__}")
    name = str(raw.get("id", origin))
    try:
        MissionDoc(**raw)
    except ValidationError as exc:
        raise SetupError(f"mission {name}: {_validation_message(exc)}") from exc
    has_map = raw.get("map") is not None
    has_spaces = raw.get("spaces") is not None
    if has_map == has_spaces:
        raise SetupError(f"mission {name}: give either a map drawing or spaces and links (not "
                         f"{'both' if has_map else 'neither'})")
    if has_map:
        doc = _parse_map(name, str(raw["map"]), raw)
    else:
        doc = {k: v for k, v in raw.items() if k != "map"}
        doc.setdefault("links", [])
        doc.setdefault("monsters", {})
        doc.setdefault("items", {})
        doc.setdefault("coffins", [])
        if doc.get("start") is None or doc.get("target") is None:
            raise SetupError(f"mission {name}: a mission with spaces must name its start and target")
    tgt = doc.get("target")
    if isinstance(tgt, str) and tgt not in (doc.get("spaces") or {}) and tgt in rules().monsters:
        where = [s for s, k in (doc.get("monsters") or {}).items() if k == tgt]
        if len(where) != 1:
            raise SetupError(f"mission {name}: target {tgt} names a monster, but {len(where)} stand on "
                             "the map (it must be exactly one)")
        doc["target"] = where[0]
    try:
        m = MissionDoc(**doc)
    except ValidationError as exc:
        raise SetupError(f"mission {name}: {_validation_message(exc)}") from exc
    _check(m)
    out = m.model_dump(exclude_none=True, exclude={"map"})
    out["spaces"] = {s: [int(v[0]), int(v[1])] for s, v in sorted(m.spaces.items())}  # type: ignore[union-attr]
    out["links"] = sorted(sorted([a, b]) for a, b in (m.links or []))
    out["heroes"] = list(m.heroes)
    return out


def _check(m: MissionDoc) -> None:
    r = rules()
    name = m.id
    spaces = m.spaces or {}

    def fail(msg: str) -> None:
        raise SetupError(f"mission {name}: {msg}")

    if not m.source.strip():
        fail("source must say 'ours' or where the printed mission comes from")
    if not spaces:
        fail("it has no spaces")
    lo, hi = m.heroes
    if not 1 <= lo <= hi <= 4:
        fail(f"heroes must be a range within 1..4, not {lo}..{hi}")
    seen: dict[tuple[int, int], str] = {}
    for sid, (x, y) in spaces.items():
        if not sid or sid.isdigit() or " " in sid:
            fail(f"space id {sid!r} must be a word that is not all digits")
        if x < 0 or y < 0:
            fail(f"space {sid} has negative coordinates")
        if (x, y) in seen:
            fail(f"spaces {seen[(x, y)]} and {sid} are both at ({x}, {y})")
        seen[(x, y)] = sid
    adj: dict[str, set[str]] = {s: set() for s in spaces}
    for a, b in m.links or []:
        for s in (a, b):
            if s not in spaces:
                fail(f"link {a}-{b} names an unknown space {s}")
        (ax, ay), (bx, by) = spaces[a], spaces[b]
        if abs(ax - bx) + abs(ay - by) != 1:
            fail(f"link {a}-{b} joins spaces that are not orthogonal neighbours on the grid")
        if b in adj[a]:
            fail(f"link {a}-{b} is given twice")
        adj[a].add(b)
        adj[b].add(a)
    start = m.start or []
    if len(start) < hi:
        fail(f"it needs at least {hi} start spaces for {hi} heroes (it has {len(start)})")
    if len(set(start)) != len(start):
        fail("a start space is listed twice")
    target = m.target or ""
    for s in [*start, target, *m.monsters, *m.items, *m.coffins]:
        if s not in spaces:
            fail(f"{s!r} is not a space of the mission")
    occupied: dict[str, str] = {}

    def put(sid: str, what: str) -> None:
        if sid in occupied:
            fail(f"overlapping pieces on {sid}: {occupied[sid]} and {what}")
        occupied[sid] = what

    counts: dict[str, int] = {}
    for sid, kind in m.monsters.items():
        if kind not in r.monsters:
            fail(f"unknown monster {kind!r} on {sid} (known: {', '.join(r.monsters)})")
        put(sid, kind)
        counts[kind] = counts.get(kind, 0) + 1
    for sid, kind in m.items.items():
        if kind not in r.items:
            fail(f"unknown item {kind!r} on {sid} (known: {', '.join(r.items)})")
        put(sid, kind)
        counts[kind] = counts.get(kind, 0) + 1
    for sid in m.coffins:
        put(sid, "coffin")
        counts["coffin"] = counts.get("coffin", 0) + 1
    limits = {k: v.in_set for k, v in r.monsters.items()}
    limits.update({k: v.in_set for k, v in r.items.items()})
    limits["coffin"] = r.coffin.in_set
    for kind, n in counts.items():
        if n > limits[kind] * m.sets:
            fail(f"{n} {kind} pieces, but {m.sets} Ilrion set(s) hold only {limits[kind] * m.sets} "
                 "(raise sets: to combine sets)")
    for sid in start:
        if sid in occupied:
            fail(f"start space {sid} holds {occupied[sid]}")
    if target in start:
        fail(f"the target {target} is a start space")
    if target in occupied and target not in m.monsters:
        fail(f"the target {target} holds {occupied[target]} (only a monster may stand on it)")
    # everything must be reachable from the start
    seen_s = set(start)
    todo = deque(start)
    while todo:
        s = todo.popleft()
        for t in adj[s]:
            if t not in seen_s:
                seen_s.add(t)
                todo.append(t)
    if target not in seen_s:
        fail(f"the target {target} cannot be reached from the start")
    lost = sorted(set(spaces) - seen_s)
    if lost:
        fail(f"space(s) {', '.join(lost[:8])} cannot be reached from the start")


@functools.cache
def bundled_missions() -> dict[str, dict[str, Any]]:
    """The missions shipped in ``data/missions`` by id (validated)."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((DATA / "missions").glob("*.yaml")):
        try:
            raw = yaml.safe_load(path.read_text())
        except yaml.YAMLError as exc:
            raise SetupError(f"{path.name}: {exc}") from exc
        doc = validate_mission(raw, path.name)
        out[doc["id"]] = doc
    return out


def resolve_mission(spec: Any) -> dict[str, Any]:
    """A mission from a setup document: a bundled name or a mission document (never a file: the
    local command line reads a path with :func:`inline_mission` first)."""
    if isinstance(spec, dict):
        return validate_mission(spec)
    if isinstance(spec, str):
        found = bundled_missions()
        if spec in found:
            return found[spec]
        if Path(spec).suffix in (".yaml", ".yml", ".json"):
            raise path_refused("mission", "the mission document")
        raise SetupError(f"no mission {spec!r} (bundled: {', '.join(found)}; or an inline mission document)")
    raise SetupError(f"a mission is a bundled name or a document, not {type(spec).__name__}")


def inline_mission(spec: Any, base_dir: Path | None) -> Any:
    """A ``mission`` entry with a path to a .yaml/.json file replaced by its (validated) document;
    anything else is returned as it is (the local command line only)."""
    if not isinstance(spec, str) or spec in bundled_missions() or \
            Path(spec).suffix not in (".yaml", ".yml", ".json"):
        return spec
    raw = read_document(spec, base_dir, "mission")
    validate_mission(raw, spec)
    return raw
