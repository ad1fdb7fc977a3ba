"""Heuristic bots for both seats of hero-ik (``heuristic``; it plays whichever seat it is given).

The bot plays fair: it reasons on ``state.determinize(seat, rng)``, a copy in which everything its
seat cannot see is resampled, and reads only what is public or its own there. Its main tool is
:func:`win_chance`, the chance of beating a Power with a given set of combat resources (Mana powers,
combat potions, gifts) played well, computed exactly over the dice (expectimax, memoised).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from questbox.core import Action, Game, Rng, Seat, State
from questbox.games.hero_ik.kinds import place_data, target_data
from questbox.games.hero_ik.model import (
    ATTACK,
    DIRE,
    DONE,
    PASS,
    PLACE,
    PLACE_AMBUSH,
    PLACE_BOTH,
    PLACE_TENACITY,
    RESOLVE,
    ROLL,
    RPS_ACTS,
    below,
)
from questbox.games.hero_ik.setup import ADV, DM
from questbox.games.hero_ik.state import FACE_DOWN, FINAL, HikState

#: a combat resource: (kind, value, id) with kind "mult", "add", "die" (cancel and roll dN) or "reroll"
Res = tuple[str, int, str]

MANA_COST = 0.12      # what spending a Mana token is worth, in "combats won"
POTION_COST = 0.22    # what drinking a potion is worth


def _res_of(eff: Any, rid: str) -> Res | None:
    name = eff.effect
    if name == "multiply":
        return ("mult", eff.factor, rid)
    if name == "add":
        return ("add", eff.value, rid)
    if name == "replace_die":
        return ("die", eff.sides, rid)
    if name == "reroll":
        return ("reroll", 0, rid)
    return None


def _resource(s: HikState, card: str, rid: str, eff: Any) -> Res | None:
    """``_res_of(eff, rid)``, kept in the game's Ctx by card id and label (a Ctx fixes the cards)."""
    memo = s.ctx.res_memo
    key = (card, rid)
    if key not in memo:
        memo[key] = _res_of(eff, rid)
    return memo[key]


def resources(s: HikState, *, potions: bool = True) -> list[Res]:
    """The combat resources the adventurers hold now: temporary powers of adventurers with Mana and
    (if ``potions``) affordable face-down combat potions."""
    out: list[Res] = []
    ctx = s.ctx
    for k, adv in enumerate(ctx.advs):
        if s.mana[k]:
            r = _resource(s, adv.id, "p:" + adv.id, adv.power)
            if r:
                out.append(r)
    if potions and FACE_DOWN in s.eq_state:
        have = s._trophy_colours()
        for k, eid in enumerate(s.eq_kind):
            if s.eq_state[k] != FACE_DOWN:
                continue
            eq = ctx.equipment(eid)
            if eq.kind == "potion" and s.affordable(ctx.eq_cost[eid], have):
                r = _resource(s, eid, "e:" + ctx.eq_labels[k], eq.effect)
                if r:
                    out.append(r)
    return out


def lives(s: HikState) -> int:
    """How many more Courage losses the group survives: Courage, and in solitaire the Fear left before
    the Destiny line on which the Lich wins."""
    n = s.courage
    fear = s.fear
    for k in s.ctx.lich_lines:      # in increasing order
        if k > fear:
            return min(n, k - fear)
    return n


def has_reroll_gift(s: HikState) -> bool:
    return s.ctx.reroll_gift


class _Solver:
    """Chance to reach ``need`` (Power minus standing bonuses) with the resources, played well.

    Use :func:`solver`: solvers are shared by all decisions with the same need and resources."""

    def __init__(self, need: int, res: tuple[tuple[str, int], ...], gift: bool) -> None:
        self.need = need
        self.res = res
        self.gift = gift
        self.memo: dict[tuple[int, int, int, int, int], float] = {}
        self._chance = -1.0

    def chance(self) -> float:
        """The chance before the first roll: ``roll(6, 1, 0, 0)``, computed once."""
        if self._chance < 0.0:
            self._chance = self.roll(6, 1, 0, 0)
        return self._chance

    def roll(self, sides: int, mult: int, bonus: int, mask: int) -> float:
        return sum(self.value(f, sides, mult, bonus, mask) for f in range(1, sides + 1)) / sides

    def value(self, face: int, sides: int, mult: int, bonus: int, mask: int) -> float:
        if face * mult + bonus >= self.need:
            return 1.0
        key = (face, sides, mult, bonus, mask)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = 0.0
        if face == 1 and self.gift and sides > 1:
            best = sum(self.value(f, sides, mult, bonus, mask) for f in range(2, sides + 1)) / (sides - 1)
        for j, (kind, val) in enumerate(self.res):
            bit = 1 << j
            if mask & bit:
                continue
            if kind == "mult":
                if mult == 1:
                    best = max(best, self.value(face, sides, val, bonus, mask | bit))
            elif kind == "add":
                best = max(best, self.value(face, sides, mult, bonus + val, mask | bit))
            elif kind == "die":
                best = max(best, self.roll(val, 1, bonus, mask | bit))
            else:
                best = max(best, self.roll(sides, mult, bonus, mask | bit))
            if best >= 1.0:
                break
        self.memo[key] = best
        return best


@functools.lru_cache(maxsize=4096)
def _solver(need: int, res: tuple[tuple[str, int], ...], gift: bool) -> _Solver:
    return _Solver(need, res, gift)


def solver(need: int, res: list[Res], gift: bool) -> _Solver:
    """The (shared, memoised) solver for a need and resources; resource ``j`` is bit ``1 << j`` of masks."""
    return _solver(need, tuple((k, v) for k, v, _ in res), gift)


def win_chance(s: HikState, c: int, res: list[Res] | None = None, *, pdie: int | None = None) -> float:
    """Chance of beating corridor ``c`` (or FINAL) in a combat started now (rock/paper/scissors: 2/3)."""
    if s.rps_fight(c):
        return 2 / 3
    if res is None:
        res = resources(s)
    need, rolled = _need(s, c, pdie)
    return _chance(need, rolled, tuple((k, v) for k, v, _ in res), s.ctx.reroll_gift)


def _need(s: HikState, c: int, pdie: int | None) -> tuple[int, bool]:
    """The roll needed against corridor ``c`` (Power less standing bonuses), and whether the Power
    is known: if not, the card's Power die is still to roll and adds its face to the need."""
    rolled = not (c != FINAL and s.ctx.die[s.slot[c]] and not pdie)
    return s.power_of(c, pdie or 0, sum(s.mana)) - s.standing_bonus(c), rolled


def _chance(need: int, rolled: bool, key: tuple[tuple[str, int], ...], gift: bool) -> float:
    if rolled:
        return _solver(need, key, gift).chance()
    total = 0.0
    for f in range(1, 7):
        total += _solver(need + f, key, gift).chance()
    return total / 6


# ============================================================ position evaluation (for search)
def features(s: HikState) -> dict[str, float]:
    """What :func:`evaluate` weighs: ``lives`` (:func:`lives`), ``pile`` the cards between the group
    and an empty corridor (the shortest pile, its face-up encounter included), ``open`` whether
    the final monster may be attacked, ``mana`` the Mana tokens held, ``potions`` the face-down
    potions, ``items_down`` the equipment items not yet revealed, ``fear`` the dungeon master's
    Fear and ``trophies`` the dungeon cards held to pay costs. Resources are counted, not played
    out against the encounters now face up, so spending one costs a fixed amount however the
    next combat looks."""
    ctx = s.ctx
    potions = items = 0
    for k, st in enumerate(s.eq_state):
        if st == FACE_DOWN:
            if ctx.equipment(s.eq_kind[k]).kind == "potion":
                potions += 1
            else:
                items += 1
    return {"lives": float(lives(s)),
            "pile": float(min(len(p) + (1 if s.slot[c] >= 0 else 0) for c, p in enumerate(s.piles))),
            "open": 1.0 if s.final_open() else 0.0, "mana": float(sum(s.mana)), "potions": float(potions),
            "items_down": float(items), "fear": float(s.fear), "trophies": float(len(s.trophies))}


#: :func:`evaluate`'s weights: a logistic regression of the duel's result on :func:`features`, over
#: 20,874 positions of 500 duels between heuristic bots (each seat mixed with 0-100 % random play);
#: log loss 0.515, against 0.617 for the Courage/progress formula it replaced and 0.687 for a constant
EVAL_BIAS = -1.889
EVAL_WEIGHTS = {"lives": 0.219, "pile": -0.028, "open": 0.626, "mana": 0.483, "potions": 1.611,
                "items_down": -0.301, "fear": -0.265, "trophies": 0.098}


def evaluate(s: HikState) -> float:
    """The adventurers' chance to win, roughly (for search cut-offs): a logistic of
    :func:`features` with :data:`EVAL_WEIGHTS`, clipped to [0.02, 0.98]."""
    f = features(s)
    x = EVAL_BIAS + sum(w * f[k] for k, w in EVAL_WEIGHTS.items())
    return min(0.98, max(0.02, 1.0 / (1.0 + math.exp(-x))))


def determinize_draws(s: HikState, seat: Seat) -> int:
    """How many draws ``s.determinize(seat, rng)`` takes from ``rng`` (a shuffle of ``n`` items takes
    ``n - 1``); it depends only on what ``seat`` sees."""
    n = 1   # the copy's own generator
    if seat == ADV:
        pool = sum(len(p) for p in s.piles) + sum(1 for c in range(3) if s.slot[c] >= 0 and s.down[c])
        n += max(0, pool - 1) + (1 if s.rps[1] and not s.ctx.solo else 0)
    elif seat == DM:
        unknown = sum(max(0, len(p) - (1 if s.peek[c] else 0)) for c, p in enumerate(s.piles))
        n += max(0, unknown - 1) + s.eq_state.count(FACE_DOWN) + (1 if s.rps[0] else 0)
    return n


class HeuristicAgent:
    """A rule-of-thumb player for either seat."""

    #: reason on ``state.determinize(seat, rng)`` (the reference, slower) rather than on the state
    #: itself with the generator advanced as that copy would (the same choices: see ``act``)
    copy_first = False

    def __init__(self, *, game: Game | None = None, seed: int = 0, final_at: float = 0.5,
                 fear_reserve: int = 3, progress: float = 1.0) -> None:
        self._rng = Rng(seed)
        #: draws owed to the generator (``act`` adds what each determinization would take; the
        #: generator moves on by them, in one step, when it is next read: see :attr:`rng`)
        self._owed = 0
        self.final_at = final_at
        self.fear_reserve = fear_reserve
        self.progress = progress
        self.name = "heuristic"

    @property
    def rng(self) -> Rng:
        """The bot's generator, moved on by the draws it owes (where ``determinize`` would have it)."""
        if self._owed:
            self._rng.skip(self._owed)
            self._owed = 0
        return self._rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        self._rng = rng
        self._owed = 0

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, HikState)      # (first: the compiled bot then calls the state natively)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if not self.copy_first and self._rng.script is None:
            # the rules below read only what ``seat`` sees, which ``determinize`` leaves as it is: read
            # the state itself and advance the generator as the copy would have (test_bots checks it),
            # once the generator is next read
            self._owed += determinize_draws(state, seat)
            s = state
        else:
            s = state.determinize(seat, self.rng)
        kind = s.pending[-1].kind
        if kind == "rps":
            return RPS_ACTS[below(self.rng, 3)]
        act = self._choose(s, seat, kind, legal)
        return act if act in legal else legal[0]

    def _choose(self, s: HikState, seat: Seat, kind: str, legal: list[Action]) -> Action:
        """The rule of thumb for a decision of ``kind`` (the first legal action if there is none)."""
        if seat == ADV:
            if kind == "postroll":
                return self._adv_postroll(s, legal)
            if kind == "equip":
                return self._adv_equip(s, legal)
            if kind == "attack":
                return self._adv_attack(s, legal)
            if kind == "preroll":
                return self._adv_preroll(s, legal)
            if kind == "mana":
                return self._adv_mana(s, legal)
            if kind == "pay":
                return self._adv_pay(s, legal)
            if kind == "target":
                return self._adv_target(s, legal)
            if kind == "brink":
                return self._adv_brink(s, legal)
            if kind == "losemana":
                return self._adv_losemana(s, legal)
        elif seat == DM:
            if kind == "construct":
                return self._dm_construct(s, legal)
            if kind == "place":
                return self._dm_place(s, legal)
            if kind == "guard":
                return self._dm_guard(s, legal)
            if kind == "dire":
                return self._dm_dire(s, legal)
        return legal[0]

    # ============================================================ the adventurers
    def _adv_equip(self, s: HikState, legal: list[Action]) -> Action:
        ctx = s.ctx
        by_name: dict[str, list[Action]] = {}
        for a in legal:
            by_name.setdefault(a.name, []).append(a)
        for a in by_name.get("reveal", []):
            eq = ctx.equipment(s.eq_kind[ctx.eq_labels.index(str(a.args[0]))])
            if eq.kind == "item" or self._worth(s, eq.effect):
                return a
        for a in by_name.get("ultimate", []):
            adv = ctx.advs[ctx.adv_ids.index(str(a.args[0]))]
            if self._worth(s, adv.ultimate, ultimate=True):
                return a
        for a in by_name.get("quest", []):
            eq = ctx.equipment(s.eq_kind[ctx.eq_labels.index(str(a.args[0]))])
            if self._worth(s, eq.effect):
                return a
        for a in by_name.get("potion", []):
            eq = ctx.equipment(s.eq_kind[ctx.eq_labels.index(str(a.args[0]))])
            if eq.effect.effect == "gain_courage" and s.courage <= 1 and lives(s) >= s.courage:
                return a
            if eq.effect.effect == "gain_mana" and s.final_open() and 0 in s.mana:
                return a
        return DONE

    def _worth(self, s: HikState, eff: Any, ultimate: bool = False) -> bool:
        name = eff.effect
        if name == "gain_courage":
            if lives(s) < s.courage:
                return False  # solitaire: the Destiny scale, not Courage, is what runs out
            return s.courage + eff.value <= 10 and s.courage <= (6 if ultimate else 7)
        if name == "mana_all":
            missing = s.mana.count(0)
            return missing >= 2 or (missing >= 1 and s.final_open())
        if name == "gain_mana":
            return 0 in s.mana
        if name == "eliminate":
            targets = s._elim_targets(eff.target)
            return any(s.rank_power(c) >= 7 or win_chance(s, c) < 0.35 for c in targets)
        if name == "remove_tenacity":
            return sum(s.ten) + (0 if ultimate else s.final_ten) >= 2  # an ultimate spares the final
        return False

    def _adv_target(self, s: HikState, legal: list[Action]) -> Action:
        if target_data(s.pending[-1]).what == "mana":
            return self._best_mana(s, legal)
        return max(legal, key=lambda a: (s.rank_power(int(a.args[0]) - 1), -int(a.args[0])))

    def _best_mana(self, s: HikState, legal: list[Action]) -> Action:
        order = {"mult": 0, "die": 1, "add": 2, "reroll": 3}

        def key(a: Action) -> int:
            who = str(a.args[0])
            if who == "none":
                return 99
            r = _res_of(s.ctx.advs[s.ctx.adv_ids.index(who)].power, who)
            return order.get(r[0], 5) if r else 5
        return min(legal, key=key)

    def _adv_mana(self, s: HikState, legal: list[Action]) -> Action:
        return self._best_mana(s, legal)

    def _adv_losemana(self, s: HikState, legal: list[Action]) -> Action:
        order = {"mult": 0, "die": 1, "add": 2, "reroll": 3}

        def key(a: Action) -> int:
            r = _res_of(s.ctx.advs[s.ctx.adv_ids.index(str(a.args[0]))].power, "")
            return order.get(r[0], 5) if r else 5
        return max(legal, key=key)

    def _adv_pay(self, s: HikState, legal: list[Action]) -> Action:
        # keep the cards whose colours other costs still need: pay with the most plentiful colour's card
        counts = [0, 0, 0, 0]
        for t in s.trophies:
            counts[s.ctx.colour[t]] += 1
        return max(legal, key=lambda a: (counts[s.ctx.colour[int(a.args[0])]], -int(a.args[0])))

    def _adv_brink(self, s: HikState, legal: list[Action]) -> Action:
        return next((a for a in legal if a.name == "potion"), legal[0])

    def _adv_attack(self, s: HikState, legal: list[Action]) -> Action:
        res = resources(s)
        gift = s.ctx.reroll_gift
        key = tuple((k, v) for k, v, _ in res)
        bare = tuple((k, v) for k, v, r in res if r.startswith("e:"))
        left = lives(s)
        loss_hurts = 1.0 if left > 2 else 2.5
        best: tuple[float, Action] | None = None
        final_p = None
        for a in legal:
            if a.name != "attack":
                continue
            if a.args[0] == "final":
                final_p = win_chance(s, FINAL, res)
                continue
            c = int(a.args[0]) - 1
            i = s.slot[c]
            if s.down[c]:
                p = 0.45
            elif s.rps_fight(c):
                p = 2 / 3
            else:
                # a fight that needs our Mana costs us that Mana
                need, rolled = _need(s, c, None)
                p = 0.65 * _chance(need, rolled, key, gift) + 0.35 * _chance(need, rolled, bare, gift)
            gain = 1.0
            if not s.down[c] and s.ctx.mana_icon[i] and 0 in s.mana:
                gain += 0.4
            if not s.final_open():
                # progress: a short pile is soon a clear path to the final monster
                gain += self.progress / (1 + len(s.piles[c]))
            loss = (2 if (not s.down[c] and s.ctx.pain[i]) else 1) * loss_hurts
            if not s.down[c] and s.ctx.trap[i]:
                score = gain - (1 - p) * loss
            else:
                score = p * gain - (1 - p) * loss
            if best is None or score > best[0]:
                best = (score, a)
        if final_p is not None:
            desperate = left <= 1 or best is None
            if final_p >= self.final_at or (desperate and final_p > 0.05) or (
                    left <= 2 and final_p >= 0.3):
                return ATTACK[FINAL]
        if best is not None:
            return best[1]
        heal = next((a for a in legal if a.name == "potion"), None)
        return heal or legal[0]

    def _adv_preroll(self, s: HikState, legal: list[Action]) -> Action:
        return ROLL

    def _adv_postroll(self, s: HikState, legal: list[Action]) -> Action:
        cb = s.combat
        assert cb is not None
        power = s.combat_power()
        standing = s.standing_bonus(cb.target)
        need = power - standing
        if cb.face * cb.mult + cb.bonus >= need:
            return RESOLVE
        res = resources(s)
        gift = has_reroll_gift(s)
        solve = solver(need, res, gift)
        # how much losing this combat hurts, in combats
        loss = 2 if (cb.target != FINAL and s.ctx.pain[cb.card]) else 1
        fatal = lives(s) - loss <= 0
        stake = 10.0 if (fatal or cb.target == FINAL) else 1.0 + 0.5 * loss
        best_val, best_act = 0.0, RESOLVE
        for a in legal:
            if a.name == "gift":
                v = sum(solve.value(f, cb.sides, cb.mult, cb.bonus, 0) for f in range(2, cb.sides + 1)) / (
                    cb.sides - 1)
                val = v * stake
            elif a.name in ("power", "potion"):
                rid = ("p:" if a.name == "power" else "e:") + str(a.args[0])
                j = next((j for j, r in enumerate(res) if r[2] == rid), None)
                if j is None:
                    continue
                kind, v_, _ = res[j]
                bit = 1 << j
                if kind == "mult":
                    p = solve.value(cb.face, cb.sides, v_, cb.bonus, bit)
                elif kind == "add":
                    p = solve.value(cb.face, cb.sides, cb.mult, cb.bonus + v_, bit)
                elif kind == "die":
                    p = solve.roll(v_, 1, cb.bonus, bit)
                else:
                    p = solve.roll(cb.sides, cb.mult, cb.bonus, bit)
                cost = 0.0 if fatal else (MANA_COST if a.name == "power" else POTION_COST)
                val = p * stake - cost * (1 if p < 1 else 0.5)
            else:
                continue
            if val > best_val + 1e-9:
                best_val, best_act = val, a
        return best_act

    # ============================================================ the dungeon master
    def _strength(self, s: HikState, i: int) -> float:
        ctx = s.ctx
        if ctx.greenskin[i]:
            return 3.0
        return ctx.fixed[i] + ctx.a[i] * ctx.n_adv + ctx.m[i] * 1.5 + (3.5 if ctx.die[i] else 0) + (
            1.5 if ctx.pain[i] else 0)

    def _dm_construct(self, s: HikState, legal: list[Action]) -> Action:
        # the group attacks the weakest encounter first: the strongest next card belongs behind it
        weak = []
        for c in range(3):
            if s.slot[c] < 0:
                weak.append(0.2)
            else:
                weak.append(1.0 / (1.0 + max(0.0, s.rank_power(c) - 2)))

        def score(perm: list[int]) -> float:
            total = 0.0
            for c in range(3):
                pile = s.piles[perm[c]]
                if not pile:
                    total -= weak[c] * 4.0
                    continue
                top = self._strength(s, pile[-1]) if s.peek[perm[c]] else 5.0
                total += weak[c] * (top + 0.15 * min(len(pile), 8))
            return total

        best = max(legal, key=lambda a: score(self._perm(a)))
        return best

    @staticmethod
    def _perm(a: Action) -> list[int]:
        perm = [0, 1, 2]
        if a.name == "swap":
            x, y = int(a.args[0]) - 1, int(a.args[1]) - 1
            perm[x], perm[y] = perm[y], perm[x]
        return perm

    def _dm_place(self, s: HikState, legal: list[Action]) -> Action:
        c = place_data(s.pending[-1]).corridor
        i = s.slot[c]
        strong = self._strength(s, i)
        spare = s.fear - self.fear_reserve
        if s.ctx.greenskin[i]:
            return PLACE
        if spare >= 2 and strong >= 5 and PLACE_TENACITY in legal:
            if spare >= 3 and strong >= 7 and PLACE_BOTH in legal:
                return PLACE_BOTH
            return PLACE_TENACITY
        if spare >= 1 and strong >= 7 and PLACE_AMBUSH in legal:
            return PLACE_AMBUSH
        return PLACE

    def _dm_guard(self, s: HikState, legal: list[Action]) -> Action:
        cands = [a for a in legal if a.name == "guard"]

        def key(a: Action) -> float:
            c = FINAL if a.args[0] == "final" else int(a.args[0]) - 1
            if c == FINAL:
                return 0.5
            bonus = 1.0 if s.ctx.ferocious[s.slot[c]] else 0.0
            return -s.rank_power(c) + bonus * 2
        return max(cands, key=key) if cands else legal[0]

    def _dm_dire(self, s: HikState, legal: list[Action]) -> Action:
        cb = s.combat
        assert cb is not None
        need = s.combat_power() - s.standing_bonus(cb.target)
        res = resources(s, potions=False)
        solve = solver(need, res, has_reroll_gift(s))
        now = solve.value(cb.face, cb.sides, cb.mult, cb.bonus, 0)
        after = solve.roll(cb.sides, cb.mult, cb.bonus, 0)
        stakes = 2.0 if cb.target == FINAL else 1.0
        if (now - after) * stakes >= 0.3:
            return DIRE
        return PASS


def heuristic(*, game: Game | None = None, seed: int = 0, **params: Any) -> HeuristicAgent:
    return HeuristicAgent(game=game, seed=seed, **params)
