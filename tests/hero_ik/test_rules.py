"""Rules that are easier to state in Python than in a conformance case, and every option."""

from __future__ import annotations

import pytest

from questbox.core import IllegalAction, Rng
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.state import FINAL, rps_winner
from tests.hero_ik.conftest import new, play


@pytest.mark.clause("HIK-RPS-02", "HIK-RPS-03", "HIK-RPS-04")
def test_rock_paper_scissors() -> None:
    assert rps_winner("paper", "rock") == 1 and rps_winner("rock", "paper") == -1
    assert rps_winner("rock", "scissors") == 1 and rps_winner("scissors", "rock") == -1
    assert rps_winner("scissors", "paper") == 1 and rps_winner("paper", "scissors") == -1
    # a tie: replayed in general (Annex I), won by the adventurers against Greenskins
    assert rps_winner("rock", "rock") == 0


@pytest.mark.clause("HIK-RPS-01", "HIK-GREEN-02")
def test_the_rps_choice_is_simultaneous_and_hidden() -> None:
    s = new({"shuffle": False, "start": {"fear": 0}})
    play(s, ("dungeon", "keep"), "done", "attack 1")
    assert s.to_move() == ("adventurers", "dungeon")
    s.apply("dungeon", "rps scissors")
    assert s.to_move() == ("adventurers",)
    assert s.view("adventurers")["rps"] == {"adventurers": None, "dungeon": "chosen"}
    # resampling the hidden pick changes nothing the adventurers can see or do
    for k in range(5):
        d = s.determinize("adventurers", Rng(k))
        assert d.view("adventurers") == s.view("adventurers")
    with pytest.raises(IllegalAction):
        s.apply("dungeon", "rps rock")
    events = s.apply("adventurers", "rps rock")
    assert any("the adventurers win" in e.text for e in events)


@pytest.mark.clause("HIK-SETUP-05", "HIK-SETUP-06", "HIK-SETUP-10")
def test_views_hide_what_each_seat_cannot_see() -> None:
    s = new({"shuffle": False, "start": {"fear": 3, "piles": {1: ["zombie", "vampire"]}}}, script=[6])
    dm, adv, spec = s.view("dungeon"), s.view("adventurers"), s.view(None)
    assert "id" not in dm["equipment"][0] and adv["equipment"][0]["id"] == "force"
    assert all("pile_top" in c for c in dm["corridors"])
    assert not any("pile_top" in c for c in adv["corridors"] + spec["corridors"])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", ("dungeon", "pass"), "resolve",
         ("dungeon", "place ambush"))
    assert s.view("adventurers")["corridors"][0]["encounter"] == {"face_down": True, "tenacity": False}
    assert s.view("dungeon")["corridors"][0]["encounter"]["id"] == "vampire"
    assert "id" not in s.view(None)["corridors"][0]["encounter"]


def test_determinize_resamples_exactly_the_hidden_cards() -> None:
    s = new({"shuffle": False, "start": {"fear": 3, "piles": {1: ["zombie", "vampire"]}}}, script=[6])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", ("dungeon", "pass"), "resolve",
         ("dungeon", "place ambush tenacity"))
    s.rng.script = None
    seen_enc, seen_eq = set(), set()
    for k in range(40):
        a = s.determinize("adventurers", Rng(k))
        seen_enc.add(a.ctx.deck[a.slot[0]])
        assert not a.ctx.trap[a.slot[0]]  # a face-down card with a Tenacity token is a monster
        assert a.slot[1:] == s.slot[1:] and a.eq_kind == s.eq_kind
        assert sorted([i for p in a.piles for i in p] + [a.slot[0]]) == sorted(
            [i for p in s.piles for i in p] + [s.slot[0]])
        d = s.determinize("dungeon", Rng(k))
        assert d.slot == s.slot and [p[-1] for p in d.piles] == [p[-1] for p in s.piles]
        seen_eq.add(tuple(d.eq_kind))
    assert len(seen_enc) > 5 and len(seen_eq) > 5


@pytest.mark.clause("HIK-TURN-02")
def test_option_final_access() -> None:
    """Our reading: the path is clear once a corridor has no more cards; the option 'pile' opens it as soon as
    the face-down pile is empty, before its last face-up card is beaten."""
    setup = {"shuffle": False, "start": {"won": {3: 15}, "fear": 0}}
    s = new(setup)
    assert s.slot[2] >= 0 and not s.piles[2] and not s.final_open()
    s = new({**setup, "options": {"final_access": "pile"}})
    assert s.final_open()
    play(s, ("dungeon", "keep"), "done")
    assert "attack final" in {str(a) for a in s.legal_actions("adventurers")}


@pytest.mark.clause("HIK-ABIL-04")
def test_option_aura_self() -> None:
    setup = {"shuffle": False, "start": {"piles": {1: ["dragon-vert"]}}}
    assert new(setup).power_of(0) == 7
    assert new({**setup, "options": {"aura_self": False}}).power_of(0) == 6


def test_option_auras_on_final() -> None:
    setup = {"shuffle": False, "start": {"piles": {1: ["necromancien"]}}}
    assert new(setup).power_of(FINAL) == 9
    assert new({**setup, "options": {"auras_on_final": True}}).power_of(FINAL) == 10


@pytest.mark.clause("HIK-ABIL-05")
def test_option_tenacity_on_final() -> None:
    setup = {"shuffle": False, "start": {"fear": 0, "piles": {1: ["fils-d-abunakkashii"]}}}
    s = new(setup, script=[6])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", "resolve")
    assert "guard final" not in {str(a) for a in s.legal_actions("dungeon")}
    s = new({**setup, "options": {"tenacity_on_final": True}}, script=[6])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", "resolve", ("dungeon", "guard final"))
    assert s.final_ten and s.power_of(FINAL) == 10


@pytest.mark.clause("HIK-FEAR-11")
def test_option_dire_after_preroll() -> None:
    setup = {"shuffle": False, "start": {"fear": 3, "piles": {1: ["vampire"]}}}
    s = new(setup, script=[3])
    play(s, ("dungeon", "keep"), "done", "attack 1", "power nova", "roll")
    assert s.to_move() == ("adventurers",)
    s = new({**setup, "options": {"dire_after_preroll": True}}, script=[3])
    play(s, ("dungeon", "keep"), "done", "attack 1", "power nova", "roll")
    assert s.to_move() == ("dungeon",)


@pytest.mark.clause("HIK-SOLO-06")
def test_option_solo_start_fear() -> None:
    assert new({"scenario": "easy"}).fear == 0
    assert new({"scenario": "easy", "options": {"solo_start_fear": 2}}).fear == 2


@pytest.mark.clause("HIK-ABIL-01", "HIK-FEAR-02")
def test_option_fear_on_power_die() -> None:
    setup = {"shuffle": False, "start": {"fear": 0, "piles": {1: ["diablotin"]}}}
    s = new(setup, script=[1])
    play(s, ("dungeon", "keep"), "done", "attack 1")
    assert s.fear == 0  # the card's own die is not a roll of the group
    s = new({**setup, "options": {"fear_on_power_die": True}}, script=[1])
    play(s, ("dungeon", "keep"), "done", "attack 1")
    assert s.fear == 1


@pytest.mark.clause("HIK-EQCARD-07", "HIK-COURAGE-02")
def test_a_healing_potion_on_the_brink() -> None:
    """A potion may be used at any time: after the defeat that took the last Courage token, before the end of
    the turn checks it."""
    s = new({"shuffle": False, "party": ["hero", "soins", "epee", "cotte", "priere"],
             "start": {"fear": 0, "courage": 1, "trophies": ["gobelin"], "piles": {1: ["vampire"]}}}, script=[1])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", "resolve")
    assert s.courage == 0 and not s.is_over()
    assert {str(a) for a in s.legal_actions("adventurers")} == {"done", "potion e1"}
    play(s, "potion e1")
    assert s.courage == 2 and not s.is_over() and s.turn == 2


@pytest.mark.clause("HIK-COURAGE-02", "HIK-END-01")
def test_no_courage_and_no_potion_loses() -> None:
    s = new({"shuffle": False, "start": {"fear": 0, "courage": 1, "piles": {1: ["vampire"]}}}, script=[1])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", "resolve")
    # the face-down Potion de force cannot heal: the game ends (a window only appears for a healing potion)
    assert s.is_over() and s.outcome() is not None and s.outcome().winners == ("dungeon",)


def test_armour_softens_pain() -> None:
    s = new({"shuffle": False, "party": ["hero", "cotte", "epee", "force", "priere"],
             "start": {"fear": 0, "trophies": ["squelette", "zombie"], "piles": {1: ["abunakkashii"]}}},
            script=[2])
    play(s, ("dungeon", "keep"), "reveal e1", "done", "attack 1", "roll", "potion e3", "resolve")
    assert s.courage == 4


def test_amulette_counts_female_adventurers() -> None:
    s = new({"party": ["nova", "sylene", "amulette", "epee", "force"], "shuffle": False,
             "start": {"trophies": ["gobelin", "squelette"], "piles": {1: ["vampire"]}}})
    assert s.standing_bonus(0) == 0
    play(s, ("dungeon", "keep"), "reveal e1")
    assert s.standing_bonus(0) == 2


def test_grimoire_needs_a_sorcerer() -> None:
    for party, bonus in ((["nova", "grimoire", "force", "epee", "priere"], 2),
                         (["hero", "grimoire", "force", "epee", "priere"], 1)):
        s = new({"party": party, "shuffle": False, "start": {"trophies": ["vampire", "spectre"]}})
        play(s, ("dungeon", "keep"), "reveal e1")
        assert s.standing_bonus(1) == bonus


def test_sylene_removes_every_tenacity_token() -> None:
    s = new({"party": ["sylene", "force", "epee", "cotte", "priere"], "shuffle": False,
             "start": {"trophies": ["gobelin", "vampire", "squelette", "nuee"]}})
    s.ten = [True, False, True]
    s._legal = None
    play(s, ("dungeon", "keep"), "ultimate sylene")
    assert s.ten == [False, False, False]


@pytest.mark.clause("HIK-FEAR-09")
def test_one_tenacity_token_per_card() -> None:
    s = new({"shuffle": False, "start": {"fear": 2, "piles": {1: ["zombie", "vampire"],
                                                              2: ["fils-d-abunakkashii"]}}}, script=[6, 6])
    play(s, ("dungeon", "keep"), "done", "attack 1", "roll", "resolve", ("dungeon", "place tenacity"))
    play(s, ("dungeon", "keep"), "done", "attack 2", "roll", "resolve")
    # Bodyguard: the vampire already has its token and cannot take another
    assert "guard 1" not in {str(a) for a in s.legal_actions("dungeon")}


def test_illegal_actions_explain_themselves() -> None:
    s = new()
    with pytest.raises(IllegalAction, match=r"not adventurers's turn \(to move: dungeon\)"):
        s.apply("adventurers", "attack 1")
    with pytest.raises(IllegalAction):
        s.apply("dungeon", "swap 1 1")


def test_json_round_trip_and_replay() -> None:
    from questbox.core import Match
    from questbox.games.hero_ik.bots import HeuristicAgent

    m = Match(GAME, {"mode": "duel"}, seed=5)
    bots = {s: HeuristicAgent(seed=i) for i, s in enumerate(m.state.seats)}
    m.step_bots(bots)
    assert m.state.is_over()
    doc = m.state.to_json()
    assert GAME.from_json(doc).to_json() == doc
    assert m.replay().run(GAME).digest() == m.state.digest()
