"""Heroica data files and the mission validator."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from questbox.core import Rng, SetupError
from questbox.games.heroica import GAME
from questbox.games.heroica.board import board_for
from questbox.games.heroica.data import FACES, MOVE, bundled_missions, rules, validate_mission

SMALL = "S-o-o-T\n|\nS\n"


def mission(**kw: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": "t", "title": "T", "source": "ours", "heroes": [1, 2], "map": SMALL}
    doc.update(kw)
    return doc


@pytest.mark.clause("HER-SETUP-03")
def test_the_lego_die_has_the_printed_faces_and_rolls_them_uniformly() -> None:
    assert [f.face for f in rules().die.faces] == list(FACES)
    assert Counter(FACES) == {"shield": 1, "sword": 2, "skull": 2, "sword-skull": 1}
    assert MOVE == {"shield": 4, "sword": 3, "skull": 2, "sword-skull": 1}
    state = GAME.new({"players": 2}, seed=3)
    counts = Counter(state.die() for _ in range(60_000))
    for face, n in Counter(FACES).items():
        assert abs(counts[face] / 60_000 - n / 6) < 0.01, counts


@pytest.mark.clause("HER-MONSTER-01", "HER-MONSTER-02", "HER-MONSTER-03", "HER-GIANT-01")
def test_monster_strengths() -> None:
    m = rules().monsters
    assert (m["bat"].strength, m["zombie"].strength, m["vampire-lord"].strength) == (1, 2, 3)
    assert m["giant-bat"].bar and m["giant-bat"].strength == 4


@pytest.mark.clause("HER-SETUP-05")
def test_heroes_and_weapons_data() -> None:
    r = rules()
    assert set(r.heroes) == {"wizard", "prince", "sage", "knight"}
    assert all(h.health == 4 for h in r.heroes.values())
    assert set(r.weapons) == {"ax", "wand", "staff", "bow", "dagger", "sword"}
    assert (r.store.buy, r.store.sell, r.store.fang_sell) == (3, 2, 2)
    assert r.skills["wizard"].range == 4 and r.skills["wizard"].line == "path"
    assert r.skills["wand"].range == 3 and r.skills["bow"].line == "straight" and r.skills["bow"].range == 5
    for entry in [*r.heroes.values(), *r.weapons.values(), *r.monsters.values(), *r.items.values()]:
        assert entry.source.startswith(("printed", "ours")), entry.id


def test_bundled_missions_are_ours_from_short_to_epic_with_loops_and_dead_ends() -> None:
    found = bundled_missions()
    assert len(found) >= 4
    lengths = [m.get("length") for m in found.values()]
    assert {"short", "medium", "long", "epic"} <= set(lengths)
    sizes = []
    for doc in found.values():
        assert doc["source"] == "ours"
        lo, hi = doc["heroes"]
        assert lo <= 2 and hi >= 4
        board = board_for(doc)
        degree = [len(a) for a in board.adj]
        starts = set(board.mission.starts)
        assert any(d == 1 and i not in starts for i, d in enumerate(degree)), f"{doc['id']}: no dead end"
        assert len(doc["links"]) >= board.n, f"{doc['id']}: no loop"
        assert board.dist[board.mission.starts[0]][board.mission.target] < board.n
        sizes.append(board.n)
    assert sizes == sorted(sizes), "missions are listed from short to epic"


def test_map_and_explicit_forms_agree() -> None:
    a = validate_mission(mission())
    explicit = {k: v for k, v in a.items()}
    b = validate_mission(explicit)
    assert a == b
    assert a["spaces"] == {"a1": [0, 0], "b1": [1, 0], "c1": [2, 0], "d1": [3, 0], "a2": [0, 1]}
    assert a["start"] == ["a1", "a2"] and a["target"] == "d1"
    json.dumps(a)


@pytest.mark.parametrize(("doc", "message"), [
    (mission(map="S-o-x-T\n|\nS\n"), "unknown piece 'x'"),
    (mission(map="S-o-o-T\n|\nS\n", monsters={"b1": "dragon"}), "unknown monster 'dragon'"),
    (mission(map="S-o-o-T\n|\nS\n", items={"b1": "crown"}), "unknown item 'crown'"),
    (mission(map="S-b-o-T\n|\nS\n", items={"b1": "gold"}), "overlapping pieces on b1: bat and gold"),
    (mission(map="S-b-o-T\n|\nS\n", monsters={"b1": "zombie"}), "monsters on b1 given twice"),
    (mission(map="S-o-o-T\n|\nS\n", monsters={"b1": "bat"}, items={"b1": "gold"}), "overlapping pieces on b1"),
    (mission(map="S-o-C-T\n|\nS\n", items={"c1": "gold"}), "overlapping pieces on c1"),
    (mission(map="S-o-o T\n|\nS\n"), "the target d1 cannot be reached"),
    (mission(map="S-o-o-T o\n|\nS\n"), "cannot be reached from the start"),
    (mission(map="S-o-o-T\n|\nS\n", spaces={"a1": [0, 0]}), "either a map drawing or spaces"),
    (mission(map="S-o-o-T-\n|\nS\n"), "'-' must stand between two spaces"),
    (mission(map="S-o-o-T\n|\no\n"), "at least 2 start spaces"),
    (mission(map="S-o-o-o\n|\nS\n"), "exactly one target T"),
    (mission(map="S-b-b-b-b-b-T\n|\nS\n"), "hold only 4"),
    (mission(map="S-o-o-T\n|\nS\n", target="a1"), "give the target either as T on the map or as target:"),
    (mission(map="S-o-z-o\n|\nS\n", target="zombie", monsters={"d1": "zombie"}), "2 stand on the map"),
    (mission(heroes=[0, 9]), "heroes must be a range within 1..4"),
    (mission(start=["a1", "b1"]), "start: must list the S spaces of the map"),
    (mission(colour="red"), "colour"),
    (mission(source=" "), "source must say"),
    ({"id": "x", "title": "X", "source": "ours", "heroes": [1, 2],
      "spaces": {"a": [0, 0], "b": [2, 0], "c": [0, 1]}, "links": [["a", "b"], ["a", "c"]],
      "start": ["a", "c"], "target": "b"}, "not orthogonal neighbours"),
    ({"id": "x", "title": "X", "source": "ours", "heroes": [1, 2],
      "spaces": {"a": [0, 0], "b": [0, 0], "c": [0, 1]}, "links": [],
      "start": ["a", "c"], "target": "b"}, "both at (0, 0)"),
    ({"id": "x", "title": "X", "source": "ours", "heroes": [1, 2],
      "spaces": {"a": [0, 0], "b": [1, 0], "c": [0, 1]}, "links": [["a", "b"], ["a", "c"]],
      "start": ["a", "b"], "target": "c", "items": {"b": "gold"}}, "start space b holds gold"),
])
def test_the_validator_refuses_bad_missions_with_clear_errors(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as err:
        validate_mission(doc)
    assert message in str(err.value)


def test_start_may_order_the_s_spaces() -> None:
    doc = validate_mission(mission(start=["a2", "a1"]))
    assert doc["start"] == ["a2", "a1"]


def test_combined_sets_raise_the_piece_limits() -> None:
    doc = validate_mission(mission(map="S-b-b-b-b-b-T\n|\nS\n", sets=2))
    assert list(doc["monsters"].values()).count("bat") == 5


def test_board_distances_and_straight_lines() -> None:
    doc = validate_mission(mission(map="S-o-o-o\n|     |\nS     o-o-T\n"))
    b = board_for(doc)
    ix = b.index
    assert b.dist[ix["a1"]][ix["e2"]] == 5   # around the corner
    assert [b.ids[s] for s in b.straight(ix["a1"], 5)] == ["b1", "c1", "d1", "a2"]
    assert [b.ids[s] for s in b.straight(ix["a1"], 2)] == ["b1", "c1", "a2"]


def test_rng_script_names_faces() -> None:
    r = Rng(1, script=["skull", "shield"])
    assert r.choice(FACES) == "skull" and r.choice(FACES) == "shield"
