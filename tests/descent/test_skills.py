"""The heroes' class cards (issue #18): the 8 base classes, their starting items and skills, the
skill cards bought with XP (the setup's ``skills``), each played card's behaviour, and the data
(skills.yaml's ``played``/``why``) against the card objects.

Face numbers (data/dice.yaml): blue 1 X, 2 R2 ♥2 ⚡, 3 R3 ♥2, 4 R4 ♥2, 5 R5 ♥1, 6 R6 ♥1 ⚡;
red ♥1, ♥2, ♥2, ♥2, ♥3, ♥3 ⚡; yellow R1 ⚡, ♥1 ⚡, ♥2, R2 ♥1, R1 ♥1, ♥2 ⚡;
brown 0 0 0 1 1 2; gray 0 1 1 1 2 3; black 0 2 2 2 3 4.
"""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import SetupError
from questbox.games.descent.catalog import catalog
from questbox.games.descent.data import library
from questbox.games.descent.skills import CARDS, class_skills
from questbox.games.descent.state import DescentState
from tests.descent.helpers import ZOMBIES, act, by_hand, duel, fig, group, hit, names, new, put, quest, setup


def surges(st: DescentState) -> list[str]:
    return sorted(str(a) for a in st.legal_actions() if a.name == "surge")


def zombie_attacks(st: DescentState, target: str) -> None:
    """The heroes end their turns; zombie-1 attacks ``target``."""
    act(st, "end", "end", "activate zombie-1")
    act(st, f"attack {target}")


# ==================================================================================== the data
def test_the_eight_base_classes_each_start_with_a_weapon_and_match_skills_yaml() -> None:
    lib = library()
    cat = catalog()
    assert sorted(lib.classes) == sorted(cat.classes) and len(lib.classes) == 8
    for cid, hc in cat.classes.items():
        assert lib.class_archetype[cid] == hc.archetype
        assert sum(1 for c in lib.classes[cid] if c.kind == "weapon") == 1


def test_every_played_skill_has_a_card_object_and_every_other_says_why() -> None:
    for hc in catalog().classes.values():
        for s in hc.skills:
            if s.played:
                assert s.id in CARDS, f"{s.id} is marked played but has no card object"
                assert s.why is None
            else:
                assert s.id not in CARDS and s.why, s.id
    played = {s.id for hc in catalog().classes.values() for s in hc.skills}
    items = {c.id for cards in library().classes.values() for c in cards if c.kind != "skill"}
    assert set(CARDS) <= played | items


@pytest.mark.parametrize("hero", ["syndrael:knight", "avric:spiritspeaker", "tarha:necromancer", "jain:wildlander"])
def test_a_hero_may_take_each_new_class_of_its_archetype(hero: str) -> None:
    st = new(setup(quest(groups=ZOMBIES), heroes=(hero, "grisban")))
    hid, cls = hero.split(":")
    spec = next(h for h in st.enc.heroes if h.id == hid)
    assert spec.cls == cls and spec.weapon in {c.id for c in library().classes[cls]}


def test_a_class_of_another_archetype_is_refused() -> None:
    with pytest.raises(SetupError, match="syndrael is a warrior; the spiritspeaker class is for healers"):
        new(setup(quest(groups=ZOMBIES), heroes=("syndrael:spiritspeaker", "avric")))


@pytest.mark.parametrize(("skills", "why"), [
    ({"syndrael": ["ghost-armor"]}, "not a skill card of the berserker class"),
    ({"syndrael": ["rage"]}, "not a skill card of the berserker class bought with XP"),
    ({"syndrael": ["brute", "brute"]}, "listed twice"),
    ({"tomble": ["brute"]}, "not a hero of this party"),
    ({"syndrael": "brute"}, "skills.syndrael"),
])
def test_the_setup_refuses_skills_a_hero_cannot_have(skills: Any, why: str) -> None:
    with pytest.raises(SetupError, match=why):
        new(setup(quest(groups=ZOMBIES), skills=skills))


def test_bought_skills_join_the_heros_kit() -> None:
    st = new(setup(quest(groups=ZOMBIES), skills={"syndrael": ["brute", "death-rage"]}))
    assert next(h for h in st.enc.heroes if h.id == "syndrael").kit == ("rage", "chipped-greataxe", "brute",
                                                                         "death-rage")
    assert st.enc.setup["skills"] == {"syndrael": ["brute", "death-rage"]}
    assert "skills" not in new(setup(quest(groups=ZOMBIES))).enc.setup       # (old setups unchanged)


# ============================================================================ starting items
def test_the_iron_longsword_makes_the_target_reroll_its_best_defense_die() -> None:
    st = duel(("syndrael:knight", "leoric"))
    st.rng.script = [6, 1, 6, 1]       # blue R6 ♥1 ⚡, red ♥1; brown 2 shields; the reroll: 0
    act(st, "attack zombie-1")
    assert surges(st) == ["surge recover-fatigue1", "surge reroll-defense"]
    ev = act(st, "surge reroll-defense")
    assert hit(ev) == {"hearts": 2, "shields": 0, "pierce": 0, "damage": 2}


def test_the_oak_staff_has_reach() -> None:
    far = [group("zombie", "zombie", ["C1", "H6"], minions=2)]
    staff = duel(("avric:spiritspeaker", "leoric"), monsters=far)
    mace = duel(("avric:disciple", "leoric"), monsters=far)
    assert "attack zombie-1" in names(staff.legal_actions())
    assert "attack zombie-1" not in names(mace.legal_actions())


def test_the_reapers_scythe_heals_a_heart_for_each_monster_it_defeats() -> None:
    st = duel(("tarha:necromancer", "grisban"))
    t = fig(st, "tarha")
    st.figs[t].damage = 2
    st.rng.script = [4, 3, 1]          # ♥2 + ♥2; brown 0: the zombie (3) falls
    act(st, "attack zombie-1")
    assert st.figs[fig(st, "zombie-1")].status == "defeated" and st.figs[t].damage == 1


def test_the_yew_shortbow_buys_range_and_a_heart() -> None:
    st = duel(("jain:wildlander", "grisban"))
    st.rng.script = [6, 1, 1]          # blue R6 ♥1 ⚡, yellow R1 ⚡; brown 0
    act(st, "attack zombie-1")
    assert surges(st) == ["surge heart1", "surge range2", "surge recover-fatigue1"]


# ============================================================================ starting skills
def test_oath_of_honor_steps_next_to_a_friends_monster_and_attacks_it() -> None:
    st = duel(("syndrael:knight", "leoric"), monsters=[group("zombie", "zombie", ["D3", "H6"], minions=2)])
    put(st, "leoric", "C3")
    s = fig(st, "syndrael")
    assert [a for a in names(st.legal_actions()) if a.startswith("oath")] == ["oath zombie-1 C2"]
    st.rng.script = [4, 1, 1]          # ♥2 + ♥1; brown 0
    act(st, "oath zombie-1 C2")
    assert st.board.names[st.figs[s].pos] == "C2" and st.figs[s].fatigue == 1
    assert st.figs[fig(st, "zombie-1")].status == "defeated"
    assert st.turn is not None and st.turn.actions == 1


def test_stoneskin_adds_a_gray_die_to_a_hero_within_three_spaces() -> None:
    st = duel(("avric:spiritspeaker", "leoric"))
    zombie_attacks(st, "leoric")
    assert "use stoneskin" in names(st.legal_actions("heroes"))
    ev = act(st, "use stoneskin")
    a = fig(st, "avric")
    assert next(e for e in ev if e.kind == "defense").data["dice"] == [*st.stat(fig(st, "leoric")).defense, "gray"]
    assert "stoneskin" in st.figs[a].exhausted and st.figs[a].fatigue == 1


# ============================================================================ skills bought with XP
def test_death_rage_gains_a_heart_per_two_damage_on_the_berserker() -> None:
    st = duel(skills={"syndrael": ["death-rage"]})
    s = fig(st, "syndrael")
    st.figs[s].damage = 4
    st.rng.script = [2, 1, 1]          # blue R2 ♥2 ⚡, red ♥1; brown 0
    act(st, "death-rage zombie-1")
    assert "surge death-rage" in surges(st)
    ev = act(st, "surge death-rage")
    assert hit(ev)["hearts"] == 2 + 1 + 2 and st.figs[s].fatigue == 2


def test_dirty_tricks_stuns_a_target_it_damages() -> None:
    st = duel(("tomble", "leoric"), skills={"tomble": ["dirty-tricks"]})
    st.rng.script = [5, 1, 1]          # ♥1 + R1 ⚡ + 1 next to the target; brown 0
    act(st, "dirty-tricks zombie-1", "done")
    z = st.figs[fig(st, "zombie-1")]
    assert z.damage == 2 and "stunned" in z.conds


def test_blessed_strike_heals_the_disciple_and_an_adjacent_hero_on_a_hit() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["blessed-strike"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[a].damage, st.figs[lo].damage = 3, 3
    st.rng.script = [5, 3, 1]          # ♥1 + ♥2; brown 0
    act(st, "blessed-strike zombie-1")
    assert st.figs[a].damage == 1 and st.figs[lo].damage == 1


def test_drain_spirit_heals_every_hero_within_three_spaces_on_a_hit() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["drain-spirit"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[a].damage, st.figs[lo].damage = 1, 2
    st.rng.script = [5, 3, 1]
    act(st, "drain-spirit zombie-1")
    assert st.figs[a].damage == 0 and st.figs[lo].damage == 1


def test_shared_pain_hurts_the_rest_of_the_targets_group() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["shared-pain"]})
    st.rng.script = [5, 5, 1]          # ♥1 + ♥1; brown 0: 2 of the zombie's 3
    act(st, "shared-pain zombie-1")
    assert st.figs[fig(st, "zombie-1")].damage == 2 and st.figs[fig(st, "zombie-2")].damage == 1


def test_healing_rain_heals_every_hero_within_three_spaces() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["healing-rain"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[a].damage, st.figs[lo].damage = 1, 4
    st.rng.script = [5]                # red ♥3
    act(st, "healing-rain")
    assert st.figs[a].damage == 0 and st.figs[lo].damage == 1 and st.figs[a].fatigue == 2
    assert st.turn is not None and st.turn.actions == 1


def test_ghost_armor_adds_a_shield_for_a_fatigue_once_per_attack() -> None:
    st = duel(skills={"leoric": ["ghost-armor"]})
    st.rng.script = [3, 3, 1, 1]
    zombie_attacks(st, "leoric")
    assert "use ghost-armor" in names(st.legal_actions("heroes"))
    atk = st.attack
    assert atk is not None
    act(st, "use ghost-armor")
    assert atk.bonus_shields == 1 and st.figs[fig(st, "leoric")].fatigue == 1
    assert "use ghost-armor" not in names(st.legal_actions("heroes"))


def test_defense_training_adds_a_brown_die_and_stands_in_for_the_exhausted_shield() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["defense-training"]})
    st.rng.script = [3, 3, 1, 1, 1]
    zombie_attacks(st, "syndrael")
    atk = st.attack
    assert atk is not None and atk.def_dice == [*st.stat(fig(st, "syndrael")).defense, "brown"]
    assert "use defense-training" not in names(st.legal_actions("heroes"))
    act(st, "use wooden-shield")
    act(st, "use defense-training")
    assert atk.bonus_shields == 2


@pytest.mark.parametrize(("hero", "card"), [("syndrael", "weapon-mastery"), ("leoric", "rune-mastery"),
                                            ("jain:wildlander", "bow-mastery")])
def test_a_mastery_adds_a_surge_to_its_weapons_attack(hero: str, card: str) -> None:
    hid = hero.split(":")[0]
    st = duel((hero, "avric"), skills={hid: [card]})
    st.rng.script = [5, 5, 1]          # no surge rolled; brown 0
    act(st, "attack zombie-1")
    assert f"use {card}" in names(st.legal_actions())
    act(st, f"use {card}")
    atk = st.attack
    assert atk is not None and atk.extra_surges == 1 and card in st.figs[fig(st, hid)].exhausted
    assert surges(st)                  # the added surge may be spent


def test_a_mastery_is_not_offered_with_the_wrong_weapon() -> None:
    st = duel(("tomble", "leoric"), skills={"tomble": []}, first="tomble")
    st.rng.script = [5, 5, 1]
    act(st, "attack zombie-1")
    assert not [a for a in names(st.legal_actions()) if a.startswith("use ")]


def test_shield_slam_gives_the_knights_melee_attack_a_stun_surge() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["shield-slam"]})
    st.rng.script = [6, 1, 1]          # blue ⚡
    act(st, "attack zombie-1")
    assert "surge shield-slam" in surges(st)


def test_brute_adds_four_health_and_two_hearts_on_standing_up() -> None:
    st = new(setup(quest(groups=ZOMBIES), skills={"syndrael": ["brute"]}))
    s = fig(st, "syndrael")
    assert st.health(s) == 12 + 4
    by_hand(st, st.suffer, s, 16)
    assert st.figs[s].status == "ko"
    act(st, "activate syndrael")
    st.rng.script = [1, 1]             # ♥1 + ♥1, +2 for Brute
    act(st, "stand")
    assert st.figs[s].damage == 16 - 4


# ============================================================================ the campaign
def spend_xp_log(xp: int = 2, heroes: tuple[str, ...] = ("syndrael", "avric")) -> dict[str, Any]:
    from questbox.games.descent import campaign_log as L

    log = L.new_log("harrowmere", list(heroes))
    log.update(phase="spend-xp", next=1, plot_deck=None)
    for h in L.hero_ids(log):
        log["xp"][h] = xp
    return log


def test_the_spend_xp_step_sells_each_hero_its_own_classs_played_cards_it_can_afford() -> None:
    from questbox.games.descent import campaign_log as L

    log = spend_xp_log(1)
    buys = sorted(str(a) for a in L.legal(log, "heroes") if a.name == "buy-skill")
    assert buys == ["buy-skill armor-of-faith avric", "buy-skill blessed-strike avric", "buy-skill brute syndrael",
                    "buy-skill cleansing-touch avric", "buy-skill counter-attack syndrael",
                    "buy-skill cripple syndrael"]      # the 1-XP played cards
    assert "upgrade syndrael toughness" in names(L.legal(log, "heroes"))               # (ours, kept)
    log2 = spend_xp_log(2)
    assert "buy-skill death-rage syndrael" not in names(L.legal(log2, "heroes"))       # 3 XP
    assert "buy-skill weapon-mastery syndrael" in names(L.legal(log2, "heroes"))


def test_a_bought_skill_costs_its_xp_and_is_carried_into_the_next_quests_heroes() -> None:
    from questbox.games.descent import campaign_log as L

    log = spend_xp_log(3)
    log = L.apply(log, "heroes", "buy-skill weapon-mastery syndrael")
    log = L.apply(log, "heroes", "buy-skill brute syndrael")
    assert log["xp"]["syndrael"] == 0 and log["skills"]["syndrael"] == ["weapon-mastery", "brute"]
    assert "buy-skill brute syndrael" not in names(L.legal(log, "heroes"))
    log = L.apply(log, "heroes", "done")
    log = L.apply(log, "overlord", "done")
    setup_doc = L.encounter_setup(log)
    assert setup_doc["skills"] == {"syndrael": ["weapon-mastery", "brute"]}
    st = new(setup_doc)
    assert st.health(fig(st, "syndrael")) == 12 + 4
    sheet = L.show(log)
    assert "skills bought:\n      - Weapon Mastery (" in sheet and "\n      - Brute (" in sheet


def test_another_classs_card_or_one_too_dear_is_refused_and_the_log_unchanged() -> None:
    from questbox.games.descent import campaign_log as L

    log = spend_xp_log(1)
    before = repr(log)
    for bad in ("buy-skill ghost-armor syndrael", "buy-skill death-rage syndrael", "buy-skill charge syndrael"):
        with pytest.raises(SetupError, match="cannot"):
            L.apply(log, "heroes", bad)
    assert repr(log) == before


def test_a_log_from_before_skills_still_plays_and_loads() -> None:
    from questbox.games.descent import campaign_log as L

    log = spend_xp_log(1)
    del log["skills"]
    log = L.apply(log, "heroes", "buy-skill brute syndrael")
    assert log["skills"] == {"syndrael": ["brute"], "avric": []}
    log2 = spend_xp_log(1)
    del log2["skills"]
    log2 = L.apply(L.apply(log2, "heroes", "done"), "overlord", "done")
    assert "skills" not in L.encounter_setup(log2)


def test_a_log_with_a_skill_of_another_class_is_refused() -> None:
    from questbox.games.descent import campaign_log as L
    from questbox.games.descent.campaign_game import check_log

    log = spend_xp_log(1)
    log["skills"]["syndrael"] = ["ghost-armor"]
    with pytest.raises(SetupError, match="ghost-armor"):
        L.check_log(log)
    with pytest.raises(SetupError, match="ghost-armor"):
        check_log({"heroes": log["heroes"], "skills": log["skills"]})


def test_the_campaign_bot_buys_the_cheapest_skill_then_keeps_xp_for_the_next() -> None:
    from questbox.games.descent import campaign_log as L
    from questbox.games.descent.campaign_bots import bot_action

    log = spend_xp_log(1)
    assert str(bot_action(log, "heroes")) == "buy-skill brute syndrael"
    log = L.apply(log, "heroes", "buy-skill brute syndrael")
    assert str(bot_action(log, "heroes")) == "buy-skill armor-of-faith avric"     # skills.yaml's order
    log = L.apply(log, "heroes", "buy-skill armor-of-faith avric")
    assert str(bot_action(log, "heroes")) == "done"          # 0 XP left; Toughness only after every skill
    rich = spend_xp_log(20, ("syndrael", "avric"))
    rich["skills"] = {h: [c for c in class_skills(k) if c in CARDS] for h, k in (("syndrael", "berserker"),
                                                                                ("avric", "disciple"))}
    assert str(bot_action(rich, "heroes")) == "upgrade syndrael toughness"


# ============================================================================ the hero bot
def test_the_hero_bot_prefers_a_skill_attack_that_pays() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("tomble", "leoric"), skills={"tomble": ["dirty-tricks"]})
    t = fig(st, "tomble")
    assert str(hero_turn(st, t, st.legal_actions())) == "dirty-tricks zombie-1"
    st.figs[t].fatigue = st.stamina(t) - 1           # no room left: the plain attack
    st._legal = None
    assert str(hero_turn(st, t, st.legal_actions())) == "attack zombie-1"


def test_the_hero_bot_casts_healing_rain_when_three_hearts_are_missing() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["healing-rain"]},
              monsters=[group("zombie", "zombie", ["H5", "H6"], minions=2)])
    a = fig(st, "avric")
    st.figs[fig(st, "leoric")].damage = 3
    st._legal = None
    assert str(hero_turn(st, a, st.legal_actions())) == "healing-rain"


def test_the_hero_bot_takes_a_defensive_card_and_a_mastery_when_they_pay() -> None:
    from questbox.games.descent.bots import _react

    st = duel(skills={"leoric": ["ghost-armor"]})
    st.rng.script = [3, 3, 1, 1]       # ♥2 + ♥2 against Leoric's 0 shields
    zombie_attacks(st, "leoric")
    assert str(_react(st, "heroes", st.legal_actions("heroes"))) == "use ghost-armor"
    st2 = duel(skills={"syndrael": ["weapon-mastery"]})
    st2.rng.script = [5, 5, 1]
    act(st2, "attack zombie-1")
    assert str(_react(st2, "heroes", st2.legal_actions())) == "use weapon-mastery"


# ============================================================================ the views
def test_each_heros_sheet_in_the_view_lists_its_class_cards_with_their_texts() -> None:
    st = new(setup(quest(groups=ZOMBIES), skills={"syndrael": ["brute"]}))
    cards = st.view("overlord")["figures"]["syndrael"]["cards"]
    assert [c["id"] for c in cards] == ["rage", "chipped-greataxe", "brute"]
    assert cards[2] == {"id": "brute", "name": "Brute", "kind": "skill",
                        "text": next(s.effect for s in catalog().classes["berserker"].skills if s.id == "brute")}
    assert cards[0]["text"] == library().cards["rage"].text
    assert "cards" not in st.view(None)["figures"]["zombie-1"]


def test_the_terminal_shows_the_class_cards_with_their_texts() -> None:
    from questbox.games.descent.render import plain

    st = new(setup(quest(groups=ZOMBIES), heroes=("syndrael", "leoric"), skills={"syndrael": ["brute"]}))
    text = plain(st.view("heroes"))
    assert "Brute (skill)" in text and "+4 Health" in text and "Runic Knowledge (skill)" in text


def test_the_glossary_names_every_class_card_once() -> None:
    from questbox.games.descent import GAME
    from questbox.games.descent.glossary import glossary

    keys = [e["key"] for sec in glossary(GAME)["sections"] for e in sec["entries"]]
    cards = [k for k in keys if k.startswith("card:")]
    assert len(cards) == len(set(cards))
    every = {s.id for hc in catalog().classes.values() for s in hc.skills}
    assert every <= {k.removeprefix("card:") for k in cards}


def test_the_docs_table_of_skill_cards_matches_skills_yaml() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs/games/descent-part2-data.md").read_text()
    for hc in catalog().classes.values():
        for s in hc.skills:
            eng = "plays" if s.played else f"not played: {s.why}"
            assert f"| {hc.name} | {s.name} | {s.xp} | {s.fatigue} | {eng} |" in doc, s.id


# ============================================================================ more skills bought with XP
def test_cleansing_touch_lets_prayer_of_healing_discard_a_condition() -> None:
    plain = duel(("avric", "leoric"))
    plain.figs[fig(plain, "leoric")].conds.append("poisoned")
    plain._legal = None
    assert "pray leoric poisoned" not in names(plain.legal_actions())
    st = duel(("avric", "leoric"), skills={"avric": ["cleansing-touch"]})
    lo = fig(st, "leoric")
    st.figs[lo].conds.append("poisoned")
    st._legal = None
    assert "pray leoric poisoned" in names(st.legal_actions())
    st.rng.script = [1]
    act(st, "pray leoric poisoned")
    assert st.figs[lo].conds == []


def test_armor_of_faith_gives_the_healed_hero_a_brown_die_until_the_disciples_next_turn() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["armor-of-faith"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[lo].damage = 2
    st._legal = None
    st.rng.script = [1]
    act(st, "pray leoric")
    assert "armor-of-faith:avric" in st.figs[lo].tags
    st.rng.script = [3, 3, 1, 1, 1]
    act(st, "end", "end", "activate zombie-1")
    ev = act(st, "attack leoric")
    assert next(e for e in ev if e.kind == "defense").data["dice"] == [*st.stat(lo).defense, "brown"]
    CARDS["armor-of-faith"].on(st, a, "turn-start", (a,))
    assert "armor-of-faith:avric" not in st.figs[lo].tags


def test_time_of_need_gives_two_movement_points_and_two_fatigue_back() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["time-of-need"]})
    a = fig(st, "avric")
    st.figs[a].fatigue = 3
    turn = st.turn
    assert turn is not None
    mp = turn.mp
    st._legal = None
    act(st, "time-of-need")
    assert st.figs[a].fatigue == 1 and turn.mp == mp + 2 and turn.actions == 1


def test_radiant_light_heals_the_heroes_and_hurts_the_monsters_in_sight() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["radiant-light"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[lo].damage = 2
    st.rng.script = [5]                # red ♥3
    act(st, "radiant-light")
    assert st.figs[lo].damage == 0 and st.figs[a].fatigue == 3
    assert all(st.figs[fig(st, z)].status == "defeated" for z in ("zombie-1", "zombie-2"))


@pytest.mark.parametrize(("dice", "held"), [([1, 1], True), ([6, 6], False)])
def test_cripple_immobilizes_an_adjacent_monster_on_a_passed_might_test(dice: list[int], held: bool) -> None:
    st = duel(skills={"syndrael": ["cripple"]})
    st.rng.script = list(dice)
    act(st, "cripple zombie-1")
    s = fig(st, "syndrael")
    assert ("immobilized" in st.figs[fig(st, "zombie-1")].conds) is held
    assert st.figs[s].fatigue == 2 and "cripple" in st.figs[s].exhausted
    assert st.turn is not None and st.turn.actions == 2


def test_lurk_searches_without_an_action_and_adds_a_brown_die_while_exhausted() -> None:
    q = quest(groups=ZOMBIES, search=("B2",), deck=["health-potion"])
    st = new(setup(q, heroes=("tomble", "leoric"), skills={"tomble": ["lurk"]}))
    act(st, "activate tomble")
    t = fig(st, "tomble")
    act(st, "lurk B2")
    assert "B2" not in st.view(None)["tokens"] and st.figs[t].items == ["health-potion"]
    assert st.turn is not None and st.turn.actions == 2 and st.figs[t].fatigue == 1
    st.rng.script = [3, 3, 1, 1]
    act(st, "end", "end", "activate zombie-1")
    ev = act(st, "attack tomble")
    assert next(e for e in ev if e.kind == "defense").data["dice"] == [*st.stat(t).defense, "brown"]


def test_accurate_rerolls_one_power_die_of_a_bow_attack() -> None:
    st = duel(("jain:wildlander", "grisban"), skills={"jain": ["accurate"]})
    st.rng.script = [5, 3, 1, 6]       # blue R5 ♥1, yellow ♥2; brown 0; the reroll: yellow ♥2 ⚡
    act(st, "attack zombie-1")
    assert [a for a in names(st.legal_actions()) if a.startswith("use")] == ["use accurate 1"]
    act(st, "use accurate 1")
    atk = st.attack
    assert atk is not None and atk.faces[1] == 6
    assert "use accurate 1" not in names(st.legal_actions())


def test_inspiration_gives_the_knight_and_his_neighbours_a_fatigue_back_at_his_turns_start() -> None:
    st = new(setup(quest(groups=ZOMBIES), heroes=("syndrael:knight", "leoric"), skills={"syndrael": ["inspiration"]}))
    s, lo = fig(st, "syndrael"), fig(st, "leoric")
    st.figs[s].fatigue, st.figs[lo].fatigue = 2, 1
    act(st, "activate syndrael")
    assert st.figs[s].fatigue == 1 and st.figs[lo].fatigue == 0


def test_the_hero_bot_lurks_for_a_free_search_and_cleanses_a_condition() -> None:
    from questbox.games.descent.bots import hero_turn

    q = quest(groups=ZOMBIES, search=("B2",), deck=["health-potion"])
    st = new(setup(q, heroes=("tomble", "leoric"), skills={"tomble": ["lurk"]}))
    act(st, "activate tomble")
    assert str(hero_turn(st, fig(st, "tomble"), st.legal_actions())) == "lurk B2"
    st2 = duel(("avric", "leoric"), skills={"avric": ["cleansing-touch"]})
    st2.figs[fig(st2, "leoric")].conds.append("poisoned")
    st2._legal = None
    assert str(hero_turn(st2, fig(st2, "avric"), st2.legal_actions())) == "pray leoric poisoned"


def test_the_hero_bot_rerolls_a_heartless_power_die_with_accurate() -> None:
    from questbox.games.descent.bots import _react

    st = duel(("jain:wildlander", "grisban"), skills={"jain": ["accurate"]})
    st.rng.script = [5, 1, 1]          # yellow R1 ⚡: no heart
    act(st, "attack zombie-1")
    assert str(_react(st, "heroes", st.legal_actions())) == "use accurate 1"


def test_the_heuristic_bots_finish_games_with_every_played_card() -> None:
    from questbox.core import play_game
    from questbox.games.descent import GAME
    from questbox.games.descent.bots import HeuristicAgent

    for hs in (("syndrael:knight", "avric:spiritspeaker", "tarha:necromancer", "jain:wildlander"),
               ("grisban:berserker", "ashrian:disciple", "leoric:runemaster", "tomble:thief")):
        skills = {h.split(":")[0]: [c for c in class_skills(h.split(":")[1]) if c in CARDS] for h in hs}
        agents = {s: HeuristicAgent(seed=k) for k, s in enumerate(("heroes", "overlord"))}
        match = play_game(GAME, agents, {"heroes": list(hs), "skills": skills}, seed=3)
        assert match.state.is_over()


def test_whirlwind_rolls_once_against_every_adjacent_monster() -> None:
    st = duel(skills={"syndrael": ["whirlwind"]}, monsters=[group("zombie", "zombie", ["B1", "B2"], minions=2)])
    st.rng.script = [4, 5, 1, 1]       # ♥2 + ♥3; brown 0 for each zombie
    act(st, "whirlwind zombie-1")
    assert all(st.figs[fig(st, z)].status == "defeated" for z in ("zombie-1", "zombie-2"))
    assert st.figs[fig(st, "syndrael")].fatigue == 1


@pytest.mark.parametrize(("dice", "passed"), [([1, 1], True), ([6, 6], False)])
def test_tempest_tests_willpower_and_storms_the_monsters_within_three_spaces(dice: list[int], passed: bool) -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["tempest"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[lo].damage = 2
    st.rng.script = list(dice)
    act(st, "tempest")
    z1, z2 = st.figs[fig(st, "zombie-1")], st.figs[fig(st, "zombie-2")]
    assert (z1.damage, z2.damage, st.figs[lo].damage) == ((2, 0, 1) if passed else (0, 0, 2))
    assert st.figs[a].fatigue == (2 if passed else 1) and "tempest" in st.figs[a].exhausted


def test_divine_fury_adds_a_yellow_die_to_the_healed_heros_next_attack() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["divine-fury"]})
    lo = fig(st, "leoric")
    st.figs[lo].damage = 2
    st._legal = None
    st.rng.script = [1]
    act(st, "pray leoric", "end")
    st.rng.script = [5, 5, 5, 1]
    ev = act(st, "attack zombie-1")
    assert next(e for e in ev if e.kind == "roll").data["dice"] == ["blue", "yellow", "yellow"]
    assert not [t for t in st.figs[lo].tags if t.startswith("divine-fury")]


def test_every_legal_class_card_action_is_in_the_action_space() -> None:
    from questbox.core import Rng
    from questbox.games.descent import GAME

    for hs in (("syndrael:knight", "avric:spiritspeaker", "tarha:necromancer", "jain:wildlander"),
               ("grisban:berserker", "ashrian:disciple", "leoric:runemaster", "tomble:thief")):
        skills = {h.split(":")[0]: [c for c in class_skills(h.split(":")[1]) if c in CARDS] for h in hs}
        doc = {"heroes": list(hs), "skills": skills}
        space = set(GAME.action_space(doc) or [])
        for seed in range(3):
            st = new(doc, seed=seed)
            pick = Rng(seed)
            while not st.is_over():
                seat = st.to_move()[0]
                legal = st.legal_actions(seat)
                missing = [a for a in legal if a not in space]
                assert not missing, missing
                st.apply(seat, legal[pick.below(len(legal))])


def test_execute_pays_the_fatigue_the_player_picks_for_as_many_hearts() -> None:
    st = duel(skills={"syndrael": ["execute"]})
    st.rng.script = [5, 1, 1]          # ♥1 + ♥1; brown 0
    act(st, "attack zombie-1")
    s = fig(st, "syndrael")
    assert [a for a in names(st.legal_actions()) if a.startswith("use")] == [
        f"use execute {x}" for x in range(1, st.stamina(s) + 1)]
    ev = act(st, "use execute 2")
    assert st.figs[s].fatigue == 2 and "execute" in st.figs[s].exhausted
    assert hit(ev)["hearts"] == 1 + 1 + 2


def test_bushwhack_attacks_the_only_monster_in_sight_without_an_action() -> None:
    lone = [group("zombie", "zombie", ["B1"], minions=1)]
    st = duel(("tomble", "leoric"), skills={"tomble": ["bushwhack"]}, monsters=lone)
    assert "bushwhack zombie-1" in names(st.legal_actions())
    st.rng.script = [5, 1, 1]
    act(st, "bushwhack zombie-1")
    t = fig(st, "tomble")
    assert st.figs[t].fatigue == 1 and "bushwhack" in st.figs[t].exhausted
    assert st.turn is not None and st.turn.actions == 2
    two = duel(("tomble", "leoric"), skills={"tomble": ["bushwhack"]})
    assert not [a for a in names(two.legal_actions()) if a.startswith("bushwhack")]     # two in sight
