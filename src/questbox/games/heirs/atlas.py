"""heirs' setup space for ``questbox atlas``: player count (1 = Solo Mode) x seat in turn order.

Every seat of a table is a cell of its own, read from the same games (the cells of one player
count share their setup); the ``any`` cell counts the games some player won, that is the table's
games not taken by the Black Wizard.
"""

from __future__ import annotations

from questbox.games.heirs.state import SEATS
from questbox.sim.space import AtlasAxis, AtlasCell, SetupSpace

ANY = "any"


def setup_space() -> SetupSpace:
    counts = tuple(range(1, len(SEATS) + 1))
    cells: list[AtlasCell] = []
    for n in counts:
        setup = {"mode": "solo"} if n == 1 else {"players": n}
        seats = SEATS[:n]
        mode = "solo" if n == 1 else "normal"
        for seat in (*seats, ANY):
            subject = seats if seat == ANY else (seat,)
            cells.append(AtlasCell((("players", str(n)), ("seat", seat)), setup, subject, (f"mode={mode}",)))
    return SetupSpace(
        "heirs",
        (AtlasAxis("players", tuple(str(n) for n in counts), "player count (1: Solo Mode)"),
         AtlasAxis("seat", (*SEATS, ANY), "the seat in turn order whose win counts (any: some player's)")),
        tuple(cells), group_by=("players",), heatmaps=(("players", "seat"),),
        notes="A cell's win is its seat's; the rest of a table's games are the Black Wizard's or "
              "another seat's.")
