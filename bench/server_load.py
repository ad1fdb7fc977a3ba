"""Load test of the questbox table: N concurrent tables played by client-side bots over WebSocket.

Starts a real server (``python -m questbox.server.main``) on 127.0.0.1 over a fresh SQLite file (or
``--db postgresql://...``), creates N tables whose seats are all "human", and lets one asyncio
task per table play it: the seat to move picks a random legal action from its own snapshot, waits
``--think`` seconds (a person thinking; exponential, with that mean) and sends it; a finished
table is replaced by a new one. Reports the latency of an action (sent → acknowledged, i.e.
validated, applied and committed; and sent → the new snapshot pushed back) and actions per second.

    python bench/server_load.py --tables 200 --seconds 30 --think 1.0
    python bench/server_load.py --tables 50 --think 0          # closed loop: the most it takes
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QUESTBOX_EXTRA_GAMES": "tests.core.pig:GAME",
           "QUESTBOX_BOT_DELAY": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "questbox.server.main", "--host", "127.0.0.1", "--port",
                             str(port), "--db", db], cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.ack: list[float] = []
        self.state: list[float] = []
        self.errors = 0
        self.games = 0
        self.recording = False


async def seat_socket(url: str, tid: str, token: str) -> tuple[ClientConnection, asyncio.Queue[dict[str, Any]]]:
    ws = await connect(f"{url.replace('http', 'ws')}/api/tables/{tid}/ws", max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def pump() -> None:
        try:
            async for raw in ws:
                await queue.put(json.loads(raw))
        except Exception:
            pass

    asyncio.get_running_loop().create_task(pump())
    return ws, queue


async def play_table(client: httpx.AsyncClient, url: str, game: str, seats: int, think: float,
                     stats: Stats, stop: asyncio.Event, rnd: random.Random) -> None:
    while not stop.is_set():
        r = await client.post(f"{url}/api/tables", json={"game": game, "seats": ["human"] * seats})
        r.raise_for_status()
        created = r.json()
        tid = created["id"]
        conns = {s["seat"]: await seat_socket(url, tid, s["token"]) for s in created["seats"]}
        latest: dict[str, dict[str, Any]] = {}
        for seat, (_ws, q) in conns.items():
            while True:
                msg = await q.get()
                if msg["type"] == "state":
                    latest[seat] = msg
                    break
        version = 0
        mid = 0
        while not stop.is_set():
            snap = max(latest.values(), key=lambda m: m["version"])
            if snap["status"] != "open":
                stats.games += 1
                break
            seat = snap["to_move"][0]
            mine = latest[seat]
            while mine["version"] < version:
                mine = await conns[seat][1].get()
                if mine["type"] == "state":
                    latest[seat] = mine
            if think:
                await asyncio.sleep(rnd.expovariate(1 / think))
            action = rnd.choice(mine["legal"])["action"]
            mid += 1
            ws, q = conns[seat]
            t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": action, "expect": version, "id": mid}))
            acked = False
            while True:
                msg = await q.get()
                if msg["type"] == "ack" and msg["id"] == mid:
                    if stats.recording:
                        stats.ack.append(time.perf_counter() - t0)
                    acked = True
                    version = msg["version"]
                elif msg["type"] == "error" and msg.get("id") == mid:
                    stats.errors += 1
                    break
                elif msg["type"] == "state":
                    latest[seat] = msg
                if acked and latest[seat]["version"] >= version:
                    if stats.recording:
                        stats.state.append(time.perf_counter() - t0)
                    break
            # the other seats catch up from their own queues
            for other, (_w, oq) in conns.items():
                while not oq.empty():
                    m = oq.get_nowait()
                    if m["type"] == "state":
                        latest[other] = m
        for ws, _q in conns.values():
            await ws.close()


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] * 1000


async def run(args: argparse.Namespace, url: str) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        tasks = [asyncio.create_task(play_table(client, url, args.game, args.seats, args.think, stats, stop,
                                                random.Random(i))) for i in range(args.tables)]
        await asyncio.sleep(args.warmup)
        stats.recording = True
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.recording = False
        elapsed = time.perf_counter() - t0
        stop.set()
        await asyncio.wait(tasks, timeout=30)
    stats.elapsed = elapsed  # type: ignore[attr-defined]
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--warmup", type=float, default=15, help="seconds to let every table start before measuring")
    ap.add_argument("--think", type=float, default=1.0, help="mean think time per action, seconds (0: none)")
    ap.add_argument("--game", default="heirs")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    args = ap.parse_args()
    proc = None
    tmp = tempfile.TemporaryDirectory()
    url = args.url
    if url is None:
        port = free_port()
        proc = start_server(args.db or f"sqlite:///{tmp.name}/load.db", port)
        url = f"http://127.0.0.1:{port}"
    try:
        stats = asyncio.run(run(args, url))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        tmp.cleanup()
    n = len(stats.ack)
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    print(f"{args.tables} tables of {args.game} ({args.seats} seats), think {args.think}s, "
          f"{elapsed:.1f}s measured, backend {'sqlite' if not args.db else args.db.split(':')[0]}")
    print(f"actions: {n} ({n / elapsed:.0f}/s), errors {stats.errors}, games finished {stats.games}")
    print(f"ack latency   p50 {pct(stats.ack, 50):6.1f} ms   p99 {pct(stats.ack, 99):6.1f} ms   "
          f"mean {statistics.fmean(stats.ack) * 1000 if n else float('nan'):6.1f} ms")
    print(f"state latency p50 {pct(stats.state, 50):6.1f} ms   p99 {pct(stats.state, 99):6.1f} ms")


if __name__ == "__main__":
    main()
