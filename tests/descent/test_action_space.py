"""The fixed action space (``DescentGame.action_space``): stable, without duplicates, and complete.

Completeness is checked against every legal action along playouts of every seat layout (2 to 5
seats) and of setups that bring in the other heroes, classes and open groups (Rage, Greedy, Runic
Knowledge, Tarha's reroll, Jain's endure, cave spiders): random ones, and games where the
heuristic plays most moves so that the door opens, tokens are searched, the Bone Warden throws,
Search cards are used and heroes are revived.
"""

from __future__ import annotations

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Action, Rng
from questbox.games.descent import GAME
from questbox.games.descent.bots import HeuristicAgent
from tests.descent.helpers import group, quest

LAYOUTS: list[JSON] = [GAME.setup_for_seats(n) for n in (2, 3, 4, 5)]
OTHERS: list[JSON] = [
    {"heroes": ["grisban:berserker", "jain:thief"], "open_groups": {"zombies": "cave-spider"}},
    {"heroes": ["tarha:runemaster", "ashrian:disciple", "jain:thief"], "seats": "per-hero"},
    {"heroes": ["grisban", "tarha", "ashrian", "jain"], "open_groups": {"zombies": "goblin-archer"}, "act": 2},
    {"heroes": ["syndrael", "tarha"], "two_hero_rule": False, "hero_abilities": False, "seats": "per-hero"},
]
SIZES = {2: 360, 3: 324, 4: 336, 5: 356}   # heroic feats: feat, feat <hero> (Syndrael)
#: medium (1x2, both orientations) and huge figures, two large groups, a gate, water, rubble
ARENA = quest(["AAAAAAAA.BBBBBB", "AAAAAAAA.BBBBBB", "AAAAAAAABBBBBBB", "AAAAAAAABBBBBBB", "AAAAAAAA.BBBBBB",
               "AAAAAAAA.BBBBBB"],
              [group("barghest", "hound", ["E1:E2", "F1:F2", "G5:H5"], minions=3),
               group("ettin", "ettin", ["L3:M4", "K1:L2"], masters=1, minions=1, gid="ettins")],
              doors=({"id": "gate", "name": "Gate", "edges": ["H3|I3", "H4|I4"], "open": False},),
              search=("C6", "N6"), terrain={"water": ["D3", "D4"], "obstacle": ["B5"]},
              victory=[{"side": "heroes", "when": "defeated", "group": "ettins", "reason": "the ettins fall"},
                       {"side": "overlord", "when": "round", "round": 12, "reason": "time is up"}])
ARENAS: list[JSON] = [{"quest": ARENA, "heroes": ["grisban:berserker", "jain:thief", "tarha", "ashrian"]},
                      {"quest": ARENA, "heroes": ["syndrael", "avric"], "seats": "per-hero"}]


def _name(doc: JSON) -> str:
    heroes = doc.get("heroes", ["default"])
    where = "arena-" if "quest" in doc else ""
    return f"{where}{doc.get('seats', 'party')}-" + "-".join(h.split(":")[0] for h in heroes)


def _walk(setup: JSON, seeds: range, smart_share: int, max_steps: int = 4000) -> set[Action]:
    """Play games (the heuristic plays ``smart_share`` in 10 moves, random the others) and check that
    every legal action of the seat to move is in the space."""
    space = GAME.action_space(setup)
    assert space is not None
    index = set(space)
    seen: set[Action] = set()
    for seed in seeds:
        s = GAME.new(setup, seed=seed)
        smart = {x: HeuristicAgent(seed=seed + i) for i, x in enumerate(s.seats)}
        dumb = {x: RandomAgent(seed=seed + 9 + i) for i, x in enumerate(s.seats)}
        pick = Rng(seed + 1000)
        steps = 0
        while not s.is_over() and steps < max_steps:
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            missing = [str(a) for a in legal if a not in index]
            assert not missing, f"seed {seed}, {seat}, {s.pending[-1].kind}: {missing} not in the space"
            seen.update(legal)
            agents = smart if pick.below(10) < smart_share else dumb
            s.apply(seat, agents[seat].act(s, seat))
            steps += 1
    return seen


@pytest.mark.parametrize("setup", LAYOUTS + OTHERS + ARENAS, ids=_name)
def test_space_is_stable_and_has_no_duplicates(setup: JSON) -> None:
    space = GAME.action_space(setup)
    assert space is not None and space
    assert len(space) == len(set(space))
    assert GAME.action_space(dict(setup)) == space
    assert GAME.action_space(GAME.new(setup, seed=3).to_json()["setup"]) == space  # the normalized setup
    for a in space:
        assert GAME.parse_action(str(a)) == a, f"{a} does not round-trip through the notation"


def test_space_sizes_and_contents() -> None:
    sizes = {n: len(GAME.action_space(GAME.setup_for_seats(n)) or []) for n in SIZES}
    assert sizes == SIZES
    assert GAME.action_space(None) == GAME.action_space(GAME.setup_for_seats(2))
    party = set(GAME.action_space(None) or [])
    per_hero = set(GAME.action_space(GAME.setup_for_seats(5)) or [])
    # the party seat chooses the next hero; per-hero seats never do
    assert Action("activate", ("tomble",)) in party and Action("activate", ("tomble",)) not in per_hero
    assert party - per_hero == {Action("activate", (h,)) for h in ("syndrael", "avric", "leoric", "tomble")}
    # the Bone Warden's footprints (its start included), every figure, the door, the tokens
    for text in ("move Q5:R6", "move L5:M6", "place S8", "throw tomble", "grab avric", "activate zombie-2",
                 "activate goblin-m", "attack warden-m", "open door", "close door", "search K3", "greedy S8",
                 "surge runic", "surge recover-heart1", "use curse-doll leoric stunned", "reroll 1"):
        assert Action.parse(text) in party, text
    assert {Action("feat"), Action("feat", ("tomble",))} <= party      # Syndrael's feat and its companion
    assert Action.parse("move O4") not in party        # rubble: no figure ever stands there
    assert Action.parse("move A1") not in party        # void
    # two heroes: the two-hero rule; Jain's endure; fewer monsters
    two = set(GAME.action_space(OTHERS[0]) or [])
    assert {Action("bonus-recover"), Action("bonus-attack", ("warden-m",)), Action("endure", (5,))} <= two
    assert Action("activate", ("zombie-2",)) not in two
    assert GAME.action_space({"dice_tray": {"dice": ["red"], "rolls": 10}}) == [Action("roll")]
    assert GAME.perfect_information is True


@pytest.mark.parametrize("setup", LAYOUTS, ids=_name)
def test_random_playouts_stay_in_the_space(setup: JSON) -> None:
    _walk(setup, range(20), smart_share=0, max_steps=1500)


@pytest.mark.parametrize("setup", LAYOUTS + OTHERS, ids=_name)
def test_deep_playouts_stay_in_the_space(setup: JSON) -> None:
    seen = _walk(setup, range(12), smart_share=8)
    names = {a.name for a in seen}
    assert {"move", "attack", "surge", "activate", "end", "done"} <= names


@pytest.mark.parametrize("setup", ARENAS, ids=_name)
def test_large_figures_of_both_shapes_stay_in_the_space(setup: JSON) -> None:
    seen = _walk(setup, range(14), smart_share=6)
    large = {str(a.args[0]) for a in seen if a.name == "move" and a.args and ":" in str(a.args[0])}
    assert any(x[0] == x[3] for x in large) and any(x[1] == x[4] for x in large)   # 1x2 standing and lying
    assert {"howl", "throw", "place", "open"} <= {a.name for a in seen}
    if "tarha" in str(setup["heroes"]):      # heroic feats: Tarha's pairs, Ashrian's groups, Grisban's and Jain's
        assert {"feat hound-1 hound-2", "feat hounds", "feat ettin-m"} <= {str(a) for a in seen}


@pytest.mark.parametrize("setup", LAYOUTS, ids=_name)
def test_encoding_has_a_fixed_length_and_is_egocentric(setup: JSON) -> None:
    s = GAME.new(setup, seed=5)
    pick = Rng(5)
    lengths: set[int] = set()
    for _ in range(300):
        if s.is_over():
            break
        for seat in (*s.seats, None):
            vec = GAME.encode(s.view(seat), seat)
            assert vec is not None and all(isinstance(x, float) for x in vec)
            lengths.add(len(vec))
        legal = s.legal_actions()
        s.apply(None, legal[pick.below(len(legal))])
    assert len(lengths) == 1
    heroes, overlord = (GAME.encode(s.view(x), x) for x in (s.seats[0], "overlord"))
    assert heroes != overlord                     # "mine" marks other figures
    assert GAME.encode({"mode": "tray"}, "heroes") is None
