"""The attack in the Rules Reference's order, and the abilities of the nine base-game monsters as
their cards print them (texts: any2cards/d2e data/monsters.js, paraphrased in data/abilities.yaml).

Each test names its source: "RR Attack" is the Rules Reference Guide's *Attack* entry (declare,
roll dice, check range, spend surges, deal damage; attack and defense dice are rolled together);
"card <monster>" the monster card's ability text.
"""

from __future__ import annotations

import pytest

from questbox.core import Action
from questbox.games.descent import GAME, abilities
from questbox.games.descent.data import library, monster_playable
from questbox.games.descent.encounter import BLAST_SURGE
from questbox.games.descent.flow import Place
from questbox.games.descent.plot import cards_of
from questbox.games.descent.state import DescentState

from .helpers import act, fig, group, names, new, payload_is, put, quest, setup, touch

ALL = cards_of("first-legion")


def _events(ev: list[object], kind: str) -> list[str]:
    return [e.text for e in ev if e.kind == kind]  # type: ignore[attr-defined]


def _st(*groups: dict[str, object], heroes: tuple[str, ...] = ("syndrael", "leoric"), **kw: object) -> DescentState:
    return new(setup(quest(groups=list(groups)), heroes, **kw))


def _overlord(st: DescentState, monster: str) -> None:
    """Pass the heroes' turns and activate ``monster``."""
    act(st, "activate syndrael", "end", "end", f"activate {monster}")


# ========================================================================== RR Attack: the order
def test_defense_is_rolled_with_the_attack_and_surges_are_spent_seeing_the_shields() -> None:
    """RR Attack, step 2 (both roll) before step 4 (spend surges)."""
    st = _st(group("zombie", "zombie", ["B1", "H6"], minions=2))
    st.rng.script = [2, 6, 6]      # blue R2 ♥2 surge, red ♥3 surge; brown 2 shields
    ev = act(st, "activate syndrael", "attack zombie-1")
    kinds = [e.kind for e in ev]
    assert kinds.index("roll") < kinds.index("defense") < kinds.index("surges")
    assert st.pending[-1].kind == "surge"
    atk = st.attack
    assert atk is not None and atk.def_faces == [6]
    assert _events(ev, "surges") == ["Syndrael has 2 surges to spend, with 5 hearts against 2 shields."]
    ev = act(st, "surge heart2")                              # (2 surges: the attack goes on)
    assert "7 hearts against 2 shields: 5 damage to Zombie 1." in _events(ev, "hit")


def test_a_miss_still_rolls_the_defense_dice_and_spends_no_surge() -> None:
    """RR Attack, step 2: the dice are rolled together; an X misses before any surge."""
    st = _st(group("zombie", "zombie", ["B1"], minions=1))
    st.rng.script = [1, 6, 4]      # blue X
    ev = act(st, "activate syndrael", "attack zombie-1")
    assert _events(ev, "defense") == ["Zombie 1 rolls defense: brown (1 shield)."]
    assert _events(ev, "miss") == ["The attack misses: an X was rolled."]
    assert st.pending[-1].kind == "hero-turn" and not st.rng.script


def test_range_short_after_the_roll_may_still_be_bought_with_a_surge() -> None:
    """RR Attack, steps 3-4: with the target out of range, surges may add range; then it is checked."""
    st = _st(group("goblin-archer", "goblin", ["E2"], minions=1))
    st.rng.script = [2, 1, 1]      # blue R2 surge, yellow R1 surge: range 3 of 3+1 needed; gray 0
    act(st, "activate leoric")
    ev = act(st, "attack goblin-1")
    assert "range 3 of 4 needed" in _events(ev, "surges")[0]
    ev = act(st, "surge range1", "done")
    assert st.figs[fig(st, "goblin-1")].status == "defeated" and not _events(ev, "miss")


# ============================================================================== card abilities
def test_web_costs_a_hero_one_fatigue_to_move_out_of_a_space_next_to_the_spider() -> None:
    """Card Cave Spider: Web."""
    st = _st(group("cave-spider", "spider", ["B2"], masters=1, minions=0))
    s = fig(st, "syndrael")
    ev = act(st, "activate syndrael", "move", "move B1")        # A1 is next to the spider
    assert st.figs[s].fatigue == 1 and "Syndrael pulls free of the web of Cave Spider (master)." in _events(ev, "info")
    act(st, "move C1")                                          # B1 is next to it too
    assert st.figs[s].fatigue == 2
    far = _st(group("cave-spider", "spider", ["H6"], masters=1, minions=0))
    act(far, "activate syndrael", "move", "move B1")
    assert far.figs[fig(far, "syndrael")].fatigue == 0


def test_night_stalker_adds_a_brown_die_against_a_hero_not_next_to_it() -> None:
    """Card Barghest: Night Stalker."""
    st = _st(group("barghest", "barghest", ["D2:D3"], masters=1, minions=0))
    st.rng.script = [3, 3, 1, 1]
    ev = act(st, "activate leoric", "attack barghest-m")
    assert _events(ev, "defense") == ["Barghest (master) rolls defense: gray (0 shields); brown (0 shields)."]
    near = _st(group("barghest", "barghest", ["B1:B2"], masters=1, minions=0))
    near.rng.script = [3, 3, 1]
    ev = act(near, "activate syndrael", "attack barghest-m")
    assert _events(ev, "defense") == ["Barghest (master) rolls defense: gray (0 shields)."]


def test_shadow_takes_a_surge_from_a_hero_next_to_the_dragon_or_he_misses() -> None:
    """Card Shadow Dragon: Shadow."""
    st = _st(group("shadow-dragon", "dragon", ["B1:C3"], masters=0, minions=1))
    st.rng.script = [2, 2, 1, 1]     # blue R2 ♥2 surge, red ♥2; gray, gray 0
    ev = act(st, "activate syndrael", "attack dragon-1")
    assert "Syndrael spends 1 surge against the Shadow of Shadow Dragon 1." in _events(ev, "surge")
    assert st.pending[-1].kind == "hero-turn"                 # no surge left to spend
    assert st.figs[fig(st, "dragon-1")].damage == 4
    st = _st(group("shadow-dragon", "dragon", ["B1:C3"], masters=0, minions=1))
    st.rng.script = [3, 2, 1, 1]     # no surge
    ev = act(st, "activate syndrael", "attack dragon-1")
    assert _events(ev, "miss") and st.figs[fig(st, "dragon-1")].damage == 0


def test_heal_gives_a_monster_within_3_spaces_the_hearts_of_a_red_die() -> None:
    """Card Flesh Moulder: Heal."""
    st = _st(group("flesh-moulder", "moulder", ["H6"], masters=1, minions=0, gid="moulders"),
             group("zombie", "zombie", ["F5"], minions=1))
    z = fig(st, "zombie-1")
    st.figs[z].damage = 2
    touch(st)
    _overlord(st, "moulder-m")
    assert "heal zombie-1" in names(st.legal_actions()) and "heal moulder-m" not in names(st.legal_actions())
    st.rng.script = [1]              # red ♥1
    ev = act(st, "heal zombie-1")
    assert st.figs[z].damage == 1 and "Zombie 1 recovers 1 damage." in _events(ev, "recover")
    assert "heal zombie-1" not in names(st.legal_actions())   # once, and it is the activation's attack
    assert not [a for a in st.legal_actions() if a.name == "attack"]


def test_throw_places_the_hero_first_then_he_suffers_a_heart() -> None:
    """Card Ettin: Throw (placed within 3 spaces, counts as entering, then 1 heart)."""
    st = _st(group("ettin", "ettin", ["B3:C4"], masters=1, minions=0))
    _overlord(st, "ettin-m")
    st.rng.script = [6, 6]           # gray 3 + black 4 > Might 4: fails
    act(st, "throw leoric")
    assert st.pending[-1].kind == "place"
    leo = fig(st, "leoric")
    for d in (st.pending[-1], GAME.from_json(st.to_json()).pending[-1]):
        assert type(d.data) is Place and d.data == Place(leo, 3)
    assert st.figs[leo].damage == 0                  # not yet: he is placed first
    ev = act(st, "place A5")
    kinds = [e.kind for e in ev]
    assert kinds.index("place") < kinds.index("damage") and st.figs[leo].damage == 1
    assert "enter-space" in [e.text for e in ev if e.kind == "window"]


def test_fire_breath_traces_4_spaces_and_hits_every_figure_on_them() -> None:
    """Card Shadow Dragon: Fire Breath (each figure rolls its own defense)."""
    st = _st(group("shadow-dragon", "dragon", ["C1:D3"], masters=1, minions=0))
    put(st, "syndrael", "B1")
    put(st, "leoric", "B2")
    _overlord(st, "dragon-m")
    st.rng.script = [2, 6, 1, 1]     # blue ♥2 surge, red ♥3 surge; Syndrael's gray 0, then Leoric's
    act(st, "attack syndrael", "surge fire-breath")
    assert st.pending[-1].kind == "breath"
    assert "breath B2" in names(st.legal_actions()) and "breath C1" not in names(st.legal_actions())
    act(st, "breath B2")
    payload_is(st, tuple, tuple(st.board.index[s] for s in ("B1", "B2")))    # the path so far
    doc = st.to_json()
    assert GAME.from_json(doc).to_json() == doc                # a pending path saves and loads
    ev = act(st, "breath B3", "breath B4")
    assert "Fire Breath along B1, B2, B3, B4: the attack also affects Leoric of the Book." in _events(ev, "area")
    act(st, "done")
    assert st.figs[fig(st, "syndrael")].damage == 5 and st.figs[fig(st, "leoric")].damage == 5
    assert st.attacks == []


def test_flail_attacks_two_heroes_with_one_roll() -> None:
    """Card Merriod: Flail."""
    st = _st(group("merriod", "merriod", ["C1:D2"], masters=1, minions=0))
    put(st, "syndrael", "B1")
    put(st, "leoric", "B2")
    _overlord(st, "merriod-m")
    assert "flail syndrael leoric" in names(st.legal_actions())
    st.rng.script = [3, 2, 1, 6]     # ♥2 + ♥2; Syndrael gray 0, Leoric gray 3
    ev = act(st, "flail syndrael leoric")
    assert st.figs[fig(st, "syndrael")].damage == 4 and st.figs[fig(st, "leoric")].damage == 1
    assert "The same attack roll against Leoric of the Book." in _events(ev, "attack")
    assert not [a for a in st.legal_actions() if a.name in ("attack", "flail")]


def _elemental() -> DescentState:
    st = _st(group("elemental", "elemental", ["C1:D2"], masters=0, minions=1))
    put(st, "syndrael", "B1")
    put(st, "leoric", "B2")
    _overlord(st, "elemental-1")
    return st


def test_the_elementals_powers_are_surge_abilities() -> None:
    """Card Elemental: Fire, Earth, Water and Air are surges (no actions)."""
    st = _elemental()
    assert not [a for a in st.legal_actions() if a.name in ("fire", "earth", "water", "air")]
    st.rng.script = [2, 6, 1]        # 2 surges; Syndrael's gray 0
    act(st, "attack syndrael")
    assert {"surge fire", "surge earth", "surge water", "surge air"} <= set(names(st.legal_actions()))


def test_fire_hits_every_figure_next_to_the_elemental() -> None:
    """Card Elemental: Fire."""
    st = _elemental()
    st.rng.script = [2, 6, 1, 1]
    act(st, "attack syndrael", "surge fire", "done")
    assert st.figs[fig(st, "syndrael")].damage == 5 and st.figs[fig(st, "leoric")].damage == 5


def test_earth_immobilizes_and_water_tires_the_heroes_next_to_it() -> None:
    """Card Elemental: Earth (Awareness test) and Water (Willpower test, 2 fatigue)."""
    st = _elemental()
    st.rng.script = [2, 6, 6,        # 2 surges; Syndrael's gray 3 shields
                     6, 1, 6, 2,     # Earth: Syndrael 3 > 2, Leoric 5 > 3: both fail
                     6, 6, 1, 1]     # Water: Syndrael fails, Leoric passes
    act(st, "attack syndrael", "surge earth", "surge water")
    s, le = fig(st, "syndrael"), fig(st, "leoric")
    assert "immobilized" in st.figs[s].conds and "immobilized" in st.figs[le].conds
    assert st.figs[s].fatigue == 2 and st.figs[le].fatigue == 0


def test_air_keeps_the_elemental_out_of_attacks_until_the_overlords_next_turn() -> None:
    """Card Elemental: Air (no attack affects it; heroes move through it)."""
    st = _elemental()
    st.rng.script = [2, 6, 6]
    act(st, "attack syndrael", "surge air", "done")
    assert "air" in st.figs[fig(st, "elemental-1")].tags
    act(st, "end")
    act(st, "activate syndrael")
    assert "attack elemental-1" not in names(st.legal_actions())
    act(st, "move")
    assert "move E1" in names(st.legal_actions())            # through the elemental's spaces
    act(st, "end", "end")                                    # the overlord's turn begins
    assert "air" not in st.figs[fig(st, "elemental-1")].tags


def test_blast_of_the_fire_flask_hits_the_figures_next_to_the_target_and_retribution_counts_them() -> None:
    """The Fire Flask's Surge: Blast; the pack's Retribution counts every monster the attack defeated."""
    q = quest(groups=[group("goblin-archer", "goblin", ["H6", "D3", "D4"], masters=1, minions=2)],
              start=("B1", "A6", "A5", "A4"))
    camp = {"plot_deck": "first-legion", "threat": 3, "faceup": ["strength-in-numbers", "retribution"],
            "facedown": [c for c in ALL if c not in ("strength-in-numbers", "retribution")]}
    st = new({"quest": q, "heroes": ["leoric", "syndrael"], "two_hero_rule": False, "campaign": camp})
    st.figs[fig(st, "leoric")].items.append("fire-flask")
    touch(st)
    act(st, "activate leoric")
    st.rng.script = [2, 6, 1, 1]     # blue ♥2 surge, yellow ♥2 surge; goblin-1 gray 0; goblin-2 gray 0
    act(st, "flask goblin-1")
    assert f"surge {BLAST_SURGE.id}" in names(st.legal_actions())
    ev = act(st, "surge blast")
    assert "Blast: the attack also affects Goblin Archer 2." in _events(ev, "area")
    act(st, "done")
    assert st.figs[fig(st, "goblin-1")].status == "defeated" and st.figs[fig(st, "goblin-2")].status == "defeated"
    assert names(st.legal_actions("overlord")) == ["plot retribution goblin-m", "pass"]


# =================================================================================== the tables
@pytest.mark.parametrize("monster", sorted(library().monsters))
def test_every_base_monster_is_played_in_both_acts(monster: str) -> None:
    lib = library()
    for act_no in (1, 2):
        w, h = lib.monsters[monster].shape
        spots = [f"{c}1:{chr(ord(c) + w - 1)}{h}" if (w, h) != (1, 1) else f"{c}1" for c in ("D", "G")]
        st = _st(group(monster, "m", spots, masters=1, minions=1), act=act_no)
        for x in st.monsters():
            assert monster_playable(lib, st.stat(x)) == []


def test_every_ability_marked_implemented_has_its_object_and_text() -> None:
    lib = library()
    for aid, ab in lib.abilities.items():
        assert ab.implemented == (abilities.played(aid) or aid in abilities.SURGE_ABILITIES), aid
    for mon in lib.monsters.values():
        for stat in mon.stats.values():
            for a in stat.abilities:
                assert abilities.played(a), (mon.id, a)
            for s in stat.surges:
                assert s.effect not in abilities.ABILITIES


def test_the_action_abilities_are_in_the_fixed_action_space() -> None:
    from questbox.games.descent.space import action_space

    doc = setup(quest(groups=[group("flesh-moulder", "moulder", ["H6"], masters=1, minions=0),
                              group("merriod", "merriod", ["E3:F4"], masters=1, minions=0, gid="merriods"),
                              group("shadow-dragon", "dragon", ["G1:H3"], masters=1, minions=0, gid="dragons")]))
    space = set(action_space(doc))
    assert {Action("heal", ("moulder-m",)), Action("flail", ("syndrael", "leoric")), Action("breath", ("B2",)),
            Action("surge", ("fire-breath",))} <= space


# ============================================================================== random play
BESTIARY = [group("goblin-archer", "goblin", ["J1", "K1"], masters=1, minions=1),
            group("zombie", "zombie", ["J3", "K3"], masters=1, minions=1),
            group("cave-spider", "spider", ["J5", "K5"], masters=1, minions=1),
            group("flesh-moulder", "moulder", ["J7", "K7"], masters=1, minions=1),
            group("barghest", "barghest", ["L1:L2", "L3:L4"], masters=1, minions=1),
            group("ettin", "ettin", ["E1:F2"], masters=1, minions=0),
            group("merriod", "merriod", ["E4:F5"], masters=1, minions=0),
            group("shadow-dragon", "dragon", ["E7:F9"], masters=1, minions=0),
            group("elemental", "elemental", ["H9:I10"], masters=1, minions=0)]


#: surges a uniformly random overlord seldom picks (offered beside two or three others)
RARE_SURGES = frozenset({"fire-breath", "fire", "earth", "water", "air"})


@pytest.mark.parametrize("act_no", [1, 2])
def test_random_play_against_every_base_monster_plays_on_and_round_trips(act_no: int) -> None:
    from questbox.agents.random_agent import RandomAgent

    q = quest(["AAAAAAAAAAAA"] * 10, groups=BESTIARY)
    seen: set[str] = set()
    wanted = {"breath", "heal", "flail", "howl", "throw"}
    for seed in range(8):     # random play that takes an ability half the times one is offered
        if wanted <= seen and {"surge fire", "surge earth", "surge water", "surge air"} & seen:
            break
        st = new(setup(q, ("syndrael", "leoric", "tarha", "grisban"), act=act_no, seats="per-hero",
                       two_hero_rule=False), seed=seed)
        bots = {s: RandomAgent(seed=seed + i) for i, s in enumerate(st.seats)}
        for _ in range(600):
            if st.is_over():
                break
            seat = st.to_move()[0]
            d = st.pending[-1]
            seen.add(d.kind)
            if d.kind == "breath" or (st.attacks and len(st.attacks) > 1):
                doc = st.to_json()
                assert GAME.from_json(doc).to_json() == doc
            legal = st.legal_actions(seat)
            rare = [x for x in legal if x.name in wanted or (x.name == "surge" and x.args[0] in RARE_SURGES)]
            a = rare[0] if rare and bots[seat].rng.below(2) == 0 else bots[seat].act(st, seat)
            seen.add(f"{a.name} {a.args[0]}" if a.name == "surge" else a.name)
            st.apply(seat, a)
    assert wanted <= seen, sorted(seen)
    assert {"surge fire", "surge earth", "surge water", "surge air", "surge fire-breath"} & seen, sorted(seen)


@pytest.mark.parametrize(("space", "hit", "spared"), [("F4", "goblin-2", "goblin-1"), ("E3", "goblin-1", "goblin-2")])
def test_blast_on_a_large_monster_centres_on_the_space_the_attacker_names(space: str, hit: str, spared: str) -> None:
    """RR Attack (a large monster's space is named because of Blast) and Blast (the figures next to
    the target space): only the goblin next to the chosen square of the ettin is affected, and the
    range counts to that square."""
    q = quest(groups=[group("ettin", "ettin", ["E3:F4"], masters=1, minions=0),
                      group("goblin-archer", "goblin", ["D2", "G5"], masters=0, minions=2)])
    st = new(setup(q, ("leoric", "syndrael")))
    st.figs[fig(st, "leoric")].items.append("fire-flask")
    put(st, "leoric", "C4")
    act(st, "activate leoric")
    st.rng.script = [2, 6, 1, 1, 1]
    act(st, "flask ettin-m")
    act(st, "surge blast")
    assert st.pending[-1].kind == "blast"
    assert set(names(st.legal_actions())) == {"blast E3", "blast F3", "blast E4", "blast F4"}
    assert st.decision_text(st.pending[-1]) == "Blast: the space of Ettin (master) it centres on"
    ev = act(st, f"blast {space}")
    assert f"Blast around {space}: the attack also affects {st.name(fig(st, hit))}." in _events(ev, "area")
    atk = st.attacks[0]
    assert atk.distance == st.board.distance(st.doors, (st.board.index["C4"],), (st.board.index[space],))
    assert f"area:{hit}" in atk.flags and f"area:{spared}" not in atk.flags


def test_blast_on_a_small_target_asks_nothing() -> None:
    """Blast: a small target's space is its only square (no ``blast`` decision)."""
    q = quest(groups=[group("goblin-archer", "goblin", ["E3", "F3"], masters=0, minions=2)])
    st = new(setup(q, ("leoric", "syndrael")))
    st.figs[fig(st, "leoric")].items.append("fire-flask")
    put(st, "leoric", "C3")
    act(st, "activate leoric")
    st.rng.script = [2, 6, 1, 1]
    ev = act(st, "flask goblin-1", "surge blast")
    assert st.pending[-1].kind == "surge"
    assert "Blast: the attack also affects Goblin Archer 2." in _events(ev, "area")


def test_howl_each_hero_within_3_spaces_tests_willpower_and_who_fails_suffers_a_fatigue() -> None:
    """Card Barghest: Howl (an action; every hero within 3 spaces tests Willpower)."""
    st = _st(group("barghest", "hound", ["C2:C3"], masters=1, minions=0))
    put(st, "leoric", "H6")                  # out of reach of the howl
    _overlord(st, "hound-m")
    assert "howl" in names(st.legal_actions())
    syn, leo = fig(st, "syndrael"), fig(st, "leoric")
    st.rng.script = [6, 6]                   # gray 3 + black 4 shields: more than any Willpower
    ev = act(st, "howl")
    assert any("Syndrael" in t and "Willpower" in t for t in _events(ev, "test")), _events(ev, "test")
    assert st.figs[syn].fatigue == 1
    assert st.figs[leo].fatigue == 0 and not st.rng.script
    assert "howl" not in names(st.legal_actions())           # once: it is the activation's attack


def test_grab_an_adjacent_hero_tests_might_and_who_fails_is_immobilized() -> None:
    """Card Zombie (master): Grab."""
    st = _st(group("zombie", "zombie", ["B1"], masters=1, minions=0))
    _overlord(st, "zombie-m")
    syn = fig(st, "syndrael")
    assert "grab syndrael" in names(st.legal_actions())
    st.rng.script = [6, 6]                   # 7 shields: Might fails
    act(st, "grab syndrael")
    assert "immobilized" in st.figs[syn].conds
    assert not [a for a in st.legal_actions() if a.name in ("grab", "attack")]
