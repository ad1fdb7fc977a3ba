"""The hero cards asked as a monster enters a space next to the hero (Guard, Caltrops, Nimble;
skill_interrupts.py; issue #18) for a large monster too: it moves as if small and each space it
enters opens ``enter-space`` (rulings M5); the space entered, not the spaces it still stands on,
is what must be next to the hero; a card that stops or attacks it places it first, covering that
space (the overlord picks among the placements; rulings M8).

Face numbers (data/dice.yaml): blue 3 R3 ♥2; red 2 ♥2; gray 0 1 1 1 2 3; black 0 2 2 2 3 4.
An ettin (2x2) on A1:B2 takes its move action (3 movement points) and moves to E4:F5 by C2, D3,
E4; the hero stands on E3: C2 is not next to him, D3 is."""

from __future__ import annotations

from typing import Any

from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup

GRID = ["AAAAAAAA"] * 6
VICTORY = [{"side": "heroes", "when": "defeated", "group": "zombies", "reason": "the zombie falls"},
           {"side": "overlord", "when": "round", "round": 30, "reason": "time is up"}]


def ettin_walks(hero: str, skills: list[str]) -> DescentState:
    """``hero`` (``name:class``, holding ``skills``) on E3; the ettin's move to E4:F5 begun."""
    q = quest(GRID, groups=[group("ettin", "ettin", ["A1:B2"], minions=1), group("zombie", "zombie", ["H1"])],
              start=("H5", "H6", "G6", "F6"), victory=VICTORY)
    hid = hero.split(":")[0]
    st = new(setup(q, heroes=(hero, "leoric"), skills={hid: skills}))
    put(st, hid, "E3")
    act(st, f"activate {hid}", "end", "end", "activate ettin-1", "move")
    act(st, "move E4:F5")
    return st


def entered(events: list[Any]) -> list[str]:
    return [str(e.data["ctx"][1]) for e in events if e.kind == "window" and e.data.get("window") == "enter-space"]


def squares(st: DescentState, fid: str) -> list[str]:
    return sorted(st.board.names[s] for s in st.squares(fig(st, fid)))


def uses(st: DescentState) -> list[str]:
    return [a for a in names(st.legal_actions("heroes")) if a.startswith("use ")]


def asked(st: DescentState) -> str:
    d = st.pending[-1]
    return f"{d.seat} {d.kind}"


def test_caltrops_stop_a_large_monster_on_the_space_it_entered_next_to_the_thief() -> None:
    st = ettin_walks("tomble:thief", ["caltrops"])
    e = fig(st, "ettin-1")
    assert asked(st) == "heroes react" and uses(st) == ["use caltrops"]
    assert st.board.names[st.pending[-1].data.ctx[1]] == "D3"        # (not C2: not next to E3)
    assert squares(st, "ettin-1") == ["A1", "A2", "B1", "B2"]         # (still on its old spaces)
    st.rng.script = [1, 1]                                             # Awareness passed
    act(st, "use caltrops")
    assert st.figs[e].damage == 1 and "immobilized" in st.figs[e].conds
    # its move is over: the overlord places it covering D3
    assert asked(st) == "overlord large-place"
    assert names(st.legal_actions("overlord")) == ["place C2:D3", "place C3:D4"]
    act(st, "place C3:D4")
    assert squares(st, "ettin-1") == ["C3", "C4", "D3", "D4"]
    assert asked(st) == "overlord monster-turn" and not any(a.startswith("move") for a in names(st.legal_actions()))


def test_guard_places_the_large_monster_attacks_it_and_its_move_goes_on() -> None:
    st = ettin_walks("syndrael:knight", ["guard"])
    e = fig(st, "ettin-1")
    assert uses(st) == ["use guard"]
    st.rng.script = [3, 2, 1, 1]                     # blue ♥2, red ♥2; gray 0, gray 0: 4 damage
    act(st, "use guard")
    assert asked(st) == "overlord large-place"
    events = act(st, "place C2:D3")
    assert [(x.data["attacker"], x.data["target"]) for x in events if x.kind == "attack"] == [("syndrael", "ettin-1")]
    assert st.figs[e].damage == 4 and st.figs[e].status == "active"
    assert "E4" in [st.board.names[int(s)] for s in entered(events)]    # it goes on
    assert squares(st, "ettin-1") == ["E4", "E5", "F4", "F5"]


def test_nimble_steps_away_from_a_large_monster_but_not_onto_its_way() -> None:
    st = ettin_walks("jain:wildlander", [])
    offered = uses(st)
    assert "use nimble E2" in offered and "use nimble E4" not in offered     # E4: where it goes next
    act(st, "use nimble E2")
    assert st.board.names[st.figs[fig(st, "jain")].pos] == "E2"
    while st.pending[-1].seat == "heroes":
        act(st, "pass")
    assert squares(st, "ettin-1") == ["E4", "E5", "F4", "F5"]
