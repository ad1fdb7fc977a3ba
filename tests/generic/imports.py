"""A game package's run-time imports, read from its sources (for the tests that keep a package free
of import cycles and keep its leaf modules from reaching up to the root or the state)."""

from __future__ import annotations

import ast
from pathlib import Path


def package_modules(package: Path, pkg: str) -> dict[str, Path]:
    """Every module of the package under ``package`` (dotted name ``pkg...`` -> its file)."""
    out = {}
    for p in package.rglob("*.py"):
        parts = [x for x in p.relative_to(package).with_suffix("").parts if x != "__init__"]
        out[".".join([pkg, *parts])] = p
    return out


def runtime_imports(path: Path, mods: dict[str, Path]) -> set[str]:
    """The package's modules ``path`` imports at run time (function-local imports count, imports
    under ``if TYPE_CHECKING:`` do not)."""
    tree = ast.parse(path.read_text())
    skip = {id(x) for n in ast.walk(tree) if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)
            for b in n.body for x in ast.walk(b)}
    out = set()
    for n in ast.walk(tree):
        if id(n) in skip:
            continue
        names: list[str] = []
        if isinstance(n, ast.Import):
            names = [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom) and n.module and n.level == 0:
            names = [n.module, *(f"{n.module}.{a.name}" for a in n.names)]
        for name in names:
            while name and name not in mods:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
    return out


def in_cycles(mods: dict[str, Path]) -> list[str]:
    """The modules that reach themselves through run-time imports (empty: no cycle)."""
    edges = {m: runtime_imports(p, mods) - {m} for m, p in mods.items()}

    def reach(m: str) -> set[str]:
        seen: set[str] = set()
        todo = [m]
        while todo:
            for n in edges[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    return [m for m in mods if m in reach(m)]
