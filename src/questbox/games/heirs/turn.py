"""The turn: its steps, run without a choice (:data:`STEPS`), and its own decision kinds
(:data:`KINDS`; the abilities' are in :mod:`.abilities`, :mod:`.kinds` puts both together).

``HeirsState.step`` says where the turn resumes: :meth:`HeirsState._advance` runs
``STEPS[step]`` while no decision is pending; a step moves ``step`` on and may push a decision,
whose kind then performs the choice (and may push follow-ups).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple, cast

import questbox.games.heirs.abilities as abilities
import questbox.games.heirs.black as black
from questbox.core.actions import Action
from questbox.core.events import Event
from questbox.core.state import JSON, Decision
from questbox.games.heirs.cardset import COLOUR_INDEX, COLOURS
from questbox.games.heirs.common import (
    ABILITY,
    CAST,
    D_ACT,
    D_CHAIN,
    D_CHECK,
    D_CHECK_DISCARD,
    D_DRAW,
    D_RAISE,
    DEAL_L,
    DEAL_R,
    DONE,
    DRAW,
    ORDERS,
    PASS,
    PUBLIC,
    QUIET,
    RAISE,
    S_ACT_END,
    S_CHAIN,
    S_DEAL,
    S_DRAW,
    S_SCORE,
    SEAT_INDEX,
    SEATS,
    SKIP,
    SKIP_CAST,
    STEP_NAMES,
    Kind,
    decide,
    place,
)

if TYPE_CHECKING:
    from questbox.games.heirs.state import HeirsState

Step = Callable[["HeirsState", list[Event]], None]


# == the steps =====================================================================================

def begin_act(st: HeirsState, ev: list[Event]) -> None:
    i = st.cur
    st.step = S_ACT_END
    if st.hands[i] or any(st.tokens[i]) or st.o.may_pass:
        st.pending.append(D_ACT[i])
    else:
        if ev is not QUIET:
            ev.append(Event("act", f"{SEATS[i]} has no card and no ability: nothing to Command, Absorb "
                            "or Cast."))


def end_act(st: HeirsState, ev: list[Event]) -> None:
    if st.play >= 0:
        st.discard.append(st.play)
        st.play = -1
    st._check_black(ev)
    st.step = S_CHAIN


def begin_chain(st: HeirsState, ev: list[Event]) -> None:
    st.step = S_SCORE
    i = st.cur
    if st.hands[i] and len(st.chains[i]) < st.required(i) and len(chain_legal(st, i)) > 1:
        st.pending.append(D_CHAIN[i])


def score(st: HeirsState, ev: list[Event]) -> None:
    o = st.o
    cw = ORDERS[st.n][0][st.cur]
    ids = st.cs.ids
    scored: list[int] = []
    for i in cw:
        ch = st.chains[i]
        if ch and len(ch) >= st.scores[i] + o.chain_offset:
            text = " ".join(ids[c] for c in ch)
            st.discard.extend(ch)
            ch.clear()
            st.scores[i] += 1
            scored.append(i)
            if ev is not QUIET:
                ev.append(Event("score", f"{SEATS[i]} completes a chain ({text}) and moves up to "
                                f"{st.scores[i]}.", None, {"seat": SEATS[i], "score": st.scores[i]}))
    for i in cw:
        if st.scores[i] >= o.target:
            st._win(i, ev)
            return
    st._check_black(ev)
    if st.over:
        return
    st.step = S_DRAW
    for i in reversed(scored):
        _push_raise(st, i, ev)


def _push_raise(st: HeirsState, i: int, ev: list[Event]) -> None:
    tok = st.tokens[i]
    top = st.o.max_level
    can = [k for k in range(6) if tok[k] < top]
    if len(can) > 1:
        st.pending.append(D_RAISE[i])
    elif can:
        tok[can[0]] += 1
        if ev is not QUIET:
            ev.append(Event("raise", f"{SEATS[i]} raises {COLOURS[can[0]]} to {tok[can[0]]}."))
    else:
        if ev is not QUIET:
            ev.append(Event("raise", f"{SEATS[i]}'s ability tokens are all at the top."))


def begin_draw(st: HeirsState, ev: list[Event]) -> None:
    i = st.cur
    st.step = S_DEAL
    st.bi = 0
    if len(st.hands[i]) > st.o.draw_limit:
        st.pending.append(D_CHECK[i])
    elif st.selected is not None:
        st.pending.append(D_DRAW[i])
    else:
        st._draw(i, 2, ev)


def deal(st: HeirsState, ev: list[Event]) -> None:
    """Step 5: deal to the Black Chain(s) (the current player picks the end), then refill."""
    nb = len(st.bchains)
    while st.bi < nb:
        if st.bdown:
            if ev is not QUIET:
                ev.append(Event("deal", "The Black Wizard is face down: no card is dealt to him."))
            st.bi = nb
            break
        bi = st.bi
        c = st._take(ev)
        if c < 0:
            if ev is not QUIET:
                ev.append(Event("deal", "There is no card to deal to the Black Chain."))
            st.bi += 1
            continue
        ch = st.bchains[bi]
        if ch or st.over:
            st.look.append(c)
            if st.over:  # the deck ran out taking it: the card stays revealed
                return
            st.look_seat = PUBLIC
            if ev is not QUIET:
                ev.append(Event("reveal", f"{st.cs.ids[c]} is dealt to the Black Chain: "
                                f"{SEATS[st.cur]} chooses the end."))
            st.pending.append(decide(SEATS[st.cur], "deal", _DEAL_DATA[bi]))
            return
        ch.append(c)
        st.bi += 1
        after_deal(st, bi, c, ev)
        if st.over:
            return
    if not st.bdown or st.o.deal_when_face_down:
        refill(st, ev)
        if st.over:
            return
    st._next_turn(ev)


def after_deal(st: HeirsState, bi: int, c: int, ev: list[Event]) -> None:
    """Card ``c`` has joined Black Chain ``bi``: score it if complete, raise the Black Wizard's
    token of its colour and perform his ability."""
    cs = st.cs
    name = st._black_name(bi)
    if ev is not QUIET:
        ev.append(Event("deal", f"{cs.ids[c]} joins {name}: "
                        f"{' '.join(cs.ids[x] for x in st.bchains[bi])}."))
    st._check_black(ev)
    if st.over:
        return
    k = cs.col[c]
    if st.btokens[k] < st.o.max_level:
        st.btokens[k] += 1
    black.ability(st, k, st.btokens[k], bi, ev)
    st._check_black(ev)


def refill(st: HeirsState, ev: list[Event]) -> None:
    """Deal 1 card to every empty player hand and chain (current player first, clockwise)."""
    ids = st.cs.ids
    for i in ORDERS[st.n][0][st.cur]:
        if not st.hands[i]:
            c = st._take(ev)
            if c >= 0:
                st.hands[i].append(c)
                st._hand_event(i, "refill", "is dealt", [c], ev)
        if not st.chains[i]:
            c = st._take(ev)
            if c >= 0:
                st.chains[i].append(c)
                if ev is not QUIET:
                    ev.append(Event("refill", f"{ids[c]} is dealt to {SEATS[i]}'s empty chain."))


#: the steps that run without a choice, by ``step`` (``STEP_NAMES``; ``over`` runs nothing)
STEPS: Final[tuple[Step, ...]] = (begin_act, end_act, begin_chain, score, begin_draw, deal)
assert len(STEPS) == len(STEP_NAMES) - 1


# == the turn's decision kinds ======================================================================

class AbsorbCastData(NamedTuple):
    """``absorb-cast``: the colour just absorbed."""

    colour: str


class DealData(NamedTuple):
    """``deal``: the Black Chain the revealed card goes to (Solo: 0 or 1)."""

    chain: int


#: the payloads there are, built once (a hot path)
_DEAL_DATA: Final = (DealData(0), DealData(1))
_ABSORB_DATA: Final = tuple(AbsorbCastData(c) for c in COLOURS)


class ActKind(Kind):
    """``act``: step 1, Command, Absorb or Cast (or pass, with ``may_pass``)."""

    kind: ClassVar[str] = "act"
    TEXT: ClassVar[str] = "Command, Absorb or Cast"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        i = SEAT_INDEX[d.seat]
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

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        ev = st.ev
        i = SEAT_INDEX[d.seat]
        name = a.name
        cs = st.cs
        seat = d.seat
        if name == "command":
            c = cs.index[str(a.args[0])]
            st.hands[i].remove(c)
            st.play = c
            if ev is not QUIET:
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
            if ev is not QUIET:
                ev.append(Event("absorb", f"{seat} absorbs {cs.ids[c]}: {COLOURS[k]} is now {tok[k]}."))
            st.pending.append(decide(seat, "absorb-cast", _ABSORB_DATA[k]))
        elif name == "cast":
            k = COLOUR_INDEX[str(a.args[0])]
            if ev is not QUIET:
                ev.append(Event("cast", f"{seat} casts {COLOURS[k]} at level {st.tokens[i][k]}."))
            abilities.basic(st, i, k, st.tokens[i][k], ev)
        else:
            if ev is not QUIET:
                ev.append(Event("pass", f"{seat} passes step 1."))


class AbsorbCastKind(Kind):
    """``absorb-cast``: cast the colour just absorbed at once, or not."""

    kind: ClassVar[str] = "absorb-cast"
    TEXT: ClassVar[str] = "cast the absorbed colour now?"
    payload = AbsorbCastData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        return [CAST[COLOUR_INDEX[cast(AbsorbCastData, d.data).colour]], SKIP_CAST]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        if a.name == "cast":
            i = SEAT_INDEX[d.seat]
            k = COLOUR_INDEX[cast(AbsorbCastData, d.data).colour]
            if st.ev is not QUIET:
                st.ev.append(Event("cast", f"{d.seat} casts {COLOURS[k]} at once, at level {st.tokens[i][k]}."))
            abilities.basic(st, i, k, st.tokens[i][k], st.ev)


def chain_legal(st: HeirsState, i: int) -> list[Action]:
    """Player ``i``'s step 2 choices: a card of the hand at a matching end of the chain (any card
    starts an empty one), or ``done``."""
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


class ChainKind(Kind):
    """``chain``: step 2, chain cards from the hand one at a time."""

    kind: ClassVar[str] = "chain"
    TEXT: ClassVar[str] = "chain cards from your hand"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        return chain_legal(st, SEAT_INDEX[d.seat])

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        if a.name == "done":
            return
        i = SEAT_INDEX[d.seat]
        cs = st.cs
        c = cs.index[str(a.args[0])]
        st.hands[i].remove(c)
        ch = st.chains[i]
        place(ch, c, str(a.args[1]) if a.args[1:] else "right")
        if st.ev is not QUIET:
            st.ev.append(Event("chain", f"{d.seat} chains {cs.ids[c]}: {' '.join(cs.ids[x] for x in ch)}."))
        if st.hands[i] and len(ch) < st.required(i) and len(chain_legal(st, i)) > 1:
            st.pending.append(d)


class RaiseKind(Kind):
    """``raise``: a player who scored raises an ability token not at the top."""

    kind: ClassVar[str] = "raise"
    TEXT: ClassVar[str] = "raise an ability token (you scored)"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        tok = st.tokens[SEAT_INDEX[d.seat]]
        top = st.o.max_level
        return [RAISE[k] for k in range(6) if tok[k] < top]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        tok = st.tokens[SEAT_INDEX[d.seat]]
        k = COLOUR_INDEX[str(a.args[0])]
        tok[k] += 1
        if st.ev is not QUIET:
            st.ev.append(Event("raise", f"{d.seat} raises {COLOURS[k]} to {tok[k]}."))


class CheckKind(Kind):
    """``check``: the hand is over the Draw Limit: skip the Draw Step, or discard down to it."""

    kind: ClassVar[str] = "check"
    TEXT: ClassVar[str] = "hand over the limit: skip the Draw Step or discard down"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        disc = st.cs.A_DISCARD
        return [SKIP, *(disc[c] for c in st.hands[SEAT_INDEX[d.seat]])]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        ev = st.ev
        seat = d.seat
        if a.name == "skip":
            st.selected = None
            if ev is not QUIET:
                ev.append(Event("skip", f"{seat} skips the Draw Step."))
            return
        i = SEAT_INDEX[seat]
        cs = st.cs
        c = cs.index[str(a.args[0])]
        hand = st.hands[i]
        hand.remove(c)
        st.discard.append(c)
        if ev is not QUIET:
            ev.append(Event("discard", f"{seat} discards {cs.ids[c]}."))
        if len(hand) > st.o.draw_limit:
            st.pending.append(D_CHECK_DISCARD[i])
        elif st.selected is not None:
            st.pending.append(D_DRAW[i])
        else:
            st._draw(i, 2, ev)


class CheckDiscardKind(CheckKind):
    """``check-discard``: discarding down to the Draw Limit, the next card."""

    kind: ClassVar[str] = "check-discard"
    TEXT: ClassVar[str] = "discard down to the Draw Limit"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        disc = st.cs.A_DISCARD
        return [disc[c] for c in st.hands[SEAT_INDEX[d.seat]]]


class DrawKind(Kind):
    """``draw``: step 4, draw 2 or resolve the Draw Step ability selected this turn."""

    kind: ClassVar[str] = "draw"
    TEXT: ClassVar[str] = "draw 2 or resolve your Draw Step ability"

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        return [DRAW, ABILITY]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        i = SEAT_INDEX[d.seat]
        if a.name == "draw":
            st.selected = None
            st._draw(i, 2, st.ev)
        else:
            abilities.draw_step(st, i, st.ev)


class DealKind(Kind):
    """``deal``: step 5, the end of a Black Chain the dealt card goes to."""

    kind: ClassVar[str] = "deal"
    TEXT: ClassVar[str] = "choose the end of the Black Chain for the dealt card"
    payload = DealData

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        return [DEAL_L, DEAL_R]

    def resolve(self, st: HeirsState, d: Decision, a: Action) -> None:
        bi = cast(DealData, d.data).chain
        c = st.look.pop()
        place(st.bchains[bi], c, str(a.args[0]))
        st.bi = bi + 1
        after_deal(st, bi, c, st.ev)

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        bi = cast(DealData, d.data).chain
        doc["chain"] = "black" if len(st.bchains) == 1 else f"black{bi + 1}"


#: the turn's own decision kinds
KINDS: Final[tuple[Kind, ...]] = (ActKind(), AbsorbCastKind(), ChainKind(), RaiseKind(), CheckKind(),
                                  CheckDiscardKind(), DrawKind(), DealKind())
