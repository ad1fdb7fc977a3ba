"""The generic suite: every registered game must pass it (parametrized over the registry).

Random playouts end; clone and JSON round trips are exact; replays reproduce the final state;
illegal actions leave the state untouched; a seat's view (and its legal actions) do not change
when only what it cannot see changes; views are JSON-safe.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Game, IllegalAction, Match, Rng, State, games
from questbox.core.registry import load_errors

SEEDS = 200
MAX_ACTIONS = 20_000


def configs() -> Iterator[tuple[str, int]]:
    for gid, game in games().items():
        for n in game.seat_counts:
            yield gid, n


CONFIGS = list(configs())


def _playout(game: Game, n: int, seed: int) -> tuple[Match, list[State]]:
    """A random game; returns the match and a few states sampled along the way (clones)."""
    setup: JSON = game.setup_for_seats(n)
    match = Match(game, setup, seed=seed, keep_events=False)
    state = match.state
    agents = {s: RandomAgent(seed=seed * 31 + i) for i, s in enumerate(state.seats)}
    samples: list[State] = []
    pick = Rng(seed)
    while not state.is_over():
        assert len(match.actions) < MAX_ACTIONS, f"{game.id} seed {seed}: no end in sight"
        movers = state.to_move()
        assert movers, "a game that is not over has a seat to move"
        seat = movers[0]
        legal = state.legal_actions(seat)
        assert legal, f"{seat} is to move but has no legal action"
        if pick.below(25) == 0:
            samples.append(state.clone())
        match.apply(seat, agents[seat].act(state, seat))
    samples.append(state.clone())
    return match, samples


def test_registry_loads_cleanly() -> None:
    assert not load_errors, load_errors
    assert games(), "no game is registered"


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_random_playouts_end_and_round_trip(gid: str, n: int) -> None:
    game = games()[gid]
    seeds = max(20, SEEDS // len(game.seat_counts))
    for seed in range(seeds):
        match, samples = _playout(game, n, seed)
        out = match.state.outcome()
        assert out is not None and set(out.winners) <= set(match.state.seats)
        if seed % 10 == 0:
            # replay reproduces the final state exactly
            assert match.replay().run(game).digest() == match.state.digest()
        for s in samples[:3]:
            doc = s.to_json()
            json.dumps(doc)
            assert game.from_json(doc).to_json() == doc, "JSON round trip is not exact"
            assert s.clone().to_json() == doc, "clone differs from the original"
            json.dumps(s.view(None))


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_clone_is_independent(gid: str, n: int) -> None:
    game = games()[gid]
    for seed in range(10):
        _, samples = _playout(game, n, seed)
        for s in samples[:-1]:
            c = s.clone()
            before = s.to_json()
            seat = c.to_move()[0]
            c.apply(seat, c.legal_actions(seat)[0])
            assert s.to_json() == before, "applying to a clone changed the original"


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_illegal_actions_leave_the_state_untouched(gid: str, n: int) -> None:
    game = games()[gid]
    for seed in range(10):
        _, samples = _playout(game, n, seed)
        for s in samples:
            before = s.to_json()
            with pytest.raises(IllegalAction) as err:
                s.apply(s.seats[0], "no-such-action 99")
            assert str(err.value)
            movers = s.to_move()
            for other in s.seats:
                if other in movers:
                    continue
                for a in s.legal_actions(movers[0])[:3] if movers else []:
                    if a not in s.legal_actions(other):
                        with pytest.raises(IllegalAction):
                            s.apply(other, a)
            assert s.to_json() == before


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_views_hide_only_what_a_seat_cannot_see(gid: str, n: int) -> None:
    """Resampling what a seat cannot see (determinize) changes neither its view nor its options."""
    game = games()[gid]
    for seed in range(15):
        _, samples = _playout(game, n, seed)
        for s in samples:
            for seat in s.seats:
                view = s.view(seat)
                json.dumps(view)
                legal = s.legal_actions(seat)
                for k in range(3):
                    d = s.determinize(seat, Rng(seed * 100 + k))
                    assert d.view(seat) == view, f"{seat}'s view depends on what it cannot see"
                    assert d.legal_actions(seat) == legal
                    assert d.to_move() == s.to_move()
            # determinize depends only on what the seat sees (and the rng): resampling twice with the
            # same rng gives the same state, so a bot's choice cannot depend on hidden facts
            for seat in s.seats:
                once = s.determinize(seat, Rng(seed + 7))
                twice = s.determinize(seat, Rng(seed + 8)).determinize(seat, Rng(seed + 7))
                assert once.to_json() == twice.to_json(), f"{seat}: determinize leaks hidden facts"
            # a spectator knows no more than any seat, so no seat's resampling changes its view
            spectator = s.view(None)
            for seat in s.seats:
                assert s.determinize(seat, Rng(seed)).view(None) == spectator
