"""``Replay.steps`` gives every step a snapshot of its own (issue #16)."""

from __future__ import annotations

from questbox.agents.random_agent import RandomAgent
from questbox.core import Replay, get_game, play_game


def _replay() -> Replay:
    game = get_game("pig")
    agents = {s: RandomAgent(seed=i) for i, s in enumerate(game.seat_names({"players": 2}))}
    return play_game(game, agents, {"players": 2}, seed=3).replay()


def test_each_step_holds_the_state_after_it() -> None:
    rep = _replay()
    game = get_game("pig")
    steps = list(rep.steps(game))
    assert len(steps) == len(rep.actions) + 1
    assert len({id(s.state) for s in steps}) == len(steps)      # no two steps share a state
    # every snapshot is the state after exactly that many actions, replayed on its own
    state = game.new(rep.setup, seed=rep.seed)
    assert steps[0].state == state and not steps[0].state.is_over()
    for step, (seat, text) in zip(steps[1:], rep.actions, strict=True):
        state.apply(seat, game.parse_action(text))
        assert (step.seat, step.action) == (seat, text)
        assert step.state.digest() == state.digest()
    assert steps[-1].state.is_over()


def test_without_snapshots_steps_share_the_live_state() -> None:
    rep = _replay()
    steps = list(rep.steps(snapshots=False))
    assert len({id(s.state) for s in steps}) == 1
    rep.check_end(steps[-1].state)                               # the recorded ending matches
    assert steps[-1].state.digest() == rep.run().digest()
