"""What each seat of hero-ik cannot see (see :mod:`questbox.core.hidden`).

The three piles are one pool of encounter cards with the face-down encounters (a face-down card
under a Tenacity token is a monster). The adventurers see neither; the dungeon master sees the
face-down encounters and the top card of a pile he looked at. The adventurers know their
face-down equipment, the dungeon master only that it is there (it may be any equipment card). A
rock/paper/scissors pick is its chooser's until both have chosen. A spectator sees what both
sides see; nobody sees the dice to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core.hidden import Zone
from questbox.games.hero_ik.setup import ADV, DM
from questbox.games.hero_ik.state import FACE_DOWN, RPS

if TYPE_CHECKING:
    from collections.abc import Callable

    from questbox.core.state import JSON, Seat
    from questbox.games.hero_ik.state import HikState


def _card_id(st: HikState, c: int) -> Callable[[JSON], None]:
    """Rewrite corridor ``c``'s encounter id from its (resampled) card index."""
    deck = st.ctx.deck

    def derive(doc: JSON) -> None:
        doc["encounters"][c] = deck[doc["slot"][c]]
    return derive


def hidden_zones(st: HikState, seat: Seat | None) -> list[Zone]:
    ctx = st.ctx
    solo = ctx.solo
    sees_cards = seat == DM and not solo     # the face-down encounters and peeked pile tops
    sees_equipment = seat == ADV
    zones: list[Zone] = []
    for c in range(3):
        pile = st.piles[c]
        known = 1 if sees_cards and st.peek[c] and pile else 0
        zones.append(Zone(f"pile {c + 1}", tuple(("piles", c, j) for j in range(len(pile) - known)),
                          pool="encounters"))
        if not sees_cards and st.slot[c] >= 0 and st.down[c]:
            monster = bool(st.ten[c])
            zones.append(Zone(f"encounter {c + 1}", (("slot", c),), pool="encounters",
                              seen_by=frozenset() if solo else frozenset({DM}),
                              accepts=(lambda i: not ctx.trap[i]) if monster else None,
                              derived=(("encounters", c),), derive=_card_id(st, c)))
    if not sees_equipment:
        everything = tuple(sorted(ctx.cards.equipment))
        for k in range(len(st.eq_kind)):
            if st.eq_state[k] == FACE_DOWN:
                zones.append(Zone(f"equipment {ctx.eq_labels[k]}", (("equipment", k, "id"),), kind="value",
                                  values=everything, seen_by=frozenset({ADV})))
    if not solo:
        for k, who in enumerate((ADV, DM)):
            if who != seat and st.rps[k]:
                zones.append(Zone(f"rps {who}", (("rps", k),), kind="value", values=RPS,
                                  seen_by=frozenset({who})))
    zones.append(Zone("rng", (("rng",),), kind="rng"))
    return zones

