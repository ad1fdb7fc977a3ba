"""Summaries of simulation rows: win rates with Wilson intervals, lengths, endings."""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from questbox.core.agent import split_specs


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (95 % by default) of a proportion ``k/n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    """Running totals over rows (see :func:`questbox.sim.runner.play_one` for a row)."""

    games: int = 0
    seats: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    wins: Counter[str] = field(default_factory=Counter)
    wins_by_agent: Counter[str] = field(default_factory=Counter)
    seats_by_agent: Counter[str] = field(default_factory=Counter)
    nobody: int = 0
    lengths: list[int] = field(default_factory=list)
    #: games per ending: the termination word (rows written before it existed: the reason)
    endings: Counter[str] = field(default_factory=Counter)
    stats: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    rotated: bool = False

    def add(self, row: dict[str, Any]) -> None:
        seats = row["seats"].split(",")
        agents = split_specs(row["agents"])
        winners = [w for w in row["winners"].split(",") if w]
        if not self.seats:
            self.seats, self.agents = seats, agents
        elif agents != self.agents:
            self.rotated = True
        self.games += 1
        self.lengths.append(int(row["length"]))
        self.endings[str(row.get("termination") or row.get("reason") or "")] += 1
        if not winners:
            self.nobody += 1
        for a in agents:
            self.seats_by_agent[a] += 1
        for w in winners:
            self.wins[w] += 1
            self.wins_by_agent[agents[seats.index(w)]] += 1
        for key, value in row.items():
            if key.startswith("stat_") and isinstance(value, int | float) and not isinstance(value, bool):
                self.stats[key[5:]].append(float(value))

    @property
    def mean_length(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    def seat_table(self) -> list[dict[str, Any]]:
        """One entry per seat (and one for "nobody"): wins, rate, 95 % interval."""
        out = []
        for seat, agent in zip(self.seats, self.agents, strict=True):
            k = self.wins[seat]
            lo, hi = wilson(k, self.games)
            out.append({"seat": seat, "agent": "(rotated)" if self.rotated else agent, "wins": k,
                        "rate": k / max(1, self.games), "lo": lo, "hi": hi})
        lo, hi = wilson(self.nobody, self.games)
        out.append({"seat": "(nobody)", "agent": "", "wins": self.nobody,
                    "rate": self.nobody / max(1, self.games), "lo": lo, "hi": hi})
        return out

    def agent_table(self) -> list[dict[str, Any]]:
        """Win rate per agent spec, over every seat it played (seats swapped or not)."""
        out = []
        for agent, n in sorted(self.seats_by_agent.items()):
            k = self.wins_by_agent[agent]
            lo, hi = wilson(k, n)
            out.append({"agent": agent, "seats_played": n, "wins": k, "rate": k / n, "lo": lo, "hi": hi})
        return out
