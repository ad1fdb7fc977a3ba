"""A game being played: a state plus its action log and event log, and bots to move seats.

Every face (terminal, simulator, server) plays through a :class:`Match`, so every game it plays
can be saved as a :class:`~questbox.core.replay.Replay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from questbox.core.actions import Action
from questbox.core.agent import Agent
from questbox.core.events import Event
from questbox.core.replay import Replay
from questbox.core.state import JSON, Game, Seat, State


@dataclass(frozen=True)
class Checkpoint:
    """A match as it was (:meth:`Match.checkpoint`): a clone of its state and its logs' lengths."""

    state: State
    actions: int
    events: int


class Match:
    def __init__(self, game: Game, setup: JSON | None = None, *, seed: int = 0,
                 keep_events: bool = True) -> None:
        self.game = game
        self.setup = setup
        self.seed = seed
        self.state: State = game.new(setup, seed=seed)
        self.actions: list[tuple[Seat, str]] = []
        self.events: list[Event] | None = [] if keep_events else None
        #: parallel to ``events``: the action each event belongs to (1 for the first action)
        self.event_versions: list[int] | None = [] if keep_events else None

    @property
    def version(self) -> int:
        """How many actions the match has played."""
        return len(self.actions)

    @classmethod
    def from_log(cls, game: Game, setup: JSON | None, log: Iterable[tuple[Seat, str]], *, seed: int = 0,
                 keep_events: bool = True) -> Match:
        """The match a stored action log reaches (``IllegalAction`` or ``NotationError`` at the
        first action that does not replay)."""
        match = cls(game, setup, seed=seed, keep_events=keep_events)
        for seat, text in log:
            match.apply(seat, text)
        return match

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        """Apply and log an action (``IllegalAction`` leaves both state and log untouched)."""
        if seat is None:
            movers = self.state.to_move()
            seat = movers[0] if len(movers) == 1 else None
        act = self.game.parse_action(action) if isinstance(action, str) else action
        events = self.state.apply(seat, act)
        assert seat is not None
        self.actions.append((seat, str(act)))
        if self.events is not None and self.event_versions is not None:
            self.events.extend(events)
            self.event_versions.extend([len(self.actions)] * len(events))
        return events

    def checkpoint(self) -> Checkpoint:
        """The match as it is now, to :meth:`rollback` to (one clone of the state)."""
        return Checkpoint(self.state.clone(), len(self.actions), len(self.events or ()))

    def rollback(self, point: Checkpoint) -> None:
        """Go back to ``point``: its state and the logs as they were. For what ``apply`` cannot
        undo itself: a game that failed half-way (anything but ``IllegalAction``), or an action
        whose storing failed. The checkpoint's state becomes the match's: roll back to it once."""
        self.state = point.state
        del self.actions[point.actions:]
        if self.events is not None and self.event_versions is not None:
            del self.events[point.events:]
            del self.event_versions[point.events:]

    def step_bots(self, agents: Mapping[Seat, Agent], limit: int = 1_000_000) -> int:
        """Let bots act while a seat they own is to move; returns how many actions they took."""
        n = 0
        state = self.state
        while n < limit and not state.is_over():
            movers = [s for s in state.to_move() if s in agents]
            if not movers:
                break
            seat = movers[0]
            self.apply(seat, agents[seat].act(state, seat))
            n += 1
        return n

    def replay(self, meta: JSON | None = None) -> Replay:
        out = self.state.outcome()
        return Replay(game=self.game.id, seed=self.seed, setup=self.setup, actions=list(self.actions),
                      outcome=out.to_json() if out else None,
                      final=self.state.digest() if self.state.is_over() else None, meta=meta or {},
                      rules_version=self.game.rules_version)


def play_game(game: Game, agents: Mapping[Seat, Agent], setup: JSON | None = None, *, seed: int = 0,
              max_actions: int = 1_000_000, keep_events: bool = False) -> Match:
    """Play a whole game with bots in every seat."""
    match = Match(game, setup, seed=seed, keep_events=keep_events)
    match.step_bots(agents, limit=max_actions)
    if not match.state.is_over():
        raise RuntimeError(f"{game.id} seed {seed}: not over after {len(match.actions)} actions")
    return match

