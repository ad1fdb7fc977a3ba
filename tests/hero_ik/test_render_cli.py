"""The terminal face: rendering every seat's view, action descriptions, and `questbox play`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rich.console import Console

from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.bots import HeuristicAgent
from tests.hero_ik.conftest import new, play


def _text(view: dict[str, object], seat: str | None) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render(view, seat))
    return console.export_text()


def test_render_and_describe_along_a_game() -> None:
    s = new({"party": ["hero", "nova", "force", "epee", "priere"]}, seed=8)
    bots = {x: HeuristicAgent(seed=i) for i, x in enumerate(s.seats)}
    seen: set[str] = set()
    while not s.is_over():
        seat = s.to_move()[0]
        kind = s.pending[-1].kind
        if kind not in seen:
            seen.add(kind)
            for who in (*s.seats, None):
                text = _text(s.view(who), who)
                assert "Corridor 1" in text and "Courage" in text
            view = s.view(seat)
            for a in s.legal_actions(seat):
                assert GAME.describe_action(view, a)
        s.apply(seat, bots[seat].act(s, seat))
    assert "Game over" in _text(s.view(None), None)


def test_render_hides_what_the_seat_cannot_see() -> None:
    s = new({"shuffle": False})
    dm = _text(s.view("dungeon"), "dungeon")
    adv = _text(s.view("adventurers"), "adventurers")
    assert "top (you looked): Gobelin" in dm and "top (you looked)" not in adv
    assert "Potion de force" in adv and "Potion de force" not in dm
    assert GAME.describe_action(s.view("dungeon"), GAME.parse_action("swap 1 2")) == \
        "swap the piles of corridors 1 and 2"


def test_questbox_play_solitaire_and_duel_with_bots(tmp_path: Path) -> None:
    setup = tmp_path / "hard.yaml"
    setup.write_text("scenario: hard\nparty: [hero, nova, force, epee, priere]\n")
    for seats, extra in (("heuristic", ["--setup", str(setup)]), ("heuristic,heuristic", [])):
        save = tmp_path / f"{len(seats)}.json"
        res = subprocess.run([sys.executable, "-m", "questbox.cli", "play", "hero-ik", "--seats", seats,
                              "--seed", "3", "--save", str(save), *extra],
                             capture_output=True, text=True, check=False, timeout=120)
        assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
        assert "game over" in res.stdout
        rep = subprocess.run([sys.executable, "-m", "questbox.cli", "replay", str(save)],
                             capture_output=True, text=True, check=False, timeout=120)
        assert rep.returncode == 0 and "replay verified" in rep.stdout


def test_questbox_play_for_a_person_at_the_keyboard() -> None:
    """A person plays the adventurers (typing a number and a notation), then leaves."""
    res = subprocess.run([sys.executable, "-m", "questbox.cli", "play", "hero-ik", "--seats", "human,heuristic",
                          "--seed", "5"], input="done\n1\nq\n", capture_output=True, text=True, check=False,
                         timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "adventurers: your move" in res.stdout and "You left the table." in res.stdout


def test_rock_paper_scissors_read_in_plain_ascii() -> None:
    """Issue #19: the rock/paper/scissors emoji showed as empty boxes with Debian's fonts; the
    terminal and the menus use plain words."""
    s = new({"shuffle": False, "start": {"fear": 0}})
    play(s, ("dungeon", "keep"), "done", "attack 1")
    view = s.view("dungeon")
    picks = [a for a in s.legal_actions("dungeon") if a.name == "rps"]
    assert {str(a.args[0]) for a in picks} == {"rock", "paper", "scissors"}
    for a in picks:
        text = GAME.describe_action(view, a)
        assert str(a.args[0]) in text and text.isascii(), text
    s.apply("dungeon", "rps scissors")
    panel = _text(s.view("dungeon"), "dungeon")
    line = next(x for x in panel.splitlines() if "dungeon: " in x and "scissors" in x)
    assert line.strip().strip("│┃ ").isascii(), line
