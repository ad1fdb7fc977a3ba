"""Descent's fixed action space (``DescentGame.action_space``): its sizes and contents, deep
playouts and the encoding.

The generic suite (``tests/generic/test_action_space.py``) checks every setup below for shape and
walks every seat layout (2 to 5 seats) at random (``WALKS``); here, with the same walk, games where
the heuristic plays most moves on setups that bring in the other heroes, classes and open groups
(Rage, Greedy, Runic Knowledge, Tarha's reroll, Jain's endure, cave spiders) reach the door, the
search tokens, the Bone Warden's throw, Search cards and revived heroes.
"""

from __future__ import annotations

import pytest

from questbox.core import JSON, Action, Rng
from questbox.games.descent import GAME
from tests.descent.helpers import group, quest
from tests.generic.spaces import Walk, walk

LAYOUTS: list[JSON] = [GAME.setup_for_seats(n) for n in (2, 3, 4, 5)]
OTHERS: list[JSON] = [
    {"heroes": ["grisban:berserker", "jain:thief"], "open_groups": {"zombies": "cave-spider"}},
    {"heroes": ["tarha:runemaster", "ashrian:disciple", "jain:thief"], "seats": "per-hero"},
    {"heroes": ["grisban", "tarha", "ashrian", "jain"], "open_groups": {"zombies": "goblin-archer"}, "act": 2},
    {"heroes": ["syndrael", "tarha"], "two_hero_rule": False, "hero_abilities": False, "seats": "per-hero"},
]
SIZES = {2: 516, 3: 480, 4: 492, 5: 512}   # heroic feats: feat, feat <hero> (Syndrael); the Fire Flask's Blast;
#                                           place <footprint>: 58; blast <square> (the Flask on a large monster): 97
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


#: the generic suite's walks (tests/generic/test_action_space.py): every setup's space is checked for
#: shape, the seat layouts along 20 random playouts of at most 1,500 moves
WALKS = [*(Walk(doc, range(20), max_steps=1500, name=_name(doc)) for doc in LAYOUTS),
         *(Walk(doc, range(0), name=_name(doc)) for doc in OTHERS + ARENAS)]


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


@pytest.mark.parametrize("setup", LAYOUTS + OTHERS, ids=_name)
def test_deep_playouts_stay_in_the_space(setup: JSON) -> None:
    seen = walk(GAME, setup, range(12), smart_share=8, max_steps=4000)
    names = {a.name for a in seen}
    assert {"move", "attack", "surge", "activate", "end", "done"} <= names


def test_the_overlord_decks_actions_stay_in_the_space() -> None:
    # with the Overlord deck on, the space holds its card actions (and plays stay inside it)
    setup: JSON = {**GAME.setup_for_seats(2), "modules": ["overlord"]}
    space = set(GAME.action_space(setup) or [])
    assert {Action.parse("card dark-might"), Action.parse("card dark-fortune 0"),
            Action.parse("surge critical-blow")} <= space
    assert Action.parse("card dark-might") not in set(GAME.action_space(GAME.setup_for_seats(2)) or [])
    seen = walk(GAME, setup, range(8), smart_share=4, max_steps=3000)
    assert "card" in {a.name for a in seen}


@pytest.mark.parametrize("setup", ARENAS, ids=_name)
def test_large_figures_of_both_shapes_stay_in_the_space(setup: JSON) -> None:
    seen = walk(GAME, setup, range(36), smart_share=6, max_steps=4000)    # Throw's placement: seed 34 (2 heroes)
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
