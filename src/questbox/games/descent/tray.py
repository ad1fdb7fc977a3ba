"""The dice tray: a tiny game mode that rolls a pool of dice many times and checks the results
against the face tables of ``data/dice.yaml``, so that conformance cases can test the dice
statistically (``setup: {dice_tray: {dice: [blue, red], rolls: 6000}}``, then ``do: roll``).

For each die colour the tray tallies the faces rolled and computes Pearson's chi-square statistic
against the uniform distribution over the six faces (5 degrees of freedom); ``fit`` is true when it
is below 20.52, the 0.1 % critical value. For the whole pool it compares the mean hearts, range,
surges and shields rolled, and the share of rolls showing an X, with their exact expectations from
the face tables (``ok`` when within 4 standard errors).
"""

from __future__ import annotations

import math
from typing import Any

from questbox.core import JSON, Action, Decision, Event, Outcome, Rng, Seat, SetupError, State
from questbox.games.descent.data import library

ROLL = Action("roll")
CHI2_CRITICAL_5DF_0001 = 20.515


class TrayState(State):
    __slots__ = ("counts", "dice", "pool", "rolls")

    def __init__(self, seats: tuple[Seat, ...], rng: Rng, dice: list[str], rolls: int) -> None:
        super().__init__(seats, rng)
        self.dice = dice
        self.rolls = rolls
        self.counts: dict[str, list[int]] = {}
        self.pool: dict[str, float] = {}

    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.counts or seat != self.seats[0]:
            return []
        return [ROLL]

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        lib = library()
        counts = {d: [0] * 6 for d in self.dice}
        sums = {"hearts": 0.0, "range": 0.0, "surges": 0.0, "shields": 0.0, "x": 0.0}
        sq = dict.fromkeys(sums, 0.0)
        for _ in range(self.rolls):
            tot = dict.fromkeys(sums, 0)
            for d in self.dice:
                n = self.rng.roll(6)
                counts[d][n - 1] += 1
                f = lib.dice[d][n - 1]
                tot["hearts"] += f.hearts
                tot["range"] += f.range
                tot["surges"] += f.surges
                tot["shields"] += f.shields
                tot["x"] = max(tot["x"], int(f.miss))
            for k, v in tot.items():
                sums[k] += v
                sq[k] += v * v
        self.counts = counts
        self.pool = {f"{k}_mean": sums[k] / self.rolls for k in sums}
        self.pending.clear()
        return [Event("roll", f"rolled {'+'.join(self.dice)} {self.rolls} times")]

    def is_over(self) -> bool:
        return bool(self.counts)

    def outcome(self) -> Outcome | None:
        if not self.counts:
            return None
        return Outcome((), {s: 0.0 for s in self.seats}, "the dice are rolled", "rolled")

    def report(self) -> JSON:
        """Observed against expected, per die and for the pool."""
        lib = library()
        out: JSON = {"dice": list(self.dice), "rolls": self.rolls}
        if not self.counts:
            return out
        per: JSON = {}
        for d, c in self.counts.items():
            n = sum(c)
            exp = n / 6
            chi2 = sum((o - exp) ** 2 / exp for o in c)
            per[d] = {"counts": c, "chi2": round(chi2, 3), "fit": chi2 < CHI2_CRITICAL_5DF_0001}
        out["per_die"] = per
        out["fit"] = {d: per[d]["fit"] for d in per}
        # exact expectations of the pool's totals (independent dice)
        expect: dict[str, float] = {}
        var: dict[str, float] = {}
        for key in ("hearts", "range", "surges", "shields"):
            m = v = 0.0
            for d in self.dice:
                vals = [getattr(f, key) for f in lib.dice[d]]
                mu = sum(vals) / 6
                m += mu
                v += sum((x - mu) ** 2 for x in vals) / 6
            expect[key] = m
            var[key] = v
        p_no_x = 1.0
        for d in self.dice:
            p_no_x *= sum(1 for f in lib.dice[d] if not f.miss) / 6
        expect["x"] = 1 - p_no_x
        var["x"] = expect["x"] * (1 - expect["x"])
        pool: JSON = {}
        for key, mu in expect.items():
            got = self.pool[f"{key}_mean"]
            se = math.sqrt(var[key] / self.rolls) if var[key] > 0 else 0.0
            ok = abs(got - mu) <= 4 * se if se > 0 else abs(got - mu) < 1e-12
            pool[key] = {"expected": round(mu, 4), "observed": round(got, 4), "ok": ok}
        out["pool"] = pool
        out["ok"] = all(per[d]["fit"] for d in per) and all(p["ok"] for p in pool.values())
        return out

    def view(self, seat: Seat | None) -> JSON:
        return {"mode": "tray", "tray": self.report()}

    def to_json(self) -> JSON:
        return {"mode": "tray", "seats": list(self.seats), "rng": self.rng.to_json(), "dice": list(self.dice),
                "rolls": self.rolls, "counts": {d: list(c) for d, c in self.counts.items()},
                "pool_means": dict(self.pool), "pending": [[p.seat, p.kind, list(p.data)] for p in self.pending],
                "tray": self.report()}

    @classmethod
    def from_json(cls, doc: JSON) -> TrayState:
        st = cls(tuple(doc["seats"]), Rng.from_json(doc["rng"]), list(doc["dice"]), doc["rolls"])
        st.counts = {d: list(c) for d, c in doc["counts"].items()}
        st.pool = dict(doc["pool_means"])
        st.pending = [Decision(p[0], p[1], tuple(p[2])) for p in doc["pending"]]
        return st

    def clone(self) -> TrayState:
        s = TrayState(self.seats, self.rng.copy(), list(self.dice), self.rolls)
        s.counts = {d: list(c) for d, c in self.counts.items()}
        s.pool = dict(self.pool)
        s.pending = list(self.pending)
        return s


def new_tray(seats: tuple[Seat, ...], spec: Any, seed: int) -> TrayState:
    if not isinstance(spec, dict) or set(spec) - {"dice", "rolls"}:
        raise SetupError("dice_tray: {dice: [colours...], rolls: N}")
    dice = spec.get("dice", ["blue"])
    rolls = spec.get("rolls", 6000)
    lib = library()
    if not isinstance(dice, list) or not dice or any(d not in lib.dice for d in dice):
        raise SetupError(f"dice_tray.dice: a list of dice among {', '.join(lib.dice)}")
    if not isinstance(rolls, int) or not 1 <= rolls <= 1_000_000:
        raise SetupError("dice_tray.rolls: a whole number from 1 to 1,000,000")
    st = TrayState(seats, Rng(seed), list(dice), rolls)
    st.pending.append(Decision(seats[0], "roll"))
    return st
