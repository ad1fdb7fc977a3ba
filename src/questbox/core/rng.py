"""The state's seeded random number generator.

A game draws randomness only through its state's :class:`Rng`, whose whole state is one integer
(plus an optional script), so it is part of ``to_json``, copies in nanoseconds and replays the same
on every Python version (unlike :mod:`random`, whose algorithms may change).

The generator is SplitMix64 for a seed below 2^64 (every seed a person types, the simulator's,
the tests'). ``below(n)`` reduces a 64-bit draw modulo ``n``; for the small ``n`` of tabletop games
the bias is below 1e-17 and is ignored.

**Keyed seeds.** SplitMix64 is fast but not a cryptographic generator: its whole state is 64 bits,
so a seat that sees enough dice could search for it (docs/server.md, *Seeds and the random
generator*). A seed of 2^64 or more (:data:`KEYED`; the server draws them with :func:`secret_seed`)
is a key instead: the n-th draw is BLAKE2b keyed with the seed's bytes, of the counter n, so the
state is (key, counter) and recovering it from the outputs means breaking BLAKE2b. Keyed streams
are reproducible like any other (the seed is in the replay) but about 3 times slower per draw.

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
import secrets
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
#: seeds from here up are keys of the BLAKE2b generator (below: SplitMix64)
KEYED = 1 << 64
#: one more than the largest seed (a BLAKE2b key holds at most 64 bytes)
SEED_LIMIT = 1 << 512
#: the entropy of the seeds :func:`secret_seed` draws
SECRET_BITS = 128


def secret_seed() -> int:
    """A keyed seed with :data:`SECRET_BITS` bits from :mod:`secrets` (for the server's tables)."""
    return (1 << SECRET_BITS) | secrets.randbits(SECRET_BITS)


def _key_bytes(seed: int) -> bytes:
    if not KEYED <= seed < SEED_LIMIT:
        raise ValueError(f"a keyed seed is an integer in [2^64, 2^512), not {seed}")
    return seed.to_bytes((seed.bit_length() + 7) // 8, "big")


def _hasher(key: bytes) -> Any:
    return hashlib.blake2b(key=key, digest_size=8)


def _mix(seed: int) -> int:
    z = (seed + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int | str) -> int:
    """A seed derived from ``seed`` and a path (``derive_seed(S, i)`` is game i of a run).

    Below 2^64 the result is below 2^63 (a SplitMix64 mix, unchanged since the first release); from a
    keyed seed it is a keyed seed of :data:`SECRET_BITS` bits (BLAKE2b, one-way: a derived stream
    tells nothing of its parent)."""
    if seed >= KEYED:
        h = hashlib.blake2b(json_path(path), key=_key_bytes(seed), digest_size=SECRET_BITS // 8)
        return (1 << SECRET_BITS) | int.from_bytes(h.digest(), "big")
    s = seed & _MASK
    for part in path:
        if isinstance(part, int):
            value = part
        else:
            value = int.from_bytes(hashlib.blake2b(part.encode(), digest_size=8).digest(), "big")
        s = _mix(s ^ (value & _MASK))
    return s & ((1 << 63) - 1)


def json_path(path: tuple[int | str, ...]) -> bytes:
    """An unambiguous byte string of a derivation path (ints and strings kept apart)."""
    return repr([(type(p).__name__, p) for p in path]).encode()


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
    """SplitMix64 (or, for a keyed seed, keyed BLAKE2b) with an optional script of forced outcomes."""

    __slots__ = ("_h", "_key", "_s", "script")

    def __init__(self, seed: int = 0, script: list[Any] | None = None) -> None:
        if seed >= KEYED:
            self._key: bytes | None = _key_bytes(seed)
            self._h: Any = _hasher(self._key)   # BLAKE2b keyed, copied for each draw
            self._s = 0                         # the counter of draws
        else:
            self._key = None
            self._h = None
            self._s = seed & _MASK
        if script is None:
            script = _SETUP_SCRIPT.get()
            if script is not None:
                _SETUP_SCRIPT.set(None)
        self.script = script

    # -- raw ---------------------------------------------------------------------------------
    def _next(self) -> int:
        if self._key is not None:
            n = self._s
            self._s = (n + 1) & _MASK
            h = self._h.copy()
            h.update(n.to_bytes(8, "little"))
            return int.from_bytes(h.digest(), "little")
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

    def skip(self, n: int) -> None:
        """Advance the stream as ``n`` unscripted draws (``below``, ``roll``, one step of ``shuffle``)
        would, without making them (a scripted generator must make its draws instead)."""
        if self.script is not None:
            raise ValueError("skip() on a scripted generator")
        if n > 0:
            self._s = (self._s + n * (1 if self._key is not None else _GOLDEN)) & _MASK

    # -- state -------------------------------------------------------------------------------
    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r._key = self._key
        r._h = self._h
        r._s = self._s
        r.script = None if self.script is None else list(self.script)
        return r

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"state": self._s}
        if self._key is not None:
            doc["key"] = self._key.hex()
        if self.script is not None:
            doc["script"] = list(self.script)
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Rng:
        script = doc.get("script")
        r = cls(int(doc["state"]), list(script) if script is not None else None)
        if "key" in doc:
            r._key = _key_bytes(int(doc["key"], 16))
            r._h = _hasher(r._key)
            r._s = int(doc["state"]) & _MASK
        return r

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Rng) and self._s == other._s and self._key == other._key
                and self.script == other.script)

    def __hash__(self) -> int:
        return hash(self._s)

    def __repr__(self) -> str:
        keyed = ", keyed" if self._key is not None else ""
        return f"Rng(state={self._s:#x}{keyed}{', scripted' if self.script is not None else ''})"
