"""Hidden information, declared once: the parts of a state's JSON document a seat cannot see.

Each game lists, for a state and a seat, the :class:`Zone` s of :meth:`State.to_json` that seat
cannot see (``State.hidden(seat)``, filled by the function ``hidden_zones(state, seat)`` of the
module :attr:`Game.hidden_module` names). A zone names the places (``cells``: paths into the
document) that hold one item each (a card, a pick, the RNG's state) and how the items there may be
resampled without the seat noticing:

* ``kind="items"``: the items of every zone of the same ``pool`` (a hand and the deck, the piles
  and the face-down encounters) may be exchanged among them; the number of cells is kept. A zone
  alone in its pool is only reordered (the Search deck). ``accepts`` narrows which items a cell
  may take (a face-down encounter under a Tenacity token holds a monster).
* ``kind="value"``: each cell takes any of ``values`` (a rock/paper/scissors pick not shown yet).
* ``kind="rng"``: the dice to come; every cell gets the same fresh generator's document.
* ``kind="seed"``: a stored seed the game draws later randomness from; it gets a fresh one.

``derived`` names places the game recomputes from the cells (an encounter's card id written next
to its index): they are hidden too, so checks mask them, and ``derive`` rewrites them in a
document whose cells were resampled. :func:`perturb`
resamples exactly the declared parts (it is what the generic suite uses against ``view`` and
``determinize``, TAG's ``PartialObservableDeck`` and OpenSpiel's observers in one list), and
:func:`mask` blanks them, so that two documents can be compared on everything a seat sees.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from questbox.core.rng import Rng

if TYPE_CHECKING:
    from questbox.core.state import JSON, Seat, State

#: a path into a JSON document: keys of objects and indices of arrays
Path = tuple[str | int, ...]
ZoneKind = Literal["items", "value", "rng", "seed"]
HIDDEN = "<hidden>"


@dataclass(frozen=True)
class Zone:
    """One part of a state's document that a seat cannot see (see the module's doc).

    ``name`` is stable from position to position (``"hand p2"``, ``"deck"``, ``"rng"``) so that
    checks can count zones by name; ``seen_by`` lists the seats that do see it (another seat's
    hand: that seat; the deck: nobody).
    """

    name: str
    cells: tuple[Path, ...]
    kind: ZoneKind = "items"
    pool: str = ""
    seen_by: frozenset[Seat] = frozenset()
    values: tuple[Any, ...] = ()
    accepts: Callable[[Any], bool] | None = None
    derived: tuple[Path, ...] = ()
    derive: Callable[[JSON], None] | None = None

    def __post_init__(self) -> None:
        if self.kind == "value" and not self.values:
            raise ValueError(f"zone {self.name}: a value zone lists its possible values")

    @property
    def chance(self) -> bool:
        """True for the dice to come (no seat's present knowledge, only the future's)."""
        return self.kind in ("rng", "seed")


def cells_in(doc: JSON, path: Path, start: int = 0, stop: int | None = None) -> tuple[Path, ...]:
    """The cells of the list at ``path`` in ``doc`` (its items ``start:stop``), for declaring a
    hand or a deck as a zone."""
    items = get(doc, path)
    if not isinstance(items, list):
        raise TypeError(f"{'.'.join(map(str, path))}: not a list")
    return tuple((*path, i) for i in range(len(items))[start:stop])


def get(doc: Any, path: Path) -> Any:
    """The value at ``path`` in ``doc``."""
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Any, path: Path, value: Any) -> None:
    """Set the value at ``path`` (which must exist) in ``doc``."""
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _canonical(value: Any) -> str:
    import json

    return json.dumps(value, sort_keys=True)


def perturb_doc(doc: JSON, zones: Iterable[Zone], rng: Rng, *, chance: bool = True) -> JSON:
    """A copy of ``doc`` with every zone of ``zones`` resampled with ``rng`` (``chance=False``:
    the ``rng`` and ``seed`` zones are kept, so that the same action rolls the same dice)."""
    out = copy.deepcopy(doc)
    pools: dict[str, list[Zone]] = {}
    for z in zones:
        if z.chance:
            if chance:
                seed = rng.below(1 << 31)
                fresh = Rng(seed).to_json() if z.kind == "rng" else seed
                for c in z.cells:
                    put(out, c, copy.deepcopy(fresh))
        elif z.kind == "value":
            for c in z.cells:
                put(out, c, copy.deepcopy(z.values[rng.below(len(z.values))]))
        else:
            pools.setdefault(z.pool or z.name, []).append(z)
    for members in pools.values():
        cells = [(z, c) for z in members for c in z.cells]
        items = sorted((get(out, c) for _, c in cells), key=_canonical)
        rng.shuffle(items)
        # cells that accept only some items choose first, from the shuffled pool
        for z, c in sorted(cells, key=lambda zc: zc[0].accepts is None):
            k = next((j for j, v in enumerate(items) if z.accepts is None or z.accepts(v)), 0)
            put(out, c, items.pop(k))
    for z in zones:
        if z.derive is not None:
            z.derive(out)
    return out


def perturb(state: State, seat: Seat, rng: Rng, *, chance: bool = True) -> State:
    """A state that differs from ``state`` only in what ``seat`` cannot see, resampled with ``rng``
    (rebuilt through ``Game.from_json``, so the game's own checks run on it)."""
    doc = perturb_doc(state.to_json(), state.hidden(seat), rng, chance=chance)
    return state.game.from_json(doc)


def mask(doc: JSON, zones: Iterable[Zone]) -> JSON:
    """A copy of ``doc`` with every cell (and derived place) of ``zones`` replaced by a marker."""
    out = copy.deepcopy(doc)
    for z in zones:
        for c in (*z.cells, *z.derived):
            put(out, c, HIDDEN)
    return out


def changed(before: JSON, after: JSON, zone: Zone) -> bool:
    """Whether ``after`` holds other items than ``before`` in ``zone``'s cells."""
    return any(get(before, c) != get(after, c) for c in zone.cells)
