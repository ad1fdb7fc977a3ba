"""Undo on a real server: a seat takes back its own last actions while no other seat acted since and
nothing random or hidden came out; stored as an ``!undo N`` row, so a restart rebuilds the same table
and a finished table's replay holds only the actions that stand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from questbox.core import derive_seed, make_agent
from tests.core.pig import GAME as PIG
from tests.server.conftest import ServerProc, tokens_of

SETUP = {"players": 2, "target": 100_000}


def _undo(server: ServerProc, tid: str, token: str | None, expect: int | None = None) -> httpx.Response:
    headers = {"X-Seat-Token": token} if token else {}
    body: dict[str, Any] = {} if expect is None else {"expect": expect}
    return httpx.post(f"{server.url}/api/tables/{tid}/undo", json=body, headers=headers, timeout=30)


def _table(server: ServerProc, seats: list[str], seed: int = 5) -> tuple[str, dict[str, str]]:
    created = server.create("pig", seats, setup=SETUP, seed=seed)
    return created["id"], tokens_of(created)


def test_a_quiet_action_is_taken_back_and_every_seat_is_told(server: ServerProc) -> None:
    tid, tok = _table(server, ["human", "human"])
    assert server.snap(tid, tok["p1"])["undo"] == 0            # nothing played yet
    assert server.act(tid, tok["p1"], "hold", expect=0).status_code == 200
    snap = server.snap(tid, tok["p1"])
    assert snap["undo"] == 1 and snap["to_move"] == ["p2"]
    assert server.snap(tid, tok["p2"])["undo"] == 0            # p2 has nothing of its own to take back
    r = _undo(server, tid, tok["p1"], expect=1)
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["to_move"] == ["p1"] and after["version"] == 2 and after["undo"] == 0
    other = server.snap(tid, tok["p2"])
    assert [e["text"] for e in other["events"]] == ["p1 took back 1 action"]
    # a seat that had seen the undone action gets the whole narration again (since=1 < the undo)
    assert server.snap(tid, tok["p2"], since=1)["since"] == 0


def test_refused_once_another_seat_has_acted(server: ServerProc) -> None:
    tid, tok = _table(server, ["human", "human"])
    assert server.act(tid, tok["p1"], "hold").status_code == 200
    assert server.act(tid, tok["p2"], "hold").status_code == 200
    r = _undo(server, tid, tok["p1"])
    assert r.status_code == 409 and "cannot take anything back" in r.json()["error"]
    assert server.snap(tid, tok["p1"])["version"] == 2         # nothing changed, nothing stored
    assert _undo(server, tid, None).status_code == 403         # spectators take nothing back


def test_refused_after_a_die_roll(server: ServerProc) -> None:
    tid, tok = _table(server, ["human", "human"])
    assert server.act(tid, tok["p1"], "roll").status_code == 200
    assert server.snap(tid, tok["p1"])["undo"] == 0
    assert _undo(server, tid, tok["p1"]).status_code == 409
    assert server.act(tid, tok["p1"] if server.snap(tid)["to_move"] == ["p1"] else tok["p2"],
                      "hold").status_code == 200


def _seed_where_the_bot_holds() -> int:
    """A table seed whose bot (random, seat p2) answers p1's opening hold with a hold (quiet)."""
    for seed in range(200):
        state = PIG.new(SETUP, seed=seed)
        state.apply("p1", "hold")
        agent = make_agent("random", PIG, derive_seed(seed, "agent", "p2", 1))
        if str(agent.act(state.clone(), "p2")) == "hold":
            return seed
    raise AssertionError("no seed found")


def test_solo_undo_goes_back_through_the_bots_quiet_moves(server: ServerProc) -> None:
    seed = _seed_where_the_bot_holds()
    tid, tok = _table(server, ["human", "random"], seed=seed)
    assert server.act(tid, tok["p1"], "hold").status_code == 200
    snap = server.wait(tid, lambda s: s["version"] == 2 and s["to_move"] == ["p1"], tok["p1"])
    assert snap["undo"] == 2                                   # my hold and the bot's answer
    r = _undo(server, tid, tok["p1"])
    assert r.status_code == 200, r.text
    assert r.json()["to_move"] == ["p1"] and r.json()["view"]["banked"] == [0, 0]


def test_an_undo_survives_a_restart_and_the_replay_holds_only_standing_actions(
        tmp_path: Path, server_logs: Path) -> None:
    db = f"sqlite:///{tmp_path / 'undo.db'}"
    server = ServerProc(db, server_logs).start()
    try:
        created = server.create("pig", ["human", "human"], setup={"players": 2, "target": 1}, seed=3)
        tid, tok = created["id"], tokens_of(created)
        assert server.act(tid, tok["p1"], "hold").status_code == 200
        assert _undo(server, tid, tok["p1"]).status_code == 200
        before = server.snap(tid, tok["p1"])
    finally:
        server.kill()
    again = ServerProc(db, server_logs).start()
    try:
        snap = again.snap(tid, tok["p1"])
        assert snap["version"] == before["version"] == 2 and snap["view"] == before["view"]
        assert [e["text"] for e in snap["events"]] == ["p1 took back 1 action"]
        state = PIG.new({"players": 2, "target": 1}, seed=3)      # play it out as p1 and p2
        standing: list[list[str]] = []
        while not state.is_over():
            seat = state.to_move()[0]
            action = "hold" if state.turn_points else "roll"     # type: ignore[attr-defined]
            assert again.act(tid, tok[seat], action).status_code == 200
            state.apply(seat, action)
            standing.append([seat, action])
        rep = httpx.get(f"{again.url}/api/tables/{tid}/replay", timeout=30).json()
        assert rep["actions"] == standing                          # the undone hold is not in it
        assert again.snap(tid)["version"] == 2 + len(standing)
    finally:
        again.stop()
