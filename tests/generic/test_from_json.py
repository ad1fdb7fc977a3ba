"""Issue #15: ``Game.from_json`` on a mutated saved state either raises ``StateError`` or gives a
state that plays: its legal actions apply, for a bounded number of steps, without hanging."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from questbox.core.errors import SetupError, StateError
from questbox.core.registry import get_game
from questbox.core.state import JSON
from tests.generic.mutation import deadline, paths, refused_or_plays, words

HOWS = ["drop", "value", "word"]
GAMES = ["heirs", "heroica", "hero-ik", "descent", "descent-campaign"]
#: QUESTBOX_FROM_JSON_EXAMPLES=300 runs the mutation finder longer (locally, to find more)
EXAMPLES = int(os.environ.get("QUESTBOX_FROM_JSON_EXAMPLES", "60"))


def _saved(gid: str, steps: int = 12) -> JSON:
    game = get_game(gid)
    state = game.new(game.setup_for_seats(2 if 2 in game.seat_counts else game.seat_counts[0]), seed=5)
    rng = random.Random(1)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    doc: JSON = json.loads(json.dumps(state.to_json()))
    return doc


SAVED = {gid: _saved(gid) for gid in GAMES}


PATHS = {gid: list(paths(doc)) for gid, doc in SAVED.items()}
WORDS = {gid: sorted(words(doc))[:400] for gid, doc in SAVED.items()}
REPLACEMENTS: list[Any] = [None, True, -1, 0, 7, 10**9, 2.5, "", "niahc", [], {}, [[]], {"x": 1}]


def _mutate(doc: JSON, path: tuple[Any, ...], how: str, value: Any) -> JSON:
    out: JSON = json.loads(json.dumps(doc))
    cur: Any = out
    for p in path[:-1]:
        cur = cur[p]
    last = path[-1]
    if how == "drop":
        del cur[last]
    else:
        cur[last] = value
    return out


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_state_is_refused_or_plays(gid: str, data: st.DataObject) -> None:
    game = get_game(gid)
    path = data.draw(st.sampled_from(PATHS[gid]), label="path")
    how = data.draw(st.sampled_from(HOWS), label="how")
    value = data.draw(st.sampled_from(WORDS[gid] if how == "word" else REPLACEMENTS), label="value")
    refused_or_plays(game, _mutate(SAVED[gid], path, how, value))


@pytest.mark.parametrize("gid", GAMES)
def test_the_saved_state_itself_loads(gid: str) -> None:
    state = get_game(gid).from_json(SAVED[gid])
    assert state.to_json() == SAVED[gid]


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("bad", [[], "x", None, {"a": 1}])
def test_not_a_state_document_is_a_state_error(gid: str, bad: Any) -> None:
    with pytest.raises(StateError):
        get_game(gid).from_json(bad)


def _refused(gid: str, doc: JSON, field: str) -> None:
    """``doc`` is refused at once (within a deadline: no hang) by a StateError naming ``field``."""
    with deadline(20), pytest.raises(StateError, match=field):
        get_game(gid).from_json(doc)


def _changed(gid: str, path: tuple[Any, ...], value: Any, how: str = "value") -> JSON:
    return _mutate(SAVED[gid], path, how, value)


# -- regressions the mutation finder found (each failed on the old from_json: a later raw error or a hang)
@pytest.mark.parametrize(("path", "value", "field"), [
    (("options", "target"), None, "options.target"),               # int >= None in the score step
    (("options", "turn_limit"), "niahc", "options.turn_limit"),
    (("options", "draw_limit"), -1, "options.draw_limit"),         # nobody could ever draw
    (("black", "tokens", "V"), 10**9, "black.tokens.V"),           # a level of 10**9: a loop that never ends
    (("phase",), "niahc", "phase"),                                # issue #15: `deal left` looped forever
    (("players",), [], "players"),
    (("players", 0, "score"), True, "players.0.score"),            # a bool is not a number
])
def test_heirs_schema_faults_are_refused(path: tuple[Any, ...], value: Any, field: str) -> None:
    _refused("heirs", _changed("heirs", path, value), field)


def test_heirs_cross_checks() -> None:
    doc = _changed("heirs", ("pending", 0, "data"), [3])
    _refused("heirs", doc, r"pending\.0\.data: absorb-cast")           # a payload that does not fit its kind
    doc = _changed("heirs", ("discard", 0), SAVED["heirs"]["deck"][0])
    _refused("heirs", doc, "in two places")                             # a card in two zones
    doc = _changed("heirs", ("players", 0, "tokens", "R"), 9)
    _refused("heirs", doc, "max_level")
    doc = _changed("heirs", ("step",), "draw")
    _refused("heirs", doc, "step: does not agree")                      # step is derived from phase


@pytest.mark.parametrize(("path", "value", "field"), [
    (("heroes", 0, "gold"), None, "heroes.0.gold"),                # None >= int at the store
    (("heroes", 0, "defense"), "niahc", "heroes.0.defense"),
    (("heroes", 0, "weapons"), ["niahc"], "heroes.0.weapons"),     # a KeyError when it is sold
    (("options", "round_limit"), "niahc", "round_limit"),          # int('niahc') at the round's end
    (("turn", "round"), 2.5, "turn.round"),
    (("pending", 0, 1), "niahc", "pending.0.1"),
])
def test_heroica_schema_faults_are_refused(path: tuple[Any, ...], value: Any, field: str) -> None:
    _refused("heroica", _changed("heroica", path, value), field)


def test_heroica_cross_checks() -> None:
    _refused("heroica", _changed("heroica", ("board", "items", "zz9"), "gold"), "board.items: no space")
    _refused("heroica", _changed("heroica", ("pending", 0, 2), ["niahc"]), r"pending\.0: move")
    _refused("heroica", _changed("heroica", ("heroes", 0, "max"), 9), r"heroes\.0\.max: does not agree")
    _refused("heroica", _changed("heroica", ("missions", 0, "start"), ["zz"]), "start")   # the setup's checks


@pytest.mark.parametrize(("path", "value", "field"), [
    (("marks",), "niahc", "marks"),                                # int + str in power_of
    (("mana",), [[]], "mana"),
    (("perm", 1), None, "perm.1"),
    (("courage",), "", "courage"),
    (("ten",), [], "ten"),                                         # an IndexError on corridor 1
    (("steps",), {"x": 1}, "steps"),                               # a KeyError when the step runs
    (("steps", 0, 0), [], "steps.0.0"),
])
def test_hero_ik_schema_faults_are_refused(path: tuple[Any, ...], value: Any, field: str) -> None:
    _refused("hero-ik", _changed("hero-ik", path, value), field)


def test_hero_ik_cross_checks() -> None:
    _refused("hero-ik", _changed("hero-ik", ("piles", 0, 0), None, "drop"), r"piles/slot")  # a card lost
    _refused("hero-ik", _changed("hero-ik", ("steps",), []), "one end of turn")      # no step left: an assertion
    _refused("hero-ik", _changed("hero-ik", ("steps", 0), ["niahc"]), r"steps\.0")
    _refused("hero-ik", _changed("hero-ik", ("pending", 0, 0), "dungeon"), r"pending\.0: equip")
    _refused("hero-ik", _changed("hero-ik", ("phase",), "combat"), "phase: does not agree")


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("players", [True, 2.0, "2"])
def test_a_bool_or_float_is_not_a_number_of_players(gid: str, players: Any) -> None:
    """Setups are strict: ``players: true`` was a 1-player heirs game (pydantic coerced it to 1)."""
    game = get_game(gid)
    with pytest.raises(SetupError, match="players"):
        game.seat_names({"players": players})
    with pytest.raises(SetupError, match="players"):
        game.new({"players": players})


def _heirs_with_pending(kind: str) -> JSON:
    """A saved heirs state whose decision to make is ``kind`` (found by random play)."""
    game = get_game("heirs")
    for seed in range(50):
        state = game.new({"players": 4}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.pending and state.pending[-1].kind == kind:
                doc: JSON = json.loads(json.dumps(state.to_json()))
                return doc
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no heirs state with a pending {kind} decision")


def test_heirs_a_draw_choice_needs_a_selected_ability() -> None:
    doc = _heirs_with_pending("draw")
    get_game("heirs").from_json(doc)
    doc["selected"] = None  # the ability choice then failed on an assertion
    _refused("heirs", doc, "no ability selected")
