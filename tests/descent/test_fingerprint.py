"""Behaviour fingerprint: random playouts of every seat mode hash to stored values, so a speed-up
of the engine (caches, cheaper legal-action generation, lighter task loop, cheaper clones) cannot
change a rule, an action list, the narration or the final state unnoticed.

For seeds 0..199 of each seat mode the game is played the generic suite's way (seed the game,
pick ``legal[rng.below(len(legal))]`` with a questbox :class:`Rng` of the same seed) and every
decision's seat and full legal-action list, every event (kind, text, data) and the final
``to_json`` go into one sha256.

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

from questbox.core import Rng
from questbox.games.descent import GAME

SEEDS = 200

EXPECTED: dict[int, str] = {
    2: "0c15d89e86122df97edd5fca351409b844283aa9ef565cc88682dc1d7f991441",
    3: "65ebea58f8726bcf53ec03090ee19621ddf0f2e10cd8c89d626586413b16b56e",
    4: "913410aef2c5ffe9a66c30ca67b0e96d8a18cc6e5618d170908376f6e60457c9",
    5: "139d41657090481e0a05058a1e364bb89809a60a39a4a4e824f9e94ce0122d25",
}


def fingerprint(n: int, seeds: int = SEEDS) -> str:
    """The sha256 of ``seeds`` random playouts with ``n`` seats."""
    h = hashlib.sha256()
    setup = GAME.setup_for_seats(n)
    for seed in range(seeds):
        state = GAME.new(setup, seed=seed)
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


if __name__ == "__main__":
    print("EXPECTED: dict[int, str] = {")
    for n in GAME.seat_counts:
        print(f'    {n}: "{fingerprint(n)}",', flush=True)
    print("}")
