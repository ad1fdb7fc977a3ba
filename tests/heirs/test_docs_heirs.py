"""The examples of docs/games/heirs.md run, and docs/rulings/heirs.md covers the Heirs open questions."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from questbox.games.heirs import GAME

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_position_example_builds() -> None:
    text = (DOCS / "games" / "heirs.md").read_text()
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block
    st = GAME.new(yaml.safe_load(block.group(1)), seed=0)
    assert st.to_json()["players"][0]["chain"] == ["Y2", "Y5"]
    assert [str(a) for a in st.legal_actions()] == ["command R3", "command O5", "absorb R3", "absorb O5",
                                                    "cast R", "cast B"]


def test_the_python_example_runs() -> None:
    text = (DOCS / "games" / "heirs.md").read_text()
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block
    exec(compile(block.group(1), "docs/games/heirs.md", "exec"), {})


def test_every_ruling_names_its_clauses_or_says_ours() -> None:
    text = (DOCS / "rulings" / "heirs.md").read_text()
    section = text.split("## Answers to the Heirs items", 1)[0]
    entries = re.findall(r"\*\*(HWK-R\d+) — [^*]+\*\* \(([^)]*)\)", section)
    assert len(entries) >= 40
    for rid, clauses in entries:
        assert "HWK-" in clauses or "ours" in clauses, rid
    assert len({rid for rid, _ in entries}) == len(entries)
