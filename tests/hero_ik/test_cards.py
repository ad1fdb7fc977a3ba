"""The card set: validated data, provenance, the box obeys Annex II, every keyword appears, user files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from questbox.core import SetupError
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.cards import (
    ABILITIES,
    AURAS,
    FAMILIES,
    TYPES,
    box_dungeon,
    build_dungeon,
    builtin,
    card_set,
    load_card_file,
    parse_card_file,
    parse_power,
)
from questbox.games.hero_ik.scenarios import scenarios

BOX = "lair-of-the-lich"


def test_the_data_file_validates_and_every_entry_has_a_provenance() -> None:
    cs = builtin()
    entries = [*cs.adventurers.values(), *cs.equipment.values(), *cs.dungeon.values(), *cs.finals.values()]
    assert entries
    for e in entries:
        assert e.source in ("printed", "ours")
        if e.source == "printed":
            assert e.printed_source, e.id


def test_the_printed_cards_are_marked_printed_and_the_rest_ours() -> None:
    cs = builtin()
    printed = {c.id for c in [*cs.adventurers.values(), *cs.equipment.values(), *cs.dungeon.values(),
                              *cs.finals.values()] if c.source == "printed"}
    assert printed == {"hero", "nova", "force", "orc-assassin", "abunakkashii", "liche"}
    # the facts no source gives are listed as ours on the printed cards
    assert "gender" in cs.adventurers["hero"].ours
    assert {"colour", "mana"} <= set(cs.dungeon["orc-assassin"].ours)
    assert {"colour", "family", "mana"} <= set(cs.dungeon["abunakkashii"].ours)


@pytest.mark.clause("HIK-ADV-02", "HIK-ADV-03", "HIK-ADV-04", "HIK-ADV-05", "HIK-ADV-06", "HIK-ADV-07",
                    "HIK-ADV-08", "HIK-ADV-09", "HIK-EQCARD-01", "HIK-EQCARD-02", "HIK-DCARD-05", "HIK-FINAL-01",
                    "HIK-FINAL-02", "HIK-FINAL-03", "HIK-CLAR-06")
def test_the_printed_facts() -> None:
    cs = builtin()
    hero, nova = cs.adventurers["hero"], cs.adventurers["nova"]
    assert hero.type == "priest" and nova.type == "sorcerer"
    assert (hero.gift.effect, hero.gift.value) == ("roll_bonus", 1)
    assert (hero.power.effect, hero.power.sides) == ("replace_die", 12)
    assert (hero.ultimate.effect, hero.ultimate.value) == ("gain_courage", 4)
    assert nova.gift.effect == "reroll_on_one"
    assert (nova.power.effect, nova.power.factor) == ("multiply", 2)
    assert nova.ultimate.effect == "mana_all"
    force = cs.equipment["force"]
    assert force.kind == "potion" and force.cost.as_tuple() == (0, 0, 0, 0)
    assert (force.effect.effect, force.effect.value) == ("add", 3)
    orc = cs.dungeon["orc-assassin"]
    assert orc.family == "greenskin" and orc.auras.nemesis == 1
    abu = cs.dungeon["abunakkashii"]
    assert abu.power == "9" and "pain" in abu.abilities
    lich = cs.finals["liche"]
    assert (lich.family, lich.power, lich.fear_per_adventurer) == ("undead", "A+7", 2)


@pytest.mark.clause("HIK-CONSTRUCTED-02", "HIK-CONSTRUCTED-03", "HIK-CONSTRUCTED-04", "HIK-DCARD-01",
                    "HIK-DCARD-02", "HIK-DCARD-03", "HIK-DCARD-04", "HIK-GREEN-01")
def test_the_box_obeys_annex_ii() -> None:
    cs = builtin()
    box = cs.boxes[BOX]
    ids = box_dungeon(box)
    assert len(ids) == 48 and build_dungeon(cs, ids, box.final) == ids
    colours = Counter(cs.dungeon[c].colour for c in ids)
    assert colours == {"green": 12, "yellow": 12, "blue": 12, "red": 12}
    mana = Counter(cs.dungeon[c].colour for c in ids if cs.dungeon[c].mana)
    assert mana == {"green": 6, "yellow": 6, "blue": 6, "red": 6}
    families = {cs.dungeon[c].family for c in ids}
    assert "trap" not in families and "bulloeil" not in families
    assert families == {"demon", "undead", "dragon", "greenskin"}
    # Greenskins: Power 4 (given for solitaire)
    assert all(cs.dungeon[c].power == "4" for c in ids if cs.dungeon[c].family == "greenskin")
    assert len(box.adventurers) == 4 and len(box.equipment) == 7


@pytest.mark.clause("HIK-POWERS-07", "HIK-EQCARD-03", "HIK-DCARD-02", "HIK-ADV-01")
def test_every_keyword_of_the_rulebook_is_on_some_card() -> None:
    cs = builtin()
    cards = list(cs.dungeon.values())
    assert {c.family for c in cards} == set(FAMILIES)
    assert {a for c in cards for a in c.abilities} == set(ABILITIES)
    assert {k for c in cards for k, v in c.auras.model_dump().items() if v} == set(AURAS)
    assert any(c.nemesis is not None for c in cards)
    powers = [parse_power(c.power) for c in cards]
    assert any(p.die for p in powers) and any(p.a for p in powers) and any(p.m for p in powers)
    assert any(parse_power(f.power).a for f in cs.finals.values())  # the final monster ability: the Lich
    assert {a.type for a in cs.adventurers.values()} == set(TYPES)
    assert {a.gender for a in cs.adventurers.values()} == {"male", "female"}
    assert {e.kind for e in cs.equipment.values()} == {"potion", "item", "quest"}
    assert {e.slot for e in cs.equipment.values() if e.kind == "item"} == {"weapon", "armour"}
    # type and gender keywords used by cards
    assert any(c.nemesis for c in cards)
    assert any(getattr(e.effect, "per_gender", None) for e in cs.equipment.values())
    assert any(getattr(e.effect, "requires_type", None) for e in cs.equipment.values())
    # a few traps for constructed dungeons, and effects aimed at monsters or at traps
    assert sum(1 for c in cards if c.family == "trap") >= 3
    targets = {getattr(a.gift, "against", None) for a in cs.adventurers.values()}
    assert {"monster", "trap"} <= targets


def test_sons_of_abunakkashii_are_defined() -> None:
    cs = builtin()
    sons = [c.id for c in cs.dungeon.values() if "son-of-abunakkashii" in c.tags]
    assert len(sons) >= 2


def test_powers_parse() -> None:
    assert parse_power("9") == (9, 0, 0, 0)
    assert parse_power("A+7") == (7, 0, 1, 0)
    assert parse_power("M") == (0, 0, 0, 1)
    assert parse_power("1d6+3") == (3, 6, 0, 0)
    with pytest.raises(ValueError, match="Power 'X'"):
        parse_power("X")


def test_scenarios_validate() -> None:
    sc = scenarios()
    assert set(sc) == {"easy", "medium", "hard"}
    assert [len(s.lines) for s in sc.values()] == [10, 9, 8]
    assert all(s.lines[len(s.lines)].effect == "lich_wins" for s in sc.values())


def test_a_users_card_file_goes_through_the_same_validator(tmp_path: Path) -> None:
    """Someone owning the printed box corrects one of our cards and plays with it."""
    doc = {"set": "my box", "dungeon": [
        {"id": "zombie", "name": "Zombie (printed)", "source": "printed", "printed_source": "my own card",
         "colour": "blue", "family": "undead", "power": "1"}]}
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert load_card_file(path).dungeon[0].power == "1"
    setup = {"cards": str(path), "shuffle": False, "start": {"piles": {1: ["zombie"]}}}
    with pytest.raises(SetupError, match="never names a file"):
        GAME.new(setup)                 # Game.new never opens a file (issue #15)
    inlined = GAME.inline_files(setup)  # the command line reads it
    assert inlined == {**setup, "cards": doc}
    state = GAME.new(inlined)
    assert state.view("adventurers")["corridors"][0]["encounter"]["current_power"] == 1
    # the setup keeps the file's content, so the game replays without the file
    doc2 = state.to_json()
    path.unlink()
    assert GAME.from_json(doc2).to_json() == doc2
    assert card_set(parse_card_file(doc)).dungeon["zombie"].name == "Zombie (printed)"


@pytest.mark.parametrize(("doc", "message"), [
    ({"dungeon": [{"id": "x", "name": "X", "source": "ours", "colour": "purple", "family": "undead",
                   "power": "3"}]}, "colour"),
    ({"dungeon": [{"id": "x", "name": "X", "source": "ours", "colour": "red", "family": "undead",
                   "power": "lots"}]}, "is not a number"),
    ({"dungeon": [{"id": "x", "name": "X", "source": "printed", "colour": "red", "family": "undead",
                   "power": "3"}]}, "names its source"),
    ({"equipment": [{"id": "q", "name": "Q", "kind": "quest", "source": "ours",
                     "effect": {"effect": "gain_courage", "value": 1}}]}, "at least one dungeon card"),
    ({"equipment": [{"id": "p", "name": "P", "kind": "potion", "source": "ours",
                     "effect": {"effect": "roll_bonus", "value": 1}}]}, "cannot have the effect"),
    ({"dungeon": [{"id": "t", "name": "T", "source": "ours", "colour": "red", "family": "trap", "power": "3",
                   "abilities": ["ferocious"]}]}, "cannot be Ferocious"),
    ({"boxes": {"b": {"name": "B", "adventurers": ["hero"], "equipment": ["force"], "final": "liche",
                      "dungeon": {"zombie": 48}}}}, "12 cards of each colour"),
    ([1, 2], "a card file is a mapping"),
])
def test_bad_card_files_get_clear_errors(doc: object, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        card_set(parse_card_file(doc))
