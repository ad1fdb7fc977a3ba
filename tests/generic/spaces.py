"""The action-space walk every game's fixed action space must survive (used by the generic suite's
``test_action_space.py`` and by the games' own tests for their coverage checks).

A walk plays games from a setup (the game's ``heuristic`` bot plays ``smart_share`` in 10 moves where
the game has one, uniform random the others) and checks that every legal action of every seat is in
the space, in the real state and, every ``worlds_every`` moves, in the worlds ``determinize`` makes
for each seat (the searches of the RL libraries ask them too; a game of perfect information has
no other worlds).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Action, Agent, Game, Rng, Seat, State, make_agent


@dataclass(frozen=True)
class Walk:
    """One walk the generic suite plays: a setup, its seeds and how the moves are chosen."""

    setup: JSON | None
    seeds: range = field(default_factory=lambda: range(10))
    smart_share: int = 0
    max_steps: int = 5000
    worlds_every: int = 10
    name: str = ""


def _pending(s: State) -> str:
    pending = getattr(s, "pending", None)
    return str(pending[-1].kind) if pending else "-"


def check_space_shape(game: Game, setup: JSON | None) -> list[Action]:
    """The space is non-empty, without duplicates, the same when built again (from a copy of the
    setup, from the setup a new state records, and from the setup completed for its seats) and
    every action round-trips the notation."""
    space = game.action_space(setup)
    assert space is not None and space, f"{game.id}: no action space for {setup!r}"
    assert len(space) == len(set(space)), f"{game.id}: duplicates in the space"
    assert game.action_space(dict(setup) if setup is not None else None) == space
    recorded = game.new(setup, seed=3).to_json().get("setup")
    if isinstance(recorded, dict):
        assert game.action_space(recorded) == space, f"{game.id}: the recorded setup has another space"
    seats = len(game.seat_names(setup))
    assert game.action_space(game.setup_for_seats(seats, setup)) == space, f"{game.id}: completed setup"
    for a in space:
        assert game.parse_action(str(a)) == a, f"{game.id}: {a} does not round-trip through the notation"
    return space


def walk(game: Game, setup: JSON | None, seeds: range, *, smart_share: int = 0, max_steps: int = 5000,
         worlds_every: int = 10) -> set[Action]:
    """Play one game per seed and check every legal action against the space; returns the legal
    actions seen (for the games' coverage checks)."""
    space = game.action_space(setup)
    assert space is not None
    index = set(space)
    seen: set[Action] = set()
    smart_spec = "heuristic" if "heuristic" in game.agents() else None
    for seed in seeds:
        s = game.new(setup, seed=seed)
        dumb: dict[Seat, Agent] = {x: RandomAgent(game=game, seed=seed + 9 + i) for i, x in enumerate(s.seats)}
        smart: dict[Seat, Agent] = dumb
        if smart_spec and smart_share:
            smart = {x: make_agent(smart_spec, game, seed + i) for i, x in enumerate(s.seats)}
        pick = Rng(seed + 1000)
        k = 0
        while not s.is_over() and k < max_steps:
            for seat in s.seats:
                legal = s.legal_actions(seat)
                missing = [str(a) for a in legal if a not in index]
                assert not missing, f"{game.id} seed {seed}, {seat}, {_pending(s)}: {missing} not in the space"
                seen.update(legal)
                if worlds_every and k % worlds_every == 0 and not game.perfect_information:
                    d = s.determinize(seat, Rng(seed * 1009 + k))
                    for other in d.seats:
                        extra = [str(a) for a in d.legal_actions(other) if a not in index]
                        assert not extra, (f"{game.id} seed {seed}, a world of {seat}, {other}: {extra} "
                                           "not in the space")
            movers = s.to_move()
            seat = movers[pick.below(len(movers))] if len(movers) > 1 else movers[0]
            agents = smart if pick.below(10) < smart_share else dumb
            s.apply(seat, agents[seat].act(s, seat))
            k += 1
    return seen
