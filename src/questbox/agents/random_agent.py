"""The uniform random agent."""

from __future__ import annotations

from questbox.core.actions import Action
from questbox.core.rng import Rng
from questbox.core.state import Game, Seat, State


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, *, game: Game | None = None, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"{seat} has no legal action")
        return legal[self.rng.below(len(legal))]
