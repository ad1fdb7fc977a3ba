"""The Overlord deck in a campaign (issue #18): the log's ``overlord_deck`` key, the class cards the
overlord buys with XP in the Spend XP step, the quests' deck, the bots, views and saving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from questbox.core import JSON, Action, Match, Rng, SetupError, get_game, make_agent
from questbox.games.descent import campaign_log as L
from questbox.games.descent.campaign_bots import CLASS_ORDER, bot_action
from questbox.games.descent.campaign_game import CampaignState, check_log
from questbox.games.descent.campaign_play import run_campaign
from questbox.games.descent.catalog import catalog

G = get_game("descent-campaign")
CLASS_CARDS = [c.id for c in catalog().overlord.values() if c.deck != "basic"]


def spend_xp(xp: int, bought: list[str] | None = None, **extra: Any) -> JSON:
    """A log at the overlord's turn of the Spend XP step after the first quest, deck on."""
    doc = {"heroes": ["syndrael", "avric"], "phase": "spend-xp", "next": 1, "done": ["heroes"],
           "xp": {"overlord": xp}, "overlord_deck": list(bought or []), **extra}
    return check_log(doc)


def test_a_campaign_without_the_option_has_no_deck_as_before() -> None:
    log = L.new_log()
    assert "overlord_deck" not in log
    old = check_log({"phase": "spend-xp", "next": 1, "done": ["heroes"], "xp": {"overlord": 3}})
    assert "overlord_deck" not in old
    assert not [a for a in L.legal(old, "overlord") if a.name == "buy-overlord"]
    setup = L.encounter_setup({**old, "phase": "quest"})
    assert "modules" not in setup and "overlord_deck" not in setup["campaign"]
    assert not [a for a in G.action_space({}) or [] if a.name == "buy-overlord"]


def test_the_setup_option_turns_the_deck_on() -> None:
    st = G.new({"overlord_deck": True}, seed=1)
    assert isinstance(st, CampaignState) and st.log["overlord_deck"] == []
    with pytest.raises(SetupError, match="overlord_deck"):
        G.new({"overlord_deck": "yes"})
    with pytest.raises(SetupError, match="give them in the log"):
        G.new({"overlord_deck": True, "log": {}})


def test_the_overlord_buys_class_cards_by_level_and_copies() -> None:
    log = spend_xp(1)
    names = {str(a.args[0]) for a in L.legal(log, "overlord") if a.name == "buy-overlord"}
    assert names == {c.id for c in catalog().overlord.values() if c.deck != "basic" and c.xp == 1}
    log = spend_xp(3, ["dark-fortitude"])
    assert Action("buy-overlord", ("bloodlust",)) not in L.legal(log, "overlord")   # one Warlord card
    before = json.dumps(log, sort_keys=True)
    with pytest.raises(SetupError, match="cannot buy-overlord bloodlust"):
        L.apply(log, "overlord", "buy-overlord bloodlust")
    assert json.dumps(log, sort_keys=True) == before        # the log is untouched
    log = L.apply(log, "overlord", "buy-overlord dark-fortitude")
    assert log["xp"]["overlord"] == 2 and log["overlord_deck"] == ["dark-fortitude", "dark-fortitude"]
    assert Action("buy-overlord", ("dark-fortitude",)) not in L.legal(log, "overlord")   # both copies
    log = L.apply(log, "overlord", "buy-overlord bloodlust")
    assert log["xp"]["overlord"] == 0
    assert L.legal(log, "overlord") == [Action("done")]
    with pytest.raises(SetupError):
        L.apply(log, "heroes", "buy-overlord plan-ahead")     # not the heroes' action


def test_each_quest_plays_the_basic_cards_and_those_bought() -> None:
    log = L.apply(spend_xp(1), "overlord", "buy-overlord word-of-pain")
    setup = L.encounter_setup(L.apply(log, "overlord", "done"))
    assert setup["modules"] == ["overlord"]
    assert setup["campaign"]["overlord_deck"] == [*catalog().basic_deck(), "word-of-pain"]
    st = G.new({"log": {**log, "phase": "quest", "done": []}}, seed=3)
    assert isinstance(st, CampaignState) and st.encounter is not None
    m = st.encounter.mods["overlord"]
    assert sorted(m["deck"] + m["hand"] + m["discard"]) == sorted(setup["campaign"]["overlord_deck"])


@pytest.mark.parametrize(("bought", "message"), [
    (["bloodlust"], "bloodlust cannot be bought after nothing"),
    (["dark-might"], "'dark-might' is not an Overlord class card"),
    (["schemes", "schemes"], "schemes cannot be bought after schemes"),
    ("word-of-pain", "the Overlord class cards bought"),
])
def test_a_log_with_impossible_purchases_is_refused(bought: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        check_log({"phase": "quest", "overlord_deck": bought})
    with pytest.raises(SetupError, match=message):
        L.check_log({**L.new_log(overlord_deck=True), "overlord_deck": bought})


@settings(max_examples=30, deadline=None)
@given(hst.lists(hst.sampled_from(CLASS_CARDS), max_size=12), hst.integers(0, 6))
def test_a_purchase_is_legal_exactly_when_the_catalog_allows_it(bought: list[str], xp: int) -> None:
    have: list[str] = []
    for c in bought:                      # the prefix of purchases the rules allow
        if catalog().can_buy(have, c):
            have.append(c)
    log = spend_xp(xp, have)
    offered = {str(a.args[0]) for a in L.legal(log, "overlord") if a.name == "buy-overlord"}
    assert offered == {c for c in CLASS_CARDS if catalog().overlord[c].xp <= xp and catalog().can_buy(have, c)}
    for c in offered:
        after = L.apply(log, "overlord", Action("buy-overlord", (c,)))
        assert after["xp"]["overlord"] == xp - catalog().overlord[c].xp
        assert L.check_log(after)["overlord_deck"] == [*have, c]


def test_views_show_the_bought_cards_and_menus_name_them() -> None:
    log = spend_xp(2, ["web-trap"])
    st = G.new({"log": log}, seed=0)
    for seat in ("heroes", "overlord", None):
        assert st.view(seat)["campaign"]["overlord_deck"] == ["web-trap"]    # public (ours)
    text = G.describe_action(st.view("overlord"), Action("buy-overlord", ("word-of-pain",)))
    assert text.startswith("buy the Overlord class card Word of Pain (magus, 1 XP)")
    assert "Web Trap (saboteur, 1 XP)" in L.show(log)
    space = set(G.action_space({"log": log}) or [])
    assert {Action("buy-overlord", (c,)) for c in CLASS_CARDS} <= space
    assert Action("card", ("dark-fortune", 0)) in space and Action("card", ("bloodlust",)) in space


def test_the_bots_buy_class_cards_in_their_order() -> None:
    log = spend_xp(1)
    assert bot_action(log, "overlord") == Action("buy-overlord", (CLASS_ORDER[0],))
    log = spend_xp(1, ["dark-fortitude", "dark-fortitude"])
    assert bot_action(log, "overlord") == Action("done")        # keeps its XP for Bloodlust (2 XP)
    log = spend_xp(1, ["dark-fortitude", "dark-fortitude"], next=3)       # the Finale is next
    assert bot_action(log, "overlord") == Action("buy-overlord", ("word-of-pain",))


def test_bots_play_a_whole_campaign_with_the_deck_and_every_action_is_in_the_space() -> None:
    match = Match(G, {"overlord_deck": True}, seed=4)
    bots = {s: make_agent("plot", G, 4 + i) for i, s in enumerate(match.state.seats)}
    space = set(G.action_space({"overlord_deck": True}) or [])
    played: set[str] = set()
    while not match.state.is_over():
        seat = match.state.to_move()[0]
        act = bots[seat].act(match.state, seat)
        assert act in space, act
        played.add(str(act))
        match.apply(seat, act)
    st = match.state
    assert isinstance(st, CampaignState) and len(st.log["history"]) == 4
    assert st.log["overlord_deck"] and any(a.startswith("buy-overlord") for a in played)
    assert any(a.startswith("card ") for a in played)          # cards of the deck played in the quests
    assert G.stats(st)["overlord_cards"] == len(st.log["overlord_deck"])
    assert match.replay().run(G).digest() == st.digest()
    log = run_campaign(2, ["syndrael", "avric"], "first-legion", overlord_deck=True)
    assert log["phase"] == "over" and log["overlord_deck"][:2] == ["dark-fortitude", "dark-fortitude"]


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    log = L.apply(spend_xp(2), "overlord", "buy-overlord plan-ahead")
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    assert L.load_log(str(path)) == log
    st = G.new({"log": L.apply(log, "overlord", "done")}, seed=5)
    assert isinstance(st, CampaignState) and st.encounter is not None
    for s in (st, G.new({"log": log}, seed=5)):
        back = G.from_json(json.loads(json.dumps(s.to_json())))
        assert back.digest() == s.digest()
        assert isinstance(back, CampaignState) and back.log["overlord_deck"] == ["plan-ahead"]


def test_the_command_line_starts_a_campaign_with_the_deck(tmp_path: Path, capsys: Any) -> None:
    from questbox.games.descent.campaign import main

    path = tmp_path / "camp.json"
    assert main(["new", str(path), "--overlord-deck"]) == 0
    assert "class cards bought: -" in capsys.readouterr().out
    assert L.load_log(str(path))["overlord_deck"] == []
    assert main(["new", str(tmp_path / "plain.json")]) == 0
    assert "overlord_deck" not in L.load_log(str(tmp_path / "plain.json"))


def test_the_heroes_do_not_see_the_overlords_hand_in_a_quest() -> None:
    log = L.apply(L.apply(spend_xp(1), "overlord", "buy-overlord web-trap"), "overlord", "done")
    st = G.new({"log": log}, seed=6)
    assert isinstance(st, CampaignState) and st.encounter is not None
    hand = st.encounter.mods["overlord"]["hand"]
    assert st.view("overlord")["encounter"]["mods"]["overlord"]["hand"] == hand
    assert st.view("heroes")["encounter"]["mods"]["overlord"]["hand"] == len(hand)
    assert st.view("heroes")["campaign"]["overlord_deck"] == ["web-trap"]


# ====================================================================== encounter 2 keeps the deck
def _barrow_end(seed: int = 0) -> tuple[JSON, JSON, JSON]:
    """The Hollow Barrow's encounter 1 played to its end with the Overlord deck on: (the log before,
    the log after it, the overlord's deck at its end)."""
    from tests.descent.test_two_encounters import at_barrow, start

    log = at_barrow(overlord_deck=["web-trap"])
    st = start(log, seed=seed)
    m = st.mods["overlord"]
    assert len(m["hand"]) == 2 and sorted(m["hand"] + m["deck"]) == sorted([*catalog().basic_deck(), "web-trap"])
    # some cards played and drawn in encounter 1
    m["discard"] = [m["deck"].pop(), m["deck"].pop()]
    m["hand"].append(m["deck"].pop())
    end = {k: list(m[k]) for k in ("deck", "hand", "discard")}
    st.finish("overlord", "the alarm")
    return log, L.record(log, st), end


def test_encounter_2_keeps_the_overlords_hand_deck_and_discard_pile() -> None:
    from tests.descent.test_two_encounters import start

    _, mid, end = _barrow_end()
    assert mid["encounter"]["overlord"] == end
    st2 = start(mid, seed=1)
    assert st2.enc.quest.id == "hollow-barrow-2"
    m2 = st2.mods["overlord"]
    # no new hand drawn: the same cards in the same places, the deck in the same order
    assert {k: m2[k] for k in ("deck", "hand", "discard")} == end and m2["played"] == {}
    # the first overlord turn of encounter 2 draws the top card of the carried deck
    top = end["deck"][-1]
    while st2.phase != "overlord" or st2.pending[-1].kind == "mod:overlord:play":
        seat = st2.to_move()[0]
        st2.apply(seat, "pass" if "pass" in [str(a) for a in st2.legal_actions(seat)] else
                  next(a for a in st2.legal_actions(seat) if a.name in ("end", "activate")))
        if st2.phase == "overlord" and st2.pending[-1].kind == "ol-turn":
            break
    assert st2.mods["overlord"]["hand"][-1] == top


def test_without_the_deck_encounter_2_carries_no_overlord_cards() -> None:
    from tests.descent.test_two_encounters import at_barrow, start

    log = at_barrow()
    st = start(log)
    st.finish("overlord", "the alarm")
    assert "overlord" not in L.record(log, st)["encounter"]


def test_the_carried_hand_is_hidden_from_the_heroes_and_leaves_the_log() -> None:
    _, mid, end = _barrow_end()
    assert L.view(mid, "overlord")["encounter"]["overlord"]["hand"] == end["hand"]
    for seat in ("heroes", None):
        seen = L.view(mid, seat)["encounter"]["overlord"]
        assert seen == {"hand": len(end["hand"]), "deck": len(end["deck"]), "discard": end["discard"]}
    carried = {k: v for k, v in mid.items() if k != "seed"}
    cs = G.new({"log": carried}, seed=2)
    assert isinstance(cs, CampaignState) and cs.encounter is not None
    assert "overlord" not in cs.log["encounter"]           # the encounter's state holds it now
    assert cs.encounter.mods["overlord"]["hand"] == end["hand"]
    assert cs.view("heroes")["encounter"]["mods"]["overlord"]["hand"] == len(end["hand"])
    assert cs.view("overlord")["encounter"]["mods"]["overlord"]["hand"] == end["hand"]
    hands = set()
    for k in range(8):
        d = cs.determinize("heroes", Rng(k))
        assert isinstance(d, CampaignState) and d.encounter is not None
        hands.add(tuple(d.encounter.mods["overlord"]["hand"]))
        assert "overlord" not in d.log["encounter"]
    assert len(hands) > 1                                  # the heroes' samples deal other hands
    doc = cs.to_json()
    assert G.from_json(doc).to_json() == doc


@pytest.mark.parametrize(("change", "message"), [
    (lambda od: od["hand"].append("dark-might"), "each copy once"),
    (lambda od: od.pop("discard"), "deck, hand, discard"),
    (lambda od: od.update(hand="dash"), "lists of"),
])
def test_a_bad_carried_overlord_deck_is_refused(change: Any, message: str) -> None:
    from tests.descent.test_two_encounters import start

    _, mid, _ = _barrow_end()
    change(mid["encounter"]["overlord"])
    with pytest.raises(SetupError, match=message):
        start(mid)
