"""Fixed action spaces: a stable integer index over a game's notation.

Learning libraries need every action a game can ever offer, in a fixed order, so that action ``i``
means the same move in every state and every run. :func:`action_index` finds a game's list in this
order:

1. the game's own ``Game.action_space(setup)`` (the right home: each game should own its space);
2. a provider registered at run time with :func:`register_space` (tests use it);
3. a module ``questbox.adapters.spaces.<game id with - as _>`` with a function
   ``action_space(game, setup) -> list[Action]`` written from the game's documented notation.

If none offers one, :class:`NoActionSpace` says so clearly. The adapters never build a space from
actions seen in random playouts: such an index would change with the seeds and the library
versions. A legal action that is missing from a space is reported as an error (:class:`NoActionSpace`)
rather than silently masked away.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence

from questbox.core import JSON, Action, Game, QuestboxError

SpaceProvider = Callable[[Game, JSON | None], list[Action]]

_providers: dict[str, SpaceProvider] = {}


class NoActionSpace(QuestboxError):
    """A game offers no fixed action space, or a legal action is missing from it."""


def register_space(game_id: str, provider: SpaceProvider) -> None:
    """Use ``provider(game, setup)`` as the action space of ``game_id`` (after ``Game.action_space``)."""
    _providers[game_id] = provider


def _module_provider(game_id: str) -> SpaceProvider | None:
    name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    provider: SpaceProvider | None = getattr(module, "action_space", None)
    return provider


class ActionIndex:
    """The fixed action list of a game with a given setup, and the index of each action."""

    __slots__ = ("actions", "game_id", "index", "source")

    def __init__(self, game_id: str, actions: Sequence[Action], source: str) -> None:
        self.game_id = game_id
        self.actions: tuple[Action, ...] = tuple(actions)
        self.source = source
        self.index: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in self.index:
                raise NoActionSpace(f"{game_id}: the action space ({source}) lists {a} twice "
                                    f"(at {self.index[a]} and {i})")
            self.index[a] = i
        if not self.actions:
            raise NoActionSpace(f"{game_id}: the action space ({source}) is empty")

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i: int) -> Action:
        return self.actions[i]

    def of(self, action: Action) -> int:
        """The index of ``action``; :class:`NoActionSpace` if the space does not list it."""
        try:
            return self.index[action]
        except KeyError:
            raise NoActionSpace(
                f"{self.game_id}: the legal action {action!s} is missing from the action space "
                f"({self.source}, {len(self.actions)} actions): the space must list every action "
                "the game can offer") from None

    def indices(self, legal: Iterable[Action]) -> list[int]:
        """The sorted indices of ``legal`` actions."""
        index = self.index
        try:
            out = [index[a] for a in legal]
        except KeyError:
            out = [self.of(a) for a in legal]  # raises NoActionSpace for the missing one
        out.sort()
        return out


def action_index(game: Game, setup: JSON | None = None) -> ActionIndex:
    """The fixed action index of ``game`` with ``setup`` (see the module docs for where it comes from)."""
    actions = game.action_space(setup)
    if actions is not None:
        return ActionIndex(game.id, actions, f"{game.id}'s Game.action_space")
    provider = _providers.get(game.id) or _module_provider(game.id)
    if provider is not None:
        return ActionIndex(game.id, provider(game, setup),
                           f"questbox.adapters.spaces for {game.id}")
    raise NoActionSpace(
        f"{game.id} offers no fixed action space: implement Game.action_space(setup) in the game "
        f"(every action it can ever offer, in a stable order), or add a module "
        f"questbox/adapters/spaces/{game.id.replace('-', '_')}.py with action_space(game, setup), or "
        f"call questbox.adapters.spaces.register_space({game.id!r}, provider)")


def has_action_space(game: Game, setup: JSON | None = None) -> bool:
    """Whether :func:`action_index` finds a space for ``game`` (without raising)."""
    try:
        action_index(game, setup)
    except NoActionSpace:
        return False
    return True
