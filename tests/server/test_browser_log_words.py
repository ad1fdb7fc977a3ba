"""Issue #19 (the log in words): your own action that caused no event you may see (Heroica's
``stop``) is logged with the text the page offered it under ("you: end the move here"), not its
notation."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import State
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def _p1_may_stop(st: State) -> bool:
    return st.to_move() == ("p1",) and any(a.name == "stop" for a in st.legal_actions("p1"))


def test_an_own_quiet_action_is_logged_in_words(web: ServerProc, browser: Any) -> None:
    t = Table(web, "heroica", 2, None, seed=1)
    t.play_until(_p1_may_stop, seed=1)
    page = t.open(browser, "p1")
    stop = t.game.parse_action("stop")
    text = t.game.describe_action(t.state.view("p1"), stop)          # what the page offered it as
    assert text != "stop"
    page.click("#actions button.act[data-action='stop']")
    t.version += 1
    events = t.state.apply("p1", stop)
    assert not any(e.visible_to("p1") for e in events)          # a quiet action: only the page tells it
    t.wait(page)
    lines = page.locator("#log li").all_inner_texts()
    assert any(li.rstrip().endswith(f"you: {text}") for li in lines), lines
    assert not any(li.rstrip().endswith("you: stop") for li in lines), lines
    assert not page.errors, page.errors
    page.close()
