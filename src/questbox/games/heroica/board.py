"""The board of a mission: spaces as indexes, links, distances and straight lines (immutable)."""

from __future__ import annotations

import functools
import json
from collections import deque
from typing import Any

from questbox.games.heroica.data import Mission

_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Board:
    """Space ``i`` has id ``ids[i]``, grid coordinates ``coords[i]`` and neighbours ``adj[i]``.

    ``dist[a][b]`` is the path distance along links ("around corners"); pieces never block it.
    ``lines[a]`` lists, per direction, the spaces met going straight from ``a`` along links.
    """

    __slots__ = ("adj", "cache", "coords", "dist", "doc", "ids", "index", "lines", "mission", "n")

    def __init__(self, mission: Mission) -> None:
        self.mission = mission
        #: per-board caches of other modules (e.g. prebuilt actions)
        self.cache: dict[str, Any] = {}
        self.doc = mission.doc
        self.ids = mission.ids
        self.index = mission.index
        self.coords = mission.coords
        n = len(self.ids)
        self.n = n
        adj: list[list[int]] = [[] for _ in range(n)]
        for a, b in mission.doc["links"]:
            ia, ib = self.index[a], self.index[b]
            adj[ia].append(ib)
            adj[ib].append(ia)
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(a)) for a in adj)
        far = n + 1
        dist: list[tuple[int, ...]] = []
        for s in range(n):
            d = [far] * n
            d[s] = 0
            todo = deque([s])
            while todo:
                u = todo.popleft()
                du = d[u] + 1
                for v in self.adj[u]:
                    if d[v] == far:
                        d[v] = du
                        todo.append(v)
            dist.append(tuple(d))
        self.dist: tuple[tuple[int, ...], ...] = tuple(dist)
        at = {c: i for i, c in enumerate(self.coords)}
        lines: list[tuple[tuple[int, ...], ...]] = []
        for s in range(n):
            per: list[tuple[int, ...]] = []
            for dx, dy in _DIRS:
                run: list[int] = []
                cur = s
                while True:
                    x, y = self.coords[cur]
                    nxt = at.get((x + dx, y + dy))
                    if nxt is None or nxt not in self.adj[cur]:
                        break
                    run.append(nxt)
                    cur = nxt
                per.append(tuple(run))
            lines.append(tuple(per))
        self.lines: tuple[tuple[tuple[int, ...], ...], ...] = tuple(lines)

    def sid(self, i: int) -> str:
        return self.ids[i]

    def straight(self, s: int, reach: int) -> list[int]:
        """Spaces up to ``reach`` away from ``s`` in a straight line along links."""
        out: list[int] = []
        for run in self.lines[s]:
            out.extend(run[:reach])
        return out


@functools.lru_cache(maxsize=64)
def _board_from_text(text: str) -> Board:
    return Board(Mission(json.loads(text)))


#: the boards of the mission documents last asked for, by the document's identity (the document
#: is kept with its board, so its id is not reused while the entry stands)
_BY_DOC: dict[int, tuple[dict[str, Any], Board]] = {}
#: documents kept in :data:`_BY_DOC` before it is emptied
BY_DOC_KEPT = 64


def board_for(doc: dict[str, Any]) -> Board:
    """The (cached, shared) board of a validated explicit mission document. Mission documents are
    shared and never changed once validated: the same document object (every new game of a
    setup) finds its board without writing the document out again."""
    got = _BY_DOC.get(id(doc))
    if got is not None and got[0] is doc:
        return got[1]
    board = _board_from_text(json.dumps(doc, sort_keys=True))
    if len(_BY_DOC) >= BY_DOC_KEPT:
        _BY_DOC.clear()
    _BY_DOC[id(doc)] = (doc, board)
    return board
