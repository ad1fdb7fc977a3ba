"""Which clauses of a rulebook's clause index are named by conformance cases or tests."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

_SUFFIXES = {".py", ".yaml", ".yml"}


@dataclass
class Coverage:
    game: str
    ids: list[str]
    covered: list[str]
    missing: list[str]

    @property
    def percent(self) -> float:
        return 100.0 * len(self.covered) / max(1, len(self.ids))


def _files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(f for f in sorted(p.rglob("*")) if f.is_file() and f.suffix in _SUFFIXES)
        elif p.is_file():
            out.append(p)
    return out


def clause_coverage(index_path: str | Path, paths: list[str | Path]) -> Coverage:
    """Clause ids of ``index_path`` named in the cases (``clauses:``) or test files under ``paths``."""
    index = yaml.safe_load(Path(index_path).read_text())
    ids = [c["id"] for c in index["clauses"]]
    prefix = ids[0].split("-")[0] if ids else "X"
    pattern = re.compile(rf"\b{re.escape(prefix)}-[A-Z0-9]+-\d+\b")
    named: set[str] = set()
    for f in _files([Path(p) for p in paths]):
        named.update(pattern.findall(f.read_text(errors="ignore")))
    return Coverage(index.get("game", prefix), ids, [i for i in ids if i in named],
                    [i for i in ids if i not in named])
