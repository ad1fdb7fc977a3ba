"""Issue #19, Lobby, in a real headless Chromium against a real server: a table created from the
form (a Heroica mission picked from the list built from the setup schema, a player's name, an open
seat), its seat link recovered from the browser that created it, the open seat joined from the
lobby by another browser, and a bad link that offers "watch instead". Screenshots go to
``$QUESTBOX_ARTIFACTS`` or pytest's temporary folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def test_a_table_from_the_form_its_links_recovered_joined_and_watched(web: ServerProc, browser: Any,
                                                                         shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(web.url + "/")
    page.click("[data-game=heroica]")
    mission = page.locator("select[data-choice=mission]")
    mission.wait_for()
    options = mission.locator("option").all_inner_texts()
    # the missions' titles from the game's data; the value sent stays the id
    assert "The Vampire Lord's Throne" in options and "vampire-throne" not in options, options
    mission.select_option(value="vampire-throne")
    assert '"mission": "vampire-throne"' in page.input_value("#setup")    # written into the advanced box
    page.fill("input[data-name-index='0']", "Ann <i>x</i>")
    page.select_option("select[name=seat-1]", "open")
    page.screenshot(path=str(shots / "lobby-form.png"), full_page=True)
    page.click("#create")
    tid = page.locator("[data-testid=table-id]").inner_text(timeout=15000)
    snap = web.snap(tid)
    assert snap["view"]["mission_id"] == "vampire-throne"
    assert {s["seat"]: s["name"] for s in snap["seats"]} == {"p1": "Ann <i>x</i>", "p2": ""}
    page.screenshot(path=str(shots / "lobby-created.png"), full_page=True)

    # the link is lost: this browser gives it back (My seats, Seat links)
    page.reload()
    page.click("[role=tab][data-status=mine]")
    page.click(f"[data-testid=recover-{tid}]")
    code = page.locator(f"[data-testid=links-{tid}] [data-seat=p1] code")
    link = code.inner_text()
    assert re.search(rf"/t/{re.escape(tid)}#token=[\w-]{{20,}}$", link), link
    page.screenshot(path=str(shots / "lobby-recovered.png"), full_page=True)
    page.goto(link)
    page.wait_for_function("document.body.dataset.version !== undefined")
    name = page.locator(".seat-line[data-seat=p1] .player-name")
    assert name.inner_text() == "Ann <i>x</i>"             # a name is text, never markup
    assert page.locator(".seats-panel i").count() == 0
    assert "you are p1" in page.inner_text("#game-title")
    token = link.split("#token=")[1]
    first = web.snap(tid, token)["legal"][0]["action"]
    assert web.act(tid, token, first).status_code == 200
    page.wait_for_function("document.getElementById('log').innerText.includes('Ann <i>x</i> (p1) (Wizard) rolls')")
    assert page.locator("#log i").count() == 0
    page.screenshot(path=str(shots / "table-log.png"), full_page=True)
    page.screenshot(path=str(shots / "table-named.png"), full_page=True)

    # another person joins the open seat from the lobby
    other = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    other.goto(web.url + "/")
    row = other.locator(f".table-item[data-table='{tid}']")
    row.locator("input.pname").fill("Bea")
    row.locator(f"[data-testid=join-{tid}-p2]").click()
    other.wait_for_url(re.compile(rf"/t/{re.escape(tid)}#token="))
    other.wait_for_function("document.body.dataset.version !== undefined")
    assert "you are p2" in other.inner_text("#game-title")
    assert other.locator(".seat-line[data-seat=p2] .player-name").inner_text() == "Bea"
    other.screenshot(path=str(shots / "table-joined.png"), full_page=True)

    # a bad link offers to watch instead
    bad = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    bad.goto(f"{web.url}/t/{tid}#token=not-a-token-of-this-table")
    watch = bad.locator("[data-testid=watch-instead]")
    watch.wait_for(timeout=15000)
    bad.screenshot(path=str(shots / "table-bad-link.png"), full_page=True)
    watch.click()
    bad.wait_for_url(f"{web.url}/t/{tid}")
    bad.wait_for_function("document.body.dataset.version !== undefined")
    assert "watching" in bad.inner_text("#game-title")
    ctx.close()


#: per game: the seats, the choices of its setup schema to make in the lobby, and a field of the
#: table's view that shows the last one (the game refuses some mixes, e.g. a hero-ik scenario outside
#: solitaire play, with its own message: those are not made here)
CHOICES = [("heirs", 1, [("mode", "solo")], None),
           ("hero-ik", 1, [("mode", "solitaire"), ("scenario", "hard")], None),
           ("heroica", 2, [("variant", "battle"), ("mission", "ilrion-depths")], "mission_id"),
           ("descent", 2, [("quest", "warren-raid")], "quest"),
           ("descent-campaign", 2, [("campaign", "harrowmere")], None)]


@pytest.mark.parametrize(("game_id", "seats", "choices", "shown"), CHOICES)
def test_each_games_choices_come_from_its_setup_schema(web: ServerProc, browser: Any, game_id: str, seats: int,
                                                       choices: list[tuple[str, str]], shown: str | None) -> None:
    """Lobby bullet, for every game: the lists offer the values of the game's setup schema, and the
    choices made there are the table's setup."""
    schema = httpx.get(f"{web.url}/api/games/{game_id}/setup-schema", timeout=30).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(web.url + "/")
    page.click(f"[data-game='{game_id}']")
    page.select_option("#seat-count", str(seats))
    page.wait_for_function(f"document.querySelectorAll('#seat-rows .seat-row').length === {seats}")
    for field, value in choices:
        prop = schema["properties"][field]
        enum = next(b["enum"] for b in [prop, *prop.get("anyOf", [])] if b.get("enum"))
        sel = page.locator(f"select[data-choice='{field}']")
        sel.wait_for()
        values = sel.locator("option").evaluate_all("els => els.map(e => e.value)")
        default = prop.get("default")
        assert sorted(v for v in values if v) == sorted(v for v in enum if v != default), (values, enum)
        # each option shows the game's title of its id (the schema's x-titles), not the id
        labels = dict(sel.locator("option").evaluate_all("els => els.map(e => [e.value, e.textContent])"))
        titles = prop["x-titles"]
        assert all(labels[v] == titles[v] for v in values if v), (labels, titles)
        if default is not None:
            assert labels[""] == f"{titles[default]} (default)"
        if value != default:
            sel.select_option(value=value)
            assert f'"{field}": "{value}"' in page.input_value("#setup")
    page.click("#create")
    tid = page.locator("[data-testid=table-id]").inner_text(timeout=15000)     # created: no error
    assert page.inner_text("#create-error") == ""
    if shown:
        assert web.snap(tid)["view"][shown] == choices[-1][1]
    page.close()


def test_per_hero_seats_set_the_seat_count_and_a_refused_mix_says_why(web: ServerProc, browser: Any,
                                                                      shots: Path) -> None:
    """Descent's ``seats: per-hero`` chosen with 2 seats: the lobby asks the game how many seats that
    setup gives and sets the seat count (a hero each and the overlord); a mix the game refuses
    (hero-ik's scenario outside solitaire play) shows the game's own reason."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(web.url + "/")
    page.click("[data-game='descent']")
    page.wait_for_function("document.querySelectorAll('#seat-rows .seat-row').length === 2")
    page.locator("select[data-choice='seats']").select_option(value="per-hero")
    page.wait_for_function("document.querySelectorAll('#seat-rows .seat-row').length === 5")
    assert page.input_value("#seat-count") == "5"
    names = page.locator("#seat-rows .seat-name").all_inner_texts()
    assert names == ["hero1", "hero2", "hero3", "hero4", "overlord"], names
    assert '"seats": "per-hero"' in page.input_value("#setup")
    page.screenshot(path=str(shots / "lobby-per-hero.png"), full_page=True)
    page.click("#create")
    tid = page.locator("[data-testid=table-id]").inner_text(timeout=15000)
    assert page.inner_text("#create-error") == ""
    assert [s["seat"] for s in web.snap(tid)["seats"]] == names

    page.goto(web.url + "/")
    page.click("[data-game='hero-ik']")
    page.wait_for_function("document.querySelectorAll('#seat-rows .seat-row').length === 2")
    page.locator("select[data-choice='scenario']").select_option(value="hard")
    page.wait_for_function("document.getElementById('create-error').textContent !== ''")
    assert "scenario is for solitaire play" in page.inner_text("#create-error")
    assert page.input_value("#seat-count") == "2"
    page.close()
