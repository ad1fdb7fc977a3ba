"""Heirs of the Wizard King: the rules engine (``GAME``), registered as the ``heirs`` entry point.

See ``docs/games/heirs.md`` for the setup document, the action notation and the JSON paths, and
``docs/rulings/heirs.md`` for every reading of an ambiguous rule.
"""

from questbox.games.heirs.game import GAME, HeirsGame
from questbox.games.heirs.state import HeirsState

__all__ = ["GAME", "HeirsGame", "HeirsState"]
