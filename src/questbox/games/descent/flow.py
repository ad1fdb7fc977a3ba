"""The names of the encounter engine's flow: task tags, decision kinds, fixed actions, attack steps.

A **task** is a plain tuple whose first item is one of the tags below (plain data, so a state
saves and clones exactly); the engine runs it through its table of task handlers
(:data:`questbox.games.descent.kinds.TASKS`). A **decision** is a core ``Decision`` whose
``kind`` is one of the decision kinds below (or ``mod:<module>:<word>``, a rule module's); the
engine answers it through its table of decision kinds (:data:`questbox.games.descent.kinds.KINDS`).
A decision's ``data`` is its kind's **payload** (:data:`PAYLOADS`): a small ``NamedTuple`` read by
field name (:class:`HeroTurn`, :class:`React`, ...; a tuple, so it saves as a JSON list and clones
for free), ``()`` for a kind that carries nothing, or a plain tuple of a varying number of values
(Fire Breath's path, the dice a Power Potion rerolled, the heroes tied for a fortune token: a
fixed ``NamedTuple`` would change the saved list's shape). :func:`load_payload` rebuilds it from
a saved list.
An **attack** runs as a sequence of named steps (``Attack.stage`` is the step to run next).

This module is a leaf: it imports nothing of the package, so rule modules, bots and the engine's
own modules may all import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from questbox.core import Action, Decision, Event

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

Task = tuple[Any, ...]

# ------------------------------------------------------------------------------------ task tags
WIN: Final = "win"                          # (WIN, window, ctx, next listener)
OFFER: Final = "offer"                      # (OFFER, window, ctx, next seat)
MOD: Final = "mod"                          # (MOD, module, payload): RuleModule.run
ATK: Final = "atk"                          # (ATK,): the next step of the attack in progress
ROUND_START: Final = "round-start"
ROUND_END: Final = "round-end"
HEROES_PHASE: Final = "heroes-phase"
START_HERO_TURN: Final = "hero-turn"        # (START_HERO_TURN, figure)
HERO_ACT: Final = "hero-act"                # (HERO_ACT, figure): ask the hero's next action
HERO_END: Final = "hero-end"
HERO_CLEANUP: Final = "hero-cleanup"
OL_PHASE: Final = "ol-phase"
OL_ACT: Final = "ol-act"                    # the overlord picks the next monster (or ends)
OL_END: Final = "ol-end"
START_ACTIVATION: Final = "monster-turn"    # (START_ACTIVATION, figure)
MONSTER_ACT: Final = "monster-act"          # (MONSTER_ACT, figure): ask the monster's next action
MONSTER_END: Final = "monster-end"
MONSTER_CLEANUP: Final = "monster-cleanup"
NOP: Final = "nop"
START_CONDITIONS: Final = "start-conditions"    # (START_CONDITIONS, figure)
STUN: Final = "stun"                        # (STUN, figure)
ADD_CONDITION: Final = "cond"               # (ADD_CONDITION, figure, condition)
REMOVE_CONDITION: Final = "uncond"          # (REMOVE_CONDITION, figure, condition)
SUFFER: Final = "suffer"                    # (SUFFER, figure, damage, by)
FATIGUE_TASK: Final = "fatigue"             # (FATIGUE_TASK, figure, fatigue)
EMIT: Final = "emit"                        # (EMIT, text)
TEST: Final = "test"                        # (TEST, figure, attribute, on_pass, on_fail, label)
TEST_END: Final = "test-end"                # (TEST_END, on_pass, on_fail)
STEP: Final = "step"                        # (STEP, figure, path, i): a small figure's next space
LARGE_MOVE: Final = "lmove"                 # (LARGE_MOVE, figure, path, i, anchor, orient)
THROW: Final = "throw"                      # (THROW, hero, monster)

# ------------------------------------------------------------------------------ timing windows
#: each timing window (``rules.WINDOWS``, in order) in words: what a ``react`` decision asks names
#: the moment by these, never by the window's id
WINDOW_WORDS: Final[dict[str, str]] = {
    "encounter-setup": "at setup", "after-setup": "before the first round",
    "round-start": "at the start of the round", "round-end": "at the end of the round",
    "turn-start": "at the start of a turn", "turn-end": "at the end of a turn",
    "activation-start": "as a monster activates", "activation-end": "as a monster's activation ends",
    "action-performed": "after an action", "enter-space": "as a figure enters a space",
    "attack-declared": "as an attack is declared", "attack-before-roll": "before the attack's dice are rolled",
    "attack-after-roll": "after the attack roll (rerolls)",
    "attack-before-defense": "before the defense dice are rolled",
    "attack-after-defense": "after the defense roll", "attack-before-damage": "before damage is dealt",
    "attack-after-damage": "after damage is dealt", "attack-resolved": "as the attack ends",
    "figure-defeated": "as a figure is defeated", "test-after-roll": "after an attribute test's roll",
    "encounter-end": "as the encounter ends",
}
#: the windows whose context starts with a figure (``-1``: the overlord's turn)
FIGURE_WINDOWS: Final = frozenset({"turn-start", "turn-end", "activation-start", "activation-end",
                                   "action-performed", "enter-space", "figure-defeated"})

# ------------------------------------------------------------------------------- decision kinds
HERO_TURN: Final = "hero-turn"              # HeroTurn: the hero's next action
MONSTER_TURN: Final = "monster-turn"        # MonsterTurn: the monster's next action
OL_TURN: Final = "ol-turn"                  # (): which monster activates next
NEXT_HERO: Final = "next-hero"              # (): which hero takes the next turn (party seat)
SURGE: Final = "surge"                      # (): spend a surge of the attack in progress
REACT: Final = "react"                      # React: an offer at a window
PLACE: Final = "place"                      # Place: where a thrown hero lands
BREATH: Final = "breath"                    # BreathPath: Fire Breath's next space
BLAST: Final = "blast"                      # (): the space of a large target Blast centres on
LARGE_PLACE: Final = "large-place"          # LargePlace: where a large monster ends its movement
MOD_DECISION: Final = "mod:"                # mod:<module>:<word>: a rule module's own decision
FEAT_MOVE: Final = "mod:feats:move"         # FeatMove: a step of the move a heroic feat grants
FEAT_REAPPEAR: Final = "mod:feats:reappear"  # (figure,): where vanished Tomble reappears
SEARCH_POWER: Final = "mod:search:power"    # Rerolled: a Power Potion's next reroll
CARD_PLAY: Final = "mod:overlord:play"      # CardPlay: an Overlord card to play now
FORTUNE_GIVE: Final = "mod:campaign:give"   # Tied: which tied hero gets a fortune token
MASSES: Final = "mod:campaign:masses"       # Masses: Threatening Masses, end the turn or test
COMRADE: Final = "mod:campaign:comrade"     # Comrade: Comrade, suffer fatigue or spend no surges
UTHUK: Final = "mod:overlord:uthuk"         # the hero's attribute for Uthuk Demon Trap's test
CHARM: Final = "mod:overlord:charm"         # Dark Charm: where the charmed hero moves or whom he attacks
PLAN: Final = "mod:overlord:plan"           # Plan Ahead: the order of the cards seen
RITUAL: Final = "mod:overlord:ritual"       # Unholy Ritual: the cards put back
RELIC_GIVE: Final = "mod:lieutenants:relic"  # a lieutenant relic given before round 1


# ------------------------------------------------------------------------------ decision payloads
class HeroTurn(NamedTuple):
    """``hero-turn``: ``fig`` is the hero whose turn is in progress."""

    fig: int


class MonsterTurn(NamedTuple):
    """``monster-turn``: ``fig`` is the monster whose activation is in progress."""

    fig: int


class React(NamedTuple):
    """``react``: the offers at window ``window`` (its context ``ctx``) to the seat numbered
    ``seat_no`` in the window's order of seats."""

    window: str
    ctx: tuple[Any, ...]
    seat_no: int


class Place(NamedTuple):
    """``place``: the overlord places the thrown hero ``fig`` at most ``most`` spaces away."""

    fig: int
    most: int


class LargePlace(NamedTuple):
    """``large-place``: where the large figure ``fig`` stands, its movement ended; ``entered``
    holds the squares its path entered (the placements cover the last of them)."""

    fig: int
    entered: tuple[int, ...]


class FeatMove(NamedTuple):
    """``mod:feats:move``: the figure ``fig`` moves with the movement points a feat gave it."""

    fig: int


class CardPlay(NamedTuple):
    """``mod:overlord:play``: the overlord may play a card at window ``window`` (context ``ctx``)."""

    window: str
    ctx: tuple[Any, ...]


class Masses(NamedTuple):
    """``mod:campaign:masses``: the hero ``fig`` ends his turn or tests Might (Threatening Masses)."""

    fig: int


class Comrade(NamedTuple):
    """``mod:campaign:comrade``: the attacking hero ``fig`` suffers fatigue or spends no surges."""

    fig: int


#: ``breath``: the squares of Fire Breath's path so far (the target's first; 1 to 3)
BreathPath = tuple[int, ...]
#: ``mod:search:power``: the numbers of the attack dice a Power Potion rerolled so far
Rerolled = tuple[int, ...]
#: ``mod:campaign:give``: the ids of the heroes tied for the fewest fortune tokens
Tied = tuple[str, ...]

#: each decision kind's payload: a ``NamedTuple`` type, ``tuple`` (a varying number of values)
#: or ``None`` (no data); a ``mod:`` kind of a module not named here loads as plain tuples
PAYLOADS: Final[dict[str, type[tuple[Any, ...]] | None]] = {
    HERO_TURN: HeroTurn, MONSTER_TURN: MonsterTurn, OL_TURN: None, NEXT_HERO: None, SURGE: None,
    REACT: React, PLACE: Place, BREATH: tuple, BLAST: None, LARGE_PLACE: LargePlace,
    FEAT_MOVE: FeatMove, FEAT_REAPPEAR: tuple, SEARCH_POWER: tuple, CARD_PLAY: CardPlay,
    FORTUNE_GIVE: tuple, MASSES: Masses, COMRADE: Comrade,
    # the Overlord cards' own decisions (modules/overlord_cards.py, overlord_more.py) and the relics'
    UTHUK: tuple, CHARM: tuple, PLAN: None, RITUAL: None, RELIC_GIVE: tuple,
}


def _tuples(x: Any) -> Any:
    """JSON lists back to tuples (a payload's values: ``React.ctx``, ``LargePlace.entered``)."""
    return tuple(_tuples(v) for v in x) if isinstance(x, list | tuple) else x


def load_payload(kind: str, data: Sequence[Any]) -> tuple[Any, ...]:
    """The payload of a decision of ``kind`` from its saved list ``data`` (already checked)."""
    values = tuple(_tuples(v) for v in data)
    make = PAYLOADS.get(kind, tuple)
    if make is None or make is tuple:
        return values
    return make(*values)

# -------------------------------------------------------------------------------- fixed actions
MOVE = Action("move")
FATIGUE = Action("fatigue")
REST = Action("rest")
END = Action("end")
STAND = Action("stand")
DONE = Action("done")
PASS = Action("pass")
BONUS_RECOVER = Action("bonus-recover")

# ------------------------------------------------------------------------ attack steps (in order)
# the Rules Reference's order (Attack: roll dice, check range, spend surges, deal damage): the
# attack and the defense dice are rolled together, rerolls follow, then the miss, then surges are
# spent with the shields known (range may still be bought), then range, then damage
DECLARE: Final = 0          # narrate, window attack-declared
BEFORE_ROLL: Final = 1      # window attack-before-roll
BEFORE_DEFENSE: Final = 2   # window attack-before-defense (the defense pool is settled: Night Stalker)
ROLL: Final = 3             # roll the attack and the defense dice together, window attack-after-roll
DEFENSE: Final = 4          # window attack-after-defense (the defender's rerolls and shields)
CHECK_HIT: Final = 5        # an X misses
SURGES: Final = 6           # the attacker spends surges (a decision), seeing the shields
CHECK_RANGE: Final = 7      # a ranged attack short of its target misses
DAMAGE: Final = 8           # hearts - (shields - Pierce), window attack-before-damage
DEAL: Final = 9             # the damage is dealt, then conditions
AFTER_DAMAGE: Final = 10    # the attacker's recoveries, the surges' after-effects, window attack-after-damage
FOLLOW_UPS: Final = 11      # the further figures an area attack affects, each its own part of the attack
RESOLVED: Final = 12        # window attack-resolved
FINISHED: Final = 13        # the attack is taken off the stack
FOLLOW_UP: Final = 14       # a follow-up's first step: its figure rolls defense (then DEFENSE ...)

# Events and decisions are built by ``tuple.__new__`` with every field given (the same values as
# ``Event(kind, text, None, data)``), which skips the named tuple's Python-level ``__new__``
new_event: Callable[[type[Event], tuple[Any, ...]], Event] = tuple.__new__
new_decision: Callable[[type[Decision], tuple[Any, ...]], Decision] = tuple.__new__
_ACTIONS: dict[tuple[str, str], Action] = {}


def action1(name: str, arg: str) -> Action:
    """``Action(name, (arg,))``, memoized (actions are immutable values)."""
    got = _ACTIONS.get((name, arg))
    if got is None:
        got = _ACTIONS[(name, arg)] = Action(name, (arg,))
    return got


class Kind:
    """One kind of decision of the engine (a :class:`questbox.core.decisions.DecisionKind`): its
    legal actions, how an answer resolves it, and its menu text. The engine's table of kinds is
    :data:`questbox.games.descent.kinds.KINDS`."""

    kind: ClassVar[str] = ""

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        raise NotImplementedError(self.kind)

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        """Answer ``d`` (already taken off the pending stack) with ``action``."""
        raise NotImplementedError(self.kind)

    def text(self, st: DescentState, d: Decision) -> str:
        raise NotImplementedError(self.kind)
