"""The game-agnostic core: protocol, actions, events, seeded RNG, replays, registry, errors.

The core knows no game by name; games register through entry points (see :mod:`.registry`).
"""

from questbox.core.actions import Action, as_action
from questbox.core.agent import Agent, make_agent, parse_spec
from questbox.core.errors import (
    IllegalAction,
    NotationError,
    QuestboxError,
    ReplayError,
    ScriptExhausted,
    SetupError,
    UnknownAgent,
    UnknownGame,
)
from questbox.core.events import Event
from questbox.core.match import Match, play_game
from questbox.core.registry import games, get_game, register_agent, register_game
from questbox.core.replay import Replay
from questbox.core.rng import Rng, derive_seed
from questbox.core.state import JSON, Decision, Game, Outcome, Seat, State

__all__ = [
    "JSON", "Action", "Agent", "Decision", "Event", "Game", "IllegalAction", "Match", "NotationError",
    "Outcome", "QuestboxError", "Replay", "ReplayError", "Rng", "ScriptExhausted", "Seat", "SetupError",
    "State", "UnknownAgent", "UnknownGame", "as_action", "derive_seed", "games", "get_game",
    "make_agent", "parse_spec", "play_game", "register_agent", "register_game",
]
