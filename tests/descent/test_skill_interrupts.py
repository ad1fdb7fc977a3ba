"""The hero class cards that interrupt the overlord's turn (issue #18, skill_interrupts.py): the
hero's controller is asked at the windows of a monster's activation, and each card's behaviour.

Face numbers (data/dice.yaml): blue 1 X, 2 R2 ♥2 ⚡, 3 R3 ♥2, 4 R4 ♥2, 5 R5 ♥1, 6 R6 ♥1 ⚡;
red ♥1, ♥2, ♥2, ♥2, ♥3, ♥3 ⚡; brown 0 0 0 1 1 2; gray 0 1 1 1 2 3; black 0 2 2 2 3 4.
"""

from __future__ import annotations

from typing import Any

from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, put
from tests.descent.test_skills import duel, zombie_attacks


def uses(st: DescentState, seat: str = "heroes") -> list[str]:
    return [a for a in names(st.legal_actions(seat)) if a.startswith("use ")]


def attacks(events: list[Any]) -> list[tuple[str, str]]:
    return [(e.data["attacker"], e.data["target"]) for e in events if e.kind == "attack"]


def asked(st: DescentState) -> str:
    d = st.pending[-1]
    return f"{d.seat} {d.kind} {getattr(d.data, 'window', '')}".strip()


# ===================================================================================== the hook
def test_the_module_joins_only_an_encounter_whose_heroes_hold_an_interrupt_card() -> None:
    assert "interrupts" not in duel().enc.module_names
    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["counter-attack"]})
    assert "interrupts" in st.enc.module_names
    assert "enter-space" in duel().enc.quiet           # nobody is asked as monsters move


# ============================================================================== Counter Attack
def test_counter_attack_strikes_back_after_the_monsters_attack_and_its_activation_goes_on() -> None:
    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["counter-attack"]})
    g = fig(st, "grisban")
    st.rng.script = [5, 5, 1]          # the zombie's roll and Grisban's defense
    zombie_attacks(st, "grisban")
    assert asked(st) == "heroes react attack-resolved" and uses(st) == ["use counter-attack"]
    st.rng.script = [5, 1, 1]          # Grisban: blue ♥1 + red ♥1; the zombie's brown 0
    ev = act(st, "use counter-attack")
    assert attacks(ev) == [("grisban", "zombie-1")]
    assert "counter-attack" in st.figs[g].exhausted and st.figs[g].fatigue == 1
    z = st.figs[fig(st, "zombie-1")]
    assert z.status == "active" and z.damage == 2
    assert asked(st) == "overlord monster-turn"       # it goes on with its activation


def test_counter_attack_is_not_offered_against_a_monster_that_is_not_adjacent() -> None:
    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["counter-attack"]},
              monsters=[group("goblin-archer", "goblin", ["D1", "H6"], minions=2)])
    st.rng.script = [5, 5, 1]
    act(st, "end", "end", "activate goblin-1", "attack grisban")
    assert not uses(st)


# ======================================================================================= Guard
FAR = [group("zombie", "zombie", ["D1", "H6"], minions=2)]


def zombie_walks(st: DescentState, *squares: str) -> list[Any]:
    """The heroes end their turns; zombie-1 activates and moves to each square in turn."""
    act(st, "end", "end", "activate zombie-1", "move")
    ev: list[Any] = []
    for s in squares:
        ev = act(st, f"move {s}")
    return ev


def test_guard_attacks_a_monster_that_steps_next_to_the_knight_and_its_move_goes_on() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["guard"]}, monsters=FAR)
    s = fig(st, "syndrael")
    put(st, "leoric", "A4")
    zombie_walks(st, "B2")             # D1 -> C1/C2 -> B2: next to Syndrael on A1 only at B2 (and B1)
    assert asked(st) == "heroes react enter-space" and uses(st) == ["use guard"]
    st.rng.script = [5, 1, 1]          # blue ♥1 + red ♥1; brown 0: 2 damage, the zombie survives
    ev = act(st, "use guard")
    assert attacks(ev) == [("syndrael", "zombie-1")]
    assert "guard" in st.figs[s].exhausted and st.figs[s].fatigue == 2
    z = fig(st, "zombie-1")
    assert st.figs[z].status == "active" and st.board.names[st.figs[z].pos] == "B2"
    assert asked(st) == "overlord monster-turn"



# ==================================================================================== Caltrops
def test_caltrops_hurt_and_immobilize_a_monster_stepping_next_to_the_thief_on_a_passed_test() -> None:
    st = duel(("tomble:thief", "leoric"), skills={"tomble": ["caltrops"]}, monsters=FAR)
    t = fig(st, "tomble")
    put(st, "tomble", "A4")
    zombie_walks(st, "B4")             # D1 -> C2 -> B3 (next to Tomble) -> B4
    z = fig(st, "zombie-1")
    assert st.board.names[st.figs[z].pos] == "B3" and uses(st) == ["use caltrops"]
    st.rng.script = [1, 1]             # gray 0, black 0: Awareness passed
    act(st, "use caltrops")
    assert "caltrops" in st.figs[t].exhausted and st.figs[t].fatigue == 1
    assert st.figs[z].damage == 1 and "immobilized" in st.figs[z].conds
    assert st.board.names[st.figs[z].pos] == "B3"          # the rest of its move is lost
    assert asked(st) == "overlord monster-turn" and not any(a.startswith("move") for a in names(st.legal_actions()))


def test_failed_caltrops_let_the_monster_walk_on() -> None:
    st = duel(("tomble:thief", "leoric"), skills={"tomble": ["caltrops"]}, monsters=FAR)
    put(st, "tomble", "A4")
    zombie_walks(st, "B4")
    st.rng.script = [6, 6]             # gray 3, black 4: failed
    act(st, "use caltrops")
    assert uses(st) == ["use lucky-charm"]
    act(st, "pass")                    # (no reroll with the Lucky Charm)
    z = st.figs[fig(st, "zombie-1")]
    assert z.damage == 0 and st.board.names[z.pos] == "B4"


# ====================================================================================== Nimble
def test_nimble_steps_the_wildlander_one_space_away_and_the_monster_walks_on() -> None:
    st = duel(("jain:wildlander", "leoric"), skills={"jain": []}, monsters=FAR)
    j = fig(st, "jain")
    put(st, "jain", "A4")
    zombie_walks(st, "B4")             # D1 -> C2 -> B3 (next to Jain) -> B4
    offered = uses(st)
    assert "use nimble A5" in offered and "use nimble B4" not in offered      # not where the zombie goes next
    ev = act(st, "use nimble A5")
    assert st.board.names[st.figs[j].pos] == "A5" and st.figs[j].fatigue == 1
    assert "enter-space" in [e.text for e in ev if e.kind == "window"]
    act(st, "pass")                    # B4 is next to A5 again: no second step
    assert st.board.names[st.figs[fig(st, "zombie-1")].pos] == "B4" and asked(st) == "overlord monster-turn"


# ================================================================================ First Strike
def test_first_strike_shoots_the_monster_the_overlord_picks_before_it_acts() -> None:
    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["first-strike"]}, monsters=FAR)
    j = fig(st, "jain")
    act(st, "end", "end", "activate zombie-1")
    assert asked(st) == "heroes react activation-start" and uses(st) == ["use first-strike"]
    st.rng.script = [5, 4, 1]          # blue R5 ♥1, yellow R2 ♥1; brown 0: 2 of the zombie's 3 Health
    ev = act(st, "use first-strike")
    assert attacks(ev) == [("jain", "zombie-1")]
    assert "first-strike" in st.figs[j].exhausted and st.figs[j].fatigue == 2
    z = st.figs[fig(st, "zombie-1")]
    assert z.damage == 2 and z.status == "active"
    assert asked(st) == "overlord monster-turn"        # the activation goes on


def test_first_strike_waits_for_a_fresh_card_and_a_bow() -> None:
    st = duel(("jain:wildlander", "leoric"), skills={"jain": ["first-strike"]}, monsters=FAR)
    st.figs[fig(st, "jain")].exhausted.append("first-strike")
    act(st, "end", "end", "activate zombie-1")
    assert asked(st) == "overlord monster-turn"


# ====================================================================================== Defend
def test_defend_makes_the_knight_the_target_of_an_attack_on_a_hero_next_to_him() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["defend"]})
    s, lo = fig(st, "syndrael"), fig(st, "leoric")
    act(st, "end", "end", "activate zombie-1", "attack leoric")       # the zombie on B1: next to both
    assert asked(st) == "heroes react attack-declared" and uses(st) == ["use defend"]
    act(st, "use defend")
    atk = st.attack
    assert atk is not None and atk.target == s and atk.def_dice == list(st.stat(s).defense)
    assert st.figs[s].fatigue == 1
    st.rng.script = [5, 5, 1, 1]       # the zombie's attack dice, then blanks on the Knight's defense dice
    act(st, "pass")
    while st.pending and st.pending[-1].kind == "react":
        act(st, "pass")
    assert st.figs[lo].damage == 0 and st.figs[s].damage > 0


def test_defend_is_not_offered_for_a_hero_who_is_not_next_to_the_knight() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["defend"]})
    put(st, "syndrael", "A4")
    act(st, "end", "end", "activate zombie-1", "attack leoric")
    assert "use defend" not in uses(st)


# ======================================================================================== bots
def test_the_hero_bot_counter_attacks_guards_and_strikes_first_while_it_has_fatigue_room() -> None:
    from questbox.games.descent.bots import _react

    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["counter-attack"]})
    st.rng.script = [5, 5, 1]
    zombie_attacks(st, "grisban")
    assert str(_react(st, "heroes", st.legal_actions("heroes"))) == "use counter-attack"
    st.figs[fig(st, "grisban")].fatigue = st.stamina(fig(st, "grisban")) - 1     # no room left
    assert str(_react(st, "heroes", st.legal_actions("heroes"))) == "pass"
    g = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["guard"]}, monsters=FAR)
    put(g, "leoric", "A4")
    zombie_walks(g, "B2")
    assert str(_react(g, "heroes", g.legal_actions("heroes"))) == "use guard"
    f = duel(("jain:wildlander", "leoric"), skills={"jain": ["first-strike"]}, monsters=FAR)
    act(f, "end", "end", "activate zombie-1")
    assert str(_react(f, "heroes", f.legal_actions("heroes"))) == "use first-strike"


def test_the_hero_bot_throws_caltrops_and_steps_away_nimbly() -> None:
    from questbox.games.descent.bots import _react

    st = duel(("tomble:thief", "leoric"), skills={"tomble": ["caltrops"]}, monsters=FAR)
    put(st, "tomble", "A4")
    zombie_walks(st, "B4")
    assert str(_react(st, "heroes", st.legal_actions("heroes"))) == "use caltrops"
    n = duel(("jain:wildlander", "leoric"), skills={"jain": []}, monsters=FAR)
    put(n, "jain", "A4")
    zombie_walks(n, "B4")              # the zombie on B3: A5 is 2 spaces from it
    assert str(_react(n, "heroes", n.legal_actions("heroes"))) == "use nimble A5"


def test_the_hero_bot_defends_a_hurt_friend_but_not_a_hale_one() -> None:
    from questbox.games.descent.bots import _react

    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["defend"]})
    lo = fig(st, "leoric")
    act(st, "end", "end", "activate zombie-1", "attack leoric")
    assert str(_react(st, "heroes", st.legal_actions("heroes"))) == "pass"
    st.figs[lo].damage = st.health(lo) - 3
    assert str(_react(st, "heroes", st.legal_actions("heroes"))) == "use defend"


# ====================================================================================== Charge
def test_charge_moves_up_to_the_berserkers_speed_then_attacks_without_another_action() -> None:
    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["charge"]}, monsters=FAR)
    g = fig(st, "grisban")
    assert "charge" in names(st.legal_actions())
    act(st, "charge")
    turn = st.turn
    assert turn is not None and turn.actions == 1 and turn.mp == st.stat(g).speed and st.figs[g].fatigue == 2
    assert "charge zombie-1" not in names(st.legal_actions())        # not next to it yet
    act(st, "move C1")
    st.rng.script = [5, 1, 1]          # blue ♥1 + red ♥1; brown 0
    ev = act(st, "charge zombie-1")
    assert attacks(ev) == [("grisban", "zombie-1")] and turn.actions == 1
    assert not [a for a in names(st.legal_actions()) if a.startswith("charge ")]   # one attack per charge


# ===================================================================================== Advance
def test_advance_after_a_melee_kill_moves_the_knight_and_gives_one_more_attack() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["advance"]},
              monsters=[group("zombie", "zombie", ["B1", "D1"], minions=2)])
    s = fig(st, "syndrael")
    st.figs[fig(st, "zombie-1")].damage = 2
    st.rng.script = [5, 1, 1]          # blue ♥1 + red ♥1; brown 0: zombie-1 is defeated
    act(st, "attack zombie-1")
    assert asked(st) == "heroes react attack-resolved" and uses(st) == ["use advance"]
    act(st, "use advance")
    turn = st.turn
    assert turn is not None and turn.actions == 1 and turn.mp == st.stat(s).speed
    assert "advance" in st.figs[s].exhausted and st.figs[s].fatigue == 1
    act(st, "move C1")
    st.rng.script = [5, 1, 1]
    ev = act(st, "advance zombie-2")
    assert attacks(ev) == [("syndrael", "zombie-2")] and turn.actions == 1


def test_advance_is_not_offered_when_the_attack_defeats_nothing() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["advance"]})
    st.rng.script = [5, 1, 1]          # 2 of the zombie's 3 Health
    act(st, "attack zombie-1")
    assert "use advance" not in uses(st)


# =================================================================================== Challenge
def test_challenge_marks_a_monster_for_a_heart_more_both_ways_while_the_card_is_exhausted() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["challenge"]})
    s = fig(st, "syndrael")
    assert "challenge zombie-1" in names(st.legal_actions()) and "challenge zombie-2" in names(st.legal_actions())
    act(st, "challenge zombie-1")
    turn = st.turn
    assert turn is not None and turn.actions == 2 and "challenge" in st.figs[s].exhausted
    st.rng.script = [5, 1, 1]          # blue ♥1 + red ♥1; brown 0
    ev = act(st, "attack zombie-1")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 1 + 1 + 1
    back = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["challenge"]})
    act(back, "challenge zombie-1", "end", "end", "activate zombie-1")
    back.rng.script = [5, 5, 1, 1]
    assert attacks(act(back, "attack syndrael")) == [("zombie-1", "syndrael")]
    atk = back.attack
    assert atk is not None and atk.bonus_hearts == 1


def test_an_unmarked_monster_gains_nothing_from_the_challenge() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["challenge"]},
              monsters=[group("zombie", "zombie", ["B1", "B2"], minions=2)])
    act(st, "challenge zombie-2")
    st.rng.script = [5, 1, 1]
    ev = act(st, "attack zombie-1")
    assert next(e for e in ev if e.kind == "hit").data["hearts"] == 2


def test_the_hero_bot_charges_from_afar_and_takes_the_free_attacks_and_challenges() -> None:
    from questbox.games.descent.bots import _react, hero_turn

    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["charge"]}, monsters=FAR)
    g = fig(st, "grisban")
    assert str(hero_turn(st, g, st.legal_actions())) == "charge"
    act(st, "charge", "move C1")
    assert str(hero_turn(st, g, st.legal_actions())) == "charge zombie-1"
    k = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["challenge", "advance"]},
             monsters=[group("zombie", "zombie", ["B1", "D1"], minions=2)])
    assert str(hero_turn(k, fig(k, "syndrael"), k.legal_actions())) == "challenge zombie-1"
    k.figs[fig(k, "zombie-1")].damage = 2
    k.rng.script = [5, 1, 1]
    act(k, "attack zombie-1")
    assert str(_react(k, "heroes", k.legal_actions("heroes"))) == "use advance"


# ==================================================================================== Stalwart
def test_stalwart_gives_the_defeated_knight_a_last_move_and_attack_before_the_knock_out() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["stalwart"]})
    s = fig(st, "syndrael")
    assert st.health(s) == st.stat(s).health + 2
    st.figs[s].damage = st.health(s) - 1
    st.rng.script = [5, 5, 1, 1]       # the zombie's roll; blanks on the Knight's defense
    zombie_attacks(st, "syndrael")
    while st.pending[-1].kind == "react":
        act(st, "pass")
    assert st.pending[-1].kind == "mod:interrupts:stalwart" and st.figs[s].status == "active"
    assert "stalwart stay" in names(st.legal_actions("heroes"))
    saved = DescentState.from_json(st.to_json())      # the decision saves and loads
    assert saved.legal_actions("heroes") == st.legal_actions("heroes")
    act(st, "stalwart stay")
    assert names(st.legal_actions("heroes")) == ["stalwart zombie-1", "stalwart done"]
    st.rng.script = [5, 1, 1]          # blue ♥1 + red ♥1; brown 0
    ev = act(st, "stalwart zombie-1")
    assert attacks(ev) == [("syndrael", "zombie-1")]
    assert st.figs[s].status == "ko" and st.figs[fig(st, "zombie-1")].damage == 2
    assert "knocked-out" in [e.kind for e in ev]


def test_a_knight_without_stalwart_is_knocked_out_at_once() -> None:
    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["guard"]})
    s = fig(st, "syndrael")
    st.figs[s].damage = st.health(s) - 1
    st.rng.script = [5, 5, 1, 1]
    zombie_attacks(st, "syndrael")
    while st.pending[-1].kind == "react":
        act(st, "pass")
    assert st.figs[s].status == "ko"


def test_the_hero_bot_makes_its_last_stand_next_to_a_monster_and_strikes() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = duel(("syndrael:knight", "leoric"), skills={"syndrael": ["stalwart"]})
    s = fig(st, "syndrael")
    st.figs[s].damage = st.health(s) - 1
    st.rng.script = [5, 5, 1, 1]
    zombie_attacks(st, "syndrael")
    while st.pending[-1].kind == "react":
        act(st, "pass")
    bot = HeuristicAgent(seed=0)
    assert str(bot.act(st, "heroes")) == "stalwart stay"      # the zombie is next to her
    act(st, "stalwart stay")
    assert str(bot.act(st, "heroes")) == "stalwart zombie-1"
