"""The saved state document of heirs (``HeirsState.to_json``), validated before a state is built
from it (issue #15): the schema, then the cross-checks a schema cannot state."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt

from questbox.core.errors import StateError
from questbox.core.validation import Count, RngDoc, StrictModel, validated
from questbox.games.heirs.cards import COLOURS, CardSet

Seat = Literal["p1", "p2", "p3", "p4"]
Step = Literal["act", "act-end", "chain", "score", "draw", "deal", "over"]
#: every decision kind (what its ``data`` holds is checked by :func:`check_state`)
Kind = Literal["act", "absorb-cast", "chain", "raise", "check", "check-discard", "draw", "deal", "heal",
               "heal-death", "burn", "precise-number", "precise-discard", "grow", "aura", "webs",
               "lore-keep", "lore-return", "ancient-return"]
Small = Annotated[StrictInt, Field(ge=0, le=50)]


class TokensDoc(StrictModel):
    R: Small
    O: Small  # noqa: E741
    Y: Small
    G: Small
    B: Small
    V: Small


class OptionsDoc(StrictModel):
    """Resolved options: every value is given (the setup's ``None`` defaults are filled in)."""

    target: Annotated[StrictInt, Field(ge=1, le=50)]
    black_target: Annotated[StrictInt, Field(ge=1, le=50)]
    black_start: Annotated[StrictInt, Field(ge=0, le=49)]
    draw_limit: Annotated[StrictInt, Field(ge=0, le=60)]
    max_level: Annotated[StrictInt, Field(ge=1, le=20)]
    absorb_at_max: StrictBool
    burn_all: StrictBool
    chain_offset: Annotated[StrictInt, Field(ge=0, le=3)]
    empty_chain_any: StrictBool
    precise_burn_black: StrictBool
    prior_tower_black: StrictBool
    deal_when_face_down: StrictBool
    may_pass: StrictBool
    turn_limit: Count


class PlayerDoc(StrictModel):
    seat: Seat
    hand: list[str]
    chain: list[str]
    score: Small
    tokens: TokensDoc


class BlackDoc(StrictModel):
    chains: list[list[str]] = Field(min_length=1, max_length=2)
    token: Small
    tokens: TokensDoc
    face_down: StrictBool


class PendingDoc(StrictModel):
    seat: Seat
    kind: Kind
    data: list[StrictInt | str] = Field(max_length=300)


class HeirsDoc(StrictModel):
    game: Literal["heirs"]
    mode: Literal["normal", "solo"]
    seats: list[Seat] = Field(min_length=1, max_length=4)
    options: OptionsDoc
    players: list[PlayerDoc] = Field(min_length=1, max_length=4)
    black: BlackDoc
    deck: list[str]
    discard: list[str]
    play: str | None
    look: list[str]
    look_seat: Seat | None
    known: dict[str, Count]
    current: Seat
    turn: Annotated[StrictInt, Field(ge=1)]
    step: Step
    phase: Step
    black_deal: Annotated[StrictInt, Field(ge=0, le=2)]
    selected: list[StrictInt | str] | None
    pending: list[PendingDoc] = Field(max_length=64)
    over: StrictBool
    winners: list[Seat] = Field(max_length=4)
    reason: str
    rng: RngDoc
    cards: list[dict[str, Any]] | None = None


def parse_state(doc: Any) -> HeirsDoc:
    """The schema check (``StateError`` naming the field)."""
    return validated(HeirsDoc, doc, "not a heirs state", StateError)


def check_state(d: HeirsDoc, cs: CardSet) -> None:
    """What the schema cannot say: seats, ids and sizes that must agree."""
    def bad(msg: str) -> StateError:
        return StateError(f"not a heirs state: {msg}")

    n = len(d.players)
    seats = [f"p{i + 1}" for i in range(n)]
    if d.seats != seats or [p.seat for p in d.players] != seats:
        raise bad(f"seats and players must be {', '.join(seats)} in order")
    if d.mode != ("solo" if n == 1 else "normal"):
        raise bad(f"mode {d.mode!r} with {n} player(s)")
    if len(d.black.chains) != (2 if n == 1 else 1):
        raise bad(f"black.chains: {'two chains in Solo Mode' if n == 1 else 'one chain'}")
    o = d.options
    # every card of the card set in exactly one zone
    zones: list[tuple[str, list[str]]] = [(f"players.{i}.hand", p.hand) for i, p in enumerate(d.players)]
    zones += [(f"players.{i}.chain", p.chain) for i, p in enumerate(d.players)]
    zones += [(f"black.chains.{j}", ch) for j, ch in enumerate(d.black.chains)]
    zones += [("deck", d.deck), ("discard", d.discard), ("look", d.look)]
    if d.play is not None:
        zones.append(("play", [d.play]))
    seen: set[str] = set()
    for name, cards in zones:
        for c in cards:
            if c not in cs.index:
                raise bad(f"{name}: no card {c!r}")
            if c in seen:
                raise bad(f"{name}: card {c} is in two places")
            seen.add(c)
    missing = [c for c in cs.ids if c not in seen]
    if missing:
        raise bad(f"cards missing from every zone: {', '.join(missing[:5])}")
    for i, p in enumerate(d.players):
        levels = [getattr(p.tokens, c) for c in COLOURS]
        if max(levels) > o.max_level:
            raise bad(f"players.{i}.tokens: a level above max_level {o.max_level}")
    if max(getattr(d.black.tokens, c) for c in COLOURS) > o.max_level:
        raise bad(f"black.tokens: a level above max_level {o.max_level}")
    names = [*seats, "spectator"]
    if list(d.known) != names:
        raise bad(f"known: the keys are {', '.join(names)}")
    if any(k > len(d.deck) for k in d.known.values()):
        raise bad(f"known: more than the {len(d.deck)} cards of the deck")
    for name, s in (("current", d.current), ("look_seat", d.look_seat)):
        if s is not None and s not in seats:
            raise bad(f"{name}: no seat {s}")
    if any(w not in seats for w in d.winners):
        raise bad("winners: not a seat of this game")
    if d.black_deal > len(d.black.chains):
        raise bad("black_deal: past the last Black Chain")
    if d.selected is not None:
        sel = d.selected
        ok = (len(sel) == 2 and isinstance(sel[1], int)
              and ((sel[0] in ("lore", "prior") and 1 <= sel[1] <= o.max_level)
                   or (sel[0] == "ancient-lore" and sel[1] == 0)))
        if not ok:
            raise bad(f"selected: {sel!r} is not [lore|prior, level] or [ancient-lore, 0]")
    if not d.over and "over" in (d.step, d.phase):
        raise bad("step/phase: over, but the game is not over")
    if d.over and d.pending:
        raise bad("pending: a finished game has no decision pending")
    for k, dec in enumerate(d.pending):
        if dec.kind == "draw" and d.selected is None:
            raise bad(f"pending.{k}: a draw-or-ability choice with no ability selected")
        if dec.seat not in seats:
            raise bad(f"pending.{k}.seat: no seat {dec.seat}")
        why = _payload_fault(dec, d, cs)
        if why:
            raise bad(f"pending.{k}.data: {dec.kind}: {why}")


def _payload_fault(p: PendingDoc, d: HeirsDoc, cs: CardSet) -> str | None:
    """Why the ``data`` of a pending decision does not fit its kind (``None`` if it does)."""
    data = p.data
    ints = [x for x in data if isinstance(x, int) and not isinstance(x, bool)]
    n = len(d.players)
    nb = len(d.black.chains)
    shapes: dict[str, tuple[int, int]] = {  # kind -> (first value's bounds) for one-number payloads
        "heal": (1, d.options.max_level), "burn": (1, 2 * d.options.max_level), "aura": (0, 4 * cs.n),
        "lore-keep": (1, 2), "ancient-return": (1, 3), "deal": (0, nb - 1),
    }
    if p.kind == "absorb-cast":
        return None if len(data) == 1 and data[0] in COLOURS else "one colour letter"
    if p.kind in shapes:
        lo, hi = shapes[p.kind]
        return None if len(data) == 1 and len(ints) == 1 and lo <= ints[0] <= hi else f"one number {lo}-{hi}"
    if p.kind == "heal-death":
        if len(ints) != len(data) or not data or data[0] not in (0, 1):
            return "the count taken (0 or 1), then the cards looked at"
        looked = ints[1:]
        if any(not 0 <= c < cs.n for c in looked) or len(set(looked)) != len(looked):
            return "the cards looked at are card numbers, each once"
        return None
    if p.kind == "precise-discard":
        zones = 2 * n + (nb if d.options.precise_burn_black else 0)
        ok = len(data) == 2 == len(ints) and 1 <= ints[0] <= cs.n and 0 <= ints[1] < zones
        return None if ok else f"the size to burn down to and a zone 0-{zones - 1}"
    if p.kind == "webs":
        ok = len(data) == 2 == len(ints) and 1 <= ints[0] <= 10 and ints[1] in (0, 1)
        return None if ok else "the returns left (1-10) and 0/1 (Tower Webs)"
    return None if not data else "no data"
