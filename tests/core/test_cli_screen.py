"""``questbox play``'s screen (issue #19): the table is drawn whole at a seat's first look, then only
what changed since that seat last looked (no full redraw after every decision); ``t`` draws it whole;
``?`` explains the rules words of the moment from the game's glossary and ``? WORD`` looks one up."""

from __future__ import annotations

from rich.console import Console
from typer.testing import CliRunner

from questbox.cli import app
from questbox.core import get_game
from questbox.terminal import Screen, changed_lines, content

runner = CliRunner()
HEIRS = ["play", "heirs", "--seats", "human,human", "--seed", "3"]
#: the header row of Heirs' seat table: drawn only with the whole table
HEADER = "seat      score  tokens"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_only_what_changed_is_drawn_after_a_move() -> None:
    res = runner.invoke(app, HEIRS, input="1\n1\nq\n")
    assert res.exit_code == 0, res.output
    # the whole table once (p1's first look), then two moves that redraw only their changes
    assert res.output.count(HEADER) == 1, res.output
    assert res.output.count("What changed") == 2
    after = res.output.rpartition("What changed")[2]
    assert "Waiting for you" in after and "Deck" in after       # the lines that did change
    assert "p2          1/7" not in after                        # p2's row did not change: not redrawn
    assert "p1: your move" in after                              # and the menu


def test_t_draws_the_whole_table_again() -> None:
    res = runner.invoke(app, HEIRS, input="1\nt\nq\n")
    assert res.exit_code == 0, res.output
    assert res.output.count(HEADER) == 2
    assert res.output.count("p1: your move") == 3               # after t the menu comes again


def test_each_hot_seat_player_gets_a_whole_table_at_their_first_look() -> None:
    # p1 plays its turn (the first offered move each time); p2's first prompt draws p2's own view
    # whole, not a diff against what p1 saw
    st = get_game("heirs").new(None, seed=3)
    n = 0
    while st.to_move() == ("p1",):
        st.apply("p1", st.legal_actions("p1")[0])
        n += 1
    assert st.to_move() == ("p2",)
    res = runner.invoke(app, HEIRS, input="1\n" * n + "q\n")
    assert res.exit_code == 0, res.output
    before_p2 = res.output.partition("p2: your move")[0]
    last_table = before_p2.rpartition("p1: your move")[2]
    assert HEADER in last_table and "p2 (you)" in last_table and "What changed" not in last_table


def test_question_mark_explains_the_moment_from_the_glossary() -> None:
    game = get_game("heirs")
    rules = {e["key"]: e for s in game.glossary()["sections"] for e in s["entries"]}
    res = runner.invoke(app, HEIRS, input="?\n? burn\n? nothing-like-this\nq\n")
    assert res.exit_code == 0, res.output
    out = _flat(res.output)
    assert "Rules for what is on the table now" in out
    # the first moves ("command X", "absorb X"): the action and the card they name are explained
    first = [str(a).split() for a in game.new(None, seed=3).legal_actions("p1")]
    verb, card = first[0]
    assert verb == "command"
    assert rules["action:command"]["name"] in out and _flat(rules["action:command"]["text"])[:40] in out
    assert _flat(rules[f"card:{card}"]["text"])[:40] in out
    assert "Rules: burn" in out and _flat(rules["ability:O"]["text"])[:40] in out
    assert "No rule entry for 'nothing-like-this'" in out


def test_a_frame_that_only_grew_is_no_change() -> None:
    before = ["╭── x ──╮", "│ a  1 │", "│ b  2 │", "╰───────╯"]
    wider = ["╭──── x ────╮", "│ a  1     │", "│ b  2     │", "╰───────────╯"]
    assert changed_lines(before, wider) == []
    moved = ["╭──── x ────╮", "│ a  1     │", "│ b  3     │", "╰───────────╯"]
    assert changed_lines(before, moved) == ["b  3"]
    assert content("│   │") == "" and content("──────") == ""


def test_screen_keeps_one_look_per_seat() -> None:
    game = get_game("heirs")
    st = game.new(None, seed=3)
    console = Console(width=100, record=True, color_system=None)
    screen = Screen(console, game)
    assert screen.show(st.view("p1"), "p1") == "full"
    assert screen.show(st.view("p1"), "p1") == "same"
    assert screen.show(st.view("p2"), "p2") == "full"       # another seat: its own first look
    assert screen.show(st.view("p2"), "p2", full=True) == "full"
