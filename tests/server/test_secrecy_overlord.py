"""The server keeps the Overlord deck secret (issue #18): a Descent table with the deck on
(``modules: [overlord]``); every message to the heroes' seat is checked as in test_secrecy.py
(the view is ``view(seat)``, the events those visible to it, and no value that
``determinize(heroes)`` resamples in the overlord's view appears in what the server adds)."""

from __future__ import annotations

import random
from typing import Any

import httpx

from questbox.core import Rng, games
from tests.server.conftest import ServerProc, tokens_of
from tests.server.test_secrecy import ACTIONS, Mirror, _check


def test_the_overlords_hand_is_sent_to_the_overlord_only(sqlite_server: ServerProc) -> None:
    game = games()["descent"]
    seed = 1234
    created = sqlite_server.create("descent", ["human", "human"], seed=seed, setup={"modules": ["overlord"]})
    assert created["setup"]["modules"] == ["overlord"]
    tid, tokens = created["id"], tokens_of(created)
    mirror = Mirror(game, created["setup"], seed)
    received: list[tuple[str, dict[str, Any]]] = []
    rnd = random.Random("overlord")
    with httpx.Client(timeout=30) as client:
        for _ in range(ACTIONS):
            if mirror.state.is_over():
                break
            seat = mirror.state.to_move()[0]
            for s, tok in tokens.items():
                r = client.get(f"{sqlite_server.url}/api/tables/{tid}", headers={"X-Seat-Token": tok})
                received.append((s, r.json()))
            snap = received[-len(tokens) + list(tokens).index(seat)][1]
            action = rnd.choice(snap["legal"])["action"]
            r = client.post(f"{sqlite_server.url}/api/tables/{tid}/actions", json={"action": action},
                            headers={"X-Seat-Token": tokens[seat]})
            assert r.status_code == 200, r.text
            mirror.apply(seat, action)
            received.append((seat, r.json()))
    stats = {"checked": 0, "hidden": 0}
    for s, msg in received:
        _check(msg, s, mirror, stats)
        if s != "overlord":
            assert isinstance(msg["view"]["mods"]["overlord"]["hand"], int)
    # the heroes' determinize deals the overlord another hand: there was something to hide
    assert any(mirror.states[v].determinize("heroes", Rng(1)).view("overlord")["mods"]["overlord"]["hand"]
               != mirror.states[v].view("overlord")["mods"]["overlord"]["hand"] for v in range(len(mirror.states)))
    assert stats["hidden"] > 0
