"""The registered game ``descent-campaign``: a whole campaign as one game (the log between quests,
the quest's encounter in a quest), its setup and log validation, views, bots and the terminal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rich.console import Console

from questbox.core import JSON, Match, Rng, SetupError, get_game, make_agent
from questbox.games.descent.campaign_game import GAME, CampaignState, check_log

G = get_game("descent-campaign")


def state(setup: JSON, seed: int = 0) -> CampaignState:
    st = G.new(setup, seed=seed)
    assert isinstance(st, CampaignState)
    return st


def test_the_game_is_registered_with_its_seats() -> None:
    assert G is GAME
    assert G.seat_names() == ("heroes", "overlord")
    assert G.seat_names(G.setup_for_seats(4)) == ("hero1", "hero2", "hero3", "overlord")
    assert G.setup_for_seats(4)["heroes"] == ["syndrael", "avric", "leoric"]
    st = state(G.setup_for_seats(3, {}), seed=2)
    assert st.seats == ("hero1", "hero2", "overlord") and st.log["seats"] == "per-hero"
    assert st.to_move() == ("overlord",) and st.encounter is None


@pytest.mark.parametrize(("setup", "message"), [
    ({"rumors": 1}, "rumors: Extra inputs are not permitted"),
    ({"campaign": "nowhere"}, "no campaign 'nowhere'"),
    ({"heroes": ["syndrael"]}, "heroes: List should have at least 2 items"),
    ({"seats": "all"}, "seats: Input should be 'party' or 'per-hero'"),
    ({"log": {}, "heroes": ["avric", "jain"]}, "give them in the log"),
    ({"log": 7}, "log: a campaign log document"),
    ({"log": "/nowhere/log.json"}, "give the campaign log document inline"),
    ({"log": {"format": "x"}}, "log.format"),
    ({"log": {"phase": "resting"}}, "log.phase: one of"),
    ({"log": {"phase": "spend-xp"}}, "follows a quest"),
    ({"log": {"phase": "quest", "next": 4}}, "log.next"),
    ({"log": {"phase": "plot-deck", "plot_deck": "first-legion"}}, "has not chosen one yet"),
    ({"log": {"phase": "quest", "plot_deck": "second-legion"}}, "no plot deck 'second-legion'"),
    ({"log": {"phase": "quest", "plot_deck": "first-legion", "faceup": ["fealty"]}}, "basic card"),
    ({"log": {"phase": "quest", "plot_deck": "first-legion", "faceup": ["strength-in-numbers", "fealty"],
              "facedown": ["fealty"]}}, "once face up or face down"),
    ({"log": {"phase": "quest", "threat": 2}}, "need a plot_deck"),
    ({"log": {"phase": "quest", "threat": -1, "plot_deck": "first-legion"}}, "log.threat: a whole number"),
    ({"log": {"phase": "quest", "fortune": {"jain": 1}}}, "log.fortune"),
    ({"log": {"phase": "quest", "xp": {"overlord": "lots"}}}, "log.xp.overlord"),
    ({"log": {"phase": "quest", "upgrades": {"avric": ["wings"]}}}, "no upgrade 'wings'"),
    ({"log": {"phase": "quest", "upgrades": {"avric": ["toughness"] * 3}}}, "at most 2 times"),
    ({"log": {"phase": "quest", "items": {"avric": ["sword"]}}}, "not a Search card, Shop Item or hero relic"),
    ({"log": {"phase": "shopping", "next": 1, "shop": {"offer": ["iron-spear", "iron-spear"], "deck": []}}},
     "1 iron-spear card"),
    ({"log": {"phase": "quest", "shop": {"offer": [], "deck": []}}}, "in the shopping phase only"),
    ({"log": {"phase": "quest", "done": ["heroes"]}}, "log.done"),
    ({"log": {"phase": "over", "next": 4}}, "log.winner"),
    ({"log": {"phase": "quest", "bonus": 1}}, "log: unknown key"),
    ({"log": {"heroes": ["syndrael", "avric"]}, "players": 3}, "players: this campaign seats 2"),
])
def test_bad_setups_and_logs_are_refused_clearly(setup: JSON, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        G.new(setup)


def test_a_partial_log_starts_anywhere_and_a_full_log_round_trips() -> None:
    st = state({"log": {"heroes": ["syndrael", "avric"], "plot_deck": "first-legion", "phase": "spend-xp",
                        "next": 1, "threat": 5, "xp": {"overlord": 2}}})
    assert st.to_move() == ("heroes",) and st.log["facedown"][0] == "retribution"
    full = st.to_json()["log"]
    again = state({"log": full})
    assert again.log == st.log
    assert check_log(json.loads(json.dumps(full))) == full


def test_a_log_file_is_a_setup(tmp_path: Any) -> None:
    from questbox.games.descent.campaign_log import apply, new_log

    path = tmp_path / "camp.json"
    path.write_text(json.dumps(apply(new_log("harrowmere", ["avric", "jain"], seed=4), "overlord",
                                     "plot-deck first-legion")))
    with pytest.raises(SetupError, match="never names a file"):
        state({"log": str(path)}, seed=9)          # Game.new never opens a file (issue #15)
    setup = GAME.inline_files({"log": "camp.json"}, tmp_path)   # the command line reads it
    assert setup == {"log": json.loads(path.read_text())}
    st = state(setup, seed=9)
    assert st.encounter is not None and st.log["heroes"] == ["avric:disciple", "jain:thief"]


def test_the_shop_is_dealt_from_the_states_random_generator() -> None:
    doc = {"log": {"heroes": ["syndrael", "avric"], "phase": "shopping", "next": 1, "gold": 25}}
    a, b = state(doc, seed=1), state(doc, seed=1)
    assert a.log["shop"] == b.log["shop"] and len(a.log["shop"]["offer"]) == 5      # printed: 5 revealed
    decks = {json.dumps(state(doc, seed=s).log["shop"]) for s in range(6)}
    assert len(decks) > 1                      # the game's seed, not the log's, shuffles the Shop deck


def test_views_hide_the_face_down_cards_from_the_heroes_and_the_shop_order_from_everybody() -> None:
    st = state({"log": {"heroes": ["syndrael", "avric"], "plot_deck": "first-legion", "phase": "shopping",
                        "next": 1, "shop": {"offer": ["iron-spear"], "deck": ["sling", "crossbow"]}}})
    for seat in ("heroes", "overlord", None):
        v = st.view(seat)
        assert v["campaign"]["shop"] == {"offer": ["iron-spear"], "deck": 2} and v["encounter"] is None
        assert "fire-flask" not in json.dumps(v)
    assert st.view("heroes")["campaign"]["facedown"] == 9
    assert "retribution" in st.view("overlord")["campaign"]["facedown"]
    assert "retribution" not in json.dumps(st.view("heroes")) and "retribution" not in json.dumps(st.view(None))
    d = st.determinize("heroes", Rng(3))
    assert isinstance(d, CampaignState) and sorted(d.log["shop"]["deck"]) == ["crossbow", "sling"]
    assert st.log["shop"]["deck"] == ["sling", "crossbow"]                  # the original is untouched


def test_a_quest_shares_the_states_random_generator_and_is_recorded_when_it_ends() -> None:
    st = state({"log": {"heroes": ["syndrael", "avric"], "phase": "quest", "plot_deck": "first-legion"}}, seed=5)
    assert st.encounter is not None and st.encounter.rng is st.rng
    c = st.clone()
    assert c.encounter is not None and c.encounter.rng is c.rng and c.rng is not st.rng
    j = G.from_json(st.to_json())
    assert isinstance(j, CampaignState) and j.encounter is not None and j.encounter.rng is j.rng
    assert j.to_json() == st.to_json()
    steps = 0
    while st.encounter is not None:
        seat = st.to_move()[0]
        legal = [str(a) for a in st.legal_actions(seat)]
        st.apply(seat, "activate syndrael" if "activate syndrael" in legal else "end")
        steps += 1
    assert steps == 36 and st.log["phase"] == "shopping" and st.log["history"][0]["winner"] == "overlord"


def test_bots_play_whole_campaigns_and_replays_reproduce_them() -> None:
    outcomes = []
    for n, seed in ((2, 1), (3, 2), (2, 3)):
        setup = G.setup_for_seats(n)
        match = Match(G, setup, seed=seed)
        bots = {s: make_agent("heuristic", G, seed + i) for i, s in enumerate(match.state.seats)}
        while not match.state.is_over():
            seat = match.state.to_move()[0]
            match.apply(seat, bots[seat].act(match.state, seat))
        st = match.state
        assert isinstance(st, CampaignState)
        assert len(st.log["history"]) == 4 and st.log["plot_deck"] == "first-legion"
        out = st.outcome()
        assert out is not None and out.winners
        outcomes.append(out.winners)
        assert match.replay().run(G).digest() == st.digest()
        assert G.stats(st)["quests"] == 4
    bot = make_agent("heuristic:plot=none", G, 0)
    st0 = state({})
    assert str(bot.act(st0, "overlord")) == "plot-deck none"


def test_render_and_describe_in_both_phases() -> None:
    st = state({"log": {"heroes": ["syndrael", "avric"], "phase": "spend-xp", "next": 1, "plot_deck": "first-legion",
                        "done": ["heroes"], "threat": 3}})
    for seat in ("heroes", "overlord"):
        console = Console(width=140, record=True)
        console.print(G.render(st.view(seat), seat))
        text = console.export_text()
        assert "The Harrowmere Reckoning" in text and "threat 3" in text
    assert G.describe_action(st.view("overlord"), st.legal_actions("overlord")[0]) == (
        "buy the Plot card Retribution for 2 threat")
    st.apply("overlord", "done")
    assert st.encounter is not None
    console = Console(width=160, record=True)
    console.print(G.render(st.view("heroes"), "heroes"))
    text = console.export_text()
    assert "2. Interlude: The Warren Raid (interlude): next" in text and "raider-m" in text  # the log, the quest
    assert G.describe_action(st.view("heroes"), st.legal_actions("heroes")[0])
