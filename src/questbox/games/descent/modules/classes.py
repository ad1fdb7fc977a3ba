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
    from questbox.games.descent.data import Card
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
    #: by window (or decision point): the heroes' cards that listen (offer) there, by hero
    #: (cached per encounter: most windows have none, and then nothing is looked at)
    _listening: dict[str, dict[str, tuple[ClassCard, ...]]] | None = None
    _offering: dict[str, dict[str, tuple[ClassCard, ...]]] | None = None
    _held: frozenset[str] | None = None
    #: by hero, his class weapon with a text of its own he wields (``_weapon_texts``)
    _armed: dict[str, tuple[str, Card]] | None = None

    def kits(self) -> frozenset[str]:
        """Every class card some hero of the encounter holds (for the rules' hooks: a card nobody
        holds costs them one look-up)."""
        got = self._held
        if got is None:
            got = self._held = frozenset(c for h in self.enc.heroes for c in h.kit)
        return got

    def listens_here(self) -> frozenset[str]:
        """The windows the party's cards listen to, and an attack's first and last windows where a
        class weapon's own text may play (Throwing Knives, Reaper's Scythe)."""
        out = {w for cards in (self._cards or self._kits()).values() for c in cards for w in c.listens}
        for h in self.enc.heroes:
            weapon = self.enc.lib.cards.get(h.weapon)
            if weapon is None or weapon.adjacent_hearts:
                out.add("attack-declared")
            if weapon is None or weapon.defeat_hearts:
                out.add("attack-resolved")
        return self.listens & out

    def offers_here(self) -> frozenset[str]:
        """The windows and points where the party's cards offer something."""
        return self.offers_at & {w for cards in (self._cards or self._kits()).values() for c in cards
                                 for w in c.offers_at}

    def cards(self, st: DescentState, fi: int) -> tuple[ClassCard, ...]:
        """The played class cards of hero ``fi`` (its kit's, in kit order)."""
        return (self._cards or self._kits()).get(st.figs[fi].stat, ())

    def _kits(self) -> dict[str, tuple[ClassCard, ...]]:
        got: dict[str, tuple[ClassCard, ...]] = {}
        for h in reversed(self.enc.heroes):      # the first one wins
            got[h.id] = tuple(CARDS[c] for c in h.kit if c in CARDS)
        self._cards = got
        return got

    def _by_point(self, attr: str) -> dict[str, dict[str, tuple[ClassCard, ...]]]:
        """For each window the cards that name it in ``attr`` (``listens``, ``offers_at``), by hero."""
        by_hero = self._cards or self._kits()
        out: dict[str, dict[str, tuple[ClassCard, ...]]] = {}
        for h, cards in by_hero.items():
            for c in cards:
                for w in getattr(c, attr):
                    at = out.setdefault(w, {})
                    at[h] = (*at.get(h, ()), c)
        return out

    def _holders(self, st: DescentState, seat: Seat) -> list[int]:
        return [h for h in st.heroes() if st.figs[h].seat == seat]

    # -- offers -------------------------------------------------------------------------------
    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        offering = self._offering
        if offering is None:
            offering = self._offering = self._by_point("offers_at")
        at = offering.get(point)
        if not at:
            return []
        figs = st.figs
        if point == "hero-turn":
            fi = ctx[0]
            f = figs[fi]
            cards = at.get(f.stat)
            if not cards or f.seat != seat or f.status != "active" or not st.turns:
                return []
            got: list[Action] = []
            for c in cards:
                got.extend(c.offers(st, fi, point, ctx))
            return got
        out: list[Action] = []
        for fi in self._holders(st, seat):
            for c in at.get(figs[fi].stat, ()):
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
        listening = self._listening
        if listening is None:
            listening = self._listening = self._by_point("listens")
        at = listening.get(window)
        if at:
            for fi in st.heroes():
                for c in at.get(st.figs[fi].stat, ()):
                    c.on(st, fi, window, ctx)
        if window != "attack-declared" and window != "attack-resolved":
            return
        atk = st.attack
        if atk is None or st.figs[atk.attacker].side != "hero":
            return
        armed = self._armed
        if armed is None:
            armed = self._armed = self._weapon_texts()
        got = armed.get(st.figs[atk.attacker].stat)
        if got is None or not (atk.source == got[0] or atk.source in CARDS):
            return
        weapon = got[1]
        if window == "attack-declared" and weapon.adjacent_hearts and st.adjacent(atk.attacker, atk.target):
            atk.bonus_hearts += weapon.adjacent_hearts
        if (window == "attack-resolved" and weapon.defeat_hearts and atk.defeated
                and st.figs[atk.attacker].status == "active"):
            st.emit("item", f"{st.name(atk.attacker)} draws strength from the kill ({weapon.name}).")
            st.recover(atk.attacker, hearts=weapon.defeat_hearts)

    def _weapon_texts(self) -> dict[str, tuple[str, Card]]:
        """By hero: his class weapon (id, card) when one of its own texts may play: it has one, and
        he wields it (a hero may wield an equipped Shop weapon instead: the items module's
        ``armed``, fixed when the encounter is built)."""
        shop: frozenset[str] = getattr(self.enc.by_name.get("items"), "armed", frozenset())
        weapons = [(h, self.enc.card(h.weapon)) for h in self.enc.heroes if h.id not in shop]
        return {h.id: (h.weapon, w) for h, w in weapons if w.adjacent_hearts or w.defeat_hearts}
