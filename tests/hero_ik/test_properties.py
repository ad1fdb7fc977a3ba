"""Deep invariants over games played by mixed bots (the generic suite's random games end early)."""

from __future__ import annotations

import json

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import JSON, Rng
from questbox.games.hero_ik import GAME, HikState
from questbox.games.hero_ik.bots import HeuristicAgent

PARTIES = [["hero", "nova", "force", "epee", "priere"], ["hero", "nova", "kargan", "sylene", "force"],
           ["kargan", "soins", "amulette", "traque", "cotte"], ["sylene", "nova", "elixir", "rage", "grimoire"]]


def _setups() -> list[JSON]:
    out: list[JSON] = []
    for k, party in enumerate(PARTIES):
        out.append({"mode": "duel", "party": party})
        out.append({"mode": "solitaire", "scenario": ["easy", "medium", "hard"][k % 3], "party": party})
    return out


def _check(s: HikState, k: int) -> None:
    for seat in s.seats:
        view = s.view(seat)
        json.dumps(view)
        legal = s.legal_actions(seat)
        for j in range(2):
            d = s.determinize(seat, Rng(k * 7 + j))
            assert d.view(seat) == view, f"{seat}: view depends on hidden facts ({s.pending[-1].kind})"
            assert d.legal_actions(seat) == legal
            assert d.to_move() == s.to_move()
            assert d.view(None) == s.view(None)
    doc = s.to_json()
    assert GAME.from_json(doc).to_json() == doc
    assert s.clone().to_json() == doc


@pytest.mark.parametrize("setup", _setups(), ids=lambda d: f"{d['mode']}-{'-'.join(d['party'][:2])}")
def test_mixed_bot_games_keep_every_invariant(setup: JSON) -> None:
    kinds: set[str] = set()
    for seed in range(6):
        s = GAME.new(setup, seed=seed)
        smart = {x: HeuristicAgent(seed=seed + i) for i, x in enumerate(s.seats)}
        dumb = {x: RandomAgent(seed=seed + 9 + i) for i, x in enumerate(s.seats)}
        pick = Rng(seed)
        k = 0
        while not s.is_over():
            movers = s.to_move()
            assert movers and all(s.legal_actions(m) for m in movers)
            seat = movers[pick.below(len(movers))]
            kinds.add(s.pending[-1].kind)
            if k % 4 == 0:
                _check(s, k)
            agents = smart if pick.below(10) < 8 else dumb
            s.apply(seat, agents[seat].act(s, seat))
            k += 1
            assert k < 5000
        assert s.outcome() is not None
    assert {"attack", "postroll"} <= kinds
