"""Helpers for the Heirs tests: build a position, play actions, read JSON paths."""

from __future__ import annotations

from typing import Any

from questbox.check.paths import get_path
from questbox.core.events import Event
from questbox.games.heirs import GAME, HeirsState


def pos(players: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A setup document with an explicit position (``kw`` go into the position; ``options`` and
    ``cards`` into the document)."""
    setup: dict[str, Any] = {"players": len(players)}
    for key in ("options", "cards"):
        if key in kw:
            setup[key] = kw.pop(key)
    setup["position"] = {"players": players, **kw}
    return setup


def make(players: list[dict[str, Any]], seed: int = 0, script: list[Any] | None = None,
         **kw: Any) -> HeirsState:
    """A state built from an explicit position; ``script`` scripts the RNG after setup.

    Unless ``black`` is given, the Black Chain holds V7 (Solo: V7 and V6), so that a turn stops at
    the step-5 choice of end instead of running on into the next turn."""
    if "black" not in kw:
        kw["black"] = {"chains": [["V7"]] if len(players) > 1 else [["V7"], ["V6"]]}
    st = GAME.new(pos(players, **kw), seed=seed)
    if script is not None:
        st.rng.script = list(script)
    return st


def do(st: HeirsState, *actions: str, seat: str | None = None) -> list[Event]:
    """Apply actions in order (by the seat to move, or ``seat``); returns all their events."""
    out: list[Event] = []
    for a in actions:
        out += st.apply(seat, a)
    return out


def at(st: HeirsState, path: str) -> Any:
    """The value at a dotted path of ``st.to_json()``."""
    return get_path(st.to_json(), path)


def legal(st: HeirsState, seat: str | None = None) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def accounted(st: HeirsState) -> bool:
    """Every card of the card set is in exactly one zone."""
    return sorted(st.all_cards()) == list(range(st.cs.n))
