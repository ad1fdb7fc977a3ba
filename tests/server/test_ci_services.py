"""In CI the real services must be there: the PostgreSQL and Chromium tests may skip on a
developer's machine, never in CI (where .ci/run sources scripts/ci-services.sh)."""

from __future__ import annotations

import os

import pytest

from tests.server.conftest import CHROMIUM, NO_CHROMIUM, NO_PG, PG_URL


@pytest.mark.skipif(os.environ.get("CI") != "true", reason="only CI must have every service")
def test_ci_has_postgresql_and_chromium() -> None:
    assert PG_URL, NO_PG
    assert CHROMIUM, NO_CHROMIUM
