"""Heuristic players: a hero bot that races to the target, and a monster player for Battle HEROICA.

They read the typed state (positions, the board's monsters, bars, items and coffins, the heroes'
health) and ``state.legal_actions(seat)``: Heroica hides nothing but the future rolls, so that is what
``state.view(seat)`` shows, without building the view's JSON at every decision (issue #20).
"""

from __future__ import annotations

import heapq

from questbox.core import Action, Game, Rng, Seat, State
from questbox.games.heroica.board import Board
from questbox.games.heroica.data import rules
from questbox.games.heroica.flow import DEFEAT, HEAL, ROLL, STOP
from questbox.games.heroica.state import HeroicaState

#: store preferences: what a hero buys first when it has 3 gold
BUY_ORDER = ("wand", "bow", "ax", "dagger", "sword", "staff")
#: a weapon that only repeats (or weakens) the hero's own skill is not bought
SAME_AS_HERO = {"wizard": "wand", "knight": "sword"}
ITEM_VALUE = {"gold": 0.6, "life": 0.8, "defense": 0.7, "fang": 1.5}

DRINK_LIFE = Action("drink", ("life",))
DRINK_DEFENSE = Action("drink", ("defense",))
#: the store's actions in :data:`BUY_ORDER`, built once
BUYS = tuple((w, Action("buy", (w,))) for w in BUY_ORDER)
#: a Shield in a fight: the melee skills (and ``defeat``) in the order the hero bot prefers them
USE_FANG, USE_AX = Action("use", ("fang",)), Action("use", ("ax",))
SHIELD_ORDER = (Action("use", ("dagger",)), Action("use", ("prince",)), USE_FANG, USE_AX, DEFEAT)
#: each monster kind's printed strength (filled from the rules on first use)
_STRENGTH: dict[str, int] = {}


def _printed(kind: str) -> int:
    got = _STRENGTH.get(kind)
    if got is None:
        got = _STRENGTH[kind] = rules().monsters[kind].strength
    return got


def _strength(bars: dict[int, int], mons: dict[int, str], s: int) -> int:
    """The strength of the monster on ``s``: what its bar shows, else its printed strength."""
    b = bars.get(s)
    return b if b else _printed(mons[s])


#: cost tables kept per board (see :func:`_costs`) before the cache is emptied
COSTS_KEPT = 4096


class _Base:
    name = "heuristic"

    def __init__(self, *, game: Game | None = None, seed: int = 0) -> None:
        self.rng = Rng(seed)


def _costs(st: HeroicaState, goal: int, health: int = 4) -> list[float]:
    """Cost to reach ``goal`` from every space of the mission's board: steps, plus fights with the
    monsters in the way (dearer when a Skull from that monster would defeat the hero).

    The table depends only on the pieces that block (monsters, bars, coffins) and ``health``: it
    is computed once for each of them and kept on the board (shared by every game on it; do not
    mutate the list returned)."""
    board = st.board
    bars = st.bars
    cache = board.cache.get("costs")
    if cache is None:
        cache = board.cache["costs"] = {}
    key = (goal, health, tuple(st.monsters.items()), tuple(bars.items()), tuple(st.coffins))
    got = cache.get(key)
    if got is not None:
        assert isinstance(got, list)
        return got
    extra = [0.0] * board.n
    for s, k in st.monsters.items():
        strength = bars.get(s) or _printed(k)
        extra[s] += 2.0 + 1.5 * strength + (4.0 if strength >= health else 0.0)
    for s in st.coffins:
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
    if len(cache) >= COSTS_KEPT:
        cache.clear()
    cache[key] = cost
    return cost


class HeroBot(_Base):
    """Races to the target, picks up what lies on the way, buys weapons, drinks potions when it pays."""

    name = "hero"

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, HeroicaState)
        return self.choose(state, seat, legal)

    def choose(self, st: HeroicaState, seat: Seat, legal: list[Action]) -> Action:
        board = st.board
        ix = board.index
        h = st.seats.index(seat)
        pos = st.pos[h]
        health = st.health[h]
        kind = st.pending[-1].kind
        target = board.mission.target
        mons = st.monsters
        bars = st.bars
        adj_mons = [v for v in board.adj[pos] if v in mons]
        danger = 0
        for v in adj_mons:
            danger = max(danger, _strength(bars, mons, v))
        if DRINK_LIFE in legal and (health <= 1 or (health <= 2 and danger >= 2)):
            return DRINK_LIFE
        if kind in ("turn", "fight") and adj_mons and danger >= health and DRINK_DEFENSE in legal:
            return DRINK_DEFENSE
        if kind == "turn":
            own = SAME_AS_HERO.get(st.hero_ids[h])
            for w, buy in BUYS:
                if w != own and buy in legal:
                    return buy
            if HEAL in legal:
                return HEAL
            if ROLL in legal:
                return ROLL
        fights = [a for a in legal if a.name in ("fight", "strike")]
        if fights:
            # the target's monster first, then the weakest, then the lowest space
            chosen = fights[0]
            best_key = (2, 0, 0)
            for a in fights:
                s = ix[str(a.args[0])]
                k = (0 if s == target else 1, _strength(bars, mons, s), s)
                if k < best_key:
                    chosen, best_key = a, k
            return chosen
        if kind == "shield":
            if health < st.max_health(h) and USE_FANG in legal:
                return USE_FANG
            if len(adj_mons) >= 2 and USE_AX in legal:
                return USE_AX
            for o in SHIELD_ORDER:
                if o in legal:
                    return o
        cost = _costs(st, target, health)
        if kind in ("forward", "back"):
            # every action here is "forward X" (or "back X"): ties go to the smaller space id
            return min(legal, key=lambda a: (cost[ix[str(a.args[0])]], str(a.args[0])))
        if kind == "move":
            uses = [a for a in legal if a.name == "use"]
            if uses:
                pick = self._ranged(st, health, uses, cost, pos, target, mons)
                if pick is not None:
                    return pick
            items = st.items
            adj = board.adj
            best: Action | None = None
            best_score = cost[pos] - 0.01
            for a in legal:
                if a.name != "step":
                    continue
                s = ix[str(a.args[0])]
                if s == target and s not in mons:
                    return a
                score = cost[s] - ITEM_VALUE.get(items.get(s, ""), 0.0)
                for v in adj[s]:
                    if v in mons:
                        score += 0.3
                        break
                if score < best_score:
                    best, best_score = a, score
            if best is not None:
                return best
            if STOP in legal:
                return STOP
        return legal[0]

    def _ranged(self, st: HeroicaState, health: int, uses: list[Action], cost: list[float], pos: int,
                target: int, mons: dict[int, str]) -> Action | None:
        board: Board = st.board
        ix = board.index
        for a in uses:
            if len(a.args) == 2 and ix[str(a.args[1])] == target and target in mons:
                return a
        if cost[pos] <= 4.0 and target not in mons:
            return None  # a Shield moves 4: run for the target
        if health <= 2:
            for a in uses:
                if a.args[0] == "staff":
                    return a
        for a in uses:
            if a.args[0] == "sage" and st.items.get(ix.get(str(a.args[1]), -1)) == "fang":
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
        assert isinstance(state, HeroicaState)
        st = state
        board = st.board
        ix = board.index
        kind = st.pending[-1].kind
        # the active heroes on the board by space (the last one listed, if two share a space)
        hpos = {st.pos[h]: h for h in range(st.nh) if not st.healing[h] and st.pos[h] >= 0}
        target = board.mission.target
        dist = board.dist

        def near(s: int) -> int:
            return min((dist[s][p] for p in hpos), default=board.n)

        if kind == "mfight":
            return min(legal, key=lambda a: (st.health[hpos[ix[str(a.args[0])]]], str(a)))
        if kind == "mturn":
            mons = st.monsters

            def key(a: Action) -> tuple[int, int, int, str]:
                s = ix[str(a.args[0])]
                guard = 1 if s == target and near(s) > 1 else 0
                return (guard, near(s), -rules().monsters[mons[s]].strength, str(a))
            return min(legal, key=key)
        if kind == "mmove":
            here = st.mover
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

