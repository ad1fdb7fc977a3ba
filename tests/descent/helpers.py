"""Small arenas (inline quest documents) and helpers for Descent tests."""

from __future__ import annotations

import json
from typing import Any

from questbox.core import JSON, Action
from questbox.games.descent import GAME
from questbox.games.descent.state import DescentState

ROOM = ["AAAAAAAA"] * 6


def quest(grid: list[str] | None = None, groups: list[JSON] | None = None, *,
          start: tuple[str, ...] = ("A1", "A2", "A3", "A4"),
          terrain: JSON | None = None, walls: tuple[str, ...] = (), doors: tuple[JSON, ...] = (),
          search: tuple[str, ...] = (), victory: list[JSON] | None = None, counters: list[JSON] | None = None,
          reinforcements: list[JSON] | None = None, tiles: JSON | None = None, deck: list[str] | None = None) -> JSON:
    grid = grid or ROOM
    letters = sorted({c for row in grid for c in row if c != "."})
    doc: JSON = {
        "id": "arena", "name": "Arena", "source": "ours: a test arena",
        "map": {"grid": grid, "tiles": tiles or {c: {"name": f"tile {c}"} for c in letters},
                "terrain": terrain or {}, "walls": list(walls), "doors": list(doors)},
        "start": list(start), "search": list(search),
        "groups": groups if groups is not None else [group("goblin-archer", "goblin", ["F3"], minions=1)],
        "victory": victory or [{"side": "heroes", "when": "defeated", "group": (groups or [{"id": "goblins"}])[0]["id"],
                                "reason": "the monsters are defeated"},
                               {"side": "overlord", "when": "round", "round": 30, "reason": "time is up"}],
        "counters": counters or [],
        "reinforcements": reinforcements or [],
    }
    if deck is not None:
        doc["search_deck"] = deck
    return doc


def group(monster: str, figure: str, place: list[str], *, masters: int = 0, minions: int = 1, gid: str | None = None,
          **extra: Any) -> JSON:
    doc: JSON = {"id": gid or figure + "s", "monster": monster, "figure": figure, "place": place,
                 "group": {2: [masters, minions], 3: [masters, minions], 4: [masters, minions]}}
    doc.update(extra)
    return doc


def setup(q: JSON, heroes: tuple[str, ...] = ("syndrael", "leoric"), **kw: Any) -> JSON:
    doc: JSON = {"quest": q, "heroes": list(heroes), "two_hero_rule": False, "hero_abilities": False}
    doc.update(kw)
    return doc


def new(doc: JSON, seed: int = 0, script: list[Any] | None = None) -> DescentState:
    st = GAME.new(doc, seed=seed)
    assert isinstance(st, DescentState)
    if script is not None:
        st.rng.script = list(script)
    return st


def act(st: DescentState, *actions: str) -> list[Any]:
    """Apply actions for whoever is to move; returns the events of the last one."""
    events: list[Any] = []
    for a in actions:
        events = st.apply(None, a)
    return events


def names(actions: list[Action]) -> list[str]:
    return [str(a) for a in actions]


def fig(st: DescentState, fid: str) -> int:
    return st.ids[fid]


def put(st: DescentState, fid: str, square: str, orient: int = 0) -> None:
    """Move a figure somewhere for a test (no rules)."""
    st.place(st.ids[fid], st.board.index[square], orient)
    touch(st)


def touch(st: DescentState) -> None:
    """Forget the cached legal actions after a test changed the state by hand."""
    st._legal = None


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def windows(events: list[Any]) -> list[str]:
    return [e.text for e in events if e.kind == "window"]


def by_hand(st: DescentState, fn: Any, *args: Any, **kw: Any) -> None:
    """Call an engine method by hand (``st.suffer``, ``st.defeat``, ...) outside a decision and let
    the windows it opens run, as if it had happened in play; the waiting decision is kept."""
    saved = list(st.pending)
    st.pending.clear()
    fn(*args, **kw)
    st._run()
    if not st.pending and st.result is None:
        st.pending[:] = saved
    touch(st)


def payload_is(st: DescentState, want: type[tuple[Any, ...]], value: tuple[Any, ...]) -> None:
    """The pending decision's payload is ``value`` of type ``want``, also after a JSON round trip
    (issue #16: a payload saves as a list and loads as its kind's type)."""
    loaded = GAME.from_json(json.loads(json.dumps(st.to_json())))
    assert isinstance(loaded, DescentState)
    for d in (st.pending[-1], loaded.pending[-1]):
        assert type(d.data) is want and d.data == value, (d.kind, type(d.data), d.data)


# -- a small arena: two heroes, two zombies (the class cards' tests)
ZOMBIES = [group("zombie", "zombie", ["B1", "H6"], minions=2)]


def duel(heroes: tuple[str, ...] = ("syndrael", "leoric"), first: str | None = None,
         monsters: list[dict[str, Any]] | None = None, **kw: Any) -> DescentState:
    """Two heroes against ``monsters`` (two zombies) in a small arena, the first activated."""
    st = new(setup(quest(groups=monsters or ZOMBIES), heroes=heroes, **kw))
    act(st, f"activate {first or heroes[0].split(':')[0]}")
    return st


def hit(events: list[Any]) -> dict[str, Any]:
    """The data of the first ``hit`` event."""
    got: dict[str, Any] = next(e for e in events if e.kind == "hit").data
    return got


def heuristic_game(heroes: list[str], seed: int, max_steps: int = 5000) -> DescentState:
    """A game of ``heroes`` (the default quest) played to its end by the heuristic bot at every seat,
    failing if it takes ``max_steps`` decisions or more."""
    from questbox.games.descent.bots import HeuristicAgent

    st = GAME.new({"heroes": heroes}, seed=seed)
    assert isinstance(st, DescentState)
    bots = {s: HeuristicAgent(seed=seed) for s in st.seats}
    steps = 0
    while not st.is_over():
        seat = st.to_move()[0]
        st.apply(seat, bots[seat].act(st, seat))
        steps += 1
        assert steps < max_steps
    return st
