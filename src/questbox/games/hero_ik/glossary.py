"""Hero: Immortal King's rule texts for the web table (:meth:`questbox.core.state.Game.glossary`),
read from the card set (``data/cards.yaml``: adventurers' gift, power and ultimate, equipment, the
dungeon cards and the final monster) and ``data/glossary.yaml`` (abilities, auras and tokens).
Keys: ``adventurer:nova``, ``equipment:force``, ``dungeon:orc-assassin``, ``final:liche``,
``ability:pain``, ``term:courage``."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from questbox.core.state import JSON, Game

DATA = Path(__file__).resolve().parent / "data"

GUIDE = [
    "A party of adventurers crosses a dungeon of three corridors to reach and kill the final monster, the "
    "Lich, while the dungeon (a player or the solitaire Destiny) spends Fear to ambush and harden them.",
    "Each turn the party attacks the card at the head of a corridor: roll the die, add gifts, powers and "
    "potions, and beat the card's Power. A won card is kept as a trophy; trophies buy equipment.",
    "A lost combat costs Courage; a turn that ends with no Courage loses the game. The party wins by killing "
    "the final monster and ending the turn with Courage left.",
    "Hover or tap a card or token to read what it does; the Rules panel lists everything.",
]


@functools.cache
def _load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def _source(card: dict[str, Any]) -> str:
    if card.get("source") == "printed":
        ours = card.get("ours")
        return f"printed: {card.get('printed_source', '')}" + (f"; ours: {', '.join(ours)}" if ours else "")
    return "ours: designed for questbox"


def glossary(game: Game) -> JSON:
    cards = _load("cards.yaml")
    texts = _load("glossary.yaml")
    src = str(texts["source"])
    advs = [
        {
            "key": f"adventurer:{a['id']}",
            "name": a["name"],
            "source": _source(a),
            "text": f"Gift: {a['gift']['text']} Power (spends Mana): {a['power']['text']} "
            f"Ultimate: {a['ultimate']['text']}",
            "facts": [
                ["type", a["type"]],
                ["gift", a["gift"]["text"]],
                ["power", a["power"]["text"]],
                ["ultimate", a["ultimate"]["text"]],
            ],
        }
        for a in cards["adventurers"]
    ]
    equip = []
    for e in cards["equipment"]:
        cost = ", ".join(f"{n} {colour}" for colour, n in (e.get("cost") or {}).items()) or "free"
        equip.append(
            {
                "key": f"equipment:{e['id']}",
                "name": e["name"],
                "text": e["effect"]["text"],
                "source": _source(e),
                "facts": [
                    ["kind", e["kind"] + (f" ({e['slot']})" if e.get("slot") else "")],
                    ["cost in trophies", cost],
                ],
            }
        )
    dungeon = []
    for d in cards["dungeon"]:
        lines = [texts["abilities"][ab] for ab in d.get("abilities", [])]
        lines += [texts["auras"][k].format(n=n) for k, n in (d.get("auras") or {}).items()]
        if d.get("nemesis"):
            lines.append(f"Nemesis: Power {d['nemesis']['power']} against a group with a {d['nemesis']['type']}.")
        if d.get("mana"):
            lines.append(texts["terms"]["mana"])
        facts = [["power", str(d["power"])], ["colour", d["colour"]], ["family", d["family"]]]
        dungeon.append(
            {
                "key": f"dungeon:{d['id']}",
                "name": d["name"],
                "source": _source(d),
                "facts": facts,
                "text": f"Power {d['power']} ({d['family']}). " + " ".join(lines),
            }
        )
    finals = [
        {
            "key": f"final:{f['id']}",
            "name": f["name"],
            "source": _source(f),
            "text": f"The final monster: Power {f['power']} (A: adventurers in the group). The dungeon "
            f"starts with {f.get('fear_per_adventurer', 1)} Fear per adventurer; killing it and ending the turn "
            "with Courage left wins the game.",
            "facts": [["power", str(f["power"])], ["family", f["family"]]],
        }
        for f in cards["finals"]
    ]
    abilities = [
        {"key": f"ability:{k}", "name": k.capitalize(), "text": v, "source": src, "facts": []}
        for k, v in texts["abilities"].items()
    ]
    terms = [
        {"key": f"term:{k}", "name": k.capitalize(), "text": v, "source": src, "facts": []}
        for k, v in texts["terms"].items()
    ]
    return {
        "game": game.id,
        "title": game.title,
        "guide": GUIDE,
        "sections": [
            {"id": "adventurers", "title": "Adventurers", "entries": advs},
            {"id": "equipment", "title": "Equipment", "entries": equip},
            {"id": "final", "title": "The final monster", "entries": finals},
            {"id": "dungeon", "title": "Dungeon cards", "entries": dungeon},
            {"id": "abilities", "title": "Card abilities", "entries": abilities},
            {"id": "terms", "title": "Tokens and words", "entries": terms},
        ],
    }
