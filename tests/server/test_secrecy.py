"""Per game: no HTTP response or WebSocket message to one seat holds another seat's hidden cards.

Every seat is a person (so the test drives every move); the test knows the seed it chose, so it
replays the table locally and checks each message a seat received against that seat's own
``view``: the view is exactly ``view(seat)``, the legal actions exactly that seat's, the events
exactly those ``Event.visible_to(seat)``, the action notation only the seat's own. Then it looks
for what that seat cannot know: the values ``determinize(seat, rng)`` resamples in the other
seats' views must appear nowhere in what the server adds itself (table facts, the seat's own
actions, the outcome).
"""

from __future__ import annotations

import bisect
import json
import random
from typing import Any

import httpx
import pytest

from questbox.core import Event, Game, Rng, State, games
from questbox.server.tables import MAX_EVENTS
from tests.server.conftest import ServerProc, tokens_of
from tests.server.test_ws import Seat

#: actions played per game (enough to draw, deal, fight, take turns)
ACTIONS = 80


def _leaves(doc: Any, out: set[Any]) -> set[Any]:
    if isinstance(doc, dict):
        for v in doc.values():
            _leaves(v, out)
    elif isinstance(doc, list):
        for v in doc:
            _leaves(v, out)
    else:
        out.add(doc)
    return out


class Mirror:
    """The table replayed locally: the state and events after every version."""

    def __init__(self, game: Game, setup: dict[str, Any], seed: int) -> None:
        self.game = game
        state = game.new(setup, seed=seed)
        self.states: list[State] = [state.clone()]
        self.state = state
        self.event_versions: list[int] = []
        self.events: list[Event] = []
        self.actions: list[tuple[str, str]] = []

    def apply(self, seat: str, action: str) -> None:
        for e in self.state.apply(seat, self.game.parse_action(action)):
            self.event_versions.append(len(self.actions) + 1)
            self.events.append(e)
        self.actions.append((seat, action))
        self.states.append(self.state.clone())

    def expected_events(self, seat: str | None, since: int, version: int) -> list[dict[str, Any]]:
        end = bisect.bisect_right(self.event_versions, version)
        start = max(bisect.bisect_right(self.event_versions, since), end - MAX_EVENTS)
        out = []
        for i in range(start, end):
            if self.events[i].visible_to(seat):
                doc = self.events[i].to_json()
                doc["v"] = self.event_versions[i]
                out.append(doc)
        return out

    def hidden_from(self, seat: str, version: int) -> set[Any]:
        """Values in other seats' views that ``seat`` cannot know (resampled by determinize)."""
        state = self.states[version]
        hidden: set[Any] = set()
        mine = _leaves(state.view(seat), set())
        for k in range(4):
            det = state.determinize(seat, Rng(1000 + k))
            assert det.view(seat) == state.view(seat), "determinize changed what the seat sees"
            for other in state.seats:
                if other == seat:
                    continue
                real = _leaves(state.view(other), set())
                hidden |= real - _leaves(det.view(other), set()) - mine
        return hidden


def _check(msg: dict[str, Any], seat: str, mirror: Mirror, stats: dict[str, int]) -> None:
    v = msg["version"]
    state = mirror.states[v]
    assert msg["seat"] == seat
    assert msg["view"] == json.loads(json.dumps(state.view(seat))), f"{seat}@{v}: the view is not view({seat})"
    legal = [] if state.is_over() else [str(a) for a in state.legal_actions(seat)]
    assert [a["action"] for a in msg["legal"]] == legal
    assert msg["events"] == mirror.expected_events(seat, msg["since"], v)
    assert all(mirror.actions[a["v"] - 1] == (seat, a["action"]) for a in msg["my_actions"])
    assert "seed" not in msg and "tokens" not in msg
    hidden = {h for h in mirror.hidden_from(seat, v) if isinstance(h, str) and len(h) >= 2}
    if hidden:
        stats["hidden"] += 1
        # the view, the legal actions and the events were just checked to be exactly what the game
        # gives this seat; everything else in the message is the server's own: it must hold none
        # of the hidden values
        # (its own earlier actions say what it knew then: the cards have moved on since)
        rest = {k: val for k, val in msg.items() if k not in ("view", "events", "legal", "my_actions")}
        words = _leaves(rest, set()) | {w for a in msg["my_actions"] if a["v"] == v for w in a["action"].split()}
        leaked = hidden & words
        assert not leaked, f"{seat}@{v} was sent {sorted(leaked)}, which it cannot know: {json.dumps(msg)[:3000]}"
    stats["checked"] += 1


def _secret_games() -> list[str]:
    return sorted(gid for gid, g in games().items() if max(g.seat_counts) >= 2)


@pytest.mark.parametrize("gid", _secret_games())
def test_no_seat_is_sent_another_seats_hidden_information(gid: str, sqlite_server: ServerProc) -> None:
    game = games()[gid]
    n = 2 if 2 in game.seat_counts else min(c for c in game.seat_counts if c >= 2)
    seed = 1234
    created = sqlite_server.create(gid, ["human"] * n, seed=seed)
    tid, tokens = created["id"], tokens_of(created)
    mirror = Mirror(game, created["setup"], seed)
    conns = {s: Seat(sqlite_server, tid, tok) for s, tok in tokens.items()}
    watcher = Seat(sqlite_server, tid, None)
    received: list[tuple[str | None, dict[str, Any]]] = []
    rnd = random.Random(gid)
    stats = {"checked": 0, "hidden": 0}
    try:
        with httpx.Client(timeout=30) as client:
            for _ in range(ACTIONS):
                if mirror.state.is_over():
                    break
                seat = mirror.state.to_move()[0]
                for s, tok in tokens.items():     # every seat looks at the table
                    r = client.get(f"{sqlite_server.url}/api/tables/{tid}", headers={"X-Seat-Token": tok})
                    received.append((s, r.json()))
                snap = received[-len(tokens) + list(tokens).index(seat)][1]
                action = rnd.choice(snap["legal"])["action"]
                r = client.post(f"{sqlite_server.url}/api/tables/{tid}/actions", json={"action": action},
                                headers={"X-Seat-Token": tokens[seat]})
                assert r.status_code == 200, r.text
                mirror.apply(seat, action)
                received.append((seat, r.json()))
        final = len(mirror.actions)
        for s, conn in conns.items():
            conn.state(final)
            received.extend((s, m) for m in conn.messages if m["type"] == "state")
        watcher.state(final)
        spectator_msgs = [m for m in watcher.messages if m["type"] == "state"]
    finally:
        for conn in [*conns.values(), watcher]:
            conn.close()
    for s, msg in received:
        assert s is not None
        _check(msg, s, mirror, stats)
    for msg in spectator_msgs:
        state = mirror.states[msg["version"]]
        assert msg["view"] == json.loads(json.dumps(state.view(None)))
        assert msg["legal"] == [] and msg["my_actions"] == []
        assert msg["events"] == mirror.expected_events(None, msg["since"], msg["version"])
    assert stats["checked"] >= len(mirror.actions)
    if gid in ("pig", "heirs"):
        # these games hide things: the determinize check had something to look for
        assert any(mirror.states[v].determinize(s, Rng(1)).view(o) != mirror.states[v].view(o)
                   for v in range(0, len(mirror.states), 5) for s in tokens for o in tokens if o != s)
    if gid == "heirs":
        assert stats["hidden"] > 0
