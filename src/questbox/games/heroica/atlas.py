"""heroica's setup space for ``questbox atlas``: variant x mission x heroes (in turn order) x the
hero whose win counts.

Heroes: every set of 2-4 of the four heroes (1-4 in Battle, where the monster seat plays too), each
in every cyclic turn order, so that each hero sits in each position of its table once. Missions:
each bundled mission alone (standard and Battle); Epic plays all of them in their order.
"""

from __future__ import annotations

from itertools import combinations

from questbox.core.state import JSON
from questbox.games.heroica.data import bundled_missions
from questbox.games.heroica.game import DEFAULT_HEROES
from questbox.games.heroica.state import MONSTER_SEAT
from questbox.sim.space import AtlasAxis, AtlasCell, SetupSpace, party_label

EPIC_ALL = "all"


def turn_orders(lo: int, hi: int) -> list[tuple[str, ...]]:
    """Every set of ``lo``..``hi`` heroes in each of its cyclic turn orders."""
    out: list[tuple[str, ...]] = []
    for n in range(lo, hi + 1):
        for group in combinations(DEFAULT_HEROES, n):
            out.extend(group[k:] + group[:k] for k in range(n))
    return out


def setup_space() -> SetupSpace:
    missions = bundled_missions()
    cells: list[AtlasCell] = []
    plans: list[tuple[str, str, JSON]] = [("standard", m, {"mission": m}) for m in missions]
    plans += [("battle", m, {"mission": m, "variant": "battle"}) for m in missions]
    plans.append(("epic", EPIC_ALL, {"variant": "epic", "missions": list(missions)}))
    for variant, mission, base in plans:
        docs = list(missions.values()) if mission == EPIC_ALL else [missions[mission]]
        lo = max([1 if variant == "battle" else 2] + [int(d["heroes"][0]) for d in docs])
        hi = min([4] + [int(d["heroes"][1]) for d in docs])
        for order in turn_orders(lo, hi):
            setup = {**base, "heroes": list(order)}
            players = len(order) + (variant == "battle")
            key = (("variant", variant), ("mission", mission), ("heroes", party_label(order)),
                   ("players", str(players)))
            for k, hero in enumerate(order):
                cells.append(AtlasCell((*key, ("hero", hero)), setup, (f"p{k + 1}",),
                                       (f"position={k + 1}",)))
            if variant == "battle":
                cells.append(AtlasCell((*key, ("hero", MONSTER_SEAT)), setup, (MONSTER_SEAT,)))
    orders = tuple(dict.fromkeys(c.value("heroes") for c in cells))
    return SetupSpace(
        "heroica",
        (AtlasAxis("variant", ("standard", "battle", "epic"), "the rules variant"),
         AtlasAxis("mission", (*missions, EPIC_ALL), "the mission (Epic: all of them in order)"),
         AtlasAxis("heroes", orders, "the heroes at the table, in turn order"),
         AtlasAxis("players", ("1", "2", "3", "4", "5"), "seats at the table (Battle: the monster seat too)"),
         AtlasAxis("hero", (*DEFAULT_HEROES, MONSTER_SEAT), "whose win the cell counts")),
        tuple(cells), group_by=("variant", "mission"), heatmaps=(("hero", "players"),),
        notes="A cell's win is its hero's (or, in Battle, the monster seat's). Features: the hero's "
              "position in the turn order.")

