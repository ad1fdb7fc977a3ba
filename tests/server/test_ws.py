"""Live seats over WebSocket: hello, snapshots, acting, live updates, restore on reconnect."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.conftest import ServerProc, tokens_of


def open_ws(url: str) -> ClientConnection:
    return connect(url, open_timeout=10).__enter__()


def ws_url(server: ServerProc, tid: str) -> str:
    return server.url.replace("http://", "ws://") + f"/api/tables/{tid}/ws"


class Seat:
    """A WebSocket client that keeps every message it receives."""

    def __init__(self, server: ServerProc, tid: str, token: str | None, since: int = 0) -> None:
        self.ws: ClientConnection = open_ws(ws_url(server, tid))
        self.ws.send(json.dumps({"type": "hello", "token": token, "since": since}))
        self.messages: list[dict[str, Any]] = []
        self.next_id = 1

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        return dict(msg)

    def until(self, pred: Any, timeout: float = 15) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.05, deadline - time.monotonic()))
            if pred(msg):
                return msg

    def state(self, version: int | None = None) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and (version is None or m["version"] >= version))

    def act(self, action: str, expect: int | None = None) -> dict[str, Any]:
        mid = self.next_id
        self.next_id += 1
        self.ws.send(json.dumps({"type": "act", "action": action, "expect": expect, "id": mid}))
        return self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == mid)

    def close(self) -> None:
        self.ws.close()


def test_live_updates_reach_every_seat_and_spectators(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], seed=21)
    tid, tokens = created["id"], tokens_of(created)
    p1, p2, watcher = Seat(server, tid, tokens["p1"]), Seat(server, tid, tokens["p2"]), Seat(server, tid, None)
    try:
        s1, s2, sw = p1.state(), p2.state(), watcher.state()
        assert s1["seat"] == "p1" and s1["your_turn"] and [a["action"] for a in s1["legal"]] == ["roll", "hold"]
        assert s2["seat"] == "p2" and not s2["your_turn"] and s2["legal"] == []
        assert sw["seat"] is None and sw["legal"] == []
        ack = p1.act("roll", expect=0)
        assert ack == {"type": "ack", "id": 1, "version": 1}
        for seat in (p1, p2, watcher):
            snap = seat.state(1)
            assert snap["version"] == 1
            assert [e["v"] for e in snap["events"]] == [1]
        # p2 acting out of turn over the socket: the engine's message, nothing changes
        err = p2.act("roll")
        assert err["type"] == "error" and err["status"] == 409 and "not p2's turn" in err["error"]
        err = p1.act("jump")
        assert err["status"] == 422 and "legal action kinds: hold, roll" in err["error"]
        assert server.snap(tid)["version"] == 1
        # a bad message gets an error, the socket stays open
        p1.ws.send("not json")
        assert p1.until(lambda m: m["type"] == "error")["status"] == 400
        p1.ws.send(json.dumps({"type": "ping", "id": 9}))
        assert p1.until(lambda m: m["type"] == "pong")["id"] == 9
        # who is online
        last = [m for m in p1.messages if m["type"] == "state"][-1]
        assert set(last["online"]) == {"p1", "p2"}
    finally:
        for seat in (p1, p2, watcher):
            seat.close()


def test_reconnect_restores_what_was_missed(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], seed=5, setup={"target": 200})
    tid, tokens = created["id"], tokens_of(created)
    p2 = Seat(server, tid, tokens["p2"])
    first = p2.state()
    assert first["version"] == 0
    p2.close()
    # p1 plays while p2 is away
    for _ in range(4):
        snap = server.snap(tid, tokens["p1"])
        if not snap["your_turn"]:
            break
        assert server.act(tid, tokens["p1"], "roll").status_code == 200
    now = server.snap(tid, tokens["p2"])
    assert now["version"] >= 1
    back = Seat(server, tid, tokens["p2"], since=0 + 1)
    try:
        snap = back.state()
        assert snap["version"] == now["version"]
        assert snap["view"] == now["view"]
        assert snap["since"] == 1
        assert all(e["v"] > 1 for e in snap["events"])          # only what it missed
        assert [e for e in now["events"] if e["v"] > 1] == snap["events"]
    finally:
        back.close()
    # a page reload: since 0 gives the whole log again
    again = Seat(server, tid, tokens["p2"], since=0)
    try:
        assert again.state()["events"] == now["events"]
    finally:
        again.close()


def test_bad_hello_and_bad_token_are_refused(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"])
    tid = created["id"]
    ws = open_ws(ws_url(server, tid))
    ws.send("hello?")
    with pytest.raises(ConnectionClosed) as info:
        ws.recv(timeout=10)
    assert info.value.rcvd is not None and info.value.rcvd.code == 4400
    bad = Seat(server, tid, "not-a-token")
    msg = bad.recv()
    assert msg == {"type": "error", "status": 403, "error": "this seat token does not open a seat at this table"}
    with pytest.raises(ConnectionClosed):
        bad.recv()
    missing = Seat(server, "no-such-table", None)
    assert missing.recv()["status"] == 404


def test_a_bot_answers_over_the_socket(server: ServerProc) -> None:
    created = server.create("pig", ["human", "random"], seed=3)
    tid, tokens = created["id"], tokens_of(created)
    me = Seat(server, tid, tokens["p1"])
    try:
        snap = me.state()
        assert snap["your_turn"]
        me.act("hold", expect=0)
        # the bot moves by itself; the seat sees its turn come back
        snap = me.until(lambda m: m["type"] == "state" and (m["your_turn"] or m["status"] == "finished")
                        and m["version"] >= 2)
        assert any(e["text"].startswith("p2 ") for m in me.messages if m["type"] == "state" for e in m["events"])
    finally:
        me.close()
