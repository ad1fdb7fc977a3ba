"""Replay files: a seed and the list of actions reproduce a game exactly.

Format (JSON)::

    {"format": 1, "game": "heirs", "rules_version": 1, "setup": {...}, "seed": 7,
     "actions": [["p1", "command O5"], ["p1", "pass"], ...],
     "outcome": {"winners": ["p2"], "termination": "score", ...},   # optional: checked on replay
     "final": "<sha256 of the final state's canonical JSON>"}   # optional: checked on replay

``rules_version`` is the game's :attr:`~questbox.core.state.Game.rules_version` when the replay
was written (absent in replays from before versions were kept). A replay recorded under other
rules may no longer reproduce its game: every error it then raises names both versions. The
recorded outcome is checked by its winners and termination word, not by its ``reason`` sentence.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questbox.core.errors import IllegalAction, ReplayError
from questbox.core.events import Event
from questbox.core.registry import get_game
from questbox.core.state import JSON, Game, Outcome, Seat, State
from questbox.core.validation import OutcomeDoc, validated

FORMAT = 1


def _short(doc: Any, width: int = 80) -> str:
    text = json.dumps(doc)
    return text if len(text) <= width else text[:width - 1] + "…"


@dataclass
class Step:
    """One replayed action: who did what, what it caused, and the state after it (a snapshot of
    its own unless :meth:`Replay.steps` was asked for none)."""

    index: int
    seat: Seat
    action: str
    events: list[Event]
    state: State


@dataclass
class Replay:
    game: str
    seed: int
    setup: JSON | None = None
    actions: list[tuple[Seat, str]] = field(default_factory=list)
    outcome: JSON | None = None
    final: str | None = None
    meta: JSON = field(default_factory=dict)
    #: the game's rules version when the replay was recorded (``None``: before versions were kept)
    rules_version: int | str | None = None

    # -- versions ----------------------------------------------------------------------------
    def version_mismatch(self, game: Game | None = None) -> str | None:
        """``None`` if the replay was recorded under the rules ``game`` plays now, else a sentence
        naming both versions (a replay without a version counts as recorded under unknown rules)."""
        g = game or get_game(self.game)
        if self.rules_version is not None and str(self.rules_version) == str(g.rules_version):
            return None
        then = ("before rules versions were kept" if self.rules_version is None
                else f"under rules v{self.rules_version}")
        return f"recorded {then}, this questbox plays {g.id} rules v{g.rules_version}"

    def _error(self, g: Game, message: str) -> ReplayError:
        note = self.version_mismatch(g)
        return ReplayError(f"{note}: {message}" if note else message)

    # -- files -------------------------------------------------------------------------------
    def to_json(self) -> JSON:
        doc: JSON = {"format": FORMAT, "game": self.game}
        if self.rules_version is not None:
            doc["rules_version"] = self.rules_version
        doc.update({"setup": self.setup, "seed": self.seed, "actions": [[s, a] for s, a in self.actions]})
        if self.outcome is not None:
            doc["outcome"] = self.outcome
        if self.final is not None:
            doc["final"] = self.final
        if self.meta:
            doc["meta"] = self.meta
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> Replay:
        if not isinstance(doc, dict):
            raise ReplayError("a replay is a JSON object")
        if doc.get("format") != FORMAT:
            raise ReplayError(f"unknown replay format {doc.get('format')!r} (this questbox reads {FORMAT})")
        seed = doc.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ReplayError(f"malformed replay: seed {seed!r} is not an integer")
        outcome = doc.get("outcome")
        if outcome is not None:
            validated(OutcomeDoc, outcome, f"malformed replay: outcome {_short(outcome)} is not an outcome",
                      ReplayError)
        try:
            actions = [(str(s), str(a)) for s, a in doc["actions"]]
            version = doc.get("rules_version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int | str)):
                raise ReplayError(f"malformed replay: rules_version is {version!r}, not an int or a word")
            return cls(game=str(doc["game"]), seed=seed, setup=doc.get("setup"),
                       actions=actions, outcome=outcome, final=doc.get("final"),
                       meta=doc.get("meta") or {}, rules_version=version)
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"malformed replay: {exc}") from exc

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        try:
            doc = json.loads(Path(path).read_text())
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}: not JSON: {exc}") from exc
        return cls.from_json(doc)

    # -- playing back ------------------------------------------------------------------------
    def steps(self, game: Game | None = None, *, snapshots: bool = True) -> Iterator[Step]:
        """Replay action by action (the initial state is ``Step.index == 0`` with no action).

        Each step's ``state`` is a snapshot: a clone of the state right after that step, the
        step's own and independent of the steps after it (one clone per step, so walking a replay
        stays linear in its length). ``snapshots=False`` skips the clones for a reader that only
        looks at each step as it comes: every step then holds the one live state, which the next
        step changes.
        """
        g = game or get_game(self.game)
        for i, seat, text, events, state in self._play(g):
            yield Step(i, seat, text, events, state.clone() if snapshots else state)

    def _play(self, g: Game) -> Iterator[tuple[int, Seat, str, list[Event], State]]:
        state = g.new(self.setup, seed=self.seed)
        yield 0, "", "", [], state
        for i, (seat, text) in enumerate(self.actions, 1):
            try:
                events = state.apply(seat, g.parse_action(text))
            except IllegalAction as exc:
                raise self._error(g, f"action {i} ({seat}: {text}) is not legal: {exc}") from exc
            yield i, seat, text, events, state

    def run(self, game: Game | None = None) -> State:
        """Replay to the end and check the recorded outcome (winners and termination word) and
        final fingerprint, if any."""
        g = game or get_game(self.game)
        state: State | None = None
        for step in self._play(g):
            state = step[4]
        assert state is not None
        self.check_end(state, g)
        return state

    def check_end(self, state: State, game: Game | None = None) -> None:
        """Check a replayed final ``state`` against the recorded outcome and fingerprint, if any
        (``ReplayError`` when it differs)."""
        g = game or get_game(self.game)
        if self.outcome is not None:
            got = state.outcome()
            try:
                want = Outcome.from_json(self.outcome)
            except (KeyError, TypeError, ValueError) as exc:
                raise ReplayError(f"malformed replay: outcome {self.outcome!r}") from exc
            if got is None or not got.same_result(want):
                shown = (f"winners {list(got.winners)}, {got.termination!r} ({got.reason})" if got
                         else "the game not over")
                raise self._error(g, f"the replay ends with {shown}, not the recorded winners "
                                     f"{list(want.winners)}, {want.termination!r} ({want.reason})")
        if self.final is not None and state.digest() != self.final:
            raise self._error(g, "the replayed final state differs from the recorded one")
