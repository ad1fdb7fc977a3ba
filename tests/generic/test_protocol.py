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
from questbox.core import JSON, Game, IllegalAction, Match, Rng, State, derive_seed, games
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


# -- no secret randomness in anything a seat sees --------------------------------------------------
_MASK64 = (1 << 64) - 1


def _rng_states(doc: object, out: set[int]) -> None:
    """Every RNG state held anywhere in a state's JSON (under a key that names an rng)."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if "rng" in str(k).lower() and isinstance(v, dict) and isinstance(v.get("state"), int):
                out.add(v["state"])
                if isinstance(v.get("key"), str):       # a keyed generator's key (the seed)
                    out.add(int(v["key"], 16))
            _rng_states(v, out)
    elif isinstance(doc, list):
        for v in doc:
            _rng_states(v, out)


def _secret_forms(secrets_: set[int]) -> tuple[set[int], list[str]]:
    ints: set[int] = set()
    texts: list[str] = []
    for s in secrets_:
        u = s & _MASK64
        for v in {s, u, u - (1 << 64) if u >= 1 << 63 else u}:
            ints.add(v)
        for v in {abs(s), u}:
            if v >= 1 << 32:
                texts += [str(v), format(v, "x"), format(v, "X")]
    return ints, texts


def _leaks(doc: object, ints: set[int], texts: list[str], where: str = "") -> list[str]:
    """Where ``doc`` holds one of the secrets (as an integer or inside a string), nested anywhere."""
    found: list[str] = []
    if isinstance(doc, bool):
        return found
    if isinstance(doc, int):
        if doc in ints and doc >= 1 << 16:      # (a keyed generator's counter starts at 0)
            found.append(f"{where} = {doc}")
    elif isinstance(doc, float):
        if doc.is_integer() and int(doc) in ints:
            found.append(f"{where} = {doc}")
    elif isinstance(doc, str):
        if len(doc) >= 8 and any(t in doc for t in texts):
            found.append(f"{where} = {doc[:80]!r}")
    elif isinstance(doc, dict):
        for k, v in doc.items():
            found += _leaks(k, ints, texts, f"{where}.<key>")
            found += _leaks(v, ints, texts, f"{where}.{k}")
    elif isinstance(doc, list | tuple):
        for i, v in enumerate(doc):
            found += _leaks(v, ints, texts, f"{where}[{i}]")
    return found


def _large_seeds(gid: str, k: int) -> list[int]:
    """``k`` large SplitMix64 seeds and a keyed one (the server's kind, ``secret_seed``)."""
    rng = Rng(derive_seed(0x5EC2E7, gid))
    keyed = (1 << 128) | rng.below(1 << 63) << 64 | rng.below(1 << 63)
    return [(1 << 62) + rng.below(1 << 62) for _ in range(k)] + [keyed]


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_no_view_event_or_error_holds_the_seed_or_the_rng_state(gid: str, n: int) -> None:
    """Issue #15: from a seed or an RNG state anyone rebuilds every hidden card and future die, so no
    seat's view, no event it is shown and no error message it gets may hold one, in any form."""
    game = games()[gid]
    for seed in _large_seeds(gid, 2):
        match = Match(game, game.setup_for_seats(n), seed=seed, keep_events=True)
        state = match.state
        agents = {s: RandomAgent(seed=seed % 1000 + i) for i, s in enumerate(state.seats)}
        secrets_ = {seed, seed & _MASK64}
        pick = Rng(seed)
        seen_events = 0
        while True:
            _rng_states(state.to_json(), secrets_)
            ints, texts = _secret_forms(secrets_)
            assert match.events is not None
            new = match.events[seen_events:]
            seen_events = len(match.events)
            last = state.is_over()
            scan = last or seen_events == len(new) or pick.below(6) == 0
            for seat in (*state.seats, None):
                docs: list[object] = [e.to_json() for e in new if e.visible_to(seat)]
                if scan:
                    docs.append(state.view(seat))
                    if seat is not None:
                        docs.append([str(a) for a in state.legal_actions(seat)])
                        try:
                            state.clone().apply(seat, "no-such-action 99")
                        except IllegalAction as exc:
                            docs.append(str(exc))
                leaks = _leaks(docs, ints, texts)
                assert not leaks, f"{gid} seed {seed}: {seat or 'a spectator'} sees a secret: {leaks[:3]}"
            if last:
                break
            assert len(match.actions) < MAX_ACTIONS
            seat = state.to_move()[0]
            match.apply(seat, agents[seat].act(state, seat))
        # a keyed seed replays like any other
        doc = state.to_json()
        json.dumps(doc)
        assert game.from_json(doc).to_json() == doc
        assert match.replay().run(game).digest() == state.digest()
