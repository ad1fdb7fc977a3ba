"""Items in play (issue #18, modules/items.py): a hero's equipped Shop Items and relics change his
stat line (weapon dice and surges, armor dice, Health, Speed), add Pierce and range to his attacks,
and are played at their windows; the equip slots are checked.

Face numbers (data/dice.yaml): blue 4 R4 ♥2; red 5 ♥3; brown 1 0, 4 1; gray 1 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import Action, SetupError
from questbox.games.descent.catalog import catalog
from questbox.games.descent.encounter import encounter, normalize_setup
from questbox.games.descent.modules.items import CARDS, equip_problem, item_space, items, relics
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup, touch

ZOMBIES = [group("zombie", "zombie", ["B1", "H6"], minions=2)]


def arena(equipment: dict[str, list[str]], heroes: tuple[str, ...] = ("syndrael", "leoric")) -> DescentState:
    return new(setup(quest(groups=ZOMBIES), heroes=heroes, campaign={"equipment": equipment}))


def monster_attacks(st: DescentState, attacker: str, target: str, script: list[int]) -> list[Any]:
    """``attacker`` attacks ``target`` with a blue die (by hand, as in the overlord's turn);
    returns the decisions that waited (to put back once the attack is over)."""
    saved = list(st.pending)
    st.pending.clear()
    st.rng.script = list(script)
    st.start_attack(fig(st, attacker), fig(st, target), source=attacker, melee=True, dice=("blue",), abilities=())
    st._run()
    touch(st)
    return saved


def test_a_weapon_replaces_the_class_weapon_dice_and_surges_and_adds_its_pierce() -> None:
    plain = arena({})
    st = arena({"syndrael": ["iron-battleaxe"]})
    s = st.stat(fig(st, "syndrael"))
    assert s.dice == ("blue", "red") and s.attack == "melee"
    assert [x.id for x in s.surges] == ["heart2", "pierce1", "recover-fatigue1"]
    assert [x.id for x in s.surges] != [x.id for x in plain.stat(fig(plain, "syndrael")).surges]
    act(st, "activate syndrael")
    st.rng.script = [4, 5, 4]                  # blue ♥2, red ♥3; the zombie's brown 1 shield
    hit = next(e for e in act(st, "attack zombie-1") if e.kind == "hit")
    assert hit.data == {"hearts": 5, "shields": 1, "pierce": 1, "damage": 5}     # the axe's Pierce 1


def test_armor_adds_defense_dice_health_and_caps_speed() -> None:
    plain = arena({}, heroes=("jain", "leoric"))
    st = arena({"jain": ["chainmail"], "leoric": ["leather-armor", "iron-bound-ring"]}, heroes=("jain", "leoric"))
    j0, j = plain.stat(fig(plain, "jain")), st.stat(fig(st, "jain"))
    assert j0.speed == 5 and j.speed == 4                                  # Chainmail: Speed 4 at most
    assert j.defense == (*j0.defense, "gray")
    l0, lt = plain.stat(fig(plain, "leoric")), st.stat(fig(st, "leoric"))
    assert lt.health == l0.health + 1 + 2 and lt.defense == (*l0.defense, "brown")


def test_an_iron_shield_is_exhausted_after_the_defense_roll_for_one_shield() -> None:
    st = arena({"leoric": ["iron-shield"]})
    saved = monster_attacks(st, "zombie-2", "leoric", [4, 1, 1])           # blue ♥2; leoric rolls 0 shields
    assert names(st.legal_actions()) == ["use iron-shield", "pass"]
    hit = next(e for e in act(st, "use iron-shield") if e.kind == "hit")
    assert hit.data["shields"] == 1 and "iron-shield" in st.figs[fig(st, "leoric")].exhausted
    st.pending[:] = saved
    monster_attacks(st, "zombie-2", "leoric", [4, 1, 1])
    assert "use iron-shield" not in names(st.legal_actions())               # exhausted until his turn


def test_mana_weave_adds_a_surge_after_the_attack_roll() -> None:
    st = arena({"syndrael": ["mana-weave"]})
    act(st, "activate syndrael")
    st.rng.script = [4, 5, 1]                  # no surge rolled; the zombie rolls 0 shields
    act(st, "attack zombie-1")
    assert "use mana-weave" in names(st.legal_actions())
    act(st, "use mana-weave")
    assert st.attack is not None and st.surges_left(st.attack) == 1


def test_the_shop_lucky_charm_is_not_offered_twice_to_a_thief_holding_the_class_card() -> None:
    st = arena({"jain": ["lucky-charm"]}, heroes=("jain", "leoric"))
    mod = st.enc.by_name["items"]
    jain = next(h for h in st.enc.heroes if h.id == "jain")
    assert "lucky-charm" in jain.kit                                       # the Thief's own card
    st.tests.append([fig(st, "jain"), "might", [1, 1], ""])
    assert mod.offers(st, st.figs[fig(st, "jain")].seat, "test-after-roll", (0,)) == []


@pytest.mark.parametrize(("have", "card", "why"), [
    (["iron-battleaxe"], "light-hammer", "hands are full"),
    (["iron-spear", "iron-shield"], "sling", "hands are full"),
    (["chainmail"], "leather-armor", "1 armor"),
    (["ring-of-power", "mana-weave"], "lucky-charm", "2 other"),
    (["chainmail"], "sunburst", "no Rune card"),
    (["mana-weave"], "platemail", "no Rune card"),
    ([], "health-potion", "not an item that can be equipped"),
])
def test_the_equip_slots(have: list[str], card: str, why: str) -> None:
    assert why in (equip_problem(have, card) or "")


def test_allowed_combinations_pass_the_slots() -> None:
    assert equip_problem(["iron-spear"], "iron-shield") is None
    assert equip_problem(["iron-battleaxe", "leather-armor", "mana-weave"], "scorpion-helm") is None


def test_equipment_a_hero_cannot_wear_together_is_refused_with_the_hero_named() -> None:
    with pytest.raises(SetupError, match=r"campaign.equipment.syndrael: .*hands are full"):
        encounter(normalize_setup(setup(quest(groups=ZOMBIES), campaign={
            "equipment": {"syndrael": ["iron-battleaxe", "iron-shield"]}})))
    with pytest.raises(SetupError, match="per hero of this quest"):
        encounter(normalize_setup(setup(quest(groups=ZOMBIES), campaign={"equipment": {"tomble": ["sling"]}})))


def test_every_card_the_engine_plays_is_data_and_every_other_card_says_why_not() -> None:
    cards = items()
    assert set(CARDS) <= set(cards)
    for iid, it in cards.items():
        assert (iid in CARDS) == it.played, iid
        if not it.played:
            assert it.why, iid
    assert len([i for i in catalog().shop.values() for _ in range(i.copies) if i.act == 1]) == 20
    hero_relics = {r.id for r in relics().values() if r.side == "heroes"}
    assert hero_relics <= set(cards) and len(hero_relics) == 6


def test_the_cards_played_at_windows_are_in_the_action_space() -> None:
    from questbox.games.descent.space import encounter_space

    enc = encounter(normalize_setup(setup(quest(groups=ZOMBIES), campaign={"equipment": {"leoric": ["iron-shield"]}})))
    space = set(encounter_space(enc))
    assert set(item_space(enc)) <= space and Action("use", ("iron-shield",)) in space


def test_a_class_weapons_own_bonus_is_lost_and_runic_knowledge_follows_the_weapon_wielded() -> None:
    st = arena({"tomble": ["iron-spear"]}, heroes=("tomble", "leoric"))
    act(st, "activate tomble")
    st.rng.script = [5, 5, 1]          # blue ♥1, yellow R1 ♥1; brown 0: the Throwing Knives' +1 is not the spear's
    hit = next(e for e in act(st, "attack zombie-1") if e.kind == "hit")
    assert hit.data["hearts"] == 2
    for weapon, runic in (("iron-battleaxe", False), ("sunburst", True)):
        st = arena({"leoric": [weapon]})
        act(st, "activate leoric")
        put(st, "leoric", "A2")
        st.rng.script = [6, 3, 1]      # ⚡ on the blue die; brown 0
        act(st, "attack zombie-1")
        assert ("surge runic" in names(st.legal_actions())) is runic, weapon


def test_the_elven_cloak_turns_the_defense_result_into_the_heros_awareness() -> None:
    st = arena({"leoric": ["elven-cloak"]})
    aware = st.attribute(fig(st, "leoric"), "awareness")
    assert aware is not None and aware > 0
    monster_attacks(st, "zombie-2", "leoric", [4, 1, 1])           # blue ♥2; 0 shields rolled
    assert "use elven-cloak" in names(st.legal_actions())
    hit = next(e for e in act(st, "use elven-cloak") if e.kind == "hit")
    assert hit.data["shields"] == aware


def test_fortunas_dice_rerolls_one_die_just_rolled_for_a_fatigue() -> None:
    st = arena({"syndrael": ["fortunas-dice"]})
    act(st, "activate syndrael")
    st.rng.script = [1, 5, 1]          # blue X (a miss), red ♥3; brown 0
    act(st, "attack zombie-1")
    assert names(st.legal_actions())[:2] == ["use fortunas-dice attack 0", "use fortunas-dice attack 1"]
    st.rng.script = [4]                # the blue die again: R4 ♥2
    ev = act(st, "use fortunas-dice attack 0")
    s = fig(st, "syndrael")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 2 + 3 and st.figs[s].fatigue == 1
    assert "fortunas-dice" in st.figs[s].exhausted
    saved = monster_attacks(st, "zombie-2", "syndrael", [4, 1, 1, 1])  # exhausted: no reroll of his defense now
    assert not any(a.startswith("use fortunas-dice") for a in names(st.legal_actions()))
    st.pending[:] = saved


def test_the_ring_of_power_raises_the_heros_stamina() -> None:
    plain = arena({})
    st = arena({"leoric": ["ring-of-power"]})
    lf, pf = fig(st, "leoric"), fig(plain, "leoric")
    assert st.stamina(lf) == plain.stamina(pf) + 1
    assert st.stamina(fig(st, "syndrael")) == plain.stamina(fig(plain, "syndrael"))
    # the fatigue he may suffer before it turns into hearts grows with it
    st.suffer_fatigue(lf, plain.stamina(pf) + 1)
    assert st.figs[lf].fatigue == plain.stamina(pf) + 1 and st.figs[lf].damage == 0
    assert st.view("heroes")["figures"]["leoric"]["stamina"] == plain.stamina(pf) + 1
    from questbox.games.descent.data import library

    assert library().heroes["leoric"].stamina == plain.stamina(pf)        # the shared sheet is untouched
