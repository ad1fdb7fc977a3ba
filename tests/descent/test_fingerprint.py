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
    2: "be6e77ac0734204e886be9c2738058156da692240245baec98ae9a57cbee0e1f",
    3: "7d1336687ad69767384591eb61fd1329e328171bb974324e61a9c22d0f7c0589",
    4: "fa0fc7a4afe2aeda427561ba4bad7e0c42fdcbd52e7fcd503efb8851523206b5",
    5: "a3e89d91f5503ee0352164bac99844a344fbb6ccee54026e821fb38d45b18ec7",
}

CAMPAIGN_EXPECTED: dict[int, str] = {
    2: "734212f42e49dacbd481384aa6d50f12e6c8ac5416f9e959e09aff4dcf69841e",
    3: "4303cf38dfaaac09f18f1136249b1f2fd33cf63aee693ba44410a00f2a47934b",
    4: "9be53d004c7e81052adb6196b27983687bcb31f86a62e933fa27fddfbd4c53d3",
    5: "b6a855b63c568796d319afb68faab97898c29570f7c9c595142b9282bc2663ec",
}

BOT_EXPECTED: dict[int, str] = {
    2: "dd988510b542856f2fa128747bc8ac87d46c098bd8ea00d02d8d224d530342c2",
    3: "af29b90487a01ac89d3f56602fc35aeb9cb368609235c772e223532bf6810c89",
    4: "3ba6c1952c6e1c12c12b8b12c48c9ce576f0775dfa6de129dd124450a2d52da8",
    5: "0f96decf825c046f01541e0735034497f81d5e3a3028665c777b6553c2a1fa15",
}

CAMPAIGN_BOT_EXPECTED = "b1c757ed4be050419b0c779c208ff6a1d1063fafe2069f13307e50113b9201a0"


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
