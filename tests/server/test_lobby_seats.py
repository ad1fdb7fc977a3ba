"""Issues #16 and #19 (Lobby), on a real server: each game's setup schema is published, players'
names are stored with the table (bounded, shown to every seat), and an open seat can be joined."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
import pytest

from questbox.core import games
from questbox.server.store import Store
from questbox.server.tables import Conflict, TableService
from tests.server.conftest import ServerProc, tokens_of

PROJECT = sorted(gid for gid, g in games().items() if type(g).__module__.startswith("questbox.games."))


@pytest.mark.parametrize("gid", PROJECT)
def test_the_setup_schema_is_published(sqlite_server: ServerProc, gid: str) -> None:
    r = httpx.get(f"{sqlite_server.url}/api/games/{gid}/setup-schema", timeout=30)
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json() == games()[gid].setup_schema()


def test_the_heroica_schema_lists_missions_and_unknown_games_are_404(sqlite_server: ServerProc) -> None:
    doc = httpx.get(f"{sqlite_server.url}/api/games/heroica/setup-schema").json()
    names = next(b for b in doc["properties"]["mission"]["anyOf"] if b.get("type") == "string")
    assert "crypt-gate" in names["enum"] and "vampire-throne" in names["enum"]
    assert httpx.get(f"{sqlite_server.url}/api/games/nope/setup-schema").status_code == 404


def test_player_names_are_stored_and_shown(sqlite_server: ServerProc) -> None:
    created = sqlite_server.create("heroica", ["human", "human"], names=["  Alice <b>  ", ""], seed=1)
    assert [s["name"] for s in created["seats"]] == ["Alice <b>", ""]     # trimmed, kept as text
    tid = created["id"]
    for token in (None, tokens_of(created)["p2"]):
        snap = sqlite_server.snap(tid, token)
        assert {s["seat"]: s["name"] for s in snap["seats"]} == {"p1": "Alice <b>", "p2": ""}
    listed = httpx.get(f"{sqlite_server.url}/api/tables", params={"game": "heroica"}).json()["tables"]
    mine = next(t for t in listed if t["id"] == tid)
    assert mine["seats"][0]["name"] == "Alice <b>"


@pytest.mark.parametrize(("names", "fragment"), [
    (["x" * 41, ""], "at most 40 characters"),
    (["bad\nname", ""], "names.0"),
    (["only one"], "names: one per seat (2), not 1"),
])
def test_player_names_are_bounded(sqlite_server: ServerProc, names: list[str], fragment: str) -> None:
    r = httpx.post(f"{sqlite_server.url}/api/tables", json={"game": "heroica", "seats": ["human", "human"],
                                                            "names": names})
    assert r.status_code == 422 and fragment in r.text, r.text


def test_an_open_seat_is_joined_once(sqlite_server: ServerProc) -> None:
    created = sqlite_server.create("heroica", ["human", "open"], names=["Ann", ""], seed=2)
    tid = created["id"]
    p2 = next(s for s in created["seats"] if s["seat"] == "p2")
    assert p2.get("open") is True and "token" not in p2 and p2["spec"] == "human"
    listed = httpx.get(f"{sqlite_server.url}/api/tables", params={"status": "open"}).json()["tables"]
    seats = {s["seat"]: s for s in next(t for t in listed if t["id"] == tid)["seats"]}
    assert seats["p2"]["open"] is True and seats["p1"]["open"] is False
    r = httpx.post(f"{sqlite_server.url}/api/tables/{tid}/join", json={"seat": "p2", "name": "Bea"})
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == "p2" and joined["link"].endswith(f"/t/{tid}#token={joined['token']}")
    snap = sqlite_server.snap(tid, joined["token"])
    assert snap["seat"] == "p2" and {s["seat"]: s["name"] for s in snap["seats"]} == {"p1": "Ann", "p2": "Bea"}
    for seat in ("p2", "p1", "p9"):         # taken, held by its creator, no such seat
        again = httpx.post(f"{sqlite_server.url}/api/tables/{tid}/join", json={"seat": seat, "name": "Cy"})
        assert again.status_code == 409, again.text
    assert httpx.post(f"{sqlite_server.url}/api/tables/nope/join", json={"seat": "p1"}).status_code == 404
    # the seat plays: p1 moves, then p2's token is the one to move
    p1 = tokens_of(created)["p1"]
    first = sqlite_server.snap(tid, p1)["legal"][0]["action"]
    assert sqlite_server.act(tid, p1, first).status_code == 200


def test_a_seat_joined_through_another_process_opens_there(sqlite_server: ServerProc, tmp_path: Path) -> None:
    other = ServerProc(sqlite_server.db, tmp_path).start()
    try:
        created = sqlite_server.create("heroica", ["open", "human"], seed=3)
        tid = created["id"]
        assert other.snap(tid)["seats"][0]["name"] == ""        # the other process has it cached
        r = httpx.post(f"{sqlite_server.url}/api/tables/{tid}/join", json={"seat": "p1", "name": "Di"})
        assert r.status_code == 200, r.text
        snap = other.snap(tid, r.json()["token"])
        assert snap["seat"] == "p1" and snap["seats"][0]["name"] == "Di"
        assert other.act(tid, "not-a-token", "x").status_code == 403
    finally:
        other.stop()


def test_an_old_database_gets_the_names_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE qb_tables (id VARCHAR(40) PRIMARY KEY, game VARCHAR(64) NOT NULL, setup TEXT "
                "NOT NULL, seed BIGINT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL, n_actions INTEGER "
                "NOT NULL, status VARCHAR(16) NOT NULL, to_move TEXT NOT NULL, bot_turn INTEGER NOT NULL, "
                "outcome TEXT, created FLOAT NOT NULL, updated FLOAT NOT NULL)")
    con.execute("INSERT INTO qb_tables VALUES ('old', 'heroica', '{\"players\": 2}', 3, "
                "'[{\"seat\": \"p1\", \"spec\": \"human\"}, {\"seat\": \"p2\", \"spec\": \"human\"}]', "
                "'{\"p1\": \"h1\", \"p2\": \"h2\"}', 0, 'open', '[\"p1\"]', 0, NULL, 1.0, 1.0)")
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    row = store.get_table("old")
    assert row is not None and row.names == {} and row.open_seats() == []
    with pytest.raises(Conflict, match="not open"):
        TableService(store).join("old", "p2", "Zed")
