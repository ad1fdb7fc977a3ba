"""Live updates: WebSocket subscribers per table, bots driven server-side, PostgreSQL fan-out.

* :class:`Hub` knows the WebSocket subscribers of each table in this process. ``publish(table)``
  marks them dirty; each subscriber's writer task then sends that seat's snapshot (only the newest
  one: several quick changes coalesce into one message).
* :class:`BotDriver` lets the bots of a table act one move at a time, on a small thread pool of
  its own (a bot thinking for seconds never holds the table's lock nor blocks the event loop), and
  publishes after every move so people see the bots' moves as they happen.
* :class:`PgListener` (PostgreSQL only) LISTENs for the NOTIFY that every committed action sends;
  another process's action makes this process catch up from the log and publish to its own
  subscribers.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import threading
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from questbox.core import Seat
from questbox.server.tables import LiveTable, TableService

log = logging.getLogger("questbox.server")


class Subscriber:
    """One WebSocket watching one table as one seat (``None``: a spectator)."""

    def __init__(self, ws: WebSocket, table: LiveTable, seat: Seat | None, since: int) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        #: the other seats the page holds (their tokens, ``also`` in its hello): a hot-seat undo
        self.also: tuple[str, ...] = ()
        self.held: frozenset[Seat] = frozenset()
        self.sent = since
        self.dirty = asyncio.Event()
        self.send_lock = asyncio.Lock()
        self.closed = False

    async def send(self, doc: dict[str, Any]) -> None:
        async with self.send_lock:
            await self.ws.send_text(json.dumps(doc, separators=(",", ":")))


class Hub:
    """The subscribers of every table this process serves."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.subs: dict[str, set[Subscriber]] = {}

    def add(self, table_id: str, sub: Subscriber) -> None:
        before = self.online(table_id)
        self.subs.setdefault(table_id, set()).add(sub)
        self.service.pinned.add(table_id)
        if self.online(table_id) != before:
            self.publish(table_id)      # a seat came online: everyone sees it
        else:
            sub.dirty.set()             # a spectator (or a seat's second page): only its snapshot

    def remove(self, table_id: str, sub: Subscriber) -> None:
        subs = self.subs.get(table_id)
        if subs is None:
            return
        before = self.online(table_id)
        subs.discard(sub)
        if not subs:
            del self.subs[table_id]
            self.service.pinned.discard(table_id)
        elif self.online(table_id) != before:
            self.publish(table_id)

    def online(self, table_id: str) -> list[Seat]:
        return sorted({s.seat for s in self.subs.get(table_id, ()) if s.seat is not None})

    def publish(self, table_id: str) -> None:
        for sub in self.subs.get(table_id, ()):
            sub.dirty.set()

    async def writer(self, sub: Subscriber) -> None:
        """Send ``sub`` its seat's snapshot whenever the table changes (coalescing bursts)."""
        loop = asyncio.get_running_loop()
        while not sub.closed:
            await sub.dirty.wait()
            sub.dirty.clear()
            snap = await loop.run_in_executor(None, sub.table.snapshot, sub.seat, sub.sent, sub.held)
            snap["online"] = self.online(sub.table.id)
            sub.sent = snap["version"]
            try:
                await sub.send(snap)
            except Exception:           # the socket went away; the reader ends the subscription
                return


class BotDriver:
    """Runs the bots of tables whose turn is a bot's, one move at a time."""

    def __init__(self, service: TableService, hub: Hub, *, delay: float = 0.0, workers: int = 2) -> None:
        self.service = service
        self.hub = hub
        self.delay = delay
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="qb-bot")
        self.running: dict[str, asyncio.Task[None]] = {}
        self.pending: set[str] = set()

    def kick(self, table_id: str) -> None:
        self.pending.add(table_id)
        if table_id not in self.running:
            self.running[table_id] = asyncio.get_running_loop().create_task(self._drive(table_id))

    async def _drive(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        try:
            while table_id in self.pending:
                self.pending.discard(table_id)
                while True:
                    if self.delay:
                        await asyncio.sleep(self.delay)
                    moved = await loop.run_in_executor(self.pool, self.service.bot_move, table_id)
                    self.hub.publish(table_id)
                    if not moved:
                        break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("driving the bots of table %s", table_id)
        finally:
            self.running.pop(table_id, None)

    async def close(self) -> None:
        for task in list(self.running.values()):
            task.cancel()
        for task in list(self.running.values()):
            with contextlib.suppress(BaseException):
                await task
        self.pool.shutdown(wait=False, cancel_futures=True)


class PgListener(threading.Thread):
    """LISTEN on the tables channel; hands each ``table:version`` payload to ``callback`` on the loop
    (and ``("", 0)`` after every (re)connection: "check every table you serve")."""

    def __init__(self, url: str, channel: str, loop: asyncio.AbstractEventLoop,
                 callback: Callable[[str, int], None]) -> None:
        super().__init__(name="qb-pg-listen", daemon=True)
        self.url = url
        self.channel = channel
        self.loop = loop
        self.callback = callback
        self.stopping = threading.Event()
        self.ready = threading.Event()

    def run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {self.channel}")
                    self.ready.set()
                    # notifications sent while we were not listening are lost: resync everything
                    self.loop.call_soon_threadsafe(self.callback, "", 0)
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            tid, _, n = note.payload.rpartition(":")
                            if tid and n.isdigit():
                                self.loop.call_soon_threadsafe(self.callback, tid, int(n))
            except Exception as exc:
                if self.stopping.is_set():
                    return
                log.warning("PostgreSQL LISTEN connection lost (%s); reconnecting", exc)
                self.stopping.wait(1.0)

    def stop(self) -> None:
        self.stopping.set()
