"""Curse of the Monkey God's mark (issue #18): what a hero who is a monkey may not do, for the
engine's rules to ask without importing the Overlord deck.

Facts (printed: any2cards/d2e ``data/overlord-decks.js``, Saboteur, paraphrased): after a hero
searches he tests Knowledge; failing, he is a monkey until the end of his next turn; a monkey has
Speed 5, rolls no defense dice (the gray and black dice of an attribute test are not defense
dice: tests go on as usual) and cannot attack in any way. The card's own steps are in
``modules/overlord_more.py``.

The mark is the figure's tag ``monkey`` (public, saved with the state); the figure's view shows
it in ``marks`` (``serialize.py``). Setting or clearing it forgets the cached geometry
(``geometry.forget``): the cached attack targets and hero menus are keyed on the stat line, which
the curse does not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: the tag of a hero who is a monkey
MONKEY: Final = "monkey"
#: a monkey's Speed (printed)
SPEED: Final = 5


def is_monkey(st: DescentState, fi: int) -> bool:
    """Whether figure ``fi`` is a monkey now."""
    return MONKEY in st.figs[fi].tags


def speed(st: DescentState, fi: int) -> int:
    """Figure ``fi``'s Speed: its stat line's, 5 while it is a monkey."""
    return SPEED if MONKEY in st.figs[fi].tags else st.stat(fi).speed
