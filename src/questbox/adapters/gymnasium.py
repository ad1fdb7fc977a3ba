"""Single-agent Gymnasium environments: one seat learns, bots play the other seats.

>>> import gymnasium as gym
>>> import questbox.adapters.gymnasium            # registers questbox/<game>-v0 ids
>>> env = gym.make("questbox/heirs-solo-v0")
>>> obs, info = env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

or directly: ``make("heirs", seat="p1", opponents="heuristic", setup={"players": 3})``.

* **observation**: ``{"observation": float32 vector of the seat's view, "action_mask": int8}``
  (as in the PettingZoo environment). :meth:`QuestboxEnv.action_masks` gives the mask too
  (sb3-contrib's ``MaskablePPO`` asks for it). The final observation's mask marks every action
  (none is played on it: an all-zero mask would make a masked policy's distribution undefined).
* **info** holds only what Gymnasium's vector environments can batch: ``"action_mask"``,
  ``"seed"``, at the end ``"outcome"`` (``winners`` list, ``scores`` floats, ``reason``) and
  ``"illegal"`` after a forbidden action. Opt in to more: ``info_view="json"`` (the seat's view as
  canonical JSON text, vector-safe), ``info_view="dict"`` (the view itself: single envs only, its
  keys change from step to step), ``info_legal=True`` (the legal actions in notation).
* **action**: an index into the game's fixed action space (:mod:`questbox.adapters.spaces`).
* **opponents**: a seat spec (``"random"``, ``"heuristic"``, ``"mcts:iters=100"``) for every other
  seat, or a dict seat -> spec; the game's own bots first, then the generic ones. Bots get seeds
  derived from the episode's seed, so ``reset(seed=N)`` replays the same episode for the same actions.
* **reward**: 0 until the end, then ``"win"``: 1 if the seat won, else 0; ``"zero-sum"``: +1 / -1.
  ``shaping=True`` adds potential-based shaping (Ng, Harada & Russell 1999) from the potential the
  game's observe module offers for the setup (Hero: Immortal King solitaire's, fitted on solitaire
  games), else the game's own ``Game.evaluate``: each step earns ``gamma * phi(next) - phi(before)``, ``phi`` the seat's
  estimated chance to win (0 once the game is over), which leaves the optimal policy unchanged.
  ``potential=`` gives another potential (a callable ``(state, seat) -> float``); with
  ``terminal_potential=True`` phi is not zeroed at the end, so an episode's rewards add up to the
  final reward plus ``gamma**T * phi(final position) - phi(start)``: a lost game that got further earns
  more. That changes the objective (no longer policy-invariant), and is what makes shaping useful
  where the learner never wins yet: with phi zeroed at the end, every lost game's discounted shaped
  return is exactly ``-phi(start)``, whatever was played, so the critic learns ``V = -phi`` and
  every advantage tends to 0.
* **forced moves**: ``auto_forced=True`` plays the learning seat's only legal action for it, so
  every step the agent takes is a real choice (``info["forced"]`` counts those played).
* **illegal actions** (the mask forbids them): ``illegal="penalize"`` (default) leaves the game as it
  is and gives ``illegal_reward`` (-1); ``"random"`` plays a random legal action instead;
  ``"raise"`` raises ``IllegalAction``. ``max_steps`` truncates an episode.

Registered ids (:func:`register_envs`, run on import, and again for games registered later):
``questbox/<game>-v0`` (the game's default setup, the first seat, the game's ``heuristic`` bot if it
has one, else ``random``); for games that seat one player, ``questbox/<game>-solo-v0``
(e.g. ``questbox/heirs-solo-v0``: Heirs Solo Mode against the automated Black Wizard); and the
:data:`PRESETS` (Hero: Immortal King solitaire by scenario, ``questbox/hero-ik-solitaire-easy-v0``,
``-medium-``, ``-hard-``, and the curriculum :func:`hik_curriculum`,
``questbox/hero-ik-solitaire-easy-level0-v0`` ... ``-level3-``).
"""

from __future__ import annotations

import copy
import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from questbox.adapters._common import (
    check_reward_mode,
    final_rewards,
    mute,
    render_text,
    resolve_game,
    resolve_setup,
)
from questbox.adapters.encoding import BOUND, Encoder, canonical
from questbox.adapters.observe import Potential, designed_potential
from questbox.adapters.spaces import action_index
from questbox.core import (
    JSON,
    Action,
    Agent,
    Game,
    IllegalAction,
    Rng,
    Seat,
    SetupError,
    State,
    derive_seed,
    games,
    make_agent,
)

Obs = dict[str, npt.NDArray[Any]]
NAMESPACE = "questbox"
#: more ids per game, ``questbox/<game>-<variant>-v0``: variant -> setup document (registered once the
#: game is registered and has a fixed action space)
PRESETS: dict[str, dict[str, JSON]] = {
    "hero-ik": {f"solitaire-{s}": {"mode": "solitaire", "scenario": s} for s in ("easy", "medium", "hard")},
}
#: Hero: Immortal King solitaire's curriculum: cards already won from the front of each corridor
#: at the start (the setup's ``start.won``, with 10 Courage), level 0 the easiest; the last level is
#: the printed setup. Random play wins about 50 %, 12 %, 3 % and 0 % of Easy at levels 0-3.
HIK_CURRICULUM = (15, 14, 12, 0)


def hik_curriculum(level: int, scenario: str = "easy") -> JSON:
    """The setup of curriculum ``level`` (0 = easiest) of Hero: Immortal King solitaire ``scenario``."""
    if not 0 <= level < len(HIK_CURRICULUM):
        raise ValueError(f"curriculum levels are 0 to {len(HIK_CURRICULUM) - 1}, not {level}")
    setup: JSON = {"mode": "solitaire", "scenario": scenario}
    won = HIK_CURRICULUM[level]
    if won:
        setup["start"] = {"courage": 10, "won": dict.fromkeys((1, 2, 3), won)}
    return setup


PRESETS["hero-ik"].update({f"solitaire-easy-level{k}": hik_curriculum(k) for k in range(len(HIK_CURRICULUM))})
#: the ``info_view`` options: no view in ``info``, its canonical JSON text, or the view itself
INFO_VIEWS = (None, "json", "dict")
#: how many seeds ``reset`` tries when the bots finish a game before the learning seat moves
RESET_TRIES = 100


class QuestboxEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a questbox game as a Gymnasium environment; bots play the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: Game | str, seat: Seat | None = None, opponents: str | Mapping[Seat, str] | None = None,
                 setup: JSON | None = None, *, players: int | None = None, render_mode: str | None = None,
                 obs_size: int | None = None, reward: str = "win", illegal: str = "penalize",
                 illegal_reward: float = -1.0, max_steps: int | None = None, info_view: str | None = None,
                 info_legal: bool = False, shaping: bool = False, gamma: float = 0.99,
                 auto_forced: bool = False, potential: Potential | None = None,
                 terminal_potential: bool = False) -> None:
        self.game = resolve_game(game)
        self.setup = resolve_setup(self.game, setup, players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        check_reward_mode(reward)
        if illegal not in ("penalize", "random", "raise"):
            raise ValueError(f"illegal must be 'penalize', 'random' or 'raise', not {illegal!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps must be positive")
        if info_view not in INFO_VIEWS:
            raise ValueError(f"info_view must be one of {INFO_VIEWS}, not {info_view!r}")
        if not 0.0 <= gamma <= 1.0:
            raise ValueError("gamma must be in [0, 1]")
        self.info_view = info_view
        self.info_legal = bool(info_legal)
        self.shaping = bool(shaping)
        self.gamma = float(gamma)
        self.auto_forced = bool(auto_forced)
        self.render_mode = render_mode
        self.reward_mode = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps

        probe = self.game.new(self.setup, seed=0)
        self.seats: tuple[Seat, ...] = probe.seats
        self.seat: Seat = seat if seat is not None else self.seats[0]
        if self.seat not in self.seats:
            raise ValueError(f"{self.game.id} has no seat {self.seat!r} with this setup "
                             f"(seats: {', '.join(self.seats)})")
        if opponents is None:
            opponents = "heuristic" if "heuristic" in self.game.agents() else "random"
        others = [s for s in self.seats if s != self.seat]
        if isinstance(opponents, str):
            self.opponents: dict[Seat, str] = dict.fromkeys(others, opponents)
        else:
            missing = [s for s in others if s not in opponents]
            extra = [s for s in opponents if s not in others]
            if missing or extra:
                raise ValueError(f"opponents must name every other seat ({', '.join(others)}): "
                                 f"missing {missing}, unexpected {extra}")
            self.opponents = dict(opponents)
        for spec in self.opponents.values():  # fail now on a bad spec, not in reset
            make_agent(spec, self.game, 0)

        self.space = action_index(self.game, self.setup)
        self.encoder = Encoder(self.game, self.seats, obs_size, probe.view(self.seat), self.seat, setup=self.setup)
        n = len(self.space)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.action_space = spaces.Discrete(n)
        self.state: State = probe
        self.bots: dict[Seat, Agent] = {}
        self.steps = 0
        self.seed_used: int = 0
        self._pick = Rng(0)
        self._legal: list[Action] = []
        self._mask_now = np.zeros(n, dtype=np.int8)
        self._phi = 0.0
        self._forced = 0
        self.terminal_potential = bool(terminal_potential)
        if potential is not None and not self.shaping:
            raise ValueError("a potential is only used with shaping=True")
        self.potential: Potential | None = (potential if potential is not None else
                                            designed_potential(self.game, self.setup) if self.shaping else None)
        if self.shaping and self.potential is None and self.game.evaluate(probe) is None:
            raise ValueError(f"shaping needs a potential or Game.evaluate, which {self.game.id} does not offer")

    # -- helpers -----------------------------------------------------------------------------
    def action_notation(self, index: int) -> str:
        return str(self.space[int(index)])

    def action_id(self, action: Action | str) -> int:
        act = self.game.parse_action(action) if isinstance(action, str) else action
        return self.space.of(act)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO`` calls this)."""
        return self._mask_now.astype(np.bool_)

    def _potential(self) -> float:
        """phi: the seat's estimated chance to win (the given or designed potential, else
        ``Game.evaluate``), 0 once the game is over (unless ``terminal_potential``)."""
        if self.state.is_over() and not self.terminal_potential:
            return 0.0
        if self.potential is not None:
            return float(self.potential(self.state, self.seat))
        estimate = self.game.evaluate(self.state)
        return 0.0 if estimate is None else float(estimate.get(self.seat, 0.0))

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        state = self.state
        n = len(self.space)
        if state.is_over():
            self._legal = []
            mask = np.ones(n, dtype=np.int8)  # nothing is played on a final observation
            self._mask_now = np.zeros(n, dtype=np.int8)
        else:
            self._legal = state.legal_actions(self.seat)
            mask = np.zeros(n, dtype=np.int8)
            mask[self.space.indices(self._legal)] = 1
            self._mask_now = mask
        info: dict[str, Any] = {"action_mask": mask, "seed": self.seed_used}
        if self.info_view == "json":
            info["view"] = canonical(state.view(self.seat))
        elif self.info_view == "dict":
            # a game may share constant parts of its views between calls (a board layout): the info
            # dict gets its own copy, so an agent that mutates it cannot corrupt the next one
            info["view"] = copy.deepcopy(state.view(self.seat))
        if self.info_legal:
            info["legal"] = [str(a) for a in self._legal]
        if self.auto_forced:
            info["forced"] = self._forced
        out = state.outcome()
        if out is not None:
            info["outcome"] = {"winners": list(out.winners), "reason": out.reason,
                               "scores": {s: float(v) for s, v in out.scores.items()}}
        return {"observation": self.encoder.encode_state(state, self.seat), "action_mask": mask.copy()}, info

    def _run_bots(self) -> None:
        """Bots play until the learning seat has a choice (or the game ends); with ``auto_forced``
        the learning seat's only legal action is played too."""
        state = self.state
        seat = self.seat
        while not state.is_over():
            movers = state.to_move()
            if seat in movers:
                if not self.auto_forced:
                    return
                legal = state.legal_actions(seat)
                if len(legal) != 1:
                    return
                state.apply(seat, legal[0])
                self._forced += 1
                continue
            bot_seat = movers[0]
            state.apply(bot_seat, self.bots[bot_seat].act(state, bot_seat))

    # -- gymnasium ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        base = seed if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        for attempt in range(RESET_TRIES):
            game_seed = base if attempt == 0 else derive_seed(base, "reset", attempt)
            self.seed_used = game_seed
            self.state = mute(self.game.new(self.setup, seed=game_seed))
            self.bots = {s: make_agent(spec, self.game, derive_seed(game_seed, "bot", i))
                         for i, (s, spec) in enumerate(sorted(self.opponents.items()))}
            self._pick = Rng(derive_seed(game_seed, "illegal"))
            self.steps = 0
            self._forced = 0
            self._run_bots()
            if not self.state.is_over():
                break
        else:
            raise RuntimeError(f"{self.game.id}: the bots ended {RESET_TRIES} games in a row before "
                               f"{self.seat} could move")
        if self.render_mode == "human":
            self.render()
        if self.shaping:
            self._phi = self._potential()
        return self._observe()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_over():
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        legal = self._legal
        act = self.space[index] if 0 <= index < len(self.space) else None
        self.steps += 1
        reward = 0.0
        illegal = act is None or not self._mask_now[index]
        if illegal:
            if self.illegal == "raise":
                raise IllegalAction(f"{self.seat}: action {index} ({act}) is not legal now; legal: "
                                    + ", ".join(str(a) for a in legal))
            if self.illegal == "random":
                act = legal[self._pick.below(len(legal))]
            else:
                reward = self.illegal_reward
        if not illegal or self.illegal == "random":
            assert act is not None
            state.apply(self.seat, act)
            self._run_bots()
        terminated = state.is_over()
        if terminated:
            reward += final_rewards(state.outcome(), self.seats, self.reward_mode)[self.seat]
        if self.shaping:
            phi = self._potential()
            reward += self.gamma * phi - self._phi
            self._phi = phi
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        obs, info = self._observe()
        if illegal:
            info["illegal"] = True
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self.game, self.state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def make(game: Game | str, seat: Seat | None = None, opponents: str | Mapping[Seat, str] | None = None,
         setup: JSON | None = None, **kwargs: Any) -> QuestboxEnv:
    """A single-agent environment of ``game``: ``seat`` learns (default: the first seat), ``opponents``
    (a seat spec, or a dict seat -> spec) play the others. See the module docs for the options."""
    return QuestboxEnv(game, seat, opponents, setup, **kwargs)


def env_id(game_id: str, variant: str = "") -> str:
    """``questbox/<game>-v0`` or ``questbox/<game>-<variant>-v0``."""
    return f"{NAMESPACE}/{game_id}{'-' + variant if variant else ''}-v0"


def register_env(env_name: str, game: Game | str, setup: JSON | None = None, **kwargs: Any) -> None:
    """Register a Gymnasium id for ``game`` with ``setup`` and ``make`` options (a scenario, a seat...)."""
    gid = game if isinstance(game, str) else game.id
    if env_name in gymnasium.registry:
        return
    gymnasium.register(id=env_name, entry_point=f"{__name__}:QuestboxEnv",
                       kwargs={"game": gid, "setup": setup, **kwargs}, disable_env_checker=False)


def register_envs() -> list[str]:
    """Register ``questbox/<game>-v0``, ``-solo-v0`` where one seat may play, and the :data:`PRESETS`
    (e.g. ``questbox/hero-ik-solitaire-hard-v0``) for every registered game that has a fixed action
    space; returns the ids."""
    from questbox.adapters.spaces import has_action_space

    ids: list[str] = []
    for gid, game in games().items():
        if not has_action_space(game):
            continue
        variants: dict[str, JSON | None] = {"": None}
        if 1 in game.seat_counts:
            variants["solo"] = game.setup_for_seats(1)
        variants.update(PRESETS.get(gid, {}))
        for variant, setup in variants.items():
            try:
                usable = setup is None or (game.new(setup, seed=0) is not None and has_action_space(game, setup))
            except SetupError as exc:
                warnings.warn(f"{env_id(gid, variant)} is not registered: {exc}", stacklevel=2)
                continue
            if usable:
                ids.append(env_id(gid, variant))
                register_env(ids[-1], gid, setup)
    return ids

register_envs()
