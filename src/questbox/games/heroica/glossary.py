"""HEROICA's rule texts for the web table (:meth:`questbox.core.state.Game.glossary`), read from
the game's data files (``data/*.yaml``: heroes, weapons, items, monsters, the store, the die and the
bundled missions). Keys: ``hero:wizard``, ``weapon:ax``, ``item:life``, ``monster:bat``,
``face:shield``, ``store``, ``mission:crypt-gate``, ``coffin``."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from questbox.core.state import JSON, Game

DATA = Path(__file__).resolve().parent / "data"

GUIDE = [
    "Each player leads one hero through a dungeon; the first hero to reach the target space (or defeat the "
    "monster standing on it) wins the mission.",
    "On your turn roll the die: the face tells how many spaces you may move (Shield 4, Sword 3, Skull 2, "
    "Sword & Skull 1). Stopping next to a monster starts a fight: roll again and read the fight face.",
    "A Shield lets your hero (or weapon) use its skill: melee skills answer a Shield in a fight, ranged ones "
    "a Shield rolled for movement. Pick up gold and potions on the way and buy weapons at the store.",
    "Hover or tap a hero, weapon, monster or item to read what it does; the Rules panel lists everything.",
]


@functools.cache
def _load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def _skill(skill: dict[str, Any]) -> list[list[str]]:
    facts = [
        [
            "skill",
            "melee (on a Shield in a fight)" if skill["type"] == "melee" else "ranged (on a Shield rolled to move)",
        ]
    ]
    if "range" in skill:
        facts.append(
            ["range", f"{skill['range']} spaces{' in a straight line' if skill.get('line') == 'straight' else ''}"]
        )
    return facts


def glossary(game: Game) -> JSON:
    heroes = [
        {
            "key": f"hero:{h['id']}",
            "name": h["name"],
            "text": h["skill"]["text"],
            "source": h["source"],
            "facts": [["health", str(h["health"])], *_skill(h["skill"])],
        }
        for h in _load("heroes.yaml")["heroes"]
    ]
    store = _load("weapons.yaml")["store"]
    weapons = [
        {
            "key": f"weapon:{w['id']}",
            "name": w["name"],
            "text": w["skill"]["text"],
            "source": w["source"],
            "facts": [["price", f"{store['buy']} gold (sells back for {store['sell']})"], *_skill(w["skill"])],
        }
        for w in _load("weapons.yaml")["weapons"]
    ]
    relics = [
        {
            "key": f"weapon:{r['id']}",
            "name": r["name"],
            "text": r["skill"]["text"],
            "source": r["source"],
            "facts": [["sells for", f"{store['fang_sell']} gold"], *_skill(r["skill"])],
        }
        for r in _load("weapons.yaml").get("relics", [])
    ]
    store_entry = {
        "key": "store",
        "name": "The store",
        "source": store["source"],
        "facts": [
            ["buy", f"{store['buy']} gold a weapon"],
            ["sell", f"{store['sell']} gold a weapon"],
            ["stock", f"{store['stock']} of each weapon"],
        ],
        "text": f"On your turn, instead of rolling, buy a weapon for {store['buy']} gold or sell one back for "
        f"{store['sell']}. A hero carries the weapons it buys and may use their skills.",
    }
    items_doc = _load("items.yaml")
    texts = _load("glossary.yaml")
    item_text = texts["items"]
    items = [
        {
            "key": f"item:{i['id']}",
            "name": i["name"],
            "text": item_text.get(i["id"], i["name"]),
            "source": i["source"],
            "facts": [["in the set", str(i["in_set"])]],
        }
        for i in items_doc["items"]
    ]
    coffin = items_doc["coffin"]
    items.append(
        {
            "key": "coffin",
            "name": coffin["name"],
            "source": coffin["source"],
            "facts": [],
            "text": "Moving onto it searches it: a Shield or a Sword clears it (a Shield also gives 1 gold); "
            "otherwise your hero loses 1 health and steps back, and on a Skull a Vampire Bat comes out.",
        }
    )
    monsters = [
        {
            "key": f"monster:{m['id']}",
            "name": m["name"],
            "source": m["source"],
            "text": f"Strength {m['strength']}: a Skull in a fight against it costs {m['strength']} health."
            + (
                " Its strength sits on the Monster Bar: each win against it lowers the bar by 1, and it falls at 0."
                if m.get("bar")
                else ""
            ),
            "facts": [["strength", str(m["strength"])], ["in the set", str(m["in_set"])]],
        }
        for m in _load("monsters.yaml")["monsters"]
    ]
    die = _load("dice.yaml")["die"]
    seen: set[str] = set()
    faces = []
    for f in die["faces"]:
        if f["face"] in seen:
            continue
        seen.add(f["face"])
        count = sum(1 for g in die["faces"] if g["face"] == f["face"])
        faces.append(
            {
                "key": f"face:{f['face']}",
                "name": f["name"],
                "text": texts["faces"][f["face"]],
                "source": texts["source"],
                "facts": [["move", f"{f['move']} spaces"], ["faces", f"{count} of 6"]],
            }
        )
    missions = []
    for path in sorted((DATA / "missions").glob("*.yaml")):
        m = yaml.safe_load(path.read_text(encoding="utf-8"))
        missions.append(
            {
                "key": f"mission:{m['id']}",
                "name": m["title"],
                "source": m.get("source", "ours"),
                "text": " ".join(str(m.get("description", "")).split())
                + " Goal: the first hero to reach the target space (or defeat the monster on it) wins.",
                "facts": [
                    ["length", str(m.get("length", ""))],
                    ["heroes", "–".join(map(str, m.get("heroes", [])))],
                    ["round limit", str(m.get("round_limit", 100))],
                ],
            }
        )
    return {
        "game": game.id,
        "title": game.title,
        "guide": GUIDE,
        "sections": [
            {"id": "heroes", "title": "Heroes and their Shield skills", "entries": heroes},
            {"id": "die", "title": "The die", "entries": faces},
            {"id": "store", "title": "The store and its weapons", "entries": [store_entry, *weapons, *relics]},
            {"id": "items", "title": "Items", "entries": items},
            {"id": "monsters", "title": "Monsters", "entries": monsters},
            {"id": "missions", "title": "Missions", "entries": missions},
        ],
    }
