"""Run many seeded bot games (the first version of the simulator: wins per seat, lengths).

Game ``i`` of a run with seed ``S`` uses seed ``derive_seed(S, i)``, and the agent of seat ``k``
in it ``derive_seed(S, i, "agent", k)``, so any single game can be replayed on its own.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from questbox.core.agent import make_agent
from questbox.core.match import play_game
from questbox.core.registry import get_game
from questbox.core.rng import derive_seed
from questbox.core.state import JSON


@dataclass(frozen=True)
class SimConfig:
    game: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    setup: JSON | None = None


def game_seed(seed: int, i: int) -> int:
    return derive_seed(seed, i)


def play_one(cfg: SimConfig, i: int) -> dict[str, Any]:
    """Play game ``i`` of the run and return its row."""
    game = get_game(cfg.game)
    setup = game.setup_for_seats(len(cfg.seats), cfg.setup)
    seat_names = game.seat_names(setup)
    seed = game_seed(cfg.seed, i)
    agents = {s: make_agent(spec, game, derive_seed(cfg.seed, i, "agent", k))
              for k, (s, spec) in enumerate(zip(seat_names, cfg.seats, strict=True))}
    match = play_game(game, agents, setup, seed=seed)
    out = match.state.outcome()
    assert out is not None
    return {"game": i, "seed": seed, "seats": list(seat_names), "agents": list(cfg.seats),
            "winners": list(out.winners), "scores": dict(out.scores), "reason": out.reason,
            "length": len(match.actions)}


def _chunk(args: tuple[SimConfig, list[int]]) -> list[dict[str, Any]]:
    cfg, idx = args
    return [play_one(cfg, i) for i in idx]


def run(cfg: SimConfig, jobs: int = 1, progress: Callable[[int], None] | None = None,
        chunk: int = 20) -> Iterator[dict[str, Any]]:
    """Yield one row per game (in completion order when ``jobs > 1``)."""
    if jobs <= 1:
        for i in range(cfg.games):
            row = play_one(cfg, i)
            if progress:
                progress(1)
            yield row
        return
    chunks = [list(range(a, min(a + chunk, cfg.games))) for a in range(0, cfg.games, chunk)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for rows in pool.map(_chunk, [(cfg, c) for c in chunks]):
            if progress:
                progress(len(rows))
            yield from rows


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion ``k/n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    wins_by_agent: Counter[str] = field(default_factory=Counter)
    nobody: int = 0
    total_length: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, row: dict[str, Any]) -> None:
        self.games += 1
        self.total_length += row["length"]
        self.reasons[row["reason"]] += 1
        if not row["winners"]:
            self.nobody += 1
        for w in row["winners"]:
            self.wins[w] += 1
            self.wins_by_agent[row["agents"][row["seats"].index(w)]] += 1

    @property
    def mean_length(self) -> float:
        return self.total_length / max(1, self.games)
