"""Live tables: a game state rebuilt from the stored setup + seed + action log, kept in memory.

:class:`TableService` is synchronous and thread-safe (the ASGI layer calls it from worker threads):
each :class:`LiveTable` has its own lock, held only while the state changes or a snapshot is read,
never while a bot thinks (bots think on a clone). Several server processes may serve one database:
the store's optimistic append (``n_actions`` must still be what this process saw) detects a table
that moved on elsewhere; this process then catches up from the log and tries again.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import hmac
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable
from typing import Any

from questbox.core import (
    JSON,
    Action,
    Event,
    Game,
    IllegalAction,
    Match,
    QuestboxError,
    Replay,
    Seat,
    State,
    UnknownAgent,
    UnknownGame,
    derive_seed,
    get_game,
    make_agent,
)
from questbox.core.agent import AgentLimits
from questbox.core.rng import secret_seed
from questbox.server.store import Store, TableRow

log = logging.getLogger("questbox.server")

#: the longest action text accepted (the notation is a few short words)
MAX_ACTION_CHARS = 400
#: events sent at most in one snapshot: only a safety bound, far above any real game, so that a full
#: resync (``since=0``, a reload) brings back the seat's whole narration, not just its tail
MAX_EVENTS = 100_000
#: how many of its last actions a seat may take back at most (the states before them are kept)
UNDO_DEPTH = 40
#: the replay viewer keeps a state every this many steps of a finished table
REPLAY_STRIDE = 32


class ServerError(Exception):
    """An error with an HTTP status and a message for the client."""

    status = 400

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class NotFound(ServerError):
    status = 404


class Forbidden(ServerError):
    status = 403


class Unprocessable(ServerError):
    status = 422


class Conflict(ServerError):
    status = 409


class TooLarge(ServerError):
    status = 413


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def played_under(row: TableRow) -> str | None:
    """``"played under rules vN"`` for a table whose rules version is not its game's now (``None``
    when they agree, or when the game is not installed)."""
    try:
        game = get_game(row.game)
    except UnknownGame:
        return None
    if row.rules_version == str(game.rules_version):
        return None
    return f"played under rules v{row.rules_version}"


class LiveTable:
    """One table in memory: a :class:`~questbox.core.match.Match` (its state, its action log and the
    events each action caused) and the table's seats, tokens and status."""

    def __init__(self, row: TableRow, game: Game) -> None:
        self.id = row.id
        self.game = game
        self.setup = row.setup
        self.seed = row.seed
        self.created = row.created
        self.specs: dict[Seat, str] = {s["seat"]: s["spec"] for s in row.seats}
        self.token_hashes = dict(row.tokens)
        self.names: dict[Seat, str] = dict(row.names)
        #: the table's row as stored now (set by :class:`TableService`): a token this process does not
        #: know may open a seat joined through another server process
        self.reread: Callable[[], TableRow | None] | None = None
        self.match = Match(game, row.setup, seed=row.seed, undo_depth=UNDO_DEPTH)
        #: the table a rematch of this one was created as (once asked)
        self.rematch: str | None = row.rematch
        self._replay_marks: dict[int, State] = {}     # the replay viewer's states, every REPLAY_STRIDE
        self.lock = threading.RLock()
        self.error: str | None = None          # a bot that failed, shown on the page
        self._base: dict[Seat | None, tuple[int, dict[str, Any]]] = {}
        # a table played under other rules than its game's now: readable, closed to actions. Its
        # log is replayed as far as these rules allow (``replayed`` actions, the match); the rest
        # is kept as stored (``tail``), with one event (``notes``) that says so. Status, outcome and
        # replay come from the stored row
        self.rules_version = row.rules_version
        self.played_under: str | None = None
        self.replayed: int | None = None
        self.tail: list[tuple[Seat, str]] = []
        self.notes: list[tuple[int, Event]] = []
        self._row_status, self._row_outcome = row.status, row.outcome
        if row.rules_version != str(game.rules_version):
            self.played_under = f"played under rules v{row.rules_version}"
            self.error = (f"{self.played_under}; this server plays {game.id} rules v{game.rules_version}, "
                          "so the table is closed to actions (its log and, once finished, its replay stay "
                          "readable)")

    # -- facts -------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def actions(self) -> list[tuple[Seat, str]]:
        """The table's whole action log (a table played under other rules: the stored tail too)."""
        return [*self.match.actions, *self.tail] if self.tail else self.match.actions

    @property
    def version(self) -> int:
        return self.match.version + len(self.tail)

    def bots(self) -> dict[Seat, str]:
        return {s: spec for s, spec in self.specs.items() if spec != "human"}

    def own_seats(self, seat: Seat, held: Collection[Seat] = ()) -> set[Seat]:
        """The seats whose actions ``seat``'s undo may take back besides its own: the other seats
        ``held`` by the same page (it showed their tokens: :meth:`held_seats`), and the bots when
        ``seat`` and ``held`` are every human seat (a solo table, or a hot-seat one: one browser
        plays every person); nobody else when several people play (docs/server.md, *Undo*)."""
        humans = {s for s, spec in self.specs.items() if spec == "human"}
        own = set(held) & humans - {seat}
        if humans <= own | {seat}:
            own |= set(self.bots())
        return own

    def held_seats(self, tokens: Iterable[str]) -> frozenset[Seat]:
        """The seats these tokens open (a page's other seats, from its browser's memory; a token
        that opens none is left out)."""
        digests = [token_hash(t) for t in tokens if isinstance(t, str) and t]
        return frozenset(seat for seat, h in self.token_hashes.items()
                         if any(hmac.compare_digest(h, d) for d in digests))

    def undoable(self, seat: Seat | None, held: Collection[Seat] = ()) -> int:
        """How many actions ``seat``'s undo would take back now (0: none)."""
        if seat is None or self.played_under:
            return 0
        return self.match.undoable(seat, self.own_seats(seat, held))

    def bot_to_move(self) -> Seat | None:
        if self.state.is_over() or self.played_under:
            return None
        return next((s for s in self.state.to_move() if self.specs.get(s, "human") != "human"), None)

    def status(self) -> str:
        if self.played_under:
            return self._row_status
        return "finished" if self.state.is_over() else "open"

    def outcome_json(self) -> dict[str, Any] | None:
        if self.played_under:
            return self._row_outcome
        out = self.state.outcome()
        return out.to_json() if out is not None else None

    def seat_of(self, token: str | None) -> Seat | None:
        """The seat a token opens (``None``: no token, a spectator); ``Forbidden`` if it opens none."""
        if not token:
            return None
        digest = token_hash(token)
        for seat, h in self.token_hashes.items():
            if hmac.compare_digest(h, digest):
                return seat
        row = self.reread() if self.reread is not None else None
        if row is not None and row.tokens != self.token_hashes:
            self.token_hashes, self.names = dict(row.tokens), dict(row.names)
            return self.seat_of(token)
        raise Forbidden("this seat token does not open a seat at this table")

    # -- changes -----------------------------------------------------------------------------
    def replay_log(self, log_rows: list[tuple[Seat, str]]) -> None:
        """Play stored actions on the match (rebuilding or catching up the table)."""
        for seat, text in log_rows:
            if self.replayed is not None:       # other rules, and an earlier action did not replay
                self.tail.append((seat, text))
                continue
            try:
                self.match.play_row(seat, text)
            except (IllegalAction, QuestboxError) as exc:
                if self.played_under:
                    self.replayed = self.version
                    self.tail.append((seat, text))
                    self.notes.append((self.version, Event(
                        "rules", f"{self.played_under}: action {self.version} ({seat}: {text}) does not "
                        f"replay under these rules, so the board shows the table after {self.replayed} "
                        "actions")))
                    continue
                raise ServerError(f"table {self.id}: stored action {self.version + 1} ({seat}: {text}) "
                                  f"no longer replays: {exc}", 500) from exc

    # -- what a seat sees --------------------------------------------------------------------
    def _base_snapshot(self, seat: Seat | None) -> dict[str, Any]:
        cached = self._base.get(seat)
        v = self.version
        if cached is not None and cached[0] == v:
            return cached[1]
        state = self.state
        view = state.view(seat)
        legal: list[dict[str, str]] = []
        if seat is not None and not state.is_over() and not self.played_under:
            for a in state.legal_actions(seat):
                text = str(a)
                desc = self.game.describe_action(view, a)
                legal.append({"action": text, "text": desc} if desc != text else {"action": text})
        to_move = [] if self.played_under else list(state.to_move())
        base = {"version": v, "view": view, "legal": legal, "to_move": to_move,
                "your_turn": seat is not None and seat in to_move, "status": self.status(),
                "outcome": self.outcome_json(), "error": self.error,
                "rules_version": self.rules_version, "played_under": self.played_under,
                "undo": self.undoable(seat), "rematch": self.rematch}
        if len(self._base) > 16:
            self._base.clear()
        self._base[seat] = (v, base)
        return base

    def snapshot(self, seat: Seat | None, since: int = 0, held: Collection[Seat] = ()) -> dict[str, Any]:
        """Everything ``seat`` may see now, and its events after version ``since``.

        Only ``view(seat)``, ``seat``'s own legal actions, the events visible to it and public
        table facts: never the seed, tokens, other seats' actions or their hidden information.
        """
        with self.lock:
            if since and since < self.match.last_undo:
                since = 0                   # an undo rewrote the narration since: send it whole
            base = self._base_snapshot(seat)
            if held and seat is not None:           # a page that holds other seats too (hot-seat)
                humans = {s for s, spec in self.specs.items() if spec == "human"}
                base = {**base, "undo": self.undoable(seat, held), "hot_seat": humans <= set(held) | {seat}}
            logged, versions = self.match.events, self.match.event_versions
            assert logged is not None and versions is not None
            start = bisect.bisect_right(versions, since)
            start = max(start, len(logged) - MAX_EVENTS)
            events = []
            for v, e in [*zip(versions[start:], logged[start:], strict=True),
                         *((v, e) for v, e in self.notes if v > since)]:
                if e.visible_to(seat):
                    doc = e.to_json()
                    doc["v"] = v
                    events.append(doc)
            match = self.match
            start = bisect.bisect_right(match.action_versions, since)
            own = [{"v": v, "action": a} for (s, a), v in zip(match.actions[start:], match.action_versions[start:],
                                                              strict=True)
                   if seat is not None and s == seat]
            own += [{"v": match.version + j + 1, "action": a} for j, (s, a) in enumerate(self.tail)
                    if seat is not None and s == seat and match.version + j + 1 > since]
            own = own[-MAX_EVENTS:]
        return {"type": "state", "table": self.id, "game": self.game.id, "title": self.game.title,
                "seat": seat, "seats": [{"seat": s, "kind": "human" if sp == "human" else "bot",
                                         "spec": sp, "name": self.names.get(s, "")}
                                        for s, sp in self.specs.items()],
                **base, "since": since, "events": events, "my_actions": own}

    def replay_view(self, step: int, seat: Seat | None) -> dict[str, Any]:
        """Step ``step`` of a finished table's game as ``seat`` saw it (``None``: a spectator): its
        view, the action and the events of that step it was told, shaped like a snapshot so the
        page's renderers draw it. Refused (``Forbidden``) while the game goes on."""
        if self.status() != "finished" or self.played_under:
            raise Forbidden("the replay viewer opens once the game is over (a table played under other "
                            "rules: download its replay instead)")
        with self.lock:
            actions = list(self.match.actions)
        return step_view(self.game, self.setup, self.seed, actions, step, seat, self._replay_marks,
                         table=self.id, specs=self.specs)

    def replay(self) -> Replay:
        """The table's replay, recorded under the table's rules version (a table played under other
        rules gets its stored log and outcome, without a final fingerprint these rules cannot make)."""
        with self.lock:
            meta: dict[str, Any] = {"table": self.id, "seats": [self.specs[s] for s in self.state.seats]}
            if not self.played_under:
                return self.match.replay(meta)
            return Replay(game=self.game.id, seed=self.seed, setup=self.setup, actions=list(self.actions),
                          outcome=self.outcome_json(), final=None, meta=meta, rules_version=self.rules_version)


def step_view(game: Game, setup: JSON | None, seed: int, actions: list[tuple[Seat, str]], step: int,
              seat: Seat | None, marks: dict[int, State] | None = None, *, table: str | None = None,
              specs: dict[Seat, str] | None = None) -> dict[str, Any]:
    """The replay viewer's step ``step`` (0: the setup) of a game's ``actions`` as ``seat`` saw it.
    ``marks`` caches a state every :data:`REPLAY_STRIDE` steps (one table's, while it is loaded)."""
    n = len(actions)
    if not 0 <= step <= n:
        raise Unprocessable(f"step: from 0 to {n}")
    start = max((k for k in (marks or {}) if k < step), default=0)
    state = marks[start].clone() if marks and start else game.new(setup, seed=seed)
    events: list[Event] = []
    try:
        for i in range(start, step):
            who, text = actions[i]
            events = state.apply(who, game.parse_action(text))
            if marks is not None and (i + 1) % REPLAY_STRIDE == 0 and i + 1 not in marks:
                marks[i + 1] = state.clone()
    except QuestboxError as exc:
        raise Unprocessable(f"action {i + 1} ({who}: {text}) does not replay: {exc}") from exc
    if seat is not None and seat not in state.seats:
        raise Unprocessable(f"no seat {seat!r} (seats: {', '.join(state.seats)})")
    over = state.is_over()
    out = state.outcome()
    told = [e.to_json() for e in events if e.visible_to(seat)] if step else []
    for doc in told:
        doc["v"] = step
    return {"type": "replay", "table": table, "game": game.id, "title": game.title, "seat": seat,
            "seats": [{"seat": s, "kind": "human" if (specs or {}).get(s, "human") == "human" else "bot",
                       "spec": (specs or {}).get(s, "human")} for s in state.seats],
            "step": step, "steps": n, "version": step,
            "action": {"seat": actions[step - 1][0], "action": actions[step - 1][1]} if step else None,
            "view": state.view(seat), "legal": [], "to_move": [] if over else list(state.to_move()),
            "your_turn": False, "status": "finished" if over else "open",
            "outcome": out.to_json() if out is not None else None, "events": told, "my_actions": []}


class TableService:
    """Creates, loads, advances and caches tables; every change goes through the :class:`Store`."""

    def __init__(self, store: Store, cache_size: int = 2000, limits: AgentLimits | None = None) -> None:
        self.store = store
        #: what a seat spec may ask of a bot here (budgets per decision; no cheating, ever)
        self.limits = limits if limits is not None else AgentLimits()
        if self.limits.allow_cheat:
            raise ValueError("a server never lets mcts read hidden cards (allow_cheat)")
        self.cache_size = cache_size
        self._cache: OrderedDict[str, LiveTable] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._load_locks: dict[str, threading.Lock] = {}
        self.pinned: set[str] = set()   # tables with live subscribers stay in memory

    # -- creating ----------------------------------------------------------------------------
    def create(self, game_id: str, specs: list[str], setup: dict[str, Any] | None,
               seed: int | None, *, names: list[str] | None = None,
               open_seats: frozenset[int] = frozenset()) -> tuple[TableRow, dict[Seat, str]]:
        """A new table; returns its row and the token of each human seat (shown once). ``names``:
        the players' names by seat index (``""``: none); ``open_seats``: the indexes of human seats
        left for someone to join from the lobby (no token is made for them now)."""
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise Unprocessable(str(exc)) from exc
        specs = [s.strip() for s in specs]
        n = len(specs)
        if n not in game.seat_counts:
            raise Unprocessable(f"{game.id} seats {', '.join(map(str, game.seat_counts))} players, not {n}")
        if seed is None:
            seed = secret_seed()        # a keyed seed: 128 bits (docs/server.md, Seeds and the random generator)
        elif not 0 <= seed < 2**63:
            raise Unprocessable("the seed is a whole number from 0 to 2^63 - 1")
        try:
            doc = game.setup_for_seats(n, setup)
            state = game.new(doc, seed=seed)
        except QuestboxError as exc:
            raise Unprocessable(f"setup: {exc}") from exc
        except (TypeError, ValueError, KeyError, AttributeError) as exc:  # a game's loose validator
            raise Unprocessable(f"setup: {type(exc).__name__}: {exc}") from exc
        seats = state.seats
        if len(seats) != n:
            raise Unprocessable(f"this setup has {len(seats)} seats ({', '.join(seats)}), "
                                f"but {n} seat specs were given")
        for k, spec in enumerate(specs):
            if not spec:
                raise Unprocessable(f"seat {k + 1}: empty spec (human, or a bot such as random)")
            if spec != "human":
                try:
                    make_agent(spec, game, 0, self.limits)
                except UnknownAgent as exc:      # AgentSpecError too: the parameter is named
                    raise Unprocessable(f"seat {seats[k]}: {exc}") from exc
        if names is not None and len(names) != n:
            raise Unprocessable(f"names: one per seat ({n}), not {len(names)}")
        seat_names = {seats[k]: name for k, name in enumerate(names or []) if name}
        tokens = {seat: secrets.token_urlsafe(24) for k, (seat, spec) in enumerate(zip(seats, specs, strict=True))
                  if spec == "human" and k not in open_seats}
        bot_turn = any(specs[seats.index(s)] != "human" for s in state.to_move())
        row = self.store.create_table(
            table_id=secrets.token_urlsafe(9), game=game.id, setup=doc, seed=seed,
            seats=[{"seat": s, "spec": sp} for s, sp in zip(seats, specs, strict=True)],
            tokens={s: token_hash(t) for s, t in tokens.items()}, to_move=list(state.to_move()),
            bot_turn=bot_turn, rules_version=str(game.rules_version), names=seat_names)
        return row, tokens

    def join(self, table_id: str, seat: Seat, name: str) -> tuple[TableRow, str]:
        """Take the open seat ``seat`` of an open table under ``name``; returns the row and the new
        seat token (shown once). ``Conflict`` if the seat is taken (or not a human seat)."""
        row = self.store.get_table(table_id)
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        if row.status != "open":
            raise Conflict("the game is over: nobody can join it")
        if seat not in row.open_seats():
            raise Conflict(f"seat {seat!r} is not open (open: {', '.join(row.open_seats()) or 'none'})")
        token = secrets.token_urlsafe(24)
        claimed = self.store.claim_seat(table_id, seat, token_hash(token), name)
        if claimed is None:
            raise Conflict(f"seat {seat!r} was taken meanwhile")
        lt = self.cached(table_id)
        if lt is not None:
            with lt.lock:
                lt.token_hashes = dict(claimed.tokens)
                lt.names = dict(claimed.names)
        return claimed, token

    def rematch(self, table_id: str, token: str | None) -> TableRow:
        """A finished table's rematch: the same game, seats and setup, a new seed, and the same seat
        tokens (each seat's link opens its seat at the new table). Asked again, by any seat, it is
        the same new table."""
        lt = self.load(table_id)
        if lt.seat_of(token) is None:
            raise Forbidden("a rematch is asked by a seat: open the table with your seat's link")
        self.catch_up(lt)
        if lt.status() != "finished":
            raise Conflict("a rematch is offered once the game is over")
        stored = self.store.get_table(table_id)     # as stored now: another process may have made it
        assert stored is not None
        lt.rematch = lt.rematch or stored.rematch
        if lt.rematch is not None:
            again = self.store.get_table(lt.rematch)
            if again is not None:
                return again
        game = lt.game
        seed = secret_seed()
        state = game.new(lt.setup, seed=seed)
        to_move = list(state.to_move())
        row = self.store.create_table(
            table_id=secrets.token_urlsafe(9), game=game.id, setup=lt.setup, seed=seed,
            seats=[{"seat": s, "spec": sp} for s, sp in lt.specs.items()], tokens=dict(stored.tokens),
            to_move=to_move, bot_turn=any(lt.specs.get(s, "human") != "human" for s in to_move),
            rules_version=str(game.rules_version), names=dict(stored.names), rematch_of=lt.id)
        lt.rematch = row.id
        lt._base.clear()
        return row

    # -- loading -----------------------------------------------------------------------------
    def load(self, table_id: str) -> LiveTable:
        with self._cache_lock:
            lt = self._cache.get(table_id)
            if lt is not None:
                self._cache.move_to_end(table_id)
                return lt
            lock = self._load_locks.setdefault(table_id, threading.Lock())
        try:
            with lock:
                with self._cache_lock:
                    lt = self._cache.get(table_id)
                    if lt is not None:
                        return lt
                if len(table_id) > 40:
                    raise NotFound("no such table")
                row = self.store.get_table(table_id)
                if row is None:
                    raise NotFound(f"no table {table_id!r}")
                try:
                    game = get_game(row.game)
                except UnknownGame as exc:
                    raise ServerError(f"table {table_id}: {exc}", 500) from exc
                lt = LiveTable(row, game)
                lt.reread = functools.partial(self.store.get_table, table_id)
                lt.replay_log(self.store.actions(table_id))
                with self._cache_lock:
                    already = self._cache.get(table_id)
                    if already is not None:     # loaded meanwhile by another thread: keep one copy
                        return already
                    self._cache[table_id] = lt
                    self._evict()
                return lt
        finally:
            with self._cache_lock:
                self._load_locks.pop(table_id, None)

    def _evict(self) -> None:
        while len(self._cache) > self.cache_size:
            for tid in self._cache:
                if tid not in self.pinned:
                    del self._cache[tid]
                    break
            else:
                return

    def cached(self, table_id: str) -> LiveTable | None:
        with self._cache_lock:
            return self._cache.get(table_id)

    def catch_up(self, lt: LiveTable, known: int | None = None) -> bool:
        """Apply the actions other processes appended since this one last looked; ``True`` if any."""
        with lt.lock:
            if known is not None and known <= lt.version:
                return False
            rows = self.store.actions(lt.id, lt.version)
            if rows:
                lt.replay_log(rows)
            return bool(rows)

    # -- acting ------------------------------------------------------------------------------
    def _commit(self, lt: LiveTable, seat: Seat, act: Action | None, *, retry: bool = True,
                held: Collection[Seat] = ()) -> list[Event] | None:
        """Apply and store one action (``None``: ``seat``'s undo, over the seats ``held`` too) (lock
        held); the state is unchanged if anything fails.

        If another process appended first, catch up and try again (``retry``) or return ``None``.
        """
        match = lt.match
        for _attempt in range(8):
            n = lt.version
            point = match.checkpoint()
            try:
                # IllegalAction leaves the state as it was; anything else (a bug in a game) may have
                # changed it half-way: the table goes back to the checkpoint either way
                events = match.apply(seat, act) if act is not None else match.undo(seat, lt.own_seats(seat, held))
            except BaseException:
                match.rollback(point)
                lt._base.clear()
                raise
            state = match.state
            try:
                over = state.is_over()
                to_move = [] if over else list(state.to_move())
                ok = self.store.append_action(
                    lt.id, n, seat, match.log[-1][1], status="finished" if over else "open", to_move=to_move,
                    bot_turn=any(lt.specs.get(s, "human") != "human" for s in to_move),
                    outcome=lt.outcome_json())
            except BaseException:
                match.rollback(point)
                raise
            if ok:
                lt._base.clear()
                return events
            match.rollback(point)        # another process appended first: catch up and retry
            self.catch_up(lt)
            if not retry:
                return None
        raise Conflict("the table is busy: try again")

    def _seat_to_act(self, table_id: str, token: str | None) -> tuple[LiveTable, Seat]:
        lt = self.load(table_id)
        seat = lt.seat_of(token)
        if seat is None:
            raise Forbidden("spectators cannot act: open the table with a seat's link")
        if lt.played_under:
            raise Conflict(f"this table was {lt.played_under} and this server plays {lt.game.id} rules "
                           f"v{lt.game.rules_version}: it is closed to actions")
        return lt, seat

    def _expect(self, lt: LiveTable, expect: int | None) -> None:
        if expect is not None and expect != lt.version:
            self.catch_up(lt)
            if expect != lt.version:
                raise Conflict(f"the table has moved on (version {lt.version}, not {expect}): "
                               "look again before acting")

    def undo(self, table_id: str, token: str | None, expect: int | None = None,
             also: Iterable[str] = ()) -> LiveTable:
        """A seat takes back its last actions (:meth:`Match.undo`), stored as an ``!undo N`` row:
        ``Conflict`` when it may not (another seat acted since, or something random or hidden came
        out, or the game is over). ``also``: the tokens of the other seats the same page holds (a
        hot-seat table: :meth:`LiveTable.own_seats`)."""
        lt, seat = self._seat_to_act(table_id, token)
        with lt.lock:
            self._expect(lt, expect)
            self.catch_up(lt)
            try:
                done = self._commit(lt, seat, None, retry=False, held=lt.held_seats(also))
            except IllegalAction as exc:
                raise Conflict(str(exc)) from exc
            if done is None:
                raise Conflict("the table has moved on: look again before taking anything back")
        return lt

    def act(self, table_id: str, token: str | None, text: str, expect: int | None = None) -> LiveTable:
        """A person's action through its seat token (the engine's message on refusal)."""
        if not isinstance(text, str) or not text.strip():
            raise Unprocessable("an action is a non-empty text in the game's notation")
        if len(text) > MAX_ACTION_CHARS:
            raise Unprocessable(f"an action is at most {MAX_ACTION_CHARS} characters")
        lt, seat = self._seat_to_act(table_id, token)
        with lt.lock:
            self._expect(lt, expect)
            try:
                act = lt.game.parse_action(text)
            except QuestboxError as exc:
                raise Unprocessable(str(exc)) from exc
            try:
                done = self._commit(lt, seat, act, retry=expect is None)
            except IllegalAction as exc:
                if lt.state.is_over() or seat not in lt.state.to_move():
                    raise Conflict(str(exc)) from exc
                raise Unprocessable(str(exc)) from exc
            if done is None:
                raise Conflict(f"the table has moved on (version {lt.version}, not {expect}): "
                               "look again before acting")
        return lt

    def bot_move(self, table_id: str) -> bool:
        """Let one bot that is to move act; ``False`` if no bot is to move (or the bot failed)."""
        lt = self.load(table_id)
        with lt.lock:
            seat = lt.bot_to_move()
            if seat is None or lt.error:
                return False
            v = lt.version
            work = lt.state.clone()
            spec = lt.specs[seat]
        try:
            agent = make_agent(spec, lt.game, derive_seed(lt.seed, "agent", seat, v), self.limits)
            act = agent.act(work, seat)
        except Exception as exc:
            log.exception("bot %s (%s) failed at table %s", seat, spec, table_id)
            with lt.lock:
                lt.error = f"the bot in seat {seat} ({spec}) failed: {type(exc).__name__}: {exc}"
                lt._base.clear()
            return False
        with lt.lock:
            if lt.version != v:
                return True             # the table moved on meanwhile (another process): look again
            try:
                self._commit(lt, seat, act, retry=False)
            except IllegalAction as exc:
                lt.error = f"the bot in seat {seat} ({spec}) chose an illegal action {act}: {exc}"
                lt._base.clear()
                return False
        return True
