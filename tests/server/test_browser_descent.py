"""Issue #19, Descent on the web table, seen in a real headless Chromium (Debian's, through
Playwright): the acting hero marked (not the figures it may target), its movement points and actions
left on its sheet, the monster groups told apart on the map, the dice drawn by their faces' symbols,
and the log and menus naming figures and surges in words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from questbox.core import State, get_game
from questbox.core.replay import Replay
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table, _view

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


def _hero_turn_with_targets(st: State) -> bool:
    v = st.view("heroes")
    turn = v["turn"]
    return (st.to_move() == ("heroes",) and bool(turn) and v["figures"][turn["figure"]]["side"] == "hero"
            and not v["attack"] and turn["mp"] > 0
            and any(a.name == "attack" for a in st.legal_actions("heroes")))


def _surge_choice(st: State) -> bool:
    v = st.view("heroes")
    return (st.to_move() == ("heroes",) and bool(v["attack"]) and bool(v["attack"]["faces"])
            and any(a.name == "surge" for a in st.legal_actions("heroes")))


def _figs(page: Any) -> list[dict[str, Any]]:
    return list(page.eval_on_selector_all(
        "svg.ds-map g.ds-fig", "els => els.map(e => ({id: e.dataset.figure, label: e.dataset.label, "
        "role: e.dataset.role, acting: e.dataset.acting || null, pick: e.dataset.pick || null, "
        "fill: e.querySelector('circle, rect:not(.ds-acting-ring)').getAttribute('fill')}))"))


def test_descent_acting_hero_sheet_and_monster_tokens(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent", 2, None, seed=1)
    t.play_until(_hero_turn_with_targets, seed=1)
    page = t.open(browser, "heroes")
    v = _view(page)
    page.screenshot(path=str(shots / "descent-acting.png"), full_page=True)
    actor = v["turn"]["figure"]
    figs = _figs(page)
    # the acting hero alone is marked acting; the figures it may attack are pickable, not acting
    assert [f["id"] for f in figs if f["acting"]] == [actor]
    targets = [f for f in figs if f["pick"] and f["id"] != actor]
    assert targets and not any(f["acting"] for f in targets)
    # its sheet shows what is left of its turn
    sheet = page.locator(f".ds-hero[data-figure='{actor}']")
    assert sheet.get_attribute("data-acting") == "true"
    assert page.locator(".ds-hero[data-acting='true']").count() == 1
    left = sheet.locator("[data-testid='turn-left']").inner_text()
    mp, acts = v["turn"]["mp"], v["turn"]["actions"]
    assert f"{mp} movement point" in left and f"{acts} action" in left and "left" in left, left
    # monsters: one token label each, a letter and colour per group, master drawn apart from minions
    monsters = [f for f in figs if f["role"] != "hero"]
    assert len({f["label"] for f in monsters}) == len(monsters), monsters
    by_group: dict[str, set[tuple[str, str]]] = {}
    for f in monsters:
        g = v["figures"][f["id"]]["group"]
        by_group.setdefault(g, set()).add((f["label"][0], f["role"]))
    letters = {g: {x[0] for x in s} for g, s in by_group.items()}
    assert all(len(s) == 1 for s in letters.values()) and len({next(iter(s)) for s in letters.values()}) == len(letters)
    zombie = {f["fill"] for f in monsters if v["figures"][f["id"]]["group"] == "zombies" and f["role"] == "minion"}
    goblin = {f["fill"] for f in monsters if v["figures"][f["id"]]["group"] == "goblins" and f["role"] == "minion"}
    assert zombie and goblin and not zombie & goblin
    master = next(f for f in monsters if f["id"] == "zombie-m")
    assert master["role"] == "master" and "M" in master["label"] and master["fill"] not in zombie
    # the monster list names the groups in words and uses the same labels
    minion = next(f for f in monsters if f["role"] == "minion")
    assert page.locator(f".ds-group .chip[data-figure='{minion['id']}']").inner_text().startswith(minion["label"])
    assert "Zombie" in page.locator(".ds-group b").all_inner_texts()
    assert not page.errors, page.errors
    page.close()


def test_descent_dice_by_symbols_and_log_in_words(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent", 2, None, seed=1)
    t.play_until(_surge_choice, seed=1)
    page = t.open(browser, "heroes")
    v = _view(page)
    page.screenshot(path=str(shots / "descent-dice.png"), full_page=True)
    atk = v["attack"]
    box = page.locator("[data-testid='attack']")
    labels = box.locator("svg.ds-die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == len(atk["dice"]) + len(atk["def_dice"])
    for d, fc, label in zip(atk["dice"], atk["shown"], labels, strict=False):
        assert label.startswith(f"{d} die: ")
        if fc["hearts"]:
            assert f"{fc['hearts']} heart" in label
        if fc["range"]:
            assert f"range {fc['range']}" in label
    # the symbols are drawn: one heart per heart, one bolt per surge; no face numbers in the box
    assert box.locator(".ds-sym-heart").count() == sum(fc["hearts"] for fc in atk["shown"])
    assert box.locator(".ds-sym-surge").count() == sum(fc["surges"] for fc in atk["shown"])
    texts = box.locator("svg.ds-die").evaluate_all(
        "els => els.map(e => [...e.querySelectorAll('text')].map(t => t.textContent).join(''))")
    rolled = [str(fc["range"]) if fc["range"] else "" for fc in atk["shown"]]
    assert texts[:len(rolled)] == rolled, (texts, atk["faces"])      # the range number, not the face number
    # names in words: the attack box, the surge menu and the log
    names = {fid: f["name"] for fid, f in v["figures"].items()}
    assert f"{names[atk['attacker']]} → {names[atk['target']]}" in box.locator(".ds-label").text_content()
    body = page.inner_text("body")
    assert "spend surges on +1 range" in body or "spend surges on recover 1 fatigue" in body, body[-2000:]
    ids = [fid for fid, f in v["figures"].items() if f["side"] != "hero"]
    log = [e.text for _, e in t.events if e.visible_to("heroes")]
    assert any(names[atk["target"]] in x for x in log)
    assert not any(re.search(rf"(?<![\w-]){re.escape(fid)}(?![\w-])", x) for x in log for fid in ids), log
    assert not page.errors, page.errors
    page.close()


def test_the_quest_is_named_on_the_table_and_in_the_replay_viewer(web: ServerProc, browser: Any, shots: Path,
                                                                 tmp_path: Path) -> None:
    """The top bar names the quest in words (its glossary name, with its goals as a tooltip), not by
    its id; the replay viewer draws with the same names and tooltips (it had no glossary)."""
    game = get_game("descent")
    rules = {e["key"]: e for s in game.glossary()["sections"] for e in s["entries"]}
    t = Table(web, "descent", 2, None, seed=1)
    quest = t.state.view("heroes")["quest"]
    name = rules[f"quest:{quest}"]["name"]
    assert name != quest
    page = t.open(browser, "heroes")
    assert page.inner_text("[data-testid='quest-name']") == name
    path = tmp_path / "descent.json"
    path.write_text(json.dumps(Replay(game="descent", seed=1, actions=[]).to_json()))
    page.goto(web.url + "/viewer")
    page.set_input_files("[data-testid='replay-file']", str(path))
    page.wait_for_function("document.getElementById('replay-viewer').dataset.step === '0'")
    top = page.locator(".replay-board [data-testid='quest-name']")
    assert top.inner_text() == name
    group = page.locator(".replay-board .ds-group b[data-rule^='group:']").first
    assert rules[str(group.get_attribute("data-rule"))]["name"] in group.inner_text()
    top.hover()
    tip = page.locator("[data-testid='rule-tip']")
    tip.wait_for(state="visible", timeout=5000)
    assert rules[f"quest:{quest}"]["text"] in tip.inner_text()
    page.screenshot(path=str(shots / "replay-descent-named.png"))
    assert not page.errors, page.errors
    page.close()


def test_hero_sheets_show_their_stats(web: ServerProc, browser: Any, shots: Path) -> None:
    """Each hero's sheet shows its printed speed, defense dice and attributes (the glossary's
    hero entry, the game's data), not only Health and Stamina."""
    rules = {e["key"]: e for s in get_game("descent").glossary()["sections"] for e in s["entries"]}
    t = Table(web, "descent", 2, None, seed=1)
    page = t.open(browser, "heroes")
    heroes = [fid for fid, f in _view(page)["figures"].items() if f["side"] == "hero"]
    assert heroes
    for fid in heroes:
        facts = dict(rules[f"hero:{fid}"]["facts"])
        text = page.locator(f".ds-hero[data-figure='{fid}'] [data-testid='hero-stats']").inner_text()
        assert f"speed {facts['speed']}" in text and f"defense {facts['defense']}" in text, text
        assert facts["might / knowledge / willpower / awareness"] in text, text
    page.locator(".ds-heroes, .ds-hero").first.screenshot(path=str(shots / "descent-hero-stats.png"))
    assert not page.errors, page.errors
    page.close()


def test_descent_hero_sheet_lists_its_class_cards_with_their_texts(web: ServerProc, browser: Any, shots: Path) -> None:
    # issue #18: the starting cards and the skills bought, from the view, on each hero's sheet
    t = Table(web, "descent", 2, {"heroes": ["syndrael:knight", "avric"], "skills": {"syndrael": ["shield-slam"]}},
              seed=1)
    page = t.open(browser, "heroes")
    sheet = page.locator(".ds-hero[data-figure='syndrael'] [data-testid='class-cards']")
    assert sheet.get_attribute("data-testid") == "class-cards"
    cards = sheet.locator(".ds-class-card")
    assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == [
        "oath-of-honor", "iron-longsword", "wooden-shield", "shield-slam"]
    assert "Stuns" in sheet.locator(".ds-class-card[data-card='shield-slam']").inner_text()
    page.locator(".ds-hero[data-figure='syndrael']").screenshot(path=str(shots / "descent-class-cards.png"))
    assert not page.errors, page.errors
