"""Hero: Immortal King – The Lair of the Lich (game id ``hero-ik``).

The duel (seats ``adventurers`` and ``dungeon``) and the solitaire game of Annex III (``adventurers``
alone, with a scenario and its Destiny scale). See ``docs/games/hero-ik.md``.
"""

from questbox.games.hero_ik import compiled as _compiled

_compiled.select()      # the compiled engine if it is current, else the sources (before they load)

from questbox.games.hero_ik.game import GAME, HeroIK  # noqa: E402
from questbox.games.hero_ik.state import HikState  # noqa: E402

__all__ = ["GAME", "HeroIK", "HikState"]
