"""Behaviour fingerprint: random playouts of every seat mode hash to stored values, so a speed-up
of the engine (caches, cheaper legal-action generation, lighter task loop, cheaper clones) cannot
change a rule, an action list, the narration or the final state unnoticed.

For seeds 0..199 of each seat mode the game is played the generic suite's way (seed the game,
pick ``legal[rng.below(len(legal))]`` with a questbox :class:`Rng` of the same seed) and every
decision's seat and full legal-action list, every event (kind, text, data) and the final
``to_json`` go into one sha256.

The heuristic bots (compiled with the engine) are fingerprinted too: ``BOT_SEEDS`` games per
seat mode with the heuristic in every seat, and ``CAMPAIGN_BOT_SEEDS`` campaigns of the plot bot
(each chosen action and the evaluator's value after it).

``descent-campaign`` is fingerprinted the same way with fewer seeds (``CAMPAIGN_SEEDS``; a whole
campaign is four quests plus the Campaign phase between them), so the wrapper, the campaign log
and the First Legion plot deck are covered too.

A deliberate rule change (new actions, new events, a new default) changes these hashes. Then
regenerate them and paste the printed dict over ``EXPECTED``:

    .venv/bin/python tests/descent/test_fingerprint.py

Regression fingerprint of the whole encounter engine (no single clause): DLP-* rules as played by
the engine at the commit that stored the hashes.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from questbox.core import Game, Rng
from questbox.games.descent import GAME
from questbox.games.descent.campaign_game import GAME as CAMPAIGN

SEEDS = 200
CAMPAIGN_SEEDS = 40
BOT_SEEDS = 40
CAMPAIGN_BOT_SEEDS = 10

EXPECTED: dict[int, str] = {
    2: "d7e08a73393b9a9a6d5853eb0b4e485163a3cd144954d7be7d4febd7a1d9541c",
    3: "f4bddfb748f1495c182ba7c0ba862119a7f8493539242449443c3b5674f321cf",
    4: "82d5b137b53d239ce50557cb85027208745b621cf8d9ebc94c030de8161f0370",
    5: "47bf316b835b510ad56bb3267f4738215c071bfdda516e24ff2d41aad380dab7",
}

CAMPAIGN_EXPECTED: dict[int, str] = {
    2: "72fe4071b28dbf514c1f2f83fa64f269d6b3a2906f75c1f4f651c8711051e7c8",
    3: "2c1e397d65ed13a28439b67b938735e5b8b29192e9516d7fa57bcf3468454404",
    4: "3a56daf9594ed69d9a35d04eed2ee3260f5d00f7bed79e64a971c48117d2808c",
    5: "d967a151ac4f32380295c1f3f61dbdcc825385734f39cd1afd1bbc60afae61bb",
}

BOT_EXPECTED: dict[int, str] = {
    2: "99ef409482dae9ccede07935a367522de4ec3486873231db0e6a412c14917366",
    3: "58a05a6e65d8ace141d012cfb960876a154985cd57baf152c03ba58dec408669",
    4: "3aa134655a00605c2e0e28cb0be9924699df7239f82afe59c0cba05ce32e6e7b",
    5: "e9ade48171daf3b1a1d4e60541928913068ecfc4de144276890290903d34bb11",
}

CAMPAIGN_BOT_EXPECTED = "aa3456a17b7d956cb6dc918d3fde0dcd89c22ddc2b15962b6bd2e8a43e2ff648"


def fingerprint(n: int, seeds: int = SEEDS, game: Game = GAME) -> str:
    """The sha256 of ``seeds`` random playouts of ``game`` with ``n`` seats."""
    h = hashlib.sha256()
    setup = game.setup_for_seats(n)
    for seed in range(seeds):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            h.update(f"{seat}|{'|'.join(map(str, legal))}\n".encode())
            events = state.apply(seat, legal[pick.below(len(legal))])
            for e in events:
                h.update(json.dumps(e.to_json(), sort_keys=True).encode())
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize("n", GAME.seat_counts)
def test_random_playouts_match_the_stored_fingerprint(n: int) -> None:
    assert EXPECTED, "no fingerprint stored: run this file to print them"
    assert fingerprint(n) == EXPECTED[n], (
        f"{n} seats: the random playouts changed; if the change is a deliberate rule change, "
        "regenerate with `.venv/bin/python tests/descent/test_fingerprint.py`")


@pytest.mark.slow
@pytest.mark.parametrize("n", CAMPAIGN.seat_counts)
def test_random_campaigns_match_the_stored_fingerprint(n: int) -> None:
    assert CAMPAIGN_EXPECTED, "no fingerprint stored: run this file to print them"
    assert fingerprint(n, CAMPAIGN_SEEDS, CAMPAIGN) == CAMPAIGN_EXPECTED[n], (
        f"{n} seats: the random campaigns changed; if the change is a deliberate rule change, "
        "regenerate with `.venv/bin/python tests/descent/test_fingerprint.py`")


def bot_fingerprint(n: int, seeds: int = BOT_SEEDS, game: Game = GAME, bot: str = "heuristic") -> str:
    """The sha256 of ``seeds`` games of ``game`` with ``n`` seats played by its ``bot`` in every
    seat: every chosen action, and the evaluator's value (``repr`` of the float) after it.
    ``bots.py`` is compiled with the engine, so this pins the bots' choices and arithmetic."""
    h = hashlib.sha256()
    setup = game.setup_for_seats(n)
    for seed in range(seeds):
        state = game.new(setup, seed=seed)
        agents = {s: game.agents()[bot](game=game, seed=seed * 10 + i) for i, s in enumerate(state.seats)}
        while not state.is_over():
            seat = state.to_move()[0]
            action = agents[seat].act(state, seat)
            state.apply(seat, action)
            value = game.evaluate(state)
            h.update(f"{seat}|{action}|{sorted(value.items()) if value else None}\n".encode())
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize("n", GAME.seat_counts)
def test_bot_games_match_the_stored_fingerprint(n: int) -> None:
    assert bot_fingerprint(n) == BOT_EXPECTED[n], (
        f"{n} seats: the heuristic's games changed; if the change to the bots is deliberate, "
        "regenerate with `.venv/bin/python tests/descent/test_fingerprint.py`")


@pytest.mark.slow
def test_plot_bot_campaigns_match_the_stored_fingerprint() -> None:
    assert bot_fingerprint(2, CAMPAIGN_BOT_SEEDS, CAMPAIGN, "plot") == CAMPAIGN_BOT_EXPECTED, (
        "the plot bot's campaigns changed; if the change to the bots is deliberate, "
        "regenerate with `.venv/bin/python tests/descent/test_fingerprint.py`")


if __name__ == "__main__":
    print("EXPECTED: dict[int, str] = {")
    for n in GAME.seat_counts:
        print(f'    {n}: "{fingerprint(n)}",', flush=True)
    print("}")
    print("BOT_EXPECTED: dict[int, str] = {")
    for n in GAME.seat_counts:
        print(f'    {n}: "{bot_fingerprint(n)}",', flush=True)
    print("}")
    print(f'CAMPAIGN_BOT_EXPECTED = "{bot_fingerprint(2, CAMPAIGN_BOT_SEEDS, CAMPAIGN, "plot")}"')
    print("CAMPAIGN_EXPECTED: dict[int, str] = {")
    for n in CAMPAIGN.seat_counts:
        print(f'    {n}: "{fingerprint(n, CAMPAIGN_SEEDS, CAMPAIGN)}",', flush=True)
    print("}")
