"""Heuristic players: a hero bot that races to the target, and a monster player for Battle HEROICA.

They read only ``state.view(seat)`` (the board layout is in it) and ``state.legal_actions(seat)``.
"""

from __future__ import annotations

import heapq

from questbox.core import JSON, Action, Game, Rng, Seat, State
from questbox.games.heroica.board import Board, board_for
from questbox.games.heroica.data import rules

#: store preferences: what a hero buys first when it has 3 gold
BUY_ORDER = ("wand", "bow", "ax", "dagger", "sword", "staff")
#: a weapon that only repeats (or weakens) the hero's own skill is not bought
SAME_AS_HERO = {"wizard": "wand", "knight": "sword"}
ITEM_VALUE = {"gold": 0.6, "life": 0.8, "defense": 0.7, "fang": 1.5}


class _Base:
    name = "heuristic"

    def __init__(self, *, game: Game | None = None, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._boards: dict[str, Board] = {}

    def _board(self, view: JSON) -> Board:
        key = view["mission_id"]
        b = self._boards.get(key)
        if b is None:
            b = self._boards[key] = board_for(view["layout"])
        return b


def _costs(board: Board, view: JSON, goal: int, health: int = 4) -> list[float]:
    """Cost to reach ``goal`` from every space: steps, plus fights with the monsters in the way
    (dearer when a Skull from that monster would defeat the hero)."""
    b = view["board"]
    ix = board.index
    mons = {ix[s]: k for s, k in b["monsters"].items()}
    bars = {ix[s]: v for s, v in b["bars"].items()}
    coffins = {ix[s] for s in b["coffins"]}
    extra = [0.0] * board.n
    for s, k in mons.items():
        strength = bars.get(s) or rules().monsters[k].strength
        extra[s] += 2.0 + 1.5 * strength + (4.0 if strength >= health else 0.0)
    for s in coffins:
        extra[s] += 1.0
    inf = float("inf")
    cost = [inf] * board.n
    cost[goal] = 0.0
    heap: list[tuple[float, int]] = [(0.0, goal)]
    while heap:
        c, u = heapq.heappop(heap)
        if c > cost[u]:
            continue
        step = 1.0 + extra[u]
        for v in board.adj[u]:
            nc = c + step
            if nc < cost[v]:
                cost[v] = nc
                heapq.heappush(heap, (nc, v))
    return cost


class HeroBot(_Base):
    """Races to the target, picks up what lies on the way, buys weapons, drinks potions when it pays."""

    name = "hero"

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        return self.choose(view, seat, legal)

    def choose(self, view: JSON, seat: Seat, legal: list[Action]) -> Action:
        board = self._board(view)
        ix = board.index
        me = next(h for h in view["heroes"] if h["seat"] == seat)
        pos = ix[me["at"]]
        kind = view["decision"][1]
        names = {str(a): a for a in legal}
        b = view["board"]
        target = ix[b["target"]]
        mons = {ix[s]: k for s, k in b["monsters"].items()}
        bars = {ix[s]: v for s, v in b["bars"].items()}

        def strength(s: int) -> int:
            return bars.get(s) or rules().monsters[mons[s]].strength

        adj_mons = [v for v in board.adj[pos] if v in mons]
        danger = max((strength(s) for s in adj_mons), default=0)
        if "drink life" in names and (me["health"] <= 1 or (me["health"] <= 2 and danger >= 2)):
            return names["drink life"]
        if kind in ("turn", "fight") and "drink defense" in names and adj_mons and danger >= me["health"]:
            return names["drink defense"]
        if kind == "turn":
            own = SAME_AS_HERO.get(me["hero"])
            for w in BUY_ORDER:
                if w != own and f"buy {w}" in names:
                    return names[f"buy {w}"]
            if "heal" in names:
                return names["heal"]
            if "roll" in names:
                return names["roll"]
        fights = [a for a in legal if a.name in ("fight", "strike")]
        if fights:
            def fkey(a: Action) -> tuple[int, int, int]:
                s = ix[str(a.args[0])]
                return (0 if s == target else 1, strength(s), s)
            return min(fights, key=fkey)
        if kind == "shield":
            order = []
            if me["health"] < me["max"]:
                order.append("use fang")
            if len(adj_mons) >= 2:
                order.append("use ax")
            order += ["use dagger", "use prince", "use fang", "use ax", "defeat"]
            for o in order:
                if o in names:
                    return names[o]
        cost = _costs(board, view, target, me["health"])
        if kind in ("forward", "back"):
            return min(legal, key=lambda a: (cost[ix[str(a.args[0])]], str(a)))
        if kind == "move":
            uses = [a for a in legal if a.name == "use"]
            if uses:
                pick = self._ranged(view, me, uses, cost, pos, target, mons)
                if pick is not None:
                    return pick
            items = {ix[s]: k for s, k in b["items"].items()}
            best: Action | None = None
            best_score = cost[pos] - 0.01
            for a in legal:
                if a.name != "step":
                    continue
                s = ix[str(a.args[0])]
                if s == target and s not in mons:
                    return a
                score = cost[s] - ITEM_VALUE.get(items.get(s, ""), 0.0)
                if any(v in mons for v in board.adj[s]):
                    score += 0.3
                if score < best_score:
                    best, best_score = a, score
            if best is not None:
                return best
            if "stop" in names:
                return names["stop"]
        return legal[0]

    def _ranged(self, view: JSON, me: JSON, uses: list[Action], cost: list[float], pos: int,
                target: int, mons: dict[int, str]) -> Action | None:
        board = self._board(view)
        ix = board.index
        for a in uses:
            if len(a.args) == 2 and ix[str(a.args[1])] == target and target in mons:
                return a
        if cost[pos] <= 4.0 and target not in mons:
            return None  # a Shield moves 4: run for the target
        if me["health"] <= 2:
            for a in uses:
                if a.args[0] == "staff":
                    return a
        for a in uses:
            if a.args[0] == "sage" and view["board"]["items"].get(str(a.args[1])) == "fang":
                return a
        # clear the monster that blocks the way ahead
        best: Action | None = None
        gain = 1.5
        for a in uses:
            if len(a.args) == 2 and ix[str(a.args[1])] in mons:
                s = ix[str(a.args[1])]
                if cost[s] < cost[pos]:
                    g = 2.0 + rules().monsters[mons[s]].strength - 0.2 * board.dist[pos][s]
                    if g > gain:
                        best, gain = a, g
        return best


class MonsterBot(_Base):
    """Battle HEROICA's monster player: hunts the nearest active hero, keeps the target guarded."""

    name = "monster"

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        board = self._board(view)
        ix = board.index
        kind = view["decision"][1]
        heroes = [h for h in view["heroes"] if not h["healing"] and h["at"] is not None]
        hpos = {ix[h["at"]]: h for h in heroes}
        target = ix[view["board"]["target"]]
        dist = board.dist

        def near(s: int) -> int:
            return min((dist[s][p] for p in hpos), default=board.n)

        if kind == "mfight":
            return min(legal, key=lambda a: (hpos[ix[str(a.args[0])]]["health"], str(a)))
        if kind == "mturn":
            mons = {ix[s]: k for s, k in view["board"]["monsters"].items()}

            def key(a: Action) -> tuple[int, int, int, str]:
                s = ix[str(a.args[0])]
                guard = 1 if s == target and near(s) > 1 else 0
                return (guard, near(s), -rules().monsters[mons[s]].strength, str(a))
            return min(legal, key=key)
        if kind == "mmove":
            here = ix[view["turn"]["mover"]]
            best = min(legal, key=lambda a: (near(ix[str(a.args[0])]) if a.name == "step" else near(here),
                                             a.name != "stop", str(a)))
            return best
        return legal[0]


class Heuristic:
    """The ``heuristic`` seat spec: the hero bot for hero seats, the monster player for ``monsters``."""

    name = "heuristic"

    def __init__(self, *, game: Game | None = None, seed: int = 0) -> None:
        self.hero = HeroBot(game=game, seed=seed)
        self.monster = MonsterBot(game=game, seed=seed)

    def act(self, state: State, seat: Seat) -> Action:
        return (self.monster if seat == "monsters" else self.hero).act(state, seat)

