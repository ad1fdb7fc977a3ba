"""The fixed action space of Heroica: every action a game with a given setup can ever offer.

RL adapters (``questbox.adapters``) need one stable index per action. The space is written from the
notation (docs/games/heroica.md, *Action notation*) and :meth:`HeroicaState._legal_actions`, family
by family. Actions name spaces by id (``c5``), never a piece, so a space-valued family lists the
spaces where such a piece can ever stand, over every mission of the setup (Epic: all of them, each
id once, in the order the missions and their spaces come):

* ``roll``, ``heal``, ``stop``; ``defeat`` when a melee skill can be held (the Prince, the Ax, the
  Dagger, the Fang of Fury); ``pass`` (Battle: the monster seat with no monster left);
* ``drink life`` / ``drink defense`` when a mission has such a potion or a starting pack holds one;
* ``buy W`` and ``sell W`` for every weapon when the store holds any (``store_stock`` > 0; starting
  packs take their weapons out of that stock), ``sell fang`` when a Fang of Fury can be held;
* ``use SKILL [X]`` for every skill a hero of the setup can use: its own, every weapon's (when the
  store holds weapons) and the Fang's. Skills that defeat at range (``wizard``, ``wand``, ``bow``)
  take every space a monster can stand on, the Sage's every space of an item of a mission; the
  others (``prince``, ``knight``, ``ax``, ``dagger``, ``staff``, ``sword``, ``fang``) take nothing;
* ``step X``, ``forward X``: every space (heroes, and in Battle monsters, move anywhere) but, outside
  Battle, a target a monster stands on (defeating that monster ends the mission);
* ``back X``: outside Battle, the spaces 1 away from a coffin (a hero searching it is moved back from
  it) and 2 away from a monster's space or a coffin (a hero fighting from next to it is moved back
  1 further); in Battle every space (monsters move);
* ``fight X`` and ``strike X``: every space a monster can stand on — outside Battle the monsters'
  spaces of the missions and the coffins (a Vampire Bat rises from a coffin on a Skull); in Battle
  every space (the monster seat moves its monsters and fights the hero on ``X``). ``strike`` only
  when the Sword or the Knight can be used;
* ``pick X`` (Battle): every space.

The space depends only on the setup (``determinize`` reseeds the die and hides nothing else), so the
worlds a search samples offer no other action.
"""

from __future__ import annotations

from typing import Any

from questbox.core import Action
from questbox.games.heroica.board import board_for
from questbox.games.heroica.data import rules


def space_of(variant: str, heroes: tuple[str, ...], missions: tuple[dict[str, Any], ...],
             opts: dict[str, Any], packs: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> list[Action]:
    """The space of a parsed setup (see the module docstring for what each family holds)."""
    r = rules()
    battle = variant == "battle"
    spaces: dict[str, None] = {}
    enter: set[str] = set()
    back: set[str] = set()
    monster_spaces: dict[str, None] = {}
    item_spaces: dict[str, None] = {}
    item_kinds: set[str] = set()
    for doc in missions:
        board = board_for(doc)
        m = board.mission
        spaces.update(dict.fromkeys(board.ids))
        lairs = sorted({*m.monsters, *m.coffins})
        if battle:
            enter.update(board.ids)
            back.update(board.ids)
        else:
            # a monster on the target never leaves it: defeating it ends the mission
            enter.update(sid for i, sid in enumerate(board.ids) if i != m.target or i not in m.monsters)
            # pushed back 1 space from a coffin searched (distance 1) or a monster fought (distance 2)
            back.update(sid for i, sid in enumerate(board.ids) if any(1 <= board.dist[c][i] <= 2 for c in lairs))
        monster_spaces.update(dict.fromkeys(board.ids[s] for s in lairs))
        item_spaces.update(dict.fromkeys(board.ids[s] for s in sorted(m.items)))
        item_kinds.update(m.items.values())
    if battle:
        monster_spaces = dict(spaces)
    ids = [x for x in spaces if x in enter]
    mons = list(monster_spaces)

    def held(key: str) -> bool:
        return key in item_kinds or any(p.get(key, 0) for p in packs)

    weapons = list(r.weapons) if int(opts["store_stock"]) > 0 else []
    sources = [h for h in r.heroes if h in heroes] + weapons + (["fang"] if held("fang") else [])
    skills = [(name, r.skills[name]) for name in sources]

    out = [Action("roll"), Action("heal"), Action("stop")]
    if any(sk.type == "melee" for _, sk in skills):
        out.append(Action("defeat"))
    if battle:
        out.append(Action("pass"))
    out += [Action("drink", (p,)) for p in ("life", "defense") if held(p)]
    out += [Action("buy", (w,)) for w in weapons]
    out += [Action("sell", (w,)) for w in weapons]
    if held("fang"):
        out.append(Action("sell", ("fang",)))
    for name, sk in skills:
        if sk.effect == "defeat-at-range":
            out += [Action("use", (name, x)) for x in mons]
        elif sk.effect == "pickup-at-range":
            out += [Action("use", (name, x)) for x in item_spaces]
        else:
            out.append(Action("use", (name,)))
    out += [Action("step", (x,)) for x in ids]
    out += [Action("fight", (x,)) for x in mons]
    if any(sk.effect == "move-then-defeat" for _, sk in skills):
        out += [Action("strike", (x,)) for x in mons]
    out += [Action("forward", (x,)) for x in ids]
    out += [Action("back", (x,)) for x in spaces if x in back]
    if battle:
        out += [Action("pick", (x,)) for x in ids]
    return out

