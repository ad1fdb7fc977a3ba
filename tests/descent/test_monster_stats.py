"""The 36 stat lines of the base game's monsters (9 monsters x Act I/II x minion/master) against a
checked-in extract of two public transcriptions of the cards (tests/descent/data/
monster_stats_public.yaml, its origin in its header): any2cards/d2e, which transcribes the card
fronts, and TAG's monsters.json. Ours must equal any2cards; where TAG disagrees, the line's
recorded source must say so (issue #17: cave spider Act I master +2 hearts, barghest Act I master
blue + red). The group sizes (the card backs) too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from questbox.games.descent.data import Stat, library

EXTRACT = Path(__file__).parent / "data" / "monster_stats_public.yaml"
PUBLIC: dict[str, Any] = yaml.safe_load(EXTRACT.read_text())
LINES: dict[str, Any] = PUBLIC["lines"]


def numbers(s: Stat) -> dict[str, Any]:
    """Our stat line in the extract's terms (dice as multisets: the order is the printer's)."""
    return {"speed": s.speed, "health": s.health, "defense": Counter(s.defense), "dice": Counter(s.dice),
            "surge_hearts": sorted(x.value for x in s.surges if x.effect == "heart")}


def printed(line: dict[str, Any]) -> dict[str, Any]:
    return {"speed": line["speed"], "health": line["health"], "defense": Counter(line["defense"]),
            "dice": Counter(line["dice"]), "surge_hearts": sorted(line["surge_hearts"])}


def test_the_extract_covers_every_stat_line_of_the_nine_monsters() -> None:
    lib = library()
    ours = {f"{m.id}/{act}/{role}" for m in lib.monsters.values() for (act, role) in m.stats}
    assert len(LINES) == 36
    assert set(LINES) == ours
    assert set(PUBLIC["sources"]) == {"any2cards", "tag"}


@pytest.mark.parametrize("key", sorted(LINES))
def test_each_stat_line_is_the_card_as_any2cards_transcribes_it(key: str) -> None:
    mid, act, role = key.split("/")
    stat = library().monsters[mid].stats[(int(act), role)]
    assert numbers(stat) == printed(LINES[key]["any2cards"])


@pytest.mark.parametrize("key", sorted(LINES))
def test_each_stat_line_records_its_source_and_where_tag_disagrees(key: str) -> None:
    mid, act, role = key.split("/")
    stat = library().monsters[mid].stats[(int(act), role)]
    line = LINES[key]
    differs = [f for f in ("speed", "health", "defense", "dice", "surge_hearts")
               if printed(line["any2cards"])[f] != printed(line["tag"])[f]]
    assert differs == line.get("differs", [])
    assert stat.source.startswith("printed: any2cards")
    if differs:
        assert "TAG has" in stat.source
    else:
        assert "TAG agrees" in stat.source


def test_the_two_known_slips_are_fixed() -> None:
    lib = library()
    spider = lib.monsters["cave-spider"].stats[(1, "master")]
    assert [x.value for x in spider.surges if x.effect == "heart"] == [2]
    barghest = lib.monsters["barghest"].stats[(1, "master")]
    assert Counter(barghest.dice) == Counter(["blue", "red"])


@pytest.mark.parametrize("monster", sorted(PUBLIC["groups"]))
def test_each_group_size_is_the_card_back_as_any2cards_transcribes_it(monster: str) -> None:
    group = library().monsters[monster].group
    assert {n: list(group[n]) for n in (2, 3, 4)} == PUBLIC["groups"][monster]
