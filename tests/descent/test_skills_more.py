"""The class cards of :mod:`questbox.games.descent.skill_more` (issue #18), each played in a small
arena. Face numbers as in tests/descent/test_skills.py (data/dice.yaml): blue 1 X, 2 R2 ♥2 ⚡,
3 R3 ♥2, 4 R4 ♥2, 5 R5 ♥1, 6 R6 ♥1 ⚡; red ♥1, ♥2, ♥2, ♥2, ♥3, ♥3 ⚡; yellow R1 ⚡, ♥1 ⚡, ♥2,
R2 ♥1, R1 ♥1, ♥2 ⚡; brown 0 0 0 1 1 2; gray 0 1 1 1 2 3; black 0 2 2 2 3 4.
"""

from __future__ import annotations

from questbox.games.descent.state import DescentState
from tests.descent.helpers import ZOMBIES, act, duel, fig, group, hit, names, new, put, quest, setup


def attacks(st: DescentState) -> list[str]:
    return [a for a in names(st.legal_actions()) if a.startswith("attack")]


# ================================================================================== Disciple
def test_prayer_of_peace_stops_an_adjacent_monster_attacking_while_exhausted() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["prayer-of-peace"]})
    a = fig(st, "avric")
    put(st, "avric", "C2")                     # next to zombie-1 on B1 (Leoric on A2 too)
    act(st, "prayer-of-peace")
    assert "prayer-of-peace" in st.figs[a].exhausted and st.figs[a].fatigue == 2
    assert st.turn is not None and st.turn.actions == 1
    act(st, "end", "end", "activate zombie-1")
    assert attacks(st) == []                   # next to the Disciple: no attack at all
    act(st, "move", "move A1")                 # away from the Disciple, still next to Leoric
    assert attacks(st) == ["attack leoric"]


def test_the_hero_bot_prays_for_peace_between_two_monsters_only() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("avric", "leoric"), skills={"avric": ["prayer-of-peace"]},
              monsters=[group("zombie", "zombie", ["B1", "B3"], minions=2)])
    put(st, "avric", "B2")
    assert str(hero_turn(st, fig(st, "avric"), st.legal_actions())) == "prayer-of-peace"
    put(st, "zombie-2", "H6")                   # one monster, the Disciple unhurt: not worth it
    assert str(hero_turn(st, fig(st, "avric"), st.legal_actions())) != "prayer-of-peace"


def test_holy_power_heals_two_heroes_and_a_surge_gives_both_a_fatigue_back() -> None:
    st = duel(("avric", "leoric"), skills={"avric": ["holy-power"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[a].damage, st.figs[lo].damage = 4, 4
    st.figs[a].fatigue, st.figs[lo].fatigue = 1, 2
    st._legal = None
    assert "pray avric leoric" in names(st.legal_actions())
    st.rng.script = [6]                # red ♥3 ⚡
    act(st, "pray avric leoric")
    assert (st.figs[a].damage, st.figs[lo].damage) == (1, 1)
    assert (st.figs[a].fatigue, st.figs[lo].fatigue) == (1, 1)      # the prayer's 1, then 1 back
    assert "prayer-of-healing" in st.figs[a].exhausted


def test_the_hero_bot_prays_for_two_when_both_are_hurt() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("avric", "leoric"), skills={"avric": ["holy-power"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[a].damage, st.figs[lo].damage = 2, 3
    st._legal = None
    assert str(hero_turn(st, a, st.legal_actions())) == "pray avric leoric"
    st.figs[a].damage = 0
    st._legal = None
    assert str(hero_turn(st, a, st.legal_actions())) == "pray leoric"


# ============================================================================= Spiritspeaker
def test_cloud_of_mist_makes_a_monster_attack_nearby_spend_a_surge_or_miss() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["cloud-of-mist"]})
    act(st, "cloud-of-mist")
    a = fig(st, "avric")
    assert "cloud-of-mist" in st.figs[a].exhausted and st.figs[a].fatigue == 1
    st.rng.script = [3, 3, 1]          # the zombie: blue R3 ♥2, yellow ♥2, no surge; Leoric's gray 0
    act(st, "end", "end", "activate zombie-1")
    ev = act(st, "attack leoric", "pass")          # (no Stoneskin)
    assert any(e.kind == "miss" and "Cloud of Mist" in e.text for e in ev)
    assert st.figs[fig(st, "leoric")].damage == 0


def test_under_the_cloud_of_mist_an_attack_with_a_surge_spends_it_and_hits() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["cloud-of-mist"]})
    act(st, "cloud-of-mist")
    st.rng.script = [2, 3, 1]          # blue R2 ♥2 ⚡, yellow ♥2; gray 0
    act(st, "end", "end", "activate zombie-1")
    ev = act(st, "attack leoric", "pass")          # (no Stoneskin)
    assert any(e.kind == "surge" and "Cloud of Mist" in e.text for e in ev)
    atk = st.attack
    assert atk is None or atk.spent == 1


def test_the_hero_bot_calls_the_mist_with_two_monsters_near() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["cloud-of-mist"]},
              monsters=[group("zombie", "zombie", ["C1", "C3"], minions=2)])
    assert str(hero_turn(st, fig(st, "avric"), st.legal_actions())) == "cloud-of-mist"
    put(st, "zombie-2", "H6")
    assert str(hero_turn(st, fig(st, "avric"), st.legal_actions())) != "cloud-of-mist"


def test_natures_bounty_heals_as_many_hearts_as_the_rest_recovers_fatigue() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["natures-bounty"]})
    a = fig(st, "avric")
    st.figs[a].damage, st.figs[a].fatigue = 4, 3
    st._legal = None
    act(st, "rest", "end")
    assert st.figs[a].damage == 1 and st.figs[a].fatigue == 0


def test_the_hero_bot_rests_with_natures_bounty_when_nothing_is_in_reach() -> None:
    from questbox.games.descent.bots import hero_turn

    far = [group("zombie", "zombie", ["H5", "H6"], minions=2)]
    for kit, want in ((["natures-bounty"], True), ([], False)):
        st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": kit}, monsters=far)
        a = fig(st, "avric")
        st.figs[a].damage, st.figs[a].fatigue = 3, 2
        st._legal = None
        assert (str(hero_turn(st, a, st.legal_actions())) == "rest") is want


def test_vigor_is_a_surge_that_gives_every_hero_a_fatigue_back() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["vigor"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[a].fatigue, st.figs[lo].fatigue = 2, 3
    st._legal = None
    st.rng.script = [2, 3, 1]          # blue R2 ♥2 ⚡, yellow ♥2; brown 0
    act(st, "attack zombie-1")
    assert "surge vigor" in names(st.legal_actions())
    act(st, "surge vigor")
    assert (st.figs[a].fatigue, st.figs[lo].fatigue) == (1, 2)


def test_the_hero_bot_spends_a_spare_surge_on_vigor() -> None:
    from questbox.games.descent.bots import _surge_choice

    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["vigor"]})
    st.figs[fig(st, "leoric")].fatigue = 2
    st.rng.script = [2, 3, 1]          # ♥4 against 0 shields: the zombie (3) falls without more hearts
    act(st, "attack zombie-1")
    assert str(_surge_choice(st, st.legal_actions())) == "surge vigor"


# ================================================================================ Runemaster
def test_exploding_rune_is_a_rune_attack_with_blast_without_a_surge() -> None:
    st = duel(("leoric", "syndrael"), skills={"leoric": ["exploding-rune"]},
              monsters=[group("zombie", "zombie", ["D3", "D4"], minions=2)])
    lo = fig(st, "leoric")
    st.rng.script = [4, 3, 1, 1]       # blue R4 ♥2, yellow ♥2; brown 0 and brown 0
    act(st, "exploding-rune zombie-1")
    assert st.figs[lo].fatigue == 1
    assert st.figs[fig(st, "zombie-1")].status == "defeated" and st.figs[fig(st, "zombie-2")].status == "defeated"


def test_the_hero_bot_blasts_a_pair_of_monsters_with_the_exploding_rune() -> None:
    from questbox.games.descent.bots import hero_turn

    pair = [group("zombie", "zombie", ["D3", "D4"], minions=2)]
    st = duel(("leoric", "syndrael"), skills={"leoric": ["exploding-rune"]}, monsters=pair)
    assert str(hero_turn(st, fig(st, "leoric"), st.legal_actions())).startswith("exploding-rune")
    put(st, "zombie-2", "H6")
    assert not str(hero_turn(st, fig(st, "leoric"), st.legal_actions())).startswith("exploding-rune")


def test_runic_sorcery_gives_the_hit_target_the_condition_picked() -> None:
    st = duel(("leoric", "syndrael"), skills={"leoric": ["runic-sorcery"]},
              monsters=[group("zombie", "zombie", ["D3", "H6"], minions=2)])
    assert "runic-sorcery zombie-1 immobilized" in names(st.legal_actions())
    st.rng.script = [4, 1, 1]          # blue R4 ♥2, yellow R1 ⚡; brown 0: 2 damage of 3
    act(st, "runic-sorcery zombie-1 immobilized", "done")
    z = st.figs[fig(st, "zombie-1")]
    assert z.damage == 2 and "immobilized" in z.conds


def test_the_hero_bot_stuns_with_runic_sorcery_and_poisons_a_stunned_target() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("leoric", "syndrael"), skills={"leoric": ["runic-sorcery"]},
              monsters=[group("zombie", "zombie", ["D3", "H6"], minions=2)])
    lo = fig(st, "leoric")
    assert str(hero_turn(st, lo, st.legal_actions())) == "runic-sorcery zombie-1 stunned"
    st.figs[fig(st, "zombie-1")].conds.append("stunned")
    st._legal = None
    assert str(hero_turn(st, lo, st.legal_actions())) == "runic-sorcery zombie-1 poisoned"


def test_break_the_rune_rolls_once_against_every_figure_within_three_in_sight() -> None:
    st = duel(("leoric", "syndrael"), skills={"leoric": ["break-the-rune"]},
              monsters=[group("zombie", "zombie", ["C2", "D2", "H6"], minions=3)])   # (zombie-3 far off)
    lo, sy = fig(st, "leoric"), fig(st, "syndrael")
    put(st, "syndrael", "B3")
    put(st, "zombie-2", "D4")
    st.rng.script = [4, 3, 1, 1, 4]    # blue R4 ♥2, yellow ♥2; the zombies' brown 0, 0; Syndrael's gray 1
    act(st, "break-the-rune")
    assert st.figs[lo].fatigue == 4
    assert st.figs[fig(st, "zombie-1")].status == "defeated" and st.figs[fig(st, "zombie-2")].status == "defeated"
    assert st.figs[sy].damage == 3      # the hero in reach is hit too


def test_the_hero_bot_breaks_the_rune_on_two_monsters_but_not_on_a_friend() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("leoric", "syndrael"), skills={"leoric": ["break-the-rune"]},
              monsters=[group("zombie", "zombie", ["C2", "D2", "H6"], minions=3)])
    lo = fig(st, "leoric")
    put(st, "syndrael", "A5")
    assert str(hero_turn(st, lo, st.legal_actions())) == "break-the-rune"
    put(st, "syndrael", "B3")
    assert str(hero_turn(st, lo, st.legal_actions())) != "break-the-rune"


def test_quick_casting_attacks_again_once_a_rune_attack_has_resolved() -> None:
    st = duel(("leoric", "syndrael"), skills={"leoric": ["quick-casting"]},
              monsters=[group("zombie", "zombie", ["D3", "D5"], minions=2)])
    lo = fig(st, "leoric")
    st.rng.script = [4, 3, 1, 4, 3, 1]     # twice: blue R4 ♥2, yellow ♥2; brown 0
    act(st, "attack zombie-1")
    assert names(st.legal_actions()) == ["use quick-casting zombie-2", "pass"]
    act(st, "use quick-casting zombie-2")
    assert st.figs[fig(st, "zombie-2")].status == "defeated" and st.figs[lo].fatigue == 2
    assert "quick-casting" in st.figs[lo].exhausted
    assert st.turn is not None and st.turn.actions == 1      # the second attack costs no action


def test_the_hero_bot_casts_quickly_at_the_weakest_target_while_it_has_room() -> None:
    from questbox.games.descent.bots import _react

    st = duel(("leoric", "syndrael"), skills={"leoric": ["quick-casting"]},
              monsters=[group("zombie", "zombie", ["D3", "D5", "E5"], minions=3)])
    st.figs[fig(st, "zombie-3")].damage = 2
    st.rng.script = [4, 3, 1]
    act(st, "attack zombie-1")
    assert str(_react(st, "heroes", st.legal_actions())) == "use quick-casting zombie-3"
    st.figs[fig(st, "leoric")].fatigue = 3          # 2 more would leave no room
    assert str(_react(st, "heroes", st.legal_actions())) == "pass"


def test_iron_will_gives_a_stamina_more_and_doubles_a_fatigue_surge() -> None:
    st = duel(("leoric", "syndrael"), skills={"leoric": ["iron-will"]},
              monsters=[group("zombie", "zombie", ["D3", "H6"], minions=2)])
    lo = fig(st, "leoric")
    base = st.enc.lib.heroes["leoric"].stamina
    assert st.stamina(lo) == base + 1
    st.figs[lo].fatigue = base                 # the sheet's Stamina reached: one more fatigue may be paid
    st._legal = None
    assert "fatigue" in names(st.legal_actions())
    st.rng.script = [6, 3, 1]                  # blue R6 ♥1 ⚡, yellow ♥2; brown 0
    act(st, "attack zombie-1")
    assert "surge recover-fatigue1" in names(st.legal_actions())
    act(st, "surge recover-fatigue1")
    assert st.figs[lo].fatigue == base - 2


def test_inscribe_rune_makes_an_equipped_shop_weapon_a_rune_weapon() -> None:
    for kit, want in ((["exploding-rune"], False), (["exploding-rune", "inscribe-rune"], True)):
        st = new(setup(quest(groups=ZOMBIES), heroes=("leoric", "syndrael"), skills={"leoric": kit},
                       campaign={"equipment": {"leoric": ["iron-battleaxe"]}}))
        act(st, "activate leoric")
        put(st, "leoric", "B2")
        assert st.stat(fig(st, "leoric")).attack == "melee"      # the axe, not the Arcane Bolt
        assert ("exploding-rune zombie-1" in names(st.legal_actions())) is want


# ===================================================================================== Thief
def test_unseen_makes_an_attack_on_the_thief_spend_a_surge_or_miss() -> None:
    st = duel(("tomble", "leoric"), skills={"tomble": ["unseen"]})
    t = fig(st, "tomble")
    act(st, "unseen")
    assert "unseen" in st.figs[t].exhausted and st.figs[t].fatigue == 2
    assert st.turn is not None and st.turn.actions == 2      # no action spent
    st.rng.script = [3, 3, 1, 1]       # blue R3 ♥2, yellow ♥2: no surge
    act(st, "end", "end", "activate zombie-1")
    ev = act(st, "attack tomble")
    assert any(e.kind == "miss" and "Unseen" in e.text for e in ev) and st.figs[t].damage == 0


def test_the_hero_bot_goes_unseen_with_a_monster_near_and_fatigue_to_spare() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("tomble", "leoric"), skills={"tomble": ["unseen"]})
    t = fig(st, "tomble")
    assert str(hero_turn(st, t, st.legal_actions())) == "unseen"
    st.figs[t].fatigue = st.stamina(t) - 2
    st._legal = None
    assert str(hero_turn(st, t, st.legal_actions())) != "unseen"


def test_tumble_lets_the_thief_move_through_an_enemy_until_his_next_turn() -> None:
    lane = quest(grid=["AAAAAAAA", "AA......"], groups=[group("zombie", "zombie", ["C1", "H1"], minions=2)],
                 start=("A1", "B1", "A2", "B2"))
    st = new(setup(lane, heroes=("tomble", "leoric"), skills={"tomble": ["tumble"]}))
    act(st, "activate tomble", "move")
    assert "move D1" not in names(st.legal_actions())       # the zombie on C1 is in the way
    act(st, "tumble")
    t = fig(st, "tomble")
    assert st.figs[t].fatigue == 1 and "move D1" in names(st.legal_actions())
    assert "move C1" not in names(st.legal_actions())       # (not into the enemy's space)
    act(st, "move D1")
    assert st.board.names[st.figs[t].pos] == "D1"


def test_tumble_ends_when_the_thiefs_next_turn_starts() -> None:
    st = duel(("tomble", "leoric"), skills={"tomble": ["tumble"]})
    t = fig(st, "tomble")
    act(st, "tumble", "end", "end", "end")          # Tomble's and Leoric's turns, the overlord's
    assert "tumbling" in st.figs[t].tags
    act(st, "activate tomble")
    assert "tumbling" not in st.figs[t].tags and "tumble" not in st.figs[t].exhausted


def test_the_hero_bot_tumbles_when_two_monsters_hem_the_thief_in() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("tomble", "leoric"), skills={"tomble": ["tumble"]},
              monsters=[group("zombie", "zombie", ["B1", "B2"], minions=2)])
    t = fig(st, "tomble")
    assert str(hero_turn(st, t, st.legal_actions())) == "tumble"
    put(st, "zombie-2", "H6")
    assert str(hero_turn(st, t, st.legal_actions())) != "tumble"


def test_appraisal_discards_a_drawn_search_card_for_the_next_one() -> None:
    q = quest(groups=ZOMBIES, search=("B2",), deck=["health-potion", "stamina-potion", "curse-doll"])
    st = new(setup(q, heroes=("tomble", "leoric"), skills={"tomble": ["appraisal"]}))
    act(st, "activate tomble")
    st.deck = ["health-potion", "stamina-potion", "curse-doll"]     # (the deck in a known order)
    t = fig(st, "tomble")
    assert "appraisal" not in names(st.legal_actions())
    act(st, "search B2")
    assert st.figs[t].items == ["health-potion"] and "appraisal" in names(st.legal_actions())
    act(st, "appraisal")
    assert st.figs[t].items == ["stamina-potion"] and st.deck == ["curse-doll"]
    assert "appraisal" not in names(st.legal_actions())          # the second card is kept
    assert st.turn is not None and st.turn.actions == 1


def test_the_hero_bot_appraises_a_search_that_found_nothing_only() -> None:
    from questbox.games.descent.bots import hero_turn

    for first, want in (("nothing", True), ("health-potion", False)):
        q = quest(groups=ZOMBIES, search=("B2",), deck=["health-potion"])
        st = new(setup(q, heroes=("tomble", "leoric"), skills={"tomble": ["appraisal"]}))
        act(st, "activate tomble")
        st.deck = [first, "power-potion"]
        act(st, "search B2")
        assert (str(hero_turn(st, fig(st, "tomble"), st.legal_actions())) == "appraisal") is want


def test_sneaky_adds_a_heart_against_a_monster_that_did_not_see_the_thief() -> None:
    st = new(setup(quest(groups=[group("zombie", "zombie", ["C1", "H6"], minions=2)]), heroes=("tomble", "leoric"),
                   skills={"tomble": ["sneaky"]}))
    t, z1, z2 = fig(st, "tomble"), fig(st, "zombie-1"), fig(st, "zombie-2")
    put(st, "leoric", "B1")                    # Leoric blocks zombie-1's sight of Tomble on A1
    put(st, "zombie-2", "A2")
    assert not st.sees(z1, t) and st.sees(z2, t)
    act(st, "activate tomble")
    script = [3] * len(st.stat(t).dice) + [1]  # the same attack roll twice; brown 0
    st.rng.script = list(script)
    seen = hit(act(st, "attack zombie-2"))["hearts"]
    put(st, "tomble", "B2")
    st.rng.script = list(script)
    assert hit(act(st, "attack zombie-1"))["hearts"] == seen + 1


def test_sneaky_opens_a_door_without_an_action() -> None:
    q = quest(groups=ZOMBIES, doors=({"id": "gate", "name": "Gate", "edges": ["A1|B1"], "open": False},))
    st = new(setup(q, heroes=("tomble", "leoric"), skills={"tomble": ["sneaky"]}))
    act(st, "activate tomble")
    assert "sneaky gate" in names(st.legal_actions())
    act(st, "sneaky gate")
    assert st.doors & 1 and "sneaky" in st.figs[fig(st, "tomble")].exhausted
    assert st.turn is not None and st.turn.actions == 2


def test_the_hero_bot_opens_a_door_sneakily_but_does_not_close_one() -> None:
    from questbox.games.descent.bots import hero_turn

    for shut, want in ((False, "sneaky gate"), (True, None)):
        q = quest(groups=ZOMBIES, doors=({"id": "gate", "name": "Gate", "edges": ["A1|B1"], "open": shut},))
        st = new(setup(q, heroes=("tomble", "leoric"), skills={"tomble": ["sneaky"]}))
        act(st, "activate tomble")
        got = str(hero_turn(st, fig(st, "tomble"), st.legal_actions()))
        assert got == want if want else not got.startswith("sneaky")


# ================================================================================ Wildlander
def test_eagle_eyes_shoots_past_a_friend_but_not_past_an_enemy() -> None:
    lane = [group("zombie", "zombie", ["E1", "C3"], minions=2)]
    for kit, want in (([], False), (["eagle-eyes"], True)):
        st = duel(("jain:wildlander", "leoric"), skills={"jain": kit}, monsters=lane)
        put(st, "leoric", "C1")                    # Leoric stands between Jain on A1 and zombie-1
        put(st, "jain", "A1")
        assert ("attack zombie-1" in attacks(st)) is want
    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["eagle-eyes"]}, monsters=lane)
    put(st, "zombie-2", "C1")                      # an enemy in the way still blocks
    put(st, "leoric", "A4")
    assert "attack zombie-1" not in attacks(st)


def test_fleet_of_foot_buys_two_movement_points_with_a_fatigue() -> None:
    for kit, mp in (([], 1), (["fleet-of-foot"], 2)):
        st = duel(("jain:wildlander", "leoric"), skills={"jain": kit})
        act(st, "fatigue")
        assert st.turn is not None and st.turn.mp == mp and st.figs[fig(st, "jain")].fatigue == 1


def test_black_arrow_reaches_two_spaces_further_and_deals_at_least_three() -> None:
    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["black-arrow"]},
              monsters=[group("zombie", "zombie", ["F1", "H6"], minions=2)])
    st.rng.script = [3, 1, 6]          # blue R3 ♥2, yellow R1 ⚡; brown 2 shields: 0 damage, range 4 of 5
    act(st, "black-arrow zombie-1", "done")
    assert st.figs[fig(st, "zombie-1")].status == "defeated"       # 3 damage, the zombie's Health
    assert st.figs[fig(st, "jain")].fatigue == 1


def test_the_hero_bot_looses_a_black_arrow_while_it_has_fatigue_to_spare() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["black-arrow"]},
              monsters=[group("zombie", "zombie", ["F1", "H6"], minions=2)])
    j = fig(st, "jain")
    assert str(hero_turn(st, j, st.legal_actions())) == "black-arrow zombie-1"
    st.figs[j].fatigue = st.stamina(j) - 1
    st._legal = None
    assert str(hero_turn(st, j, st.legal_actions())) != "black-arrow zombie-1"


def test_running_shot_moves_two_spaces_after_a_bow_attack_one_in_heavy_armor() -> None:
    for equipment, mp in (({}, 2), ({"jain": ["chainmail"]}, 1)):
        st = new(setup(quest(groups=[group("zombie", "zombie", ["F1", "H6"], minions=2)]),
                       heroes=("jain:wildlander", "leoric"), skills={"jain": ["running-shot"]},
                       campaign={"equipment": equipment}))
        act(st, "activate jain")
        st.rng.script = [3, 3, 1]      # blue R3 ♥2, yellow ♥2; brown 0 (range 3 of 5: a miss, still an attack)
        act(st, "attack zombie-1")
        assert st.turn is not None and st.turn.mp == mp and st.turn.actions == 1


def test_danger_sense_makes_the_overlord_discard_a_random_card_of_his_hand() -> None:
    plain = duel(("jain:wildlander", "leoric"), skills={"jain": ["danger-sense"]})
    assert "danger-sense" not in names(plain.legal_actions())      # no Overlord deck: nothing to discard
    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["danger-sense"]}, modules=["overlord"])
    m = st.mods["overlord"]
    hand = list(m["hand"])
    assert hand
    st.rng.script = [0]
    act(st, "danger-sense")
    assert m["hand"] == hand[1:] and m["discard"][-1] == hand[0]
    assert st.figs[fig(st, "jain")].fatigue == 2 and "danger-sense" in st.figs[fig(st, "jain")].exhausted


def test_the_hero_bot_senses_danger_only_with_nothing_to_shoot() -> None:
    from questbox.games.descent.bots import hero_turn

    walled = quest(groups=[group("zombie", "zombie", ["H5", "H6"], minions=2)],
                   walls=tuple(f"D{r}|E{r}" for r in range(1, 7)))     # no sight of the zombies
    st = new(setup(walled, heroes=("jain:wildlander", "leoric"), skills={"jain": ["danger-sense"]},
                   modules=["overlord"]))
    act(st, "activate jain")
    assert str(hero_turn(st, fig(st, "jain"), st.legal_actions())) == "danger-sense"
    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["danger-sense"]}, modules=["overlord"])
    assert str(hero_turn(st, fig(st, "jain"), st.legal_actions())) != "danger-sense"


def test_ancestor_spirits_adds_to_a_healing_skill_and_poisons_after_a_harming_one() -> None:
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["healing-rain", "ancestor-spirits"]})
    a, lo = fig(st, "avric"), fig(st, "leoric")
    st.figs[lo].damage, st.figs[lo].fatigue = 5, 2
    st._legal = None
    st.rng.script = [1]                # red ♥1
    act(st, "healing-rain")
    assert (st.figs[lo].damage, st.figs[lo].fatigue) == (3, 1)         # 1 heart rained, 1 + 1 fatigue more
    assert "ancestor-spirits" in st.figs[a].exhausted
    assert st.figs[a].fatigue == 2 + 1 - 1         # the rain's 2, the spirits' 1, and 1 back (he was healed too)
    st = duel(("avric:spiritspeaker", "leoric"), skills={"avric": ["shared-pain", "ancestor-spirits"]},
              monsters=[group("zombie", "zombie", ["B1", "H6", "H4"], minions=3)])
    st.rng.script = [5, 5, 1]          # blue R5 ♥1, yellow R1 ♥1; brown 0: 2 of the zombie's 3
    act(st, "shared-pain zombie-1")
    assert all("poisoned" in st.figs[fig(st, z)].conds for z in ("zombie-1", "zombie-2", "zombie-3"))
