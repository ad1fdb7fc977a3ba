"""Undo at a hot-seat table on the web (issue #19): a page that also holds the other people's seats
(their tokens, which the browser that created the table remembers) may take back over their actions
too, as the terminal does; a page that holds only its own seat may not. The other tokens come as
``also`` in the undo request (HTTP) or in the WebSocket's hello; a token that opens no seat counts
for nothing."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import ServerProc, tokens_of
from tests.server.test_ws import open_ws, ws_url

SETUP = {"players": 2, "target": 100_000}


def _undo(server: ServerProc, tid: str, token: str, also: list[str] | None = None) -> httpx.Response:
    body: dict[str, Any] = {} if also is None else {"also": also}
    return httpx.post(f"{server.url}/api/tables/{tid}/undo", json=body, headers={"X-Seat-Token": token}, timeout=30)


def _held_two_holds(server: ServerProc, seats: list[str], players: int = 2) -> tuple[str, dict[str, str]]:
    created = server.create("pig", seats, setup={**SETUP, "players": players}, seed=5)
    tid, tok = created["id"], tokens_of(created)
    assert server.act(tid, tok["p1"], "hold").status_code == 200
    assert server.act(tid, tok["p2"], "hold").status_code == 200
    return tid, tok


def test_a_page_holding_every_seat_takes_back_over_the_others(server: ServerProc) -> None:
    tid, tok = _held_two_holds(server, ["human", "human"])
    assert _undo(server, tid, tok["p1"]).status_code == 409          # p2 acted since: not for p1 alone
    r = _undo(server, tid, tok["p1"], also=[tok["p2"]])
    assert r.status_code == 200, r.text
    snap = r.json()
    assert snap["version"] == 3 and snap["to_move"] == ["p1"] and snap["hot_seat"] is True
    assert [e["text"] for e in server.snap(tid, tok["p2"])["events"]] == ["p1 took back 2 actions"]


def test_a_token_that_opens_no_seat_counts_for_nothing(server: ServerProc) -> None:
    tid, tok = _held_two_holds(server, ["human", "human"])
    r = _undo(server, tid, tok["p1"], also=["not-a-token", tok["p1"]])
    assert r.status_code == 409 and "cannot take anything back" in r.json()["error"]
    assert server.snap(tid, tok["p1"])["version"] == 2
    too_many = _undo(server, tid, tok["p1"], also=["x"] * 9)
    assert too_many.status_code == 422


def test_holding_some_people_covers_them_not_the_others(server: ServerProc) -> None:
    # three people: p1's page holds p2 too, not p3; p3 acting ends the walk back
    tid, tok = _held_two_holds(server, ["human", "human", "human"], players=3)
    r = _undo(server, tid, tok["p1"], also=[tok["p2"]])
    assert r.status_code == 200 and r.json()["version"] == 3 and r.json()["hot_seat"] is False
    assert server.act(tid, tok["p1"], "hold").status_code == 200
    assert server.act(tid, tok["p2"], "hold").status_code == 200
    assert server.act(tid, tok["p3"], "hold").status_code == 200
    assert _undo(server, tid, tok["p1"], also=[tok["p2"]]).status_code == 409


def test_the_websocket_hello_carries_the_other_seats(server: ServerProc) -> None:
    tid, tok = _held_two_holds(server, ["human", "human"])
    ws = open_ws(ws_url(server, tid))
    try:
        ws.send(json.dumps({"type": "hello", "token": tok["p1"], "since": 0, "also": [tok["p2"]]}))
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "state" and first["undo"] == 2 and first["hot_seat"] is True
        ws.send(json.dumps({"type": "undo", "id": 1, "expect": 2}))
        got = [json.loads(ws.recv(timeout=10)) for _ in range(2)]
        assert {"ack"} <= {m["type"] for m in got}, got
    finally:
        ws.close()
    assert server.snap(tid, tok["p1"])["version"] == 3
    # the same hello without the other token: no undo offered over p2's action
    assert server.snap(tid, tok["p1"])["undo"] == 0
    bad = open_ws(ws_url(server, tid))
    try:
        bad.send(json.dumps({"type": "hello", "token": tok["p1"], "also": "nope"}))
        with pytest.raises(ConnectionClosed) as info:
            bad.recv(timeout=10)
        assert info.value.rcvd is not None and info.value.rcvd.code == 4400 and "also" in info.value.rcvd.reason
    finally:
        bad.close()


def test_the_http_fallback_counts_the_hot_seat_undo(server: ServerProc) -> None:
    """(c) of the last session: a page whose WebSocket is down plays by HTTP; the snapshot that
    answers its action and a snapshot it asks for count the undo over the seats it also holds
    (``also`` in the body, ``X-Seat-Also`` on a GET), as the WebSocket's do."""
    created = server.create("pig", ["human", "human"], setup=SETUP, seed=5)
    tid, tok = created["id"], tokens_of(created)
    assert server.act(tid, tok["p1"], "hold").status_code == 200
    url = f"{server.url}/api/tables/{tid}"
    r = httpx.post(url + "/actions", json={"action": "hold", "expect": 1, "also": [tok["p1"]]},
                   headers={"X-Seat-Token": tok["p2"]}, timeout=30)
    assert r.status_code == 200, r.text
    assert r.json()["undo"] == 1 and r.json()["hot_seat"] is True      # back to p2's own action
    # p1's page, which holds p2 too, may take back both holds; alone it may take back nothing
    alone = server.snap(tid, tok["p1"])
    assert alone["undo"] == 0 and "hot_seat" not in alone
    both = httpx.get(url, headers={"X-Seat-Token": tok["p1"], "X-Seat-Also": tok["p2"]}, timeout=30)
    assert both.status_code == 200 and both.json()["undo"] == 2 and both.json()["hot_seat"] is True
    nothing = httpx.get(url, headers={"X-Seat-Token": tok["p1"], "X-Seat-Also": "nope, nope"}, timeout=30)
    assert nothing.status_code == 200 and nothing.json()["undo"] == 0
    too_many = httpx.get(url, headers={"X-Seat-Token": tok["p1"], "X-Seat-Also": ",".join(["x"] * 9)}, timeout=30)
    assert too_many.status_code == 422 and "X-Seat-Also" in too_many.json()["error"]
    r = httpx.post(url + "/actions", json={"action": "roll", "also": ["x"] * 9},
                   headers={"X-Seat-Token": tok["p1"]}, timeout=30)
    assert r.status_code == 422
