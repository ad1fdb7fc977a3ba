"""The data of a Descent campaign (``data/campaigns/<id>.yaml``): its quests, rewards, upgrades
and Shop deck, validated (:func:`campaign_data`).

The Shop: without a ``shop:`` list the campaign sells the printed Act I / Act II Shop Item decks
(``data/shop.yaml``, :mod:`~questbox.games.descent.campaign_shop`); a ``shop:`` list is the
campaign's own deck (ours), of Search cards or Shop Items. ``shop_draw``: the cards revealed in each
Shopping step (5, as printed). A quest's ``relic`` (a hero relic of ``data/relics.yaml``) is won
by the side that wins the quest."""

from __future__ import annotations

import functools

from pydantic import BaseModel, ConfigDict, Field, field_validator

from questbox.core import SetupError
from questbox.core.validation import validated
from questbox.games.descent.data import DATA, _check_source, library, load_yaml


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CampaignQuest(_M):
    quest: str
    kind: str = Field(pattern="^(quest|interlude|finale)$")
    act: int | None = Field(None, ge=1, le=2)
    lieutenants: list[str] = Field(default_factory=list)
    #: the relic the quest's rewards name (its hero face; the overlord wins the lieutenant face)
    relic: str | None = None


class Rewards(_M):
    xp: int = Field(ge=0)
    winner_xp: int = Field(ge=0)
    hero_gold: int = Field(ge=0)
    win_gold: int = Field(ge=0)


class Upgrade(_M):
    id: str
    name: str
    xp: int = Field(ge=1)
    max: int = Field(ge=1)
    text: str


class ShopCard(_M):
    id: str
    cost: int = Field(ge=0)
    count: int = Field(ge=1)


class RumorCard(_M):
    """A Rumor card (``data/rumors.yaml``): ``quest`` the quest it features (``None``: none);
    ``act`` 1 for an Act I card, ``None`` for any act; the effects are ours (the file's comment)."""

    id: str
    name: str
    source: str
    text: str
    act: int | None = Field(None, ge=1, le=2)
    quest: str | None = None
    overlord_xp: int = Field(0, ge=0)
    unplayed_xp: int = Field(0, ge=0)
    _src = field_validator("source")(_check_source)


class RumorFile(_M):
    cards: list[RumorCard] = Field(min_length=1)


@functools.lru_cache(maxsize=1)
def rumor_cards() -> dict[str, RumorCard]:
    """data/rumors.yaml, validated, by id (a featured quest must be a one-encounter quest file)."""
    from questbox.games.descent.data import quest_files, read_quest

    rf = validated(RumorFile, load_yaml(DATA / "rumors.yaml"), "rumors.yaml")
    for c in rf.cards:
        if c.quest is not None and (c.quest not in quest_files() or read_quest(c.quest).next_encounter is not None):
            raise SetupError(f"rumors.yaml: {c.id}: quest {c.quest!r} is not a one-encounter quest file")
    return {c.id: c for c in rf.cards}


class CampaignModel(_M):
    id: str
    name: str
    source: str
    #: a few sentences of the campaign's story (optional)
    story: str = ""
    quests: list[CampaignQuest] = Field(min_length=1)
    rewards: Rewards
    upgrades: list[Upgrade]
    #: Shop Item cards revealed in each Shopping step (5: the printed rule)
    shop_draw: int = Field(5, ge=1)
    #: the campaign's own Shop deck (ours); ``None``: the printed Act I / Act II decks
    shop: list[ShopCard] | None = Field(None, min_length=1)
    #: the overlord's Rumor deck (``data/rumors.yaml`` ids; empty: the campaign has no Rumor cards)
    rumors: list[str] = Field(default_factory=list)
    _src = field_validator("source")(_check_source)


@functools.lru_cache(maxsize=8)
def campaign_data(cid: str) -> CampaignModel:
    """data/campaigns/<cid>.yaml, validated (``SetupError`` with the place of the first problem)."""
    files = {p.stem: p for p in sorted((DATA / "campaigns").glob("*.yaml"))}
    if cid not in files:
        raise SetupError(f"no campaign {cid!r} (campaigns: {', '.join(files)})")
    cm = validated(CampaignModel, load_yaml(files[cid]), f"campaigns/{cid}.yaml")
    from questbox.games.descent.data import quest_files

    quests = quest_files()
    kinds = [q.kind for q in cm.quests]
    from questbox.games.descent.data import read_quest

    for q in cm.quests:
        if q.quest not in quests:
            raise SetupError(f"campaigns/{cid}.yaml: unknown quest {q.quest!r}")
        nxt = read_quest(q.quest).next_encounter
        if nxt is not None and (nxt not in quests or read_quest(nxt).next_encounter is not None):
            raise SetupError(f"campaigns/{cid}.yaml: quest {q.quest}'s encounter 2 {nxt!r} is not a quest file "
                             "that ends the quest")
    if kinds[-1] != "finale" or kinds.count("finale") != 1:
        raise SetupError(f"campaigns/{cid}.yaml: the last quest, and only it, is the Finale")
    from questbox.games.descent.catalog import catalog
    from questbox.games.descent.modules.items import relics

    search = library().search
    for s in cm.shop or []:
        if s.id not in search and s.id not in catalog().shop:
            raise SetupError(f"campaigns/{cid}.yaml: shop card {s.id!r} is not a Search card nor a Shop Item")
    for q in cm.quests:
        r = relics().get(q.relic) if q.relic is not None else None
        if q.relic is not None and (r is None or r.side != "heroes"):
            raise SetupError(f"campaigns/{cid}.yaml: quest {q.quest}: relic {q.relic!r} is not a hero relic")
    unknown = [r for r in cm.rumors if r not in rumor_cards()]
    if unknown or len(set(cm.rumors)) != len(cm.rumors):
        raise SetupError(f"campaigns/{cid}.yaml: rumors: Rumor card ids of rumors.yaml, once each "
                         f"(not {', '.join(unknown) or 'a repeated id'})")
    from questbox.games.descent.plot import UPGRADE_HEALTH

    for u in cm.upgrades:
        if u.id not in UPGRADE_HEALTH:
            raise SetupError(f"campaigns/{cid}.yaml: upgrade {u.id!r} is not one the engine plays")
    return cm
