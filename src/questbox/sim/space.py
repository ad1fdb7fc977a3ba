"""A game's setup space for the atlas: named axes and the cells (one setup each) they span.

A game declares its space with :meth:`questbox.core.state.Game.setup_space`. A cell is one point
of the space: its value on every axis, the setup document it plays, the seats whose win counts as
the cell's win (its *subject*) and the features it has (``card=nova``), whose marginal effect the
atlas report estimates. Cells may share a setup (Heirs: one cell per seat of the same table); the
atlas then plays that setup once and reads every cell from the same games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from questbox.core.state import JSON


@dataclass(frozen=True)
class AtlasAxis:
    """One axis: its name, its values in display order, and a few words on what it is."""

    name: str
    values: tuple[str, ...]
    help: str = ""


@dataclass(frozen=True)
class AtlasCell:
    """One point of a setup space.

    ``values``: the cell's value on every axis of the space (axis order). ``setup``: the setup
    document the cell plays (``Game.new`` accepts it). ``subject``: the seats whose win is the
    cell's win. ``features``: extra features beyond ``axis=value`` (e.g. each card of a party).
    """

    values: tuple[tuple[str, str], ...]
    setup: JSON
    subject: tuple[str, ...]
    features: tuple[str, ...] = ()

    def value(self, axis: str) -> str:
        for name, v in self.values:
            if name == axis:
                return v
        raise KeyError(axis)

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.values)

    def all_features(self) -> tuple[str, ...]:
        """``axis=value`` for every axis, then the cell's own features."""
        return tuple(f"{k}={v}" for k, v in self.values) + self.features


@dataclass(frozen=True)
class SetupSpace:
    """A game's setup space: its axes, its cells, and how the report groups them.

    ``group_by``: the axes within which cells are ranked (a ranking per scenario, per player
    count...). ``heatmaps``: pairs of axes drawn as a win-rate heatmap (besides the features x groups
    one). ``default_only``: the restriction a run takes when ``--only`` does not name that axis
    (hero-ik: solitaire parties; ``--only mode=duel`` asks for the duel).
    """

    game: str
    axes: tuple[AtlasAxis, ...]
    cells: tuple[AtlasCell, ...]
    group_by: tuple[str, ...] = ()
    heatmaps: tuple[tuple[str, str], ...] = ()
    default_only: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    notes: str = ""

    def axis(self, name: str) -> AtlasAxis:
        for a in self.axes:
            if a.name == name:
                return a
        raise KeyError(name)

    def select(self, only: Mapping[str, Iterable[str]] | None = None) -> list[AtlasCell]:
        """The cells whose value on each named axis is one of the given values (axes not named
        take :attr:`default_only`). Raises ``ValueError`` naming an unknown axis or value."""
        wanted: dict[str, set[str]] = {k: set(v) for k, v in self.default_only.items()}
        names = [a.name for a in self.axes]
        for key, values in (only or {}).items():
            if key not in names:
                raise ValueError(f"{self.game} has no atlas axis {key!r} (axes: {', '.join(names)})")
            vals = set(values)
            known = set(self.axis(key).values)
            bad = sorted(vals - known)
            if bad:
                shown = ", ".join(self.axis(key).values[:12]) + (" …" if len(known) > 12 else "")
                raise ValueError(f"{self.game} axis {key} has no value {bad[0]!r} (values: {shown})")
            wanted[key] = vals
        return [c for c in self.cells if all(c.value(k) in v for k, v in wanted.items())]


def party_label(ids: Iterable[str]) -> str:
    """A party (or any set of ids) as one axis value: the ids joined by ``+``."""
    return "+".join(ids)
