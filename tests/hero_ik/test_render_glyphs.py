"""hero-ik at the terminal (issue #19): a card's family mark is drawn in one cell by a plain terminal
(one narrow character, no emoji, in Debian's default monospace font), so corridors line up and no
empty box stands where the mark should be."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata

import pytest
from rich.cells import cell_len
from rich.console import Console

from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.render import CARD_BACK, FAMILY_ICON
from tests.hero_ik.conftest import new

MARKS = {**FAMILY_ICON, "card back": CARD_BACK}


def test_every_family_mark_is_one_narrow_character() -> None:
    assert set(FAMILY_ICON) >= {"demon", "undead", "dragon", "greenskin", "bulloeil", "trap"}
    for family, mark in MARKS.items():
        assert len(mark) == 1 and ord(mark) < 0x10000, (family, mark)            # no astral emoji
        assert unicodedata.east_asian_width(mark) in ("N", "Na"), (family, mark)  # never two cells
        assert cell_len(mark) == 1, (family, mark)
        assert "\ufe0f" not in mark


@pytest.mark.skipif(not shutil.which("fc-list"), reason="no fontconfig here to ask about fonts")
def test_debians_monospace_font_has_every_mark() -> None:
    fonts = subprocess.run(["fc-list", "DejaVu Sans Mono", "family"], capture_output=True, text=True).stdout
    if "DejaVu Sans Mono" not in fonts:
        pytest.skip("DejaVu Sans Mono (Debian's default monospace font) is not installed")
    for family, mark in MARKS.items():
        has = subprocess.run(["fc-list", f"DejaVu Sans Mono:charset={ord(mark):x}", "family"],
                             capture_output=True, text=True).stdout
        assert "DejaVu Sans Mono" in has, (family, mark)


def test_the_rendered_dungeon_draws_the_marks_and_no_emoji() -> None:
    s = new({"party": ["hero", "nova", "force", "epee", "priere"]}, seed=8)
    console = Console(width=120, record=True, color_system=None)
    for seat in (None, *s.seats):
        console.print(GAME.render(s.view(seat), seat))
    text = console.export_text()
    shown = [c for c in s.view(None)["corridors"] if c.get("encounter") and c["encounter"].get("family")]
    assert shown
    for c in shown:
        assert f"{FAMILY_ICON[c['encounter']['family']]} {c['encounter']['name']}" in text
    assert all(ord(ch) < 0x10000 and unicodedata.east_asian_width(ch) not in ("W", "F") for ch in text)
