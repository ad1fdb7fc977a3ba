"""Descent is registered for its own tests even before its entry point is installed."""

from __future__ import annotations

from questbox.core import register_game
from questbox.games.descent import GAME

register_game(GAME)
