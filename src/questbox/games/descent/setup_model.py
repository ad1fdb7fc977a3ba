"""The setup documents of Descent and of the Descent campaign as pydantic models (issue #16).

They describe the documents that :func:`questbox.games.descent.encounter.normalize_setup` and
:func:`questbox.games.descent.campaign_game.campaign_log` accept, publish their JSON Schema
(``Game.setup_schema``; the lobby builds its quest and campaign lists from the ``enum`` of quest
and campaign ids) and are checked first, so a wrong type or an unknown key is refused with the
field's path. The checks that need the data (a hero's class, a quest document, a campaign log's
history) stay in the normalisation that follows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictBool, StrictInt, StrictStr

from questbox.core import JSON
from questbox.core.setupfiles import path_refused
from questbox.core.validation import OneOf, StrictModel, titles, validated


def _quest_ids() -> list[str]:
    from questbox.games.descent.data import quest_files

    return list(quest_files())


def _campaign_ids() -> list[str]:
    from questbox.games.descent.data import DATA

    return [p.stem for p in sorted((DATA / "campaigns").glob("*.yaml"))]


def _quest_titles() -> dict[str, str]:
    from questbox.games.descent.data import read_quest

    return {q: read_quest(q).name for q in _quest_ids()}


def _campaign_titles() -> dict[str, str]:
    from questbox.games.descent.campaign_model import campaign_data

    return {c: campaign_data(c).name for c in _campaign_ids()}


def _seat_titles() -> dict[str, str]:
    return {"party": "Party (one seat plays every hero)", "per-hero": "Per hero (a seat for each hero)"}


def _quest_hint(spec: str) -> str | None:
    if Path(spec).suffix in (".yaml", ".yml", ".json"):
        return str(path_refused("quest", "the quest document"))
    return None


def _log_document(value: Any) -> Any:
    if isinstance(value, str):
        raise ValueError(str(path_refused("log", "the campaign log document")).removeprefix("log: "))
    if not isinstance(value, dict):
        raise ValueError(f"a campaign log document (a mapping), not {type(value).__name__}")
    return value


#: a campaign log document, inline (a path is refused: the command line reads it first)
LogDoc = Annotated[dict[str, Any], BeforeValidator(_log_document)]
#: a quest of data/quests by id, or an inline quest document
QuestSpec = Annotated[str | dict[str, Any], OneOf(_quest_ids, "quest", _quest_hint, document=True)]
CampaignId = Annotated[str, OneOf(_campaign_ids, "campaign")]


class HeroDoc(StrictModel):
    """A hero with a class: ``{hero: syndrael, class: knight}`` (the class defaults to the
    archetype's first)."""

    hero: StrictStr
    class_: StrictStr = Field("", alias="class")


#: a hero id, ``"hero:class"`` or ``{hero: .., class: ..}``
HeroEntry = StrictStr | HeroDoc


class TrayDoc(StrictModel):
    """The dice tray (a test bench for the dice, not a game): which dice, how many rolls."""

    dice: list[StrictStr] = Field(default_factory=lambda: ["blue"], min_length=1)
    rolls: StrictInt = Field(6000, ge=1, le=1_000_000)


class DescentSetup(StrictModel):
    """A Descent encounter setup (every key optional); or ``{dice_tray: ...}`` alone; or a campaign
    file ``{campaign: <id>, log: <log document>}`` that plays the campaign's next quest."""

    quest: QuestSpec = Field("sunken-ossuary", description="the quest", json_schema_extra=titles(_quest_titles))
    heroes: list[HeroEntry] | None = Field(None, min_length=2, max_length=4,
                                           description="2-4 heroes (default: syndrael, avric)")
    seats: Literal["party", "per-hero"] = Field(
        "party", description="party: one seat plays every hero; per-hero: a seat per hero",
        json_schema_extra=titles(_seat_titles))
    act: StrictInt | None = Field(None, ge=1, le=2, description="the act, 1 or 2 (default: the quest's)")
    two_hero_rule: StrictBool = Field(True, description="with two heroes, each takes a free attack or rest")
    hero_abilities: StrictBool = Field(True, description="play the heroes' abilities")
    heroic_feats: StrictBool | None = Field(None, description="play the heroic feats (default: as hero_abilities)")
    open_groups: dict[str, StrictStr] = Field(default_factory=dict,
                                              description="the overlord's monster for each open group")
    modules: list[StrictStr] = Field(default_factory=list, description="extra rule modules by name")
    show_los: StrictBool = Field(False, description="views list the spaces the acting figure sees")
    skills: dict[str, list[StrictStr]] | None = Field(
        None, description="the skill cards each hero bought with XP (hero id -> card ids)")
    campaign: dict[str, Any] | StrictStr | None = Field(
        None, description="a campaign's state for this quest, or with log: the campaign's id")
    log: LogDoc | None = Field(None, description="a campaign log document (inline)")
    players: StrictInt | None = Field(None, ge=2, le=5, description="seats (checked against heroes and seats)")
    dice_tray: TrayDoc | None = Field(None, description="the dice tray alone (no other key)")


class CampaignSetup(StrictModel):
    """A Descent campaign setup: a new campaign, or one continued from its log."""

    campaign: CampaignId = Field("harrowmere", description="the campaign", json_schema_extra=titles(_campaign_titles))
    heroes: list[HeroEntry] | None = Field(None, min_length=2, max_length=4,
                                           description="2-4 heroes (default: syndrael, avric)")
    seats: Literal["party", "per-hero"] = Field(
        "party", description="party: one seat plays every hero; per-hero: a seat per hero",
        json_schema_extra=titles(_seat_titles))
    log: LogDoc | None = Field(None, description="a campaign log document to continue")
    players: StrictInt | None = Field(None, ge=2, le=5, description="seats (checked against the log)")
    overlord_deck: StrictBool | None = Field(
        None, description="play with the Overlord deck (the overlord buys class cards with XP)")


def check_setup(doc: JSON | None) -> None:
    """Refuse a Descent setup its model refuses (``SetupError`` naming the field)."""
    validated(DescentSetup, doc or {}, "descent setup")


def check_campaign_setup(doc: JSON | None) -> None:
    """Refuse a Descent campaign setup its model refuses (``SetupError`` naming the field)."""
    validated(CampaignSetup, doc or {}, "descent-campaign setup")
