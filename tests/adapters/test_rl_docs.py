"""Every Python example of docs/rl.md runs (each in a fresh namespace) and prints something."""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from questbox.core import games

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_page_has_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.skipif("heirs" not in games(), reason="the examples play Heirs")
@pytest.mark.parametrize("k", range(len(EXAMPLES)))
def test_example_runs(k: int) -> None:
    code = EXAMPLES[k]
    assert len(code.strip().splitlines()) <= 20, "examples stay short"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(code, f"docs/rl.md example {k + 1}", "exec"), {"__name__": f"rl_example_{k}"})
    assert out.getvalue().strip(), f"example {k + 1} printed nothing"
