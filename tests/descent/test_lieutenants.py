"""Lieutenants as figures (issue #18): a quest group names a lieutenant of data/lieutenants.yaml;
the figure fights with its card's stat line for the act and hero count, makes real attribute
tests with its printed attributes and plays the card abilities the engine has objects for.

Sources: the lieutenant cards as any2cards/d2e data/lieutenants.js lists them (paraphrased in
data/lieutenants.yaml); "card <lieutenant>" names the card whose ability a test plays.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from questbox.core import Action, SetupError
from questbox.games.descent import GAME, lieutenants
from questbox.games.descent.catalog import DATA, build_catalog, catalog
from questbox.games.descent.space import encounter_space
from questbox.games.descent.state import DescentState

from .helpers import act, by_hand, fig, group, new, quest, setup, touch


def lt(lid: str, place: str, gid: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"id": gid or lid, "lieutenant": lid, "figure": gid or lid, "place": [place], **extra}


def _st(*groups: dict[str, Any], heroes: tuple[str, ...] = ("syndrael", "leoric"), **kw: Any) -> DescentState:
    gs = list(groups) or [lt("ardus", "F3")]
    return new(setup(quest(groups=gs), heroes, **kw))


def _overlord(st: DescentState, fid: str) -> None:
    """Pass the heroes' turns and activate figure ``fid``."""
    act(st, "activate syndrael", "end", "end", f"activate {fid}")


def _texts(ev: list[Any], kind: str) -> list[str]:
    return [e.text for e in ev if e.kind == kind]


# =========================================================================== the figure and data
def test_a_lieutenant_group_is_one_master_like_figure_with_the_cards_stat_line() -> None:
    """Card Belthir, Act II, 3 heroes: Speed 4, Health 15, Defense gray gray, melee blue red red."""
    st = _st(lt("belthir", "F3"), heroes=("syndrael", "leoric", "tomble"), act=2)
    b = fig(st, "belthir-m")
    f, stat = st.figs[b], st.stat(b)
    assert (f.side, f.seat, f.master, f.shape) == ("monster", "overlord", True, (1, 1))
    assert "lieutenant" in f.tags
    assert (stat.speed, stat.health, stat.defense, stat.dice, stat.attack) == (
        4, 15, ("gray", "gray"), ("blue", "red", "red"), "melee")
    assert stat.attributes == {"might": 4, "knowledge": 3, "willpower": 4, "awareness": 1}
    assert [s.id for s in stat.surges] == ["poison"]
    assert st.name(b) == "Belthir"
    two = _st(lt("belthir", "F3"))           # Act I, 2 heroes: Health 9, gray
    assert (two.stat(fig(two, "belthir-m")).health, two.stat(fig(two, "belthir-m")).defense) == (9, ("gray",))


def test_ardus_lieutenant_stat_line_is_his_card() -> None:
    """Card Ardus Ix'Erebus (lieutenant), Act I, 4 heroes: Speed 4, Health 17, black brown; Might 5."""
    st = _st(lt("ardus", "F3"), heroes=("syndrael", "leoric", "tomble", "avric"))
    stat = st.stat(fig(st, "ardus-m"))
    assert (stat.speed, stat.health, stat.defense, stat.name) == (4, 17, ("black", "brown"), "Ardus Ix'Erebus")
    assert stat.attributes is not None and stat.attributes["might"] == 5
    assert [s.id for s in stat.surges] == ["pierce1"]


def test_the_overlord_activates_the_lieutenant_and_it_attacks_with_its_dice() -> None:
    st = _st(lt("splig", "B2"))
    _overlord(st, "splig-m")
    acts = [str(a) for a in st.legal_actions("overlord")]
    assert "attack syndrael" in acts and "move" in acts
    st.rng.script = [2, 2, 1]            # blue R2 ♥2 surge, red ♥2; syndrael's gray 0 shields
    ev = act(st, "attack syndrael")
    assert "Splig attacks Syndrael (melee, blue+red)." in _texts(ev, "attack")


def test_a_poisoned_lieutenant_tests_might_against_his_printed_might() -> None:
    """RR Poisoned: the figure tests Might at the start of its activation. A monster has no
    attributes and fails; Ardus tests his Might 5 (3 + 2 shields pass, 3 + 3 fail)."""
    for faces, passes in (([6, 2], True), ([6, 5], False)):
        st = _st(lt("ardus", "H6"))
        a = fig(st, "ardus-m")
        st.figs[a].conds.append("poisoned")
        touch(st)
        st.rng.script = list(faces)
        act(st, "activate syndrael", "end", "end")
        ev = act(st, "activate ardus-m")
        want = "passes" if passes else "fails"
        assert f"Ardus Ix'Erebus tests Might (Poisoned): {3 + (2 if passes else 3)} shields against 5, {want}." \
            in _texts(ev, "test")
        assert ("poisoned" in st.figs[a].conds) is not passes
        assert st.figs[a].damage == (0 if passes else 1)


def test_an_unknown_lieutenant_or_a_group_naming_both_is_refused() -> None:
    with pytest.raises(SetupError, match="unknown lieutenant 'nobody'"):
        _st(lt("nobody", "F3"))
    with pytest.raises(SetupError, match="name a monster or a lieutenant"):
        _st({**lt("splig", "F3"), "monster": "zombie"})
    with pytest.raises(SetupError, match="its one figure"):
        _st({**lt("splig", "F3"), "open": ["zombie"]})
    again = [{"group": "splig", "when": "round-start", "count": {2: 1, 3: 1, 4: 1}, "squares": ["H6"]}]
    with pytest.raises(SetupError, match="the lieutenant's group splig is not a reinforcement"):
        new(setup(quest(groups=[lt("splig", "F3")], reinforcements=again)))


def _copy(tmp_path: Path) -> Path:
    for f in ("overlord.yaml", "lieutenants.yaml", "skills.yaml", "shop.yaml"):
        shutil.copy(DATA / f, tmp_path / f)
    return tmp_path


def test_lieutenant_ability_ids_are_checked_against_the_engine_on_load(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    text = (root / "lieutenants.yaml").read_text()
    # a played ability marked unplayed
    (root / "lieutenants.yaml").write_text(text.replace(
        '"+1 heart."}', '"+1 heart.", unplayed: "we say so for the test"}', 1))
    with pytest.raises(SetupError, match="heart-1 is played by the engine"):
        lieutenants.check(build_catalog(root))
    # an ability with no piece in the engine and no reason
    (root / "lieutenants.yaml").write_text(re.sub(r'(id: unmovable,.*?), unplayed: "[^"]*"', r"\1", text))
    with pytest.raises(SetupError, match="unmovable has no piece in the engine"):
        lieutenants.check(build_catalog(root))
    # an unknown ability id on a card (the catalog's own check)
    (root / "lieutenants.yaml").write_text(text.replace("[flanking, fury, pierce-1]", "[flanking, furry, pierce-1]"))
    with pytest.raises(SetupError, match="unknown ability furry"):
        build_catalog(root)


def test_every_ability_is_played_or_says_why_not() -> None:
    cat = catalog()
    lieutenants.check(cat)
    unplayed = sorted(a.id for a in cat.lt_abilities.values() if a.unplayed)
    assert unplayed == ["unmovable"], unplayed


# ======================================================================= the played abilities
def test_fury_pass_adds_a_surge() -> None:
    """Card Ardus Ix'Erebus: Fury, a pass (Might 5) adds a surge to the attack."""
    st = _st(lt("ardus", "B2"))
    _overlord(st, "ardus-m")
    st.rng.script = [3, 2, 1]               # blue R3 ♥2, red ♥2 (no surge); syndrael's gray 0
    act(st, "attack syndrael")
    assert [str(a) for a in st.legal_actions("overlord")] == ["fury", "pass"]
    st.rng.script = [1, 1]                  # the test: 0 shields, passes
    act(st, "fury")
    atk = st.attack
    assert atk is not None and atk.extra_surges == 1
    assert "surge pierce1" in [str(a) for a in st.legal_actions("overlord")]


def test_fury_fail_makes_the_attack_a_miss() -> None:
    st = _st(lt("ardus", "B2"))
    _overlord(st, "ardus-m")
    st.rng.script = [3, 2, 1]
    act(st, "attack syndrael")
    st.rng.script = [6, 6]                  # 3 + 4 shields against Might 5: fails
    ev = act(st, "fury")
    assert "The attack misses: Ardus Ix'Erebus fails his Fury test." in _texts(ev, "miss")
    assert st.figs[fig(st, "syndrael")].damage == 0


def test_reach_lets_belthir_attack_two_spaces_away() -> None:
    """Card Belthir: Reach."""
    st = _st(lt("belthir", "C1"))
    _overlord(st, "belthir-m")
    assert "attack syndrael" in [str(a) for a in st.legal_actions("overlord")]     # A1: 2 spaces


def test_fly_moves_through_heroes() -> None:
    """Card Belthir: Fly (played in part: through enemy figures)."""
    grid = ["AAAAAAAA"]
    st = new(setup(quest(grid=grid, groups=[lt("belthir", "D1")], start=("C1", "E1", "G1", "H1"))))
    _overlord(st, "belthir-m")
    act(st, "move")
    assert "move F1" in [str(a) for a in st.legal_actions("overlord")]    # past leoric on E1
    splig = new(setup(quest(grid=grid, groups=[lt("splig", "D1")], start=("C1", "E1", "G1", "H1"))))
    _overlord(splig, "splig-m")
    act(splig, "move")
    assert "move F1" not in [str(a) for a in splig.legal_actions("overlord")]


def test_wail_makes_heroes_within_three_test_willpower_or_suffer_two_fatigue() -> None:
    """Card Lady Eliza Farrow, Act II: Wail."""
    st = _st(lt("lady-eliza-farrow", "C1"), act=2)
    _overlord(st, "lady-eliza-farrow-m")
    st.rng.script = [6, 6, 1, 1]            # syndrael fails (7 > 2), leoric passes
    act(st, "wail")
    assert st.figs[fig(st, "syndrael")].fatigue == 2 and st.figs[fig(st, "leoric")].fatigue == 0


def test_sacrifice_heals_eliza_with_an_adjacent_monsters_hearts() -> None:
    """Card Lady Eliza Farrow: Sacrifice."""
    st = _st(lt("lady-eliza-farrow", "G3"), group("zombie", "zombie", ["G4"], minions=1))
    e, z = fig(st, "lady-eliza-farrow-m"), fig(st, "zombie-1")
    st.figs[e].damage = 2
    touch(st)
    _overlord(st, "lady-eliza-farrow-m")
    act(st, "sacrifice zombie-1")
    assert st.figs[e].damage == 0 and st.figs[z].damage == 2


def test_blood_call_recovers_the_hearts_dealt() -> None:
    """Card Lady Eliza Farrow: Blood Call."""
    st = _st(lt("lady-eliza-farrow", "B2"))
    e = fig(st, "lady-eliza-farrow-m")
    st.figs[e].damage = 4
    touch(st)
    _overlord(st, "lady-eliza-farrow-m")
    st.rng.script = [2, 6, 1]               # blue R2 ♥2 surge, yellow ♥2 surge; gray 0
    act(st, "attack syndrael", "surge blood-call")
    assert st.figs[fig(st, "syndrael")].damage == 4 and st.figs[e].damage == 0


def test_ignite_costs_merick_a_heart_and_hits_every_adjacent_figure() -> None:
    """Card Lord Merick Farrow: Ignite."""
    st = _st(lt("lord-merick-farrow", "B1"), group("zombie", "zombie", ["C1"], minions=1))
    m = fig(st, "lord-merick-farrow-m")
    _overlord(st, "lord-merick-farrow-m")
    st.rng.script = [2, 5, 1, 1, 1]         # blue R2 ♥2 surge, red ♥3; gray 0 (syndrael); 2 follow-ups
    ev = act(st, "ignite")
    assert st.figs[m].damage == 1
    assert "Ignite: the attack also affects Leoric of the Book, Zombie 1." in _texts(ev, "area")


def test_wither_adds_a_fatigue_and_aftershock_tests_the_attacker() -> None:
    """Card Lord Merick Farrow, Act II: Wither; Aftershock."""
    st = _st(lt("lord-merick-farrow", "B1"), act=2)
    _overlord(st, "lord-merick-farrow-m")
    st.rng.script = [2, 2, 1, 1, 1]         # blue R2 ♥2 surge, red ♥2, yellow surge R1; gray gray 0
    act(st, "attack syndrael", "surge wither", "done")     # (the second surge could buy +1 heart)
    assert st.figs[fig(st, "syndrael")].fatigue == 1 and st.figs[fig(st, "syndrael")].damage == 4
    # Aftershock: syndrael, adjacent, attacks Merick and then tests Willpower
    st2 = _st(lt("lord-merick-farrow", "B1"))
    st2.rng.script = [3, 1, 1, 6, 6]        # blue ♥2, red ♥1; gray 0; syndrael's test 7 > 2: fails
    ev = act(st2, "activate syndrael", "attack lord-merick-farrow-m")
    assert any("(Aftershock)" in t for t in _texts(ev, "test"))
    assert st2.figs[fig(st2, "syndrael")].fatigue == 1


def test_regeneration_heals_alric_at_the_start_of_the_overlords_turn() -> None:
    """Card Sir Alric Farrow, Act II: Regeneration 1."""
    st = _st(lt("sir-alric-farrow", "H6"), act=2)
    a = fig(st, "sir-alric-farrow-m")
    st.figs[a].damage = 2
    touch(st)
    act(st, "activate syndrael", "end", "end")
    assert st.figs[a].damage == 1


def test_rally_discards_a_condition_of_each_monster_near_ardus() -> None:
    """Card Ardus Ix'Erebus, Act II: Rally."""
    st = _st(lt("ardus", "H6"), group("zombie", "zombie", ["H5"], minions=1), act=2)
    z = fig(st, "zombie-1")
    st.figs[z].conds.append("immobilized")
    touch(st)
    _overlord(st, "ardus-m")
    act(st, "rally")
    assert st.figs[z].conds == []


def test_subdue_gives_the_condition_the_overlord_chose_if_the_attack_deals_damage() -> None:
    """Card Baron Zachareth: Subdue (one surge ability per condition; spending one uses them all)."""
    st = _st(lt("baron-zachareth", "B2"))
    _overlord(st, "baron-zachareth-m")
    st.rng.script = [2, 6, 1]               # blue R2 ♥2 surge, red ♥3 surge; syndrael's gray 0
    act(st, "attack syndrael")
    legal = [str(a) for a in st.legal_actions("overlord")]
    assert {"surge subdue-stunned", "surge subdue-poisoned", "surge pierce2"} <= set(legal)
    act(st, "surge subdue-stunned")
    assert [str(a) for a in st.legal_actions("overlord")] == ["surge pierce2", "done"]
    act(st, "done")
    assert st.figs[fig(st, "syndrael")].conds == ["stunned"]


def test_knockback_places_the_target_within_three_spaces() -> None:
    """Card Splig: Knockback (the target counts as entering the space)."""
    st = _st(lt("splig", "B2"))
    _overlord(st, "splig-m")
    st.rng.script = [2, 2, 1]               # blue R2 ♥2 surge, red ♥2; gray 0
    act(st, "attack syndrael", "surge knockback")
    assert st.pending[-1].kind == "mod:lieutenants:shift"
    squares = {str(a.args[0]) for a in st.legal_actions("overlord")}
    assert "D1" in squares and "E1" not in squares and "A2" not in squares     # 3 spaces; leoric on A2
    ev = act(st, "shift D1")
    assert st.figs[fig(st, "syndrael")].pos == st.board.index["D1"]
    assert "Syndrael is moved to D1." in _texts(ev, "place") and "enter-space" in [e.text for e in ev]


def test_seduce_tests_elizas_willpower_then_moves_and_stuns_the_hero() -> None:
    """Card Lady Eliza Farrow: Seduce."""
    st = _st(lt("lady-eliza-farrow", "D1"))
    _overlord(st, "lady-eliza-farrow-m")
    st.rng.script = [2, 1]                  # 1 shield against her Willpower 3: passes
    ev = act(st, "seduce syndrael")
    assert "Lady Eliza Farrow tests Willpower (Seduce): 1 shields against 3, passes." in _texts(ev, "test")
    assert sorted(str(a.args[0]) for a in st.legal_actions("overlord")) == ["B1", "B2"]
    act(st, "shift B1")
    s = st.figs[fig(st, "syndrael")]
    assert s.pos == st.board.index["B1"] and s.conds == ["stunned"]
    fail = _st(lt("lady-eliza-farrow", "D1"))
    _overlord(fail, "lady-eliza-farrow-m")
    fail.rng.script = [6, 5]                # 6 shields: fails, nothing happens
    act(fail, "seduce syndrael")
    assert fail.pending[-1].kind == "monster-turn" and fail.figs[fig(fail, "syndrael")].conds == []


def test_dominion_moves_a_hero_two_spaces_then_he_tests_willpower() -> None:
    """Card Baron Zachareth: Dominion (ours: any empty space within 2 spaces by a route)."""
    st = _st(lt("baron-zachareth", "F3"))
    _overlord(st, "baron-zachareth-m")
    st.rng.script = [1, 1]                  # the Baron's test: 0 shields, passes
    act(st, "dominion syndrael")
    assert "C1" in {str(a.args[0]) for a in st.legal_actions("overlord")}
    st.rng.script = [6, 6]                  # syndrael's Willpower 2 against 7 shields: Immobilized
    act(st, "shift C1")
    s = st.figs[fig(st, "syndrael")]
    assert s.pos == st.board.index["C1"] and s.conds == ["immobilized"]


def test_not_me_tests_spligs_awareness_and_a_monster_next_to_him_takes_the_attack() -> None:
    """Card Splig: Not Me! (range and sight stay his)."""
    st = _st(lt("splig", "B1"), group("zombie", "zombie", ["C1"], minions=1))
    st.rng.script = [2, 1]                  # his Awareness 2 against 1 shield: passes
    ev = act(st, "activate syndrael", "attack splig-m")
    assert "Splig tests Awareness (Not Me!): 1 shields against 2, passes." in _texts(ev, "test")
    assert [str(a) for a in st.legal_actions("overlord")] == ["not-me zombie-1"]
    st.rng.script = [3, 1, 1]               # blue ♥2, red ♥1; the zombie's brown 0
    act(st, "not-me zombie-1")
    assert st.figs[fig(st, "zombie-1")].status == "defeated" and st.figs[fig(st, "splig-m")].damage == 0
    fail = _st(lt("splig", "B1"), group("zombie", "zombie", ["C1"], minions=1))
    fail.rng.script = [6, 5, 3, 1, 1]       # the test fails (6 > 2); the attack hits Splig
    act(fail, "activate syndrael", "attack splig-m")
    assert fail.figs[fig(fail, "splig-m")].damage == 3


def test_a_saved_game_in_the_middle_of_a_lieutenants_decision_loads_and_goes_on() -> None:
    st = _st(lt("lady-eliza-farrow", "D1"))
    _overlord(st, "lady-eliza-farrow-m")
    st.rng.script = [2, 1]
    act(st, "seduce syndrael")
    loaded = GAME.from_json(json.loads(json.dumps(st.to_json())))
    assert isinstance(loaded, DescentState)
    assert loaded.legal_actions("overlord") == st.legal_actions("overlord")
    loaded.apply("overlord", Action.parse("shift B1"))
    assert loaded.figs[fig(loaded, "syndrael")].conds == ["stunned"]


def test_flanking_lends_ardus_the_surges_of_a_cursed_monster_next_to_the_target() -> None:
    """Card Ardus Ix'Erebus: Flanking (zombies are Cursed; goblin archers are not)."""
    st = _st(lt("ardus", "B2"), group("zombie", "zombie", ["B1"], minions=1),
             group("goblin-archer", "goblin", ["C1"], minions=1))
    _overlord(st, "ardus-m")
    act(st, "attack syndrael")
    assert [str(a) for a in st.legal_actions("overlord")] == ["flank zombie-1", "pass"]
    act(st, "flank zombie-1")
    atk = st.attack
    assert atk is not None
    zombie = {s.id for s in st.stat(fig(st, "zombie-1")).surges}
    assert zombie and zombie <= {str(a[0]) for a in atk.abilities}


def test_promotion_makes_an_adjacent_minion_a_master_within_the_group_limit() -> None:
    """Card Splig, Act II: Promotion (Splig tests his Willpower 3)."""
    st = _st(lt("splig", "F3"), group("zombie", "zombie", ["H6", "F4"], masters=1, minions=1), act=2)
    z = fig(st, "zombie-1")
    _overlord(st, "splig-m")
    assert "promotion zombie-1" not in [str(a) for a in st.legal_actions("overlord")]   # its master stands
    by_hand(st, st.defeat, fig(st, "zombie-m"))
    assert "promotion zombie-1" in [str(a) for a in st.legal_actions("overlord")]
    st.rng.script = [2, 2]                  # 1 + 2 shields against Willpower 3: passes
    ev = act(st, "promotion zombie-1")
    assert st.figs[z].master and st.figs[z].stat == "zombies/master"
    assert "Promotion: Zombie (master) 1 is now a master." in _texts(ev, "info")


def test_shadow_bolt_is_a_ranged_attack_with_blue_red_yellow() -> None:
    """Card Baron Zachareth, Act II: Shadow Bolt."""
    st = _st(lt("baron-zachareth", "F3"), act=2)
    _overlord(st, "baron-zachareth-m")
    st.rng.script = [6, 2, 1, 1]
    ev = act(st, "shadow-bolt syndrael")
    assert "Baron Zachareth attacks Syndrael (ranged, blue+red+yellow)." in _texts(ev, "attack")


def test_cowardly_goblins_count_a_lieutenant_as_a_master() -> None:
    st = _st(lt("splig", "E3"), group("goblin-archer", "goblin", ["F3"], minions=1))
    g = fig(st, "goblin-1")
    from questbox.games.descent.combat import may_spend_surges

    atk = st.own_attack(g, fig(st, "syndrael"))
    assert may_spend_surges(st, atk)
    st.attacks.pop()
    by_hand(st, st.defeat, fig(st, "splig-m"))
    atk = st.own_attack(g, fig(st, "syndrael"))
    assert not may_spend_surges(st, atk)


# ================================================================================= views, space
def test_views_show_the_lieutenant_as_a_named_figure_with_its_stat_line() -> None:
    st = _st(lt("belthir", "F3"))
    v = st.view("heroes")
    f = v["figures"]["belthir-m"]
    assert f["name"] == "Belthir" and f["master"] and f["group"] == "belthir"
    card = v["mods"]["lieutenants"]["belthir-m"]
    assert (card["speed"], card["health"], card["defense"], card["dice"]) == (4, 9, ["gray"], ["blue", "red"])
    assert card["attributes"]["willpower"] == 4
    assert {a["id"]: a["played"] for a in card["abilities"]} == {"fly": True, "poison": True, "reach": True}


def test_the_lieutenants_actions_are_in_the_fixed_action_space() -> None:
    st = _st(lt("baron-zachareth", "F3"), lt("ardus", "F5"), lt("lady-eliza-farrow", "H6"), lt("belthir", "H1"),
             lt("splig", "E1"), act=2)
    space = set(encounter_space(st.enc))
    for a in ("fury", "rally", "wail", "shadow-bolt syndrael", "sacrifice ardus-m", "dominion leoric",
              "seduce syndrael", "shift C3", "surge subdue-stunned", "flank lady-eliza-farrow-m", "cry-havoc",
              "promotion ardus-m"):
        assert Action.parse(a) in space, a


def test_random_games_with_lieutenants_keep_the_space_and_save() -> None:
    import random

    gs = [lt("ardus", "F3"), lt("lord-merick-farrow", "F5"), lt("lady-eliza-farrow", "H6"), lt("splig", "E1"),
          lt("baron-zachareth", "H1"), lt("belthir", "C6"), lt("sir-alric-farrow", "D4")]
    doc = setup(quest(groups=gs), act=2)
    for seed in range(4):
        st = GAME.new(doc, seed=seed)
        assert isinstance(st, DescentState)
        space = set(encounter_space(st.enc))
        r = random.Random(seed)
        for k in range(600):
            if st.outcome() is not None:
                break
            seat = next(s for s in st.seats if st.legal_actions(s))
            legal = st.legal_actions(seat)
            assert set(legal) <= space
            if k % 20 == 0:     # a saved game passes the state check and loads back the same
                saved = json.loads(json.dumps(st.to_json()))
                assert GAME.from_json(saved).to_json() == saved
            st.apply(seat, r.choice(legal))


# ==================================================================== quests featuring lieutenants
CAMPAIGN = {"plot_deck": "first-legion", "threat": 5, "faceup": ["strength-in-numbers", "summon-ardus"]}


@pytest.mark.parametrize("quest_id", ["farrow-pyre", "ardus-muster"])
@pytest.mark.parametrize("heroes", [("syndrael", "avric"), ("syndrael", "avric", "leoric", "tomble")])
def test_our_lieutenant_quests_load_for_every_hero_count_and_act(quest_id: str, heroes: tuple[str, ...]) -> None:
    for act_no in (1, 2):
        st = new({"quest": quest_id, "heroes": list(heroes), "act": act_no})
        lts = [i for i, f in enumerate(st.figs) if "lieutenant" in f.tags]
        assert len(lts) == 1 and st.figs[lts[0]].status == "active"
        assert st.enc.quest.source.startswith("ours: ")


def test_the_agent_may_be_summoned_where_the_quest_does_not_feature_ardus() -> None:
    """DLP-AGENT-07's other side: the same campaign state on a quest without the lieutenant Ardus
    (the conformance case lieutenant-ardus-no-agent.yaml plays the quest that features him)."""
    st = new({"quest": "warren-raid", "heroes": ["syndrael", "avric"], "campaign": CAMPAIGN})
    assert "plot summon-ardus raiders" in [str(a) for a in st.legal_actions("overlord")]
    featured = new({"quest": "ardus-muster", "heroes": ["syndrael", "avric"], "campaign": CAMPAIGN})
    assert featured.legal_actions("overlord") == [] and "ardus" not in featured.ids
    assert not featured.enc.by_name["campaign"].may_summon(featured)     # type: ignore[attr-defined]


# ============================================================================== the overlord's bot
def test_pass_odds_read_the_printed_attribute() -> None:
    from questbox.games.descent.lieutenant_bots import pass_odds

    st = _st(lt("ardus", "F3"), group("zombie", "zombie", ["H6"], minions=1))
    # gray + black shields (data/dice.yaml) of at most 5, Ardus's Might: all but 3+3, 3+4, 2+4
    assert pass_odds(st, fig(st, "ardus-m"), "might") == pytest.approx(33 / 36)
    # at most 1, his Willpower: a blank black die with a gray 0 or 1 (4 of the gray faces)
    assert pass_odds(st, fig(st, "ardus-m"), "willpower") == pytest.approx(4 / 36)
    assert pass_odds(st, fig(st, "zombie-1"), "might") == 0.0


@pytest.mark.parametrize(("quest_id", "word"), [("ardus-muster", "fury"), ("farrow-pyre", "ignite")])
def test_the_heuristic_overlord_activates_the_lieutenant_and_plays_its_card(quest_id: str, word: str) -> None:
    from questbox.games.descent.bots import HeuristicAgent

    used: dict[str, int] = {}
    for seed in range(12):
        if used.get("lieutenant", 0) and used.get(word, 0):
            break
        st = new({"quest": quest_id, "heroes": ["syndrael", "avric"]}, seed=seed)
        bots = {s: HeuristicAgent(seed=seed) for s in st.seats}
        lt_fig = next(i for i, f in enumerate(st.figs) if "lieutenant" in f.tags)
        for _ in range(4000):
            if st.outcome() is not None:
                break
            seat = next(s for s in st.seats if st.legal_actions(s))
            a = bots[seat].act(st, seat)
            if seat == "overlord":
                used[a.name] = used.get(a.name, 0) + 1
                if a.name == "activate" and a.args[0] == st.figs[lt_fig].id:
                    used["lieutenant"] = used.get("lieutenant", 0) + 1
            st.apply(seat, a)
        assert st.outcome() is not None
    assert used.get("lieutenant", 0) > 0 and used.get(word, 0) > 0, used


def test_the_glossary_names_a_lieutenant_group_with_his_card() -> None:
    from questbox.games.descent.glossary import glossary

    doc = glossary(GAME)
    entry = next(e for sec in doc["sections"] for e in sec["entries"] if e["key"] == "group:ardus-muster:ardus")
    assert entry["name"] == "Ardus Ix'Erebus" and entry["source"].startswith("printed: any2cards")
    facts = dict(entry["facts"])
    assert facts["2 heroes"] == "speed 4 · health 12 · defense black"
    assert facts["attributes"] == "might 5, knowledge 2, willpower 1, awareness 4"
    assert set(facts) >= {"Flanking", "Fury", "Pierce 1"}
    assert not any(v.endswith("(not played)") for v in facts.values())


def test_the_terminal_shows_the_lieutenants_stat_line() -> None:
    from questbox.games.descent.render import plain

    st = new({"quest": "ardus-muster", "heroes": ["syndrael", "avric"]})
    text = plain(st.view("heroes"), "heroes")
    assert "Ardus Ix'Erebus (ardus-m)" in text
    assert "lieutenant: Speed 4, Defense black, melee blue+red; Mig 5 Kno 2 Wil 1 Awa 4" in text
    assert "Flanking, Fury, Pierce 1" in text


def test_the_heuristic_overlord_answers_the_lieutenants_decisions() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    gs = [lt("lady-eliza-farrow", "E3"), lt("baron-zachareth", "F4"), lt("splig", "E5"),
          group("zombie", "zombie", ["F5", "F6"], minions=2)]
    doc = setup(quest(groups=gs, victory=[
        {"side": "heroes", "when": "defeated", "group": "splig", "reason": "Splig falls"},
        {"side": "overlord", "when": "round", "round": 8, "reason": "time is up"}]), act=2)
    kinds: set[str] = set()
    for seed in range(6):
        st = new(doc, seed=seed)
        bots = {s: HeuristicAgent(seed=seed) for s in st.seats}
        for _ in range(4000):
            if st.outcome() is not None:
                break
            seat = next(s for s in st.seats if st.legal_actions(s))
            if st.pending[-1].kind.startswith("mod:lieutenants:"):
                kinds.add(st.pending[-1].kind)
            a = bots[seat].act(st, seat)
            assert a in st.legal_actions(seat)
            st.apply(seat, a)
        assert st.outcome() is not None
    assert "mod:lieutenants:shift" in kinds, kinds


def test_cry_havoc_moves_belthir_through_the_heroes_and_attacks_each_of_them() -> None:
    """Card Belthir, Act II: Cry Havoc (with Fly he moves through the heroes)."""
    grid = ["AAAAAAAA"]
    st = new(setup(quest(grid=grid, groups=[lt("belthir", "D1")], start=("C1", "B1", "G1", "H1")), act=2))
    b = fig(st, "belthir-m")
    _overlord(st, "belthir-m")
    act(st, "cry-havoc")
    assert st.turn is not None and st.turn.kind == "extra" and st.turn.mp == 4
    st.rng.script = [3, 2, 2, 1, 1]        # blue ♥2, red ♥2, red ♥2; syndrael's gray 0; leoric's gray 0
    ev = act(st, "move A1")                # (1 movement point left and nowhere to stop: the move ends)
    assert "Cry Havoc: Belthir attacks every figure he moved through: Syndrael, Leoric of the Book." \
        in _texts(ev, "area")
    assert st.figs[fig(st, "syndrael")].damage == 6 and st.figs[fig(st, "leoric")].damage == 6
    assert st.figs[b].pos == st.board.index["A1"] and st.turn is not None and st.turn.kind == "monster"
    assert [str(a) for a in st.legal_actions("overlord")] == ["move", "end"]     # Cry Havoc was his attack


def test_overpower_lets_alric_trade_spaces_with_a_hero_he_comes_next_to() -> None:
    """Card Sir Alric Farrow: Overpower (he tests Might 5; the hero suffers 1 fatigue)."""
    grid = ["AAAAAAAA", "AAAAAAAA"]
    st = new(setup(quest(grid=grid, groups=[lt("sir-alric-farrow", "E1")], start=("B1", "H2", "A2", "B2"))))
    a, s = fig(st, "sir-alric-farrow-m"), fig(st, "syndrael")
    _overlord(st, "sir-alric-farrow-m")
    act(st, "overpower")
    assert st.turn is not None and st.turn.kind == "extra" and st.turn.mp == 3
    act(st, "move C1")                      # through D1 (not next to syndrael), then C1 (next to him)
    assert [str(x) for x in st.legal_actions("overlord")] == ["overpower syndrael", "pass"]
    st.rng.script = [1, 1]                  # 0 shields against Might 5
    ev = act(st, "overpower syndrael")
    assert "Overpower: Sir Alric Farrow and Syndrael trade spaces (B1, C1)." in _texts(ev, "place")
    assert st.figs[a].pos == st.board.index["B1"] and st.figs[s].pos == st.board.index["C1"]
    assert st.figs[s].fatigue == 1 and st.turn is not None and st.turn.kind == "extra" and st.turn.mp == 1
    assert "move C2" in [str(x) for x in st.legal_actions("overlord")]     # his move goes on from B1


def test_the_heuristic_overlord_cries_havoc_through_two_heroes() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    grid = ["AAAAAAAA"]
    st = new(setup(quest(grid=grid, groups=[lt("belthir", "D1")], start=("C1", "B1", "G1", "H1")), act=2))
    _overlord(st, "belthir-m")
    bot = HeuristicAgent(seed=0)
    assert str(bot.act(st, "overlord")) == "cry-havoc"
    act(st, "cry-havoc")
    assert str(bot.act(st, "overlord")) == "move A1"          # through syndrael (C1) and leoric (B1)
