"""The fixed action space (``Heroica.action_space``): stable, without duplicates, and complete.

Completeness is checked against every legal action along playouts (random ones, and games where the
heuristic plays most moves so that late actions — the store, skills, the Giant Vampire Bat, bats from
coffins, the target — occur) on every bundled mission with 2–4 heroes, in Epic and Battle HEROICA,
with other heroes, starting packs and options, and in the worlds ``determinize`` makes.
"""

from __future__ import annotations

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Action, Rng
from questbox.games.heroica import GAME
from questbox.games.heroica.bots import Heuristic

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


def _walk(setup: JSON, seeds: range, smart_share: int) -> set[Action]:
    """Play games (the heuristic plays ``smart_share`` in 10 moves, random the others) and check that
    every legal action of every seat, in the real state and in determinized worlds, is in the space."""
    space = GAME.action_space(setup)
    assert space is not None
    index = set(space)
    seen: set[Action] = set()
    for seed in seeds:
        s = GAME.new(setup, seed=seed)
        smart = {x: Heuristic(game=GAME, seed=seed + i) for i, x in enumerate(s.seats)}
        dumb = {x: RandomAgent(game=GAME, seed=seed + 9 + i) for i, x in enumerate(s.seats)}
        pick = Rng(seed + 1000)
        k = 0
        while not s.is_over():
            (seat,) = s.to_move()
            legal = s.legal_actions(seat)
            missing = [str(a) for a in legal if a not in index]
            assert not missing, f"seed {seed}, {seat}, {s.pending[-1].kind}: {missing} not in the space"
            seen.update(legal)
            if k % 25 == 0:
                d = s.determinize(seat, Rng(seed * 1009 + k))
                extra = [str(a) for a in d.legal_actions(seat) if a not in index]
                assert not extra, f"seed {seed}, a world of {seat}: {extra} not in the space"
            agents = smart if pick.below(10) < smart_share else dumb
            s.apply(seat, agents[seat].act(s, seat))
            k += 1
    return seen


@pytest.mark.parametrize("setup", SETUPS, ids=_name)
def test_space_is_stable_and_has_no_duplicates(setup: JSON) -> None:
    space = GAME.action_space(setup)
    assert space is not None and space
    assert len(space) == len(set(space))
    assert GAME.action_space(dict(setup)) == space
    assert GAME.action_space(GAME.setup_for_seats(len(GAME.seat_names(setup)), setup)) == space
    for a in space:
        assert GAME.parse_action(str(a)) == a, f"{a} does not round-trip through the notation"


@pytest.mark.parametrize("setup", SETUPS, ids=_name)
def test_playouts_stay_in_the_space(setup: JSON) -> None:
    seen = _walk(setup, range(30), smart_share=0) | _walk(setup, range(100, 130), smart_share=8)
    assert {"roll", "step", "stop"} <= {a.name for a in seen}


def test_every_family_occurs() -> None:
    """Over the setups above, playouts reach every kind of action the notation has."""
    seen: set[Action] = set()
    for setup in SETUPS:
        seen |= _walk(setup, range(200, 215), smart_share=7)
    seen |= _walk(SETUPS[-2], range(300, 315), smart_share=10)  # a Prince who keeps his Ax and Dagger
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
