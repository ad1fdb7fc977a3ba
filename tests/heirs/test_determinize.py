"""Heirs' determinization, fast and lazy, deals the same worlds as the plain one (issue #20).

``HeirsState.determinize`` works the unseen cards out once a position (:meth:`HeirsState.unseen`,
kept until the next action), and shuffles a copy's unknown deck lazily: the places above it at
once, the deck card by card as it is drawn. The reference here is the plain determinization it
replaced (the whole pool shuffled by the core generator, every card placed at once): the copies,
the generator after them and the games played on them must be the same.
"""

from __future__ import annotations

from questbox.agents.random_agent import RandomAgent
from questbox.core import Rng
from questbox.games.heirs import GAME
from questbox.games.heirs.common import SEAT_INDEX
from questbox.games.heirs.state import HeirsState


def plain(st: HeirsState, seat: str, rng: Rng) -> HeirsState:
    """The determinization before issue #20's fast paths: the reference."""
    c = st.clone()
    i = SEAT_INDEX[seat]
    deck = c.deck
    hidden = min(c.kf[i], len(deck))
    pool = deck[:hidden]
    others = [j for j in range(c.n) if j != i]
    for j in others:
        pool.extend(c.hands[j])
    private = c.look_seat >= 0 and c.look_seat != i
    if private:
        pool.extend(c.look)
    pool.sort()
    rng.shuffle(pool)
    c.rng = Rng(rng.below(1 << 62))
    deck[:hidden] = pool[:hidden]
    k = hidden
    for j in others:
        h = c.hands[j]
        h[:] = pool[k:k + len(h)]
        k += len(h)
    if private:
        c.look[:] = pool[k:k + len(c.look)]
    return c


def positions(players: int, games: int) -> list[tuple[HeirsState, str]]:
    """Positions of seeded random games (every 3rd decision), with the seat to move."""
    out: list[tuple[HeirsState, str]] = []
    for g in range(games):
        st = GAME.new({"players": players}, seed=300 + g)
        assert isinstance(st, HeirsState)
        walker = RandomAgent(seed=g)
        k = 0
        while not st.is_over():
            seat = st.to_move()[0]
            if k % 3 == 0:
                out.append((st.clone(), seat))
            st.apply(seat, walker.act(st, seat))
            k += 1
    return out


def test_the_lazy_copy_is_the_plain_copy_and_leaves_the_generator_where_it_did() -> None:
    checked = lazy = 0
    for players in (1, 2, 3, 4):
        for st, seat in positions(players, 2):
            for k in range(2):
                a, b = Rng(k), Rng(k)
                mine = st.determinize(seat, a)
                lazy += mine.lazy_n > 0
                ref = plain(st, seat, b)
                assert a._s == b._s  # the generator moved on by the whole shuffle
                assert mine.to_json() == ref.to_json()  # to_json settles the lazy deck first
                assert mine.lazy_n == 0
                checked += 1
    assert checked > 200 and lazy > 100


def test_games_on_a_lazy_copy_are_the_games_on_the_plain_copy() -> None:
    """Cards drawn one by one settle the deck the way the whole shuffle had ordered it: random
    games to the end on both copies stay the same, step by step."""
    steps = 0
    for players in (1, 2, 3, 4):
        for n, (st, seat) in enumerate(positions(players, 1)):
            mine = st.determinize(seat, Rng(n))
            ref = plain(st, seat, Rng(n))
            ref.quiet = True
            w1, w2 = RandomAgent(seed=n), RandomAgent(seed=n)
            while not ref.is_over():
                s = ref.to_move()[0]
                assert mine.to_move() == (s,)
                a = w1.act(mine, s)
                assert a == w2.act(ref, s)
                mine.apply(s, a)
                ref.apply(s, a)
                # compared without settling: the hands, chains and piles the game has shown
                assert (mine.hands, mine.chains, mine.bchains, mine.discard, mine.look) == (
                    ref.hands, ref.chains, ref.bchains, ref.discard, ref.look)
                steps += 1
            assert mine.to_json() == ref.to_json()
    assert steps > 1000


def test_unseen_is_worked_out_once_a_position_and_dropped_by_the_next_action() -> None:
    for st, seat in positions(3, 1)[:30]:
        u = st.unseen(seat)
        assert st.determinize_with(seat, Rng(4), u).to_json() == st.determinize(seat, Rng(4)).to_json()
        assert st.determinize(seat, Rng(4)).to_json() == plain(st, seat, Rng(4)).to_json()  # cached
        if st.is_over():
            continue
        mover = st.to_move()[0]
        st.apply(mover, st.legal_actions(mover)[0])
        fresh = GAME.from_json(st.to_json())
        assert isinstance(fresh, HeirsState)
        assert st.determinize(seat, Rng(5)).to_json() == fresh.determinize(seat, Rng(5)).to_json()


def test_a_clone_of_a_lazy_copy_settles_the_same() -> None:
    for st, seat in positions(2, 1)[:20]:
        mine = st.determinize(seat, Rng(9))
        twin = mine.clone()
        assert twin.lazy_n == mine.lazy_n
        assert twin.to_json() == mine.to_json() == plain(st, seat, Rng(9)).to_json()
