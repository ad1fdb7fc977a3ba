"""HEROICA: Ilrion (LEGO Games, 2012): missions as data, every rule, Epic and Battle HEROICA.

``GAME`` is the registered :class:`~questbox.core.Game` (id ``heroica``).
"""

from questbox.games.heroica.game import Heroica
from questbox.games.heroica.state import HeroicaState

HeroicaState.game = Heroica()
GAME = HeroicaState.game

__all__ = ["GAME", "Heroica", "HeroicaState"]
