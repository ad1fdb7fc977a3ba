"""The solitaire scenarios (Annex III) and their Destiny scales, validated on load from ``data/scenarios.yaml``."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from questbox.core import SetupError
from questbox.core.validation import explain

DATA = Path(__file__).resolve().parent / "data" / "scenarios.yaml"

BonusTarget = Literal["greenskin", "undead", "demon", "sons", "central", "outer", "all", "final"]
#: effects that may be read as permanent (italic): a lasting bonus, or a Tenacity rule for every card entering play
CAN_BE_PERMANENT = ("bonus", "tenacity_all", "tenacity_weakest")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Line(_Model):
    effect: Literal["nothing", "lich_wins", "lose_mana", "tenacity_weakest", "tenacity_all", "bonus"]
    target: BonusTarget | None = None
    value: int = 0
    text: str

    @model_validator(mode="after")
    def _bonus(self) -> Line:
        if (self.effect == "bonus") != (self.target is not None and self.value != 0):
            raise ValueError("a bonus line has a target and a non-zero value; other lines have neither")
        return self


class Scenario(_Model):
    name: str
    french: str = ""
    permanent: list[int] = Field(default_factory=list)
    lines: dict[int, Line]

    @model_validator(mode="after")
    def _check(self) -> Scenario:
        if sorted(self.lines) != list(range(1, len(self.lines) + 1)):
            raise ValueError("Destiny lines are numbered 1, 2, 3, ... without gaps")
        check_permanent(self, self.permanent)
        return self


def check_permanent(scenario: Scenario, lines: list[int]) -> None:
    for n in lines:
        if n not in scenario.lines:
            raise ValueError(f"Destiny line {n} does not exist (1–{len(scenario.lines)})")
        if scenario.lines[n].effect not in CAN_BE_PERMANENT:
            raise ValueError(f"Destiny line {n} ({scenario.lines[n].effect}) cannot be permanent")


class ScenarioFile(_Model):
    format: Literal[1] = 1
    source: str = ""
    scenarios: dict[str, Scenario]


@functools.cache
def scenarios() -> dict[str, Scenario]:
    try:
        doc = yaml.safe_load(DATA.read_text())
        return dict(ScenarioFile(**doc).scenarios)
    except ValidationError as exc:
        raise SetupError(f"{DATA}: {explain(exc)}") from exc
