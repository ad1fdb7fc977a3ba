"""Issue #15, hole 3: the server draws keyed seeds of 128 bits from ``secrets`` (a 31-bit seed was
found from one view in minutes), stores them exactly, and still reads the tables of an older
database (64-bit seed column, no wide column)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from questbox.core.rng import KEYED, SECRET_BITS
from questbox.server.store import Store
from questbox.server.tables import TableService


def test_server_seeds_are_keyed_128_bit_and_survive_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.db'}"
    svc = TableService(Store(db))
    rows = [svc.create("heirs", ["human", "human"], None, None)[0] for _ in range(8)]
    seeds = [r.seed for r in rows]
    assert all(s >= KEYED and s.bit_length() == SECRET_BITS + 1 for s in seeds)
    assert len(set(seeds)) == 8
    lt = svc.load(rows[0].id)
    assert "key" in lt.state.to_json()["rng"]          # the game runs on the keyed generator
    again = TableService(Store(db))                     # another process (or a restart) on the file
    assert again.store.get_table(rows[0].id).seed == seeds[0]  # type: ignore[union-attr]
    assert again.load(rows[0].id).state.to_json() == lt.state.to_json()
    # a seed a person chose is still a plain SplitMix64 seed, stored in the old column
    row, _ = svc.create("heirs", ["human", "human"], None, 2**63 - 1)
    assert again.store.get_table(row.id).seed == 2**63 - 1  # type: ignore[union-attr]


def test_a_database_from_before_wide_seeds_stays_readable(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Store(f"sqlite:///{path}").dispose()
    con = sqlite3.connect(path)                       # make it look like the old schema
    con.execute("ALTER TABLE qb_tables DROP COLUMN seed_wide")
    con.execute("INSERT INTO qb_tables (id, game, setup, seed, seats, tokens, n_actions, status, to_move, "
                "bot_turn, outcome, created, updated) VALUES ('old', 'heirs', 'null', 1234567, "
                "'[{\"seat\": \"p1\", \"spec\": \"human\"}, {\"seat\": \"p2\", \"spec\": \"human\"}]', '{}', 0, "
                "'open', '[\"p1\"]', 0, NULL, 0, 0)")
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    old = store.get_table("old")
    assert old is not None and old.seed == 1234567
    svc = TableService(store)
    assert svc.load("old").state.to_json()["rng"] != {}
    row, _ = svc.create("heirs", ["human", "human"], None, None)
    assert row.seed >= KEYED and store.get_table(row.id).seed == row.seed  # type: ignore[union-attr]
