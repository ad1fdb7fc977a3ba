"""Events narrate what happened, for logs, the terminal, the web page and tests."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One step of narration.

    ``kind`` is a short machine word (``"draw"``, ``"score"``), ``text`` a sentence for people,
    ``seats`` the seats that may see it (``None``: everybody, spectators included), and ``data``
    optional JSON-safe details.
    """

    kind: str
    text: str
    seats: tuple[str, ...] | None = None
    data: dict[str, Any] | None = None

    def visible_to(self, seat: str | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seats is not None:
            doc["seats"] = list(self.seats)
        if self.data:
            doc["data"] = self.data
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Event:
        seats = doc.get("seats")
        return cls(doc["kind"], doc["text"], tuple(seats) if seats is not None else None, doc.get("data"))
