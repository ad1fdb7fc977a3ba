"""What every module of the engine shares: the seats, the steps of the turn, the prebuilt actions
that name no card, the turn orders, and :class:`Kind`, the base of the game's decision kinds.

A leaf: it imports nothing of the package but the cards (the state only for type checking), so
that the rules modules (:mod:`.turn`, :mod:`.abilities`, :mod:`.black`) can use it without an
import cycle; :mod:`.kinds` puts their decision kinds together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from questbox.core.actions import Action
from questbox.core.events import Event
from questbox.core.rng import Rng
from questbox.core.state import JSON, Decision, Seat
from questbox.games.heirs.cardset import COLOURS

if TYPE_CHECKING:
    from questbox.games.heirs.state import HeirsState

# -- turn steps (``HeirsState.step``: where the turn resumes when no decision is pending) ----------
S_ACT: Final = 0
S_ACT_END: Final = 1
S_CHAIN: Final = 2
S_SCORE: Final = 3
S_DRAW: Final = 4
S_DEAL: Final = 5
S_OVER: Final = 6
STEP_NAMES: Final[tuple[str, ...]] = ("act", "act-end", "chain", "score", "draw", "deal", "over")
STEP_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(STEP_NAMES)}

SEATS: Final[tuple[str, ...]] = ("p1", "p2", "p3", "p4")
SEAT_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(SEATS)}
SPECTATOR: Final = "spectator"

#: the events list of an action applied on a bot's lookahead copy (``HeirsState.quiet``): nothing is
#: written to it (every ``append`` of an event checks for it first) and nobody reads the events
#: there, so the lookahead builds no event texts. It stays empty (tests/heirs/test_bot_speed.py).
QUIET: Final[list[Event]] = []

#: knowledge of a card pushed onto the deck: every seat / nobody (else a seat index)
PUBLIC: Final = -1
NOBODY: Final = -2

#: how a game of heirs ends (``Outcome.termination``): a player reached the target score; the Black
#: Token reached its target (everybody loses); the turn limit passed (everybody loses)
TERMINATIONS: Final = frozenset({"score", "black-wizard", "turn-limit"})

# -- actions that do not name a card --------------------------------------------------------------
DONE: Final = Action("done")
SKIP: Final = Action("skip")
SKIP_CAST: Final = Action("skip-cast")
DRAW: Final = Action("draw")
ABILITY: Final = Action("ability")
PASS: Final = Action("pass")
DEAL_L: Final = Action("deal", ("left",))
DEAL_R: Final = Action("deal", ("right",))
CAST: Final[tuple[Action, ...]] = tuple(Action("cast", (c,)) for c in COLOURS)
RAISE: Final[tuple[Action, ...]] = tuple(Action("raise", (c,)) for c in COLOURS)
NUMBER: Final[tuple[Action, ...]] = tuple(Action("number", (k,)) for k in range(257))
BURN_HAND: Final[tuple[Action, ...]] = tuple(Action("burn-hand", (s,)) for s in SEATS)


# -- decisions, built without a Python frame ------------------------------------------------------
# A NamedTuple's constructor is a Python function (``collections.namedtuple`` makes it with
# ``eval``): with the engine compiled, building the pending decisions of the lookahead's copies ran
# it thousands of times a game. The decisions that carry nothing are built once per seat; the rest
# go through :func:`make` (the tuple's own constructor: the same value).

_T = TypeVar("_T", bound=tuple[Any, ...])


def make(cls: type[_T], values: tuple[Any, ...]) -> _T:
    """``cls(*values)`` for a NamedTuple class ``cls``, without its Python constructor."""
    return tuple.__new__(cls, values)


def decide(seat: Seat, kind: str, data: tuple[Any, ...]) -> Decision:
    """``Decision(seat, kind, data)`` (see :func:`make`)."""
    return tuple.__new__(Decision, (seat, kind, data))


def _per_seat(kind: str) -> tuple[Decision, ...]:
    return tuple([Decision(s, kind) for s in SEATS])


D_ACT: Final = _per_seat("act")
D_CHAIN: Final = _per_seat("chain")
D_RAISE: Final = _per_seat("raise")
D_CHECK: Final = _per_seat("check")
D_CHECK_DISCARD: Final = _per_seat("check-discard")
D_DRAW: Final = _per_seat("draw")
D_GROW: Final = _per_seat("grow")
D_LORE_RETURN: Final = _per_seat("lore-return")
D_PRECISE_NUMBER: Final = _per_seat("precise-number")


def _orders(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per current player: clockwise order from them, and the tie order of the Black abilities
    (the first player to the right, i.e. counter-clockwise, the current player last)."""
    cw = tuple(tuple((c + k) % n for k in range(n)) for c in range(n))
    ccw = tuple(tuple((c - k) % n for k in range(1, n + 1)) for c in range(n))
    return cw, ccw


ORDERS: Final = {n: _orders(n) for n in range(1, 5)}


def target_names(n: int, nb: int) -> tuple[str, ...]:
    """Names of the chains as targets: ``p1``..``pn`` then ``black`` (or ``black1``, ``black2``)."""
    blacks = ("black",) if nb == 1 else tuple(f"black{j + 1}" for j in range(nb))
    return SEATS[:n] + blacks


def place(ch: list[int], c: int, end: str) -> None:
    """Add ``c`` to ``ch`` at ``end`` (``left``/``right``; an empty chain just takes it)."""
    if end == "left":
        ch.insert(0, c)
    else:
        ch.append(c)


class Kind:
    """One kind of decision (a :class:`questbox.core.decisions.DecisionKind`): its legal actions,
    how an answer resolves it, its menu text, and its payload.

    ``payload`` is the :class:`~typing.NamedTuple` its decisions carry in ``Decision.data`` (``None``:
    they carry nothing); a saved document holds it as a list (:meth:`dump`), rebuilt on load
    (:meth:`load`). ``resolve`` writes its events to ``st.ev``, the list of the action being applied.
    """

    kind: ClassVar[str] = ""
    #: the menu text (what :meth:`text` answers unless a kind words it from the state)
    TEXT: ClassVar[str] = ""
    payload: ClassVar[Callable[..., tuple[Any, ...]] | None] = None

    def legal(self, st: HeirsState, d: Decision) -> list[Action]:
        raise NotImplementedError(self.kind)

    def resolve(self, st: HeirsState, d: Decision, action: Action) -> None:
        """Answer ``d`` (already taken off the pending stack) with ``action``."""
        raise NotImplementedError(self.kind)

    def text(self, st: HeirsState, d: Decision) -> str:
        return self.TEXT

    def view(self, st: HeirsState, d: Decision, doc: JSON) -> None:
        """Add to ``doc`` (the decision in a view) what the table shows for it (default: nothing)."""

    def dump(self, data: tuple[Any, ...]) -> list[Any]:
        """The payload as the saved document holds it."""
        return list(data)

    def load(self, data: list[Any]) -> tuple[Any, ...]:
        """The payload from a saved document's list (validated by :mod:`.statedoc` before)."""
        make = self.payload
        return make(*data) if make is not None else ()


# -- the bots' draws, compiled ---------------------------------------------------------------------
# The lookahead bot shuffles a determinized copy's unseen cards for every candidate action, and the
# rule-of-thumb policy breaks a tie every decision: with the engine compiled, the core generator's
# Python methods took half the time. These make the same draws as :meth:`Rng.shuffle` and
# :meth:`Rng.below` (SplitMix64, written out), and leave the generator where those would;
# a keyed or scripted generator takes the core's methods (tests/heirs/test_bots.py compares them).

_MASK64: Final = (1 << 64) - 1
#: the core's generator class (a constant of this module: the compiled code reads it without a lookup)
_RNG: Final = Rng
_GOLDEN64: Final = 0x9E3779B97F4A7C15


def plain_rng(rng: Rng) -> bool:
    """Whether ``rng`` is the core's own SplitMix64 generator, unscripted and unkeyed: only then
    may these helpers make its draws themselves. A subclass (the adapters' explicit-chance
    generator, which turns every draw into a chance node) keeps its own methods."""
    return type(rng) is _RNG and rng.script is None and rng._key is None


def shuffle_ints(rng: Rng, items: list[int]) -> None:
    """``rng.shuffle(items)``: the same order, the same generator state after."""
    if not plain_rng(rng):
        rng.shuffle(items)
        return
    rng._s = shuffle_steps(items, len(items), 1, rng._s)


def shuffle_steps(items: list[int], hi: int, lo: int, s: int) -> int:
    """The steps ``i = hi - 1`` down to ``lo`` (``lo >= 1``) of :meth:`Rng.shuffle`'s Fisher-Yates
    pass over ``items``, from the generator state ``s``; the state after. Step ``i`` settles
    ``items[i]`` for good (the later steps only swap below it), so a shuffle may stop after the top
    places and run the rest later, from the state it stopped at: the same order in the end."""
    for i in range(hi - 1, lo - 1, -1):
        s = (s + _GOLDEN64) & _MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return s


def shuffle_cards(rng: Rng, cards: list[int], ids: tuple[str, ...], index: dict[str, int]) -> None:
    """``rng.shuffle`` of the cards' ids, on the cards: the same order (a Fisher-Yates pass does
    not look at the items), the same generator state after; a scripted generator reads its
    orders in ids, so it gets them."""
    if not plain_rng(rng):
        order = [ids[c] for c in cards]
        rng.shuffle(order)
        cards[:] = [index[x] for x in order]
        return
    shuffle_ints(rng, cards)


def choose_card(rng: Rng, cards: list[int], ids: tuple[str, ...], index: dict[str, int]) -> int:
    """``rng.choice`` among the cards' ids, as a card: the same pick, the same generator state
    after (a scripted generator names its pick by id)."""
    if not plain_rng(rng) or not cards:
        return index[rng.choice([ids[c] for c in cards])]
    return cards[below(rng, len(cards))]


def seeded(seed: int) -> Rng:
    """``Rng(seed)`` for a plain seed (``0 <= seed < 2**62``), without the generator's Python
    ``__init__`` (a determinized copy's generator, made for every copy): the same state. Unlike
    ``Rng(seed)`` it never takes a script that :func:`questbox.core.rng.setup_script` set up for
    a game being set up (a bot never determinizes during a setup)."""
    r = _RNG.__new__(_RNG)
    r._key = None
    r._h = None
    r._s = seed
    r.script = None
    return r


def skip_draws(rng: Rng, k: int) -> None:
    """Move ``rng`` (a plain SplitMix64 generator: no script, no key) on by ``k`` draws without
    making them (SplitMix64's state only counts)."""
    if k > 0:
        rng._s = (rng._s + k * _GOLDEN64) & _MASK64


def below(rng: Rng, n: int) -> int:
    """``rng.below(n)``: the same number, the same generator state after."""
    if n <= 0 or not plain_rng(rng):
        return rng.below(n)
    s = (rng._s + _GOLDEN64) & _MASK64
    rng._s = s
    if n == 1:  # any draw is 0 (the rule-of-thumb policy's tie-break among one action, mostly)
        return 0
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) % n
