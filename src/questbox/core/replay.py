"""Replay files: a seed and the list of actions reproduce a game exactly.

Format (JSON)::

    {"format": 1, "game": "heirs", "setup": {...}, "seed": 7,
     "actions": [["p1", "command O5"], ["p1", "pass"], ...],
     "outcome": {"winners": ["p2"], ...},      # optional: checked on replay
     "final": "<sha256 of the final state's canonical JSON>"}   # optional: checked on replay
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

FORMAT = 1


@dataclass
class Step:
    """One replayed action: who did what, what it caused, and the state after it."""

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

    # -- files -------------------------------------------------------------------------------
    def to_json(self) -> JSON:
        doc: JSON = {"format": FORMAT, "game": self.game, "setup": self.setup, "seed": self.seed,
                     "actions": [[s, a] for s, a in self.actions]}
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
        try:
            actions = [(str(s), str(a)) for s, a in doc["actions"]]
            return cls(game=str(doc["game"]), seed=int(doc["seed"]), setup=doc.get("setup"),
                       actions=actions, outcome=doc.get("outcome"), final=doc.get("final"),
                       meta=doc.get("meta") or {})
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
    def steps(self, game: Game | None = None) -> Iterator[Step]:
        """Replay action by action (the initial state is ``Step.index == 0`` with no action)."""
        g = game or get_game(self.game)
        state = g.new(self.setup, seed=self.seed)
        yield Step(0, "", "", [], state)
        for i, (seat, text) in enumerate(self.actions, 1):
            try:
                events = state.apply(seat, g.parse_action(text))
            except IllegalAction as exc:
                raise ReplayError(f"action {i} ({seat}: {text}) is not legal: {exc}") from exc
            yield Step(i, seat, text, events, state)

    def run(self, game: Game | None = None) -> State:
        """Replay to the end and check the recorded outcome and final fingerprint, if any."""
        state: State | None = None
        for step in self.steps(game):
            state = step.state
        assert state is not None
        if self.outcome is not None:
            got = state.outcome()
            if got is None or got.to_json() != Outcome.from_json(self.outcome).to_json():
                raise ReplayError(f"the replay ends with {got and got.to_json()}, not the recorded "
                                  f"{self.outcome}")
        if self.final is not None and state.digest() != self.final:
            raise ReplayError("the replayed final state differs from the recorded one")
        return state
