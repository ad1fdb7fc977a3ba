"""The search agents' rollout policy option (``ismcts:rollout=heuristic,eps=0.1``)."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.agents.mcts import MCTSAgent
from questbox.agents.random_agent import RandomAgent
from questbox.core import Rng, State, get_game, make_agent
from questbox.core.errors import UnknownAgent
from tests.agents.helpers import mid_game


def test_spec_parses_the_rollout_policy() -> None:
    game = get_game("hero-ik")
    agent = make_agent("ismcts:iters=20,rollout=heuristic,eps=0.25,depth=30", game, seed=4)
    assert isinstance(agent, MCTSAgent)
    assert (agent.rollout, agent.eps, agent.depth, agent.iters) == ("heuristic", 0.25, 30, 20)
    assert type(agent._policy).__name__ == "HeuristicAgent"
    assert agent.name == "ismcts:iters=20,rollout=heuristic,eps=0.25"
    # the default stays uniformly random rollouts, with the old name
    plain = make_agent("ismcts:iters=20", game, seed=4)
    assert isinstance(plain, MCTSAgent) and plain._policy is None and plain.rollout == "random"
    assert plain.name == "ismcts:iters=20"
    # any of the game's own bots can drive rollouts (Heirs: the cheap rule-of-thumb bot)
    heirs = make_agent("ismcts:iters=20,rollout=simple", get_game("heirs"), seed=1)
    assert isinstance(heirs, MCTSAgent) and type(heirs._policy).__name__ == "SimpleAgent"


@pytest.mark.parametrize("spec", [
    "ismcts:rollout=nosuchbot",      # not one of the game's bots
    "ismcts:rollout=ismcts",          # generic agents are not rollout policies
    "ismcts:rollout=heuristic,eps=1.5",
    "ismcts:rollout=heuristic,eps=-0.1",
    "ismcts:eps=yes",
    "ismcts:rollout=3",
    "ismcts:depth=-1",
    "ismcts:depth=2.5",
])
def test_illegal_rollout_parameters_are_refused(spec: str) -> None:
    with pytest.raises((ValueError, UnknownAgent)):
        make_agent(spec, get_game("hero-ik"), seed=1)


def test_an_unknown_rollout_bot_is_refused_when_the_game_is_first_seen() -> None:
    """Built without a game, the agent looks the bot up at its first decision."""
    agent = MCTSAgent(iters=5, determinize=True, rollout="nosuchbot")
    state = mid_game("hero-ik", 1, 4)
    with pytest.raises(ValueError, match="nosuchbot"):
        agent.act(state, state.to_move()[0])


@pytest.mark.parametrize(("gid", "spec"), [
    ("hero-ik", "ismcts:iters=30,rollout=heuristic,eps=0.2"),
    ("heirs", "ismcts:iters=30,rollout=simple,eps=0.1,depth=20"),
])
def test_bot_rollouts_are_reproducible_for_a_seed(gid: str, spec: str) -> None:
    game = get_game(gid)
    checked = 0
    for seed in range(6):
        state = mid_game(gid, seed, 10 + 3 * seed)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        picks = []
        for _ in range(2):
            agent = make_agent(spec, game, seed=seed)
            sim = state.clone()
            moves = []
            for _ in range(3):  # a few decisions in a row: the agent's and its bot's streams advance
                if sim.is_over():
                    break
                mover = sim.to_move()[0]
                a = agent.act(sim, mover)
                moves.append(a)
                sim.apply(mover, a)
            picks.append(moves)
        assert picks[0] == picks[1]
        checked += 1
    assert checked >= 3


def test_rollouts_follow_the_bot_and_eps_mixes_in_random_actions() -> None:
    game = get_game("hero-ik")
    state = mid_game("hero-ik", 2, 6)
    seat = state.to_move()[0]
    calls = {"n": 0}

    class Counting:
        """The rollout bot behind a counter (a wrapper: a compiled bot's methods cannot be patched)."""

        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def __getattr__(self, name: str) -> Any:
            return getattr(self.bot, name)

        def act(self, st: State, s: str) -> Any:
            calls["n"] += 1
            return self.bot.act(st, s)

    def counting(agent: MCTSAgent) -> None:
        agent._policy = Counting(agent._policy)  # type: ignore[assignment]

    pure = make_agent("ismcts:iters=40,rollout=heuristic,depth=8", game, seed=3)
    assert isinstance(pure, MCTSAgent)
    counting(pure)
    pure.act(state.clone(), seat)
    with_bot = calls["n"]
    assert with_bot > 0
    calls["n"] = 0
    mixed = make_agent("ismcts:iters=40,rollout=heuristic,depth=8,eps=1", game, seed=3)
    assert isinstance(mixed, MCTSAgent)
    counting(mixed)
    mixed.act(state.clone(), seat)
    assert calls["n"] == 0  # eps=1: every rollout action is uniformly random


def test_the_rollout_bot_has_a_seed_of_its_own() -> None:
    """The bot's generator is derived from the agent's seed, not a copy of the agent's stream."""
    game = get_game("hero-ik")

    def draws(rng: Rng) -> list[int]:
        return [rng.below(1 << 30) for _ in range(4)]

    bots: list[Any] = []
    for seed in (7, 8):
        agent = make_agent("ismcts:rollout=heuristic", game, seed=seed)
        assert isinstance(agent, MCTSAgent)
        bots.append(agent._policy)
    first, second = draws(bots[0].rng), draws(bots[1].rng)
    assert first != draws(Rng(7)) and first != second


def _rps_state(seed: int) -> State | None:
    """A hero-ik duel at a rock/paper/scissors fight (both seats choose at once), or None."""
    state = mid_game("hero-ik", seed, 0)
    walker = RandomAgent(seed=seed)
    for _ in range(400):
        if state.is_over():
            return None
        if len(state.to_move()) > 1:
            return state
        seat = state.to_move()[0]
        state.apply(seat, walker.act(state, seat))
    return None


def test_simultaneous_choices_are_searched_for_the_searching_seat() -> None:
    """At a simultaneous decision each seat's search ranks its own choices (hero-ik's
    rock/paper/scissors), reproducibly; before, a seat listed second got no root statistics."""
    found = 0
    for seed in range(40):
        state = _rps_state(seed)
        if state is None:
            continue
        found += 1
        for seat in state.to_move():
            agent = MCTSAgent(game=get_game("hero-ik"), seed=seed, iters=30, determinize=True)
            again = MCTSAgent(game=get_game("hero-ik"), seed=seed, iters=30, determinize=True)
            pick = agent.act(state, seat)
            assert pick in state.legal_actions(seat) and pick == again.act(state, seat)
            # the root's statistics are this seat's own choices, every one of them tried
            assert set(agent.last_visits) == set(state.legal_actions(seat))
        if found >= 3:
            break
    assert found >= 1


def test_prior_expands_the_bots_choice_first_and_needs_a_bot() -> None:
    """``prior=W``: the rollout bot's choice is the first child a node expands (hero-ik's heuristic
    always rolls before spending Mana)."""
    game = get_game("hero-ik")
    with pytest.raises((ValueError, UnknownAgent)):
        make_agent("ismcts:prior=1", game, seed=1)  # no bot to take hints from
    with pytest.raises((ValueError, UnknownAgent)):
        make_agent("ismcts:rollout=heuristic,prior=-1", game, seed=1)
    agent = make_agent("ismcts:iters=30,rollout=heuristic,prior=0.5", game, seed=1)
    assert isinstance(agent, MCTSAgent) and agent.prior == 0.5
    assert agent.name == "ismcts:iters=30,rollout=heuristic,prior=0.5"
    checked = 0
    for seed in range(30):
        state = mid_game("hero-ik", seed, 0)
        walker = RandomAgent(seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            top = state.pending[-1]
            if top.kind == "preroll" and len(state.legal_actions(seat)) > 1:
                break
            state.apply(seat, walker.act(state, seat))
        if state.is_over():
            continue
        one = make_agent("ismcts:iters=1,rollout=heuristic,prior=1", game, seed=seed)
        assert isinstance(one, MCTSAgent)
        one.act(state, seat)
        assert [str(a) for a in one.last_visits] == ["roll"]
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1
