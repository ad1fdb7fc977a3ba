"""The examples in the docs run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_api_example_plays_a_random_game() -> None:
    text = (DOCS / "api.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code, "docs/api.md has no python example"
    assert len(code.group(1).strip().splitlines()) <= 12
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.group(1), "docs/api.md", "exec"), {})
    assert "Outcome(" in out.getvalue()
