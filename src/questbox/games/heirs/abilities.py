"""The players' abilities: the six basic spells at any level and the six Lords.

``basic(st, i, colour, level)`` runs a spell for player ``i`` (Command uses the card's number,
Cast and Absorb's immediate Cast use the token's level); ``lord(st, i, colour)`` runs a Lord's
legendary ability (Command only). A spell that needs choices pushes a decision; its kind (legal
actions, resolution, menu text, payload) is one of this module's :data:`KINDS`, which
:mod:`.kinds` puts together with the turn's own.
Lore, Ancient Lore and Prior only *select* themselves: they are resolved in step 4 (:func:`draw_step`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, cast

from questbox.core.actions import Action
from questbox.core.events import Event
from questbox.core.state import JSON, Decision
from questbox.games.heirs.cardset import BURN, GROW, HEAL, LORE, WEBS
from questbox.games.heirs.common import (
    BURN_HAND,
    D_GROW,
    D_LORE_RETURN,
    D_PRECISE_NUMBER,
    DONE,
    NUMBER,
    ORDERS,
    PUBLIC,
    QUIET,
    SEAT_INDEX,
    SEATS,
    Kind,
    choose_card,
    decide,
    make,
    place,
    target_names,
)

if TYPE_CHECKING:
    from questbox.games.heirs.state import HeirsState


# == the payloads of the abilities' decisions ======================================================

class HealData(NamedTuple):
    """``heal``: how many top cards of the discard pile Heal looks at."""

    level: int


class HealDeathData(NamedTuple):
    """``heal-death``: the cards taken so far (0 or 1) and the pile Heal Death looked at (saved flat:
    ``[taken, *looked]``)."""

    taken: int
    looked: tuple[int, ...]


class BurnData(NamedTuple):
    """``burn``: the discards left to spend."""

    budget: int


class PreciseDiscardData(NamedTuple):
    """``precise-discard``: the number to burn down to and the zone being trimmed
    (:func:`_precise_zone`)."""

    size: int
    zone: int


class AuraData(NamedTuple):
    """``aura``: the picks made so far (the picker is that many seats clockwise of the caster)."""

    picks: int


class WebsData(NamedTuple):
    """``webs``: the returns left, and 1 for Tower Webs (0 for Webs)."""

    left: int
    tower: int


class LeftData(NamedTuple):
    """``lore-keep``, ``ancient-return``: the cards still to keep or return."""

    left: int


def basic(st: HeirsState, i: int, k: int, lvl: int, ev: list[Event]) -> None:
    """Player ``i`` uses the basic ability of colour ``k`` at level ``lvl``."""
    if k == HEAL:
        heal(st, i, lvl, ev)
    elif k == BURN:
        _burn_next(st, i, lvl, ev)
    elif k == LORE:
        _select(st, i, "lore", lvl, ev)
    elif k == GROW:
        grow(st, i, lvl, ev)
    elif k == WEBS:
        _webs_next(st, i, lvl, 0, ev)
    else:
        _select(st, i, "prior", lvl, ev)


def lord(st: HeirsState, i: int, k: int, ev: list[Event]) -> None:
    """Player ``i`` uses the legendary ability of the Lord of colour ``k``."""
    seat = SEATS[i]
    if k == HEAL:
        if st.discard:  # data: (cards taken so far, *the pile it looked at)
            st.pending.append(decide(seat, "heal-death", make(HealDeathData, (0, tuple(st.discard)))))
        else:
            if ev is not QUIET:
                ev.append(Event("heal", "Heal Death: the discard pile is empty."))
    elif k == BURN:
        st.pending.append(D_PRECISE_NUMBER[i])
    elif k == LORE:
        _select(st, i, "ancient-lore", 0, ev)
    elif k == GROW:
        aura(st, i, ev)
    elif k == WEBS:
        _webs_next(st, i, 10, 1, ev)
    else:
        prior_tower(st, i, ev)


def _select(st: HeirsState, i: int, kind: str, lvl: int, ev: list[Event]) -> None:
    st.selected = (kind, lvl)
    what = {"lore": f"Lore {lvl}", "prior": f"Prior {lvl}", "ancient-lore": "Ancient Lore"}[kind]
    if ev is not QUIET:
        ev.append(Event("select", f"{SEATS[i]} selects {what} for the Draw Step."))


# == Heal / Heal Death =============================================================================

def heal(st: HeirsState, i: int, lvl: int, ev: list[Event]) -> None:
    """Look at the top ``lvl`` cards of the discard pile and take one into the hand."""
    top = st.discard[-lvl:] if lvl > 0 else []
    if not top:
        if ev is not QUIET:
            ev.append(Event("heal", "Heal: there is nothing to take."))
    elif len(top) == 1:
        _take_discard(st, i, top[0], ev)
    else:
        st.pending.append(decide(SEATS[i], "heal", make(HealData, (lvl,))))


def _take_discard(st: HeirsState, i: int, c: int, ev: list[Event]) -> None:
    st.discard.remove(c)
    st.hands[i].append(c)
    if ev is not QUIET:
        ev.append(Event("take", f"{SEATS[i]} takes {st.cs.ids[c]} from the discard pile."))
    st._flip(ev)


class HealKind(Kind):
    """``heal``: take one of the top cards of the discard pile."""

    kind: ClassVar[str] = "heal"
    TEXT: ClassVar[str] = "Heal: take a card"
    payload = HealData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        take = st.cs.A_TAKE
        return [take[c] for c in reversed(st.discard[-cast(HealData, d.data).level:])]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        _take_discard(st, SEAT_INDEX[d.seat], st.cs.index[str(a.args[0])], st.ev)


class HealDeathKind(Kind):
    """``heal-death``: take up to two cards of the discard pile Heal Death looked at."""

    kind: ClassVar[str] = "heal-death"
    TEXT: ClassVar[str] = "Heal Death: take up to two cards"
    payload = HealDeathData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        """Only cards of the pile Heal Death looked at (a card flipped onto an emptied pile is not)."""
        take = st.cs.A_TAKE
        looked = cast(HealDeathData, d.data).looked
        return [take[c] for c in reversed(st.discard) if c in looked] + [DONE]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        if a.name == "done":
            return
        data = cast(HealDeathData, d.data)
        c = st.cs.index[str(a.args[0])]
        _take_discard(st, SEAT_INDEX[d.seat], c, st.ev)
        taken = data.taken + 1
        looked = tuple(x for x in data.looked if x != c)
        if taken < 2 and looked:
            st.pending.append(decide(d.seat, "heal-death", make(HealDeathData, (taken, looked))))

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        doc["left"] = 2 - cast(HealDeathData, d.data).taken

    def dump(self, data: tuple[Any, ...]) -> list[Any]:
        hd = cast(HealDeathData, data)
        return [hd.taken, *hd.looked]

    def load(self, data: list[Any]) -> tuple[Any, ...]:
        return HealDeathData(int(data[0]), tuple(int(x) for x in data[1:]))


# == Burn / Precise Burn ===========================================================================

def _burn_legal_for(st: HeirsState, i: int, budget: int) -> list[Action]:
    burn = st.cs.A_BURN
    acts = [burn[c] for c in st.hands[i]]
    for j in range(st.n):
        if j == i or budget >= 2:
            acts += [burn[c] for c in st.chains[j]]
    for ch in st.bchains:
        acts += [burn[c] for c in ch]
    if budget >= 2:
        acts += [BURN_HAND[j] for j in range(st.n) if j != i and st.hands[j]]
    if not st.o.burn_all:
        acts.append(DONE)
    return acts


def _burn_next(st: HeirsState, i: int, budget: int, ev: list[Event]) -> None:
    if budget <= 0:
        return
    acts = _burn_legal_for(st, i, budget)
    if acts and acts[0] is not DONE:
        st.pending.append(decide(SEATS[i], "burn", make(BurnData, (budget,))))
    else:
        if ev is not QUIET:
            ev.append(Event("burn", f"Burn: nothing left to burn ({budget} discard(s) unused)."))


class BurnKind(Kind):
    """``burn``: what Burn discards next, from the discards left."""

    kind: ClassVar[str] = "burn"
    TEXT: ClassVar[str] = "Burn: choose what to burn"
    payload = BurnData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        return _burn_legal_for(st, SEAT_INDEX[d.seat], cast(BurnData, d.data).budget)

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        if a.name != "done":
            _burn(st, SEAT_INDEX[d.seat], cast(BurnData, d.data).budget, a, st.ev)

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        budget = cast(BurnData, d.data).budget
        i = SEAT_INDEX[d.seat]
        own = set(st.hands[i]) | set(st.chains[i])
        targets = [a for a in _burn_legal_for(st, i, budget) if a.name != "done"]
        doc["left"] = budget
        doc["must_spend"] = st.o.burn_all
        # every discard must be spent and only the burner's own cards can pay for it
        doc["own_only"] = st.o.burn_all and bool(targets) and all(
            a.name == "burn" and st.cs.index[str(a.args[0])] in own for a in targets)


def _burn(st: HeirsState, i: int, budget: int, a: Action, ev: list[Event]) -> None:
    cs = st.cs
    seat = SEATS[i]
    if a.name == "burn-hand":
        j = SEAT_INDEX[str(a.args[0])]
        hand = st.hands[j]
        c = choose_card(st.rng, hand, cs.ids, cs.index)
        hand.remove(c)
        st.discard.append(c)
        budget -= 2
        if ev is not QUIET:
            ev.append(Event("burn", f"{seat} burns a random card from {SEATS[j]}'s hand: {cs.ids[c]}."))
    else:
        c = cs.index[str(a.args[0])]
        if c in st.hands[i]:
            st.hands[i].remove(c)
            cost, where = 1, "their hand"
        else:
            cost, where = 1, ""
            for j in range(st.n):
                if c in st.chains[j]:
                    st.chains[j].remove(c)
                    cost, where = (1 if j == i else 2), f"{SEATS[j]}'s chain"
                    break
            else:
                for bi, ch in enumerate(st.bchains):
                    if c in ch:
                        ch.remove(c)
                        where = st._black_name(bi)
                        break
        st.discard.append(c)
        budget -= cost
        if ev is not QUIET:
            ev.append(Event("burn", f"{seat} burns {cs.ids[c]} from {where}."))
    _burn_next(st, i, budget, ev)


def _precise_zone(st: HeirsState, pos: int) -> tuple[int, list[int]]:
    """Zone ``pos`` of Precise Burn: each player's chain then hand, clockwise from the caster,
    then the Black Chain(s) (trimmed by the caster)."""
    n = st.n
    if pos < 2 * n:
        p = (st.cur + pos // 2) % n
        return p, (st.chains[p] if pos % 2 == 0 else st.hands[p])
    return st.cur, st.bchains[pos - 2 * n]


class PreciseNumberKind(Kind):
    """``precise-number``: the number Precise Burn burns every chain and hand down to."""

    kind: ClassVar[str] = "precise-number"
    TEXT: ClassVar[str] = "Precise Burn: select a number"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        sizes = [len(x) for x in st.hands] + [len(x) for x in st.chains]
        if st.o.precise_burn_black:
            sizes += [len(x) for x in st.bchains]
        return list(NUMBER[:max(sizes) + 1])

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        k = int(a.args[0])
        if st.ev is not QUIET:
            st.ev.append(Event("precise-burn", f"{d.seat} selects {k}: every chain and hand is burned down to {k}."))
        _precise_next(st, k, 0, st.ev)


def _precise_next(st: HeirsState, k: int, pos: int, ev: list[Event]) -> None:
    nz = 2 * st.n + (len(st.bchains) if st.o.precise_burn_black else 0)
    ids = st.cs.ids
    while pos < nz:
        owner, lst = _precise_zone(st, pos)
        if len(lst) > k:
            if k > 0:
                st.pending.append(decide(SEATS[owner], "precise-discard", make(PreciseDiscardData, (k, pos))))
                return
            if ev is not QUIET:
                ev.append(Event("burn", f"Precise Burn discards {' '.join(ids[c] for c in lst)}."))
            st.discard.extend(lst)
            lst.clear()
        pos += 1


class PreciseDiscardKind(Kind):
    """``precise-discard``: the owner of a zone over the number discards from it, one card a time."""

    kind: ClassVar[str] = "precise-discard"
    TEXT: ClassVar[str] = "Precise Burn: discard down"
    payload = PreciseDiscardData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        disc = st.cs.A_DISCARD
        return [disc[c] for c in _precise_zone(st, cast(PreciseDiscardData, d.data).zone)[1]]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        k, pos = cast(PreciseDiscardData, d.data)
        c = st.cs.index[str(a.args[0])]
        lst = _precise_zone(st, pos)[1]
        lst.remove(c)
        st.discard.append(c)
        if st.ev is not QUIET:
            st.ev.append(Event("burn", f"{d.seat} discards {st.cs.ids[c]} (Precise Burn)."))
        if len(lst) > k:
            st.pending.append(d)
        else:
            _precise_next(st, k, pos + 1, st.ev)


# == Grow / Grow Aura ==============================================================================

def _reveal(st: HeirsState, k: int, ev: list[Event]) -> None:
    got: list[int] = []
    for _ in range(k):
        c = st._take(ev)
        if c < 0:
            break
        got.append(c)
    st.look.extend(got)
    st.look_seat = PUBLIC
    if ev is not QUIET:
        ev.append(Event("reveal", f"Revealed: {' '.join(st.cs.ids[c] for c in got) or 'nothing'}."))


def grow(st: HeirsState, i: int, lvl: int, ev: list[Event]) -> None:
    """Reveal the top ``lvl`` cards; the player adds each to a chain it matches; the rest are discarded."""
    _reveal(st, lvl, ev)
    _grow_next(st, i, ev)


def _target_chain(st: HeirsState, t: int) -> tuple[list[int], bool]:
    """Chain number ``t`` (players, then black chains) and whether it is complete."""
    n = st.n
    if t < n:
        ch = st.chains[t]
        return ch, len(ch) >= st.scores[t] + st.o.chain_offset
    ch = st.bchains[t - n]
    return ch, len(ch) >= st.btoken + st.o.chain_offset


def _grow_legal(st: HeirsState) -> list[Action]:
    """Every revealed card at every end of an open chain it matches (any card starts an empty
    chain, with ``empty_chain_any``)."""
    cs = st.cs
    mm = cs.mm
    names = target_names(st.n, len(st.bchains))
    any_empty = st.o.empty_chain_any
    acts: list[Action] = []
    for t, name in enumerate(names):
        ch, full = _target_chain(st, t)
        if full:
            continue
        for c in st.look:
            cid = cs.ids[c]
            if not ch:
                if any_empty:
                    acts.append(Action("grow", (cid, name, "left")))
                continue
            if (mm[ch[0]] >> c) & 1:
                acts.append(Action("grow", (cid, name, "left")))
            if (mm[ch[-1]] >> c) & 1:
                acts.append(Action("grow", (cid, name, "right")))
    return acts


def _can_grow(st: HeirsState) -> bool:
    """Whether :func:`_grow_legal` offers anything (without making the actions)."""
    mm = st.cs.mm
    any_empty = st.o.empty_chain_any
    for t in range(st.n + len(st.bchains)):
        ch, full = _target_chain(st, t)
        if full:
            continue
        if not ch:
            if any_empty:
                return True
            continue
        ends = mm[ch[0]] | mm[ch[-1]]
        for c in st.look:
            if (ends >> c) & 1:
                return True
    return False


def _grow_next(st: HeirsState, i: int, ev: list[Event]) -> None:
    if not st.look:
        return
    if _can_grow(st):
        st.pending.append(D_GROW[i])
        return
    ids = st.cs.ids
    if ev is not QUIET:
        ev.append(Event("discard", f"Grow: {' '.join(ids[c] for c in st.look)} can join no chain: discarded."))
    st.discard.extend(st.look)
    st.look.clear()


class GrowKind(Kind):
    """``grow``: put a revealed card on a chain it matches."""

    kind: ClassVar[str] = "grow"
    TEXT: ClassVar[str] = "Grow: add a revealed card to a chain"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        return _grow_legal(st)

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        cs = st.cs
        c = cs.index[str(a.args[0])]
        names = target_names(st.n, len(st.bchains))
        t = names.index(str(a.args[1]))
        ch = _target_chain(st, t)[0]
        st.look.remove(c)
        place(ch, c, str(a.args[2]))
        if st.ev is not QUIET:
            st.ev.append(Event("grow", f"{d.seat} grows {cs.ids[c]} onto {names[t]}'s chain: "
                               f"{' '.join(cs.ids[x] for x in ch)}."))
        _grow_next(st, SEAT_INDEX[d.seat], st.ev)


def aura(st: HeirsState, i: int, ev: list[Event]) -> None:
    """Grow Aura: reveal what all players' chains lack; clockwise from the caster, each player
    chains one revealed card or discards one that cannot join their chain, until none are left."""
    need = sum(max(0, st.required(j) - len(st.chains[j])) for j in range(st.n))
    _reveal(st, need, ev)
    _aura_next(st, 0)


def _aura_next(st: HeirsState, k: int) -> None:
    if st.look:
        p = (st.cur + k) % st.n
        st.pending.append(decide(SEATS[p], "aura", make(AuraData, (k,))))


class AuraKind(Kind):
    """``aura``: Grow Aura, chain one revealed card or discard one that cannot join the chain."""

    kind: ClassVar[str] = "aura"
    TEXT: ClassVar[str] = "Grow Aura: chain one card or discard one"
    payload = AuraData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        i = SEAT_INDEX[d.seat]
        cs = st.cs
        ch = st.chains[i]
        open_ = len(ch) < st.required(i)
        acts: list[Action] = []
        for c in st.look:
            fits = False
            if open_:
                if not ch:
                    acts.append(cs.A_START[c])
                    fits = True
                else:
                    if (cs.mm[ch[0]] >> c) & 1:
                        acts.append(cs.A_CHL[c])
                        fits = True
                    if (cs.mm[ch[-1]] >> c) & 1:
                        acts.append(cs.A_CHR[c])
                        fits = True
            if not fits:
                acts.append(cs.A_DISCARD[c])
        return acts

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        cs = st.cs
        c = cs.index[str(a.args[0])]
        st.look.remove(c)
        if a.name == "discard":
            st.discard.append(c)
            if st.ev is not QUIET:
                st.ev.append(Event("discard", f"{d.seat} discards {cs.ids[c]} (Grow Aura)."))
        else:
            ch = st.chains[SEAT_INDEX[d.seat]]
            place(ch, c, str(a.args[1]) if a.args[1:] else "right")
            if st.ev is not QUIET:
                st.ev.append(Event("chain", f"{d.seat} chains {cs.ids[c]} (Grow Aura): "
                                   f"{' '.join(cs.ids[x] for x in ch)}."))
        _aura_next(st, cast(AuraData, d.data).picks + 1)


# == Webs / Tower Webs =============================================================================

def _webs_next(st: HeirsState, i: int, left: int, lord_: int, ev: list[Event]) -> None:
    if left > 0 and (any(st.chains) or any(st.bchains)):
        st.pending.append(decide(SEATS[i], "webs", make(WebsData, (left, lord_))))
        return
    if lord_ and not st.bdown:
        st.bdown = True
        if ev is not QUIET:
            ev.append(Event("black-down", "Tower Webs: the Black Wizard flips face down."))


class WebsKind(Kind):
    """``webs``: return chained cards to the top of the deck, one at a time."""

    kind: ClassVar[str] = "webs"
    TEXT: ClassVar[str] = "Webs: return chained cards to the deck"
    payload = WebsData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        ret = st.cs.A_RETURN
        acts = [ret[c] for ch in st.chains for c in ch]
        acts += [ret[c] for ch in st.bchains for c in ch]
        acts.append(DONE)
        return acts

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        left, tower = cast(WebsData, d.data)
        i = SEAT_INDEX[d.seat]
        ev = st.ev
        if a.name == "done":
            _webs_next(st, i, 0, tower, ev)
            return
        cs = st.cs
        c = cs.index[str(a.args[0])]
        for ch in st.chains + st.bchains:
            if c in ch:
                ch.remove(c)
                break
        st._push_deck(c, PUBLIC)
        if ev is not QUIET:
            ev.append(Event("webs", f"{d.seat} returns {cs.ids[c]} to the top of the deck."))
        _webs_next(st, i, left - 1, tower, ev)

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        doc["left"] = cast(WebsData, d.data).left


# == the Draw Step abilities: Lore, Ancient Lore, Prior ============================================

def draw_step(st: HeirsState, i: int, ev: list[Event]) -> None:
    """Resolve the ability selected this turn instead of drawing 2."""
    assert st.selected is not None
    kind, lvl = st.selected
    st.selected = None
    if kind == "lore":
        lore(st, i, lvl, ev)
    elif kind == "ancient-lore":
        ancient_lore(st, i, ev)
    else:
        prior(st, i, lvl, ev)


def lore(st: HeirsState, i: int, lvl: int, ev: list[Event]) -> None:
    """Draw 2 + ``lvl`` cards, keep two, return the rest to the top of the deck in any order."""
    got: list[int] = []
    for _ in range(2 + lvl):
        c = st._take(ev)
        if c < 0:
            break
        got.append(c)
    st.look.extend(got)
    st.look_seat = i
    st._hand_event(i, "lore", "draws", got, ev, " (Lore)")
    _lore_keep(st, i, min(2, len(st.look)), ev)


def _lore_keep(st: HeirsState, i: int, left: int, ev: list[Event]) -> None:
    if left > 0:
        if len(st.look) > left:
            st.pending.append(decide(SEATS[i], "lore-keep", make(LeftData, (left,))))
            return
        kept = st.look[:]
        st.hands[i].extend(kept)
        st.look.clear()
        st._hand_event(i, "keep", "keeps", kept, ev)
    _lore_return(st, i, ev)


def _lore_return(st: HeirsState, i: int, ev: list[Event]) -> None:
    look = st.look
    if len(look) > 1:
        st.pending.append(D_LORE_RETURN[i])
        return
    if look:
        c = look.pop()
        st._push_deck(c, i)
        st._hand_event(i, "return", "returns", [c], ev, " to the top of the deck")
    st.look_seat = PUBLIC


class LoreKeepKind(Kind):
    """``lore-keep``: keep one of the cards Lore drew."""

    kind: ClassVar[str] = "lore-keep"
    TEXT: ClassVar[str] = "Lore: keep a card"
    payload = LeftData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        keep = st.cs.A_KEEP
        return [keep[c] for c in st.look]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        i = SEAT_INDEX[d.seat]
        c = st.cs.index[str(a.args[0])]
        st.look.remove(c)
        st.hands[i].append(c)
        st._hand_event(i, "keep", "keeps", [c], st.ev)
        _lore_keep(st, i, cast(LeftData, d.data).left - 1, st.ev)

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        doc["left"] = cast(LeftData, d.data).left


class LoreReturnKind(Kind):
    """``lore-return``: put one of the cards Lore did not keep on top of the deck."""

    kind: ClassVar[str] = "lore-return"
    TEXT: ClassVar[str] = "Lore: return a card to the top of the deck"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        ret = st.cs.A_RETURN
        return [ret[c] for c in st.look]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        i = SEAT_INDEX[d.seat]
        c = st.cs.index[str(a.args[0])]
        st.look.remove(c)
        st._push_deck(c, i)
        st._hand_event(i, "return", "returns", [c], st.ev, " to the top of the deck")
        _lore_return(st, i, st.ev)

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        doc["left"] = len(st.look)


def ancient_lore(st: HeirsState, i: int, ev: list[Event]) -> None:
    """Draw until the hand holds ten cards, then return three to the top of the deck in any order."""
    hand = st.hands[i]
    got: list[int] = []
    while len(hand) + len(got) < 10:
        c = st._take(ev)
        if c < 0:
            break
        got.append(c)
    hand.extend(got)
    st._hand_event(i, "draw", "draws", got, ev, " (Ancient Lore)")
    _ancient_next(st, i, min(3, len(hand)), ev)


def _ancient_next(st: HeirsState, i: int, left: int, ev: list[Event]) -> None:
    hand = st.hands[i]
    if left <= 0 or not hand:
        return
    if len(hand) == 1:
        c = hand.pop()
        st._push_deck(c, i)
        st._hand_event(i, "return", "returns", [c], ev, " to the top of the deck")
        return
    st.pending.append(decide(SEATS[i], "ancient-return", make(LeftData, (left,))))


class AncientReturnKind(Kind):
    """``ancient-return``: Ancient Lore, put a card of the hand on top of the deck."""

    kind: ClassVar[str] = "ancient-return"
    TEXT: ClassVar[str] = "Ancient Lore: return a card to the top of the deck"
    payload = LeftData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        ret = st.cs.A_RETURN
        return [ret[c] for c in st.hands[SEAT_INDEX[d.seat]]]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        i = SEAT_INDEX[d.seat]
        c = st.cs.index[str(a.args[0])]
        st.hands[i].remove(c)
        st._push_deck(c, i)
        st._hand_event(i, "return", "returns", [c], st.ev, " to the top of the deck")
        _ancient_next(st, i, cast(LeftData, d.data).left - 1, st.ev)

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        doc["left"] = cast(LeftData, d.data).left


def prior(st: HeirsState, i: int, lvl: int, ev: list[Event]) -> None:
    """Shuffle the hand and the discard pile into the deck, then draw ``lvl`` cards."""
    st._settle()
    hand = st.hands[i]
    cards = st.deck + hand + st.discard
    hand.clear()
    st.discard.clear()
    if ev is not QUIET:
        ev.append(Event("prior", f"{SEATS[i]} shuffles their hand and the discard pile into the deck."))
    st._new_deck(cards, ev)
    st._flip(ev)
    st._draw(i, lvl, ev)


def prior_tower(st: HeirsState, i: int, ev: list[Event]) -> None:
    """Shuffle every other card into the deck, deal every chain 1 card and every hand 3, then the
    current player starts a new turn."""
    st._settle()
    cards = st.deck + st.discard + st.look
    for zone in (*st.hands, *st.chains, *st.bchains):
        cards += zone
        zone.clear()
    st.discard.clear()
    st.look.clear()
    if ev is not QUIET:
        ev.append(Event("prior-tower", "Prior Tower: every other card is shuffled into the deck."))
    st._new_deck(cards, ev)
    st._flip(ev)
    ids = st.cs.ids
    order = ORDERS[st.n][0][st.cur]
    targets = [st.chains[p] for p in order]
    if st.o.prior_tower_black:
        targets += st.bchains
    for ch in targets:
        c = st._take(ev)
        if c >= 0:
            ch.append(c)
            if ev is not QUIET:
                ev.append(Event("deal", f"{ids[c]} is dealt to a chain."))
    for p in order:
        got: list[int] = []
        for _ in range(3):
            c = st._take(ev)
            if c >= 0:
                got.append(c)
        st.hands[p].extend(got)
        st._hand_event(p, "deal", "is dealt", got, ev)
    st.discard.append(st.play)
    st.play = -1
    st._new_turn(ev)


#: the decision kinds the abilities push
KINDS: Final[tuple[Kind, ...]] = (HealKind(), HealDeathKind(), BurnKind(), PreciseNumberKind(),
                                  PreciseDiscardKind(), GrowKind(), AuraKind(), WebsKind(), LoreKeepKind(),
                                  LoreReturnKind(), AncientReturnKind())
