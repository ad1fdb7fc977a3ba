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
``GET  /api/tables/{id}/replay``            the replay (core format), once the game is over
``WS   /api/tables/{id}/ws``                live snapshots; ``{"type": "hello", "token", "since"}``
                                            first, then ``{"type": "act", "action", "id"}``
==========================================  ===================================================
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Annotated, Any

import yaml
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles

from questbox.core import QuestboxError, UnknownGame, games, get_game, register_game
from questbox.core.agent import AgentLimits, agent_names
from questbox.server.live import BotDriver, Hub, PgListener, Subscriber
from questbox.server.store import NOTIFY_CHANNEL, Store
from questbox.server.tables import (
    Forbidden,
    LiveTable,
    ServerError,
    TableService,
    TooLarge,
    Unprocessable,
    played_under,
)

log = logging.getLogger("questbox.server")

WEB = Path(__file__).resolve().parent.parent / "web"
#: an uploaded setup file (``setup_text``, UTF-8): the games' largest data file is 12 KB
MAX_SETUP_TEXT = 256 * 1024
#: the nodes (mappings, lists and scalars) and nesting of a setup document, as text or as JSON
#: (the largest data file, hero-ik's cards, has 1,200 nodes and 5 levels)
MAX_SETUP_NODES = 5_000
MAX_SETUP_DEPTH = 32
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
        limit = MAX_SETUP_BODY if scope["path"] == "/api/tables" else MAX_BODY
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


#: libyaml's safe loader (C) where PyYAML has it: the pure-Python one is ~20 times slower
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _too_big(nodes: int, depth: int) -> str | None:
    if nodes > MAX_SETUP_NODES:
        return f"a setup document has at most {MAX_SETUP_NODES} values (lists, mappings and scalars)"
    if depth > MAX_SETUP_DEPTH:
        return f"a setup document is nested at most {MAX_SETUP_DEPTH} levels deep"
    return None


def _scan_yaml(text: str) -> None:
    """Walk the YAML event stream once, without building anything: refuse aliases (a small file
    must not expand into a huge document), too many nodes or too deep a nesting, as soon as seen."""
    nodes = depth = 0
    for event in yaml.parse(text, Loader=_SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            raise Unprocessable("aliases (*name) are not accepted in an uploaded setup")
        if isinstance(event, yaml.ScalarEvent):
            nodes += 1
        elif isinstance(event, _OPEN):
            nodes += 1
            depth += 1
        elif isinstance(event, _CLOSE):
            depth -= 1
        else:
            continue
        why = _too_big(nodes, depth)
        if why:
            raise Unprocessable(why)


def check_setup_document(doc: Any) -> None:
    """``Unprocessable`` if a setup document (parsed JSON) has too many nodes or nests too deep."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        item, depth = stack.pop()
        nodes += 1
        why = _too_big(nodes, depth)
        if why:
            raise Unprocessable(why)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
            nodes += len(item)              # the keys
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def parse_setup_text(text: str) -> dict[str, Any]:
    """A setup document uploaded as JSON or YAML text (safe loader, no aliases, bounded size,
    nodes and depth: ``TooLarge`` (413) or ``Unprocessable`` (422) as soon as a limit is passed).

    Slow for the largest documents (tens of milliseconds): call it off the event loop.
    """
    if len(text) > MAX_SETUP_TEXT or len(text.encode("utf-8", "surrogatepass")) > MAX_SETUP_TEXT:
        raise TooLarge(f"a setup file is at most {MAX_SETUP_TEXT // 1024} KiB")
    try:
        _scan_yaml(text)
        doc = yaml.load(text, Loader=_SAFE_LOADER)  # JSON is (for setups) a subset of YAML
    except (yaml.YAMLError, UnicodeError) as exc:
        raise Unprocessable(f"the setup file is neither JSON nor YAML: {exc}") from exc
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise Unprocessable("a setup document is a mapping (an object)")
    try:
        json.dumps(doc)
    except (TypeError, ValueError) as exc:
        raise Unprocessable(f"the setup must be plain data (JSON): {exc}") from exc
    return doc


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        min_length=1, max_length=16, description="one spec per seat: human or a bot (at most 200 characters)")
    setup: dict[str, Any] | None = None
    setup_text: str | None = Field(default=None, description=f"a setup document as JSON or YAML text (an "
                                   f"uploaded file; at most {MAX_SETUP_TEXT} bytes, else 413)")
    seed: int | None = None


class ErrorBody(BaseModel):
    """Every error the server answers (any 4xx or 5xx status): one line for a person."""

    error: str = Field(description="what went wrong, for a person to read")


#: documented for every operation (and FastAPI's own validation-error schema replaced)
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": ErrorBody, "description": "refused: the request is wrong (403, 404, 409, 413, 422, ...)"},
    "5XX": {"model": ErrorBody, "description": "the server failed"},
}


class ActRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(max_length=400)
    expect: int | None = None


def register_extra_games(spec: str | None) -> None:
    """``QUESTBOX_EXTRA_GAMES=module:ATTR,...``: games that are not installed as entry points
    (a game under development, the tests' Pig)."""
    for item in filter(None, (s.strip() for s in (spec or "").split(","))):
        module, _, attr = item.partition(":")
        obj = getattr(importlib.import_module(module), attr or "GAME")
        register_game(obj() if isinstance(obj, type) else obj)


def _renderer_exists(game_id: str) -> bool:
    return (WEB / "games" / f"{game_id}.js").is_file()


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


@functools.cache
def _glossary_body(game_id: str) -> bytes:
    return json.dumps(get_game(game_id).glossary(), ensure_ascii=False).encode()


def add_glossary_route(app: FastAPI) -> None:
    """``GET /api/games/{game}/glossary``: the game's rule texts (:meth:`Game.glossary`), built once
    per process and cached by browsers for an hour (the web table's tooltips and How to play page)."""

    @app.get("/api/games/{game_id}/glossary")
    async def glossary(game_id: str) -> Response:
        try:
            get_game(game_id)
        except UnknownGame as exc:
            raise ServerError(str(exc), 404) from exc
        body = await run_in_threadpool(_glossary_body, game_id)
        return Response(body, media_type="application/json", headers={"Cache-Control": "public, max-age=3600"})


def create_app(db: str | None = None, *, bot_delay: float | None = None, limits: AgentLimits | None = None,
               bot_workers: int | None = None) -> FastAPI:
    """The questbox ASGI app over the database ``db`` (``None``: ``sqlite:///questbox.db``).

    ``limits``: the bots' budgets per decision (``None``: :func:`limits_from_env`); ``bot_workers``:
    the threads bots think on, shared by every table (``None``: ``QUESTBOX_BOT_WORKERS``, else 2).
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
    drivers = BotDriver(service, hub, delay=bot_delay, workers=bot_workers)
    listener: list[PgListener] = []

    def remote_change(table_id: str, version: int) -> None:
        """Another process (or this one) committed ``version`` of a table: catch up and publish."""
        tids = list(hub.subs) if not table_id else [table_id]
        for tid in tids:
            lt = service.cached(tid)
            if lt is None or (table_id and lt.version >= version):
                continue
            asyncio.get_running_loop().create_task(_catch_up(lt, version if table_id else None))

    async def _catch_up(lt: LiveTable, version: int | None) -> None:
        try:
            if await run_in_threadpool(service.catch_up, lt, version):
                hub.publish(lt.id)
        except Exception:
            log.exception("catching up table %s", lt.id)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        if store.is_postgres:
            pg = PgListener(store.libpq_url(), NOTIFY_CHANNEL, loop, remote_change)
            pg.start()
            await loop.run_in_executor(None, pg.ready.wait, 10.0)
            listener.append(pg)
        # tables left waiting for a bot (a restart, or a process that died mid-game)
        for tid in await run_in_threadpool(store.bot_turn_tables):
            drivers.kick(tid)
        yield
        await drivers.close()
        for pg in listener:
            pg.stop()
        store.dispose()

    app = FastAPI(title="questbox", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json", responses=ERROR_RESPONSES)
    app.state.store = store
    app.state.service = service
    app.state.hub = hub

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_message(exc.errors())}, status_code=422)

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

    # -- pages -----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- games -----------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        out = []
        for gid, game in games().items():
            seat_names = {}
            for n in game.seat_counts:
                try:
                    seat_names[str(n)] = list(game.seat_names(game.setup_for_seats(n)))
                except Exception:
                    seat_names[str(n)] = [f"seat {i + 1}" for i in range(n)]
            bots = agent_names(game)
            out.append({"id": gid, "title": game.title, "summary": game.summary,
                        "seat_counts": list(game.seat_counts), "seat_names": seat_names, "bots": bots,
                        "default_bot": "heuristic" if "heuristic" in bots else "random",
                        "renderer": _renderer_exists(gid)})
        return {"games": out}

    @app.get("/api/games/{game_id}/setup")
    async def default_setup(game_id: str, seats: int | None = Query(default=None, ge=1, le=16)) -> dict[str, Any]:
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise ServerError(str(exc), 404) from exc
        n = seats or (2 if 2 in game.seat_counts else game.seat_counts[0])
        try:
            return {"game": game.id, "seats": n, "setup": game.setup_for_seats(n)}
        except QuestboxError as exc:
            raise Unprocessable(str(exc)) from exc

    # -- tables ----------------------------------------------------------------------------
    add_glossary_route(app)

    @app.post("/api/tables", status_code=201, response_model=dict[str, Any])
    async def create_table(req: CreateTable, request: Request) -> Response:
        def create() -> tuple[Any, dict[str, str]]:
            # off the event loop: a large setup file takes tens of milliseconds to check and parse
            setup = req.setup
            if req.setup_text is not None and req.setup_text.strip():
                if setup is not None:
                    raise Unprocessable("give the setup as a document or as a file, not both")
                setup = parse_setup_text(req.setup_text)
            elif setup is not None:
                check_setup_document(setup)
            return service.create(req.game, req.seats, setup, req.seed)

        row, tokens = await run_in_threadpool(create)
        base = str(request.base_url).rstrip("/")
        seats = []
        for s in row.seats:
            item: dict[str, Any] = {"seat": s["seat"], "spec": s["spec"]}
            if s["seat"] in tokens:
                item["token"] = tokens[s["seat"]]
                item["link"] = f"{base}/t/{row.id}#token={tokens[s['seat']]}"
            seats.append(item)
        if row.bot_turn:
            drivers.kick(row.id)
        doc = {"id": row.id, "game": row.game, "seats": seats, "setup": row.setup,
               "spectator_link": f"{base}/t/{row.id}", "api": f"{base}/api/tables/{row.id}"}
        # encoded in a thread too: a large setup takes FastAPI's encoder a long while on the loop
        body = await run_in_threadpool(json.dumps, doc, separators=(",", ":"))
        return Response(body, status_code=201, media_type="application/json")

    @app.get("/api/tables")
    async def list_tables(status: str | None = Query(default=None, pattern="^(open|finished)$"),
                          game: str | None = Query(default=None, max_length=64),
                          limit: int = Query(default=50, ge=1, le=200)) -> dict[str, Any]:
        rows = await run_in_threadpool(store.list_tables, status, game, limit)
        titles = {gid: g.title for gid, g in games().items()}
        return {"tables": [{**r.public(), "title": titles.get(r.game, r.game), "played_under": played_under(r)}
                           for r in rows]}

    def _token(x_seat_token: str | None, authorization: str | None) -> str | None:
        if x_seat_token:
            return x_seat_token
        if authorization and authorization.lower().startswith("bearer "):
            return authorization[7:].strip()
        return None

    def _snapshot(table_id: str, token: str | None, since: int) -> dict[str, Any]:
        lt = service.load(table_id)
        seat = lt.seat_of(token)
        service.catch_up(lt)
        return lt.snapshot(seat, since)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, since: int = Query(default=0, ge=0),
                        x_seat_token: str | None = Header(default=None, max_length=200),
                        authorization: str | None = Header(default=None, max_length=220)) -> dict[str, Any]:
        snap = await run_in_threadpool(_snapshot, table_id, _token(x_seat_token, authorization), since)
        snap["online"] = hub.online(table_id)
        if snap["version"] and not snap["your_turn"] and snap["status"] == "open":
            lt = service.cached(table_id)
            if lt is not None and lt.bot_to_move() is not None and table_id not in drivers.running:
                drivers.kick(table_id)      # a table whose bot was left waiting (its process died)
        return snap

    async def _act(table_id: str, token: str | None, action: str, expect: int | None) -> LiveTable:
        lt = await run_in_threadpool(service.act, table_id, token, action, expect)
        hub.publish(table_id)
        if lt.bot_to_move() is not None:
            drivers.kick(table_id)
        return lt

    @app.post("/api/tables/{table_id}/actions")
    async def post_action(table_id: str, req: ActRequest,
                          x_seat_token: str | None = Header(default=None, max_length=200),
                          authorization: str | None = Header(default=None, max_length=220)) -> dict[str, Any]:
        token = _token(x_seat_token, authorization)
        lt = await _act(table_id, token, req.action, req.expect)
        seat = lt.seat_of(token)
        return await run_in_threadpool(lt.snapshot, seat, max(0, lt.version - 1))

    @app.get("/api/tables/{table_id}/replay")
    async def get_replay(table_id: str) -> Response:
        lt = await run_in_threadpool(service.load, table_id)
        await run_in_threadpool(service.catch_up, lt)
        if lt.status() != "finished":
            raise Forbidden("the replay (it holds the seed, so every hidden card) is available once the "
                            "game is over")
        doc = lt.replay().to_json()
        return Response(json.dumps(doc, indent=1) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{lt.game.id}-{lt.id}.json"'})

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        counts = await run_in_threadpool(store.count_tables)
        return {"ok": True, "backend": "postgresql" if store.is_postgres else "sqlite", "tables": counts,
                "pid": os.getpid()}

    # -- live seats ------------------------------------------------------------------------
    @app.websocket("/api/tables/{table_id}/ws")
    async def table_ws(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            hello = json.loads(await asyncio.wait_for(ws.receive_text(), 15))
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                raise ValueError("the first message is {type: hello, token?, since?}")
            token = hello.get("token") or None
            since = hello.get("since", 0)
            if (token is not None and (not isinstance(token, str) or len(token) > 200)) or \
                    not isinstance(since, int) or since < 0:
                raise ValueError("hello: token is a text, since a version number")
        except (TimeoutError, ValueError, WebSocketDisconnect, RuntimeError) as exc:
            await _ws_close(ws, 4400, f"bad hello: {exc}")
            return
        service.pinned.add(table_id)
        try:
            lt = await run_in_threadpool(service.load, table_id)
            seat = lt.seat_of(token)
            await run_in_threadpool(service.catch_up, lt)
        except ServerError as exc:
            if table_id not in hub.subs:
                service.pinned.discard(table_id)
            await ws.send_text(json.dumps({"type": "error", "status": exc.status, "error": exc.message}))
            await _ws_close(ws, 4000 + exc.status, exc.message)
            return
        sub = Subscriber(ws, lt, seat, min(since, lt.version))
        hub.add(table_id, sub)
        writer = asyncio.get_running_loop().create_task(hub.writer(sub))
        if lt.bot_to_move() is not None and table_id not in drivers.running:
            drivers.kick(table_id)
        try:
            while True:
                text = await ws.receive_text()
                try:
                    msg = json.loads(text)
                    if not isinstance(msg, dict):
                        raise ValueError
                except ValueError:
                    await sub.send({"type": "error", "status": 400, "error": "messages are JSON objects"})
                    continue
                kind = msg.get("type")
                if kind == "ping":
                    await sub.send({"type": "pong", "id": msg.get("id")})
                elif kind == "act":
                    # the same checks as POST .../actions: unknown keys, types and sizes refused
                    try:
                        req = ActRequest.model_validate({k: v for k, v in msg.items() if k not in ("type", "id")})
                    except ValidationError as exc:
                        await sub.send({"type": "error", "id": msg.get("id"), "status": 422,
                                        "error": "act: " + _validation_message(exc.errors())})
                        continue
                    try:
                        lt2 = await _act(table_id, token, req.action, req.expect)
                        await sub.send({"type": "ack", "id": msg.get("id"), "version": lt2.version})
                    except ServerError as exc:
                        await sub.send({"type": "error", "id": msg.get("id"), "status": exc.status,
                                        "error": exc.message})
                elif kind == "resync":
                    sub.sent = 0
                    sub.dirty.set()
                else:
                    await sub.send({"type": "error", "id": msg.get("id"), "status": 400,
                                    "error": f"unknown message type {kind!r} (hello, act, ping, resync)"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sub.closed = True
            sub.dirty.set()
            writer.cancel()
            hub.remove(table_id, sub)

    app.add_middleware(BodyLimit)
    return app


def _validation_message(errors: Sequence[Any]) -> str:
    """A request's validation errors (pydantic's) as one line: ``expect: Input should be ...``."""
    parts = []
    for err in list(errors)[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
    return "; ".join(parts) or "invalid request"


async def _ws_close(ws: WebSocket, code: int, reason: str) -> None:
    with suppress(Exception):
        await ws.close(code=code, reason=reason[:120])
