"""The rulebook's example of combat (Nova and Hero against Abunakkashii), step by step."""

from __future__ import annotations

import pytest

from questbox.core import IllegalAction
from tests.hero_ik.conftest import new, play


@pytest.mark.clause("HIK-CLAR-07", "HIK-CLAR-06", "HIK-ADV-07", "HIK-ADV-04", "HIK-ADV-08", "HIK-ADV-03",
                    "HIK-FEAR-02", "HIK-FEAR-10", "HIK-FEAR-11", "HIK-CLAR-02")
def test_nova_and_hero_against_abunakkashii() -> None:
    s = new({"mode": "duel", "party": ["nova", "hero", "epee", "cotte", "priere"], "shuffle": False,
             "start": {"courage": 2, "fear": 2, "piles": {1: ["abunakkashii"]}}}, script=[1, 2, 11, 4])
    # The 2 characters have 1 Mana token each and the group has 2 Courage tokens. The dungeon master has 2 Fear.
    assert (s.mana, s.courage, s.fear) == ([1, 1], 2, 2)
    assert s.power_of(0) == 9 and s.ctx.pain[s.slot[0]]  # Pain: a defeat would cost both Courage tokens
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll")
    # 1d6 = 1: the dungeon master gains 1 Fear token (total = 3)
    assert s.combat is not None and s.combat.face == 1 and s.fear == 3
    play(s, ("dungeon", "pass"))
    # Nova's gift rerolls the d6: 2
    play(s, "gift nova")
    assert s.combat.face == 2
    play(s, ("dungeon", "pass"))
    # Hero's temporary power cancels this result and rolls a d12: 11; Hero loses his Mana token
    play(s, "power hero")
    assert (s.combat.sides, s.combat.face, s.mana) == (12, 11, [1, 0])
    # the dungeon master pays 3 Fear tokens for Dire fate and forces a reroll of the d12: 4
    assert s.to_move() == ("dungeon",)
    play(s, ("dungeon", "dire"))
    assert (s.combat.sides, s.combat.face, s.fear) == (12, 4, 0)
    # no Fear left: the adventurer player acts; Nova doubles the die (8), Nova loses her Mana
    play(s, "power nova")
    assert (s.combat.mult, s.mana) == (2, [0, 0])
    # Hero's gift adds +1: final total 9 against Power 9
    assert s.combat_total() == 9 == s.combat_power()
    with pytest.raises(IllegalAction):
        s.apply("dungeon", "dire")  # too late, and no Fear anyway
    events = s.apply(None, "resolve")
    assert any("= 9 against Power 9: victory" in e.text for e in events)
    # Abunakkashii is defeated
    assert [s.ctx.deck[t] for t in s.trophies] == ["abunakkashii"]
    assert s.courage == 2 and not s.is_over()
