"""Undo in ``Match``: a seat takes back its own last actions while nothing random or hidden came out
(the generic test, :func:`questbox.core.match.reveals`, that every game gets)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questbox.core import JSON, Action, Decision, Event, Game, IllegalAction, Match, Outcome, Rng, Seat, State, get_game
from questbox.core.match import reveals

PIG = get_game("pig")


class PeekState(State):
    """Two seats; a hidden card set at setup. ``peek`` shows it to the seat that peeks (no draw from
    the Rng: a reveal only :func:`reveals`' views can notice); ``pass`` and ``tap`` reveal nothing."""

    def __init__(self, seats: tuple[Seat, ...], rng: Rng) -> None:
        super().__init__(seats, rng)
        self.card, self.peeked, self.taps, self.turn, self.ended = 0, [False, False], 0, 0, False

    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.ended or seat != self.seats[self.turn]:
            return []
        return [Action("peek"), Action("tap"), Action("pass"), Action("end")]

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        i = self.seats.index(seat)
        if action.name == "peek":
            self.peeked[i] = True
        elif action.name == "tap":
            self.taps += 1
        elif action.name == "end":
            self.ended = True
        else:
            self.turn = 1 - self.turn
            self.pending[-1] = Decision(self.seats[self.turn], "turn")
        return [Event(action.name, f"{seat} {action.name}s")]

    def is_over(self) -> bool:
        return self.ended

    def outcome(self) -> Outcome | None:
        return Outcome((), {}, "ended", "ended") if self.ended else None

    def view(self, seat: Seat | None) -> JSON:
        i = self.seats.index(seat) if seat in self.seats else -1
        return {"taps": self.taps, "turn": self.turn, "peeked": list(self.peeked),
                "card": self.card if i >= 0 and self.peeked[i] else None}

    def to_json(self) -> JSON:
        return {"card": self.card, "peeked": list(self.peeked), "taps": self.taps, "turn": self.turn,
                "ended": self.ended, "rng": self.rng.to_json()}

    def clone(self) -> PeekState:
        s = PeekState(self.seats, self.rng.copy())
        s.card, s.peeked, s.taps, s.turn, s.ended = self.card, list(self.peeked), self.taps, self.turn, self.ended
        s.pending = list(self.pending)
        return s

    def determinize(self, seat: Seat, rng: Rng) -> PeekState:
        s = self.clone()
        if not s.peeked[self.seats.index(seat)]:
            s.card = rng.randint(1, 1000)
        return s


class Peek(Game):
    id = "peek-test"
    title = "Peek"
    seat_counts = (2,)
    summary = "a hidden card"

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        return ("a", "b")

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> PeekState:
        state = PeekState(("a", "b"), Rng(seed))
        state.card = state.rng.randint(1, 1000)
        state.pending.append(Decision("a", "turn"))
        return state

    def from_json(self, doc: JSON) -> PeekState:
        raise NotImplementedError


PeekState.game = Peek()
PEEK = PeekState.game


def test_an_action_that_draws_is_never_undoable() -> None:
    match = Match(PIG, seed=3, undo_depth=8)
    match.apply("p1", "roll")
    assert match.undoable("p1") == 0
    with pytest.raises(IllegalAction, match="cannot take anything back"):
        match.undo("p1")
    assert len(match.actions) == 1 and match.version == 1


def test_an_action_that_shows_a_hidden_card_is_not_undoable_though_it_draws_nothing() -> None:
    match = Match(PEEK, undo_depth=8)
    before = match.state.clone()
    match.apply("a", "peek")
    assert match.state.rng == before.rng                # no draw: only the views tell the reveal
    assert reveals(before, "a", Action("peek"), match.state)
    assert match.undoable("a") == 0
    match.apply("a", "tap")                             # quiet, after the reveal: that one goes back
    assert match.undoable("a") == 1


def test_undo_takes_back_own_quiet_actions_one_at_a_time_and_logs_it() -> None:
    match = Match(PEEK, undo_depth=8)
    start = match.state.to_json()
    match.apply("a", "tap")
    after_one = match.state.to_json()
    match.apply("a", "tap")
    assert match.undoable("a") == 1 and match.undoable("b") == 0
    events = match.undo("a")
    assert events[0].kind == "undo" and "a took back 1 action" in events[0].text
    assert match.state.to_json() == after_one and match.actions == [("a", "tap")]
    assert match.log == [("a", "tap"), ("a", "tap"), ("a", "!undo 1")] and match.version == 3
    assert match.events is not None and [e.kind for e in match.events] == ["tap", "undo"]
    match.undo("a")
    assert match.state.to_json() == start and match.actions == []
    assert match.undoable("a") == 0
    assert match.replay().actions == []


def test_another_seats_action_blocks_undo_unless_that_seat_counts_as_own() -> None:
    match = Match(PEEK, undo_depth=8)
    match.apply("a", "tap")
    match.apply("a", "pass")            # b to move now; a may still take the pass back
    assert match.undoable("a") == 1
    match.apply("b", "tap")
    assert match.undoable("a") == 0                     # b acted since
    assert match.undoable("a", own={"b"}) == 2          # solo: b is a bot, undo goes back through it
    match.undo("a", own={"b"})
    assert match.actions == [("a", "tap")] and match.state.to_move() == ("a",)


def test_no_undo_once_the_game_is_over_nor_past_the_depth() -> None:
    match = Match(PEEK, undo_depth=2)
    for _ in range(3):
        match.apply("a", "tap")
    assert match.undoable("a") == 1
    match.undo("a")
    match.undo("a")
    assert match.undoable("a") == 0 and len(match.actions) == 1   # the kept depth is spent
    match.apply("a", "end")
    assert match.undoable("a") == 0


def test_a_log_with_undos_replays_to_the_same_match_with_or_without_kept_states() -> None:
    match = Match(PIG, seed=11, undo_depth=8)
    match.apply("p1", "hold")
    match.undo("p1")
    match.apply("p1", "roll")
    for depth in (0, 8):
        again = Match.from_log(PIG, None, match.log, seed=11, undo_depth=depth)
        assert again.state == match.state and again.actions == match.actions and again.log == match.log
        assert again.events == match.events and again.event_versions == match.event_versions


def test_rollback_restores_an_undo() -> None:
    match = Match(PEEK, undo_depth=4)
    match.apply("a", "tap")
    point = match.checkpoint()
    match.undo("a")
    match.rollback(point)
    assert match.actions == [("a", "tap")] and match.version == 1 and match.undoable("a") == 1


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.lists(st.sampled_from(["roll", "hold", "undo"]), max_size=25))
def test_undo_always_lands_on_a_state_the_standing_actions_rebuild(seed: int, moves: list[str]) -> None:
    match = Match(PIG, setup={"target": 1000}, seed=seed, undo_depth=6)
    for move in moves:
        seat = match.state.to_move()[0]
        if move == "undo":
            if match.undoable(seat):
                match.undo(seat)
            else:
                with pytest.raises(IllegalAction):
                    match.undo(seat)
        else:
            match.apply(seat, move)
        rebuilt: Any = Match.from_log(PIG, {"target": 1000}, match.actions, seed=seed).state
        assert rebuilt == match.state
