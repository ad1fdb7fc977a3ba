"""The data of Descent part 2 (games/descent/catalog.py; issue #18): loaded, validated, sourced."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from questbox.core import SetupError
from questbox.games.descent.catalog import DATA, build_catalog, catalog

FILES = ("overlord.yaml", "lieutenants.yaml", "skills.yaml", "shop.yaml")


def test_the_base_game_in_numbers() -> None:
    c = catalog()
    assert len(c.basic_deck()) == 15
    assert {c.overlord[x].deck for x in c.overlord} == {"basic", "magus", "saboteur", "warlord", "universal"}
    # each class: 4 level 1 cards, 2 level 2, 1 level 3, counting copies (Descent-Community wiki)
    for deck in ("magus", "saboteur", "warlord"):
        levels = [c.overlord[x].xp for x in c.overlord if c.overlord[x].deck == deck
                  for _ in range(c.overlord[x].copies)]
        assert sorted(levels) == [1, 1, 1, 1, 2, 2, 3], deck
    # the base game's six, and Ardus Ix'Erebus (the Lieutenant Pack's figure)
    assert sorted(c.lieutenants) == ["ardus", "baron-zachareth", "belthir", "lady-eliza-farrow", "lord-merick-farrow",
                                     "sir-alric-farrow", "splig"]
    assert sorted(c.classes) == ["berserker", "disciple", "knight", "necromancer", "runemaster", "spiritspeaker",
                                 "thief", "wildlander"]
    for hc in c.classes.values():
        # a starting skill, three of 1 XP, three of 2 XP, two of 3 XP
        assert sorted(s.xp for s in hc.skills) == [0, 1, 1, 1, 2, 2, 2, 3, 3], hc.id
    assert {i.act for i in c.shop.values()} == {1, 2}
    assert len(c.shop_deck(1)) == 20 and len(c.shop_deck(2)) == 14


def test_stat_lines_as_the_source_lists_them() -> None:
    z = catalog().lieutenants["baron-zachareth"]
    act2 = z.acts[1]
    assert act2.dice == ["blue", "red", "red"]
    assert act2.per_heroes[2] == (4, 20, ["black", "gray", "gray"])
    assert z.attributes == {"might": 4, "knowledge": 3, "willpower": 3, "awareness": 4}


def test_every_entry_has_a_source_and_our_words() -> None:
    c = catalog()
    entries = [*c.overlord.values(), *c.deck_rules.values(), *c.lieutenants.values(), *c.classes.values(),
               *c.shop.values()]
    for e in entries:
        assert e.source.startswith(("printed: ", "ours: ")), e
    # the printed cards open with "Play this card ..."; our paraphrases never do
    texts = [x.effect for x in c.overlord.values()] + [s.effect for k in c.classes.values() for s in k.skills]
    assert not [t for t in texts if "play this card" in t.lower()]


def _copy(tmp_path: Path) -> Path:
    for f in FILES:
        shutil.copy(DATA / f, tmp_path / f)
    return tmp_path


@pytest.mark.parametrize(("file", "change", "message"), [
    ("overlord.yaml", lambda d: d["cards"][0].update(xp=2), "basic cards cost 0 XP"),
    ("overlord.yaml", lambda d: d["cards"][0].update(source="from a card"), "source"),
    ("overlord.yaml", lambda d: d["cards"][0].update(when="whenever"), "when 'whenever'"),
    ("overlord.yaml", lambda d: d["cards"].append(dict(d["cards"][0])), "appears twice"),
    ("lieutenants.yaml", lambda d: d["lieutenants"][0]["acts"][0].update(dice=["blue", "black"]), "not a die"),
    ("lieutenants.yaml", lambda d: d["lieutenants"][0]["acts"][0].update(abilities=["teleport"]), "teleport"),
    ("skills.yaml", lambda d: d["classes"][0]["skills"][1].update(xp=0), "exactly one starting"),
    ("skills.yaml", lambda d: d["classes"][0]["skills"][1].update(fatigue="2"), "fatigue"),
    ("shop.yaml", lambda d: d["items"][0].update(cost=160), "cost"),
    ("shop.yaml", lambda d: d["items"][0].update(colour="red"), "colour"),
])
def test_a_bad_file_is_refused_naming_it(tmp_path: Path, file: str, change: Callable[[dict[str, Any]], None],
                                         message: str) -> None:
    root = _copy(tmp_path)
    doc = yaml.safe_load((root / file).read_text())
    change(doc)
    (root / file).write_text(yaml.safe_dump(doc))
    with pytest.raises(SetupError, match=file.replace(".", r"\.")) as err:
        build_catalog(root)
    assert message in str(err.value)


def test_buying_class_cards_by_level() -> None:
    c = catalog()
    deck = c.basic_deck()
    assert not c.can_buy(deck, "dark-might")            # a basic card is not bought
    assert c.can_buy(deck, "plan-ahead")                # Universal: always
    assert not c.can_buy(deck, "bloodlust")             # level 2 needs two Warlord cards
    deck += ["blood-rage"]
    assert not c.can_buy(deck, "bloodlust")
    deck += ["dark-fortitude"]
    assert c.can_buy(deck, "bloodlust")
    assert not c.can_buy(deck, "reinforce")             # level 3 needs three
    deck += ["blood-rage"]
    assert c.can_buy(deck, "reinforce")
    assert not c.can_buy(deck, "blood-rage")            # both copies bought
