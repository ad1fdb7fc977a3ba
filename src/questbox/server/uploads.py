"""Setup documents sent to the server: JSON or YAML text (an uploaded file) or a parsed document,
bounded in size, nodes and nesting before a game ever sees them."""

from __future__ import annotations

import json
from typing import Any

import yaml

from questbox.server.tables import TooLarge, Unprocessable

#: an uploaded setup file (``setup_text``, UTF-8): the games' largest data file is 12 KB
MAX_SETUP_TEXT = 256 * 1024
#: the nodes (mappings, lists and scalars) and nesting of a setup document, as text or as JSON
#: (the largest data file, hero-ik's cards, has 1,200 nodes and 5 levels)
MAX_SETUP_NODES = 5_000
MAX_SETUP_DEPTH = 32

#: libyaml's safe loader (C) where PyYAML has it: the pure-Python one is ~20 times slower
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _too_big(nodes: int, depth: int) -> str | None:
    if nodes > MAX_SETUP_NODES:
        return f"a setup document has at most {MAX_SETUP_NODES} values (lists, mappings and scalars)"
    if depth > MAX_SETUP_DEPTH:
        return f"a setup document is nested at most {MAX_SETUP_DEPTH} levels deep"
    return None


def _scan_yaml(text: str) -> None:
    """Walk the YAML event stream once, without building anything: refuse aliases (a small file
    must not expand into a huge document), too many nodes or too deep a nesting, as soon as seen."""
    nodes = depth = 0
    for event in yaml.parse(text, Loader=_SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            raise Unprocessable("aliases (*name) are not accepted in an uploaded setup")
        if isinstance(event, yaml.ScalarEvent):
            nodes += 1
        elif isinstance(event, _OPEN):
            nodes += 1
            depth += 1
        elif isinstance(event, _CLOSE):
            depth -= 1
        else:
            continue
        why = _too_big(nodes, depth)
        if why:
            raise Unprocessable(why)


def check_setup_document(doc: Any) -> None:
    """``Unprocessable`` if a setup document (parsed JSON) has too many nodes or nests too deep."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        item, depth = stack.pop()
        nodes += 1
        why = _too_big(nodes, depth)
        if why:
            raise Unprocessable(why)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
            nodes += len(item)              # the keys
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def parse_setup_text(text: str) -> dict[str, Any]:
    """A setup document uploaded as JSON or YAML text (safe loader, no aliases, bounded size,
    nodes and depth: ``TooLarge`` (413) or ``Unprocessable`` (422) as soon as a limit is passed).

    Slow for the largest documents (tens of milliseconds): call it off the event loop.
    """
    if len(text) > MAX_SETUP_TEXT or len(text.encode("utf-8", "surrogatepass")) > MAX_SETUP_TEXT:
        raise TooLarge(f"a setup file is at most {MAX_SETUP_TEXT // 1024} KiB")
    try:
        _scan_yaml(text)
        doc = yaml.load(text, Loader=_SAFE_LOADER)  # JSON is (for setups) a subset of YAML
    except (yaml.YAMLError, UnicodeError) as exc:
        raise Unprocessable(f"the setup file is neither JSON nor YAML: {exc}") from exc
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise Unprocessable("a setup document is a mapping (an object)")
    try:
        json.dumps(doc)
    except (TypeError, ValueError) as exc:
        raise Unprocessable(f"the setup must be plain data (JSON): {exc}") from exc
    return doc
