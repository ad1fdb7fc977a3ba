"""Issue #15: :meth:`Replay.from_json` itself refuses a seed that is not an integer and a recorded
outcome that is not an outcome (the server loads replays without the CLI's checks)."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core.errors import ReplayError
from questbox.core.match import play_game
from questbox.core.registry import get_game
from questbox.core.replay import Replay


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    game = get_game("heirs")
    agents = {s: RandomAgent(seed=i) for i, s in enumerate(game.seat_names({"players": 2}))}
    out: dict[str, Any] = play_game(game, agents, {"players": 2}, seed=3).replay().to_json()
    return out


def test_a_good_replay_loads_and_runs(doc: dict[str, Any]) -> None:
    rep = Replay.from_json(doc)
    assert rep.seed == 3 and rep.outcome == doc["outcome"]
    rep.run()


@pytest.mark.parametrize("seed", [True, 3.9, 3.0, "3", None, [3]])
def test_a_seed_that_is_not_an_integer_is_refused(doc: dict[str, Any], seed: Any) -> None:
    with pytest.raises(ReplayError, match="seed"):
        Replay.from_json({**doc, "seed": seed})


@pytest.mark.parametrize("outcome", [{"x": 1}, [1], {"winners": 5}, {"winners": [1]}, {"winners": "p1"},
                                     {"winners": [], "scores": {"p1": "a"}}, {"winners": [], "reason": 3}])
def test_an_outcome_that_is_not_an_outcome_is_refused(doc: dict[str, Any], outcome: Any) -> None:
    with pytest.raises(ReplayError, match="outcome"):
        Replay.from_json({**doc, "outcome": outcome})


def test_an_older_outcome_without_termination_loads(doc: dict[str, Any]) -> None:
    rep = Replay.from_json({**doc, "outcome": {"winners": doc["outcome"]["winners"]}})
    rep.run()
