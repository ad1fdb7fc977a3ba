"""Monte Carlo tree search for any registered game.

* ``mcts`` — UCT on clones of the real state: for games without hidden information. Each clone's
  random generator is reseeded from the agent's, so future dice stay unknown to the search. A clone
  holds every seat's hidden cards, so ``mcts`` refuses a game whose ``Game.perfect_information``
  is false unless the caller opts in with ``cheat=1`` (research: how much seeing everything is
  worth); ``ismcts`` is the agent for such games.
* ``ismcts`` — single-observer information-set MCTS: every iteration searches a fresh
  ``state.determinize(seat, rng)``, so the agent never uses what its seat cannot see. Children are
  selected among the actions legal in that determinization, with availability counts (Cowling,
  Powley & Whitehouse 2012).

Budgets: ``iters=N`` iterations (a whole number >= 1) and/or ``seconds=S`` of wall time (a
number > 0; whichever ends first; the default is 200 iterations); ``c`` (>= 0) weighs
exploration. Rollouts play at most ``depth`` actions; a rollout cut short is scored by
``Game.evaluate`` when the game has one, else counts as a draw (0.5 for everybody). The default
depth is 10 for a game with an evaluator and 1,000 (play to the end) for one without. Rewards
are ``Outcome.returns`` (1 for a winner, 0 otherwise) from the point of view of the seat that
chose each action.

Rollout policy: ``rollout=random`` (the default: uniformly random actions) or the name of one of
the game's own bots (``Game.agents()``, e.g. ``rollout=heuristic``), which then chooses every
rollout action for whichever seat is to move; with ``eps=E`` (0 ≤ E ≤ 1, default 0) each rollout
action is instead uniformly random with chance E, so the search still sees the moves that bot
never makes. The bot is built once per agent with a seed derived from the agent's, so the agent
stays reproducible. Bot rollouts cost what the bot costs per decision, so they pay where random
play says little about a position (docs/strength.md has measurements). With a fixed ``iters``
budget the agent is reproducible for its seed (bot rollouts included).

Prior: with ``prior=W`` (> 0) a bot guides the tree: at each node the action it would choose there
is expanded first and gets a bonus of ``W / (1 + visits)`` in the selection rule (progressive
bias), which fades as the search gathers its own evidence. The guiding bot is ``guide=BOT`` (one
of the game's own bots), by default the rollout bot; ``prior`` needs one of the two. A guide
other than the rollout bot is asked once per node, not at every rollout step, so
``guide=heuristic,prior=1`` with random rollouts costs a fraction of ``rollout=heuristic,prior=1``.
It gets a seed of its own, derived from the agent's.

Chance outcomes: a game whose states implement ``State.chance_key`` (a public summary of the
randomness drawn so far, e.g. the die face showing) gets a closed-loop tree: after an action
inside the tree, the next node is chosen by that key — the action's child holds the action's
statistics, and under it each key gets a node of its own, so the choices after a roll are
searched per die face. ``chance=0`` searches such games open loop (one node for every outcome).
Games that do not implement the hook (``chance_key()`` is ``None``) are searched as before.

Simultaneous decisions (``to_move()`` names several seats): the tree branches on one seat's
choice — the searching seat's when it is among them — and the other seats choose first, outside
the tree, uniformly at random (or by the rollout bot), so that no node learns to answer a choice
its seat could not have seen (searching them in turn would let the second seat always win a game
of rock/paper/scissors inside the tree).
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import Any

from questbox.core.actions import Action
from questbox.core.agent import DEFAULT_ITERS, Agent
from questbox.core.rng import Rng, derive_seed
from questbox.core.state import Game, Seat, State


def _finite(x: object) -> bool:
    """A real number (not a bool, not NaN or infinite): ``c=abc`` or ``prior=nan`` are refused."""
    return not isinstance(x, bool) and isinstance(x, (int, float)) and math.isfinite(x)


class _Node:
    __slots__ = ("avail", "children", "hint", "mover", "outcomes", "value", "visits")

    def __init__(self, mover: Seat | None) -> None:
        self.mover = mover  # the seat whose action led here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.hint: Action | None = None  # the guiding bot's choice here (``prior`` only)
        # after this node's action, one node per chance key (``State.chance_key``; closed loop)
        self.outcomes: dict[Hashable, _Node] | None = None


class MCTSAgent:
    """UCT (``determinize=False``) or SO-ISMCTS (``determinize=True``)."""

    def __init__(self, *, game: Game | None = None, seed: int = 0, iters: int | None = None,
                 seconds: float | None = None, c: float = 0.7, depth: int | None = None,
                 determinize: bool = False, rollout: str = "random", eps: float = 0.0,
                 prior: float = 0.0, guide: str | None = None, chance: bool | int = True,
                 cheat: bool | int = False) -> None:
        if iters is None and seconds is None:
            iters = DEFAULT_ITERS
        if iters is not None and (isinstance(iters, bool) or not isinstance(iters, int) or iters < 1):
            raise ValueError(f"iters must be a whole number >= 1 (got {iters!r})")
        if seconds is not None and not (_finite(seconds) and seconds > 0):
            raise ValueError(f"seconds must be a number > 0 (got {seconds!r})")
        if not (_finite(c) and c >= 0):
            raise ValueError(f"c must be a number >= 0 (got {c!r})")
        if cheat not in (0, 1) or not isinstance(cheat, (bool, int)):
            raise ValueError(f"cheat is 1 (mcts may read hidden cards: research only) or 0 (got {cheat!r})")
        self.cheat = bool(cheat)
        self.determinize = determinize
        if game is not None:
            self._refuse_hidden(game)
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be a whole number >= 0 (got {depth!r})")
        if not isinstance(rollout, str) or not rollout:
            raise ValueError(f"rollout names a bot: random or one of the game's own (got {rollout!r})")
        if not (_finite(eps) and 0.0 <= eps <= 1.0):
            raise ValueError(f"eps must be a number between 0 and 1 (got {eps!r})")
        if not (_finite(prior) and prior >= 0):
            raise ValueError(f"prior must be a number >= 0 (got {prior!r})")
        if guide is not None and (not isinstance(guide, str) or not guide or guide == "random"):
            raise ValueError(f"guide names one of the game's own bots (got {guide!r})")
        if guide is not None and not prior:
            raise ValueError("guide=BOT only matters with prior=W > 0")
        if prior and (guide or rollout) == "random":
            raise ValueError("prior needs a bot to take its hints from (guide=heuristic or rollout=heuristic, ...)")
        if chance not in (0, 1) or not isinstance(chance, (bool, int)):
            raise ValueError(f"chance is 1 (closed loop where the game offers chance keys) or 0 (got {chance!r})")
        self.game = game
        self.rng = Rng(seed)
        self.iters = iters
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self._auto_depth = depth is None
        self.determinize = determinize
        self.rollout = rollout
        self.eps = float(eps)
        self.prior = float(prior)
        self.guide = guide if guide is not None else rollout  # the bot behind ``prior``'s hints
        self.chance = bool(chance)
        self._seed = seed
        self._policy: Agent | None = None  # the rollout bot (None: random rollouts)
        self._guide: Agent | None = None   # the prior's bot (the rollout bot unless ``guide`` names another)
        if game is not None:
            self._bots(game)
        self.name = ("ismcts" if determinize else "mcts") + (
            f":iters={iters}" if iters is not None else f":seconds={seconds}") + (
            f",rollout={rollout}" if rollout != "random" else "") + (f",eps={eps:g}" if eps else "") + (
            f",guide={self.guide}" if self.guide != rollout else "") + (
            f",prior={prior:g}" if prior else "") + ("" if self.chance else ",chance=0") + (
            ",cheat=1" if self.cheat else "")
        self._keyed = False  # set per search: does this game's state implement ``chance_key``?
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}  # the root's children after the last search
        self.last_root: _Node | None = None  # the last search's tree (for inspection and tests)

    def _refuse_hidden(self, game: Game) -> None:
        """UCT searches clones of the true state: refuse a game that hides anything (unless ``cheat``)."""
        if not self.determinize and not self.cheat and not game.perfect_information:
            raise ValueError(f"mcts searches the true state, hidden cards included, and {game.id} hides "
                             "information: use ismcts (or cheat=1, for research only)")

    def _bots(self, game: Game) -> None:
        """Build the rollout bot and the prior's guide (the same bot unless ``guide`` names another)."""
        self._policy = self._bot(game, "rollout", self.rollout)
        if self.prior and self.guide != self.rollout:
            self._guide = self._bot(game, "guide", self.guide)
        else:
            self._guide = self._policy

    def _bot(self, game: Game, role: str, name: str) -> Agent | None:
        """One of the game's own bots by name (``None`` for ``random``); an unknown name is refused."""
        if name == "random":
            return None
        factory = game.agents().get(name)
        if factory is None:
            known = ", ".join(["random", *sorted(game.agents())])
            raise ValueError(f"{role}={name}: {game.id} has no such bot (known: {known})")
        # a seed of its own, derived from the agent's, so the bot's stream never aliases the agent's
        return factory(game=game, seed=derive_seed(self._seed, role))

    # -- public ------------------------------------------------------------------------------
    def act(self, state: State, seat: Seat) -> Action:
        if self.game is None:
            self._refuse_hidden(type(state).game)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if (self.rollout != "random" and self._policy is None) or (self.prior and self._guide is None):
            self._bots(self.game or type(state).game)
        # closed loop only for games that implement the hook: the others' trees stay as they were
        self._keyed = self.chance and type(state).chance_key is not State.chance_key
        if self._auto_depth:
            game = self.game or type(state).game
            self.depth = 10 if game.evaluate(state) is not None else 1000
        root = _Node(None)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        n = 0
        while True:
            if self.iters is not None and n >= self.iters:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if self.determinize:
                sim = state.determinize(seat, self.rng)
            else:
                # a clone carries the game's own random stream: reseed it, or every iteration would
                # roll the dice the real game is about to roll (the agent would see the future)
                sim = state.clone()
                sim.rng = Rng(self.rng.below(2**63))
            self._iterate(root, sim, seat)
            n += 1
        self.last_iterations = n
        self.last_visits = {a: ch.visits for a, ch in root.children.items()}
        self.last_root = root
        legal_set = set(legal)
        best = max((a for a in root.children if a in legal_set),
                   key=lambda a: (root.children[a].visits, root.children[a].value), default=None)
        return best if best is not None else legal[self.rng.below(len(legal))]

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, root: _Node, state: State, me: Seat) -> None:
        path = [root]
        node = root
        rng = self.rng
        keyed = self._keyed
        # selection / expansion
        while not state.is_over():
            movers = state.to_move()
            mover = movers[0]
            if len(movers) > 1:
                mover = self._blind_moves(state, movers, me)
                if state.is_over() or mover not in state.to_move():
                    continue
            legal = state.legal_actions(mover)
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            hint = None
            if self.prior and len(legal) > 1:
                if node.hint is None:
                    assert self._guide is not None
                    node.hint = self._guide.act(state, mover)
                hint = node.hint
            if untried:
                action = hint if hint in untried else untried[rng.below(len(untried))]
                child = _Node(mover)
                child.avail = 1
                node.children[action] = child
                state.apply(mover, action)
                path.append(child)
                break
            log_n = math.log(max(1, node.visits))
            best_a = legal[0]
            best_u = -1.0
            c = self.c
            for a in legal:
                ch = node.children[a]
                u = ch.value / ch.visits + c * math.sqrt(math.log(max(1, ch.avail)) / ch.visits) \
                    if self.determinize else ch.value / ch.visits + c * math.sqrt(log_n / ch.visits)
                if a == hint:
                    u += self.prior / (1 + ch.visits)
                if u > best_u:
                    best_u, best_a = u, a
            node = node.children[best_a]
            state.apply(mover, best_a)
            path.append(node)
            if keyed:
                key = state.chance_key()
                if key is not None:
                    # the action's child keeps the action's statistics; the decisions after it are
                    # searched in a node of their own for each chance outcome
                    outcomes = node.outcomes
                    if outcomes is None:
                        outcomes = node.outcomes = {}
                    nxt = outcomes.get(key)
                    if nxt is None:
                        nxt = outcomes[key] = _Node(None)
                    node = nxt
                    path.append(node)
        rewards = self._rollout(state)
        for nd in path:
            nd.visits += 1
            if nd.mover is not None:
                nd.value += rewards.get(nd.mover, 0.0)

    def _blind_moves(self, state: State, movers: tuple[Seat, ...], me: Seat) -> Seat:
        """A simultaneous decision: the tree branches on one seat's choice (the searching seat's
        if it is among the movers); the others choose first, outside the tree (uniformly at random,
        or by the rollout bot), so no seat's node is conditioned on a choice it could not see."""
        branch = me if me in movers else movers[0]
        for other in movers:
            if other != branch:
                if self._policy is not None:
                    state.apply(other, self._policy.act(state, other))
                else:
                    legal = state.legal_actions(other)
                    state.apply(other, legal[self.rng.below(len(legal))])
        return branch

    def _rollout(self, state: State) -> dict[Seat, float]:
        rng = self.rng
        steps = 0
        depth = self.depth if self.depth is not None else 1000
        policy = self._policy
        if policy is None:
            while not state.is_over() and steps < depth:
                mover = state.to_move()[0]
                legal = state.legal_actions(mover)
                state.apply(mover, legal[rng.below(len(legal))])
                steps += 1
        else:
            eps = round(self.eps * 1_000_000)  # in millionths, drawn from the agent's own generator
            while not state.is_over() and steps < depth:
                mover = state.to_move()[0]
                if eps and rng.below(1_000_000) < eps:
                    legal = state.legal_actions(mover)
                    state.apply(mover, legal[rng.below(len(legal))])
                else:
                    state.apply(mover, policy.act(state, mover))
                steps += 1
        out = state.outcome()
        if out is not None:
            return out.returns(state.seats)
        game = self.game or type(state).game
        value = game.evaluate(state)
        if value is not None:
            return dict(value)
        return {s: 0.5 for s in state.seats}


def mcts(*, game: Game | None = None, seed: int = 0, **params: Any) -> MCTSAgent:
    """Seat spec ``mcts:iters=400,c=0.7,depth=20`` (or ``seconds=0.5``; ``rollout=heuristic,eps=0.1``;
    ``guide=heuristic,prior=1``; ``chance=0``; ``cheat=1`` for a game with hidden information)."""
    return MCTSAgent(game=game, seed=seed, determinize=False, **params)


def ismcts(*, game: Game | None = None, seed: int = 0, **params: Any) -> MCTSAgent:
    """Seat spec ``ismcts:iters=400`` (or ``seconds=0.5``; ``rollout=heuristic,eps=0.1``;
    ``guide=heuristic,prior=1``; ``chance=0``)."""
    return MCTSAgent(game=game, seed=seed, determinize=True, **params)
