"""``DescentGame.encode_state``: the numbers of :func:`.space.encode` read from the state itself.

The adapters encode a seat's observation after every step; building the seat's view first (every
figure's document, the decision's text, the attack's dice faces, a copy of the map) cost about as
much as encoding it. This module reads the same facts from :class:`DescentState` and writes them
into a buffer of float32 (``array``) that numpy then reads without a copy: the static map planes
are copied from bytes made once per encounter, the figure and global features (those of
``space._global_features``, read from the state too) appended in one conversion, the squares to
mark set one by one. The numbers are those of ``encode(state.view(seat), seat)`` (tests
compare both over random games).

mypyc compiles this module with the engine (``compiled.MODULES``), and its build has no numpy:
numpy (the ``rl`` extra, which every caller of this module has) is imported by name when first
needed, never by an ``import`` statement that mypyc would follow.
"""

from __future__ import annotations

import importlib
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from questbox.core import Seat
from questbox.games.descent.combat import atk_shields, atk_totals
from questbox.games.descent.data import library
from questbox.games.descent.encounter import Encounter
from questbox.games.descent.flow import REACT
from questbox.games.descent.rules import WINDOWS
from questbox.games.descent.space import DECISIONS, PHASES, PLANES, TURN_FLAGS, TURN_KINDS, _static_planes

if TYPE_CHECKING:
    from questbox.games.descent.model import Attack, Turn
    from questbox.games.descent.state import DescentState

_P = {name: i for i, name in enumerate(PLANES)}
_HERO, _MONSTER, _KO = _P["hero"], _P["monster"], _P["knocked-out"]
_MINE, _ACTING, _ATTACKER, _TARGET = _P["mine"], _P["acting"], _P["attacker"], _P["target"]
_SEARCH, _OPEN, _CLOSED = _P["search"], _P["door-open"], _P["door-closed"]
#: numpy, imported by name on first use (see the module docs)
_NP: list[Any] = []


def _np() -> Any:
    if not _NP:
        _NP.append(importlib.import_module("numpy"))
    return _NP[0]


@dataclass(frozen=True)
class _Consts:
    """What an encounter fixes: the map's width and height, the static planes (as float32
    bytes), where each board square lands on a plane, the squares along each door (by the board's
    door index; -1: a door the board does not know, always closed), the doors' indices in the
    order of their sorted ids, the Search cards, the dice colours."""

    w: int
    h: int
    area: int
    static: bytes
    square: tuple[int, ...]
    doors: tuple[tuple[int, tuple[int, ...]], ...]
    door_order: tuple[int, ...]
    search: tuple[str, ...]
    dice: tuple[str, ...]
    #: figure key -> its features (float32 bytes) and plane marks (see :func:`_figures`)
    figs: dict[tuple[Any, ...], tuple[bytes, tuple[int, ...]]]
    #: (doors, search tokens) -> the planes with them marked (see :func:`_board`)
    boards: dict[tuple[int, tuple[int, ...]], bytes]
    #: seat -> per figure, its last key and entry (see :func:`_figures`)
    last: dict[str | None, list[tuple[tuple[Any, ...], tuple[bytes, tuple[int, ...]]] | None]]


_CONSTS: dict[int, tuple[Encounter, _Consts]] = {}
#: (decision kind, react window) -> the decision's one-hot features (kind, then window)
_KINDS: dict[tuple[str, str], list[float]] = {}


def _consts(enc: Encounter) -> _Consts:
    got = _CONSTS.get(id(enc))
    if got is not None and got[0] is enc:
        return got[1]
    mp = enc.map_json
    grid = mp["grid"]
    w, h = max(len(r) for r in grid), len(grid)
    planes, door_squares = _static_planes(grid, mp)
    board = enc.board
    ids = board.door_ids
    lib = library()
    c = _Consts(w=w, h=h, area=w * h, static=array("f", planes).tobytes(),
                square=tuple((int(n[1:]) - 1) * w + (ord(n[0]) - 65) for n in board.names),
                doors=tuple((ids.index(did) if did in ids else -1, tuple(s)) for did, s in door_squares.items()),
                door_order=tuple(ids.index(did) for did in sorted(ids)),
                search=tuple(lib.search), dice=tuple(lib.dice), figs={}, boards={}, last={})
    if len(_CONSTS) > 64:
        _CONSTS.clear()
    _CONSTS[id(enc)] = (enc, c)
    return c


def encode_state(st: DescentState, seat: Seat | None) -> Any:
    """``encode(st.view(seat), seat)`` as float32 numbers (a numpy array), without building the view."""
    c = _consts(st.enc)
    tokens = tuple(st.tokens)
    base = c.boards.get((st.doors, tokens))
    if base is None:
        base = _board(c, st.doors, tokens)
    out = array("f", base)
    marks: list[int] = []
    out.frombytes(_figures(st, seat, c, marks))
    tail: list[float] = []
    _globals(st, seat, c, tail)
    out.fromlist(tail)
    for m in marks:
        out[m] = 1.0
    return _np().frombuffer(out, _np().float32)


def _board(c: _Consts, doors: int, tokens: tuple[int, ...]) -> bytes:
    """The static planes with the doors (open or closed) and the search tokens marked, as float32
    bytes; remembered in ``c.boards`` (they change only when a door opens or a token goes)."""
    out = array("f", c.static)
    area, square = c.area, c.square
    for i, squares in c.doors:
        base = (_OPEN if i >= 0 and (doors >> i) & 1 else _CLOSED) * area
        for s in squares:
            out[base + s] = 1.0
    search = _SEARCH * area
    for s in tokens:
        out[search + square[s]] = 1.0
    got = out.tobytes()
    if len(c.boards) >= 256:
        c.boards.clear()
    c.boards[doors, tokens] = got
    return got


def _figures(st: DescentState, seat: Seat | None, c: _Consts, marks: list[int]) -> bytes:
    """Every figure's features (``space._figure_features``) as float32 bytes; adds the squares
    they mark to ``marks``. A figure's features and marks depend only on what its key holds (its
    fields, the seat's and the turn's and the attack's relation to it, and the doors for a large
    figure, whose footprint they may change): they are remembered per key in ``c.figs``, so a
    step recomputes only the figures that changed."""
    acting = st.turns[-1].fig if st.turns else -1
    atk = st.attacks[-1] if st.attacks else None
    attacker = atk.attacker if atk is not None else -1
    target = atk.target if atk is not None else -1
    memo = c.figs
    figs = st.figs
    # each figure's last key and entry for this seat: most steps change a figure or two, and
    # comparing a key with the last one is cheaper than hashing it
    last = c.last.get(seat)
    if last is None or len(last) != len(figs):
        last = c.last[seat] = [None] * len(figs)
    chunks: list[bytes] = []
    for i, f in enumerate(figs):
        shape = f.shape
        key = (f.status, f.pos, f.orient, f.damage, f.fatigue, f.hp_bonus, f.activated, f.stat, f.side,
               f.master, f.seat == seat, i == acting, i == attacker, i == target, shape,
               tuple(f.conds), len(f.exhausted), tuple(f.items), st.doors if shape != (1, 1) else 0)
        prev = last[i]
        if prev is not None and prev[0] == key:
            got = prev[1]
        else:
            known = memo.get(key)
            if known is None:
                if len(memo) >= _MEMO_MAX:
                    memo.clear()
                known = memo[key] = _figure(st, i, key, c)
            got = known
            last[i] = (key, got)
        chunks.append(got[0])
        marks += got[1]
    return b"".join(chunks)


#: the most figure keys remembered per encounter (then the memo starts afresh)
_MEMO_MAX = 50_000


def _figure(st: DescentState, i: int, key: tuple[Any, ...], c: _Consts) -> tuple[bytes, tuple[int, ...]]:
    """Figure ``i``'s features (float32 bytes) and the plane entries it marks; ``key`` holds its
    relations: played by the seat, acting, attacker, target (see :func:`_figures`)."""
    area, w, h, square = c.area, c.w, c.h, c.square
    f = st.figs[i]
    mine, act, atk_by, atk_on = key[10], key[11], key[12], key[13]
    status, pos, side = f.status, f.pos, f.side
    active = status == "active"
    hero = side == "hero"
    shown = st.squares(i) if active else ()
    on = shown or ((pos,) if pos >= 0 else ())
    marks: list[int] = []
    if on:
        lays = [((_HERO if hero or side == "familiar" else _MONSTER) if active else _KO) * area]
        if mine:
            lays.append(_MINE * area)
        if act:
            lays.append(_ACTING * area)
        if atk_by:
            lays.append(_ATTACKER * area)
        if atk_on:
            lays.append(_TARGET * area)
        for s in on:
            a = square[s]
            for p in lays:
                marks.append(p + a)
    if pos >= 0:
        a = square[pos]
        x, y = a % w, a // w
    else:
        x, y = -1, -1
    conds = f.conds
    health = st.health(i)
    out = [1.0 if hero else 0.0, 1.0 if not hero and f.master else 0.0,
           1.0 if active else 0.0, 1.0 if status == "ko" else 0.0,
           1.0 if status == "defeated" else 0.0, 1.0 if status == "reserve" else 0.0,
           1.0 if status == "vanished" else 0.0, (x + 1) / w, (y + 1) / h, float(len(shown)),
           float(f.damage), float(health), float(health - f.damage),
           float(f.fatigue) if hero else 0.0, float(st.stamina(i)) if hero else 0.0,
           1.0 if "poisoned" in conds else 0.0, 1.0 if "diseased" in conds else 0.0,
           1.0 if "immobilized" in conds else 0.0, 1.0 if "stunned" in conds else 0.0,
           1.0 if f.activated else 0.0, 1.0 if mine else 0.0, 1.0 if act else 0.0,
           1.0 if atk_by else 0.0, 1.0 if atk_on else 0.0,
           float(len(f.exhausted)) if hero else 0.0]
    items = f.items
    for k in c.search:
        out.append(float(items.count(k)) if hero and items else 0.0)
    return array("f", out).tobytes(), tuple(marks)


def _kind_features(kind: str, window: str) -> list[float]:
    """The one-hot features of a decision of ``kind`` (and the window of a ``react``), cached."""
    got = _KINDS.get((kind, window))
    if got is None:
        got = [1.0 if kind == k or (k == "mod" and kind.startswith("mod:")) else 0.0 for k in DECISIONS]
        got += [1.0 if window == k else 0.0 for k in WINDOWS]
        _KINDS[(kind, window)] = got
    return got


def _globals(st: DescentState, seat: Seat | None, c: _Consts, out: list[float]) -> None:
    """``space._global_features`` of the state's view, read from the state; appended to ``out``."""
    phase = st.phase
    out.append(float(st.round))
    for p in PHASES:
        out.append(1.0 if phase == p else 0.0)
    out.append(float(len(st.deck)))
    counters = st.counters
    for k in sorted(counters):
        out.append(float(counters[k]))
    doors = st.doors
    for i in c.door_order:
        out.append(1.0 if (doors >> i) & 1 else 0.0)
    if st.pending:
        d = st.pending[-1]
        out.append(1.0)
        out.append(1.0 if d.seat == seat else 0.0)
        out += _kind_features(d.kind, d.data[0] if d.kind == REACT else "")
    else:
        out += [0.0, 0.0]
        out += _kind_features("", "")
    if st.turns:
        _turn(st.turns[-1], out)
    else:
        out += [0.0] * (6 + len(TURN_FLAGS) + len(TURN_KINDS))
    if st.attacks:
        _attack(st, st.attacks[-1], c, out)
    else:
        out += [0.0] * (13 + 2 * len(c.dice))
    result = st.result
    out.append(1.0 if result is not None and result[0] == "heroes" else 0.0)
    out.append(1.0 if result is not None and result[0] == "overlord" else 0.0)
    out.append(1.0 if seat == "overlord" else 0.0)
    out.append(1.0 if seat is not None and seat != "overlord" else 0.0)


def _turn(t: Turn, out: list[float]) -> None:
    out += [1.0, float(t.actions), float(t.mp), float(t.attacks), float(t.move_actions), 1.0 if t.ended else 0.0]
    flags = t.flags
    for k in TURN_FLAGS:
        out.append(1.0 if k in flags else 0.0)
    for k in TURN_KINDS:
        out.append(1.0 if t.kind == k else 0.0)


def _attack(st: DescentState, atk: Attack, c: _Consts, out: list[float]) -> None:
    hearts, rng, surges, miss = atk_totals(st, atk) if atk.faces else (0, 0, 0, False)
    shields = atk_shields(st, atk) if atk.def_faces else 0
    out += [1.0, 1.0 if atk.melee else 0.0, float(atk.stage), float(atk.distance), float(hearts), float(rng),
            float(surges), 1.0 if miss else 0.0, float(shields), float(atk.pierce), float(atk.damage),
            float(atk.spent), float(len(atk.used))]
    for k in c.dice:
        out.append(float(atk.dice.count(k)))
    for k in c.dice:
        out.append(float(atk.def_dice.count(k)))
