"""The data files: dice faces as printed (research/descent.md §2; the green die from TAG's descent
branch, checked against the Descent-Community wiki's odds), sources on every entry, monster
sizes, and validation with clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from questbox.core import SetupError
from questbox.games.descent.data import DATA, build_library, library, monster_playable

# research/descent.md §2 as (range, hearts, surges) for attack/power dice and shields for defense
PRINTED = {
    "blue": ["X", (2, 2, 1), (3, 2, 0), (4, 2, 0), (5, 1, 0), (6, 1, 1)],
    "red": [(0, 1, 0), (0, 2, 0), (0, 2, 0), (0, 2, 0), (0, 3, 0), (0, 3, 1)],
    "yellow": [(1, 0, 1), (0, 1, 1), (0, 2, 0), (2, 1, 0), (1, 1, 0), (0, 2, 1)],
    "brown": [0, 0, 0, 1, 1, 2],
    "gray": [0, 1, 1, 1, 2, 3],
    "black": [0, 2, 2, 2, 3, 4],
    # TAG's descent branch dice.json (not in the base game; issue #17)
    "green": [(0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 0), (0, 1, 1), (1, 1, 1)],
}


def test_the_dice_faces_are_the_printed_ones() -> None:
    lib = library()
    assert set(lib.dice) == set(PRINTED)
    for die, faces in PRINTED.items():
        got = lib.dice[die]
        for f, want in zip(got, faces, strict=True):
            if want == "X":
                assert f.miss
            elif isinstance(want, tuple):
                assert (f.range, f.hearts, f.surges) == want and not f.miss
            else:
                assert f.shields == want


def test_the_green_die_has_the_public_odds() -> None:
    # the Descent-Community wiki's Dice table: range 1 on 3/6, 1 heart on 4/6, 1 surge on 4/6, no X
    faces = library().dice["green"]
    assert sum(f.range == 1 for f in faces) == 3 and all(f.range <= 1 for f in faces)
    assert sum(f.hearts == 1 for f in faces) == 4 and all(f.hearts <= 1 for f in faces)
    assert sum(f.surges == 1 for f in faces) == 4 and not any(f.miss for f in faces)


def test_every_entry_says_where_it_comes_from() -> None:
    for name in ("dice", "terrain", "heroes", "classes", "monsters", "abilities", "search"):
        doc = yaml.safe_load((DATA / f"{name}.yaml").read_text())
        entries = next(iter(doc.values()))
        for e in entries:
            assert e["source"].startswith(("printed: ", "ours")), (name, e["id"])
    for ability in library().abilities.values():
        if ability.source.startswith("ours"):
            assert ability.text.startswith("Ours:"), ability.id


@pytest.mark.clause("DLP-SIZE-01", "DLP-SIZE-02", "DLP-SIZE-03", "DLP-SIZE-04", "DLP-SIZE-05")
def test_monster_sizes_follow_the_spaces_their_bases_fill() -> None:
    lib = library()
    size = {m: lib.monsters[m].stats[(1, "minion")].size for m in lib.monsters}
    assert size["goblin-archer"] == size["zombie"] == "small"
    assert size["barghest"] == "medium"
    assert size["ettin"] == size["merriod"] == "huge"
    assert size["shadow-dragon"] == "massive"
    spaces = {"small": 1, "medium": 2, "huge": 4, "massive": 6}
    for m in lib.monsters.values():
        w, h = m.shape
        assert w * h == spaces[size[m.id]]


def test_heroes_and_monsters_carry_the_printed_numbers() -> None:
    lib = library()
    syn = lib.heroes["syndrael"]
    assert (syn.speed, syn.health, syn.stamina, syn.defense) == (4, 12, 4, ("gray",))
    assert dict(syn.attributes) == {"might": 4, "knowledge": 3, "willpower": 2, "awareness": 2}
    ga = lib.monsters["goblin-archer"]
    m2 = ga.stats[(2, "master")]
    assert (m2.speed, m2.health, m2.defense, m2.dice) == (5, 6, ("gray",), ("blue", "yellow", "yellow"))
    assert [s.id for s in m2.surges] == ["range3", "heart2"]
    assert ga.group[4] == (1, 4) and lib.monsters["ettin"].group[2] == (0, 1)
    assert "cursed" in lib.monsters["zombie"].traits
    assert monster_playable(lib, lib.monsters["zombie"].stats[(1, "master")]) == []
    assert monster_playable(lib, lib.monsters["barghest"].stats[(1, "master")]) == []     # Night Stalker plays


def _broken(tmp_path: Path, file: str, edit: object) -> Path:
    root = tmp_path / "data"
    shutil.copytree(DATA, root)
    doc = yaml.safe_load((root / file).read_text())
    edit(doc)  # type: ignore[operator]
    (root / file).write_text(yaml.safe_dump(doc))
    return root


def test_a_broken_data_file_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    root = _broken(tmp_path, "dice.yaml", lambda d: d["dice"][0]["faces"].pop())
    with pytest.raises(SetupError, match=r"dice.yaml.*6 faces"):
        build_library(root)
    root = _broken(tmp_path / "b", "monsters.yaml",
                   lambda d: d["monsters"][0]["acts"][1]["minion"]["abilities"].append("teleport"))
    with pytest.raises(SetupError, match="unknown ability 'teleport'"):
        build_library(root)
    root = _broken(tmp_path / "c", "heroes.yaml", lambda d: d["heroes"][0].update(defense=["purple"]))
    with pytest.raises(SetupError, match="unknown die 'purple'"):
        build_library(root)
    root = _broken(tmp_path / "d", "classes.yaml", lambda d: d["classes"][0].update(source="somewhere"))
    with pytest.raises(SetupError, match="printed"):
        build_library(root)
