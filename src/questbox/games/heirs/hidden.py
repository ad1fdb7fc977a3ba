"""What each seat of heirs cannot see (see :mod:`questbox.core.hidden`): the other hands, the
part of the deck below the top cards the seat knows, the cards another seat is looking at
privately (Lore), and the dice to come. All cards hidden from a seat form one pool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core.hidden import Zone, cells_in

if TYPE_CHECKING:
    from questbox.core.state import Seat
    from questbox.games.heirs.state import HeirsState

SPECTATOR = "spectator"


def hidden_zones(st: HeirsState, seat: Seat | None) -> list[Zone]:
    doc = st.to_json()
    zones: list[Zone] = []
    for i, p in enumerate(doc["players"]):
        if p["seat"] != seat:
            zones.append(Zone(f"hand {p['seat']}", cells_in(doc, ("players", i, "hand")), pool="cards",
                              seen_by=frozenset({p["seat"]})))
    known = doc["known"]
    k = known[seat if seat is not None else SPECTATOR]
    # the seats that know a card of the deck know every card above it (the document lists the top first)
    zones.append(Zone("deck", cells_in(doc, ("deck",), k), pool="cards",
                      seen_by=frozenset(s for s, n in known.items() if n > k and s != SPECTATOR)))
    look_seat = doc["look_seat"]
    if look_seat is not None and look_seat != seat:
        zones.append(Zone("look", cells_in(doc, ("look",)), pool="cards", seen_by=frozenset({look_seat})))
    zones.append(Zone("rng", (("rng",),), kind="rng"))
    return zones
