"""``DescentGame.encode_state``: the numbers of :func:`.space.encode` read from the state itself.

The adapters encode a seat's observation after every step; building the seat's view first (every
figure's document, the decision's text, the attack's dice faces, a copy of the map) cost about as
much as encoding it. This module reads the same facts from :class:`DescentState` and writes them
into a numpy buffer: the static map planes are copied from an array made once per encounter, the
squares to mark are set in one indexed write, the figure and global features converted once. The
numbers are those of ``encode(state.view(seat), seat)`` (tests compare both over random games).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from questbox.core import JSON, Seat
from questbox.games.descent.combat import atk_shields, atk_totals
from questbox.games.descent.data import library
from questbox.games.descent.encounter import Encounter
from questbox.games.descent.model import listify
from questbox.games.descent.space import PLANES, _global_features, _static_planes

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

_P = {name: i for i, name in enumerate(PLANES)}


@dataclass(frozen=True)
class _Consts:
    """What an encounter fixes: the map's width and height, the static planes, where each board
    square lands on a plane, the squares along each door (by the board's door index; -1: a door the
    board does not know, always closed), the doors' ids sorted, the Search cards."""

    w: int
    h: int
    area: int
    static: npt.NDArray[np.float32]
    square: tuple[int, ...]
    doors: tuple[tuple[int, tuple[int, ...]], ...]
    door_order: tuple[int, ...]
    search: tuple[str, ...]


_CONSTS: dict[int, tuple[Encounter, _Consts]] = {}


def _consts(enc: Encounter) -> _Consts:
    got = _CONSTS.get(id(enc))
    if got is not None and got[0] is enc:
        return got[1]
    mp = enc.map_json
    grid = mp["grid"]
    w, h = max(len(r) for r in grid), len(grid)
    planes, door_squares = _static_planes(grid, mp)
    board = enc.board

    def sq(name: str) -> int:
        return (int(name[1:]) - 1) * w + (ord(name[0]) - 65)

    ids = board.door_ids
    c = _Consts(w=w, h=h, area=w * h, static=np.array(planes, np.float32),
                square=tuple(sq(n) for n in board.names),
                doors=tuple((ids.index(did) if did in ids else -1, tuple(s)) for did, s in door_squares.items()),
                door_order=tuple(ids.index(did) for did in sorted(ids)),
                search=tuple(library().search))
    if len(_CONSTS) > 64:
        _CONSTS.clear()
    _CONSTS[id(enc)] = (enc, c)
    return c


def encode_state(st: DescentState, seat: Seat | None) -> npt.NDArray[np.float32]:
    """``encode(st.view(seat), seat)`` as float32 numbers, without building the view."""
    c = _consts(st.enc)
    marks: list[int] = []
    area, doors = c.area, st.doors
    for i, squares in c.doors:
        base = _P["door-open" if i >= 0 and (doors >> i) & 1 else "door-closed"] * area
        marks += [base + s for s in squares]
    search = _P["search"] * area
    square = c.square
    marks += [search + square[s] for s in st.tokens]
    tail = _figures(st, seat, c, marks)
    tail += _global_features(_light_view(st, c), seat, st.turns[-1].to_json() if st.turns else None,
                             _attack(st) if st.attacks else None)
    n = len(c.static)
    out = np.empty(n + len(tail), np.float32)
    out[:n] = c.static
    out[marks] = 1.0
    out[n:] = tail
    return out


def _figures(st: DescentState, seat: Seat | None, c: _Consts, marks: list[int]) -> list[float]:
    """Every figure's features (``space._figure_features``); adds the squares it marks to ``marks``."""
    area, w, h, square = c.area, c.w, c.h, c.square
    acting = st.figs[st.turns[-1].fig].id if st.turns else None
    atk = st.attacks[-1] if st.attacks else None
    attacker = st.figs[atk.attacker].id if atk else None
    target = st.figs[atk.target].id if atk else None
    p_hero, p_monster, p_ko = _P["hero"] * area, _P["monster"] * area, _P["knocked-out"] * area
    p_roles = (_P["mine"] * area, _P["acting"] * area, _P["attacker"] * area, _P["target"] * area)
    no_items = [0.0] * len(c.search)
    out: list[float] = []
    for i, f in enumerate(st.figs):
        status, pos, fid = f.status, f.pos, f.id
        active = status == "active"
        hero = f.side == "hero"
        mine, act, atk_by, atk_on = f.seat == seat, fid == acting, fid == attacker, fid == target
        shown = st.squares(i) if active else ()
        on = shown or ((pos,) if pos >= 0 else ())
        lays = [(p_hero if hero or f.side == "familiar" else p_monster) if active else p_ko]
        if mine or act or atk_by or atk_on:
            lays += [p for p, flag in zip(p_roles, (mine, act, atk_by, atk_on), strict=True) if flag]
        for s in on:
            a = square[s]
            marks += [p + a for p in lays]
        if pos >= 0:
            a = square[pos]
            x, y = a % w, a // w
        else:
            x, y = -1, -1
        conds = f.conds
        health = st.health(i)
        out += [1.0 if hero else 0.0, 1.0 if not hero and f.master else 0.0,
                1.0 if active else 0.0, 1.0 if status == "ko" else 0.0,
                1.0 if status == "defeated" else 0.0, 1.0 if status == "reserve" else 0.0,
                (x + 1) / w, (y + 1) / h, float(len(shown)),
                float(f.damage), float(health), float(health - f.damage),
                float(f.fatigue) if hero else 0.0, float(st.stamina(i)) if hero else 0.0,
                1.0 if "poisoned" in conds else 0.0, 1.0 if "diseased" in conds else 0.0,
                1.0 if "immobilized" in conds else 0.0, 1.0 if "stunned" in conds else 0.0,
                1.0 if f.activated else 0.0, 1.0 if mine else 0.0, 1.0 if act else 0.0,
                1.0 if atk_by else 0.0, 1.0 if atk_on else 0.0,
                float(len(f.exhausted)) if hero else 0.0]
        items = f.items if hero else None
        out += [float(items.count(k)) for k in c.search] if items else no_items
    return out


def _light_view(st: DescentState, c: _Consts) -> JSON:
    """The parts of the view :func:`.space._global_features` reads."""
    d = st.pending[-1] if st.pending else None
    ids = st.enc.board.door_ids
    return {"round": st.round, "phase": st.phase, "deck": len(st.deck), "counters": st.counters,
            "doors": {ids[i]: bool((st.doors >> i) & 1) for i in c.door_order},
            "decision": {"seat": d.seat, "kind": d.kind, "data": listify(d.data)} if d else None,
            "result": st.result}


def _attack(st: DescentState) -> JSON:
    """The attack's part of the view that :func:`.space._global_features` reads."""
    atk = st.attacks[-1]
    doc = atk.to_json()
    if atk.faces:
        hearts, rng, surges, miss = atk_totals(st, atk)
        doc.update(hearts=hearts, range=rng, surges=surges, x=miss)
    if atk.def_faces:
        doc["shields"] = atk_shields(st, atk)
    return doc
