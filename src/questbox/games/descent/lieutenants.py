"""Lieutenants as figures (issue #18): a quest group may name a lieutenant of
``data/lieutenants.yaml`` (``lieutenant: <id>`` instead of ``monster:``); the group is that one
figure. This module turns the lieutenant's card into the engine's :class:`~.data.Stat` for the
act and the number of heroes, and checks that every ability the data calls played has its piece
of the engine.

The lieutenant is a master-like monster: the overlord activates it on his turn (two actions,
attacks with its dice, its action abilities), and it carries its printed **attributes**, so each
test it makes or is made to make (Poisoned, Fury, a skill that tests a monster) rolls against them
(a monster without attributes fails every test). The figure wears the tag ``lieutenant`` (Cowardly
counts it as a master). The rule module :mod:`questbox.games.descent.modules.lieutenants` plays
its passives and shows its stat line in views.

How the card's abilities are played (each id of ``lieutenants.yaml``):

* plain surges become the engine's surge abilities: ``heart-N`` (+N hearts), ``pierce-N``, ``poison``
  (and Subdue one per condition it may give);
* surge, action and passive abilities with an object in :mod:`questbox.games.descent.abilities`
  (:data:`~.abilities.ABILITIES`, :data:`~.abilities.SURGE_ABILITIES`, :data:`~.abilities.FLAGS`);
* abilities of the rule module (:data:`MODULE_ABILITIES`: its passives and Rally);
* every other ability carries ``unplayed: <why>`` in the data (listed in ``docs/games/descent.md``).
"""

from __future__ import annotations

import functools
from typing import Final

from questbox.core import SetupError
from questbox.games.descent.abilities import ABILITIES, FLAGS, SURGE_ABILITIES
from questbox.games.descent.catalog import Catalog, Lieutenant, catalog
from questbox.games.descent.data import Stat, Surge
from questbox.games.descent.lieutenant_abilities import SUBDUE

#: the lieutenants' abilities that :mod:`questbox.games.descent.modules.lieutenants` plays (Rally
#: there too, as the pack's module plays the agent's: an action that is not the attack)
MODULE_ABILITIES: Final = frozenset({"aftershock", "fury", "regeneration-1", "not-me", "rally", "flanking"})
#: plain surge abilities of the cards: id prefix -> the engine's surge effect
PLAIN_SURGES: Final = {"heart-": "heart", "pierce-": "pierce"}
PLAIN_CONDITIONS: Final = frozenset({"poison", "stun", "disease", "immobilize"})
#: the lieutenant figures' size (the base game's lieutenant tokens and the pack's figure are 1 space)
SHAPE: Final = (1, 1)
TAG: Final = "lieutenant"


def surges_of(aid: str) -> tuple[Surge, ...]:
    """The engine's surge abilities for a played surge id of a card (1 surge each; Subdue is one
    per condition it may give), ``()`` if the engine has none."""
    for prefix, effect in PLAIN_SURGES.items():
        if aid.startswith(prefix) and aid[len(prefix):].isdigit():
            n = int(aid[len(prefix):])
            return (Surge(f"{effect}{n}", effect, n, 1),)
    if aid == "subdue":
        return tuple(Surge(f"subdue-{c}", "subdue", i, 1) for i, c in enumerate(SUBDUE, 1))
    if aid in PLAIN_CONDITIONS or aid in SURGE_ABILITIES:
        return (Surge(aid, aid, 1, 1),)
    return ()


def is_played(aid: str, kind: str) -> bool:
    """Whether the engine has the piece that plays lieutenant ability ``aid`` of ``kind``."""
    if kind == "surge":
        return bool(surges_of(aid))
    return aid in ABILITIES or aid in FLAGS or aid in MODULE_ABILITIES


def check(cat: Catalog) -> None:
    """Every ability of lieutenants.yaml is played by the engine, or says why not (``unplayed``),
    never both (``SetupError`` naming the ability)."""
    for ab in cat.lt_abilities.values():
        played = is_played(ab.id, ab.kind)
        if played and ab.unplayed is not None:
            raise SetupError(f"lieutenants.yaml: ability {ab.id} is played by the engine; drop its 'unplayed'")
        if not played and ab.unplayed is None:
            raise SetupError(f"lieutenants.yaml: ability {ab.id} has no piece in the engine: give it "
                             "'unplayed: <why>' or add its object to abilities.py")


@functools.cache
def checked() -> Catalog:
    """The part-2 catalog with its lieutenant abilities checked against the engine (once)."""
    cat = catalog()
    check(cat)
    return cat


def lieutenant(lid: str, where: str) -> Lieutenant:
    cat = checked()
    if lid not in cat.lieutenants:
        raise SetupError(f"{where}: unknown lieutenant {lid!r} (lieutenants: {', '.join(cat.lieutenants)})")
    return cat.lieutenants[lid]


def lieutenant_stat(lid: str, act: int, n_heroes: int, key: str, where: str = "quest") -> Stat:
    """The stat line of lieutenant ``lid`` in ``act`` for ``n_heroes`` heroes (a master-like
    monster with its attributes); ``key`` names it in the encounter's stat lines."""
    lt = lieutenant(lid, where)
    cat = checked()
    line = lt.acts[act - 1]
    speed, health, defense = line.per_heroes[n_heroes - 2]
    surges: list[Surge] = []
    for aid in line.abilities:
        ab = cat.lt_abilities[aid]
        if ab.kind == "surge" and ab.unplayed is None:
            surges.extend(surges_of(aid))
    return Stat(key=key, name=lt.name, monster=f"lieutenant:{lt.id}", master=True, speed=speed, health=health,
                defense=tuple(defense), dice=tuple(line.dice), attack=line.attack,
                abilities=frozenset(line.abilities), surges=tuple(surges), traits=frozenset(), shape=SHAPE,
                attributes=dict(lt.attributes), source=lt.source)


def ability_name(aid: str) -> str:
    """A lieutenant ability's name (its id if it is none)."""
    ab = checked().lt_abilities.get(aid)
    return ab.name if ab is not None else aid


def stat_line(stat: Stat) -> dict[str, object]:
    """A lieutenant's stat line for views: what its card shows for this act and hero count."""
    cat = checked()
    return {"name": stat.name, "speed": stat.speed, "health": stat.health, "defense": list(stat.defense),
            "attack": stat.attack, "dice": list(stat.dice), "attributes": dict(stat.attributes or {}),
            "abilities": [{"id": a, "name": cat.lt_abilities[a].name, "text": cat.lt_abilities[a].text,
                           "played": cat.lt_abilities[a].unplayed is None}
                          for a in sorted(stat.abilities) if a in cat.lt_abilities],
            "source": stat.source}
