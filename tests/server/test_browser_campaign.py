"""Issue #19, Descent in words, in a real headless Chromium (Debian's, through Playwright): the action
buttons' titles and labels name figures, heroes and items (no raw ids such as ``zombie-1`` or
``stamina-potion``), and the campaign sheet shows its Plot cards, Shop offer, upgrades and items as
cards with the names and texts of the game's own glossary."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from questbox.core import State, get_game
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table, _view

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def _raw_ids(text: str, ids: list[str]) -> list[str]:
    return [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]


def _buttons(page: Any) -> list[dict[str, str]]:
    return list(page.eval_on_selector_all(
        "#actions button.act", "els => els.map(e => ({action: e.dataset.action, title: e.title, label: e.innerText}))"))


def _hero_may_attack(st: State) -> bool:
    v = st.view("heroes")
    return (st.to_move() == ("heroes",) and bool(v["turn"]) and not v["attack"]
            and any(a.name == "attack" for a in st.legal_actions("heroes")))


def test_descent_action_buttons_are_titled_in_words(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent", 2, None, seed=1)
    t.play_until(_hero_may_attack, seed=1)
    page = t.open(browser, "heroes")
    v = _view(page)
    ids = list(v["figures"])
    buttons = _buttons(page)
    page.screenshot(path=str(shots / "descent-buttons.png"), full_page=True)
    attacks = [b for b in buttons if b["action"].startswith("attack ")]
    assert attacks
    for b in buttons:
        assert not _raw_ids(b["title"], ids), b
        assert not _raw_ids(b["label"], ids), b
    for b in attacks:
        name = v["figures"][b["action"].split()[1]]["name"]
        assert b["title"] == f"attack {name}", b
        assert b["label"].startswith(name), b
    assert not page.errors, page.errors
    page.close()


def _to_the_shop(t: Table) -> None:
    """Choose the First Legion Plot deck, then random moves until the Shop offers something and a
    Plot card is face up."""
    rnd = random.Random(2)
    for _ in range(5000):
        seat = t.state.to_move()[0]
        c = t.state.view(seat)["campaign"]
        if c["shop"] and c["faceup"] and c["phase"] == "shopping":
            return
        legal = [str(a) for a in t.state.legal_actions(seat)]
        if c["phase"] == "plot-deck":
            t.act(seat, next(a for a in legal if a != "plot-deck none"))
        else:
            t.act(seat, rnd.choice(legal))
    raise AssertionError("the shop was not reached")


def test_campaign_sheet_shows_card_names_and_texts(web: ServerProc, browser: Any, shots: Path) -> None:
    game = get_game("descent-campaign")
    rules = {e["key"]: e for s in game.glossary()["sections"] for e in s["entries"]}
    t = Table(web, "descent-campaign", 2, None, seed=1)
    _to_the_shop(t)
    page = t.open(browser, "heroes")
    c = _view(page)["campaign"]
    sheet = page.locator("[data-testid='campaign']")
    page.screenshot(path=str(shots / "campaign-sheet.png"), full_page=True)
    # each face-up Plot card and each Shop item: its glossary name and text, and its tooltip key
    for kind, ids, keys in (("plot", c["faceup"], ["plot:{}"]), ("shop", c["shop"]["offer"], ["shop:{}", "item:{}"])):
        assert ids
        for i in dict.fromkeys(ids):          # an offer may hold two copies of a card: one card each
            key = next(k.format(i) for k in keys if k.format(i) in rules)
            cards = sheet.locator(f"[data-testid='{kind}-card'][data-card='{i}']")
            assert cards.count() == ids.count(i)
            card = cards.first
            assert card.locator(".dc-name").inner_text() == rules[key]["name"]
            assert card.locator(".dc-text").inner_text() == rules[key]["text"]
            assert card.get_attribute("data-rule") == key
    text = sheet.inner_text()
    raw = [*c["faceup"], *c["shop"]["offer"], *(x.split(":")[0] for x in c["heroes"])]
    assert not _raw_ids(text, raw), (raw, text)
    # the Shop's cards are picked on the page; the buy buttons are titled in words
    buys = [b for b in _buttons(page) if b["action"].startswith("buy ")]
    assert buys
    # (an item the party cannot afford is offered but not pickable)
    buyable = {b["action"].split()[1] for b in buys}
    assert sheet.locator("[data-testid='shop-card'].pickable").count() == \
        sum(1 for i in c["shop"]["offer"] if i in buyable)
    heroes = [x.split(":")[0] for x in c["heroes"]]
    for b in buys:
        assert not _raw_ids(b["title"], [*c["shop"]["offer"], *heroes]), b
    # the Plot deck is named and explained: its own glossary entry, as a tooltip
    deck = sheet.locator("[data-testid='plot-deck']")
    entry = rules[f"plotdeck:{c['plot_deck']}"]
    assert entry["text"] and deck.inner_text() == f"Plot deck: {entry['name']}"
    assert deck.get_attribute("data-rule") == f"plotdeck:{c['plot_deck']}"
    deck.hover()
    tip = page.locator("[data-testid='rule-tip']")
    tip.wait_for(state="visible", timeout=5000)
    assert entry["text"] in tip.inner_text()
    page.screenshot(path=str(shots / "campaign-plot-deck-tip.png"))
    page.mouse.move(0, 0)
    page.keyboard.press("Escape")
    # the tooltip of a Plot card is its rule text
    first = c["faceup"][0]
    sheet.locator(f"[data-testid='plot-card'][data-card='{first}']").hover()
    tip = page.locator("[data-testid='rule-tip']")
    tip.wait_for(state="visible", timeout=5000)
    assert rules[f"plot:{first}"]["text"] in tip.inner_text()
    assert not page.errors, page.errors
    page.close()


def test_campaign_sheet_shows_each_heros_skill_cards(web: ServerProc, browser: Any) -> None:
    # issue #18: the skill cards bought with XP, by name and text, on the hero's part of the sheet
    rules = {e["key"]: e for s in get_game("descent-campaign").glossary()["sections"] for e in s["entries"]}
    log = {"heroes": ["syndrael", "avric"], "skills": {"syndrael": ["brute"], "avric": ["blessed-strike"]}}
    t = Table(web, "descent-campaign", 2, {"log": log}, seed=1)
    page = t.open(browser, "heroes")
    for hero, card in (("syndrael", "brute"), ("avric", "blessed-strike")):
        node = page.locator(f".dc-hero[data-hero='{hero}'] [data-testid='skill-card'][data-card='{card}']")
        assert node.locator(".dc-name").inner_text() == rules[f"card:{card}"]["name"]
        assert node.locator(".dc-text").inner_text() == rules[f"card:{card}"]["text"]
    assert not page.errors, page.errors
    page.close()


def test_the_campaign_phase_log_is_told_in_words(web: ServerProc, browser: Any, shots: Path) -> None:
    """A few Campaign-phase moves, one clicked on the page: the log names the heroes, items,
    upgrades and Plot cards (no raw id, no ``heroes: buy ...`` notation)."""
    log = {"heroes": ["syndrael", "avric"], "plot_deck": "first-legion", "phase": "shopping", "next": 1,
           "gold": 50, "threat": 4, "xp": {"syndrael": 1, "overlord": 1}, "fortune": {"syndrael": 1, "avric": 1},
           "shop": {"offer": ["iron-shield", "leather-armor"], "deck": ["light-hammer", "iron-spear"]}}
    t = Table(web, "descent-campaign", 2, {"log": log}, seed=1)
    t.act("heroes", "buy iron-shield syndrael")
    t.act("heroes", "extra-card syndrael avric")
    page = t.open(browser, "heroes")
    page.click("#actions button.act[data-action='done']")          # done shopping, on the page
    t.version += 1
    t.events += [(t.version, e) for e in t.state.apply("heroes", "done")]
    t.wait(page)
    for seat, action in (("heroes", "upgrade syndrael toughness"), ("heroes", "done"),
                         ("overlord", "xp-threat"), ("overlord", "buy-plot retribution")):
        t.act(seat, action)
    t.wait(page)
    lines = page.locator("#log li span:nth-child(2)").all_inner_texts()
    page.screenshot(path=str(shots / "campaign-log-words.png"), full_page=True)
    told = [e.text for _, e in t.events if e.kind == "campaign"]
    assert len(told) == 7 and all(s in lines for s in told), (told, lines)
    for want in ("Syndrael buys an Iron Shield", "to draw 1 more Shop card: a Light Hammer",
                 "The heroes are done shopping", "Syndrael takes the upgrade Toughness",
                 "The overlord buys the Plot card Retribution"):
        assert any(want in li for li in lines), (want, lines)
    raw = ["iron-shield", "light-hammer", "leather-armor", "toughness", "retribution", "syndrael", "avric",
           "buy-plot", "xp-threat", "extra-card", "first-legion"]
    assert not _raw_ids("\n".join(lines), raw), lines
    assert not any(re.match(r"(you|heroes|overlord): ", li) for li in lines), lines
    assert not page.errors, page.errors
    page.close()
