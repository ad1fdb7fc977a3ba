"""Explicit chance: every random draw a game makes becomes a chance node with known probabilities.

Search and game-theory tools (OpenSpiel's MCTS, expectimax, CFR) need the chance outcomes of a
stochastic game as nodes of the tree, with their probabilities, rather than dice rolled inside a
move from a generator the state carries (a copy of such a state knows the future rolls). Games need
not cooperate: every draw of the core :class:`~questbox.core.Rng` reduces to uniform integers
(``roll`` and ``randint`` to one, ``choice`` to one, ``shuffle`` to the Fisher-Yates steps,
``sample`` to a shuffle), so :func:`advance` applies the move to a copy of the state whose generator
is a :class:`ChanceRng` that answers from the outcomes chosen so far and stops at the first draw it
has no answer for, reporting that draw's support. The move is replayed from the same state once the
outcome is chosen, until it finishes. Rules are deterministic given their draws, so the replays agree.

A draw of ``n`` values with ``n`` above :data:`BASE` is split exactly in two chance nodes: the block
``v // BASE`` (with probability proportional to its size) and the place in it (uniform), so a chance
node never has more than ``BASE`` outcomes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from questbox.adapters._common import mute
from questbox.core import Action, Rng, Seat, State

T = TypeVar("T")
#: the most outcomes of one chance node
BASE = 128


class NeedChance(BaseException):
    """Raised inside a move at the first draw with no chosen outcome. A ``BaseException`` so that no
    game's ``except Exception`` can swallow it; the adapter always catches it."""

    def __init__(self, probs: tuple[float, ...]) -> None:
        super().__init__(f"a chance node with {len(probs)} outcomes")
        self.probs = probs


@functools.lru_cache(maxsize=BASE + 1)
def _uniform(n: int) -> tuple[float, ...]:
    return (1.0 / n,) * n


class ChanceRng(Rng):
    """A generator that answers draws from ``outcomes`` (chance-node choices) in order."""

    __slots__ = ("outcomes", "pos")

    def __init__(self, outcomes: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.outcomes = list(outcomes)
        self.pos = 0

    def _node(self, probs: tuple[float, ...]) -> int:
        if self.pos < len(self.outcomes):
            v = self.outcomes[self.pos]
            self.pos += 1
            if not 0 <= v < len(probs):
                raise ValueError(f"chance outcome {v} is outside the node's {len(probs)} outcomes")
            return v
        raise NeedChance(probs)

    def _next(self) -> int:
        raise TypeError("an explicit-chance move drew raw 64-bit numbers (Rng.spawn or a subclass): "
                        "only uniform draws (below, roll, choice, shuffle) can be chance nodes")

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        if n == 1:
            return 0
        if n <= BASE:
            return self._node(_uniform(n))
        blocks = -(-n // BASE)
        if blocks > BASE:
            raise ValueError(f"a draw of {n} values is too large for explicit chance (at most {BASE ** 2})")
        block = self._node(tuple(min(BASE, n - b * BASE) / n for b in range(blocks)))
        size = min(BASE, n - block * BASE)
        return block * BASE + (self._node(_uniform(size)) if size > 1 else 0)

    def randint(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        outcomes = self.outcomes
        for i in range(len(items) - 1, 0, -1):
            pos = self.pos
            if i < BASE and pos < len(outcomes):  # below(i + 1) answered from the outcomes, inlined
                j = outcomes[pos]
                self.pos = pos + 1
                if not 0 <= j <= i:
                    raise ValueError(f"chance outcome {j} is outside the node's {i + 1} outcomes")
            else:
                j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> ChanceRng:
        r = ChanceRng(self.outcomes)
        r.pos = self.pos
        return r


_PLAIN = (int, float, str, bool, list, tuple, dict, set, frozenset, bytes)
#: per state class: attribute names seen holding plain data (never a nested state or the generator)
_plain_names: dict[type, set[str]] = {}
#: per state class: the names of its slots (all classes of its MRO)
_slot_names: dict[type, tuple[str, ...]] = {}


def _attributes(obj: object) -> list[str]:
    klass = type(obj)
    slots = _slot_names.get(klass)
    if slots is None:
        found: list[str] = []
        for k in klass.__mro__:
            s = k.__dict__.get("__slots__", ())
            found.extend([s] if isinstance(s, str) else s)
        slots = _slot_names[klass] = tuple(found)
    d = getattr(obj, "__dict__", None)
    return [*d, *slots] if d else list(slots)


#: per state class: how many plain names there were, the names in the instance's ``__dict__`` (in
#: order) when the list was made, and the attribute names not yet seen holding plain data
_checked: dict[type, tuple[int, tuple[str, ...], tuple[str, ...]]] = {}


def _to_check(state: State, klass: type, plain: set[str]) -> tuple[str, ...]:
    """The attribute names of ``state`` that may hold its generator or a nested state (made again
    when another plain name was seen or the instance's own attributes differ)."""
    d = getattr(state, "__dict__", None)
    keys = tuple(d) if d else ()
    got = _checked.get(klass)
    if got is None or got[0] != len(plain) or got[1] != keys:
        got = _checked[klass] = (len(plain), keys,
                                 tuple(n for n in _attributes(state) if n not in plain and n != "rng"))
    return got[2]


def set_rng(state: State, rng: Rng, _old: Rng | None = None, _depth: int = 0) -> None:
    """Give ``state`` the generator ``rng``, and every state inside it that shares its generator
    (a campaign and the quest it plays draw from one)."""
    old = state.rng if _old is None else _old
    state.rng = rng
    if _depth >= 3:
        return
    klass = type(state)
    plain = _plain_names.setdefault(klass, set())
    for name in _to_check(state, klass, plain):
        value = getattr(state, name, None)
        if value is old:
            setattr(state, name, rng)
        elif isinstance(value, State):
            if value is not state and getattr(value, "rng", None) is old:
                set_rng(value, rng, old, _depth + 1)
        elif type(value) in _PLAIN:
            plain.add(name)


def advance(state: State, seat: Seat, action: Action, outcomes: Sequence[int],
            rng_after: Rng | Callable[[], Rng]) -> tuple[State | None, tuple[float, ...]]:
    """Apply ``action`` for ``seat`` to a copy of ``state`` with the chance ``outcomes`` chosen so far.

    Returns ``(the new state, ())`` when the move finishes (its generator replaced by ``rng_after``,
    or by what ``rng_after()`` returns: then it is made only for a finished move), or
    ``(None, probabilities)`` of the next chance node. ``state`` is never changed."""
    work = mute(state.clone())
    chance = ChanceRng(outcomes)
    set_rng(work, chance)
    try:
        work.apply(seat, action)
    except NeedChance as need:
        return None, need.probs
    set_rng(work, rng_after if isinstance(rng_after, Rng) else rng_after(), chance)
    return work, ()
