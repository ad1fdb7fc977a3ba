"""A live table plays through ``core.Match`` (issue #16): the match holds the state, the action log
and the events, the same as the store and the table's own answers."""

from __future__ import annotations

from pathlib import Path

from questbox.core import Match
from questbox.server.store import Store
from questbox.server.tables import TableService


def test_a_table_is_a_match_with_seats(tmp_path: Path) -> None:
    svc = TableService(Store(f"sqlite:///{tmp_path / 't.db'}"))
    row, tokens = svc.create("pig", ["human", "human"], None, 5)
    lt = svc.load(row.id)
    for _ in range(8):
        seat = lt.state.to_move()[0]
        svc.act(row.id, tokens[seat], "roll" if lt.version % 3 else "hold")
    m = lt.match
    assert isinstance(m, Match) and m.state is lt.state
    assert m.actions == svc.store.actions(row.id) == lt.actions and m.version == lt.version == 8
    # the events a spectator gets are the match's, each marked with the action it belongs to
    assert m.events is not None and m.event_versions is not None
    snap = lt.snapshot(None)
    assert [(e["v"], e["text"]) for e in snap["events"]] == [
        (v, e.text) for v, e in zip(m.event_versions, m.events, strict=True) if e.visible_to(None)]
    assert [(e["v"], e["text"]) for e in lt.snapshot(None, since=5)["events"]] == [
        (v, e.text) for v, e in zip(m.event_versions, m.events, strict=True) if v > 5 and e.visible_to(None)]
    # the table's replay is the match's (with the table and its seats as meta)
    assert lt.replay().to_json() == m.replay({"table": row.id, "seats": ["human", "human"]}).to_json()
    # a table loaded afresh from the stored log is the same match
    again = TableService(svc.store).load(row.id)
    assert again.match.actions == m.actions and again.state == m.state
    assert again.match.event_versions == m.event_versions
