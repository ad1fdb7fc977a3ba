"""Large monsters move as printed (Rules Reference, "Large Monsters", and the Terrain entries it
refers to; docs/rulings/descent.md M5): the figure moves as if small, space by space, each space it
enters counting its terrain as it is entered; its movement may be interrupted (its turn ends on
the way) and it is placed, by the overlord, covering the last space it entered; the spaces it is
placed on cost no movement, deal their damage if it had not entered them, and a pit counts only
when every space it covers is a pit."""

from __future__ import annotations

import json
from typing import Any

import pytest

from questbox.core import Action
from questbox.games.descent import GAME
from questbox.games.descent.flow import LargePlace
from questbox.games.descent.movement import moves
from questbox.games.descent.rules import Ctx, RuleModule, register_module
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, new, quest, setup

GRID = ["AAAAAAAA"] * 6


def ettin_turn(terrain: dict[str, list[str]] | None = None, place: str = "A1:B2", seed: int = 0,
               **kw: Any) -> tuple[DescentState, int]:
    """An ettin (2x2) at ``place``, its activation begun and a move action taken (3 movement
    points); the heroes stand far away (``kw``: more of the setup)."""
    victory = [{"side": "heroes", "when": "defeated", "group": "zombies", "reason": "the zombie falls"},
               {"side": "overlord", "when": "round", "round": 30, "reason": "time is up"}]
    q = quest(GRID, groups=[group("ettin", "ettin", [place], minions=1), group("zombie", "zombie", ["H1"])],
              start=("H5", "H6", "G6", "F6"), terrain=terrain or {}, victory=victory)
    st = new(setup(q, **kw), seed=seed)
    act(st, "activate syndrael", "end", "end", "activate ettin-1", "move")
    return st, fig(st, "ettin-1")


def squares(st: DescentState, fi: int) -> list[str]:
    return sorted(st.board.names[s] for s in st.squares(fi))


def damage_of(st: DescentState, fi: int) -> int:
    return st.figs[fi].damage


@pytest.mark.clause("DLP-SIZE-06")
def test_the_terrain_of_every_space_entered_counts_and_so_do_the_new_spaces_it_is_placed_on() -> None:
    # Rules Reference, Large Monsters / Terrain (lava): one step right enters C1 (lava: 1 damage on
    # entering) and the placement covers C2, a lava space it had not entered: 1 more. (The old
    # engine counted the small path only: 1.)
    st, e = ettin_turn({"lava": ["C1", "C2"]})
    route = moves(st, e, paths=True)[Action("move", ("B1:C2",))]
    assert route[1] == 1 and len(route[0]) == 1
    act(st, "move B1:C2")
    assert squares(st, e) == ["B1", "B2", "C1", "C2"]
    assert damage_of(st, e) == 2
    assert st.turn is not None and st.turn.mp == 2


@pytest.mark.clause("DLP-SIZE-06")
def test_spaces_it_stood_on_and_spaces_of_its_path_count_once() -> None:
    # standing on lava already (B1, B2 under it), one step right: the route that hurts least enters
    # C1 (1) and covers C2, new (1); B1 and B2 it stood on: 2, not 4
    st, e = ettin_turn({"lava": ["B1", "B2", "C1", "C2"]})
    act(st, "move B1:C2")
    assert damage_of(st, e) == 2


@pytest.mark.clause("DLP-SIZE-06")
def test_damage_is_dealt_as_each_space_is_entered_not_after_the_placement() -> None:
    # an ettin with 1 Health left crosses a river of lava (column C) on its way to E1:F2: it falls
    # on entering the lava and enters no further space (the old engine walked the whole path, then
    # dealt the damage)
    st, e = ettin_turn({"lava": [f"C{r}" for r in range(1, 7)]})
    st.figs[e].damage = st.health(e) - 1
    path = moves(st, e, paths=True)[Action("move", ("E1:F2",))][0]
    assert st.board.names[path[0]][0] == "C" and len(path) >= 2
    events = act(st, "move E1:F2")
    entered = [ev.data["ctx"][1] for ev in events if ev.kind == "window" and ev.data["window"] == "enter-space"]
    assert st.figs[e].status == "defeated"
    assert entered == [path[0]]


@pytest.mark.clause("DLP-SIZE-06")
def test_a_large_monster_passes_over_pits_and_falls_only_when_placed_wholly_on_pits() -> None:
    # Rules Reference / Terrain (pit): on its way a large monster is not stopped nor hurt by a pit
    st, e = ettin_turn({"pit": ["C1", "C2"]})
    assert Action("move", ("D1:E2",)) in st.legal_actions()
    act(st, "move D1:E2")
    assert squares(st, e) == ["D1", "D2", "E1", "E2"]
    assert damage_of(st, e) == 0
    # placed wholly on pits: 2 damage, and its movement ends
    st, e = ettin_turn({"pit": ["C1", "C2", "D1", "D2"]}, seed=1)
    act(st, "move C1:D2")
    assert damage_of(st, e) == 2
    assert st.turn is not None and st.turn.mp == 0
    # partly on pits: nothing
    st, e = ettin_turn({"pit": ["C1", "C2"]}, seed=2)
    act(st, "move B1:C2")
    assert damage_of(st, e) == 0 and st.turn is not None and st.turn.mp == 2


@pytest.mark.clause("DLP-SIZE-06")
def test_water_under_the_placement_costs_nothing() -> None:
    # Terrain (water): a large monster may be placed into water beside the last space it entered
    # without paying for it: one step right (B1, its own space re-entered, 1 point) covers C1, C2
    st, _ = ettin_turn({"water": ["C1", "C2"]})
    act(st, "move B1:C2")
    assert st.turn is not None and st.turn.mp == 2


class Blocker(RuleModule):
    """At the first space a large monster enters, a hero steps into the placement it named (E3)."""

    name = "test-large-blocker"
    listens = frozenset({"enter-space"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        fi, _sq = ctx
        hero = st.ids["leoric"]
        if st.figs[fi].shape != (1, 1) and st.figs[hero].pos != st.board.index["E3"]:
            st.place(hero, st.board.index["E3"], 0)


class Stopper(RuleModule):
    """The first space a large monster enters ends its turn (as a trap or a plot card might)."""

    name = "test-large-stopper"
    listens = frozenset({"enter-space"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if st.figs[ctx[0]].shape != (1, 1):
            st.end_turn()


register_module(Blocker.name, Blocker)
register_module(Stopper.name, Stopper)


@pytest.mark.clause("DLP-SIZE-06")
def test_the_overlord_chooses_the_placement_when_the_one_named_is_taken_on_the_way() -> None:
    # a hero steps into the placement the ettin's move named (E3) while it is on its way: at the
    # end the overlord chooses among the placements covering the last space entered
    st, e = ettin_turn(place="A2:B3", modules=[Blocker.name])
    path = moves(st, e, paths=True)[Action("move", ("D2:E3",))][0]
    act(st, "move D2:E3")
    assert st.pending[-1].kind == "large-place" and st.pending[-1].seat == "overlord"
    # its payload: the ettin and the squares its path entered, a LargePlace also once reloaded
    for d in (st.pending[-1], GAME.from_json(json.loads(json.dumps(st.to_json()))).pending[-1]):
        assert type(d.data) is LargePlace and d.data.fig == e and d.data.entered == tuple(path)
    legal = [str(a) for a in st.legal_actions("overlord")]
    last = st.board.names[path[-1]]
    assert len(legal) > 1 and all(a.startswith("place ") and last in _cover(st, a.split()[1]) for a in legal)
    assert "place D2:E3" not in legal
    choice = legal[-1]
    act(st, choice)
    assert squares(st, e) == sorted(_cover(st, choice.split()[1]))
    assert st.pending[-1].kind == "monster-turn"


@pytest.mark.clause("DLP-SIZE-06")
def test_a_movement_interrupted_on_the_way_places_the_monster_over_the_last_space_entered() -> None:
    st, e = ettin_turn(modules=[Stopper.name])
    path = moves(st, e, paths=True)[Action("move", ("E1:F2",))][0]
    assert len(path) >= 2
    act(st, "move E1:F2")
    if st.pending and st.pending[-1].kind == "large-place":
        act(st, str(st.legal_actions("overlord")[0]))
    assert st.board.names[path[0]] in squares(st, e)
    assert "E1" not in squares(st, e) and "F2" not in squares(st, e)


def _cover(st: DescentState, placement: str) -> set[str]:
    a, b = placement.split(":")
    ax, ay = st.board.xy(st.board.index[a])
    bx, by = st.board.xy(st.board.index[b])
    return {st.board.names[st.board.at(x, y)] for x in range(ax, bx + 1) for y in range(ay, by + 1)}


def test_the_movement_points_spent_space_by_space_add_up_to_the_route_cost() -> None:
    # every route of a large figure: the points taken off space by space equal the cost shown
    for terrain in ({}, {"water": ["C1", "C2", "D3"]}, {"lava": ["C2"], "water": ["D1"]}):
        st, e = ettin_turn(terrain)
        for action, (path, cost, _a, _o) in moves(st, e, paths=True).items():
            spent = sum(st.board.cost[s] for s in path)
            assert spent == cost, (action, path)


@pytest.mark.clause("DLP-SIZE-06")
def test_a_movement_goes_on_from_the_last_space_entered_until_an_action_interrupts_it() -> None:
    # one step right (it re-enters B1 from A1) places it on B1:C2; with 2 points left and nothing
    # done in between, its movement goes on from B1, not from C1 or C2: E1:F2 is 3 spaces away
    st, e = ettin_turn()
    act(st, "move B1:C2")
    assert st.turn is not None and st.turn.mp == 2
    assert "move E1:F2" not in [str(a) for a in st.legal_actions()]
    assert "move D1:E2" in [str(a) for a in st.legal_actions()]
    # its second action (another move action) interrupts the movement: it may start from any of
    # its spaces again (C1 -> D1 -> E1 covers E1:F2 within 2 of the 5 points)
    act(st, "move")
    assert "move E1:F2" in [str(a) for a in st.legal_actions()]
    act(st, "move E1:F2")
    assert squares(st, e) == ["E1", "E2", "F1", "F2"]


def test_a_saved_state_with_a_bad_large_from_flag_is_refused() -> None:
    from questbox.core.errors import StateError
    from questbox.games.descent import GAME

    st, _ = ettin_turn()
    act(st, "move B1:C2")
    doc = st.to_json()
    assert "large-from:B1" in doc["turns"][0]["flags"]
    assert GAME.from_json(doc).to_json() == doc
    doc["turns"][0]["flags"] = ["moved", "large-from:Z99"]
    with pytest.raises(StateError, match="large-from"):
        GAME.from_json(doc)
