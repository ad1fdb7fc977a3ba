"""The Black Wizard's abilities (step 5), performed automatically at his token's level.

Ties between players ("the player with the largest Hand") go to the first tied player to the
right of the current player: counter-clockwise, starting with the previous seat in turn order,
the current player last (``ORDERS[n][1]``).

Cards the Black Wizard chains go to the end of his chain they match, the right end first; an empty
Black Chain accepts any card (option ``empty_chain_any``). A chain never takes more cards than
complete it (HWK-CHAIN-03); the caller scores it once the ability is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core.events import Event
from questbox.games.heirs.cardset import BURN, GROW, HEAL, LORE, WEBS
from questbox.games.heirs.common import NOBODY, ORDERS, PUBLIC, QUIET, SEATS, choose_card, place, shuffle_cards

if TYPE_CHECKING:
    from questbox.games.heirs.state import HeirsState

#: a chain as the searches see it: (left card, right card, room left); -1 ends for an empty chain
Ends = tuple[int, int, int]
#: a placement: (card, chain number, end) with end 0 = left, 1 = right
Move = tuple[int, int, int]


def ability(st: HeirsState, k: int, lvl: int, bi: int, ev: list[Event]) -> None:
    """Perform the Black ability of colour ``k`` at level ``lvl`` for Black Chain ``bi``."""
    if k == HEAL:
        heal(st, lvl, bi, ev)
    elif k == BURN:
        burn(st, lvl, ev)
    elif k == LORE:
        lore(st, lvl, bi, ev)
    elif k == GROW:
        grow(st, lvl, bi, ev)
    elif k == WEBS:
        webs(st, lvl, ev)
    else:
        prior(st, lvl, ev)


def _ends(st: HeirsState, bi: int, cap: int = 99) -> Ends:
    ch = st.bchains[bi]
    room = min(cap, st.black_required() - len(ch))
    return (ch[0], ch[-1], room) if ch else (-1, -1, room)


def _fits(st: HeirsState, c: int, e: Ends) -> list[int]:
    """Ends (1 right, 0 left) of a chain where card ``c`` may go."""
    left, right, room = e
    if room <= 0:
        return []
    if left < 0:
        return [1] if st.o.empty_chain_any else []
    mm = st.cs.mm
    out = []
    if (mm[right] >> c) & 1:
        out.append(1)
    if (mm[left] >> c) & 1:
        out.append(0)
    return out


def _after(e: Ends, c: int, end: int) -> Ends:
    left, right, room = e
    if left < 0:
        return (c, c, room - 1)
    return (left, c, room - 1) if end == 1 else (c, right, room - 1)


def _put(ch: list[int], c: int, end: int) -> None:
    place(ch, c, "right" if end == 1 else "left")


def most_placed(st: HeirsState, cards: list[int], chains: tuple[Ends, ...]) -> list[Move]:
    """The longest sequence of placements of ``cards`` onto ``chains`` (each placement must match an
    end at the time it is made). Ties: the first found trying cards in order, chains in order,
    right end before left."""
    memo: dict[tuple[int, tuple[Ends, ...]], list[Move]] = {}
    total_room = sum(max(0, e[2]) for e in chains)
    return _most_go(st, cards, memo, total_room, 0, chains, 0)


def _most_go(st: HeirsState, cards: list[int], memo: dict[tuple[int, tuple[Ends, ...]], list[Move]],
             total_room: int, mask: int, chs: tuple[Ends, ...], placed: int) -> list[Move]:
    """:func:`most_placed`'s search from ``chs`` with the cards of ``mask`` placed (a module
    function, not a recursive closure: a closure that calls itself is a reference cycle, which kept
    every lookahead copy it saw alive until the garbage collector ran)."""
    key = (mask, chs)
    hit = memo.get(key)
    if hit is not None:
        return hit
    best: list[Move] = []
    limit = min(len(cards) - placed, total_room - placed)
    for idx, c in enumerate(cards):
        if (mask >> idx) & 1:
            continue
        for j, e in enumerate(chs):
            for end in _fits(st, c, e):
                nchs = (*chs[:j], _after(e, c, end), *chs[j + 1:])
                sub = _most_go(st, cards, memo, total_room, mask | (1 << idx), nchs, placed + 1)
                if len(sub) + 1 > len(best):
                    best = [(c, j, end), *sub]
                    if len(best) >= limit:
                        memo[key] = best
                        return best
    memo[key] = best
    return best


#: a player chain as :func:`fewest_placed` sees it: (left card, right card, room left, size)
PEnds = tuple[int, int, int, int]


def fewest_placed(st: HeirsState, cards: list[int]) -> list[tuple[int, int, int]]:
    """Black Grow's leftovers: place as few as possible on the players' chains. A card that matches
    no open chain is discarded at once; one that matches goes to the smallest matching chain (ties:
    the first tied player to the right of the current player), right end first. The search picks
    the order that places the fewest cards. Returns placements (card, player, end)."""
    tie = ORDERS[st.n][1][st.cur]
    off = st.o.chain_offset
    start = tuple((ch[0], ch[-1], st.scores[p] + off - len(ch), len(ch)) if ch
                  else (-1, -1, st.scores[p] + off, 0) for p, ch in enumerate(st.chains))
    memo: dict[tuple[int, tuple[PEnds, ...]], list[tuple[int, int, int]]] = {}
    return _fewest_go(st, tie, cards, memo, 0, start)


def _fewest_target(st: HeirsState, tie: tuple[int, ...], c: int, chs: tuple[PEnds, ...]) -> tuple[int, int] | None:
    """The player chain and end card ``c`` goes to (``None``: it matches none)."""
    best: tuple[int, int] | None = None
    best_size = 1 << 30
    for p in tie:
        left, right, room, size = chs[p]
        if size >= best_size:
            continue
        ends = _fits(st, c, (left, right, room))
        if ends:
            best, best_size = (p, ends[0]), size
    return best


def _fewest_go(st: HeirsState, tie: tuple[int, ...], cards: list[int],
               memo: dict[tuple[int, tuple[PEnds, ...]], list[tuple[int, int, int]]], mask: int,
               chs: tuple[PEnds, ...]) -> list[tuple[int, int, int]]:
    """:func:`fewest_placed`'s search from ``chs`` with the cards of ``mask`` gone (see
    :func:`_most_go` for why not a closure)."""
    options: list[tuple[int, int, int, int]] = []
    for idx in range(len(cards)):
        if not (mask >> idx) & 1:
            t = _fewest_target(st, tie, cards[idx], chs)
            if t is None:
                mask |= 1 << idx  # matches nothing now: discarded at once
            else:
                options.append((idx, cards[idx], t[0], t[1]))
    key = (mask, chs)
    hit = memo.get(key)
    if hit is not None:
        return hit
    best: list[tuple[int, int, int]] | None = None
    for idx, c, p, end in options:
        left, right, room, size = chs[p]
        e = _after((left, right, room), c, end)
        nchs = (*chs[:p], (e[0], e[1], e[2], size + 1), *chs[p + 1:])
        sub = [(c, p, end), *_fewest_go(st, tie, cards, memo, mask | (1 << idx), nchs)]
        if best is None or len(sub) < len(best):
            best = sub
            if len(best) == 1:
                break
    out = best or []
    memo[key] = out
    return out


# == the six Black abilities =======================================================================

def heal(st: HeirsState, lvl: int, bi: int, ev: list[Event]) -> None:
    """Chain the first of the top ``lvl`` discards that matches an end of the Black Chain."""
    e = _ends(st, bi)
    ids = st.cs.ids
    for c in reversed(st.discard[-lvl:]):
        ends = _fits(st, c, e)
        if ends:
            st.discard.remove(c)
            ch = st.bchains[bi]
            _put(ch, c, ends[0])
            if ev is not QUIET:
                ev.append(Event("black-heal", f"Black Heal {lvl}: {ids[c]} joins {st._black_name(bi)}."))
            st._flip(ev)
            return
    if ev is not QUIET:
        ev.append(Event("black-heal", f"Black Heal {lvl}: no card of the discard pile matches."))


def burn(st: HeirsState, lvl: int, ev: list[Event]) -> None:
    """Randomly discard from the largest hand (else the largest chain), ``lvl`` times."""
    tie = ORDERS[st.n][1][st.cur]
    cs = st.cs
    for _ in range(lvl):
        best, size = -1, 0
        for p in tie:
            if len(st.hands[p]) > size:
                best, size = p, len(st.hands[p])
        if best >= 0:
            lst, where = st.hands[best], "hand"
        else:
            for p in tie:
                if len(st.chains[p]) > size:
                    best, size = p, len(st.chains[p])
            if best < 0:
                if ev is not QUIET:
                    ev.append(Event("black-burn", "Black Burn: no player has a card left."))
                return
            lst, where = st.chains[best], "chain"
        c = choose_card(st.rng, lst, cs.ids, cs.index)
        lst.remove(c)
        st.discard.append(c)
        if ev is not QUIET:
            ev.append(Event("black-burn", f"Black Burn: {cs.ids[c]} is burned from {SEATS[best]}'s {where}."))


def lore(st: HeirsState, lvl: int, bi: int, ev: list[Event]) -> None:
    """Look at the top 2 + ``lvl`` cards, chain as many as possible (at most 2), shuffle the rest
    back on top of the deck."""
    cs = st.cs
    seen: list[int] = []
    for _ in range(2 + lvl):
        c = st._take(ev)
        if c < 0:
            break
        seen.append(c)
    plan = most_placed(st, seen, (_ends(st, bi, 2),))
    ch = st.bchains[bi]
    for c, _, end in plan:
        _put(ch, c, end)
        seen.remove(c)
    if ev is not QUIET:
        ev.append(Event("black-lore", f"Black Lore {lvl}: looks at {len(seen) + len(plan)} card(s); "
                        f"chains {' '.join(cs.ids[c] for c in [p[0] for p in plan]) or 'none'}."))
    if seen:
        order = seen[:]
        if len(order) > 1:
            shuffle_cards(st.rng, order, cs.ids, cs.index)
        for c in reversed(order):
            st._push_deck(c, NOBODY)
        if ev is not QUIET:
            ev.append(Event("black-lore", f"{len(seen)} card(s) are shuffled back on top of the deck."))


def grow(st: HeirsState, lvl: int, bi: int, ev: list[Event]) -> None:
    """Reveal ``lvl`` cards; chain as many as possible to the Black Chain (Solo: both, the most in
    total), then as few as possible to players' chains, smaller chains first; discard the rest."""
    cs = st.cs
    ids = cs.ids
    seen: list[int] = []
    for _ in range(lvl):
        c = st._take(ev)
        if c < 0:
            break
        seen.append(c)
    if ev is not QUIET:
        ev.append(Event("black-grow", f"Black Grow {lvl} reveals {' '.join(ids[c] for c in seen) or 'nothing'}."))
    chain_ids = list(range(len(st.bchains))) if st.n == 1 else [bi]
    plan = most_placed(st, seen, tuple(_ends(st, b) for b in chain_ids))
    for c, j, end in plan:
        b = chain_ids[j]
        _put(st.bchains[b], c, end)
        seen.remove(c)
        if ev is not QUIET:
            ev.append(Event("black-grow", f"{ids[c]} joins {st._black_name(b)}."))
    for c, p, end in fewest_placed(st, seen):
        _put(st.chains[p], c, end)
        seen.remove(c)
        if ev is not QUIET:
            ev.append(Event("black-grow", f"{ids[c]} joins {SEATS[p]}'s chain."))
    if seen:
        st.discard.extend(seen)
        if ev is not QUIET:
            ev.append(Event("black-grow", f"Discarded: {' '.join(ids[c] for c in seen)}."))


def webs(st: HeirsState, lvl: int, ev: list[Event]) -> None:
    """Randomly return a card of the largest player chain to the top of the deck, ``lvl`` times."""
    tie = ORDERS[st.n][1][st.cur]
    cs = st.cs
    for _ in range(lvl):
        best, size = -1, 0
        for p in tie:
            if len(st.chains[p]) > size:
                best, size = p, len(st.chains[p])
        if best < 0:
            if ev is not QUIET:
                ev.append(Event("black-webs", "Black Webs: every player chain is empty."))
            return
        lst = st.chains[best]
        c = choose_card(st.rng, lst, cs.ids, cs.index)
        lst.remove(c)
        st._push_deck(c, PUBLIC)
        if ev is not QUIET:
            ev.append(Event("black-webs", f"Black Webs: {cs.ids[c]} goes from {SEATS[best]}'s chain to the "
                            "top of the deck."))


def prior(st: HeirsState, lvl: int, ev: list[Event]) -> None:
    """Discard the top ``lvl`` cards of the deck."""
    ids = st.cs.ids
    gone: list[str] = []
    for _ in range(lvl):
        c = st._take(ev)
        if c < 0:
            break
        st.discard.append(c)
        gone.append(ids[c])
    if ev is not QUIET:
        ev.append(Event("black-prior", f"Black Prior {lvl}: discards {' '.join(gone) or 'nothing'} from the deck."))
