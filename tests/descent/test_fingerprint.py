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
    2: "ad20a18b06251f09f0e6b2eabf79e1e4afd9baca4ae913d76ef128eade3d4c28",
    3: "821f414b32b0ec2ef530adbd9b773e981441ace899d4b643bc845ea0c960d9d2",
    4: "dc00327afb9aaa217df57b96433229f10d197f6d892432b6135bbafbc80fada8",
    5: "23a1fbcf71a09dd267c71b15045654b60b0eb9a08705b5544bae474ff1ad30fc",
}

CAMPAIGN_EXPECTED: dict[int, str] = {
    2: "1d1404fc9eac31a6abda3a70f1d26af1018f873debea6bffef98ae6b3161d95b",
    3: "346b86400e233fffd9dac3a597484b9475ce53d74556d47d7a72976e613a5d4b",
    4: "fbee833ce741b0fd12d982653551f54e35b9323f75249e4f10957905a8290a86",
    5: "0e53ebeee34fcdd5a6ba0f9bd79bae94fc0272ecb6a67a85fc73e8a43b6d2328",
}

BOT_EXPECTED: dict[int, str] = {
    2: "6822a46261f66eccf99673317aaf24bcf0b585f40152cd77c5cfe0b21bad1fd8",
    3: "63c7e7b3050bf8435acc76a0814a9eb1b460d653cfa9ac2947f54fa988aebf46",
    4: "0c3660a4c9cdf666cc861cefcbd729f1e019f0f2dcb09052d81f183bd507fd24",
    5: "e9bf0d83d7148bec577c9392aaadc026fac601485d11c94d1b805e9f3c7d7a3d",
}

CAMPAIGN_BOT_EXPECTED = "d6947ba4a6cdf1a048c15182c6a04237e010f6c4556db5031b0974ecd9d48b8d"


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
