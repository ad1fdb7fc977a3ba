"""Shared fixtures: the test game Pig is registered for the whole suite."""

from __future__ import annotations

from questbox.core import register_game
from tests.core.pig import GAME as PIG

register_game(PIG)
