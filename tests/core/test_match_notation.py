"""``Match`` keeps the actions and writes their notation only when its logs are read (issue #20):
a simulation that only counts actions never turns them into text, and the logs read the same
whatever was read when, through undos and rollbacks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questbox.core import Action, Match, Seat, get_game, play_game
from questbox.core.agent import make_agent
from tests.core.test_match_undo import PEEK

PIG = get_game("pig")


def _count_notation(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    plain = Action.__str__

    def counted(self: Action) -> str:
        calls[0] += 1
        return plain(self)

    monkeypatch.setattr(Action, "__str__", counted)
    return calls


def test_a_bot_game_writes_no_notation_until_its_log_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    agents = {s: make_agent("random", PIG, k) for k, s in enumerate(PIG.seat_names())}
    calls = _count_notation(monkeypatch)
    match = play_game(PIG, agents, seed=5)
    assert calls[0] == 0 and match.length > 10
    texts = match.actions                       # now written, each action once
    assert calls[0] == match.length == len(texts)
    assert match.actions is texts and calls[0] == match.length      # and kept
    assert all(isinstance(a, str) for _, a in texts)
    again = Match.from_log(PIG, None, texts, seed=5)
    assert again.state == match.state and again.actions == texts
    match.replay().run(PIG)                     # the replay reproduces the game


def test_a_checkpoint_writes_no_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(PIG, seed=2)
    match.apply("p1", "roll")
    calls = _count_notation(monkeypatch)
    point = match.checkpoint()
    match.apply(None, match.state.legal_actions()[0])
    match.rollback(point)
    assert calls[0] == 0
    assert match.actions == [("p1", "roll")] and match.log == [("p1", "roll")]


def _rebuilt(match: Match) -> Match:
    return Match.from_log(match.game, match.setup, match.log, seed=match.seed, undo_depth=match.undo_depth)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["act", "act", "act", "undo", "read", "checkpoint", "rollback"]),
                          st.integers(0, 3)), max_size=30))
def test_the_logs_read_the_same_whenever_they_are_read(ops: list[tuple[str, int]]) -> None:
    match = Match(PEEK, undo_depth=4)
    log: list[tuple[Seat, str]] = []            # the rows as the old, eager match wrote them
    points: list[tuple[Any, list[tuple[Seat, str]]]] = []
    for op, k in ops:
        if match.state.is_over():
            break
        if op == "act":
            seat = match.state.to_move()[0]
            legal = [a for a in match.state.legal_actions(seat) if a.name != "end"]
            action = legal[k % len(legal)]
            match.apply(seat, action)
            log.append((seat, str(action)))
        elif op == "undo":
            seat = match.state.to_move()[0]
            n = match.undoable(seat)
            if n:
                match.undo(seat)
                log.append((seat, f"!undo {n}"))
        elif op == "read":
            assert match.log == log
        elif op == "checkpoint":
            points.append((match.checkpoint(), list(log)))
        elif points:
            point, log = points.pop()
            match.rollback(point)
            points.clear()                      # a checkpoint's state is rolled back to once
    assert match.log == log and match.version == len(log)
    assert match.actions == [match.log[v - 1] for v in match.action_versions]
    assert match.length == len(match.actions)
    again = _rebuilt(match)
    assert again.state == match.state and again.actions == match.actions and again.log == match.log


def test_an_undo_after_a_rollback_restores_the_state_as_it_was() -> None:
    # found by the test above: the undo's kept state was also the checkpoint's, and the actions
    # after the undo changed it in place, so an undo after the rollback brought back their effects
    match = Match(PEEK, undo_depth=4)
    match.apply("a", "tap")
    point = match.checkpoint()
    match.undo("a")
    match.apply("a", "pass")
    match.apply("b", "peek")
    match.rollback(point)
    match.undo("a")
    assert match.state == PEEK.new(seed=0) and match.state.to_move() == ("a",)
    assert _rebuilt(match).state == match.state
