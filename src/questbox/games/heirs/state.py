"""The state of a game of Heirs of the Wizard King, its turn flow and the primitives every rule uses.

Representation (kept lean for the hot path): a card is an ``int`` (its index in the
:class:`~questbox.games.heirs.cards.CardSet`); every zone is a ``list[int]``. Chains read left to
right. The deck and the discard pile keep their **top at the end** of the list (``pop``/``append``);
``to_json`` and views print them top first.

The turn is a small state machine (``step``) plus the core's stack of pending decisions: a step
pushes a :class:`Decision` when somebody must choose, the handler of that decision performs the
choice and may push follow-ups, and when the stack is empty :meth:`HeirsState._advance` moves the
turn on. Player abilities live in :mod:`.abilities`, the Black Wizard's in :mod:`.black`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from questbox.core.actions import Action
from questbox.core.events import Event
from questbox.core.rng import Rng
from questbox.core.state import JSON, Decision, Outcome, Seat, State
from questbox.games.heirs.cards import COLOUR_INDEX, COLOURS, CardSet
from questbox.games.heirs.setup import Options

# -- turn steps ---------------------------------------------------------------------------------
S_ACT, S_ACT_END, S_CHAIN, S_SCORE, S_DRAW, S_DEAL, S_OVER = range(7)
STEP_NAMES: tuple[str, ...] = ("act", "act-end", "chain", "score", "draw", "deal", "over")
STEP_INDEX: dict[str, int] = {s: i for i, s in enumerate(STEP_NAMES)}

SEATS: tuple[str, ...] = ("p1", "p2", "p3", "p4")
SEAT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SEATS)}
SPECTATOR = "spectator"

#: knowledge of a card pushed onto the deck: every seat / nobody (else a seat index)
PUBLIC, NOBODY = -1, -2

# -- actions that do not name a card --------------------------------------------------------------
DONE = Action("done")
SKIP = Action("skip")
SKIP_CAST = Action("skip-cast")
DRAW = Action("draw")
ABILITY = Action("ability")
PASS = Action("pass")
DEAL_L = Action("deal", ("left",))
DEAL_R = Action("deal", ("right",))
CAST: tuple[Action, ...] = tuple(Action("cast", (c,)) for c in COLOURS)
RAISE: tuple[Action, ...] = tuple(Action("raise", (c,)) for c in COLOURS)
NUMBER: tuple[Action, ...] = tuple(Action("number", (k,)) for k in range(257))
BURN_HAND: tuple[Action, ...] = tuple(Action("burn-hand", (s,)) for s in SEATS)


def _orders(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per current player: clockwise order from them, and the tie order of the Black abilities
    (the first player to the right, i.e. counter-clockwise, the current player last)."""
    cw = tuple(tuple((c + k) % n for k in range(n)) for c in range(n))
    ccw = tuple(tuple((c - k) % n for k in range(1, n + 1)) for c in range(n))
    return cw, ccw


ORDERS = {n: _orders(n) for n in range(1, 5)}


def target_names(n: int, nb: int) -> tuple[str, ...]:
    """Names of the chains as targets: ``p1``..``pn`` then ``black`` (or ``black1``, ``black2``)."""
    blacks = ("black",) if nb == 1 else tuple(f"black{j + 1}" for j in range(nb))
    return SEATS[:n] + blacks


Legal = Callable[["HeirsState", Decision, int], list[Action]]
Handler = Callable[["HeirsState", Decision, int, Action, list[Event]], None]


#: how a game of heirs ends (``Outcome.termination``): a player reached the target score; the Black
#: Token reached its target (everybody loses); the turn limit passed (everybody loses)
TERMINATIONS = frozenset({"score", "black-wizard", "turn-limit"})


class HeirsState(State):
    """One position. See the module docstring for the representation; ``to_json`` for the paths."""

    __slots__ = ("bchains", "bdown", "bi", "btoken", "btokens", "chains", "cs", "cur", "deck",
                 "discard", "hands", "kf", "look", "look_seat", "n", "o", "over", "play", "reason",
                 "scores", "selected", "step", "tokens", "turn", "winners")

    #: decision kind -> legal-action generator / handler: built by the game module (the composition
    #: root, :func:`questbox.games.heirs.game.decision_tables`) from :data:`TURN_LEGAL` and the
    #: abilities' tables; empty until then
    LEGAL: ClassVar[dict[str, Legal]] = {}
    HANDLE: ClassVar[dict[str, Handler]] = {}

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

    def __init__(self, cs: CardSet, o: Options, n: int, rng: Rng) -> None:
        super().__init__(SEATS[:n], rng)
        self.cs = cs
        self.o = o
        self.n = n
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
        return self.LEGAL[d.kind](self, d, SEAT_INDEX[seat])

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        ev: list[Event] = []
        d = self.pending.pop()
        self.HANDLE[d.kind](self, d, SEAT_INDEX[seat], action, ev)
        if not self.pending:
            self._advance(ev)
        if not self.discard and len(self.deck) >= 2:
            self._flip(ev)
        if self.over:
            self.pending.clear()
        return ev

    def clone(self) -> HeirsState:
        c = HeirsState.__new__(HeirsState)
        c.seats = self.seats
        c.rng = self.rng.copy()
        c.pending = self.pending[:]
        c._legal = None
        c.cs = self.cs
        c.o = self.o
        c.n = self.n
        c.hands = [h[:] for h in self.hands]
        c.chains = [h[:] for h in self.chains]
        c.scores = self.scores[:]
        c.tokens = [t[:] for t in self.tokens]
        c.bchains = [h[:] for h in self.bchains]
        c.btoken = self.btoken
        c.btokens = self.btokens[:]
        c.bdown = self.bdown
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.kf = self.kf[:]
        c.look = self.look[:]
        c.look_seat = self.look_seat
        c.play = self.play
        c.cur = self.cur
        c.step = self.step
        c.turn = self.turn
        c.bi = self.bi
        c.selected = self.selected
        c.over = self.over
        c.winners = self.winners
        c.reason = self.reason
        return c

    def determinize(self, seat: Seat, rng: Rng) -> HeirsState:
        """Resample, consistently, every card ``seat`` cannot see: the other hands, the part of the
        deck it does not know (it keeps the top cards it knows) and cards another seat is looking
        at privately (Lore). Zone sizes are kept. Two states that look the same to ``seat`` give the
        same result for the same ``rng``, so a bot's choice can never depend on what it cannot see."""
        c = self.clone()
        i = SEAT_INDEX[seat]
        deck = c.deck
        hidden = min(c.kf[i], len(deck))
        pool = deck[:hidden]
        others = [j for j in range(c.n) if j != i]
        for j in others:
            pool.extend(c.hands[j])
        private_look = c.look_seat >= 0 and c.look_seat != i
        if private_look:
            pool.extend(c.look)
        pool.sort()  # canonical: the result depends only on what `seat` sees and on `rng`
        rng.shuffle(pool)
        c.rng = Rng(rng.below(1 << 62))  # future chance is unknown too
        deck[:hidden] = pool[:hidden]
        k = hidden
        for j in others:
            h = c.hands[j]
            h[:] = pool[k:k + len(h)]
            k += len(h)
        if private_look:
            c.look[:] = pool[k:k + len(c.look)]
        return c

    def view(self, seat: Seat | None) -> JSON:
        return view.state_view(self, seat)

    # == JSON ======================================================================================
    def to_json(self) -> JSON:
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
            "pending": [{"seat": d.seat, "kind": d.kind, "data": list(d.data)} for d in self.pending],
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
        c = deck.pop()
        if not deck:
            self._ran_out(ev)
        return c

    def _ran_out(self, ev: list[Event]) -> None:
        if self.over:  # the game has ended: only keep the cards flowing
            self._restock(ev)
            return
        self.btoken += 1
        ev.append(Event("deck-empty", f"The deck runs out: the Black Token moves up to {self.btoken}.",
                        None, {"black_token": self.btoken}))
        if self.btoken >= self.o.black_target:
            self._lose(ev, f"the Black Token reached {self.o.black_target}")
        self._restock(ev)

    def _restock(self, ev: list[Event]) -> None:
        """Shuffle the discard pile into the (empty) deck, then flip a new discard pile."""
        if not self.discard:
            return
        cards = self.discard[:]
        self.discard.clear()
        self._new_deck(cards + self.deck, ev)
        self._flip(ev)

    def _new_deck(self, cards: list[int], ev: list[Event]) -> None:
        """Make ``cards`` the deck, shuffled (a scripted shuffle gives the order top first)."""
        ids = self.cs.ids
        order = [ids[c] for c in cards]
        self.rng.shuffle(order)
        index = self.cs.index
        self.deck[:] = [index[x] for x in reversed(order)]
        self.kf = [len(cards)] * (self.n + 1)
        ev.append(Event("shuffle", f"The deck is shuffled ({len(cards)} cards)."))
        if self.bdown:
            self.bdown = False
            ev.append(Event("black-up", "The deck was shuffled: the Black Wizard flips face up."))

    def _flip(self, ev: list[Event]) -> None:
        """An empty discard pile takes the top card of the deck (never the deck's last card)."""
        if not self.discard and len(self.deck) >= 2:
            c = self.deck.pop()
            self.discard.append(c)
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
        ev.append(Event("lose", f"The Black Wizard wins: {why}. All players lose."))

    def _win(self, i: int, ev: list[Event]) -> None:
        self.over = True
        self.winners = (SEATS[i],)
        self.reason = f"{SEATS[i]} reached {self.scores[i]}"
        self.step = S_OVER
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
        ev.append(Event(kind, f"{seat} {verb} {' '.join(ids[c] for c in cards) or 'nothing'}{where}.", (seat,)))
        ev.append(Event(kind, f"{seat} {verb} {k} card{'s' if k != 1 else ''}{where}.", None, None, (seat,)))

    # == the turn ==================================================================================
    def _advance(self, ev: list[Event]) -> None:
        """Move the turn on until somebody must decide or the game is over."""
        pending = self.pending
        while not pending and not self.over:
            s = self.step
            if s == S_ACT:
                self._begin_act(ev)
            elif s == S_ACT_END:
                self._end_act(ev)
            elif s == S_CHAIN:
                self._begin_chain(ev)
            elif s == S_SCORE:
                self._score(ev)
            elif s == S_DRAW:
                self._begin_draw(ev)
            else:
                self._deal(ev)

    def _begin_act(self, ev: list[Event]) -> None:
        i = self.cur
        self.step = S_ACT_END
        if self.hands[i] or any(self.tokens[i]) or self.o.may_pass:
            self.pending.append(Decision(SEATS[i], "act"))
        else:
            ev.append(Event("act", f"{SEATS[i]} has no card and no ability: nothing to Command, Absorb "
                            "or Cast."))

    def _end_act(self, ev: list[Event]) -> None:
        if self.play >= 0:
            self.discard.append(self.play)
            self.play = -1
        self._check_black(ev)
        self.step = S_CHAIN

    def _begin_chain(self, ev: list[Event]) -> None:
        self.step = S_SCORE
        i = self.cur
        if self.hands[i] and len(self.chains[i]) < self.required(i) and len(_chain_legal(self, i)) > 1:
            self.pending.append(Decision(SEATS[i], "chain"))

    def _score(self, ev: list[Event]) -> None:
        o = self.o
        cw = ORDERS[self.n][0][self.cur]
        ids = self.cs.ids
        scored: list[int] = []
        for i in cw:
            ch = self.chains[i]
            if ch and len(ch) >= self.scores[i] + o.chain_offset:
                text = " ".join(ids[c] for c in ch)
                self.discard.extend(ch)
                ch.clear()
                self.scores[i] += 1
                scored.append(i)
                ev.append(Event("score", f"{SEATS[i]} completes a chain ({text}) and moves up to "
                                f"{self.scores[i]}.", None, {"seat": SEATS[i], "score": self.scores[i]}))
        for i in cw:
            if self.scores[i] >= o.target:
                self._win(i, ev)
                return
        self._check_black(ev)
        if self.over:
            return
        self.step = S_DRAW
        for i in reversed(scored):
            self._push_raise(i, ev)

    def _push_raise(self, i: int, ev: list[Event]) -> None:
        tok = self.tokens[i]
        top = self.o.max_level
        can = [k for k in range(6) if tok[k] < top]
        if len(can) > 1:
            self.pending.append(Decision(SEATS[i], "raise"))
        elif can:
            tok[can[0]] += 1
            ev.append(Event("raise", f"{SEATS[i]} raises {COLOURS[can[0]]} to {tok[can[0]]}."))
        else:
            ev.append(Event("raise", f"{SEATS[i]}'s ability tokens are all at the top."))

    def _begin_draw(self, ev: list[Event]) -> None:
        i = self.cur
        self.step = S_DEAL
        self.bi = 0
        if len(self.hands[i]) > self.o.draw_limit:
            self.pending.append(Decision(SEATS[i], "check"))
        elif self.selected is not None:
            self.pending.append(Decision(SEATS[i], "draw"))
        else:
            self._draw(i, 2, ev)

    def _deal(self, ev: list[Event]) -> None:
        """Step 5: deal to the Black Chain(s) (the current player picks the end), then refill."""
        nb = len(self.bchains)
        while self.bi < nb:
            if self.bdown:
                ev.append(Event("deal", "The Black Wizard is face down: no card is dealt to him."))
                self.bi = nb
                break
            bi = self.bi
            c = self._take(ev)
            if c < 0:
                ev.append(Event("deal", "There is no card to deal to the Black Chain."))
                self.bi += 1
                continue
            ch = self.bchains[bi]
            if ch or self.over:
                self.look.append(c)
                if self.over:  # the deck ran out taking it: the card stays revealed
                    return
                self.look_seat = PUBLIC
                ev.append(Event("reveal", f"{self.cs.ids[c]} is dealt to the Black Chain: "
                                f"{SEATS[self.cur]} chooses the end."))
                self.pending.append(Decision(SEATS[self.cur], "deal", (bi,)))
                return
            ch.append(c)
            self.bi += 1
            self._after_deal(bi, c, ev)
            if self.over:
                return
        if not self.bdown or self.o.deal_when_face_down:
            self._refill(ev)
            if self.over:
                return
        self._next_turn(ev)

    def _after_deal(self, bi: int, c: int, ev: list[Event]) -> None:
        cs = self.cs
        name = self._black_name(bi)
        ev.append(Event("deal", f"{cs.ids[c]} joins {name}: "
                        f"{' '.join(cs.ids[x] for x in self.bchains[bi])}."))
        self._check_black(ev)
        if self.over:
            return
        k = cs.col[c]
        if self.btokens[k] < self.o.max_level:
            self.btokens[k] += 1
        black.ability(self, k, self.btokens[k], bi, ev)
        self._check_black(ev)

    def _black_name(self, bi: int) -> str:
        return "the Black Chain" if len(self.bchains) == 1 else f"Black Chain {bi + 1}"

    def _refill(self, ev: list[Event]) -> None:
        """Deal 1 card to every empty player hand and chain (current player first, clockwise)."""
        ids = self.cs.ids
        for i in ORDERS[self.n][0][self.cur]:
            if not self.hands[i]:
                c = self._take(ev)
                if c >= 0:
                    self.hands[i].append(c)
                    self._hand_event(i, "refill", "is dealt", [c], ev)
            if not self.chains[i]:
                c = self._take(ev)
                if c >= 0:
                    self.chains[i].append(c)
                    ev.append(Event("refill", f"{ids[c]} is dealt to {SEATS[i]}'s empty chain."))

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
        ev.append(Event("turn", f"Turn {self.turn}: {SEATS[self.cur]} to play."))


# == decisions of the turn (the abilities declare theirs in abilities.py) =========================

def _act_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    cs = st.cs
    hand = st.hands[i]
    tok = st.tokens[i]
    acts = [cs.A_CMD[c] for c in hand]
    if st.o.absorb_at_max:
        acts += [cs.A_ABS[c] for c in hand]
    else:
        top = st.o.max_level
        acts += [cs.A_ABS[c] for c in hand if tok[cs.col[c]] < top]
    acts += [CAST[k] for k in range(6) if tok[k] > 0]
    if st.o.may_pass:
        acts.append(PASS)
    return acts


def _act(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    name = a.name
    cs = st.cs
    seat = SEATS[i]
    if name == "command":
        c = cs.index[str(a.args[0])]
        st.hands[i].remove(c)
        st.play = c
        ev.append(Event("command", f"{seat} commands {cs.describe(c)}."))
        if cs.lord[c]:
            abilities.lord(st, i, cs.col[c], ev)
        else:
            abilities.basic(st, i, cs.col[c], cs.num[c], ev)
    elif name == "absorb":
        c = cs.index[str(a.args[0])]
        st.hands[i].remove(c)
        st.play = c
        k = cs.col[c]
        tok = st.tokens[i]
        if tok[k] < st.o.max_level:
            tok[k] += 1
        ev.append(Event("absorb", f"{seat} absorbs {cs.ids[c]}: {COLOURS[k]} is now {tok[k]}."))
        st.pending.append(Decision(seat, "absorb-cast", (COLOURS[k],)))
    elif name == "cast":
        k = COLOUR_INDEX[str(a.args[0])]
        ev.append(Event("cast", f"{seat} casts {COLOURS[k]} at level {st.tokens[i][k]}."))
        abilities.basic(st, i, k, st.tokens[i][k], ev)
    else:
        ev.append(Event("pass", f"{seat} passes step 1."))


def _absorb_cast_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    return [CAST[COLOUR_INDEX[d.data[0]]], SKIP_CAST]


def _absorb_cast(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    if a.name == "cast":
        k = COLOUR_INDEX[d.data[0]]
        ev.append(Event("cast", f"{SEATS[i]} casts {COLOURS[k]} at once, at level {st.tokens[i][k]}."))
        abilities.basic(st, i, k, st.tokens[i][k], ev)


def _chain_legal(st: HeirsState, i: int) -> list[Action]:
    cs = st.cs
    hand = st.hands[i]
    ch = st.chains[i]
    if not ch:
        acts = [cs.A_START[c] for c in hand]
    else:
        acts = []
        ml = cs.mm[ch[0]]
        mr = cs.mm[ch[-1]]
        for c in hand:
            if (ml >> c) & 1:
                acts.append(cs.A_CHL[c])
            if (mr >> c) & 1:
                acts.append(cs.A_CHR[c])
    acts.append(DONE)
    return acts


def _chain_decision_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    return _chain_legal(st, i)


def place(ch: list[int], c: int, end: str) -> None:
    """Add ``c`` to ``ch`` at ``end`` (``left``/``right``; an empty chain just takes it)."""
    if end == "left":
        ch.insert(0, c)
    else:
        ch.append(c)


def _chain(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    if a.name == "done":
        return
    cs = st.cs
    c = cs.index[str(a.args[0])]
    st.hands[i].remove(c)
    ch = st.chains[i]
    place(ch, c, str(a.args[1]) if a.args[1:] else "right")
    ev.append(Event("chain", f"{SEATS[i]} chains {cs.ids[c]}: {' '.join(cs.ids[x] for x in ch)}."))
    if st.hands[i] and len(ch) < st.required(i) and len(_chain_legal(st, i)) > 1:
        st.pending.append(d)


def _raise_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    tok = st.tokens[i]
    top = st.o.max_level
    return [RAISE[k] for k in range(6) if tok[k] < top]


def _raise(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    k = COLOUR_INDEX[str(a.args[0])]
    st.tokens[i][k] += 1
    ev.append(Event("raise", f"{SEATS[i]} raises {COLOURS[k]} to {st.tokens[i][k]}."))


def _check_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    cs = st.cs
    acts = [cs.A_DISCARD[c] for c in st.hands[i]]
    if d.kind == "check":
        acts.insert(0, SKIP)
    return acts


def _check(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    seat = SEATS[i]
    if a.name == "skip":
        st.selected = None
        ev.append(Event("skip", f"{seat} skips the Draw Step."))
        return
    cs = st.cs
    c = cs.index[str(a.args[0])]
    hand = st.hands[i]
    hand.remove(c)
    st.discard.append(c)
    ev.append(Event("discard", f"{seat} discards {cs.ids[c]}."))
    if len(hand) > st.o.draw_limit:
        st.pending.append(Decision(seat, "check-discard"))
    elif st.selected is not None:
        st.pending.append(Decision(seat, "draw"))
    else:
        st._draw(i, 2, ev)


def _draw_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    return [DRAW, ABILITY]


def _draw_choice(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    if a.name == "draw":
        st.selected = None
        st._draw(i, 2, ev)
    else:
        abilities.draw_step(st, i, ev)


def _deal_legal(st: HeirsState, d: Decision, i: int) -> list[Action]:
    return [DEAL_L, DEAL_R]


def _deal_choice(st: HeirsState, d: Decision, i: int, a: Action, ev: list[Event]) -> None:
    bi = int(d.data[0])
    c = st.look.pop()
    place(st.bchains[bi], c, str(a.args[0]))
    st.bi = bi + 1
    st._after_deal(bi, c, ev)


#: the turn's own decision kinds (the abilities' are in :data:`.abilities.LEGAL`)
TURN_LEGAL: dict[str, Legal] = {
    "act": _act_legal, "absorb-cast": _absorb_cast_legal, "chain": _chain_decision_legal,
    "raise": _raise_legal, "check": _check_legal, "check-discard": _check_legal, "draw": _draw_legal,
    "deal": _deal_legal,
}
TURN_HANDLE: dict[str, Handler] = {
    "act": _act, "absorb-cast": _absorb_cast, "chain": _chain, "raise": _raise, "check": _check,
    "check-discard": _check, "draw": _draw_choice, "deal": _deal_choice,
}


# modules the turn calls into; they import this module's primitives first, so they come last (an
# import for their functions only: nothing registers itself on import)
from questbox.games.heirs import abilities, black, view  # noqa: E402
