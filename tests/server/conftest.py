"""Real servers for the server tests: ``questbox.server.main`` in a subprocess on 127.0.0.1.

Backends: an SQLite file (always) and PostgreSQL when ``QUESTBOX_TEST_PG_URL`` is set (CI sets it
in ``scripts/ci-services.sh``; elsewhere the PostgreSQL tests skip and say why).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("QUESTBOX_TEST_PG_URL")
CHROMIUM = os.environ.get("QUESTBOX_CHROMIUM")
NO_PG = "QUESTBOX_TEST_PG_URL is not set (scripts/ci-services.sh sets it up in CI)"
NO_CHROMIUM = "QUESTBOX_CHROMIUM is not set (scripts/ci-services.sh installs Debian's chromium in CI)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProc:
    """``python -m questbox.server.main`` on a free loopback port, Pig registered as an extra game."""

    def __init__(self, db: str, log_dir: Path, *, env: dict[str, str] | None = None, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_dir / f"server-{self.port}-{time.monotonic_ns()}.log"
        # this tree's sources first: a worktree's server must not run another checkout's installed copy
        path = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
        self.env = {**os.environ, "PYTHONPATH": path, "QUESTBOX_EXTRA_GAMES": "tests.core.pig:GAME",
                    "QUESTBOX_BOT_DELAY": "0", **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProc:
        self.log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "questbox.server.main", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db], cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_path.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log_path.read_text()[-3000:]}")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(15)
        self.proc = None
        self.log.close()

    def stop(self) -> None:
        self.kill(signal.SIGTERM)

    # -- a small client ------------------------------------------------------------------------
    def create(self, game: str, seats: list[str], **kw: Any) -> dict[str, Any]:
        r = httpx.post(self.url + "/api/tables", json={"game": game, "seats": seats, **kw}, timeout=30)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def snap(self, tid: str, token: str | None = None, since: int = 0) -> dict[str, Any]:
        headers = {"X-Seat-Token": token} if token else {}
        r = httpx.get(f"{self.url}/api/tables/{tid}", params={"since": since}, headers=headers, timeout=30)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def act(self, tid: str, token: str | None, action: str, expect: int | None = None) -> httpx.Response:
        headers = {"X-Seat-Token": token} if token else {}
        body: dict[str, Any] = {"action": action}
        if expect is not None:
            body["expect"] = expect
        return httpx.post(f"{self.url}/api/tables/{tid}/actions", json=body, headers=headers, timeout=30)

    def wait(self, tid: str, pred: Any, token: str | None = None, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            snap = self.snap(tid, token)
            if pred(snap):
                return snap
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting; last snapshot: {json.dumps(snap)[:2000]}")
            time.sleep(0.05)


def tokens_of(created: dict[str, Any]) -> dict[str, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


@pytest.fixture(scope="session")
def server_logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("server-logs")


def _backends() -> list[Any]:
    return ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(not PG_URL, reason=NO_PG))]


@pytest.fixture(scope="module", params=_backends())
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           server_logs: Path) -> Iterator[ServerProc]:
    """One server per test module and backend."""
    if request.param == "sqlite":
        db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'questbox.db'}"
    else:
        assert PG_URL
        db = PG_URL
    proc = ServerProc(db, server_logs).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory, server_logs: Path) -> Iterator[ServerProc]:
    proc = ServerProc(f"sqlite:///{tmp_path_factory.mktemp('db') / 'questbox.db'}", server_logs).start()
    yield proc
    proc.stop()


# -- the browser tests' shared fixtures (tests/server/test_browser*.py) ------------------------------
#: Chromium's flags: headless here, with no sandbox (root in CI) and no background traffic
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync"]


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory, server_logs: Path) -> Iterator[ServerProc]:
    """A server of this checkout's sources on a fresh SQLite file, for one test module."""
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'questbox.db'}"
    proc = ServerProc(db, server_logs).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium (``QUESTBOX_CHROMIUM``) driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go (``QUESTBOX_ARTIFACTS/screenshots`` when set, else a temporary folder)."""
    env = os.environ.get("QUESTBOX_ARTIFACTS")
    path = Path(env) / "screenshots" if env else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def failure_dir() -> Path:
    """Where a failed browser test's pages are saved: ``$QUESTBOX_ARTIFACTS/failures`` (``.ci/run``
    sets it to ``out/artifacts``), else ``out/artifacts/failures`` in the checkout; kept after the run."""
    env = os.environ.get("QUESTBOX_ARTIFACTS")
    return (Path(env) if env else ROOT / "out" / "artifacts") / "failures"


def save_open_pages(browser: Any, folder: Path, name: str) -> list[Path]:
    """A full-page screenshot of every page still open in ``browser`` (a failed test leaves its pages
    open), as ``folder/NAME-K.png``; the pages are closed. A page that cannot be shot is skipped."""
    folder.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:150]
    saved: list[Path] = []
    pages = [p for ctx in browser.contexts for p in ctx.pages]
    for k, page in enumerate(pages):
        path = folder / f"{safe}-{k}.png"
        with contextlib.suppress(Exception):     # a crashed page: keep what can be kept
            page.screenshot(path=str(path), full_page=True)
            saved.append(path)
        with contextlib.suppress(Exception):
            page.close()
    return saved


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the item, for :func:`_failure_shots`."""
    outcome = yield
    rep = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture(autouse=True)
def _failure_shots(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test that fails saves a screenshot of each page it left open (:func:`failure_dir`),
    and says where in its report."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    rep = getattr(request.node, "rep_call", None)
    if browser is None or rep is None or not rep.failed:
        return
    saved = save_open_pages(browser, failure_dir(), request.node.nodeid)
    if saved:
        rep.sections.append(("screenshots", "\n".join(map(str, saved))))
