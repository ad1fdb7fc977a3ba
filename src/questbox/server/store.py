"""Storage: a table is its setup + seed + action log, in SQL (SQLAlchemy Core).

The same code runs on an embedded SQLite file (the default) and on PostgreSQL (``--db
postgresql://...``). Every accepted action is one transaction that

1. advances the table's action counter *only if it still has the value this process saw*
   (``UPDATE ... WHERE n_actions = :n``: optimistic concurrency between server processes),
2. inserts the action row (primary key ``(table_id, idx)``: two writers can never both append
   action ``idx``), and
3. on PostgreSQL, ``pg_notify``\\ s the other server processes (delivered on commit).

The answer to the client is sent only after the commit, so an acknowledged action survives a
killed server process.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import ConnectionPoolEntry

NOTIFY_CHANNEL = "questbox_tables"

metadata = MetaData()

tables_t = Table(
    "qb_tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("setup", Text, nullable=False),          # JSON: the setup document given to Game.new
    Column("seed", BigInteger, nullable=False),
    # a seed too wide for BigInteger (the server's keyed seeds, questbox.core.rng), in decimal; then
    # seed holds 0. Added after the first release: _widen adds it to an older database.
    Column("seed_wide", Text, nullable=True),
    Column("seats", Text, nullable=False),          # JSON: [{"seat": "p1", "spec": "human"}, ...]
    Column("tokens", Text, nullable=False),         # JSON: {seat: sha256 of the seat token}
    Column("n_actions", Integer, nullable=False),
    Column("status", String(16), nullable=False),   # "open" | "finished"
    Column("to_move", Text, nullable=False),        # JSON list of seats
    Column("bot_turn", Integer, nullable=False),    # 1 when a bot seat is to move
    Column("outcome", Text, nullable=True),         # JSON of Outcome, once finished
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # the game's rules version the table is played under (Game.rules_version, as text); tables
    # from before the column existed were played under the first rules, 1
    Column("rules_version", String(32), nullable=False, server_default="1"),
    # JSON: {seat: player name} as given at creation or when joining (added after the first release)
    Column("names", Text, nullable=True),
    # the table a rematch of this one was created as (docs/server.md, *Rematch*); added later too
    Column("rematch", String(40), nullable=True),
)
Index("qb_tables_status", tables_t.c.status, tables_t.c.updated)

actions_t = Table(
    "qb_actions", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("idx", Integer, primary_key=True),       # 0-based position in the table's log
    Column("seat", String(64), nullable=False),
    Column("action", Text, nullable=False),
    Column("created", Float, nullable=False),
)


def normalize_url(db: str | None) -> str:
    """``None`` → ``sqlite:///questbox.db``; a bare path → a SQLite file; ``postgresql://`` → psycopg 3."""
    if not db:
        return "sqlite:///questbox.db"
    if "://" not in db:
        return f"sqlite:///{db}"
    for prefix in ("postgresql://", "postgres://"):
        if db.startswith(prefix):
            return "postgresql+psycopg://" + db[len(prefix):]
    return db


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    setup: dict[str, Any] | None
    seed: int
    seats: list[dict[str, str]]
    tokens: dict[str, str]
    n_actions: int
    status: str
    to_move: list[str]
    bot_turn: bool
    outcome: dict[str, Any] | None
    created: float
    updated: float
    rules_version: str = "1"
    names: dict[str, str] = field(default_factory=dict)
    rematch: str | None = None

    def open_seats(self) -> list[str]:
        """The human seats nobody holds a token of yet (anyone may join them from the lobby)."""
        return [s["seat"] for s in self.seats if s["spec"] == "human" and s["seat"] not in self.tokens]

    def public(self) -> dict[str, Any]:
        """What the lobby may show about a table (never the seed or tokens of an open table)."""
        doc: dict[str, Any] = {
            "id": self.id, "game": self.game, "status": self.status, "actions": self.n_actions,
            "seats": [{"seat": s["seat"], "kind": "human" if s["spec"] == "human" else "bot",
                       "spec": s["spec"], "name": self.names.get(s["seat"], ""),
                       "open": s["spec"] == "human" and s["seat"] not in self.tokens} for s in self.seats],
            "to_move": self.to_move, "outcome": self.outcome, "created": self.created,
            "updated": self.updated, "rules_version": self.rules_version, "rematch": self.rematch,
        }
        return doc


def _row(r: Any) -> TableRow:
    return TableRow(id=r.id, game=r.game, setup=json.loads(r.setup),
                    seed=int(r.seed_wide) if r.seed_wide is not None else int(r.seed),
                    seats=json.loads(r.seats), tokens=json.loads(r.tokens), n_actions=r.n_actions,
                    status=r.status, to_move=json.loads(r.to_move), bot_turn=bool(r.bot_turn),
                    outcome=json.loads(r.outcome) if r.outcome else None, created=r.created,
                    updated=r.updated, rules_version=str(r.rules_version),
                    names=json.loads(r.names) if r.names else {}, rematch=r.rematch)


def _sqlite_pragmas(dbapi_conn: Any, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    # WAL: readers never block the writer. synchronous=NORMAL in WAL mode: a committed transaction
    # is in the WAL file (the OS has it) before COMMIT returns, so a killed *process* loses
    # nothing; only a power cut may lose the last commits.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


#: columns added after the first release, with their DDL: a database made by an older questbox gets
#: them when a Store opens it (its tables stay readable)
_ADDED_COLUMNS = {
    "seed_wide": "TEXT",
    "rules_version": "VARCHAR(32) NOT NULL DEFAULT '1'",
    "names": "TEXT",
    "rematch": "VARCHAR(40)",
}


def _widen(engine: Engine, is_postgres: bool) -> None:
    """Add the columns of :data:`_ADDED_COLUMNS` that the table lacks. Safe when several processes
    start at once (the loser of a race finds the column there)."""
    def have() -> set[str]:
        return {c["name"] for c in inspect(engine).get_columns(tables_t.name)}

    exists = " IF NOT EXISTS" if is_postgres else ""
    for name, ddl in _ADDED_COLUMNS.items():
        if name in have():
            continue
        try:
            with engine.begin() as conn:
                conn.execute(text(f"ALTER TABLE {tables_t.name} ADD COLUMN{exists} {name} {ddl}"))
        except DBAPIError:              # another process added it first
            if name not in have():
                raise


class Store:
    """Tables and their action logs in one SQL database."""

    def __init__(self, db: str | None) -> None:
        self.url = normalize_url(db)
        url = make_url(self.url)
        self.is_postgres = url.get_backend_name() == "postgresql"
        self.is_sqlite = url.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
        else:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine: Engine = create_engine(self.url, **kwargs)
        self._write_lock: threading.Lock | None = threading.Lock() if self.is_sqlite else None
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        _widen(self.engine, self.is_postgres)
        # the hot statements, built once (SQLAlchemy then reuses their compiled form)
        self._advance = (
            tables_t.update()
            .where(tables_t.c.id == bindparam("b_id"), tables_t.c.n_actions == bindparam("b_n"))
            .values(n_actions=bindparam("b_next"), status=bindparam("b_status"), to_move=bindparam("b_to_move"),
                    bot_turn=bindparam("b_bot"), outcome=bindparam("b_outcome"), updated=bindparam("b_now")))
        self._append = actions_t.insert().values(
            table_id=bindparam("a_table"), idx=bindparam("a_idx"), seat=bindparam("a_seat"),
            action=bindparam("a_action"), created=bindparam("a_now"))
        self._notify = text("SELECT pg_notify(:ch, :payload)")
        self._since = (select(actions_t.c.seat, actions_t.c.action)
                       .where(actions_t.c.table_id == bindparam("a_table"), actions_t.c.idx >= bindparam("a_idx"))
                       .order_by(actions_t.c.idx))

    def dispose(self) -> None:
        self.engine.dispose()

    def libpq_url(self) -> str:
        """The URL for a plain psycopg connection (LISTEN), without SQLAlchemy's driver suffix."""
        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        # SQLite has one writer at a time; a writer that finds the file locked sleeps in steps of
        # up to 100 ms, so this process's writers queue on a lock instead (no sleeping)
        if self._write_lock is not None:
            with self._write_lock, self.engine.begin() as conn:
                yield conn
        else:
            with self.engine.begin() as conn:
                yield conn

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, *, table_id: str, game: str, setup: dict[str, Any] | None, seed: int,
                     seats: list[dict[str, str]], tokens: dict[str, str], to_move: list[str],
                     bot_turn: bool, rules_version: str, names: dict[str, str] | None = None,
                     rematch_of: str | None = None) -> TableRow:
        """A new table (``rematch_of``: as that finished table's rematch, in the same transaction;
        if that table already has one, nothing is written and its rematch's row is returned)."""
        now = time.time()
        wide = not -(1 << 63) <= seed < 1 << 63
        values = {"id": table_id, "game": game, "setup": json.dumps(setup), "seed": 0 if wide else seed,
                  "seed_wide": str(seed) if wide else None,
                  "seats": json.dumps(seats), "tokens": json.dumps(tokens), "n_actions": 0,
                  "status": "open", "to_move": json.dumps(to_move), "bot_turn": int(bot_turn),
                  "outcome": None, "created": now, "updated": now, "rules_version": rules_version,
                  "names": json.dumps(names or {})}
        with self._tx() as conn:
            if rematch_of is not None:
                res = conn.execute(tables_t.update().where(tables_t.c.id == rematch_of, tables_t.c.rematch.is_(None))
                                   .values(rematch=table_id))
                if res.rowcount != 1:       # another request made the rematch first
                    conn.rollback()
                    existing = self.get_table(rematch_of)
                    assert existing is not None and existing.rematch is not None
                    table_id = existing.rematch
                    values = {}
            if values:
                conn.execute(tables_t.insert().values(**values))
        row = self.get_table(table_id)
        assert row is not None
        return row

    def claim_seat(self, table_id: str, seat: str, token_hash: str, name: str) -> TableRow | None:
        """Give the open seat ``seat`` (a human seat without a token) the token ``token_hash`` and the
        player's name, in one transaction that only succeeds if the seat is still open (two people
        joining at once: one gets it). ``None`` if the seat is not open (or there is no table)."""
        with self._tx() as conn:
            r = conn.execute(select(tables_t.c.seats, tables_t.c.tokens, tables_t.c.names)
                             .where(tables_t.c.id == table_id)).first()
            if r is None:
                return None
            tokens = json.loads(r.tokens)
            humans = {s["seat"] for s in json.loads(r.seats) if s["spec"] == "human"}
            if seat not in humans or seat in tokens:
                return None
            names = json.loads(r.names) if r.names else {}
            tokens[seat] = token_hash
            if name:
                names[seat] = name
            res = conn.execute(tables_t.update()
                               .where(tables_t.c.id == table_id, tables_t.c.tokens == r.tokens)
                               .values(tokens=json.dumps(tokens), names=json.dumps(names), updated=time.time()))
            if res.rowcount != 1:
                conn.rollback()
                return None
        return self.get_table(table_id)

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
        return _row(r) if r is not None else None

    def n_actions(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            n = conn.execute(select(tables_t.c.n_actions).where(tables_t.c.id == table_id)).scalar()
        return None if n is None else int(n)

    def list_tables(self, status: str | None = None, game: str | None = None,
                    limit: int = 50) -> list[TableRow]:
        q = select(tables_t)
        if status:
            q = q.where(tables_t.c.status == status)
        if game:
            q = q.where(tables_t.c.game == game)
        q = q.order_by(tables_t.c.updated.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(q)]

    def count_tables(self) -> dict[str, int]:
        q = select(tables_t.c.status, func.count()).group_by(tables_t.c.status)
        with self.engine.connect() as conn:
            return {str(s): int(n) for s, n in conn.execute(q)}

    def bot_turn_tables(self) -> list[str]:
        q = select(tables_t.c.id).where(tables_t.c.status == "open", tables_t.c.bot_turn == 1)
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(q)]

    # -- actions -----------------------------------------------------------------------------
    def actions(self, table_id: str, start: int = 0) -> list[tuple[str, str]]:
        with self.engine.connect() as conn:
            rows = conn.execute(self._since, {"a_table": table_id, "a_idx": start})
            return [(str(s), str(a)) for s, a in rows]

    def append_action(self, table_id: str, idx: int, seat: str, action: str, *, status: str,
                      to_move: list[str], bot_turn: bool, outcome: dict[str, Any] | None) -> bool:
        """Append action ``idx`` in one transaction; ``False`` (nothing written) if the table has
        moved on since this process last saw it (another process appended first)."""
        now = time.time()
        with self._tx() as conn:
            res = conn.execute(self._advance, {
                "b_id": table_id, "b_n": idx, "b_next": idx + 1, "b_status": status,
                "b_to_move": json.dumps(to_move), "b_bot": int(bot_turn),
                "b_outcome": json.dumps(outcome) if outcome else None, "b_now": now})
            if res.rowcount != 1:
                conn.rollback()
                return False
            conn.execute(self._append, {"a_table": table_id, "a_idx": idx, "a_seat": seat, "a_action": action,
                                        "a_now": now})
            if self.is_postgres:
                conn.execute(self._notify, {"ch": NOTIFY_CHANNEL, "payload": f"{table_id}:{idx + 1}"})
        return True
