"""The pieces a Hero IK position is made of: constants, the combat in progress, the steps queue.

A turn is a queue of *steps* (``construct``, ``equip``, ``combat``, ``endturn``, and the sub-steps a
combat or an effect inserts at the front: ``preroll``, ``dire``, ``postroll``, ``guard``,
``replace``, ``mana``, ``pay``, ``eff``, ...), each a tuple ``(name, *args)`` run by its handler in
:data:`questbox.games.hero_ik.steps.STEPS`; a step that needs a choice pushes a decision, answered
by its kind in :data:`questbox.games.hero_ik.kinds.KINDS`. Corridors are 0–2 inside and 1–3 in
the notation, the final monster is corridor 3 (:data:`FINAL`).
"""

from __future__ import annotations

from typing import Any, Final

from questbox.core import JSON, Action, Rng
from questbox.games.hero_ik.cards import COLOURS

FINAL = 3
RPS = ("rock", "paper", "scissors")
#: what each gesture beats (Annex I)
BEATS = {"paper": "rock", "rock": "scissors", "scissors": "paper"}
#: permanent bonus counters of the Destiny scale, by target
BONUS_TARGETS = ("greenskin", "undead", "demon", "sons", "central", "outer", "all", "final")
FACE_DOWN, REVEALED, DISCARDED = 0, 1, 2

# The actions without card arguments, built once (equal to ``Action("roll")`` and so on: building a
# NamedTuple is a call into Python, and the legal actions are built at every decision); those naming
# a card of the game are in the context's tables (``Ctx.potion_act`` ...)
ROLL: Final = Action("roll")
RESOLVE: Final = Action("resolve")
DONE: Final = Action("done")
KEEP: Final = Action("keep")
#: ``attack 1`` .. ``attack 3`` by corridor, then ``attack final``
ATTACK: Final = (Action("attack", (1,)), Action("attack", (2,)), Action("attack", (3,)), Action("attack", ("final",)))
MANA_NONE: Final = Action("mana", ("none",))
DIRE: Final = Action("dire")
PASS: Final = Action("pass")
#: ``rps rock`` .. ``rps scissors`` (in :data:`RPS`'s order)
RPS_ACTS: Final = tuple(Action("rps", (g,)) for g in RPS)
#: the dungeon master's ways to place a new card: plain, ambush, tenacity, both
PLACE: Final = Action("place")
PLACE_AMBUSH: Final = Action("place", ("ambush",))
PLACE_TENACITY: Final = Action("place", ("tenacity",))
PLACE_BOTH: Final = Action("place", ("ambush", "tenacity"))
#: ``swap X Y`` by corridors (0-2, ``x < y``): ``SWAP[x][y]``
SWAP: Final = tuple(tuple(Action("swap", (x + 1, y + 1)) for y in range(3)) for x in range(3))
#: ``guard 1`` .. ``guard 3``, ``guard final``, and ``target 1`` .. ``target 3`` (an elimination), by corridor
GUARD: Final = (Action("guard", (1,)), Action("guard", (2,)), Action("guard", (3,)), Action("guard", ("final",)))
TARGET: Final = (Action("target", (1,)), Action("target", (2,)), Action("target", (3,)))
EQ_STATES = ("face-down", "revealed", "discarded")

#: a queued step: its name (a key of ``steps.STEPS``) and its arguments
Step = tuple[Any, ...]

#: how a game of hero-ik ends (``Outcome.termination``): the final enemy is killed (the adventurers
#: win); a Destiny line lets the Lich win; the group ends a turn without Courage
TERMINATIONS = frozenset({"lich-defeated", "destiny", "no-courage"})
#: a power or potion applied to a die result: who, what ("mult" or "bonus"), used before the first roll?
Applied = tuple[str, str, bool]

#: the phase a pending decision or a queued step belongs to (``HikState.phase``: the first one of
#: the pending decisions, then of the steps, found here; none: the equipment phase)
PHASES: Final[dict[str, str]] = {
    "construct": "construction", "equip": "equipment",
    **{k: "combat" for k in ("attack", "combat", "preroll", "postroll", "dire", "rps", "guard", "place", "mana",
                             "brink", "losemana", "endturn")},
}


def rps_winner(a: str, b: str) -> int:
    """Annex I: 1 if gesture ``a`` beats ``b``, -1 if it loses, 0 for a tie."""
    if a == b:
        return 0
    return 1 if BEATS[a] == b else -1


def corr(c: int) -> int | str:
    """Corridor ``c`` (0-2, or :data:`FINAL`) in the notation."""
    return "final" if c == FINAL else c + 1


def new_turn_steps() -> list[Step]:
    return [("construct",), ("equip",), ("combat",), ("endturn",)]


def cost_doc(cost: tuple[int, ...]) -> JSON:
    return {c: n for c, n in zip(COLOURS, cost, strict=True) if n}


class Combat:
    """The combat in progress: target, the roll and its modifiers."""

    __slots__ = ("applied", "bonus", "card", "face", "m_start", "mult", "pdie", "rolls", "sides", "target")

    def __init__(self, target: int, card: int, m_start: int) -> None:
        self.target = target      # corridor 0-2, or FINAL
        self.card = card          # card instance, -1 for the final monster
        self.m_start = m_start    # Mana in the group at the start of the combat (M)
        self.pdie = 0             # the card's own Power die (1d6 cards), 0 if none
        self.sides = 6            # the combat die
        self.face = 0             # the current die result, 0 before the roll
        self.mult = 1             # the roll's multiplier (one per roll)
        self.bonus = 0            # modifiers of this combat (potions, temporary powers)
        #: the powers and potions applied to the current result, each (who, "mult" or "bonus", used before
        #: the first roll?); while one is there, Dire fate may not strike the result (HIK-FEAR-11)
        self.applied: list[Applied] = []
        self.rolls = 0            # die results so far

    def copy(self) -> Combat:
        # (the constructor, not ``__new__`` and assignments: a mypyc class's ``__new__`` runs ``__init__``)
        c = Combat(self.target, self.card, self.m_start)
        c.pdie, c.sides, c.face = self.pdie, self.sides, self.face
        c.mult, c.bonus, c.applied, c.rolls = self.mult, self.bonus, list(self.applied), self.rolls
        return c

    def to_json(self) -> JSON:
        return {"target": self.target, "card": self.card, "m_start": self.m_start, "pdie": self.pdie,
                "sides": self.sides, "face": self.face, "mult": self.mult, "bonus": self.bonus,
                "applied": [list(x) for x in self.applied], "rolls": self.rolls}

    @classmethod
    def from_json(cls, doc: JSON) -> Combat:
        c = cls(doc["target"], doc["card"], doc["m_start"])
        c.pdie, c.sides, c.face, c.mult, c.bonus = doc["pdie"], doc["sides"], doc["face"], doc["mult"], doc["bonus"]
        c.applied = [(str(w), str(k), bool(b)) for w, k, b in doc["applied"]]
        c.rolls = doc["rolls"]
        return c


# -- the engine's draws, compiled ------------------------------------------------------------------
# The core generator's Python methods (``roll`` -> ``randint`` -> ``_next``, and ``shuffle``'s loop)
# cost a call into Python per draw. These make the same draws as :meth:`Rng.roll`, :meth:`Rng.below`
# and :meth:`Rng.shuffle` (SplitMix64, written out) and leave the generator where those would; a
# keyed, scripted or other generator (the adapters' explicit-chance one) keeps the core's methods
# (tests/hero_ik/test_draws.py compares them).

_MASK64: Final = (1 << 64) - 1
_GOLDEN64: Final = 0x9E3779B97F4A7C15


def plain_rng(rng: Rng) -> bool:
    """Whether ``rng`` is the core's own SplitMix64 generator, unscripted and unkeyed."""
    return type(rng) is Rng and rng.script is None and rng._key is None


def _draw(rng: Rng) -> int:
    """The next raw draw of a plain generator (``Rng._next``)."""
    s = (rng._s + _GOLDEN64) & _MASK64
    rng._s = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def roll(rng: Rng, sides: int) -> int:
    """``rng.roll(sides)``: the same face, the same generator state after."""
    if sides < 1 or not plain_rng(rng):
        return rng.roll(sides)
    return 1 + _draw(rng) % sides


def below(rng: Rng, n: int) -> int:
    """``rng.below(n)``: the same number, the same generator state after."""
    if n <= 0 or not plain_rng(rng):
        return rng.below(n)
    return _draw(rng) % n


def shuffle_ints(rng: Rng, items: list[int]) -> None:
    """``rng.shuffle(items)``: the same order, the same generator state after."""
    if not plain_rng(rng):
        rng.shuffle(items)
        return
    s = rng._s
    for i in range(len(items) - 1, 0, -1):
        s = (s + _GOLDEN64) & _MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng._s = s
