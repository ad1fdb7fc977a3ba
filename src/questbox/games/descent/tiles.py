"""Map tiles as data, and a quest map written as tiles and placements (issue #18).

``data/tiles.json`` holds the shapes of the base game's map tiles as character grids, converted
from TAG's ``data/descent2e/tiles.json`` (``scripts/descent_tag_tiles.py``). A tile's grid has a
ring of border cells around its spaces; an *opening* (``o``) is a border cell where another tile
joins. The characters (:data:`CELLS`)::

    .  no space (the tile's border, or a notch in its outline)
    o  an opening: a border cell where the next tile's spaces lie once the two are joined
    p  a plain space        w  water        l  lava        t  a pit        b  an obstacle (TAG's block)

A tiled quest map lists *placements* (see docs/games/descent.md, "Tiles")::

    map:
      placements:
        - {tile: "9", side: A, at: [0, 0], rotation: 0, letter: N, name: "Hall"}
        - {tile: endcap, side: A, at: [1, -2], rotation: 0}

``at`` is the master-grid column and row of the top-left cell of the tile's grid, border included,
after turning it ``rotation`` degrees clockwise. Two tiles join at an opening: the cells of one
tile's opening hold spaces of the other, and that other tile has its own opening on the first
tile's spaces just inside (so each tile's border overlaps the other's first row of spaces, as when
the printed jigsaw edges interlock). :func:`build_map` checks that no two tiles put a space on the
same cell and that every opening is matched that way (an unused opening needs an end cap), then
returns the map in the character-grid form the engine reads: one letter per tile, the tiles'
terrain, and a wall on every edge between two tiles that does not pass through a joined opening.
The map is cut to the rows and columns that hold a space; its squares are named from there (``A1``
top-left), as in a character-grid map.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from questbox.core import SetupError
from questbox.core.validation import validated

if TYPE_CHECKING:
    from questbox.games.descent.data import QuestModel

TILES_FILE = Path(__file__).resolve().parent / "data" / "tiles.json"
#: a tile cell's character -> the terrain of the space (``None``: not a space)
CELLS: dict[str, str | None] = {".": None, "o": None, "p": "plain", "w": "water", "l": "lava", "t": "pit",
                                "b": "obstacle"}
OPENING = "o"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileModel(_Model):
    tile: str = Field(min_length=1)
    side: Literal["A", "B"]
    tag: str = ""
    rows: list[str] = Field(min_length=2)

    @model_validator(mode="after")
    def _shape(self) -> TileModel:
        w = len(self.rows[0])
        where = f"tile {self.tile}{self.side}"
        if any(len(r) != w for r in self.rows):
            raise ValueError(f"{where}: every row has the same length")
        h = len(self.rows)
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                if ch not in CELLS:
                    raise ValueError(f"{where}: {ch!r} at column {x}, row {y} is none of {''.join(CELLS)}")
                ring = x in (0, w - 1) or y in (0, h - 1)
                if ring and CELLS[ch] is not None:
                    raise ValueError(f"{where}: a space on the border ring (column {x}, row {y})")
                if ch == OPENING:
                    if not ring or (x in (0, w - 1) and y in (0, h - 1)):
                        raise ValueError(f"{where}: an opening lies on the border ring, not at a corner "
                                         f"(column {x}, row {y})")
                    ix, iy = _inward(x, y, w, h)
                    if CELLS[self.rows[iy][ix]] is None:
                        raise ValueError(f"{where}: the opening at column {x}, row {y} leads to no space")
        return self


class TilesFile(_Model):
    source: str
    tiles: list[TileModel] = Field(min_length=1)


class PlacementModel(_Model):
    """A tile of ``data/tiles.json`` placed on a tiled map: which tile and side, the master-grid
    cell of its grid's top-left corner (border included) after the turn, the turn clockwise, and
    optionally the map letter and name it gets."""

    tile: str
    side: Literal["A", "B"]
    at: tuple[int, int]
    rotation: Literal[0, 90, 180, 270] = 0
    letter: str | None = Field(None, pattern="^[A-Z]$")
    name: str | None = None


@dataclass(frozen=True)
class Tile:
    tile: str
    side: str
    rows: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.tile}{self.side}"


@dataclass(frozen=True)
class BuiltMap:
    """A tiled map in the engine's character-grid form."""

    grid: tuple[str, ...]
    tiles: dict[str, str]                 # letter -> tile name
    terrain: dict[str, list[str]]         # terrain id -> squares (plain left out)
    walls: tuple[str, ...]                # "A1|A2" edges between tiles


def _inward(x: int, y: int, w: int, h: int) -> tuple[int, int]:
    if y == 0:
        return x, 1
    if y == h - 1:
        return x, h - 2
    if x == 0:
        return 1, y
    return w - 2, y


def rotate(rows: Sequence[str], degrees: int) -> tuple[str, ...]:
    """``rows`` turned ``degrees`` (0, 90, 180, 270) clockwise."""
    if degrees % 90:
        raise SetupError(f"rotation: 0, 90, 180 or 270 degrees, not {degrees}")
    out = tuple(rows)
    for _ in range((degrees // 90) % 4):
        out = tuple("".join(out[len(out) - 1 - y][x] for y in range(len(out))) for x in range(len(out[0])))
    return out


def load_tiles(doc: Any, where: str = "tiles.json") -> dict[tuple[str, str], Tile]:
    """The tiles of a tile document, by (tile, side), validated (``SetupError`` naming the place)."""
    tf = validated(TilesFile, doc, where)
    out: dict[tuple[str, str], Tile] = {}
    for t in tf.tiles:
        key = (t.tile, t.side)
        if key in out:
            raise SetupError(f"{where}: tile {t.tile}{t.side} appears twice")
        out[key] = Tile(t.tile, t.side, tuple(t.rows))
    return out


@functools.cache
def tiles() -> Mapping[tuple[str, str], Tile]:
    """The base game's tiles (``data/tiles.json``), loaded once per process."""
    try:
        doc = json.loads(TILES_FILE.read_text())
    except (OSError, ValueError) as exc:
        raise SetupError(f"tiles.json: cannot read: {exc}") from exc
    return load_tiles(doc)


def _name(x: int, y: int) -> str:
    return f"{_COLS[x]}{y + 1}"


def build_map(placements: Sequence[PlacementModel], where: str = "map",
              library: Mapping[tuple[str, str], Tile] | None = None) -> BuiltMap:
    """The character-grid map of ``placements`` (validated: tiles that exist, no overlapping spaces,
    every opening joined to a matching opening of another tile)."""
    lib = tiles() if library is None else library
    if not placements:
        raise SetupError(f"{where}: a tiled map places at least one tile")
    owner: dict[tuple[int, int], int] = {}
    terrain: dict[tuple[int, int], str] = {}
    #: cell -> the placements with an opening there, and the cell just inside each
    openings: dict[tuple[int, int], list[tuple[int, tuple[int, int]]]] = {}
    labels: list[str] = []
    used = {p.letter for p in placements if p.letter}
    free = [c for c in LETTERS if c not in used]
    letters: list[str] = []
    for i, p in enumerate(placements):
        key = (p.tile, p.side)
        if key not in lib:
            raise SetupError(f"{where}: placement {i + 1}: no tile {p.tile}{p.side} in tiles.json")
        label = f"tile {p.tile}{p.side} (placement {i + 1})"
        labels.append(label)
        if p.letter:
            letter = p.letter
        elif free:
            letter = free.pop(0)
        else:
            raise SetupError(f"{where}: more than {len(LETTERS)} tiles; give each a letter")
        if letter in letters:
            raise SetupError(f"{where}: {label}: the letter {letter} is another tile's")
        letters.append(letter)
        rows = rotate(lib[key].rows, p.rotation)
        h, w = len(rows), len(rows[0])
        x0, y0 = p.at
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                cell = (x0 + x, y0 + y)
                if ch == OPENING:
                    ix, iy = _inward(x, y, w, h)
                    openings.setdefault(cell, []).append((i, (x0 + ix, y0 + iy)))
                    continue
                ter = CELLS[ch]
                if ter is None:
                    continue
                if cell in owner:
                    raise SetupError(f"{where}: {label} and {labels[owner[cell]]} overlap (master cell "
                                     f"{cell[0]},{cell[1]})")
                owner[cell] = i
                terrain[cell] = ter
    joined: set[frozenset[tuple[int, int]]] = set()
    for cell, ops in openings.items():
        for i, inside in ops:
            j = owner.get(cell)
            if j is None or j == i or not any(k == j and there == cell for k, there in openings.get(inside, [])):
                raise SetupError(f"{where}: the opening of {labels[i]} at master cell {cell[0]},{cell[1]} is not "
                                 "joined to a matching opening of another tile (close an unused opening with an "
                                 "end cap)")
            joined.add(frozenset((cell, inside)))
    xs = [c[0] for c in owner]
    ys = [c[1] for c in owner]
    left, top = min(xs), min(ys)
    width, height = max(xs) - left + 1, max(ys) - top + 1
    if width > len(_COLS):
        raise SetupError(f"{where}: the map is {width} squares wide; at most {len(_COLS)} columns are named")
    grid = tuple("".join(letters[owner[(left + x, top + y)]] if (left + x, top + y) in owner else "."
                         for x in range(width)) for y in range(height))
    names: dict[str, str] = {}
    for i, p in enumerate(placements):
        names[letters[i]] = p.name or f"Tile {p.tile}{p.side}"
    ter_out: dict[str, list[str]] = {}
    walls: list[str] = []
    for (x, y), i in sorted(owner.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if terrain[(x, y)] != "plain":
            ter_out.setdefault(terrain[(x, y)], []).append(_name(x - left, y - top))
        for nb in ((x + 1, y), (x, y + 1)):
            j = owner.get(nb)
            if j is not None and j != i and frozenset(((x, y), nb)) not in joined:
                walls.append(f"{_name(x - left, y - top)}|{_name(nb[0] - left, nb[1] - top)}")
    return BuiltMap(grid, names, ter_out, tuple(walls))


def tiled_quest(qm: QuestModel) -> QuestModel:
    """``qm`` with a tiled map replaced by the character grid it builds (the placements kept); the
    tiles' terrain joins the quest's own (a square given two terrains is refused), the walls between
    tiles join the quest's walls. A character-grid quest is returned as it is."""
    m = qm.map
    if not m.placements:
        return qm
    where = f"quest {qm.id}: map"
    built = build_map(m.placements, where)
    terrain = {k: list(v) for k, v in built.terrain.items()}
    have = {s for v in terrain.values() for s in v}
    for tid, squares in m.terrain.items():
        for s in squares:
            if s in have:
                raise SetupError(f"{where}: square {s} already has its tile's terrain")
        terrain.setdefault(tid, []).extend(squares)
    grid_map = m.model_copy(update={"grid": list(built.grid), "terrain": terrain, "walls": [*built.walls, *m.walls],
                                    "tiles": {k: {"name": v} for k, v in built.tiles.items()}})
    return qm.model_copy(update={"map": grid_map})
