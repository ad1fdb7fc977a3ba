"""Rule modules: how quests, class cards, hero abilities, search cards (and later plot decks) hook
the encounter engine without special cases in it.

The engine publishes **timing windows**. Each window is emitted as an event of kind ``window``
(visible to no seat: ``seats=()``; it is for logs and tests) and offered to the rule modules:

1. every module that *listens* to the window gets :meth:`RuleModule.on` (mandatory effects: a
   quest counts Doom, a hero ability adds a surge ability, ...);
2. then every seat, the acting seat first, is offered the optional actions the modules propose
   with :meth:`RuleModule.offers` (use a Warding Talisman, reroll a die, exhaust a plot card...).
   If there are any, the seat gets a ``react`` decision listing them plus ``pass``; a chosen offer
   goes back to its module's :meth:`RuleModule.take`, and the seat is asked again until it passes.

Modules may also add actions to a figure's turn (the points ``hero-turn`` and ``monster-turn``),
push their own decisions (kind ``mod:<module>:<word>``, answered through
:meth:`RuleModule.decision_actions` / :meth:`RuleModule.decide`) and their own tasks (``("mod",
<module>, payload)``, run by :meth:`RuleModule.run`). A module keeps its state in
``state.mods[<module>]`` (plain JSON data, saved and cloned with the state); the module object
itself holds only static configuration.

Windows and their context tuples (figure numbers index ``state.figs``):

==========================  ===================================================================
window                      context
==========================  ===================================================================
``encounter-setup``         ``()`` -- figures placed, before anything else
``after-setup``             ``()`` -- after the setup window, before round 1
``round-start``             ``(round,)``
``round-end``               ``(round,)``
``turn-start``              ``(figure,)`` for a hero's turn, ``(-1,)`` for the overlord's turn
``turn-end``                same as ``turn-start``
``activation-start``        ``(figure,)`` -- a monster's activation
``activation-end``          ``(figure,)``
``action-performed``        ``(figure, action name)``
``enter-space``             ``(figure, square)`` -- each space a figure enters while moving
``attack-declared``         ``()`` -- the attack in progress is ``state.attack``
``attack-before-roll``      ``()``
``attack-after-roll``       ``()`` -- rerolls happen here
``attack-before-defense``   ``()`` -- after surges and the range/miss check, before defense dice
``attack-after-defense``    ``()`` -- after the defense roll (shields may be added)
``attack-before-damage``    ``()`` -- ``state.attack.damage`` is computed and may be changed
``attack-after-damage``     ``()``
``attack-resolved``         ``()`` -- last window of an attack (missed ones too)
``figure-defeated``         ``(figure, attacker or -1)`` -- a hero knocked out, a monster defeated
``test-after-roll``         ``(test number,)`` -- an attribute test's dice (``state.tests``)
``encounter-end``           ``()`` -- mandatory effects only: the game is over
==========================  ===================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from questbox.core import Action, Decision, Rng, Seat, SetupError

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

WINDOWS = ("encounter-setup", "after-setup", "round-start", "round-end", "turn-start", "turn-end",
           "activation-start", "activation-end", "action-performed", "enter-space", "attack-declared",
           "attack-before-roll", "attack-after-roll", "attack-before-defense", "attack-after-defense",
           "attack-before-damage", "attack-after-damage", "attack-resolved", "figure-defeated",
           "test-after-roll", "encounter-end")
#: decision points (besides the windows) where modules may add actions
POINTS = ("hero-turn", "monster-turn")

Ctx = tuple[Any, ...]


@mypyc_attr(allow_interpreted_subclasses=True)      # (this module is compiled: see compiled.py)
class RuleModule:
    """Base class of rule modules; override what you need."""

    name: ClassVar[str] = "?"
    #: windows whose mandatory effects this module plays (:meth:`on`)
    listens: ClassVar[frozenset[str]] = frozenset()
    #: windows and points at which this module may offer optional actions (:meth:`offers`)
    offers_at: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc

    def init(self, st: DescentState) -> Any:
        """The module's initial state (JSON data) for a new encounter, or ``None``."""
        return None

    def listens_here(self) -> frozenset[str]:
        """The windows of :attr:`listens` where this module may do something in its encounter
        (asked once, when the encounter is built: a window left out costs the flow nothing). A
        module whose effects belong to what the encounter holds (its heroes, their cards) leaves
        out the windows that nothing held names; it must not leave out one where :meth:`on`
        could still act."""
        return self.listens

    def offers_here(self) -> frozenset[str]:
        """The same as :meth:`listens_here` for :attr:`offers_at` and :meth:`offers`."""
        return self.offers_at

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        """Mandatory effects at ``window``."""

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        """Optional actions ``seat`` may take at ``point`` (a window or a decision point)."""
        return []

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        """Perform an action this module offered."""

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        """The legal actions of a decision of kind ``mod:<name>:...`` this module pushed."""
        return []

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        """Resolve a decision this module pushed."""

    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        """What a decision of kind ``mod:<name>:...`` this module pushed asks, in a few words (its
        menu text); ``None``: the kind's words (``feats: move``)."""
        return None

    def run(self, st: DescentState, payload: Any) -> None:
        """Run a task ``("mod", name, payload)`` this module pushed."""

    def view(self, st: DescentState, seat: Seat | None, data: Any) -> Any:
        """What ``seat`` sees of this module's state (``data``, a copy it may change): a module
        with hidden information (face-down plot cards) hides it here. ``None``: a spectator."""
        return data

    def determinize(self, st: DescentState, seat: Seat, rng: Rng) -> None:
        """Resample, in ``st`` (a clone), what this module's state hides from ``seat`` (the
        zones it adds in ``hidden.py``); most modules hide nothing."""


ModuleFactory = Callable[["Encounter"], RuleModule]
_REGISTRY: dict[str, ModuleFactory] = {}


def register_module(name: str, factory: ModuleFactory) -> None:
    """Make a rule module available to setups (``"modules": [name]``)."""
    _REGISTRY[name] = factory


def module_factory(name: str) -> ModuleFactory:
    if name not in _REGISTRY:
        raise SetupError(f"no rule module {name!r} (modules: {', '.join(sorted(_REGISTRY))})")
    return _REGISTRY[name]


def module_names() -> list[str]:
    return sorted(_REGISTRY)
