"""Issue #16: every game publishes its setup's JSON Schema (``Game.setup_schema``).

The schema is valid JSON Schema (draft 2020-12) and JSON-safe; every default setup and every
conformance case's setup validates against it; and a document the schema refuses is refused by
``game.new`` with a ``SetupError`` naming the field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from questbox.check import load_cases
from questbox.check.cases import Case
from questbox.core import games
from questbox.core.errors import SetupError
from questbox.core.state import JSON, Game

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(gid for gid, g in games().items() if type(g).__module__.startswith("questbox.games."))
#: values of the wrong kind for some field or other (each is tried on every top-level field)
ODD = [True, 1.5, -1, "no-such-thing", [], [7], {"no_such_key": 1}]


def _validator(game: Game) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(game.setup_schema())


def _json(doc: Any) -> Any:
    """The document as it comes over the network (mapping keys become strings)."""
    return json.loads(json.dumps(doc))


def test_every_project_game_has_a_setup_model() -> None:
    assert GAMES, "no games registered"
    for gid in GAMES:
        assert games()[gid].setup_model is not None, gid


@pytest.mark.parametrize("gid", GAMES)
def test_the_schema_is_valid_json_schema(gid: str) -> None:
    schema = games()[gid].setup_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert _json(schema) == schema
    assert schema["type"] == "object" and schema["properties"]
    assert schema["additionalProperties"] is False      # unknown keys are refused


@pytest.mark.parametrize("gid", GAMES)
def test_default_setups_validate(gid: str) -> None:
    game = games()[gid]
    v = _validator(game)
    setups: list[JSON] = [{}]
    setups += [game.setup_for_seats(n) for n in game.seat_counts]
    for setup in setups:
        errors = [e.message for e in v.iter_errors(_json(setup))]
        assert not errors, (setup, errors)


CASES = [c for c in load_cases([ROOT / "tests" / "conformance"]) if isinstance(c, Case)
         and c.setup_error is None and c.game in GAMES]


@pytest.mark.parametrize("case", CASES, ids=lambda c: Path(c.path).name)
def test_every_conformance_setup_validates(case: Case) -> None:
    v = _validator(games()[case.game])
    errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(_json(case.setup or {}))]
    assert not errors, errors


def _refused_documents(game: Game) -> list[tuple[JSON, str]]:
    """Documents built from the default setup by one wrong field each, that the schema refuses,
    with the field's name."""
    v = _validator(game)
    out: list[tuple[JSON, str]] = [({"no_such_key": 1}, "no_such_key")]
    for field in game.setup_schema()["properties"]:
        for value in ODD:
            doc = {field: value}
            err = next(iter(v.iter_errors(doc)), None)
            if err is not None:
                out.append((doc, field))
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_what_the_schema_refuses_new_refuses_naming_the_field(gid: str) -> None:
    game = games()[gid]
    docs = _refused_documents(game)
    assert len(docs) > len(game.setup_schema()["properties"])     # every field refuses something
    for doc, field in docs:
        with pytest.raises(SetupError) as err:
            game.new(doc, seed=0)
        assert field in str(err.value), (doc, str(err.value))


@pytest.mark.parametrize("gid", GAMES)
def test_choices_are_published_as_lists(gid: str) -> None:
    """The lobby's lists: each game has a field with a list of named choices, and each choice is
    a setup ``new`` accepts."""
    game = games()[gid]
    props = game.setup_schema()["properties"]
    found = {}
    for name, prop in props.items():
        branches = prop.get("anyOf", [prop])
        for b in branches:
            nested = b.get("anyOf", [b])
            for n in nested:
                if n.get("type") == "string" and n.get("enum"):
                    found[name] = n["enum"]
    assert found, f"{gid}: no field with choices"
    for name, values in found.items():
        if name in ("mission", "quest", "campaign", "scenario", "variant", "mode"):
            for value in values[:4]:
                setup = {name: value}
                if name == "scenario":
                    setup["mode"] = "solitaire"
                if name == "variant" and value == "epic":
                    continue        # Epic needs a list of missions as well
                game.seat_names(setup)
