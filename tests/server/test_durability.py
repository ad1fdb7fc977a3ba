"""Durability: SIGKILL the server mid-game, start it again: no acknowledged action is lost, and
bots resume where they were (and, seeded per move, play exactly the game they would have played)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx

from questbox.core import Action, derive_seed, make_agent
from tests.core.pig import GAME as PIG
from tests.server.conftest import ServerProc, tokens_of


def _choose(state: object) -> str:
    return "hold" if state.turn_points >= 10 else "roll"  # type: ignore[attr-defined]


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path, server_logs: Path) -> None:
    db = f"sqlite:///{tmp_path / 'kill.db'}"
    server = ServerProc(db, server_logs).start()
    setup = {"players": 2, "target": 100_000}
    created = server.create("pig", ["human", "human"], setup=setup, seed=9)
    tid, tokens = created["id"], tokens_of(created)
    mirror = PIG.new(setup, seed=9)            # we know the seed: a local copy of the game
    acked: list[tuple[str, str]] = []
    in_flight: list[tuple[str, str]] = []
    stop = threading.Event()

    def player() -> None:
        with httpx.Client(timeout=10) as client:
            while not stop.is_set():
                seat = mirror.to_move()[0]
                action = _choose(mirror)
                in_flight[:] = [(seat, action)]
                try:
                    r = client.post(f"{server.url}/api/tables/{tid}/actions", json={"action": action,
                                    "expect": len(acked)}, headers={"X-Seat-Token": tokens[seat]})
                except httpx.HTTPError:
                    return                   # the server is gone; this action was not acknowledged
                assert r.status_code == 200, r.text
                assert r.json()["version"] >= len(acked) + 1
                mirror.apply(seat, action)
                acked.append((seat, action))
                in_flight.clear()

    thread = threading.Thread(target=player)
    thread.start()
    deadline = time.monotonic() + 20
    while len(acked) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()                             # SIGKILL, with a request most likely in flight
    stop.set()
    thread.join(15)
    assert len(acked) >= 40

    again = ServerProc(db, server_logs).start()
    try:
        snap = again.snap(tid, tokens["p1"])
        version = snap["version"]
        assert len(acked) <= version <= len(acked) + 1, (version, len(acked))
        if version == len(acked) + 1:       # committed, but the answer never arrived
            seat, action = in_flight[0]
            mirror.apply(seat, action)
            acked.append((seat, action))
        assert snap["view"] == mirror.view("p1")
        assert again.snap(tid, tokens["p2"])["view"] == mirror.view("p2")
        # the table goes on
        seat = mirror.to_move()[0]
        r = again.act(tid, tokens[seat], "roll", expect=version)
        assert r.status_code == 200 and r.json()["version"] == version + 1
    finally:
        again.stop()


def _reference_bot_game(setup: dict[str, int], seed: int, specs: dict[str, str]) -> list[tuple[str, str]]:
    """The game the server's bots play: each move's bot is seeded by (seed, seat, version)."""
    state = PIG.new(setup, seed=seed)
    log: list[tuple[str, str]] = []
    while not state.is_over():
        seat = state.to_move()[0]
        agent = make_agent(specs[seat], PIG, derive_seed(seed, "agent", seat, len(log)))
        act: Action = agent.act(state.clone(), seat)
        state.apply(seat, act)
        log.append((seat, str(act)))
    return log


def test_bots_resume_after_a_kill(tmp_path: Path, server_logs: Path) -> None:
    db = f"sqlite:///{tmp_path / 'bots.db'}"
    slow = ServerProc(db, server_logs, env={"QUESTBOX_BOT_DELAY": "0.01"}).start()
    setup = {"players": 3, "target": 60}
    created = slow.create("pig", ["random", "random", "random"], setup=setup, seed=31)
    tid = created["id"]
    mid = slow.wait(tid, lambda s: s["version"] >= 15)
    slow.kill()
    assert mid["status"] == "open"
    fast = ServerProc(db, server_logs).start()
    try:
        done = fast.wait(tid, lambda s: s["status"] == "finished", timeout=60)
        replay = httpx.get(f"{fast.url}/api/tables/{tid}/replay").json()
        expected = _reference_bot_game(setup, 31, {"p1": "random", "p2": "random", "p3": "random"})
        assert [tuple(a) for a in replay["actions"]] == expected
        assert done["version"] == len(expected)
    finally:
        fast.stop()
