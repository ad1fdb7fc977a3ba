"""Issue #20 item 1: setup spaces and ``questbox atlas``."""

from __future__ import annotations

import json
from collections import Counter
from math import comb
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from questbox.cli import app
from questbox.core.registry import get_game
from questbox.games.hero_ik.cards import build_party, builtin
from questbox.games.hero_ik.setup import DEFAULT_BOX
from questbox.sim.atlas import (
    AtlasConfig,
    CellResult,
    marginal_effects,
    newcombe,
    overlapping_best,
    plan,
    run_atlas,
    write_report,
)
from questbox.sim.runner import SimConfig, play_one, run_many
from questbox.sim.space import AtlasCell
from questbox.sim.stats import wilson

runner = CliRunner()
GAMES = ("hero-ik", "heirs", "heroica", "descent")


# -- the setup spaces ------------------------------------------------------------------------------

def test_hero_ik_parties_are_the_setup_rules() -> None:
    """Setup step 1 with one box: 1-4 adventurers, 1-4 equipment, 5 cards, each card once."""
    box = builtin().boxes[DEFAULT_BOX]
    a, e = len(box.adventurers), len(box.equipment)
    expected = sum(comb(a, k) * comb(e, 5 - k) for k in range(1, 5) if 1 <= 5 - k <= 4)
    assert expected == 441
    space = get_game("hero-ik").setup_space()
    assert space is not None
    solo = space.select()
    assert len(solo) == 3 * expected and {c.value("mode") for c in solo} == {"solitaire"}
    assert Counter(c.value("scenario") for c in solo) == {"easy": expected, "medium": expected, "hard": expected}
    duel = space.select({"mode": ["duel"]})
    assert len(duel) == expected and all(c.setup["mode"] == "duel" for c in duel)
    parties = {frozenset(c.setup["party"]) for c in solo}
    assert len(parties) == expected
    for cell in duel:
        party = cell.setup["party"]
        assert len(set(party)) == 5 and set(party) <= set(box.adventurers) | set(box.equipment)
        build_party(builtin(), party)   # the rules module's own check


@pytest.mark.parametrize("game_id", GAMES)
def test_every_cell_is_a_setup_the_game_accepts(game_id: str) -> None:
    game = get_game(game_id)
    space = game.setup_space()
    assert space is not None and space.cells
    axes = [a.name for a in space.axes]
    seen: dict[str, tuple[str, ...]] = {}
    for cell in space.cells:
        assert [k for k, _ in cell.values] == axes
        for k, v in cell.values:
            assert v in space.axis(k).values
        key = json.dumps(cell.setup, sort_keys=True)
        if key not in seen:
            seen[key] = game.new(cell.setup, seed=1).seats
        assert cell.subject and set(cell.subject) <= set(seen[key])
    assert len({c.values for c in space.cells}) == len(space.cells)   # no cell twice


def test_heirs_space_is_player_count_by_seat() -> None:
    space = get_game("heirs").setup_space()
    assert space is not None
    cells = {(c.value("players"), c.value("seat")): c for c in space.cells}
    for n in range(1, 5):
        assert {s for p, s in cells if p == str(n)} == {f"p{k}" for k in range(1, n + 1)} | {"any"}
    assert cells[("1", "p1")].setup == {"mode": "solo"}
    assert cells[("3", "any")].subject == ("p1", "p2", "p3")


def test_heroica_puts_each_hero_in_each_position_of_its_table() -> None:
    space = get_game("heroica").setup_space()
    assert space is not None
    cells = [c for c in space.cells if c.value("variant") == "standard" and c.value("mission") == "crypt-gate"]
    per_set: dict[frozenset[str], Counter[tuple[str, str]]] = {}
    for c in cells:
        heroes = c.setup["heroes"]
        per_set.setdefault(frozenset(heroes), Counter())[(c.value("hero"), c.features[0])] += 1
        assert c.subject == (f"p{heroes.index(c.value('hero')) + 1}",)
    assert len(per_set) == comb(4, 2) + comb(4, 3) + comb(4, 4)
    for group, counts in per_set.items():
        assert set(counts.values()) == {1} and len(counts) == len(group) ** 2


def test_descent_space_is_parties_by_quest() -> None:
    space = get_game("descent").setup_space()
    assert space is not None
    heroes = 8
    # each hero may take either class of its archetype (2 of the 8 base classes each)
    parties = sum(comb(heroes, n) * 2 ** n for n in (2, 3, 4))
    assert len(space.cells) == parties * len(space.axis("quest").values)


def test_select_names_a_bad_axis_or_value() -> None:
    space = get_game("heirs").setup_space()
    assert space is not None
    with pytest.raises(ValueError, match="no atlas axis 'colour'"):
        space.select({"colour": ["red"]})
    with pytest.raises(ValueError, match="no value '7'"):
        space.select({"players": ["7"]})
    assert len(space.select({"players": ["2"], "seat": ["p1", "any"]})) == 2


# -- statistics --------------------------------------------------------------------------------------

def _result(label: str, wins: int, games: int) -> CellResult:
    return CellResult(AtlasCell((("x", label),), {}, ("s",), ()), games, wins, 1.0)


def test_overlapping_best_keeps_the_cells_the_data_cannot_separate() -> None:
    cells = [_result("a", 60, 100), _result("b", 55, 100), _result("c", 20, 100)]
    near = overlapping_best(cells)
    assert [r.cell.value("x") for r in near] == ["a", "b"]
    assert wilson(55, 100)[1] >= wilson(60, 100)[0] and wilson(20, 100)[1] < wilson(60, 100)[0]


def test_newcombe_interval_holds_the_difference() -> None:
    d, lo, hi = newcombe(60, 100, 40, 100)
    assert d == pytest.approx(0.2) and lo < d < hi and lo > 0
    d2, lo2, hi2 = newcombe(40, 100, 60, 100)
    assert (d2, lo2, hi2) == pytest.approx((-d, -hi, -lo))


def test_marginal_effect_of_a_feature() -> None:
    space = get_game("heirs").setup_space()
    assert space is not None
    res = [CellResult(c, 100, 80 if c.value("seat") == "p1" else 20, 1.0)
           for c in space.select({"players": ["2"]})]
    effects = {e.feature: e for e in marginal_effects(space, res)}
    p1 = effects["seat=p1"]
    assert p1.games_with == 100 and p1.rate_with == 0.8 and p1.rate_without == 0.2 and p1.lo > 0
    assert "mode=normal" not in effects   # every cell has it: nothing to compare with


# -- playing -----------------------------------------------------------------------------------------

PARTIES = "hero+nova+force+epee+priere,kargan+sylene+force+soins+cotte"


def _cfg(games: int, seed: int = 3) -> AtlasConfig:
    return AtlasConfig("hero-ik", ("heuristic",), games, seed,
                       (("party", tuple(PARTIES.split(","))), ("scenario", ("hard",))))


def test_run_many_plays_each_run_as_run_does() -> None:
    a = SimConfig("hero-ik", ("random",), 3, 5, {"mode": "solitaire", "scenario": "hard"})
    b = SimConfig("hero-ik", ("random", "random"), 2, 6, None)
    rows = list(run_many([(a, [0, 2]), (b, [1])], jobs=1))
    assert [(k, r["game"]) for k, r in rows] == [(0, 0), (0, 2), (1, 1)]
    assert rows[2][1] == play_one(b, 1)


def test_an_atlas_writes_rows_and_a_report(tmp_path: Path) -> None:
    space, res = run_atlas(_cfg(3), tmp_path, jobs=1)
    assert sorted(r.cell.value("party") for r in res) == sorted(PARTIES.split(","))
    assert all(r.games == 3 for r in res)
    files = sorted((tmp_path / "rows").glob("*.parquet"))
    assert len(files) == 2 and all(pq.read_table(f).num_rows == 3 for f in files)
    paths = write_report(_cfg(3), space, res, tmp_path)
    md = (tmp_path / "atlas.md").read_text()
    for party in PARTIES.split(","):
        assert f"party={party}" in md
    assert "Ranking: mode=solitaire, scenario=hard" in md and "Marginal effects" in md
    assert "heatmap_features.png" in md and "heatmap_features.png" in (tmp_path / "atlas.html").read_text()
    assert (tmp_path / "heatmap_features.png").stat().st_size > 0
    lines = (tmp_path / "cells.csv").read_text().splitlines()
    assert len(lines) == 3 and lines[0].startswith("mode,scenario,party,subject,games,wins")
    assert all(p.exists() for p in paths)


def test_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    run_atlas(_cfg(2), tmp_path, jobs=1)
    played: list[int] = []
    started: list[tuple[int, int]] = []
    _, res = run_atlas(_cfg(4), tmp_path, jobs=1, progress=played.append,
                       start=lambda total, done: started.append((total, done)))
    assert started == [(8, 4)] and sum(played) == 4
    _, fresh = run_atlas(_cfg(4), tmp_path / "fresh", jobs=1)
    assert [(r.cell, r.wins, r.mean_length) for r in res] == [(r.cell, r.wins, r.mean_length) for r in fresh]
    played.clear()
    run_atlas(_cfg(4), tmp_path, jobs=1, progress=played.append)
    assert played == []


def test_a_cell_plays_the_same_games_alone_or_with_others(tmp_path: Path) -> None:
    _, both = run_atlas(_cfg(3), tmp_path / "both", jobs=1)
    alone_cfg = AtlasConfig("hero-ik", ("heuristic",), 3, 3,
                            (("party", (PARTIES.split(",")[1],)), ("scenario", ("hard",))))
    _, alone = run_atlas(alone_cfg, tmp_path / "alone", jobs=1)
    match = next(r for r in both if r.cell == alone[0].cell)
    assert (match.wins, match.mean_length) == (alone[0].wins, alone[0].mean_length)


def test_seats_must_fit_every_cell() -> None:
    cfg = AtlasConfig("hero-ik", ("heuristic", "random"), 1, 0, (("scenario", ("hard",)),))
    with pytest.raises(ValueError, match="--seats names 2 bots but a cell seats 1"):
        plan(cfg)


# -- the command line ---------------------------------------------------------------------------------

def _one_line_error(args: list[str], code: int) -> str:
    res = runner.invoke(app, args)
    assert res.exit_code == code, (res.exit_code, res.output)
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    return lines[0]


@pytest.mark.parametrize(("args", "code", "words"), [
    (["atlas", "nope"], 2, "nope"),
    (["atlas", "heirs", "--only", "colour=red"], 1, "no atlas axis 'colour'"),
    (["atlas", "heirs", "--only", "players=9"], 1, "no value '9'"),
    (["atlas", "heirs", "--only", "players"], 2, "write AXIS=V1,V2"),
    (["atlas", "heirs", "--seats", "human"], 2, "bots only"),
    (["atlas", "heirs", "--seats", "mcts:iters=x"], 2, "iters"),
    (["atlas", "hero-ik", "--seats", "heuristic,random"], 1, "a cell seats 1"),
    (["atlas", "heirs", "--games", "0"], 2, "--games"),
])
def test_cli_errors_are_one_line(args: list[str], code: int, words: str, tmp_path: Path) -> None:
    assert words in _one_line_error([*args, "--out", str(tmp_path / "a")], code)


def test_cli_refuses_another_atlas_in_the_folder(tmp_path: Path) -> None:
    res = runner.invoke(app, ["atlas", "heirs", "-n", "1", "--jobs", "1", "--only", "players=1",
                              "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "atlas.md").exists() and "players=1" in res.output
    line = _one_line_error(["atlas", "heirs", "-n", "1", "--jobs", "1", "--seed", "9", "--only", "players=1",
                            "--out", str(tmp_path)], 1)
    assert "holds another atlas" in line


def test_cli_lists_the_axes() -> None:
    res = runner.invoke(app, ["atlas", "hero-ik", "--axes"])
    assert res.exit_code == 0, res.output
    assert "party" in res.output and "1764 cells; by default 1323" in res.output
