"""Events narrate what happened, for logs, the terminal, the web page and tests."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One step of narration.

    ``kind`` is a short machine word (``"draw"``, ``"score"``), ``text`` a sentence for people,
    ``seats`` the seats that may see it (``None``: everybody, spectators included; ``()``: nobody,
    a log-only event such as a timing window that rule modules listen to), ``data``
    optional JSON-safe details, and ``hidden_from`` seats that must not see it even though it is
    public otherwise. A private fact is told twice: once with the details to its owner
    (``seats=(owner,)``) and once without them to everybody else, spectators included
    (``hidden_from=(owner,)``).
    """

    kind: str
    text: str
    seats: tuple[str, ...] | None = None
    data: dict[str, Any] | None = None
    hidden_from: tuple[str, ...] = ()

    def visible_to(self, seat: str | None) -> bool:
        if self.seats is None:
            return seat is None or seat not in self.hidden_from
        return seat is not None and seat in self.seats

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seats is not None:
            doc["seats"] = list(self.seats)
        if self.data:
            doc["data"] = self.data
        if self.hidden_from:
            doc["hidden_from"] = list(self.hidden_from)
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Event:
        seats = doc.get("seats")
        return cls(doc["kind"], doc["text"], tuple(seats) if seats is not None else None, doc.get("data"),
                   tuple(doc.get("hidden_from", ())))
