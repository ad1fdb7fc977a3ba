"""Tactics the bots and the rule modules' own choices share (a heroic feat picks its targets with
them): the odds of an attack pool, the damage an attack is expected to deal, what a target is
worth. No rules here, and nothing here imports the bots."""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

from questbox.games.descent.abilities import BREATH_SPACES, breath_next
from questbox.games.descent.data import library

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


# -- dice arithmetic ----------------------------------------------------------------------------
@functools.cache
def pool_odds(dice: tuple[str, ...], distance: int, melee: bool) -> tuple[float, float, float]:
    """(chance to hit, expected hearts when it hits, expected surges when it hits) of an attack
    pool at ``distance`` (exact enumeration over the faces)."""
    lib = library()
    faces = [lib.dice[d] for d in dice]
    hits = hearts = surges = 0.0
    total = 0
    for combo in itertools.product(*faces):
        total += 1
        if any(f.miss for f in combo):
            continue
        if not melee and sum(f.range for f in combo) < distance:
            continue
        hits += 1
        hearts += sum(f.hearts for f in combo)
        surges += sum(f.surges for f in combo)
    if not hits:
        return 0.0, 0.0, 0.0
    return hits / total, hearts / hits, surges / hits


@functools.cache
def mean_shields(dice: tuple[str, ...]) -> float:
    lib = library()
    return sum(sum(f.shields for f in lib.dice[d]) / 6 for d in dice)


def expected_damage(st: DescentState, a: int, t: int, distance: int | None = None, bonus: int = 0) -> float:
    sa = st.stat(a)
    melee = sa.attack == "melee"
    d = st.distance(a, t) if distance is None else distance
    p, h, s = pool_odds(sa.dice, 0 if melee else max(0, d - (1 if not melee else 0)), melee)
    heart_surge = max((x.value for x in sa.surges if x.effect == "heart"), default=0)
    h += bonus + min(s, 1.0) * heart_surge * 0.8
    return p * max(0.2, h - mean_shields(st.stat(t).defense))


def remaining(st: DescentState, fi: int) -> int:
    return st.health(fi) - st.figs[fi].damage


def goal_groups(st: DescentState) -> set[int]:
    """The monster groups the heroes must defeat to win."""
    gids = [g.id for g in st.enc.groups]
    return {gids.index(v.group) for v in st.enc.quest.victory
            if v.side == "heroes" and v.when == "defeated" and v.group in gids}


def target_value(st: DescentState, a: int, t: int, dmg: float) -> float:
    left = max(1, remaining(st, t))
    v = min(1.0, dmg / left) + (1.0 if dmg >= left else 0.0)
    f = st.figs[t]
    if f.side == "monster":
        if f.group in goal_groups(st):
            v += 2.0
        if f.master:
            v += 0.3
    else:
        v += 0.5 * (st.figs[t].damage / max(1, st.health(t)))
    return v


# -- area surges (the bots' picks) ---------------------------------------------------------------
def area_value(st: DescentState, effect: str) -> int:
    """Enemies minus friends an area surge would add to the attack in progress."""
    atk = st.attack
    assert atk is not None
    if effect == "fire-breath":
        return best_breath(st, (st.figs[atk.target].pos,))[0]
    side = st.figs[atk.attacker].side
    centre = atk.target if effect == "blast" else atk.attacker
    return sum(1 if fx.side != side else -1 for x, fx in enumerate(st.figs)
               if x not in (atk.attacker, atk.target) and fx.status == "active" and fx.pos >= 0
               and st.adjacent(centre, x))


def best_breath(st: DescentState, path: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The Fire Breath path from ``path`` on that affects the most heroes and the fewest monsters
    (every extension of up to :data:`~.abilities.BREATH_SPACES` spaces), with its value."""
    atk = st.attack
    assert atk is not None
    side = st.figs[atk.attacker].side
    nxt = breath_next(st, path) if len(path) < BREATH_SPACES else []
    if not nxt:
        hit = {st.occ[q] for q in path[1:] if q in st.occ} - {atk.attacker, atk.target}
        return sum(1 if st.figs[x].side != side else -1 for x in hit), path
    return max((best_breath(st, (*path, q)) for q in nxt), key=lambda v: (v[0], -len(v[1])))
