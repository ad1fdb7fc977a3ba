"""The state's seeded random number generator.

A game draws randomness only through its state's :class:`Rng`, whose whole state is one integer
(plus an optional script), so it is part of ``to_json``, copies in nanoseconds and replays the same
on every Python version (unlike :mod:`random`, whose algorithms may change).

The generator is SplitMix64. ``below(n)`` reduces a 64-bit draw modulo ``n``; for the small ``n``
of tabletop games the bias is below 1e-17 and is ignored.

**Scripting.** Tests (and conformance cases) can set a script: a list of the next outcomes. While a
script is set every draw takes the next scripted outcome instead of a random one, checks that it is
possible, and raises :class:`ScriptExhausted` when the script is used up, so that a test never falls
back to the seed by accident:

* ``roll(sides)`` / ``randint(lo, hi)``: the outcome is the number;
* ``choice(seq)``: the outcome is the element itself (compared with ``==``) or, if no element
  equals it and it is an int, the index into ``seq``;
* ``below(n)``: the outcome is the number;
* ``shuffle(items)``: the outcome is either a list, the new order (compared with ``==``), or the
  string ``"keep"``, which leaves the order as it is. The list may name only the first items of the
  new order (the top cards of a deck, say): the items it does not name follow in the order they
  had, so ``["R1", "O1"]`` puts R1 and O1 first and leaves the rest of a deck as it was.

**Scripting a setup.** :func:`setup_script` scripts the generator a game's ``new`` makes: inside
``with setup_script([...]):`` the first :class:`Rng` made without a script takes that one, so a
conformance case can script what the setup draws (a shuffle of the deck) without the game knowing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from questbox.core.errors import ScriptExhausted

T = TypeVar("T")

_MASK = (1 << 64) - 1
#: the script that the next generator made without one takes (see :func:`setup_script`)
_SETUP_SCRIPT: ContextVar[list[Any] | None] = ContextVar("questbox_setup_script", default=None)
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(seed: int) -> int:
    z = (seed + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int | str) -> int:
    """A seed derived from ``seed`` and a path (``derive_seed(S, i)`` is game i of a run)."""
    s = seed & _MASK
    for part in path:
        if isinstance(part, int):
            value = part
        else:
            value = int.from_bytes(hashlib.blake2b(part.encode(), digest_size=8).digest(), "big")
        s = _mix(s ^ (value & _MASK))
    return s & ((1 << 63) - 1)


@contextmanager
def setup_script(script: list[Any] | None) -> Iterator[list[Any] | None]:
    """Within the block, the first :class:`Rng` made without a script takes ``script`` (the same list
    object, so what is left of it after the block can be checked). ``None`` changes nothing."""
    token = _SETUP_SCRIPT.set(script)
    try:
        yield script
    finally:
        _SETUP_SCRIPT.reset(token)


class Rng:
    """SplitMix64 with an optional script of forced outcomes."""

    __slots__ = ("_s", "script")

    def __init__(self, seed: int = 0, script: list[Any] | None = None) -> None:
        self._s = seed & _MASK
        if script is None:
            script = _SETUP_SCRIPT.get()
            if script is not None:
                _SETUP_SCRIPT.set(None)
        self.script = script

    # -- raw ---------------------------------------------------------------------------------
    def _next(self) -> int:
        s = (self._s + _GOLDEN) & _MASK
        self._s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _scripted(self, what: str) -> Any:
        script = self.script
        assert script is not None
        if not script:
            raise ScriptExhausted(f"the scripted random outcomes are used up (needed one for {what})")
        return script.pop(0)

    # -- draws -------------------------------------------------------------------------------
    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        if self.script is not None:
            v = self._scripted(f"a number below {n}")
            if not isinstance(v, int) or not 0 <= v < n:
                raise ScriptExhausted(f"scripted outcome {v!r} is not a number in [0, {n})")
            return v
        return self._next() % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``."""
        if self.script is not None:
            v = self._scripted(f"a number in [{lo}, {hi}]")
            if not isinstance(v, int) or not lo <= v <= hi:
                raise ScriptExhausted(f"scripted outcome {v!r} is not a number in [{lo}, {hi}]")
            return v
        return lo + self._next() % (hi - lo + 1)

    def roll(self, sides: int) -> int:
        """One die of ``sides`` faces numbered from 1."""
        return self.randint(1, sides)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        if not seq:
            raise ValueError("choice from an empty sequence")
        if self.script is not None:
            v = self._scripted(f"a choice among {list(seq)!r}")
            for item in seq:
                if item == v:
                    return item
            if isinstance(v, int) and 0 <= v < len(seq):
                return seq[v]
            raise ScriptExhausted(f"scripted outcome {v!r} is not one of {list(seq)!r}")
        return seq[self._next() % len(seq)]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        if self.script is not None:
            v = self._scripted(f"an order of {list(items)!r}")
            if v == "keep":
                return
            rest = list(items)
            if not isinstance(v, list):
                raise ScriptExhausted(f"scripted outcome {v!r} is not an order of {list(items)!r}")
            for x in v:
                j = next((j for j, y in enumerate(rest) if y == x), -1)
                if j < 0:
                    raise ScriptExhausted(f"scripted outcome {v!r} is not an order of {list(items)!r} "
                                          f"nor of its first items ({x!r} is not among them)")
                rest.pop(j)
            items[:] = [*v, *rest]
            return
        nxt = self._next
        for i in range(len(items) - 1, 0, -1):
            j = nxt() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements in random order."""
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    # -- state -------------------------------------------------------------------------------
    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r._s = self._s
        r.script = None if self.script is None else list(self.script)
        return r

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one draw)."""
        return Rng(self._next())

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"state": self._s}
        if self.script is not None:
            doc["script"] = list(self.script)
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Rng:
        script = doc.get("script")
        return cls(int(doc["state"]), list(script) if script is not None else None)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self._s == other._s and self.script == other.script

    def __hash__(self) -> int:
        return hash(self._s)

    def __repr__(self) -> str:
        return f"Rng(state={self._s:#x}{', scripted' if self.script is not None else ''})"
