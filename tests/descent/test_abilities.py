"""The heroes' abilities (data/heroes.yaml), played by the ``heroes`` rule module."""

from __future__ import annotations

from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup


def game(heroes: tuple[str, ...], monsters: list[dict[str, object]] | None = None) -> DescentState:
    q = quest(groups=monsters or [group("zombie", "zombie", ["B1", "H6"], minions=2)])
    return new(setup(q, heroes=heroes, hero_abilities=True))


def hit(events: list[object]) -> dict[str, int]:
    return next(e.data for e in events if e.kind == "hit")  # type: ignore[attr-defined]


def test_syndrael_recovers_two_fatigue_if_she_did_not_move() -> None:
    st = game(("syndrael", "leoric"))
    s = fig(st, "syndrael")
    st.figs[s].fatigue = 3
    act(st, "activate syndrael", "end")
    assert st.figs[s].fatigue == 1
    act(st, "end", "activate zombie-1", "end", "activate zombie-2", "end")
    act(st, "activate syndrael", "move", "move A3", "end")
    assert st.figs[s].fatigue == 1


def test_grisban_discards_a_condition_when_he_rests() -> None:
    st = game(("grisban", "leoric"))
    g = fig(st, "grisban")
    st.figs[g].conds += ["immobilized", "diseased"]
    st.rng.script = [1, 1]            # the Diseased test passes... and is discarded; Immobilized stays
    act(st, "activate grisban")
    assert st.figs[g].conds == ["immobilized"]
    act(st, "rest")
    assert st.figs[g].conds == []


def test_widow_tarha_rerolls_one_attack_die_once_a_round() -> None:
    st = game(("tarha", "leoric"), [group("zombie", "zombie", ["C3", "C4"], minions=2)])
    st.rng.script = [1, 3, 1]         # blue X; brown 0 (rolled with the attack)
    act(st, "activate tarha", "attack zombie-1")
    assert names(st.legal_actions()) == ["reroll 0", "reroll 1", "pass"]
    st.rng.script = [4]               # blue R4 ♥2
    ev = act(st, "reroll 0")
    assert hit(ev)["hearts"] == 4
    assert st.mods["heroes"]["tarha_round"] == 1
    st.rng.script = [1, 3, 1]         # an X again: no reroll is offered this round
    act(st, "attack zombie-2")
    assert st.pending[-1].kind == "hero-turn"


def test_leoric_makes_nearby_monsters_deal_one_heart_less() -> None:
    st = game(("syndrael", "leoric"))
    act(st, "activate syndrael", "end", "end", "activate zombie-1")
    st.rng.script = [3, 3, 1]         # ♥2 + ♥2; gray 0: 4, minus 1
    ev = act(st, "attack syndrael")
    assert hit(ev)["damage"] == 3


def test_avric_gives_nearby_heroes_a_healing_surge() -> None:
    st = game(("syndrael", "avric"))
    s = fig(st, "syndrael")
    st.figs[s].damage = 2
    st.rng.script = [6, 2, 1]
    act(st, "activate syndrael", "attack zombie-1")
    assert "surge recover-heart1" in names(st.legal_actions())


def test_ashrian_stuns_a_minion_that_starts_its_activation_next_to_her() -> None:
    st = game(("ashrian", "leoric"))
    act(st, "activate ashrian", "end", "end")
    put(st, "zombie-1", "B2")
    act(st, "activate zombie-1")
    assert st.turn is not None and st.turn.actions == 1


def test_tomble_adds_an_adjacent_heros_defense_dice() -> None:
    st = game(("tomble", "leoric"))
    act(st, "activate tomble", "end", "end", "activate zombie-1")
    st.rng.script = [3, 3, 1, 1]      # ♥2 + ♥2; gray 0, gray 0 (Leoric's)
    ev = act(st, "attack tomble")
    defense = next(e for e in ev if e.kind == "defense")
    assert defense.data["dice"] == ["gray", "gray"]


def test_jain_may_take_hearts_as_fatigue() -> None:
    st = game(("jain", "leoric"))
    j = fig(st, "jain")
    act(st, "activate jain", "end", "end", "activate zombie-1")
    st.rng.script = [3, 3, 1]         # 4 hearts, 0 shields, 1 less next to Leoric: 3 damage
    act(st, "attack jain")
    assert names(st.legal_actions()) == ["endure 1", "endure 2", "endure 3", "pass"]
    act(st, "endure 2")
    assert st.figs[j].fatigue == 2 and st.figs[j].damage == 1
