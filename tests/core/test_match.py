"""``Match``: the one place a game's action log is kept (the server's tables play through it)."""

from __future__ import annotations

import pytest

from questbox.core import Action, Event, IllegalAction, Match, NotationError, Seat, get_game
from tests.core.pig import PigState


def _played(n: int) -> Match:
    match = Match(get_game("pig"), seed=4)
    for _ in range(n):
        match.apply(None, "roll" if match.state.legal_actions()[0].name == "roll" else "hold")
    return match


def test_every_event_knows_the_action_it_belongs_to() -> None:
    match = _played(6)
    assert match.events is not None and match.event_versions is not None
    assert len(match.events) == len(match.event_versions) and match.version == 6
    assert match.event_versions == sorted(match.event_versions)
    assert set(match.event_versions) == set(range(1, 7))     # every pig action tells something
    quiet = Match(get_game("pig"), seed=4, keep_events=False)
    quiet.apply(None, "roll")
    assert quiet.events is None and quiet.event_versions is None


def test_a_stored_log_rebuilds_the_match() -> None:
    played = _played(9)
    again = Match.from_log(get_game("pig"), None, played.actions, seed=4)
    assert again.actions == played.actions and again.state == played.state
    assert again.events == played.events and again.event_versions == played.event_versions
    with pytest.raises(IllegalAction):
        Match.from_log(get_game("pig"), None, [*played.actions, ("p9", "roll")], seed=4)
    with pytest.raises(NotationError):
        Match.from_log(get_game("pig"), None, [("p1", "Roll!")], seed=4)


def test_rollback_undoes_a_game_that_failed_half_way(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _played(3)
    digest, actions, events = match.state.digest(), list(match.actions), list(match.events or [])
    point = match.checkpoint()

    def half_way(self: PigState, seat: Seat, action: Action) -> list[Event]:
        self.turn_points += 1000            # a game bug: the state changes, then the game crashes
        raise RuntimeError("a bug in the game")

    monkeypatch.setattr(PigState, "_apply", half_way)
    with pytest.raises(RuntimeError):
        match.apply(None, "hold")
    assert match.state.digest() != digest   # apply could not undo it
    match.rollback(point)
    assert match.state.digest() == digest and match.actions == actions and match.events == events


def test_rollback_takes_back_an_accepted_action() -> None:
    match = _played(2)
    before = match.state.to_json()
    point = match.checkpoint()
    match.apply(None, "hold")
    match.rollback(point)                   # e.g. storing the action failed
    assert match.state.to_json() == before and match.version == 2
    assert match.event_versions is not None and max(match.event_versions) == 2
    assert match.replay().actions == match.actions
