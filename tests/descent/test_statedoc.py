"""Issue #15: ``from_json`` of ``descent`` and ``descent-campaign`` validates the saved document
(:mod:`questbox.games.descent.statedoc`, :mod:`questbox.games.descent.campaign_statedoc`).

Every saved state of a played game loads and saves back; each kind of mutated document the
mutation finder met (tests/generic/test_from_json.py, and the states below in an attack, a rule
module's decision and the Campaign phase) is refused with a StateError that names the field,
where the old ``from_json`` took it and failed later with a raw error, a hang or a stuck flow."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from questbox.core import JSON, State
from questbox.core.errors import StateError
from questbox.core.registry import get_game
from questbox.games.descent import rules
from questbox.games.descent.data import ATTRIBUTES, CONDITIONS
from questbox.games.descent.kinds import TASKS
from questbox.games.descent.space import DECISIONS
from questbox.games.descent.statedoc import (
    DECISION_KINDS,
    PHASES,
    STATUSES,
    TASK_ARGS,
    WINDOW_CTX,
    EncounterDoc,
    FigDoc,
)
from tests.generic.mutation import deadline, paths, refused_or_plays, words


def _game_states(gid: str, seed: int, nseat: int = 2, steps: int = 3000, play: int | None = None) -> Iterator[State]:
    """The states of a game of random moves (``play`` seeds the moves, ``seed`` the game)."""
    game = get_game(gid)
    state = game.new(game.setup_for_seats(nseat), seed=seed)
    rng = random.Random(seed if play is None else play)
    for _ in range(steps):
        yield state
        if state.is_over():
            return
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _doc(state: State) -> JSON:
    out: JSON = json.loads(json.dumps(state.to_json()))
    return out


def _first(gid: str, pred: Callable[[JSON], bool]) -> JSON:
    """The first saved state of the games of seeds 0, 1, ... that ``pred`` accepts."""
    for seed in range(40):
        for state in _game_states(gid, seed):
            doc = _doc(state)
            if pred(doc):
                return doc
    raise AssertionError("no such state in 40 games")


def _nth(gid: str, n: int) -> JSON:
    """The state after ``n`` random moves (those of tests/generic/test_from_json.py's ``SAVED``)."""
    return _doc(next(s for i, s in enumerate(_game_states(gid, 5, steps=n + 1, play=1)) if i == n))


#: the states the mutations start from: early in a quest, in an attack (a surge decision with
#: steps on the task stack), in Syndrael's feat (a rule module's decision, an extra turn), in
#: the Campaign phase's Shop
START = _nth("descent", 12)
ATTACK = _first("descent", lambda d: bool(d["attacks"] and d["pending"]) and d["pending"][0][1] == "surge")
FEAT = _first("descent", lambda d: bool(d["pending"]) and d["pending"][0][1] == "mod:feats:move")
QUEST = _nth("descent-campaign", 12)
SHOP = _first("descent-campaign", lambda d: d["log"]["phase"] == "shopping")


def _set(doc: JSON, path: str | tuple[Any, ...], value: Any = None, *, drop: bool = False) -> JSON:
    """A copy of ``doc`` with the value at ``path`` (dotted, or a tuple of keys) replaced or dropped."""
    out: JSON = json.loads(json.dumps(doc, default=list))
    keys = list(path) if isinstance(path, tuple) else [int(p) if p.isdigit() else p for p in path.split(".")]
    cur: Any = out
    for k in keys[:-1]:
        cur = cur[k]
    if drop:
        del cur[keys[-1]]
    else:
        cur[keys[-1]] = value
    return out


def _refused(gid: str, doc: JSON, field: str) -> None:
    with deadline(20), pytest.raises(StateError, match=f"not a {gid} state: {field}"):
        get_game(gid).from_json(doc)


# ---------------------------------------------------------------- what must load
@pytest.mark.parametrize(("gid", "seed", "nseat"), [("descent", 0, 2), ("descent", 1, 3), ("descent", 2, 5)])
def test_every_state_of_a_quest_loads_and_saves_back(gid: str, seed: int, nseat: int) -> None:
    game = get_game(gid)
    n = 0
    for state in _game_states(gid, seed, nseat, steps=250):
        doc = _doc(state)
        assert game.from_json(doc).to_json() == doc
        n += 1
    assert n > 50


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "nseat"), [(0, 2), (1, 3), (2, 2), (3, 4)])
def test_every_state_of_a_campaign_loads_and_saves_back(seed: int, nseat: int) -> None:
    game = get_game("descent-campaign")
    phases = set()
    for state in _game_states("descent-campaign", seed, nseat):
        doc = _doc(state)
        assert game.from_json(doc).to_json() == doc
        phases.add(doc["log"]["phase"])
    assert {"quest", "shopping", "spend-xp"} <= phases


def test_a_campaign_started_later_loads_at_every_state() -> None:
    """A setup's log may start after the first quest with no history: a saved state of it then
    has fewer history entries than quests played (the entries are those of the last ones)."""
    game = get_game("descent-campaign")
    state = game.new({"log": {"heroes": ["syndrael", "avric"], "plot_deck": "first-legion", "phase": "spend-xp",
                              "next": 1, "xp": {"overlord": 2}}}, seed=3)
    rng = random.Random(3)
    quests = 0
    for _ in range(3000):
        doc = _doc(state)
        assert game.from_json(doc).to_json() == doc
        if state.is_over() or len(doc["log"]["history"]) == 2:
            break
        quests = len(doc["log"]["history"])
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert quests >= 1 and doc["log"]["next"] > len(doc["log"]["history"])


def test_the_start_states_load() -> None:
    for gid, doc in (("descent", START), ("descent", ATTACK), ("descent", FEAT), ("descent-campaign", QUEST),
                     ("descent-campaign", SHOP)):
        assert get_game(gid).from_json(doc).to_json() == doc


# ---------------------------------------------------------------- the word sets are the engine's
def test_the_schema_word_sets_are_the_engines() -> None:
    fig = FigDoc.model_fields
    assert set(get_args(get_args(fig["conditions"].annotation)[0])) == set(CONDITIONS)
    assert set(get_args(fig["status"].annotation)) == set(STATUSES)
    assert set(get_args(EncounterDoc.model_fields["phase"].annotation)) == set(PHASES)
    assert set(TASK_ARGS) == set(TASKS)
    assert set(WINDOW_CTX) == set(rules.WINDOWS)
    assert set(DECISIONS) - {"mod"} == DECISION_KINDS
    assert set(ATTRIBUTES) == {"might", "knowledge", "willpower", "awareness"}


# ---------------------------------------------------------------- each kind of bad document
# (path, value or DROP, the field the error names); each was taken by the old from_json and
# failed later (the exception it raised then in a comment)
DROP = object()
ENCOUNTER_CASES = [
    # a figure's statistics, seat, size and counts: KeyError / TypeError in legal_actions, a hang
    ("figures.syndrael.stat", "zombies/master", r"figures\.syndrael\.stat"),         # KeyError
    ("figures.zombie-m.stat", "nope", r"figures\.zombie-m\.stat"),                    # KeyError
    ("figures.zombie-m.stat", [], r"figures\.zombie-m\.stat"),                        # TypeError
    ("figures.goblin-m.seat", "heroes", r"figures\.goblin-m\.seat"),                  # KeyError
    ("figures.leoric.shape.0", 10**9, r"figures\.leoric\.shape"),                     # a hang
    ("figures.syndrael.fatigue", None, r"figures\.syndrael\.fatigue"),                # TypeError
    ("figures.syndrael.fatigue", 99, r"figures\.syndrael\.fatigue"),
    ("figures.zombie-m.group", "", r"figures\.zombie-m\.group"),                      # TypeError
    ("figures.tomble.items", [[]], r"figures\.tomble\.items"),                        # TypeError
    ("figures.tomble.items", ["sword-of-nope"], r"figures\.tomble\.items"),
    ("figures.zombie-m.at", "Z99", r"figures\.zombie-m\.at"),
    ("figures.zombie-m.conditions", ["stunned", "stunned"], r"figures\.zombie-m\.conditions"),
    ("figures.goblin-1.at", "H2x", r"figures\.goblin-1\.at"),
    ("figures.goblin-1.at", "J2", r"figures\.goblin-1\.at"),                          # on goblin-m's square
    ("order", DROP, "order"),
    ("round", None, "round"),                                                         # TypeError
    ("counters.doom", None, r"counters\.doom"),                                       # TypeError
    ("counters", {"x": 1}, "counters"),
    ("deck.0", True, r"deck\.0"),                                                     # KeyError
    ("deck.0", "syndrael", r"deck\.0"),                                               # KeyError
    ("setup.heroes.0", DROP, r"seats|order|setup"),                                   # KeyError 'syndrael'
    ("setup.show_los", DROP, r"setup\.show_los"),
    # the flow: the turn in progress and the decision asked
    ("turns.0.fig", 0, r"pending\.0"),                                                # AssertionError
    ("turns.0.kind", "monster", r"turns\.0\.kind"),
    ("turns", [], r"pending\.0"),                                                     # AssertionError
    ("pending.0.1", "niahc", r"pending\.0\.1"),                                       # AssertionError
    ("pending.0.0", "overlord", r"pending\.0\.0"),
    ("pending.0.2", [7], r"pending\.0\.2"),
    ("pending", [], "pending"),
    ("tasks", [["hero-act"]], r"tasks\.0"),
    ("tasks", [["no-such-step"]], r"tasks\.0\.0"),
    ("mods.feats", DROP, "mods"),                                                     # KeyError
    ("mods.feats", None, r"mods\.feats"),                                             # TypeError
    ("mods.feats.used", "", r"mods\.feats\.used"),                                    # AttributeError
    ("mods.feats.used", ["zombie-m"], r"mods\.feats\.used"),
    ("result", ["heroes", "because"], "phase"),
    ("phase", "over", "phase"),
    ("doors", {}, "doors"),
    ("tokens.K3", "gold", r"tokens\.K3"),
    ("rng.state", -1, r"rng\.state"),
    ("active_group", 7, "active_group"),
]
ATTACK_CASES = [
    # steps on the task stack and the attack in progress
    ("tasks.1.2", [3], r"tasks\.1\.2"),                                               # ValueError (unpack)
    ("tasks.1.2.0", "act", r"tasks\.1\.2\.0"),                                        # TypeError
    ("tasks.1.1", "phase", r"tasks\.1\.1"),                                           # KeyError (window)
    ("tasks.1.3", "brown", r"tasks\.1\.3"),                                           # TypeError
    ("tasks.1", ["win", "action-performed", [3, "attack"]], r"tasks\.1"),             # ValueError (unpack)
    ("tasks.0", DROP, r"tasks\.0"),                                                   # nobody to move later
    ("tasks.0.1", 1 - min(1, ATTACK["tasks"][0][1]), r"tasks\.0\.1"),               # AssertionError (not the attacker)
    ("attacks.0.abilities.0.0", "recover-fatigue1", r"attacks\.0\.abilities"),        # StopIteration
    ("attacks.0.abilities.0.1", {}, r"attacks\.0\.abilities\.0"),                     # TypeError
    ("attacks.0.dice.0", "pierce", r"attacks\.0\.dice\.0"),                           # KeyError
    ("attacks.0.def_dice.0", "zombie-2", r"attacks\.0\.def_dice\.0"),                 # KeyError
    ("attacks.0.faces.1", DROP, r"attacks\.0\.faces"),                                # ValueError (zip)
    ("attacks.0.faces.1", 7, r"attacks\.0\.faces\.1"),
    ("attacks.0.used", ["nope"], r"attacks\.0\.used\.0"),
    ("attacks.0.stage", 15, r"attacks\.0\.stage"),
    ("attacks", [], r"attacks|pending\.0"),                                           # IndexError
]
FEAT_CASES = [
    ("turns.1", DROP, r"pending\.0\.2"),                                              # AssertionError (feats)
    ("pending.0.2", [], r"pending\.0\.2"),
    ("pending.0.1", "mod:feats:jump", r"pending\.0\.1"),
    ("tasks", [["hero-act", 0], ["mod", "feats", ["move"]]], r"tasks\.1\.2"),
    ("tasks", [["hero-act", 0], ["mod", "feats", ["fly", 1]]], r"tasks\.1\.2"),
    ("tasks", [["hero-act", 0], ["mod", "nope", ["move", 1]]], r"tasks\.1\.1"),
]
CAMPAIGN_CASES = [
    # the running quest's rule module state: TypeError / KeyError / AttributeError in plot.py
    ("encounter.mods.campaign", None, r"encounter\.mods\.campaign"),
    ("encounter.mods.campaign.cards", DROP, r"encounter\.mods\.campaign\.cards"),
    ("encounter.mods.campaign.cards", {}, r"encounter\.mods\.campaign\.cards"),
    ("encounter.mods.campaign.cards.retribution", DROP, r"encounter\.mods\.campaign\.cards"),
    ("encounter.mods.campaign.fortune", 7, r"encounter\.mods\.campaign\.fortune"),
    ("encounter.mods.campaign.fortune", DROP, r"encounter\.mods\.campaign\.fortune"),
    ("encounter.mods.campaign.fortune.avric", "niahc", r"encounter\.mods\.campaign\.fortune\.avric"),
    ("encounter.mods.campaign.cards.fealty", "burnt", r"encounter\.mods\.campaign\.cards\.fealty"),
    ("encounter.figures.syndrael.seat", None, r"encounter\.figures\.syndrael\.seat"),
    ("encounter.turns.0.kind", None, r"encounter\.turns\.0\.kind"),                    # nobody to move
    # the quest against the log
    ("encounter.setup.heroes", ["syndrael:berserker", "avric:disciple", "tomble:thief"], r"encounter\.setup"),
    ("encounter.rng.state", 1, r"encounter\.rng"),
    ("encounter", None, "encounter"),
    ("log.phase", "spend-xp", r"log|encounter"),
    ("log.threat", -1, r"log"),
    ("log.xp", DROP, r"log\.xp"),
    ("seats", ["heroes"], "seats"),
]
SHOP_CASES = [
    ("log.stats.bought", "shopping", r"log\.stats\.bought"),                          # AttributeError
    ("log.stats.triggered", [], r"log\.stats"),
    ("log.shop", None, r"log\.shop"),
    ("log.history.0.winner", None, r"log\.history\.0\.winner"),
    ("log.history.0.quest", "nope", r"log\.history\.0"),
    ("log.history.0.kind", "finale", r"log\.history\.0"),
    ("log.gold", True, r"log\.gold"),
    ("log.extra", 1, r"log"),
    ("encounter", QUEST["encounter"], "encounter"),
]


def _cases(cases: list[tuple[str, Any, str]], gid: str, start: str) -> list[Any]:
    return [pytest.param(gid, start, path, value, field,
                         id=f"{start}:{path}={'drop' if value is DROP else repr(value)[:30]}")
            for path, value, field in cases]


STARTS = {"START": START, "ATTACK": ATTACK, "FEAT": FEAT, "QUEST": QUEST, "SHOP": SHOP}


@pytest.mark.parametrize(("gid", "start", "path", "value", "field"),
                         _cases(ENCOUNTER_CASES, "descent", "START") + _cases(ATTACK_CASES, "descent", "ATTACK")
                         + _cases(FEAT_CASES, "descent", "FEAT")
                         + _cases(CAMPAIGN_CASES, "descent-campaign", "QUEST")
                         + _cases(SHOP_CASES, "descent-campaign", "SHOP"))
def test_a_bad_document_is_refused_naming_the_field(gid: str, start: str, path: str, value: Any, field: str) -> None:
    doc = STARTS[start]
    bad = _set(doc, path, drop=True) if value is DROP else _set(doc, path, value)
    _refused(gid, bad, field)


def test_a_document_that_is_not_json_is_refused() -> None:
    _refused("descent", _set(START, "figures.syndrael.tags", {1, 2}), "not a JSON document")


def test_the_error_says_what_the_field_should_be() -> None:
    with pytest.raises(StateError) as err:
        get_game("descent").from_json(_set(START, "figures.syndrael.stat", "zombies/master"))
    assert "the hero's own (syndrael)" in str(err.value)


# ---------------------------------------------------------------- the mutation finder (tests/generic/mutation.py)
REPLACEMENTS: list[Any] = [None, True, -1, 0, 1, 7, 10**9, 2.5, "", "niahc", [], {}, [[]], {"x": 1}]
MUTATED = [("descent", "ATTACK"), ("descent", "FEAT"), ("descent-campaign", "SHOP")]
#: QUESTBOX_FROM_JSON_EXAMPLES=300 runs the mutation finder longer (as in tests/generic/test_from_json.py)
EXAMPLES = int(os.environ.get("QUESTBOX_FROM_JSON_EXAMPLES", "80"))


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "start"), MUTATED)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_state_in_an_attack_a_feat_or_the_shop_is_refused_or_plays(gid: str, start: str,
                                                                             data: st.DataObject) -> None:
    doc0 = STARTS[start]
    path = data.draw(st.sampled_from(list(paths(doc0))), label="path")
    how = data.draw(st.sampled_from(["drop", "value", "word"]), label="how")
    found = sorted(words(doc0))[:400]
    value = data.draw(st.sampled_from(found if how == "word" else REPLACEMENTS), label="value")
    refused_or_plays(get_game(gid), _set(doc0, path, drop=True) if how == "drop" else _set(doc0, path, value))
