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
    2: "77ded1957c90773e94bb891731dcb3adeb8ea896790a8b94e63324f4f055c698",
    3: "0bcabac00181ad75945af0f99aac25d6d6c786bd10463421f29c72a6b1302b09",
    4: "17d6bbcf19ff32a5331e99445b58b08cd0576b20fa85639d0f9435062512522a",
    5: "b03cb5e5004d9d6e394d751fac0a3c4bec5d5ad9cce8370367f9beece1bec581",
}

CAMPAIGN_EXPECTED: dict[int, str] = {
    2: "2949cf06159244b064ec4bf8d232bd0d92bb155e37736557cef7f9fa8bee892f",
    3: "d1da137e15b83075f9c679b2dfb3b03ff2e214c4fbea6f2415679aee45f0ebb0",
    4: "f4c612972043ff441c69174c30994e55b33a7edc28ee7c8b99a109f98c5eb8f4",
    5: "b5702c4745f9c8664305c3e11c0ea163c6717697ef44bb3e256bb720227a46c6",
}

BOT_EXPECTED: dict[int, str] = {
    2: "2d5761b673410b8e89f2e8b280af8b17507345c4ae117c3a5d1c09566f5be9a4",
    3: "cc264725b53f5d973577b944920c9e8dec19121a78e5a407cd7870d3d9f1bfab",
    4: "a4a644d8430764fbe27907309179748adec1bce8d1c2fa7aaec711901e3a9c23",
    5: "f21b63f60af7e933ac35e34524742461cdb887fa532da06fa257ee4a928a64e1",
}

CAMPAIGN_BOT_EXPECTED = "5a6c236bbb0544cb31243d363f06a7aac0233b98fbc36401f4bf9220ae60145b"


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
