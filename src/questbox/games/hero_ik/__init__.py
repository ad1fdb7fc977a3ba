"""Hero: Immortal King – The Lair of the Lich (game id ``hero-ik``).

The duel (seats ``adventurers`` and ``dungeon``) and the solitaire game of Annex III (``adventurers``
alone, with a scenario and its Destiny scale). See ``docs/games/hero-ik.md``.
"""

from questbox.games.hero_ik.game import GAME, HeroIK
from questbox.games.hero_ik.state import HikState

__all__ = ["GAME", "HeroIK", "HikState"]
