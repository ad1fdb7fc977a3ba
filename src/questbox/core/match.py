"""A game being played: a state plus its action log and event log, and bots to move seats.

Every face (terminal, simulator, server) plays through a :class:`Match`, so every game it plays
can be saved as a :class:`~questbox.core.replay.Replay`.
"""

from __future__ import annotations

import bisect
import hashlib
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from questbox.core.actions import Action
from questbox.core.agent import Agent
from questbox.core.errors import IllegalAction, QuestboxError
from questbox.core.events import Event
from questbox.core.replay import Replay
from questbox.core.rng import Rng, derive_seed
from questbox.core.state import JSON, Game, Seat, State

#: a log row ``"!undo N"``: the row's seat took back the match's last N actions (no game's notation
#: starts with ``!``)
UNDO = "!undo"
#: how many determinizations per seat :meth:`Match.reveals` tries
REVEAL_SAMPLES = 4


def is_undo(text: str) -> bool:
    """Is this log row an undo (``"!undo N"``) rather than an action?"""
    return text.startswith(UNDO)


def reveals(before: State, seat: Seat, action: Action, after: State, samples: int = REVEAL_SAMPLES) -> bool:
    """Did ``seat``'s ``action`` (``before`` → ``after``) draw randomness or tell any seat something
    it could not know before? Generic, for every game:

    * any draw from the state's :class:`~questbox.core.rng.Rng` (its state changed) counts;
    * for each seat ``s``, the action is replayed on ``samples`` determinizations of ``before`` for
      ``s`` (everything ``s`` cannot see resampled): if ``s``'s view afterwards differs from its real
      view in any of them, or the action is not legal in one, what ``s`` sees now depends on what it
      could not see, so the action revealed it.

    The determinizations are seeded from what everybody sees (the spectator's view) and the action,
    so the answer is reproducible and does not hang on anything hidden. A game without hidden
    information (``determinize`` returns a clone) costs one apply per seat.
    """
    if before.rng != after.rng:
        return True
    public = json.dumps([before.view(None), str(action)], sort_keys=True, separators=(",", ":"), default=str)
    base = int(hashlib.sha256(public.encode()).hexdigest()[:15], 16)
    for s in before.seats:
        real = after.view(s)
        for k in range(samples):
            other = before.determinize(s, Rng(derive_seed(base, "undo", s, k)))
            try:
                other.apply(seat, action)
            except (IllegalAction, QuestboxError):
                return True
            if other.view(s) != real:
                return True
    return False


@dataclass
class _Step:
    """One action that may still be taken back: the state before it, and (once asked) whether it
    revealed anything (:func:`reveals`)."""

    before: State
    revealed: bool | None = None


@dataclass(frozen=True)
class Checkpoint:
    """A match as it was (:meth:`Match.checkpoint`): a clone of its state and its logs' lengths."""

    state: State
    log: int
    events: int
    actions: tuple[tuple[Seat, str], ...] = ()
    action_versions: tuple[int, ...] = ()
    steps: tuple[_Step, ...] = ()
    last_undo: int = 0


class Match:
    """A state, the actions that reached it and what they narrated.

    ``undo_depth`` > 0 lets seats take back their last actions (:meth:`undo`): the match then keeps
    the state before each of its last ``undo_depth`` actions, back to the last one that drew
    randomness. The *log* (:attr:`log`, what a server stores) holds every action and every undo
    (``"!undo N"`` rows) in order; :attr:`actions` holds only the actions still standing, which is
    what a replay records.
    """

    def __init__(self, game: Game, setup: JSON | None = None, *, seed: int = 0,
                 keep_events: bool = True, undo_depth: int = 0) -> None:
        self.game = game
        self.setup = setup
        self.seed = seed
        self.state: State = game.new(setup, seed=seed)
        #: the actions standing (undone ones removed)
        self.actions: list[tuple[Seat, str]] = []
        #: parallel to ``actions``: the log row (1-based, :attr:`version`) each action was played at
        self.action_versions: list[int] = []
        #: every row: actions and undos, as stored
        self.log: list[tuple[Seat, str]] = []
        #: the log row of the latest undo (0: none)
        self.last_undo = 0
        self.events: list[Event] | None = [] if keep_events else None
        #: parallel to ``events``: the log row each event belongs to (1 for the first action)
        self.event_versions: list[int] | None = [] if keep_events else None
        self.undo_depth = undo_depth
        self._steps: list[_Step] = []       # the last actions' before-states (see undo_depth)

    @property
    def version(self) -> int:
        """How many rows the log holds (actions and undos): grows with every change."""
        return len(self.log)

    @classmethod
    def from_log(cls, game: Game, setup: JSON | None, log: Iterable[tuple[Seat, str]], *, seed: int = 0,
                 keep_events: bool = True, undo_depth: int = 0) -> Match:
        """The match a stored log reaches (``IllegalAction`` or ``NotationError`` at the first action
        that does not replay); undo rows are replayed as they were stored."""
        match = cls(game, setup, seed=seed, keep_events=keep_events, undo_depth=undo_depth)
        for seat, text in log:
            match.play_row(seat, text)
        return match

    def play_row(self, seat: Seat, text: str) -> list[Event]:
        """Replay one stored log row: an action, or an undo (trusted as stored)."""
        if is_undo(text):
            return self._rewind(seat, _undo_count(text))
        return self.apply(seat, text)

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        """Apply and log an action (``IllegalAction`` leaves both state and log untouched)."""
        if seat is None:
            movers = self.state.to_move()
            seat = movers[0] if len(movers) == 1 else None
        act = self.game.parse_action(action) if isinstance(action, str) else action
        before = self.state.clone() if self.undo_depth else None
        events = self.state.apply(seat, act)
        assert seat is not None
        self.actions.append((seat, str(act)))
        self.log.append((seat, str(act)))
        self.action_versions.append(len(self.log))
        if before is not None:
            if before.rng != self.state.rng:
                self._steps.clear()         # a draw: nothing up to here can be taken back
            else:
                self._steps.append(_Step(before))
                del self._steps[:-self.undo_depth]
        self._narrate(events)
        return events

    def _narrate(self, events: list[Event]) -> None:
        if self.events is not None and self.event_versions is not None:
            self.events.extend(events)
            self.event_versions.extend([len(self.log)] * len(events))

    # -- undo --------------------------------------------------------------------------------
    def _revealed(self, k: int) -> bool:
        """Did the ``k``-th kept step's action reveal anything (cached)?"""
        step = self._steps[k]
        if step.revealed is None:
            n = len(self.actions) - len(self._steps) + k
            seat, text = self.actions[n]
            after = self._steps[k + 1].before if k + 1 < len(self._steps) else self.state
            step.revealed = reveals(step.before, seat, self.game.parse_action(text), after)
        return step.revealed

    def undoable(self, seat: Seat, own: Collection[Seat] = ()) -> int:
        """How many of the last actions ``seat`` may take back now (0: none): back to its own latest
        action, when every action from there on was played by ``seat`` or a seat of ``own`` (in a
        solo game: the bots) and none drew randomness or revealed anything (:func:`reveals`); never
        once the game is over, and at most ``undo_depth`` actions back."""
        if self.state.is_over() or not self._steps:
            return 0
        n, kept = len(self.actions), len(self._steps)
        for k in range(kept - 1, -1, -1):
            who = self.actions[n - kept + k][0]
            if who != seat and who not in own:
                return 0
            if self._revealed(k):
                return 0
            if who == seat:
                return kept - k
        return 0

    def undo(self, seat: Seat, own: Collection[Seat] = ()) -> list[Event]:
        """``seat`` takes back its latest action and what followed it (:meth:`undoable`); logged as
        an ``"!undo N"`` row. ``IllegalAction`` (nothing changed) when it may not."""
        n = self.undoable(seat, own)
        if not n:
            raise IllegalAction(f"{seat} cannot take anything back now: undo covers only your own last "
                                "actions, while no other seat has acted since and nothing random or "
                                "hidden was revealed")
        return self._rewind(seat, n)

    def _rewind(self, seat: Seat, n: int) -> list[Event]:
        """Take back the last ``n`` actions: the state before them (kept, else rebuilt from the
        log), the standing actions and their events cut, and an undo row and event logged."""
        if not 0 < n <= len(self.actions):
            raise IllegalAction(f"undo {n}: the match has {len(self.actions)} actions standing")
        keep = len(self.actions) - n
        if n <= len(self._steps):
            self.state = self._steps[-n].before
            del self._steps[-n:]
        else:
            self.state = Match.from_log(self.game, self.setup, self.actions[:keep], seed=self.seed,
                                        keep_events=False).state
            self._steps.clear()
        cut = self.action_versions[keep]
        del self.actions[keep:]
        del self.action_versions[keep:]
        if self.events is not None and self.event_versions is not None:
            # the undone actions' narration goes; earlier undos stay told
            start = bisect.bisect_left(self.event_versions, cut)
            kept = [(v, e) for v, e in zip(self.event_versions[start:], self.events[start:], strict=True)
                    if e.kind == "undo"]
            del self.events[start:]
            del self.event_versions[start:]
            self.events.extend(e for _, e in kept)
            self.event_versions.extend(v for v, _ in kept)
        self.log.append((seat, f"{UNDO} {n}"))
        self.last_undo = len(self.log)
        events = [Event("undo", f"{seat} took back {n} action{'s' if n != 1 else ''}", data={"n": n})]
        self._narrate(events)
        return events

    def checkpoint(self) -> Checkpoint:
        """The match as it is now, to :meth:`rollback` to (one clone of the state)."""
        return Checkpoint(self.state.clone(), len(self.log), len(self.events or ()),
                          tuple(self.actions), tuple(self.action_versions), tuple(self._steps), self.last_undo)

    def rollback(self, point: Checkpoint) -> None:
        """Go back to ``point``: its state and the logs as they were. For what ``apply`` cannot
        undo itself: a game that failed half-way (anything but ``IllegalAction``), or an action
        whose storing failed. The checkpoint's state becomes the match's: roll back to it once."""
        self.state = point.state
        del self.log[point.log:]
        self.actions[:] = point.actions
        self.action_versions[:] = point.action_versions
        self._steps[:] = point.steps
        self.last_undo = point.last_undo
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


def _undo_count(text: str) -> int:
    word = text[len(UNDO):].strip()
    if not word.isdigit():
        raise IllegalAction(f"{text!r}: an undo row is '{UNDO} N'")
    return int(word)


def play_game(game: Game, agents: Mapping[Seat, Agent], setup: JSON | None = None, *, seed: int = 0,
              max_actions: int = 1_000_000, keep_events: bool = False) -> Match:
    """Play a whole game with bots in every seat."""
    match = Match(game, setup, seed=seed, keep_events=keep_events)
    match.step_bots(agents, limit=max_actions)
    if not match.state.is_over():
        raise RuntimeError(f"{game.id} seed {seed}: not over after {len(match.actions)} actions")
    return match

