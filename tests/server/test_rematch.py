"""Rematch on a real server: from a finished table, the same game, seats and setup with a new seed, a
new table whose seats open with the same seat links' tokens; asked twice, one new table."""

from __future__ import annotations

from typing import Any

import httpx

from tests.core.pig import GAME as PIG
from tests.server.conftest import ServerProc, tokens_of

SETUP = {"players": 2, "target": 1}


def rematch(server: ServerProc, tid: str, token: str | None) -> httpx.Response:
    headers = {"X-Seat-Token": token} if token else {}
    return httpx.post(f"{server.url}/api/tables/{tid}/rematch", headers=headers, timeout=30)


def finish(server: ServerProc, tid: str, tok: dict[str, str], seed: int) -> list[list[str]]:
    """Play a pig table (target 1) to its end by its seats' tokens; its actions."""
    state = PIG.new(SETUP, seed=seed)
    played: list[list[str]] = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = "hold" if state.turn_points else "roll"     # type: ignore[attr-defined]
        assert server.act(tid, tok[seat], action).status_code == 200
        state.apply(seat, action)
        played.append([seat, action])
    return played


def replay(server: ServerProc, tid: str) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/tables/{tid}/replay", timeout=30)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_rematch_is_refused_before_the_end_and_to_spectators(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], setup=SETUP, seed=2)
    tid, tok = created["id"], tokens_of(created)
    r = rematch(server, tid, tok["p1"])
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]
    finish(server, tid, tok, 2)
    assert rematch(server, tid, None).status_code == 403


def test_rematch_keeps_seats_setup_and_links_and_draws_a_new_seed(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], setup=SETUP, seed=2)
    tid, tok = created["id"], tokens_of(created)
    finish(server, tid, tok, 2)
    r = rematch(server, tid, tok["p2"])
    assert r.status_code == 200, r.text
    new = r.json()["id"]
    assert new != tid and r.json()["link"].endswith(f"/t/{new}")
    assert rematch(server, tid, tok["p1"]).json()["id"] == new      # the other seat: the same table
    assert server.snap(tid, tok["p1"])["rematch"] == new             # the end box offers it
    fresh = server.snap(new, tok["p1"])
    assert fresh["status"] == "open" and fresh["version"] == 0 and fresh["seat"] == "p1"
    assert server.snap(new, tok["p2"])["seat"] == "p2"               # each link opens its own seat
    assert [s["spec"] for s in fresh["seats"]] == ["human", "human"]
    finish_unknown_seed(server, new, tok)
    old, again = replay(server, tid), replay(server, new)
    assert again["setup"] == old["setup"] and again["seed"] != old["seed"]
    assert again["meta"]["seats"] == old["meta"]["seats"]


def finish_unknown_seed(server: ServerProc, tid: str, tok: dict[str, str]) -> None:
    """Play to the end without knowing the seed: hold once the turn has points, else roll."""
    for _ in range(1000):
        snap = server.snap(tid)
        if snap["status"] == "finished":
            return
        seat = snap["to_move"][0]
        action = "hold" if snap["view"]["turn_points"] else "roll"
        assert server.act(tid, tok[seat], action).status_code == 200
    raise AssertionError("the rematch did not end")


def test_a_rematch_with_a_bot_that_opens_starts_its_bot(server: ServerProc) -> None:
    created = server.create("pig", ["random", "human"], setup=SETUP, seed=4)
    tid, tok = created["id"], tokens_of(created)
    snap = server.wait(tid, lambda s: s["status"] == "finished" or s["to_move"] == ["p2"], tok["p2"])
    while snap["status"] != "finished":
        action = "hold" if snap["view"]["turn_points"] else "roll"
        assert server.act(tid, tok["p2"], action).status_code == 200
        snap = server.wait(tid, lambda s: s["status"] == "finished" or s["to_move"] == ["p2"], tok["p2"])
    new = rematch(server, tid, tok["p2"]).json()["id"]
    moved = server.wait(new, lambda s: s["version"] >= 1, tok["p2"])   # the bot (p1) opened
    assert moved["seats"][0]["kind"] == "bot"
