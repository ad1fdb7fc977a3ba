"""Issue #15, hole 1: a setup that arrives over the network never names a file on the server.

Every setup key that once took a path (hero-ik ``cards``, heroica ``mission``/``missions``,
descent-campaign ``log``, a Descent campaign file's ``log``) is refused with 422 when it names a
file, whatever the file is (a secret, /etc/passwd, a FIFO that would block a worker thread, a file
that is gone), and the error holds nothing of the file; the inline documents are accepted.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import ROOT, ServerProc

SECRET_KEY = "aws_secret_access_key"
SECRET_VALUE = "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, server_logs: Path) -> Iterator[ServerProc]:
    # this checkout's sources first (the venv may hold another checkout's, installed editable)
    env = {"PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    proc = ServerProc(f"sqlite:///{tmp_path_factory.mktemp('db') / 'questbox.db'}", server_logs, env=env)
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("server-files")
    out: dict[str, str] = {"passwd": "/etc/passwd", "missing": str(d / "gone.yaml")}
    for suffix in (".yaml", ".json"):
        secret = d / f"secret{suffix}"
        secret.write_text(json.dumps({SECRET_KEY: SECRET_VALUE, "id": SECRET_VALUE}))
        out[f"secret{suffix}"] = str(secret)
    fifo = d / "fifo.yaml"
    os.mkfifo(fifo)
    out["fifo"] = str(fifo)
    return out


def _setups(path: str) -> list[tuple[str, dict[str, Any]]]:
    return [("hero-ik", {"cards": path}), ("heroica", {"mission": path}),
            ("heroica", {"variant": "epic", "missions": ["crypt-gate", path]}),
            ("descent-campaign", {"log": path}), ("descent", {"campaign": "harrowmere", "log": path})]


@pytest.mark.parametrize("kind", ["passwd", "missing", "secret.yaml", "secret.json", "fifo"])
def test_a_setup_naming_a_file_is_refused_and_the_file_is_not_read(server: ServerProc, files: dict[str, str],
                                                                    kind: str) -> None:
    passwd = Path("/etc/passwd").read_text() if Path("/etc/passwd").exists() else ""
    first_line = passwd.splitlines()[0] if passwd else "root:x:0:0"
    for game, setup in _setups(files[kind]):
        for body in ({"setup": setup}, {"setup_text": json.dumps(setup)}):
            r = httpx.post(server.url + "/api/tables", json={"game": game, "seats": ["human", "random"], **body},
                           timeout=15)      # a FIFO opened for reading would block the worker: no answer
            assert r.status_code == 422, (game, setup, r.text)
            text = r.text
            for leak in (SECRET_KEY, SECRET_VALUE, first_line, "root:", "/bin/"):
                assert leak not in text, (game, setup, text)
    # the FIFO was never opened: a writer finds no reader
    with pytest.raises(OSError):
        fd = os.open(files["fifo"], os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
    assert httpx.get(server.url + "/api/health", timeout=5).status_code == 200


def test_inline_documents_are_accepted_and_the_table_keeps_them(server: ServerProc) -> None:
    from questbox.games.descent.campaign_log import new_log

    card = {"set": "mine", "dungeon": [{"id": "zombie", "name": "Zombie (mine)", "source": "printed",
                                        "printed_source": "my card", "colour": "blue", "family": "undead",
                                        "power": "1"}]}
    cases: list[tuple[str, dict[str, Any]]] = [
        ("hero-ik", {"cards": card}),
        ("descent-campaign", {"log": {"heroes": ["syndrael", "avric"]}}),
        ("descent", {"campaign": "harrowmere", "log": {**new_log("harrowmere"), "phase": "quest",
                                                       "plot_deck": None}}),
    ]
    for game, setup in cases:
        r = httpx.post(server.url + "/api/tables", json={"game": game, "seats": ["human", "random"],
                                                         "setup": setup}, timeout=30)
        assert r.status_code == 201, (game, r.text)
        tid = r.json()["id"]
        snap = httpx.get(f"{server.url}/api/tables/{tid}", timeout=30)
        assert snap.status_code == 200, snap.text
