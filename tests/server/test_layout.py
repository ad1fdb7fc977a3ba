"""The server is routers over one set of parts, not one long ``create_app`` (issue #16)."""

from __future__ import annotations

import ast
from pathlib import Path

from fastapi.routing import APIRoute, APIWebSocketRoute

import questbox.server
from questbox.server import routes
from questbox.server.app import create_app

MAX_FUNCTION_LINES = 80


def test_no_server_function_is_longer_than_a_screen() -> None:
    long: list[str] = []
    for path in sorted(Path(questbox.server.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                size = node.end_lineno - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long.append(f"{path.name}:{node.lineno} {node.name} ({size} lines)")
    assert not long, long


def test_every_operation_comes_from_an_area_router(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 't.db'}")
    areas = {"pages": routes.pages, "lobby": routes.lobby, "seats": routes.seats, "live": routes.live}
    owned: dict[tuple[str, str], str] = {}
    for name, router in areas.items():
        for r in router.routes:
            if isinstance(r, APIRoute) and r.include_in_schema:
                owned.update({(r.path, m.lower()): name for m in r.methods})
    documented = {(path, method) for path, ops in app.openapi()["paths"].items() for method in ops}
    assert documented == set(owned)
    assert set(owned.values()) == {"lobby", "seats"}
    assert [r.path for r in routes.live.routes if isinstance(r, APIWebSocketRoute)] == ["/api/tables/{table_id}/ws"]
    assert {r.path for r in routes.pages.routes if isinstance(r, APIRoute)} == {"/", "/t/{table_id}", "/viewer"}
