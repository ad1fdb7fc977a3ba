"""The position evaluation of the heuristic bots and of search (moved out of
:mod:`~questbox.games.descent.bots`, which re-exports it): :func:`features` of a position from
the heroes' view and :func:`evaluate`, a fitted logistic of them. Reads only public information.
"""

from __future__ import annotations

import math
from typing import Any

from questbox.games.descent.state import DescentState
from questbox.games.descent.tactics import expected_damage, goal_groups, remaining

__all__ = ["EVAL_BIAS", "EVAL_WEIGHTS", "all_open", "evaluate", "features"]


def all_open(st: DescentState) -> int:
    return (1 << len(st.enc.board.door_ids)) - 1



_CLOCKS: dict[int, tuple[Any, dict[str, tuple[float, float, int]]]] = {}


def _clock_rates(quest: Any) -> dict[str, tuple[float, float, int]]:
    """For each counter the overlord wins on: (gain a round, gain a knocked-out hero, the target)."""
    got = _CLOCKS.get(id(quest))
    if got is not None and got[0] is quest:
        return got[1]
    out: dict[str, tuple[float, float, int]] = {}
    gains = {c.id: c.gain for c in quest.counters}
    for v in quest.victory:
        if v.side == "overlord" and v.when == "counter" and v.counter and v.at_least:
            g = gains.get(v.counter, [])
            per_round = float(sum(x.amount for x in g if x.at in ("round-end", "round-start")))
            per_ko = float(sum(x.amount for x in g if x.at == "hero-knocked-out"))
            out[v.counter] = (per_round, per_ko, v.at_least)
    _CLOCKS[id(quest)] = (quest, out)  # the quest is kept, so its id is never reused
    return out


def features(st: DescentState) -> dict[str, float]:
    """The quantities the heroes' chance depends on (for :func:`evaluate`), heroes' view:

    ``rounds_left`` the rounds before the overlord's clock (a counter or a round limit) runs out at
    its usual pace (at most 12); ``approach`` the rounds the heroes still need to come within reach
    of the goal monsters (mean over the heroes standing, all doors open); ``ko`` the expected
    number of heroes knocked out next overlord turn (the monsters in reach of each hero against
    its remaining Health), plus the heroes down now; ``goal_done`` the share of the goal's Health
    dealt; ``hp`` the share of the heroes' Health left; ``fatigue`` the share of their Stamina
    spent; ``per_ko`` (not weighed) how many rounds of the clock a knock-out costs.
    """
    board = st.enc.board
    quest = st.enc.quest
    goal = goal_groups(st)
    goal_figs = [i for i in st.monsters() if st.figs[i].group in goal]
    goal_left = sum(remaining(st, i) for i in goal_figs)
    goal_total = sum(st.health(i) for i in st.monsters(active=False) if st.figs[i].group in goal) or 1
    heroes = st.heroes()
    up = [h for h in heroes if st.figs[h].status == "active"]
    hero_hp = sum(max(0, remaining(st, h)) for h in up)
    hero_total = sum(st.health(h) for h in heroes) or 1
    # the clock
    rounds_left = 99.0
    per_ko = 0.0
    for cid, (per_round, ko_gain, target) in _clock_rates(quest).items():
        left = target - st.counters.get(cid, 0)
        if per_round > 0:
            if left / per_round < rounds_left:
                rounds_left, per_ko = left / per_round, ko_gain / per_round
        elif ko_gain > 0:
            rounds_left = min(rounds_left, 3.0 * left / ko_gain)
    for v in quest.victory:
        if v.side == "overlord" and v.when == "round" and v.round:
            rounds_left = min(rounds_left, float(v.round - st.round))
    # the heroes' way to the goal
    approach = 0.0
    if goal_figs and up:
        mask = all_open(st)
        gsq = [q for g in goal_figs for q in st.squares(g)]
        for h in up:
            dist = board.dist_from(mask, st.figs[h].pos)
            d = min(dist[q] for q in gsq)
            sh = st.stat(h)
            reach = 1 if sh.attack == "melee" else 4
            approach += max(0, d - reach) / (2.0 * max(1, sh.speed))
        approach /= len(up)
    # the monsters' threat: expected knock-outs next overlord turn
    ko = float(len(heroes) - len(up))
    monsters = st.monsters()
    for h in up:
        left = max(1, remaining(st, h))
        incoming = 0.0
        for m in monsters:
            sm = st.stat(m)
            d = st.distance(m, h)
            if d <= sm.speed + (1 if sm.attack == "melee" else 4):
                incoming += expected_damage(st, m, h, 1 if sm.attack == "melee" else min(d, 3))
        ko += min(1.0, incoming / left) ** 2
    fatigue = sum(st.figs[h].fatigue for h in up) / max(1, sum(st.stamina(h) for h in up))
    return {"rounds_left": min(12.0, rounds_left), "approach": approach, "ko": ko,
            "per_ko": per_ko, "goal_done": 1.0 - goal_left / goal_total, "hp": hero_hp / hero_total,
            "fatigue": fatigue}


def evaluate(st: DescentState) -> float:
    """The heroes' chance to win, roughly (for search cut-offs): a logistic of :func:`features`
    whose weights (:data:`EVAL_WEIGHTS`) were fitted on 10,230 positions of 250 Sunken Ossuary
    games between heuristic bots, partly mixed with random play (logistic regression; log loss
    0.42 against 0.62 for a constant and 0.53 for the goal/clock/health formula this replaced).
    Moving towards the goal, hurting it, keeping the heroes healthy and out of the monsters'
    reach, and running the clock down all count."""
    if st.result is not None:
        return 1.0 if st.result[0] == "heroes" else 0.0
    f = features(st)
    x = EVAL_BIAS + sum(w * f[k] for k, w in EVAL_WEIGHTS.items())
    p = 1.0 / (1.0 + math.exp(-x))
    return min(0.98, max(0.02, p))


#: :func:`evaluate`'s weights; fitted, except Fatigue (the fit gave -4.7, confounded with random
#: play burning Stamina, and would forbid ever moving with Fatigue)
EVAL_BIAS = -6.34
EVAL_WEIGHTS = {"rounds_left": 1.13, "approach": -3.93, "ko": -0.66, "goal_done": 6.27, "hp": 2.95,
                "fatigue": -1.0}
