"""Heirs' bots, each named by its seat spec.

* ``simple`` (:class:`SimpleAgent`): reads only its view and its legal actions, scores every legal
  action with a few rules of thumb (chain what you can, keep the Black Chain short, hurt the
  leader, never help the Black Wizard) and picks the best, breaking ties at random with its own
  generator.
* ``heuristic`` (:class:`HeuristicAgent`): looks one action ahead on determinized copies, finishing
  its turn with the ``simple`` policy, and scores the positions with :func:`position_value`.
"""

from __future__ import annotations

from typing import Any, Final

from questbox.core.actions import Action
from questbox.core.rng import Rng
from questbox.core.state import Game, Seat, State
from questbox.games.heirs.cardset import COLOUR_INDEX, CardSet
from questbox.games.heirs.common import SEAT_INDEX, SEATS, below
from questbox.games.heirs.state import HeirsState

#: colour preference when a scored chain raises a token (Webs and Grow first)
RAISE_ORDER: Final = "BGROYV"


class SimpleAgent:
    """Rule-of-thumb play; ``simple`` as a seat spec."""

    name = "simple"

    def __init__(self, *, game: Any = None, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"{seat} has no legal action")
        assert isinstance(state, HeirsState)
        return self.choose(state, seat, legal)

    def choose(self, st: HeirsState, seat: Seat, legal: list[Action]) -> Action:
        """:meth:`act` given ``legal``, ``seat``'s legal actions on ``st`` (not empty): the lookahead
        asks it with the list it has already made."""
        if len(legal) == 1:  # nothing to score; the tie-break draw is made all the same
            return legal[below(self.rng, 1)]
        ctx = _Context(st, seat)
        best: list[Action] = []
        top = -1e9
        for a in legal:
            v = _score(ctx, a)
            if v > top:
                best, top = [a], v
            elif v == top:
                best.append(a)
        return best[below(self.rng, len(best))]


def simple(*, game: Game | None = None, seed: int = 0, **params: Any) -> SimpleAgent:
    """The ``simple`` seat spec (it takes no parameters)."""
    if params:
        raise TypeError(f"the simple bot takes no parameters (got {', '.join(params)})")
    return SimpleAgent(game=game, seed=seed)


def _fits(a: str, b: str) -> bool:
    """Whether card ids ``a`` and ``b`` read as the same colour or the same number (by their ids:
    the first letter, the rest but ``L``); the rules of thumb think in ids."""
    return a[:1] == b[:1] or (a[1:] == b[1:] and a[1:] != "L")


#: the card set :data:`_FIT` was worked out for, and for each card the bit mask of the cards whose
#: ids :func:`_fits` its id (itself included)
_FIT_CS: list[CardSet] = []
_FIT: list[tuple[int, ...]] = []


def _fit_masks(cs: CardSet) -> tuple[int, ...]:
    if _FIT_CS and _FIT_CS[0] is cs:
        return _FIT[0]
    ids = cs.ids
    masks = tuple(sum(1 << x for x in range(cs.n) if _fits(ids[x], ids[c])) for c in range(cs.n))
    _FIT_CS[:] = [cs]
    _FIT[:] = [masks]
    return masks


class _Context:
    """What every action's score reads, from the typed state (only what ``seat`` may see: its own
    chain and tokens, every chain's cards, the Black Wizard's state, the decision's kind): the
    seat, its chain and tokens; the mask of cards that fit the chain's ends and whether the Black
    Wizard's chain is close to scoring are worked out the first time an action's score asks (most
    decisions' scores never do)."""

    __slots__ = ("_danger", "_ends", "chain", "cs", "seat", "st", "tokens")

    def __init__(self, st: HeirsState, seat: Seat) -> None:
        i = SEAT_INDEX[seat]
        self.st = st
        self.cs = st.cs
        self.seat = seat
        self.chain = st.chains[i]
        self.tokens = st.tokens[i]
        self._ends = -1  # not worked out yet
        self._danger = -1

    @property
    def ends(self) -> int:
        """The bit mask of the cards that fit an end of the seat's chain (0: an empty chain)."""
        ends = self._ends
        if ends < 0:
            chain = self.chain
            if chain:
                fit = _fit_masks(self.cs)
                ends = fit[chain[0]] | fit[chain[-1]]
            else:
                ends = 0
            self._ends = ends
        return ends

    @property
    def black_danger(self) -> bool:
        """Whether a Black Chain is within two cards of scoring (and the Black Wizard face up)."""
        danger = self._danger
        if danger < 0:
            st = self.st
            black_len = 0
            for ch in st.bchains:
                if len(ch) > black_len:
                    black_len = len(ch)
            danger = int(black_len >= st.black_required() - 2 and black_len > 0 and not st.bdown)
            self._danger = danger
        return danger == 1

    def fits_end(self, cid: str) -> bool:
        """Whether card ``cid`` fits an end of the seat's chain."""
        return bool(self.ends >> self.cs.index[cid] & 1)

    def owner(self, cid: str) -> str | None:
        """Whose chain holds card ``cid`` (``"black"``: a Black Chain; ``None``: in no chain)."""
        st = self.st
        c = self.cs.index[cid]
        for j in range(st.n):
            if c in st.chains[j]:
                return SEATS[j]
        for ch in st.bchains:
            if c in ch:
                return "black"
        return None


def _score(ctx: _Context, a: Action) -> float:
    """The rule-of-thumb score of ``a`` (the names in the order the lookahead meets them most)."""
    name = a.name
    args = a.args
    seat = ctx.seat
    if name == "chain" or name == "start":
        return 10.0
    if name == "return":
        pending = ctx.st.pending
        if pending and pending[-1].kind == "webs":
            owner = ctx.owner(str(args[0]))
            return 9.0 if owner == "black" else (-9.0 if owner == seat else 1.0)
        return 0.0 if ctx.fits_end(str(args[0])) else 1.0
    if name == "burn":
        owner = ctx.owner(str(args[0]))
        if owner == "black":
            return 9.0
        if owner is None:  # own hand
            return -3.0 if ctx.fits_end(str(args[0])) else -1.0
        if owner == seat:
            return -8.0
        return 3.0
    if name == "done":
        return 0.5
    if name == "deal":
        return 0.0
    if name == "grow":
        target = str(args[1])
        return 10.0 if target == seat else (-10.0 if target.startswith("black") else -2.0)
    if name == "raise":
        k = str(args[0])
        return 6.0 - RAISE_ORDER.index(k) - 0.5 * ctx.tokens[COLOUR_INDEX[k]]
    if name == "cast":
        k = str(args[0])
        if k == "B" and ctx.black_danger:
            return 8.0
        if k == "O" and ctx.black_danger:
            return 7.0
        return 2.0 + 0.2 * ctx.tokens[COLOUR_INDEX[k]]
    if name == "command":
        c = str(args[0])
        if c[:1] in "BO" and ctx.black_danger:
            return 7.5 + (0.5 if c[1:] == "L" else 0.0)
        if c in ("GL", "YL"):
            return 5.0
        if c[:1] == "G":
            return 4.0
        return 2.5 if not ctx.fits_end(c) else 1.0
    if name == "absorb":
        c = str(args[0])
        bonus = 0.6 if c[:1] in "BO" else 0.0
        return (3.0 if not ctx.fits_end(c) else 0.5) + bonus
    if name == "keep" or name == "take":
        return 5.0 if ctx.fits_end(str(args[0])) or not ctx.chain else 1.0
    if name == "draw":
        return 3.0
    if name == "ability":
        sel = ctx.st.selected
        return 6.0 if sel and sel[0] in ("lore", "ancient-lore") else 1.5
    if name == "skip-cast":
        return 1.0
    if name == "burn-hand":
        return 4.0
    if name == "discard":
        return -1.0 if ctx.fits_end(str(args[0])) else 1.0
    if name == "number":
        return -abs(int(str(args[0])) - len(ctx.chain))
    if name == "skip":
        return 2.0
    return 0.0


# == the lookahead bot ============================================================================

def position_value(st: HeirsState, i: int) -> float:
    """How good ``st`` (a :class:`~questbox.games.heirs.state.HeirsState`) looks for player ``i``.

    Points on the track are worth 30, a chain's progress towards completion a share of that; the
    best opponent's progress and the Black Wizard's count against (the Black Wizard's more, and
    most when his chain is one card from scoring); cards in hand that fit the chain's ends and
    ability levels are small pluses. Used on determinized copies only.
    """
    if st.over:
        return 1000.0 if st.seats[i] in st.winners else -1000.0
    # written out (no inner function, no generators): it scores every determinized copy
    scores = st.scores
    chains = st.chains
    off = st.o.chain_offset
    need = scores[i] + off
    chain = chains[i]
    mine = 30.0 * scores[i] + 30.0 * min(len(chain), need) / max(1, need)
    opp = 0.0
    first = True
    for j in range(st.n):
        if j != i:
            nj = scores[j] + off
            v = 30.0 * scores[j] + 30.0 * min(len(chains[j]), nj) / max(1, nj)
            if first or v > opp:
                opp = v
                first = False
    bneed = st.btoken + off
    blen = 0
    for ch in st.bchains:
        if len(ch) > blen:
            blen = len(ch)
    black = 30.0 * st.btoken + 30.0 * min(blen, bneed) / max(1, bneed)
    if not st.bdown and blen >= bneed - 1:
        black += 12.0
    hand = st.hands[i]
    fit = 0.0
    if chain:
        mm = st.cs.mm
        fits = mm[chain[0]] | mm[chain[-1]]
        for c in hand:
            if fits >> c & 1:
                fit += 1.5
    else:
        fit = 1.5 * min(1, len(hand))
    held = 0.4 * min(len(hand), st.o.draw_limit)
    tokens = 0.6 * sum(st.tokens[i])
    return mine - 0.8 * opp - 1.1 * black + fit + held + tokens


class HeuristicAgent:
    """For each legal action: on ``samples`` determinized copies (so it sees only what its seat may
    know), play the action, finish the rest of its own turn with the rule-of-thumb policy, and
    score the position with :func:`position_value`; play the action with the best average.

    ``top=K`` looks ahead at only the ``K`` actions the rule-of-thumb scorer rates best (ties in
    the legal order; ``0``: every action); ``shared=1`` plays every action on the same
    ``samples`` determinizations (each action on a copy of each, the same future chance too)
    instead of determinizing afresh for every action and sample."""

    name = "heuristic"

    def __init__(self, *, game: Any = None, seed: int = 0, samples: int = 2, horizon: int = 30,
                 top: int = 0, shared: int = 0) -> None:
        self.rng = Rng(seed)
        self.samples = samples
        self.horizon = horizon
        self.top = top
        self.shared = bool(shared)
        self.simple = SimpleAgent(seed=seed + 1)

    def _finish(self, sim: HeirsState, seat: Seat, a: Action, i: int) -> float:
        """Play ``a`` on the copy ``sim``, the rest of ``seat``'s turn with the policy; the value."""
        policy = self.simple
        horizon = self.horizon
        sim.quiet = True  # nobody reads a copy's events
        turn = sim.turn
        sim.apply_legal(seat, a)  # legal here: the seat sees the same position in every copy
        steps = 0
        # the rest of its own turn: while the game goes on and the seat is still to move
        while not sim.over and steps < horizon and sim.turn == turn:
            pending = sim.pending
            if not pending or pending[-1].seat != seat:
                break
            legal = sim._legal_actions(seat)  # apply_legal drops the cache: no need to fill it
            if not legal:
                raise ValueError(f"{seat} has no legal action")
            sim.apply_legal(seat, policy.choose(sim, seat, legal))
            steps += 1
        return position_value(sim, i)

    def candidates(self, state: HeirsState, seat: Seat, legal: list[Action]) -> list[Action]:
        """The actions looked at: all, or with ``top`` the best ``top`` by the rule-of-thumb
        scorer (kept in the legal order)."""
        top = self.top
        if top <= 0 or len(legal) <= top:
            return legal
        ctx = _Context(state, seat)
        ranked = sorted([(-_score(ctx, a), k) for k, a in enumerate(legal)])
        return [legal[k] for k in sorted([k for _, k in ranked[:top]])]

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, HeirsState)
        i = state.seats.index(seat)
        rng = self.rng
        samples = self.samples
        cands = self.candidates(state, seat, legal)
        totals = [0.0] * len(cands)
        unseen = state.unseen(seat)  # the same for every sample
        if self.shared:
            for _ in range(samples):
                base = state.determinize_with(seat, rng, unseen)
                for k in range(len(cands)):
                    totals[k] += self._finish(base.clone(), seat, cands[k], i)
        else:
            for k in range(len(cands)):
                for _ in range(samples):
                    totals[k] += self._finish(state.determinize_with(seat, rng, unseen), seat, cands[k], i)
        best: list[Action] = []
        top = -1e18
        for k in range(len(cands)):
            total = totals[k]
            if total > top + 1e-9:
                best, top = [cands[k]], total
            elif abs(total - top) <= 1e-9:
                best.append(cands[k])
        return best[below(rng, len(best))]


def heuristic(*, game: Game | None = None, seed: int = 0, **params: Any) -> HeuristicAgent:
    """The ``heuristic`` seat spec: ``heuristic`` or ``heuristic:samples=4,horizon=30``."""
    return HeuristicAgent(game=game, seed=seed, **params)
