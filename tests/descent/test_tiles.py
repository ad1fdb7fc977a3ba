"""Map tiles as data and quest maps written as tiles + placements (issue #18)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from questbox.core import SetupError
from questbox.games.descent.data import read_quest
from questbox.games.descent.encounter import encounter, normalize_setup
from questbox.games.descent.tiles import PlacementModel, build_map, load_tiles, rotate, tiles
from tests.descent.helpers import new, quest, setup

#: two small tiles of our own: a 2x2 room open to the south, a 1x2 room open to the north
SMALL = load_tiles({"source": "ours: test tiles", "tiles": [
    {"tile": "room", "side": "A", "rows": ["....", ".pp.", ".pw.", ".oo."]},
    {"tile": "cap", "side": "A", "rows": [".oo.", ".pp.", "...."]},
    {"tile": "cell", "side": "A", "rows": ["....", ".pp.", "...."]},
]})


def P(tile: str, x: int, y: int, rotation: int = 0, **kw: Any) -> PlacementModel:
    return PlacementModel(tile=tile, side="A", at=(x, y), rotation=rotation, **kw)  # type: ignore[arg-type]


def test_the_base_game_tiles_load_from_tags_shapes() -> None:
    t = tiles()
    assert len(t) == 66                       # TAG's 65 tiles, tile 13A in its two pieces
    assert {("1", "A"), ("30", "B"), ("endcap", "A"), ("entrance", "A"), ("13-1", "A")} <= set(t)
    # tile 21A: water spaces, openings east and west (TAG's grid)
    assert t[("21", "A")].rows[1] == ".pwpwwpo"


def test_joined_openings_build_one_map_without_walls() -> None:
    built = build_map([P("room", 0, 0, letter="R"), P("cap", 0, 2, letter="C")], library=SMALL)
    assert built.grid == ("RR", "RR", "CC")
    assert built.walls == ()
    assert built.terrain == {"water": ["B2"]}
    assert built.tiles == {"R": "Tile roomA", "C": "Tile capA"}


def test_tiles_side_by_side_without_an_opening_have_a_wall_between() -> None:
    built = build_map([P("cell", 0, 0), P("cell", 2, 0)], library=SMALL)
    assert built.grid == ("AABB",)
    assert built.walls == ("B1|C1",)


def test_overlapping_tiles_are_refused() -> None:
    with pytest.raises(SetupError, match="overlap"):
        build_map([P("room", 0, 0), P("cap", 0, 1)], library=SMALL)


def test_an_opening_that_does_not_match_is_refused() -> None:
    with pytest.raises(SetupError, match="not joined"):
        build_map([P("room", 0, 0), P("cap", 1, 2)], library=SMALL)     # the cap is one column off
    with pytest.raises(SetupError, match="not joined"):
        build_map([P("room", 0, 0)], library=SMALL)                     # nothing closes the opening


def test_a_bad_tile_file_is_refused() -> None:
    with pytest.raises(SetupError, match="none of"):
        load_tiles({"source": "ours", "tiles": [{"tile": "x", "side": "A", "rows": ["...", ".q.", "..."]}]})
    with pytest.raises(SetupError, match="leads to no space"):
        load_tiles({"source": "ours", "tiles": [{"tile": "x", "side": "A", "rows": [".o.", "...", "..."]}]})


@given(st.sampled_from(sorted(tiles())), st.sampled_from([0, 90, 180, 270]))
def test_rotation_turns_back_after_four_quarters(key: tuple[str, str], deg: int) -> None:
    rows = tiles()[key].rows
    assert rotate(rotate(rows, deg), 360 - deg if deg else 0) == rows
    turned = rotate(rows, deg)
    assert sorted("".join(turned)) == sorted("".join(rows))


def test_a_tiled_quest_builds_the_board_of_its_character_grid() -> None:
    """The same map written both ways gives the same board (grid, walls, doors, terrain)."""
    tiled = quest(start=("A1", "B1", "A3", "B3"), doors=({"id": "d", "edges": ["A2|A3", "B2|B3"]},))
    tiled["map"] = {"placements": [{"tile": "9", "side": "A", "at": [0, 0], "letter": "N", "name": "Hall"},
                                   {"tile": "endcap", "side": "A", "at": [1, -1], "rotation": 180},
                                   {"tile": "endcap", "side": "A", "at": [-1, 1], "rotation": 90},
                                   {"tile": "endcap", "side": "A", "at": [4, 1], "rotation": 270}],
                    "doors": [{"id": "d", "edges": ["C3|C4"]}], "terrain": {"water": ["D3"]}}
    tiled["start"] = ["B2", "C2", "D2", "E2"]
    tiled["groups"][0]["place"] = ["E5"]
    grid = quest(start=("B2", "C2", "D2", "E2"), doors=({"id": "d", "edges": ["C3|C4"]},))
    grid["groups"][0]["place"] = ["E5"]
    grid["map"] = {"grid": ["..AA..", ".NNNN.", "BNNNNC", "BNNNNC", ".NNNN."],
                   "tiles": {"N": {"name": "Hall"}, "A": {"name": "Tile endcapA"}, "B": {"name": "Tile endcapA"},
                             "C": {"name": "Tile endcapA"}},
                   "terrain": {"water": ["D3"]}, "doors": [{"id": "d", "edges": ["C3|C4"]}]}
    a = encounter(normalize_setup(setup(tiled)))
    b = encounter(normalize_setup(setup(grid)))
    assert a.map_json == b.map_json
    assert a.board.walls == b.board.walls and a.board.door_edges == b.board.door_edges
    assert a.board.adjacency(0) == b.board.adjacency(0)
    assert new(setup(tiled)).view(None)["map"] == new(setup(grid)).view(None)["map"]


def test_a_tiled_map_refuses_terrain_on_a_tiles_terrain_square() -> None:
    doc = quest()
    doc["map"] = {"placements": [{"tile": "21", "side": "A", "at": [0, 0]},
                                 {"tile": "endcap", "side": "A", "at": [6, 0], "rotation": 270},
                                 {"tile": "endcap", "side": "A", "at": [-1, 1], "rotation": 90}],
                  "terrain": {"lava": ["B1"]}}
    m = read_quest(doc).map
    assert m.terrain == {"water": ["C1", "E1", "F1", "C2", "E3"], "lava": ["B1"]}
    doc["map"]["terrain"] = {"lava": ["C1"]}          # C1 is water on tile 21A
    with pytest.raises(SetupError, match="C1 already has its tile's terrain"):
        read_quest(doc)


def test_a_map_is_one_form_or_the_other() -> None:
    doc = quest()
    doc["map"]["placements"] = [{"tile": "9", "side": "A", "at": [0, 0]}]
    with pytest.raises(SetupError, match="one of the two"):
        read_quest(doc)


def test_the_printed_board_of_acolyte_of_saradyn() -> None:
    """TAG's board1 (10 tiles) as placements: every opening joined, the entrance tile's squares are
    the start squares, tile 21A's water and 4A's blocks are the map's terrain."""
    qm = read_quest("acolyte-of-saradyn")
    names = {v["name"] for v in qm.map.tiles.values()}
    assert {"Tile 5A", "Tile 21A", "Tile 9A", "Tile 8A", "Tile 11A", "Tile 4A"} <= names
    enc = encounter(normalize_setup({"quest": "acolyte-of-saradyn"}))
    board = enc.board
    assert {board.tile[board.square(s)] for s in qm.start} == {"J"}
    assert len(qm.map.terrain["water"]) == 5 and len(qm.map.terrain["obstacle"]) == 5
    assert len(board.spaces) == sum(row.count(c) for row in qm.map.grid for c in qm.map.tiles)
    # one connected map: every space is reachable from the entrance
    dist = board.dist_from(board.doors_open_at_start, board.square(qm.start[0]))
    assert all(dist[s] < 10**6 for s in board.spaces if board.passable[s])


def _to_overlord_turn(s: Any) -> None:
    while s.to_move() != ("overlord",):
        legal = [str(a) for a in s.legal_actions(s.to_move()[0])]
        s.apply(None, next(a for a in legal if a.startswith("activate")) if "end" not in legal else "end")


@pytest.mark.parametrize(("square", "gained"), [("D15", 1), ("D9", 0)])
def test_the_raid_score_grows_while_a_goblin_stands_on_tile_9a(square: str, gained: int) -> None:
    """Acolyte of Saradyn: at the start of the overlord's turn the score gains 1 only while a goblin
    archer is on tile 9A (letter C); a goblin on 21A (D9) does not count."""
    from tests.descent.helpers import put

    s = new({"quest": "acolyte-of-saradyn", "heroes": ["syndrael", "avric"], "hero_abilities": False})
    put(s, "goblin-1", square)
    _to_overlord_turn(s)
    assert s.counters["escape"] == gained


@pytest.mark.parametrize("quest", [pytest.param("acolyte-of-saradyn", marks=pytest.mark.slow), "hollow-barrow",
                                   "hollow-barrow-2"])
def test_line_of_sight_on_the_tiled_maps_matches_the_reference_trace(quest: str) -> None:
    """The walls between tiles go through the fast line-of-sight trace like any other wall."""
    from tests.descent.test_los_fast import _check_board, _masks

    board = encounter(normalize_setup({"quest": quest, "heroes": ["syndrael", "avric"]})).board
    assert _check_board(board, _masks(board)) > 0


def _end_caps(rows: tuple[str, ...]) -> list[PlacementModel]:
    """An end cap on every (2-wide) opening of a tile placed at (0, 0) as ``rows``."""
    h, w = len(rows), len(rows[0])
    out: list[tuple[tuple[int, int], int]] = []
    for x in range(w - 1):
        for y, at, rot in ((0, (x - 1, -1), 180), (h - 1, (x - 1, h - 2), 0)):
            if rows[y][x] == rows[y][x + 1] == "o" and (x == 0 or rows[y][x - 1] != "o"):
                out.append((at, rot))
    for y in range(h - 1):
        for x, at, rot in ((0, (-1, y - 1), 90), (w - 1, (w - 2, y - 1), 270)):
            if rows[y][x] == rows[y + 1][x] == "o" and (y == 0 or rows[y - 1][x] != "o"):
                out.append((at, rot))
    return [P("endcap", a[0], a[1], r) for a, r in out]


@given(st.sampled_from(sorted(k for k in tiles() if k[0] != "endcap")), st.sampled_from([0, 90, 180, 270]))
def test_every_tile_turned_any_way_closes_with_end_caps(key: tuple[str, str], deg: int) -> None:
    """Every opening of every tile is two cells wide and joins an end cap: the map then has the
    tile's spaces and terrain plus two spaces per cap, and no wall (every seam is an opening)."""
    tile = tiles()[key]
    rows = rotate(tile.rows, deg)
    caps = _end_caps(rows)
    built = build_map([PlacementModel(tile=key[0], side=key[1], at=(0, 0), rotation=deg),  # type: ignore[arg-type]
                       *caps])
    spaces = sum(1 for c in "".join(rows) if c not in ".o")
    assert sum(len(r) - r.count(".") for r in built.grid) == spaces + 2 * len(caps)
    assert built.walls == ()
    assert sum(len(v) for v in built.terrain.values()) == sum(1 for c in "".join(rows) if c in "wltb")
    assert 2 * len(caps) == "".join(rows).count("o")
