"""Schemathesis over the server's OpenAPI schema (issue #15): generated requests to every operation,
some aimed at real tables, never get a 5xx, and every answer matches what the schema documents
(status codes, the error shape, the bodies). Bounded: a few examples per operation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import ServerProc, tokens_of

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is in the dev extra")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def _fuzz(op: Any, base_url: str, real_ids: list[str], token: str, codes: set[int]) -> None:
    """A few generated requests to one operation, each checked against the schema."""

    @settings(max_examples=12, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=op.as_strategy(), real=st.sampled_from([None, *real_ids]), seat=st.booleans())
    def run(case: Any, real: str | None, seat: bool) -> None:
        if real is not None and "table_id" in (case.path_parameters or {}):
            case.path_parameters["table_id"] = real
            if seat:
                case.headers = {**(case.headers or {}), "X-Seat-Token": token}
        response = case.call_and_validate(base_url=base_url, checks=CHECKS)
        codes.add(response.status_code)

    run()


def test_generated_requests_get_documented_answers_and_no_5xx(sqlite_server: ServerProc) -> None:
    srv = sqlite_server
    # real tables first, so that path parameters sometimes name one (and tokens sometimes open it)
    open_table = srv.create("pig", ["human", "human"], seed=4)
    tokens = tokens_of(open_table)
    assert srv.act(open_table["id"], tokens["p1"], "roll").status_code == 200
    done = srv.create("pig", ["random", "random"], setup={"target": 3}, seed=1)
    srv.wait(done["id"], lambda s: s["status"] == "finished")
    real_ids = [open_table["id"], done["id"]]
    schema = schemathesis.openapi.from_url(srv.url + "/api/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 8
    seen: dict[str, set[int]] = {}
    for op in operations:
        _fuzz(op, srv.url, real_ids, tokens["p1"], seen.setdefault(f"{op.method.upper()} {op.path}", set()))
    assert set(seen) == {f"{op.method.upper()} {op.path}" for op in operations}
    # the real tables were reached: some answers are not refusals
    assert any(code < 300 for code in seen["GET /api/tables/{table_id}"]), seen
