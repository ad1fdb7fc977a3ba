"""Heirs of the Wizard King: the rules engine (``GAME``), registered as the ``heirs`` entry point.

See ``docs/games/heirs.md`` for the setup document, the action notation and the JSON paths, and
``docs/rulings/heirs.md`` for every reading of an ambiguous rule.
"""

from questbox.games.heirs import compiled as _compiled

_compiled.select()      # the compiled engine if it is current, else the sources (before they load)

from questbox.games.heirs.game import GAME, HeirsGame  # noqa: E402
from questbox.games.heirs.state import HeirsState  # noqa: E402

__all__ = ["GAME", "HeirsGame", "HeirsState"]
