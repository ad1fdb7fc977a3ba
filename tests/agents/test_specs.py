"""Seat specs are checked where they are given (issue #15, hole 5) and ``mcts`` does not read hidden
cards unless asked to (hole 6): one clear error naming the parameter, never a crash later."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questbox.agents.mcts import MCTSAgent
from questbox.core import UnknownAgent, get_game, make_agent
from questbox.core.agent import AgentLimits, AgentSpecError, check_agent_spec

BAD = [
    ("mcts:eps=2", "eps"),
    ("mcts:iters=-1", "iters"),
    ("ismcts:iters=0", "iters"),
    ("mcts:iters=1.5", "iters"),
    ("mcts:depth=-1", "depth"),
    ("mcts:rollout=heuristic,prior=-1", "prior"),
    ("mcts:rollout=heuristic,prior=nan", "prior"),
    ("mcts:chance=5", "chance"),
    ("mcts:iters=1,rollout=nope", "rollout"),
    ("mcts:c=abc", "c"),
    ("mcts:c=-1", "c"),
    ("mcts:c=inf", "c"),
    ("mcts:seconds=0", "seconds"),
    ("mcts:seconds=nan", "seconds"),
    ("mcts:cheat=2", "cheat"),
    ("mcts:nosuch=1", "nosuch"),
    ("heuristic:nosuch=1", "nosuch"),
    ("random:x=1", "x"),
]


@pytest.mark.parametrize(("spec", "param"), BAD)
def test_bad_specs_are_one_clear_error_naming_the_parameter(spec: str, param: str) -> None:
    game = get_game("heroica")          # perfect information: mcts is allowed without cheat
    with pytest.raises(AgentSpecError, match=param) as info:
        check_agent_spec(spec, game)
    message = str(info.value)
    assert "\n" not in message and spec in message
    with pytest.raises(UnknownAgent):   # the old catch-all still catches it
        make_agent(spec, game, 1)


def test_good_specs_pass_and_unknown_names_are_unknown_agents() -> None:
    game = get_game("heroica")
    for spec in ("human", "random", "heuristic", "mcts:iters=5,c=0", "ismcts:seconds=0.1",
                 "mcts:rollout=heuristic,eps=0.1,prior=1,chance=0"):
        check_agent_spec(spec, game)
    with pytest.raises(UnknownAgent, match="no agent 'nobot'") as info:
        check_agent_spec("nobot", game)
    assert not isinstance(info.value, AgentSpecError)


@pytest.mark.parametrize("gid", ["heirs", "hero-ik", "descent-campaign", "pig"])
def test_mcts_refuses_a_game_with_hidden_information(gid: str) -> None:
    game = get_game(gid)
    assert not game.perfect_information
    with pytest.raises(AgentSpecError, match="ismcts"):
        check_agent_spec("mcts:iters=5", game)
    # the research opt-in, and the agent for such games
    assert make_agent("mcts:iters=5,cheat=1", game, 1).name.endswith("cheat=1")  # type: ignore[attr-defined]
    check_agent_spec("ismcts:iters=5", game)


def test_mcts_built_without_a_game_refuses_a_hidden_state_when_it_acts() -> None:
    state = get_game("pig").new(seed=1)
    with pytest.raises(ValueError, match="hides information"):
        MCTSAgent(seed=1, iters=5).act(state, state.to_move()[0])
    assert MCTSAgent(seed=1, iters=5, cheat=True).act(state, state.to_move()[0]) in state.legal_actions("p1")


def test_limits_cap_the_search_budgets() -> None:
    game = get_game("pig")
    limits = AgentLimits(max_iters=1000, max_seconds=0.5, max_depth=50)
    for spec, param in [("ismcts:iters=100000000", "iters"), ("ismcts:seconds=10", "seconds"),
                        ("ismcts:depth=1000", "depth"), ("mcts:cheat=1", "cheat")]:
        with pytest.raises(AgentSpecError, match=param):
            check_agent_spec(spec, game, limits)
        check_agent_spec(spec, game)   # no limits (the command line, research): allowed
    agent = make_agent("ismcts:iters=1000", game, 1, limits)
    assert isinstance(agent, MCTSAgent) and agent.iters == 1000 and agent.seconds == 0.5
    plain = make_agent("ismcts", game, 1, limits)
    assert isinstance(plain, MCTSAgent) and plain.iters == 200 and plain.seconds == 0.5
    with pytest.raises(AgentSpecError, match="default settings"):
        check_agent_spec("heuristic:samples=100000000", get_game("heirs"), limits)
    check_agent_spec("heuristic", get_game("heirs"), limits)


def test_the_time_cap_ends_a_decision_whatever_its_iterations() -> None:
    game = get_game("pig")
    agent = make_agent("ismcts:iters=1000", game, 1, AgentLimits(max_iters=10**9, max_seconds=0.2))
    assert isinstance(agent, MCTSAgent)
    agent.iters = 10**9                       # as if the spec had asked for that many
    state = game.new({"target": 100}, seed=3)
    t = time.perf_counter()
    agent.act(state, state.to_move()[0])
    assert time.perf_counter() - t < 2.0
    assert 0 < agent.last_iterations < 10**9


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["mcts", "ismcts"]),
       st.lists(st.tuples(st.sampled_from(["iters", "seconds", "c", "depth", "eps", "prior", "chance",
                                           "rollout", "guide", "cheat"]),
                          st.sampled_from(["-1", "0", "1", "2.5", "nan", "inf", "abc", "heuristic", "true",
                                           "random", "1e9"])),
                max_size=3, unique_by=lambda kv: kv[0]))
def test_any_spec_builds_or_is_refused_cleanly(name: str, params: list[tuple[str, str]]) -> None:
    """No spec crashes with anything but ``UnknownAgent``; one that builds has a usable budget."""
    game = get_game("heroica")
    spec = name + (":" + ",".join(f"{k}={v}" for k, v in params) if params else "")
    try:
        agent = make_agent(spec, game, 0, AgentLimits())
    except UnknownAgent as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(agent, MCTSAgent)
    assert agent.seconds is not None and 0 < agent.seconds <= AgentLimits().max_seconds
    assert agent.iters is None or 1 <= agent.iters <= AgentLimits().max_iters
