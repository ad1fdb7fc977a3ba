"""Heroica rules and rulings beyond the conformance cases (docs/rulings/heroica.md)."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import Action, IllegalAction, Rng
from questbox.games.heroica import GAME
from questbox.games.heroica.state import HeroicaState


def mission(text: str, **kw: Any) -> dict[str, Any]:
    return {"id": "t", "title": "T", "source": "ours", "heroes": [1, 2], "map": text, **kw}


def new(text: str, heroes: list[Any] | None = None, script: list[Any] | None = None,
        **setup: Any) -> HeroicaState:
    doc: dict[str, Any] = {"mission": mission(text), "heroes": heroes or ["wizard", "prince"], **setup}
    s = GAME.new(doc, seed=1)
    s.rng.script = list(script or [])
    return s


def legal(s: HeroicaState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def play(s: HeroicaState, *actions: str) -> None:
    for a in actions:
        s.apply(None, a)


def hero(s: HeroicaState, i: int) -> dict[str, Any]:
    h: dict[str, Any] = s.view(None)["heroes"][i]
    return h


ZC = "S-o-o-z-o-T\n|\nS\n"


@pytest.mark.clause("HER-MOVE-01")
def test_a_move_never_enters_a_space_twice_nor_a_monster() -> None:
    s = new(ZC, script=["sword"])
    play(s, "roll", "step b1")
    assert legal(s) == ["step c1", "stop"]
    with pytest.raises(IllegalAction):
        s.apply(None, "step a1")


@pytest.mark.clause("HER-MOVE-02", "HER-HERO-01")
def test_ranged_skills_only_on_a_shield_before_moving() -> None:
    s = new("S-o-o-o-z-T\n|\nS\n", script=["shield"])
    play(s, "roll")
    assert "use wizard e1" in legal(s)
    play(s, "step b1")
    assert not [a for a in legal(s) if a.startswith("use")]


def test_knight_moves_up_to_two_then_defeats_an_adjacent_monster() -> None:
    s = new("S-o-o-z-o-T\n|\nS\n", heroes=["knight", "prince"], script=["shield"])
    play(s, "roll")
    assert "use knight" in legal(s)
    play(s, "use knight", "step b1")
    assert legal(s) == ["step c1", "stop"]
    play(s, "stop")
    assert hero(s, 0)["at"] == "b1"
    assert s.to_move() == ("p2",), "no monster adjacent after the skill move: the skill is spent"


def test_knight_strikes_after_reaching_a_monster() -> None:
    s = new("S-o-o-z-o-T\n|\nS\n", heroes=["knight", "prince"], script=["shield"])
    play(s, "roll", "use knight", "step b1", "step c1")
    assert legal(s) == ["strike d1"]
    play(s, "strike d1")
    assert hero(s, 0)["monsters"] == ["zombie"]


def test_move_then_defeat_skills_are_offered_only_with_a_monster_in_reach() -> None:
    s = new("S-o-o-o-o-z-T\n|\nS\n", heroes=[{"hero": "sage", "weapons": ["sword"]}, "prince"],
            script=["shield"])
    play(s, "roll")
    assert "use sword" not in legal(s)


@pytest.mark.clause("HER-GIANT-02")
def test_a_ranged_defeat_takes_one_strength_off_the_giant_bat() -> None:
    s = new("S-o-o-W-o-T\n|\nS\n", script=["shield"])
    play(s, "roll", "use wizard d1")
    assert s.view(None)["board"]["bars"] == {"d1": 3}
    assert s.to_move() == ("p2",)


@pytest.mark.clause("HER-WEAPON-06", "HER-GIANT-02")
def test_the_ax_takes_one_strength_off_the_giant_and_the_fight_goes_on() -> None:
    s = new("S-o-o-W-o-T\n|   |\nS   z\n", heroes=[{"hero": "wizard", "weapons": ["ax"]}, "prince"],
            script=["sword", "shield"])
    play(s, "roll", "step b1", "step c1", "fight c2", "use ax")
    v = s.view(None)
    assert v["board"]["monsters"] == {"d1": "giant-bat"} and v["board"]["bars"] == {"d1": 3}
    assert legal(s) == ["fight d1"], "still next to the giant: fight it at once"


def test_no_melee_skill_against_the_giant_bat() -> None:
    s = new("S-o-o-W-o-T\n|\nS\n", heroes=[{"hero": "wizard", "weapons": ["ax", "dagger"]}, "prince"],
            script=["sword", "shield"])
    play(s, "roll", "step b1", "step c1", "fight d1")
    assert s.view(None)["board"]["bars"] == {"d1": 3}
    assert legal(s) == ["fight d1"]


@pytest.mark.clause("HER-FIGHT-04")
def test_moving_back_prefers_the_space_the_hero_came_from() -> None:
    s = new("S-o-o-z-o-T\n|   |\nS   o\n", script=["sword", "skull"])
    play(s, "roll", "step b1", "step c1", "fight d1")
    assert hero(s, 0)["at"] == "b1"


@pytest.mark.clause("HER-FIGHT-04")
def test_moving_back_is_chosen_when_several_spaces_qualify() -> None:
    s = new("o-S-z-o-T\n  |\n  o\n  |\n  S\n", script=["skull"])
    assert legal(s) == ["fight c1"]
    play(s, "fight c1")
    assert s.to_move() == ("p1",)
    assert legal(s) == ["back a1", "back b2"]
    play(s, "back b2")
    assert hero(s, 0)["at"] == "b2" and hero(s, 0)["health"] == 2
    assert s.to_move() == ("p2",)


@pytest.mark.clause("HER-MOVEFIGHT-01")
def test_forward_is_chosen_when_several_spaces_are_equally_near() -> None:
    s = new("S-o-o-o-T\n|   |\nS   o\n", script=["skull", "sword"])
    play(s, "roll", "step b1", "step c1", "roll", "step a1", "step b1", "step c1")
    assert legal(s) == ["forward d1", "forward c2"]
    play(s, "forward c2")
    assert hero(s, 1)["at"] == "c2"


def test_one_is_exact_option() -> None:
    s = new("S-o-o-o-T\n|\nS\n", script=["sword-skull"], options={"one_is_exact": True})
    play(s, "roll")
    assert legal(s) == ["step b1", "step a2"]
    s = new("S-o-o-o-T\n|\nS\n", script=["sword-skull"])
    play(s, "roll")
    assert legal(s) == ["step b1", "step a2", "stop"]


@pytest.mark.clause("HER-POTION-03")
def test_a_life_potion_is_not_offered_at_full_health() -> None:
    s = new(ZC, heroes=[{"hero": "wizard", "life": 1}, "prince"])
    assert legal(s) == ["roll"]


@pytest.mark.clause("HER-COFFIN-05")
def test_no_bat_appears_when_none_is_left_in_the_box() -> None:
    s = new("S-o-C-o-b-b-b-b-T\n|\nS\n", script=["sword", "skull"])
    assert s.view(None)["board"]["bats_in_box"] == 0
    play(s, "roll", "step b1", "step c1")
    v = s.view(None)
    assert "c1" not in v["board"]["monsters"] and v["heroes"][0]["health"] == 3
    assert s.to_move() == ("p2",)


@pytest.mark.clause("HER-MOVEFIGHT-03")
def test_the_prince_skill_move_stops_next_to_the_next_monster() -> None:
    s = new("S-o-o-z-o-b-T\n|\nS\n", heroes=["prince", "wizard"], script=["sword", "shield"])
    play(s, "roll", "step b1", "step c1", "fight d1", "use prince", "step d1", "step e1")
    assert legal(s) == ["fight f1"]


@pytest.mark.clause("HER-EPIC-05")
@pytest.mark.parametrize(("bonus", "gold"), [("all", 1), ("none", 0)])
def test_epic_tie_for_most_monsters(bonus: str, gold: int) -> None:
    m1 = mission("S-o-b-o-o-T\n|   |\nS-b o\n", id="e1")
    m2 = mission("S-o-T\n|\nS\n", id="e2")
    s = GAME.new({"variant": "epic", "missions": [m1, m2], "heroes": ["wizard", "prince"],
                  "options": {"epic_tie_bonus": bonus}}, seed=1)
    s.rng.script = ["sword-skull", "sword", "sword", "shield"]
    play(s, "roll", "step b1", "fight c1")          # p1 defeats a bat
    play(s, "fight b2")                             # p2 starts next to a bat and defeats it
    play(s, "roll", "step c1", "step d1", "step e1", "step f1")  # p1 completes mission 1
    v = s.view(None)
    assert v["mission"] == 1
    assert [h["gold"] for h in v["heroes"]] == [gold, gold]


@pytest.mark.clause("HER-FANG-01")
def test_a_kept_fang_is_not_put_on_the_next_board_again() -> None:
    m1 = mission("S-o-o-T\n|\nS\n", id="f1")
    m2 = mission("S-o-F-T\n|\nS\n", id="f2")
    s = GAME.new({"variant": "epic", "missions": [m1, m2], "heroes": [{"hero": "wizard", "fang": 1}, "prince"]},
                 seed=1)
    s.rng.script = ["sword"]
    play(s, "roll", "step b1", "step c1", "step d1")
    assert s.view(None)["mission"] == 1 and s.view(None)["board"]["items"] == {}


def test_round_limit_ends_a_mission_unwon() -> None:
    s = new("S-o-o-o-T\n|\nS\n", options={"round_limit": 1}, script=["sword", "sword"])
    play(s, "roll", "stop", "roll", "stop")
    assert s.is_over()
    out = s.outcome()
    assert out is not None and out.winners == () and out.reason == "round limit"


@pytest.mark.clause("HER-POTION-04", "HER-BATTLE-12")
def test_defense_lasts_only_the_hero_s_own_turn() -> None:
    s = new("S-o-o-o-z-o-T\n|\nS\n", heroes=[{"hero": "wizard", "defense": 1}], variant="battle",
            script=["sword-skull", "skull", "sword"])
    play(s, "drink defense", "roll", "step b1", "pick e1", "step d1", "step c1", "fight b1")
    assert hero(s, 0)["health"] == 2


@pytest.mark.clause("HER-BATTLE-03")
def test_battle_the_same_hero_defeated_twice() -> None:
    s = new("S-z-o-o-T\n|\nS\n", heroes=[{"hero": "wizard", "health": 2}], variant="battle",
            script=["skull"])
    doc = s.to_json()
    doc["heroes"][0]["defeats"] = 1
    s = GAME.from_json(doc)
    s.rng.script = ["skull"]
    play(s, "fight b1")
    out = s.outcome()
    assert out is not None and out.winners == ("monsters",)


@pytest.mark.clause("HER-BATTLE-09")
def test_a_monster_moving_next_to_an_active_hero_stops_and_fights() -> None:
    s = new("S-o-z-o-T\n|\nS\n", heroes=["wizard"], variant="battle",
            script=["sword-skull", "skull", "sword"])
    play(s, "roll", "step b1")
    assert s.to_move() == ("p1",), "p1 moved next to the zombie and must fight it"
    play(s, "fight c1")
    assert hero(s, 0)["at"] == "a1" and hero(s, 0)["health"] == 2
    assert s.to_move() == ("monsters",)
    assert legal(s) == ["pick c1"]
    play(s, "pick c1")
    assert legal(s) == ["step b1", "step d1", "stop"]
    play(s, "step b1")
    assert legal(s) == ["fight a1"]


def test_battle_with_no_monster_left_passes() -> None:
    s = new("S-z-o-T\n|\nS\n", heroes=["wizard"], variant="battle", script=["sword"])
    play(s, "fight b1")
    assert legal(s) == ["pass"]
    play(s, "pass")
    assert s.to_move() == ("p1",)


def test_determinize_reseeds_the_die_and_keeps_the_view() -> None:
    s = new(ZC)
    s.rng.script = None
    d = s.determinize("p1", Rng(5))
    assert d.view("p1") == s.view("p1")
    assert d.rng != s.rng
    assert "rng" not in s.view("p1")


def test_action_notation_round_trips() -> None:
    s = new("S-o-o-o-z-T\n|\nS\n", heroes=[{"hero": "wizard", "gold": 3}, "prince"], script=["shield"])
    for a in s.legal_actions():
        assert Action.parse(str(a)) == a
    play(s, "roll")
    for a in s.legal_actions():
        assert GAME.parse_action(str(a)) == a


@pytest.mark.clause("HER-POTION-03", "HER-HEALTH-04")
def test_a_life_potion_that_brings_full_health_ends_the_healing() -> None:
    s = new(ZC, heroes=[{"hero": "wizard", "health": 0, "life": 2}, "prince"])
    assert legal(s) == ["heal", "drink life"]
    play(s, "drink life")
    assert hero(s, 0)["healing"] is True and legal(s) == ["heal", "drink life"]
    play(s, "drink life")
    assert hero(s, 0)["health"] == 4 and hero(s, 0)["healing"] is False
    assert legal(s) == ["roll"]
