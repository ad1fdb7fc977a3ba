"""``Game.new`` validates a setup once per setup document (issue #20: the games of a run share it),
and the cache never answers for a document it was not given."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import SetupError
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik import setup as hik_setup

PARTY = ["hero", "nova", "force", "epee", "priere"]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Count the setup validations (every one goes through ``setup.validated``)."""
    calls: list[Any] = []
    real = hik_setup.validated

    def spy(model: Any, doc: Any, *args: Any, **kwargs: Any) -> Any:
        if model is hik_setup.SetupDoc:
            calls.append(doc)
        return real(model, doc, *args, **kwargs)

    monkeypatch.setattr(hik_setup, "validated", spy)
    return calls


def _forget() -> None:
    hik_setup._setup_ctx.cache_clear()


def test_the_games_of_one_setup_validate_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = {"mode": "solitaire", "scenario": "medium", "party": PARTY, "options": {"solo_start_fear": 1}}
    calls = _counting(monkeypatch)     # (a setup no other test uses: not in the cache yet)
    states = [GAME.new(setup, seed=seed) for seed in range(5)]
    assert len(calls) == 1
    # the same games as without the cache: each state equals one built from a fresh validation
    _forget()
    for seed, s in enumerate(states):
        assert GAME.new(dict(setup), seed=seed).to_json() == s.to_json()
    assert GAME.seat_names(setup) == ("adventurers",)
    assert GAME.seat_names({"mode": "duel"}) == ("adventurers", "dungeon")


def test_a_changed_document_is_validated_again() -> None:
    setup: dict[str, Any] = {"mode": "solitaire", "scenario": "easy"}
    assert GAME.new(setup, seed=1).ctx.scenario_id == "easy"
    setup["scenario"] = "hard"          # the caller's dict changed in place: a new key
    assert GAME.new(setup, seed=1).ctx.scenario_id == "hard"
    setup["scenario"] = "nightmare"
    with pytest.raises(SetupError):
        GAME.new(setup, seed=1)
    with pytest.raises(SetupError):     # an error is not cached as an answer either
        GAME.new(setup, seed=1)


def test_documents_json_would_change_are_validated_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    # YAML writes corridor keys as numbers; JSON text would turn them into strings
    by_int = {"mode": "duel", "shuffle": False, "start": {"piles": {1: ["orc-guerrier"]}}}
    by_str = {"mode": "duel", "shuffle": False, "start": {"piles": {"1": ["orc-guerrier"]}}}
    a, b = GAME.new(by_int, seed=3), GAME.new(by_str, seed=3)
    assert a.to_json() == b.to_json()
    GAME.new(by_int, seed=4)
    assert sum(1 for doc in calls if doc is by_int) == 2       # not cached: validated each time
    # a tuple is not a list to the strict setup model: refused, not served from a list's entry
    GAME.new({"mode": "duel", "party": PARTY}, seed=0)
    with pytest.raises(SetupError):
        GAME.new({"mode": "duel", "party": tuple(PARTY)}, seed=0)
