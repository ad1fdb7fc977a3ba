"""Pig, a tiny dice game used to test the core without any real game.

Two or more players take turns: ``roll`` a d6 (a 1 loses the turn's points and ends the turn) or
``hold`` (bank the turn's points). First to the target wins. A hidden twist exercises views and
determinization: each player holds one secret card (a number), shown only to them, that is added
to their final score. It is also an example of the smallest complete questbox game.
"""

from __future__ import annotations

from typing import Any

from questbox.core import JSON, Action, Decision, Event, Game, Outcome, Rng, Seat, SetupError, State
from questbox.core.hidden import Zone

ROLL = Action("roll")
HOLD = Action("hold")


class PigState(State):
    __slots__ = ("banked", "current", "secret", "target", "turn_points")

    def __init__(self, seats: tuple[Seat, ...], rng: Rng, target: int) -> None:
        super().__init__(seats, rng)
        self.target = target
        self.banked = [0] * len(seats)
        self.secret = [0] * len(seats)
        self.current = 0
        self.turn_points = 0

    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.is_over() or seat != self.seats[self.current]:
            return []
        return [ROLL, HOLD]

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        if action is HOLD or action.name == "hold":
            self.banked[self.current] += self.turn_points
            events = [Event("hold", f"{seat} banks {self.turn_points}")]
            self.turn_points = 0
            self._next()
            return events
        face = self.rng.roll(6)
        if face == 1:
            self.turn_points = 0
            self._next()
            return [Event("roll", f"{seat} rolls 1 and loses the turn")]
        self.turn_points += face
        return [Event("roll", f"{seat} rolls {face}")]

    def _next(self) -> None:
        if not self.is_over():
            self.current = (self.current + 1) % len(self.seats)
            self.pending[-1] = Decision(self.seats[self.current], "turn")

    def is_over(self) -> bool:
        return max(self.banked) >= self.target

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        best = max(self.banked)
        winners = tuple(s for s, b in zip(self.seats, self.banked, strict=True) if b == best)
        scores = {s: float(b + c) for s, b, c in zip(self.seats, self.banked, self.secret, strict=True)}
        return Outcome(winners, scores, "target reached", "target")

    def view(self, seat: Seat | None) -> JSON:
        return {"banked": list(self.banked), "current": self.current, "turn_points": self.turn_points,
                "secret": {s: c for s, c in zip(self.seats, self.secret, strict=True) if s == seat}}

    def to_json(self) -> JSON:
        return {"seats": list(self.seats), "rng": self.rng.to_json(), "target": self.target,
                "banked": list(self.banked), "secret": list(self.secret), "current": self.current,
                "turn_points": self.turn_points, "pending": [list(d) for d in self.pending]}

    def clone(self) -> PigState:
        s = PigState.__new__(PigState)
        s.seats, s.rng, s.pending, s._legal = self.seats, self.rng.copy(), list(self.pending), self._legal
        s.target, s.banked, s.secret = self.target, list(self.banked), list(self.secret)
        s.current, s.turn_points = self.current, self.turn_points
        return s

    def determinize(self, seat: Seat, rng: Rng) -> PigState:
        s = self.clone()
        for i, other in enumerate(self.seats):
            if other != seat:
                s.secret[i] = rng.randint(1, 3)
        s.rng = Rng(rng.below(2**63))
        return s


class Pig(Game):
    id = "pig"
    title = "Pig (test game)"
    seat_counts = (2, 3, 4)
    summary = "roll or hold"
    terminations = frozenset({"target"})
    hidden_module = "tests.core.pig"

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        n = int((setup or {}).get("players", 2))
        return tuple(f"p{i + 1}" for i in range(n))

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> PigState:
        doc: dict[str, Any] = dict(setup or {})
        seats = self.seat_names(doc)
        if len(seats) not in self.seat_counts:
            raise SetupError(f"pig seats 2–4 players, not {len(seats)}")
        target = doc.get("target", 20)
        if not isinstance(target, int) or target < 1:
            raise SetupError("target must be a positive whole number")
        state = PigState(seats, Rng(seed), target)
        state.secret = [state.rng.randint(1, 3) for _ in seats]
        state.pending.append(Decision(seats[0], "turn"))
        return state

    def action_space(self, setup: JSON | None = None) -> list[Action]:
        return [ROLL, HOLD]

    def from_json(self, doc: JSON) -> PigState:
        state = PigState(tuple(doc["seats"]), Rng.from_json(doc["rng"]), doc["target"])
        state.banked, state.secret = list(doc["banked"]), list(doc["secret"])
        state.current, state.turn_points = doc["current"], doc["turn_points"]
        state.pending = [Decision(p[0], p[1], tuple(p[2])) for p in doc["pending"]]
        return state


def hidden_zones(st: PigState, seat: Seat | None) -> list[Zone]:
    """Each other player's secret card (any of 1 to 3) and the dice to come."""
    return [*(Zone(f"secret {s}", (("secret", i),), kind="value", values=(1, 2, 3), seen_by=frozenset({s}))
              for i, s in enumerate(st.seats) if s != seat),
            Zone("rng", (("rng",),), kind="rng")]


PigState.game = Pig()
GAME = PigState.game
