"""Every conformance case under tests/conformance passes, and the clause indexes are covered.

The clause indexes are copied from ``shared/rules`` into ``docs/clauses`` so that a clean clone
is self-contained; when ``shared/`` sits beside the checkout, the copies must match it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from questbox.check import clause_coverage, load_cases, run_case
from questbox.check.cases import CaseResult
from questbox.core import games

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "conformance"
CLAUSES = ROOT / "docs" / "clauses"
SHARED_RULES = ROOT.parent / "shared" / "rules"

#: games allowed to name only part of their clauses so far (a game leaves when its issues name every
#: clause); every other game of the project is held to full coverage
PARTIAL: set[str] = set()


def project_games() -> list[str]:
    """The registered games of the project (test doubles such as ``pig`` live elsewhere)."""
    return sorted(gid for gid, g in games().items() if type(g).__module__.startswith("questbox.games."))


def index_of(gid: str) -> Path:
    """A game's clause index: ``docs/clauses/<id>.clauses.yaml``, or, for a game without its own, that
    of the game whose id its id extends (``descent-campaign`` names clauses of ``descent``)."""
    parts = gid.split("-")
    for n in range(len(parts), 0, -1):
        path = CLAUSES / f"{'-'.join(parts[:n])}.clauses.yaml"
        if path.exists():
            return path
    raise AssertionError(f"game {gid!r} has no clause index in docs/clauses")


ALL = load_cases([CASES]) if CASES.exists() else []


@pytest.mark.parametrize("item", ALL, ids=lambda c: Path(c.path if not isinstance(c, CaseResult)
                                                          else c.case.path).name)
def test_case(item) -> None:  # type: ignore[no-untyped-def]
    res = item if isinstance(item, CaseResult) else run_case(item)
    assert res.ok, f"{res.case.path}: {res.message}"


def test_check_command_runs_the_cases() -> None:
    if not ALL:
        pytest.skip("no cases yet")
    res = subprocess.run([sys.executable, "-m", "questbox.cli", "check", "-q", str(CASES)],
                         capture_output=True, text=True, check=False)
    assert res.returncode == 0, res.stdout + res.stderr
    assert f"{len(ALL)} passed, 0 failed" in res.stdout


@pytest.mark.parametrize("name", sorted(p.name for p in CLAUSES.glob("*.clauses.yaml")))
def test_clause_indexes_match_shared(name: str) -> None:
    if not (SHARED_RULES / name).exists():
        pytest.skip("shared/rules is not beside this checkout")
    assert (CLAUSES / name).read_text() == (SHARED_RULES / name).read_text(), \
        f"docs/clauses/{name} is out of date: copy it from shared/rules"


def test_games_are_found_in_the_registry() -> None:
    found = project_games()
    assert {"heirs", "heroica", "hero-ik", "descent", "descent-campaign"} <= set(found)
    assert "pig" in games() and "pig" not in found, "the test double is not a project game"
    assert index_of("descent-campaign") == CLAUSES / "descent.clauses.yaml"
    assert index_of("hero-ik") == CLAUSES / "hero-ik.clauses.yaml"
    for gid in found:
        head = yaml.safe_load(index_of(gid).read_text())["game"]
        assert gid == head or gid.startswith(f"{head}-"), f"{index_of(gid).name} is the index of {head}"


@pytest.mark.parametrize("gid", project_games())
def test_every_clause_is_named(gid: str) -> None:
    """Every clause of a registered game's rulebook is named by a conformance case or a test."""
    cov = clause_coverage(index_of(gid), [ROOT / "tests"])
    if cov.missing and gid in PARTIAL:
        pytest.xfail(f"{gid}: {len(cov.covered)}/{len(cov.ids)} clauses named so far")
    assert not cov.missing, f"{gid}: {len(cov.missing)} clauses named by no test: {' '.join(cov.missing)}"
