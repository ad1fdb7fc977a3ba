"""Issue #15 against a real server on loopback: an uploaded setup is parsed off the event loop with
limits on size, nodes and depth (hole 4); bot specs are checked when a table is created and bots'
budgets are capped, so no table's bots starve the others (holes 5 and 6)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import ServerProc, tokens_of

#: per-decision cap of this module's server, and a generous iteration cap, so the time cap binds
CAP_SECONDS = 0.3
MAX_ITERS = 1_000_000


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory, server_logs: Path) -> Iterator[ServerProc]:
    env = {"QUESTBOX_BOT_MAX_SECONDS": str(CAP_SECONDS), "QUESTBOX_BOT_MAX_ITERS": str(MAX_ITERS),
           "QUESTBOX_BOT_WORKERS": "2"}
    proc = ServerProc(f"sqlite:///{tmp_path_factory.mktemp('db') / 'questbox.db'}", server_logs, env=env).start()
    yield proc
    proc.stop()


class Probe:
    """Asks another table for its snapshot over and over, keeping the slowest answer."""

    def __init__(self, server: ServerProc, tid: str) -> None:
        self.url = f"{server.url}/api/tables/{tid}"
        self.worst = 0.0
        self.count = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        with httpx.Client(timeout=120) as client:
            while not self.stop.is_set():
                t = time.perf_counter()
                assert client.get(self.url).status_code == 200
                self.worst = max(self.worst, time.perf_counter() - t)
                self.count += 1
                time.sleep(0.01)

    def __enter__(self) -> Probe:
        self.thread.start()
        time.sleep(0.2)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(130)


def _post(server: ServerProc, body: dict[str, Any]) -> tuple[httpx.Response, float]:
    t = time.perf_counter()
    r = httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human", "human"], **body},
                   timeout=120)
    return r, time.perf_counter() - t


def test_huge_or_deep_setups_are_refused_at_once_while_other_tables_answer(srv: ServerProc) -> None:
    other = srv.create("pig", ["human", "human"])["id"]
    flat = "[" + ",".join("0" for _ in range(120_000)) + "]"     # 240 KB: under the size limit
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"setup_text": "cards: " + flat}, 422, "at most"),
        ({"setup_text": "cards:\n" + "".join("  - 1\n" for _ in range(40_000))}, 422, "at most"),
        ({"setup_text": "a: " + "[" * 200 + "]" * 200}, 422, "nested"),
        ({"setup_text": "".join("  " * i + "k:\n" for i in range(60)) + "  " * 60 + "x: 1\n"}, 422, "nested"),
        ({"setup_text": "a: &x [1, 2]\nb: *x\n"}, 422, "aliases"),
        ({"setup_text": "cards: [" + ",".join("0" for _ in range(400_000)) + "]"}, 413, "request body"),
        ({"setup_text": "x" * (300 * 1024)}, 413, "KiB"),
        ({"setup": {"cards": [0] * 100_000}}, 422, "at most"),
        ({"setup": {"a": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}, 422, "nested"),
    ]
    with Probe(srv, other) as probe:
        for body, status, words in cases:
            r, took = _post(srv, body)
            assert r.status_code == status, (r.status_code, r.text[:300])
            assert words in r.json()["error"]
            assert took < 3.0, f"a refused setup took {took:.2f} s"
    assert probe.count >= 5
    assert probe.worst < 1.0, f"another table waited {probe.worst:.2f} s for its snapshot"
    # a real setup file still works, as YAML or JSON
    r, _ = _post(srv, {"setup_text": "target: 12\n"})
    assert r.status_code == 201 and r.json()["setup"]["target"] == 12


BAD_SPECS = [
    ("pig", "ismcts:eps=2", "eps"),
    ("pig", "ismcts:iters=-1", "iters"),
    ("pig", "ismcts:iters=0", "iters"),
    ("pig", "ismcts:depth=-1", "depth"),
    ("pig", "ismcts:prior=-1", "prior"),
    ("pig", "ismcts:chance=5", "chance"),
    ("pig", "ismcts:iters=1,rollout=nope", "rollout"),
    ("pig", "ismcts:c=abc", "c must be"),
    ("pig", f"ismcts:iters={MAX_ITERS * 100}", "iters: at most"),
    ("pig", "ismcts:seconds=60", "seconds: at most"),
    ("pig", "mcts:iters=5", "ismcts"),             # Pig hides a secret per seat: mcts would read it
    ("pig", "ismcts:iters=5,cheat=1", "cheat"),    # the research opt-in is never allowed here
    ("heroica", "mcts:c=abc", "c must be"),
    ("heirs", "heuristic:samples=100000000", "default settings"),
]


@pytest.mark.parametrize(("game", "spec", "words"), BAD_SPECS)
def test_bad_bot_specs_are_refused_when_the_table_is_created(srv: ServerProc, game: str, spec: str,
                                                             words: str) -> None:
    seats = ["human", spec] + (["human"] if game == "heroica" else [])
    seats = seats[:2]
    r = httpx.post(srv.url + "/api/tables", json={"game": game, "seats": seats}, timeout=60)
    assert r.status_code == 422, r.text
    assert words in r.json()["error"] and spec in r.json()["error"]


def test_capped_bots_do_not_starve_another_table(srv: ServerProc) -> None:
    heavy = f"ismcts:iters={MAX_ITERS}"           # allowed, but far more than the time cap allows
    busy = [srv.create("pig", [heavy, heavy], setup={"target": 300}, seed=s)["id"] for s in range(3)]
    created = srv.create("pig", ["human", "random"], setup={"target": 300}, seed=5)
    tid, token = created["id"], tokens_of(created)["p1"]
    time.sleep(2 * CAP_SECONDS)
    waits = []
    for _ in range(3):
        snap = srv.wait(tid, lambda s: s["your_turn"] or s["status"] == "finished", token, timeout=60)
        assert snap["status"] == "open"
        assert srv.act(tid, token, "hold").status_code == 200
        t = time.perf_counter()
        srv.wait(tid, lambda s: s["your_turn"] or s["status"] == "finished", token, timeout=60)
        waits.append(time.perf_counter() - t)
    # the pool's two threads are shared by four tables, one decision each at a time, each cut at
    # the cap: the random bot waits a few caps at most
    assert max(waits) < 10 * CAP_SECONDS + 2, waits
    for b in busy:                                # and the heavy tables move on too
        assert srv.snap(b)["version"] >= 1
