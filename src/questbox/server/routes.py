"""The server's routes, one :class:`~fastapi.APIRouter` per area, over the parts of one server
(:class:`Server`, kept in ``app.state.server`` by :func:`questbox.server.app.create_app`):

* :data:`lobby`: the games, their default setups, creating and listing tables, health;
* :data:`seats`: one table as a seat (or a spectator) sees it, acting, its replay;
* :data:`live`: the WebSocket of a seat (live snapshots, actions);
* :data:`pages`: the web pages; :func:`mount_static` serves the web client's files.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.staticfiles import StaticFiles

from questbox.core import QuestboxError, Replay, UnknownGame, games, get_game
from questbox.core.agent import agent_names
from questbox.server.live import BotDriver, Hub, Subscriber
from questbox.server.store import Store
from questbox.server.tables import (
    Forbidden,
    LiveTable,
    ServerError,
    TableService,
    TooLarge,
    Unprocessable,
    played_under,
    step_view,
)
from questbox.server.uploads import MAX_SETUP_TEXT, check_setup_document, parse_setup_text

WEB = Path(__file__).resolve().parent.parent / "web"


@dataclass
class Server:
    """The parts of one server that its routes use."""

    store: Store
    service: TableService
    hub: Hub
    drivers: BotDriver


def _server(request: Request) -> Server:
    return cast(Server, request.app.state.server)


Parts = Annotated[Server, Depends(_server)]
#: a seat's token, as ``X-Seat-Token`` or ``Authorization: Bearer``
SeatToken = Annotated[str | None, Header(max_length=200)]
Authorization = Annotated[str | None, Header(max_length=220)]


# -- request and answer bodies ---------------------------------------------------------------------
#: the longest player name (characters); names are shown as text, never as markup
MAX_NAME = 40
#: a seat token's length at most, and how many other seats' tokens a page may show (``also``)
MAX_TOKEN_CHARS = 200
MAX_ALSO = 8
#: a player's name: trimmed, at most MAX_NAME characters, no control characters ("" = no name)
PlayerName = Annotated[str, StringConstraints(strip_whitespace=True, max_length=MAX_NAME,
                                              pattern=r"^[^\x00-\x1f\x7f]*$")]
#: the seat spec of a human seat left open for someone to join from the lobby
OPEN = "open"


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        min_length=1, max_length=16, description="one spec per seat: human, open (a person who joins from "
                                                 "the lobby) or a bot (at most 200 characters)")
    names: list[PlayerName] | None = Field(default=None, max_length=16, description=(
        f"the players' names, one per seat (\"\" for none; at most {MAX_NAME} characters each)"))
    setup: dict[str, Any] | None = None
    setup_text: str | None = Field(default=None, description=f"a setup document as JSON or YAML text (an "
                                   f"uploaded file; at most {MAX_SETUP_TEXT} bytes, else 413)")
    seed: int | None = None


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: str = Field(max_length=64)
    name: PlayerName = ""


class SeatsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    setup: dict[str, Any] = Field(default_factory=dict, description="a setup document (the lobby's choices)")


class ErrorBody(BaseModel):
    """Every error the server answers (any 4xx or 5xx status): one line for a person."""

    error: str = Field(description="what went wrong, for a person to read")


#: documented for every operation (and FastAPI's own validation-error schema replaced)
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": ErrorBody, "description": "refused: the request is wrong (403, 404, 409, 413, 422, ...)"},
    "5XX": {"model": ErrorBody, "description": "the server failed"},
}


#: the tokens of the other seats a page holds (a hot-seat table: docs/server.md, *Undo*)
AlsoTokens = list[Annotated[str, StringConstraints(max_length=MAX_TOKEN_CHARS)]]


class ActRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(max_length=400)
    expect: int | None = None
    #: the other seats this page holds: the answer's ``undo`` and ``hot_seat`` count them
    also: AlsoTokens = Field(default=[], max_length=MAX_ALSO)


class UndoRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    expect: int | None = None
    also: AlsoTokens = Field(default=[], max_length=MAX_ALSO)


class ReplayViewRequest(BaseModel):
    """A replay file (the core format) loaded in the page, and the step and seat to show."""

    model_config = ConfigDict(extra="forbid")

    replay: dict[str, Any]
    step: int = Field(ge=0)
    seat: str | None = Field(default=None, max_length=64)


#: the largest replay file the replay viewer takes (its request body; app.BodyLimit)
MAX_REPLAY_BODY = 1024 * 1024
#: the most actions of an uploaded replay the viewer replays
MAX_REPLAY_ACTIONS = 20_000


def validation_message(errors: Any) -> str:
    """A request's validation errors (pydantic's) as one line: ``expect: Input should be ...``."""
    parts = []
    for err in list(errors)[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
    return "; ".join(parts) or "invalid request"


def _token(x_seat_token: str | None, authorization: str | None) -> str | None:
    if x_seat_token:
        return x_seat_token
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


async def act(srv: Server, table_id: str, token: str | None, action: str, expect: int | None) -> LiveTable:
    """A seat's action (HTTP or WebSocket): applied, published, and the bots kicked if it is theirs."""
    lt = await run_in_threadpool(srv.service.act, table_id, token, action, expect)
    srv.hub.publish(table_id)
    if lt.bot_to_move() is not None:
        srv.drivers.kick(table_id)
    return lt


async def undo(srv: Server, table_id: str, token: str | None, expect: int | None,
               also: list[str] | tuple[str, ...] = ()) -> LiveTable:
    """A seat's undo (HTTP or WebSocket), published to every seat; ``also``: the tokens of the other
    seats the same page holds (hot-seat)."""
    lt = await run_in_threadpool(srv.service.undo, table_id, token, expect, also)
    srv.hub.publish(table_id)
    if lt.bot_to_move() is not None:
        srv.drivers.kick(table_id)
    return lt


# -- pages -----------------------------------------------------------------------------------------
pages = APIRouter()


@pages.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


@pages.get("/viewer", include_in_schema=False)
async def replay_page() -> FileResponse:
    return FileResponse(WEB / "replay.html", headers={"Cache-Control": "no-cache"})


@pages.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(WEB / "table.html", headers={"Cache-Control": "no-cache"})


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")


def _renderer_exists(game_id: str) -> bool:
    return (WEB / "games" / f"{game_id}.js").is_file()


# -- the lobby -------------------------------------------------------------------------------------
lobby = APIRouter()


@lobby.get("/api/games")
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


@lobby.get("/api/games/{game_id}/setup")
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


@lobby.post("/api/games/{game_id}/seats")
async def setup_seats(game_id: str, req: SeatsRequest) -> dict[str, Any]:
    """The seats a setup document gives (:meth:`Game.seat_names`), so the lobby sets its seat count
    from its choices (Descent's ``seats: per-hero`` seats a hero each and the overlord); 422 with
    the game's own message when the setup cannot be played."""
    try:
        game = get_game(game_id)
    except UnknownGame as exc:
        raise ServerError(str(exc), 404) from exc

    def seats() -> list[str]:
        check_setup_document(req.setup)
        try:
            return list(game.seat_names(req.setup))
        except QuestboxError as exc:
            raise Unprocessable(str(exc)) from exc

    names = await run_in_threadpool(seats)
    return {"game": game.id, "seats": names, "playable": len(names) in game.seat_counts}


@functools.cache
def _schema_body(game_id: str) -> bytes:
    return json.dumps(get_game(game_id).setup_schema(), ensure_ascii=False).encode()


@lobby.get("/api/games/{game_id}/setup-schema")
async def setup_schema(game_id: str) -> Response:
    """The JSON Schema of the game's setup document (:meth:`Game.setup_schema`); the lobby builds its
    mission, scenario, variant and quest lists from its ``enum`` fields."""
    try:
        get_game(game_id)
    except UnknownGame as exc:
        raise ServerError(str(exc), 404) from exc
    body = await run_in_threadpool(_schema_body, game_id)
    return Response(body, media_type="application/json", headers={"Cache-Control": "public, max-age=3600"})


@functools.cache
def _glossary_body(game_id: str) -> bytes:
    return json.dumps(get_game(game_id).glossary(), ensure_ascii=False).encode()


@lobby.get("/api/games/{game_id}/glossary")
async def glossary(game_id: str) -> Response:
    """The game's rule texts (:meth:`Game.glossary`), built once per process and cached by browsers
    for an hour (the web table's tooltips and How to play page)."""
    try:
        get_game(game_id)
    except UnknownGame as exc:
        raise ServerError(str(exc), 404) from exc
    body = await run_in_threadpool(_glossary_body, game_id)
    return Response(body, media_type="application/json", headers={"Cache-Control": "public, max-age=3600"})


@lobby.post("/api/tables", status_code=201, response_model=dict[str, Any])
async def create_table(req: CreateTable, request: Request, srv: Parts) -> Response:
    def create() -> tuple[Any, dict[str, str]]:
        # off the event loop: a large setup file takes tens of milliseconds to check and parse
        setup = req.setup
        if req.setup_text is not None and req.setup_text.strip():
            if setup is not None:
                raise Unprocessable("give the setup as a document or as a file, not both")
            setup = parse_setup_text(req.setup_text)
        elif setup is not None:
            check_setup_document(setup)
        specs = ["human" if s.strip() == OPEN else s for s in req.seats]
        open_seats = frozenset(k for k, s in enumerate(req.seats) if s.strip() == OPEN)
        return srv.service.create(req.game, specs, setup, req.seed, names=req.names, open_seats=open_seats)

    row, tokens = await run_in_threadpool(create)
    base = str(request.base_url).rstrip("/")
    seats = []
    for s in row.seats:
        item: dict[str, Any] = {"seat": s["seat"], "spec": s["spec"], "name": row.names.get(s["seat"], "")}
        if s["seat"] in row.open_seats():
            item["open"] = True
        if s["seat"] in tokens:
            item["token"] = tokens[s["seat"]]
            item["link"] = f"{base}/t/{row.id}#token={tokens[s['seat']]}"
        seats.append(item)
    if row.bot_turn:
        srv.drivers.kick(row.id)
    doc = {"id": row.id, "game": row.game, "seats": seats, "setup": row.setup,
           "spectator_link": f"{base}/t/{row.id}", "api": f"{base}/api/tables/{row.id}"}
    # encoded in a thread too: a large setup takes FastAPI's encoder a long while on the loop
    body = await run_in_threadpool(json.dumps, doc, separators=(",", ":"))
    return Response(body, status_code=201, media_type="application/json")


@lobby.get("/api/tables")
async def list_tables(srv: Parts, status: str | None = Query(default=None, pattern="^(open|finished)$"),
                      game: str | None = Query(default=None, max_length=64),
                      limit: int = Query(default=50, ge=1, le=200)) -> dict[str, Any]:
    rows = await run_in_threadpool(srv.store.list_tables, status, game, limit)
    titles = {gid: g.title for gid, g in games().items()}
    return {"tables": [{**r.public(), "title": titles.get(r.game, r.game), "played_under": played_under(r)}
                       for r in rows]}


@lobby.post("/api/tables/{table_id}/join")
async def join_table(table_id: str, req: JoinRequest, request: Request, srv: Parts) -> dict[str, Any]:
    """Take an open seat (a human seat its creator left for anyone to join); the answer holds the
    seat's token and link, shown once. 409 if the seat is taken or not open."""
    row, token = await run_in_threadpool(srv.service.join, table_id, req.seat, req.name)
    base = str(request.base_url).rstrip("/")
    return {"id": row.id, "game": row.game, "seat": req.seat, "name": row.names.get(req.seat, ""),
            "token": token, "link": f"{base}/t/{row.id}#token={token}"}


# -- a table, seat by seat -------------------------------------------------------------------------
seats = APIRouter()


def _snapshot(service: TableService, table_id: str, token: str | None, since: int,
              also: list[str]) -> dict[str, Any]:
    lt = service.load(table_id)
    seat = lt.seat_of(token)
    service.catch_up(lt)
    return lt.snapshot(seat, since, lt.held_seats(also) if seat is not None else ())


def _also_header(value: str | None) -> list[str]:
    """``X-Seat-Also``: the other seats' tokens a page holds, separated by commas (at most MAX_ALSO)."""
    tokens = [t.strip() for t in (value or "").split(",") if t.strip()]
    if len(tokens) > MAX_ALSO or any(len(t) > MAX_TOKEN_CHARS for t in tokens):
        raise Unprocessable(f"X-Seat-Also: at most {MAX_ALSO} seat tokens, separated by commas")
    return tokens


@seats.get("/api/tables/{table_id}")
async def get_table(table_id: str, srv: Parts, since: int = Query(default=0, ge=0),
                    x_seat_token: SeatToken = None, authorization: Authorization = None,
                    x_seat_also: Annotated[str | None, Header(max_length=(MAX_TOKEN_CHARS + 1) * MAX_ALSO)] = None,
                    ) -> dict[str, Any]:
    snap = await run_in_threadpool(_snapshot, srv.service, table_id, _token(x_seat_token, authorization), since,
                                   _also_header(x_seat_also))
    snap["online"] = srv.hub.online(table_id)
    if snap["version"] and not snap["your_turn"] and snap["status"] == "open":
        lt = srv.service.cached(table_id)
        if lt is not None and lt.bot_to_move() is not None and table_id not in srv.drivers.running:
            srv.drivers.kick(table_id)      # a table whose bot was left waiting (its process died)
    return snap


@seats.post("/api/tables/{table_id}/actions")
async def post_action(table_id: str, req: ActRequest, srv: Parts, x_seat_token: SeatToken = None,
                      authorization: Authorization = None) -> dict[str, Any]:
    token = _token(x_seat_token, authorization)
    lt = await act(srv, table_id, token, req.action, req.expect)
    seat = lt.seat_of(token)
    return await run_in_threadpool(lt.snapshot, seat, max(0, lt.version - 1), lt.held_seats(req.also))


@seats.post("/api/tables/{table_id}/undo")
async def post_undo(table_id: str, srv: Parts, req: UndoRequest | None = None, x_seat_token: SeatToken = None,
                    authorization: Authorization = None) -> dict[str, Any]:
    token = _token(x_seat_token, authorization)
    also = req.also if req is not None else []
    lt = await undo(srv, table_id, token, req.expect if req is not None else None, also)
    return await run_in_threadpool(lt.snapshot, lt.seat_of(token), 0, lt.held_seats(also))


@seats.post("/api/tables/{table_id}/rematch")
async def post_rematch(table_id: str, request: Request, srv: Parts, x_seat_token: SeatToken = None,
                       authorization: Authorization = None) -> dict[str, Any]:
    token = _token(x_seat_token, authorization)
    row = await run_in_threadpool(srv.service.rematch, table_id, token)
    srv.hub.publish(table_id)       # every seat's end box offers the rematch now
    if row.bot_turn:
        srv.drivers.kick(row.id)
    base = str(request.base_url).rstrip("/")
    return {"id": row.id, "game": row.game, "link": f"{base}/t/{row.id}", "api": f"{base}/api/tables/{row.id}"}


@seats.get("/api/tables/{table_id}/replay/view")
async def get_replay_view(table_id: str, srv: Parts, step: int = Query(ge=0),
                          seat: str | None = Query(default=None, max_length=64)) -> dict[str, Any]:
    lt = await run_in_threadpool(srv.service.load, table_id)
    await run_in_threadpool(srv.service.catch_up, lt)
    return await run_in_threadpool(lt.replay_view, step, seat or None)


@seats.post("/api/replay/view")
async def post_replay_view(req: ReplayViewRequest) -> dict[str, Any]:
    def view() -> dict[str, Any]:
        try:
            rep = Replay.from_json(req.replay)
            game = get_game(rep.game)
        except QuestboxError as exc:
            raise Unprocessable(f"replay: {exc}") from exc
        if len(rep.actions) > MAX_REPLAY_ACTIONS:
            raise TooLarge(f"the viewer replays at most {MAX_REPLAY_ACTIONS} actions")
        return step_view(game, rep.setup, rep.seed, list(rep.actions), req.step, req.seat)

    return await run_in_threadpool(view)


@seats.get("/api/tables/{table_id}/replay")
async def get_replay(table_id: str, srv: Parts) -> Response:
    lt = await run_in_threadpool(srv.service.load, table_id)
    await run_in_threadpool(srv.service.catch_up, lt)
    if lt.status() != "finished":
        raise Forbidden("the replay (it holds the seed, so every hidden card) is available once the "
                        "game is over")
    doc = lt.replay().to_json()
    return Response(json.dumps(doc, indent=1) + "\n", media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{lt.game.id}-{lt.id}.json"'})


@seats.get("/api/health")
async def health(srv: Parts) -> dict[str, Any]:
    counts = await run_in_threadpool(srv.store.count_tables)
    return {"ok": True, "backend": "postgresql" if srv.store.is_postgres else "sqlite", "tables": counts,
            "pid": os.getpid()}


# -- live seats ------------------------------------------------------------------------------------
live = APIRouter()


async def _hello(ws: WebSocket) -> tuple[str | None, int, tuple[str, ...]] | None:
    """The first message, ``{type: hello, token?, since?, also?}`` (``None``: refused, the socket
    closed); ``also``: the tokens of the other seats this page holds (a hot-seat table's undo)."""
    try:
        hello = json.loads(await asyncio.wait_for(ws.receive_text(), 15))
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            raise ValueError("the first message is {type: hello, token?, since?, also?}")
        token = hello.get("token") or None
        since = hello.get("since", 0)
        also = hello.get("also", [])
        if (token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS)) or \
                not isinstance(since, int) or since < 0:
            raise ValueError("hello: token is a text, since a version number")
        if not isinstance(also, list) or len(also) > MAX_ALSO or \
                not all(isinstance(t, str) and len(t) <= MAX_TOKEN_CHARS for t in also):
            raise ValueError(f"hello: also is a list of at most {MAX_ALSO} seat tokens")
    except (TimeoutError, ValueError, WebSocketDisconnect, RuntimeError) as exc:
        await ws_close(ws, 4400, f"bad hello: {exc}")
        return None
    return token, since, tuple(also)


async def _open(srv: Server, ws: WebSocket, table_id: str, token: str | None) -> LiveTable | None:
    """The table, caught up (``None``: refused with its error, the socket closed)."""
    srv.service.pinned.add(table_id)
    try:
        lt = await run_in_threadpool(srv.service.load, table_id)
        lt.seat_of(token)
        await run_in_threadpool(srv.service.catch_up, lt)
    except ServerError as exc:
        if table_id not in srv.hub.subs:
            srv.service.pinned.discard(table_id)
        await ws.send_text(json.dumps({"type": "error", "status": exc.status, "error": exc.message}))
        await ws_close(ws, 4000 + exc.status, exc.message)
        return None
    return lt


async def _message(srv: Server, sub: Subscriber, table_id: str, token: str | None, text: str) -> None:
    """Answer one message of a subscribed seat: ``ping``, ``act`` or ``resync``."""
    try:
        msg = json.loads(text)
        if not isinstance(msg, dict):
            raise ValueError
    except ValueError:
        await sub.send({"type": "error", "status": 400, "error": "messages are JSON objects"})
        return
    kind = msg.get("type")
    if kind == "ping":
        await sub.send({"type": "pong", "id": msg.get("id")})
    elif kind == "act":
        # the same checks as POST .../actions: unknown keys, types and sizes refused
        try:
            req = ActRequest.model_validate({k: v for k, v in msg.items() if k not in ("type", "id")})
        except ValidationError as exc:
            await sub.send({"type": "error", "id": msg.get("id"), "status": 422,
                            "error": "act: " + validation_message(exc.errors())})
            return
        try:
            lt = await act(srv, table_id, token, req.action, req.expect)
            await sub.send({"type": "ack", "id": msg.get("id"), "version": lt.version})
        except ServerError as exc:
            await sub.send({"type": "error", "id": msg.get("id"), "status": exc.status, "error": exc.message})
    elif kind == "undo":
        expect = msg.get("expect")
        if expect is not None and (not isinstance(expect, int) or isinstance(expect, bool)):
            await sub.send({"type": "error", "id": msg.get("id"), "status": 422, "error": "undo: expect is a version"})
            return
        try:
            lt = await undo(srv, table_id, token, expect, sub.also)
            await sub.send({"type": "ack", "id": msg.get("id"), "version": lt.version})
        except ServerError as exc:
            await sub.send({"type": "error", "id": msg.get("id"), "status": exc.status, "error": exc.message})
    elif kind == "resync":
        sub.sent = 0
        sub.dirty.set()
    else:
        await sub.send({"type": "error", "id": msg.get("id"), "status": 400,
                        "error": f"unknown message type {kind!r} (hello, act, undo, ping, resync)"})


@live.websocket("/api/tables/{table_id}/ws")
async def table_ws(ws: WebSocket, table_id: str) -> None:
    srv = cast(Server, ws.app.state.server)
    await ws.accept()
    hello = await _hello(ws)
    if hello is None:
        return
    token, since, also = hello
    lt = await _open(srv, ws, table_id, token)
    if lt is None:
        return
    seat = lt.seat_of(token)
    sub = Subscriber(ws, lt, seat, min(since, lt.version))
    if seat is not None and also:
        sub.also, sub.held = also, lt.held_seats(also) - {seat}
    srv.hub.add(table_id, sub)
    writer = asyncio.get_running_loop().create_task(srv.hub.writer(sub))
    if lt.bot_to_move() is not None and table_id not in srv.drivers.running:
        srv.drivers.kick(table_id)
    try:
        while True:
            await _message(srv, sub, table_id, token, await ws.receive_text())
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sub.closed = True
        sub.dirty.set()
        writer.cancel()
        srv.hub.remove(table_id, sub)


async def ws_close(ws: WebSocket, code: int, reason: str) -> None:
    with suppress(Exception):
        await ws.close(code=code, reason=reason[:120])
