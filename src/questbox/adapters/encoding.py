"""Fixed-length observation vectors of a seat's view.

A game may encode its own views (``Game.encode(view, seat)``, a fixed-length list of floats). For
every other game :func:`hash_features` encodes the view JSON generically and deterministically by
feature hashing (Weinberger et al. 2009): every leaf of the view becomes one or more named features,
and each name is hashed with BLAKE2b (stable across runs, machines and Python versions, unlike
``hash``) into one of ``size`` slots, where the values add up.

Features of a leaf at path ``p`` (``/`` joins dict keys, ``[i]`` list positions):

=================  =============================================================
leaf               features
=================  =============================================================
number ``v``       ``p`` = v; for whole numbers in [-64, 64] also ``p=v`` = 1
string ``s``       ``p=s`` = 1
bool ``b``         ``p=true`` or ``p=false`` = 1
null               ``p=null`` = 1
list               ``p#len`` = its length; each scalar item ``x`` also ``p[]=x`` = 1
                   (a bag of values, whatever the order), and items recurse at ``p[i]``
=================  =============================================================

With ``seat`` given, the features are egocentric: a dict key or a string that names a seat is
written relative to the observing seat (``@0`` is the observer, ``@1`` the next seat in turn
order...), so one policy can learn from every seat.

The view is all the vector is made of: an observation holds only what the seat may know.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from questbox.core import JSON, Game, Seat, State

if TYPE_CHECKING:
    from questbox.adapters.observe import ViewEncoder

DEFAULT_SIZE = 512
#: the bounds of observation boxes: effectively unbounded, but finite (float32's largest value)
BOUND = float(np.finfo(np.float32).max)


@functools.lru_cache(maxsize=1 << 16)
def _slot(name: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little") % size


def _features(node: Any, path: str, out: list[tuple[str, float]], rel: dict[str, str]) -> None:
    t = type(node)
    if t is dict:
        for key in sorted(node, key=str):
            k = str(key)
            _features(node[key], f"{path}/{rel.get(k, k)}", out, rel)
    elif t is list or t is tuple:
        out.append((path + "#len", float(len(node))))
        for i, item in enumerate(node):
            it = type(item)
            if it is str:  # the common case (card ids, names), inlined
                word = rel.get(item, item)
                out.append((f"{path}[{i}]={word}", 1.0))
                out.append((f"{path}[]={word}", 1.0))
                continue
            _features(item, f"{path}[{i}]", out, rel)
            if it is not dict and it is not list and it is not tuple:
                out.append((f"{path}[]={_scalar(item, rel)}", 1.0))
    elif t is str:
        out.append((f"{path}={rel.get(node, node)}", 1.0))
    elif t is int:
        out.append((path, float(node)))
        if -64 <= node <= 64:
            out.append((f"{path}={node}", 1.0))
    elif t is bool:
        out.append((f"{path}={'true' if node else 'false'}", 1.0))
    elif t is float:
        out.append((path, node))
    elif node is None:
        out.append((path + "=null", 1.0))
    elif isinstance(node, dict):
        _features(dict(node), path, out, rel)
    elif isinstance(node, list | tuple):
        _features(list(node), path, out, rel)
    elif isinstance(node, bool):
        _features(bool(node), path, out, rel)
    elif isinstance(node, int):
        _features(int(node), path, out, rel)
    elif isinstance(node, float):
        _features(float(node), path, out, rel)
    else:
        out.append((f"{path}={_scalar(node, rel)}", 1.0))


def _scalar(x: Any, rel: dict[str, str]) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if x is None:
        return "null"
    s = str(x)
    return rel.get(s, s)


def _relative(seats: Sequence[Seat], seat: Seat | None) -> dict[str, str]:
    if seat is None or seat not in seats:
        return {}
    me = seats.index(seat)
    n = len(seats)
    return {s: f"@{(i - me) % n}" for i, s in enumerate(seats)}


def features(view: JSON, seat: Seat | None = None, seats: Sequence[Seat] = ()) -> list[tuple[str, float]]:
    """The named features of a view (egocentric when ``seat`` and ``seats`` are given)."""
    out: list[tuple[str, float]] = []
    _features(view, "", out, _relative(seats, seat))
    return out


def hash_features(view: JSON, size: int = DEFAULT_SIZE, seat: Seat | None = None,
                  seats: Sequence[Seat] = ()) -> npt.NDArray[np.float32]:
    """The feature-hashed vector (``float32``, length ``size``) of a view."""
    if size < 1:
        raise ValueError("the observation size must be positive")
    feats = features(view, seat, seats)
    if not feats:
        return np.zeros(size, dtype=np.float32)
    slots = [_slot(name, size) for name, _ in feats]
    weights = [value for _, value in feats]
    return np.bincount(slots, weights=weights, minlength=size).astype(np.float32)


class Encoder:
    """Encodes views of one game into vectors of one fixed length.

    Uses ``Game.encode`` when the game offers it (its length is fixed by the first view encoded, and
    checked on every later one), else the game's designed encoder for ``setup``
    (:mod:`questbox.adapters.observe`) unless ``size`` asks for hashing, else :func:`hash_features`
    with ``size`` slots. ``seats`` are the seats of the game, in turn order (for egocentric features).
    """

    def __init__(self, game: Game, seats: Sequence[Seat], size: int | None = None,
                 probe: JSON | None = None, probe_seat: Seat | None = None, *,
                 setup: JSON | None = None) -> None:
        from questbox.adapters.observe import designed_encoder

        self.game = game
        self.seats = tuple(seats)
        self.own: bool = False
        self.size = size or DEFAULT_SIZE
        self.designed: ViewEncoder | None = None
        if size is None and probe is not None and game.encode(probe, probe_seat) is None:
            self.designed = designed_encoder(game, setup)
        #: the designed encoder's ``encode_state(state, seat)``, if it has one: the same tensor as
        #: encoding ``state.view(seat)``, read from the typed state without building the view
        self._from_state: Callable[[State, Seat | None], npt.NDArray[np.float32]] | None = None
        #: the game's ``encode_state(state, seat)`` beside its ``encode``, if it has one: the numbers
        #: of ``encode(state.view(seat), seat)`` (``None`` for a state it cannot read)
        self._own_state: Callable[[State, Seat | None], npt.NDArray[np.float32] | None] | None = None
        if self.designed is not None:
            self.size = self.designed.size
            self.kind = f"{game.id}'s designed encoder ({self.size} numbers)"
            self._from_state = getattr(self.designed, "encode_state", None)
            return
        if probe is not None:
            own = game.encode(probe, probe_seat)
            if own is not None:
                if size is not None and size != len(own):
                    raise ValueError(f"{game.id} encodes views in {len(own)} numbers, not {size}")
                self.own = True
                self.size = len(own)
                self._own_state = getattr(game, "encode_state", None)
        self.kind = f"{game.id}'s Game.encode" if self.own else f"feature hashing ({self.size} slots)"

    def __call__(self, view: JSON, seat: Seat | None) -> npt.NDArray[np.float32]:
        if self.designed is not None:
            return self.designed(view, seat)
        if self.own:
            own = self.game.encode(view, seat)
            if own is None or len(own) != self.size:
                raise ValueError(f"{self.game.id}: Game.encode must return {self.size} numbers for every "
                                 f"view, got {None if own is None else len(own)}")
            return np.fromiter(own, np.float32, len(own))  # (a little faster than asarray for a list)
        return hash_features(view, self.size, seat, self.seats)

    def encode_state(self, state: State, seat: Seat | None) -> npt.NDArray[np.float32]:
        """The vector of ``state.view(seat)``; a designed encoder with ``encode_state`` reads the
        state itself (the same numbers, without building the view nobody else asked for)."""
        fast = self._from_state
        if fast is not None:
            return fast(state, seat)
        own = self._own_state
        if own is not None:
            got = own(state, seat)
            if got is not None:
                if len(got) != self.size:
                    raise ValueError(f"{self.game.id}: encode_state must return {self.size} numbers, got {len(got)}")
                return got
        return self(state.view(seat), seat)


def canonical(view: JSON) -> str:
    """The canonical JSON text of a view (sorted keys, no spaces): observation strings, digests."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))
