"""The Necromancer's class cards that command the Reanimate familiar (issue #18): the figure and
its activation are the rule module :mod:`questbox.games.descent.modules.familiars`, the facts
and our rulings :mod:`questbox.games.descent.familiars`.

Card texts: any2cards/d2e ``data/class-skills.js`` (Base Game; the errata version where it lists
two), paraphrased in ``data/skills.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action
from questbox.games.descent.familiars import ACTIVATE, DISMISS, familiar_of, raise_familiar, reanimate_id
from questbox.games.descent.rules import Ctx
from questbox.games.descent.skill_base import ClassCard, Space

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


def empty_adjacent(st: DescentState, fi: int, fam: int) -> list[int]:
    """The empty spaces next to figure ``fi`` where familiar ``fam`` may stand."""
    pos = st.figs[fi].pos
    if pos < 0:
        return []
    adj = st.board.adjacency(st.doors)[pos]
    return sorted(s for s in adj if s not in st.occ and st.fits(fam, s, 0) is not None)


class RaiseDead(ClassCard):
    """Necromancer, starting card: an action for 1 fatigue: the Reanimate (off the map) enters
    an empty space next to the Necromancer (``raise-dead <square>``)."""

    id = "raise-dead"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        fam = familiar_of(st, fi)
        if fam is None or st.figs[fam].status == "active" or not self.can_act(st, fi):
            return []
        names = st.board.names
        return [Action(self.id, (names[s],)) for s in empty_adjacent(st, fi, fam)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        fam = familiar_of(st, fi)
        assert fam is not None
        self.spend_action(st, fi)
        st.emit("action", f"{st.name(fi)} raises the dead.", {"figure": st.figs[fi].id, "card": self.id})
        raise_familiar(st, fam, st.board.index[str(action.args[0])])
        st.window("action-performed", (fi, self.id))

    def space(self, sp: Space) -> list[Action]:
        # its squares, the familiar's activation and dismissal, and the familiar as a target and
        # its surge (the monsters attack it; it attacks with Surge: +1 heart)
        return [*(Action(self.id, (s,)) for s in sp.squares), ACTIVATE, DISMISS,
                *(Action("attack", (reanimate_id(h),)) for h in sp.heroes), Action("surge", ("heart1",))]


#: the cards of this module, for :data:`questbox.games.descent.skills.CARDS`
FAMILIAR_CARDS: tuple[ClassCard, ...] = (RaiseDead(),)
#: their turn actions, for :data:`questbox.games.descent.skills.BY_ACTION`
FAMILIAR_ACTIONS: dict[str, str] = {"raise-dead": "raise-dead"}
