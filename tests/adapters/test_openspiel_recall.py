"""OpenSpiel perfect-recall information states are computed when asked (issue #21 item 5): a move
takes no view, and the lazily chained strings equal the chain of every view a seat has had."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np

from questbox.adapters import openspiel
from questbox.adapters.openspiel import _chain
from questbox.core import games

pytestmark = pytest.mark.skipif("heirs" not in games(), reason="Heirs is not registered")


def _step(state: Any, rng: np.random.RandomState) -> None:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def _eager(state: Any, chains: list[str] | None) -> list[str] | None:
    """The chains after the move just made, computed from the views (None before the deal)."""
    if state.is_chance_node():
        return chains  # a move waiting for chance is not committed yet
    qb = state.qb
    return [_chain(c, qb.view(s)) for c, s in zip(chains or [""] * len(qb.seats), qb.seats, strict=True)]


def test_a_move_takes_no_view_until_an_information_state_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    game = openspiel.load("heirs", players=2, seed=4)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    _step(state, rng)  # the deal
    calls = [0]
    klass = type(state.qb)
    original = klass.view

    def counted(self: Any, seat: Any) -> Any:
        calls[0] += 1
        return original(self, seat)

    monkeypatch.setattr(klass, "view", counted)
    for _ in range(60):
        if state.is_terminal():
            break
        _step(state, rng)
    assert calls[0] == 0, f"{calls[0]} views taken by moves nobody asked the information state of"
    state.information_state_string(0)
    assert calls[0] > 0


def test_lazy_chains_equal_the_views_chained_and_survive_clones_and_pickles() -> None:
    game = openspiel.load("heirs", players=2, seed=9)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    _step(state, rng)
    chains = _eager(state, None)
    forks: list[tuple[Any, list[str]]] = []
    moves = 0
    while not state.is_terminal() and moves < 120:
        _step(state, rng)
        chains = _eager(state, chains)
        moves += 1
        if moves % 17 == 0:
            assert chains is not None
            forks.append((state.clone(), list(chains)))
        if moves % 5 == 0 and not state.is_chance_node():  # ask now and then, not always
            assert chains is not None
            assert state.information_state_string(1) == f"p2:{chains[1]}"
    assert chains is not None and not state.is_chance_node()
    for p in range(2):
        assert state.information_state_string(p) == f"p{p + 1}:{chains[p]}"
    # a clone shares the history so far, then goes its own way
    for fork, fork_chains in forks:
        if fork.is_chance_node():
            continue
        assert fork.information_state_string(0) == f"p1:{fork_chains[0]}"
        copy = pickle.loads(pickle.dumps(fork))
        c = fork_chains
        for _ in range(6):
            if fork.is_terminal():
                break
            _step(fork, rng)
            c = _eager(fork, c) or c
        if not fork.is_chance_node():
            assert fork.information_state_string(1) == f"p2:{c[1]}"
        assert copy.information_state_string(0) == f"p1:{fork_chains[0]}"


def _kept(state: Any) -> int:
    """How many nodes of the state's history still hold their state."""
    node, kept = state._in.recall, 0
    while node is not None:
        kept += node.state is not None
        node = node.prev
    return kept


@pytest.mark.skipif("descent" not in games(), reason="Descent is not registered")
def test_a_long_history_keeps_a_state_per_anchor_and_replays_the_rest() -> None:
    """A history keeps only every ``RECALL_ANCHOR``-th state (keeping all of a long Descent game's
    cost the garbage collector about a third of a step); chains asked late, on the original and on
    clones made along the way, replay the moves in between and equal the views chained move by move."""
    game = openspiel.load("descent", seed=2)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    _step(state, rng)
    chains = _eager(state, None)
    forks: list[tuple[Any, list[str]]] = []
    moves = 0
    while not state.is_terminal() and moves < 150:
        _step(state, rng)
        chains = _eager(state, chains)
        moves += 1
        if moves % 41 == 0 and not state.is_chance_node():
            assert chains is not None
            forks.append((state.clone(), list(chains)))
    assert chains is not None and not state.is_chance_node() and moves > 2 * openspiel.RECALL_ANCHOR
    assert _kept(state) <= moves // openspiel.RECALL_ANCHOR + 2
    seats = len(state.qb.seats)
    for p in range(seats):
        assert state.information_state_string(p) == f"{game.seats[p]}:{chains[p]}"
    for fork, fork_chains in forks:
        c = fork_chains
        for _ in range(40):     # past an anchor of its own
            if fork.is_terminal():
                break
            _step(fork, rng)
            c = _eager(fork, c) or c
        if not fork.is_chance_node():
            assert fork.information_state_string(seats - 1) == f"{game.seats[seats - 1]}:{c[seats - 1]}"
