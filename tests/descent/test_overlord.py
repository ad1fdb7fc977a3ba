"""The Overlord deck in play (the rule module ``overlord``, games/descent/modules/overlord.py;
issue #18): the hand at setup, the draws, the knock-out's card or the pack's threat instead, the
cards played at their windows, the discard pile, and what the heroes cannot see."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Match, Rng, State, games
from questbox.core.hidden import changed, mask, perturb
from questbox.games.descent.catalog import catalog
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup, touch
from tests.descent.test_plot import camp
from tests.generic.test_hidden_zones import _events_tell_nothing_more

GOBLINS = [group("goblin-archer", "goblin", ["C1", "H6"], minions=2)]
ZOMBIES = [group("zombie", "zombie", ["C1", "H6"], minions=2)]


def arena(hand: list[str] | None = None, heroes: tuple[str, ...] = ("syndrael", "leoric"),
          groups: list[JSON] | None = None, extra: tuple[str, ...] = (), **kw: Any) -> DescentState:
    """An encounter with the Overlord deck; ``extra``: class cards added to the basic deck."""
    if extra:
        kw["campaign"] = {"overlord_deck": [*catalog().basic_deck(), *extra]}
    st = new(setup(quest(groups=groups or GOBLINS), heroes=heroes, modules=["overlord"], **kw))
    if hand is not None:
        give(st, hand)
    return st


def give(st: DescentState, hand: list[str]) -> None:
    """The overlord holds ``hand`` (taken from his hand and deck; the rest is the deck)."""
    m = ol(st)
    pool = [*m["hand"], *m["deck"]]
    for c in hand:
        pool.remove(c)
    m["hand"], m["deck"] = list(hand), sorted(pool)


def ol(st: DescentState) -> JSON:
    m: JSON = st.mods["overlord"]
    return m


def to_overlord(st: DescentState) -> None:
    """Syndrael's turn, then the overlord's start (his start-of-turn cards passed: he draws)."""
    act(st, "activate syndrael", "end", "end")
    pass_starts(st)


def go(st: DescentState, *actions: str) -> list[Any]:
    """As ``act``, the overlord passing the card plays asked before each action (Dash and Frenzy
    at a monster's activation, the start-of-turn cards); returns the events of all of them."""
    events: list[Any] = []
    for a in actions:
        while a not in names(st.legal_actions(st.pending[-1].seat)) and st.pending[-1].kind == "mod:overlord:play":
            events += act(st, "pass")
        events += act(st, a)
    return events


def no_laugh(st: DescentState) -> list[Any]:
    """The overlord passes on Wicked Laughter (asked after each test a hero passes while a copy
    may be in his hand); returns the events."""
    events: list[Any] = []
    while st.pending and st.pending[-1].kind == "mod:overlord:play" and st.pending[-1].data[0] == "test-after-roll":
        events += act(st, "pass")
    return events


def pass_starts(st: DescentState) -> None:
    while st.pending and st.pending[-1].kind == "mod:overlord:play" and st.pending[-1].data[0] == "turn-start":
        act(st, "pass")


# ====================================================================== the deck and the draws
def test_off_unless_the_setup_lists_it() -> None:
    st = new(setup(quest(groups=GOBLINS)))
    assert "overlord" not in st.mods


def test_the_hand_at_setup_is_one_card_per_hero_from_the_fifteen_basic_cards() -> None:
    for heroes in (("syndrael", "leoric"), ("syndrael", "leoric", "jain", "avric")):
        st = arena(heroes=heroes)
        m = ol(st)
        assert len(m["hand"]) == len(heroes) and len(m["deck"]) == 15 - len(heroes) and m["discard"] == []
        assert sorted(m["hand"] + m["deck"]) == sorted(catalog().basic_deck())


def test_the_overlord_draws_one_card_at_the_start_of_his_turn() -> None:
    st = arena()
    top = ol(st)["deck"][-1]
    to_overlord(st)
    m = ol(st)
    assert len(m["hand"]) == 3 and m["hand"][-1] == top and len(m["deck"]) == 12


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    st = arena()
    m = ol(st)
    m["discard"], m["deck"] = m["deck"], []
    events = [e.text for e in go(st, "activate syndrael", "end", "end")]
    pass_starts(st)
    m = ol(st)
    assert m["discard"] == [] and len(m["deck"]) == 12 and len(m["hand"]) == 3
    assert any("shuffles his discard pile" in t for t in events) or len(m["deck"]) == 12


def ko(st: DescentState) -> None:
    to_overlord(st)
    put(st, "syndrael", "B1")
    st.figs[fig(st, "syndrael")].damage = 10
    st.rng.script = [3, 3, 1]        # blue + yellow: 4 hearts; gray blank


@pytest.mark.clause("DLP-THREAT-01")
def test_a_knocked_out_hero_gives_the_overlord_a_card() -> None:
    st = arena()
    ko(st)
    give(st, ["dash", "dash"])
    go(st, "activate goblin-1", "attack syndrael")
    while st.pending and st.pending[-1].seat == "overlord" and st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    assert st.figs[fig(st, "syndrael")].status == "ko"
    assert len(ol(st)["hand"]) == 3      # 2 + the knock-out's card


@pytest.mark.clause("DLP-THREAT-01", "DLP-THREAT-02")
def test_with_the_pack_the_overlord_takes_a_threat_token_instead_of_that_card() -> None:
    def run(choice: str) -> DescentState:
        q = quest(groups=GOBLINS)
        st = new(setup(q, modules=["overlord"], campaign=camp()))
        ko(st)
        give(st, ["dash", "frenzy"])
        go(st, "activate goblin-1", "attack syndrael")
        while st.pending and st.pending[-1].kind == "mod:overlord:play":
            act(st, "pass")
        assert "threat syndrael" in names(st.legal_actions("overlord"))
        act(st, choice)
        return st
    took = run("threat syndrael")
    assert took.mods["campaign"]["threat"] == 1 and len(ol(took)["hand"]) == 2
    drew = run("pass")
    assert drew.mods["campaign"]["threat"] == 0 and len(ol(drew)["hand"]) == 3


# ====================================================================== cards at their windows
def attack(hand: list[str], script: list[int]) -> DescentState:
    st = arena(groups=ZOMBIES)
    to_overlord(st)
    give(st, hand)
    put(st, "syndrael", "B1")
    st.rng.script = [*script, 1]    # the attack dice, then Syndrael's gray die: blank (rolled together)
    go(st, "activate zombie-1", "attack syndrael")
    return st


def test_dark_might_adds_a_surge_to_a_monster_attack() -> None:
    st = attack(["dark-might", "dash", "dash"], [3, 3])     # 4 hearts, no surge
    assert st.pending[-1].kind == "mod:overlord:play"
    assert names(st.legal_actions("overlord")) == ["card dark-might", "pass"]
    act(st, "card dark-might")
    assert names(st.legal_actions("overlord")) == ["pass"]    # asked again: another card for this attack
    act(st, "pass")
    atk = st.attack
    assert atk is not None and atk.extra_surges == 1
    assert ol(st)["discard"] == ["dark-might"] and "dark-might" not in ol(st)["hand"]
    assert st.pending[-1].kind == "surge"                  # the goblin now has a surge to spend


def test_critical_blow_gives_the_attack_a_surge_ability_of_three_hearts() -> None:
    st = attack(["critical-blow", "dash", "dash"], [2, 1])   # blue R2 H2 S1, yellow R1 S1: 2 surges
    act(st, "card critical-blow", "pass")
    assert "surge critical-blow" in names(st.legal_actions("overlord"))
    act(st, "surge critical-blow")
    atk = st.attack
    assert atk is not None and atk.bonus_hearts == 3


def test_dark_fortune_rerolls_one_of_the_overlords_dice() -> None:
    st = arena(groups=ZOMBIES)
    to_overlord(st)
    give(st, ["dark-fortune", "dash", "dash"])
    put(st, "syndrael", "B1")
    st.rng.script = [1, 3, 1]                                # blue X: a miss; gray blank
    rolled = [e for e in go(st, "activate zombie-1", "attack syndrael") if e.data and "faces" in e.data]
    assert names(st.legal_actions("overlord")) == ["card dark-fortune 0", "card dark-fortune 1", "pass"]
    st.rng.script = [4]
    act(st, "card dark-fortune 0")
    atk = st.attack
    assert atk is not None and atk.faces[0] == 4
    # the roll's event still tells what was rolled then (the reroll does not rewrite it)
    assert rolled and rolled[0].data["faces"] == [1, 3]


def test_dark_fortitude_adds_two_shields_to_a_monster_defense() -> None:
    # a class card bought in a campaign: the deck comes with the setup's campaign
    st = arena(extra=("dark-fortitude",))
    give(st, ["dark-fortitude", "dash"])
    put(st, "syndrael", "B1")
    st.rng.script = [3, 3, 1, 1, 1]     # her dice, then the goblin's gray die
    act(st, "activate syndrael", "attack goblin-1")
    while st.pending[-1].kind != "mod:overlord:play":
        act(st, next(a for a in ("done", "pass") if a in names(st.legal_actions(st.pending[-1].seat))))
    assert st.pending[-1].data[0] == "attack-after-defense"
    act(st, "card dark-fortitude")
    atk = st.attack
    assert atk is not None and atk.bonus_shields == 2


def test_a_card_is_offered_only_from_the_hand() -> None:
    st = attack(["dash", "dash"], [3, 3])
    # the heroes cannot tell whether the overlord holds Dark Might: he is asked all the same
    assert st.pending[-1].kind == "mod:overlord:play"
    assert names(st.legal_actions("overlord")) == ["pass"]


def move_setup(hand: list[str]) -> DescentState:
    st = arena(hand=hand)
    put(st, "syndrael", "D3")
    act(st, "activate syndrael", "move")
    return st


def test_pit_trap_costs_a_failing_hero_a_heart_and_a_movement_point() -> None:
    st = move_setup(["pit-trap", "dash"])
    before = st.turn.mp if st.turn else 0
    act(st, "move D5")
    assert st.pending[-1].kind == "mod:overlord:play"
    st.rng.script = [6, 6]          # gray 3 + black 4 shields: Awareness fails
    act(st, "card pit-trap")
    while st.pending and st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    s = st.figs[fig(st, "syndrael")]
    assert s.damage == 1
    assert st.turn is not None and st.turn.mp == before - 1 - 1     # one space entered, one point lost
    assert st.board.names[s.pos] in ("C4", "D4", "E4")                           # the rest of the move is not taken


def test_tripwire_ends_the_move_of_a_failing_hero() -> None:
    st = move_setup(["tripwire", "dash"])
    act(st, "move D5")
    st.rng.script = [6, 6]
    act(st, "card tripwire")
    s = st.figs[fig(st, "syndrael")]
    assert st.board.names[s.pos] in ("C4", "D4", "E4") and st.turn is not None and st.turn.mp == 0


def test_a_hero_who_passes_the_trap_test_moves_on() -> None:
    st = move_setup(["tripwire", "dash"])
    act(st, "move D5")
    st.rng.script = [1, 1]          # no shields: passes
    act(st, "card tripwire")
    while st.pending and st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    assert st.board.names[st.figs[fig(st, "syndrael")].pos] == "D5"


def test_word_of_pain_at_the_end_of_the_overlords_turn() -> None:
    st = arena(extra=("word-of-pain",))
    to_overlord(st)
    give(st, ["word-of-pain", "dash"])
    st.rng.script = []
    act(st, "end")
    assert st.pending[-1].kind == "mod:overlord:play"
    st.rng.script = [6, 6, 1, 1]    # syndrael fails Might, leoric passes
    act(st, "card word-of-pain")
    assert st.figs[fig(st, "syndrael")].damage == 1 and st.figs[fig(st, "leoric")].damage == 0


# ====================================================================== hidden information
def test_the_heroes_see_how_many_cards_not_which() -> None:
    st = arena()
    hv = st.view("heroes")["mods"]["overlord"]
    assert hv["hand"] == 2 and hv["deck"] == 13
    ov = st.view("overlord")["mods"]["overlord"]
    assert ov["hand"] == ol(st)["hand"] and ov["deck"] == 13
    assert st.view(None)["mods"]["overlord"]["hand"] == 2


def test_a_draw_tells_the_card_to_the_overlord_only() -> None:
    st = arena()
    events = act(st, "activate syndrael", "end", "end")
    while st.pending[-1].kind == "mod:overlord:play":
        events += act(st, "pass")
    draws = [e for e in events if e.kind == "overlord-card"]
    card = catalog().overlord[ol(st)["hand"][-1]].name
    assert [e.text for e in draws if e.visible_to("overlord")] == [f"You draw {card} (the start of his turn)."]
    assert all(card not in e.text for e in draws if e.visible_to("heroes"))
    assert any(e.visible_to(None) for e in draws)


def _samples(n: int = 3) -> list[State]:
    g = games()["descent"]
    out: list[State] = []
    for seed in range(n):
        m = Match(g, {"modules": ["overlord"]}, seed=seed, keep_events=False)
        st = m.state
        agents = {s: RandomAgent(seed=seed * 31 + i) for i, s in enumerate(st.seats)}
        pick = Rng(seed)
        while not st.is_over():
            if pick.below(40) == 0:
                out.append(st.clone())
            seat = st.to_move()[0]
            m.apply(seat, agents[seat].act(st, seat))
    return out


def test_perturbing_the_hidden_cards_changes_nothing_a_seat_sees() -> None:
    for k, s in enumerate(_samples()):
        movers = s.to_move()
        for seat in [*s.seats, None]:
            zones = s.hidden(seat)
            assert any(z.name == "overlord deck" for z in zones)
            for t in range(3):
                p = perturb(s, seat, Rng(k * 10 + t)) if seat is not None else perturb(s, seat, Rng(k))
                assert mask(p.to_json(), zones) == mask(s.to_json(), zones)
                assert p.view(seat) == s.view(seat), f"sample {k}: {seat} sees a hidden card"
                assert p.to_move() == movers, f"sample {k}: who moves depends on the overlord's hand"
                if seat is not None:
                    assert p.legal_actions(seat) == s.legal_actions(seat)
            _events_tell_nothing_more(s, seat, Rng(k))


def test_determinize_resamples_the_hand_for_the_heroes_and_the_order_for_the_overlord() -> None:
    moved = {"heroes": 0, "overlord": 0}
    for k, s in enumerate(_samples()):
        doc = s.to_json()
        for seat in s.seats:
            zones = s.hidden(seat)
            d = s.determinize(seat, Rng(k)).to_json()
            assert mask(d, zones) == mask(doc, zones)
            hand = next((z for z in zones if z.name == "overlord hand"), None)
            if seat == "overlord":
                assert hand is None and d["mods"]["overlord"]["hand"] == doc["mods"]["overlord"]["hand"]
            if any(changed(doc, d, z) for z in zones if z.name.startswith("overlord")):
                moved[seat] += 1
    assert moved["heroes"] and moved["overlord"]


# ====================================================================== the bots
def test_the_bot_rerolls_the_missed_die_with_dark_fortune() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = attack(["dark-fortune", "dash", "dash"], [3, 1])    # yellow face 1: R1 S1, no heart
    bot = HeuristicAgent(seed=1)
    assert str(bot.act(st, "overlord")) == "card dark-fortune 1"
    st = attack(["dark-fortune", "dash", "dash"], [3, 3])    # two hearts on each die: keep them
    assert str(bot.act(st, "overlord")) == "pass"


def test_the_bot_keeps_critical_blow_for_an_attack_with_a_surge() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    bot = HeuristicAgent(seed=1)
    assert str(bot.act(attack(["critical-blow", "dash"], [3, 3]), "overlord")) == "pass"
    assert str(bot.act(attack(["critical-blow", "dash"], [2, 3]), "overlord")) == "card critical-blow"


@pytest.mark.parametrize("bot", ["heuristic", "plot"])
def test_the_overlord_bots_play_cards_in_whole_games(bot: str) -> None:
    from questbox.games.descent.bots import HeuristicAgent
    from questbox.games.descent.plot_bots import PlotAgent

    g = games()["descent"]
    played = 0
    for seed in range(3):
        setup_doc: JSON = {"modules": ["overlord"]}
        if bot == "plot":
            setup_doc["campaign"] = camp()
        m = Match(g, setup_doc, seed=seed, keep_events=False)
        st = m.state
        agents = {s: (PlotAgent if bot == "plot" else HeuristicAgent)(seed=seed + i) for i, s in enumerate(st.seats)}
        while not st.is_over():
            seat = st.to_move()[0]
            m.apply(seat, agents[seat].act(st, seat))
        played += sum(st.mods["overlord"]["played"].values())
    assert played > 0


def test_the_data_says_which_cards_play() -> None:
    from questbox.games.descent.modules.overlord import EFFECTS, PLAYS

    plays = {c.id for c in catalog().overlord.values() if c.plays}
    assert plays == set(EFFECTS) == {cid for cards in PLAYS.values() for cid in cards}


def test_a_saved_game_with_the_deck_loads_and_a_forged_hand_is_refused() -> None:
    from questbox.core.errors import StateError
    from questbox.games.descent import GAME

    st = arena()
    act(st, "activate syndrael", "end", "end")
    doc = st.to_json()
    assert GAME.from_json(doc).digest() == st.digest()
    forged = st.to_json()
    forged["mods"]["overlord"]["hand"] = ["dark-might"] * 3        # the basic deck has two
    with pytest.raises(StateError, match=r"mods\.overlord"):
        GAME.from_json(forged)
    forged = st.to_json()
    forged["mods"]["overlord"]["hand"] = 3
    with pytest.raises(StateError, match=r"mods\.overlord\.hand"):
        GAME.from_json(forged)


# ====================================================================== the cards of overlord_cards.py
ALL_CLASS = tuple(c.id for c in catalog().overlord.values() if c.deck != "basic" for _ in range(c.copies))


def at_start(hand: list[str], groups: list[JSON] | None = None) -> DescentState:
    """The start of the overlord's turn, asked his start-of-turn cards with ``hand``."""
    st = arena(groups=groups, extra=ALL_CLASS)
    act(st, "activate syndrael", "end", "end")
    give(st, hand)
    touch(st)
    assert st.pending[-1].kind == "mod:overlord:play" and st.pending[-1].data[0] == "turn-start"
    return st


def at_end(hand: list[str], groups: list[JSON] | None = None) -> DescentState:
    """The end of the overlord's turn, asked his end-of-turn cards with ``hand``."""
    st = arena(groups=groups, extra=ALL_CLASS)
    to_overlord(st)
    give(st, hand)
    go(st, "end")
    while st.pending[-1].data[0] != "turn-end":
        act(st, "pass")
    touch(st)
    return st


def activation(hand: list[str]) -> DescentState:
    st = arena(groups=ZOMBIES)
    to_overlord(st)
    give(st, hand)
    put(st, "syndrael", "B1")
    act(st, "activate zombie-1")
    assert st.pending[-1].data[0] == "activation-start"
    return st


def test_dash_gives_a_monster_a_third_action_that_is_a_move() -> None:
    st = activation(["dash", "dark-charm"])
    assert names(st.legal_actions("overlord")) == ["card dash", "pass"]
    act(st, "card dash")
    turn = st.turn
    assert turn is not None and turn.actions == 3
    # a zombie shambles (one move action an activation): with Dash it may take a second
    turn.move_actions, turn.actions = 1, 2
    touch(st)
    assert "move" in names(st.legal_actions("overlord"))
    plain = activation(["dark-charm", "dash"])
    act(plain, "pass")
    t = plain.turn
    assert t is not None and t.actions == 2
    t.move_actions, t.actions = 1, 1
    touch(plain)
    assert "move" not in names(plain.legal_actions("overlord"))


def test_frenzy_gives_a_monster_a_second_attack() -> None:
    st = activation(["frenzy", "dark-charm"])
    act(st, "card frenzy")
    turn = st.turn
    assert turn is not None and turn.actions == 3
    turn.attacks, turn.actions = 1, 2               # one attack made: a second is allowed
    touch(st)
    assert "attack syndrael" in names(st.legal_actions("overlord"))
    turn.attacks = 2
    touch(st)
    assert "attack syndrael" not in names(st.legal_actions("overlord"))


def test_word_of_misery_adds_a_fatigue_to_each_hit_on_a_hero_this_turn() -> None:
    st = arena(groups=ZOMBIES)
    act(st, "activate syndrael", "end", "end")
    give(st, ["word-of-misery", "dark-charm"])
    touch(st)
    act(st, "card word-of-misery")
    pass_starts(st)
    assert ol(st)["active"] == {"word-of-misery": ["on"]}
    put(st, "syndrael", "B1")
    st.rng.script = [3, 3, 1]                       # 4 hearts against a blank gray die
    go(st, "activate zombie-1", "attack syndrael")
    while st.attack is not None:
        seat = st.pending[-1].seat
        act(st, "done" if "done" in names(st.legal_actions(seat)) else "pass")
    s = st.figs[fig(st, "syndrael")]
    assert s.damage == 4 and s.fatigue == 1
    go(st, "end", "end")                            # the turn ends: the card with it
    assert "word-of-misery" not in ol(st)["active"]


def test_dark_resilience_heals_a_monster_by_two_red_dice() -> None:
    st = at_start(["dark-resilience"])
    assert "card dark-resilience goblin-1" not in names(st.legal_actions("overlord"))   # not hurt
    st.figs[fig(st, "goblin-1")].damage = 4
    touch(st)
    assert "card dark-resilience goblin-1" in names(st.legal_actions("overlord"))
    st.rng.script = [2, 1]                          # red: 2 hearts, 1 heart
    act(st, "card dark-resilience goblin-1")
    assert st.figs[fig(st, "goblin-1")].damage == 1


def test_schemes_turns_cards_over_until_the_type_named() -> None:
    st = at_start(["schemes"])
    m = ol(st)
    rest = [c for c in m["deck"] if c not in ("dash", "pit-trap", "tripwire")]
    m["deck"] = [*rest, "dash", "tripwire", "pit-trap"]      # top last: two traps, then an event
    act(st, "card schemes event")
    m = ol(st)
    assert "dash" in m["hand"] and sorted(m["discard"]) == ["pit-trap", "schemes", "tripwire"]
    assert m["deck"] == rest


def test_diabolic_power_takes_a_card_and_hurts_the_heroes_who_fail() -> None:
    st = at_start(["diabolic-power"])
    assert "card diabolic-power critical-blow" in names(st.legal_actions("overlord"))
    events = act(st, "card diabolic-power critical-blow")
    events += no_laugh(st)
    m = ol(st)
    assert "critical-blow" in m["hand"] and "critical-blow" not in m["deck"]
    tests = [e.data for e in events if e.kind == "test"]
    assert len(tests) == 2 and {t["attribute"] for t in tests} == {"willpower"}     # an Event card
    for t in tests:
        assert st.figs[fig(st, t["figure"])].damage == (0 if t["passed"] else 2)


def test_reinforce_brings_back_the_defeated_figures_far_from_the_heroes() -> None:
    three = [group("goblin-archer", "goblin", ["C1", "H6", "G6"], minions=3)]
    st = at_start(["reinforce"], groups=three)
    assert not [a for a in names(st.legal_actions("overlord")) if a.startswith("card reinforce")]
    for fid in ("goblin-1", "goblin-2"):
        st.lift(fig(st, fid))
        st.figs[fig(st, fid)].status = "defeated"
    touch(st)
    act(st, "card reinforce goblins")
    board = st.enc.board
    for fid in ("goblin-1", "goblin-2"):
        f = st.figs[fig(st, fid)]
        assert f.status == "active" and f.pos >= 0
        assert all(board.dist_from(st.doors, st.figs[h].pos)[f.pos] > 3 for h in st.heroes())


def test_word_of_despair_costs_a_failing_hero_fatigue_after_each_action() -> None:
    st = at_end(["word-of-despair"])
    st.rng.script = [6, 6, 1, 1]                    # Syndrael fails Willpower, Leoric passes
    act(st, "card word-of-despair")
    assert ol(st)["active"] == {"word-of-despair": ["syndrael"]}
    while st.pending[-1].kind != "next-hero":
        act(st, "pass")
    act(st, "activate syndrael", "rest")
    assert st.figs[fig(st, "syndrael")].fatigue == 1
    act(st, "end")
    assert ol(st)["active"]["word-of-despair"] == []


def test_blood_rage_gives_a_monster_two_attacks_then_defeats_it() -> None:
    st = at_end(["blood-rage"])
    assert "card blood-rage goblin-1" in names(st.legal_actions("overlord"))
    act(st, "card blood-rage goblin-1")
    assert st.pending[-1].kind == "monster-turn"
    turn = st.turn
    assert turn is not None and turn.actions == 2 and "extra-attack" in turn.flags
    act(st, "end")
    assert st.figs[fig(st, "goblin-1")].status == "defeated"


def searching(hand: list[str]) -> DescentState:
    st = new(setup(quest(groups=GOBLINS, search=("C3",)), modules=["overlord"],
                   campaign={"overlord_deck": [*catalog().basic_deck(), *ALL_CLASS]}))
    give(st, hand)
    put(st, "syndrael", "C2")
    go(st, "activate syndrael", "search C3")
    assert st.pending[-1].data[0] == "action-performed"
    return st


def test_poison_dart_poisons_a_searching_hero_who_fails() -> None:
    st = searching(["poison-dart", "dark-charm"])
    assert names(st.legal_actions("overlord")) == ["card poison-dart awareness", "card poison-dart might", "pass"]
    st.rng.script = [6, 6]
    act(st, "card poison-dart might")
    s = st.figs[fig(st, "syndrael")]
    assert "poisoned" in s.conds and s.damage == 1 and s.fatigue == 1
    st = searching(["poison-dart", "dark-charm"])
    st.rng.script = [1, 1]                          # passes: the overlord draws a card
    act(st, "card poison-dart awareness")
    no_laugh(st)
    assert len(ol(st)["hand"]) == 2 and st.figs[fig(st, "syndrael")].damage == 0


def test_uthuk_demon_trap_lets_the_hero_pick_and_defeats_him_on_a_fail() -> None:
    st = searching(["uthuk-demon-trap", "dark-charm"])
    act(st, "card uthuk-demon-trap")
    assert st.pending[-1].kind == "mod:overlord:uthuk" and st.pending[-1].seat == "heroes"
    assert names(st.legal_actions("heroes")) == ["test awareness", "test might"]
    st.rng.script = [1, 1]                          # passes: hearts equal to the attribute
    act(st, "test might")
    no_laugh(st)
    s = st.figs[fig(st, "syndrael")]
    assert s.damage == st.attribute(fig(st, "syndrael"), "might")
    st = searching(["uthuk-demon-trap", "dark-charm"])
    act(st, "card uthuk-demon-trap")
    st.rng.script = [6, 6, 1, 1]
    act(st, "test awareness")
    assert st.figs[fig(st, "syndrael")].status == "ko"


def test_expert_blow_adds_two_hearts_and_its_surge_returns_it() -> None:
    st = arena(groups=ZOMBIES, extra=ALL_CLASS)
    to_overlord(st)
    give(st, ["expert-blow", "dark-charm"])
    put(st, "syndrael", "B1")
    st.rng.script = [2, 1, 1]                       # blue: 2 hearts and a surge; yellow: a surge; gray blank
    go(st, "activate zombie-1", "attack syndrael")
    assert st.pending[-1].data[0] == "attack-before-roll"
    act(st, "card expert-blow")
    atk = st.attack
    assert atk is not None and atk.bonus_hearts == 2
    while st.pending[-1].kind != "surge":
        act(st, "pass")
    act(st, "surge expert-blow")
    while st.attack is not None:
        seat = st.pending[-1].seat
        act(st, "done" if "done" in names(st.legal_actions(seat)) else "pass")
    assert "expert-blow" in ol(st)["hand"] and "expert-blow" not in ol(st)["discard"]


def test_the_bot_heals_the_most_hurt_monster_and_only_when_it_pays() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    three = [group("goblin-archer", "goblin", ["C1", "H6", "G6"], minions=3)]
    st = at_start(["dark-resilience"], groups=three)
    st.figs[fig(st, "goblin-1")].damage = 1
    touch(st)
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "pass"          # 1 damage: keep the card
    st.figs[fig(st, "goblin-3")].damage = 3
    touch(st)
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "card dark-resilience goblin-3"


def test_the_bots_pick_poison_darts_weaker_attribute_and_uthuks_smaller_loss() -> None:
    from questbox.games.descent.bots import HeuristicAgent
    from questbox.games.descent.modules.overlord_cards import pass_chance

    st = searching(["poison-dart", "dark-charm"])
    s = fig(st, "syndrael")
    weaker = min(("awareness", "might"), key=lambda a: st.attribute(s, a) or 0)
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == f"card poison-dart {weaker}"
    st = searching(["uthuk-demon-trap", "dark-charm"])
    act(st, "card uthuk-demon-trap")
    left = st.health(s) - st.figs[s].damage

    def loss(attr: str) -> float:
        v = st.attribute(s, attr) or 0
        return (1 - pass_chance(st, v)) * left + pass_chance(st, v) * min(v, left)
    best = min(("awareness", "might"), key=loss)
    assert str(HeuristicAgent(seed=1).act(st, "heroes")) == f"test {best}"
    assert 0 < pass_chance(st, 2) < pass_chance(st, 4) <= 1
