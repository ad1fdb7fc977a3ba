"""Terminal rendering (placeholder, replaced below)."""
from __future__ import annotations

import json
from typing import Any

from questbox.core import JSON, Action, Seat


def render(view: JSON, seat: Seat | None) -> Any:
    return json.dumps(view, indent=1)
def describe(view: JSON, action: Action) -> str:
    return str(action)
