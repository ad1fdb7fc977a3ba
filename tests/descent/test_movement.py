"""Movement: movement points, terrain costs, passing figures, fatigue, large monsters, doors."""

from __future__ import annotations

import pytest

from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, quest, setup, touch, windows


def moves(st: DescentState) -> set[str]:
    return {str(a.args[0]) for a in st.legal_actions() if a.name == "move" and a.args}


def hero_turn(grid: list[str] | None = None, monsters: list[dict[str, object]] | None = None,
              **kw: object) -> DescentState:
    q = quest(grid, groups=monsters or [group("zombie", "zombie", ["H6"], minions=1)], **kw)  # type: ignore[arg-type]
    st = new(setup(q))
    act(st, "activate syndrael")
    return st


def test_the_move_action_gives_movement_points_equal_to_speed() -> None:
    st = hero_turn()
    assert "move" in names(st.legal_actions()) and not moves(st)
    act(st, "move")
    assert st.turn is not None and st.turn.mp == 4 and st.turn.actions == 1
    # every space within 4 steps (diagonals count 1) except the occupied A2 (Leoric)
    assert moves(st) == {f"{c}{r}" for c in "ABCDE" for r in range(1, 6)} - {"A1", "A2"}
    ev = act(st, "move C3")
    assert st.turn.mp == 2
    assert windows(ev) == ["enter-space", "enter-space"]         # B2 then C3
    assert st.board.names[st.figs[fig(st, "syndrael")].pos] == "C3"


def test_water_costs_two_movement_points_and_obstacles_cannot_be_entered() -> None:
    st = hero_turn(terrain={"water": ["B1", "B2", "B3"], "obstacle": ["B4", "B5"]})
    act(st, "move")
    reach = moves(st)
    assert "B1" in reach and "B4" not in reach
    assert "C1" in reach and "D1" in reach and "E1" not in reach      # 2 + 1 + 1 = 4
    act(st, "move B1")
    assert st.turn is not None and st.turn.mp == 2


def test_heroes_pass_allies_but_not_monsters_and_cannot_end_on_a_figure() -> None:
    grid = ["AAAA", "A...", "A..."]
    st = hero_turn(grid, [group("zombie", "zombie", ["C1"], minions=1)], start=("A1", "A2", "A3", "B1"))
    act(st, "move")
    reach = moves(st)
    assert "A3" in reach and "A2" not in reach         # through Leoric on A2, not onto him
    assert "B1" in reach and "D1" not in reach          # the zombie on C1 blocks the corridor


def test_scamper_monsters_move_through_heroes() -> None:
    grid = ["AAAAA", "A....", "A...."]
    q = quest(grid, groups=[group("goblin-archer", "goblin", ["A3"], minions=1)], start=("B1", "A2", "D1", "E1"))
    st = new(setup(q))
    act(st, "activate syndrael", "end", "end", "activate goblin-1", "move")
    assert "A1" in moves(st) and "C1" in moves(st)       # through Leoric (A2) and Syndrael (B1)


def test_fatigue_buys_movement_points_up_to_stamina_but_not_when_immobilized() -> None:
    st = hero_turn()
    f = st.figs[fig(st, "syndrael")]
    for _ in range(4):
        act(st, "fatigue")
    assert f.fatigue == 4 and st.turn is not None and st.turn.mp == 4
    assert "fatigue" not in names(st.legal_actions())
    act(st, "move E1")
    st2 = hero_turn()
    st2.figs[fig(st2, "syndrael")].conds.append("immobilized")
    touch(st2)
    legal = names(st2.legal_actions())
    assert "move" not in legal and "fatigue" not in legal


def test_a_monster_may_move_twice_but_a_shambling_zombie_only_once() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["H6"], minions=1),
                      group("zombie", "zombie", ["H1"], minions=1)])
    st = new(setup(q))
    act(st, "activate syndrael", "end", "end", "activate goblin-1", "move")
    assert "move" in names(st.legal_actions())
    act(st, "move")
    assert "move" not in names(st.legal_actions())
    act(st, "end", "activate zombie-1", "move")
    assert "move" not in names(st.legal_actions())


@pytest.mark.clause("DLP-SIZE-01", "DLP-SIZE-04", "DLP-SIZE-06")
def test_a_huge_monster_moves_as_if_small_and_is_placed_where_it_fits() -> None:
    grid = ["AAAAAAAA"] * 6
    q = quest(grid, groups=[group("ettin", "ettin", ["C3:D4"], masters=0, minions=1)], start=("A1", "A2", "H1", "H2"),
              terrain={"obstacle": ["F3"]})
    st = new(setup(q))
    e = fig(st, "ettin-1")
    assert st.size(e) == "huge" and len(st.squares(e)) == 4
    act(st, "activate syndrael", "end", "end", "activate ettin-1", "move")
    opts = moves(st)
    assert all(":" in o for o in opts)
    assert "D3:E4" in opts            # one step right (1 movement point)
    assert "C3:D4" not in opts        # staying put is no move
    assert not any(o.startswith("E3") or o.startswith("F2") for o in opts if "F3" in _cover(st, o))
    act(st, "move D3:E4")
    assert st.turn is not None and st.turn.mp == 2
    assert sorted(st.board.names[s] for s in st.squares(e)) == ["D3", "D4", "E3", "E4"]


def _cover(st: DescentState, placement: str) -> set[str]:
    a, b = placement.split(":")
    ax, ay = st.board.xy(st.board.index[a])
    bx, by = st.board.xy(st.board.index[b])
    return {st.board.names[st.board.at(x, y)] for x in range(ax, bx + 1) for y in range(ay, by + 1)}


@pytest.mark.clause("DLP-SIZE-03", "DLP-SIZE-05", "DLP-SIZE-06")
def test_medium_and_massive_monsters_turn_when_they_are_placed() -> None:
    grid = ["AAAAAAAA"] * 6
    q = quest(grid, groups=[group("barghest", "barghest", ["C2:C3"], minions=1),
                            group("shadow-dragon", "dragon", ["E2:F4"], minions=1, without=["shadow"])],
              start=("A1", "A2", "H1", "H2"),
              victory=[{"side": "heroes", "when": "defeated", "group": "barghests", "reason": "x"},
                       {"side": "overlord", "when": "round", "round": 9, "reason": "y"}])
    st = new(setup(q))
    b, d = fig(st, "barghest-1"), fig(st, "dragon-1")
    assert st.size(b) == "medium" and len(st.squares(b)) == 2
    assert st.size(d) == "massive" and len(st.squares(d)) == 6
    act(st, "activate syndrael", "end", "end", "activate barghest-1", "move")
    opts = moves(st)
    assert "B2:C2" in opts and "C1:C2" in opts     # lying down and standing up
    act(st, "move B2:C2")
    assert st.figs[b].orient == 1
    act(st, "end", "activate dragon-1", "move")
    opts = moves(st)
    assert any(len(_cover(st, o)) == 6 and _cover(st, o) & {"G1", "H1"} == set() for o in opts)
    rotated = [o for o in opts if st.board.xy(st.board.index[o.split(":")[1]])[0]
               - st.board.xy(st.board.index[o.split(":")[0]])[0] == 2]
    assert rotated, "a 2x3 monster may also be placed 3 wide and 2 high"


def test_heroes_open_and_close_doors_and_monsters_cannot() -> None:
    grid = ["AAAABBBB"] * 3
    walls = ("D1|E1", "D3|E3")
    doors = ({"id": "door", "edges": ["D2|E2"], "open": False},)
    q = quest(grid, groups=[group("zombie", "zombie", ["E2"], minions=1)], start=("D2", "A2", "A3", "A1"),
              walls=walls, doors=doors)
    st = new(setup(q))
    act(st, "activate syndrael")
    assert "attack zombie-1" not in names(st.legal_actions())     # the door is closed
    assert "open door" in names(st.legal_actions())
    act(st, "open door")
    assert st.to_json()["doors"] == {"door": True}
    assert "attack zombie-1" in names(st.legal_actions())
    assert "close door" in names(st.legal_actions())
    act(st, "close door", "end", "end")
    act(st, "activate zombie-1")
    assert not any(a.name in ("open", "close") for a in st.legal_actions())
    act(st, "move")
    assert not any(m.startswith(("A", "B", "C", "D")) for m in moves(st))   # the closed door stops it
