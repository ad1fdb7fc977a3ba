"""What the adapters leave out for speed (issue #21 item 5) changes nothing a learner sees."""

from __future__ import annotations

import importlib.util
import json

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from questbox.adapters.gymnasium import make
from questbox.adapters.pettingzoo import env as pz_env
from questbox.core import Rng, games, get_game

pytestmark = pytest.mark.skipif("heirs" not in games(), reason="Heirs is not registered")


def test_the_adapters_states_write_no_events() -> None:
    """Nobody reads the events of an adapter's moves, so a state that can skip them (Heirs'
    ``quiet``) is told to: building their texts was about a fifth of a Heirs move."""
    gym = make("heirs", setup={"players": 2}, opponents="random")
    gym.reset(seed=4)
    pz = pz_env("heirs", {"players": 2})
    pz.reset(seed=4)
    states = [gym.state, pz.game_state]
    if importlib.util.find_spec("pyspiel") is not None:
        from questbox.adapters import openspiel

        spiel = openspiel.load("heirs", players=2, seed=4, deals=1).new_initial_state()
        while spiel.is_chance_node() or spiel.qb is None:
            spiel.apply_action(spiel.chance_outcomes()[0][0])
        spiel.apply_action(spiel.legal_actions()[0])
        while spiel.is_chance_node():
            spiel.apply_action(spiel.chance_outcomes()[0][0])
        states.append(spiel.qb)  # a state made by a move (the explicit-chance copy)
    for state in states:
        assert getattr(state, "quiet", False) is True
        seat = state.to_move()[0]
        assert state.apply(seat, state.legal_actions(seat)[0]) == []


@pytest.mark.parametrize("seed", [0, 5])
def test_a_quiet_episode_is_the_episode_of_the_loud_game(seed: int) -> None:
    """A PettingZoo episode (its states quiet) ends in the state a loud replay of its moves reaches,
    and every observation is the tensor of the loud state's view."""
    e = pz_env("heirs", {"players": 2})
    e.reset(seed=seed)
    game = get_game("heirs")
    loud = game.new({"players": 2}, seed=seed)
    assert getattr(loud, "quiet", None) is False
    pick = Rng(seed)
    events = 0
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert np.array_equal(obs["observation"], e.encoder(loud.view(agent), agent))
        legal = np.flatnonzero(obs["action_mask"])
        index = int(legal[pick.below(len(legal))])
        events += len(loud.apply(agent, e.space[index]))
        e.step(index)
    assert events > 0  # the loud game wrote its events all along
    assert json.dumps(e.game_state.to_json(), sort_keys=True) == json.dumps(loud.to_json(), sort_keys=True)
