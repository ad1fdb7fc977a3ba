"""The immutable rules context of a hero-ik game (:class:`Ctx`), built from a canonical setup (see
:func:`.setup.build_ctx`, which validates and caches it).

It holds everything that never changes during a game, flattened into tuples indexed by card instance
for the hot paths; states share it (``clone`` copies a reference). Its own module, without pydantic
models, so that mypyc compiles it (``compiled.MODULES``): the compiled rules and bots then read its
fields directly instead of through a Python object's attribute dictionary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import JSON, Action, SetupError
from questbox.games.hero_ik.cards import (
    COLOURS,
    FAMILIES,
    TYPES,
    Adventurer,
    CardFile,
    CardSet,
    Equipment,
    FinalMonster,
    box_dungeon,
    build_dungeon,
    build_party,
    card_set,
    parse_card_file,
    parse_power,
)
from questbox.games.hero_ik.scenarios import Scenario, check_permanent, scenarios

if TYPE_CHECKING:
    from questbox.games.hero_ik.setup import Options

ADV = "adventurers"
DM = "dungeon"
DEFAULT_BOX = "lair-of-the-lich"
SON_TAGS = frozenset({"abunakkashii", "son-of-abunakkashii"})


class Ctx:
    """What never changes during one game, flattened for speed. Card instances are numbered: the
    dungeon's 48 cards 0–47 in the setup's order, then any starting trophies."""

    def __init__(self, setup: JSON, opts: Options) -> None:
        self.setup = setup
        extra: CardFile | None = parse_card_file(setup["cards"], "setup cards") if "cards" in setup else None
        cards: CardSet = card_set(extra)
        self.cards = cards
        self.solo: bool = setup["mode"] == "solitaire"
        self.seats: tuple[str, ...] = (ADV,) if self.solo else (ADV, DM)
        self.opts = opts
        # -- the dungeon
        dungeon = setup["dungeon"]
        if isinstance(dungeon, str):
            if dungeon not in cards.boxes:
                raise SetupError(f"setup: dungeon: no box {dungeon!r} (boxes: {', '.join(sorted(cards.boxes))}); "
                                 "or give a list of 48 dungeon card ids")
            box = cards.boxes[dungeon]
            ids = box_dungeon(box)
            final = setup["final"] or box.final
        else:
            ids = dungeon
            final = setup["final"] or cards.boxes[DEFAULT_BOX].final
        build_dungeon(cards, ids, final)
        start = setup.get("start") or {}
        for cid in start.get("trophies", []):
            if cid not in cards.dungeon:
                raise SetupError(f"setup: start.trophies: {cid!r} is not a dungeon card")
        wanted = [cid for k in sorted(start.get("piles", {})) for cid in start["piles"][k]]
        for cid in set(wanted):
            if wanted.count(cid) > ids.count(cid):
                raise SetupError(f"setup: start.piles: the dungeon holds {ids.count(cid)} {cid!r}, "
                                 f"not {wanted.count(cid)}")
        deck = list(ids) + list(start.get("trophies", []))
        self.n_dungeon = len(ids)
        self.deck: tuple[str, ...] = tuple(deck)
        #: ... and by card instance (``pay T``)
        self.pay_act = tuple(Action("pay", (t,)) for t in range(len(deck)))
        # -- the party
        advs, eqs = build_party(cards, setup["party"])
        self.adv_ids: tuple[str, ...] = tuple(advs)
        self.advs: tuple[Adventurer, ...] = tuple(cards.adventurers[a] for a in advs)
        self.n_adv = len(advs)
        self.eq_start: tuple[str, ...] = tuple(eqs)
        self.eq_labels: tuple[str, ...] = tuple(f"e{k + 1}" for k in range(len(eqs)))
        #: each equipment card's cost (green, yellow, blue, red), by id
        self.eq_cost: dict[str, tuple[int, int, int, int]] = {e: c.cost.as_tuple() for e, c in cards.equipment.items()}
        self.group_types = frozenset(a.type for a in self.advs)
        #: does a gift reroll a 1 (the bots' dice solver asks at every combat)
        self.reroll_gift = any(a.gift.effect == "reroll_on_one" for a in self.advs)
        #: the gifts that add to combat rolls (``standing_bonus``)
        self.bonus_gifts = tuple(a.gift for a in self.advs if a.gift.effect == "roll_bonus")
        self.n_gender = {g: sum(1 for a in self.advs if a.gender == g) for g in ("male", "female")}
        #: the actions naming a card, prebuilt (see ``model.ROLL``): by equipment slot ...
        self.potion_act = tuple(Action("potion", (lab,)) for lab in self.eq_labels)
        self.reveal_act = tuple(Action("reveal", (lab,)) for lab in self.eq_labels)
        self.quest_act = tuple(Action("quest", (lab,)) for lab in self.eq_labels)
        #: ... by adventurer ...
        self.power_act = tuple(Action("power", (a,)) for a in self.adv_ids)
        self.ultimate_act = tuple(Action("ultimate", (a,)) for a in self.adv_ids)
        self.mana_act = tuple(Action("mana", (a,)) for a in self.adv_ids)
        self.target_act = tuple(Action("target", (a,)) for a in self.adv_ids)
        self.lose_mana_act = tuple(Action("lose-mana", (a,)) for a in self.adv_ids)
        if start.get("mana") is not None and len(start["mana"]) != self.n_adv:
            raise SetupError(f"setup: start.mana: one entry per adventurer ({self.n_adv})")
        # -- the final monster
        self.final: FinalMonster = cards.finals[final]
        fp = parse_power(self.final.power)
        self.final_fixed, self.final_a, self.final_m = fp.fixed, fp.a, fp.m
        self.final_family = FAMILIES.index(self.final.family)
        # -- per-instance tables
        col, fam, fixed, die, a, m = [], [], [], [], [], []
        mana, pain, guard, fero, trap, green, son, nem = [], [], [], [], [], [], [], []
        ad, au, an = [], [], []
        for cid in deck:
            c = cards.dungeon[cid]
            col.append(COLOURS.index(c.colour))
            fam.append(FAMILIES.index(c.family))
            spec = c.power
            if c.nemesis is not None and c.nemesis.type in self.group_types:
                spec = c.nemesis.power
            p = parse_power(spec)
            fixed.append(p.fixed)
            die.append(p.die)
            a.append(p.a)
            m.append(p.m)
            mana.append(c.mana)
            pain.append("pain" in c.abilities)
            guard.append("bodyguard" in c.abilities)
            fero.append("ferocious" in c.abilities)
            trap.append(c.family == "trap")
            green.append(c.family == "greenskin")
            son.append(bool(SON_TAGS & set(c.tags)))
            nem.append(c.nemesis is not None)
            ad.append(c.auras.dragons)
            au.append(c.auras.undead)
            an.append(c.auras.nemesis)
        self.colour, self.family = tuple(col), tuple(fam)
        self.fixed, self.die, self.a, self.m = tuple(fixed), tuple(die), tuple(a), tuple(m)
        self.mana_icon, self.pain, self.bodyguard, self.ferocious = tuple(mana), tuple(pain), tuple(guard), tuple(fero)
        self.trap, self.greenskin, self.son, self.nemesis = tuple(trap), tuple(green), tuple(son), tuple(nem)
        self.aura_dragons, self.aura_undead, self.aura_nemesis = tuple(ad), tuple(au), tuple(an)
        self.has_auras = any(ad) or any(au) or any(an)
        # -- solitaire
        self.scenario_id: str | None = setup.get("scenario")
        self.scenario: Scenario | None = scenarios()[self.scenario_id] if self.scenario_id else None
        perm: frozenset[int] = frozenset()
        if self.scenario is not None:
            lines = opts.destiny_permanent if opts.destiny_permanent is not None else self.scenario.permanent
            try:
                check_permanent(self.scenario, lines)
            except ValueError as exc:
                raise SetupError(f"setup: options.destiny_permanent: {exc}") from exc
            perm = frozenset(lines)
        elif opts.destiny_permanent is not None:
            raise SetupError("setup: options.destiny_permanent is for solitaire play")
        self.permanent = perm
        #: the bots' combat resources of the cards, by (card id, label) (see ``bots.resources``)
        self.res_memo: dict[tuple[str, str], tuple[str, int, str] | None] = {}
        #: the Destiny lines on which the Lich wins, in increasing order (none in the duel)
        self.lich_lines: tuple[int, ...] = tuple(sorted(
            k for k, line in self.scenario.lines.items() if line.effect == "lich_wins")) if self.scenario else ()
        self.start = start
        # static card descriptions for views
        self.card_info: tuple[JSON, ...] = tuple(self._info(cid) for cid in deck)

    # -- helpers --------------------------------------------------------------------------------
    def _info(self, cid: str) -> JSON:
        c = self.cards.dungeon[cid]
        doc: JSON = {"id": cid, "name": c.name, "colour": c.colour, "family": c.family, "power": c.power,
                     "mana": c.mana}
        if c.abilities:
            doc["abilities"] = list(c.abilities)
        auras = {k: v for k, v in c.auras.model_dump().items() if v}
        if auras:
            doc["auras"] = auras
        if c.nemesis is not None:
            doc["nemesis"] = {"type": c.nemesis.type, "power": c.nemesis.power}
        if c.tags:
            doc["tags"] = list(c.tags)
        if c.unique:
            doc["unique"] = True
        return doc

    def equipment(self, eid: str) -> Equipment:
        return self.cards.equipment[eid]

    def type_index(self, t: str) -> int:
        return TYPES.index(t)
