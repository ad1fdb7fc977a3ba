"""The Sunken Ossuary (a quest of our own design) and the quest rules every quest file may use:
counters, victory conditions, reinforcements, open groups; quest and setup validation."""

from __future__ import annotations

import copy

import pytest

from questbox.core import SetupError
from questbox.games.descent import GAME
from questbox.games.descent.data import read_quest
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, by_hand, fig, group, new, quest, setup


def ossuary(heroes: int = 4, **kw: object) -> DescentState:
    names = ["syndrael", "avric", "leoric", "tomble"][:heroes]
    st = GAME.new({"heroes": names, **kw}, seed=1)
    assert isinstance(st, DescentState)
    return st


@pytest.mark.parametrize(("n", "zombies", "goblins", "warden"), [(2, 2, 2, 12), (3, 2, 3, 10), (4, 3, 3, 14)])
def test_the_ossuary_scales_with_the_number_of_heroes(n: int, zombies: int, goblins: int, warden: int) -> None:
    st = ossuary(n)
    groups = [g.id for g in st.enc.groups]
    count = {g: sum(1 for f in st.figs if f.side == "monster" and groups[f.group] == g) for g in groups}
    assert count == {"zombies": zombies, "goblins": goblins, "warden": 1}
    w = fig(st, "warden-m")
    assert st.health(w) == warden and st.size(w) == "huge" and st.stat(w).name == "The Bone Warden"
    assert st.to_json()["doors"] == {"door": False}
    assert sorted(st.to_json()["tokens"]) == ["B7", "K3", "S8"]
    assert len(st.deck) == 12 and st.counters == {"doom": 0}


def test_doom_rises_each_round_and_with_each_knocked_out_hero() -> None:
    st = ossuary(2)
    act(st, "activate syndrael", "end", "end")
    while st.to_move() == ("overlord",):
        act(st, "end")
    assert st.counters["doom"] == 1 and st.round == 2
    by_hand(st, st.suffer, fig(st, "syndrael"), 99)
    assert st.counters["doom"] == 2


def test_the_overlord_wins_when_doom_reaches_nine() -> None:
    st = ossuary(2)
    st.counters["doom"] = 8
    act(st, "activate syndrael", "end", "end", "end")
    assert st.is_over() and st.outcome() is not None
    out = st.outcome()
    assert out is not None and out.winners == ("overlord",) and "Doom 9" in out.reason


def test_the_heroes_win_when_the_bone_warden_falls() -> None:
    st = ossuary(2)
    by_hand(st, st.suffer, fig(st, "warden-m"), 99, by=fig(st, "syndrael"))
    out = st.outcome()
    assert out is not None and out.winners == ("heroes",) and "Bone Warden" in out.reason
    assert st.legal_actions("heroes") == [] and st.to_move() == ()


def test_goblins_reinforce_at_the_start_of_the_overlords_turn_master_first() -> None:
    st = ossuary(4)
    for gid in ("goblin-1", "goblin-m"):
        by_hand(st, st.defeat, fig(st, gid))
    st.counters["doom"] = 0
    for h in ("syndrael", "avric", "leoric", "tomble"):
        act(st, f"activate {h}", "end") if st.pending[-1].kind == "next-hero" else act(st, "end")
    assert st.figs[fig(st, "goblin-m")].status == "active"            # 1 a turn, the master first
    assert st.board.names[st.figs[fig(st, "goblin-m")].pos] == "H1"
    assert st.figs[fig(st, "goblin-1")].status == "defeated"


def test_the_overlord_chooses_the_monsters_of_the_open_group() -> None:
    st = ossuary(2, open_groups={"zombies": "cave-spider"})
    assert st.stat(fig(st, "zombie-m")).monster == "cave-spider"
    with pytest.raises(SetupError, match="open"):
        ossuary(2, open_groups={"goblins": "zombie"})


def test_all_heroes_knocked_out_can_be_a_goal() -> None:
    q = quest(victory=[{"side": "heroes", "when": "defeated", "group": "goblins", "reason": "won"},
                       {"side": "overlord", "when": "all-heroes-knocked-out", "reason": "all down"}])
    st = new(setup(q))
    by_hand(st, st.suffer, fig(st, "syndrael"), 99)
    assert not st.is_over()
    by_hand(st, st.suffer, fig(st, "leoric"), 99)
    assert st.result == ("overlord", "all down")


def test_a_quest_file_is_validated_with_clear_errors() -> None:
    good = quest()
    bad = copy.deepcopy(good)
    bad["groups"][0]["monster"] = "dragonling"
    with pytest.raises(SetupError, match="unknown monster 'dragonling'"):
        GAME.new(setup(bad))
    bad = copy.deepcopy(good)
    bad["groups"][0]["place"] = ["Z9"]
    with pytest.raises(SetupError, match="'Z9' is not a space"):
        GAME.new(setup(bad))
    bad = copy.deepcopy(good)
    bad["victory"] = [*bad["victory"][:1], {"side": "heroes", "when": "round", "round": 3, "reason": "x"}]
    with pytest.raises(SetupError, match="each side"):
        GAME.new(setup(bad))
    bad = copy.deepcopy(good)
    bad["groups"][0]["group"] = {2: [1, 3], 3: [1, 3], 4: [1, 3]}
    with pytest.raises(SetupError, match="placements"):
        GAME.new(setup(bad))
    bad = copy.deepcopy(good)
    del bad["source"]
    with pytest.raises(SetupError, match="source"):
        GAME.new(setup(bad))
    bad = copy.deepcopy(good)
    bad["source"] = "from a blog"
    with pytest.raises(SetupError, match="printed"):
        GAME.new(setup(bad))
    spiders = quest(groups=[group("cave-spider", "spider", ["F3", "F4"], masters=1, minions=1)])
    GAME.new(setup(spiders))          # Web is played: every base monster loads (issue #17)
    assert read_quest("sunken-ossuary").source.startswith("ours")


def test_the_setup_document_is_validated() -> None:
    with pytest.raises(SetupError, match="colour: Extra inputs are not permitted"):
        GAME.new({"colour": "red"})
    with pytest.raises(SetupError, match="no hero 'conan'"):
        GAME.new({"heroes": ["conan", "avric"]})
    with pytest.raises(SetupError, match="warrior"):
        GAME.new({"heroes": ["syndrael:thief", "avric"]})
    with pytest.raises(SetupError, match="heroes: List should have at least 2 items"):
        GAME.new({"heroes": ["syndrael"]})
    with pytest.raises(SetupError, match="no quest"):
        GAME.new({"quest": "first-blood"})
    assert GAME.seat_names({"seats": "per-hero", "heroes": ["jain", "grisban", "ashrian"]}) == \
        ("hero1", "hero2", "hero3", "overlord")
    assert GAME.setup_for_seats(3) == {"seats": "per-hero", "heroes": ["syndrael", "avric"]}
