"""A round: hero turns in the order the heroes choose, then the overlord activates each monster
group; conditions and their timing; attribute tests; rest; the two-hero rule; knocked-out heroes,
standing up and reviving; searching."""

from __future__ import annotations

import pytest

from questbox.core import IllegalAction
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, by_hand, fig, group, names, new, put, quest, setup


def game(heroes: tuple[str, ...] = ("syndrael", "leoric"), monsters: list[dict[str, object]] | None = None,
         **kw: object) -> DescentState:
    q = quest(groups=monsters or [group("zombie", "zombie", ["B1", "H6"], minions=2)],
              search=kw.pop("search", ()), deck=kw.pop("deck", None))  # type: ignore[arg-type]
    return new(setup(q, heroes=heroes, **kw))


def test_the_heroes_choose_their_order_then_the_overlord_activates_every_group() -> None:
    st = game(monsters=[group("zombie", "zombie", ["B1", "H6"], minions=2),
                        group("goblin-archer", "goblin", ["H1"], minions=1)])
    assert st.round == 1 and st.to_move() == ("heroes",)
    assert names(st.legal_actions()) == ["activate syndrael", "activate leoric"]
    act(st, "activate leoric", "end")
    assert st.pending[-1].kind == "hero-turn" and st.figs[st.pending[-1].data[0]].id == "syndrael"
    act(st, "end")
    assert st.to_move() == ("overlord",) and st.phase == "overlord"
    assert names(st.legal_actions()) == ["activate zombie-1", "activate zombie-2", "activate goblin-1", "end"]
    act(st, "activate zombie-2", "end")
    # a started group finishes before another begins
    assert names(st.legal_actions()) == ["activate zombie-1", "end"]
    act(st, "activate zombie-1", "end", "activate goblin-1", "end")
    assert st.round == 2 and st.to_move() == ("heroes",)


def test_one_seat_per_hero_plays_in_the_listed_order() -> None:
    st = game(heroes=("leoric", "syndrael", "avric"), seats="per-hero")
    assert st.seats == ("hero1", "hero2", "hero3", "overlord")
    assert st.to_move() == ("hero1",) and st.figs[st.pending[-1].data[0]].id == "leoric"
    with pytest.raises(IllegalAction):
        st.apply("hero2", "end")
    st.apply("hero1", "end")
    assert st.to_move() == ("hero2",)
    st.apply("hero2", "end")
    st.apply("hero3", "end")
    assert st.to_move() == ("overlord",)


def test_an_attribute_test_passes_when_the_shields_do_not_exceed_the_attribute() -> None:
    st = game()
    s = fig(st, "syndrael")          # Might 4
    st.figs[s].conds.append("poisoned")
    st.rng.script = [6, 2]           # gray 3 + black 2 = 5 > 4: fails, 1 damage
    act(st, "activate syndrael")
    assert st.figs[s].damage == 1 and st.figs[s].conds == ["poisoned"]
    act(st, "end", "end", "activate zombie-1", "end", "activate zombie-2", "end")
    st.rng.script = [2, 2]           # 1 + 2 = 3 <= 4: passes, Poisoned is discarded
    act(st, "activate syndrael")
    assert st.figs[s].damage == 1 and st.figs[s].conds == []


def test_diseased_heroes_test_willpower_or_suffer_fatigue_and_monsters_always_fail() -> None:
    st = game()
    s, z = fig(st, "syndrael"), fig(st, "zombie-1")
    st.figs[s].conds.append("diseased")
    st.figs[z].conds.append("poisoned")
    st.rng.script = [6, 6]           # Willpower 2: fails
    act(st, "activate syndrael")
    assert st.figs[s].fatigue == 1
    act(st, "end", "end", "activate zombie-1")
    assert st.figs[z].damage == 1 and st.figs[z].conds == ["poisoned"]   # no roll: automatically fails


def test_a_stunned_figure_loses_an_action_and_discards_stunned() -> None:
    st = game()
    s = fig(st, "syndrael")
    st.figs[s].conds.append("stunned")
    act(st, "activate syndrael")
    assert st.turn is not None and st.turn.actions == 1 and st.figs[s].conds == []


def test_immobilized_ends_at_the_end_of_the_figures_turn() -> None:
    st = game()
    s = fig(st, "syndrael")
    st.figs[s].conds.append("immobilized")
    act(st, "activate syndrael")
    assert "move" not in names(st.legal_actions())
    act(st, "end")
    assert st.figs[s].conds == []


def test_resting_recovers_all_fatigue_at_the_end_of_the_turn() -> None:
    st = game()
    s = fig(st, "syndrael")
    st.figs[s].fatigue = 3
    act(st, "activate syndrael", "rest")
    assert st.figs[s].fatigue == 3 and "rest" not in names(st.legal_actions())
    act(st, "end")
    assert st.figs[s].fatigue == 0


def test_fatigue_beyond_stamina_is_damage_and_monsters_suffer_fatigue_as_damage() -> None:
    st = game()
    s, z = fig(st, "syndrael"), fig(st, "zombie-1")
    st.figs[s].fatigue = 3
    by_hand(st, st.suffer_fatigue, s, 3)
    assert st.figs[s].fatigue == 4 and st.figs[s].damage == 2
    by_hand(st, st.suffer_fatigue, z, 1)
    assert st.figs[z].damage == 1


def test_the_two_hero_rule_gives_a_free_attack_or_two_hearts_once_a_turn() -> None:
    st = game(two_hero_rule=True)
    s = fig(st, "syndrael")
    st.figs[s].damage = 3
    act(st, "activate syndrael")
    legal = names(st.legal_actions())
    assert "bonus-attack zombie-1" in legal and "bonus-recover" in legal
    act(st, "bonus-recover")
    assert st.figs[s].damage == 1 and st.turn is not None and st.turn.actions == 2
    assert not any(a.startswith("bonus") for a in names(st.legal_actions()))
    st3 = game(heroes=("syndrael", "leoric", "avric"), two_hero_rule=True)
    act(st3, "activate syndrael")
    assert not any(a.startswith("bonus") for a in names(st3.legal_actions()))


def test_a_knocked_out_hero_stands_up_with_the_hearts_and_surges_of_two_red_dice() -> None:
    st = game()
    s = fig(st, "syndrael")
    st.figs[s].conds.append("diseased")
    by_hand(st, st.suffer, s, 12)
    f = st.figs[s]
    assert f.status == "ko" and f.conds == [] and f.pos == st.board.index["A1"]
    assert s not in st.occ.values()
    act(st, "activate syndrael")
    assert names(st.legal_actions()) == ["stand"]
    st.rng.script = [6, 2]           # ♥3 ⚡ + ♥2
    act(st, "stand")
    assert f.status == "active" and f.damage == 12 - 5 and f.fatigue == st.stamina(s) - 1
    assert f.activated and st.figs[st.pending[-1].data[0]].id == "leoric"     # the whole turn is used


def test_a_knocked_out_hero_suffers_fatigue_up_to_his_stamina() -> None:
    """Rules Reference, "Knocked Out": a defeated hero suffers damage up to his Health and fatigue
    up to his Stamina (and no more than that)."""
    st = game()
    s = fig(st, "syndrael")
    f = st.figs[s]
    f.fatigue = 1
    by_hand(st, st.suffer, s, 20)
    assert f.status == "ko" and f.damage == st.health(s) and f.fatigue == st.stamina(s) > 1


def test_an_adjacent_hero_revives_a_knocked_out_hero() -> None:
    st = game()
    s = fig(st, "syndrael")
    by_hand(st, st.suffer, s, 12)
    act(st, "activate leoric")
    assert "revive syndrael" in names(st.legal_actions())
    st.rng.script = [1, 1]
    act(st, "revive syndrael")
    assert st.figs[s].status == "active" and st.figs[s].damage == 10
    assert st.turn is not None and st.turn.actions == 1


def test_a_hero_stands_up_in_the_nearest_empty_space_if_his_is_taken() -> None:
    st = game()
    s = fig(st, "syndrael")
    by_hand(st, st.suffer, s, 12)
    put(st, "zombie-1", "A1")
    st.rng.script = [1, 1]
    act(st, "activate syndrael", "stand")
    assert st.board.names[st.figs[s].pos] in ("B1", "B2")


def test_searching_an_adjacent_token_draws_the_top_search_card() -> None:
    st = game(search=("B2",), deck=["curse-doll", "health-potion"])
    s = fig(st, "syndrael")
    act(st, "activate syndrael")
    assert "search B2" in names(st.legal_actions())
    top = st.deck[0]
    act(st, "search B2")
    assert st.tokens == {} and st.figs[s].items == [top] and len(st.deck) == 1


def test_potions_are_used_during_the_heros_turn_without_an_action() -> None:
    st = game(heroes=("syndrael", "leoric"))
    s, le = fig(st, "syndrael"), fig(st, "leoric")
    st.figs[s].items += ["health-potion", "curse-doll"]
    st.figs[le].damage, st.figs[le].conds = 5, ["poisoned"]
    st.rng.script = [1, 1]
    act(st, "activate syndrael")
    legal = names(st.legal_actions())
    assert "use health-potion leoric" in legal and "use curse-doll leoric poisoned" in legal
    act(st, "use health-potion leoric", "use curse-doll leoric poisoned")
    assert st.figs[le].damage == 0 and st.figs[le].conds == [] and st.figs[s].items == []
    assert st.turn is not None and st.turn.actions == 2


def test_the_lucky_charm_rerolls_a_failed_test() -> None:
    st = game(heroes=("tomble", "leoric"))
    t = fig(st, "tomble")            # Might 1
    st.figs[t].conds.append("poisoned")
    st.rng.script = [6, 6]
    act(st, "activate tomble")
    assert names(st.legal_actions()) == ["use lucky-charm", "pass"]
    st.rng.script = [1, 1]           # 0 shields: passes
    act(st, "use lucky-charm")
    assert st.figs[t].conds == [] and st.figs[t].damage == 0 and "lucky-charm" in st.figs[t].exhausted
