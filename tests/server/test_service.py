"""The table service and the store in-process (SQLite): optimistic appends between two services
over one file (as two server processes would be), bots that fail, logs that no longer replay,
setup uploads, URLs and the cache."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from questbox.core import Action, registry
from questbox.server.app import parse_setup_text
from questbox.server.store import Store, normalize_url
from questbox.server.tables import Conflict, Forbidden, ServerError, TableService, Unprocessable


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 't.db'}"


def test_urls() -> None:
    assert normalize_url(None) == "sqlite:///questbox.db"
    assert normalize_url("games.db") == "sqlite:///games.db"
    assert normalize_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert normalize_url("postgres://h/db") == "postgresql+psycopg://h/db"
    assert normalize_url("sqlite:////abs/x.db") == "sqlite:////abs/x.db"


def test_setup_uploads() -> None:
    assert parse_setup_text('{"target": 5}') == {"target": 5}
    assert parse_setup_text("target: 5\nplayers: 3\n") == {"target": 5, "players": 3}
    assert parse_setup_text("") == {}
    for bad, why in [("[1, 2]", "mapping"), ("a: [", "neither JSON nor YAML"), ("a: &x 1\nb: *x", "aliases"),
                     ("a: !!python/object:os.system x", "neither JSON nor YAML"), ("d: 2020-01-01", "plain data")]:
        with pytest.raises(Unprocessable, match=why):
            parse_setup_text(bad)


def test_two_services_on_one_database_never_fork_the_log(db: str) -> None:
    a, b = TableService(Store(db)), TableService(Store(db))
    row, tokens = a.create("pig", ["human", "human"], {"target": 50}, 3)
    ta, tb = a.load(row.id), b.load(row.id)          # both have version 0 in memory
    a.act(row.id, tokens["p1"], "roll")
    assert ta.version == 1 and tb.version == 0       # b has not heard of it
    # b acting with "expect" at its stale version: refused, and b has caught up
    with pytest.raises(Conflict, match="moved on"):
        b.act(row.id, tokens["p1"], "hold", expect=0)
    assert tb.version == 1
    # without "expect", b's append is found stale, b catches up and applies on the new state
    a.act(row.id, tokens["p1"], "roll")
    b.act(row.id, tokens["p1"], "hold")
    assert tb.version == 3
    assert a.store.actions(row.id) == [("p1", "roll"), ("p1", "roll"), ("p1", "hold")]
    a.catch_up(ta)
    assert ta.state.to_json() == tb.state.to_json()


def test_refusals_change_nothing(db: str) -> None:
    svc = TableService(Store(db))
    row, tokens = svc.create("pig", ["human", "human"], None, 1)
    lt = svc.load(row.id)
    before = lt.state.to_json()
    with pytest.raises(Forbidden):
        svc.act(row.id, "nope", "roll")
    with pytest.raises(Forbidden, match="spectators"):
        svc.act(row.id, None, "roll")
    with pytest.raises(Conflict, match="not p2's turn"):
        svc.act(row.id, tokens["p2"], "roll")
    with pytest.raises(Unprocessable, match="legal action kinds"):
        svc.act(row.id, tokens["p1"], "dance")
    with pytest.raises(Unprocessable):
        svc.act(row.id, tokens["p1"], "x" * 500)
    assert lt.state.to_json() == before and lt.version == 0
    assert svc.store.actions(row.id) == []


class _Broken:
    name = "broken"

    def __init__(self, **_: Any) -> None:
        pass

    def act(self, state: Any, seat: str) -> Action:
        raise RuntimeError("out of ideas")


class _Cheat(_Broken):
    def act(self, state: Any, seat: str) -> Action:
        return Action("fly")


def test_a_failing_bot_is_reported_not_fatal(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # registered for this test only (the registry is global)
    monkeypatch.setitem(registry._extra_agents, "broken", _Broken)
    monkeypatch.setitem(registry._extra_agents, "cheat", _Cheat)
    svc = TableService(Store(db))
    row, _ = svc.create("pig", ["broken", "human"], None, 1)
    assert svc.bot_move(row.id) is False
    snap = svc.load(row.id).snapshot("p2")
    assert "the bot in seat p1 (broken) failed: RuntimeError: out of ideas" in snap["error"]
    row, _ = svc.create("pig", ["cheat", "human"], None, 1)
    assert svc.bot_move(row.id) is False
    assert "illegal action fly" in (svc.load(row.id).error or "")
    assert svc.load(row.id).version == 0


def test_a_log_that_no_longer_replays_is_a_clear_error(db: str) -> None:
    svc = TableService(Store(db))
    row, _ = svc.create("pig", ["human", "human"], None, 1)
    with svc.store.engine.begin() as conn:
        conn.execute(text("INSERT INTO qb_actions (table_id, idx, seat, action, created) "
                          "VALUES (:t, 0, 'p1', 'fly', 0)"), {"t": row.id})
    fresh = TableService(Store(db))
    with pytest.raises(ServerError, match=r"stored action 1 \(p1: fly\) no longer replays") as info:
        fresh.load(row.id)
    assert info.value.status == 500


def test_the_cache_keeps_tables_with_subscribers(db: str) -> None:
    svc = TableService(Store(db), cache_size=2)
    ids = [svc.create("pig", ["human", "human"], None, i)[0].id for i in range(4)]
    svc.pinned.add(ids[0])
    for tid in ids:
        svc.load(tid)
    assert svc.cached(ids[0]) is not None
    assert len(svc._cache) == 2
    assert svc.load(ids[1]).version == 0              # an evicted table loads again from the log
