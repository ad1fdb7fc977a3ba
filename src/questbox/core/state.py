"""The game protocol: :class:`Game`, :class:`State`, :class:`Outcome` and pending decisions.

A game is a pair of classes. A :class:`Game` holds what never changes (id, title, seat counts,
data, the setup validator, its bots); a :class:`State` is one position, mutated in place by
:meth:`State.apply`. Everything a face (terminal, web page, HTTP API, RL encoder) shows is read
from :meth:`State.view` plus :meth:`State.legal_actions`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from questbox.core.actions import Action, as_action
from questbox.core.errors import IllegalAction
from questbox.core.events import Event
from questbox.core.rng import Rng

if TYPE_CHECKING:
    from pydantic import BaseModel

    from questbox.core.agent import AgentFactory
    from questbox.core.hidden import Zone
    from questbox.sim.space import SetupSpace

Seat = str
JSON = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` may be empty (everybody lost, e.g. to an automated opponent). ``scores`` are the
    game's own scores per seat; ``reason`` says why the game ended, a sentence for people (it may
    name seats and scores). ``termination`` is the machine word for how it ended, one of the
    game's :attr:`Game.terminations` (e.g. heirs ``"score"`` or ``"black-wizard"``): replays,
    conformance cases and the simulator compare and count that word, never the sentence.
    """

    winners: tuple[Seat, ...]
    scores: Mapping[Seat, float] = field(default_factory=dict)
    reason: str = ""
    termination: str = ""

    def returns(self, seats: tuple[Seat, ...]) -> dict[Seat, float]:
        """Utility per seat for search and learning: 1.0 for a winner, 0.0 otherwise."""
        return {s: (1.0 if s in self.winners else 0.0) for s in seats}

    def to_json(self) -> JSON:
        return {"winners": list(self.winners), "scores": dict(self.scores), "reason": self.reason,
                "termination": self.termination}

    @classmethod
    def from_json(cls, doc: JSON) -> Outcome:
        """Rebuild from :meth:`to_json` (documents written before ``termination`` existed load
        with an empty one)."""
        return cls(tuple(doc["winners"]), dict(doc.get("scores", {})), doc.get("reason", ""),
                   str(doc.get("termination") or ""))

    def same_result(self, other: Outcome) -> bool:
        """The same winners and termination word (the ``reason`` sentence is not compared; an
        empty termination on either side, from a document older than the word, matches any)."""
        if sorted(self.winners) != sorted(other.winners):
            return False
        return not (self.termination and other.termination) or self.termination == other.termination


class Decision(NamedTuple):
    """One entry of a state's stack of pending decisions.

    ``seat`` is who must decide, ``kind`` what is to be decided (a game's own word, e.g.
    ``"heal-select"``), ``data`` an immutable payload the game needs to finish the step (cards on
    offer, how many to choose, what to do next). Games push a decision when a step needs a choice
    and pop it when the choice is made; a decision may hand the choice to another seat.
    """

    seat: Seat
    kind: str
    data: tuple[Any, ...] = ()


class State(ABC):
    """One position of a game. Subclasses implement the abstract methods.

    Contract (checked for every registered game by the generic test suite):

    * ``apply`` is atomic: it validates first and raises :class:`IllegalAction` (leaving the state
      untouched) or performs the whole action;
    * randomness comes only from ``self.rng``;
    * ``to_json`` holds everything, ``Game.from_json(s.to_json())`` is an exact copy, and ``clone``
      equals a JSON round trip;
    * ``view(seat)`` is JSON-safe and holds only what ``seat`` may know (``None``: a spectator).

    ``_legal`` caches ``(seat, legal actions)`` until the next ``apply``. A game that already knows
    the next legal actions at the end of ``_apply`` may set it there, and a hand-written ``clone``
    must set it too (copying it is safe: the list is never mutated, ``apply`` replaces it).

    The class has no ``__slots__`` (its instances have a ``__dict__``), so that a game may compile
    its state class with mypyc, whose classes cannot extend a class with a slot layout (see
    docs/games/descent.md, *Compiled engine*). A subclass may still declare its own ``__slots__``.
    """

    game: ClassVar[Game]

    seats: tuple[Seat, ...]
    rng: Rng
    pending: list[Decision]

    def __init__(self, seats: tuple[Seat, ...], rng: Rng) -> None:
        self.seats = seats
        self.rng = rng
        self.pending = []
        self._legal: tuple[Seat, list[Action]] | None = None

    # -- turn --------------------------------------------------------------------------------
    def to_move(self) -> tuple[Seat, ...]:
        """The seats that must act now: usually one, several for a simultaneous choice, none at the end.

        The default reads the top of the decision stack.
        """
        if self.pending and not self.is_over():
            return (self.pending[-1].seat,)
        return ()

    @property
    def decision(self) -> Decision | None:
        """The pending decision on top of the stack, if any."""
        return self.pending[-1] if self.pending else None

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        """The actions ``seat`` may take now (``None``: the first seat to move). Empty if it may not act.

        The list is cached until the next ``apply``; do not mutate it.
        """
        if seat is None:
            movers = self.to_move()
            if not movers:
                return []
            seat = movers[0]
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        actions = self._legal_actions(seat)
        self._legal = (seat, actions)
        return actions

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        """Perform ``action`` for ``seat`` (``None``: the seat to move) and return what happened.

        Raises :class:`IllegalAction` with a clear message, and changes nothing, if the action is not
        legal for that seat now.
        """
        if seat is None:
            movers = self.to_move()
            if len(movers) != 1:
                raise IllegalAction("name the seat: " + ("the game is over" if not movers else
                                                         f"{', '.join(movers)} are to move"))
            seat = movers[0]
        act = as_action(action)
        legal = self.legal_actions(seat)
        if act not in legal:
            raise IllegalAction(self._explain_illegal(seat, act, legal))
        self._legal = None
        return self._apply(seat, act)

    def apply_untold(self, seat: Seat, action: Action) -> None:
        """:meth:`apply` for a caller that reads none of the events (``Match.step_bots`` when the
        match keeps none): the same transition; a game may skip writing the events' sentences."""
        self.apply(seat, action)

    def _explain_illegal(self, seat: Seat, action: Action, legal: list[Action]) -> str:
        if self.is_over():
            return f"{action}: the game is over"
        if seat not in self.seats:
            return f"{action}: there is no seat {seat!r} (seats: {', '.join(self.seats)})"
        if not legal:
            return f"{action}: it is not {seat}'s turn (to move: {', '.join(self.to_move()) or 'nobody'})"
        same = sorted({str(a) for a in legal if a.name == action.name})
        if same:
            shown = ", ".join(same[:8]) + (" …" if len(same) > 8 else "")
            return f"{action}: not legal for {seat} now; legal {action.name} actions: {shown}"
        names = sorted({a.name for a in legal})
        return f"{action}: not legal for {seat} now; legal action kinds: {', '.join(names)}"

    @abstractmethod
    def _legal_actions(self, seat: Seat) -> list[Action]:
        """Compute the legal actions of ``seat`` (empty if it may not act)."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        """Perform an action already known to be legal."""

    # -- end ---------------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    # -- information -------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` may know, JSON-safe (``None``: a spectator, who sees only public facts)."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Everything, for saving, tests and conformance cases (includes the RNG state)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, cheap: search algorithms live on it."""

    def determinize(self, seat: Seat, rng: Rng) -> State:
        """A copy in which everything ``seat`` cannot see is resampled with ``rng``, consistently
        with what ``seat`` has seen. Games with no hidden information return a clone."""
        return self.clone()

    def hidden(self, seat: Seat | None) -> list[Zone]:
        """The parts of :meth:`to_json` that ``seat`` cannot see (``None``: a spectator), as
        :class:`~questbox.core.hidden.Zone` s: the one declaration that ``view`` and ``determinize``
        are checked against. It calls ``hidden_zones(state, seat)`` of the module
        :attr:`Game.hidden_module` names; a game that names none declares nothing hidden."""
        name = self.game.hidden_module
        if name is None:
            return []
        import importlib

        zones: list[Zone] = importlib.import_module(name).hidden_zones(self, seat)
        return zones

    def chance_key(self) -> Hashable | None:
        """A public summary of the randomness drawn so far that the next decision may depend on
        (e.g. the die face showing), for search trees that branch on chance outcomes (closed loop):
        after an action, the next node is chosen by this key. ``None`` (the default) = open loop.
        It must hold only what every seat sees, and is computed only inside search trees."""
        return None

    # -- conveniences ------------------------------------------------------------------------
    def digest(self) -> str:
        """A stable fingerprint of the full state (sha256 of canonical JSON)."""
        import hashlib

        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Game(ABC):
    """What never changes about a game: metadata, data, setup validation, rendering and bots."""

    id: ClassVar[str]
    title: ClassVar[str]
    #: allowed numbers of seats (players, or sides)
    seat_counts: ClassVar[tuple[int, ...]]
    #: a sentence for ``questbox games``
    summary: ClassVar[str] = ""
    #: True if no seat ever has information another seat lacks (then ``determinize`` is a clone)
    perfect_information: ClassVar[bool] = False
    #: the version of the game's rules as this code plays them (an int or a short word). Bump it
    #: with every change that can make the same setup + seed + actions play differently: other
    #: legal actions, another outcome, other random draws. Replays and server tables record it.
    rules_version: ClassVar[int | str] = 1
    #: every ``Outcome.termination`` word the game's outcomes may carry
    terminations: ClassVar[frozenset[str]] = frozenset()
    #: the module declaring the game's setup space for ``questbox atlas`` (see :meth:`setup_space`)
    atlas_module: ClassVar[str | None] = None
    #: the pydantic model of the setup document (a ``StrictModel``), published by :meth:`setup_schema`
    setup_model: ClassVar[type[BaseModel] | None] = None
    #: the module declaring what each seat cannot see, ``hidden_zones(state, seat)`` (see
    #: :meth:`State.hidden` and :mod:`questbox.core.hidden`)
    hidden_module: ClassVar[str | None] = None
    #: the module whose ``KINDS`` is the game's table of decision kinds
    #: (:mod:`questbox.core.decisions`): every kind the game can push answers its legal actions,
    #: its resolution and its menu text there (checked by ``tests/generic/test_decision_kinds.py``)
    decisions_module: ClassVar[str | None] = None

    @abstractmethod
    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        """The seats a game with this setup has, in turn order."""

    @abstractmethod
    def new(self, setup: JSON | None = None, *, seed: int = 0) -> State:
        """A new game. ``setup`` is the game's setup document (validated; ``SetupError`` if wrong)."""

    @abstractmethod
    def from_json(self, doc: JSON) -> State:
        """Rebuild a state from :meth:`State.to_json`."""

    def inline_files(self, setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
        """``setup`` with each key that names a local file replaced by the file's document.

        For the local command line only: :meth:`new` never opens a file (a setup may come from the
        network) and refuses a path, so the CLI calls this on a setup it read from a file (relative
        paths: relative to ``base_dir``, the setup file's folder) and the game, and its replay, hold
        the content. Games with such keys override it (see :mod:`questbox.core.setupfiles`); the
        default returns the setup unchanged.
        """
        return setup

    def setup_for_seats(self, n: int, setup: JSON | None = None) -> JSON:
        """A setup for ``n`` seats (used by the CLI's ``--seats``); games override if they need to."""
        doc = dict(setup or {})
        doc.setdefault("players", n)
        return doc

    def parse_action(self, text: str) -> Action:
        """Parse the game's notation (the default is the core notation)."""
        return as_action(text)

    def agents(self) -> Mapping[str, AgentFactory]:
        """The game's own named bots (``heuristic``, ...), usable as seat specs."""
        return {}

    def render(self, view: JSON, seat: Seat | None) -> Any:
        """A rich renderable (or plain text) drawing ``view`` for the terminal."""
        return json.dumps(view, indent=2)

    def evaluate(self, state: State) -> Mapping[Seat, float] | None:
        """An estimate in [0, 1] of each seat's chance to win from ``state``, for search that stops
        before the end (``None``: the game offers none, and a cut-off rollout counts as a draw)."""
        return None

    def action_space(self, setup: JSON | None = None) -> list[Action] | None:
        """Every action a game with this setup can ever offer, in a stable order (so RL agents get a
        fixed action index), or ``None`` if the game cannot list them (adapters then fall back)."""
        return None

    def encode(self, view: JSON, seat: Seat | None) -> list[float] | None:
        """A fixed-length numeric encoding of a view for learning agents (``None``: the adapters
        use a generic feature-hashing encoding of the view)."""
        return None

    def stats(self, state: State) -> Mapping[str, float | int | str]:
        """Game-specific figures of a finished game for the simulator's rows and charts
        (e.g. ``{"black_score": 5}``); keys are short words."""
        return {}

    def describe_action(self, view: JSON, action: Action) -> str:
        """A short human description of an action, for menus (defaults to the notation)."""
        return str(action)

    def glossary(self) -> JSON:
        """Rule texts for the web table's tooltips and "How to play" page, JSON-safe:
        ``{"game", "title", "guide": [paragraphs], "sections": [{"id", "title", "entries":
        [{"key", "name", "text", "source", "facts": [[label, value], ...]}]}]}``. An entry's
        ``key`` is what a renderer marks the thing it draws with (``data-rule``). The default reads
        the function ``glossary(game)`` of the module ``glossary`` next to the game's class (its
        package), else returns the summary alone. Texts are paraphrases from the game's data."""
        import importlib

        package = type(self).__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{package}.glossary")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.glossary":
                raise
            return {"game": self.id, "title": self.title,
                    "guide": [self.summary] if self.summary else [], "sections": []}
        doc: JSON = module.glossary(self)
        return doc

    def setup_schema(self) -> JSON:
        """The JSON Schema (draft 2020-12) of the game's setup document, JSON-safe: what ``new``
        refuses, the schema refuses too where a schema can say it (cross-checks such as "a mission for
        2-4 heroes" stay in ``new``). Bundled choices (missions, scenarios, quests) are ``enum`` lists,
        which the lobby offers as lists. The default is built from :attr:`setup_model`; a game without
        one gets a schema that accepts any mapping."""
        from questbox.core.validation import json_schema

        if self.setup_model is None:
            return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"{self.id} setup",
                    "type": "object"}
        return json_schema(self.setup_model, f"{self.id} setup")

    def setup_space(self) -> SetupSpace | None:
        """The game's setup space for ``questbox atlas``: named axes and one cell (a setup document
        ``new`` accepts) per point (see :mod:`questbox.sim.space`); ``None``: the game has none.
        The default calls ``setup_space()`` of the module :attr:`atlas_module` names."""
        if self.atlas_module is None:
            return None
        import importlib

        space: SetupSpace = importlib.import_module(self.atlas_module).setup_space()
        return space

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
