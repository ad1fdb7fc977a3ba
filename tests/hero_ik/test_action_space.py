"""The fixed action space (``HeroIK.action_space``): stable, without duplicates, and complete.

Completeness is checked against every legal action of every seat along many playouts (random ones,
and games where the heuristic plays most moves so that late-game actions — quests, ultimates,
payments, the final monster — occur), in the duel and in the three solitaire scenarios, and in the
worlds that ``determinize`` makes for each seat (the searches of the RL libraries ask them too).
"""

from __future__ import annotations

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Action, Rng
from questbox.games.hero_ik import GAME, HikState
from questbox.games.hero_ik.bots import HeuristicAgent

SCENARIOS = ["easy", "medium", "hard"]
BASIC: list[JSON] = [{"mode": "duel"}, *({"mode": "solitaire", "scenario": s} for s in SCENARIOS)]
PARTIES = [["hero", "nova", "force", "epee", "priere"], ["hero", "nova", "kargan", "sylene", "force"],
           ["kargan", "soins", "amulette", "traque", "cotte"], ["sylene", "nova", "elixir", "rage", "grimoire"]]
MORE: list[JSON] = [
    {"mode": "duel", "party": PARTIES[1], "options": {"tenacity_on_final": True}},
    {"mode": "duel", "party": PARTIES[2], "start": {"trophies": ["gobelin", "fleches"]}},
    {"mode": "solitaire", "scenario": "hard", "party": PARTIES[3], "options": {"tenacity_on_final": True}},
    {"mode": "solitaire", "scenario": "medium", "party": PARTIES[2], "start": {"trophies": ["gobelin"]}},
]


def _name(doc: JSON) -> str:
    return "-".join(w for w in [doc["mode"], doc.get("scenario", ""), *doc.get("party", [])[:2]] if w)


def _walk(setup: JSON, seeds: range, smart_share: int) -> set[Action]:
    """Play games (the heuristic plays ``smart_share`` in 10 moves, random the others) and check that
    every legal action of every seat, in the real state and in determinized worlds, is in the space."""
    space = GAME.action_space(setup)
    assert space is not None
    index = set(space)
    seen: set[Action] = set()
    for seed in seeds:
        s = GAME.new(setup, seed=seed)
        smart = {x: HeuristicAgent(seed=seed + i) for i, x in enumerate(s.seats)}
        dumb = {x: RandomAgent(seed=seed + 9 + i) for i, x in enumerate(s.seats)}
        pick = Rng(seed + 1000)
        k = 0
        while not s.is_over():
            for seat in s.seats:
                legal = s.legal_actions(seat)
                missing = [str(a) for a in legal if a not in index]
                assert not missing, f"seed {seed}, {seat}, {s.pending[-1].kind}: {missing} not in the space"
                seen.update(legal)
                if k % 5 == 0:
                    d: HikState = s.determinize(seat, Rng(seed * 1009 + k))
                    for other in d.seats:
                        extra = [str(a) for a in d.legal_actions(other) if a not in index]
                        assert not extra, f"seed {seed}, a world of {seat}, {other}: {extra} not in the space"
            movers = s.to_move()
            seat = movers[pick.below(len(movers))]
            agents = smart if pick.below(10) < smart_share else dumb
            s.apply(seat, agents[seat].act(s, seat))
            k += 1
    return seen


@pytest.mark.parametrize("setup", BASIC + MORE, ids=_name)
def test_space_is_stable_and_has_no_duplicates(setup: JSON) -> None:
    space = GAME.action_space(setup)
    assert space is not None and space
    assert len(space) == len(set(space))
    assert GAME.action_space(dict(setup)) == space
    assert GAME.action_space(GAME.new(setup, seed=3).to_json()["setup"]) == space  # the canonical setup
    for a in space:
        assert GAME.parse_action(str(a)) == a, f"{a} does not round-trip through the notation"


def test_space_sizes_and_default_setups() -> None:
    sizes = {_name(doc): len(GAME.action_space(doc) or []) for doc in BASIC}
    assert sizes == {"duel": 93, "solitaire-easy": 77, "solitaire-medium": 79, "solitaire-hard": 79}
    assert GAME.action_space(None) == GAME.action_space({"mode": "duel"})
    assert GAME.action_space(GAME.setup_for_seats(2)) == GAME.action_space({"mode": "duel"})
    assert GAME.action_space(GAME.setup_for_seats(1)) == GAME.action_space({"mode": "solitaire", "scenario": "easy"})
    duel = GAME.action_space(None) or []
    solo = GAME.action_space({"players": 1}) or []
    # the dungeon master's actions exist only in the duel; lose-mana only where a Destiny line asks it
    assert {"keep", "swap", "rps", "dire", "pass", "guard", "place"} <= {a.name for a in duel}
    assert not {"keep", "swap", "rps", "dire", "pass", "guard", "place", "lose-mana"} & {a.name for a in solo}
    assert Action("lose-mana", ("hero",)) in (GAME.action_space({"players": 1, "scenario": "hard"}) or [])
    # one pay action per card instance, starting trophies included
    with_trophies = GAME.action_space(MORE[1]) or []
    assert [a.args[0] for a in with_trophies if a.name == "pay"] == list(range(50))
    assert Action("guard", ("final",)) in (GAME.action_space(MORE[0]) or [])
    assert Action("guard", ("final",)) not in duel
    assert GAME.perfect_information is False


@pytest.mark.parametrize("setup", BASIC, ids=_name)
def test_random_playouts_stay_in_the_space(setup: JSON) -> None:
    _walk(setup, range(60), smart_share=0)


@pytest.mark.parametrize("setup", BASIC + MORE, ids=_name)
def test_deep_playouts_stay_in_the_space(setup: JSON) -> None:
    seen = _walk(setup, range(12), smart_share=8)
    names = {a.name for a in seen}
    assert {"done", "attack", "roll", "resolve", "pay", "mana"} <= names
