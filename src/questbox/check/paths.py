"""Dotted paths into JSON documents: ``players.0.hand``, ``black.chains.0.#`` (``#`` = length)."""

from __future__ import annotations

from typing import Any

MISSING = object()


def get_path(doc: Any, path: str) -> Any:
    """The value at ``path`` or :data:`MISSING`. Lists take indexes (negative too), maps keys;
    a final ``#`` gives the length of what it follows."""
    cur = doc
    if path in ("", "."):
        return cur
    for part in path.split("."):
        if part == "#":
            try:
                cur = len(cur)
            except TypeError:
                return MISSING
            continue
        if isinstance(cur, list):
            try:
                cur = cur[int(part)]
            except (ValueError, IndexError):
                return MISSING
        elif isinstance(cur, dict):
            if part in cur:
                cur = cur[part]
            else:
                return MISSING
        else:
            return MISSING
    return cur
