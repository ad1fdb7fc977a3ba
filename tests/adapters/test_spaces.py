"""Fixed action spaces: stable, complete, and a clear error for games that offer none."""

from __future__ import annotations

import pytest

from questbox.adapters.spaces import ActionIndex, NoActionSpace, action_index, register_space
from questbox.core import Action, Rng, games
from tests.adapters.conftest import CONFIGS, SPACED, UNSPACED, setup_of, spaced


def test_every_registered_game_is_covered() -> None:
    assert CONFIGS, "no game is registered"
    assert {gid for gid, _ in SPACED} | set(UNSPACED) == set(games())
    assert "pig" in {gid for gid, _ in SPACED}


@spaced()
def test_the_space_lists_every_legal_action_of_random_playouts(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    index = action_index(game, setup)
    seen: set[int] = set()
    for seed in range(25):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        steps = 0
        while not state.is_over() and steps < 5000:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            seen.update(index.indices(legal))  # raises NoActionSpace for a missing action
            state.apply(seat, legal[pick.below(len(legal))])
            steps += 1
    assert seen
    assert all(0 <= i < len(index) for i in seen)


@spaced()
def test_the_space_is_stable(gid: str, n: int) -> None:
    """The same list, in the same order, every time it is built (and from a fresh import)."""
    game, setup = setup_of(gid, n)
    first = action_index(game, setup)
    again = action_index(game, dict(setup))
    assert first.actions == again.actions
    assert len(set(first.actions)) == len(first)
    assert all(first.of(a) == i for i, a in enumerate(first.actions))
    assert all(Action.parse(str(a)) == a for a in first.actions), "the notation round-trips"


@pytest.mark.parametrize("gid", UNSPACED or ["(none)"])
def test_a_game_without_a_space_is_refused_clearly(gid: str) -> None:
    if gid == "(none)":
        pytest.skip("every registered game offers an action space")
    game = games()[gid]
    with pytest.raises(NoActionSpace) as err:
        action_index(game, game.setup_for_seats(game.seat_counts[0]))
    message = str(err.value)
    assert gid in message and "Game.action_space" in message and "register_space" in message


def test_a_missing_legal_action_is_an_error_not_a_silent_mask() -> None:
    index = ActionIndex("pig", [Action("roll")], "a test space")
    with pytest.raises(NoActionSpace, match="hold is missing"):
        index.of(Action("hold"))


def test_a_space_with_duplicates_or_nothing_is_refused() -> None:
    with pytest.raises(NoActionSpace, match="twice"):
        ActionIndex("pig", [Action("roll"), Action("roll")], "a test space")
    with pytest.raises(NoActionSpace, match="empty"):
        ActionIndex("pig", [], "a test space")


class _NoSpacePig(type(games()["pig"])):  # type: ignore[misc]
    """Pig as a game that does not list its actions itself."""

    id = "pig-nospace"

    def action_space(self, setup: object = None) -> None:
        return None


def test_a_registered_provider_is_used_when_the_game_has_no_space() -> None:
    register_space("pig-nospace", lambda g, s: [Action("hold"), Action("roll")])
    assert action_index(_NoSpacePig()).actions == (Action("hold"), Action("roll"))


def test_a_spaces_module_is_found_by_game_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """``questbox/adapters/spaces/<id>.py`` provides a space for a game that has none of its own."""
    import sys
    import types

    module = types.ModuleType("questbox.adapters.spaces.pig_module")
    module.action_space = lambda game, setup: [Action("hold"), Action("roll")]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)

    class PigModule(_NoSpacePig):
        id = "pig-module"

    index = action_index(PigModule())
    assert index.actions == (Action("hold"), Action("roll"))
    assert index.source == "questbox.adapters.spaces for pig-module"


@pytest.mark.skipif("heirs" not in games(), reason="Heirs is not registered")
def test_heirs_owns_its_space() -> None:
    """The game's own ``Game.action_space`` comes first; the space depends on the seats."""
    game = games()["heirs"]
    two = action_index(game, {"players": 2})
    assert two.source == "heirs's Game.action_space"
    solo = action_index(game, {"players": 1})
    assert any(str(a).endswith("black2 right") for a in solo.actions)
    assert not any("black2" in str(a) for a in two.actions)
    assert len(action_index(game, {"players": 4})) > len(two)
