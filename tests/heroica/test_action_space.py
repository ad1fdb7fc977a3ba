"""HEROICA's fixed action space (``Heroica.action_space``): its sizes and contents, and which actions
playouts reach.

The generic suite (``tests/generic/test_action_space.py``) checks the setups below (every bundled
mission with 2–4 heroes, Epic and Battle HEROICA, other heroes, starting packs and options) for
shape and walks them (``WALKS``: random playouts and ones where the heuristic plays most moves, so
that the store, skills, the Giant Vampire Bat, bats from coffins and the target occur), determinized
worlds included; here the same walk shows every family of actions occurs.
"""

from __future__ import annotations

from questbox.core import JSON, Action
from questbox.games.heroica import GAME
from tests.generic.spaces import Walk, walk

MISSIONS = GAME.missions()
ALL_HEROES = ["wizard", "prince", "sage", "knight"]

SETUPS: list[JSON] = [
    *({"mission": m, "players": n} for m in MISSIONS for n in (2, 3, 4)),
    *({"mission": m, "heroes": ALL_HEROES[4 - n:][::-1]} for m in MISSIONS for n in (2, 3)),
    *({"variant": "battle", "mission": m, "players": n} for m in MISSIONS for n in (2, 3, 5)),
    {"variant": "epic", "missions": MISSIONS, "players": 3},
    {"variant": "epic", "missions": MISSIONS[::-1], "heroes": ["knight", "sage"]},
    {"variant": "epic", "missions": MISSIONS[2:], "players": 4,
     "options": {"victory_points": True, "epic_tie_bonus": "none"}},
    {"variant": "battle", "mission": "flooded-catacombs", "heroes": ["sage", "knight"],
     "options": {"one_is_exact": True}},
    {"mission": "vampire-throne", "options": {"store_stock": 2, "one_is_exact": True},
     "heroes": [{"hero": "sage", "gold": 6, "fang": 1, "defense": 2, "life": 1, "weapons": ["bow", "sword"]},
                {"hero": "knight", "gold": 3, "weapons": ["bow", "ax"], "health": 1}, "wizard"]},
    {"mission": "ilrion-depths", "heroes": [{"hero": "prince", "weapons": ["ax", "dagger"], "fang": 1},
                                            {"hero": "wizard", "weapons": ["staff"], "health": 0}]},
    {"mission": "crypt-gate", "options": {"store_stock": 0},
     "heroes": [{"hero": "prince", "gold": 9, "defense": 1}, "sage"]},
]


def _name(doc: JSON) -> str:
    heroes = doc.get("heroes") or [doc.get("players", "")]
    who = "-".join(str(h["hero"] if isinstance(h, dict) else h) for h in heroes)
    opts = "-opts" if "options" in doc else ""
    where = doc.get("mission") or "+".join(m[:5] for m in doc["missions"])
    return f"{doc.get('variant', 'standard')}-{where}-{who}{opts}"


#: the generic suite's walks (tests/generic/test_action_space.py): each setup 30 random playouts and
#: 30 where the heuristic plays 8 moves in 10, determinized worlds every 25 moves
WALKS = [*(Walk(doc, range(30), worlds_every=25, name=_name(doc)) for doc in SETUPS),
         *(Walk(doc, range(100, 130), smart_share=8, worlds_every=25, name=_name(doc) + "-guided")
           for doc in SETUPS)]


def test_every_family_occurs() -> None:
    """Over the setups above, playouts reach every kind of action the notation has."""
    seen: set[Action] = set()
    for setup in SETUPS:
        seen |= walk(GAME, setup, range(200, 215), smart_share=7, worlds_every=25)
    # a Prince who keeps his Ax and Dagger
    seen |= walk(GAME, SETUPS[-2], range(300, 315), smart_share=10, worlds_every=25)
    names = {a.name for a in seen}
    assert names >= {"roll", "heal", "step", "stop", "fight", "defeat", "use", "strike", "drink", "buy",
                     "sell", "forward", "back", "pick"}
    skills = {str(a.args[0]) for a in seen if a.name == "use"}
    assert skills >= {"wizard", "prince", "sage", "knight", "wand", "bow", "staff", "sword", "ax", "dagger",
                      "fang"}


def test_space_sizes_and_what_they_hold() -> None:
    def space(doc: JSON | None) -> list[Action]:
        return GAME.action_space(doc) or []

    assert [len(space(GAME.setup_for_seats(n))) for n in (2, 3, 4, 5)] == [111, 115, 116, 298]
    assert space(None) == space({"mission": "crypt-gate", "heroes": ["wizard", "prince"]})
    assert len(space({"variant": "epic", "missions": MISSIONS, "players": 3})) == 636
    assert len(space({"variant": "battle", "mission": "ilrion-depths", "players": 5})) == 1474
    default = space(None)
    # a bat can rise from the coffin on g2: fights there are in the space
    assert Action("fight", ("g2",)) in default and Action("use", ("wizard", "g2")) in default
    # no Sage, no Fang, no Defense potion, no monster seat on the default mission
    assert not {Action("sell", ("fang",)), Action("use", ("fang",)), Action("drink", ("defense",)),
                Action("pass")} & set(default)
    assert not {"pick"} & {a.name for a in default}
    assert "sage" not in {a.args[0] for a in default if a.name == "use"}
    battle = space(GAME.setup_for_seats(5))
    assert Action("pass") in battle and Action("pick", ("a1",)) in battle
    assert Action("fight", ("a1",)) in battle  # the monster seat fights a hero anywhere
    # the Vampire Lord never leaves the target t7 but by a defeat that ends the mission; in Battle he moves
    throne = space({"mission": "vampire-throne"})
    assert Action("step", ("t7",)) not in throne and Action("fight", ("t7",)) in throne
    assert Action("step", ("t7",)) in space({"variant": "battle", "mission": "vampire-throne"})
    # an empty store: no weapon is ever bought, sold or used
    bare = space({"options": {"store_stock": 0}, "heroes": ["wizard", "sage"]})
    assert not {"buy", "sell", "strike", "defeat"} & {a.name for a in bare}
    # Epic lists every mission's spaces once
    epic = space({"variant": "epic", "missions": MISSIONS, "players": 2})
    assert {a for m in MISSIONS for a in space({"mission": m})} <= set(epic)
    assert GAME.perfect_information is True
