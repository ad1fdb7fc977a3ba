"""Every questbox game as an OpenSpiel Python game.

>>> import pyspiel
>>> from questbox.adapters import openspiel
>>> openspiel.register_all()                 # or openspiel.register("heirs")
>>> game = pyspiel.load_game("questbox_heirs", {"players": 3})
>>> pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

A game ``g`` is registered under the short name ``questbox_<g with - as _>``. Its parameters:

=====================  ==========  =============================================================
``players``            int, 0      seats (0: the setup's, or the game's default)
``setup``              string      the setup document as JSON text ("" for the default)
``seed``               int, 0      seed of the first game; game ``k`` made by ``new_initial_state``
                                   uses ``derive_seed(seed, k)`` (game 0 uses ``seed`` itself)
``perfect_recall``     bool, true  information states chain every view the seat has had; false:
                                   the information state is the current view (cheaper)
``max_game_length``    int, 20000  a game still going after this many actions ends with no winner
``obs_size``           int, 0      feature-hashing slots of the observation tensor (0: 512)
=====================  ==========  =============================================================

* **Chance is sampled**: ``ChanceMode.SAMPLED_STOCHASTIC``; dice and shuffles come from the game's
  own seeded RNG inside ``apply_action``, exactly as in every other face of questbox.
* **Imperfect information** where it applies: a game whose states override
  ``State.determinize`` (they hide something) is ``IMPERFECT_INFORMATION``, others
  ``PERFECT_INFORMATION`` (from ``Game.perfect_information``).
  Observation strings are the seat's view as canonical JSON, observation tensors its encoding
  (:mod:`questbox.adapters.encoding`). ``resample_from_infostate`` returns
  ``state.determinize(seat, rng)`` with a fresh RNG for future chance, so ISMCTS searches worlds
  consistent with what the seat knows and never sees future dice.
* **Actions** are the game's fixed action index (:mod:`questbox.adapters.spaces`).
* **Returns** are ``Outcome.returns``: 1 for each winner, 0 for the others (``GENERAL_SUM``).
* :class:`GameEvaluator` scores search leaves with ``Game.evaluate`` where the game has one.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from questbox.adapters._common import resolve_game
from questbox.adapters.encoding import Encoder, canonical
from questbox.adapters.spaces import ActionIndex, action_index
from questbox.core import JSON, Game, Rng, Seat, State, derive_seed, games

PREFIX = "questbox_"
DEFAULT_MAX_LENGTH = 20_000
_PARAMS: dict[str, Any] = {"players": 0, "setup": "", "seed": 0, "perfect_recall": True,
                           "max_game_length": DEFAULT_MAX_LENGTH, "obs_size": 0}
_registered: dict[str, str] = {}


def short_name(game: Game | str) -> str:
    """The OpenSpiel short name of a questbox game: ``questbox_<id with - as _>``."""
    gid = game if isinstance(game, str) else game.id
    return PREFIX + gid.replace("-", "_")


def has_hidden_information(game: Game) -> bool:
    """Whether the game hides anything from a seat (``Game.perfect_information`` is False)."""
    return not game.perfect_information


def _game_type(game: Game) -> pyspiel.GameType:
    info = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if has_hidden_information(game)
            else pyspiel.GameType.Information.PERFECT_INFORMATION)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"questbox {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=info,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.seat_counts),
        min_num_players=min(game.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMS),
    )


class QuestboxSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game wrapping one questbox game with one setup."""

    def __init__(self, qb_game: Game, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMS, **(params or {})}
        self.qb_game = qb_game
        setup: JSON | None = json.loads(p["setup"]) if p["setup"] else None
        if int(p["players"]):
            setup = qb_game.setup_for_seats(int(p["players"]), setup)
        self.setup = setup
        self.base_seed = int(p["seed"])
        self.perfect_recall = bool(p["perfect_recall"])
        self.max_length = int(p["max_game_length"])
        if self.max_length < 1:
            raise ValueError("max_game_length must be positive")
        self.space: ActionIndex = action_index(qb_game, setup)
        probe = qb_game.new(setup, seed=self.base_seed)
        self.seats: tuple[Seat, ...] = probe.seats
        self.encoder = Encoder(qb_game, probe.seats, int(p["obs_size"]) or None,
                               probe.view(probe.seats[0]), probe.seats[0])
        self._made = 0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=0,
            num_players=len(self.seats),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_length)
        super().__init__(_game_type(qb_game), info, p)

    def new_initial_state(self) -> QuestboxSpielState:
        return QuestboxSpielState(self)

    def _next_seed(self) -> int:
        """The seed of the next game dealt: ``seed`` itself, then ``derive_seed(seed, k)``."""
        k = self._made
        self._made += 1
        return self.base_seed if k == 0 else derive_seed(self.base_seed, k)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> QuestboxObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return QuestboxObserver(self, perfect_recall)


def _chain(prev: str, view: JSON) -> str:
    return hashlib.blake2b((prev + canonical(view)).encode(), digest_size=16).hexdigest()


class _Inner:
    """Everything a :class:`QuestboxSpielState` holds. OpenSpiel clones a Python state by making a new
    initial state and deep-copying the attributes of the original into it, so they live in one
    object whose ``__deepcopy__`` is the questbox ``clone``."""

    __slots__ = ("chains", "game", "length", "qb")

    def __init__(self, game: QuestboxSpielGame, qb: State, chains: list[str] | None, length: int) -> None:
        self.game = game
        self.qb = qb
        if chains is None:
            chains = [_chain("", qb.view(s)) for s in qb.seats] if game.perfect_recall else []
        self.chains = chains
        self.length = length

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.game, self.qb.clone(), list(self.chains), self.length)


class _Deal:
    """A new game not dealt yet. OpenSpiel's ``Clone`` makes an initial state only to overwrite it,
    so dealing waits for the first use: a clone neither pays for a deal nor uses up a seed. A copy
    of an undealt game fixes its seed first, so that both deal the same game."""

    __slots__ = ("game", "seed")

    def __init__(self, game: QuestboxSpielGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed

    def fix(self) -> int:
        if self.seed is None:
            self.seed = self.game._next_seed()
        return self.seed

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return _Deal(self.game, self.fix())


class QuestboxSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a questbox state (:attr:`qb`)."""

    def __init__(self, game: QuestboxSpielGame, qb: State | None = None, chains: list[str] | None = None,
                 length: int = 0) -> None:
        super().__init__(game)
        if qb is None:
            self._deal = _Deal(game)
        else:
            self._in = _Inner(game, qb, chains, length)

    def __getattr__(self, name: str) -> Any:
        # only reached while ``_in`` is missing: deal the game now
        deal = self.__dict__.get("_deal") if name == "_in" else None
        if deal is None:
            raise AttributeError(name)
        game = deal.game
        inner = _Inner(game, game.qb_game.new(game.setup, seed=deal.fix()), None, 0)
        self.__dict__["_in"] = inner
        del self.__dict__["_deal"]
        return inner

    @property
    def qb(self) -> State:
        """The questbox state (the real one, hidden information included)."""
        return self._in.qb

    # -- turn --------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        qb = self._in.qb
        return qb.seats.index(qb.to_move()[0])

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        inner = self._in
        return inner.game.space.indices(inner.qb.legal_actions(inner.qb.seats[player]))

    def _apply_action(self, action: int) -> None:
        inner = self._in
        qb = inner.qb
        qb.apply(qb.to_move()[0], inner.game.space[action])
        inner.length += 1
        if inner.chains:
            inner.chains = [_chain(c, qb.view(s)) for c, s in zip(inner.chains, qb.seats, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._in.game.space[action])

    def is_terminal(self) -> bool:
        inner = self._in
        return inner.qb.is_over() or inner.length >= inner.game.max_length

    def returns(self) -> list[float]:
        qb = self._in.qb
        out = qb.outcome()
        if out is None:
            return [0.0] * len(qb.seats)
        r = out.returns(qb.seats)
        return [r[s] for s in qb.seats]

    # -- information -------------------------------------------------------------------------
    def information_string(self, player: int) -> str:
        inner = self._in
        if inner.chains:
            return f"{inner.qb.seats[player]}:{inner.chains[player]}"
        return self.observation_text(player)

    def observation_text(self, player: int) -> str:
        seat = self._in.qb.seats[player]
        return f"{seat}:{canonical(self._in.qb.view(seat))}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> QuestboxSpielState:
        """A state ``player_id`` cannot tell from this one: hidden facts and future chance resampled."""
        inner = self._in
        u = float(probability_sampler()) if callable(probability_sampler) else 0.5
        rng = Rng(derive_seed(int(u * (1 << 53)), inner.length, "resample"))
        world = inner.qb.determinize(inner.qb.seats[player_id], rng)
        if world.rng.script is None:
            world.rng = Rng(rng.below(1 << 63))
        chains = list(inner.chains)
        for i in range(len(chains)):
            if i != player_id:  # what the others have seen is unknown: key their nodes by the observer's
                chains[i] = _chain(f"{inner.chains[player_id]}/{i}", {})
        return QuestboxSpielState(inner.game, world, chains, inner.length)

    def __str__(self) -> str:
        return canonical(self._in.qb.to_json())


class QuestboxObserver:
    """OpenSpiel observer (``make_py_observer``): a seat's view as a tensor and a string."""

    def __init__(self, game: QuestboxSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self._encoder = game.encoder

    def set_from(self, state: QuestboxSpielState, player: int) -> None:
        qb = state.qb
        seat = qb.seats[player]
        self.tensor[:] = self._encoder(qb.view(seat), seat)

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
        if not state.is_terminal():
            estimate = state._in.game.qb_game.evaluate(qb)
            if estimate is not None:
                return np.array([float(estimate.get(s, 0.0)) for s in qb.seats])
        total = np.zeros(len(qb.seats))
        for _ in range(max(1, self.rollouts)):
            working = state.clone()
            while not working.is_terminal():
                legal = working.legal_actions()
                working.apply_action(legal[self.random_state.randint(len(legal))])
            total += np.array(working.returns())
        return total / max(1, self.rollouts)

    def prior(self, state: QuestboxSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
