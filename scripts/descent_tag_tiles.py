"""Convert TAG's Descent 2e map tiles (``data/descent2e/tiles.json`` of GAIGResearch/TabletopGames,
MIT licence) into questbox's tile file ``src/questbox/games/descent/data/tiles.json``.

Usage: ``python scripts/descent_tag_tiles.py TAG_TILES_JSON > src/questbox/games/descent/data/tiles.json``

Each TAG cell name becomes one character (see :data:`questbox.games.descent.tiles.CELLS`); TAG's
id (``5A``, ``13A1``, ``endcap1A``) becomes a tile id and a side (``5``/``A``, ``13-1``/``A``,
``endcap``/``A``)."""

from __future__ import annotations

import json
import re
import sys

TAG_COMMIT = "c4d7687cd6162405806a0dd1e1b31804f8a81b93"
CHAR = {"null": ".", "open": "o", "plain": "p", "water": "w", "lava": "l", "pit": "t", "block": "b"}
ID = re.compile(r"^(?P<base>[0-9]+|[a-z]+)(?:1)?(?P<side>[AB])(?P<variant>[0-9]?)$")


def split_id(tag_id: str) -> tuple[str, str]:
    """TAG's tile name -> (tile, side)."""
    m = ID.match(tag_id)
    if m is None:
        raise ValueError(f"unexpected TAG tile id {tag_id!r}")
    base = m["base"] + (f"-{m['variant']}" if m["variant"] else "")
    return base, m["side"]


def convert(tag: list[dict[str, object]]) -> dict[str, object]:
    tiles = []
    for t in tag:
        tid, side = split_id(str(t["id"]))
        grid = t["grid"]
        assert isinstance(grid, list)
        tiles.append({"tile": tid, "side": side, "tag": t["id"],
                      "rows": ["".join(CHAR[c] for c in row) for row in grid]})
    tiles.sort(key=lambda x: (not str(x["tile"])[0].isdigit(),
                              int(re.sub(r"\D.*", "", str(x["tile"])) or 0), str(x["tile"]), str(x["side"])))
    return {"source": f"printed: tile shapes from TAG (GAIGResearch/TabletopGames, MIT licence) "
                      f"data/descent2e/tiles.json at {TAG_COMMIT}, converted by scripts/descent_tag_tiles.py",
            "tiles": tiles}


if __name__ == "__main__":
    with open(sys.argv[1]) as fh:
        doc = convert(json.load(fh))
    out = json.dumps(doc, indent=1)
    # one tile per block, one row per line
    print(out)
