"""The terminal drawing of a view."""

from __future__ import annotations

from questbox.games.descent import GAME
from questbox.games.descent.render import main, plain
from tests.descent.helpers import act, by_hand, group, new, quest, setup


def test_the_map_shows_walls_doors_terrain_figures_and_tokens() -> None:
    st = GAME.new({}, seed=1)
    text = plain(st.view(None))
    lines = text.splitlines()
    row5 = next(ln for ln in lines if ln.lstrip("│ ").startswith("5 "))
    assert "Syn" in row5 and " Z " in row5 and "▒" in row5 and " W   W " in row5
    row8 = next(ln for ln in lines if ln.lstrip("│ ").startswith("8 "))
    assert "~~~ ~~~" in row8 and "###" in row8 and " ? " in row8
    assert "┏" in text and "┛" in text
    assert "The Bone Warden (warden-m)" in text and "doom: 0" in text


def test_knocked_out_heroes_show_as_tokens_and_the_attack_is_drawn() -> None:
    q = quest(groups=[group("zombie", "zombie", ["B1", "H6"], minions=2)])
    st = new(setup(q, heroes=("syndrael", "leoric")))
    by_hand(st, st.suffer, st.ids["leoric"], 99)
    act(st, "activate syndrael")
    st.rng.script = [6, 6, 1]
    act(st, "attack zombie-1")                      # waiting for surges
    text = plain(st.view(None))
    row2 = next(ln for ln in text.splitlines() if ln.lstrip("│ ").startswith("2 "))
    assert "┃leo " in row2                          # Leoric's token, lower case
    assert "Syndrael attacks Zombie" in text and "roll [('blue', 6), ('red', 6)]: 4♥" in text
    assert "2⚡" in text


def test_line_of_sight_is_drawn_on_request(capsys) -> None:  # type: ignore[no-untyped-def]
    st = GAME.new({"show_los": True, "heroes": ["syndrael", "avric"]}, seed=1)
    st.apply("heroes", "activate syndrael")
    view = st.view("heroes")
    assert "B5" in view["los"] and "A5" not in view["los"]
    assert "•" in plain(view)
    main(["--los", "E5"])
    out = capsys.readouterr().out
    assert "•" in out and "sunken-ossuary" in out
