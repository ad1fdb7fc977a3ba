"""Hero: Immortal King's fixed action space (``HeroIK.action_space``): its sizes and contents, and
deep playouts.

The generic suite (``tests/generic/test_action_space.py``) checks every setup below for shape and
walks the duel and the three solitaire scenarios at random (``WALKS``); here games where the
heuristic plays most moves reach the late-game actions (quests, ultimates, payments, the final
monster), checked with the same walk, determinized worlds included.
"""

from __future__ import annotations

import pytest

from questbox.core import JSON, Action
from questbox.games.hero_ik import GAME
from tests.generic.spaces import Walk, walk

SCENARIOS = ["easy", "medium", "hard"]
BASIC: list[JSON] = [{"mode": "duel"}, *({"mode": "solitaire", "scenario": s} for s in SCENARIOS)]
PARTIES = [["hero", "nova", "force", "epee", "priere"], ["hero", "nova", "kargan", "sylene", "force"],
           ["kargan", "soins", "amulette", "traque", "cotte"], ["sylene", "nova", "elixir", "rage", "grimoire"]]
MORE: list[JSON] = [
    {"mode": "duel", "party": PARTIES[1], "options": {"tenacity_on_final": True}},
    {"mode": "duel", "party": PARTIES[2], "start": {"trophies": ["gobelin", "fleches"]}},
    {"mode": "solitaire", "scenario": "hard", "party": PARTIES[3], "options": {"tenacity_on_final": True}},
    {"mode": "solitaire", "scenario": "medium", "party": PARTIES[2], "start": {"trophies": ["gobelin"]}},
]


def _name(doc: JSON) -> str:
    return "-".join(w for w in [doc["mode"], doc.get("scenario", ""), *doc.get("party", [])[:2]] if w)


#: the generic suite's walks (tests/generic/test_action_space.py): every setup's space is checked for
#: shape, the basic ones along 60 random playouts with determinized worlds every 5 moves
WALKS = [*(Walk(doc, range(60), worlds_every=5, name=_name(doc)) for doc in BASIC),
         *(Walk(doc, range(0), name=_name(doc)) for doc in MORE)]


def test_space_sizes_and_default_setups() -> None:
    sizes = {_name(doc): len(GAME.action_space(doc) or []) for doc in BASIC}
    assert sizes == {"duel": 93, "solitaire-easy": 77, "solitaire-medium": 79, "solitaire-hard": 79}
    assert GAME.action_space(None) == GAME.action_space({"mode": "duel"})
    assert GAME.action_space(GAME.setup_for_seats(2)) == GAME.action_space({"mode": "duel"})
    assert GAME.action_space(GAME.setup_for_seats(1)) == GAME.action_space({"mode": "solitaire", "scenario": "easy"})
    duel = GAME.action_space(None) or []
    solo = GAME.action_space({"players": 1}) or []
    # the dungeon master's actions exist only in the duel; lose-mana only where a Destiny line asks it
    assert {"keep", "swap", "rps", "dire", "pass", "guard", "place"} <= {a.name for a in duel}
    assert not {"keep", "swap", "rps", "dire", "pass", "guard", "place", "lose-mana"} & {a.name for a in solo}
    assert Action("lose-mana", ("hero",)) in (GAME.action_space({"players": 1, "scenario": "hard"}) or [])
    # one pay action per card instance, starting trophies included
    with_trophies = GAME.action_space(MORE[1]) or []
    assert [a.args[0] for a in with_trophies if a.name == "pay"] == list(range(50))
    assert Action("guard", ("final",)) in (GAME.action_space(MORE[0]) or [])
    assert Action("guard", ("final",)) not in duel
    assert GAME.perfect_information is False


@pytest.mark.parametrize("setup", BASIC + MORE, ids=_name)
def test_deep_playouts_stay_in_the_space(setup: JSON) -> None:
    seen = walk(GAME, setup, range(12), smart_share=8, worlds_every=5)
    names = {a.name for a in seen}
    assert {"done", "attack", "roll", "resolve", "pay", "mana"} <= names
