"""Heroica at the table: drawing, menus, bots, the command line, whole games of every variant."""

from __future__ import annotations

import io
import time

import pytest
from rich.console import Console
from typer.testing import CliRunner

from questbox.agents.random_agent import RandomAgent
from questbox.cli import app
from questbox.core import Action, make_agent, play_game
from questbox.games.heroica import GAME
from questbox.games.heroica.data import bundled_missions


def draw(view: dict, seat: str | None) -> str:  # type: ignore[type-arg]
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(GAME.render(view, seat))
    return out.getvalue()


def test_render_draws_the_grid_with_walls_heroes_monsters_and_items() -> None:
    s = GAME.new({"mission": "crypt-gate", "players": 3}, seed=1)
    text = draw(s.view("p1"), "p1")
    assert "W1" in text and "P2" in text and "S3" in text       # heroes
    assert "b1" in text and "z2" in text                        # bat and zombie with strength
    assert "$" in text and "C" in text and "★" in text          # gold, coffin, target
    assert "┃" in text and "━" in text                          # walls
    assert "The Crypt Gate" in text
    for name in bundled_missions():
        draw(GAME.new({"mission": name, "players": 4}, seed=0).view(None), None)


def test_describe_action() -> None:
    s = GAME.new({"mission": "crypt-gate"}, seed=1)
    s.rng.script = ["sword"]
    s.apply(None, "roll")
    v = s.view("p1")
    assert GAME.describe_action(v, Action("step", ("b1",))) == "move to b1"
    assert "Zombie" in GAME.describe_action(v, Action("fight", ("d3",)))
    assert "3 gold" in GAME.describe_action(v, Action("buy", ("ax",)))
    assert "4 spaces" in GAME.describe_action(v, Action("use", ("wizard", "d3")))


@pytest.mark.parametrize("setup", [
    {"mission": "crypt-gate", "players": 2},
    {"mission": "flooded-catacombs", "players": 3},
    {"mission": "vampire-throne", "players": 4},
    {"mission": "ilrion-depths", "players": 2},
    {"variant": "epic", "missions": ["crypt-gate", "flooded-catacombs", "vampire-throne"], "players": 3},
    {"variant": "epic", "missions": ["vampire-throne", "ilrion-depths"], "players": 2,
     "options": {"victory_points": True}},
    {"variant": "battle", "mission": "flooded-catacombs", "players": 3},
])
def test_heuristic_bots_finish_every_mission_and_variant(setup: dict) -> None:  # type: ignore[type-arg]
    for seed in range(5):
        agents = {s: make_agent("heuristic", GAME, seed) for s in GAME.seat_names(setup)}
        match = play_game(GAME, agents, setup, seed=seed)
        out = match.state.outcome()
        assert out is not None
        assert match.replay().run(GAME).digest() == match.state.digest()
        if setup.get("variant") != "battle":
            assert out.reason != "round limit", f"heuristic heroes stalled: {setup} seed {seed}"


def test_heuristic_heroes_beat_random_heroes() -> None:
    wins = 0
    games = 40
    for seed in range(games):
        agents = {"p1": make_agent("heuristic", GAME, seed), "p2": RandomAgent(seed=seed)}
        match = play_game(GAME, agents, {"mission": "flooded-catacombs"}, seed=seed)
        out = match.state.outcome()
        wins += out is not None and out.winners == ("p1",)
    assert wins >= 0.85 * games


def test_monster_player_beats_a_random_monster_player() -> None:
    def monster_wins(spec: str) -> int:
        n = 0
        for seed in range(60):
            setup = {"variant": "battle", "mission": "crypt-gate", "players": 3}
            agents = {s: make_agent("heuristic", GAME, seed) for s in ("p1", "p2")}
            agents["monsters"] = make_agent(spec, GAME, seed)
            out = play_game(GAME, agents, setup, seed=seed).state.outcome()
            n += out is not None and out.winners == ("monsters",)
        return n

    assert monster_wins("monster") > monster_wins("random")


def test_play_command_with_bots_and_a_mission_setup(tmp_path) -> None:  # type: ignore[no-untyped-def]
    setup = tmp_path / "setup.yaml"
    setup.write_text("mission: flooded-catacombs\nheroes: [sage, prince]\n")
    res = CliRunner().invoke(app, ["play", "heroica", "--seats", "heuristic,heuristic", "--seed", "3",
                                   "--setup", str(setup)])
    assert res.exit_code == 0, res.output
    assert "game over" in res.output


def test_play_command_with_a_person(tmp_path) -> None:  # type: ignore[no-untyped-def]
    setup = tmp_path / "setup.yaml"
    setup.write_text("mission: crypt-gate\n")
    res = CliRunner().invoke(app, ["play", "heroica", "--seats", "human,heuristic", "--seed", "3",
                                   "--setup", str(setup)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert "The Crypt Gate" in res.output and "roll" in res.output


def test_clone_is_cheap() -> None:
    s = GAME.new({"mission": "ilrion-depths", "players": 4}, seed=0)
    n = 2000
    t = time.perf_counter()
    for _ in range(n):
        s.clone()
    per = (time.perf_counter() - t) / n
    assert per < 200e-6, f"clone takes {per * 1e6:.0f} µs"


def test_evaluate_favours_the_hero_nearer_the_target() -> None:
    s = GAME.new({"mission": "crypt-gate"}, seed=0)
    s.rng.script = ["shield"]
    for a in ("roll", "step a2", "step b2", "step c2", "step d2"):
        s.apply(None, a)
    value = GAME.evaluate(s)
    assert value is not None and abs(sum(value.values()) - 1.0) < 1e-9
    assert value["p1"] > value["p2"]
    battle = GAME.new({"variant": "battle", "players": 3}, seed=0)
    value = GAME.evaluate(battle)
    assert value is not None and set(value) == {"p1", "p2", "monsters"}


def test_mcts_uses_evaluate_and_beats_random() -> None:
    wins = 0
    for seed in range(4):
        agents = {"p1": make_agent("mcts:iters=60", GAME, seed), "p2": RandomAgent(seed=seed)}
        wins += play_game(GAME, agents, {"mission": "crypt-gate"}, seed=seed).state.outcome().winners == ("p1",)  # type: ignore[union-attr]
    assert wins >= 3
