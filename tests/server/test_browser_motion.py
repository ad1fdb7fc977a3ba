"""Issue #19, movement that can be followed, in a real headless Chromium (Debian's, through
Playwright): on Heroica's and Descent's maps a figure that moves slides from its old space to its
new one (a CSS transition on the figure), not at all when the user prefers reduced motion, the
acting figure is marked, and the last move stays marked (from and to spaces, a trail) after the
page redraws. Moves are made by clicking the map."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from questbox.core import State, get_game
from questbox.core.replay import Replay
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc
from tests.server.test_browser_fixes import Table, _view

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)

#: records every transition that starts on a figure of the map (window.__slides)
RECORD = """
window.__slides = [];
document.addEventListener('transitionrun', (e) => {
  const f = e.target.closest && e.target.closest('[data-figure]');
  if (f) window.__slides.push({ figure: f.dataset.figure, prop: e.propertyName,
                                duration: getComputedStyle(f).transitionDuration });
}, true);
"""


def _open(t: Table, browser: Any, seat: str, reduced: bool = False) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900},
                            reduced_motion="reduce" if reduced else "no-preference")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    page.add_init_script(RECORD)
    page.goto(t.links[seat])
    t.wait(page)
    return page


def _click_move(t: Table, page: Any, attr: str, space: str, seat: str, action: str) -> None:
    """Click ``space`` on the map (it names exactly ``action``) and mirror the move locally."""
    page.click(f"[{attr}='{space}'].pickable", force=True)
    t.version += 1
    t.events += [(t.version, e) for e in t.state.apply(seat, t.game.parse_action(action))]
    t.wait(page)


def _slides_done(page: Any) -> None:
    """Wait until no figure of the map is in a transition."""
    page.wait_for_function("![...document.querySelectorAll('[data-figure]')]"
                           ".some(f => f.getAnimations().length)", timeout=5000)


def _at(t: Table, seat: str) -> str:
    return str(next(h["at"] for h in t.state.view(seat)["heroes"] if h["seat"] == seat))


def _acting(page: Any) -> list[str]:
    return list(page.locator("svg.ds-map [data-acting='true']").evaluate_all("els => els.map(e => e.dataset.figure)"))


def _last_move(page: Any) -> list[dict[str, str]]:
    return list(page.eval_on_selector_all(
        "[data-testid='last-move']", "els => els.map(e => ({figure: e.dataset.figureMoved, "
        "from: e.dataset.from, to: e.dataset.to}))"))


def test_heroica_hero_slides_and_the_last_move_stays_marked(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "heroica", 2, None, seed=1)
    t.act("p1", "roll")
    page = _open(t, browser, "p1")
    # the acting hero is marked on the map; no move yet, so no trail
    assert page.locator("svg.hq-board [data-figure='p1'][data-acting='true']").count() == 1
    assert page.locator("svg.hq-board [data-figure='p2'][data-acting='true']").count() == 0
    assert _last_move(page) == []
    start = _at(t, "p1")
    _click_move(t, page, "data-space", "b1", "p1", "step b1")
    end = _at(t, "p1")      # b1, or past it when another hero stands there
    assert end != start
    page.wait_for_function("window.__slides.some(s => s.figure === 'p1' && s.prop === 'transform')", timeout=5000)
    slides = page.evaluate("window.__slides")
    assert {s["figure"] for s in slides} == {"p1"}, slides       # p2 stood still
    assert all(s["duration"] != "0s" for s in slides)
    page.screenshot(path=str(shots / "motion-heroica-step.png"))
    assert _last_move(page) == [{"figure": "p1", "from": start, "to": end}]
    assert page.get_attribute(f"[data-space='{end}']", "data-last-move") == "to"
    assert page.get_attribute(f"[data-space='{start}']", "data-last-move") == "from"
    assert page.get_attribute("svg.hq-board [data-figure='p1']", "data-moved") == "true"
    assert page.get_attribute("svg.hq-board [data-figure='p1']", "data-at") == end
    # a redraw where nobody moved keeps the mark and slides nothing (once the slide above has
    # ended: a transition still running when the page redraws may be restarted by it)
    _slides_done(page)
    page.evaluate("window.__slides = []")
    t.act("p2", "roll")      # the other seat rolls (through the API): the page redraws
    t.wait(page)
    assert page.locator("svg.hq-board [data-figure='p2'][data-acting='true']").count() == 1
    assert _last_move(page) == [{"figure": "p1", "from": start, "to": end}]
    assert page.evaluate("window.__slides") == []
    assert not page.errors, page.errors
    page.close()


def test_heroica_reduced_motion_marks_the_move_without_sliding(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "heroica", 2, None, seed=1)
    t.act("p1", "roll")
    page = _open(t, browser, "p1", reduced=True)
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    start = _at(t, "p1")
    _click_move(t, page, "data-space", "b1", "p1", "step b1")
    end = _at(t, "p1")
    page.wait_for_timeout(600)
    assert page.evaluate("window.__slides") == []
    assert page.evaluate("document.querySelector(\"svg.hq-board [data-figure='p1']\").style.transform") == ""
    # the acting ring does not turn either
    assert page.evaluate("getComputedStyle(document.querySelector('.hq-acting-dash')).animationName") == "none"
    assert _last_move(page) == [{"figure": "p1", "from": start, "to": end}]
    page.screenshot(path=str(shots / "motion-heroica-reduced.png"))
    assert not page.errors, page.errors
    page.close()


def _hero_can_move(st: State) -> bool:
    if st.to_move() != ("heroes",):
        return False
    v = st.view("heroes")
    turn = v["turn"]
    if not turn or v["figures"][turn["figure"]]["side"] != "hero" or v["attack"]:
        return False
    return any(a.name == "move" and a.args for a in st.legal_actions("heroes"))


def test_descent_figure_slides_acting_hero_marked_last_move_kept(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "descent", 2, None, seed=1)
    t.play_until(_hero_can_move, seed=3)
    page = _open(t, browser, "heroes")
    actor = _view(page)["turn"]["figure"]
    assert _acting(page) == [actor]
    legal = [str(a) for a in t.state.legal_actions("heroes")]
    square = next(a.split()[1] for a in legal if a.startswith("move ") and len(a.split()) == 2
                  and sum(1 for b in legal if square_word(b) == a.split()[1]) == 1)
    start = page.get_attribute(f"svg.ds-map [data-figure='{actor}']", "data-at")
    _click_move(t, page, "data-square", square, "heroes", f"move {square}")
    page.wait_for_function(f"window.__slides.some(s => s.figure === '{actor}' && s.prop === 'transform')", timeout=5000)
    page.screenshot(path=str(shots / "motion-descent-move.png"))
    assert {s["figure"] for s in page.evaluate("window.__slides")} == {actor}
    assert _last_move(page) == [{"figure": actor, "from": start, "to": square}]
    assert page.get_attribute(f"[data-square='{square}']", "data-last-move") == "to"
    assert _acting(page) == [actor]
    assert not page.errors, page.errors
    page.close()


def square_word(action: str) -> str | None:
    """The square an action names as its last word (``move D6``, ``search D6``), else None."""
    w = action.split()
    return w[-1] if len(w) > 1 and w[-1][:1].isalpha() and w[-1][1:].isdigit() else None


#: samples, every frame, where hero p1 is drawn and which version the page shows (window.__frames)
FRAMES = """
window.__frames = [];
(function sample() {
  const f = document.querySelector("svg.hq-board [data-figure='p1']");
  if (f && window.questbox && window.questbox.snap) {
    const r = f.getBoundingClientRect();
    window.__frames.push({ v: window.questbox.snap.version, x: r.x + r.width / 2, y: r.y + r.height / 2,
                           transform: getComputedStyle(f).transform });
  }
  requestAnimationFrame(sample);
})();
"""


def test_heroica_slide_goes_on_when_a_bot_moves_right_after(web: ServerProc, browser: Any, shots: Path) -> None:
    """(a) of the last session: the bot's answer redraws the map while the hero still slides; the
    slide goes on from where it was (no jump to the end) and ends at the new space."""
    created = web.create("heroica", ["human", "heuristic"], seed=1)
    tid, token = created["id"], created["seats"][0]["token"]
    assert web.act(tid, token, "roll", expect=0).status_code == 200
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(FRAMES)
    page.goto(created["seats"][0]["link"])
    page.wait_for_function("window.questbox && window.questbox.snap && window.questbox.snap.version === 1")
    page.add_style_tag(content=":root { --qb-slide: 2000ms; }")     # slow, so the bot surely answers mid-slide
    before = page.evaluate("(() => { const r = document.querySelector(\"svg.hq-board [data-figure='p1']\")"
                           ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    page.evaluate("window.__frames = []")
    page.click("[data-space='b1'].pickable", force=True)
    page.wait_for_function("window.questbox.snap.version >= 3", timeout=10_000)     # the bot has played
    page.wait_for_timeout(2400)
    page.screenshot(path=str(shots / "motion-heroica-bot-after.png"))
    frames = [f for f in page.evaluate("window.__frames") if f["v"] >= 2]
    after = page.evaluate("(() => { const r = document.querySelector(\"svg.hq-board [data-figure='p1']\")"
                          ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    dist = ((after[0] - before[0]) ** 2 + (after[1] - before[1]) ** 2) ** 0.5
    assert dist > 20, (before, after)
    # the hero still slides in frames drawn after the bot's move was drawn
    late = [f for f in frames if f["v"] >= 3 and f["transform"] != "none"]
    assert late, "the bot's redraw cut the slide short"
    # and it never jumps: no frame moves the hero half the way at once (frames come every ~16 ms)
    steps = [((b["x"] - a["x"]) ** 2 + (b["y"] - a["y"]) ** 2) ** 0.5 for a, b in itertools.pairwise(frames)]
    assert max(steps) < dist / 2, (max(steps), dist)
    assert frames[-1]["transform"] == "none" and abs(frames[-1]["x"] - after[0]) < 1
    page.close()


def test_the_replay_viewer_map_slides_forward_and_back(web: ServerProc, browser: Any, shots: Path,
                                                       tmp_path: Path) -> None:
    """(b) of the last session: stepping through a replay (here a file of a short Heroica game, on
    /viewer) slides the hero from one step's space to the next's, and back on a step back; the last
    move is marked as on the table."""
    game = get_game("heroica")
    state = game.new(None, seed=1)
    actions = [("p1", "roll"), ("p1", "step b1")]
    for seat, text in actions:
        state.apply(seat, game.parse_action(text))
    end = str(next(h["at"] for h in state.view(None)["heroes"] if h["seat"] == "p1"))
    start = str(next(h["at"] for h in game.new(None, seed=1).view(None)["heroes"] if h["seat"] == "p1"))
    path = tmp_path / "heroica-short.json"
    path.write_text(json.dumps(Replay(game="heroica", seed=1, setup=None, actions=actions).to_json()))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(RECORD)
    page.goto(web.url + "/viewer")
    page.set_input_files("[data-testid='replay-file']", str(path))

    def at_step(k: int) -> None:
        page.wait_for_function(f"document.getElementById('replay-viewer').dataset.step === '{k}' && "
                               "!document.getElementById('replay-viewer').classList.contains('busy')")

    at_step(0)
    page.keyboard.press("End")
    at_step(2)
    page.wait_for_function("window.__slides.some(s => s.figure === 'p1' && s.prop === 'transform')", timeout=5000)
    assert {s["figure"] for s in page.evaluate("window.__slides")} == {"p1"}
    assert _last_move(page) == [{"figure": "p1", "from": start, "to": end}]
    page.screenshot(path=str(shots / "motion-replay-forward.png"))
    page.evaluate("window.__slides = []")
    page.keyboard.press("Home")                        # back to the setup: the hero slides back
    at_step(0)
    page.wait_for_function("window.__slides.some(s => s.figure === 'p1' && s.prop === 'transform')", timeout=5000)
    assert _last_move(page) == [{"figure": "p1", "from": end, "to": start}]
    assert not errors, errors
    page.close()
