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


class _Notation:
    """The notation of a match's rows (``(seat, action)``), written out as far as it was read.
    The rows only grow at the end or are cut back (:meth:`cut`, which every cut of the rows
    must follow), so the text written so far stays theirs."""

    def __init__(self) -> None:
        self.text: list[tuple[Seat, str]] = []

    def of(self, rows: list[tuple[Seat, Action]] | list[tuple[Seat, Action | str]]) -> list[tuple[Seat, str]]:
        text = self.text
        if len(text) < len(rows):
            text.extend((seat, a if isinstance(a, str) else str(a)) for seat, a in rows[len(text):])
        return text

    def cut(self, n: int) -> None:
        del self.text[n:]


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
    actions: tuple[tuple[Seat, Action], ...] = ()
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
        # The logs hold the actions themselves, written out as notation only when read (:attr:`log`,
        # :attr:`actions`): a simulation that only counts them never builds their text.
        self._log: list[tuple[Seat, Action | str]] = []     # every row: an action, or an undo's text
        self._standing: list[tuple[Seat, Action]] = []
        self._log_text = _Notation()
        self._standing_text = _Notation()
        #: parallel to ``actions``: the log row (1-based, :attr:`version`) each action was played at
        self.action_versions: list[int] = []
        #: the log row of the latest undo (0: none)
        self.last_undo = 0
        self.events: list[Event] | None = [] if keep_events else None
        #: parallel to ``events``: the log row each event belongs to (1 for the first action)
        self.event_versions: list[int] | None = [] if keep_events else None
        self.undo_depth = undo_depth
        self._steps: list[_Step] = []       # the last actions' before-states (see undo_depth)

    @property
    def actions(self) -> list[tuple[Seat, str]]:
        """The actions standing (undone ones removed), as ``(seat, notation)``: what a replay
        records. Read it, don't change it (the match keeps it)."""
        return self._standing_text.of(self._standing)

    @property
    def log(self) -> list[tuple[Seat, str]]:
        """Every row, as stored: actions and undos (``"!undo N"``), in order. Read it, don't change
        it (the match keeps it)."""
        return self._log_text.of(self._log)

    @property
    def length(self) -> int:
        """How many actions stand (``len(actions)``, without writing them out)."""
        return len(self._standing)

    @property
    def version(self) -> int:
        """How many rows the log holds (actions and undos): grows with every change."""
        return len(self._log)

    @classmethod
    def from_log(cls, game: Game, setup: JSON | None, log: Iterable[tuple[Seat, Action | str]], *, seed: int = 0,
                 keep_events: bool = True, undo_depth: int = 0) -> Match:
        """The match a stored log reaches (``IllegalAction`` or ``NotationError`` at the first action
        that does not replay); undo rows are replayed as they were stored."""
        match = cls(game, setup, seed=seed, keep_events=keep_events, undo_depth=undo_depth)
        for seat, text in log:
            match.play_row(seat, text)
        return match

    def play_row(self, seat: Seat, text: Action | str) -> list[Event]:
        """Replay one stored log row: an action, or an undo (trusted as stored)."""
        if isinstance(text, str) and is_undo(text):
            return self._rewind(seat, _undo_count(text))
        return self.apply(seat, text)

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        """Apply and log an action (``IllegalAction`` leaves both state and log untouched)."""
        if seat is None:
            movers = self.state.to_move()
            seat = movers[0] if len(movers) == 1 else None
        act = self.game.parse_action(action) if isinstance(action, str) else action
        if self.undo_depth:
            return self._apply_undoable(seat, act)
        events = self.state.apply(seat, act)
        assert seat is not None
        self._record(seat, act, events)
        return events

    def _apply_undoable(self, seat: Seat | None, act: Action) -> list[Event]:
        before = self.state.clone()
        events = self.state.apply(seat, act)
        assert seat is not None
        if before.rng != self.state.rng:
            self._steps.clear()         # a draw: nothing up to here can be taken back
        else:
            self._steps.append(_Step(before))
            del self._steps[:-self.undo_depth]
        self._record(seat, act, events)
        return events

    def _record(self, seat: Seat, act: Action, events: list[Event]) -> None:
        row = (seat, act)
        self._standing.append(row)
        self._log.append(row)
        self.action_versions.append(len(self._log))
        if self.events is not None and events:
            self._narrate(events)

    def _narrate(self, events: list[Event]) -> None:
        if self.events is not None and self.event_versions is not None:
            self.events.extend(events)
            self.event_versions.extend([len(self._log)] * len(events))

    # -- undo --------------------------------------------------------------------------------
    def _revealed(self, k: int) -> bool:
        """Did the ``k``-th kept step's action reveal anything (cached)?"""
        step = self._steps[k]
        if step.revealed is None:
            n = len(self._standing) - len(self._steps) + k
            seat, act = self._standing[n]
            after = self._steps[k + 1].before if k + 1 < len(self._steps) else self.state
            step.revealed = reveals(step.before, seat, act, after)
        return step.revealed

    def undoable(self, seat: Seat, own: Collection[Seat] = ()) -> int:
        """How many of the last actions ``seat`` may take back now (0: none): back to its own latest
        action, when every action from there on was played by ``seat`` or a seat of ``own`` (in a
        solo game: the bots) and none drew randomness or revealed anything (:func:`reveals`); never
        once the game is over, and at most ``undo_depth`` actions back."""
        if self.state.is_over() or not self._steps:
            return 0
        n, kept = len(self._standing), len(self._steps)
        for k in range(kept - 1, -1, -1):
            who = self._standing[n - kept + k][0]
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
        if not 0 < n <= len(self._standing):
            raise IllegalAction(f"undo {n}: the match has {len(self._standing)} actions standing")
        keep = len(self._standing) - n
        if n <= len(self._steps):
            # a copy: the kept state may also be a checkpoint's (rollback brings it back)
            self.state = self._steps[-n].before.clone()
            del self._steps[-n:]
        else:
            self.state = Match.from_log(self.game, self.setup, self._standing[:keep], seed=self.seed,
                                        keep_events=False).state
            self._steps.clear()
        cut = self.action_versions[keep]
        del self._standing[keep:]
        self._standing_text.cut(keep)
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
        self._log.append((seat, f"{UNDO} {n}"))
        self.last_undo = len(self._log)
        events = [Event("undo", f"{seat} took back {n} action{'s' if n != 1 else ''}", data={"n": n})]
        self._narrate(events)
        return events

    def checkpoint(self) -> Checkpoint:
        """The match as it is now, to :meth:`rollback` to (one clone of the state)."""
        return Checkpoint(self.state.clone(), len(self._log), len(self.events or ()),
                          tuple(self._standing), tuple(self.action_versions), tuple(self._steps), self.last_undo)

    def rollback(self, point: Checkpoint) -> None:
        """Go back to ``point``: its state and the logs as they were. For what ``apply`` cannot
        undo itself: a game that failed half-way (anything but ``IllegalAction``), or an action
        whose storing failed. The checkpoint's state becomes the match's: roll back to it once."""
        self.state = point.state
        del self._log[point.log:]
        self._log_text.cut(point.log)
        self._standing[:] = point.actions
        self._standing_text.cut(0)
        self.action_versions[:] = point.action_versions
        self._steps[:] = point.steps
        self.last_undo = point.last_undo
        if self.events is not None and self.event_versions is not None:
            del self.events[point.events:]
            del self.event_versions[point.events:]

    def step_bots(self, agents: Mapping[Seat, Agent], limit: int = 1_000_000) -> int:
        """Let bots act while a seat they own is to move; returns how many actions they took."""
        n = 0
        # apply's common case (an Action, no undo) inlined: a bot game spends most of its core
        # time here (the lists are only ever changed in place, so these names stay theirs)
        standing, log, versions = self._standing, self._log, self.action_versions
        while n < limit:
            state = self.state
            if state.is_over():
                break
            for seat in state.to_move():
                if seat in agents:
                    break
            else:
                break                           # no bot's seat to move
            act = agents[seat].act(state, seat)
            if self.undo_depth or type(act) is not Action:
                self.apply(seat, act)
            elif self.events is None:       # nobody reads the events: the game may skip writing them
                state.apply_untold(seat, act)
                row = (seat, act)
                standing.append(row)
                log.append(row)
                versions.append(len(log))
            else:
                events = state.apply(seat, act)
                row = (seat, act)
                standing.append(row)
                log.append(row)
                versions.append(len(log))
                if events:
                    self._narrate(events)
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
        raise RuntimeError(f"{game.id} seed {seed}: not over after {match.length} actions")
    return match

