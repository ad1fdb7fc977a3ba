"""The lieutenant pack in encounters: threat, fortune, the ten First Legion plot cards and the
Ardus Ix'Erebus agent (the rule module ``campaign`` of :mod:`questbox.games.descent.plot`)."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import JSON, IllegalAction, SetupError
from questbox.games.descent import GAME
from questbox.games.descent.flow import Comrade, Masses
from questbox.games.descent.plot import agent_stat, cards_of, plot_data
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, by_hand, fig, group, names, new, payload_is, put, quest, setup, touch

ALL = list(cards_of("first-legion"))


def camp(threat: int = 0, faceup: list[str] | None = None, **kw: Any) -> JSON:
    up = [ALL[0], *(c for c in faceup or () if c != ALL[0])]
    doc: JSON = {"plot_deck": "first-legion", "threat": threat, "faceup": up,
                 "facedown": [c for c in ALL if c not in up]}
    doc.update(kw)
    return doc


def arena(groups: list[JSON], threat: int = 0, faceup: list[str] | None = None, grid: list[str] | None = None,
          heroes: tuple[str, ...] = ("syndrael", "leoric"), reinforcements: list[JSON] | None = None,
          act: int | None = None, **kw: Any) -> DescentState:
    q = quest(grid, groups=groups, reinforcements=reinforcements)
    extra = {"act": act} if act else {}
    return new(setup(q, heroes=heroes, campaign=camp(threat, faceup, **kw), **extra))


def mods(st: DescentState) -> JSON:
    m: JSON = st.mods["campaign"]
    return m


def to_overlord(st: DescentState) -> None:
    """Both heroes end their turns at once."""
    act(st, "activate syndrael", "end", "end")


# ================================================================================ the deck
@pytest.mark.clause("DLP-PLOT-03", "DLP-PLOT-04", "DLP-PLOT-05", "DLP-PLOT-07", "DLP-C01-01", "DLP-TOKEN-02")
def test_the_basic_card_starts_face_up_and_the_others_face_down_seen_by_the_overlord_only() -> None:
    st = arena([group("zombie", "zombie", ["D1"])])
    cards = mods(st)["cards"]
    assert cards["strength-in-numbers"] == "ready"
    assert sorted(c for c, v in cards.items() if v == "facedown") == sorted(ALL[1:])
    deck = {c.id: c for c in plot_data().decks[0].cards}
    assert deck["strength-in-numbers"].basic and deck["strength-in-numbers"].buy == 0
    ol = st.view("overlord")["mods"]["campaign"]
    assert ol["cards"]["retribution"] == "facedown"
    heroes = st.view("heroes")["mods"]["campaign"]
    assert heroes["cards"] == {"strength-in-numbers": "ready"} and heroes["facedown"] == 9
    assert "retribution" not in str(heroes)
    # a determinized state shows the heroes the same
    from questbox.core import Rng
    assert st.determinize("heroes", Rng(5)).view("heroes") == st.view("heroes")
    # the supply: tokens are plain counts, no supply limit to run out of
    assert mods(st)["threat"] == 0 and mods(st)["fortune"] == {"syndrael": 0, "leoric": 0}


@pytest.mark.clause("DLP-PLOT-09", "DLP-PLOT-08")
def test_plot_cards_threat_and_fortune_exist_only_in_a_campaign() -> None:
    q = quest(groups=[group("zombie", "zombie", ["D1"])])
    st = new(setup(q))
    assert "campaign" not in st.mods
    with pytest.raises(SetupError, match="need a plot_deck"):
        GAME.new(setup(q, campaign={"threat": 2}))
    with pytest.raises(SetupError, match="basic card"):
        GAME.new(setup(q, campaign={"plot_deck": "first-legion", "faceup": ["retribution"],
                                    "facedown": [c for c in ALL if c != "retribution"]}))
    with pytest.raises(SetupError, match="unknown key"):
        GAME.new(setup(q, campaign={"plot_deck": "first-legion", "overlord_cards": []}))
    # a campaign without a plot deck: no plot actions ever
    st = new(setup(q, campaign={}))
    assert mods(st)["cards"] == {}


# ================================================================================ threat
def ko_setup(threat: int = 0) -> DescentState:
    st = arena([group("goblin-archer", "goblin", ["C1", "H6"], minions=2)], threat=threat, faceup=[ALL[0]])
    to_overlord(st)
    put(st, "syndrael", "B1")
    st.figs[fig(st, "syndrael")].damage = 10
    return st


@pytest.mark.clause("DLP-THREAT-01", "DLP-THREAT-02", "DLP-THREAT-03", "DLP-THREAT-08", "DLP-THREAT-09")
def test_a_defeated_hero_gives_the_overlord_one_threat_once_per_hero_per_quest() -> None:
    st = ko_setup()
    st.rng.script = [3, 3, 1]        # blue + yellow: 4 hearts; gray blank
    act(st, "activate goblin-1", "attack syndrael")
    assert st.figs[fig(st, "syndrael")].status == "ko"
    assert names(st.legal_actions("overlord")) == ["threat syndrael", "pass"]
    act(st, "threat syndrael")
    assert mods(st)["threat"] == 1 and mods(st)["reminders"] == ["syndrael"]
    # knocked out again later in the quest: no second threat for him
    act(st, "end", "activate goblin-2", "end")
    st.rng.script = [1, 1]
    act(st, "activate syndrael", "stand")
    s = fig(st, "syndrael")
    assert st.figs[s].status == "active"
    act(st, "end")
    put(st, "syndrael", "B1")
    st.figs[s].damage = 11
    st.rng.script = [3, 3, 1]
    act(st, "activate goblin-1", "attack syndrael", "pass")     # not Strength in Numbers now
    assert st.figs[s].status == "ko"
    assert "threat syndrael" not in names(st.legal_actions("overlord"))
    assert mods(st)["threat"] == 1          # kept until spent


@pytest.mark.clause("DLP-THREAT-01")
def test_the_overlord_may_decline_the_threat() -> None:
    st = ko_setup()
    st.rng.script = [3, 3, 1]
    act(st, "activate goblin-1", "attack syndrael", "pass")
    assert mods(st)["threat"] == 0 and mods(st)["reminders"] == []


# ================================================================================ triggering
@pytest.mark.clause("DLP-C01-02", "DLP-C01-03", "DLP-C01-04", "DLP-TRIGGER-01", "DLP-TRIGGER-02", "DLP-TOKEN-01",
                    "DLP-TOKEN-03", "DLP-SPEND-02", "DLP-SPEND-03", "DLP-SPEND-04")
def test_strength_in_numbers_pierce_x_and_the_spent_threat_turns_to_fortune_on_a_hero() -> None:
    st = arena([group("goblin-archer", "goblin", ["B2", "C1", "H6"], minions=3)], threat=3)
    to_overlord(st)
    put(st, "syndrael", "B1")
    st.rng.script = [3, 3, 2]        # 4 hearts; gray 1 shield
    act(st, "activate goblin-1", "attack syndrael")
    assert "plot strength-in-numbers" in names(st.legal_actions("overlord"))
    act(st, "plot strength-in-numbers")
    # one threat spent: it becomes fortune; both heroes have none, so the heroes choose
    assert mods(st)["threat"] == 2
    assert st.to_move() == ("heroes",)
    assert names(st.legal_actions("heroes")) == ["give syndrael", "give leoric"]
    payload_is(st, tuple, ("syndrael", "leoric"))
    ev = act(st, "give leoric")
    assert mods(st)["fortune"] == {"syndrael": 0, "leoric": 1}
    assert mods(st)["cards"]["strength-in-numbers"] == "exhausted"
    hit = next(e for e in ev if e.kind == "hit")
    assert hit.data == {"hearts": 4, "shields": 1, "pierce": 2, "damage": 4}
    assert st.figs[fig(st, "syndrael")].damage == 4   # goblin-1 and goblin-2 adjacent: Pierce 2 beats 1 shield


@pytest.mark.clause("DLP-C01-05", "DLP-C01-03")
def test_strength_in_numbers_refreshes_at_the_start_of_the_overlords_next_turn() -> None:
    st = arena([group("goblin-archer", "goblin", ["B2", "H6"], minions=2)], threat=3)
    to_overlord(st)
    put(st, "syndrael", "B1")
    st.rng.script = [3, 3, 1]
    act(st, "activate goblin-1", "attack syndrael", "plot strength-in-numbers", "give leoric")
    act(st, "end")
    # goblin-2's attack: the card is exhausted, no offer
    put(st, "goblin-2", "C1")
    st.rng.script = [3, 3, 1]
    act(st, "activate goblin-2", "attack syndrael")
    assert mods(st)["cards"]["strength-in-numbers"] == "exhausted"
    act(st, "end")
    assert mods(st)["cards"]["strength-in-numbers"] == "exhausted"     # heroes' turns: still exhausted
    act(st, "activate syndrael", "end", "end")
    assert mods(st)["cards"]["strength-in-numbers"] == "ready"


@pytest.mark.clause("DLP-SPEND-05", "DLP-SPEND-03", "DLP-C07-01", "DLP-C07-02", "DLP-C07-03", "DLP-C07-04",
                    "DLP-C07-05")
def test_defensive_position_costs_two_threat_placed_one_token_at_a_time() -> None:
    st = arena([group("zombie", "zombie", ["H6"], minions=1)], threat=2, grid=["AAAABBBB"] * 6,
               faceup=["defensive-position"])
    act(st, "activate syndrael", "end", "end", "activate zombie-1", "end")
    legal = names(st.legal_actions("overlord"))
    assert "plot defensive-position A" in legal and "plot defensive-position B" in legal
    act(st, "plot defensive-position B")
    assert mods(st)["threat"] == 0
    act(st, "give syndrael")         # first token: a tie, the heroes choose
    # second token: Leoric now has the fewest, no choice
    assert mods(st)["fortune"] == {"syndrael": 1, "leoric": 1}
    assert mods(st)["marks"]["defensive-position"] == "B" and st.surcharge == [["hero", "B", 1]]
    act(st, "activate syndrael", "move")
    legal = names(st.legal_actions())
    assert "move D1" in legal and "move E1" not in legal


@pytest.mark.clause("DLP-C07-06")
def test_defensive_position_refreshes_only_when_more_heroes_than_monsters_are_on_the_tile() -> None:
    st = arena([group("zombie", "zombie", ["H6"], minions=1)], threat=2, grid=["AAAABBBB"] * 6,
               faceup=["defensive-position"])
    act(st, "activate syndrael", "end", "end", "activate zombie-1", "end")
    act(st, "plot defensive-position B", "give syndrael")
    act(st, "activate syndrael", "end", "end")
    assert mods(st)["cards"]["defensive-position"] == "exhausted"      # not refreshed as normal
    act(st, "activate zombie-1", "end")
    put(st, "syndrael", "E1")
    put(st, "leoric", "E2")
    act(st, "activate syndrael", "end")
    assert mods(st)["cards"]["defensive-position"] == "ready" and st.surcharge == []


# ================================================================================ fortune
def fortune_arena(fortune: dict[str, int], groups: list[JSON] | None = None) -> DescentState:
    return arena(groups or [group("zombie", "zombie", ["H6"], minions=1)], faceup=[ALL[0]], fortune=fortune)


@pytest.mark.clause("DLP-FORTUNE-01", "DLP-FORTUNE-06", "DLP-TOKEN-04")
def test_one_fortune_recovers_one_fatigue_during_his_turn() -> None:
    st = fortune_arena({"syndrael": 1})
    s = fig(st, "syndrael")
    st.figs[s].fatigue = 2
    act(st, "activate syndrael")
    assert "fortune recover" in names(st.legal_actions())
    act(st, "fortune recover")
    assert st.figs[s].fatigue == 1 and mods(st)["fortune"]["syndrael"] == 0
    assert "fortune recover" not in names(st.legal_actions())


@pytest.mark.clause("DLP-FORTUNE-03", "DLP-FORTUNE-04", "DLP-FORTUNE-07")
def test_two_fortune_buy_one_more_action_after_the_two_once_per_round() -> None:
    st = fortune_arena({"syndrael": 4, "leoric": 0})
    act(st, "activate syndrael")
    assert "fortune action" not in names(st.legal_actions())      # only after his two actions
    act(st, "rest", "move")
    assert "fortune action" in names(st.legal_actions())
    act(st, "fortune action")
    assert st.turn is not None and st.turn.actions == 1 and mods(st)["fortune"]["syndrael"] == 2
    act(st, "move")
    assert "fortune action" not in names(st.legal_actions())       # once per round
    act(st, "end")
    # Leoric has none and cannot use Syndrael's: fortune is not traded
    act(st, "rest", "move")
    assert not [a for a in st.legal_actions() if a.name in ("fortune", "give")]


@pytest.mark.clause("DLP-FORTUNE-02")
def test_one_fortune_rerolls_one_of_his_dice_after_the_roll() -> None:
    st = fortune_arena({"syndrael": 1}, [group("zombie", "zombie", ["B1", "H6"], minions=2)])
    act(st, "activate syndrael")
    st.rng.script = [1, 2, 1]         # blue X: a miss; brown blank (rolled with the attack)
    act(st, "attack zombie-1")
    assert names(st.legal_actions()) == ["fortune reroll 0", "fortune reroll 1", "pass"]
    st.rng.script = [3]               # the blue die again: 2 hearts (red 2: 2 more)
    act(st, "fortune reroll 0")
    assert mods(st)["fortune"]["syndrael"] == 0
    assert st.figs[fig(st, "zombie-1")].status == "defeated"      # 2 + 2 hearts against 3 Health


# ================================================================================ the cards
@pytest.mark.clause("DLP-C02-01", "DLP-C02-02", "DLP-C02-03", "DLP-C02-04", "DLP-C02-05", "DLP-C02-06")
def test_retribution_when_one_attack_defeats_two_small_monsters() -> None:
    st = arena([group("goblin-archer", "goblin", ["B1", "B2", "H6", "H5"], masters=1, minions=3)], threat=2,
               faceup=["retribution"], fortune={"syndrael": 1})
    put(st, "goblin-m", "H6")
    put(st, "goblin-1", "B1")
    put(st, "goblin-2", "C1")
    act(st, "activate syndrael")
    st.rng.script = [2, 1, 1]            # blue 2 hearts + surge, red 1 heart: 3 hearts
    act(st, "attack goblin-1")
    assert st.pending[-1].kind == "react"       # she may spend fortune on a reroll
    # as if the same attack also defeated goblin-2 (an area effect)
    st.defeat(fig(st, "goblin-2"), fig(st, "syndrael"))
    touch(st)
    act(st, "pass", "done")
    legal = names(st.legal_actions("overlord"))
    assert legal == ["plot retribution goblin-m", "plot retribution goblin-3", "pass"]
    act(st, "plot retribution goblin-3")     # the token goes to Leoric, who has the fewest
    d = st.pending[-1]
    assert d.kind == "monster-turn" and d.data[0] == fig(st, "goblin-3")
    assert st.turn is not None and st.turn.mp == 5 and "retribution:2" in st.turn.flags
    st.rng.script = [3, 3, 6]         # 4 hearts; her gray die 3 shields, Pierce 2
    # (no Strength in Numbers now; Syndrael keeps her fortune for her defense roll)
    ev = act(st, "move C2", "attack syndrael", "pass", "pass")
    assert next(e for e in ev if e.kind == "hit").data == {"hearts": 4, "shields": 3, "pierce": 2, "damage": 3}
    assert mods(st)["cards"]["retribution"] == "exhausted"


@pytest.mark.clause("DLP-C02-03", "DLP-C02-06")
def test_retribution_pierce_counts_every_monster_the_attack_defeated_large_ones_too() -> None:
    groups = [group("goblin-archer", "goblin", ["B1", "C1", "H6"], masters=1, minions=2),
              group("ettin", "ettin", ["E3:F4"], minions=1, gid="ettins")]
    st = arena(groups, threat=2, faceup=["retribution"], fortune={"syndrael": 1})
    put(st, "goblin-m", "H6")
    put(st, "goblin-1", "B1")
    put(st, "goblin-2", "C1")
    act(st, "activate syndrael")
    st.rng.script = [2, 1, 1]            # 3 hearts: goblin-1 falls
    act(st, "attack goblin-1")
    # as if the same attack also defeated goblin-2 and the (large) ettin
    st.defeat(fig(st, "goblin-2"), fig(st, "syndrael"))
    st.defeat(fig(st, "ettin-1"), fig(st, "syndrael"))
    touch(st)
    act(st, "pass", "done")
    act(st, "plot retribution goblin-m")
    assert st.turn is not None and "retribution:3" in st.turn.flags


def test_retribution_needs_two_small_monsters_a_large_one_does_not_count_for_the_trigger() -> None:
    groups = [group("goblin-archer", "goblin", ["B1", "H6"], masters=1, minions=1),
              group("ettin", "ettin", ["E3:F4"], minions=1, gid="ettins")]
    st = arena(groups, threat=2, faceup=["retribution"], fortune={"syndrael": 1})
    put(st, "goblin-1", "B1")
    act(st, "activate syndrael")
    st.rng.script = [2, 1, 1]
    act(st, "attack goblin-1")
    st.defeat(fig(st, "ettin-1"), fig(st, "syndrael"))
    touch(st)
    act(st, "pass", "done")
    assert not any(a.name == "plot" for a in st.legal_actions("overlord"))


@pytest.mark.clause("DLP-C03-01", "DLP-C03-02", "DLP-C03-03", "DLP-C03-04", "DLP-C03-05", "DLP-C03-06")
def test_swarming_tide_heroes_test_willpower_at_the_start_of_their_turns() -> None:
    st = arena([group("zombie", "zombie", ["B2", "C1"], minions=2)], threat=1, faceup=["swarming-tide"])
    act(st, "activate syndrael", "end", "end", "activate zombie-1", "end", "activate zombie-2", "end")
    assert "plot swarming-tide" in names(st.legal_actions("overlord"))
    act(st, "plot swarming-tide", "give leoric")
    put(st, "syndrael", "B1")
    st.rng.script = [6, 6]            # gray 3 + black 4 shields: Willpower 2 fails
    act(st, "activate syndrael")
    assert st.figs[fig(st, "syndrael")].fatigue == 2         # two zombies adjacent
    st.rng.script = [1, 1]            # Leoric passes (he may still spend his fortune on a reroll)
    act(st, "end", "pass")
    assert st.figs[fig(st, "leoric")].fatigue == 0
    act(st, "end")
    act(st, "activate zombie-1", "end", "activate zombie-2", "end")
    assert mods(st)["cards"]["swarming-tide"] == "ready"    # refreshed as normal, offered again
    assert "plot swarming-tide" not in names(st.legal_actions("overlord"))   # no threat left


@pytest.mark.clause("DLP-C04-01", "DLP-C04-02", "DLP-C04-03", "DLP-C04-04", "DLP-C04-05", "DLP-C04-06")
def test_threatening_masses_end_the_turn_or_test_might_and_refresh_only_at_the_end() -> None:
    st = arena([group("zombie", "zombie", ["D1", "D3"], minions=2)], threat=2, faceup=["threatening-masses"])
    act(st, "activate leoric", "move")
    put(st, "leoric", "A2")
    st.rng.script = [1, 1]
    act(st, "move B2")
    act(st, "move C2")       # adjacent to both zombies
    assert names(st.legal_actions("overlord")) == ["plot threatening-masses", "pass"]
    act(st, "plot threatening-masses", "give syndrael")
    assert names(st.legal_actions("heroes")) == ["masses end-turn", "masses test"]
    payload_is(st, Masses, Masses(fig(st, "leoric")))
    st.rng.script = [2, 2]            # gray 1 + black 2: Might 1 fails
    act(st, "masses test")
    assert mods(st)["threat"] == 1 + 2
    act(st, "end", "end")
    act(st, "activate zombie-1", "end", "activate zombie-2", "end")
    act(st, "activate syndrael")
    assert mods(st)["cards"]["threatening-masses"] == "exhausted"    # not at the overlord's turn
    by_hand(st, st.finish, "heroes", "test")
    assert mods(st)["cards"]["threatening-masses"] == "ready"


def test_camaraderie_is_not_offered_on_a_lieutenant() -> None:
    """Camaraderie marks a group's Monster card; a lieutenant has a Lieutenant card instead, so the
    overlord may mark the goblins but never Lord Merick Farrow's group."""
    lt = {"id": "merick", "lieutenant": "lord-merick-farrow", "figure": "merick", "place": ["F3"]}
    q = quest(groups=[group("goblin-archer", "goblin", ["B1", "B2", "H6"], minions=3), lt])
    st = new(setup(q, campaign=camp(1, ["camaraderie"])))
    assert st.round == 0 and names(st.legal_actions("overlord")) == ["plot camaraderie goblins", "pass"]


@pytest.mark.clause("DLP-C04-04")
def test_threatening_masses_end_the_turn() -> None:
    st = arena([group("zombie", "zombie", ["D1"], minions=1)], threat=1, faceup=["threatening-masses"])
    act(st, "activate syndrael", "move", "move B1", "move C1", "plot threatening-masses", "give syndrael")
    act(st, "masses end-turn")
    assert st.figs[fig(st, "syndrael")].activated


@pytest.mark.clause("DLP-C05-01", "DLP-C05-02", "DLP-C05-03", "DLP-C05-04", "DLP-C05-05", "DLP-C05-06",
                    "DLP-C05-07")
def test_camaraderie_gives_small_monsters_comrade_for_the_encounter() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["B1", "B2", "H6"], minions=3)])
    st = new(setup(q, campaign=camp(1, ["camaraderie"])))
    # the setup window: the overlord may use Camaraderie before round 1
    assert st.round == 0 and names(st.legal_actions("overlord")) == ["plot camaraderie goblins", "pass"]
    act(st, "plot camaraderie goblins", "give syndrael")
    assert mods(st)["marks"]["camaraderie"] == "goblins" and mods(st)["cards"]["camaraderie"] == "used"
    assert st.round == 1
    act(st, "activate syndrael")
    put(st, "syndrael", "A1")
    st.rng.script = [2, 1, 1]         # a surge rolled; gray blank (rolled with the attack)
    act(st, "attack goblin-1")
    assert names(st.legal_actions("heroes")) == ["comrade fatigue", "comrade no-surges"]
    payload_is(st, Comrade, Comrade(fig(st, "syndrael")))
    act(st, "comrade no-surges")
    assert st.attack is not None and st.attack.no_surges


@pytest.mark.clause("DLP-C05-06")
def test_comrade_fatigue_instead() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["B1", "B2", "H6"], minions=3)])
    st = new(setup(q, campaign=camp(1, ["camaraderie"])))
    act(st, "plot camaraderie goblins", "give syndrael", "activate syndrael")
    put(st, "syndrael", "A1")
    st.rng.script = [3, 1, 1]
    act(st, "attack goblin-1", "comrade fatigue")
    assert st.figs[fig(st, "syndrael")].fatigue == 1


@pytest.mark.clause("DLP-C06-01", "DLP-C06-02", "DLP-C06-03", "DLP-C06-04", "DLP-C06-05", "DLP-C06-06")
def test_fealty_a_small_minion_suffers_five_for_two_shields_on_its_master() -> None:
    st = arena([group("goblin-archer", "goblin", ["B1", "C1", "H6"], masters=1, minions=2)], threat=1,
               faceup=["fealty"])
    act(st, "activate syndrael", "end", "end", "activate goblin-m", "end", "activate goblin-1", "end")
    act(st, "activate goblin-2", "end")
    act(st, "plot fealty", "give leoric")
    assert mods(st)["cards"]["fealty"] == "exhausted"
    act(st, "activate syndrael")
    put(st, "syndrael", "A1")
    put(st, "goblin-m", "B1")
    put(st, "goblin-1", "B2")
    st.rng.script = [3, 3, 1]         # 4 hearts; gray blank (rolled with the attack): 0 + 2 shields
    act(st, "attack goblin-m")
    assert names(st.legal_actions("overlord")) == ["fealty goblin-1", "pass"]
    act(st, "fealty goblin-1")
    assert st.figs[fig(st, "goblin-1")].status == "defeated"
    assert st.figs[fig(st, "goblin-m")].damage == 2


@pytest.mark.clause("DLP-C06-04", "DLP-C06-05")
def test_fealty_may_sacrifice_a_small_minion_of_another_group_next_to_the_master() -> None:
    groups = [group("goblin-archer", "goblin", ["B1", "H6"], masters=1, minions=1),
              group("zombie", "zombie", ["H5"], minions=1)]
    st = arena(groups, threat=1, faceup=["fealty"])
    act(st, "activate syndrael", "end", "end", "activate goblin-m", "end", "activate goblin-1", "end")
    act(st, "activate zombie-1", "end")
    act(st, "plot fealty", "give leoric")
    act(st, "activate syndrael")
    put(st, "syndrael", "A1")
    put(st, "goblin-m", "B1")
    put(st, "zombie-1", "B2")
    put(st, "goblin-1", "H6")
    st.rng.script = [3, 3, 1]         # 4 hearts; gray blank (rolled with the attack): 0 + 2 shields
    act(st, "attack goblin-m")
    assert names(st.legal_actions("overlord")) == ["fealty zombie-1", "pass"]
    act(st, "fealty zombie-1")
    assert st.figs[fig(st, "zombie-1")].status == "defeated"    # 5 damage: more than its Health
    assert st.figs[fig(st, "goblin-m")].damage == 2


@pytest.mark.clause("DLP-C08-01", "DLP-C08-02", "DLP-C08-03", "DLP-C08-04", "DLP-C08-05", "DLP-C08-06")
def test_rise_to_the_challenge_minions_use_the_masters_stats_until_the_end_of_the_overlords_turn() -> None:
    st = arena([group("goblin-archer", "goblin", ["B1", "F5", "F6"], masters=1, minions=2)], threat=0,
               faceup=["rise-to-the-challenge"])
    m, g1 = fig(st, "goblin-m"), fig(st, "goblin-1")
    act(st, "activate syndrael")
    st.rng.script = [2, 5, 1]        # 2 + 3 hearts against a blank: the master (4 Health) falls
    act(st, "attack goblin-m", "done")
    assert names(st.legal_actions("overlord")) == ["plot rise-to-the-challenge", "pass"]
    act(st, "plot rise-to-the-challenge")        # trigger cost 0: no fortune
    assert mods(st)["fortune"] == {"syndrael": 0, "leoric": 0}
    assert st.health(g1) == 4 and st.stat(g1).speed == 5
    assert st.stat(g1).dice == st.stat(m).dice and st.stat(g1).surges == st.stat(m).surges
    assert "cowardly" in st.stat(g1).abilities      # its own abilities stay (DLP-C08-04)
    assert mods(st)["marks"]["rise-to-the-challenge"] == "goblins"
    act(st, "end", "end")
    act(st, "activate goblin-1", "end", "activate goblin-2", "end")
    assert mods(st)["cards"]["rise-to-the-challenge"] == "ready"
    assert st.stat(g1).key == "goblins/minion" and st.health(g1) == 2


@pytest.mark.clause("DLP-C08-04")
def test_rise_to_the_challenge_lends_the_stat_line_not_the_masters_actions_and_abilities() -> None:
    st = arena([group("zombie", "zombie", ["B1", "F5"], masters=1, minions=1)], threat=0,
               faceup=["rise-to-the-challenge"])
    m, z1 = fig(st, "zombie-m"), fig(st, "zombie-1")
    master = st.stat(m)
    st.figs[m].damage = st.health(m) - 1
    act(st, "activate syndrael")
    st.rng.script = [2, 5, 1]        # 5 hearts against a blank: the master falls
    act(st, "attack zombie-m", "done")
    act(st, "plot rise-to-the-challenge")
    risen = st.stat(z1)
    assert (risen.speed, st.health(z1), risen.defense, risen.dice, risen.surges) == (
        master.speed, master.health, master.defense, master.dice, master.surges)
    assert "grab" in master.abilities and "grab" not in risen.abilities
    assert "shambling" in risen.abilities and not risen.master


@pytest.mark.clause("DLP-C09-01", "DLP-C09-02", "DLP-C09-03", "DLP-C09-04", "DLP-C09-05")
def test_loyalty_rewarded_gives_the_small_monsters_of_an_open_group_one_more_health() -> None:
    groups = [group("goblin-archer", "goblin", ["B1", "F5"], masters=1, minions=1, open=["zombie"]),
              group("zombie", "zombie", ["H6"], minions=1)]
    st = arena(groups, threat=3, faceup=["loyalty-rewarded", "summon-ardus"])
    assert names(st.legal_actions("overlord")) == ["plot loyalty-rewarded goblins", "plot summon-ardus goblins",
                                                   "pass"]
    act(st, "plot loyalty-rewarded goblins", "give syndrael", "pass")
    assert st.health(fig(st, "goblin-m")) == 5 and st.health(fig(st, "goblin-1")) == 3
    assert st.health(fig(st, "zombie-1")) == 3
    for _ in range(2):
        act(st, "activate syndrael", "end", "end")
        act(st, "activate goblin-m", "end", "activate goblin-1", "end", "activate zombie-1", "end")
    assert mods(st)["cards"]["loyalty-rewarded"] == "exhausted"
    by_hand(st, st.finish, "heroes", "test")
    assert mods(st)["cards"]["loyalty-rewarded"] == "ready"


@pytest.mark.clause("DLP-C09-04")
def test_loyalty_rewarded_gives_an_agent_summoned_afterwards_into_the_group_one_more_health() -> None:
    groups = [group("goblin-archer", "goblin", ["B1", "F5", "F6"], masters=1, minions=2, open=["zombie"]),
              group("zombie", "zombie", ["H6"], minions=1)]
    st = arena(groups, threat=3, faceup=["loyalty-rewarded", "summon-ardus"])
    act(st, "plot loyalty-rewarded goblins", "give syndrael")
    act(st, "plot summon-ardus goblins")          # its fortune goes to Leoric, who has fewer
    ardus = fig(st, "ardus")
    assert st.figs[ardus].status == "active" and mods(st)["fortune"] == {"syndrael": 1, "leoric": 1}
    assert st.health(ardus) == st.stat(ardus).health + 1


def test_loyalty_rewarded_on_another_group_leaves_the_agent_as_it_is() -> None:
    groups = [group("goblin-archer", "goblin", ["B1", "F5", "F6"], masters=1, minions=2, open=["zombie"]),
              group("zombie", "zombie", ["H5", "H6"], masters=1, minions=1, gid="zombies", open=["goblin"])]
    st = arena(groups, threat=3, faceup=["loyalty-rewarded", "summon-ardus"])
    act(st, "plot loyalty-rewarded zombies", "give syndrael")
    act(st, "plot summon-ardus goblins")
    ardus = fig(st, "ardus")
    assert st.health(ardus) == st.stat(ardus).health


# ================================================================================ the agent
def summon_arena(threat: int = 2, heroes: tuple[str, ...] = ("syndrael", "leoric"), minions: int = 2,
                 **kw: Any) -> DescentState:
    groups = [group("zombie", "zombie", ["F3", "F4", "F5"], masters=1, minions=minions, open=["goblin-archer"])]
    reinf = [{"group": "zombies", "when": "round-start", "count": {2: 3, 3: 3, 4: 3}, "squares": ["H1", "H2", "H3"]}]
    return arena(groups, threat=threat, heroes=heroes, reinforcements=reinf, faceup=["summon-ardus"], **kw)


@pytest.mark.clause("DLP-C10-01", "DLP-C10-02", "DLP-C10-03", "DLP-C10-04", "DLP-AGENT-01", "DLP-AGENT-03",
                    "DLP-AGENT-10", "DLP-AGENT-12", "DLP-AGENT-13", "DLP-AGENT-04", "DLP-AGENT-15")
def test_summon_ardus_replaces_a_master_and_a_minion_of_an_open_group() -> None:
    st = summon_arena()
    act(st, "plot summon-ardus zombies", "give syndrael")
    assert mods(st)["fortune"] == {"syndrael": 1, "leoric": 1}
    a = fig(st, "ardus")
    assert st.figs[a].status == "active" and st.board.names[st.figs[a].pos] == "F3"
    assert st.figs[a].group == 0 and st.figs[a].master and st.stat(a).master
    assert mods(st)["replaced"] == ["zombie-m", "zombie-1"] and mods(st)["agent"] == "ardus"
    assert fig(st, "ardus") in st.group_figs(0)
    assert st.figs[a].items == []          # an agent holds no relic
    # the replaced figures do not come back as reinforcements while the agent is on the map
    act(st, "activate syndrael", "end", "end", "activate ardus", "end", "activate zombie-2", "end")
    assert st.figs[fig(st, "zombie-m")].status == "defeated"
    assert st.figs[fig(st, "zombie-1")].status == "defeated"
    doc = st.to_json()
    assert GAME.from_json(doc).to_json() == doc


@pytest.mark.clause("DLP-AGENT-03")
def test_a_cowardly_goblin_spends_surges_near_the_agent_a_master_monster() -> None:
    st = arena([group("goblin-archer", "goblin", ["C3", "H6", "B2"], masters=1, minions=2, open=["zombie"])],
               threat=2, faceup=["summon-ardus"])
    act(st, "plot summon-ardus goblins", "give syndrael")
    assert st.board.names[st.figs[fig(st, "ardus")].pos] == "C3"
    act(st, "activate syndrael", "end", "end", "activate goblin-2")
    st.rng.script = [2, 1, 1]          # blue ♥2 ⚡, yellow ⚡: two surges; gray blank
    act(st, "attack syndrael", "pass")        # (she keeps her fortune: no defense reroll)
    assert st.pending[-1].kind == "surge"     # its master is gone, but the agent is 1 space away


@pytest.mark.clause("DLP-C10-05", "DLP-AGENT-05", "DLP-AGENT-06", "DLP-AGENT-04", "DLP-C10-07")
def test_a_defeated_agent_returns_its_card_to_the_plot_deck_and_is_never_a_reinforcement() -> None:
    st = summon_arena()
    act(st, "plot summon-ardus zombies", "give syndrael")
    a = fig(st, "ardus")
    by_hand(st, st.defeat, a, fig(st, "syndrael"))
    assert mods(st)["cards"]["summon-ardus"] == "facedown" and mods(st)["agent"] == ""
    assert "no-reinforce" not in st.figs[fig(st, "zombie-m")].tags
    act(st, "activate syndrael", "end", "end", "activate zombie-2", "end")
    # the round-start reinforcements bring back the zombies, never the agent
    assert st.figs[fig(st, "zombie-m")].status == "active"
    assert st.figs[a].status == "defeated"


@pytest.mark.clause("DLP-AGENT-11")
def test_a_group_that_cannot_meet_the_replacement_is_replaced_whole() -> None:
    st = summon_arena(minions=0)
    act(st, "plot summon-ardus zombies", "give syndrael")
    assert mods(st)["replaced"] == ["zombie-m"]
    assert st.figs[fig(st, "ardus")].status == "active"


@pytest.mark.clause("DLP-AGENT-14", "DLP-AGENT-07", "DLP-C10-06", "DLP-AGENT-08", "DLP-AGENT-09")
def test_no_agent_in_an_interlude_a_finale_or_a_quest_with_the_ardus_lieutenant() -> None:
    for kw in ({"kind": "interlude"}, {"kind": "finale"}, {"lieutenants": ["ardus"]}):
        st = summon_arena(**kw)
        assert "plot summon-ardus zombies" not in names(st.legal_actions("overlord"))
    st = summon_arena(kind="quest")
    assert "plot summon-ardus zombies" in names(st.legal_actions("overlord"))


@pytest.mark.clause("DLP-AGENT-02", "DLP-AGENT-16", "DLP-ARDUS-01", "DLP-ARDUS-02", "DLP-ARDUS-03", "DLP-ARDUS-04",
                    "DLP-ARDUS-05", "DLP-ARDUS-06", "DLP-ARDUS-07", "DLP-ARDUS-08")
def test_the_agent_card_of_the_current_act_by_hero_count() -> None:
    rows = {2: (13, ("black", "brown")), 3: (16, ("black", "gray")), 4: (19, ("black", "gray"))}
    for n, (hp, dfn) in rows.items():
        s = agent_stat("ardus", 2, n)
        assert (s.speed, s.health, s.defense) == (4, hp, dfn)
        assert s.dice == ("blue", "red", "red") and s.attack == "melee"
        assert s.abilities == {"flanking", "forceful-blow", "rally"}
        assert [(x.effect, x.value, x.cost) for x in s.surges] == [("pierce", 1, 1)]
    one = agent_stat("ardus", 1, 2)
    assert one.dice == ("blue", "red") and one.health == 12 and "unverified" in one.source
    st = summon_arena(heroes=("syndrael", "leoric", "avric"), act=2)
    act(st, "plot summon-ardus zombies", "give syndrael")
    assert st.health(fig(st, "ardus")) == 16


def agent_duel(script_first: bool = True) -> DescentState:
    groups = [group("zombie", "zombie", ["F3", "F4", "F5"], masters=1, minions=2, open=["goblin-archer"])]
    st = arena(groups, threat=2, act=2, faceup=["summon-ardus"])
    act(st, "plot summon-ardus zombies", "give leoric")
    act(st, "activate syndrael", "end", "end")
    put(st, "syndrael", "C1")
    put(st, "ardus", "C2")
    put(st, "zombie-2", "D1")
    return st


@pytest.mark.clause("DLP-ARDUS-09", "DLP-ARDUS-10", "DLP-ARDUS-11", "DLP-ARDUS-12")
def test_ardus_forceful_blow_and_flanking() -> None:
    st = agent_duel()
    st.rng.script = [6, 6]            # Syndrael's Might test: 3 + 4 shields > 4: fails
    act(st, "activate ardus", "attack syndrael", "pass")     # she keeps her fortune token
    atk = st.attack
    assert atk is not None and atk.extra_surges == 1
    assert names(st.legal_actions("overlord")) == ["flank zombie-2", "pass"]
    st.rng.script = [2, 1, 1, 1]      # blue: a surge, +1 from Forceful Blow; her gray die, rolled with them
    act(st, "flank zombie-2")
    assert {x[0] for x in atk.abilities} >= {"pierce1", "disease"}
    act(st, "pass")                   # she keeps her fortune for a defense reroll too
    assert "surge disease" in names(st.legal_actions("overlord"))


@pytest.mark.clause("DLP-ARDUS-13")
def test_ardus_rally_each_monster_within_three_spaces_discards_a_condition() -> None:
    st = agent_duel()
    z = fig(st, "zombie-2")
    st.figs[z].conds.append("stunned")
    touch(st)
    act(st, "activate ardus")
    assert "rally" in names(st.legal_actions("overlord"))
    act(st, "rally")
    assert st.figs[z].conds == []


def test_illegal_plot_actions_are_refused_and_leave_the_state_unchanged() -> None:
    st = summon_arena()
    doc = st.to_json()
    for bad in ("plot summon-ardus goblins", "plot retribution zombie-2", "threat syndrael"):
        with pytest.raises(IllegalAction):
            st.apply("overlord", bad)
    assert st.to_json() == doc


def test_menus_describe_the_lieutenant_pack_actions_in_words() -> None:
    """The terminal and web menus name the Plot card, the fortune use and the feat (not bare notation)."""
    from questbox.core import Action

    view: JSON = {"figures": {"goblin-m": {"name": "Goblin Archer master"}, "leoric": {"name": "Leoric"}}}
    says = {str(a): GAME.describe_action(view, Action.parse(a)) for a in (
        "plot strength-in-numbers", "plot retribution goblin-m", "fortune reroll 1", "fortune action",
        "give leoric", "masses test", "comrade no-surges", "feat goblin-m goblin-m", "threat leoric")}
    assert says["plot strength-in-numbers"] == "trigger the Plot card Strength in Numbers"
    assert says["plot retribution goblin-m"] == "trigger the Plot card Retribution on Goblin Archer master (goblin-m)"
    assert says["fortune reroll 1"] == "spend 1 fortune: reroll attack die #1"
    assert says["fortune action"].startswith("spend 2 fortune")
    assert "Leoric (leoric)" in says["give leoric"] and "Might" in says["masses test"]
    assert says["comrade no-surges"] == "Comrade: spend no surges"
    assert says["feat goblin-m goblin-m"].startswith("heroic feat on Goblin Archer master")
    assert "threat" in says["threat leoric"]
