"""The heroes' class cards as a rule module: each hero's cards (its kit: the class's starting
cards and the skills bought in the campaign) get the windows they ask for. The cards themselves
are objects in :data:`questbox.games.descent.skills.CARDS`; weapons' surge abilities are data and
need no code, except two weapon texts played here: a weapon's extra heart against an adjacent
target (Throwing Knives) and the hearts recovered for each monster its attack defeats (Reaper's
Scythe)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questbox.core import Action, Seat
from questbox.games.descent.rules import Ctx, RuleModule
from questbox.games.descent.skills import BY_ACTION, CARDS, ClassCard

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


def _union(attr: str) -> frozenset[str]:
    out: set[str] = set()
    for c in CARDS.values():
        out |= getattr(c, attr)
    return frozenset(out)


class ClassesModule(RuleModule):
    name = "classes"
    listens = _union("listens") | {"attack-declared", "attack-resolved"}
    offers_at = _union("offers_at")
    _cards: dict[str, tuple[ClassCard, ...]] | None = None
    _kits: frozenset[str] | None = None

    def kits(self) -> frozenset[str]:
        """Every class card some hero of the encounter holds (for the rules' hooks: a card nobody
        holds costs them one look-up)."""
        got = self._kits
        if got is None:
            got = self._kits = frozenset(c for h in self.enc.heroes for c in h.kit)
        return got

    def cards(self, st: DescentState, fi: int) -> tuple[ClassCard, ...]:
        """The played class cards of hero ``fi`` (its kit's, in kit order)."""
        got = self._cards
        if got is None:
            got = self._cards = {}
            for h in reversed(self.enc.heroes):      # the first one wins
                got[h.id] = tuple(CARDS[c] for c in h.kit if c in CARDS)
        return got.get(st.figs[fi].stat, ())

    def _holders(self, st: DescentState, seat: Seat) -> list[int]:
        return [h for h in st.heroes() if st.figs[h].seat == seat]

    # -- offers -------------------------------------------------------------------------------
    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        if point == "hero-turn":
            fi = ctx[0]
            if st.figs[fi].seat != seat or st.figs[fi].status != "active" or st.turn is None:
                return []
            return [a for c in self.cards(st, fi) if point in c.offers_at for a in c.offers(st, fi, point, ctx)]
        out: list[Action] = []
        for fi in self._holders(st, seat):
            for c in self.cards(st, fi):
                if point in c.offers_at:
                    out.extend(a for a in c.offers(st, fi, point, ctx) if a not in out)
        return out

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        if point == "hero-turn":
            CARDS[BY_ACTION[action.name]].take(st, ctx[0], point, ctx, action)
            return
        card = CARDS[str(action.args[0])]
        fi = next(h for h in self._holders(st, seat) if card in self.cards(st, h)
                  and action in card.offers(st, h, point, ctx))
        card.take(st, fi, point, ctx, action)

    def run(self, st: DescentState, payload: Any) -> None:
        CARDS[str(payload[0])].run(st, tuple(payload))

    # -- passive effects ----------------------------------------------------------------------
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        for fi in st.heroes():
            for c in self.cards(st, fi):
                if window in c.listens:
                    c.on(st, fi, window, ctx)
        atk = st.attack
        if atk is None or st.figs[atk.attacker].side != "hero":
            return
        spec = next(h for h in self.enc.heroes if h.id == st.figs[atk.attacker].stat)
        weapon = self.enc.card(spec.weapon)
        # a hero may wield an equipped Shop weapon instead (the items module's ``armed``): the class
        # weapon's own texts are then not his
        armed = st.figs[atk.attacker].stat in getattr(self.enc.by_name.get("items"), "armed", frozenset())
        own = (atk.source == spec.weapon or atk.source in CARDS) and not armed
        if window == "attack-declared" and own and weapon.adjacent_hearts and st.adjacent(atk.attacker, atk.target):
            atk.bonus_hearts += weapon.adjacent_hearts
        if (window == "attack-resolved" and own and weapon.defeat_hearts and atk.defeated
                and st.figs[atk.attacker].status == "active"):
            st.emit("item", f"{st.name(atk.attacker)} draws strength from the kill ({weapon.name}).")
            st.recover(atk.attacker, hearts=weapon.defeat_hearts)
