"""The geometry caches behind fast playouts: encounters on one map share a Board, and memoized
movement searches return exactly what a fresh search computes."""

from __future__ import annotations

from questbox.games.descent import GAME
from questbox.games.descent.encounter import encounter, normalize_setup


def _board(n: int):  # type: ignore[no-untyped-def]
    return encounter(normalize_setup(GAME.setup_for_seats(n))).board


def test_encounters_on_the_same_map_share_one_board() -> None:
    a, b = _board(2), _board(3)
    assert a is b


def test_memoized_movement_search_matches_a_fresh_search() -> None:
    board = _board(2)
    can = list(board.passable)
    for start in board.spaces[:20]:
        for budget in (1, 3, 5):
            got = board.shortest_paths(0, (start,), budget, can)
            again = board.shortest_paths(0, [start], budget, list(can))
            fresh = board._shortest_paths(0, (start,), budget, can, None)
            assert got == fresh and again is got
    blocked = list(can)
    blocked[board.spaces[1]] = False
    start = board.spaces[0]
    assert board.shortest_paths(0, (start,), 5, blocked) == board._shortest_paths(0, (start,), 5, blocked, None)
    extra = {board.spaces[2]: 1}
    assert board.shortest_paths(0, (start,), 5, can, extra) == board._shortest_paths(0, (start,), 5, can, extra)


def test_reach_matches_a_fresh_search_with_the_blocked_squares() -> None:
    board = _board(2)
    blocked = tuple(board.spaces[3:6])
    can = list(board.passable)
    for s in blocked:
        can[s] = False
    extra = {board.spaces[8]: 1}
    for start in board.spaces[:20]:
        for budget in (1, 4):
            for ex in (None, extra):
                best, order = board.reach(0, (start,), budget, blocked, ex)
                assert best == board._shortest_paths(0, (start,), budget, can, ex)
                assert order == tuple(sorted(best))
                assert board.reach(0, (start,), budget, blocked, ex)[0] is best
