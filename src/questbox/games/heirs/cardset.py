"""The colours and :class:`CardSet`, the fast tables the rules use (compiled with the engine).

Here, not in :mod:`.cards` (which validates card files with pydantic, which mypyc's build cannot
name), so that the compiled engine reads a card set's tables as a native object's fields, not by
generic attribute lookups; :mod:`.cards` re-exports every name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from questbox.core.actions import Action

if TYPE_CHECKING:
    from questbox.games.heirs.cards import CardDoc

#: colour letters in ability order: Heal, Burn, Lore, Grow, Webs, Prior
COLOURS: Final[tuple[str, ...]] = ("R", "O", "Y", "G", "B", "V")
COLOUR_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}
COLOUR_NAMES: Final[tuple[str, ...]] = ("Red", "Orange", "Yellow", "Green", "Blue", "Violet")
ABILITY_NAMES: Final[tuple[str, ...]] = ("Heal", "Burn", "Lore", "Grow", "Webs", "Prior")
LORD_NAMES: Final[tuple[str, ...]] = ("Heal Death", "Precise Burn", "Ancient Lore", "Grow Aura", "Tower Webs",
                                      "Prior Tower")
HEAL: Final = 0
BURN: Final = 1
LORE: Final = 2
GROW: Final = 3
WEBS: Final = 4
PRIOR: Final = 5


def _table(ids: tuple[str, ...], name: str, extra: tuple[str, ...] = ()) -> tuple[Action, ...]:
    return tuple(Action(name, (i, *extra)) for i in ids)


class CardSet:
    """The cards of a game and every table the hot path needs (immutable; shared by all states).

    ``col[c]`` colour index 0-5, ``num[c]`` number 1-7 (0 for a Lord), ``mm[c]`` a bit mask of the
    cards that match ``c`` (same colour, or same number when both have one). The ``A_*`` tuples are
    the prebuilt :class:`Action` values per card, so legal-action lists are built by indexing.
    """

    __slots__ = ("A_ABS", "A_BURN", "A_CHL", "A_CHR", "A_CMD", "A_DISCARD", "A_KEEP", "A_RETURN",
                 "A_START", "A_TAKE", "col", "default", "docs", "ids", "index", "lord", "mm", "n",
                 "num")

    def __init__(self, docs: tuple[CardDoc, ...], default: bool = False) -> None:
        self.docs = docs
        self.default = default
        self.n = len(docs)
        self.ids: tuple[str, ...] = tuple(d.id for d in docs)
        self.index: dict[str, int] = {d.id: i for i, d in enumerate(docs)}
        self.col: tuple[int, ...] = tuple(COLOUR_INDEX[d.colour] for d in docs)
        self.num: tuple[int, ...] = tuple(d.number if isinstance(d.number, int) else 0 for d in docs)
        self.lord: tuple[bool, ...] = tuple(d.number == "L" for d in docs)
        mm: list[int] = []
        for a in range(self.n):
            m = 0
            for b in range(self.n):
                if a != b and (self.col[a] == self.col[b] or (self.num[a] and self.num[a] == self.num[b])):
                    m |= 1 << b
            mm.append(m)
        self.mm: tuple[int, ...] = tuple(mm)
        ids = self.ids
        self.A_CMD: tuple[Action, ...] = _table(ids, "command")
        self.A_ABS: tuple[Action, ...] = _table(ids, "absorb")
        self.A_CHL: tuple[Action, ...] = _table(ids, "chain", ("left",))
        self.A_CHR: tuple[Action, ...] = _table(ids, "chain", ("right",))
        self.A_START: tuple[Action, ...] = _table(ids, "start")
        self.A_TAKE: tuple[Action, ...] = _table(ids, "take")
        self.A_DISCARD: tuple[Action, ...] = _table(ids, "discard")
        self.A_KEEP: tuple[Action, ...] = _table(ids, "keep")
        self.A_RETURN: tuple[Action, ...] = _table(ids, "return")
        self.A_BURN: tuple[Action, ...] = _table(ids, "burn")

    def describe(self, c: int) -> str:
        """``"R3 (Heal 3)"`` / ``"RL (Heal Death)"``."""
        k = self.col[c]
        if self.lord[c]:
            return f"{self.ids[c]} ({LORD_NAMES[k]})"
        return f"{self.ids[c]} ({ABILITY_NAMES[k]} {self.num[c]})"

    def to_json(self) -> list[dict[str, Any]]:
        return [d.model_dump() for d in self.docs]
