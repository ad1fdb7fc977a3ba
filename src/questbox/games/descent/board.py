"""The map: square spaces on a grid, walls, doors, terrain; adjacency, range and line of sight.

Squares are numbered ``y * width + x`` and named like a chess board turned on its side: column
letters from the left, row numbers from the top (``A1`` is the top-left corner, ``C5`` is the
third column of the fifth row). A square of the grid that is not a space of the map is void.

**Walls.** The edge between two orthogonally adjacent squares is a wall when one of them is void,
when the quest lists it as a wall, or when it belongs to a closed door. Doors are indexed; the
open/closed state of all doors is a bit mask (bit ``i`` set: door ``i`` is open) and every cached
geometric fact is keyed by it.

**Adjacency.** Two orthogonal neighbours are adjacent unless a wall separates them. Two diagonal
neighbours are adjacent when one of the two L-shaped routes between them through the squares they
both touch crosses no wall (so a figure may step diagonally past the end of a wall or between two
obstacles, but not through the corner where two walls meet).

**Range** (``within N spaces``, the range of a ranged attack) counts adjacency steps along the
shortest route of spaces, ignoring figures and terrain (but not walls).

**Line of sight** is traced corner to corner: ``a`` sees ``b`` when a straight line joins some
corner of ``a`` to some corner of ``b`` that

* does not cross a wall nor run along one: it crosses no wall edge at an inner point, and at every
  corner point it passes through (its own end points included) the walls meeting there do not
  separate the side it comes from from the side it goes to;
* does not pass through a blocked space (an obstacle, or a space holding a figure other than the
  two), nor run along the edge of one; touching only a corner of a blocked space is allowed.

Adjacent spaces always see each other. The static part of every line (walls, obstacles) is cached
per pair of squares and door mask; what remains is, per line, the set of squares where a figure
would block it, checked against the figures of the moment by :meth:`Board.sight`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import atan2, degrees, gcd
from typing import Any

from questbox.core import Action, SetupError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIRS8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
CLEAR: tuple[frozenset[int], ...] = (frozenset(),)
NEVER: tuple[frozenset[int], ...] = ()


def square_name(x: int, y: int) -> str:
    return f"{LETTERS[x]}{y + 1}"


_RAY_ANGLES = ((1, 0.0), (2, 90.0), (4, 180.0), (8, 270.0))


def _split(code: int, ang_in: float, ang_out: float) -> bool:
    """Do the wall rays of ``code`` (bits: +x, +y, -x, -y) lie strictly inside both arcs between
    the directions ``ang_in`` and ``ang_out``?"""
    lo, hi = (ang_in, ang_out) if ang_in < ang_out else (ang_out, ang_in)
    inside = outside = False
    for bit, ang in _RAY_ANGLES:
        if not code & bit:
            continue
        if lo < ang < hi:
            inside = True
        elif ang < lo or ang > hi:
            outside = True
    return inside and outside


def _corner_split(codes: list[int], w: int, a: int, b: int, px: int, py: int, qx: int, qy: int) -> bool:
    """Do the walls meeting at a lattice point of the line from (px, py) to (qx, qy) cut it? At the
    ends the side the line comes from is the inside of the figure's square (``a``, then ``b``);
    only a point where two walls or more meet can cut it (``code & (code - 1)``)."""
    lw = w + 1
    dx, dy = qx - px, qy - py
    ang_out = -1.0
    code = codes[py * lw + px]
    if code & (code - 1):
        ang_out = degrees(atan2(dy, dx)) % 360.0
        if _split(code, degrees(atan2(a // w + 0.5 - py, a % w + 0.5 - px)) % 360.0, ang_out):
            return True
    g = gcd(abs(dx), abs(dy))
    for i in range(1, g + 1):           # the inner lattice points, then the end (qx, qy)
        code = codes[(py + i * dy // g) * lw + px + i * dx // g]
        if code & (code - 1):
            if ang_out < 0:
                ang_out = degrees(atan2(dy, dx)) % 360.0
            ang_back = (ang_out + 180.0) % 360.0
            if i < g:
                if _split(code, ang_back, ang_out):
                    return True
            elif _split(code, degrees(atan2(b // w + 0.5 - qy, b % w + 0.5 - qx)) % 360.0, ang_back):
                return True
    return False


class Board:
    """A quest's map, immutable once built (doors are opened and closed through the door mask)."""

    def __init__(self, grid: Sequence[str], tile_names: dict[str, str], terrain: dict[str, str],
                 passable: dict[str, bool], blocks_sight: dict[str, bool], cost: dict[str, int],
                 damage: dict[str, int], stops: dict[str, bool], walls: Iterable[str],
                 doors: Sequence[tuple[str, str, Sequence[str], bool]], void: str = ".") -> None:
        h = len(grid)
        w = max(len(r) for r in grid)
        if w > len(LETTERS):
            raise SetupError(f"the map is {w} squares wide; at most {len(LETTERS)} columns are named")
        self.width, self.height = w, h
        n = w * h
        self.size = n
        self.space = [False] * n
        self.tile: list[str] = [""] * n
        self.names = [square_name(i % w, i // w) for i in range(n)]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.move_actions = [Action("move", (name,)) for name in self.names]     # shared, immutable
        for y, row in enumerate(grid):
            for x, ch in enumerate(row):
                if ch == void or ch == " ":
                    continue
                if ch not in tile_names:
                    raise SetupError(f"map square {square_name(x, y)}: tile letter {ch!r} is not in tiles")
                self.space[y * w + x] = True
                self.tile[y * w + x] = ch
        self.tile_names = dict(tile_names)
        self.terrain = ["plain" if self.space[i] else "" for i in range(n)]
        for name, ter in terrain.items():
            s = self.square(name, "terrain")
            self.terrain[s] = ter
        self.passable = [self.space[i] and passable[self.terrain[i]] for i in range(n)]
        self.opaque = [self.space[i] and blocks_sight[self.terrain[i]] for i in range(n)]
        self.cost = [cost[self.terrain[i]] if self.space[i] else 0 for i in range(n)]
        self.damage = [damage[self.terrain[i]] if self.space[i] else 0 for i in range(n)]
        self.stops = [self.space[i] and stops[self.terrain[i]] for i in range(n)]
        self._no_stops = [False] * n
        self.walls: set[tuple[int, int]] = set()
        for text in walls:
            self.walls.add(self.edge(text, "walls"))
        self.door_ids: list[str] = []
        self.door_names: list[str] = []
        self.door_edges: list[tuple[tuple[int, int], ...]] = []
        self.doors_open_at_start = 0
        for i, (did, dname, edges, is_open) in enumerate(doors):
            if did in self.door_ids:
                raise SetupError(f"door {did!r} appears twice")
            self.door_ids.append(did)
            self.door_names.append(dname or did)
            self.door_edges.append(tuple(self.edge(e, f"door {did}") for e in edges))
            if is_open:
                self.doors_open_at_start |= 1 << i
        self._door_of_edge = {e: i for i, es in enumerate(self.door_edges) for e in es}
        self._nbrs: dict[int, list[tuple[int, ...]]] = {}
        self._mnbrs: dict[int, list[tuple[int, ...]]] = {}
        self._dist: dict[tuple[int, int], list[int]] = {}
        self._los: dict[tuple[int, int, int], tuple[frozenset[int], ...]] = {}
        self._lostab: dict[int, list[tuple[frozenset[int], ...] | None]] = {}
        self._adj: dict[int, list[frozenset[int]]] = {}
        self._fp: dict[tuple[int, int, int, int], tuple[int, ...] | None] = {}
        self._cover: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._ofp: dict[tuple[int, int, int, int], tuple[int, ...] | None] = {}
        self._lmove: dict[tuple[int, int], Action] = {}
        self._lat: dict[int, tuple[list[bool], list[bool], list[int]]] = {}
        self._shapes: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
        self._sp: dict[tuple[Any, ...], dict[int, tuple[int, int, int]]] = {}
        self._reach: dict[tuple[Any, ...], tuple[dict[int, tuple[int, int, int]], tuple[int, ...]]] = {}
        self._reach_blocked: dict[tuple[Any, ...], tuple[dict[int, tuple[int, int, int]], tuple[int, ...]]] = {}
        self.spaces = [i for i in range(n) if self.space[i]]
        # no terrain deals damage and entering any space costs at least 1: the movement search
        # needs no tie-breaking on damage (see _shortest_paths)
        self._no_damage = all(not self.damage[i] and self.cost[i] >= 1 for i in self.spaces if self.passable[i])
        #: whether some space a figure may enter deals damage
        self.hurts = any(self.damage[i] for i in self.spaces if self.passable[i])
        # squares of each tile
        self.tiles: dict[str, tuple[int, ...]] = {}
        for i in self.spaces:
            self.tiles.setdefault(self.tile[i], ())
            self.tiles[self.tile[i]] += (i,)

    # -- names -----------------------------------------------------------------------------------
    def square(self, name: str, where: str = "square") -> int:
        s = self.index.get(name)
        if s is None or not self.space[s]:
            raise SetupError(f"{where}: {name!r} is not a space of the map")
        return s

    def edge(self, text: str, where: str) -> tuple[int, int]:
        parts = text.replace(" ", "").split("|")
        if len(parts) != 2:
            raise SetupError(f"{where}: an edge is written 'A1|A2', not {text!r}")
        a, b = (self.square(p, where) for p in parts)
        ax, ay, bx, by = a % self.width, a // self.width, b % self.width, b // self.width
        if abs(ax - bx) + abs(ay - by) != 1:
            raise SetupError(f"{where}: {text!r} joins squares that are not orthogonal neighbours")
        return (min(a, b), max(a, b))

    def xy(self, s: int) -> tuple[int, int]:
        return s % self.width, s // self.width

    def at(self, x: int, y: int) -> int:
        """The square at (x, y), or -1 outside the grid."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return -1

    # -- walls and adjacency ------------------------------------------------------------------------
    def blocked(self, mask: int, a: int, b: int) -> bool:
        """Is there a wall between orthogonal neighbours ``a`` and ``b`` (-1 counts as void)?"""
        if a < 0 or b < 0 or not self.space[a] or not self.space[b]:
            return True
        e = (a, b) if a < b else (b, a)
        if e in self.walls:
            return True
        d = self._door_of_edge.get(e)
        return d is not None and not (mask >> d) & 1

    def _wall_edge(self, mask: int, a: int, b: int) -> bool:
        """Is the edge between ``a`` and ``b`` a wall for line of sight (an edge between two void
        squares is not: it lies outside the map)."""
        sa = a >= 0 and self.space[a]
        sb = b >= 0 and self.space[b]
        if not sa and not sb:
            return False
        return self.blocked(mask, a, b)

    def neighbors(self, mask: int) -> list[tuple[int, ...]]:
        """Adjacent spaces of every space (any terrain)."""
        got = self._nbrs.get(mask)
        if got is not None:
            return got
        w = self.width
        out: list[tuple[int, ...]] = [()] * self.size
        for s in self.spaces:
            x, y = s % w, s // w
            lst = []
            for dx, dy in DIRS8:
                t = self.at(x + dx, y + dy)
                if t < 0 or not self.space[t]:
                    continue
                if dx == 0 or dy == 0:
                    if not self.blocked(mask, s, t):
                        lst.append(t)
                    continue
                c1, c2 = self.at(x + dx, y), self.at(x, y + dy)
                if ((not self.blocked(mask, s, c1) and not self.blocked(mask, c1, t))
                        or (not self.blocked(mask, s, c2) and not self.blocked(mask, c2, t))):
                    lst.append(t)
            out[s] = tuple(sorted(lst))
        self._nbrs[mask] = out
        return out

    def adjacency(self, mask: int) -> list[frozenset[int]]:
        got = self._adj.get(mask)
        if got is None:
            got = [frozenset(n) for n in self.neighbors(mask)]
            self._adj[mask] = got
        return got

    def move_neighbors(self, mask: int) -> list[tuple[int, ...]]:
        """Adjacent spaces a figure may enter (passable terrain)."""
        got = self._mnbrs.get(mask)
        if got is None:
            nb = self.neighbors(mask)
            got = [tuple(t for t in nb[s] if self.passable[t]) for s in range(self.size)]
            self._mnbrs[mask] = got
        return got

    def adjacent(self, mask: int, a: int, b: int) -> bool:
        return b in self.adjacency(mask)[a]

    # -- range ----------------------------------------------------------------------------------------
    def dist_from(self, mask: int, s: int) -> list[int]:
        """Range in spaces from ``s`` to every square (a large number if unreachable)."""
        key = (mask, s)
        got = self._dist.get(key)
        if got is not None:
            return got
        nb = self.neighbors(mask)
        dist = [999] * self.size
        dist[s] = 0
        frontier = [s]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for u in frontier:
                for v in nb[u]:
                    if dist[v] > d:
                        dist[v] = d
                        nxt.append(v)
            frontier = nxt
        self._dist[key] = dist
        return dist

    def distance(self, mask: int, a: Iterable[int], b: Iterable[int]) -> int:
        """The range between two figures' squares (the closest pair)."""
        bs = tuple(b)
        best = 999
        dists = self._dist
        for s in a:
            d = dists.get((mask, s)) or self.dist_from(mask, s)
            for t in bs:
                if d[t] < best:
                    best = d[t]
        return best

    # -- line of sight ------------------------------------------------------------------------------
    def los_lines(self, mask: int, a: int, b: int) -> tuple[frozenset[int], ...]:
        """The lines from ``a`` to ``b`` that no wall or obstacle blocks, each as the set of squares
        where a figure would block it (``CLEAR``: some line no figure can block; ``NEVER``: none)."""
        if a > b:
            a, b = b, a
        key = (mask, a, b)
        got = self._los.get(key)
        if got is not None:
            return got
        if a == b or self.adjacent(mask, a, b):
            res = CLEAR
        else:
            res = self._trace_all(mask, a, b)
        self._los[key] = res
        return res

    def _trace_all(self, mask: int, a: int, b: int) -> tuple[frozenset[int], ...]:
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        found: set[frozenset[int]] = set()
        for px, py in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
            for qx, qy in ((bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)):
                if (px, py) == (qx, qy):
                    continue
                blockers = self._trace(mask, a, b, px, py, qx, qy)
                if blockers is None:
                    continue
                if not blockers:
                    return CLEAR
                found.add(blockers)
        if not found:
            return NEVER
        minimal = [f for f in found if not any(g < f for g in found)]
        return tuple(sorted(minimal, key=lambda f: (len(f), sorted(f))))

    def _lattice(self, mask: int) -> tuple[list[bool], list[bool], list[int]]:
        """Per door mask, the wall segments of the grid lines and the walls meeting at each lattice
        point (cached): ``hseg`` (the unit segment from (x, y) to (x+1, y), between squares
        (x, y-1) and (x, y)) and ``vseg`` (from (x, y) to (x, y+1), between (x-1, y) and (x, y)),
        both indexed ``(y + 1) * (width + 2) + (x + 1)`` for x in -1..width, y in -1..height; and per
        lattice point ``y * (width + 1) + x`` a 4-bit code of the wall rays (+x, +y, -x, -y)."""
        got = self._lat.get(mask)
        if got is not None:
            return got
        w, h = self.width, self.height
        at = self.at
        stride = w + 2
        size = stride * (h + 2)
        hseg = [False] * size
        vseg = [False] * size
        for y in range(-1, h + 1):
            for x in range(-1, w + 1):
                i = (y + 1) * stride + (x + 1)
                hseg[i] = self._wall_edge(mask, at(x, y - 1), at(x, y))
                vseg[i] = self._wall_edge(mask, at(x - 1, y), at(x, y))
        codes = [0] * ((w + 1) * (h + 1))
        for vy in range(h + 1):
            for vx in range(w + 1):
                i = (vy + 1) * stride + (vx + 1)
                codes[vy * (w + 1) + vx] = (
                    (1 if hseg[i] else 0)                       # +x
                    | (2 if vseg[i] else 0)                     # +y
                    | (4 if hseg[i - 1] else 0)                 # -x: segment from (vx-1, vy)
                    | (8 if vseg[i - stride] else 0))           # -y: segment from (vx, vy-1)
        got = (hseg, vseg, codes)
        self._lat[mask] = got
        return got

    def _separated(self, mask: int, vx: int, vy: int, ang_in: float, ang_out: float) -> bool:
        """At lattice point (vx, vy), do the walls that meet there separate the direction ``ang_in``
        from ``ang_out`` (angles in degrees, screen coordinates: 0 = +x, 90 = +y)? The wall rays
        strictly inside both arcs between the two directions decide."""
        return _split(self._lattice(mask)[2][vy * (self.width + 1) + vx], ang_in, ang_out)

    def _trace(self, mask: int, a: int, b: int, px: int, py: int, qx: int, qy: int) -> frozenset[int] | None:
        """One corner-to-corner line: ``None`` if a wall or obstacle blocks it, else the squares
        where a figure would block it (``a`` and ``b`` excluded)."""
        hseg, vseg, codes = self._lattice(mask)
        dx, dy = qx - px, qy - py
        # (walls meeting at a lattice point are checked last: most lines a wall or an obstacle
        # blocks already)
        if dx == 0 or dy == 0:
            got = self._trace_straight(hseg, vseg, a, b, px, py, qx, qy)
            return None if got is None or _corner_split(codes, self.width, a, b, px, py, qx, qy) else got
        # the walls crossed at inner points and the squares crossed: offsets cached per (dx, dy)
        shape = self._shapes.get((dx, dy))
        if shape is None:
            shape = self._line_shape(dx, dy)
        w = self.width
        vbase = (py + 1) * (w + 2) + px + 1
        for off in shape[0]:
            if vseg[vbase + off]:
                return None
        for off in shape[1]:
            if hseg[vbase + off]:
                return None
        space, opaque = self.space, self.opaque
        blockers: set[int] = set()
        base = py * w + px
        for off in shape[2]:
            s = base + off
            if s in (a, b):
                continue
            if not space[s] or opaque[s]:
                return None
            blockers.add(s)
        return None if _corner_split(codes, w, a, b, px, py, qx, qy) else frozenset(blockers)

    def _trace_straight(self, hseg: list[bool], vseg: list[bool], a: int, b: int, px: int, py: int,
                        qx: int, qy: int) -> frozenset[int] | None:
        """:meth:`_trace` of a line along a grid line: it may not run along a wall, nor along the
        edge of a blocked space (the squares on both sides of each unit step)."""
        w, h = self.width, self.height
        stride = w + 2
        if px == qx:
            y0, y1 = (py, qy) if py < qy else (qy, py)
            base = px + 1
            for y in range(y0, y1):
                if vseg[(y + 1) * stride + base]:
                    return None
            xs = (px - 1, px)
            cells = [(x, y) for y in range(y0, y1) for x in xs]
        else:
            x0, x1 = (px, qx) if px < qx else (qx, px)
            base = (py + 1) * stride + 1
            for x in range(x0, x1):
                if hseg[base + x]:
                    return None
            ys = (py - 1, py)
            cells = [(x, y) for x in range(x0, x1) for y in ys]
        space, opaque = self.space, self.opaque
        blockers: set[int] = set()
        for x, y in cells:
            if x < 0 or x >= w or y < 0 or y >= h:
                continue
            s = y * w + x
            if s in (a, b) or not space[s]:
                continue
            if opaque[s]:
                return None
            blockers.add(s)
        return frozenset(blockers)

    def _line_shape(self, dx: int, dy: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """For a line from (px, py) to (px + dx, py + dy) (neither 0): the offsets from
        ``(py + 1) * (width + 2) + px + 1`` of the vertical and the horizontal unit segments it
        crosses at an inner point, and the offsets from ``py * width + px`` of the squares whose
        inside it crosses (corners strictly on both sides)."""
        w = self.width
        stride = w + 2
        vc = []
        for k in range(min(0, dx) + 1, max(0, dx)):
            m = k * dy                  # y = py + m / dx
            if m % dx == 0:
                continue                # a lattice point
            vc.append((m // dx) * stride + k)
        hc = []
        for k in range(min(0, dy) + 1, max(0, dy)):
            m = k * dx                  # x = px + m / dy
            if m % dy == 0:
                continue
            hc.append(k * stride + m // dy)
        # corners of square (x, y): f = dx * (cy - py) - dy * (cx - px) is f00 + {0, -dy} + {0, dx}
        lo = (-dy if dy > 0 else 0) + (dx if dx < 0 else 0)
        hi = (-dy if dy < 0 else 0) + (dx if dx > 0 else 0)
        cells = []
        for y in range(min(0, dy), max(0, dy)):
            for x in range(min(0, dx), max(0, dx)):
                f00 = dx * y - dy * x
                if -hi < f00 < -lo:
                    cells.append(y * w + x)
        shape = (tuple(vc), tuple(hc), tuple(cells))
        self._shapes[(dx, dy)] = shape
        return shape

    def los_table(self, mask: int) -> list[tuple[frozenset[int], ...] | None]:
        """:meth:`los_lines` of every ordered pair ``(a, b)`` at index ``a * size + b``, filled in
        as they are asked (``None``: not yet): a faster lookup than the keyed cache."""
        got = self._lostab.get(mask)
        if got is None:
            got = self._lostab[mask] = [None] * (self.size * self.size)
        return got

    def sight(self, mask: int, srcs: Iterable[int], dsts: Iterable[int], occupied: set[int] | frozenset[int]) -> bool:
        """Line of sight between two figures' squares, given the squares other figures occupy."""
        ds = tuple(dsts)
        table = self._lostab.get(mask) or self.los_table(mask)
        size = self.size
        for a in srcs:
            row = a * size
            for b in ds:
                lines = table[row + b]
                if lines is None:
                    lines = table[row + b] = self.los_lines(mask, a, b)
                for blockers in lines:
                    if not blockers or blockers.isdisjoint(occupied):
                        return True
        return False

    # -- movement ------------------------------------------------------------------------------------
    def open_footprint(self, mask: int, anchor: int, w: int, h: int) -> tuple[int, ...] | None:
        """:meth:`footprint` if all of its squares are passable, else ``None`` (cached)."""
        key = (mask, anchor, w, h)
        if key in self._ofp:
            return self._ofp[key]
        fp = self.footprint(mask, anchor, w, h)
        got = self._ofp[key] = fp if fp is not None and all(self.passable[q] for q in fp) else None
        return got

    def large_move(self, anchor: int, last: int) -> Action:
        """The action ``move <anchor>:<last>`` of a large figure (cached)."""
        got = self._lmove.get((anchor, last))
        if got is None:
            got = self._lmove[(anchor, last)] = Action("move", (f"{self.names[anchor]}:{self.names[last]}",))
        return got

    def covering(self, s: int, w: int, h: int) -> tuple[int, ...]:
        """The anchors (top-left squares on the grid) of the ``w`` x ``h`` rectangles that cover
        square ``s``, nearest first: ``s`` itself, then one column left, ... (cached)."""
        key = (s, w, h)
        got = self._cover.get(key)
        if got is None:
            sx, sy = self.xy(s)
            got = self._cover[key] = tuple(a for dy in range(h) for dx in range(w)
                                           if (a := self.at(sx - dx, sy - dy)) >= 0)
        return got

    def footprint(self, mask: int, anchor: int, w: int, h: int) -> tuple[int, ...] | None:
        """The squares of a ``w`` x ``h`` figure whose top-left square is ``anchor``, or ``None`` if
        it does not fit on spaces, or a wall (or closed door) runs through it."""
        key = (mask, anchor, w, h)
        fp = self._fp.get(key, ())
        if fp != ():
            return fp
        fp = self._footprint(mask, anchor, w, h)
        self._fp[key] = fp
        return fp

    def _footprint(self, mask: int, anchor: int, w: int, h: int) -> tuple[int, ...] | None:
        x0, y0 = self.xy(anchor)
        out = []
        for dy in range(h):
            for dx in range(w):
                s = self.at(x0 + dx, y0 + dy)
                if s < 0 or not self.space[s]:
                    return None
                out.append(s)
        # no wall between two squares of the footprint
        for s in out:
            x, y = self.xy(s)
            r, d = self.at(x + 1, y), self.at(x, y + 1)
            if r in out and self.blocked(mask, s, r):
                return None
            if d in out and self.blocked(mask, s, d):
                return None
        return tuple(out)

    def shortest_paths(self, mask: int, starts: Iterable[int], budget: int, can_pass: list[bool],
                       extra: dict[int, int] | None = None) -> dict[int, tuple[int, int, int]]:
        """Cheapest routes from ``starts`` within ``budget`` movement points: square -> (cost,
        damage taken on the way, previous square). ``can_pass[s]`` says whether the mover may enter
        ``s`` (it may still not end there); ``extra`` adds movement points to enter squares.
        Costs are small whole numbers, so a bucket queue replaces the heap (ties: least damage).
        Results are memoized (a pure function of the arguments): callers must not mutate them."""
        starts = tuple(starts)
        key = (mask, starts, budget, tuple(can_pass), tuple(sorted(extra.items())) if extra else None)
        memo = self._sp
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) >= 512:
            memo.clear()
        got = self._shortest_paths(mask, starts, budget, can_pass, extra)
        memo[key] = got
        return got

    def _shortest_paths(self, mask: int, starts: tuple[int, ...], budget: int, can_pass: list[bool],
                        extra: dict[int, int] | None, pits: bool = True) -> dict[int, tuple[int, int, int]]:
        if self._no_damage and (not extra or min(extra.values()) >= 0):
            return self._plain_paths(mask, starts, budget, can_pass, extra, pits)
        nb = self.move_neighbors(mask)
        cost, damage = self.cost, self.damage
        stops = self.stops if pits else self._no_stops
        best: dict[int, tuple[int, int, int]] = {}
        best_get = best.get
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        for s in starts:
            best[s] = (0, 0, -1)
            buckets[0].append(s)
        done = [False] * self.size
        for c in range(budget + 1):
            bucket = buckets[c]
            if not bucket:
                continue
            if len(bucket) > 1 and any(best[u][1] for u in bucket):
                bucket.sort(key=lambda u: best[u][1])
            for u in bucket:
                bu = best[u]
                if done[u] or bu[0] != c:
                    continue
                done[u] = True
                if stops[u] and bu[2] != -1:
                    continue    # a pit ends movement
                du = bu[1]
                for v in nb[u]:
                    if not can_pass[v]:
                        continue
                    nc = c + cost[v]
                    if extra:
                        nc += extra.get(v, 0)
                    if nc > budget:
                        continue
                    nd = du + damage[v]
                    old = best_get(v)
                    if old is None or nc < old[0] or (nc == old[0] and nd < old[1]):
                        best[v] = (nc, nd, u)
                        buckets[nc].append(v)
        return best

    def reach(self, mask: int, starts: tuple[int, ...], budget: int, blocked: Iterable[int],
              extra: dict[int, int] | None = None, pits: bool = True
              ) -> tuple[dict[int, tuple[int, int, int]], tuple[int, ...]]:
        """:meth:`shortest_paths` with the squares the mover may not enter given as ``blocked``
        (besides impassable terrain); returns the routes and their squares in ascending order.
        ``pits``: a pit ends the route (not for a large figure on its way, which is placed later).

        The search without ``blocked`` is memoized per map position and budget (so it is shared by
        every game on this map); a blocked square matters only if that search reaches it (the two
        searches run alike until they first try to enter one), so the search with ``blocked`` is
        memoized by the blocked squares it reaches, and skipped when there are none. Callers must
        not mutate the results."""
        ex = tuple(sorted(extra.items())) if extra else None
        key: tuple[Any, ...] = (mask, starts, budget, ex) if pits else (mask, starts, budget, ex, "through-pits")
        free = self._reach.get(key)
        if free is None:
            if len(self._reach) >= 16384:
                self._reach.clear()
            best = self._shortest_paths(mask, starts, budget, self.passable, extra, pits)
            free = self._reach[key] = (best, tuple(sorted(best)))
        reached = free[0]
        relevant = tuple(sorted(filter(reached.__contains__, blocked)))
        if not relevant:
            return free
        key = (mask, starts, budget, ex, relevant) if pits else (mask, starts, budget, ex, relevant, "through-pits")
        memo = self._reach_blocked
        got = memo.get(key)
        if got is None:
            if len(memo) >= 8192:
                memo.clear()
            can = self.passable[:]
            for s in relevant:
                can[s] = False
            best = self._shortest_paths(mask, starts, budget, can, extra, pits)
            got = memo[key] = (best, tuple(sorted(best)))
        return got

    def _plain_paths(self, mask: int, starts: tuple[int, ...], budget: int, can_pass: list[bool],
                     extra: dict[int, int] | None, pits: bool = True) -> dict[int, tuple[int, int, int]]:
        """:meth:`_shortest_paths` when no space deals damage and every step costs at least 1:
        the cost of entering a square does not depend on where it is entered from, so the first
        time the bucket order reaches a square is its cheapest route, and with no damage to break
        ties, no later route replaces it (the same result as the general search, faster)."""
        nb = self.move_neighbors(mask)
        cost = self.cost
        stops = self.stops if pits else self._no_stops
        best: dict[int, tuple[int, int, int]] = {}
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        for s in starts:
            best[s] = (0, 0, -1)
            buckets[0].append(s)
        for c in range(budget + 1):
            for u in buckets[c]:
                if stops[u] and best[u][2] != -1:
                    continue    # a pit ends movement
                for v in nb[u]:
                    if v in best or not can_pass[v]:
                        continue
                    nc = c + cost[v]
                    if extra:
                        nc += extra.get(v, 0)
                    if nc <= budget:
                        best[v] = (nc, 0, u)
                        buckets[nc].append(v)
        return best

    @staticmethod
    def path_to(best: dict[int, tuple[int, int, int]], target: int) -> list[int]:
        """The squares entered on the way to ``target`` (the start excluded)."""
        out = []
        s = target
        while best[s][2] != -1:
            out.append(s)
            s = best[s][2]
        out.reverse()
        return out
