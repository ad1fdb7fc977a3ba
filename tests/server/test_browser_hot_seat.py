"""Hot-seat undo on the web table, in a real headless Chromium (Debian's, through Playwright): the
browser that created a table remembers every seat's link (the lobby's ``questbox.tokens``); when it
holds every person's seat, its page offers the undo over the other seats' actions too, and a browser
that holds one seat only does not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc, tokens_of
from tests.server.test_browser_undo import _at, _link

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)

SETUP = {"players": 2, "target": 100_000}


def _page(browser: Any, url: str, remembered: dict[str, Any] | None) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    if remembered is not None:     # what the lobby stored when this browser created the table
        ctx.add_init_script(f"localStorage.setItem('questbox.tokens', {json.dumps(json.dumps(remembered))})")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    page.goto(url)
    return page


def test_hot_seat_page_undoes_over_the_other_seat(web: ServerProc, browser: Any, shots: Path) -> None:
    created = web.create("pig", ["human", "human"], setup=SETUP, seed=5)
    tid, tok = created["id"], tokens_of(created)
    both = {tid: {"p1": tok["p1"], "p2": tok["p2"], "_game": "pig", "_t": 1}}
    hot = _page(browser, _link(created, "p1"), both)
    alone = _page(browser, _link(created, "p1"), {})
    _at(hot, 0)
    hot.click("#actions button[data-action='hold']")
    _at(hot, 1)
    assert web.act(tid, tok["p2"], "hold").status_code == 200     # the other person, at the same browser
    _at(hot, 2)
    _at(alone, 2)
    # only the page of the browser that holds both seats offers the undo, over both actions
    button = hot.locator("[data-testid='undo']")
    assert button.inner_text() == "↶ Undo 2 actions"
    assert "seats this browser plays" in (button.get_attribute("title") or "")
    assert alone.locator("[data-testid='undo']").count() == 0
    hot.screenshot(path=str(shots / "hot-seat-undo.png"))
    button.click()
    _at(hot, 3)
    snap = hot.evaluate("window.questbox.snap")
    assert snap["to_move"] == ["p1"] and snap["your_turn"]
    _at(alone, 3)
    assert "p1 took back 2 actions" in alone.inner_text("#log")
    assert not hot.errors and not alone.errors, (hot.errors, alone.errors)
    hot.context.close()
    alone.context.close()
