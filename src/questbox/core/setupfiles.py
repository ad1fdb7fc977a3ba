"""Setup keys that name a file: read on the local command line only, never by :meth:`Game.new`.

A setup document may come from the network (the server's ``POST /api/tables``), so a game's
``new`` never opens a file a setup names: it accepts the inline document (a card set, a mission, a
campaign log) and refuses a path with :func:`path_refused`. The command line, which reads a setup
from a local file, first calls :meth:`questbox.core.Game.inline_files`, which replaces each path by
the document read with :func:`read_document`; so the replay it saves holds the content.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from questbox.core.errors import SetupError

#: the largest file a setup key may name (a card set or a campaign log is a few kilobytes)
MAX_BYTES = 8 * 1024 * 1024


def path_refused(key: str, what: str) -> SetupError:
    """The error for a setup key that names a file where a document is needed (it echoes nothing)."""
    return SetupError(f"{key}: give {what} inline; a setup never names a file (on the command line, "
                      "a path in a --setup file is read and inlined before the game starts)")


def resolve(spec: str, base_dir: Path | None) -> Path:
    """``spec`` as a path; a relative one is relative to ``base_dir`` (default: the working directory)."""
    p = Path(spec).expanduser()
    if not p.is_absolute() and base_dir is not None:
        p = base_dir / p
    return p


def read_document(spec: str, base_dir: Path | None, key: str) -> Any:
    """The JSON or YAML document in the local file ``spec`` (``SetupError`` if it cannot be read).

    Only regular files are read (a FIFO or a device would block or never end), at most
    :data:`MAX_BYTES`; ``.json`` files are parsed as JSON, anything else as YAML.
    """
    p = resolve(spec, base_dir)
    try:
        # opened without blocking and checked on the open file (no window to swap in a FIFO)
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            info = os.fstat(fh.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SetupError(f"{key}: {p} is not a regular file")
            data = fh.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise SetupError(f"{key}: {p} is larger than {MAX_BYTES // (1024 * 1024)} MiB")
        text = data.decode("utf-8")
    except OSError as exc:
        raise SetupError(f"{key}: cannot read {p}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SetupError(f"{key}: {p} is not a UTF-8 text file") from None
    try:
        return json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        raise SetupError(f"{key}: {p} is not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}") from None
