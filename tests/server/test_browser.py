"""The page in a real headless Chromium (Debian's, through Playwright; no browser download).

For every registered game: create a table against a bot in the lobby, open the seat's link, play
by clicking (things on the board and action buttons) to the end or for a set number of moves,
reload and find the same state. Screenshots (desktop and phone-sized) are kept as artifacts in
``$QUESTBOX_ARTIFACTS`` or pytest's temporary folder (the path is printed).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from questbox.core import games
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)

#: moves played by clicking per game (Pig is played to its end)
MOVES = 30


def _wait_turn(page: Any, timeout: float = 60_000) -> str:
    page.wait_for_function("document.body.dataset.status === 'finished' || "
                           "(document.body.dataset.yourTurn === 'true' && !document.body.classList.contains('busy'))",
                           timeout=timeout)
    return str(page.evaluate("document.body.dataset.status"))


def _state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("({version: window.questbox.snap.version, view: window.questbox.snap.view, "
                              "legal: window.questbox.snap.legal, board: document.getElementById('board').innerText})"))


@pytest.mark.parametrize("gid", sorted(games()))
def test_play_by_clicking_and_reload(gid: str, sqlite_server: ServerProc, browser: Any, shots: Path) -> None:
    game = games()[gid]
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(sqlite_server.url + "/")
    page.click(f"[data-game='{gid}']")
    n = 2 if 2 in game.seat_counts else game.seat_counts[0]
    page.select_option("#seat-count", str(n))
    page.wait_for_function(f"document.querySelectorAll('#seat-rows .seat-row').length === {n}")
    page.screenshot(path=str(shots / f"{gid}-0-lobby.png"))
    page.click("#create")
    page.locator("a.sit button").first.click()
    page.wait_for_url("**/t/*#token=*")
    page.wait_for_function("window.questbox && window.questbox.snap")
    page.screenshot(path=str(shots / f"{gid}-1-start.png"), full_page=True)
    rnd = random.Random(gid)
    limit = 400 if gid == "pig" else MOVES
    start = _state(page)["version"]
    clicks = 0
    while _wait_turn(page) == "open" and clicks < 4 * limit:
        before = _state(page)
        mine = before["version"]
        picks = page.locator("#board .pickable:not(.chosen)")
        buttons = page.locator("#actions button.act")
        if picks.count() and rnd.random() < 0.6:
            picks.nth(rnd.randrange(picks.count())).click()
        else:
            assert buttons.count(), f"{gid}: my turn but no action offered"
            buttons.nth(rnd.randrange(buttons.count())).click()
        clicks += 1
        page.wait_for_function(f"window.questbox.snap.version > {mine} || window.questbox.selected.length > 0 "
                               "|| document.body.dataset.status === 'finished'", timeout=30_000)
        if clicks == 6:
            page.screenshot(path=str(shots / f"{gid}-2-playing.png"), full_page=True)
        if gid != "pig" and _state(page)["version"] - start >= limit:
            break
    status = _wait_turn(page)
    played = _state(page)["version"] - start
    assert played >= (1 if status == "finished" else min(limit, 10)), (gid, played, status)
    page.screenshot(path=str(shots / f"{gid}-3-end.png"), full_page=True)
    if gid == "pig":
        assert status == "finished"
        assert page.locator("[data-testid='outcome']").count() == 1
    # a reload finds the same state (the token is in the link's fragment)
    seen = _state(page)
    page.reload()
    page.wait_for_function("window.questbox && window.questbox.snap && "
                           f"window.questbox.snap.version === {seen['version']}")
    page.wait_for_timeout(200)
    again = _state(page)
    assert json.dumps(again["view"], sort_keys=True) == json.dumps(seen["view"], sort_keys=True)
    assert again["legal"] == seen["legal"]
    assert again["board"] == seen["board"]
    # nothing drawn as a stray JavaScript value (an append of null reads "null" on the page)
    assert not re.search(r"\b(null|undefined|NaN)\b|\[object ", again["board"]), (gid, again["board"][:2000])
    assert page.locator("#log li").count() > 0
    # a phone-sized screen
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    page.screenshot(path=str(shots / f"{gid}-4-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"{gid}: the page is {width}px wide on a 390px screen"
    assert not errors, errors
    page.close()


def test_spectator_sees_the_table_without_acting(sqlite_server: ServerProc, browser: Any, shots: Path) -> None:
    created = sqlite_server.create("pig", ["random", "random"], seed=4, setup={"target": 30})
    sqlite_server.wait(created["id"], lambda s: s["status"] == "finished")
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.goto(created["spectator_link"])
    page.wait_for_function("window.questbox && window.questbox.snap && document.body.dataset.status === 'finished'")
    assert page.locator("#actions button.act").count() == 0
    assert "spectator" in page.inner_text("#actions")
    assert page.locator("[data-testid='outcome'] a[href$='/replay']").count() == 1
    page.screenshot(path=str(shots / "pig-spectator.png"), full_page=True)
    page.close()
