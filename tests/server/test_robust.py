"""Server robustness (issue #15): a game that crashes mid-action leaves its table as it was, every
error has one shape, the WebSocket ``act`` is checked like the HTTP one, and a spectator joining
costs one message, not one per watcher."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from questbox.core import Action, Event, Seat
from questbox.server.store import Store
from questbox.server.tables import TableService
from tests.core.pig import PigState
from tests.server.conftest import ServerProc, tokens_of
from tests.server.test_ws import Seat as WsSeat


def test_commit_restores_the_table_when_apply_crashes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = TableService(Store(f"sqlite:///{tmp_path / 't.db'}"))
    row, tokens = svc.create("pig", ["human", "human"], None, 3)
    lt = svc.load(row.id)
    assert svc.act(row.id, tokens["p1"], "roll").version == 1
    before, digest = lt.state.to_json(), lt.state.digest()
    snap = lt.snapshot("p1")
    real = PigState._apply

    def half_way(self: PigState, seat: Seat, action: Action) -> list[Event]:
        self.turn_points += 1000        # a game bug: the state changes, then the game crashes
        self.banked[0] += 7
        raise RuntimeError("a bug in the game")

    monkeypatch.setattr(PigState, "_apply", half_way)
    seat = lt.state.to_move()[0]
    with pytest.raises(RuntimeError, match="a bug"):
        svc.act(row.id, tokens[seat], "hold")
    assert lt.state.to_json() == before and lt.state.digest() == digest
    assert lt.version == 1 and len(svc.store.actions(row.id)) == 1
    assert lt.snapshot("p1")["view"] == snap["view"]
    monkeypatch.setattr(PigState, "_apply", real)
    assert svc.act(row.id, tokens[seat], "hold").version == 2   # the table plays on


def _error_shape(r: httpx.Response) -> None:
    assert r.headers["content-type"].startswith("application/json"), r.headers
    doc = r.json()
    assert set(doc) == {"error"} and isinstance(doc["error"], str) and doc["error"], doc


def test_every_error_has_one_shape(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"])
    tid, tokens = created["id"], tokens_of(created)
    url = server.url
    responses = [
        httpx.get(url + "/api/nosuchroute"),                                        # 404 (router)
        httpx.delete(url + "/api/tables"),                                          # 405
        httpx.post(url + "/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}),
        httpx.post(url + "/api/tables", json={"game": "pig", "seats": ["human"], "extra": 1}),   # 422
        httpx.post(url + "/api/tables", json={"game": "nope", "seats": ["human", "human"]}),
        httpx.post(url + "/api/tables", content=b"[" * 50_000 + b"]" * 50_000,
                   headers={"Content-Type": "application/json"}),                   # too deep
        httpx.get(f"{url}/api/tables/{tid}", params={"since": -1}),
        httpx.get(f"{url}/api/tables/{tid}", headers={"X-Seat-Token": "wrong"}),   # 403
        httpx.get(f"{url}/api/tables/nosuch"),                                       # 404
        httpx.get(f"{url}/api/tables/{tid}/replay"),                                 # 403
        server.act(tid, tokens["p2"], "roll"),                                       # 409
        server.act(tid, tokens["p1"], "dance"),                                      # 422
        httpx.post(f"{url}/api/tables/{tid}/actions", content=b"x" * (70 * 1024),
                   headers={"Content-Type": "application/json"}),                  # 413
        httpx.get(url + "/api/games/nope/setup"),
    ]
    assert {r.status_code for r in responses} >= {400, 403, 404, 405, 409, 413, 422}
    for r in responses:
        assert 400 <= r.status_code < 500, (r.status_code, r.text[:200])
        _error_shape(r)
    spec = httpx.get(url + "/api/openapi.json").json()
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            assert {"4XX", "5XX"} <= set(op["responses"]), (method, path)
            assert "422" not in op["responses"]        # not FastAPI's own validation shape


def test_websocket_act_with_unknown_keys_is_refused(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"])
    tid, tokens = created["id"], tokens_of(created)
    p1 = WsSeat(server, tid, tokens["p1"])
    try:
        p1.state()
        p1.ws.send(json.dumps({"type": "act", "action": "roll", "id": 1, "seat": "p2"}))
        err = p1.until(lambda m: m["type"] == "error" and m.get("id") == 1)
        assert err["status"] == 422 and "seat" in err["error"]
        p1.ws.send(json.dumps({"type": "act", "action": "roll", "expect": "soon", "id": 2}))
        err = p1.until(lambda m: m["type"] == "error" and m.get("id") == 2)
        assert err["status"] == 422 and "expect" in err["error"]
        p1.ws.send(json.dumps({"type": "act", "action": "r" * 500, "id": 3}))
        err = p1.until(lambda m: m["type"] == "error" and m.get("id") == 3)
        assert err["status"] == 422 and "action" in err["error"]
        assert server.snap(tid)["version"] == 0          # nothing was played
        assert p1.act("roll", expect=0)["type"] == "ack"
        # a message over the size limit closes the socket (1009), as uvicorn is told to
        p1.ws.send(json.dumps({"type": "ping", "pad": "x" * (20 * 1024)}))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(20):
                p1.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    finally:
        p1.close()


def _drain(seat: WsSeat, quiet: float = 0.6) -> list[dict[str, Any]]:
    got = []
    while True:
        try:
            got.append(seat.recv(quiet))
        except TimeoutError:
            return got


def test_a_new_spectator_gets_one_snapshot_and_costs_the_others_nothing(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"])
    tid, tokens = created["id"], tokens_of(created)
    p1 = WsSeat(server, tid, tokens["p1"])
    watchers: list[WsSeat] = []
    try:
        p1.state()
        _drain(p1)
        for _ in range(12):
            w = WsSeat(server, tid, None)
            assert w.state()["seat"] is None
            watchers.append(w)
        time.sleep(0.3)
        assert [m for m in _drain(p1) if m["type"] == "state"] == []   # spectators are not news
        for w in watchers:
            assert [m["type"] for m in w.messages] == ["state"]
            assert [m for m in _drain(w, 0.05) if m["type"] == "state"] == []
        # a seat coming online is news: everyone hears of it once
        p2 = WsSeat(server, tid, tokens["p2"])
        try:
            assert p2.state()["online"] == ["p1", "p2"]
            assert p1.state()["online"] == ["p1", "p2"]
            for w in watchers:
                assert w.state()["online"] == ["p1", "p2"]
        finally:
            p2.close()
    finally:
        for w in watchers:
            w.close()
        p1.close()
