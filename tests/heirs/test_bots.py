"""The Heirs bots: fair play (only what the seat may know) and strength against random play."""

from __future__ import annotations

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import Rng, make_agent
from questbox.games.heirs import GAME
from questbox.sim import SimConfig, Summary, run


def test_lookahead_decides_the_same_whatever_it_cannot_see() -> None:
    """Resampling the cards p1 cannot see does not change p1's choice (same bot seed)."""
    checked = 0
    for seed in range(12):
        state = GAME.new({"players": 2}, seed=seed)
        walker = RandomAgent(seed=seed)
        for _ in range(seed * 3):
            if state.is_over():
                break
            mover = state.to_move()[0]
            state.apply(mover, walker.act(state, mover))
        if state.is_over() or len(state.legal_actions(state.to_move()[0])) < 2:
            continue
        seat = state.to_move()[0]
        other = state.determinize(seat, Rng(seed + 1000))
        a = make_agent("heuristic", GAME, seed=5).act(state, seat)
        b = make_agent("heuristic", GAME, seed=5).act(other, seat)
        assert a == b
        checked += 1
    assert checked >= 6


@pytest.mark.slow
def test_heuristic_beats_random_and_holds_off_the_black_wizard() -> None:
    """Issue 2's bar on 120 seeded 2-player games (seats swapped every other game): the heuristic
    wins at least 80 % of the games a player wins, and its tables lose to the Black Wizard less
    often than tables of two random players. (The 1,000-game figures are in docs/games/heirs.md.)"""
    n = 120
    mixed, rand = Summary(), Summary()
    for row in run(SimConfig("heirs", ("heuristic", "random"), n, seed=77, rotate=True), jobs=2):
        mixed.add(row)
    for row in run(SimConfig("heirs", ("random", "random"), n, seed=77), jobs=2):
        rand.add(row)
    player_wins = mixed.games - mixed.nobody
    assert player_wins > 0
    assert mixed.wins_by_agent["heuristic"] >= 0.8 * player_wins
    assert mixed.nobody < rand.nobody


#: the sha256 of the bots' choices in the games of :func:`bot_games_fingerprint`, stored when the
#: rule-of-thumb scorer was restructured (session 4); a deliberate change of the bots changes it
BOT_FINGERPRINT = "10cbf6fa1266ae78c387ebe95223c91883a865e997d4cd6ba5ec75befc51742f"


def bot_games_fingerprint() -> str:
    """Every choice of the rule-of-thumb bot (``simple``: 2, 3 and 4 players) and of the lookahead
    bot (``heuristic``, 2 players) in seeded games where it holds every seat."""
    import hashlib

    h = hashlib.sha256()
    for spec, players, seeds in (("simple", 2, 30), ("simple", 3, 20), ("simple", 4, 20), ("heuristic", 2, 6)):
        for seed in range(seeds):
            st = GAME.new(GAME.setup_for_seats(players), seed=seed)
            agents = {s: make_agent(spec, GAME, seed=seed * 7 + i) for i, s in enumerate(st.seats)}
            while not st.is_over():
                m = st.to_move()[0]
                a = agents[m].act(st, m)
                h.update(f"{m}|{a}\n".encode())
                st.apply(m, a)
    return h.hexdigest()


def test_bots_play_the_stored_games() -> None:
    """A speed-up of the bots (they play the search's rollouts) must not change a single choice."""
    assert bot_games_fingerprint() == BOT_FINGERPRINT
