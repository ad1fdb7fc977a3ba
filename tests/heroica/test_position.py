"""The Heroica setup's ``position:`` (a mid-game start): what it sets, and what it refuses."""

from __future__ import annotations

import re
from typing import Any

import pytest

from questbox.core import SetupError
from questbox.games.heroica import GAME

MAP = "S-o-o-W-o-z-T\n|   |\nS-$-o\n"


def setup(position: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"heroes": ["wizard", "prince"],
            "mission": {"id": "pos", "title": "Position", "source": "ours", "heroes": [1, 2], "map": MAP},
            "position": position, **extra}


@pytest.mark.clause("HER-GIANT-01")
def test_a_position_sets_places_bars_defeats_round_and_turn() -> None:
    s = GAME.new(setup({"round": 5, "turn": "p2", "heroes": {"p2": {"at": "c2", "came": "c1", "defeats": 1,
                                                                       "monsters": ["zombie"]}},
                        "bars": {"d1": 3}, "cleared": ["f1", "b2"]}))
    v = s.view(None)
    assert v["turn"]["round"] == 5 and s.to_move() == ("p2",)
    assert v["heroes"][1]["at"] == "c2" and v["heroes"][1]["came"] == "c1"
    assert v["heroes"][1]["defeats"] == 1 and v["heroes"][1]["monsters"] == ["zombie"]
    assert v["board"]["bars"] == {"d1": 3} and v["board"]["monsters"] == {"d1": "giant-bat"}
    assert v["board"]["items"] == {}
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize(("position", "message"), [
    ({"colour": 1}, "position.colour"),
    ({"round": 0}, "position.round"),
    ({"round": 101}, "past the round limit"),
    ({"turn": "p9"}, "'p9' is not a seat"),
    ({"turn": "monsters"}, "'monsters' is not a seat"),
    ({"heroes": {"p3": {}}}, "'p3' is not a hero seat"),
    ({"heroes": {"p1": {"at": "z9"}}}, "'z9' is not a space"),
    ({"heroes": {"p1": {"at": "d1"}}}, "holds a monster"),
    ({"heroes": {"p1": {"at": "b2"}}}, "an item"),
    ({"heroes": {"p1": {"at": "g1"}}}, "already won the mission"),
    ({"heroes": {"p1": {"at": "a2"}}}, "two heroes stand on one space"),
    ({"heroes": {"p1": {"defeats": -1}}}, "position.heroes.p1.defeats"),
    ({"heroes": {"p1": {"monsters": ["dragon"]}}}, "unknown monster 'dragon'"),
    ({"bars": {"f1": 2}}, "no monster with a strength bar stands on f1"),
    ({"bars": {"d1": 0}}, "strength 0 is not between 1 and 4"),
    ({"cleared": ["c1"]}, "nothing stands on c1"),
    ({"cleared": ["g1"]}, "nothing stands on g1"),
    ("round 3", "heroica setup: position: Input should be a valid dictionary"),
])
def test_a_position_that_cannot_be_is_refused(position: Any, message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
        GAME.new(setup(position))


@pytest.mark.clause("HER-BATTLE-03")
def test_a_battle_position_after_two_defeats_is_refused() -> None:
    doc = setup({"heroes": {"p1": {"defeats": 1}, "p2": {"defeats": 1}}}, variant="battle")
    with pytest.raises(SetupError, match="two defeats already end Battle HEROICA"):
        GAME.new(doc)
    doc["position"] = {"turn": "monsters", "heroes": {"p1": {"defeats": 1}}}
    assert GAME.new(doc).to_move() == ("monsters",)
