"""A PettingZoo AEC environment for every registered questbox game.

>>> from questbox.adapters.pettingzoo import env
>>> e = env("heirs", {"players": 3})
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

* **agents** are the game's seats (``p1``, ``p2``...), in turn order; ``agent_selection`` is the
  seat the game has to move (``State.to_move()[0]``; a simultaneous choice is asked seat by seat).
* **actions** are indices into the game's fixed action space (:mod:`questbox.adapters.spaces`):
  ``Discrete(len(space))``; ``env.action_notation(i)`` / ``env.action_id("hold")`` convert.
* **observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``: the vector
  encodes only the agent's own ``view`` (``Game.encode``, else feature hashing, see
  :mod:`questbox.adapters.encoding`); the mask marks the legal actions of the agent to move (all
  zeros for the others). ``infos[agent]`` holds ``"outcome"`` at the end; opt in to more with
  ``info_view="dict"`` (the view as a dict) or ``"json"`` (its canonical JSON text) and
  ``info_legal=True`` (the legal actions in notation), for the agent to move and for everybody at
  the end.
* **rewards** come only at the end: ``reward="win"`` gives 1 to each winner and 0 to the others
  (the core's ``Outcome.returns``); ``reward="zero-sum"``: the winners share +1, the losers -1.
* **seeding**: ``reset(seed=N)`` plays the game that ``questbox play GAME --seed N`` plays;
  ``reset()`` without a seed continues a deterministic sequence of seeds from the last one given.
* ``max_steps`` truncates long episodes; ``illegal="raise"`` (default) raises ``IllegalAction`` for
  an action that is not legal, ``illegal="terminate"`` ends the game with -1 for the offender.
* ``state()`` is a global-state vector (hashed full state, hidden information included) for
  centralised critics, in ``state_space``; never give it to a player.
* :func:`parallel_env` is the same game as a PettingZoo ``ParallelEnv``: every seat in
  ``State.to_move()`` acts in one step (a simultaneous choice, such as Hero: Immortal King's
  rock-paper-scissors, is one step), the others' actions are ignored (their masks are all zeros).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from questbox.adapters._common import (
    check_reward_mode,
    final_rewards,
    mute,
    render_text,
    resolve_game,
    resolve_setup,
)
from questbox.adapters.encoding import BOUND, Encoder, canonical, hash_features
from questbox.adapters.spaces import action_index
from questbox.core import JSON, Action, Game, IllegalAction, Rng, Seat, State, derive_seed

Obs = dict[str, npt.NDArray[Any]]
#: the ``info_view`` options: no view in ``infos``, its canonical JSON text, or the view itself
INFO_VIEWS = (None, "json", "dict")


class QuestboxAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one questbox game with one setup."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention; replaced per instance)
        "render_modes": ["human", "ansi"], "name": "questbox_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: Game | str, setup: JSON | None = None, *, players: int | None = None,
                 render_mode: str | None = None, obs_size: int | None = None, reward: str = "win",
                 max_steps: int | None = None, illegal: str = "raise", info_view: str | None = None,
                 info_legal: bool = False) -> None:
        super().__init__()
        self.game = resolve_game(game)
        self.setup = resolve_setup(self.game, setup, players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        check_reward_mode(reward)
        if illegal not in ("raise", "terminate"):
            raise ValueError(f"illegal must be 'raise' or 'terminate', not {illegal!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps must be positive")
        if info_view not in INFO_VIEWS:
            raise ValueError(f"info_view must be one of {INFO_VIEWS}, not {info_view!r}")
        self.info_view = info_view
        self.info_legal = bool(info_legal)
        self.render_mode = render_mode
        self.reward_mode = reward
        self.illegal = illegal
        self.max_steps = max_steps
        self.metadata = {**type(self).metadata, "name": f"questbox_{self.game.id.replace('-', '_')}_v0"}

        self.space = action_index(self.game, self.setup)
        probe = self.game.new(self.setup, seed=0)
        self.possible_agents: list[str] = list(probe.seats)
        self.encoder = Encoder(self.game, probe.seats, obs_size, probe.view(probe.seats[0]), probe.seats[0],
                               setup=self.setup)
        n = len(self.space)
        self._obs_space = {
            a: spaces.Dict({
                "observation": spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
        self._act_space = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state_space = spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32)

        self.state_: State = probe
        self.steps = 0
        self._seeder = Rng(secrets.randbits(63))
        self.seed_used: int | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # -- spaces ------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space[agent]

    def action_notation(self, index: int) -> str:
        """The notation of action ``index`` (``"hold"``)."""
        return str(self.space[int(index)])

    def action_id(self, action: Action | str) -> int:
        """The index of an action (or its notation)."""
        act = self.game.parse_action(action) if isinstance(action, str) else action
        return self.space.of(act)

    # -- episode -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = Rng(seed)
            game_seed = seed
        else:
            game_seed = derive_seed(self._seeder.below(2**63), "episode")
        self.seed_used = game_seed
        self.state_ = mute(self.game.new(self.setup, seed=game_seed))
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        if self.state_.is_over():  # a setup that starts finished: everybody is done at once
            self._finish(None)
        else:
            self.agent_selection = self.state_.to_move()[0]
            self._inform(self.agent_selection)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for agents that are done")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        index = int(action)
        if not 0 <= index < len(self.space):
            raise IllegalAction(f"action {index} is outside the action space (0..{len(self.space) - 1})")
        act = self.space[index]
        state = self.state_
        if act not in state.legal_actions(agent):
            if self.illegal == "raise":
                raise IllegalAction(f"{agent}: action {index} ({act}) is not legal now; legal: "
                                    + ", ".join(str(a) for a in state.legal_actions(agent)))
            self.steps += 1
            self._finish(agent)
            return
        state.apply(agent, act)
        self.steps += 1
        if state.is_over():
            self._finish(None)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self._inform(a)
            self.agent_selection = agent
        else:
            self.agent_selection = state.to_move()[0]
            self._inform(self.agent_selection)
        if self.render_mode == "human":
            self.render()

    def _finish(self, offender: Seat | None) -> None:
        """The game ended (or ``offender`` played an illegal action): rewards, everybody done."""
        if offender is None:
            rewards = final_rewards(self.state_.outcome(), tuple(self.possible_agents), self.reward_mode)
        else:
            rewards = {a: (-1.0 if a == offender else 0.0) for a in self.possible_agents}
        for a in self.agents:
            self.rewards[a] = rewards[a]
            self.terminations[a] = True
            self._inform(a)
            if offender is not None:
                self.infos[a]["illegal"] = offender
        self._accumulate_rewards()
        self.agent_selection = offender or self.agents[0]

    def _inform(self, agent: str) -> None:
        state = self.state_
        info: dict[str, Any] = {}
        if self.info_view == "dict":
            info["view"] = state.view(agent)
        elif self.info_view == "json":
            info["view"] = canonical(state.view(agent))
        if self.info_legal:
            info["legal"] = [str(a) for a in state.legal_actions(agent)]
        out = state.outcome()
        if out is not None:
            info["outcome"] = out.to_json()
        self.infos[agent] = info

    # -- observations ------------------------------------------------------------------------
    def observe(self, agent: str) -> Obs:
        state = self.state_
        mask = np.zeros(len(self.space), dtype=np.int8)
        done = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        if agent == self.agent_selection and not done:
            mask[self.space.indices(state.legal_actions(agent))] = 1
        return {"observation": self.encoder.encode_state(state, agent), "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """The whole state, hidden information included, hashed into a vector (for centralised critics)."""
        return hash_features(self.state_.to_json(), self.encoder.size)

    @property
    def game_state(self) -> State:
        """The questbox state being played (the real one: do not show it to a learner)."""
        return self.state_

    # -- rendering ---------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self.game, self.state_, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: Game | str, setup: JSON | None = None, **kwargs: Any) -> QuestboxAECEnv:
    """The AEC environment of ``game`` (an id or a ``Game``) with ``setup`` (its setup document).

    Keyword options: ``players`` (a setup for that many seats), ``render_mode`` (``"human"``,
    ``"ansi"``), ``obs_size`` (feature-hashing slots, default 512), ``reward`` (``"win"``,
    ``"zero-sum"``), ``max_steps``, ``illegal`` (``"raise"``, ``"terminate"``), ``info_view``
    (``None``, ``"json"``, ``"dict"``), ``info_legal``.
    """
    return QuestboxAECEnv(game, setup, **kwargs)


class QuestboxParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment of one questbox game: every seat to move acts in one step."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "questbox_v0"}  # noqa: RUF012

    def __init__(self, game: Game | str, setup: JSON | None = None, **kwargs: Any) -> None:
        self.aec = QuestboxAECEnv(game, setup, **kwargs)
        self.metadata = dict(self.aec.metadata)
        self.possible_agents: list[str] = list(self.aec.possible_agents)
        self.agents: list[str] = []
        self.state_space = self.aec.state_space
        self.render_mode = self.aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    @property
    def game_state(self) -> State:
        """The questbox state being played (the real one: do not show it to a learner)."""
        return self.aec.state_

    def state(self) -> npt.NDArray[np.float32]:
        return self.aec.state()

    def _observe_all(self) -> dict[str, Obs]:
        aec = self.aec
        state = aec.state_
        movers = set() if state.is_over() else set(state.to_move())
        out: dict[str, Obs] = {}
        for agent in self.possible_agents:
            mask = np.zeros(len(aec.space), dtype=np.int8)
            if agent in movers:
                mask[aec.space.indices(state.legal_actions(agent))] = 1
            out[agent] = {"observation": aec.encoder.encode_state(state, agent), "action_mask": mask}
        return out

    def _infos(self) -> dict[str, dict[str, Any]]:
        for agent in self.possible_agents:
            self.aec._inform(agent)
        return {a: self.aec.infos[a] for a in self.possible_agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents) if not self.aec.state_.is_over() else []
        return self._observe_all(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        aec = self.aec
        state = aec.state_
        if state.is_over() or not self.agents:
            raise RuntimeError("the episode is over: call reset()")
        movers = state.to_move()
        chosen: list[tuple[Seat, Action]] = []
        for seat in movers:  # check every choice before playing any: an illegal one changes nothing
            if actions.get(seat) is None:
                raise ValueError(f"{seat} is to move: step needs its action")
            index = int(actions[seat])
            legal = state.legal_actions(seat)
            act = aec.space[index] if 0 <= index < len(aec.space) else None
            if act is None or act not in legal:
                if aec.illegal == "terminate":
                    return self._offended(seat)
                raise IllegalAction(f"{seat}: action {index} ({act}) is not legal now; legal: "
                                    + ", ".join(str(a) for a in legal))
            chosen.append((seat, act))
        for seat, act in chosen:
            if seat in state.to_move():
                state.apply(seat, act)
        aec.steps += 1
        done = state.is_over()
        truncated = not done and aec.max_steps is not None and aec.steps >= aec.max_steps
        rewards = (final_rewards(state.outcome(), tuple(self.possible_agents), aec.reward_mode) if done
                   else dict.fromkeys(self.possible_agents, 0.0))
        obs, infos = self._observe_all(), self._infos()
        live = list(self.agents)
        if done or truncated:
            self.agents = []
        if aec.render_mode == "human":
            aec.render()
        return (obs, {a: rewards[a] for a in live}, dict.fromkeys(live, done), dict.fromkeys(live, truncated),
                {a: infos[a] for a in live})

    def _offended(self, offender: Seat) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool],
                                                 dict[str, bool], dict[str, dict[str, Any]]]:
        """``illegal="terminate"``: the game ends with -1 for ``offender``, unchanged."""
        live = list(self.agents)
        self.agents = []
        self.aec.steps += 1
        obs, infos = self._observe_all(), self._infos()
        for a in live:
            infos[a]["illegal"] = offender
        return (obs, {a: (-1.0 if a == offender else 0.0) for a in live}, dict.fromkeys(live, True),
                dict.fromkeys(live, False), {a: infos[a] for a in live})

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def parallel_env(game: Game | str, setup: JSON | None = None, **kwargs: Any) -> QuestboxParallelEnv:
    """The parallel environment of ``game`` (the options of :func:`env`)."""
    return QuestboxParallelEnv(game, setup, **kwargs)


raw_env = env
