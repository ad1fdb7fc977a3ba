"""Where figures stand: placing and lifting figures, doors, fitting a footprint, line of sight
and attack targets, searchable tokens, nearby heroes.

What depends only on where the figures stand, which doors are open and which search tokens are
left is cached in ``st._geo`` (see :class:`~questbox.games.descent.state.DescentState`); the
functions here that move figures, doors or tokens replace that cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.games.descent.data import Stat
from questbox.games.descent.skill_hooks import eagle_blockers

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: the side each side fights with: a hero's familiar (side ``familiar``, :mod:`.familiars`) is
#: on the heroes' side (the monsters' own side has no friend)
FRIEND = {"hero": "familiar", "familiar": "hero", "monster": "monster"}

# ================================================================================== placement
def place(st: DescentState, fi: int, anchor: int, orient: int) -> None:
    """Put figure ``fi`` on the map at (anchor, orient) (placement rules are the caller's)."""
    f = st.figs[fi]
    lift(st, fi)          # (forgets the cached geometry)
    f.pos, f.orient, f.status = anchor, orient, "active"
    if f.shape == (1, 1):
        st.occ[anchor] = fi
        return
    for s in st.squares(fi):
        st.occ[s] = fi


def lift(st: DescentState, fi: int) -> None:
    """Take figure ``fi``'s squares out of the occupancy (it stays where it is)."""
    f = st.figs[fi]
    st._geo = {}
    if f.pos >= 0 and f.status == "active":
        occ = st.occ
        if f.shape == (1, 1):
            if occ.get(f.pos) == fi:
                del occ[f.pos]
            return
        for s in st.squares(fi):
            if occ.get(s) == fi:
                del occ[s]


def forget(st: DescentState) -> None:
    """Drop the cached geometry: something a rule changed (not a figure's place, a door or a
    token, which the functions here handle) alters what a figure blocks or may target."""
    st._geo = {}


def set_doors(st: DescentState, mask: int) -> None:
    """Open and close doors: bit ``i`` of ``mask`` set means door ``i`` is open."""
    st.doors = mask
    st._geo = {}


def fits(st: DescentState, fi: int, anchor: int, orient: int, ignore: tuple[int, ...] = ()) -> tuple[int, ...] | None:
    """The squares figure ``fi`` would occupy at (anchor, orient), if it may stand there."""
    f = st.figs[fi]
    w, h = f.shape
    if orient:
        w, h = h, w
    board = st.enc.board
    fp = (anchor,) if (w, h) == (1, 1) else board.footprint(st.doors, anchor, w, h)
    if fp is None:
        return None
    for s in fp:
        if not board.passable[s]:
            return None
        o = st.occ.get(s)
        if o is not None and o != fi and o not in ignore:
            return None
    return fp


def nearest_free(st: DescentState, square: int) -> int:
    """``square`` if a figure may stand there, else the nearest free space."""
    board = st.enc.board
    if square not in st.occ and board.passable[square]:
        return square
    dist = board.dist_from(st.doors, square)
    best = min((dist[s], s) for s in board.spaces if board.passable[s] and s not in st.occ)
    return best[1]


def place_squares(st: DescentState, fi: int, n: int) -> list[int]:
    """The free spaces within ``n`` spaces of figure ``fi`` (not its own)."""
    board = st.enc.board
    pos = st.figs[fi].pos
    dist = board.dist_from(st.doors, pos)
    return [s for s in board.spaces if 0 < dist[s] <= n and board.passable[s] and s not in st.occ]


# =============================================================================== line of sight
def los_from(st: DescentState, mine: tuple[int, ...], occ: set[int]) -> list[str]:
    """The spaces in line of sight of the squares ``mine``, with figures on ``occ``."""
    board = st.enc.board
    out = []
    for s in board.spaces:
        if s in mine:
            continue
        occ_s = occ - {s} if s in occ else occ
        if board.sight(st.doors, mine, (s,), occ_s):
            out.append(board.names[s])
    return out


def find_targets(st: DescentState, fi: int, stat: Stat, melee: bool) -> tuple[int, ...]:
    """The enemies figure ``fi`` may attack (melee: adjacent, or within 2 spaces in line of
    sight with Reach; ranged: in line of sight at any distance)."""
    mine = st.squares(fi)
    if not mine:
        return ()
    board = st.enc.board
    doors = st.doors
    adj = board.adjacency(doors)
    near = adj[mine[0]] if len(mine) == 1 else frozenset().union(*(adj[s] for s in mine))
    ranged = not melee
    reach = melee and "reach" in stat.abilities
    figs = st.figs
    side = figs[fi].side
    friend = FRIEND.get(side, side)
    # squares of figures other than ``fi`` (for sight; a hero's Eagle Eyes: his enemies' only)
    others: set[int] | None = eagle_blockers(st, fi) if ranged and side == "hero" else None
    one = ranged and len(mine) == 1     # a small figure's ranged attack
    table = board.los_table(doors)
    row = mine[0] * board.size
    out = []
    for e, f in enumerate(figs):
        if f.status != "active" or f.side == side or f.side == friend:
            continue
        if f.shape == (1, 1):
            if f.pos < 0:
                continue                # off the map: nothing reaches it
            if f.pos in near:
                out.append(e)
                continue
            if not (ranged or reach):
                continue
            if one:
                # Board.sight for two small figures, inlined
                if others is None:
                    others = set(st.occ).difference(mine)
                b = f.pos
                lines = table[row + b]
                if lines is None:
                    lines = table[row + b] = board.los_lines(doors, mine[0], b)
                for blockers in lines:
                    if not blockers or blockers.isdisjoint(others):
                        out.append(e)
                        break
                continue
            theirs: tuple[int, ...] = (f.pos,)
        else:
            theirs = st.squares(e)
            if not near.isdisjoint(theirs):
                out.append(e)
                continue
            if not (ranged or reach):
                continue
        if reach and board.distance(doors, mine, theirs) > 2:
            continue
        if others is None:
            others = set(st.occ).difference(mine)
        # a line's blockers never hold its own end points: a small target's square need not
        # be taken out of ``others``, a large target's other squares must
        if board.sight(doors, mine, theirs, others if len(theirs) == 1 else others.difference(theirs)):
            out.append(e)
    return tuple(out)


# ================================================================================ what is near
def searchable(st: DescentState, fi: int, within: int = 1) -> list[int]:
    """The squares of the search tokens figure ``fi`` may search (adjacent or its own), or
    that lie within ``within`` spaces."""
    if not st.tokens:
        return []
    key = ("searchable", fi, within, st.doors, len(st.tokens))
    got: list[int] | None = st._geo.get(key)
    if got is None:
        got = st._geo[key] = _searchable(st, fi, within)
    return list(got)


def _searchable(st: DescentState, fi: int, within: int) -> list[int]:
    pos = st.figs[fi].pos
    board = st.enc.board
    if within <= 1:
        adj = board.adjacency(st.doors)[pos]
        return [s for s, kind in sorted(st.tokens.items()) if kind == "search" and (s == pos or s in adj)]
    dist = board.dist_from(st.doors, pos)
    return [s for s, kind in sorted(st.tokens.items()) if kind == "search" and dist[s] <= within]


def heroes_near(st: DescentState, fi: int) -> tuple[int, ...]:
    """The active heroes that are ``fi`` or adjacent to it (cached until a figure or a door
    moves)."""
    key = ("heroes-near", fi, st.doors)
    got: tuple[int, ...] | None = st._geo.get(key)
    if got is None:
        figs = st.figs
        f = figs[fi]
        heroes = st._heroes or st._find_heroes()
        small = f.shape == (1, 1) and f.pos >= 0
        for h in heroes:        # (plain loops and list comprehensions: a generator costs a call per item)
            if figs[h].shape != (1, 1):
                small = False
                break
        if small:
            # adjacent(fi, h) of small figures: h stands next to fi or on its square
            pos = f.pos
            near = st.enc.board.adjacency(st.doors)[pos]
            got = tuple([h for h in heroes if figs[h].status == "active"
                         and (h == fi or figs[h].pos in near or figs[h].pos == pos)])
        else:
            got = tuple(h for h in heroes if figs[h].status == "active" and (h == fi or st.adjacent(fi, h)))
        st._geo[key] = got
    return got


def revivable(st: DescentState, fi: int) -> list[int]:
    """The knocked-out heroes next to figure ``fi``."""
    return [h for h in st._heroes or st._find_heroes() if st.figs[h].status == "ko" and st.adjacent(fi, h)]
