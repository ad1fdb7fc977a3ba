"""The examples on docs/games/heroica.md are valid documents."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from questbox.games.heroica import GAME
from questbox.games.heroica.data import validate_mission

PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "heroica.md"


def blocks() -> list[dict]:  # type: ignore[type-arg]
    return [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", PAGE.read_text(), re.S)]


def test_the_setup_and_mission_examples_load() -> None:
    docs = blocks()
    setups = [d for d in docs if "map" not in d and ("variant" in d or "heroes" in d)]
    missions = [d for d in docs if "map" in d]
    assert setups and missions
    for d in setups:
        GAME.new(d, seed=0)
    for m in missions:
        doc = validate_mission(m)
        assert doc["target"] and doc["start"]
        GAME.new({"mission": m, "heroes": ["wizard", "sage"]}, seed=0)


def test_the_explicit_mission_example_is_valid() -> None:
    docs = blocks()
    explicit = next(d for d in docs if "spaces" in d)
    validate_mission({"id": "x", "title": "X", "source": "ours", "heroes": [1, 2], **explicit})
