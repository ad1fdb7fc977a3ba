"""The Heirs bots' fast paths play exactly as the slow ones they replaced (issue #20).

* ``common.shuffle_ints`` / ``common.below`` make the core generator's draws (the lookahead's
  determinization and the tie-breaks run them compiled);
* a lookahead copy (``quiet``) builds no events and plays the same;
* the ``simple`` policy scores actions from the typed state: every score equals the score the
  rules of thumb gave from the JSON view (the reference, kept here), on positions of random games
  with the shipped deck and with a deck whose ids do not start with their colour's letter.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

from questbox.agents.random_agent import RandomAgent
from questbox.core import Rng, make_agent
from questbox.core.actions import Action
from questbox.core.state import JSON
from questbox.games.heirs import GAME
from questbox.games.heirs.bots import RAISE_ORDER, _Context, _score
from questbox.games.heirs.cards import default_cards
from questbox.games.heirs.common import QUIET, below, shuffle_ints
from questbox.games.heirs.state import HeirsState


@settings(max_examples=200, deadline=None)
@given(seed=hs.integers(0, (1 << 64) - 1), size=hs.integers(0, 60), n=hs.integers(1, 1 << 62))
def test_shuffle_and_below_make_the_core_generators_draws(seed: int, size: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs, ys = list(range(size)), list(range(size))
    a.shuffle(xs)
    shuffle_ints(b, ys)
    assert xs == ys
    assert a.below(n) == below(b, n)
    assert a.to_json() == b.to_json()


def test_keyed_and_scripted_generators_take_the_core_methods() -> None:
    a, b = Rng(1 << 70), Rng(1 << 70)
    xs, ys = list(range(20)), list(range(20))
    a.shuffle(xs)
    shuffle_ints(b, ys)
    assert xs == ys and a.below(7) == below(b, 7) and a.to_json() == b.to_json()
    s = Rng(0, script=[[3, 1], 2])
    zs = [1, 2, 3]
    shuffle_ints(s, zs)
    assert zs == [3, 1, 2] and below(s, 5) == 2


# -- the rules of thumb as they read the JSON view (the reference the typed scores must equal) -----

def _fits(a: str, b: str) -> bool:
    return a[:1] == b[:1] or (a[1:] == b[1:] and a[1:] != "L")


def _owner(view: JSON, cid: str) -> str | None:
    for p in view["players"]:
        if cid in p["chain"]:
            return str(p["seat"])
    for ch in view["black"]["chains"]:
        if cid in ch:
            return "black"
    return None


def view_score(view: JSON, seat: str, a: Action) -> float:
    """The score the rule of thumb gave ``a`` when it read the JSON view (before issue #20)."""
    me = next(p for p in view["players"] if p["seat"] == seat)
    chain: list[str] = me["chain"]
    ends = [chain[0], chain[-1]] if chain else []
    black = view["black"]
    black_len = max((len(ch) for ch in black["chains"]), default=0)
    black_danger = black_len >= black["needs"] - 2 and black_len > 0 and not black["face_down"]
    name = a.name
    args = [str(x) for x in a.args]
    if name in ("chain", "start"):
        return 10.0
    if name == "grow":
        return 10.0 if args[1] == seat else (-10.0 if args[1].startswith("black") else -2.0)
    if name == "burn":
        owner = _owner(view, args[0])
        if owner == "black":
            return 9.0
        if owner is None:
            return -3.0 if any(_fits(args[0], e) for e in ends) else -1.0
        return -8.0 if owner == seat else 3.0
    if name == "burn-hand":
        return 4.0
    if name == "return":
        if view["pending"] and view["pending"][-1]["kind"] == "webs":
            owner = _owner(view, args[0])
            return 9.0 if owner == "black" else (-9.0 if owner == seat else 1.0)
        return 0.0 if any(_fits(args[0], e) for e in ends) else 1.0
    if name == "done":
        return 0.5
    if name in ("keep", "take"):
        return 5.0 if any(_fits(args[0], e) for e in ends) or not chain else 1.0
    if name == "discard":
        return -1.0 if any(_fits(args[0], e) for e in ends) else 1.0
    if name == "raise":
        return 6.0 - RAISE_ORDER.index(args[0]) - 0.5 * int(me["tokens"][args[0]])
    if name == "cast":
        k = args[0]
        if k in ("B", "O") and black_danger:
            return 8.0 if k == "B" else 7.0
        return 2.0 + 0.2 * int(me["tokens"][k])
    if name == "command":
        c = args[0]
        if c[:1] in "BO" and black_danger:
            return 7.5 + (0.5 if c[1:] == "L" else 0.0)
        if c in ("GL", "YL"):
            return 5.0
        if c[:1] == "G":
            return 4.0
        return 2.5 if not any(_fits(c, e) for e in ends) else 1.0
    if name == "absorb":
        c = args[0]
        return (3.0 if not any(_fits(c, e) for e in ends) else 0.5) + (0.6 if c[:1] in "BO" else 0.0)
    if name == "skip-cast":
        return 1.0
    if name == "ability":
        sel = view.get("selected") or []
        return 6.0 if sel and sel[0] in ("lore", "ancient-lore") else 1.5
    if name == "draw":
        return 3.0
    if name == "number":
        return -abs(int(args[0]) - len(chain))
    if name == "skip":
        return 2.0
    return 0.0


def _odd_deck() -> list[dict[str, Any]]:
    """The shipped deck renamed: ids that do not start with their colour's letter (``x3R``...)."""
    return [{**d.model_dump(), "id": f"x{d.id[1:]}{d.id[0]}"} for d in default_cards().docs]


def _check_games(setup: JSON, games: int) -> int:
    checked = 0
    for g in range(games):
        st = GAME.new(setup, seed=g)
        assert isinstance(st, HeirsState)
        walker = RandomAgent(seed=g)
        while not st.is_over():
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            view = st.view(seat)
            ctx = _Context(st, seat)
            for a in legal:
                assert _score(ctx, a) == view_score(view, seat, a), (g, seat, a)
                checked += 1
            st.apply(seat, walker.act(st, seat))
    return checked


def test_simple_scores_from_the_state_equal_the_scores_from_the_view() -> None:
    checked = 0
    for n in (1, 2, 3, 4):
        checked += _check_games({"players": n}, 3)
        checked += _check_games({"players": n, "cards": _odd_deck()}, 1)
    assert checked > 2000


def test_a_quiet_copy_plays_the_same_and_writes_no_event() -> None:
    """A lookahead copy (``quiet``) makes the same transitions as a loud one, returns no event, and
    :data:`~questbox.games.heirs.common.QUIET` stays empty (every event append checks for it)."""
    moves = 0
    for n in (1, 2, 3, 4):
        for g in range(4):
            loud = GAME.new({"players": n}, seed=100 + g)
            quiet = loud.clone()
            quiet.quiet = True
            walker = RandomAgent(seed=g)
            while not loud.is_over():
                seat = loud.to_move()[0]
                a = walker.act(loud, seat)
                loud.apply(seat, a)
                assert quiet.apply(seat, a) == []
                assert quiet.to_json() == loud.to_json()
                moves += 1
    assert QUIET == [] and moves > 500
    make_agent("heuristic", GAME, seed=1).act(GAME.new({"players": 3}, seed=5), "p1")
    assert QUIET == []


def _positions(n: int) -> list[tuple[HeirsState, str]]:
    """Positions of seeded random 2-player games where the seat to move has several actions."""
    out: list[tuple[HeirsState, str]] = []
    for seed in range(n):
        st = GAME.new({"players": 2}, seed=seed)
        assert isinstance(st, HeirsState)
        agent = RandomAgent(seed=seed)
        while not st.is_over() and len(out) < 40 * (seed + 1):
            seat = st.to_move()[0]
            if len(st.legal_actions(seat)) > 3:
                out.append((st.clone(), seat))
            st.apply(seat, agent.act(st, seat))
    return out


def test_top_k_looks_ahead_at_the_k_best_rated_actions_in_legal_order() -> None:
    """``top=K``: the K actions the rule-of-thumb scorer rates best, kept in the legal order;
    ``top=0`` (the default) every action."""
    from questbox.games.heirs.bots import HeuristicAgent

    full, two = HeuristicAgent(seed=1), HeuristicAgent(seed=1, top=2)
    checked = 0
    for st, seat in _positions(3):
        legal = st.legal_actions(seat)
        assert full.candidates(st, seat, legal) == legal
        got = two.candidates(st, seat, legal)
        ctx = _Context(st, seat)
        scores = [_score(ctx, a) for a in legal]
        assert len(got) == 2 and [a for a in legal if a in got] == got
        worst_kept = min(scores[legal.index(a)] for a in got)
        assert all(scores[k] <= worst_kept for k, a in enumerate(legal) if a not in got)
        checked += 1
    assert checked > 0


def test_shared_determinizations_pick_a_legal_action_and_replay_by_seed() -> None:
    """``shared=1`` plays every candidate on the same determinizations: its pick is legal and the
    same for the same seed."""
    from questbox.games.heirs.bots import HeuristicAgent

    for st, seat in _positions(2)[:20]:
        a = HeuristicAgent(seed=7, shared=1).act(st.clone(), seat)
        b = HeuristicAgent(seed=7, shared=1).act(st.clone(), seat)
        assert a == b and a in st.legal_actions(seat)
