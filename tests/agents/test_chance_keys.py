"""Closed-loop search trees (``State.chance_key``) and the prior's own bot (``guide=BOT``)."""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from questbox.agents.mcts import MCTSAgent, _Node
from questbox.agents.random_agent import RandomAgent
from questbox.core import Rng, get_game, make_agent
from questbox.core.errors import UnknownAgent
from questbox.games.hero_ik.state import HikState
from tests.agents.helpers import mid_game
from tests.core.pig import HOLD, ROLL, PigState


class KeyedPigState(PigState):
    """Pig whose chance key is the turn's points so far and whose turn it is (what the dice showed)."""

    __slots__ = ()

    def chance_key(self) -> Hashable | None:
        return (self.current, self.turn_points)

    def clone(self) -> KeyedPigState:
        s = super().clone()
        s.__class__ = KeyedPigState
        return s  # type: ignore[return-value]

    def determinize(self, seat: str, rng: Rng) -> KeyedPigState:
        s = super().determinize(seat, rng)
        s.__class__ = KeyedPigState
        return s  # type: ignore[return-value]


def _keyed_pig(seed: int) -> KeyedPigState:
    state = get_game("pig").new({"target": 30}, seed=seed)
    state.__class__ = KeyedPigState
    assert isinstance(state, KeyedPigState)
    return state


def _at(kind: str, seed: int) -> HikState | None:
    """A hero-ik duel at a decision of ``kind`` with a choice to make, or None."""
    state = mid_game("hero-ik", seed, 0)
    walker = RandomAgent(seed=seed)
    for _ in range(400):
        if state.is_over():
            return None
        seat = state.to_move()[0]
        if state.pending[-1].kind == kind and len(state.to_move()) == 1 and len(state.legal_actions(seat)) > 1:
            assert isinstance(state, HikState)
            return state
        state.apply(seat, walker.act(state, seat))
    return None


def test_the_default_is_open_loop() -> None:
    """``State.chance_key`` is None unless a game implements it (Pig does not)."""
    assert get_game("pig").new(seed=1).chance_key() is None
    assert mid_game("heroica", 1, 5).chance_key() is None


@pytest.mark.clause("HIK-COMBAT-04", "HIK-COMBAT-05")
def test_hero_ik_keys_the_die_face_and_the_power_die() -> None:
    """HIK combat: the key after a roll tells the die faces (and the card's Power die) apart."""
    found = 0
    for seed in range(30):
        state = _at("postroll", seed)
        if state is None:
            continue
        cb = state.combat
        assert cb is not None and cb.face > 0
        key = state.chance_key()
        assert key == state.clone().chance_key()  # a copy shows the same outcome
        hash(key)
        faces = set()
        for face in range(1, cb.sides + 1):
            other = state.clone()
            assert other.combat is not None
            other.combat.face = face
            faces.add(other.chance_key())
        assert len(faces) == cb.sides  # one key per die face
        other = state.clone()
        assert other.combat is not None
        other.combat.pdie = 7 - (cb.pdie or 1)
        assert other.chance_key() != key  # and the Power die counts too
        found += 1
        if found >= 3:
            break
    assert found >= 1


@pytest.mark.clause("HIK-FEAR-04", "HIK-COMBAT-02")
def test_hero_ik_keys_hold_only_public_facts() -> None:
    """The key hides face-down encounters: the adventurers' determinizations of a position all
    share its key, whatever they deal to the face-down cards and the piles."""
    checked = ambushed = 0
    for seed in range(20):
        state = mid_game("hero-ik", seed, 12 + seed)
        if state.is_over():
            continue
        assert isinstance(state, HikState)
        keys = {state.determinize("adventurers", Rng(k)).chance_key() for k in range(6)}
        assert keys == {state.chance_key()}
        checked += 1
        if any(state.slot[c] >= 0 and state.down[c] for c in range(3)):
            ambushed += 1
            # the face-down card itself would change the key if it were face up
            c = next(c for c in range(3) if state.slot[c] >= 0 and state.down[c])
            shown = state.clone()
            shown.down[c] = False
            assert shown.chance_key() != state.chance_key()
    assert checked >= 5 and ambushed >= 1


def test_the_tree_branches_on_the_chance_key() -> None:
    """With a keyed game the child of ``roll`` holds the action's statistics and one node per
    outcome below it (Pig: the points the dice showed); ``chance=0`` keeps one open-loop node."""
    state = _keyed_pig(3)
    agent = MCTSAgent(seed=2, iters=300, determinize=True)
    agent.act(state, "p1")
    root = agent.last_root
    assert root is not None
    roll = root.children[ROLL]
    assert roll.outcomes is not None and len(roll.outcomes) >= 4  # faces 2-6 and a 1 (the turn passes)
    assert {key for key in roll.outcomes} <= {(0, f) for f in range(2, 7)} | {(1, 0)}
    # the outcome nodes split the action's visits, and hold their own decisions
    assert sum(n.visits for n in roll.outcomes.values()) <= roll.visits
    assert any(n.children for n in roll.outcomes.values())
    assert all(n.mover is None for n in roll.outcomes.values())
    assert not roll.children  # every later decision hangs under an outcome

    open_loop = MCTSAgent(seed=2, iters=300, determinize=True, chance=0)
    open_loop.act(state, "p1")
    assert open_loop.last_root is not None

    def keyed_nodes(node: _Node) -> int:
        return (node.outcomes is not None) + sum(keyed_nodes(ch) for ch in node.children.values())
    assert keyed_nodes(open_loop.last_root) == 0
    assert open_loop.last_root.children[ROLL].children  # one node for every outcome


def test_closed_loop_search_is_reproducible_for_a_seed() -> None:
    state = _keyed_pig(5)
    runs = []
    for _ in range(2):
        agent = MCTSAgent(seed=4, iters=120, determinize=True)
        runs.append((agent.act(state, "p1"), agent.last_visits))
    assert runs[0] == runs[1] and runs[0][0] in (ROLL, HOLD)
    game = get_game("hero-ik")
    checked = 0
    for seed in range(10):
        hik = _at("postroll", seed)
        if hik is None:
            continue
        seat = hik.to_move()[0]
        picks = []
        for _ in range(2):
            ag = make_agent("ismcts:iters=40,guide=heuristic,prior=1", game, seed=seed)
            assert isinstance(ag, MCTSAgent)
            picks.append((ag.act(hik.clone(), seat), ag.last_visits))
        assert picks[0] == picks[1]
        checked += 1
        if checked >= 2:
            break
    assert checked >= 1


def test_a_game_without_keys_searches_as_before() -> None:
    """``chance`` changes nothing for a game that does not implement the hook."""
    state = get_game("pig").new(seed=7)
    visits = []
    for chance in (1, 0):
        agent = MCTSAgent(seed=1, iters=80, determinize=True, chance=chance)
        agent.act(state, "p1")
        visits.append(agent.last_visits)
        assert agent.last_root is not None and agent.last_root.children[ROLL].outcomes is None
    assert visits[0] == visits[1]


# ------------------------------------------------------------------------- guide=BOT
def test_guide_names_the_prior_bot_apart_from_the_rollouts() -> None:
    game = get_game("hero-ik")
    agent = make_agent("ismcts:iters=30,guide=heuristic,prior=1", game, seed=1)
    assert isinstance(agent, MCTSAgent)
    assert agent._policy is None and agent.rollout == "random"  # random rollouts
    assert type(agent._guide).__name__ == "HeuristicAgent"
    assert agent.name == "ismcts:iters=30,guide=heuristic,prior=1"
    # by default the rollout bot guides, as before
    both = make_agent("ismcts:iters=30,rollout=heuristic,prior=1", game, seed=1)
    assert isinstance(both, MCTSAgent) and both._guide is both._policy
    assert both.name == "ismcts:iters=30,rollout=heuristic,prior=1"
    assert make_agent("ismcts:iters=30,chance=0", game, seed=1).name == "ismcts:iters=30,chance=0"


@pytest.mark.parametrize("spec", [
    "ismcts:guide=nosuchbot,prior=1",   # not one of the game's bots
    "ismcts:guide=random,prior=1",      # random gives no hint
    "ismcts:guide=heuristic",           # a guide without a prior does nothing
    "ismcts:guide=3,prior=1",
    "ismcts:guide=heuristic,prior=-1",
    "ismcts:chance=2",
    "ismcts:chance=yes",
    "ismcts:chance=0.5",
])
def test_bad_guide_and_chance_parameters_are_refused(spec: str) -> None:
    with pytest.raises((ValueError, UnknownAgent)):
        make_agent(spec, get_game("hero-ik"), seed=1)


@pytest.mark.clause("HIK-COMBAT-05")
def test_the_guides_choice_is_expanded_first() -> None:
    """HIK: at a pre-roll decision the heuristic rolls first; with ``guide=heuristic`` and random
    rollouts, one iteration expands exactly that action."""
    game = get_game("hero-ik")
    checked = 0
    for seed in range(30):
        state = _at("preroll", seed)
        if state is None:
            continue
        one = make_agent("ismcts:iters=1,guide=heuristic,prior=1", game, seed=seed)
        assert isinstance(one, MCTSAgent)
        one.act(state, state.to_move()[0])
        assert [str(a) for a in one.last_visits] == ["roll"]
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1
