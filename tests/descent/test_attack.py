"""Attacks in the printed order: dice, surges (each ability once), range and misses, defense,
Pierce, damage, conditions; targets, Reach, Cowardly, one attack per activation; class cards and
Search cards that act in an attack.

Face numbers (data/dice.yaml): blue 1 X, 2 R2 ♥2 ⚡, 3 R3 ♥2, 4 R4 ♥2, 5 R5 ♥1, 6 R6 ♥1 ⚡;
red ♥1, ♥2, ♥2, ♥2, ♥3, ♥3 ⚡; yellow R1 ⚡, ♥1 ⚡, ♥2, R2 ♥1, R1 ♥1, ♥2 ⚡;
brown 0 0 0 1 1 2; gray 0 1 1 1 2 3; black 0 2 2 2 3 4.
"""

from __future__ import annotations

import pytest

from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, kinds, names, new, put, quest, setup, touch


def duel(monsters: list[dict[str, object]] | None = None, heroes: tuple[str, ...] = ("syndrael", "leoric"),
         first: str = "syndrael", **kw: object) -> DescentState:
    q = quest(groups=monsters or [group("zombie", "zombie", ["B1", "H6"], minions=2)], **kw)  # type: ignore[arg-type]
    st = new(setup(q, heroes=heroes))
    act(st, f"activate {first}")
    return st


def surges(st: DescentState) -> list[str]:
    return sorted(str(a) for a in st.legal_actions() if a.name == "surge")


def test_an_attack_rolls_deals_hearts_minus_shields_and_defeats() -> None:
    st = duel()
    st.rng.script = [4, 5, 4]          # blue R4 ♥2, red ♥3; brown 1 shield
    ev = act(st, "attack zombie-1")
    hit = next(e for e in ev if e.kind == "hit")
    assert hit.data == {"hearts": 5, "shields": 1, "pierce": 0, "damage": 4}
    assert st.figs[fig(st, "zombie-1")].status == "defeated"
    assert kinds(ev).index("roll") < kinds(ev).index("defense") < kinds(ev).index("hit") < kinds(ev).index("defeated")
    assert st.turn is not None and st.turn.actions == 1


def test_each_surge_ability_is_spent_at_most_once_per_attack() -> None:
    st = duel()
    st.rng.script = [6, 6, 1]          # blue R6 ♥1 ⚡, red ♥3 ⚡: two surges; brown 0 (rolled with them)
    act(st, "attack zombie-1")
    assert st.pending[-1].kind == "surge"
    assert surges(st) == ["surge heart1", "surge heart2", "surge recover-fatigue1"]
    act(st, "surge heart1")
    assert surges(st) == ["surge recover-fatigue1"]          # heart1 used, heart2 costs 2
    ev = act(st, "done")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 5


def test_a_ranged_attack_misses_when_its_range_falls_short_unless_surges_buy_range() -> None:
    mons = [group("goblin-archer", "goblin", ["F1", "H6"], minions=2)]
    st = duel(mons, first="leoric")
    assert st.distance(fig(st, "leoric"), fig(st, "goblin-1")) == 5
    st.rng.script = [2, 4, 1]          # blue R2 ♥2 ⚡, yellow R2 ♥1: range 4 of 5; gray 0 (rolled with them)
    act(st, "attack goblin-1")
    assert surges(st) == ["surge pierce2", "surge range1", "surge recover-fatigue1", "surge runic"]
    ev = act(st, "done")
    assert "miss" in kinds(ev) and "hit" not in kinds(ev)
    st.rng.script = [2, 4, 1]
    act(st, "attack goblin-1", "surge range1")
    assert st.figs[fig(st, "goblin-1")].status == "defeated"


def test_an_x_misses_and_offers_no_surges() -> None:
    st = duel()
    st.rng.script = [1, 6, 1]          # blue X, red ♥3 ⚡; brown (rolled with them)
    ev = act(st, "attack zombie-1")
    assert "miss" in kinds(ev) and st.pending[-1].kind == "hero-turn"
    assert st.figs[fig(st, "zombie-1")].damage == 0


@pytest.mark.clause("DLP-ARDUS-14")
def test_pierce_ignores_that_many_shields_rolled() -> None:
    mons = [group("goblin-archer", "goblin", ["C1", "H6"], masters=1, minions=1)]
    st = duel(mons, first="leoric")
    st.rng.script = [2, 3, 6]          # ♥2 ⚡ + ♥2; gray 3 shields
    act(st, "attack goblin-m")
    ev = act(st, "surge pierce2")
    assert next(e for e in ev if e.kind == "hit").data == {"hearts": 4, "shields": 3, "pierce": 2, "damage": 3}


def test_a_condition_from_a_surge_needs_at_least_one_damage() -> None:
    mons = [group("zombie", "zombie", ["B1", "H6"], minions=2)]
    st = duel(mons, heroes=("avric", "leoric"), first="avric")
    st.rng.script = [5, 1, 6]          # blue ♥1, yellow R1 ⚡; brown 2: no damage
    act(st, "attack zombie-1", "surge stun")
    assert st.figs[fig(st, "zombie-1")].conds == []
    st.rng.script = [4, 1, 1]          # ♥2 ⚡; brown 0: 2 damage
    act(st, "attack zombie-1", "surge stun")
    assert st.figs[fig(st, "zombie-1")].conds == ["stunned"]


def test_melee_needs_adjacency_ranged_needs_line_of_sight_reach_reaches_two_spaces() -> None:
    mons = [group("zombie", "zombie", ["C1", "H6"], minions=2),
            group("ettin", "ettin", ["C3:D4"], minions=1, gid="ettins")]
    st = duel(mons, terrain={"obstacle": ["C2"]})
    legal = names(st.legal_actions())
    assert not any(a.startswith("attack") for a in legal)              # nobody adjacent to A1
    act(st, "end")
    legal = names(st.legal_actions())                                  # Leoric on A2, ranged
    assert "attack zombie-1" in legal and "attack ettin-1" in legal
    assert "attack zombie-2" not in legal                              # H6 is hidden behind the Ettin
    act(st, "end", "activate ettin-1")
    put(st, "syndrael", "B2")
    assert names(st.legal_actions()).count("attack syndrael") == 1       # two spaces away: Reach


def test_a_cowardly_goblin_spends_surges_only_near_its_master() -> None:
    mons = [group("goblin-archer", "goblin", ["B2", "H6", "H1"], masters=1, minions=2)]
    st = duel(mons)
    act(st, "end", "end", "activate goblin-1")
    st.rng.script = [2, 1, 1]          # blue ♥2 ⚡, yellow ⚡: two surges; gray blank
    act(st, "attack syndrael")
    assert st.pending[-1].kind != "surge"                  # the master (H6) is far away
    st.rng.script = []
    act(st, "end")
    put(st, "goblin-m", "C3")
    st.rng.script = [2, 1, 1]
    act(st, "activate goblin-2")
    put(st, "goblin-2", "B1")
    act(st, "attack syndrael")
    assert st.pending[-1].kind == "surge"


def test_a_cowardly_goblin_spends_surges_near_a_master_of_another_group() -> None:
    """Cowardly as printed (issue #17): within 3 spaces of *any* master monster or lieutenant."""
    mons = [group("goblin-archer", "goblin", ["H6", "B2"], masters=1, minions=1),
            group("zombie", "zombie", ["C3", "H1"], masters=1, minions=1)]
    st = duel(mons)
    act(st, "end", "end", "activate goblin-1")
    st.rng.script = [2, 1, 1]          # blue ♥2 ⚡, yellow ⚡: two surges; gray blank
    act(st, "attack syndrael")
    assert st.pending[-1].kind == "surge"                  # the zombie master (C3) is 2 spaces away


def test_a_cowardly_goblin_next_to_a_minion_of_another_group_only_stays_cowardly() -> None:
    mons = [group("goblin-archer", "goblin", ["H6", "B2"], masters=1, minions=1),
            group("zombie", "zombie", ["H1", "C3"], masters=1, minions=1)]
    st = duel(mons)
    act(st, "end", "end", "activate goblin-1")
    st.rng.script = [2, 1, 1]          # two surges; gray blank
    act(st, "attack syndrael")
    assert st.pending[-1].kind != "surge"                  # C3 holds a zombie minion, not a master
    assert st.figs[fig(st, "syndrael")].damage == 2


def test_a_monster_attacks_at_most_once_per_activation() -> None:
    st = duel()
    act(st, "end", "end", "activate zombie-1")
    st.rng.script = [1, 1, 1]
    act(st, "attack syndrael")
    assert not any(a.name == "attack" for a in st.legal_actions())
    assert st.turn is not None and st.turn.actions == 1


def test_heroes_may_attack_twice_in_a_turn() -> None:
    st = duel()
    st.rng.script = [1, 1, 1]
    act(st, "attack zombie-1")
    assert "attack zombie-1" in names(st.legal_actions())


def test_rage_adds_a_heart_for_a_fatigue_and_knives_add_one_next_to_the_target() -> None:
    st = duel()
    st.rng.script = [5, 1, 1]          # ♥1 + ♥1 + Rage 1; brown 0
    ev = act(st, "rage zombie-1")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 3
    assert st.figs[fig(st, "syndrael")].fatigue == 1
    st2 = duel(heroes=("tomble", "leoric"), first="tomble")
    st2.rng.script = [5, 5, 1]         # blue ♥1, yellow R1 ♥1, +1 next to the target; brown 0
    ev = act(st2, "attack zombie-1")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 3


def test_runic_knowledge_trades_a_fatigue_for_two_hearts() -> None:
    mons = [group("zombie", "zombie", ["D2", "H6"], minions=2)]
    st = duel(mons, first="leoric")
    st.rng.script = [6, 3, 1]          # blue R6 ♥1 ⚡, yellow ♥2; brown 0
    act(st, "attack zombie-1")
    assert "surge runic" in surges(st)
    ev = act(st, "surge runic")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 5
    assert st.figs[fig(st, "leoric")].fatigue == 1


def test_the_wooden_shield_and_the_warding_talisman_add_shields_after_the_defense_roll() -> None:
    st = duel(heroes=("avric", "leoric"), first="avric")
    a = fig(st, "avric")
    st.figs[a].items.append("warding-talisman")
    act(st, "end", "end", "activate zombie-1")
    st.rng.script = [3, 3, 1]          # ♥2 + ♥2; gray 0
    act(st, "attack avric")
    assert st.pending[-1].kind == "react" and st.pending[-1].seat == "heroes"
    assert names(st.legal_actions("heroes")) == ["use wooden-shield", "use warding-talisman", "pass"]
    act(st, "use wooden-shield")
    assert names(st.legal_actions("heroes")) == ["use warding-talisman", "pass"]
    ev = act(st, "use warding-talisman")
    assert next(e for e in ev if e.kind == "hit").data == {"hearts": 4, "shields": 3, "pierce": 0, "damage": 1}
    assert st.figs[a].damage == 1 and "warding-talisman" not in st.figs[a].items
    assert "wooden-shield" in st.figs[a].exhausted


def test_the_power_potion_rerolls_chosen_dice() -> None:
    st = duel()
    s = fig(st, "syndrael")
    st.figs[s].items.append("power-potion")
    touch(st)
    st.rng.script = [1, 1, 1]          # the attack dice and the brown die, rolled together
    act(st, "attack zombie-1")
    assert names(st.legal_actions()) == ["use power-potion", "pass"]
    act(st, "use power-potion")
    assert names(st.legal_actions()) == ["reroll 0", "reroll 1", "done"]
    st.rng.script = [4]
    act(st, "reroll 0")
    assert names(st.legal_actions()) == ["reroll 1", "done"]
    ev = act(st, "done")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 3
