"""Browser tests keep their pages as CI artifacts when they fail: the ``_failure_shots`` fixture of
tests/server/conftest.py screenshots every page a failed test left open into
``$QUESTBOX_ARTIFACTS/failures`` (``.ci/run`` sets it) and names the files in the report."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import CHROMIUM, NO_CHROMIUM, ROOT, failure_dir, save_open_pages

#: its conftest: the hook and the fixture, as tests/server/conftest.py has them
CONFTEST = "from tests.server.conftest import _failure_shots, pytest_runtest_makereport  # noqa: F401\n"

#: a test module run in a pytest of its own: the real hook and fixture, a stand-in browser
FAKE = '''
from pathlib import Path
import pytest


class Page:
    def __init__(self, n): self.n, self.closed = n, False
    def screenshot(self, path, full_page): Path(path).write_bytes(b"png %d" % self.n)
    def close(self): self.closed = True


class Ctx:
    def __init__(self): self.pages = [Page(0), Page(1)]


class Browser:
    def __init__(self): self.contexts = [Ctx()]


@pytest.fixture
def browser():
    return Browser()


def test_fails(browser):
    assert 1 == 2


def test_passes(browser):
    assert True


def test_no_browser_fails():
    assert 1 == 2
'''


def test_a_failed_browser_test_leaves_screenshots_of_its_pages(tmp_path: Path) -> None:
    (tmp_path / "test_fake.py").write_text(FAKE)
    (tmp_path / "conftest.py").write_text(CONFTEST)
    art = tmp_path / "art"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]), "QUESTBOX_ARTIFACTS": str(art)}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path / "test_fake.py")],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert "2 failed, 1 passed" in r.stdout, r.stdout + r.stderr
    shots = sorted(p.name for p in (art / "failures").iterdir())
    # only the failed test that had a browser: one file per open page
    assert shots == ["test_fake.py__test_fails-0.png", "test_fake.py__test_fails-1.png"], shots
    assert (art / "failures" / shots[1]).read_bytes() == b"png 1"
    assert str(art / "failures" / shots[0]) in r.stdout     # the report says where


def test_failure_dir_follows_questbox_artifacts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("QUESTBOX_ARTIFACTS", str(tmp_path))
    assert failure_dir() == tmp_path / "failures"
    monkeypatch.delenv("QUESTBOX_ARTIFACTS")
    assert failure_dir() == ROOT / "out" / "artifacts" / "failures"


@pytest.mark.skipif(not CHROMIUM, reason=NO_CHROMIUM)
def test_save_open_pages_shoots_a_real_page(browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 400, "height": 300})
    page.set_content("<h1 style='color:red'>questbox</h1>")
    saved = save_open_pages(browser, tmp_path, "tests/x.py::test y")
    assert saved == [tmp_path / "tests_x.py__test_y-0.png"]
    assert saved[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.is_closed()
