"""The replay viewer's endpoints on a real server: step k of a finished table as seat s saw it (never
for a table still being played), and the same for an uploaded replay file, bounded in size."""

from __future__ import annotations

import json

import httpx

from tests.core.pig import GAME as PIG
from tests.server.conftest import ServerProc, tokens_of
from tests.server.test_rematch import SETUP, finish


def view(server: ServerProc, tid: str, step: int, seat: str | None = None) -> httpx.Response:
    params: dict[str, str | int] = {"step": step, **({"seat": seat} if seat else {})}
    return httpx.get(f"{server.url}/api/tables/{tid}/replay/view", params=params, timeout=30)


def test_refused_while_the_game_goes_on(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], setup=SETUP, seed=6)
    r = view(server, created["id"], 0, "p1")
    assert r.status_code == 403 and "once the game is over" in r.json()["error"]


def test_each_step_as_each_seat_saw_it(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], setup=SETUP, seed=6)
    tid, tok = created["id"], tokens_of(created)
    played = finish(server, tid, tok, 6)
    state = PIG.new(SETUP, seed=6)                  # the same game, locally, step by step
    for k in range(len(played) + 1):
        if k:
            events = state.apply(*played[k - 1])
        for seat in ("p1", "p2", None):
            r = view(server, tid, k, seat)
            assert r.status_code == 200, r.text
            doc = r.json()
            assert doc["step"] == k and doc["steps"] == len(played) and doc["seat"] == seat
            assert doc["view"] == state.view(seat)           # only what that seat could see
            assert doc["action"] == (None if k == 0 else {"seat": played[k - 1][0], "action": played[k - 1][1]})
            assert [e["text"] for e in doc["events"]] == ([e.text for e in events if e.visible_to(seat)] if k else [])
    assert doc["status"] == "finished" and doc["outcome"]["winners"]
    assert view(server, tid, len(played) + 1, "p1").status_code == 422
    assert view(server, tid, 0, "p9").status_code == 422


def test_an_uploaded_replay_file_is_viewed_the_same_and_bounded(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], setup=SETUP, seed=8)
    tid, tok = created["id"], tokens_of(created)
    finish(server, tid, tok, 8)
    rep = httpx.get(f"{server.url}/api/tables/{tid}/replay", timeout=30).json()
    for k in (0, 1, len(rep["actions"])):
        r = httpx.post(f"{server.url}/api/replay/view", json={"replay": rep, "step": k, "seat": "p2"}, timeout=30)
        assert r.status_code == 200, r.text
        on_table = view(server, tid, k, "p2").json()
        assert r.json()["view"] == on_table["view"] and r.json()["events"] == on_table["events"]
    bad = httpx.post(f"{server.url}/api/replay/view", json={"replay": {"format": 0}, "step": 0}, timeout=30)
    assert bad.status_code == 422
    huge = {"replay": {**rep, "meta": {"pad": "x" * (2 * 1024 * 1024)}}, "step": 0}
    r = httpx.post(f"{server.url}/api/replay/view", content=json.dumps(huge),
                   headers={"Content-Type": "application/json"}, timeout=30)
    assert r.status_code == 413
