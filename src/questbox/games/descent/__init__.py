"""Descent: Journeys in the Dark (2nd edition): a tactical encounter engine.

Heroes and the overlord fight one encounter of a quest: a round of hero turns and monster
activations on a map of square spaces, attacks with the real dice, conditions, attribute tests,
knocked-out heroes, reinforcements and the quest's goals. Quests, heroes, monsters and dice are
data (``data/``); rule modules (:mod:`questbox.games.descent.rules`) hook every timing window.
See ``docs/games/descent.md``.
"""

from questbox.games.descent import compiled as _compiled

_compiled.select()      # the compiled engine if it is current, else the sources (before they load)

from questbox.games.descent.game import GAME, DescentGame  # noqa: E402
from questbox.games.descent.rules import RuleModule, register_module  # noqa: E402
from questbox.games.descent.state import DescentState  # noqa: E402

__all__ = ["GAME", "DescentGame", "DescentState", "RuleModule", "register_module"]
