"""The :class:`HeirsGame`: setup (the shuffle and deal, or an explicit position), JSON loading,
rendering and the game's bots."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from questbox.core.actions import Action
from questbox.core.agent import AgentFactory
from questbox.core.errors import SetupError
from questbox.core.events import Event
from questbox.core.rng import Rng
from questbox.core.state import JSON, Decision, Game, Seat, State
from questbox.core.validation import check_canonical
from questbox.games.heirs.bots import position_value
from questbox.games.heirs.cards import COLOURS, CardSet, card_set
from questbox.games.heirs.common import (
    ABILITY,
    BURN_HAND,
    CAST,
    DEAL_L,
    DEAL_R,
    DONE,
    DRAW,
    NUMBER,
    PASS,
    PUBLIC,
    RAISE,
    SEAT_INDEX,
    SEATS,
    SKIP,
    SKIP_CAST,
    SPECTATOR,
    STEP_INDEX,
    TERMINATIONS,
    target_names,
)
from questbox.games.heirs.kinds import kind_of
from questbox.games.heirs.setup import Options, PositionDoc, SetupDoc, parse_setup
from questbox.games.heirs.state import HeirsState
from questbox.games.heirs.statedoc import HeirsDoc, check_state, parse_state
from questbox.games.heirs.view import describe_action, render

SELECTABLE = ("lore", "prior", "ancient-lore")


class HeirsGame(Game):
    """Heirs of the Wizard King: 2-4 heirs race to complete chains while the Black Wizard's ritual
    grows; 1 player is Solo Mode against two Black Chains."""

    id = "heirs"
    title = "Heirs of the Wizard King"
    seat_counts = (1, 2, 3, 4)
    summary = "Chain wizards by colour or number, learn six spells, beat the Black Wizard (1-4 players)."
    rules_version = 1
    terminations = TERMINATIONS
    atlas_module = "questbox.games.heirs.atlas"
    setup_model = SetupDoc
    hidden_module = "questbox.games.heirs.hidden"
    decisions_module = "questbox.games.heirs.kinds"

    # -- setup -------------------------------------------------------------------------------------
    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        doc = parse_setup(setup)
        assert doc.players is not None
        return SEATS[:doc.players]

    def setup_for_seats(self, n: int, setup: JSON | None = None) -> JSON:
        doc = dict(setup or {})
        doc.setdefault("players", n)
        return doc

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> HeirsState:
        doc = parse_setup(setup)
        n = doc.players
        assert n is not None
        cs = card_set(doc.cards)
        st = HeirsState(cs, doc.options.resolve(n), n, Rng(seed))
        if doc.position is not None:
            _build_position(st, doc.position)
        else:
            _deal_setup(st, doc.deck)
        ev: list[Event] = []
        st._flip(ev)  # an empty discard pile is refilled at once (HWK-ADD-04), positions included
        st._advance(ev)
        if st.over:
            st.pending.clear()
        return st

    def from_json(self, doc: JSON) -> HeirsState:
        from questbox.core.statecheck import checked_state

        return checked_state(self.id, lambda: _from_json(doc))

    # -- faces and bots ----------------------------------------------------------------------------
    def agents(self) -> Mapping[str, AgentFactory]:
        from questbox.games.heirs.bots import heuristic, simple

        return {"heuristic": heuristic, "simple": simple}

    def action_space(self, setup: JSON | None = None) -> list[Action] | None:
        """Every action a game with this setup can offer, in a fixed order."""
        doc = parse_setup(setup)
        n = doc.players
        assert n is not None
        cs = card_set(doc.cards)
        out = [PASS, DONE, SKIP, SKIP_CAST, DRAW, ABILITY, DEAL_L, DEAL_R, *CAST, *RAISE,
               *BURN_HAND[:n], *NUMBER[:cs.n + 1]]
        for table in (cs.A_CMD, cs.A_ABS, cs.A_CHL, cs.A_CHR, cs.A_START, cs.A_TAKE, cs.A_DISCARD,
                      cs.A_KEEP, cs.A_RETURN, cs.A_BURN):
            out += table
        for cid in cs.ids:
            for name in target_names(n, 2 if n == 1 else 1):
                out += [Action("grow", (cid, name, "left")), Action("grow", (cid, name, "right"))]
        return out

    def evaluate(self, state: State) -> Mapping[Seat, float] | None:
        """Each seat's chance to win, estimated as a logistic of the heuristic bot's position value
        (``bots.position_value``: own progress against the best opponent's and the Black Wizard's).
        With it, ISMCTS at 200 iterations plays level with the heuristic bot; a plain score-track
        estimate left it far behind (16-game probes: 6–6 against 2–11)."""
        assert isinstance(state, HeirsState)
        st = state
        if st.over:
            return {s: (1.0 if s in st.winners else 0.0) for s in st.seats}
        return {s: 1.0 / (1.0 + math.exp(-position_value(st, i) / 30.0)) for i, s in enumerate(st.seats)}

    def stats(self, state: State) -> Mapping[str, float | int | str]:
        assert isinstance(state, HeirsState)
        return {"black_token": state.btoken, "turns": state.turn, "top_score": max(state.scores),
                "black_face_down": int(state.bdown)}

    def render(self, view: JSON, seat: Seat | None) -> Any:
        return render(view, seat)

    def describe_action(self, view: JSON, action: Action) -> str:
        return describe_action(view, action)


def _ids_to_cards(cs: CardSet, cids: list[str], where: str, used: set[int]) -> list[int]:
    out: list[int] = []
    for x in cids:
        c = cs.index.get(x)
        if c is None:
            raise SetupError(f"heirs setup: {where}: no card {x!r} in the card set")
        if c in used:
            raise SetupError(f"heirs setup: {where}: card {x} is placed twice")
        used.add(c)
        out.append(c)
    return out


def _deal_setup(st: HeirsState, order: list[str] | None) -> None:
    """Setup steps 4-6: shuffle (or take the given order), deal each chain one card (players, then
    the Black Wizard), hands of 1, 2, 3... cards in turn order, then flip the first discard."""
    cs = st.cs
    n = st.n
    need = n + len(st.bchains) + n * (n + 1) // 2 + 2
    if cs.n < need:
        raise SetupError(f"heirs setup: {n} player(s) need at least {need} cards, the card set has {cs.n}")
    if order is not None:
        used: set[int] = set()
        top_first = _ids_to_cards(cs, order, "deck", used)
        top_first += [c for c in range(cs.n) if c not in used]
    else:
        names = list(cs.ids)
        st.rng.shuffle(names)
        top_first = [cs.index[x] for x in names]
    deck = st.deck
    deck[:] = top_first[::-1]
    for ch in st.chains:
        ch.append(deck.pop())
    for ch in st.bchains:
        ch.append(deck.pop())
    for i, hand in enumerate(st.hands):
        for _ in range(i + 1):
            hand.append(deck.pop())
    st.discard.append(deck.pop())
    st.kf = [len(deck)] * (n + 1)


def _tokens(tok: Mapping[Any, int], top: int, where: str) -> list[int]:
    out = [int(tok.get(c, 0)) for c in COLOURS]
    for c, v in zip(COLOURS, out, strict=True):
        if not 0 <= v <= top:
            raise SetupError(f"heirs setup: {where}.{c}: a level is 0-{top}, not {v}")
    return out


def _build_position(st: HeirsState, pos: PositionDoc) -> None:
    cs = st.cs
    o: Options = st.o
    used: set[int] = set()
    for i, p in enumerate(pos.players):
        where = f"position.players.{i}"
        st.hands[i] = _ids_to_cards(cs, p.hand, where + ".hand", used)
        st.chains[i] = _ids_to_cards(cs, p.chain, where + ".chain", used)
        st.scores[i] = p.score
        st.tokens[i] = _tokens(p.tokens, o.max_level, where + ".tokens")
    b = pos.black
    nb = len(st.bchains)
    if b.chains is not None:
        if len(b.chains) != nb:
            raise SetupError(f"heirs setup: position.black.chains: the Black Wizard has {nb} chain(s) "
                             f"in this mode, not {len(b.chains)}")
        st.bchains = [_ids_to_cards(cs, ch, f"position.black.chains.{j}", used)
                      for j, ch in enumerate(b.chains)]
    if b.token is not None:
        st.btoken = b.token
    st.btokens = _tokens(b.tokens, o.max_level, "position.black.tokens")
    st.bdown = b.face_down
    st.discard = _ids_to_cards(cs, pos.discard, "position.discard", used)[::-1]
    top_first = _ids_to_cards(cs, pos.deck, "position.deck", used)
    top_first += [c for c in range(cs.n) if c not in used]
    st.deck = top_first[::-1]
    if pos.current not in SEAT_INDEX or SEAT_INDEX[pos.current] >= st.n:
        raise SetupError(f"heirs setup: position.current: no seat {pos.current!r} "
                         f"(seats: {', '.join(st.seats)})")
    st.cur = SEAT_INDEX[pos.current]
    st.step = STEP_INDEX[pos.step]
    st.turn = pos.turn
    if pos.selected is not None:
        kind = str(pos.selected[0]) if pos.selected else ""
        if kind not in SELECTABLE:
            raise SetupError(f"heirs setup: position.selected: the kind is one of {', '.join(SELECTABLE)}")
        lvl = pos.selected[1] if len(pos.selected) > 1 else 0
        if not isinstance(lvl, int) or not 0 <= lvl <= 20:
            raise SetupError("heirs setup: position.selected: the level is a number 0-20")
        st.selected = (kind, lvl)
    size = len(st.deck)
    st.kf = [size] * (st.n + 1)
    names = [*SEATS[:st.n], SPECTATOR]
    for name, k in pos.known.items():
        if name not in names:
            raise SetupError(f"heirs setup: position.known: no seat {name!r}")
        if not 0 <= k <= size:
            raise SetupError(f"heirs setup: position.known.{name}: 0-{size} cards, not {k}")
        st.kf[names.index(name)] = size - k
    if any(st.kf[-1] < k for k in st.kf[:-1]):
        raise SetupError("heirs setup: position.known: a spectator cannot know more than a seat")


def _from_json(doc: JSON) -> HeirsState:
    """A state from its saved document, validated: the schema (:mod:`.statedoc`), the cross-checks,
    then the document must be exactly what the state writes back."""
    d = parse_state(doc)
    cs = card_set(d.cards)
    check_state(d, cs)
    st = _build(d, cs)
    check_canonical("not a heirs state", doc, st.to_json())
    return st


def _build(d: HeirsDoc, cs: CardSet) -> HeirsState:
    n = len(d.players)
    index = cs.index

    def cards(lst: list[str]) -> list[int]:
        return [index[x] for x in lst]

    st = HeirsState(cs, Options(**d.options.model_dump()), n, Rng.from_json(d.rng.model_dump(exclude_none=True)))
    for i, p in enumerate(d.players):
        st.hands[i] = cards(p.hand)
        st.chains[i] = cards(p.chain)
        st.scores[i] = p.score
        st.tokens[i] = [getattr(p.tokens, c) for c in COLOURS]
    b = d.black
    st.bchains = [cards(ch) for ch in b.chains]
    st.btoken = b.token
    st.btokens = [getattr(b.tokens, c) for c in COLOURS]
    st.bdown = b.face_down
    st.deck = cards(d.deck)[::-1]
    st.discard = cards(d.discard)[::-1]
    st.play = index[d.play] if d.play is not None else -1
    st.look = cards(d.look)
    st.look_seat = SEAT_INDEX[d.look_seat] if d.look_seat is not None else PUBLIC
    size = len(st.deck)
    st.kf = [size - k for k in d.known.values()]
    st.cur = SEAT_INDEX[d.current]
    st.turn = d.turn
    st.step = STEP_INDEX[d.phase]
    st.bi = d.black_deal
    sel = d.selected
    st.selected = (str(sel[0]), int(sel[1])) if sel is not None else None
    st.pending = [Decision(p.seat, p.kind, kind_of(p.kind).load(list(p.data))) for p in d.pending]
    st.over = d.over
    st.winners = tuple(d.winners)
    st.reason = d.reason
    return st


# the composition root: the state class gets its game here, explicitly (its decision kinds are the
# table of :mod:`.kinds`)
GAME = HeirsGame()
HeirsState.game = GAME
