"""Views, the terminal drawing, action descriptions, the bots and the optional game hooks."""

from __future__ import annotations

import io
import json

from rich.console import Console

from questbox.core import get_game, play_game
from questbox.core.actions import Action
from questbox.core.rng import Rng
from questbox.games.heirs import GAME
from tests.heirs.helpers import do, make


def test_registered_as_heirs() -> None:
    assert get_game("heirs") is GAME
    assert GAME.seat_counts == (1, 2, 3, 4)
    assert GAME.seat_names({"players": 3}) == ("p1", "p2", "p3")
    assert GAME.seat_names({"mode": "solo"}) == ("p1",)


def test_views_hide_hands_deck_and_private_looks() -> None:
    st = make([{"hand": ["Y4", "G6"], "chain": ["V1"]}, {"hand": ["BL", "B1"], "chain": ["B7"]}],
              deck=["R1", "R2", "R3", "R4", "R5", "R6", "R7"], discard=["O1"])
    do(st, "command Y4", "ability")
    mine, theirs, spectator = st.view("p1"), st.view("p2"), st.view(None)
    assert mine["players"][0]["hand"] == ["G6"] and "hand" not in mine["players"][1]
    assert theirs["players"][1]["hand"] == ["BL", "B1"] and "hand" not in theirs["players"][0]
    assert all("hand" not in p for p in spectator["players"])
    assert mine["look"] == ["R1", "R2", "R3", "R4", "R5", "R6"]
    assert "look" not in theirs and theirs["look_size"] == 6
    assert "deck" not in mine and mine["deck_size"] == len(st.deck)
    text = json.dumps(theirs)
    for c in ("G6", "R1", "R2"):
        assert c not in text
    json.dumps(spectator)


def _render(view: dict[str, object], seat: str | None) -> str:
    buf = io.StringIO()
    Console(file=buf, width=120, color_system=None).print(GAME.render(view, seat))
    return buf.getvalue()


def test_render_draws_every_part() -> None:
    st = make([{"hand": ["Y4", "G6"], "chain": ["V1"], "tokens": {"B": 2}}, {"hand": ["BL"], "chain": ["B7"]}],
              black={"chains": [["V7", "O3"]], "token": 3, "face_down": True}, discard=["O1"])
    out = _render(st.view("p1"), "p1")
    for part in ("Heirs of the Wizard King", "p1 (you)", "Y4 G6", "1 card(s)", "V7 O3", "face DOWN",
                 "token 3/7", "Deck", "Discard", "O1", "B2", "Command, Absorb or Cast"):
        assert part in out, part
    solo = GAME.new({"mode": "solo"}, seed=1)
    assert "chain 2" in _render(solo.view(None), None)


def test_render_and_describe_every_action_of_random_games() -> None:
    for n in (1, 2, 3, 4):
        st = GAME.new({"players": n}, seed=n)
        r = Rng(n)
        while not st.is_over():
            seat = st.to_move()[0]
            view = st.view(seat)
            acts = st.legal_actions()
            for a in acts:
                text = GAME.describe_action(view, a)
                assert text and text != str(a)
            if r.below(5) == 0:
                _render(view, seat)
            st.apply(None, acts[r.below(len(acts))])
        assert "Game over" in _render(st.view(None), None)


def test_describe_action_examples() -> None:
    view = GAME.new({"players": 2}, seed=0).view("p1")
    assert GAME.describe_action(view, Action("command", ("R3",))) == \
        "Command R3 (Heal 3): use its ability, then discard it"
    assert GAME.describe_action(view, Action("command", ("OL",))).startswith("Command OL (Precise Burn)")
    assert GAME.describe_action(view, Action("cast", ("B",))) == "Cast Webs at level 0"
    assert "left end" in GAME.describe_action(view, Action("chain", ("R3", "left")))


def test_heuristic_bot_plays_whole_games() -> None:
    from questbox.core.agent import make_agent

    for n in (1, 2, 4):
        seats = GAME.seat_names({"players": n})
        agents = {s: make_agent("heuristic", GAME, seed=k) for k, s in enumerate(seats)}
        match = play_game(GAME, agents, {"players": n}, seed=n)
        assert match.state.is_over()


def test_optional_hooks() -> None:
    st = GAME.new({"players": 3}, seed=2)
    space = GAME.action_space({"players": 3})
    assert space is not None and len(space) == len(set(space))
    r = Rng(2)
    while not st.is_over():
        acts = st.legal_actions()
        assert set(acts) <= set(space)
        est = GAME.evaluate(st)
        assert est is not None and all(0.0 <= v <= 1.0 for v in est.values())
        st.apply(None, acts[r.below(len(acts))])
    stats = GAME.stats(st)
    assert stats["black_token"] == st.btoken and stats["turns"] == st.turn
