"""Issue #19, "Rules at hand", "How to play" and "Maps on a phone", in a real headless Chromium
(Debian's, through Playwright) against a real server on loopback: each game's glossary endpoint,
a tooltip with the game's own rule text over what the table draws, the How to play link, and the
map games at 390 px with readable squares and the moves below the map. Screenshots go to
``$QUESTBOX_ARTIFACTS`` or pytest's temporary folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from questbox.core import get_game
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table

GAMES = ["heirs", "heroica", "hero-ik", "descent", "descent-campaign"]


@pytest.mark.parametrize("game_id", GAMES)
def test_glossary_is_json_with_unique_keys_and_texts(game_id: str) -> None:
    doc = get_game(game_id).glossary()
    assert json.loads(json.dumps(doc)) == doc
    entries = [e for s in doc["sections"] for e in s["entries"]]
    keys = [e["key"] for e in entries]
    assert len(keys) == len(set(keys)) and len(keys) > 10
    assert all(e["text"].strip() and e["source"].strip() for e in entries)
    assert doc["guide"]


def _entry(doc: dict[str, Any], key: str) -> dict[str, Any]:
    return next(e for s in doc["sections"] for e in s["entries"] if e["key"] == key)


def test_glossaries_say_what_the_data_says() -> None:
    heirs = get_game("heirs").glossary()
    assert "top 3 cards of the discard pile" in _entry(heirs, "card:R3")["text"]
    assert _entry(heirs, "lord:O")["name"].startswith("Precise Burn")
    heroica = get_game("heroica").glossary()
    assert any("3 gold" in v for _, v in _entry(heroica, "weapon:bow")["facts"])
    assert "5 spaces" in _entry(heroica, "weapon:bow")["text"]
    hik = get_game("hero-ik").glossary()
    assert "A+7" in _entry(hik, "final:liche")["text"]
    assert "2 Courage" in _entry(hik, "dungeon:abunakkashii")["text"]     # Pain
    descent = get_game("descent").glossary()
    assert _entry(descent, "goal:sunken-ossuary:overlord")["text"].startswith("Doom 9: the overlord wins")
    assert any("speed 3" in v for _, v in _entry(descent, "monster:zombie")["facts"])
    camp = get_game("descent-campaign").glossary()
    assert _entry(camp, "plot:fealty")["text"] and ["cost", "50 gold"] in _entry(camp, "shop:iron-shield")["facts"]
    assert ["played here", "yes"] in _entry(camp, "shop:ring-of-power")["facts"] \
        and _entry(camp, "relic:trueshot")["text"].startswith("+3 range")
    assert ["played here", "no (its 'at any time' needs a window at every moment; not played)"] \
        in _entry(camp, "relic:staff-of-shadows")["facts"]


pytestmark_browser = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def test_glossary_endpoint(web: ServerProc) -> None:
    r = httpx.get(f"{web.url}/api/games/heroica/glossary")
    assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
    assert r.json() == get_game("heroica").glossary()
    assert httpx.get(f"{web.url}/api/games/nope/glossary").status_code == 404


TIPS = [  # game, seats, the element to hover, the glossary key it shows
    ("heirs", 2, "[data-rule='ability:R']", "ability:R"),
    ("heroica", 2, ".hq-monster[data-rule]", None),
    ("hero-ik", 2, ".hk-adv[data-adventurer]", None),
    ("descent", 2, ".ds-group b[data-rule^='group:']", None),
]


@pytestmark_browser
@pytest.mark.parametrize(("game_id", "n", "sel", "key"), TIPS)
def test_tooltip_shows_the_rule_text(web: ServerProc, browser: Any, shots: Path,
                                     game_id: str, n: int, sel: str, key: str | None) -> None:
    t = Table(web, game_id, n, None, seed=3)
    seat = t.state.to_move()[0]
    page = t.open(browser, seat)
    page.wait_for_selector(".has-rule")
    el = page.locator(sel).first
    key = key or el.get_attribute("data-rule-key")
    entry = _entry(get_game(game_id).glossary(), str(key))
    el.hover()
    tip = page.locator("[data-testid='rule-tip']")
    tip.wait_for(state="visible")
    page.screenshot(path=str(shots / f"rules-tip-{game_id}.png"))
    assert entry["text"] in tip.inner_text()
    # the Rules panel lists the entries, and How to play opens the game's guide
    assert page.locator(f"#rules [data-rule-entry='{key}']").count() == 1
    href = page.locator("[data-testid='howto-link']").get_attribute("href")
    assert href == f"/static/howto.html#{game_id}"
    guide = browser.new_page()
    guide.goto(web.url + href)
    guide.wait_for_selector("[data-testid='guide'] p")
    assert get_game(game_id).glossary()["guide"][0] in guide.inner_text("[data-testid='guide']")
    assert entry["text"] in guide.inner_text("main")
    guide.close()
    assert not page.errors, page.errors
    page.close()


@pytestmark_browser
@pytest.mark.parametrize(("game_id", "svg_sel", "square"),
                         [("heroica", "svg.hq-board", 70), ("descent", "svg.ds-map", 36)])
def test_map_on_a_phone_has_readable_squares_and_moves_below(
        web: ServerProc, browser: Any, shots: Path, game_id: str, svg_sel: str, square: int) -> None:
    t = Table(web, game_id, 2, None, seed=3)
    seat = t.state.to_move()[0]
    page = t.open(browser, seat, width=390)
    page.wait_for_selector("[data-testid='map-pan']")
    page.screenshot(path=str(shots / f"rules-phone-{game_id}.png"), full_page=True)
    box = page.evaluate(f"""() => {{ const m = document.querySelector('{svg_sel}');
        const vb = m.viewBox.baseVal; const r = m.getBoundingClientRect();
        const pan = document.querySelector('[data-testid=map-pan]').getBoundingClientRect();
        const acts = document.getElementById('actions').getBoundingClientRect();
        return {{ px: r.width / (vb.width / {square}), panBottom: pan.bottom, panWidth: pan.width,
                  actsTop: acts.top }}; }}""")
    assert box["px"] >= 36, box                 # a square is at least 36 px wide
    assert box["panWidth"] <= 390               # the map pans inside the page, which does not scroll sideways
    assert box["actsTop"] >= box["panBottom"] - 1, box   # the moves come below the map
    width = f"document.querySelector('{svg_sel}').getBoundingClientRect().width"
    before = page.evaluate(width)
    page.locator("button[aria-label='zoom in']").click()
    assert page.evaluate(width) > before        # and zooms in
    assert not page.errors, page.errors
    page.close()


@pytestmark_browser
@pytest.mark.parametrize(("game_id", "svg_sel", "square"),
                         [("heroica", "svg.hq-board", 70), ("descent", "svg.ds-map", 36)])
def test_a_map_is_fitted_again_when_the_screen_narrows(
        web: ServerProc, browser: Any, shots: Path, game_id: str, svg_sel: str, square: int) -> None:
    """A page opened wide and then narrowed (a phone turned, a window resized) fits its map again
    without waiting for the next move; widened again, the map fills the board as before."""
    t = Table(web, game_id, 2, None, seed=3)
    page = t.open(browser, t.state.to_move()[0], width=1280)
    px = f"""() => {{ const m = document.querySelector('{svg_sel}');
        return m.getBoundingClientRect().width / (m.viewBox.baseVal.width / {square}); }}"""
    wide = page.evaluate(px)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(f"({px})() >= 36", timeout=5000)
    assert page.locator("button[aria-label='zoom in']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    page.screenshot(path=str(shots / f"rules-narrowed-{game_id}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_function("!document.querySelector(\"button[aria-label='zoom in']\")", timeout=5000)
    assert abs(page.evaluate(px) - wide) < 1
    assert not page.errors, page.errors
    page.close()
