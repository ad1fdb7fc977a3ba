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


def _audit(setup: dict[str, object], seeds: range) -> int:
    """Random playouts in which every decision is replayed on a clone whose geometry cache is empty:
    the legal actions, the events and the next state must be the same."""
    from questbox.core import Rng
    from questbox.games.descent.state import DescentState

    checked = 0
    for seed in seeds:
        st = GAME.new(setup, seed=seed)
        assert isinstance(st, DescentState)
        pick = Rng(seed)
        while not st.is_over():
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            fresh = st.clone()
            fresh._geo, fresh._legal = {}, None
            assert fresh.legal_actions(seat) == legal
            action = legal[pick.below(len(legal))]
            assert fresh.apply(seat, action) == st.apply(seat, action)
            assert fresh.to_json() == st.to_json()
            checked += 1
    return checked


def test_cached_geometry_gives_what_a_fresh_computation_gives() -> None:
    for n in GAME.seat_counts:
        assert _audit(GAME.setup_for_seats(n), range(6))
    for quest in ("drowned-chapel", "warren-raid"):
        assert _audit({"quest": quest}, range(6))


def test_cached_geometry_in_a_campaign_encounter_with_plot_cards() -> None:
    from questbox.games.descent.plot import cards_of

    cards = list(cards_of("first-legion"))
    camp = {"plot_deck": "first-legion", "threat": 12, "faceup": cards, "facedown": []}
    for quest in ("sunken-ossuary", "drowned-chapel", "warren-raid"):
        assert _audit({"quest": quest, "heroes": ["syndrael", "leoric"], "campaign": camp}, range(8))


def test_the_plain_and_the_memoized_movement_search_match_the_general_one() -> None:
    import random

    from questbox.games.descent.board import Board

    board = _board(2)
    assert board._no_damage
    rnd = random.Random(3)
    for _ in range(300):
        starts = tuple(rnd.sample(board.spaces, rnd.choice((1, 1, 4))))
        can = list(board.passable)
        blocked = rnd.sample(board.spaces, rnd.choice((0, 3, 8)))
        for s in blocked:
            can[s] = False
        extra = {s: rnd.randint(0, 2) for s in rnd.sample(board.spaces, 6)} if rnd.random() < 0.3 else None
        budget = rnd.randint(0, 9)
        plain = board._plain_paths(0, starts, budget, can, extra)
        board._no_damage = False
        try:
            general = Board._shortest_paths(board, 0, starts, budget, can, extra)
        finally:
            board._no_damage = True
        assert plain == general
        # the memoized search, which skips blocked squares it does not reach, agrees
        assert board.reach(0, starts, budget, blocked, extra)[0] == plain


def test_cached_occupied_squares_follow_every_move() -> None:
    """``occupied(*exclude)`` and ``sees`` read a cached set of the occupied squares: along random
    playouts (figures moving, falling, standing up, doors opening) they answer what the occupancy
    says at that moment."""
    from itertools import pairwise

    from questbox.core import Rng

    rng = Rng(5)
    checked = 0
    for seed in range(3):
        st = GAME.new(GAME.setup_for_seats(3), seed=seed)
        while not st.is_over():
            figs = [i for i, f in enumerate(st.figs) if f.pos >= 0 and f.status == "active"]
            for a, b in pairwise(figs):
                want = {s for s, fi in st.occ.items() if fi not in (a, b)}
                assert st.occupied(a, b) == want and st.occupied(a, b) is not st.occupied(a, b)
                assert st.sees(a, b) == st.enc.board.sight(st.doors, st.squares(a), st.squares(b), want)
                checked += 1
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.below(len(legal))])
    assert checked > 100
