"""HEROICA: Ilrion (LEGO Games, 2012): missions as data, every rule, Epic and Battle HEROICA.

``GAME`` is the registered :class:`~questbox.core.Game` (id ``heroica``).
"""

from questbox.games.heroica import compiled as _compiled

_compiled.select()      # the compiled engine if it is current, else the sources (before they load)

from questbox.games.heroica.game import Heroica  # noqa: E402
from questbox.games.heroica.state import HeroicaState  # noqa: E402

HeroicaState.game = Heroica()
GAME = HeroicaState.game

__all__ = ["GAME", "Heroica", "HeroicaState"]
