"""Checking a saved ``descent-campaign`` state before it is rebuilt (issue #15).

:func:`load_campaign` refuses, with a :class:`~questbox.core.errors.StateError` naming the field,
a document that does not fit :class:`CampaignDoc` (strict types, every key, no other), whose
campaign log is not a complete, valid log (the log check of a setup, which must give the log back
unchanged), whose seats are not the log's, or whose quest does not agree with the log: a quest is
saved exactly in the log's quest phase, with the setup the log makes for it and the campaign's one
Rng, and the quest itself passes :func:`questbox.games.descent.statedoc.load_encounter`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field

from questbox.core import JSON
from questbox.core.errors import SetupError, StateError
from questbox.core.validation import RngDoc, StrictModel, first_difference
from questbox.games.descent import campaign_log as L
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.encounter import normalize_setup
from questbox.games.descent.statedoc import (
    MAX_ROUND,
    Points,
    guarded,
    load_encounter,
    refuse,
    same_json,
    validated,
)

GAME_ID = "descent-campaign"


class CampaignDoc(StrictModel):
    """A saved campaign (:meth:`CampaignState.to_json`)."""

    mode: Literal["campaign"]
    seats: list[str]
    rng: RngDoc
    log: dict[str, Any]
    encounter: dict[str, Any] | None


class HistoryDoc(StrictModel):
    """One quest played, in the log's ``history`` (:func:`campaign.record`)."""

    quest: str
    kind: str
    winner: Literal["heroes", "overlord"]
    reason: str
    rounds: Annotated[int, Field(ge=0, le=MAX_ROUND)]
    threat_after: Points
    #: the Search cards drawn in the quest and their gold (campaign_shop.quest_end; logs before
    #: issue #18 have none)
    search_cards: list[str] | None = None
    search_gold: Annotated[int, Field(ge=0)] | None = None
    #: the Treasure Chest's Shop Item ({hero, item}) and the relic won ({side, relic})
    treasure: dict[str, str] | None = None
    relic: dict[str, str] | None = None


class StatsDoc(StrictModel):
    """The log's ``stats``: the Plot cards bought, how often each Plot card was played, and the
    Shop Items bought and sold (logs before issue #18 have no such lists)."""

    bought: list[str]
    triggered: dict[str, Annotated[int, Field(ge=0)]]
    shop_bought: list[str] | None = None
    shop_sold: list[str] | None = None


def check_campaign(doc: Any, check_log: Callable[[Any, int], JSON],
                   seats_of: Callable[[JSON], tuple[str, ...]]) -> None:
    """Check a saved campaign document (see the module docstring); ``check_log`` and ``seats_of``
    are the campaign game's log check and seat list (passed in: this module is a leaf, so that the
    game module may import it without an import cycle)."""
    d = validated(CampaignDoc, doc, GAME_ID)
    try:
        log = check_log(d.log, 0)
    except SetupError as exc:       # (it names the field: log.gold: ...)
        raise StateError(f"not a {GAME_ID} state: {exc}") from None
    diff = first_difference(d.log, log)
    if diff is not None:
        raise refuse(GAME_ID, f"log.{diff}",
                     "not a complete campaign log (a key left out, or a value the log check changes)")
    validated(StatsDoc, log["stats"], GAME_ID, "log.stats")
    cm = campaign_data(log["campaign"])
    # (a log a setup started later in the campaign may have fewer entries than quests played: the
    # entries are those of the last quests played)
    first = log["next"] - len(log["history"])
    for k, h in enumerate(log["history"]):
        entry = validated(HistoryDoc, h, GAME_ID, f"log.history.{k}")
        q = cm.quests[first + k]
        if entry.quest != q.quest or entry.kind != q.kind:
            raise refuse(GAME_ID, f"log.history.{k}", f"the campaign's quest {first + k + 1} ({q.quest}, {q.kind})")
    if tuple(d.seats) != seats_of(log):
        raise refuse(GAME_ID, "seats", f"the log's seats are {list(seats_of(log))}")
    if log["phase"] == "shopping" and log["shop"] is None:
        raise refuse(GAME_ID, "log.shop", "the Shop cards are dealt in the shopping phase")
    quest = log["phase"] == "quest"
    if (d.encounter is not None) != quest:
        raise refuse(GAME_ID, "encounter", "the quest's state in the log's quest phase, else null")
    if d.encounter is not None:
        setup = guarded(GAME_ID, "log", lambda: normalize_setup(L.encounter_setup(log)))
        enc_setup: JSON = d.encounter.get("setup", {})
        diff = first_difference(enc_setup, setup)
        if diff is not None:
            raise refuse(GAME_ID, f"encounter.setup.{diff}",
                         "the setup the campaign log makes for its next quest")
        if not same_json(d.encounter.get("rng"), doc["rng"]):
            raise refuse(GAME_ID, "encounter.rng", "the campaign's Rng (rng), which the quest shares")
        load_encounter(d.encounter, GAME_ID, "encounter")
