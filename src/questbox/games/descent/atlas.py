"""descent's setup space for ``questbox atlas``: hero party (2-4 heroes) x classes x quest.

Each hero may take any class of its archetype (the data's base game has one per archetype); the
party plays as one seat against the overlord. A cell's win is the heroes'.
"""

from __future__ import annotations

from itertools import combinations, product

from questbox.games.descent.data import library, quest_files
from questbox.sim.space import AtlasAxis, AtlasCell, SetupSpace, party_label


def setup_space() -> SetupSpace:
    lib = library()
    heroes = list(lib.heroes)
    quests = tuple(quest_files())
    cells: list[AtlasCell] = []
    parties: list[str] = []
    for n in range(2, 5):
        for group in combinations(heroes, n):
            options = [[c for c, arch in lib.class_archetype.items() if arch == lib.heroes[h].archetype]
                       for h in group]
            for classes in product(*options):
                party = [f"{h}:{c}" for h, c in zip(group, classes, strict=True)]
                label = party_label(party)
                parties.append(label)
                feats = (*(f"hero={h}" for h in group), *(f"class={c}" for c in classes), f"size={n}")
                for q in quests:
                    cells.append(AtlasCell((("quest", q), ("party", label)),
                                           {"quest": q, "heroes": party, "seats": "party"}, ("heroes",), feats))
    return SetupSpace(
        "descent",
        (AtlasAxis("quest", quests, "the quest"),
         AtlasAxis("party", tuple(parties), "the heroes and their classes")),
        tuple(cells), group_by=("quest",),
        notes="A win is the heroes'. Features: each hero, each class and the party size.")
