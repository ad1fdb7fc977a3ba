"""Every questbox game as an OpenSpiel Python game.

>>> import pyspiel
>>> from questbox.adapters import openspiel
>>> openspiel.register_all()                 # or openspiel.register("heirs")
>>> game = pyspiel.load_game("questbox_heirs", {"players": 3})
>>> pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

A game ``g`` is registered under the short name ``questbox_<g with - as _>``. Its parameters:

=====================  ==========  =============================================================
``players``            int, 0      seats (0: the setup's, or the game's default)
``setup``              string      the setup document as JSON text ("" for the default); the
                                   game's string writes it as ``b64:`` + base64 (see ``encode_setup``)
``seed``               int, 0      the questbox seed of the deal (with ``deals`` = 1), or the seed
                                   the ``deals`` seeds derive from
``deals``              int, 1024   the start is a chance node choosing one of this many deals
                                   (``derive_seed(seed, "deal", d)``); 1: no such node, the deal of
                                   ``seed`` itself
``perfect_recall``     bool, true  information states chain every view the seat has had; false:
                                   the information state is the current view (cheaper)
``max_game_length``    int, 20000  a game still going after this many moves ends with no winner
``obs_size``           int, 0      feature-hashing slots of the observation tensor (0: 512)
``reward``             string      ``win`` (1 for each winner, 0 otherwise: ``GENERAL_SUM``) or
                                   ``zero-sum`` (winners share +1, losers -1: ``ZERO_SUM``)
=====================  ==========  =============================================================

* **Chance is explicit** (``ChanceMode.EXPLICIT_STOCHASTIC``): every draw a move makes from the
  game's generator (a die, a choice, each step of a shuffle) is a chance node whose
  ``chance_outcomes()`` list the outcomes and their probabilities (:mod:`questbox.adapters.chance`),
  so a cloned state never carries the real game's future and MCTS, expectimax and CFR see chance
  as it is. ``new_initial_state()`` is pure: every call returns the same start.
* **Imperfect information** where it applies: a game whose states override
  ``State.determinize`` (they hide something) is ``IMPERFECT_INFORMATION``, others
  ``PERFECT_INFORMATION`` (from ``Game.perfect_information``).
  Observation strings are the seat's view as canonical JSON, observation tensors its encoding
  (:mod:`questbox.adapters.encoding`). ``resample_from_infostate`` returns
  ``state.determinize(seat, rng)``, so ISMCTS searches worlds consistent with what the seat knows.
* **Actions** are the game's fixed action index (:mod:`questbox.adapters.spaces`).
* **Pickling and serialization**: games pickle by name and parameters, states by their history
  (replayed from the pure start); ``pyspiel.serialize_game_and_state`` works.
* :class:`GameEvaluator` scores search leaves with ``Game.evaluate`` where the game has one.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from questbox.adapters._common import check_reward_mode, final_rewards, resolve_game
from questbox.adapters.chance import BASE, advance, set_rng
from questbox.adapters.encoding import Encoder, canonical
from questbox.adapters.spaces import ActionIndex, action_index
from questbox.core import JSON, Action, Game, IllegalAction, Rng, Seat, State, derive_seed, games

PREFIX = "questbox_"
DEFAULT_MAX_LENGTH = 20_000
DEFAULT_DEALS = 1024
_PARAMS: dict[str, Any] = {"players": 0, "setup": "", "seed": 0, "deals": DEFAULT_DEALS, "perfect_recall": True,
                           "max_game_length": DEFAULT_MAX_LENGTH, "obs_size": 0, "reward": "win"}
_registered: dict[str, str] = {}


def short_name(game: Game | str) -> str:
    """The OpenSpiel short name of a questbox game: ``questbox_<id with - as _>``."""
    gid = game if isinstance(game, str) else game.id
    return PREFIX + gid.replace("-", "_")


def has_hidden_information(game: Game) -> bool:
    """Whether the game hides anything from a seat (``Game.perfect_information`` is False)."""
    return not game.perfect_information


def _game_type(game: Game, zero_sum: bool = False) -> pyspiel.GameType:
    info = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if has_hidden_information(game)
            else pyspiel.GameType.Information.PERFECT_INFORMATION)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"questbox {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.seat_counts),
        min_num_players=min(game.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMS),
    )


def encode_setup(setup: JSON | None) -> str:
    """The ``setup`` parameter as OpenSpiel's game strings can hold it: ``b64:`` and the URL-safe
    base64 of its canonical JSON, unpadded (JSON's commas and brackets would end the parameter)."""
    if setup is None:
        return ""
    return "b64:" + base64.urlsafe_b64encode(canonical(setup).encode()).decode().rstrip("=")


def decode_setup(text: str) -> JSON | None:
    """A ``setup`` parameter: JSON text, or :func:`encode_setup`'s form (``""``: the default)."""
    if not text:
        return None
    if text.startswith("b64:"):
        body = text[4:]
        text = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
    doc = json.loads(text)
    if not isinstance(doc, dict):
        raise ValueError(f"the setup parameter must be a JSON object, not {text!r}")
    return doc


def _load_by_name(name: str, params: dict[str, Any]) -> QuestboxSpielGame:
    """Unpickling: the game registered under ``name`` (registered again in a fresh process)."""
    if name not in _registered:
        gid = next((g for g in games() if short_name(g) == name), None)
        if gid is None:
            raise ValueError(f"no questbox game is registered under the OpenSpiel name {name!r}")
        register(gid)
    loaded: QuestboxSpielGame = pyspiel.load_game(name, params)
    return loaded


def _replay(game: QuestboxSpielGame, history: list[int]) -> QuestboxSpielState:
    """Unpickling: the state that ``history`` (chance outcomes included) reaches from the start."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


class QuestboxSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game wrapping one questbox game with one setup."""

    def __init__(self, qb_game: Game, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMS, **(params or {})}
        self.qb_game = qb_game
        setup: JSON | None = decode_setup(str(p["setup"]))
        # the game's string (``str(game)``, what serialization writes) must parse back: no JSON there
        p["setup"] = encode_setup(setup)
        self.params = p
        if int(p["players"]):
            setup = qb_game.setup_for_seats(int(p["players"]), setup)
        self.setup = setup
        self.base_seed = int(p["seed"])
        self.deals = int(p["deals"])
        if self.deals < 1:
            raise ValueError("deals must be positive")
        self.perfect_recall = bool(p["perfect_recall"])
        self.max_length = int(p["max_game_length"])
        if self.max_length < 1:
            raise ValueError("max_game_length must be positive")
        check_reward_mode(str(p["reward"]))
        self.reward_mode = str(p["reward"])
        zero_sum = self.reward_mode == "zero-sum"
        self.space: ActionIndex = action_index(qb_game, setup)
        probe = qb_game.new(setup, seed=self.base_seed)
        self.seats: tuple[Seat, ...] = probe.seats
        self.encoder = Encoder(qb_game, probe.seats, int(p["obs_size"]) or None,
                               probe.view(probe.seats[0]), probe.seats[0], setup=setup)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=max(BASE, self.deals),
            num_players=len(self.seats),
            min_utility=-1.0 if zero_sum else 0.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_length)
        super().__init__(_game_type(qb_game, zero_sum), info, p)

    def new_initial_state(self) -> QuestboxSpielState:
        """The start: with ``deals`` > 1 a chance node choosing the deal, else the deal of ``seed``.
        Every call returns the same state (OpenSpiel expects it: replays and serialization rely on it)."""
        return QuestboxSpielState(self)

    def deal_seed(self, deal: int) -> int:
        """The questbox seed of deal ``deal``: ``seed`` itself if there is one deal, else derived."""
        return self.base_seed if self.deals == 1 else derive_seed(self.base_seed, "deal", deal)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> QuestboxObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return QuestboxObserver(self, perfect_recall)

    def __reduce__(self) -> tuple[Any, ...]:
        return _load_by_name, (short_name(self.qb_game), dict(self.params))


#: view parts that games share between views (a board layout: the same object every call, never
#: mutated), by identity, with the digest of their canonical JSON; ``_seen`` holds candidates met
#: once. Entries keep their objects alive, so an id is never reused while it is here.
_shared: dict[int, tuple[Any, str]] = {}
_seen: dict[int, Any] = {}


def _fingerprint_text(view: JSON) -> str:
    """The canonical JSON of ``view``, with each shared part replaced by its digest."""
    out: JSON = view
    for key, value in view.items():
        if (type(value) is dict or type(value) is list) and len(value) > 4:
            hit = _shared.get(id(value))
            if hit is not None and hit[0] is value:
                if out is view:
                    out = dict(view)
                out[key] = hit[1]
            elif _seen.get(id(value)) is value:
                text = json.dumps(value, sort_keys=True, separators=(",", ":"))
                digest = "#" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
                if len(_shared) > 256:
                    _shared.clear()
                _shared[id(value)] = (value, digest)
            else:
                if len(_seen) > 4096:
                    _seen.clear()
                _seen[id(value)] = value
    return canonical(out)


def _chain(prev: str, view: JSON) -> str:
    return hashlib.blake2b((prev + _fingerprint_text(view)).encode(), digest_size=16).hexdigest()


class _Pending:
    """A move waiting for chance: ``seat`` played ``action`` on the committed state, the chance nodes
    so far chose ``outcomes``, and the next node has outcome probabilities ``probs``."""

    __slots__ = ("action", "outcomes", "probs", "seat")

    def __init__(self, seat: Seat, action: Action, outcomes: list[int], probs: tuple[float, ...]) -> None:
        self.seat = seat
        self.action = action
        self.outcomes = outcomes
        self.probs = probs


#: a history keeps every this many moves' state (an anchor) for :class:`_Recall` to replay from
RECALL_ANCHOR = 32


class _Recall:
    """The perfect-recall chains of a history, computed when first asked. A node is one committed
    state of the history: its chains (one digest per seat) once done, else computed from its
    predecessor's chains and the views of its state. Moves only add a node (no view is taken,
    nothing is digested), so play that never asks for an information state string pays nothing for
    it. Nodes are shared by clones (their chains are a function of the history alone).

    A node does not keep its state once a successor exists, except every :data:`RECALL_ANCHOR`
    moves (an anchor): ``move`` (the seat, action and chance outcomes of the move that made it, and
    the history's length after it) replays it from its predecessor's state when its chains are
    asked. Keeping every state of a long history cost the garbage collector about a third of a
    Descent step (issue #21); a replay is the move once more (rules are deterministic)."""

    __slots__ = ("chains", "move", "prev", "since", "state")

    def __init__(self, prev: _Recall | None, state: State | None, chains: list[str] | None = None,
                 move: tuple[QuestboxSpielGame, Seat, Action, tuple[int, ...], int] | None = None) -> None:
        self.prev = prev
        self.state = state
        self.chains = chains
        self.move = move
        #: moves since the last anchor (-1: a node that cannot be replayed, nor its successors)
        self.since = -1 if state is None else 0
        if prev is not None and move is not None:
            if prev.since >= 0 and prev.since + 1 < RECALL_ANCHOR:
                self.since = prev.since + 1
            if prev.since > 0 and prev.state is not None:
                prev.state = None       # replayed from its predecessor when asked

    @classmethod
    def start(cls, qb: State) -> _Recall:
        return cls(cls(None, None, [""] * len(qb.seats)), qb)

    def _state(self) -> State:
        """The committed state of this node: kept, or replayed from the last anchor."""
        todo: list[_Recall] = []
        node = self
        while node.state is None:
            todo.append(node)
            assert node.prev is not None and node.move is not None, "a history node without a state"
            node = node.prev
        st = node.state
        for node in reversed(todo):
            st = node._replay(st)
        return st

    def _replay(self, before: State) -> State:
        assert self.move is not None
        game, seat, action, outcomes, length = self.move
        after, _ = advance(before, seat, action, outcomes, _rng_after(game, length))
        assert after is not None, "a move replayed for its recall asked for more chance"
        return after

    def get(self) -> list[str]:
        todo: list[_Recall] = []
        node = self
        while node.chains is None:
            todo.append(node)
            assert node.prev is not None
            node = node.prev
        chains = node.chains
        st: State | None = None
        for node in reversed(todo):
            if node.state is not None:
                st = node.state
            else:
                st = node._state() if st is None else node._replay(st)
            chains = [_chain(c, st.view(s)) for c, s in zip(chains, st.seats, strict=True)]
            node.chains = chains
            if node.since == 0 and node.state is not None:
                node.prev = node.move = None    # nothing before an anchor is asked again
        return chains


class _Inner:
    """Everything a :class:`QuestboxSpielState` holds. OpenSpiel clones a Python state by making a new
    initial state and deep-copying the attributes of the original into it, so they live in one
    object whose ``__deepcopy__`` is the questbox ``clone``. ``qb`` is None before the deal;
    ``recall`` is None without perfect recall (and before the deal)."""

    __slots__ = ("game", "length", "pending", "qb", "recall")

    def __init__(self, game: QuestboxSpielGame, qb: State | None, chains: list[str] | _Recall | None, length: int,
                 pending: _Pending | None = None) -> None:
        self.game = game
        self.qb = qb
        if isinstance(chains, _Recall):
            self.recall: _Recall | None = chains
        elif chains:
            self.recall = _Recall(None, None, list(chains))
        elif chains is None and game.perfect_recall and qb is not None:
            self.recall = _Recall.start(qb)
        else:
            self.recall = None
        self.length = length
        self.pending = pending

    @property
    def chains(self) -> list[str]:
        """The perfect-recall chains, one per seat (empty without perfect recall)."""
        return [] if self.recall is None else self.recall.get()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        p = self.pending
        return _Inner(self.game, None if self.qb is None else self.qb.clone(), self.recall, self.length,
                      None if p is None else _Pending(p.seat, p.action, list(p.outcomes), p.probs))

    # OpenSpiel serialises a Python state by pickling its ``__dict__``: the questbox state travels as
    # its JSON document (a compiled state class, e.g. Descent's under mypyc, cannot be rebuilt by
    # pickle's ``__new__``, and the document is the game's own exact form)
    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game, "qb": None if self.qb is None else self.qb.to_json(), "chains": self.chains,
                "length": self.length, "pending": self.pending}

    def __setstate__(self, doc: dict[str, Any]) -> None:
        self.game = doc["game"]
        self.qb = None if doc["qb"] is None else self.game.qb_game.from_json(doc["qb"])
        self.recall = _Recall(None, None, list(doc["chains"])) if doc["chains"] else None
        self.length = doc["length"]
        self.pending = doc["pending"]


def _start(game: QuestboxSpielGame) -> _Inner:
    if game.deals > 1:
        return _Inner(game, None, None, 0)
    qb = game.qb_game.new(game.setup, seed=game.deal_seed(0))
    set_rng(qb, _rng_after(game, 0))
    return _Inner(game, qb, None, 0)


def _rng_after(game: QuestboxSpielGame, length: int) -> Rng:
    """The generator a committed state carries. Every draw of a move is a chance node, so nothing
    here is ever rolled by the adapter; it only keeps ``state.qb`` usable on its own."""
    return Rng(derive_seed(game.base_seed, "after", length))


class QuestboxSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a questbox state (:attr:`qb`)."""

    def __init__(self, game: QuestboxSpielGame, qb: State | None = None, chains: list[str] | None = None,
                 length: int = 0, pending: _Pending | None = None) -> None:
        super().__init__(game)
        if qb is None:
            self._game_ref = game
        else:
            self._in = _Inner(game, qb, chains, length, pending)

    def __getattr__(self, name: str) -> Any:
        # only reached while ``_in`` is missing: set up the start now (OpenSpiel's Clone makes an
        # initial state only to overwrite it, so dealing waits for the first use)
        game = self.__dict__.get("_game_ref") if name == "_in" else None
        if game is None:
            raise AttributeError(name)
        inner = _start(game)
        self.__dict__["_in"] = inner
        del self.__dict__["_game_ref"]
        return inner

    def __reduce__(self) -> tuple[Any, ...]:
        return _replay, (self._in.game, list(self.history()))

    @property
    def qb(self) -> State:
        """The questbox state (the real one, hidden information included; before the deal, an error)."""
        qb = self._in.qb
        if qb is None:
            raise ValueError("the game is not dealt yet: the start is a chance node choosing the deal")
        return qb

    # -- turn --------------------------------------------------------------------------------
    def current_player(self) -> int:
        inner = self._in
        qb = inner.qb
        if qb is None or inner.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if qb.is_over() or inner.length >= inner.game.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        return qb.seats.index(qb.to_move()[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node with their probabilities (they add up to 1)."""
        inner = self._in
        if inner.qb is None:
            return [(d, 1.0 / inner.game.deals) for d in range(inner.game.deals)]
        if inner.pending is None:
            return []
        return [(i, p) for i, p in enumerate(inner.pending.probs) if p > 0.0]

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0 or player != self.current_player():
            return []
        inner = self._in
        qb = self.qb
        return inner.game.space.indices(qb.legal_actions(qb.seats[player]))

    def _apply_action(self, action: int) -> None:
        inner = self._in
        game = inner.game
        qb = inner.qb
        if qb is None:
            if not 0 <= action < game.deals:
                raise IllegalAction(f"deal {action} is not one of the {game.deals} deals")
            dealt = game.qb_game.new(game.setup, seed=game.deal_seed(action))
            set_rng(dealt, _rng_after(game, 0))
            inner.qb = dealt
            if game.perfect_recall:
                inner.recall = _Recall.start(dealt)
            return
        p = inner.pending
        if p is None:
            seat = qb.to_move()[0]
            p = _Pending(seat, game.space[action], [], ())
        else:
            if not 0 <= action < len(p.probs) or p.probs[action] <= 0.0:
                raise IllegalAction(f"chance outcome {action} is not one of this node's {len(p.probs)}")
            p.outcomes.append(action)
        after, probs = advance(qb, p.seat, p.action, p.outcomes, functools.partial(_rng_after, game, inner.length + 1))
        if after is None:
            p.probs = probs
            inner.pending = p
            return
        inner.pending = None
        inner.qb = after
        inner.length += 1
        if inner.recall is not None:
            inner.recall = _Recall(inner.recall, after, None, (game, p.seat, p.action, tuple(p.outcomes), inner.length))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {action}" if self._in.qb is None else f"chance {action}"
        return str(self._in.game.space[action])

    def is_terminal(self) -> bool:
        inner = self._in
        qb = inner.qb
        if qb is None or inner.pending is not None:
            return False
        return qb.is_over() or inner.length >= inner.game.max_length

    def returns(self) -> list[float]:
        inner = self._in
        qb = inner.qb
        if qb is None or inner.pending is not None:
            return [0.0] * len(inner.game.seats)
        out = qb.outcome()
        r = final_rewards(out, qb.seats, inner.game.reward_mode)
        return [r[s] for s in qb.seats]

    # -- information -------------------------------------------------------------------------
    def information_string(self, player: int) -> str:
        inner = self._in
        if inner.recall is not None:
            return f"{inner.game.seats[player]}:{inner.recall.get()[player]}"
        return self.observation_text(player)

    def observation_text(self, player: int) -> str:
        inner = self._in
        seat = inner.game.seats[player]
        if inner.qb is None:
            return f"{seat}:(not dealt)"
        return f"{seat}:{canonical(inner.qb.view(seat))}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> QuestboxSpielState:
        """A state ``player_id`` cannot tell from this one: hidden facts resampled (future chance is
        explicit, so there is nothing else to hide)."""
        inner = self._in
        if inner.qb is None:
            return QuestboxSpielState(inner.game)
        u = float(probability_sampler()) if callable(probability_sampler) else 0.5
        rng = Rng(derive_seed(int(u * (1 << 53)), inner.length, "resample"))
        world = inner.qb.determinize(inner.qb.seats[player_id], rng)
        set_rng(world, _rng_after(inner.game, inner.length))
        chains = list(inner.chains)
        for i in range(len(chains)):
            if i != player_id:  # what the others have seen is unknown: key their nodes by the observer's
                chains[i] = _chain(f"{inner.chains[player_id]}/{i}", {})
        p = inner.pending
        pending = None if p is None else _Pending(p.seat, p.action, list(p.outcomes), p.probs)
        return QuestboxSpielState(inner.game, world, chains, inner.length, pending)

    def __str__(self) -> str:
        inner = self._in
        if inner.qb is None:
            return "(not dealt)"
        text = canonical(inner.qb.to_json())
        p = inner.pending
        return text if p is None else f"{text} (chance for {p.seat} {p.action}: {p.outcomes})"


class QuestboxObserver:
    """OpenSpiel observer (``make_py_observer``): a seat's view as a tensor and a string."""

    def __init__(self, game: QuestboxSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self._encoder = game.encoder

    def set_from(self, state: QuestboxSpielState, player: int) -> None:
        qb = state._in.qb
        if qb is None:  # not dealt yet: nothing to see
            self.tensor[:] = 0.0
            return
        seat = qb.seats[player]
        self.tensor[:] = self._encoder.encode_state(qb, seat)

    def string_from(self, state: QuestboxSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_string(player)
        return state.observation_text(player)


def register(game: Game | str) -> str:
    """Register ``game`` with OpenSpiel (once); returns its short name. Raises
    :class:`~questbox.adapters.spaces.NoActionSpace` for a game with no fixed action space."""
    qb_game = resolve_game(game)
    name = short_name(qb_game)
    if name in _registered:
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"OpenSpiel already has a game named {name!r}")
    action_index(qb_game)  # NoActionSpace now, with its advice, rather than at load time

    # A class, like OpenSpiel's own Python games: OpenSpiel's registry keeps the factory until the
    # process ends, and a class (always in a reference cycle) is never freed from C++ at exit,
    # where freeing a plain function without the GIL would crash the interpreter.
    def init(self: QuestboxSpielGame, params: dict[str, Any] | None = None) -> None:
        QuestboxSpielGame.__init__(self, qb_game, params)

    factory = type(f"QuestboxSpielGame_{qb_game.id.replace('-', '_')}", (QuestboxSpielGame,),
                   {"__init__": init, "__module__": __name__})
    pyspiel.register_game(_game_type(qb_game), factory)
    _registered[name] = qb_game.id
    return name


def register_all() -> list[str]:
    """Register every registered questbox game that has a fixed action space; returns their names."""
    from questbox.adapters.spaces import has_action_space

    return [register(g) for g in games().values() if has_action_space(g)]


def load(game: Game | str, **params: Any) -> QuestboxSpielGame:
    """Register ``game`` if needed and load it with ``params`` (see the module docs)."""
    name = register(game)
    loaded: QuestboxSpielGame = pyspiel.load_game(name, params)
    return loaded


def seeded_resampler(seed: int = 0) -> Any:
    """A resampler for ``ISMCTSBot.set_resampler`` drawing from a seeded generator, so a search is
    reproducible (OpenSpiel's default samples with a fresh, randomly seeded sampler every time)."""
    rng = Rng(seed)

    def sampler() -> float:
        return rng.below(1 << 53) / float(1 << 53)

    def resample(state: QuestboxSpielState, player: int) -> QuestboxSpielState:
        return state.resample_from_infostate(player, sampler)

    return resample


class GameEvaluator:
    """An OpenSpiel MCTS/ISMCTS evaluator that scores a leaf with the game's own ``Game.evaluate``
    (each seat's estimated chance to win), falling back to random rollouts for games that offer
    none. Random rollouts rarely reach a win in games a random player almost always loses; the
    game's estimate gives the search a signal there. Priors are uniform."""

    def __init__(self, rollouts: int = 1, random_state: np.random.RandomState | None = None) -> None:
        self.rollouts = rollouts
        self.random_state = random_state or np.random.RandomState()

    def evaluate(self, state: QuestboxSpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        qb = state.qb
        if not state.is_terminal() and not state.is_chance_node():
            estimate = state._in.game.qb_game.evaluate(qb)
            if estimate is not None:
                return np.array([float(estimate.get(s, 0.0)) for s in qb.seats])
        total = np.zeros(len(qb.seats))
        for _ in range(max(1, self.rollouts)):
            working = state.clone()
            while not working.is_terminal():
                if working.is_chance_node():
                    outcomes, probs = zip(*working.chance_outcomes(), strict=True)
                    working.apply_action(int(self.random_state.choice(outcomes, p=probs)))
                    continue
                legal = working.legal_actions()
                working.apply_action(legal[self.random_state.randint(len(legal))])
            total += np.array(working.returns())
        return total / max(1, self.rollouts)

    def prior(self, state: QuestboxSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
