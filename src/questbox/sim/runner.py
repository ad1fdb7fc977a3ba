"""Playing the games of a run: one process, a local process pool, or a Ray cluster."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from typing import Any

from questbox.core.agent import make_agent
from questbox.core.match import play_game
from questbox.core.registry import get_game
from questbox.core.rng import derive_seed
from questbox.core.state import JSON, Game, Seat


@dataclass(frozen=True)
class SimConfig:
    """What a run plays. ``rotate``: game ``i`` shifts the agents ``i`` seats round the table, so
    every agent plays every seat equally often (seat advantage cancels out of agent win rates)."""

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    setup: JSON | None = None
    rotate: bool = False

    def to_json(self) -> JSON:
        doc = asdict(self)
        doc["seats"] = list(self.seats)
        return doc

    @classmethod
    def from_json(cls, doc: JSON) -> SimConfig:
        return cls(doc["game"], tuple(doc["seats"]), int(doc["games"]), int(doc.get("seed", 0)),
                   doc.get("setup"), bool(doc.get("rotate", False)))

    def agents_for(self, i: int) -> tuple[str, ...]:
        if not self.rotate:
            return self.seats
        k = i % len(self.seats)
        return self.seats[-k:] + self.seats[:-k] if k else self.seats


def game_seed(seed: int, i: int) -> int:
    return derive_seed(seed, i)


@dataclass(frozen=True)
class _Table:
    """What every game of a run with ``n`` seats shares: the game, its setup and its seat names
    (worked out once a run, not once a game; a game's ``new`` does not change the setup it is
    given, tests/core/test_sim_speed.py checks it for every game)."""

    game: Game
    setup: JSON
    seat_names: tuple[Seat, ...]


#: the tables of the run last played by :func:`play_one` (the run itself, compared by identity)
_tables: tuple[SimConfig | None, dict[int, _Table]] = (None, {})


def _table(cfg: SimConfig, n: int) -> _Table:
    global _tables
    run, tables = _tables
    if run is not cfg:
        tables = {}
        _tables = (cfg, tables)
    table = tables.get(n)
    if table is None:
        game = get_game(cfg.game)
        setup = game.setup_for_seats(n, cfg.setup)
        table = tables[n] = _Table(game, setup, game.seat_names(setup))
    return table


def play_one(cfg: SimConfig, i: int) -> dict[str, Any]:
    """Play game ``i`` of the run and return its row (flat, for CSV and Parquet)."""
    specs = cfg.agents_for(i)
    table = _table(cfg, len(specs))
    game, seat_names = table.game, table.seat_names
    seed = game_seed(cfg.seed, i)
    agents = {s: make_agent(spec, game, derive_seed(cfg.seed, i, "agent", k))
              for k, (s, spec) in enumerate(zip(seat_names, specs, strict=True))}
    match = play_game(game, agents, table.setup, seed=seed)
    out = match.state.outcome()
    assert out is not None
    row: dict[str, Any] = {"game": i, "seed": seed, "seats": ",".join(seat_names),
                           "agents": ",".join(specs), "winners": ",".join(out.winners),
                           "reason": out.reason, "termination": out.termination, "length": match.length}
    for s in seat_names:
        row[f"score_{s}"] = float(out.scores.get(s, 0.0))
    for key, value in game.stats(match.state).items():
        row[f"stat_{key}"] = value
    return row


def _chunk(args: tuple[JSON, list[int]]) -> list[dict[str, Any]]:
    cfg = SimConfig.from_json(args[0])
    return [play_one(cfg, i) for i in args[1]]


def _chunks(todo: list[int], size: int) -> list[list[int]]:
    return [todo[a:a + size] for a in range(0, len(todo), size)]


def chunk_size(games: int, workers: int) -> int:
    """Games a task: at least 16 (a task's round trip between processes costs about what a short
    game does), at most 256, and otherwise ~32 tasks a worker so the last ones finish together
    and the progress bar moves."""
    return max(16, min(256, games // (32 * max(1, workers))))


def run(cfg: SimConfig, *, todo: Iterable[int] | None = None, jobs: int | None = None,
        ray_address: str | None = None, progress: Callable[[int], None] | None = None,
        chunk: int | None = None) -> Iterator[dict[str, Any]]:
    """Yield one row per game of ``todo`` (default: all ``cfg.games``), in completion order.

    ``jobs``: worker processes (default: every core; 1 plays in this process). ``ray_address``:
    run on a Ray cluster instead (``"auto"``, ``"local"`` for a new local one, or ``host:port``).
    ``chunk``: games a task (default: :func:`chunk_size`).
    """
    indexes = list(range(cfg.games) if todo is None else todo)
    for _, row in run_many([(cfg, indexes)], jobs=jobs, ray_address=ray_address, progress=progress,
                           chunk=chunk):
        yield row


def run_many(runs: Sequence[tuple[SimConfig, Sequence[int]]], *, jobs: int | None = None,
             ray_address: str | None = None, progress: Callable[[int], None] | None = None,
             chunk: int | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Play the games of several runs on one pool (the atlas: a run per setup) and yield
    ``(k, row)`` pairs, ``k`` the run's position in ``runs``, in completion order.

    Options as :func:`run`; the chunk size is computed over all the games, and a chunk never
    mixes two runs.
    """
    total = sum(len(idx) for _, idx in runs)
    if ray_address is not None:
        yield from _run_ray(runs, ray_address, progress, chunk, total)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1:
        for k, (cfg, idx) in enumerate(runs):
            for i in idx:
                row = play_one(cfg, i)
                if progress:
                    progress(1)
                yield k, row
        return
    size = chunk or chunk_size(total, jobs)
    docs = [cfg.to_json() for cfg, _ in runs]
    queue = [(k, c) for k, (_, idx) in enumerate(runs) for c in _chunks(list(idx), size)]
    queue.reverse()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[list[dict[str, Any]]], int] = {}
        while queue or pending:
            while queue and len(pending) < 2 * jobs:
                k, c = queue.pop()
                pending[pool.submit(_chunk, (docs[k], c))] = k
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                k = pending.pop(fut)
                rows = fut.result()
                if progress:
                    progress(len(rows))
                for row in rows:
                    yield k, row


def _run_ray(runs: Sequence[tuple[SimConfig, Sequence[int]]], address: str,
             progress: Callable[[int], None] | None, chunk: int | None,
             total: int) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise RuntimeError("Ray is not installed: pip install 'questbox[ray]'") from exc
    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False,
                     _node_ip_address="127.0.0.1")
        else:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(_chunk)
        size = chunk or chunk_size(total, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call, unused-ignore]
        refs: dict[Any, int] = {}
        for k, (cfg, idx) in enumerate(runs):
            doc = cfg.to_json()
            for c in _chunks(list(idx), size):
                refs[remote.remote((doc, c))] = k
        waiting = list(refs)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            rows = ray.get(done[0])
            if progress:
                progress(len(rows))
            for row in rows:
                yield refs[done[0]], row
    finally:
        if started:
            ray.shutdown()
