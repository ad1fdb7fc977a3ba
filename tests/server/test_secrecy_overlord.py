"""The server keeps the Overlord deck secret (issue #18): a Descent table with the deck on
(``modules: [overlord]``), and a campaign table whose quest starts at encounter 2 with the hand,
deck and discard pile carried from encounter 1; every message to the heroes' seat is checked as in
test_secrecy.py (the view is ``view(seat)``, the events those visible to it, and no value that
``determinize(heroes)`` resamples in the overlord's view appears in what the server adds)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx

from questbox.core import Rng, State, games
from tests.server.conftest import ServerProc, tokens_of
from tests.server.test_secrecy import ACTIONS, Mirror, _check


def _play(server: ServerProc, gid: str, setup: dict[str, Any], mods: Callable[[dict[str, Any]], Any],
          hand: Callable[[State], list[str]]) -> Mirror:
    """Random play at the table, every message checked; ``mods(view)``: the view's ``mods.overlord``,
    ``hand(state)``: the overlord's hand in a state (for the determinize check)."""
    game = games()[gid]
    seed = 1234
    created = server.create(gid, ["human", "human"], seed=seed, setup=setup)
    tid, tokens = created["id"], tokens_of(created)
    mirror = Mirror(game, created["setup"], seed)
    received: list[tuple[str, dict[str, Any]]] = []
    rnd = random.Random("overlord")
    with httpx.Client(timeout=30) as client:
        for _ in range(ACTIONS):
            if mirror.state.is_over():
                break
            seat = mirror.state.to_move()[0]
            for s, tok in tokens.items():
                r = client.get(f"{server.url}/api/tables/{tid}", headers={"X-Seat-Token": tok})
                received.append((s, r.json()))
            snap = received[-len(tokens) + list(tokens).index(seat)][1]
            action = rnd.choice(snap["legal"])["action"]
            r = client.post(f"{server.url}/api/tables/{tid}/actions", json={"action": action},
                            headers={"X-Seat-Token": tokens[seat]})
            assert r.status_code == 200, r.text
            mirror.apply(seat, action)
            received.append((seat, r.json()))
    stats = {"checked": 0, "hidden": 0}
    for s, msg in received:
        _check(msg, s, mirror, stats)
        if s != "overlord":
            assert isinstance(mods(msg["view"])["hand"], int)
    # the heroes' determinize deals the overlord another hand: there was something to hide
    assert any(hand(mirror.states[v].determinize("heroes", Rng(1))) != hand(mirror.states[v])
               for v in range(len(mirror.states)))
    assert stats["hidden"] > 0
    return mirror


def test_the_overlords_hand_is_sent_to_the_overlord_only(sqlite_server: ServerProc) -> None:
    def hand(st: State) -> list[str]:
        out: list[str] = st.view("overlord")["mods"]["overlord"]["hand"]
        return out

    _play(sqlite_server, "descent", {"modules": ["overlord"]}, lambda v: v["mods"]["overlord"], hand)


def test_the_hand_carried_into_encounter_2_stays_the_overlords(sqlite_server: ServerProc) -> None:
    from tests.descent.test_campaign_overlord import _barrow_end

    _, mid, end = _barrow_end()
    log = {k: v for k, v in mid.items() if k != "seed"}

    def hand(st: State) -> list[str]:
        enc = st.view("overlord")["encounter"]
        out: list[str] = enc["mods"]["overlord"]["hand"] if enc is not None else []
        return out

    def mods(view: dict[str, Any]) -> Any:
        assert "overlord" not in (view["campaign"].get("encounter") or {})
        if view["encounter"] is None:           # the quest is over: no hand to hide
            return {"hand": 0}
        return view["encounter"]["mods"]["overlord"]

    mirror = _play(sqlite_server, "descent-campaign", {"log": log}, mods, hand)
    assert hand(mirror.states[0]) == end["hand"]          # the table started with the carried hand


def test_a_campaign_with_the_deck_keeps_the_hand_off_the_heroes_sheet_and_screen(sqlite_server: ServerProc) -> None:
    """Issue #18: a campaign played with the Overlord deck from its start (the Plot deck chosen,
    the first quest dealt): every message to the heroes checked as above, and what their faces draw
    from their view (the campaign sheet, the terminal's table) never names a card of the
    overlord's hand that is not also public (discarded or in play), nor the deck's order, and no
    event sent to them names such a card."""
    from rich.console import Console

    from questbox.games.descent.campaign_sheet import rules, sheet

    game = games()["descent-campaign"]

    def hand(st: State) -> list[str]:
        enc = st.view("overlord")["encounter"]
        out: list[str] = enc["mods"]["overlord"]["hand"] if enc is not None else []
        return out

    def mods(view: dict[str, Any]) -> Any:
        return view["encounter"]["mods"]["overlord"] if view["encounter"] is not None else {"hand": 0}

    mirror = _play(sqlite_server, "descent-campaign", {"campaign": "pyre-legion", "overlord_deck": True}, mods, hand)

    def secret(st: State) -> list[str]:
        """The names of the cards in the overlord's hand that nothing public shows."""
        enc = st.view("overlord")["encounter"]
        if enc is None:
            return []
        ol = enc["mods"]["overlord"]
        public = {*ol["discard"], *ol["played"], *ol["active"]}
        return [rules()[f"overlord:{c}"]["name"] for c in ol["hand"] if c not in public]

    # the events the heroes are sent never name a card the overlord then holds in secret (a draw)
    told = 0
    for v, e in zip(mirror.event_versions, mirror.events, strict=True):
        if e.visible_to("heroes"):
            hidden = secret(mirror.states[v])
            assert not [n for n in hidden if n in e.text], (v, e.text, hidden)
            told += bool(hidden)
    assert told > 0
    checked = 0
    for st in mirror.states[1::4]:
        if st.is_over():
            break
        view = st.view("heroes")
        if view["encounter"] is None:
            continue
        hidden = secret(st)
        assert isinstance(view["encounter"]["mods"]["overlord"]["deck"], int)       # the order: nobody's
        console = Console(width=200, record=True, color_system=None)
        console.print(game.render(view, "heroes"))
        seen = sheet(view["campaign"]) + console.export_text()
        assert not [n for n in hidden if n in seen], (hidden, seen)
        checked += bool(hidden)
    assert checked > 0


def test_the_overlords_rumor_hand_is_sent_to_the_overlord_only(sqlite_server: ServerProc) -> None:
    """Issue #18, DLP-THREAT-07: a Whispering Road table at the start of a Campaign phase, the
    overlord holding two Rumor cards (the third face down): every message checked as above, the
    heroes' view of the hand a count, and no event or view sent to them names a card he still holds."""
    from questbox.games.descent.campaign_model import rumor_cards

    log = {"campaign": "whispering-road", "heroes": ["syndrael", "avric"], "plot_deck": "first-legion",
           "phase": "rumor", "next": 1, "threat": 2,
           "rumors": {"hand": ["smoke-over-farrow", "tavern-whispers"], "deck": ["the-legion-musters"],
                      "available": [], "played": [], "quest": None}}

    def hand(st: State) -> list[str]:
        out: list[str] = st.view("overlord")["campaign"]["rumors"]["hand"]
        return out

    mirror = _play(sqlite_server, "descent-campaign", {"log": log}, lambda v: v["campaign"]["rumors"], hand)
    cards = rumor_cards()
    for v, e in zip(mirror.event_versions, mirror.events, strict=True):
        if e.visible_to("heroes"):
            held = [cards[c].name for c in hand(mirror.states[v])]
            assert not [n for n in held if n in e.text], (v, e.text, held)
    for st in mirror.states:
        view = st.view("heroes")["campaign"]
        assert not [c for c in hand(st) if c in str(view) and c not in view["rumors"]["played"]]
