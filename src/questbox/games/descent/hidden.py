"""What each seat of Descent cannot see (see :mod:`questbox.core.hidden`), for an encounter, the
dice tray and a campaign.

Everything on the table is public. In an encounter the Search deck's order is nobody's (which
cards are left is known: the drawn ones are on the table) and so are the dice to come. The
overlord's face-down Plot cards are not a zone: the plot deck is public and so are its face-up
cards, so every seat knows which cards are face down (the heroes' view lists only their number).
Between quests the Shop deck's order is nobody's either, nor the campaign's seed.

With the Overlord deck (the rule module ``overlord``) the overlord's hand is his alone and the
deck's order is nobody's: the overlord may only have his deck reordered; every other seat has
the hand and the deck dealt anew from the cards in both (which cards the overlord owns is known,
and so is his discard pile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questbox.core.hidden import Path, Zone

if TYPE_CHECKING:
    from questbox.core.state import JSON, Seat, State


def _encounter(doc: JSON, at: Path) -> list[Zone]:
    deck = doc["deck"]
    return [Zone("search deck", tuple((*at, "deck", i) for i in range(len(deck))))]


def _overlord(doc: JSON, at: Path, seat: Seat | None) -> list[Zone]:
    m = doc.get("mods", {}).get("overlord")
    if not isinstance(m, dict):
        return []
    deck = tuple((*at, "mods", "overlord", "deck", i) for i in range(len(m["deck"])))
    if seat == "overlord":
        # (the top that Plan Ahead showed him is his: not a zone of his)
        from questbox.games.descent.modules.overlord_more import known_top

        return [Zone("overlord deck", deck[:len(deck) - len(known_top(m))])]
    hand = tuple((*at, "mods", "overlord", "hand", i) for i in range(len(m["hand"])))
    return [Zone("overlord deck", deck, pool="overlord cards"),
            Zone("overlord hand", hand, pool="overlord cards", seen_by=frozenset({"overlord"}))]


def _shop(log: JSON) -> list[Zone]:
    shop: Any = log.get("shop")
    if not shop:
        return []
    return [Zone("shop deck", tuple(("log", "shop", "deck", i) for i in range(len(shop["deck"]))))]


def hidden_zones(st: State, seat: Seat | None) -> list[Zone]:
    doc = st.to_json()
    mode = doc["mode"]
    if mode == "tray":
        return [Zone("rng", (("rng",),), kind="rng")]
    if mode == "encounter":
        return [*_encounter(doc, ()), *_overlord(doc, (), seat), Zone("rng", (("rng",),), kind="rng")]
    # the campaign's seed: every quest's dice and Search deck follow from it
    zones = [*_shop(doc["log"]), Zone("campaign seed", (("log", "seed"),), kind="seed")]
    rng_cells: tuple[Path, ...] = (("rng",),)
    if doc["encounter"] is not None:
        zones += [*_encounter(doc["encounter"], ("encounter",)), *_overlord(doc["encounter"], ("encounter",), seat)]
        rng_cells += (("encounter", "rng"),)
    return [*zones, Zone("rng", rng_cells, kind="rng")]
