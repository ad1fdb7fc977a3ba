"""The state of a game of Heirs of the Wizard King and the primitives every rule uses.

Representation (kept lean for the hot path): a card is an ``int`` (its index in the
:class:`~questbox.games.heirs.cards.CardSet`); every zone is a ``list[int]``. Chains read left to
right. The deck and the discard pile keep their **top at the end** of the list (``pop``/``append``);
``to_json`` and views print them top first.

The turn is a step counter (``step``, the steps run without a choice: :data:`.turn.STEPS`) plus the
core's stack of pending decisions: a step pushes a :class:`~questbox.core.state.Decision` when
somebody must choose; ``legal_actions`` and ``apply`` look the decision's kind up in the game's one
table (:data:`.kinds.KINDS`), whose ``resolve`` performs the choice and may push follow-ups; when
the stack is empty :meth:`HeirsState._advance` moves the turn on. The turn's own kinds live in
:mod:`.turn`, the player abilities' in :mod:`.abilities`, the Black Wizard's abilities in :mod:`.black`.
"""

from __future__ import annotations

from typing import Final

import questbox.games.heirs.turn as turn
import questbox.games.heirs.view as view
from questbox.core.actions import Action
from questbox.core.errors import IllegalAction
from questbox.core.events import Event
from questbox.core.rng import Rng
from questbox.core.state import JSON, Decision, Outcome, Seat, State
from questbox.games.heirs.cardset import COLOURS, CardSet
from questbox.games.heirs.common import (  # re-exported: the names the package's users know
    _GOLDEN64,
    _MASK64,
    ABILITY,
    BURN_HAND,
    CAST,
    DEAL_L,
    DEAL_R,
    DONE,
    DRAW,
    NOBODY,
    NUMBER,
    ORDERS,
    PASS,
    PUBLIC,
    QUIET,
    RAISE,
    S_ACT,
    S_ACT_END,
    S_CHAIN,
    S_DEAL,
    S_DRAW,
    S_OVER,
    S_SCORE,
    SEAT_INDEX,
    SEATS,
    SKIP,
    SKIP_CAST,
    SPECTATOR,
    STEP_INDEX,
    STEP_NAMES,
    TERMINATIONS,
    below,
    place,
    plain_rng,
    seeded,
    shuffle_cards,
    shuffle_ints,
    shuffle_steps,
    skip_draws,
    target_names,
)
from questbox.games.heirs.kinds import KINDS, kind_of
from questbox.games.heirs.setup import Options

__all__ = ["ABILITY", "BURN_HAND", "CAST", "DEAL_L", "DEAL_R", "DONE", "DRAW", "NOBODY", "NUMBER", "ORDERS",
           "PASS", "PUBLIC", "RAISE", "SEATS", "SEAT_INDEX", "SKIP", "SKIP_CAST", "SPECTATOR", "STEP_INDEX",
           "STEP_NAMES", "S_ACT", "S_ACT_END", "S_CHAIN", "S_DEAL", "S_DRAW", "S_OVER", "S_SCORE",
           "TERMINATIONS", "HeirsState", "place", "target_names"]

_STEPS: Final = turn.STEPS
_KINDS: Final = KINDS


class HeirsState(State):
    """One position. See the module docstring for the representation; ``to_json`` for the paths."""

    __slots__ = ("_legal", "_unseen", "bchains", "bdown", "bi", "btoken", "btokens", "chains", "cs", "cur", "deck",
                 "discard", "ev", "hands", "kf", "lazy_n", "lazy_s", "look", "look_seat", "n", "o", "over", "pending",
                 "play", "quiet", "reason", "rng", "scores", "seats", "selected", "step", "tokens", "turn", "winners")

    # the core State's attributes, declared again so that the compiled class holds them itself (else
    # every ``pending``, ``rng`` of the hot path is a generic attribute lookup in the instance's dict)
    seats: tuple[Seat, ...]
    rng: Rng
    pending: list[Decision]
    _legal: tuple[Seat, list[Action]] | None
    cs: CardSet
    o: Options
    n: int
    hands: list[list[int]]
    chains: list[list[int]]
    scores: list[int]
    tokens: list[list[int]]
    bchains: list[list[int]]
    btoken: int
    btokens: list[int]
    bdown: bool
    deck: list[int]
    discard: list[int]
    kf: list[int]
    look: list[int]
    look_seat: int
    play: int
    cur: int
    step: int
    turn: int
    bi: int
    selected: tuple[str, int] | None
    over: bool
    winners: tuple[Seat, ...]
    reason: str
    #: the events of the action being applied (where a decision kind's ``resolve`` writes)
    ev: list[Event]
    #: a bot's lookahead copy: its actions write no events (``ev`` is :data:`~.common.QUIET`)
    quiet: bool
    #: :meth:`unseen` for one seat, kept until the next action (:meth:`determinize` reads it)
    _unseen: tuple[Seat, list[int]] | None
    #: a determinized copy's deck is shuffled lazily: ``deck[:lazy_n]`` still waits for the steps
    #: ``lazy_n - 1`` down to 1 of the shuffle (from the generator state ``lazy_s``); a card is
    #: settled when the deck is taken down to it, all of them when anything reads the deck's
    #: bottom (:meth:`_settle`). 0: the whole deck is settled
    lazy_n: int
    lazy_s: int

    def __init__(self, cs: CardSet, o: Options, n: int, rng: Rng, of: HeirsState | None = None) -> None:
        """A new state (before the deal), or with ``of`` a copy of ``of`` with the generator ``rng``
        (:meth:`clone`: a copy constructor, since a mypyc class's ``__new__`` runs ``__init__``)."""
        if of is None:
            super().__init__(SEATS[:n], rng)
        else:  # the core's attributes set here (its ``__init__`` is Python: a copy is the hot path)
            self.seats = of.seats
            self.rng = rng
            self._legal = None
        self.cs = cs
        self.o = o
        self.n = n
        self.ev = []
        self.quiet = False
        self._unseen = None
        self.lazy_n = 0
        self.lazy_s = 0
        if of is not None:
            self._copy(of)
            return
        self.hands = [[] for _ in range(n)]
        self.chains = [[] for _ in range(n)]
        self.scores = [1] * n
        self.tokens = [[0] * 6 for _ in range(n)]
        self.bchains = [[], []] if n == 1 else [[]]
        self.btoken = o.black_start
        self.btokens = [0] * 6
        self.bdown = False
        self.deck = []
        self.discard = []
        self.kf = [0] * (n + 1)
        self.look = []
        self.look_seat = PUBLIC
        self.play = -1
        self.cur = 0
        self.step = S_ACT
        self.turn = 1
        self.bi = 0
        self.selected = None
        self.over = False
        self.winners = ()
        self.reason = ""

    # == the core protocol =========================================================================
    def to_move(self) -> tuple[Seat, ...]:
        pending = self.pending
        if pending and not self.over:
            return (pending[-1].seat,)
        return ()

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return Outcome(self.winners, {SEATS[i]: float(s) for i, s in enumerate(self.scores)}, self.reason,
                       self.termination())

    def termination(self) -> str:
        """How the game ended, one of :data:`TERMINATIONS` (read off the final position: the Black
        Token only moves while the game goes on)."""
        if self.winners:
            return "score"
        if self.btoken >= self.o.black_target:
            return "black-wizard"
        return "turn-limit"

    def _legal_actions(self, seat: Seat) -> list[Action]:
        pending = self.pending
        if self.over or not pending:
            return []
        d = pending[-1]
        if d.seat != seat:
            return []
        kind = _KINDS.get(d.kind)  # the table, without a call on the hot path (kind_of: the same)
        return (kind if kind is not None else kind_of(d.kind)).legal(self, d)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        ev: list[Event] = QUIET if self.quiet else []
        self.ev = ev
        self._unseen = None
        d = self.pending.pop()
        kind = _KINDS.get(d.kind)
        (kind if kind is not None else kind_of(d.kind)).resolve(self, d, action)
        if not self.pending:
            self._advance(ev)
        if not self.discard and len(self.deck) >= 2:
            self._flip(ev)
        if self.over:
            self.pending.clear()
        return ev

    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        """:meth:`State.legal_actions <questbox.core.state.State.legal_actions>` (the same list,
        cached the same way), here so that the compiled engine runs it natively: the bots ask it
        every decision of every lookahead."""
        if seat is None:
            return super().legal_actions(seat)
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        actions = self._legal_actions(seat)
        self._legal = (seat, actions)
        return actions

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        """:meth:`State.apply <questbox.core.state.State.apply>` (the same check, the same errors),
        here so that the compiled engine runs it natively; a notation or ``seat=None`` goes the
        core's way."""
        if seat is None or not isinstance(action, Action):
            return super().apply(seat, action)
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(self._explain_illegal(seat, action, legal))
        self._legal = None
        return self._apply(seat, action)

    def apply_legal(self, seat: Seat, action: Action) -> list[Event]:
        """:meth:`apply` for an action just taken from ``legal_actions(seat)`` (a bot's lookahead):
        the same transition, without the check that it is legal."""
        self._legal = None
        return self._apply(seat, action)

    def clone(self) -> HeirsState:
        return HeirsState(self.cs, self.o, self.n, self.rng.copy(), self)

    def _copy(self, o: HeirsState) -> None:
        """Copy every zone and counter of ``o`` (the rest :meth:`__init__` has set)."""
        self.pending = o.pending[:]
        self.hands = [h[:] for h in o.hands]
        self.chains = [h[:] for h in o.chains]
        self.scores = o.scores[:]
        self.tokens = [t[:] for t in o.tokens]
        self.bchains = [h[:] for h in o.bchains]
        self.btoken = o.btoken
        self.btokens = o.btokens[:]
        self.bdown = o.bdown
        self.deck = o.deck[:]
        self.lazy_n = o.lazy_n  # the copy settles its deck the same way, from the same state
        self.lazy_s = o.lazy_s
        self.discard = o.discard[:]
        self.kf = o.kf[:]
        self.look = o.look[:]
        self.look_seat = o.look_seat
        self.play = o.play
        self.cur = o.cur
        self.step = o.step
        self.turn = o.turn
        self.bi = o.bi
        self.selected = o.selected
        self.over = o.over
        self.winners = o.winners
        self.reason = o.reason

    def unseen(self, seat: Seat) -> list[int]:
        """Every card ``seat`` cannot see, sorted (a new list): the part of the deck it does not know,
        the other hands and the cards another seat is looking at privately (Lore). What
        :meth:`determinize_with` deals out; it depends only on what ``seat`` sees, so a bot works it
        out once a decision, not once a sample."""
        self._settle()
        i = SEAT_INDEX[seat]
        deck = self.deck
        pool = deck[:min(self.kf[i], len(deck))]
        hands = self.hands
        for j in range(self.n):
            if j != i:
                pool.extend(hands[j])
        if self.look_seat >= 0 and self.look_seat != i:
            pool.extend(self.look)
        pool.sort()  # canonical: the result depends only on what `seat` sees
        return pool

    def determinize(self, seat: Seat, rng: Rng) -> HeirsState:
        """Resample, consistently, every card ``seat`` cannot see: the other hands, the part of the
        deck it does not know (it keeps the top cards it knows) and cards another seat is looking
        at privately (Lore). Zone sizes are kept. Two states that look the same to ``seat`` give the
        same result for the same ``rng``, so a bot's choice can never depend on what it cannot see.

        The copy is a search world: it writes no events (``quiet``; set it to ``False`` to read
        them). :meth:`unseen` is worked out once for the position and kept until the next action,
        so a search that determinizes the same position again and again (ISMCTS) pays for it once."""
        cached = self._unseen
        if cached is None or cached[0] != seat:
            cached = (seat, self.unseen(seat))
            self._unseen = cached
        return self.determinize_with(seat, rng, cached[1])

    def determinize_with(self, seat: Seat, rng: Rng, unseen: list[int]) -> HeirsState:
        """:meth:`determinize` with ``unseen``, what :meth:`unseen` gives for ``seat`` on this
        position (it is read, not changed): the same copy, the same draws from ``rng``."""
        c = HeirsState(self.cs, self.o, self.n, rng, self)  # its own generator is drawn below
        c.quiet = True
        i = SEAT_INDEX[seat]
        deck = c.deck
        hidden = min(c.kf[i], len(deck))
        pool = unseen[:]
        if plain_rng(rng) and hidden > 1:
            # the shuffle settles the places above the deck's unknown part now (the other hands
            # and Lore's cards take them), the deck's unknown part card by card as it is drawn
            # (:meth:`_settle_top`): the same order, the generator moved on as by the whole shuffle
            c.lazy_s = shuffle_steps(pool, len(pool), hidden, rng._s)
            c.lazy_n = hidden
            rng._s = c.lazy_s
            skip_draws(rng, hidden - 1)
        else:
            shuffle_ints(rng, pool)
            c.lazy_n = 0
        c.rng = seeded(below(rng, 1 << 62))  # future chance is unknown too
        deck[:hidden] = pool[:hidden]
        k = hidden
        hands = c.hands
        for j in range(c.n):
            if j != i:
                h = hands[j]
                m = len(h)
                h[:] = pool[k:k + m]
                k += m
        if c.look_seat >= 0 and c.look_seat != i:
            c.look[:] = pool[k:k + len(c.look)]
        return c

    def _settle(self) -> None:
        """Settle the whole deck of a lazily shuffled copy (see :attr:`lazy_n`)."""
        n = self.lazy_n
        if n:
            self.lazy_n = 0
            if n > 1:
                self.lazy_s = shuffle_steps(self.deck, n, 1, self.lazy_s)

    def _settle_top(self) -> None:
        """Settle the lowest unsettled place's card (the deck is about to be taken down to it)."""
        n = self.lazy_n
        if n > 1:  # the step ``n - 1`` of :func:`~.common.shuffle_steps`, written out (every draw)
            st = (self.lazy_s + _GOLDEN64) & _MASK64
            z = ((st ^ (st >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            j = (z ^ (z >> 31)) % n
            deck = self.deck
            deck[n - 1], deck[j] = deck[j], deck[n - 1]
            self.lazy_s = st
            self.lazy_n = n - 1
        else:
            self.lazy_n = 0

    def view(self, seat: Seat | None) -> JSON:
        self._settle()
        return view.state_view(self, seat)

    # == JSON ======================================================================================
    def to_json(self) -> JSON:
        self._settle()
        ids = self.cs.ids

        def cards(lst: list[int]) -> list[str]:
            return [ids[c] for c in lst]

        doc: JSON = {
            "game": "heirs",
            "mode": "solo" if self.n == 1 else "normal",
            "seats": list(self.seats),
            "options": self.o._asdict(),
            "players": [{"seat": SEATS[i], "hand": cards(self.hands[i]), "chain": cards(self.chains[i]),
                         "score": self.scores[i], "tokens": dict(zip(COLOURS, self.tokens[i], strict=True))}
                        for i in range(self.n)],
            "black": {"chains": [cards(ch) for ch in self.bchains], "token": self.btoken,
                      "tokens": dict(zip(COLOURS, self.btokens, strict=True)), "face_down": self.bdown},
            "deck": cards(self.deck[::-1]),
            "discard": cards(self.discard[::-1]),
            "play": ids[self.play] if self.play >= 0 else None,
            "look": cards(self.look),
            "look_seat": SEATS[self.look_seat] if self.look_seat >= 0 else None,
            "known": self.known_counts(),
            "current": SEATS[self.cur],
            "turn": self.turn,
            "step": self.step_name(),
            "phase": STEP_NAMES[self.step],
            "black_deal": self.bi,
            "selected": list(self.selected) if self.selected is not None else None,
            "pending": [{"seat": d.seat, "kind": d.kind, "data": kind_of(d.kind).dump(d.data)}
                        for d in self.pending],
            "over": self.over,
            "winners": list(self.winners),
            "reason": self.reason,
            "rng": self.rng.to_json(),
        }
        if not self.cs.default:
            doc["cards"] = self.cs.to_json()
        return doc

    def step_name(self) -> str:
        """The step of the turn in progress: ``act``, ``chain``, ``score``, ``draw``, ``deal`` (or
        ``over``). ``phase`` (the internal resume point) differs while a step's decisions are pending."""
        s = self.step
        if self.pending:
            if s == S_SCORE:
                return "chain"
            if s == S_DRAW:
                return "score"
            if s == S_DEAL and self.pending[0].kind != "deal":
                return "draw"
        return "act" if s == S_ACT_END else STEP_NAMES[s]

    def known_counts(self) -> dict[str, int]:
        """How many top cards of the deck each seat (and a spectator) knows, in order."""
        size = len(self.deck)
        names = [*SEATS[:self.n], SPECTATOR]
        return {names[s]: max(0, size - k) for s, k in enumerate(self.kf)}

    def all_cards(self) -> list[int]:
        """Every card of every zone (for invariant checks): all of the card set, once each."""
        self._settle()
        out = [c for h in self.hands for c in h]
        out += [c for h in self.chains for c in h]
        out += [c for h in self.bchains for c in h]
        out += self.deck + self.discard + self.look
        if self.play >= 0:
            out.append(self.play)
        return out

    # == primitives ================================================================================
    def required(self, i: int) -> int:
        """Length at which player ``i``'s chain is complete (the next space of their track)."""
        return self.scores[i] + self.o.chain_offset

    def black_required(self) -> int:
        return self.btoken + self.o.chain_offset

    def _take(self, ev: list[Event]) -> int:
        """The top card of the deck (``-1`` if there is none anywhere). Taking the last card runs
        the deck out: the Black Token moves up and the discard pile becomes the new deck."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return -1
            self._restock(ev)
        if len(deck) <= self.lazy_n:
            self._settle_top()
        c = deck.pop()
        if not deck:
            self._ran_out(ev)
        return c

    def _ran_out(self, ev: list[Event]) -> None:
        if self.over:  # the game has ended: only keep the cards flowing
            self._restock(ev)
            return
        self.btoken += 1
        if ev is not QUIET:
            ev.append(Event("deck-empty", f"The deck runs out: the Black Token moves up to {self.btoken}.",
                            None, {"black_token": self.btoken}))
        if self.btoken >= self.o.black_target:
            self._lose(ev, f"the Black Token reached {self.o.black_target}")
        self._restock(ev)

    def _restock(self, ev: list[Event]) -> None:
        """Shuffle the discard pile into the (empty) deck, then flip a new discard pile."""
        if not self.discard:
            return
        self._settle()
        cards = self.discard[:]
        self.discard.clear()
        self._new_deck(cards + self.deck, ev)
        self._flip(ev)

    def _new_deck(self, cards: list[int], ev: list[Event]) -> None:
        """Make ``cards`` the deck, shuffled (a scripted shuffle gives the order top first)."""
        self.lazy_n = 0  # ``cards`` were read off a settled deck (:meth:`_settle`)
        order = cards[:]
        shuffle_cards(self.rng, order, self.cs.ids, self.cs.index)
        self.deck[:] = order[::-1]
        self.kf = [len(cards)] * (self.n + 1)
        if ev is not QUIET:
            ev.append(Event("shuffle", f"The deck is shuffled ({len(cards)} cards)."))
        if self.bdown:
            self.bdown = False
            if ev is not QUIET:
                ev.append(Event("black-up", "The deck was shuffled: the Black Wizard flips face up."))

    def _flip(self, ev: list[Event]) -> None:
        """An empty discard pile takes the top card of the deck (never the deck's last card)."""
        if not self.discard and len(self.deck) >= 2:
            if len(self.deck) <= self.lazy_n:
                self._settle_top()
            c = self.deck.pop()
            self.discard.append(c)
            if ev is not QUIET:
                ev.append(Event("flip", f"{self.cs.ids[c]} is flipped to start the discard pile."))

    def _push_deck(self, c: int, knower: int) -> None:
        """Put ``c`` on top of the deck; ``knower`` is PUBLIC, NOBODY or the seat that placed it."""
        deck = self.deck
        old = len(deck)
        deck.append(c)
        kf = self.kf
        if knower == PUBLIC:
            for s in range(len(kf)):
                if kf[s] > old:
                    kf[s] = old
        else:
            for s in range(len(kf)):
                if s == knower:
                    if kf[s] > old:
                        kf[s] = old
                else:
                    kf[s] = old + 1

    def _lose(self, ev: list[Event], why: str) -> None:
        if self.over:
            return
        self.over = True
        self.winners = ()
        self.reason = f"{why}: all players lose"
        self.step = S_OVER
        if ev is not QUIET:
            ev.append(Event("lose", f"The Black Wizard wins: {why}. All players lose."))

    def _win(self, i: int, ev: list[Event]) -> None:
        self.over = True
        self.winners = (SEATS[i],)
        self.reason = f"{SEATS[i]} reached {self.scores[i]}"
        self.step = S_OVER
        if ev is not QUIET:
            ev.append(Event("win", f"{SEATS[i]} reaches {self.scores[i]} and is crowned Wizard King!",
                            None, {"winner": SEATS[i]}))

    def _check_black(self, ev: list[Event]) -> None:
        """Score the Black Chain(s) if complete: discard them all, the Black Token moves up one."""
        if self.over:
            return
        need = self.btoken + self.o.chain_offset
        for ch in self.bchains:
            if ch and len(ch) >= need:
                break
        else:
            return
        ids = self.cs.ids
        gone: list[str] = []
        for ch in self.bchains:
            gone += [ids[c] for c in ch]
            self.discard.extend(ch)
            ch.clear()
        self.btoken += 1
        if ev is not QUIET:
            ev.append(Event("black-score", f"The Black Chain is complete ({' '.join(gone)}): discarded; the "
                            f"Black Token moves up to {self.btoken}.", None, {"black_token": self.btoken}))
        if self.btoken >= self.o.black_target:
            self._lose(ev, f"the Black Token reached {self.o.black_target}")

    def _draw(self, i: int, k: int, ev: list[Event]) -> None:
        """Player ``i`` draws ``k`` cards (fewer if there are none left anywhere)."""
        hand = self.hands[i]
        got: list[int] = []
        for _ in range(k):
            c = self._take(ev)
            if c < 0:
                break
            got.append(c)
        hand.extend(got)
        self._hand_event(i, "draw", "draws", got, ev)

    def _hand_event(self, i: int, kind: str, verb: str, cards: list[int], ev: list[Event],
                    where: str = "") -> None:
        """A private event naming the cards for seat ``i`` and a public one with the count:
        ``"{seat} {verb} {cards}{where}."``."""
        seat = SEATS[i]
        ids = self.cs.ids
        k = len(cards)
        if ev is not QUIET:
            ev.append(Event(kind, f"{seat} {verb} {' '.join(ids[c] for c in cards) or 'nothing'}{where}.", (seat,)))
        if ev is not QUIET:
            ev.append(Event(kind, f"{seat} {verb} {k} card{'s' if k != 1 else ''}{where}.", None, None, (seat,)))

    # == the turn ==================================================================================
    def _advance(self, ev: list[Event]) -> None:
        """Move the turn on until somebody must decide or the game is over: run the step the turn
        is at (:data:`questbox.games.heirs.turn.STEPS`)."""
        pending = self.pending
        steps = _STEPS
        while not pending and not self.over:
            steps[self.step](self, ev)

    def _black_name(self, bi: int) -> str:
        return "the Black Chain" if len(self.bchains) == 1 else f"Black Chain {bi + 1}"

    def _next_turn(self, ev: list[Event]) -> None:
        self.cur = (self.cur + 1) % self.n
        self._new_turn(ev)

    def _new_turn(self, ev: list[Event]) -> None:
        self.turn += 1
        self.selected = None
        self.step = S_ACT
        self.bi = 0
        limit = self.o.turn_limit
        if limit and self.turn > limit:
            self._lose(ev, f"the turn limit ({limit} turns) passed and the ritual is complete")
            return
        if ev is not QUIET:
            ev.append(Event("turn", f"Turn {self.turn}: {SEATS[self.cur]} to play."))
