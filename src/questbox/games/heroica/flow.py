"""The words of Heroica's turn flow: the decision kinds, their payloads, the base class of a kind,
and the per-board action objects.

Every pending decision is a :class:`~questbox.core.Decision` whose ``kind`` is one of the names
below and whose ``data`` is the kind's payload, a small ``NamedTuple`` (a tuple: JSON-safe, cheap
to clone; ``to_json`` writes it as a list and :meth:`Kind.load` rebuilds it on load). Kinds without
a payload carry ``()``. The table of kinds is :data:`questbox.games.heroica.kinds.KINDS`.

This module imports neither the state nor the turn modules, so all of them can import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from questbox.core import Action, Decision
from questbox.games.heroica.board import Board

if TYPE_CHECKING:
    from questbox.games.heroica.state import HeroicaState

MONSTER_SEAT = "monsters"

# ------------------------------------------------------------------------------ the kinds' names
TURN = "turn"
MOVE_KIND = "move"
FIGHT = "fight"
SHIELD = "shield"
STRIKE = "strike"
FORWARD = "forward"
BACK = "back"
MTURN = "mturn"
MMOVE = "mmove"
MFIGHT = "mfight"

# --------------------------------------------------------------------------------- the payloads
#: how a hero came to move (``Move.mode``): a move roll, the Prince's skill after a win (melee,
#: a free move), a ranged skill's move (the Knight's, the Sword's) that ends in a strike
ROLL_MODE, PRINCE_MODE, SKILL_MODE = "roll", "prince", "skill"
#: which piece ends on an occupied space (``Forward.piece``)
HERO_PIECE, MONSTER_PIECE = "hero", "monster"
#: what follows a hero's move back (``Back.then``): the turn ends, or a Vampire Bat appears on
#: the coffin at space ``N`` (``"bat:N"``); see ``AFTER_BACK`` in :mod:`.state`
THEN_END = "end"


class Move(NamedTuple):
    """``move``: step one space at a time, or stop."""

    mode: str


class Fight(NamedTuple):
    """``fight``: the adjacent monster to fight; ``forced`` is the one it must be (``-1``: any)."""

    forced: int


class Shield(NamedTuple):
    """``shield``: a Shield was rolled against the monster on space ``monster``."""

    monster: int


class Back(NamedTuple):
    """``back``: hero ``hero`` moves back one space away from space ``source``; then ``then``."""

    hero: int
    source: int
    then: str


class Forward(NamedTuple):
    """``forward``: the piece (``hero``: the hero to move, ``monster``: the moving monster) ends on
    an occupied space and moves forward to one of several first available spaces."""

    piece: str


#: the payloads asked most often, built once (they are immutable values; sharing them is safe)
MOVE_ROLL, MOVE_PRINCE, MOVE_SKILL = Move(ROLL_MODE), Move(PRINCE_MODE), Move(SKILL_MODE)
FIGHT_ANY = Fight(-1)
FORWARD_HERO, FORWARD_MONSTER = Forward(HERO_PIECE), Forward(MONSTER_PIECE)


# --------------------------------------------------------------------------------- a kind
class Kind:
    """One kind of decision (a :class:`questbox.core.decisions.DecisionKind`): its legal actions,
    how an answer resolves it, its menu text, and the payload it carries."""

    kind: ClassVar[str] = ""
    #: the payload's type (``None``: the kind carries no data)
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = None
    #: the menu text
    words: ClassVar[str] = ""

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        raise NotImplementedError(self.kind)

    def resolve(self, st: HeroicaState, d: Decision, action: Action) -> None:
        """Answer ``d`` (already taken off ``pending``) with ``action``; the events go to
        ``st.events``. A resolution that asks nothing new leaves ``d`` open (see
        :meth:`HeroicaState._apply`)."""
        raise NotImplementedError(self.kind)

    def text(self, st: HeroicaState, d: Decision) -> str:
        return self.words

    def load(self, data: Sequence[object]) -> tuple[object, ...]:
        """The payload of a saved decision (``to_json`` writes it as a list)."""
        return () if self.payload is None else self.payload(*data)

    def fault(self, data: Sequence[object], spaces: int, heroes: int) -> str | None:
        """What is wrong with a saved payload on a board of ``spaces`` spaces with ``heroes``
        heroes (``None``: nothing); checked before :meth:`load`."""
        return None if not data else "no data"


#: performs one action of a decision (``st.events`` collects what happens)
Perform = Callable[["HeroicaState", Decision, Action], None]


class ActsKind(Kind):
    """A kind whose actions are performed through :attr:`actions`, by the action's name."""

    actions: ClassVar[Mapping[str, Perform]] = {}

    def resolve(self, st: HeroicaState, d: Decision, action: Action) -> None:
        self.actions[action.name](st, d, action)


def _cache(board: Board, name: str) -> tuple[Action, ...]:
    return tuple(Action(name, (sid,)) for sid in board.ids)


class Acts:
    """Per-board action objects, built once (actions are values; sharing them is safe)."""

    __slots__ = ("back", "fight", "forward", "pick", "sage", "step", "strike")

    def __init__(self, board: Board) -> None:
        self.step = _cache(board, "step")
        self.fight = _cache(board, "fight")
        self.forward = _cache(board, "forward")
        self.back = _cache(board, "back")
        self.pick = _cache(board, "pick")
        self.strike = _cache(board, "strike")
        self.sage = _cache(board, "sage")


def acts(board: Board) -> Acts:
    a = board.cache.get("acts")
    if a is None:
        a = board.cache["acts"] = Acts(board)
    assert isinstance(a, Acts)
    return a


def steps_left(n: int) -> str:
    """``3 steps left`` (for the step events)."""
    return "no step left" if n <= 0 else f"{n} step{'s' if n != 1 else ''} left"


ROLL = Action("roll")
HEAL = Action("heal")
STOP = Action("stop")
DEFEAT = Action("defeat")
PASS = Action("pass")
