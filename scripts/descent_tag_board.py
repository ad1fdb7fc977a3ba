"""Turn a TAG board graph (``data/descent2e/boards.json`` of GAIGResearch/TabletopGames: tiles,
their orientation and which opening joins which neighbour) into questbox placements (tile, side,
``at``, rotation), placing the tiles as TAG's ``DescentForwardModel.addTilesToBoard`` does.

Usage: ``python scripts/descent_tag_board.py TAG_BOARDS_JSON board1`` prints the placements as YAML
lines and the character grid they build (checked by questbox's loader)."""

from __future__ import annotations

import json
import sys
from collections import deque

from questbox.games.descent.tiles import PlacementModel, build_map, rotate, tiles

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from descent_tag_tiles import split_id


def openings(rows: tuple[str, ...]) -> dict[str, list[tuple[int, int]]]:
    """TAG's findOpenings: the top-left cell of each 2-wide opening, per side, in TAG's order."""
    h, w = len(rows), len(rows[0])
    out: dict[str, list[tuple[int, int]]] = {}
    for j in range(w):       # N: per column, from the top
        for i in range(h):
            if rows[i][j] == "o":
                if (i == 0 or rows[i - 1][j] == ".") and (j == 0 or rows[i][j - 1] != "o") and j < w - 1 \
                        and rows[i][j + 1] == "o":
                    out.setdefault("N", []).append((j, i))
                break
    for j in range(w):       # S: per column, from the bottom
        for i in range(h - 1, -1, -1):
            if rows[i][j] == "o":
                if (i == h - 1 or rows[i + 1][j] == ".") and (j == 0 or rows[i][j - 1] != "o") and j < w - 1 \
                        and rows[i][j + 1] == "o":
                    out.setdefault("S", []).append((j, i))
                break
    for i in range(h):       # W: per row, from the left
        for j in range(w):
            if rows[i][j] == "o":
                if (j == 0 or rows[i][j - 1] == ".") and (i == 0 or rows[i - 1][j] != "o") and i < h - 1 \
                        and rows[i + 1][j] == "o":
                    out.setdefault("W", []).append((j, i))
                break
    for i in range(h):       # E: per row, from the right
        for j in range(w - 1, -1, -1):
            if rows[i][j] == "o":
                if (j == w - 1 or rows[i][j + 1] == ".") and (i == 0 or rows[i - 1][j] != "o") and i < h - 1 \
                        and rows[i + 1][j] == "o":
                    out.setdefault("E", []).append((j, i))
                break
    return out


def place(board: dict[str, object]) -> list[PlacementModel]:
    lib = tiles()
    nodes = {n["name"][1]: n for n in board["nodes"]}  # type: ignore[index, attr-defined]
    grids = {}
    for name, n in nodes.items():
        tid, side = split_id(name.split("-")[0])
        grids[name] = (tid, side, n["orientation"][1], rotate(lib[(tid, side)].rows, 90 * n["orientation"][1]))

    def conn(a: str, b: str) -> tuple[str, tuple[int, int]]:
        n = nodes[a]
        i = n["neighbours"][1].index(b)
        side, k = n["connections"][1][i].split("-")
        return side, openings(grids[a][3])[side][int(k)]

    first = next(iter(nodes))
    at = {first: (0, 0)}
    todo = deque([first])
    while todo:
        a = todo.popleft()
        for b in nodes[a]["neighbours"][1]:
            _, (ax, ay) = conn(a, b)
            side_b, (bx, by) = conn(b, a)
            # B's spaces just inside its opening lie on A's opening cells
            dx, dy = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}[side_b]
            pos = (at[a][0] + ax - bx - dx, at[a][1] + ay - by - dy)
            if b in at:
                if at[b] != pos:
                    raise SystemExit(f"{b}: placed at {at[b]} and {pos}")
                continue
            at[b] = pos
            todo.append(b)
    return [PlacementModel(tile=grids[n][0], side=grids[n][1], at=at[n], rotation=90 * grids[n][2])  # type: ignore[arg-type]
            for n in nodes]


if __name__ == "__main__":
    with open(sys.argv[1]) as fh:
        boards = {b["id"]: b for b in json.load(fh)}
    ps = place(boards[sys.argv[2]])
    for p in ps:
        print(f"    - {{tile: \"{p.tile}\", side: {p.side}, at: [{p.at[0]}, {p.at[1]}], rotation: {p.rotation}}}")
    built = build_map(ps)
    print("\n".join(built.grid))
    print(built.tiles)
    print(built.walls)
