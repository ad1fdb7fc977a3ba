"""The map: square names, adjacency across walls and doors, range, and corner-to-corner line of
sight (research/descent.md §5.6 reports TAG's simplified Bresenham line; we trace the printed
corner-to-corner rule as the Descent 2e wiki states it)."""

from __future__ import annotations

import pytest

from questbox.core import SetupError
from questbox.games.descent.board import Board
from questbox.games.descent.state import DescentState
from tests.descent.helpers import fig, group, new, put, quest, setup

OPEN = ["AAAAAAA"] * 5


def arena(grid: list[str] = OPEN, start: tuple[str, ...] = ("A1", "A2", "B1", "B2"),
          places: tuple[str, str] = ("G5", "F5"), **kw: object) -> DescentState:
    q = quest(grid, groups=[group("goblin-archer", "goblin", list(places), minions=2)],
              start=start, **kw)  # type: ignore[arg-type]
    return new(setup(q))


def sees(st: DescentState, a: str, b: str) -> bool:
    board = st.board
    return board.sight(st.doors, (board.index[a],), (board.index[b],), st.occupied())


def test_squares_are_named_by_column_letter_and_row_number() -> None:
    st = arena()
    board = st.board
    assert board.names[0] == "A1" and board.xy(board.index["C5"]) == (2, 4)
    with pytest.raises(SetupError, match="not a space"):
        board.square("Z9")


def test_adjacency_includes_diagonals_but_not_across_walls() -> None:
    st = arena(walls=("D1|E1", "D2|E2", "D2|D3", "E2|E3"))
    b, m = st.board, st.doors
    sq = b.index
    assert b.adjacent(m, sq["C3"], sq["D4"]) and b.adjacent(m, sq["C3"], sq["C2"])
    assert not b.adjacent(m, sq["D1"], sq["E1"])            # a wall between orthogonal neighbours
    assert not b.adjacent(m, sq["D2"], sq["E3"])            # through the corner where two walls meet
    assert not b.adjacent(m, sq["D3"], sq["E2"])
    assert b.adjacent(m, sq["C2"], sq["D3"])                # past the end of a wall
    assert b.distance(m, [sq["D1"]], [sq["E1"]]) == 5       # range goes round the wall


def test_range_counts_spaces_along_the_shortest_route() -> None:
    st = arena()
    b = st.board
    assert b.distance(st.doors, [b.index["A1"]], [b.index["D4"]]) == 3
    assert b.distance(st.doors, [b.index["A1"]], [b.index["G2"]]) == 6


def test_an_obstacle_between_blocks_line_of_sight_but_a_corner_does_not() -> None:
    st = arena(terrain={"obstacle": ["D3"]})
    assert not sees(st, "A3", "G3")
    assert sees(st, "A2", "G4")             # a line only touches D3's corner
    assert sees(st, "A1", "G1")


def test_line_of_sight_passes_between_two_diagonal_obstacles() -> None:
    st = arena(terrain={"obstacle": ["C2", "D3"]})
    assert sees(st, "A4", "F1")


def test_figures_block_line_of_sight_like_obstacles() -> None:
    st = arena()
    assert sees(st, "A3", "G3")
    put(st, "goblin-1", "D3")
    assert not sees(st, "A3", "G3")
    assert st.sees(fig(st, "goblin-1"), fig(st, "syndrael"))


def test_adjacent_spaces_always_see_each_other() -> None:
    st = arena(terrain={"obstacle": ["B1"]})
    assert sees(st, "A2", "B2") and sees(st, "A1", "B2")


def test_a_corridor_one_space_wide_has_line_of_sight_along_it() -> None:
    st = arena(["AAAAAAA", "A......", "A......", "A......", "AAAAAAA"], start=("A1", "A2", "A3", "A4"))
    assert sees(st, "A1", "G1")
    put(st, "goblin-1", "D1")
    assert not sees(st, "A1", "G1")


def test_walls_block_line_of_sight_except_through_a_gap() -> None:
    walls = ("D1|E1", "D2|E2", "D4|E4", "D5|E5")
    st = arena(walls=walls)
    assert not sees(st, "A1", "G1")
    assert sees(st, "A3", "G3")
    assert sees(st, "A1", "G5")


def test_a_closed_door_blocks_line_of_sight_and_an_open_one_does_not() -> None:
    walls = ("D1|E1", "D2|E2", "D4|E4", "D5|E5")
    st = arena(walls=walls, doors=({"id": "gate", "edges": ["D3|E3"], "open": False},))
    assert not sees(st, "A3", "G3")
    b = st.board
    assert not b.adjacent(st.doors, b.index["D3"], b.index["E3"])
    st.doors = 1
    assert sees(st, "A3", "G3") and b.adjacent(st.doors, b.index["D3"], b.index["E3"])


def test_void_squares_meeting_at_a_corner_block_the_line_through_it() -> None:
    # B2 and C3 are void and touch at one corner: C2 and B3 neither see each other nor are adjacent
    st = arena(["AAAA", "A.AA", "AA.A", "AAAA"], start=("A1", "A2", "A3", "B1"), places=("D4", "C4"))
    b = st.board
    assert not b.adjacent(st.doors, b.index["C2"], b.index["B3"])
    assert not sees(st, "C2", "B3")
    assert sees(st, "D1", "D4") and sees(st, "B1", "D1")


def test_board_validates_its_map() -> None:
    with pytest.raises(SetupError, match="tile letter"):
        Board(["AX"], {"A": "a"}, {}, {"plain": True}, {"plain": False}, {"plain": 1}, {"plain": 0},
              {"plain": False}, [], [])
    with pytest.raises(SetupError, match="orthogonal"):
        Board(["AAA"], {"A": "a"}, {}, {"plain": True}, {"plain": False}, {"plain": 1}, {"plain": 0},
              {"plain": False}, ["A1|C1"], [])


def test_every_pair_of_spaces_in_an_open_room_sees_each_other() -> None:
    st = arena(["AAAAAAAA"] * 6)
    b = st.board
    assert all(b.sight(0, (x,), (y,), set()) for x in b.spaces for y in b.spaces)


def test_no_line_crosses_a_wall_that_splits_the_room() -> None:
    st = arena(["AAAAAAAA"] * 6, walls=tuple(f"D{r}|E{r}" for r in range(1, 7)))
    b = st.board
    left = [s for s in b.spaces if b.xy(s)[0] <= 3]
    right = [s for s in b.spaces if b.xy(s)[0] >= 4]
    assert not any(b.sight(0, (x,), (y,), set()) for x in left for y in right)
    assert all(b.distance(0, [x], [y]) >= 999 for x in left for y in right)
