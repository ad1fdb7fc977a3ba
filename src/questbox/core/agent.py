"""The agent protocol and seat specs (``random``, ``heuristic``, ``mcts:iters=400``).

An agent picks an action for a seat. It is handed the real state but must behave as a player at
the table: read only ``state.view(seat)``, ``state.legal_actions(seat)`` and, for search, copies
made by ``state.determinize(seat, rng)``. Agents own their randomness (seeded at creation), so
adding a bot never changes the game's own random stream.
"""

from __future__ import annotations

from collections.abc import Callable
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


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """Build the agent a seat spec names: the game's own bots first, then the generic ones."""
    from questbox.core.registry import agent_factories

    name, params = parse_spec(spec)
    factory: Callable[..., Agent] | None = game.agents().get(name) or agent_factories().get(name)
    if factory is None:
        known = sorted(set(game.agents()) | set(agent_factories()))
        raise UnknownAgent(f"no agent {name!r} for {game.id} (known: {', '.join(known)})")
    try:
        return factory(game=game, seed=seed, **params)
    except TypeError as exc:
        raise UnknownAgent(f"{spec!r}: {exc}") from exc


def agent_names(game: Game) -> list[str]:
    from questbox.core.registry import agent_factories

    return sorted(set(game.agents()) | set(agent_factories()))
