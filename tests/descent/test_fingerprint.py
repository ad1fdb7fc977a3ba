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
    2: "b334c89af0c784da53872a708fc1da2da6b74d82bf97fb0447f0e5b41e5f2807",
    3: "821f414b32b0ec2ef530adbd9b773e981441ace899d4b643bc845ea0c960d9d2",
    4: "dc00327afb9aaa217df57b96433229f10d197f6d892432b6135bbafbc80fada8",
    5: "1afb1ac8dbdd079b1b817712e17fb5a9bcd24d7b08b1939aea2cc4c52556b4d8",
}

CAMPAIGN_EXPECTED: dict[int, str] = {
    2: "94ecead6603751d98edb967e7eff6a6923645f9f5258b51d4c1f8566d3452fd4",
    3: "e5f8a3980537e3bae4bf8e492921a36047d28008088a71d99165e24b26b7a62e",
    4: "287bcbeb6cfd68fb29a8dd8af984d68d46599ef986b164f5cda3434bc27ff1b9",
    5: "eca4b96f553a998ba6a7c308f380305269a4cc4180847779ced7f9c3f4ce8cc8",
}

BOT_EXPECTED: dict[int, str] = {
    2: "d5666670296b5ac05dc839707460ad39a503d8019c3ec1dbac5d9c9f545a18fb",
    3: "68b3a979f1bffd179a93c1716e1a8527f91331a42e43039fb50a3a9557d1fe78",
    4: "a6393a78926ce6056154a0d3941a417894483dfb63128e9cf1483a8fce8d9160",
    5: "195d0dc4f11f46eca2a22e0c19b4ca670ea121ce0f3efef232680842faadf459",
}

CAMPAIGN_BOT_EXPECTED = "5e0c42e581d9fb7c70bf577a1612fdb25410372d803f98566ac748db2e6a8dde"


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
