"""What the simulator works out once a run rather than once a game (issue #20), and why that is safe:
no game's ``new`` changes the setup it is handed, so every game of a run can share it."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from questbox.core import Game, games
from questbox.core.registry import get_game
from questbox.sim import SimConfig, play_one, run
from questbox.sim.store import RowStore, read_rows


@pytest.mark.parametrize("gid", sorted(games()))
def test_new_leaves_its_setup_as_it_was(gid: str) -> None:
    game = games()[gid]
    for n in game.seat_counts:
        setup = game.setup_for_seats(n)
        kept = copy.deepcopy(setup)
        game.new(setup, seed=3)
        game.new(setup, seed=4)
        assert setup == kept, f"{gid} with {n} seats: new() changed its setup"


def test_a_run_works_out_its_setup_and_seats_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pig = get_game("pig")
    calls = {"setup_for_seats": 0, "seat_names": 0}
    for name in calls:
        plain = getattr(type(pig), name)

        def counted(self: Game, *args: object, _name: str = name, _plain: object = plain) -> object:
            calls[_name] += 1
            return _plain(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(type(pig), name, counted)
    cfg = SimConfig("pig", ("random", "random"), 12, seed=9)
    rows = [play_one(cfg, i) for i in range(12)]
    assert calls == {"setup_for_seats": 1, "seat_names": 1 + 12}    # pig's own new() asks too
    other = SimConfig("pig", ("random", "random", "random"), 4, seed=9)
    play_one(other, 0)
    play_one(other, 1)
    assert calls == {"setup_for_seats": 2, "seat_names": 2 + 14}    # a new run, its own setup
    again = [play_one(SimConfig("pig", ("random", "random"), 12, seed=9), i) for i in range(12)]
    assert again == rows


def test_a_finished_parquet_run_gathers_its_own_parts_without_reading_them_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pyarrow.parquet as pq

    out = tmp_path / "rows.parquet"
    cfg = SimConfig("pig", ("random", "random"), 20, seed=2)
    rows = list(run(cfg, jobs=1))
    earlier = RowStore(out, cfg, flush_every=3)
    for row in rows[:7]:                        # an earlier, interrupted process: two parts on disk
        earlier.write(row)
    read: list[str] = []
    plain = pq.read_table

    def counted(source: Any, *args: Any, **kwargs: Any) -> Any:
        read.append(Path(source).name)
        return plain(source, *args, **kwargs)

    monkeypatch.setattr(pq, "read_table", counted)
    store = RowStore(out, cfg, flush_every=3)
    assert store.done() == set(range(6))
    read.clear()
    for row in reversed(rows[6:]):              # completion order, not game order
        store.write(row)
    store.close(finished=True)
    assert sorted(read) == ["part-00000.parquet", "part-00001.parquet"]     # only the earlier parts
    monkeypatch.undo()
    assert read_rows(out) == rows and [r["game"] for r in pq.read_table(out).to_pylist()] == list(range(20))
    assert not out.with_name(out.name + ".parts").exists()
