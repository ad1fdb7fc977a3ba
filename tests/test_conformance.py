"""Every conformance case under tests/conformance passes, and the clause indexes are covered.

The clause indexes are copied from ``shared/rules`` into ``docs/clauses`` so that a clean clone
is self-contained; when ``shared/`` sits beside the checkout, the copies must match it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from questbox.check import clause_coverage, load_cases, run_case
from questbox.check.cases import CaseResult
from questbox.core import games

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "conformance"
CLAUSES = ROOT / "docs" / "clauses"
SHARED_RULES = ROOT.parent / "shared" / "rules"
#: game id -> clause index file (a Descent campaign's cases name clauses of the Descent index)
INDEXES = {"heirs": "heirs.clauses.yaml", "hero-ik": "hero-ik.clauses.yaml",
           "heroica": "heroica.clauses.yaml", "descent": "descent.clauses.yaml",
           "descent-campaign": "descent.clauses.yaml"}

#: games held to full clause coverage (a game joins when its issues name every clause)
FULL_COVERAGE = {"heirs", "hero-ik", "heroica", "descent", "descent-campaign"}

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


@pytest.mark.parametrize("name", sorted(set(INDEXES.values())))
def test_clause_indexes_match_shared(name: str) -> None:
    if not (SHARED_RULES / name).exists():
        pytest.skip("shared/rules is not beside this checkout")
    assert (CLAUSES / name).read_text() == (SHARED_RULES / name).read_text(), \
        f"docs/clauses/{name} is out of date: copy it from shared/rules"


@pytest.mark.parametrize("gid", sorted(INDEXES))
def test_every_clause_is_named(gid: str) -> None:
    """Every clause of a registered game's rulebook is named by a conformance case or a test."""
    if gid not in games():
        pytest.skip(f"{gid} is not registered yet")
    cov = clause_coverage(CLAUSES / INDEXES[gid], [ROOT / "tests"])
    if cov.missing and gid not in FULL_COVERAGE:
        pytest.xfail(f"{gid}: {len(cov.covered)}/{len(cov.ids)} clauses named so far")
    assert not cov.missing, f"{gid}: {len(cov.missing)} clauses named by no test: {' '.join(cov.missing)}"
