"""Undo, rematch and the replay viewer clicked in a real headless Chromium (Debian's, through
Playwright) against a real server on loopback. Screenshots go to ``$QUESTBOX_ARTIFACTS`` or pytest's
temporary folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.core.pig import GAME as PIG
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc, tokens_of
from tests.server.test_rematch import SETUP, finish

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def _open(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    page.goto(url)
    return page


def _at(page: Any, version: int) -> None:
    page.wait_for_function("window.questbox && window.questbox.snap && "
                           f"window.questbox.snap.version === {version} && "
                           "!document.body.classList.contains('busy')", timeout=30_000)


def _link(created: dict[str, Any], seat: str) -> str:
    return next(s["link"] for s in created["seats"] if s["seat"] == seat)


def test_undo_is_clicked_and_the_other_seat_sees_it(web: ServerProc, browser: Any, shots: Path) -> None:
    created = web.create("pig", ["human", "human"], setup={"players": 2, "target": 100}, seed=12)
    p1, p2 = _open(browser, _link(created, "p1")), _open(browser, _link(created, "p2"))
    _at(p1, 0)
    _at(p2, 0)
    assert p1.locator("[data-testid='undo']").count() == 0          # nothing to take back yet
    p1.click("button[data-action='hold']")
    _at(p1, 1)
    _at(p2, 1)
    undo = p1.locator("[data-testid='undo']")
    assert undo.is_visible() and "your last action" in undo.inner_text()
    assert p2.locator("[data-testid='undo']").count() == 0
    assert "p1 banks 0" in p2.inner_text("#log")
    p1.screenshot(path=str(shots / "undo-offered.png"), full_page=True)
    undo.click()
    _at(p1, 2)
    _at(p2, 2)
    assert p1.evaluate("window.questbox.snap.your_turn") is True
    log = p2.inner_text("#log")
    assert "p1 took back 1 action" in log and "p1 banks 0" not in log      # the narration as it stands
    assert "p1 banks 0" not in p1.inner_text("#log")
    p2.screenshot(path=str(shots / "undo-seen-by-p2.png"), full_page=True)
    p1.click("button[data-action='roll']")                                # a die: no undo after it
    _at(p1, 3)
    assert p1.locator("[data-testid='undo']").count() == 0
    assert p1.errors == [] and p2.errors == []


def test_replay_viewer_steps_back_and_forth_then_rematch(web: ServerProc, browser: Any, shots: Path) -> None:
    created = web.create("pig", ["human", "human"], setup=SETUP, seed=7)
    tid, tok = created["id"], tokens_of(created)
    played = finish(web, tid, tok, 7)
    assert len(played) >= 2
    p1, p2 = _open(browser, _link(created, "p1")), _open(browser, _link(created, "p2"))
    _at(p1, len(played))
    _at(p2, len(played))
    p1.click("[data-testid='replay-open']")
    viewer = p1.locator("#replay-viewer")
    p1.wait_for_function("document.getElementById('replay-viewer').dataset.step === '0'")
    assert p1.locator("#board").is_hidden()
    assert f"step 0 / {len(played)}" in viewer.inner_text()
    state = PIG.new(SETUP, seed=7)
    for k in (1, 2):
        p1.click("[data-testid='replay-next']")
        p1.wait_for_function(f"document.getElementById('replay-viewer').dataset.step === '{k}'")
        state.apply(*played[k - 1])
    assert f"{played[1][0]}: {played[1][1]}" in p1.inner_text("[data-testid='replay-action']")
    p1.screenshot(path=str(shots / "replay-step-2.png"), full_page=True)
    p1.click("[data-testid='replay-prev']")
    p1.wait_for_function("document.getElementById('replay-viewer').dataset.step === '1'")
    p1.keyboard.press("End")
    p1.wait_for_function(f"document.getElementById('replay-viewer').dataset.step === '{len(played)}'")
    assert "game over" in p1.inner_text("[data-testid='replay-action']")
    p1.select_option("[data-testid='replay-seat']", "p2")      # p2's point of view: p2's secret card
    p1.wait_for_function("document.querySelector('.replay-board') && "
                         "document.querySelector('[data-testid=\"replay-seat\"]').value === 'p2' && "
                         "!document.getElementById('replay-viewer').classList.contains('busy')")
    final = PIG.new(SETUP, seed=7)
    for seat, action in played:
        final.apply(seat, action)
    p2_secret = final.view("p2")["secret"]["p2"]
    board = p1.locator(".replay-board")
    assert board.locator("[title=\"p2's secret card\"]").count() == 1           # drawn as p2 saw it
    assert board.locator("[title=\"p1's secret card\"]").count() == 0
    assert str(p2_secret) in board.locator("[title=\"p2's secret card\"]").inner_text()
    p1.screenshot(path=str(shots / "replay-as-p2.png"), full_page=True)
    p1.click("[data-testid='replay-close']")
    assert p1.locator("#board").is_visible()
    # rematch: p1 asks, and lands on the new table as p1; p2's end box then links there
    p1.click("[data-testid='rematch']")
    p1.wait_for_url(lambda url: "/t/" in url and tid not in url)
    new = p1.url.split("/t/")[1].split("#")[0]
    assert new != tid
    _at(p1, 0)
    assert p1.evaluate("window.questbox.snap.seat") == "p1" and p1.evaluate("window.questbox.snap.status") == "open"
    p2.wait_for_selector("[data-testid='rematch-link']")
    p2.screenshot(path=str(shots / "rematch-offered-to-p2.png"), full_page=True)
    p2.click("[data-testid='rematch-link']")
    p2.wait_for_url(f"**/t/{new}#token=*")
    _at(p2, 0)
    assert p2.evaluate("window.questbox.snap.seat") == "p2"
    p1.screenshot(path=str(shots / "rematch-table.png"), full_page=True)
    assert p1.errors == [] and p2.errors == []


def test_a_replay_file_is_viewed_in_the_page(web: ServerProc, browser: Any, shots: Path, tmp_path: Path) -> None:
    created = web.create("pig", ["human", "human"], setup=SETUP, seed=9)
    tid = created["id"]
    played = finish(web, tid, tokens_of(created), 9)
    path = tmp_path / "pig.json"
    path.write_text(json.dumps(httpx.get(f"{web.url}/api/tables/{tid}/replay").json()))
    page = _open(browser, web.url + "/viewer")
    page.set_input_files("[data-testid='replay-file']", str(path))
    page.wait_for_function("document.getElementById('replay-viewer').dataset.step === '0'")
    page.click("[data-testid='replay-next']")
    page.wait_for_function("document.getElementById('replay-viewer').dataset.step === '1'")
    assert f"{played[0][0]}: {played[0][1]}" in page.inner_text("[data-testid='replay-action']")
    page.click("[data-testid='replay-first']")
    page.wait_for_function("document.getElementById('replay-viewer').dataset.step === '0'")
    page.screenshot(path=str(shots / "replay-file.png"), full_page=True)
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["heirs", "hero-ik", "heroica", "descent", "descent-campaign"])
def test_the_replay_viewer_draws_every_game(web: ServerProc, browser: Any, shots: Path, game_id: str) -> None:
    """A bots-only game of each game, played out on the server, stepped through in the viewer from
    every seat's point of view: the game's renderer draws each step without an error."""
    games = {g["id"]: g for g in httpx.get(f"{web.url}/api/games", timeout=30).json()["games"]}
    if game_id not in games:
        pytest.skip(f"{game_id} is not registered here")
    n = 2 if 2 in games[game_id]["seat_counts"] else games[game_id]["seat_counts"][0]
    created = web.create(game_id, ["random"] * n, seed=3)
    tid = created["id"]
    done = web.wait(tid, lambda s: s["status"] == "finished", timeout=240)
    page = _open(browser, f"{web.url}/t/{tid}")
    _at(page, done["version"])
    page.click("[data-testid='replay-open']")
    page.wait_for_function("document.getElementById('replay-viewer').dataset.step === '0'")
    seats = [s["seat"] for s in done["seats"]]
    for seat in [None, *seats]:
        page.select_option("[data-testid='replay-seat']", seat or "")
        for key, step in (("End", done["version"]), ("ArrowLeft", done["version"] - 1), ("Home", 0),
                          ("ArrowRight", 1)):
            page.keyboard.press(key)
            page.wait_for_function(f"document.getElementById('replay-viewer').dataset.step === '{step}' && "
                                   "!document.getElementById('replay-viewer').classList.contains('busy')")
            assert page.locator(".replay-board .error").count() == 0, page.inner_text(".replay-board")
    page.keyboard.press("End")
    page.wait_for_function(f"document.getElementById('replay-viewer').dataset.step === '{done['version']}'")
    page.screenshot(path=str(shots / f"replay-{game_id}.png"), full_page=True)
    assert page.errors == []
