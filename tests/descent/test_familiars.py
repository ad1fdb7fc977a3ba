"""The heroes' familiars (issue #18): the Necromancer's Reanimate as a figure (modules/familiars.py,
familiars.py) and the Necromancer's cards that command it (skill_familiars.py).

Face numbers (data/dice.yaml): blue 1 X, 2 R2 ♥2 ⚡, 3 R3 ♥2, 4 R4 ♥2, 5 R5 ♥1, 6 R6 ♥1 ⚡;
red ♥1, ♥2, ♥2, ♥2, ♥3, ♥3 ⚡; yellow R1 ⚡, ♥1 ⚡, ♥2, R2 ♥1, R1 ♥1, ♥2 ⚡;
brown 0 0 0 1 1 2; gray 0 1 1 1 2 3; black 0 2 2 2 3 4.
"""

from __future__ import annotations

import json
from typing import Any

from questbox.core import Action
from questbox.games.descent import GAME
from questbox.games.descent.movement import blocked
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, by_hand, fig, group, hit, names, new, put, quest, setup

ZOMBIES = [group("zombie", "zombie", ["B1", "H6"], minions=2)]
NECRO = ("tarha:necromancer", "grisban")
FAM = "reanimate-tarha"


def duel(monsters: list[dict[str, Any]] | None = None, counters: list[dict[str, Any]] | None = None,
         **kw: Any) -> DescentState:
    st = new(setup(quest(groups=monsters or ZOMBIES, counters=counters), heroes=NECRO, **kw))
    act(st, "activate tarha")
    return st


def raised(**kw: Any) -> DescentState:
    """Tarha's turn, her Reanimate raised on B2 (her first action)."""
    st = duel(**kw)
    act(st, "raise-dead B2")
    return st


# ============================================================================== the figure
def test_the_reanimate_starts_off_the_map_and_raise_dead_puts_it_next_to_the_necromancer() -> None:
    st = duel()
    f = st.figs[fig(st, FAM)]
    assert f.status == "reserve" and f.pos < 0 and f.side == "familiar" and f.seat == "heroes"
    legal = names(st.legal_actions())
    assert "familiar" not in legal and "dismiss" not in legal
    assert [a for a in legal if a.startswith("raise-dead")] == ["raise-dead B2"]     # A2: Grisban, B1: a zombie
    act(st, "raise-dead B2")
    t = st.figs[fig(st, "tarha")]
    assert f.status == "active" and st.board.names[f.pos] == "B2"
    assert t.fatigue == 1 and st.turn is not None and st.turn.actions == 1
    assert not [a for a in names(st.legal_actions()) if a.startswith("raise-dead")]   # one at a time


def test_the_reanimate_shows_in_the_view_with_its_stat_line() -> None:
    st = raised()
    v = st.view("heroes")
    f = v["figures"][FAM]
    assert (f["side"], f["name"], f["at"], f["health"], f["seat"]) == ("familiar", "Reanimate", "B2", 4, "heroes")
    card = v["mods"]["familiars"]["cards"][FAM]
    assert (card["speed"], card["health"], card["defense"], card["dice"]) == (3, 4, [], ["blue", "red"])
    assert card["surges"] == ["Surge: +1 heart"]


def test_the_reanimate_activates_before_or_after_its_heros_actions_once_a_turn() -> None:
    st = raised()
    assert "familiar" not in names(st.legal_actions())     # between the hero's actions: no
    act(st, "rest")
    assert "familiar" in names(st.legal_actions())         # no action left: yes
    act(st, "familiar")
    assert st.pending[-1].kind == "mod:familiars:act"
    assert names(st.legal_actions()) == ["move", "attack zombie-1", "end"]
    act(st, "end")
    assert st.pending[-1].kind == "hero-turn" and "familiar" not in names(st.legal_actions())


def test_the_reanimate_activates_before_its_heros_first_action() -> None:
    st = raised()
    act(st, "end", "end", "end")          # Tarha, Grisban; the overlord ends his turn at once
    act(st, "activate tarha")
    assert "familiar" in names(st.legal_actions())


def test_the_reanimate_moves_and_attacks_with_blue_and_red_and_a_surge_for_a_heart() -> None:
    st = raised()
    act(st, "rest", "familiar")
    st.rng.script = [2, 1, 1]          # blue R2 ♥2 ⚡, red ♥1; brown 0
    act(st, "attack zombie-1")
    assert "surge heart1" in names(st.legal_actions())
    ev = act(st, "surge heart1")
    assert st.figs[fig(st, "zombie-1")].status == "defeated"
    assert any("4 hearts" in e.text for e in ev)
    assert names(st.legal_actions())[0] == "move"          # its move action is left
    act(st, "move")
    assert "move E2" in names(st.legal_actions()) and "move F2" not in names(st.legal_actions())   # Speed 3
    act(st, "move E2", "end")
    assert st.board.names[st.figs[fig(st, FAM)].pos] == "E2"
    assert st.pending[-1].kind == "hero-turn"


def test_heroes_and_the_reanimate_never_attack_each_other_but_monsters_attack_it() -> None:
    st = raised()
    fam, gr, z = fig(st, FAM), fig(st, "grisban"), fig(st, "zombie-1")
    assert fam not in st.attack_targets(gr) and gr not in st.attack_targets(fam)
    assert fig(st, "tarha") not in st.attack_targets(fam) and z in st.attack_targets(fam)
    assert fam in st.attack_targets(z)


def test_the_reanimate_blocks_monsters_and_sight_but_lets_heroes_through() -> None:
    st = raised()
    fam = fig(st, FAM)
    square = st.figs[fam].pos
    assert square in blocked(st, fig(st, "zombie-1")) and square not in blocked(st, fig(st, "grisban"))
    put(st, "tarha", "A3")
    put(st, FAM, "C3")
    put(st, "zombie-1", "E3")
    assert not st.sees(fig(st, "tarha"), fig(st, "zombie-1"))
    put(st, FAM, "C5")
    assert st.sees(fig(st, "tarha"), fig(st, "zombie-1"))


def test_the_reanimate_recovers_no_hearts() -> None:
    st = raised()
    fam = fig(st, FAM)
    st.figs[fam].damage = 2
    st.recover(fam, hearts=2)
    assert st.figs[fam].damage == 2


def test_a_defeated_reanimate_leaves_the_map_counts_for_nothing_and_rises_again_unhurt() -> None:
    counters = [{"id": "kills", "name": "Kills", "gain": [{"at": "monster-defeated", "amount": 1}]}]
    st = raised(counters=counters)
    fam = fig(st, FAM)
    by_hand(st, st.suffer, fam, 4, fig(st, "zombie-1"))
    f = st.figs[fam]
    assert f.status == "defeated" and f.pos < 0 and f.damage == 0 and st.counters["kills"] == 0
    act(st, "rest")
    assert "familiar" not in names(st.legal_actions())
    act(st, "end", "end", "end", "activate tarha")
    act(st, "raise-dead B2")
    assert f.status == "active" and f.damage == 0 and st.health(fam) == 4


def test_dismissing_the_reanimate_takes_it_off_the_map() -> None:
    st = raised()
    act(st, "dismiss")
    f = st.figs[fig(st, FAM)]
    assert f.status == "reserve" and f.pos < 0
    assert "raise-dead B2" in names(st.legal_actions())


def test_an_activation_in_progress_saves_and_loads() -> None:
    st = raised()
    act(st, "rest", "familiar", "move")
    doc = json.loads(json.dumps(st.to_json()))
    loaded = GAME.from_json(doc)
    assert isinstance(loaded, DescentState)
    assert loaded.to_json() == st.to_json() and loaded.legal_actions() == st.legal_actions()
    act(loaded, "move C2", "end")
    assert loaded.pending[-1].kind == "hero-turn"


def test_without_a_necromancer_no_familiars_module_plays() -> None:
    st = new(setup(quest(groups=ZOMBIES)))
    assert "familiars" not in st.enc.by_name and not [f for f in st.figs if f.side == "familiar"]


def test_the_terminal_labels_the_reanimate_as_a_figure_of_its_own() -> None:
    from questbox.games.descent.render import label

    st = raised()
    assert label(FAM, st.view("heroes")["figures"][FAM]) == "Rea"


# ================================================================================= the cards
def test_undead_might_gives_the_reanimate_two_health_and_a_heart_on_its_attack() -> None:
    st = raised(skills={"tarha": ["undead-might"]})
    t, fam = st.figs[fig(st, "tarha")], fig(st, FAM)
    assert st.health(fam) == 6
    act(st, "rest", "familiar", "attack zombie-1")
    assert names(st.legal_actions()) == ["use undead-might", "pass"]
    st.rng.script = [5, 1, 1]          # blue R5 ♥1, red ♥1; brown 0
    ev = act(st, "use undead-might")
    assert t.fatigue == 2 and "undead-might" in t.exhausted
    assert hit(ev)["hearts"] == 1 + 1 + 1


def test_vampiric_blood_adds_a_yellow_die_and_a_kill_gives_a_fatigue_back() -> None:
    st = raised(skills={"tarha": ["vampiric-blood"]})
    t = st.figs[fig(st, "tarha")]
    act(st, "rest", "familiar")
    assert t.fatigue == 1
    st.rng.script = [4, 5, 3, 1]       # blue ♥2, red ♥3, yellow ♥2; brown 0
    ev = act(st, "attack zombie-1")
    assert next(e for e in ev if e.kind == "roll").data["dice"] == ["blue", "red", "yellow"]
    assert st.figs[fig(st, "zombie-1")].status == "defeated" and t.fatigue == 0


def test_dark_pact_adds_a_brown_die_and_moves_the_necromancers_damage_to_the_reanimate() -> None:
    st = raised(skills={"tarha": ["dark-pact"]})
    assert st.stat(fig(st, FAM)).defense == ("brown",)
    act(st, "end", "end", "activate zombie-1")
    st.rng.script = [5, 3, 1]          # blue ♥1, yellow ♥2; gray 0
    act(st, "attack tarha")
    while "use dark-pact" not in names(st.legal_actions()):
        act(st, "pass" if "pass" in names(st.legal_actions()) else "done")
    act(st, "use dark-pact")
    assert st.figs[fig(st, "tarha")].damage == 0 and st.figs[fig(st, FAM)].damage == 3


def test_fury_of_undeath_activates_the_reanimate_once_more() -> None:
    st = raised(skills={"tarha": ["fury-of-undeath"]})
    t = st.figs[fig(st, "tarha")]
    act(st, "fury-of-undeath")
    assert st.pending[-1].kind == "mod:familiars:act" and t.fatigue == 2 and "fury-of-undeath" in t.exhausted
    act(st, "end")
    assert "familiar" in names(st.legal_actions())          # its own activation is still to come
    act(st, "familiar")
    assert st.pending[-1].kind == "mod:familiars:act"


def test_army_of_death_has_the_reanimate_attack_every_monster_the_necromancer_sees() -> None:
    st = raised(skills={"tarha": ["army-of-death"]})
    put(st, "tarha", "E3")
    put(st, "zombie-2", "H3")          # far from the Reanimate (B2), in Tarha's sight
    st.rng.script = [4, 5, 1, 1]       # blue ♥2, red ♥3; brown 0, brown 0
    ev = act(st, "army-of-death")
    assert any(e.text.startswith("Reanimate attacks") for e in ev)
    assert all(st.figs[fig(st, z)].status == "defeated" for z in ("zombie-1", "zombie-2"))
    assert st.figs[fig(st, "tarha")].fatigue == 1 + 2


def test_corpse_blast_hits_the_monsters_next_to_the_reanimate_and_destroys_it() -> None:
    st = raised(skills={"tarha": ["corpse-blast"]}, monsters=[group("zombie", "zombie", ["B1", "C3", "H6"], minions=3)])
    st.rng.script = [4, 6, 1, 1]       # blue ♥2, yellow ♥2 ⚡; brown 0, brown 0
    act(st, "corpse-blast")
    while st.pending and st.pending[-1].kind != "hero-turn":
        act(st, "pass" if "pass" in names(st.legal_actions()) else "done")
    assert all(st.figs[fig(st, z)].status == "defeated" for z in ("zombie-1", "zombie-2"))
    assert st.figs[fig(st, FAM)].status == "defeated"


def test_deathly_haste_moves_the_reanimate_a_space_for_each_fatigue_spent_on_movement() -> None:
    st = raised(skills={"tarha": ["deathly-haste"]})
    assert not [a for a in names(st.legal_actions()) if a.startswith("deathly-haste")]
    act(st, "fatigue")
    assert "deathly-haste C3" in names(st.legal_actions())
    act(st, "deathly-haste C3")
    assert st.board.names[st.figs[fig(st, FAM)].pos] == "C3"
    assert not [a for a in names(st.legal_actions()) if a.startswith("deathly-haste")]


def test_dying_command_raises_a_defeated_monster_to_fight_for_the_heroes_once() -> None:
    three = [group("zombie", "zombie", ["B1", "C1", "H6"], minions=3)]
    st = raised(skills={"tarha": ["dying-command"]}, monsters=three)
    t, z1 = st.figs[fig(st, "tarha")], st.figs[fig(st, "zombie-1")]
    st.rng.script = [4, 3, 1]          # blue ♥2, yellow ♥2; brown 0: zombie 1 falls
    act(st, "attack zombie-1")
    assert z1.status == "defeated" and names(st.legal_actions()) == ["use dying-command zombie-1", "pass"]
    st.rng.script = [1, 1]             # gray 0, black 0: Knowledge passed
    act(st, "use dying-command zombie-1")
    assert t.fatigue == 1 + 2 and "dying-command" in t.exhausted
    assert z1.status == "active" and st.board.names[z1.pos] == "B1" and st.pending[-1].seat == "heroes"
    assert "attack zombie-2" in names(st.legal_actions()) and "attack tarha" not in names(st.legal_actions())
    st.rng.script = [4, 3, 1]          # its blue ♥2, yellow ♥2; brown 0
    act(st, "attack zombie-2")
    assert st.figs[fig(st, "zombie-2")].status == "defeated"
    act(st, "end")
    assert (z1.status, z1.side, z1.seat, z1.pos) == ("defeated", "monster", "overlord", -1)
    assert st.pending[-1].kind == "hero-turn"


def test_a_failed_dying_command_gives_a_fatigue_back() -> None:
    st = raised(skills={"tarha": ["dying-command"]}, monsters=[group("zombie", "zombie", ["B1", "H6"], minions=2)])
    st.rng.script = [4, 3, 1]
    act(st, "attack zombie-1")
    st.rng.script = [6, 6]             # gray 3, black 4: failed
    act(st, "use dying-command zombie-1")
    assert st.figs[fig(st, "tarha")].fatigue == 1 + 2 - 1 and st.figs[fig(st, "zombie-1")].status == "defeated"


# ==================================================================================== the bots
def test_the_hero_bot_raises_the_reanimate_next_to_the_monsters_then_activates_it() -> None:
    from questbox.games.descent.bots import hero_turn

    st = duel()
    t = fig(st, "tarha")
    assert str(hero_turn(st, t, st.legal_actions())) == "raise-dead B2"
    act(st, "raise-dead B2", "rest")
    assert str(hero_turn(st, t, st.legal_actions())) == "familiar"


def test_the_reanimate_bot_attacks_a_monster_next_to_it_else_closes_in() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    bot = HeuristicAgent()
    st = raised()
    act(st, "rest", "familiar")
    assert str(bot.act(st, "heroes")) == "attack zombie-1"
    put(st, FAM, "E4")
    put(st, "zombie-1", "H4")
    st.figs[fig(st, "zombie-2")].status = "defeated"
    st.lift(fig(st, "zombie-2"))
    assert str(bot.act(st, "heroes")) == "move"
    act(st, "move")
    pick = bot.act(st, "heroes")
    assert pick.name == "move" and str(pick.args[0]) in ("G3", "G4", "G5")      # next to the zombie on H4


def test_the_hero_bot_calls_the_army_of_death_on_two_monsters_in_sight() -> None:
    from questbox.games.descent.bots import hero_turn

    st = raised(skills={"tarha": ["army-of-death"]})
    put(st, "tarha", "E3")
    put(st, "zombie-2", "H3")
    assert str(hero_turn(st, fig(st, "tarha"), st.legal_actions())) == "army-of-death"


def test_the_hero_bot_uses_undead_might_on_the_reanimates_attack() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = raised(skills={"tarha": ["undead-might"]})
    act(st, "rest", "familiar", "attack zombie-1")
    assert str(HeuristicAgent().act(st, "heroes")) == "use undead-might"


def test_the_campaign_bot_buys_the_necromancers_cheapest_card() -> None:
    from questbox.games.descent.campaign_bots import hero_xp_choice
    from questbox.games.descent.campaign_log import skill_cards

    log: dict[str, Any] = {"heroes": ["tarha:necromancer", "grisban:berserker"], "xp": {"tarha": 1, "grisban": 0},
                           "skills": {"tarha": [], "grisban": []}}
    cards = skill_cards(log, "tarha")
    assert cards == ["corpse-blast", "deathly-haste", "fury-of-undeath"]
    acts = [Action("buy-skill", (c, "tarha")) for c in cards] + [Action("done")]
    assert str(hero_xp_choice(log, acts)) == "buy-skill corpse-blast tarha"


def test_a_commanded_large_monster_saves_loads_and_the_bot_moves_it() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    hounds = [group("barghest", "hound", ["C1:C2", "F4:F5", "H4:H5"], minions=3)]
    st = raised(skills={"tarha": ["dying-command"]}, monsters=hounds)
    st.rng.script = [4, 6, 1, 1]       # blue ♥2, yellow ♥2 ⚡; brown 0
    act(st, "attack hound-1")
    while "use dying-command hound-1" not in names(st.legal_actions()):
        act(st, "done" if "done" in names(st.legal_actions()) else "pass")
    st.rng.script = [1, 1]             # Knowledge passed
    act(st, "use dying-command hound-1")
    h = st.figs[fig(st, "hound-1")]
    assert h.side == "familiar" and h.status == "active"
    loaded = GAME.from_json(json.loads(json.dumps(st.to_json())))
    assert isinstance(loaded, DescentState) and loaded.to_json() == st.to_json()
    bot = HeuristicAgent()
    assert str(bot.act(st, "heroes")) == "move"
    act(st, "move")
    pick = bot.act(st, "heroes")
    assert pick.name == "move" and ":" in str(pick.args[0])


def test_the_rl_encoding_puts_the_reanimate_on_the_heroes_plane_at_a_fixed_length() -> None:
    from questbox.games.descent.space import PLANES, encode

    st = duel()
    before = encode(st.view("heroes"), "heroes")
    act(st, "raise-dead B2")
    after = encode(st.view("heroes"), "heroes")
    assert before is not None and after is not None and len(before) == len(after)
    w, h = 8, 6
    b2 = 1 * w + 1
    assert after[PLANES.index("hero") * w * h + b2] == 1.0 and after[PLANES.index("monster") * w * h + b2] == 0.0
