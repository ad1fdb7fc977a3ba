"""The heuristic's square scores, worked out once per decision (issue #20), are the scores the bot
computed afresh for every square before (the reference, kept here as it was): on positions of
heuristic games at every seat count, every candidate square of a hero's and of a monster's
decision scores the same float; and a decision scores a square once, however often it is asked.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from questbox.core import make_agent
from questbox.games.descent import GAME
from questbox.games.descent import bots as B
from questbox.games.descent.evaluation import all_open
from questbox.games.descent.flow import HeroTurn, MonsterTurn
from questbox.games.descent.search_bots import search_bonus, search_spots
from questbox.games.descent.state import DescentState
from questbox.games.descent.tactics import (
    expected_damage,
    goal_groups,
    mean_shields,
    pool_odds,
    remaining,
    target_value,
)


# -- the scores as the bot computed them before (each square afresh) ------------------------------
def _ref_attack_from(st: DescentState, fi: int, s: int) -> float:
    board = st.enc.board
    melee = st.stat(fi).attack == "melee"
    adj = board.adjacency(st.doors)[s]
    best = 0.0
    occ = st.occupied(fi)
    for e in st.enemies(fi):
        theirs = st.squares(e)
        if any(t in adj for t in theirs):
            d = 1
        elif melee:
            continue
        else:
            d = board.distance(st.doors, (s,), theirs)
            if d > 7 or not board.sight(st.doors, (s,), theirs, occ - set(theirs)):
                continue
        v = target_value(st, fi, e, expected_damage(st, fi, e, d))
        if v > best:
            best = v
    return best


def _ref_threat(st: DescentState, fi: int, s: int) -> float:
    dist = st.enc.board.dist_from(st.doors, s)
    defense = mean_shields(st.stat(fi).defense)
    total = 0.0
    for e in st.enemies(fi):
        se = st.stat(e)
        d = min(dist[q] for q in st.squares(e))
        melee = se.attack == "melee"
        if melee and d > se.speed + (2 if "reach" in se.abilities else 1):
            continue
        if not melee and d > se.speed + 5:
            continue
        p, h, _ = pool_odds(se.dice, 0 if melee else 3, melee)
        total += p * max(0.3, h + 0.5 - defense)
    return total / max(1, remaining(st, fi))


def _ref_square_score(st: DescentState, fi: int, s: int, can_attack: bool) -> float:
    board = st.enc.board
    goal = goal_groups(st)
    goal_sq = [q for g in st.monsters() if st.figs[g].group in goal for q in st.squares(g)]
    goal_dist = min(board.dist_from(all_open(st), g)[s] for g in goal_sq) if goal_sq else 0
    dist = board.dist_from(st.doors, s)
    mates = [st.figs[h].pos for h in st.heroes() if h != fi and st.figs[h].status == "active"]
    spread = max(0, min(dist[m] for m in mates) - 2) if mates else 0
    threat = _ref_threat(st, fi, s)
    score = -0.6 * goal_dist - 1.5 * threat - 0.15 * spread
    score += search_bonus(search_spots(st), s, can_attack, threat)
    if can_attack:
        score += 1.5 * _ref_attack_from(st, fi, s)
    if st.stat(fi).attack != "melee":
        adj = board.adjacency(st.doors)[s]
        score -= 0.5 * sum(1 for e in st.enemies(fi) if any(t in adj for t in st.squares(e)))
    return score


def _ref_monster_score(st: DescentState, fi: int, s: int, heroes: list[int]) -> float:
    board = st.enc.board
    stt = st.stat(fi)
    melee = stt.attack == "melee"
    reach = 2 if "reach" in stt.abilities else 1
    w, h = st.figs[fi].dims
    fp = board.footprint(st.doors, s, w, h) if (w, h) != (1, 1) else (s,)
    if fp is None:
        return -99.0
    best = -99.0
    occ = st.occupied(fi)
    for t in heroes:
        theirs = st.squares(t)
        d = board.distance(st.doors, fp, theirs)
        if melee:
            if d <= reach and (d == 1 or board.sight(st.doors, fp, theirs, occ - set(theirs))):
                v = 5.0 + expected_damage(st, fi, t, d) / max(1, remaining(st, t))
            else:
                v = float(-d)
        elif d <= 6 and board.sight(st.doors, fp, theirs, occ - set(theirs)):
            v = 5.0 + expected_damage(st, fi, t, d) - (1.0 if d == 1 else 0.0)
        else:
            v = float(-d)
        best = max(best, v)
    return best


# -- positions -------------------------------------------------------------------------------------
def _decisions(n: int, seed: int, every: int) -> list[tuple[DescentState, str, int]]:
    """Copies of every ``every``-th hero-turn and monster-turn position of a heuristic game."""
    setup = GAME.setup_for_seats(n)
    st = GAME.new(setup, seed=seed)
    assert isinstance(st, DescentState)
    agents = {s: make_agent("heuristic", GAME, seed * 10 + i) for i, s in enumerate(st.seats)}
    out: list[tuple[DescentState, str, int]] = []
    k = 0
    while not st.is_over():
        d = st.pending[-1]
        if d.kind in ("hero-turn", "monster-turn"):
            k += 1
            if k % every == 0:
                data: Any = d.data
                fi = data.fig if isinstance(data, (HeroTurn, MonsterTurn)) else -1
                copy = st.clone()
                assert isinstance(copy, DescentState)
                out.append((copy, d.kind, fi))
        seat = st.to_move()[0]
        st.apply(seat, agents[seat].act(st, seat))
    return out


def _squares(st: DescentState, fi: int) -> set[int]:
    turn = st.turn
    assert turn is not None
    far = st.moves(fi, turn.mp + st.stat(fi).speed)
    return {st.figs[fi].pos} | {v[2] for v in far.values()}


@settings(max_examples=6, deadline=None)
@given(n=hs.sampled_from(GAME.seat_counts), seed=hs.integers(0, 10_000))
def test_the_cached_square_scores_are_the_scores_computed_afresh(n: int, seed: int) -> None:
    checked = 0
    for st, kind, fi in _decisions(n, seed, every=3):
        if kind == "hero-turn":
            mind = B._HeroMind(st, fi)
            for s in sorted(_squares(st, fi)):
                for can_attack in (True, False):
                    assert mind.square_score(s, can_attack) == _ref_square_score(st, fi, s, can_attack)
                assert mind.attack_from(s) == _ref_attack_from(st, fi, s)
                assert mind.threat(s) == _ref_threat(st, fi, s)
                checked += 1
        else:
            heroes = [h for h in st.heroes() if st.figs[h].status == "active"]
            monster = B._MonsterMind(st, fi, heroes)
            for s in sorted(_squares(st, fi)):
                assert monster.score(s) == _ref_monster_score(st, fi, s, heroes)
                assert B.monster_square_score(st, fi, s, heroes) == monster.score(s)
                checked += 1
    assert checked > 0


@pytest.mark.skipif(not str(B.__file__).endswith(".py"),
                    reason="the compiled bots call expected_damage natively: a patched module name is not seen")
@pytest.mark.parametrize("kind", ["hero-turn", "monster-turn"])
def test_a_decision_scores_each_square_once(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(st: DescentState, a: int, t: int, distance: int | None = None, bonus: int = 0) -> float:
        calls.append(t)
        return expected_damage(st, a, t, distance, bonus)

    monkeypatch.setattr(B, "expected_damage", counted)
    found = [(st, fi) for st, k, fi in _decisions(3, 7, every=1) if k == kind]
    assert found
    asked = 0
    for st, fi in found:
        squares = sorted(_squares(st, fi))
        if kind == "hero-turn":
            mind = B._HeroMind(st, fi)
            first = [mind.square_score(s, True) for s in squares]
            before = len(calls)
            assert [mind.square_score(s, True) for s in squares] == first
        else:
            heroes = [h for h in st.heroes() if st.figs[h].status == "active"]
            monster = B._MonsterMind(st, fi, heroes)
            first = [monster.score(s) for s in squares]
            before = len(calls)
            assert [monster.score(s) for s in squares] == first
        asked += before
        assert len(calls) == before           # asked again: nothing recomputed
    assert asked > 0                          # (the scores did compute expected damage)
