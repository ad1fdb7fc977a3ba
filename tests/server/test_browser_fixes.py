"""Issue #19, "Wrong or costly": each fix seen in a real headless Chromium (Debian's, through
Playwright) against a real server on loopback.

The tables are created with human seats only; the moves that lead to the situation under test are
found by playing the game locally (same setup and seed) and sent through the HTTP API, then the
page is opened with a seat's link and read. Screenshots go to ``$QUESTBOX_ARTIFACTS`` or pytest's
temporary folder.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from questbox.core import Event, Game, State, get_game
from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ServerProc, tokens_of

pytestmark = pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)


class Table:
    """A table of human seats driven through the API, mirrored locally."""

    def __init__(self, web: ServerProc, game_id: str, n: int, setup: dict[str, Any] | None, seed: int) -> None:
        self.web = web
        self.game: Game = get_game(game_id)
        created = web.create(game_id, ["human"] * n, setup=setup, seed=seed)
        self.id = created["id"]
        self.tokens = tokens_of(created)
        self.links = {s["seat"]: s["link"] for s in created["seats"]}
        self.state: State = self.game.new(created["setup"], seed=seed)
        self.events: list[tuple[int, Event]] = []
        self.version = 0

    def act(self, seat: str, action: str) -> None:
        r = self.web.act(self.id, self.tokens[seat], action, expect=self.version)
        assert r.status_code == 200, r.text
        self.version += 1
        self.events += [(self.version, e) for e in self.state.apply(seat, self.game.parse_action(action))]

    def play_until(self, done: Callable[[State], bool], seed: int = 0, limit: int = 2000) -> None:
        """Random legal moves (seeded) until ``done(state)``."""
        rnd = random.Random(seed)
        for _ in range(limit):
            if done(self.state):
                return
            assert not self.state.is_over(), "the game ended first"
            seat = self.state.to_move()[0]
            self.act(seat, str(rnd.choice(self.state.legal_actions(seat))))
        raise AssertionError("the situation was not reached")

    def open(self, browser: Any, seat: str, width: int = 1280) -> Any:
        page = browser.new_page(viewport={"width": width, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.errors = errors
        page.goto(self.links[seat] if seat in self.links else self.web.url + f"/t/{self.id}")
        self.wait(page)
        return page

    def wait(self, page: Any) -> None:
        page.wait_for_function("window.questbox && window.questbox.snap && "
                               f"window.questbox.snap.version === {self.version} && "
                               "!document.body.classList.contains('busy')", timeout=30_000)


def _view(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("window.questbox.snap.view"))


# ---------------------------------------------------------------- 1 and 3: hero-ik

def _combat(st: State, rolled: bool) -> bool:
    cb = st.view("adventurers")["combat"]
    return bool(cb) and not cb.get("rps") and (cb["face"] > 0) == rolled and (not rolled or cb["add"] > 0)


def test_hero_ik_combat_shows_face_multiplier_bonus_and_total(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "hero-ik", 2, None, seed=1)
    t.play_until(lambda st: _combat(st, rolled=False), seed=1)
    page = t.open(browser, "adventurers")
    cb = _view(page)["combat"]
    text = page.inner_text("[data-testid='combat']")
    page.screenshot(path=str(shots / "hik-combat-before-roll.png"))
    # before the roll there is no face: the die's size is not shown as a result
    assert "not rolled yet" in text, text
    assert f"roll {cb['die']}" not in text
    assert f"× {cb['multiplier']}" in text and f"bonus +{cb['add']}" in text
    t.play_until(lambda st: _combat(st, rolled=True), seed=1)
    t.wait(page)
    cb = _view(page)["combat"]
    page.screenshot(path=str(shots / "hik-combat-rolled.png"))
    total = cb["face"] * cb["multiplier"] + cb["add"]
    assert cb["total"] == total
    assert page.inner_text("[data-testid='combat-sum']") == f"{cb['face']} × {cb['multiplier']} + {cb['add']} = {total}"
    assert page.locator(f"[data-testid='combat'] svg[aria-label='die: {cb['face']}']").count() == 1
    assert not page.errors, page.errors
    page.close()


def test_hero_ik_dungeon_sees_pile_tops_and_its_own_ambush(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "hero-ik", 2, None, seed=1)
    page = t.open(browser, "dungeon")
    tops = [c["pile_top"]["name"] for c in _view(page)["corridors"] if "pile_top" in c]
    assert tops, "the construction phase shows the dungeon the top of each pile"
    shown = page.locator("[data-testid='pile-top']")
    assert shown.count() == len(tops)
    assert [shown.nth(i).locator(".hk-card-name").inner_text() for i in range(len(tops))] == tops
    page.screenshot(path=str(shots / "hik-dungeon-pile-tops.png"), full_page=True)

    def ambushed(st: State) -> bool:
        return any(c["encounter"] and c["encounter"].get("face_down") and c["encounter"].get("name")
                   for c in st.view("dungeon")["corridors"])

    t.play_until(ambushed, seed=1)
    t.wait(page)
    corridor = next(c for c in _view(page)["corridors"] if c["encounter"] and c["encounter"].get("face_down"))
    box = page.locator(f"[data-corridor='{corridor['n']}']")
    page.screenshot(path=str(shots / "hik-dungeon-ambush.png"), full_page=True)
    assert box.locator(".hk-card-name").first.inner_text() == corridor["encounter"]["name"]
    assert box.locator("[data-testid='known-face-down']").count() == 1
    assert box.locator(".hk-card.back:not(.small)").count() == 0       # not drawn as "?"
    # the party still sees a face-down card
    party = t.open(browser, "adventurers")
    pbox = party.locator(f"[data-corridor='{corridor['n']}']")
    assert pbox.locator(".hk-card.back:not(.small)").count() == 1
    assert corridor["encounter"]["name"] not in pbox.inner_text()
    assert not page.errors and not party.errors, page.errors + party.errors
    party.close()
    page.close()


# ---------------------------------------------------------------- 2, 4 and 6: Heirs

def _heirs(web: ServerProc, position: dict[str, Any], **options: Any) -> Table:
    return Table(web, "heirs", 2, {"players": 2, "position": position, **({"options": options} if options else {})}, 1)


def test_heirs_deal_offers_only_the_black_chain_ends(web: ServerProc, browser: Any, shots: Path) -> None:
    t = _heirs(web, {"players": [{"hand": ["R3"], "chain": ["Y2", "Y5"]}, {"hand": ["G4"], "chain": ["B1"]}],
                     "black": {"chains": [["V7", "O3"]], "token": 4}, "deck": ["R1", "R2", "R4", "R5"],
                     "current": "p1", "step": "deal"})
    dealt = t.state.view("p1")["look"][0]
    page = t.open(browser, "p1")
    page.screenshot(path=str(shots / "heirs-deal.png"), full_page=True)
    assert page.locator(".hw-player.me .hw-end.live").count() == 0
    assert page.locator(".hw-black .hw-end.live").count() == 2
    page.locator(".hw-black .hw-end.live").first.click()
    t.version += 1
    t.wait(page)
    events = t.state.apply("p1", t.game.parse_action("deal left"))      # what the click must have sent
    assert _view(page) == t.state.view("p1")
    assert events[0].text.startswith(f"{dealt} joins the Black Chain: {dealt} V7 O3")
    assert not page.errors, page.errors
    page.close()


def test_heirs_chaining_does_not_light_the_black_chain(web: ServerProc, browser: Any) -> None:
    t = _heirs(web, {"players": [{"hand": ["R2"], "chain": ["Y2", "Y5"], "score": 3},
                                 {"hand": ["G4"], "chain": ["B1"]}],
                     "black": {"chains": [["V7", "O3"]]}, "deck": ["R1", "R3", "R4", "R5"],
                     "current": "p1", "step": "chain"})
    assert "chain R2 left" in [str(a) for a in t.state.legal_actions("p1")]
    page = t.open(browser, "p1")
    assert page.locator(".hw-black .hw-end.live").count() == 0
    assert page.locator(".hw-player.me .hw-end.live").count() == 1
    page.close()


def _prompt(page: Any) -> str:
    return str(page.inner_text("[data-testid='prompt']"))


def test_heirs_multi_step_choices_say_how_many_are_left(web: ServerProc, browser: Any, shots: Path) -> None:
    t = _heirs(web, {"players": [{"hand": ["O3", "R3", "G4"], "chain": ["Y5"]}, {"hand": ["G1"], "chain": ["B1"]}],
                     "black": {"chains": [["V7"]]}, "deck": ["R1", "R2", "R4", "R5"], "current": "p1", "step": "act"})
    page = t.open(browser, "p1")
    page.click("[data-action='command O3']")
    t.version += 1
    t.wait(page)
    assert "3 discards left" in _prompt(page)
    page.screenshot(path=str(shots / "heirs-burn-count.png"), full_page=True)
    page.click("[data-action='burn V7']")
    t.version += 1
    t.wait(page)
    assert "2 discards left" in _prompt(page)
    page.close()

    # the forced self-burn: nothing but the burner's own cards can pay
    t = _heirs(web, {"players": [{"hand": ["O1", "R3", "G4"], "chain": ["Y5"]}, {"hand": [], "chain": ["B1"]}],
                     "black": {"chains": [[]]}, "deck": ["R1", "R2", "R4", "R5"], "current": "p1", "step": "act"})
    t.act("p1", "command O1")
    page = t.open(browser, "p1")
    assert "1 discard left" in _prompt(page) and "only your own cards" in _prompt(page)
    page.close()

    # Webs
    t = _heirs(web, {"players": [{"hand": ["B2", "R3", "G4"], "chain": ["Y5"]},
                                 {"hand": ["G1"], "chain": ["B1", "B3"]}],
                     "black": {"chains": [["V7"]]}, "deck": ["R1", "R2", "R4", "R5"], "current": "p1", "step": "act"})
    t.act("p1", "command B2")
    page = t.open(browser, "p1")
    assert "up to 2 more chained cards" in _prompt(page)
    page.click("[data-action='return B3']")
    t.version += 1
    t.wait(page)
    assert "up to 1 more chained card " in _prompt(page)
    page.close()

    # Lore: keeps, then returns
    t = _heirs(web, {"players": [{"hand": ["R3"], "chain": ["Y5"]}, {"hand": ["G1"], "chain": ["B1", "B3"]}],
                     "black": {"chains": [["V7"]]}, "deck": ["R1", "R2", "R4", "R5", "R6", "R7"],
                     "current": "p1", "step": "draw", "selected": ["lore", 3]})
    t.act("p1", "ability")
    page = t.open(browser, "p1")
    assert "keep 2 more cards" in _prompt(page)
    page.click("[data-action='keep R2']")
    t.version += 1
    t.wait(page)
    assert "keep 1 more card" in _prompt(page)
    page.click("[data-action='keep R4']")
    t.version += 1
    t.wait(page)
    left = len(_view(page)["look"])
    assert left == 3 and f"put back {left} cards" in _prompt(page)
    page.screenshot(path=str(shots / "heirs-lore-return.png"), full_page=True)
    assert not page.errors, page.errors
    page.close()


def test_heirs_end_box_names_the_black_wizard(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "heirs", 2, {"players": 2, "options": {"turn_limit": 1}}, seed=3)
    t.play_until(lambda st: st.is_over(), seed=3)
    out = t.state.outcome()
    assert out is not None and out.winners == ()
    page = t.open(browser, "p1")
    box = page.inner_text("[data-testid='outcome']")
    page.screenshot(path=str(shots / "heirs-black-wins.png"), full_page=True)
    assert "Black Wizard wins" in box and "Nobody wins" not in box
    banner = page.inner_text("#turn")              # the turn banner says so too
    assert "Black Wizard wins" in banner and "nobody" not in banner, banner
    page.close()


# ---------------------------------------------------------------- 6: Heroica

def test_heroica_steps_left_and_every_step_narrated(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "heroica", 2, None, seed=2)
    page = t.open(browser, "p1")
    t.play_until(lambda st: st.view("p1")["turn"]["roll"] is not None
                 and any(a.name == "step" for a in st.legal_actions(st.to_move()[0])), seed=2)
    t.wait(page)
    turn = _view(page)["turn"]
    text = page.inner_text("[data-testid='steps']")
    assert f"{turn['steps']} step" in text and "left" in text and "taken" not in text, text
    seat = t.state.to_move()[0]
    step = next(str(a) for a in t.state.legal_actions(seat) if a.name == "step")
    t.act(seat, step)
    t.wait(page)
    after = _view(page)["turn"]
    page.screenshot(path=str(shots / "heroica-steps.png"), full_page=True)
    if after["steps"] > 0 and after["roll"]:
        assert f"{after['steps']} step" in page.inner_text("[data-testid='steps']")
        assert "1 step taken" in page.inner_text("[data-testid='steps']")
    # another seat's steps are in p1's log too, in words
    t.play_until(lambda st: any(e.kind == "step" and not e.text.startswith("p1 ") for _, e in t.events), seed=2)
    t.wait(page)
    log = page.locator("#log li span:nth-child(2)").all_inner_texts()
    steps = [e.text for _, e in t.events if e.kind == "step" and e.visible_to("p1")]
    assert any(s.startswith("p2 ") and " steps to " in s for s in steps)
    assert all(s in log for s in steps)
    assert not page.errors, page.errors
    page.close()


# ---------------------------------------------------------------- 5: the whole narration on reload

def test_reload_brings_back_the_whole_narration(web: ServerProc, browser: Any) -> None:
    t = Table(web, "pig", 2, {"target": 100_000}, seed=5)
    rnd = random.Random(5)
    while len(t.events) < 420:
        seat = t.state.to_move()[0]
        t.act(seat, "roll" if rnd.random() < 0.8 else "hold")
    page = t.open(browser, "p1")
    page.reload()
    t.wait(page)
    log = page.locator("#log li span:nth-child(2)").all_inner_texts()
    told = [e.text for _, e in t.events if e.visible_to("p1")]
    assert len(told) > 400
    assert log == told                       # every event, in order, and each move once
    assert not any(li.startswith("you:") for li in log)
    page.close()


# ---------------------------------------------------------------- polish

def test_lobby_keeps_the_case_of_table_ids(web: ServerProc, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(web.url + "/")
    page.click("[data-game='heirs']")
    page.click("#create")
    href = page.locator("a.sit").first.get_attribute("href")
    tid = href.split("/t/", 1)[1].split("#", 1)[0]
    heading = page.locator("#created h3").inner_text()     # as drawn (after CSS text-transform)
    assert tid in heading, (tid, heading)
    page.close()


LORDS = {"RL": "Heal Death", "OL": "Precise Burn", "YL": "Ancient Lore", "GL": "Grow Aura", "BL": "Tower Webs",
         "VL": "Prior Tower"}

#: per Lord card: its pip's words as drawn, and whether any word overflows the pip
_LORD_PIPS = """() => [...document.querySelectorAll('.card.lord')].map((c) => {
  const pip = c.querySelector('.pip').getBoundingClientRect();
  const cut = [...c.querySelectorAll('.pip .w')].some((w) => {
    const r = w.getBoundingClientRect();
    return w.scrollWidth > w.clientWidth + 1 || r.left < pip.left - 1 || r.right > pip.right + 1
      || r.top < pip.top - 1 || r.bottom > pip.bottom + 1;
  });
  return {id: c.dataset.card, text: c.querySelector('.pip').innerText.replace(/\\s+/g, ' ').trim(), cut};
})"""


@pytest.mark.parametrize("width", [1280, 390])
def test_heirs_lords_show_their_whole_name_and_a_six_is_marked(web: ServerProc, browser: Any, shots: Path,
                                                              width: int) -> None:
    t = _heirs(web, {"players": [{"hand": [*LORDS, "R6", "R5"], "chain": ["Y6"]}, {"hand": ["G4"], "chain": ["B1"]}],
                     "black": {"chains": [["V7"]], "token": 4}, "deck": ["R1", "R2", "R3", "R4"],
                     "current": "p1", "step": "act"})
    page = t.open(browser, "p1", width=width)
    page.screenshot(path=str(shots / f"heirs-lords-{width}.png"), full_page=True)
    pips = page.evaluate(_LORD_PIPS)
    mine = {p["id"]: p for p in pips}
    assert set(LORDS) <= set(mine)
    for cid, name in LORDS.items():
        assert mine[cid]["text"] == name and not mine[cid]["cut"], mine[cid]
    deco = "(sel) => [...document.querySelectorAll(sel)].map((e) => getComputedStyle(e).textDecorationLine)"
    assert page.evaluate(deco, ".hw-player.me .card[data-card='R6'] .n") == ["underline", "underline"]
    assert page.evaluate(deco, ".hw-player.me .card[data-card='Y6'] .n") == ["underline", "underline"]
    assert page.evaluate(deco, ".hw-player.me .card[data-card='R5'] .n") == ["none", "none"]
    assert not page.errors, page.errors
    page.close()


def test_hero_ik_rock_paper_scissors_are_drawn_not_emoji(web: ServerProc, browser: Any, shots: Path) -> None:
    t = Table(web, "hero-ik", 2, None, seed=1)
    t.play_until(lambda st: any(a.name == "rps" for a in st.legal_actions("adventurers")), seed=1)
    page = t.open(browser, "adventurers")
    page.screenshot(path=str(shots / "hik-rps.png"), full_page=True)
    for g in ("rock", "paper", "scissors"):
        button = page.locator(f"#actions button[data-action='rps {g}']")
        assert button.locator(f"svg[data-gesture='{g}']").count() == 1
        assert not any(0x2600 <= ord(ch) <= 0x27BF or ord(ch) >= 0x1F000 for ch in button.inner_text())
    page.click("#actions button[data-action='rps rock']")
    t.version += 1
    t.wait(page)
    assert page.locator(".hk-rps [data-rps='adventurers'] svg[data-gesture='rock']").count() == 1
    assert not page.errors, page.errors
    page.close()


# ---------------------------------------------------------------- the log and the prompts in words

def test_decisions_and_moves_are_told_in_words(web: ServerProc, browser: Any) -> None:
    t = Table(web, "hero-ik", 2, None, seed=1)
    t.play_until(lambda st: (st.view("adventurers")["decision"] or {}).get("kind") == "dire", seed=1)
    page = t.open(browser, "adventurers")
    top = page.inner_text(".hk-top")
    assert "dungeon: dire" not in top and "dungeon: Dire fate on this result?" in top, top
    t.act("dungeon", "pass")
    t.wait(page)
    assert any("no Dire fate" in li for li in page.locator("#log li").all_inner_texts())
    page.close()

    t = _heirs(web, {"players": [{"hand": ["R3"], "chain": ["Y5"]}, {"hand": ["G1"], "chain": ["B1", "B3"]}],
                     "black": {"chains": [["V7"]]}, "deck": ["R1", "R2", "R4", "R5", "R6", "R7"],
                     "current": "p1", "step": "draw", "selected": ["lore", 3]})
    t.act("p1", "ability")
    page = t.open(browser, "p1")
    line = page.inner_text(".hw-step-line")
    assert "lore-keep" not in line and "waiting: you — Lore: keep a card" in line, line
    page.close()

    t = Table(web, "heroica", 2, None, seed=2)
    page = t.open(browser, "p1")
    text = page.inner_text(".hq-turn")
    assert "— turn" not in text and "waiting: you — roll the die" in text, text
    page.close()


#: holds the server's WebSocket messages while ``window.__hold`` is set (``window.__release()``
#: delivers them): the page then acts on a table that has already moved on, as in a real race
_HOLD_WS = """(() => {
  const Native = window.WebSocket;
  window.__hold = false; window.__held = [];
  window.WebSocket = class extends Native {
    set onmessage(fn) {
      this.__on = fn;
      if (!this.__wired) {
        this.__wired = true;
        super.addEventListener('message', (ev) => {
          if (window.__hold) window.__held.push([this, ev]); else this.__on(ev);
        });
      }
    }
    get onmessage() { return this.__on; }
  };
  window.__release = () => { window.__hold = false; for (const [ws, ev] of window.__held.splice(0)) ws.__on(ev); };
})();"""


def test_a_simultaneous_choice_is_not_refused_when_the_other_seat_chose_first(web: ServerProc, browser: Any) -> None:
    t = Table(web, "hero-ik", 2, None, seed=1)
    t.play_until(lambda st: len(st.to_move()) > 1, seed=1)
    assert set(t.state.to_move()) == {"adventurers", "dungeon"}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(_HOLD_WS)
    page.goto(t.links["adventurers"])
    t.wait(page)
    page.evaluate("window.__hold = true")
    t.act("dungeon", "rps paper")                 # the page does not know yet
    page.click("#actions button[data-action='rps rock']")
    page.evaluate("window.__release()")
    t.state.apply("adventurers", t.game.parse_action("rps rock"))
    t.version += 1
    t.wait(page)
    assert _view(page) == json.loads(json.dumps(t.state.view("adventurers")))
    toast = page.locator("#toast")
    assert toast.is_hidden() or "moved on" not in toast.inner_text()
    page.close()


_OVERFLOW = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const box = el.getBoundingClientRect();
  const out = [...el.querySelectorAll('*')].some((k) => {
    const r = k.getBoundingClientRect();
    return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
  });
  return {text: el.innerText.replace(/\\s+/g, ' ').trim(), out};
})"""


@pytest.mark.parametrize("width", [1280, 390])
def test_heirs_raise_and_cast_buttons_fit_their_tokens(web: ServerProc, browser: Any, shots: Path, width: int) -> None:
    t = _heirs(web, {"players": [{"hand": ["R3"], "chain": ["Y2", "Y5"], "tokens": {"B": 2}},
                                 {"hand": ["G4"], "chain": ["B1"]}],
                     "black": {"chains": [["V7"]], "token": 4}, "deck": ["R1", "R2", "R4", "R5"],
                     "current": "p1", "step": "score"})
    assert any(a.name == "raise" for a in t.state.legal_actions("p1"))
    page = t.open(browser, "p1", width=width)
    page.screenshot(path=str(shots / f"heirs-raise-{width}.png"), full_page=True)
    tokens = page.evaluate(_OVERFLOW, "#actions button[data-action^='raise'] .hw-token")
    assert len(tokens) == len([a for a in t.state.legal_actions("p1") if a.name == "raise"])
    assert not any(tk["out"] for tk in tokens), tokens
    colour = "(sel) => getComputedStyle(document.querySelector(sel)).color"
    assert page.evaluate(colour, "#actions .hw-token small") == page.evaluate(colour, ".hw-player.me .hw-token small")
    page.close()


def test_heroica_a_bots_steps_are_narrated(web: ServerProc, browser: Any) -> None:
    """Bug 6, the bots' half: a bot's steps come to the person's page as words in the log, each once."""
    created = web.create("heroica", ["human", "heuristic"], seed=2)
    tid, token = created["id"], created["seats"][0]["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(created["seats"][0]["link"])
    page.wait_for_function("window.questbox && window.questbox.snap")
    rnd = random.Random(2)
    for _ in range(60):          # p1 plays by the API until the bot has stepped
        snap = web.wait(tid, lambda s: s["your_turn"] or s["status"] != "open", token)
        if any(e["kind"] == "step" and e["text"].startswith("p2 ") for e in snap["events"]):
            break
        legal = [a["action"] for a in snap["legal"]]
        act = next((a for a in legal if a == "roll"), None) or rnd.choice(legal)
        assert web.act(tid, token, act).status_code == 200
    told = [e["text"] for e in web.snap(tid, token)["events"]]
    bot_steps = [t for t in told if t.startswith("p2 ") and " steps to " in t]
    assert bot_steps, told
    page.wait_for_function(f"window.questbox.snap.version === {web.snap(tid, token)['version']}")
    log = page.locator("#log li span:nth-child(2)").all_inner_texts()
    assert log == told            # every line the seat was told, once each, in order
    page.close()


def test_a_lost_race_is_told_in_words(web: ServerProc, browser: Any) -> None:
    """The log/refusals bullet: a move sent on a table that has moved on (here the same seat played
    from another tab first) is refused with a sentence for a person, not the server's message."""
    t = Table(web, "pig", 2, {"target": 100_000}, seed=5)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(_HOLD_WS)
    page.goto(t.links["p1"])
    t.wait(page)
    page.evaluate("window.__hold = true")
    t.act("p1", "hold")                        # another tab of p1's plays first; the page does not know
    page.click("#actions button[data-action='roll']")
    page.wait_for_function("window.__held.some(([, ev]) => JSON.parse(ev.data).type === 'error')", timeout=10_000)
    page.evaluate("window.__release()")
    toast = page.locator("#toast")
    toast.wait_for(state="visible", timeout=10_000)
    text = toast.inner_text()
    assert text.startswith("Another move came first, so yours was not played"), text
    assert "expect" not in text and "version" not in text
    t.wait(page)
    assert _view(page) == json.loads(json.dumps(t.state.view("p1")))
    page.close()
