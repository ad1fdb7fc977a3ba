"""Heirs of the Wizard King's designed observation tensor (``questbox.adapters.observe``).

Read from ``view(seat)`` only, so it holds only what that seat may know: its own hand, every chain,
the discard pile in order, the others' hand *sizes*, the deck's size and the top cards the seat
knows, cards looked at privately only by the seat looking. A card is what the rules know of it:
its colour (6) and rank (1-7 or Lord, 8), so a user card file with other ids encodes the same way.
Ordered zones keep their order: a chain is its cards left to right plus its right end, the known
top of the deck top first, the discard pile as each card type's depth. Players are egocentric:
block 0 is the observer (p1 for a spectator), then the seats after it in turn order. Every value
is in [0, 1]; a count is divided by the most it can be (a card type's copies, the deck's size).


mypyc compiles this module with Heirs' engine (``compiled.MODULES``), and its build has no numpy:
numpy (the ``rl`` extra, which every user of an encoder has) is imported by name, never by an
``import`` statement that mypyc would follow; the encoders return numpy arrays all the same.
"""

from __future__ import annotations

import importlib
from array import array
from collections import Counter
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

from questbox.core import JSON, Seat, get_game
from questbox.games.heirs.cards import COLOUR_INDEX, COLOURS, card_set

if TYPE_CHECKING:
    from questbox.games.heirs.state import HeirsState

#: numpy, imported by name (see the module docs)
np: Any = importlib.import_module("numpy")

#: the steps of a turn, as ``view["step"]`` names them
STEPS = ("act", "act-end", "chain", "score", "draw", "deal", "over")
#: the decision kinds, as ``view["pending"][k]["kind"]`` names them
DECISIONS = ("act", "absorb-cast", "chain", "raise", "check", "check-discard", "draw", "deal", "heal",
             "heal-death", "burn", "precise-number", "precise-discard", "grow", "aura", "webs", "lore-keep",
             "lore-return", "ancient-return")
#: the Draw Step abilities that ``view["selected"]`` can name
SELECTED = ("lore", "prior", "ancient-lore")
RANKS = 8  # 1-7, then the Lord
CARD = len(COLOURS) + RANKS  # one card: colour one-hot, rank one-hot
TYPES = len(COLOURS) * RANKS  # card types (colour x rank) for the unordered zones
PENDING = 3  # decisions encoded from the top of the stack
_STEP = {s: i for i, s in enumerate(STEPS)}
_DECISION = {d: i for i, d in enumerate(DECISIONS)}
_SELECTED = {s: i for i, s in enumerate(SELECTED)}


class Field:
    __slots__ = ("meaning", "name", "width")

    def __init__(self, name: str, width: int, meaning: str) -> None:
        self.name, self.width, self.meaning = name, width, meaning


class HeirsEncoder:
    """Encodes Heirs views of one setup (see the module docs and ``docs/rl.md``)."""

    def __init__(self, setup: JSON | None) -> None:
        setup = setup or {}
        game = get_game("heirs")
        probe = game.new(setup, seed=0).view(None)
        cs = card_set(setup.get("cards"))
        self.n_cards = cs.n
        docs: list[Any] = list(cs.docs)  # (pydantic models: read as plain Python objects)
        #: card id -> (its colour's place, its rank's place) in a card's 14 numbers
        self.cards: dict[str, tuple[int, int]] = {
            d.id: (COLOUR_INDEX[d.colour], len(COLOURS) + (d.number - 1 if isinstance(d.number, int) else RANKS - 1))
            for d in docs}
        kind = {cid: c * RANKS + r - len(COLOURS) for cid, (c, r) in self.cards.items()}
        copies = Counter(kind.values())
        #: card id -> (its type: colour x rank, 1 / the copies of that type)
        self.types: dict[str, tuple[int, float]] = {cid: (t, 1.0 / copies[t]) for cid, t in kind.items()}
        self.seats: tuple[Seat, ...] = tuple(p["seat"] for p in probe["players"])
        self.n = len(self.seats)
        self.n_black = len(probe["black"]["chains"])
        self.target = int(probe["target"])
        self.black_target = int(probe["black_target"])
        self.max_level = int(probe["max_level"])
        p0 = probe["players"][0]
        offset = int(p0["needs"]) - int(p0["score"])
        limit = (setup.get("options") or {}).get("turn_limit", 500)
        self.turn_limit = int(limit) if limit else 500
        #: chain positions: the longest a chain can be before it scores (a complete chain at the
        #: last score below the target), one more to spare
        self.positions = max(self.target, self.black_target) + offset
        self.known = self.max_level + 1  # the known top of the deck, top first
        p = self.positions
        self.chain_width = 1 + p * CARD + CARD
        self.player_width = 6 + len(COLOURS) + self.chain_width
        self.decision_width = len(DECISIONS) + 3 + 2 + 2 + len(COLOURS) + 2
        self.fields: tuple[Any, ...] = (
            Field("header", 5 + len(STEPS),
                  f"my turn, Solo, turn/{self.turn_limit}, over, the Black Wizard won, step ({len(STEPS)})"),
            Field("players", self.n * self.player_width,
                  f"per player ({self.n}, me first): to play, has the next decision, a winner, score/target, "
                  f"chain needs/{p}, hand size/{self.n_cards}, tokens per colour/{self.max_level} (6), "
                  f"chain (length/{p}, {p} positions left to right x (colour 6, rank 8), right end (14))"),
            Field("hand", TYPES, "my hand: per card type (colour x rank, 48) its count / its copies"),
            Field("black", 3 + len(COLOURS) + self.n_black * self.chain_width,
                  f"the Black Wizard: face down, token/{self.black_target}, chain needs/{p}, "
                  f"tokens per colour/{self.max_level} (6), per Black Chain ({self.n_black}) as a player's"),
            Field("deck", 2 + self.known * CARD,
                  f"deck size/{self.n_cards}, known top cards/{self.known}, the known cards top first "
                  f"({self.known} x (colour 6, rank 8))"),
            Field("discard", 1 + 2 * TYPES,
                  f"discard size/{self.n_cards}; per card type (48): count / copies, depth of its topmost "
                  f"copy ((index from the top + 1)/{self.n_cards}, 0 if absent)"),
            Field("play", 1 + CARD, "a card in play, its colour (6) and rank (8)"),
            Field("look", 3 + self.n + TYPES,
                  f"look size/{self.n_cards}, I see the looked-at cards, they are public, whose private look "
                  f"({self.n}, me first); per card type (48) count / copies"),
            Field("selected", 1 + len(SELECTED),
                  f"the Draw Step ability selected this turn ({', '.join(SELECTED)}), its number/{self.max_level}"),
            Field("pending", 1 + PENDING * self.decision_width,
                  f"pending decisions/{PENDING}; per decision from the top of the stack ({PENDING}): kind "
                  f"({len(DECISIONS)}), present, mine, left/{self.max_level}, must spend, own only, "
                  "first number of its data/8, second number/8, the absorbed colour (6), the Black Chain "
                  "dealt to (2)"),
        )
        self.size = sum(f.width for f in self.fields)
        self._ids: tuple[str, ...] | None = None  # the card set whose tables by number are built
        self._orders: dict[Seat | None, list[Seat]] = {}  # seat -> the seats, that seat first

    def _order(self, seat: Seat | None) -> list[Seat]:
        seats = list(self.seats)
        if seat in seats:
            k = seats.index(seat)
            seats = seats[k:] + seats[:k]
        return seats

    def _chain(self, ix: list[int], vx: list[float], o: int, chain: list[str]) -> None:
        p, cards = self.positions, self.cards
        ix.append(o)
        vx.append(len(chain) / p)
        for k, cid in enumerate(chain[:p]):
            cr = cards.get(cid)
            if cr is not None:
                b = o + 1 + k * CARD
                ix += (b + cr[0], b + cr[1])
                vx += (1.0, 1.0)
        if chain:
            cr = cards.get(chain[-1])
            if cr is not None:
                b = o + 1 + p * CARD
                ix += (b + cr[0], b + cr[1])
                vx += (1.0, 1.0)

    def _bag(self, ix: list[int], vx: list[float], o: int, cids: list[str]) -> None:
        types = self.types
        for cid in cids:
            tw = types.get(cid)
            if tw is not None:
                ix.append(o + tw[0])
                vx.append(tw[1])

    def __call__(self, view: JSON, seat: Seat | None) -> Any:
        # (index, value) pairs, added up by one bincount (the bags add up; every other index is
        # written once) and clipped to [0, 1]: much faster than writing numbers into an array
        ix: list[int] = []
        vx: list[float] = []
        nc, ml, pos = self.n_cards, self.max_level, self.positions
        cards = self.cards
        order = self._order(seat)
        rel = {s: k for k, s in enumerate(order)}
        pending = view["pending"]
        top_seat = pending[-1]["seat"] if pending else None
        winners = view["winners"]
        current = view["current"]
        # header
        ix += (0, 1, 2, 3, 4)
        vx += (float(current == seat), float(view["mode"] == "solo"), view["turn"] / self.turn_limit,
               float(view["over"]), float(view["black_won"]))
        step = _STEP.get(view["step"])
        if step is not None:
            ix.append(5 + step)
            vx.append(1.0)
        o = 5 + len(STEPS)
        # players
        by_seat = {p["seat"]: p for p in view["players"]}
        pw = self.player_width
        for k, s in enumerate(order):
            p = by_seat.get(s)
            if p is None:
                continue
            b = o + k * pw
            tokens = p["tokens"]
            ix += range(b, b + 6 + len(COLOURS))
            vx += (float(current == s), float(top_seat == s), float(s in winners), p["score"] / self.target,
                   p["needs"] / pos, p["hand_size"] / nc, tokens["R"] / ml, tokens["O"] / ml, tokens["Y"] / ml,
                   tokens["G"] / ml, tokens["B"] / ml, tokens["V"] / ml)
            self._chain(ix, vx, b + 6 + len(COLOURS), p["chain"])
        o += self.n * pw
        # my hand
        me = by_seat.get(seat) if seat is not None else None
        if me is not None:
            self._bag(ix, vx, o, me.get("hand", []))
        o += TYPES
        # the Black Wizard
        black = view["black"]
        btokens = black["tokens"]
        ix += range(o, o + 3 + len(COLOURS))
        vx += (float(black["face_down"]), black["token"] / self.black_target, black["needs"] / pos,
               btokens["R"] / ml, btokens["O"] / ml, btokens["Y"] / ml, btokens["G"] / ml, btokens["B"] / ml,
               btokens["V"] / ml)
        b = o + 3 + len(COLOURS)
        for k, chain in enumerate(black["chains"][: self.n_black]):
            self._chain(ix, vx, b + k * self.chain_width, chain)
        o = b + self.n_black * self.chain_width
        # the deck
        known = view["deck_known"]
        ix += (o, o + 1)
        vx += (view["deck_size"] / nc, len(known) / self.known)
        for k, cid in enumerate(known[: self.known]):
            cr = cards.get(cid)
            if cr is not None:
                ix += (o + 2 + k * CARD + cr[0], o + 2 + k * CARD + cr[1])
                vx += (1.0, 1.0)
        o += 2 + self.known * CARD
        # the discard pile, top first
        discard = view["discard"]
        ix.append(o)
        vx.append(len(discard) / nc)
        self._bag(ix, vx, o + 1, discard)
        d = o + 1 + TYPES
        seen: set[int] = set()
        types = self.types
        for k, cid in enumerate(discard):
            tw = types.get(cid)
            if tw is not None and tw[0] not in seen:
                seen.add(tw[0])
                ix.append(d + tw[0])
                vx.append((k + 1) / nc)
        o += 1 + 2 * TYPES
        # the card in play
        play = view["play"]
        if play is not None:
            ix.append(o)
            vx.append(1.0)
            cr = cards.get(play)
            if cr is not None:
                ix += (o + 1 + cr[0], o + 1 + cr[1])
                vx += (1.0, 1.0)
        o += 1 + CARD
        # revealed or privately looked-at cards
        look_seat = view["look_seat"]
        look = view.get("look")
        ix += (o, o + 1, o + 2)
        vx += (view["look_size"] / nc, float(look is not None), float(look_seat is None))
        if look_seat in rel:
            ix.append(o + 3 + rel[look_seat])
            vx.append(1.0)
        if look is not None:
            self._bag(ix, vx, o + 3 + self.n, look)
        o += 3 + self.n + TYPES
        # the selected Draw Step ability
        sel = view["selected"]
        if sel:
            if sel[0] in _SELECTED:
                ix.append(o + _SELECTED[sel[0]])
                vx.append(1.0)
            if len(sel) > 1 and isinstance(sel[1], int):
                ix.append(o + len(SELECTED))
                vx.append(sel[1] / ml)
        o += 1 + len(SELECTED)
        # pending decisions, the top of the stack (the one being asked) first
        ix.append(o)
        vx.append(len(pending) / PENDING)
        o += 1
        dw = self.decision_width
        top = list(pending[-PENDING:])
        top.reverse()
        for k, dec in enumerate(top):
            b = o + k * dw
            kind = dec["kind"]
            if kind in _DECISION:
                ix.append(b + _DECISION[kind])
                vx.append(1.0)
            b += len(DECISIONS)
            slots: dict[int, float] = {}
            _decision_slots(slots, b, kind, dec["seat"] == seat, dec, ml)
            ix += slots.keys()
            vx += slots.values()
        out = np.bincount(ix, weights=vx, minlength=self.size)
        return np.clip(out, 0.0, 1.0).astype(np.float32)


    # -- from the typed state -------------------------------------------------------------------
    def _by_number(self, ids: tuple[str, ...]) -> None:
        """Card tables by card number (``st.cs.ids``' order), built once per card set."""
        from questbox.games.heirs.common import SEAT_INDEX, SEATS
        from questbox.games.heirs.kinds import KINDS, kind_of

        self._engine = (SEAT_INDEX, SEATS, KINDS, kind_of)
        self._ids = ids
        self._cr: list[tuple[int, int] | None] = [self.cards.get(c) for c in ids]
        self._tw: list[tuple[int, float] | None] = [self.types.get(c) for c in ids]
        self._zero = bytes(8 * self.size)  # a zeroed array of doubles, one per number
        #: card number -> its type (-1: none) and 1 / the copies of that type
        self._tt: list[int] = [-1 if tw is None else tw[0] for tw in self._tw]
        self._w: list[float] = [0.0 if tw is None else tw[1] for tw in self._tw]
        self._lo = np.zeros(self.size)
        self._hi = np.ones(self.size)

    def _chain_n(self, buf: array[float], o: int, chain: list[int]) -> None:
        p, cr_of = self.positions, self._cr
        buf[o] = len(chain) / p
        for k, c in enumerate(chain[:p]):
            cr = cr_of[c]
            if cr is not None:
                b = o + 1 + k * CARD
                buf[b + cr[0]] = 1.0
                buf[b + cr[1]] = 1.0
        if chain:
            cr = cr_of[chain[-1]]
            if cr is not None:
                b = o + 1 + p * CARD
                buf[b + cr[0]] = 1.0
                buf[b + cr[1]] = 1.0

    def _bag_n(self, buf: array[float], o: int, cards: Any) -> None:
        tt, ww = self._tt, self._w
        for c in cards:
            t = tt[c]
            if t >= 0:
                buf[o + t] += ww[c]

    def encode_state(self, st: HeirsState, seat: Seat | None) -> Any:
        """``self(st.view(seat), seat)``, read from the :class:`HeirsState` itself: the same numbers
        (``tests/adapters/test_heirs_observe.py`` compares them), without building the view.

        The numbers are written straight into a zeroed ``array`` of doubles (a run of them by one
        slice, a card type's count added up in place), which numpy then reads without a copy: the
        same sums in the same order as the view path's ``bincount``, without converting the lists
        of indices and values that cost that path about a third of its time."""
        if self._ids is not st.cs.ids:
            self._by_number(st.cs.ids)
        SEAT_INDEX, SEATS, KINDS, kind_of = self._engine
        buf = array("d", self._zero)
        nc, ml, pos = self.n_cards, self.max_level, self.positions
        order = self._orders.get(seat)
        if order is None:
            order = self._orders[seat] = self._order(seat)
        me = SEAT_INDEX[seat] if seat is not None else -1
        pending = st.pending
        top_seat = pending[-1].seat if pending else None
        winners = st.winners
        current = SEATS[st.cur]
        step = _STEP.get(st.step_name())
        buf[0:5] = array("d", (float(current == seat), float(st.n == 1), st.turn / self.turn_limit,
                               float(st.over), float(st.over and not st.winners)))
        if step is not None:
            buf[5 + step] = 1.0
        o = 5 + len(STEPS)
        pw = self.player_width
        for k, s in enumerate(order):
            i = SEAT_INDEX[s]
            if i >= st.n:
                continue
            b = o + k * pw
            tk = st.tokens[i]
            buf[b:b + 6 + len(COLOURS)] = array("d", (
                float(current == s), float(top_seat == s), float(s in winners), st.scores[i] / self.target,
                st.required(i) / pos, len(st.hands[i]) / nc, tk[0] / ml, tk[1] / ml, tk[2] / ml, tk[3] / ml,
                tk[4] / ml, tk[5] / ml))
            self._chain_n(buf, b + 6 + len(COLOURS), st.chains[i])
        o += self.n * pw
        if 0 <= me < st.n:
            self._bag_n(buf, o, st.hands[me])
        o += TYPES
        bt = st.btokens
        buf[o:o + 3 + len(COLOURS)] = array("d", (
            float(st.bdown), st.btoken / self.black_target, st.black_required() / pos,
            bt[0] / ml, bt[1] / ml, bt[2] / ml, bt[3] / ml, bt[4] / ml, bt[5] / ml))
        b = o + 3 + len(COLOURS)
        for k, chain in enumerate(st.bchains[: self.n_black]):
            self._chain_n(buf, b + k * self.chain_width, chain)
        o = b + self.n_black * self.chain_width
        deck = st.deck
        kf = st.kf[me if me >= 0 else st.n]
        known = deck[kf:] if kf < len(deck) else []
        buf[o] = len(deck) / nc
        buf[o + 1] = len(known) / self.known
        cr_of = self._cr
        for k in range(len(known)):
            c = known[len(known) - 1 - k]
            if k >= self.known:
                break
            cr = cr_of[c]
            if cr is not None:
                buf[o + 2 + k * CARD + cr[0]] = 1.0
                buf[o + 2 + k * CARD + cr[1]] = 1.0
        o += 2 + self.known * CARD
        discard = st.discard
        buf[o] = len(discard) / nc
        # one pass, top first: each card type's count (its weights added one by one, as the bag
        # adds them) and the depth of its topmost copy
        bag, d = o + 1, o + 1 + TYPES
        tt, ww = self._tt, self._w
        seen = bytearray(TYPES)
        for k in range(1, len(discard) + 1):
            c = discard[len(discard) - k]
            t = tt[c]
            if t >= 0:
                buf[bag + t] += ww[c]
                if not seen[t]:
                    seen[t] = 1
                    buf[d + t] = k / nc
        o += 1 + 2 * TYPES
        if st.play >= 0:
            buf[o] = 1.0
            cr = cr_of[st.play]
            if cr is not None:
                buf[o + 1 + cr[0]] = 1.0
                buf[o + 1 + cr[1]] = 1.0
        o += 1 + CARD
        look_visible = st.look_seat < 0 or st.look_seat == me
        buf[o] = len(st.look) / nc
        buf[o + 1] = float(look_visible)
        buf[o + 2] = float(st.look_seat < 0)
        if st.look_seat >= 0:
            look_seat = SEATS[st.look_seat]
            if look_seat in order:
                buf[o + 3 + order.index(look_seat)] = 1.0
        if look_visible:
            self._bag_n(buf, o + 3 + self.n, st.look)
        o += 3 + self.n + TYPES
        sel = st.selected
        if sel:
            if sel[0] in _SELECTED:
                buf[o + _SELECTED[sel[0]]] = 1.0
            if len(sel) > 1 and isinstance(sel[1], int):
                buf[o + len(SELECTED)] = sel[1] / ml
        o += 1 + len(SELECTED)
        buf[o] = len(pending) / PENDING
        o += 1
        dw = self.decision_width
        for k in range(min(len(pending), PENDING)):
            dec = pending[len(pending) - 1 - k]
            b = o + k * dw
            kind = dec.kind
            if kind in _DECISION:
                buf[b + _DECISION[kind]] = 1.0
            b += len(DECISIONS)
            rules = KINDS.get(kind) or kind_of(kind)
            doc: JSON = {"seat": dec.seat, "kind": kind, "data": rules.dump(dec.data)}
            rules.view(st, dec, doc)
            _decision_slots(buf, b, kind, dec.seat == seat, doc, ml)
        out = np.frombuffer(buf, np.float64)
        # clipped to [0, 1] as the view path's np.clip (against arrays: a scalar bound costs numpy
        # several times more), then float32
        np.maximum(out, self._lo, out=out)
        np.minimum(out, self._hi, out=out)
        return out.astype(np.float32)


def _decision_slots(out: MutableMapping[int, float] | array[float], b: int, kind: str, mine: bool,
                    doc: JSON, ml: float) -> None:
    """Write the slots of a pending decision after its kind's (from its view document ``doc``) into
    ``out`` (the state path's buffer, or a dict the view path adds to its pairs; each slot once):
    asked, asked of this seat, what is left to spend, the flags, two numbers of its data, the
    colour of an absorb-cast, the chain."""
    out[b] = 1.0
    out[b + 1] = float(mine)
    out[b + 2] = doc.get("left", 0) / ml
    out[b + 3] = float(doc.get("must_spend", False))
    out[b + 4] = float(doc.get("own_only", False))
    data = doc["data"]
    if kind != "heal-death":
        for j, x in enumerate(data[:2]):
            if isinstance(x, int | float):
                out[b + 5 + j] = max(float(x), 0.0) / 8
    if kind == "absorb-cast" and data and data[0] in COLOUR_INDEX:
        out[b + 7 + COLOUR_INDEX[data[0]]] = 1.0
    chain = doc.get("chain")
    if chain is not None:
        out[b + 7 + len(COLOURS) + (1 if chain == "black2" else 0)] = 1.0


def encoder(setup: JSON | None) -> HeirsEncoder:
    """The designed encoder of a Heirs setup."""
    return HeirsEncoder(setup)
