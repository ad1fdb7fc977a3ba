"""The one validation layer (issues #15, #16): a strict pydantic base for documents, the function
that turns a pydantic ``ValidationError`` into a :class:`~questbox.core.errors.SetupError` (or a
subclass such as :class:`~questbox.core.errors.StateError`) naming the field, and the check that a
saved state document is exactly the canonical form its game writes.

A game's ``from_json`` validates its document in three layers: the schema (a :class:`StrictModel`
through :func:`validated`: types, required keys, word sets, bounds, no unknown keys), the cross-checks
a schema cannot state (ids that must exist elsewhere in the document, lengths that must agree, the
payload of a pending decision), and :func:`check_canonical` (``to_json(from_json(doc)) == doc``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    StrictInt,
    StrictStr,
    ValidationError,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from questbox.core.errors import SetupError, StateError

M = TypeVar("M", bound=BaseModel)

#: a JSON integer, never a bool or a float (``strict``); bounded ones via :func:`int_in`
Count = Annotated[StrictInt, Field(ge=0)]


class StrictModel(BaseModel):
    """The base of every document model: unknown keys are refused and nothing is coerced (a bool is
    not a number, ``"3"`` is not ``3``, ``2.0`` is not ``2``)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class OneOf:
    """An ``Annotated[str, OneOf(values, "mission")]`` marker: the string must be one of ``values()``
    (called when a document is checked or the schema is built, so a data folder is read lazily), and
    the JSON Schema publishes the list as an ``enum`` (a lobby builds its choice lists from it).

    With ``document=True`` a mapping is accepted too, as it is (an inline mission or quest document,
    checked by the game), and the schema says ``anyOf: [the enum, an object]``."""

    def __init__(self, values: Callable[[], Iterable[str]], what: str,
                 hint: Callable[[str], str | None] | None = None, *, document: bool = False) -> None:
        self.values = values
        self.what = what
        #: a better message for some refused values (a file path where a name is wanted)
        self.hint = hint
        self.document = document

    def check(self, value: Any) -> Any:
        if self.document and isinstance(value, dict):
            return value
        known = list(self.values())
        if not isinstance(value, str):
            doc = " or a document" if self.document else ""
            raise ValueError(f"a {self.what} is a name ({', '.join(known)}){doc}, not {type(value).__name__}")
        if value not in known:
            better = self.hint(value) if self.hint is not None else None
            raise ValueError(better or f"no {self.what} {value!r} (known: {', '.join(known)})")
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.check)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        names: JsonSchemaValue = {"type": "string", "enum": list(self.values())}
        if self.document:
            return {"anyOf": [names, {"type": "object", "description": f"an inline {self.what} document"}]}
        return names


#: the JSON Schema annotation naming a choice field's values (``{id: title}``), which the lobby shows
TITLES = "x-titles"


def titles(names: Callable[[], Mapping[str, str]]) -> Callable[[dict[str, Any]], None]:
    """A ``json_schema_extra`` for a field whose values are ids (a ``Literal`` or a :class:`OneOf`):
    the schema gains ``x-titles: {id: title}``, ``names()`` read when the schema is built (from the
    game's data), so the lobby lists titles while the setup keeps the ids."""

    def extra(schema: dict[str, Any]) -> None:
        schema[TITLES] = {str(k): str(v) for k, v in names().items()}

    return extra


def json_schema(model: type[BaseModel], title: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a setup model, titled (what ``Game.setup_schema`` returns)."""
    doc = model.model_json_schema()
    doc["title"] = title
    doc["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return doc


def where(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """A pydantic error location as a dotted path (``players.0.hand.2``)."""
    return ".".join(str(p) for p in loc)


def explain(exc: ValidationError, limit: int = 1) -> str:
    """``PATH: message`` for the first ``limit`` errors (and how many more there are)."""
    errs = exc.errors()
    parts = []
    for err in errs[:limit]:
        msg = str(err["msg"]).removeprefix("Value error, ")
        loc = where(err["loc"])
        parts.append(f"{loc}: {msg}" if loc else msg)
    more = f" (and {len(errs) - limit} more)" if len(errs) > limit else ""
    return "; ".join(parts) + more


def validated(model: type[M], doc: Any, what: str, error: Callable[[str], Exception] = SetupError,
              *, limit: int = 1) -> M:
    """``model`` validated from ``doc``; otherwise ``error("{what}: PATH: message")``."""
    try:
        return model.model_validate(doc)
    except ValidationError as exc:
        raise error(f"{what}: {explain(exc, limit)}") from None


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The dotted path of the first place where JSON documents ``a`` and ``b`` differ (``None`` if
    equal). Lists and tuples compare alike; a bool never equals a number and an int never equals a
    float (unlike Python's ``==``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k not in b:
                return f"{path}{k}"
            d = first_difference(a[k], b[k], f"{path}{k}.")
            if d is not None:
                return d
        for k in b:
            if k not in a:
                return f"{path}{k}"
        return None
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            d = first_difference(x, y, f"{path}{i}.")
            if d is not None:
                return d
        return None if len(a) == len(b) else (path.rstrip(".") or "(top)")
    if type(a) is not type(b) or a != b:
        return path.rstrip(".") or "(top)"
    return None


def check_canonical(what: str, doc: Any, canonical: Any) -> None:
    """Refuse a saved state document that is not exactly the one its state writes back: a derived
    field that disagrees with the rest (a ``phase`` that is not the state's), a key in another form."""
    d = first_difference(doc, canonical)
    if d is not None:
        raise StateError(f"{what}: {d}: does not agree with the rest of the document "
                         f"(the saved state would write {_at(canonical, d)!r} there)")


def _at(doc: Any, path: str) -> Any:
    cur = doc
    for p in path.split("."):
        if isinstance(cur, dict):
            if p not in cur:
                return None
            cur = cur[p]
        elif isinstance(cur, list | tuple) and p.isdigit() and int(p) < len(cur):
            cur = cur[int(p)]
        else:
            return cur if p == "(top)" else None
    if isinstance(cur, dict | list) and len(repr(cur)) > 60:
        return f"{type(cur).__name__} of {len(cur)}"
    return cur


class RngDoc(StrictModel):
    """The saved generator (:meth:`questbox.core.rng.Rng.to_json`)."""

    state: Annotated[StrictInt, Field(ge=0, lt=1 << 64)]
    key: Annotated[str, Field(pattern=r"^[0-9a-f]{2,128}$")] | None = None
    script: list[Any] | None = None


class OutcomeDoc(StrictModel):
    """A recorded outcome (:meth:`questbox.core.state.Outcome.to_json`; ``scores``, ``reason`` and
    ``termination`` may be missing in older documents)."""

    winners: list[StrictStr]
    scores: dict[str, float] = Field(default_factory=dict)
    reason: StrictStr = ""
    termination: StrictStr = ""
