"""The agent protocol and seat specs (``random``, ``heuristic``, ``mcts:iters=400``).

An agent picks an action for a seat. It is handed the real state but must behave as a player at
the table: read only ``state.view(seat)``, ``state.legal_actions(seat)`` and, for search, copies
made by ``state.determinize(seat, rng)``. Agents own their randomness (seeded at creation), so
adding a bot never changes the game's own random stream.

A spec is checked where it is given: :func:`check_agent_spec` builds the agent once and raises
:class:`AgentSpecError` (one line naming the parameter) for anything wrong, so a command line or a
server refuses a bad spec before a game starts. :class:`AgentLimits` is what an operator allows
(the server's bot budgets); ``None`` means no limits (the command line, research).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from questbox.core.errors import UnknownAgent

if TYPE_CHECKING:
    from questbox.core.actions import Action
    from questbox.core.state import Game, Seat, State


@runtime_checkable
class Agent(Protocol):
    """Anything with ``act(state, seat) -> Action``."""

    name: str

    def act(self, state: State, seat: Seat) -> Action: ...


class AgentFactory(Protocol):
    def __call__(self, *, game: Game, seed: int, **params: Any) -> Agent: ...


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iters=400,c=1.4"`` → ``("mcts", {"iters": 400, "c": 1.4})``."""
    spec = spec.strip()
    if not spec:
        raise UnknownAgent("empty agent spec")
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, val = part.partition("=")
        if not eq or not key:
            raise UnknownAgent(f"{spec!r}: parameters are written key=value, separated by commas")
        params[key.strip()] = _value(val.strip())
    return name.strip(), params


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of seat specs, keeping each spec's parameters together:
    ``"mcts:iters=100,depth=20,random"`` → ``["mcts:iters=100,depth=20", "random"]`` (a piece with
    ``=`` and no ``:`` continues the spec before it)."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


class AgentSpecError(UnknownAgent):
    """A seat spec that names a known agent with parameters it refuses (or a limit forbids)."""


#: the generic search agents, whose budgets :class:`AgentLimits` caps
SEARCH_AGENTS = ("mcts", "ismcts")
#: their iteration budget when a spec names none
DEFAULT_ITERS = 200


def _number(params: dict[str, Any], key: str) -> float | None:
    value = params.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise AgentSpecError(f"{key} must be a finite number (got {value!r})")
    return float(value)


@dataclass(frozen=True)
class AgentLimits:
    """What an operator lets a seat spec ask for (the server's bots; docs/server.md, *Security*).

    The search agents (``mcts``, ``ismcts``) may ask for at most ``max_iters`` iterations,
    ``max_seconds`` seconds and rollouts of ``max_depth`` actions per decision, and every decision
    is cut at ``max_seconds`` whatever the spec says. ``cheat`` (``mcts`` reading hidden cards)
    is refused unless ``allow_cheat``. A game's own bots run with their default settings unless
    ``allow_bot_params`` (their parameters, such as a sample count, are not budgets this layer
    can cap).
    """

    max_iters: int = 20_000
    max_seconds: float = 5.0
    max_depth: int = 1000
    allow_cheat: bool = False
    allow_bot_params: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.max_iters, bool) or not isinstance(self.max_iters, int) or self.max_iters < 1:
            raise ValueError(f"max_iters must be a whole number >= 1 (got {self.max_iters!r})")
        if not math.isfinite(self.max_seconds) or self.max_seconds <= 0:
            raise ValueError(f"max_seconds must be a number > 0 (got {self.max_seconds!r})")
        if isinstance(self.max_depth, bool) or not isinstance(self.max_depth, int) or self.max_depth < 1:
            raise ValueError(f"max_depth must be a whole number >= 1 (got {self.max_depth!r})")

    def restrict(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters to build agent ``name`` with under these limits (``AgentSpecError`` if
        the spec asks for more than they allow)."""
        if name not in SEARCH_AGENTS:
            if params and not self.allow_bot_params and name != "random":
                raise AgentSpecError(f"{name} takes no parameters here (it runs with its default settings; "
                                     f"got {', '.join(sorted(params))})")
            return params
        if params.get("cheat") and not self.allow_cheat:
            raise AgentSpecError("cheat: reading hidden cards is not allowed here (use ismcts)")
        iters = _number(params, "iters")
        if iters is not None and iters > self.max_iters:
            raise AgentSpecError(f"iters: at most {self.max_iters} per decision here (got {params['iters']!r})")
        seconds = _number(params, "seconds")
        if seconds is not None and seconds > self.max_seconds:
            raise AgentSpecError(f"seconds: at most {self.max_seconds:g} per decision here "
                                 f"(got {params['seconds']!r})")
        depth = _number(params, "depth")
        if depth is not None and depth > self.max_depth:
            raise AgentSpecError(f"depth: rollouts of at most {self.max_depth} actions here (got {params['depth']!r})")
        out = dict(params)
        if seconds is None:
            # every decision ends by the time cap, whatever its iteration budget
            out["seconds"] = self.max_seconds
            out.setdefault("iters", DEFAULT_ITERS)   # the agent's own default, now with a time cap
        return out


def make_agent(spec: str, game: Game, seed: int = 0, limits: AgentLimits | None = None) -> Agent:
    """Build the agent a seat spec names: the game's own bots first, then the generic ones.

    ``UnknownAgent`` for a name no one knows; :class:`AgentSpecError` (a subclass) for parameters
    the agent refuses or ``limits`` forbid, with the parameter named in the message.
    """
    from questbox.core.registry import agent_factories

    name, params = parse_spec(spec)
    factory: Callable[..., Agent] | None = game.agents().get(name) or agent_factories().get(name)
    if factory is None:
        known = sorted(set(game.agents()) | set(agent_factories()))
        raise UnknownAgent(f"no agent {name!r} for {game.id} (known: {', '.join(known)})")
    try:
        if limits is not None:
            params = limits.restrict(name, params)
        return factory(game=game, seed=seed, **params)
    except AgentSpecError as exc:
        raise AgentSpecError(f"{spec!r}: {exc}") from exc
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"{spec!r}: {exc}") from exc


def check_agent_spec(spec: str, game: Game, limits: AgentLimits | None = None) -> None:
    """Refuse a seat spec that would not build (``UnknownAgent``, or its subclass
    ``AgentSpecError`` for a bad parameter): one line, meant to be shown as it is."""
    if spec.strip() == "human":
        return
    make_agent(spec, game, 0, limits)


def agent_names(game: Game) -> list[str]:
    from questbox.core.registry import agent_factories

    return sorted(set(game.agents()) | set(agent_factories()))
