"""Battle HEROICA: a monster moving through other monsters' spaces (ruling R24)."""

from __future__ import annotations

import pytest

from questbox.games.heroica import GAME
from tests.heroica.test_rules import new, play


@pytest.mark.clause("HER-BATTLE-08")
def test_a_monster_over_another_round_trips_and_clones() -> None:
    s = new("S-o-o-o-o-z-b-o-T\n|\nS\n", heroes=["wizard"], variant="battle", script=["skull", "sword"])
    play(s, "roll", "stop", "pick g1", "step f1")
    assert s.passing == ("bat", -1) and s.monsters == {s.board.index["f1"]: "zombie"}
    doc = s.to_json()
    back = GAME.from_json(doc)
    assert back.to_json() == doc and back.passing == s.passing
    c = s.clone()
    play(c, "step e1")
    assert c.passing is None and s.passing == ("bat", -1), "the clone moved on, the original did not"


@pytest.mark.clause("HER-BATTLE-08", "HER-GIANT-01")
def test_the_giant_keeps_its_strength_while_it_passes_a_monster() -> None:
    s = new("S-o-o-o-o-z-W-o-T\n|\nS\n", heroes=["wizard"], variant="battle", script=["skull", "skull"])
    play(s, "roll", "stop", "pick g1", "step f1")
    assert s.passing == ("giant-bat", 4) and s.view(None)["turn"]["passing"] == {"monster": "giant-bat", "bar": 4}
    play(s, "step e1")
    assert s.bars == {s.board.index["e1"]: 4} and s.passing is None
