"""The players' abilities: the six basic spells at any level and the six Lords.

``basic(st, i, colour, level)`` runs a spell for player ``i`` (Command uses the card's number,
Cast and Absorb's immediate Cast use the token's level); ``lord(st, i, colour)`` runs a Lord's
legendary ability (Command only). A spell that needs choices pushes a decision; its legal-action
generator and handler are in this module's :data:`LEGAL` / :data:`HANDLE` tables, which the game
module puts together with the turn's own (:func:`questbox.games.heirs.game.decision_tables`).
Lore, Ancient Lore and Prior only *select* themselves: they are resolved in step 4 (:func:`draw_step`).
"""

from __future__ import annotations

from questbox.core.actions import Action
from questbox.core.events import Event
from questbox.core.state import Decision
from questbox.games.heirs.cards import BURN, GROW, HEAL, LORE, WEBS
from questbox.games.heirs.state import (
    BURN_HAND,
    DONE,
    NUMBER,
    ORDERS,
    PUBLIC,
    SEAT_INDEX,
    SEATS,
    Handler,
    HeirsState,
    Legal,
    place,
    target_names,
)


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
            st.pending.append(Decision(seat, "heal-death", (0, *st.discard)))
        else:
            ev.append(Event("heal", "Heal Death: the discard pile is empty."))
    elif k == BURN:
        st.pending.append(Decision(seat, "precise-number"))
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
    ev.append(Event("select", f"{SEATS[i]} selects {what} for the Draw Step."))


# == Heal / Heal Death =============================================================================

def heal(st: HeirsState, i: int, lvl: int, ev: list[Event]) -> None:
    """Look at the top ``lvl`` cards of the discard pile and take one into the hand."""
    top = st.discard[-lvl:] if lvl > 0 else []
    if not top:
        ev.append(Event("heal", "Heal: there is nothing to take."))
    elif len(top) == 1:
        _take_discard(st, i, top[0], ev)
    else:
        st.pending.append(Decision(SEATS[i], "heal", (lvl,)))


def _take_discard(st: HeirsState, i: int, c: int, ev: list[Event]) -> None:
    st.discard.remove(c)
    st.hands[i].append(c)
    ev.append(Event("take", f"{SEATS[i]} takes {st.cs.ids[c]} from the discard pile."))
    st._flip(ev)


def _heal_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    take = st.cs.A_TAKE
    return [take[c] for c in reversed(st.discard[-int(d.data[0]):])]


def _heal(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    _take_discard(st, i, st.cs.index[str(a.args[0])], ev)


def _heal_death_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    """Only cards of the pile Heal Death looked at (a card flipped onto an emptied pile is not)."""
    take = st.cs.A_TAKE
    looked = d.data[1:]
    return [take[c] for c in reversed(st.discard) if c in looked] + [DONE]


def _heal_death(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    if a.name == "done":
        return
    c = st.cs.index[str(a.args[0])]
    _take_discard(st, i, c, ev)
    taken = int(d.data[0]) + 1
    looked = tuple(x for x in d.data[1:] if x != c)
    if taken < 2 and looked:
        st.pending.append(Decision(d.seat, "heal-death", (taken, *looked)))


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
        st.pending.append(Decision(SEATS[i], "burn", (budget,)))
    else:
        ev.append(Event("burn", f"Burn: nothing left to burn ({budget} discard(s) unused)."))


def _burn_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    return _burn_legal_for(st, i, int(d.data[0]))


def _burn(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    if a.name == "done":
        return
    budget = int(d.data[0])
    cs = st.cs
    seat = SEATS[i]
    if a.name == "burn-hand":
        j = SEAT_INDEX[str(a.args[0])]
        hand = st.hands[j]
        c = cs.index[st.rng.choice([cs.ids[x] for x in hand])]
        hand.remove(c)
        st.discard.append(c)
        budget -= 2
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


def _precise_legal_number(st: HeirsState, d: Decision, i: int) -> list[Action]:
    sizes = [len(x) for x in st.hands] + [len(x) for x in st.chains]
    if st.o.precise_burn_black:
        sizes += [len(x) for x in st.bchains]
    return list(NUMBER[:max(sizes) + 1])


def _precise_number(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    k = int(a.args[0])
    ev.append(Event("precise-burn", f"{SEATS[i]} selects {k}: every chain and hand is burned down to {k}."))
    _precise_next(st, k, 0, ev)


def _precise_next(st: HeirsState, k: int, pos: int, ev: list[Event]) -> None:
    nz = 2 * st.n + (len(st.bchains) if st.o.precise_burn_black else 0)
    ids = st.cs.ids
    while pos < nz:
        owner, lst = _precise_zone(st, pos)
        if len(lst) > k:
            if k > 0:
                st.pending.append(Decision(SEATS[owner], "precise-discard", (k, pos)))
                return
            ev.append(Event("burn", f"Precise Burn discards {' '.join(ids[c] for c in lst)}."))
            st.discard.extend(lst)
            lst.clear()
        pos += 1


def _precise_discard_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    disc = st.cs.A_DISCARD
    return [disc[c] for c in _precise_zone(st, int(d.data[1]))[1]]


def _precise_discard(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    k, pos = int(d.data[0]), int(d.data[1])
    c = st.cs.index[str(a.args[0])]
    lst = _precise_zone(st, pos)[1]
    lst.remove(c)
    st.discard.append(c)
    ev.append(Event("burn", f"{SEATS[i]} discards {st.cs.ids[c]} (Precise Burn)."))
    if len(lst) > k:
        st.pending.append(d)
    else:
        _precise_next(st, k, pos + 1, ev)


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


def _grow_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
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


def _grow_next(st: HeirsState, i: int, ev: list[Event]) -> None:
    if not st.look:
        return
    if _grow_legal(st, Decision(SEATS[i], "grow"), i):
        st.pending.append(Decision(SEATS[i], "grow"))
        return
    ids = st.cs.ids
    ev.append(Event("discard", f"Grow: {' '.join(ids[c] for c in st.look)} can join no chain: discarded."))
    st.discard.extend(st.look)
    st.look.clear()


def _grow(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    cs = st.cs
    c = cs.index[str(a.args[0])]
    names = target_names(st.n, len(st.bchains))
    t = names.index(str(a.args[1]))
    ch = _target_chain(st, t)[0]
    st.look.remove(c)
    place(ch, c, str(a.args[2]))
    ev.append(Event("grow", f"{SEATS[i]} grows {cs.ids[c]} onto {names[t]}'s chain: "
                    f"{' '.join(cs.ids[x] for x in ch)}."))
    _grow_next(st, i, ev)


def aura(st: HeirsState, i: int, ev: list[Event]) -> None:
    """Grow Aura: reveal what all players' chains lack; clockwise from the caster, each player
    chains one revealed card or discards one that cannot join their chain, until none are left."""
    need = sum(max(0, st.required(j) - len(st.chains[j])) for j in range(st.n))
    _reveal(st, need, ev)
    _aura_next(st, 0)


def _aura_next(st: HeirsState, k: int) -> None:
    if st.look:
        p = (st.cur + k) % st.n
        st.pending.append(Decision(SEATS[p], "aura", (k,)))


def _aura_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
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


def _aura(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    cs = st.cs
    c = cs.index[str(a.args[0])]
    st.look.remove(c)
    if a.name == "discard":
        st.discard.append(c)
        ev.append(Event("discard", f"{SEATS[i]} discards {cs.ids[c]} (Grow Aura)."))
    else:
        ch = st.chains[i]
        place(ch, c, str(a.args[1]) if a.args[1:] else "right")
        ev.append(Event("chain", f"{SEATS[i]} chains {cs.ids[c]} (Grow Aura): "
                        f"{' '.join(cs.ids[x] for x in ch)}."))
    _aura_next(st, int(d.data[0]) + 1)


# == Webs / Tower Webs =============================================================================

def _webs_next(st: HeirsState, i: int, left: int, lord_: int, ev: list[Event]) -> None:
    if left > 0 and (any(st.chains) or any(st.bchains)):
        st.pending.append(Decision(SEATS[i], "webs", (left, lord_)))
        return
    if lord_ and not st.bdown:
        st.bdown = True
        ev.append(Event("black-down", "Tower Webs: the Black Wizard flips face down."))


def _webs_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    ret = st.cs.A_RETURN
    acts = [ret[c] for ch in st.chains for c in ch]
    acts += [ret[c] for ch in st.bchains for c in ch]
    acts.append(DONE)
    return acts


def _webs(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    left, lord_ = int(d.data[0]), int(d.data[1])
    if a.name == "done":
        _webs_next(st, i, 0, lord_, ev)
        return
    cs = st.cs
    c = cs.index[str(a.args[0])]
    for ch in st.chains + st.bchains:
        if c in ch:
            ch.remove(c)
            break
    st._push_deck(c, PUBLIC)
    ev.append(Event("webs", f"{SEATS[i]} returns {cs.ids[c]} to the top of the deck."))
    _webs_next(st, i, left - 1, lord_, ev)


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
            st.pending.append(Decision(SEATS[i], "lore-keep", (left,)))
            return
        kept = st.look[:]
        st.hands[i].extend(kept)
        st.look.clear()
        st._hand_event(i, "keep", "keeps", kept, ev)
    _lore_return(st, i, ev)


def _lore_return(st: HeirsState, i: int, ev: list[Event]) -> None:
    look = st.look
    if len(look) > 1:
        st.pending.append(Decision(SEATS[i], "lore-return"))
        return
    if look:
        c = look.pop()
        st._push_deck(c, i)
        st._hand_event(i, "return", "returns", [c], ev, " to the top of the deck")
    st.look_seat = PUBLIC


def _look_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    table = st.cs.A_KEEP if d.kind == "lore-keep" else st.cs.A_RETURN
    return [table[c] for c in st.look]


def _lore_keep_choice(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    c = st.cs.index[str(a.args[0])]
    st.look.remove(c)
    st.hands[i].append(c)
    st._hand_event(i, "keep", "keeps", [c], ev)
    _lore_keep(st, i, int(d.data[0]) - 1, ev)


def _lore_return_choice(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    c = st.cs.index[str(a.args[0])]
    st.look.remove(c)
    st._push_deck(c, i)
    st._hand_event(i, "return", "returns", [c], ev, " to the top of the deck")
    _lore_return(st, i, ev)


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
    st.pending.append(Decision(SEATS[i], "ancient-return", (left,)))


def _ancient_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    ret = st.cs.A_RETURN
    return [ret[c] for c in st.hands[i]]


def _ancient_return(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    c = st.cs.index[str(a.args[0])]
    st.hands[i].remove(c)
    st._push_deck(c, i)
    st._hand_event(i, "return", "returns", [c], ev, " to the top of the deck")
    _ancient_next(st, i, int(d.data[0]) - 1, ev)


def prior(st: HeirsState, i: int, lvl: int, ev: list[Event]) -> None:
    """Shuffle the hand and the discard pile into the deck, then draw ``lvl`` cards."""
    hand = st.hands[i]
    cards = st.deck + hand + st.discard
    hand.clear()
    st.discard.clear()
    ev.append(Event("prior", f"{SEATS[i]} shuffles their hand and the discard pile into the deck."))
    st._new_deck(cards, ev)
    st._flip(ev)
    st._draw(i, lvl, ev)


def prior_tower(st: HeirsState, i: int, ev: list[Event]) -> None:
    """Shuffle every other card into the deck, deal every chain 1 card and every hand 3, then the
    current player starts a new turn."""
    cards = st.deck + st.discard + st.look
    for zone in (*st.hands, *st.chains, *st.bchains):
        cards += zone
        zone.clear()
    st.discard.clear()
    st.look.clear()
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


#: the decision kinds the abilities push: legal-action generators and handlers
LEGAL: dict[str, Legal] = {
    "heal": _heal_legal, "heal-death": _heal_death_legal, "burn": _burn_legal,
    "precise-number": _precise_legal_number, "precise-discard": _precise_discard_legal,
    "grow": _grow_legal, "aura": _aura_legal, "webs": _webs_legal, "lore-keep": _look_legal,
    "lore-return": _look_legal, "ancient-return": _ancient_legal,
}
HANDLE: dict[str, Handler] = {
    "heal": _heal, "heal-death": _heal_death, "burn": _burn, "precise-number": _precise_number,
    "precise-discard": _precise_discard, "grow": _grow, "aura": _aura, "webs": _webs,
    "lore-keep": _lore_keep_choice, "lore-return": _lore_return_choice, "ancient-return": _ancient_return,
}
