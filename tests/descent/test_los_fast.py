"""The fast line-of-sight tracer (lattice wall codes, per door mask) agrees exactly with the
plain corner-to-corner tracer it replaced, on every pair of spaces of every bundled quest and on
random maps with walls, doors and obstacles."""

from __future__ import annotations

import random
from math import gcd

import pytest

from questbox.games.descent import GAME
from questbox.games.descent.board import CLEAR, NEVER, Board
from questbox.games.descent.encounter import encounter, normalize_setup


# -- the reference tracer (the original implementation, kept verbatim) -----------------------------
def _wall_edge(self, mask, a, b):
    sa = a >= 0 and self.space[a]
    sb = b >= 0 and self.space[b]
    if not sa and not sb:
        return False
    return self.blocked(mask, a, b)


def _trace_all(self, mask: int, a: int, b: int) -> tuple[frozenset[int], ...]:
    ax, ay = self.xy(a)
    bx, by = self.xy(b)
    found: set[frozenset[int]] = set()
    for px, py in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
        for qx, qy in ((bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)):
            if (px, py) == (qx, qy):
                continue
            blockers = _trace(self, mask, a, b, px, py, qx, qy)
            if blockers is None:
                continue
            if not blockers:
                return CLEAR
            found.add(blockers)
    if not found:
        return NEVER
    minimal = [f for f in found if not any(g < f for g in found)]
    return tuple(sorted(minimal, key=lambda f: (len(f), sorted(f))))

def _separated(self, mask: int, vx: int, vy: int, ang_in: float, ang_out: float) -> bool:
    """At lattice point (vx, vy), do the walls that meet there separate the direction ``ang_in``
    from ``ang_out`` (angles in degrees, screen coordinates: 0 = +x, 90 = +y)? The wall rays
    strictly inside both arcs between the two directions decide."""
    at = self.at
    # the four unit edges meeting at the point, as rays: (angle, is_wall)
    rays = (
        (0.0, _wall_edge(self, mask, at(vx, vy - 1), at(vx, vy))),        # +x: between (vx,vy-1) / (vx,vy)
        (90.0, _wall_edge(self, mask, at(vx - 1, vy), at(vx, vy))),       # +y: between (vx-1,vy) / (vx,vy)
        (180.0, _wall_edge(self, mask, at(vx - 1, vy - 1), at(vx - 1, vy))),  # -x
        (270.0, _wall_edge(self, mask, at(vx - 1, vy - 1), at(vx, vy - 1))),  # -y
    )
    lo, hi = (ang_in, ang_out) if ang_in < ang_out else (ang_out, ang_in)
    inside = outside = False
    for ang, wall in rays:
        if not wall:
            continue
        if lo < ang < hi:
            inside = True
        elif ang < lo or ang > hi:
            outside = True
    return inside and outside

def _trace(self, mask: int, a: int, b: int, px: int, py: int, qx: int, qy: int) -> frozenset[int] | None:
    """One corner-to-corner line: ``None`` if a wall or obstacle blocks it, else the squares
    where a figure would block it (``a`` and ``b`` excluded)."""
    from math import atan2, degrees

    dx, dy = qx - px, qy - py
    ang_out = degrees(atan2(dy, dx)) % 360.0
    ang_back = (ang_out + 180.0) % 360.0
    ax, ay = self.xy(a)
    bx, by = self.xy(b)
    # end points: the side the line comes from is the inside of the figure's square
    ang_a = degrees(atan2(ay + 0.5 - py, ax + 0.5 - px)) % 360.0
    ang_b = degrees(atan2(by + 0.5 - qy, bx + 0.5 - qx)) % 360.0
    if _separated(self, mask, px, py, ang_a, ang_out) or _separated(self, mask, qx, qy, ang_b, ang_back):
        return None
    blockers: set[int] = set()
    g = gcd(abs(dx), abs(dy))
    sx, sy = dx // g, dy // g
    for i in range(1, g):
        if _separated(self, mask, px + i * sx, py + i * sy, ang_back, ang_out):
            return None
    w = self.width
    if dx == 0 or dy == 0:
        # the line runs along grid lines: it may not run along a wall, nor along the edge of a
        # blocked space (the squares on both sides of each unit step)
        if dx == 0:
            y0, y1 = min(py, qy), max(py, qy)
            pairs = [((px - 1, y), (px, y)) for y in range(y0, y1)]
        else:
            x0, x1 = min(px, qx), max(px, qx)
            pairs = [((x, py - 1), (x, py)) for x in range(x0, x1)]
        sides = []
        for (ux, uy), (vx, vy) in pairs:
            if _wall_edge(self, mask, self.at(ux, uy), self.at(vx, vy)):
                return None
            sides += [(ux, uy), (vx, vy)]
        for x, y in sides:
            s = self.at(x, y)
            if s < 0 or s in (a, b) or not self.space[s]:
                continue
            if self.opaque[s]:
                return None
            blockers.add(s)
        return frozenset(blockers)
    # crossings of vertical grid lines at inner points of unit edges
    for k in range(min(px, qx) + 1, max(px, qx)):
        num = py * dx + (k - px) * dy          # y = num / dx
        if num % dx == 0:
            continue                            # a lattice point, handled above
        fy = num // dx
        if _wall_edge(self, mask, self.at(k - 1, fy), self.at(k, fy)):
            return None
    for k in range(min(py, qy) + 1, max(py, qy)):
        num = px * dy + (k - py) * dx          # x = num / dy
        if num % dy == 0:
            continue
        fx = num // dy
        if _wall_edge(self, mask, self.at(fx, k - 1), self.at(fx, k)):
            return None
    # squares whose inside the line crosses
    for y in range(min(py, qy), max(py, qy)):
        for x in range(min(px, qx), max(px, qx)):
            s = y * w + x
            if s in (a, b):
                continue
            pos = neg = False
            for cx, cy in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
                f = dx * (cy - py) - dy * (cx - px)
                if f > 0:
                    pos = True
                elif f < 0:
                    neg = True
            if not (pos and neg):
                continue
            if not self.space[s]:
                return None     # unreachable in practice: a wall is crossed first
            if self.opaque[s]:
                return None
            blockers.add(s)
    return frozenset(blockers)



def _check_board(board: Board, masks: list[int]) -> int:
    n = 0
    for mask in masks:
        for a in board.spaces:
            for b in board.spaces:
                if a >= b:
                    continue
                assert board._trace_all(mask, a, b) == _trace_all(board, mask, a, b), (mask, a, b)
                n += 1
    return n


def _masks(board: Board) -> list[int]:
    k = len(board.door_ids)
    full = (1 << k) - 1
    return sorted({0, full, board.doors_open_at_start})


@pytest.mark.parametrize("quest", ["drowned-chapel", "sunken-ossuary", "warren-raid"])
def test_fast_trace_matches_reference_on_bundled_quests(quest: str) -> None:
    setup = GAME.setup_for_seats(2)
    setup = {**setup, "quest": quest}
    board = encounter(normalize_setup(setup)).board
    assert _check_board(board, _masks(board)) > 0


def _random_board(rng: random.Random) -> Board:
    w, h = rng.randint(3, 9), rng.randint(3, 9)
    grid = ["".join("." if rng.random() < 0.15 else "A" for _ in range(w)) for _ in range(h)]
    names = [f"{chr(65 + x)}{y + 1}" for y in range(h) for x in range(w) if grid[y][x] != "."]
    if len(names) < 2:
        grid[0] = "A" * w
        names = [f"{chr(65 + x)}{y + 1}" for y in range(h) for x in range(w) if grid[y][x] != "."]
    terr = {n: "block" for n in names if rng.random() < 0.1}
    edges = []
    for y in range(h):
        for x in range(w):
            if grid[y][x] == ".":
                continue
            if x + 1 < w and grid[y][x + 1] != ".":
                edges.append(f"{chr(65 + x)}{y + 1}|{chr(66 + x)}{y + 1}")
            if y + 1 < h and grid[y + 1][x] != ".":
                edges.append(f"{chr(65 + x)}{y + 1}|{chr(65 + x)}{y + 2}")
    rng.shuffle(edges)
    walls = edges[: len(edges) // 5]
    doors = [(f"d{i}", "", [e], rng.random() < 0.5) for i, e in enumerate(edges[len(edges) // 5:][:2])]
    kinds = ("plain", "block")
    return Board(grid, {"A": "a"}, terr, {k: True for k in kinds}, {"plain": False, "block": True},
                 {k: 1 for k in kinds}, {k: 0 for k in kinds}, {k: False for k in kinds}, walls, doors)


def test_fast_trace_matches_reference_on_random_maps() -> None:
    rng = random.Random(7)
    total = 0
    for _ in range(60):
        board = _random_board(rng)
        total += _check_board(board, _masks(board))
    assert total > 1000

