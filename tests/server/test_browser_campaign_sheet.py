"""Issue #18, the campaign as a player sees it on the web table, in a real headless Chromium: the
campaign sheet (the story, each hero's class, skills, upgrades and items, the overlord's XP,
threat, Plot cards, Overlord class cards and relics, the quests with their winners and what they
earned) by names and texts from the glossary; the face-down Plot cards named on the overlord's
page only; in a quest, each hero's sheet with his class and class cards, and the overlord's hand
named on the overlord's page only."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from questbox.core import get_game
from tests.descent.test_campaign_sheet import DOC
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)

RULES = {e["key"]: e for s in get_game("descent-campaign").glossary()["sections"] for e in s["entries"]}


def _raw_ids(text: str, ids: list[str]) -> list[str]:
    return [i for i in ids if "-" in i and re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]


def _card(sheet: Any, kind: str, cid: str, key: str) -> None:
    """The card ``cid`` of ``kind`` on the sheet shows the glossary entry ``key``'s name and text."""
    node = sheet.locator(f"[data-testid='{kind}-card'][data-card='{cid}']").first
    assert node.locator(".dc-name").inner_text() == RULES[key]["name"], (kind, cid)
    assert node.locator(".dc-text").inner_text() == RULES[key]["text"], (kind, cid)
    assert node.get_attribute("data-rule") == key


def test_the_campaign_sheet_reads_as_a_sheet_for_each_side(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent-campaign", 2, {"log": DOC}, seed=1)
    down = t.state.view("overlord")["campaign"]["facedown"]
    assert down
    for seat in ("heroes", "overlord"):
        page = t.open(browser, seat)
        sheet = page.locator("[data-testid='campaign']")
        page.screenshot(path=str(shots / f"campaign-sheet-{seat}.png"), full_page=True)
        assert page.locator("[data-testid='campaign-story']").inner_text() == RULES["story:pyre-legion"]["text"]
        assert "The Muster of the First Legion" in page.locator("[data-testid='campaign-next']").inner_text()
        # the heroes: class, skills, upgrades, items (the equipped ones too)
        syn = sheet.locator(".dc-hero[data-hero='syndrael']")
        assert syn.locator("[data-testid='hero-class']").inner_text() == RULES["class:berserker"]["name"]
        _card(syn, "skill", "brute", "card:brute")
        _card(syn, "upgrade", "toughness", "upgrade:toughness")
        _card(syn, "item", "iron-shield", "shop:iron-shield")
        _card(syn, "item", "health-potion", next(k for k in ("shop:health-potion", "item:health-potion") if k in RULES))
        _card(sheet.locator(".dc-hero[data-hero='avric']"), "item", "trueshot", "relic:trueshot")
        # the overlord: XP, threat, the class cards he bought, his relics, the Plot cards
        ol = sheet.locator("[data-testid='campaign-overlord']")
        assert "XP 1" in ol.inner_text() and "threat 3" in ol.inner_text()
        _card(ol.locator("[data-testid='overlord-class-cards']"), "overlord", "web-trap", "overlord:web-trap")
        _card(ol.locator("[data-testid='overlord-relics']"), "relic", "scorpions-kiss", "relic:scorpions-kiss")
        _card(ol, "plot", "fealty", "plot:fealty")
        names = [RULES[f"plot:{c}"]["name"] for c in down]
        if seat == "heroes":
            assert ol.locator("[data-testid='facedown-count']").inner_text() == f"{len(down)} cards (hidden)"
            assert not [n for n in names if n in page.inner_text("body")]
        else:
            for c in down:
                _card(ol, "plot", c, f"plot:{c}")
        # the quests: all six by name, the first played with its winner and what it earned
        quests = sheet.locator("[data-testid='quests-played'] li")
        assert quests.count() == 6
        played = sheet.locator("[data-testid='quest-played']")
        assert played.count() == 1 and played.get_attribute("data-winner") == "heroes"
        assert played.locator("b").inner_text() == RULES["quest:farrow-pyre"]["name"]
        earned = played.locator("[data-testid='quest-earned']").inner_text()
        assert earned == ("earned: Search cards Health Potion, Stamina Potion (50 gold); Avric Albright found "
                          "Iron Shield in a Treasure Chest; the heroes won the relic Trueshot")
        nxt = sheet.locator("[data-testid='quest-next']").inner_text()
        assert nxt == "The Muster of the First Legion (quest): next"
        text = sheet.inner_text()
        ids = ["iron-shield", "health-potion", "stamina-potion", "web-trap", "scorpions-kiss", "farrow-pyre",
               "ardus-muster", "blessed-strike", "strength-in-numbers", "pyre-legion", "first-legion", *down]
        assert _raw_ids(text, ids) == [], _raw_ids(text, ids)
        assert not page.errors, page.errors
        page.close()


def _hand(t: Table) -> list[str]:
    hand: list[str] = t.state.view("overlord")["encounter"]["mods"]["overlord"]["hand"]
    return hand


def test_in_a_quest_the_hero_sheets_show_class_cards_and_the_hand_is_the_overlords(
        web: ServerProc, browser: Any, shots: Path) -> None:
    setup = {"campaign": "pyre-legion", "heroes": ["syndrael:knight", "avric:disciple"], "overlord_deck": True}
    t = Table(web, "descent-campaign", 2, setup, seed=4)
    t.act("overlord", "plot-deck first-legion")
    hand = _hand(t)
    assert hand
    names = [RULES[f"overlord:{c}"]["name"] for c in hand]
    for seat in ("heroes", "overlord"):
        page = t.open(browser, seat)
        page.screenshot(path=str(shots / f"campaign-quest-{seat}.png"), full_page=True)
        # (the view's deck is the Search deck: the chip said "overlord deck" before)
        search = t.state.view(seat)["encounter"]["deck"]
        assert page.locator("[data-testid='search-deck']").inner_text() == f"Search deck {search}"
        box = page.locator("[data-testid='overlord-hand']")
        assert box.get_attribute("data-hand") == str(len(hand))
        html = page.content()
        if seat == "overlord":
            assert all(n in box.inner_text() for n in names)
        else:
            assert f"hand: {len(hand)} card" in box.inner_text()
            assert not [n for n in names if n in page.inner_text("body")]
            assert not [c for c in hand if f'data-card="{c}"' in html]
        # each hero's sheet: his class, and his class cards with their texts
        for hero, cls in (("syndrael", "knight"), ("avric", "disciple")):
            sheet = page.locator(f".ds-hero[data-figure='{hero}']")
            assert sheet.locator("[data-testid='hero-class']").inner_text() == RULES[f"class:{cls}"]["name"]
            cards = t.state.view(seat)["encounter"]["figures"][hero]["cards"]
            assert cards
            for c in cards:
                node = sheet.locator(f".ds-class-card[data-card='{c['id']}']")
                assert node.locator("b").inner_text() == c["name"]
                assert node.locator(".dc-text").inner_text() == c["text"]
        assert not page.errors, page.errors
        page.close()
