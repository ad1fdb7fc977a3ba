"""The last Overlord cards the engine plays (games/descent/modules/overlord_more.py; issue #18):
Wicked Laughter, Explosive Runes, Plan Ahead, Unholy Ritual; their state hidden from the heroes
and the bots' picks.

Test dice (data/dice.yaml): gray faces 1-6 show 0 1 1 1 2 3 shields, black 0 2 2 2 3 4.
Syndrael: Awareness 2; Leoric: Awareness 3."""

from __future__ import annotations

from typing import Any

from questbox.core import Rng
from questbox.games.descent.catalog import catalog
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup, touch
from tests.descent.test_overlord import ALL_CLASS, GOBLINS, at_start, give, no_laugh, ol, pass_starts


def searching(hand: list[str], leoric: str = "H1") -> DescentState:
    """Syndrael (C2) searches C3; the overlord is asked his after-the-search cards with ``hand``."""
    st = new(setup(quest(groups=GOBLINS, search=("C3",)), modules=["overlord"],
                   campaign={"overlord_deck": [*catalog().basic_deck(), *ALL_CLASS]}))
    give(st, hand)
    put(st, "syndrael", "C2")
    put(st, "leoric", leoric)
    act(st, "activate syndrael", "search C3")
    while st.pending[-1].kind != "mod:overlord:play" or st.pending[-1].data[0] != "action-performed":
        act(st, "pass")
    return st


def rolled(events: list[Any]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "test"]


# ====================================================================== Wicked Laughter
def test_wicked_laughter_retests_a_passed_test_one_lower() -> None:
    st = searching(["poison-dart", "wicked-laughter"])
    st.rng.script = [2, 1]                          # 1 shield: Syndrael's Awareness 2 passes
    act(st, "card poison-dart awareness")
    assert st.pending[-1].data[0] == "test-after-roll"
    assert names(st.legal_actions("overlord")) == ["card wicked-laughter", "pass"]
    st.rng.script = [5, 1]                          # 2 shields: passes against 2, fails against 1
    events = act(st, "card wicked-laughter")
    # the first test passes, then the retest fails
    assert [(t["attribute"], t["passed"]) for t in rolled(events)] == [("awareness", True), ("awareness", False)]
    s = st.figs[fig(st, "syndrael")]
    assert "poisoned" in s.conds and s.damage == 1 and s.fatigue == 1           # the dart's fail
    assert ol(st)["hand"] == []


def test_wicked_laughter_passed_again_gives_the_overlord_a_card() -> None:
    st = searching(["poison-dart", "wicked-laughter"])
    st.rng.script = [2, 1]
    act(st, "card poison-dart awareness")
    st.rng.script = [1, 1]                          # 0 shields: passes against 1 too
    act(st, "card wicked-laughter")
    # the dart's pass (a card) and the card's own (a card)
    assert len(ol(st)["hand"]) == 2 and st.figs[fig(st, "syndrael")].damage == 0


def test_wicked_laughter_is_not_offered_for_a_failed_test() -> None:
    st = searching(["poison-dart", "wicked-laughter"])
    st.rng.script = [6, 6]
    act(st, "card poison-dart awareness")
    assert not (st.pending and st.pending[-1].kind == "mod:overlord:play")
    assert "poisoned" in st.figs[fig(st, "syndrael")].conds


# ====================================================================== Explosive Runes
def test_explosive_runes_hurts_by_the_shields_above_awareness_within_two_spaces() -> None:
    st = searching(["explosive-runes", "dark-charm"], leoric="D2")
    st.rng.script = [6, 2, 1, 1]                    # Syndrael 5 shields against 2; Leoric 0 against 3
    events = act(st, "card explosive-runes")
    events += no_laugh(st)
    assert [t["figure"] for t in rolled(events)] == ["syndrael", "leoric"]
    assert st.figs[fig(st, "syndrael")].damage == 3 and st.figs[fig(st, "leoric")].damage == 0
    assert ol(st).get("runes", {}) == {}


def test_explosive_runes_spares_a_hero_further_than_two_spaces() -> None:
    st = searching(["explosive-runes", "dark-charm"], leoric="H1")
    st.rng.script = [5, 1]                          # Syndrael: 2 shields, passes
    events = act(st, "card explosive-runes")
    events += no_laugh(st)
    assert [t["figure"] for t in rolled(events)] == ["syndrael"]
    assert st.figs[fig(st, "syndrael")].damage == 0


# ====================================================================== Plan Ahead
TOP = ["dash", "tripwire", "pit-trap", "frenzy", "dark-might"]      # top last: Dark Might on top


def planning() -> DescentState:
    st = at_start(["plan-ahead"])
    m = ol(st)
    rest = list(m["deck"])
    for c in TOP:
        rest.remove(c)
    m["deck"] = [*rest, *TOP]
    touch(st)
    act(st, "card plan-ahead")
    assert st.pending[-1].kind == "mod:overlord:plan" and st.pending[-1].seat == "overlord"
    return st


def test_plan_ahead_puts_the_top_five_back_in_the_order_picked() -> None:
    st = planning()
    assert names(st.legal_actions("overlord")) == [f"plan {c}" for c in sorted(TOP)]
    act(st, "plan tripwire", "plan frenzy", "plan dash")
    assert names(st.legal_actions("overlord")) == ["plan dark-might", "plan pit-trap"]
    act(st, "plan pit-trap")                         # the last card goes under them
    m = ol(st)
    # then his draw (no card left to play at the start of his turn): the card he put on top
    assert m["hand"] == ["tripwire"]
    assert m["deck"][-4:] == ["dark-might", "pit-trap", "dash", "frenzy"]


def test_plan_ahead_is_the_overlords_secret_and_his_determinize_keeps_it() -> None:
    st = planning()
    act(st, "plan tripwire", "plan frenzy", "plan dash", "plan pit-trap")
    top = ol(st)["deck"][-4:]                       # (one drawn already)
    assert "known" not in st.view("heroes")["mods"]["overlord"]
    assert st.view("overlord")["mods"]["overlord"]["known"] == top
    for seed in range(4):
        assert st.determinize("overlord", Rng(seed)).mods["overlord"]["deck"][-4:] == top
    seen = {tuple(st.determinize("heroes", Rng(seed)).mods["overlord"]["deck"][-4:]) for seed in range(6)}
    assert len(seen) > 1


def test_what_plan_ahead_and_unholy_ritual_keep_is_hidden_from_the_heroes() -> None:
    from questbox.core.hidden import mask, perturb

    st = planning()
    act(st, "plan tripwire")
    done = planning()
    act(done, "plan tripwire", "plan frenzy", "plan dash", "plan pit-trap")
    ritual = at_start(["unholy-ritual"], groups=THREE)
    act(ritual, "card unholy-ritual goblins")
    for s in (st, done, ritual):
        for seat in ("heroes", "overlord"):
            zones = s.hidden(seat)
            for k in range(4):
                p = perturb(s, seat, Rng(k))
                assert mask(p.to_json(), zones) == mask(s.to_json(), zones)
                assert p.view(seat) == s.view(seat)
    assert st.view("heroes")["mods"]["overlord"]["plan"] == 1
    assert ritual.view("heroes")["mods"]["overlord"]["ritual"] == 1


def test_the_bot_puts_its_best_card_on_top() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = planning()
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "plan dark-might"


# ====================================================================== Unholy Ritual
THREE = [group("goblin-archer", "goblin", ["C1", "H6", "G6"], minions=3)]


def test_unholy_ritual_draws_per_figure_keeps_one_per_hero_and_slows_the_group() -> None:
    st = at_start(["unholy-ritual"], groups=THREE)
    assert names(st.legal_actions("overlord")) == ["card unholy-ritual goblins", "pass"]
    act(st, "card unholy-ritual goblins")
    m = ol(st)
    assert st.pending[-1].kind == "mod:overlord:ritual" and len(m["hand"]) == 3     # three drawn
    drawn = list(m["hand"])
    assert names(st.legal_actions("overlord")) == [f"discard {c}" for c in sorted(set(drawn))]
    act(st, f"discard {drawn[0]}")
    m = ol(st)
    assert len(m["hand"]) == 2 and m["discard"][-1] == drawn[0] and "ritual" not in m
    assert st.view("heroes")["mods"]["overlord"]["hand"] == 2
    pass_starts(st)
    act(st, "activate goblin-1")
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    turn = st.turn
    assert turn is not None and turn.actions == 1                              # one action fewer
    act(st, "end")
    assert ol(st)["active"]["unholy-ritual"] == ["goblins"]
    while st.phase == "overlord" and st.pending:
        a = names(st.legal_actions(st.pending[-1].seat))
        act(st, "activate goblin-2" if "activate goblin-2" in a else "end" if "end" in a else "pass")
        if st.turn is not None and st.turn.fig == fig(st, "goblin-2") and st.turn.kind == "monster":
            assert st.turn.actions == 1
    assert "unholy-ritual" not in ol(st)["active"]


def test_the_bot_performs_the_ritual_with_a_group_far_from_the_heroes_only() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = at_start(["unholy-ritual"], groups=THREE)
    for fid, sq in (("goblin-1", "H4"), ("goblin-2", "H5"), ("goblin-3", "H6")):
        put(st, fid, sq)
    for h in ("syndrael", "leoric"):
        put(st, h, {"syndrael": "A1", "leoric": "A2"}[h])
    touch(st)
    far = str(HeuristicAgent(seed=1).act(st, "overlord"))
    put(st, "goblin-1", "B1")                        # next to Syndrael: the group is fighting
    touch(st)
    near = str(HeuristicAgent(seed=1).act(st, "overlord"))
    assert (far, near) == ("card unholy-ritual goblins", "pass")


def test_a_game_saved_while_plan_ahead_or_unholy_ritual_is_asked_loads() -> None:
    from questbox.games.descent import GAME

    st = planning()
    act(st, "plan tripwire")
    ritual = at_start(["unholy-ritual"], groups=THREE)
    act(ritual, "card unholy-ritual goblins")
    for s in (st, ritual):
        back = GAME.from_json(s.to_json())
        assert back.digest() == s.digest() and back.legal_actions("overlord") == s.legal_actions("overlord")


# ====================================================================== Dark Charm
def charmed(script: list[int]) -> DescentState:
    st = at_start(["dark-charm"])
    put(st, "syndrael", "C3")
    put(st, "leoric", "C4")                          # next to her
    touch(st)
    assert {"card dark-charm syndrael", "card dark-charm leoric"} <= set(names(st.legal_actions("overlord")))
    st.rng.script = list(script)
    act(st, "card dark-charm syndrael")
    return st


def test_dark_charm_passed_gives_the_overlord_a_card() -> None:
    st = charmed([1, 1])                             # 0 shields: Willpower 2 passes
    no_laugh(st)
    assert st.pending[-1].kind != "mod:overlord:charm"
    assert "dark-charm" in ol(st)["discard"] and len(ol(st)["hand"]) >= 1


def test_dark_charm_failed_lets_the_overlord_move_the_hero() -> None:
    st = charmed([6, 6])
    d = st.pending[-1]
    assert (d.kind, d.seat, d.data) == ("mod:overlord:charm", "overlord", ("syndrael",))
    legal = names(st.legal_actions("overlord"))
    assert "charm attack leoric" in legal and "charm move F3" in legal and legal[-1] == "pass"
    act(st, "charm move F3")
    assert st.enc.board.names[st.figs[fig(st, "syndrael")].pos] == "F3"


def test_dark_charm_failed_lets_the_overlord_make_the_hero_attack_a_friend() -> None:
    st = charmed([6, 6])
    st.rng.script = [1] * 8                          # her dice: a miss
    events = act(st, "charm attack leoric")
    assert any(e.kind == "attack" and "Syndrael attacks Leoric" in e.text for e in events)
    assert any(e.kind == "miss" for e in events)     # her attack, resolved against her friend


def test_the_bot_charms_the_weakest_will_and_turns_him_on_a_friend() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = at_start(["dark-charm"])
    st.figs[fig(st, "leoric")].damage = 2
    touch(st)
    # Syndrael and Leoric both have Willpower 2: the first by name
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "card dark-charm leoric"
    st = charmed([6, 6])
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "charm attack leoric"


def test_the_bot_plays_explosive_runes_and_wicked_laughter_when_offered() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = searching(["explosive-runes", "dark-charm"], leoric="D2")
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "card explosive-runes"
    st = searching(["poison-dart", "wicked-laughter"])
    st.rng.script = [2, 1]
    act(st, "card poison-dart awareness")
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "card wicked-laughter"


# ====================================================================== Rise Again
def test_rise_again_brings_a_defeated_monster_back_for_the_overlords_next_turn() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = arena_all(GOBLINS)
    give(st, ["rise-again", "dark-charm"])
    put(st, "syndrael", "B1")                        # next to goblin-1 (C1)
    act(st, "activate syndrael")
    gob = fig(st, "goblin-1")
    st.figs[gob].damage = st.health(gob) - 1         # one heart more and it falls
    touch(st)
    st.rng.script = [2, 5] + [1] * 6                 # blue 2 hearts, red 3; the goblin's die blank
    act(st, "attack goblin-1")
    while st.attack is not None and not (st.pending[-1].kind == "mod:overlord:play"
                                         and st.pending[-1].data[0] == "figure-defeated"):
        legal = names(st.legal_actions(st.pending[-1].seat))
        act(st, "done" if "done" in legal else "pass")
    assert st.figs[fig(st, "goblin-1")].status == "defeated"
    d = st.pending[-1]
    assert d.kind == "mod:overlord:play" and d.data[0] == "figure-defeated"
    assert "card rise-again" in names(st.legal_actions("overlord"))
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "card rise-again"
    act(st, "card rise-again")
    assert ol(st)["active"]["rise-again"] == ["goblin-1", "C1"]
    act(st, "end", "end")
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    g = st.figs[fig(st, "goblin-1")]
    assert g.status == "active" and g.damage == 0
    board = st.enc.board
    assert board.dist_from(st.doors, board.index["C1"])[g.pos] <= 5
    assert "activate goblin-1" in names(st.legal_actions("overlord"))
    while st.phase == "overlord" and st.pending and st.pending[-1].seat == "overlord":
        a = names(st.legal_actions("overlord"))
        act(st, "end" if "end" in a else "pass" if "pass" in a else a[0])
    assert st.figs[fig(st, "goblin-1")].status == "defeated" and st.figs[fig(st, "goblin-1")].pos == -1
    assert "risen" not in ol(st)["active"]


def arena_all(groups: Any) -> DescentState:
    st = new(setup(quest(groups=groups), modules=["overlord"],
                   campaign={"overlord_deck": [*catalog().basic_deck(), *ALL_CLASS]}))
    return st
