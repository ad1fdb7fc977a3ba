"""Heirs' rule texts for the web table (:meth:`questbox.core.state.Game.glossary`).

The texts are ours (``data/abilities.yaml``); the card list comes from the game's card file.
Keys: ``ability:R`` .. ``ability:V`` (a colour's basic ability), ``lord:R`` .. (its Lord),
``card:R3`` (a card: its colour's ability at its number, or the Lord's), ``action:command`` ...
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import yaml

from questbox.core.state import JSON, Game
from questbox.games.heirs.cards import COLOUR_NAMES, COLOURS, default_cards

TEXTS = Path(__file__).resolve().parent / "data" / "abilities.yaml"

GUIDE = [
    "Two to four heirs race to complete chains of wizard cards; one player plays Solo against two Black Chains.",
    "On your turn, first act: Command a card (use its ability at its number), Absorb it (raise that colour's "
    "token) or Cast a token's ability at its level. Then chain cards from your hand: a card joins an end of "
    "your chain when it matches that end's colour or number.",
    "A chain one card longer than your score is complete: you score, may raise a token, and start a new chain. "
    "Then draw 2 (or resolve Lore or Prior), and a card is dealt to the Black Chain.",
    "Hover or tap a card, token or ability to read what it does; the Rules panel lists everything.",
]


@functools.cache
def _texts() -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load(TEXTS.read_text(encoding="utf-8"))
    return doc


def at_level(text: str, n: int) -> str:
    """An ability's text with its level N filled in (``2 + N`` summed)."""
    return re.sub(r"\bN\b", str(n), text.replace("2 + N", str(2 + n)))


def glossary(game: Game) -> JSON:
    t = _texts()
    src = str(t["source"])
    abilities = [
        {
            "key": f"ability:{c}",
            "name": f"{t['abilities'][c]['name']} ({COLOUR_NAMES[k]})",
            "text": t["abilities"][c]["text"],
            "source": src,
            "facts": [[f"level {n}", at_level(t["abilities"][c]["text"], n)] for n in (1, 4, 7)],
        }
        for k, c in enumerate(COLOURS)
    ]
    lords = [
        {
            "key": f"lord:{c}",
            "name": f"{t['lords'][c]['name']} ({COLOUR_NAMES[k]} Lord)",
            "text": t["lords"][c]["text"],
            "source": src,
            "facts": [],
        }
        for k, c in enumerate(COLOURS)
    ]
    cards = []
    for card in default_cards().docs:
        c = card.colour
        if card.number == "L":
            name, text = f"{COLOUR_NAMES[COLOURS.index(c)]} Lord: {t['lords'][c]['name']}", t["lords"][c]["text"]
        else:
            n = int(card.number)
            ab = t["abilities"][c]
            name = f"{COLOUR_NAMES[COLOURS.index(c)]} {n}: {ab['name']} {n}"
            text = at_level(ab["text"], n)
        cards.append(
            {
                "key": f"card:{card.id}",
                "name": name,
                "text": text,
                "source": card.source,
                "facts": [["Commanded", text], ["Absorbed", f"raise your {COLOUR_NAMES[COLOURS.index(c)]} token"]],
            }
        )
    actions = [
        {"key": f"action:{k}", "name": v["name"], "text": v["text"], "source": src, "facts": []}
        for k, v in t["actions"].items()
    ]
    return {
        "game": game.id,
        "title": game.title,
        "guide": GUIDE,
        "sections": [
            {
                "id": "abilities",
                "title": "The six abilities (N: the card's number or the token's level)",
                "entries": abilities,
            },
            {"id": "lords", "title": "The Lords' legendary abilities", "entries": lords},
            {"id": "turn", "title": "Your turn", "entries": actions},
            {"id": "cards", "title": "The cards", "entries": cards},
        ],
    }
