"""Tables record the rules version they are played under; a table played under other rules than
its game's now is marked, stays readable (its log, and its replay once finished) and is closed to
actions, instead of failing with a 500 ("no longer replays").

``Pig2`` (tests/core/test_versions.py) is Pig after a rule fix that changes every later roll.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from questbox.core import Replay, ReplayError, registry
from questbox.server.app import create_app
from questbox.server.store import Store
from questbox.server.tables import Conflict, ServerError, TableService
from tests.core.pig import GAME as PIG
from tests.core.test_versions import Pig2


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 't.db'}"


def _play(svc: TableService, tid: str, tokens: dict[str, str], *, to_end: bool, limit: int = 400) -> None:
    for _ in range(limit):
        lt = svc.load(tid)
        if lt.state.is_over() or (not to_end and lt.version >= 12):
            return
        seat = lt.state.to_move()[0]
        svc.act(tid, tokens[seat], "hold" if lt.state.turn_points >= 6 else "roll")  # type: ignore[attr-defined]
    raise AssertionError("pig did not end")


def _tables(db: str) -> tuple[str, dict[str, str], str]:
    """An open table (12 actions played) and a finished one, under Pig v1."""
    svc = TableService(Store(db))
    open_row, open_tokens = svc.create("pig", ["human", "human"], {"target": 100}, 4)
    _play(svc, open_row.id, open_tokens, to_end=False)
    done_row, done_tokens = svc.create("pig", ["human", "human"], {"target": 15}, 9)
    _play(svc, done_row.id, done_tokens, to_end=True)
    return open_row.id, open_tokens, done_row.id


def test_a_table_row_records_its_rules_version(db: str) -> None:
    svc = TableService(Store(db))
    row, _ = svc.create("pig", ["human", "random"], None, 1)
    assert row.rules_version == str(PIG.rules_version) == "1"
    assert row.public()["rules_version"] == "1"
    lt = svc.load(row.id)
    assert lt.played_under is None and lt.snapshot(None)["played_under"] is None
    assert lt.replay().rules_version == 1


def test_old_databases_get_the_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE qb_tables (id VARCHAR(40) PRIMARY KEY, game VARCHAR(64) NOT NULL, setup TEXT "
                "NOT NULL, seed BIGINT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL, n_actions INTEGER "
                "NOT NULL, status VARCHAR(16) NOT NULL, to_move TEXT NOT NULL, bot_turn INTEGER NOT NULL, "
                "outcome TEXT, created FLOAT NOT NULL, updated FLOAT NOT NULL)")
    con.execute("INSERT INTO qb_tables VALUES ('old', 'pig', '{\"players\": 2}', 3, "
                "'[{\"seat\": \"p1\", \"spec\": \"human\"}, {\"seat\": \"p2\", \"spec\": \"human\"}]', '{}', 0, "
                "'open', '[\"p1\"]', 0, NULL, 1.0, 1.0)")
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    row = store.get_table("old")
    assert row is not None and row.rules_version == "1"
    Store(f"sqlite:///{path}")             # a second start finds the column there
    lt = TableService(store).load("old")
    assert lt.played_under is None and lt.status() == "open"


def test_tables_under_other_rules_are_marked_readable_and_closed(db: str, monkeypatch: Any) -> None:
    open_id, open_tokens, done_id = _tables(db)
    monkeypatch.setitem(registry._extra_games, "pig", Pig2())
    svc = TableService(Store(db))           # a server started after the rule fix
    lt = svc.load(open_id)                  # no 500
    assert lt.played_under == "played under rules v1"
    snap = lt.snapshot(lt.seat_of(open_tokens["p1"]))
    assert snap["played_under"] == "played under rules v1" and snap["rules_version"] == "1"
    assert snap["legal"] == [] and snap["to_move"] == [] and not snap["your_turn"]
    assert "closed to actions" in (snap["error"] or "") and "rules v2" in snap["error"]
    assert snap["status"] == "open" and lt.version == 12       # the whole stored log is there
    # the log stops replaying where the new rolls part from the old: the board shows that point
    assert lt.replayed is not None and lt.replayed < 12
    assert any(e["kind"] == "rules" and f"after {lt.replayed} actions" in e["text"] for e in snap["events"])
    with pytest.raises(Conflict, match=r"played under rules v1 and this server plays pig rules v2"):
        svc.act(open_id, open_tokens["p1"], "roll")
    assert svc.store.n_actions(open_id) == 12
    assert svc.bot_move(open_id) is False

    done = svc.load(done_id)
    assert done.status() == "finished" and done.outcome_json() == svc.store.get_table(done_id).outcome  # type: ignore[union-attr]
    rep = done.replay()
    assert rep.rules_version == "1" and rep.actions == svc.store.actions(done_id) and rep.final is None
    # the downloaded replay still reproduces its game under the rules it was played under
    rep.run(PIG)


def test_the_http_api_marks_them_and_still_serves_finished_replays(db: str, monkeypatch: Any) -> None:
    open_id, open_tokens, done_id = _tables(db)
    monkeypatch.setitem(registry._extra_games, "pig", Pig2())
    with TestClient(create_app(db, bot_delay=0)) as client:
        lobby = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
        assert lobby[open_id]["played_under"] == lobby[done_id]["played_under"] == "played under rules v1"
        assert lobby[open_id]["rules_version"] == "1"
        r = client.get(f"/api/tables/{open_id}")
        assert r.status_code == 200 and r.json()["played_under"] == "played under rules v1"
        r = client.post(f"/api/tables/{open_id}/actions", json={"action": "roll"},
                        headers={"X-Seat-Token": open_tokens["p1"]})
        assert r.status_code == 409 and "closed to actions" in r.text
        assert client.get(f"/api/tables/{open_id}/replay").status_code == 403
        r = client.get(f"/api/tables/{done_id}/replay")
        assert r.status_code == 200
        rep = Replay.from_json(r.json())
    assert rep.rules_version == "1"
    with pytest.raises(ReplayError, match="recorded under rules v1, this questbox plays pig rules v2"):
        rep.run(Pig2())


def test_a_log_that_fails_under_the_same_rules_is_still_an_error(db: str) -> None:
    svc = TableService(Store(db))
    row, tokens = svc.create("pig", ["human", "human"], None, 2)
    svc.act(row.id, tokens["p1"], "roll")
    with svc.store._tx() as conn:           # a corrupted log (not a rules change)
        conn.execute(text("UPDATE qb_actions SET action = 'jump'"))
    with pytest.raises(ServerError, match="no longer replays"):
        TableService(svc.store).load(row.id)
