"""hero-ik's setup space for ``questbox atlas``: every legal party of the box, solitaire (x the three
scenarios) and duel.

A legal party follows setup step 1 with the cards of one box: 1 to 4 of its adventurers, then
equipment cards to make exactly 5 cards (so 1 to 4 of them). One box holds one copy of each card,
so a party is a set (order changes nothing in play: it only names the equipment slots). The
Lair of the Lich box holds 4 adventurers and 7 equipment cards: 441 parties.
"""

from __future__ import annotations

from itertools import combinations

from questbox.games.hero_ik.cards import builtin
from questbox.games.hero_ik.scenarios import scenarios
from questbox.games.hero_ik.setup import ADV, DEFAULT_BOX
from questbox.sim.space import AtlasAxis, AtlasCell, SetupSpace, party_label

PARTY_SIZE = 5
DUEL = "-"


def legal_parties(box: str = DEFAULT_BOX) -> list[tuple[str, ...]]:
    """Every party setup step 1 allows with one copy of ``box``: adventurers first, each group in
    the box's order."""
    b = builtin().boxes[box]
    out: list[tuple[str, ...]] = []
    for n_adv in range(1, 5):
        n_eq = PARTY_SIZE - n_adv
        if not 1 <= n_eq <= 4:
            continue
        for advs in combinations(b.adventurers, n_adv):
            for eqs in combinations(b.equipment, n_eq):
                out.append((*advs, *eqs))
    return out


def setup_space() -> SetupSpace:
    parties = legal_parties()
    scen = tuple(scenarios())
    cells: list[AtlasCell] = []
    for mode in ("solitaire", "duel"):
        for scenario in (scen if mode == "solitaire" else (DUEL,)):
            for party in parties:
                setup = {"mode": mode, "party": list(party)}
                if mode == "solitaire":
                    setup["scenario"] = scenario
                n_adv = sum(1 for c in party if c in builtin().adventurers)
                cells.append(AtlasCell(
                    (("mode", mode), ("scenario", scenario), ("party", party_label(party))),
                    setup, (ADV,), (*(f"card={c}" for c in party), f"adventurers={n_adv}")))
    return SetupSpace(
        "hero-ik",
        (AtlasAxis("mode", ("solitaire", "duel"), "solitaire (Annex III) or the duel against the dungeon master"),
         AtlasAxis("scenario", (*scen, DUEL), "the solitaire scenario (- in the duel)"),
         AtlasAxis("party", tuple(party_label(p) for p in parties),
                   f"the 5 cards of the party ({len(parties)} legal parties of the box)")),
        tuple(cells), group_by=("mode", "scenario"), default_only={"mode": ("solitaire",)},
        notes="A win is the adventurers'. Features: each card of the party, and how many adventurers it has.")
