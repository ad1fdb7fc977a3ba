"""Rules-conformance cases: YAML files that state one rule as a situation, actions and expectations.

See ``docs/conformance.md`` (and ``../shared/conformance/README.md``) for the format.
"""

from questbox.check.cases import Case, CaseResult, load_cases, run_case
from questbox.check.coverage import clause_coverage

__all__ = ["Case", "CaseResult", "clause_coverage", "load_cases", "run_case"]
