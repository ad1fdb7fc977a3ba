"""Helpers shared by the adapters: finding the game, the setup, rewards and text rendering."""

from __future__ import annotations

import io
from typing import Any, Literal

from questbox.core import JSON, Game, Outcome, Seat, State, get_game

RewardMode = Literal["win", "zero-sum"]
REWARD_MODES = ("win", "zero-sum")


def resolve_game(game: Game | str) -> Game:
    """A registered game by id, or the game itself."""
    return get_game(game) if isinstance(game, str) else game


def resolve_setup(game: Game, setup: JSON | None, players: int | None) -> JSON | None:
    """The setup document: ``setup`` as given, for ``players`` seats if that is given."""
    if players is not None:
        return game.setup_for_seats(players, setup)
    return None if setup is None else dict(setup)


def check_reward_mode(mode: str) -> None:
    if mode not in REWARD_MODES:
        raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")


def final_rewards(outcome: Outcome | None, seats: tuple[Seat, ...], mode: str) -> dict[Seat, float]:
    """Each seat's reward at the end: ``win``: 1 for a winner, 0 otherwise (``Outcome.returns``);
    ``zero-sum``: the winners share +1 and the losers share -1 (with two seats: +1 and -1), so the
    rewards add up to 0 with any number of seats; 0 for everybody if nobody or everybody won."""
    if outcome is None:
        return dict.fromkeys(seats, 0.0)
    returns = outcome.returns(seats)
    if mode == "win":
        return returns
    winners = [s for s in seats if returns[s] > 0]
    if not winners or len(winners) == len(seats):
        return dict.fromkeys(seats, 0.0)
    losers = len(seats) - len(winners)
    return {s: (1.0 / len(winners) if returns[s] > 0 else -1.0 / losers) for s in seats}


def mute(state: State) -> State:
    """``state``, told that nobody reads the events its moves return, where it can skip writing them:
    a state with a boolean ``quiet`` (Heirs' switch for lookahead copies, which make the same
    transitions: ``tests/heirs/test_bot_speed.py``) gets it set. The adapters never read the events
    (observations are views), and building their texts was a fifth of a Heirs move."""
    if type(getattr(state, "quiet", None)) is bool:
        setattr(state, "quiet", True)  # noqa: B010 (not an attribute of the core State)
    return state


def render_text(game: Game, state: State, seat: Seat | None) -> str:
    """The game's terminal drawing of ``seat``'s view, as plain text."""
    drawing: Any = game.render(state.view(seat), seat)
    if isinstance(drawing, str):
        return drawing
    from rich.console import Console

    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None, force_terminal=False).print(drawing)
    return buf.getvalue()
