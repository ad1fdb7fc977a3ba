"""The ASGI app: lobby API, table API, WebSocket seats and the web page (FastAPI).

HTTP API (JSON; every error, 4xx or 5xx, is ``{"error": message}``; docs/server.md, *Security*):

==========================================  ===================================================
``GET  /api/games``                         the registered games, their seat counts and bots
``GET  /api/games/{game}/setup?seats=N``    the default setup document for N seats
``GET  /api/games/{game}/glossary``          the game's rule texts (tooltips, How to play)
``POST /api/tables``                        create a table → its id, a join link per human seat
``GET  /api/tables?status=open|finished``   the lobby's table lists
``GET  /api/tables/{id}``                   a snapshot for the seat of ``X-Seat-Token`` (or a
                                            spectator): view, legal actions, events, outcome
``POST /api/tables/{id}/actions``           ``{"action": "roll", "expect": 3}`` with the token
``POST /api/tables/{id}/undo``              the seat's undo (``{"expect": 7}``), when offered
``POST /api/tables/{id}/rematch``           a finished table's rematch (same seats and tokens)
``GET  /api/tables/{id}/replay``            the replay (core format), once the game is over
``GET  /api/tables/{id}/replay/view``       ``?step=k&seat=s``: step k as seat s saw it (finished)
``POST /api/replay/view``                   the same for a replay file: ``{replay, step, seat}``
``WS   /api/tables/{id}/ws``                live snapshots; ``{"type": "hello", "token", "since"}``
                                            first, then ``{"type": "act", "action", "id"}``
==========================================  ===================================================
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from questbox.core import register_game
from questbox.core.agent import AgentLimits
from questbox.server import routes
from questbox.server.live import BotDriver, Hub, PgListener
from questbox.server.routes import (
    ERROR_RESPONSES,
    MAX_REPLAY_BODY,
    WEB,
    ActRequest,
    CreateTable,
    ErrorBody,
    Server,
    validation_message,
)
from questbox.server.store import NOTIFY_CHANNEL, Store
from questbox.server.tables import LiveTable, ServerError, TableService
from questbox.server.uploads import (
    MAX_SETUP_DEPTH,
    MAX_SETUP_NODES,
    MAX_SETUP_TEXT,
    check_setup_document,
    parse_setup_text,
)

__all__ = ["MAX_BODY", "MAX_SETUP_BODY", "MAX_SETUP_DEPTH", "MAX_SETUP_NODES", "MAX_SETUP_TEXT", "MAX_WS_MESSAGE",
           "WEB", "ActRequest", "BodyLimit", "CreateTable", "ErrorBody", "check_setup_document", "create_app",
           "limits_from_env", "parse_setup_text", "register_extra_games"]

log = logging.getLogger("questbox.server")

#: request bodies: actions and the like are tiny; a table's setup may be larger (JSON escaping
#: may double the size of a setup file's text)
MAX_BODY = 64 * 1024
MAX_SETUP_BODY = 2 * MAX_SETUP_TEXT + 64 * 1024
#: the largest WebSocket message a client may send
MAX_WS_MESSAGE = 16 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse HTTP request bodies over the limit with 413 (by Content-Length or while streaming)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        limit = MAX_SETUP_BODY if path == "/api/tables" else MAX_REPLAY_BODY if path == "/api/replay/view" else MAX_BODY
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _send_error(send, 413, f"request body over {limit} bytes")
                    return
        seen = 0
        started = False
        refused = False

        async def limited() -> Message:
            nonlocal seen, started, refused
            msg = await receive()
            if msg["type"] == "http.request" and not refused:
                seen += len(msg.get("body", b""))
                if seen > limit:
                    # answer 413 now and let the app see a client that went away
                    refused = True
                    if not started:
                        started = True
                        await _send_error(send, 413, f"request body over {limit} bytes")
                    return {"type": "http.disconnect"}
            return msg

        async def tracking(msg: Message) -> None:
            nonlocal started
            if refused:
                return                  # the 413 is already sent
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        await self.app(scope, limited, tracking)


async def _send_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def register_extra_games(spec: str | None) -> None:
    """``QUESTBOX_EXTRA_GAMES=module:ATTR,...``: games that are not installed as entry points
    (a game under development, the tests' Pig)."""
    for item in filter(None, (s.strip() for s in (spec or "").split(","))):
        module, _, attr = item.partition(":")
        obj = getattr(importlib.import_module(module), attr or "GAME")
        register_game(obj() if isinstance(obj, type) else obj)


def _env_number(name: str, kind: Callable[[str], Any], default: Any) -> Any:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} is not a {kind.__name__}") from None


def limits_from_env(**given: Any) -> AgentLimits:
    """The bots' budgets: ``given`` (``questbox serve`` options; ``None``: not given), else
    ``QUESTBOX_BOT_MAX_ITERS`` / ``_MAX_SECONDS`` / ``_MAX_DEPTH``, else the defaults."""
    base = AgentLimits()
    values = {
        "max_iters": _env_number("QUESTBOX_BOT_MAX_ITERS", int, base.max_iters),
        "max_seconds": _env_number("QUESTBOX_BOT_MAX_SECONDS", float, base.max_seconds),
        "max_depth": _env_number("QUESTBOX_BOT_MAX_DEPTH", int, base.max_depth),
    }
    values.update({k: v for k, v in given.items() if v is not None})
    return AgentLimits(**values)


def create_app(db: str | None = None, *, bot_delay: float | None = None, limits: AgentLimits | None = None,
               bot_workers: int | None = None) -> FastAPI:
    """The questbox ASGI app over the database ``db`` (``None``: ``sqlite:///questbox.db``).

    ``limits``: the bots' budgets per decision (``None``: :func:`limits_from_env`); ``bot_workers``:
    the threads bots think on, shared by every table (``None``: ``QUESTBOX_BOT_WORKERS``, else 2).
    The routes are :mod:`questbox.server.routes`' routers, over the parts built here.
    """
    register_extra_games(os.environ.get("QUESTBOX_EXTRA_GAMES"))
    if bot_delay is None:
        bot_delay = float(os.environ.get("QUESTBOX_BOT_DELAY", "0") or 0)
    if bot_workers is None:
        bot_workers = _env_number("QUESTBOX_BOT_WORKERS", int, 2)
    if bot_workers < 1:
        raise ValueError(f"bot workers: at least 1 (got {bot_workers})")
    store = Store(db)
    service = TableService(store, limits=limits if limits is not None else limits_from_env())
    hub = Hub(service)
    srv = Server(store, service, hub, BotDriver(service, hub, delay=bot_delay, workers=bot_workers))
    app = FastAPI(title="questbox", lifespan=_lifespan(srv), docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json", responses=ERROR_RESPONSES)
    app.state.server = srv
    app.state.store, app.state.service, app.state.hub = store, service, hub
    _error_handlers(app)
    app.include_router(routes.pages)
    routes.mount_static(app)
    app.include_router(routes.lobby)
    app.include_router(routes.seats)
    app.include_router(routes.live)
    app.add_middleware(BodyLimit)
    return app


def _lifespan(srv: Server) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """Start: PostgreSQL's listener (another process's actions), the bots of tables left waiting;
    stop: the bots, the listener, the database."""

    def remote_change(table_id: str, version: int) -> None:
        """Another process (or this one) committed ``version`` of a table: catch up and publish."""
        tids = list(srv.hub.subs) if not table_id else [table_id]
        for tid in tids:
            lt = srv.service.cached(tid)
            if lt is None or (table_id and lt.version >= version):
                continue
            asyncio.get_running_loop().create_task(_catch_up(lt, version if table_id else None))

    async def _catch_up(lt: LiveTable, version: int | None) -> None:
        try:
            if await run_in_threadpool(srv.service.catch_up, lt, version):
                srv.hub.publish(lt.id)
        except Exception:
            log.exception("catching up table %s", lt.id)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        listener: list[PgListener] = []
        if srv.store.is_postgres:
            pg = PgListener(srv.store.libpq_url(), NOTIFY_CHANNEL, loop, remote_change)
            pg.start()
            await loop.run_in_executor(None, pg.ready.wait, 10.0)
            listener.append(pg)
        # tables left waiting for a bot (a restart, or a process that died mid-game)
        for tid in await run_in_threadpool(srv.store.bot_turn_tables):
            srv.drivers.kick(tid)
        yield
        await srv.drivers.close()
        for pg in listener:
            pg.stop()
        srv.store.dispose()

    return lifespan


def _error_handlers(app: FastAPI) -> None:
    """Every refusal and failure answers ``{"error": message}`` (docs/server.md, *Security*)."""

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": validation_message(exc.errors())}, status_code=422)

    @app.exception_handler(RecursionError)
    async def _deep(_request: Request, _exc: RecursionError) -> JSONResponse:
        return JSONResponse({"error": "the document is nested too deeply"}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # the framework's own refusals (no such route 404, method 405, a body that is not JSON 400)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error", exc_info=exc)
        return JSONResponse({"error": f"the server failed ({type(exc).__name__})"},
                            status_code=500)
