"""Issue #18, a lieutenant on the web table (headless Chromium): the page draws him from the view
as a named figure of his own group, and his tooltip shows his card's stat line and abilities."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def test_descent_lieutenant_is_a_named_figure_with_his_stat_line(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent", 2, {"quest": "ardus-muster", "heroes": ["syndrael", "avric"]}, seed=1)
    page = t.open(browser, "heroes")
    page.screenshot(path=str(shots / "descent-lieutenant.png"), full_page=True)
    fig = page.locator("svg.ds-map g.ds-fig[data-figure='ardus-m']")
    assert fig.get_attribute("data-role") == "master"
    # on the map his tip is the rules entry of his group: the lieutenant's card (glossary facts)
    assert fig.get_attribute("aria-description") == "Ardus Ix'Erebus: Ardus Ix'Erebus: lieutenant, Act I (melee)."
    fig.focus()
    tip = page.locator("[data-testid='rule-tip']").inner_text()
    assert "speed 4 · health 12 · defense black" in tip and "might 5, knowledge 2, willpower 1, awareness 4" in tip, tip
    # in the monster list his chip's tooltip is his stat line for this act and hero count
    chip = page.locator(".ds-group .chip[data-figure='ardus-m']")
    title = chip.get_attribute("title") or ""
    assert title.startswith("Ardus Ix'Erebus: 12/12 health"), title
    assert "Lieutenant: Speed 4, Defense black, melee blue+red; might 5, knowledge 2, willpower 1, awareness 4" in title
    assert "Fury: " in title and "Flanking: " in title and "(not played)" not in title
    assert "Ardus Ix'Erebus" in page.locator(".ds-group b").all_inner_texts()
    assert not page.errors, page.errors
    page.close()
