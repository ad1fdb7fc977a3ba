"""Issue #17 section 3, Descent's combat on the web table, seen in a real headless Chromium: the
surge step with the hearts against the shields, the decision asked in words (the kinds' menu
texts, not ``hero-turn``), a Fire Breath path and the further figures of an area attack marked on
the map, conditions on the figures, monster abilities in the figures' tooltips (glossary texts),
and the Overlord deck's hand named for the overlord only, its ``card <id>`` buttons named by the card.
Everything on the page is read from the view; the tests compare the page with the view."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from questbox.core import Action, State
from questbox.games.descent import GAME
from questbox.games.descent.glossary import glossary
from tests.descent.helpers import group, quest, setup
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table, _view

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)

#: a small room: the Shadow Dragon (Fire Breath) and a Cave Spider master (Poison) next to the heroes,
#: with the Overlord deck in play
ARENA = setup(quest(groups=[group("shadow-dragon", "dragon", ["B1:C3"], masters=1, minions=0),
                            group("cave-spider", "spider", ["A3"], masters=1, minions=0, gid="spiders")]),
              modules=["overlord"])
#: the overlord's preferences: breathe fire, spend surges, attack; keep his cards (pass)
PREFER = ("breath", "surge fire-breath", "surge", "attack", "activate dragon-m", "activate spider-m", "pass", "done")


def _entries() -> dict[str, dict[str, Any]]:
    return {e["key"]: e for s in glossary(GAME)["sections"] for e in s["entries"]}


def policy(st: State, rnd: random.Random) -> tuple[str, Action]:
    """Heroes end their turns; the overlord breathes fire and keeps his cards (seeded ties)."""
    seat = st.to_move()[0]
    legal = st.legal_actions(seat)
    words = [str(a) for a in legal]
    order = PREFER if seat == "overlord" else ("end", "pass", "done")
    for p in order:
        hits = [a for a, w in zip(legal, words, strict=True) if w == p or w.startswith(p + " ")]
        if hits:
            return seat, rnd.choice(hits)
    return seat, rnd.choice(legal)


def drive(t: Table, done: Any, rnd: random.Random, limit: int = 400) -> None:
    for _ in range(limit):
        if done(t.state):
            return
        assert not t.state.is_over(), "the game ended first"
        seat, a = policy(t.state, rnd)
        t.act(seat, str(a))
    raise AssertionError("the situation was not reached")


def _breath(n: int) -> Any:
    return lambda st: (st.view("overlord")["decision"] or {}).get("kind") == "breath" and len(
        st.view("overlord")["decision"]["data"]) >= n


def _area(st: State) -> bool:
    v = st.view("overlord")
    return bool(v["attack"] and v["decision"] and any(
        x.startswith(("area:", "more:")) for x in v["attack"]["flags"]))


def test_surge_step_and_decision_in_words(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent", 2, None, seed=1)
    page = t.open(browser, "heroes")
    top = page.locator("[data-testid='decision']")
    v = _view(page)
    assert v["decision"]["kind"] not in top.inner_text() and v["decision"]["text"] in top.inner_text()
    t.play_until(lambda st: st.view("heroes")["decision"]["kind"] == "surge", seed=1)
    t.wait(page)
    v = _view(page)
    atk = v["attack"]
    page.screenshot(path=str(shots / "descent-surge-step.png"), full_page=True)
    step = page.locator("[data-testid='surge-step']")
    text = step.inner_text()
    assert f"{atk['hearts']} heart" in text and f"{atk['shields']} shield" in text, text
    assert f"{atk['surges'] - atk['spent']} surge" in text
    assert step.locator(".ds-tally-heart").count() == atk["hearts"]
    assert step.locator(".ds-tally-shield").count() == atk["shields"]
    assert "spend a surge of the attack" in top.inner_text()
    assert top.get_attribute("data-kind") == "surge" and ": surge" not in top.inner_text()
    # the surge buttons say what each ability does ("+1 range"), not its id ("range1")
    for a in t.state.legal_actions("heroes"):
        if a.name == "surge":
            first = page.locator(f"button[data-action='{a}']").inner_text().splitlines()[0]
            assert first != str(a.args[0]) and first == t.game.describe_action(v, a).removeprefix("spend surges on ")
    assert not page.errors, page.errors
    page.close()


def _conditions(st: State) -> bool:
    return any(f["conditions"] for f in st.view("overlord")["figures"].values())


def _card_offer(st: State) -> bool:
    return st.to_move() == ("overlord",) and any(a.name == "card" for a in st.legal_actions("overlord"))


def _squares(view: dict[str, Any]) -> list[str]:
    w = max(len(r) for r in view["map"]["grid"])
    return [f"{chr(65 + i % w)}{i // w + 1}" for i in view["decision"]["data"]]


#: seed 15 of :func:`policy` on ARENA reaches, in this order, a Fire Breath path of 2+ spaces (8th
#: action), a figure with a condition (17th), an Overlord card to play (23rd) and a surge decision
#: of an attack with further figures (52nd)
SEED = 15


def test_fire_breath_area_conditions_abilities_and_the_overlord_hand(web: ServerProc, browser: Any,
                                                                      shots: Path) -> None:
    t = Table(web, "descent", 2, ARENA, seed=SEED)
    rnd = random.Random(SEED)
    gloss = _entries()
    ol = t.open(browser, "overlord")
    heroes = t.open(browser, "heroes")
    # the hand: named for the overlord (glossary names), counted for the heroes
    hand = _view(ol)["mods"]["overlord"]["hand"]
    assert isinstance(hand, list) and hand
    names = [gloss[f"overlord:{c}"]["name"] for c in hand]
    assert ol.locator("[data-testid='overlord-hand'] .ds-ocard").all_inner_texts() == names
    box = heroes.locator("[data-testid='overlord-hand']").inner_text()
    assert f"{len(hand)} card" in box and not any(n in box for n in names), box
    assert heroes.locator("[data-testid='overlord-hand'] .ds-ocard").count() == 0
    # abilities in the tooltips, with the glossary's text
    tip = ol.locator("g.ds-fig[data-figure='dragon-m'] > title").text_content()
    assert f"{gloss['ability:shadow']['name']}: {gloss['ability:shadow']['text']}" in tip, tip
    # Fire Breath's path so far, on the map
    drive(t, _breath(2), rnd)
    t.wait(ol)
    v = _view(ol)
    path = _squares(v)
    ol.screenshot(path=str(shots / "descent-fire-breath.png"), full_page=True)
    drawn = ol.eval_on_selector_all("g.ds-sq[data-breath]", "els => els.map(e => [e.dataset.square, e.dataset.breath])")
    assert sorted(drawn, key=lambda x: int(x[1])) == [[sq, str(i + 1)] for i, sq in enumerate(path)]
    nxt = sorted(str(a.args[0]) for a in t.state.legal_actions("overlord"))
    assert sorted(ol.eval_on_selector_all("g.ds-sq[data-pick]", "els => els.map(e => e.dataset.square)")) == nxt
    assert " → ".join(path) in ol.locator("[data-testid='breath-path']").inner_text()
    assert ol.locator(".ds-breath-path text").all_text_contents() == [str(i + 1) for i in range(len(path))]
    assert "Fire Breath" in ol.locator("[data-testid='decision']").inner_text()
    # conditions on the figures
    drive(t, _conditions, rnd)
    t.wait(heroes)
    v = _view(heroes)
    heroes.screenshot(path=str(shots / "descent-conditions.png"), full_page=True)
    for fid, f in v["figures"].items():
        if f["status"] != "active":
            continue
        fig = heroes.locator(f"g.ds-fig[data-figure='{fid}']")
        marks = fig.locator(".ds-cond-mark").evaluate_all("els => els.map(e => e.dataset.condition)")
        assert marks == f["conditions"], (fid, marks)
    # an Overlord card to play: its button is named by the card
    drive(t, _card_offer, rnd)
    t.wait(ol)
    for a in t.state.legal_actions("overlord"):
        if a.name != "card":
            continue
        btn = ol.locator(f"button[data-action='{a}']")
        label = btn.inner_text()
        assert label.startswith(gloss[f"overlord:{a.args[0]}"]["name"]) and str(a.args[0]) not in label, label
    ol.screenshot(path=str(shots / "descent-overlord-card.png"), full_page=True)
    # the further figures of an area attack, marked on the map
    drive(t, _area, rnd)
    t.wait(ol)
    v = _view(ol)
    ol.screenshot(path=str(shots / "descent-area.png"), full_page=True)
    flagged = [x.split(":", 1)[1] for x in v["attack"]["flags"] if x.startswith(("area:", "more:"))]
    if "follow-up" in v["attack"]["flags"]:
        flagged.append(v["attack"]["target"])
    marked = ol.eval_on_selector_all("g.ds-fig[data-area='true']", "els => els.map(e => e.dataset.figure)")
    assert flagged and sorted(marked) == sorted(flagged)
    text = ol.locator("[data-testid='area-targets']").inner_text()
    assert all(v["figures"][x]["name"] in text for x in flagged), text
    assert "Fire Breath" in v["attack"]["used_words"]          # the surges spent, in words
    step = ol.locator("[data-testid='surge-step']").inner_text()
    assert "spent: " + ", ".join(v["attack"]["used_words"]) in step and "fire-breath" not in step, step
    assert not ol.errors and not heroes.errors, (ol.errors, heroes.errors)
    ol.close()
    heroes.close()
