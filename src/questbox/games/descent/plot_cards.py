"""The lieutenant pack's data: the Plot decks and the agents of ``data/plot.yaml`` (validated with
pydantic). Split from :mod:`questbox.games.descent.plot`, whose rule module mypyc compiles (a
compiled module cannot define pydantic models)."""

from __future__ import annotations

import functools
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from questbox.core import JSON, SetupError
from questbox.core.validation import validated
from questbox.games.descent.data import DATA, Stat, Surge, _check_source, load_yaml


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlotCardModel(_M):
    id: str
    name: str
    number: int
    buy: int = Field(ge=0)
    trigger: int = Field(ge=0)
    basic: bool = False
    refresh: Literal["normal", "encounter-end", "none", "tile", "turn-end"]
    agent: str | None = None
    source: str
    _src = field_validator("source")(_check_source)


class PlotDeckModel(_M):
    id: str
    name: str
    lieutenant: str
    source: str
    cards: list[PlotCardModel]
    _src = field_validator("source")(_check_source)


class AgentRow(_M):
    speed: int
    health: int
    defense: list[Literal["brown", "gray", "black"]]


class AgentAct(_M):
    abilities: list[Literal["flanking", "forceful-blow", "rally"]]
    dice: list[Literal["blue", "red", "yellow"]]
    surges: list[dict[str, Any]]
    rows: dict[int, AgentRow]
    source: str
    _src = field_validator("source")(_check_source)


class AgentModel(_M):
    id: str
    name: str
    attack: Literal["melee", "ranged"]
    shape: tuple[int, int]
    acts: dict[int, AgentAct]


class PlotFile(_M):
    decks: list[PlotDeckModel]
    agents: list[AgentModel]


@functools.lru_cache(maxsize=1)
def plot_data() -> PlotFile:
    """data/plot.yaml, validated (``SetupError`` with the place of the first problem)."""
    pf = validated(PlotFile, load_yaml(DATA / "plot.yaml"), "plot.yaml")
    agents = {a.id for a in pf.agents}
    for d in pf.decks:
        if sum(1 for c in d.cards if c.basic) != 1 or any(c.basic != (c.buy == 0) for c in d.cards):
            raise SetupError(f"plot.yaml: deck {d.id}: exactly one basic card, the one with no purchase cost")
        for c in d.cards:
            if c.agent is not None and c.agent not in agents:
                raise SetupError(f"plot.yaml: card {c.id}: unknown agent {c.agent!r}")
        if len({c.id for c in d.cards}) != len(d.cards):
            raise SetupError(f"plot.yaml: deck {d.id}: a card id appears twice")
    for a in pf.agents:
        for act, aa in a.acts.items():
            if set(aa.rows) != {2, 3, 4}:
                raise SetupError(f"plot.yaml: agent {a.id} act {act}: rows for 2, 3 and 4 heroes")
    return pf


def deck(deck_id: str) -> PlotDeckModel:
    for d in plot_data().decks:
        if d.id == deck_id:
            return d
    raise SetupError(f"no plot deck {deck_id!r} (decks: {', '.join(d.id for d in plot_data().decks)})")


def cards_of(deck_id: str) -> dict[str, PlotCardModel]:
    return {c.id: c for c in deck(deck_id).cards}


def split_deck(pd: str, faceup: Any, facedown: Any, where: str) -> tuple[list[str], list[str]]:
    """A Plot deck's cards split face up / face down (defaults: the basic card up, the rest down in
    the deck's order), checked: lists of the deck's ids, each card once, the basic card face up."""
    cards = cards_of(pd)
    basic = next(c.id for c in cards.values() if c.basic)
    up = [basic] if faceup is None else faceup
    down = [c for c in cards if c not in up] if facedown is None else facedown
    if not isinstance(up, list) or not isinstance(down, list):
        raise SetupError(f"{where}.faceup, {where}.facedown: lists of the deck's card ids")
    for c in (*up, *down):
        if c not in cards:
            raise SetupError(f"{where}: {c!r} is not a card of the {pd} Plot deck (cards: {', '.join(cards)})")
    if sorted(up + down) != sorted(cards):
        raise SetupError(f"{where}: every card of the {pd} Plot deck is once face up or face down")
    if basic not in up:
        raise SetupError(f"{where}.faceup: the basic card {basic} is always face up")
    return list(up), list(down)


def agent_stat(agent_id: str, act: int, n_heroes: int) -> Stat:
    a = next(x for x in plot_data().agents if x.id == agent_id)
    aa = a.acts[act]
    row = aa.rows[n_heroes]
    surges = tuple(Surge(f"{s['effect']}{s.get('value', 1)}", s["effect"], int(s.get("value", 1)),
                         int(s.get("cost", 1))) for s in aa.surges)
    return Stat(key=f"agent:{a.id}", name=a.name, monster="agent", master=True, speed=row.speed, health=row.health,
                defense=tuple(row.defense), dice=tuple(aa.dice), attack=a.attack, abilities=frozenset(aa.abilities),
                surges=surges, traits=frozenset(), shape=a.shape, source=aa.source)


# ====================================================== the campaign key of an encounter setup
#: the kinds of quests of a campaign
KINDS = ("quest", "interlude", "finale")
CAMPAIGN_KEYS = {"kind", "plot_deck", "threat", "faceup", "facedown", "fortune", "lieutenants", "upgrades", "items",
                 "equipment", "overlord_deck", "encounter", "overlord_relics"}
#: our hero upgrades bought with XP (see data/campaigns): id -> extra Health
UPGRADE_HEALTH = {"toughness": 1}


def normalize_campaign(doc: Any, heroes: list[str]) -> JSON:
    """The ``campaign`` key of an encounter setup, validated, every default filled in."""
    if not isinstance(doc, dict):
        raise SetupError("campaign: a mapping (kind, plot_deck, threat, faceup, facedown, fortune, ...)")
    unknown = set(doc) - CAMPAIGN_KEYS
    if unknown:
        raise SetupError(f"campaign: unknown key(s) {', '.join(sorted(unknown))} "
                         f"(known: {', '.join(sorted(CAMPAIGN_KEYS))})")
    kind = doc.get("kind", "quest")
    if kind not in KINDS:
        raise SetupError(f"campaign.kind: one of {', '.join(KINDS)}")
    pd = doc.get("plot_deck")
    threat = doc.get("threat", 0)
    if not isinstance(threat, int) or threat < 0:
        raise SetupError("campaign.threat: a number of threat tokens (0 or more)")
    faceup: list[str] = []
    facedown: list[str] = []
    if pd is not None:
        faceup, facedown = split_deck(str(pd), doc.get("faceup"), doc.get("facedown"), "campaign")
    elif threat or doc.get("faceup") or doc.get("facedown") or any(doc.get("fortune", {}).values()):
        raise SetupError("campaign: threat, plot cards and fortune need a plot_deck")
    fortune = doc.get("fortune", {})
    if not isinstance(fortune, dict) or set(fortune) - set(heroes) or not all(
            isinstance(v, int) and v >= 0 for v in fortune.values()):
        raise SetupError("campaign.fortune: fortune tokens per hero of this quest")
    lts = doc.get("lieutenants", [])
    if not isinstance(lts, list) or not all(isinstance(x, str) for x in lts):
        raise SetupError("campaign.lieutenants: the lieutenants this quest features (ids)")
    upgrades = doc.get("upgrades", {})
    items = doc.get("items", {})
    for key, val, known in (("upgrades", upgrades, UPGRADE_HEALTH), ("items", items, None)):
        if not isinstance(val, dict) or set(val) - set(heroes) or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in val.values()):
            raise SetupError(f"campaign.{key}: per hero of this quest, a list of ids")
        if known is not None:
            for v in val.values():
                for x in v:
                    if x not in known:
                        raise SetupError(f"campaign.upgrades: unknown upgrade {x!r} (upgrades: {', '.join(known)})")
    out = {"kind": kind, "plot_deck": pd, "threat": threat, "faceup": faceup, "facedown": facedown,
           "fortune": {h: int(fortune.get(h, 0)) for h in heroes}, "lieutenants": list(lts),
           "upgrades": {h: list(upgrades.get(h, [])) for h in heroes},
           "items": {h: list(items.get(h, [])) for h in heroes}}
    if "encounter" in doc:
        # one encounter of a two-encounter quest (questbox.games.descent.encounters)
        from questbox.games.descent.encounters import normalize_encounter

        out["encounter"] = normalize_encounter(doc["encounter"], heroes)
    if "overlord_deck" in doc:
        # the overlord's Overlord deck (card ids, one per copy), for the rule module ``overlord``
        deck = doc["overlord_deck"]
        if not isinstance(deck, list) or not all(isinstance(x, str) for x in deck):
            raise SetupError("campaign.overlord_deck: the Overlord cards of the deck (ids, one per copy)")
        out["overlord_deck"] = list(deck)
    if "equipment" in doc:
        # the cards each hero has equipped (validated by the rule module ``items``)
        out["equipment"] = doc["equipment"]
    if "overlord_relics" in doc:
        # the lieutenant relics the overlord has won (validated by the rule module ``lieutenants``)
        out["overlord_relics"] = doc["overlord_relics"]
    return out
