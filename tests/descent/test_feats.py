"""Heroic feats (modules/feats.py): once per quest each, as ``feat`` actions in the hero's turn; the
attacks with several targets (one roll, each target its own defense); Retribution in play."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, IllegalAction
from questbox.games.descent import GAME
from questbox.games.descent.data import library
from questbox.games.descent.modules.feats import PLAYED
from questbox.games.descent.plot import cards_of
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, heuristic_game, names, new, put, quest

ALL = list(cards_of("first-legion"))


def arena(heroes: tuple[str, ...], groups: list[JSON] | None = None, **kw: Any) -> DescentState:
    """Heroes on A1, A2, ...; goblins (the master on B1, minions on B2, H6 and C3) in an open room."""
    q = quest(groups=groups or [group("goblin-archer", "goblin", ["B1", "B2", "H6", "C3"], masters=1, minions=3)])
    doc: JSON = {"quest": q, "heroes": list(heroes), "two_hero_rule": False}
    doc.update(kw)
    return new(doc)


def feats(st: DescentState) -> list[str]:
    return [a for a in names(st.legal_actions()) if a.startswith("feat")]


def test_the_data_says_which_feats_are_played() -> None:
    lib = library()
    from questbox.games.descent.data import DATA, HeroesFile, _read, _validate

    played = {h.id for h in _validate(HeroesFile, _read(DATA / "heroes.yaml"), "heroes.yaml").heroes if h.feat_played}
    assert played == set(PLAYED) == set(lib.heroes)


def test_feats_follow_hero_abilities_or_their_own_setup_key() -> None:
    q = quest()
    on = GAME.new({"quest": q, "heroes": ["leoric", "avric"]})
    off = GAME.new({"quest": q, "heroes": ["leoric", "avric"], "hero_abilities": False})
    only = GAME.new({"quest": q, "heroes": ["leoric", "avric"], "hero_abilities": False, "heroic_feats": True})
    none = GAME.new({"quest": q, "heroes": ["leoric", "avric"], "heroic_feats": False})
    assert isinstance(on, DescentState) and isinstance(off, DescentState)
    assert "feats" in on.mods and "feats" not in off.mods
    assert "feats" in only.to_json()["mods"] and "feats" not in none.to_json()["mods"]
    assert "heroic_feats" not in off.to_json()["setup"]      # setups without feats normalize as before


def test_leorics_feat_attacks_every_adjacent_monster_with_one_roll() -> None:
    st = arena(("leoric", "syndrael"))
    st.rng.script = [3, 3, 6, 1]         # blue, yellow (4 hearts); goblin-m, goblin-1 defend (gray)
    act(st, "activate leoric")
    assert feats(st) == ["feat"]
    events = act(st, "feat")
    texts = [e.text for e in events]
    assert sum(1 for t in texts if t.startswith("Attack roll")) == 1
    assert sum(1 for t in texts if "rolls defense" in t) == 2         # B1 and B2 are adjacent to A1
    assert st.figs[fig(st, "goblin-m")].damage == 1 and st.figs[fig(st, "goblin-1")].status == "defeated"
    assert st.figs[fig(st, "goblin-2")].damage == 0 and st.figs[fig(st, "goblin-3")].damage == 0
    turn = st.turn
    assert turn is not None and turn.actions == 1 and turn.attacks == 1 and not st.attacks
    assert feats(st) == [] and st.mods["feats"]["used"] == ["leoric"]


def test_an_x_misses_every_target_and_each_target_checks_the_range() -> None:
    st = arena(("tarha", "syndrael"), hero_abilities=False, heroic_feats=True)
    st.rng.script = [1, 3, 1]            # blue X; the first target's gray (rolled with the attack)
    act(st, "activate tarha", "feat goblin-m goblin-1")
    assert not any(st.figs[fig(st, g)].damage for g in ("goblin-m", "goblin-1"))
    st2 = arena(("tarha", "syndrael"), hero_abilities=False, heroic_feats=True,
                groups=[group("goblin-archer", "goblin", ["B1", "H6"], masters=1, minions=1)])
    st2.rng.script = [3, 3, 1, 1]         # range 3, 4 hearts; goblin-1 (H6) is 7 away, goblin-m (B1) adjacent
    #                                       (each target rolls its defense before its range is checked)
    events = act(st2, "activate tarha", "feat goblin-m goblin-1")
    assert any("range 3 is short of 7" in e.text for e in events)
    assert st2.figs[fig(st2, "goblin-m")].status == "defeated" and st2.figs[fig(st2, "goblin-1")].damage == 0


def test_tarhas_feat_needs_two_different_targets_and_is_once_per_quest() -> None:
    st = arena(("tarha", "syndrael"), groups=[group("goblin-archer", "goblin", ["B1", "B2"], masters=1, minions=1)])
    act(st, "activate tarha")
    assert feats(st) == ["feat goblin-m goblin-1"]
    with pytest.raises(IllegalAction):
        st.apply(None, "feat goblin-1 goblin-1")
    st.rng.script = [1, 3, 1]
    act(st, "feat goblin-m goblin-1", "pass")          # an X; Tarha's reroll declined
    assert feats(st) == []
    act(st, "end", "end", "end")                       # round 2
    act(st, "activate tarha")
    assert feats(st) == [] and "attack goblin-m" in names(st.legal_actions())


def test_avrics_feat_heals_every_hero_within_3_spaces() -> None:
    st = arena(("avric", "syndrael", "leoric"))
    for h, dmg in (("avric", 2), ("syndrael", 5), ("leoric", 3)):
        st.figs[fig(st, h)].damage = dmg
    put(st, "leoric", "F5")
    st.rng.script = [5, 2]                 # red 5 (3 hearts) + red 2 (2 hearts)
    act(st, "activate avric", "feat")
    assert [st.figs[fig(st, h)].damage for h in ("avric", "syndrael", "leoric")] == [0, 0, 3]
    turn = st.turn
    assert turn is not None and turn.actions == 1 and feats(st) == []


def test_ashrians_feat_stuns_a_whole_group_with_a_monster_within_3_spaces() -> None:
    st = arena(("ashrian", "syndrael"),
               groups=[group("goblin-archer", "goblin", ["C1", "H6"], masters=1, minions=1),
                       group("zombie", "zombie", ["H5"], minions=1)])
    act(st, "activate ashrian")
    assert feats(st) == ["feat goblins"]               # the zombie is too far
    act(st, "feat goblins")
    assert all("stunned" in st.figs[fig(st, g)].conds for g in ("goblin-m", "goblin-1"))
    assert "stunned" not in st.figs[fig(st, "zombie-1")].conds


def test_syndraels_feat_moves_her_companion_then_gives_her_movement() -> None:
    st = arena(("syndrael", "avric", "leoric"))
    act(st, "activate syndrael")
    assert feats(st) == ["feat", "feat avric", "feat leoric"]
    act(st, "feat avric")
    d = st.pending[-1]
    assert d.kind == "mod:feats:move" and d.seat == "heroes"
    legal = names(st.legal_actions())
    assert "move E2" in legal and "move F2" not in legal and legal[-1] == "end"   # Syndrael's Speed 4
    act(st, "move D2")                                   # 3 of her 4 movement points
    assert st.figs[fig(st, "avric")].pos == st.board.index["D2"]
    assert st.pending[-1].kind == "mod:feats:move" and st.turns[-1].mp == 1
    act(st, "end")
    turn = st.turn
    assert turn is not None and turn.fig == fig(st, "syndrael") and turn.mp == 4 and turn.actions == 1
    assert not st.figs[fig(st, "avric")].activated


def test_grisbans_feat_is_an_extra_attack_and_jains_a_double_move_then_an_attack() -> None:
    st = arena(("grisban", "jain"))
    act(st, "activate grisban", "rest", "move")
    st.rng.script = [3, 3, 1]
    act(st, "feat goblin-m")                           # no action left: the feat needs none
    assert st.figs[fig(st, "goblin-m")].status == "defeated" and feats(st) == []
    act(st, "end")
    assert st.turn is not None and st.turn.fig == fig(st, "jain")
    act(st, "rest", "move")                            # 5 movement points, no action left
    assert feats(st) == ["feat"]
    act(st, "feat")
    turn = st.turn
    assert turn is not None and turn.mp == 5 + 10 and "feat-attack" in turn.flags
    act(st, "move G5")
    assert "feat goblin-2" in feats(st)
    st.rng.script = [3, 3, 1]
    act(st, "feat goblin-2")
    assert st.figs[fig(st, "goblin-2")].status == "defeated" and feats(st) == []


def _retribution_arena(minions: list[str]) -> DescentState:
    q = quest(groups=[group("goblin-archer", "goblin", ["H6", *minions], masters=1, minions=len(minions))],
              start=("B1", "A6", "A5", "A4"))
    camp = {"plot_deck": "first-legion", "threat": 3, "faceup": ["strength-in-numbers", "retribution"],
            "facedown": [c for c in ALL if c not in ("strength-in-numbers", "retribution")]}
    return new({"quest": q, "heroes": ["leoric", "syndrael"], "two_hero_rule": False, "campaign": camp})


def test_retribution_needs_two_small_monsters_defeated_by_the_same_attack() -> None:
    st = _retribution_arena(["A2", "C2"])
    st.rng.script = [3, 3, 1, 6]              # goblin-1 falls, goblin-2 (3 shields) survives
    act(st, "activate leoric", "feat")
    assert st.pending[-1].kind == "hero-turn"             # no Retribution
    st = _retribution_arena(["A2", "C2"])
    st.rng.script = [3, 3, 1, 1]
    act(st, "activate leoric", "feat")
    assert names(st.legal_actions("overlord")) == ["plot retribution goblin-m", "pass"]


def test_bots_use_the_feats_and_games_with_them_end() -> None:
    used: set[str] = set()
    for seed in range(12):
        heroes = ["tarha", "leoric", "avric", "ashrian"] if seed % 2 else ["grisban", "jain", "syndrael", "leoric"]
        st = heuristic_game(heroes, seed)
        used.update(st.mods["feats"]["used"])
    assert {"tarha", "ashrian", "grisban"} <= used      # Leoric (ranged) seldom has two monsters next to him


def test_random_play_with_every_feat_round_trips() -> None:
    for seed in range(6):
        st = GAME.new({"heroes": ["syndrael", "tarha", "jain", "ashrian"], "seats": "per-hero"}, seed=seed)
        assert isinstance(st, DescentState)
        bots = {s: RandomAgent(seed=seed + i) for i, s in enumerate(st.seats)}
        while not st.is_over():
            seat = st.to_move()[0]
            if st.pending[-1].kind.startswith("mod:feats") or (st.turns and st.turns[-1].flags):
                doc = st.to_json()
                assert GAME.from_json(doc).to_json() == doc and st.clone().to_json() == doc
            st.apply(seat, bots[seat].act(st, seat))
