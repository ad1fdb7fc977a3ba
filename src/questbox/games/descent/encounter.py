"""The static side of an encounter: the setup document, validated and compiled.

An :class:`Encounter` is built once per distinct setup (and cached): the quest and its map, the
heroes with their classes and kits, the monster groups with their stat lines, the seats and the
rule modules. States hold a reference to it and only their own mutable pieces, so clones are cheap.

The setup document (every key optional)::

    quest: sunken-ossuary          # a quest id of data/quests, or a whole quest document
    heroes: [syndrael, avric, leoric, tomble]   # 2-4 heroes; "hero:class" or {hero: .., class: ..}
    seats: party                   # party: seats heroes + overlord; per-hero: hero1..heroN + overlord
    act: 1                         # default: the quest's act
    two_hero_rule: true            # with two heroes, each hero gets a free attack or recover 2 a turn
    hero_abilities: true           # play the heroes' abilities
    heroic_feats: true             # play the heroic feats (default: as hero_abilities)
    open_groups: {zombies: cave-spider}   # the overlord's choice for the quest's open groups
    modules: []                    # extra rule modules by name (e.g. a plot deck)
    show_los: false                # views list the spaces the acting figure sees (for drawing)
    campaign: {...}                # a campaign's state for this quest (see .plot); adds the "campaign" module

A campaign file (``{campaign: <id>, log: <log document or path>}``) is also a setup: it becomes the
setup of the campaign's next quest (see :mod:`questbox.games.descent.campaign`).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, replace
from typing import Any

from questbox.core import JSON, SetupError
from questbox.games.descent.board import Board
from questbox.games.descent.data import (
    Card,
    GroupModel,
    Library,
    QuestModel,
    Stat,
    Surge,
    library,
    monster_playable,
    read_quest,
)
from questbox.games.descent.rules import WINDOWS, RuleModule, module_factory
from questbox.games.descent.skill_interrupts import wanted

DEFAULT_HEROES = ("syndrael", "avric", "leoric", "tomble")
SETUP_KEYS = {"quest", "heroes", "seats", "act", "two_hero_rule", "hero_abilities", "open_groups", "modules",
              "show_los", "players", "campaign", "heroic_feats", "skills"}
#: the modules every encounter plays, in this order (the quest's first)
BASE_MODULES = ("quest", "classes", "search")
HERO_SURGE = Surge("recover-fatigue1", "recover-fatigue", 1, 1)
#: the Fire Flask's surge ability (Blast)
BLAST_SURGE = Surge("blast", "blast", 1, 1)


@dataclass(frozen=True)
class HeroSpec:
    id: str
    cls: str
    seat: str
    kit: tuple[str, ...]          # card ids: class cards
    weapon: str


@dataclass(frozen=True)
class GroupSpec:
    id: str
    monster: str
    name: str
    prefix: str
    masters: int
    minions: int
    places: tuple[tuple[int, int], ...]     # (anchor square, orientation) per figure, masters first
    master_stat: str
    minion_stat: str
    #: the figures' size; ``lieutenant``: the lieutenant's id when the group is one (else "")
    shape: tuple[int, int] = (1, 1)
    lieutenant: str = ""


@dataclass
class Encounter:
    setup: JSON
    lib: Library
    quest: QuestModel
    board: Board
    act: int
    heroes: tuple[HeroSpec, ...]
    seats: tuple[str, ...]
    party: bool
    stats: dict[str, Stat]
    groups: tuple[GroupSpec, ...]
    two_hero_rule: bool
    hero_abilities: bool
    show_los: bool
    map_json: JSON = field(default_factory=dict)
    module_names: tuple[str, ...] = ()
    modules: tuple[RuleModule, ...] = ()
    listeners: dict[str, tuple[RuleModule, ...]] = field(default_factory=dict)
    offerers: dict[str, tuple[RuleModule, ...]] = field(default_factory=dict)
    by_name: dict[str, RuleModule] = field(default_factory=dict)
    #: windows no module listens to nor offers at (the engine only narrates them)
    quiet: frozenset[str] = frozenset()
    #: whether a monster of the encounter has Web (a hero's steps then check the webs he leaves)
    webs: bool = False
    #: the order seats are offered optional actions in, by the seat offered first (the acting one)
    offer_order: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the figures' names in the narration, by (figure id, stat key), made once (``figure_name``)
    names: dict[tuple[str, str], str] = field(default_factory=dict, compare=False, repr=False)
    #: the heroes' Stamina by hero id, read once (``skill_hooks.hero_stamina``: the sheet as the
    #: modules left it when the encounter was built, and the kit's cards; neither changes after)
    staminas: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: the heroes' class cards by hero id (the first hero of an id wins), made once (``skill_base._kit``)
    kits: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    #: every class card some hero holds, when the classes module plays them (``skill_hooks.in_play``)
    held: frozenset[str] = frozenset()

    def figure_name(self, fid: str, side: str, stat: str) -> str:
        """A figure in words (see ``DescentState.name``), remembered in :attr:`names`."""
        if side == "hero":
            got = self.lib.heroes[stat].name
        else:
            tail = fid.rpartition("-")[2].removeprefix("m") if "-" in fid else ""
            got = f"{self.stats[stat].name} {tail}" if tail.isdigit() else self.stats[stat].name
        self.names[fid, stat] = got
        return got

    @property
    def n_heroes(self) -> int:
        return len(self.heroes)

    def card(self, cid: str) -> Card:
        return self.lib.cards[cid]

    def add_stat(self, stat: Stat) -> None:
        """Rule modules add stat lines (e.g. an agent's) when the encounter is built."""
        self.stats[stat.key] = stat


def _hero_list(raw: Any, lib: Library) -> list[tuple[str, str]]:
    if raw is None:
        raw = list(DEFAULT_HEROES)
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        raise SetupError("heroes: a list of 2 to 4 heroes")
    out: list[tuple[str, str]] = []
    for item in raw:
        if isinstance(item, str):
            hid, _, cls = item.partition(":")
        elif isinstance(item, dict) and set(item) <= {"hero", "class"} and "hero" in item:
            hid, cls = str(item["hero"]), str(item.get("class", ""))
        else:
            raise SetupError(f"heroes: {item!r} is not a hero id, 'hero:class' or {{hero: .., class: ..}}")
        if hid not in lib.heroes:
            raise SetupError(f"heroes: no hero {hid!r} (heroes: {', '.join(lib.heroes)})")
        if any(h == hid for h, _ in out):
            raise SetupError(f"heroes: {hid} is listed twice")
        arch = lib.heroes[hid].archetype
        if not cls:
            cls = lib.default_class(arch)
        if cls not in lib.classes:
            raise SetupError(f"heroes: no class {cls!r} (classes: {', '.join(lib.classes)})")
        if lib.class_archetype[cls] != arch:
            raise SetupError(f"heroes: {hid} is a {arch}; the {cls} class is for {lib.class_archetype[cls]}s")
        out.append((hid, cls))
    return out


def normalize_setup(doc: JSON | None) -> JSON:
    """The setup with every default filled in (validated; ``SetupError`` if wrong)."""
    doc = dict(doc or {})
    unknown = set(doc) - SETUP_KEYS
    if unknown:
        raise SetupError(f"unknown setup key(s): {', '.join(sorted(unknown))} (known: {', '.join(sorted(SETUP_KEYS))})")
    lib = library()
    heroes = _hero_list(doc.get("heroes"), lib)
    seats = doc.get("seats", "party")
    if seats not in ("party", "per-hero"):
        raise SetupError("seats: 'party' (one seat plays every hero) or 'per-hero'")
    quest = doc.get("quest", "sunken-ossuary")
    if not isinstance(quest, str | dict):
        raise SetupError("quest: a quest id or a quest document")
    for key in ("two_hero_rule", "hero_abilities", "show_los", "heroic_feats"):
        if key in doc and not isinstance(doc[key], bool):
            raise SetupError(f"{key}: true or false")
    act = doc.get("act")
    if act is not None and act not in (1, 2):
        raise SetupError("act: 1 or 2")
    open_groups = doc.get("open_groups", {})
    if not isinstance(open_groups, dict) or not all(isinstance(v, str) for v in open_groups.values()):
        raise SetupError("open_groups: a mapping of group id to monster id")
    modules = doc.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise SetupError("modules: a list of rule module names")
    out: JSON = {"quest": quest, "heroes": [f"{h}:{c}" for h, c in heroes], "seats": seats,
                 "act": act, "two_hero_rule": doc.get("two_hero_rule", True),
                 "hero_abilities": doc.get("hero_abilities", True), "open_groups": dict(open_groups),
                 "modules": list(modules), "show_los": doc.get("show_los", False)}
    if doc.get("heroic_feats", out["hero_abilities"]):
        out["heroic_feats"] = True
    if doc.get("skills"):
        from questbox.games.descent.skills import check_skills

        bought = check_skills(doc["skills"], heroes)
        if bought:
            out["skills"] = bought
    if "campaign" in doc:
        from questbox.games.descent.plot_cards import normalize_campaign

        out["campaign"] = normalize_campaign(doc["campaign"], [h for h, _ in heroes])
        if "campaign" not in out["modules"]:
            out["modules"].append("campaign")
        if "equipment" in out["campaign"] and "items" not in out["modules"]:
            out["modules"].append("items")      # the cards the heroes have equipped (modules/items.py)
    if "players" in doc:
        n = len(heroes) + 1 if seats == "per-hero" else 2
        if type(doc["players"]) is not int:     # strict: true, 2.0 or "2" is not a number of seats
            raise SetupError(f"players: a whole number of seats, not {doc['players']!r}")
        if doc["players"] != n:
            raise SetupError(f"players: this setup seats {n}, not {doc['players']}")
    return out


def seat_names(setup: JSON) -> tuple[str, ...]:
    heroes = setup["heroes"]
    if setup["seats"] == "per-hero":
        return (*(f"hero{i + 1}" for i in range(len(heroes))), "overlord")
    return ("heroes", "overlord")


def _place(board: Board, text: str, shape: tuple[int, int], where: str) -> tuple[int, int]:
    """``"J2"`` or ``"Q5:R6"`` -> (anchor, orientation), checked against the figure's shape."""
    first, _, last = text.partition(":")
    a = board.square(first, where)
    b = board.square(last, where) if last else a
    ax, ay = board.xy(a)
    bx, by = board.xy(b)
    w, h = bx - ax + 1, by - ay + 1
    if (w, h) == shape:
        return a, 0
    if (h, w) == shape:
        return a, 1
    raise SetupError(f"{where}: {text!r} is {w}x{h}; the figure is {shape[0]}x{shape[1]}")


_BOARDS: dict[str, Board] = {}


def _board(*args: Any) -> Board:
    """The board of a map (shared by every encounter on the same map, so the geometry each one
    caches lazily, line of sight above all, is computed once per map)."""
    key = json.dumps(args, sort_keys=True)
    board = _BOARDS.get(key)
    if board is None:
        board = Board(*args)
        if len(_BOARDS) >= 64:
            _BOARDS.clear()
        _BOARDS[key] = board
    return board


def _build(setup: JSON) -> Encounter:
    """The encounter of a normalized setup: its static part (cached, shared by the setups that
    differ only in their ``campaign`` key, as a campaign's quests do) and its own rule modules."""
    static = _static(json.dumps({k: v for k, v in setup.items() if k != "campaign"}, sort_keys=True))
    # (modules may add stat lines)
    enc = replace(static, setup=setup, stats=dict(static.stats), names={}, staminas={}, kits={})
    names = [*BASE_MODULES, *(["heroes"] if setup["hero_abilities"] else []),
             *(["feats"] if setup.get("heroic_feats") else []),
             *(["lieutenants"] if any(g.lieutenant for g in static.groups) else []),
             *(["villagers"] if static.quest.villagers is not None else []),
             *(["interrupts"] if wanted(h.kit for h in static.heroes) and "interrupts" not in setup["modules"] else []),
             *(["familiars"] if any("raise-dead" in h.kit for h in static.heroes) else []), *setup["modules"]]
    if len(set(names)) != len(names):
        raise SetupError(f"modules: a module is listed twice ({', '.join(names)})")
    mods = tuple(module_factory(m)(enc) for m in names)
    enc.staminas.clear()        # (the modules may have raised a sheet's Stamina: Ring of Power)
    enc.module_names = tuple(names)
    enc.modules = mods
    enc.by_name = {m.name: m for m in mods}
    enc.held = frozenset(c for h in enc.heroes for c in h.kit) if "classes" in enc.by_name else frozenset()
    listening = [(m, m.listens_here()) for m in mods]     # (only the windows each can act at here)
    offering = [(m, m.offers_here()) for m in mods]
    enc.listeners = {w: tuple(m for m, at in listening if w in at) for w in WINDOWS}
    enc.offerers = {w: tuple(m for m, at in offering if w in at) for w in (*WINDOWS, "hero-turn", "monster-turn")}
    enc.quiet = frozenset(w for w in WINDOWS if not enc.listeners[w] and not enc.offerers[w])
    enc.webs = any("web" in s.abilities for s in enc.stats.values())
    return enc


@functools.lru_cache(maxsize=64)
def _static(key: str) -> Encounter:
    """The part of an encounter that does not depend on the setup's ``campaign`` key (validated),
    without rule modules; do not change it (:func:`_build` copies it)."""
    setup = json.loads(key)
    lib = library()
    qm = read_quest(setup["quest"])
    board = _quest_board(qm, lib)
    act = setup["act"] or qm.act
    party = setup["seats"] == "party"
    seats = seat_names(setup)
    stats: dict[str, Stat] = {}
    hero_specs = _hero_specs(setup, lib, seats, stats)
    n = len(hero_specs)
    # start squares
    starts = [board.square(s, f"quest {qm.id}: start") for s in qm.start]
    if len(set(starts)) != len(starts):
        raise SetupError(f"quest {qm.id}: a start square is listed twice")
    for s in qm.search:
        board.square(s, f"quest {qm.id}: search")
    groups = _group_specs(setup, lib, qm, board, act, n, stats)
    _check_quest(lib, qm, board, groups)
    enc = Encounter(setup=setup, lib=lib, quest=qm, board=board, act=act, heroes=tuple(hero_specs),
                    seats=seats, party=party, stats=stats, groups=tuple(groups),
                    two_hero_rule=setup["two_hero_rule"] and n == 2, hero_abilities=setup["hero_abilities"],
                    show_los=setup["show_los"])
    enc.map_json = map_doc(board)
    enc.offer_order = {first: (first, *(s for s in seats if s != first)) for first in seats}
    return enc


def _quest_board(qm: QuestModel, lib: Library) -> Board:
    """The quest's map, with its terrain (validated)."""
    tm = qm.map
    terr = lib.terrain
    terrain: dict[str, str] = {}
    for tid, squares in tm.terrain.items():
        if tid not in terr:
            raise SetupError(f"quest {qm.id}: unknown terrain {tid!r} (terrain: {', '.join(terr)})")
        for s in squares:
            if s in terrain:
                raise SetupError(f"quest {qm.id}: square {s} has two terrains")
            terrain[s] = tid
    return _board(list(tm.grid), {k: v.get("name", k) for k, v in tm.tiles.items()}, terrain,
                  {k: t.passable for k, t in terr.items()}, {k: t.blocks_sight for k, t in terr.items()},
                  {k: t.cost for k, t in terr.items()}, {k: t.damage for k, t in terr.items()},
                  {k: t.stops for k, t in terr.items()}, list(tm.walls),
                  [(d.id, d.name, list(d.edges), d.open) for d in tm.doors])


def _hero_specs(setup: JSON, lib: Library, seats: tuple[str, ...], stats: dict[str, Stat]) -> list[HeroSpec]:
    """The heroes (their stat lines go into ``stats``)."""
    party = setup["seats"] == "party"
    hero_specs = []
    for i, (hid, cls) in enumerate(h.split(":") for h in setup["heroes"]):
        hd = lib.heroes[hid]
        kit = lib.classes[cls]
        weapon = next(c for c in kit if c.kind == "weapon")
        stats[hid] = Stat(key=hid, name=hd.name, monster="", master=False, speed=hd.speed,
                          health=hd.health, defense=hd.defense, dice=weapon.dice, attack=weapon.attack or "melee",
                          abilities=frozenset({"reach"} if weapon.reach else ()),
                          surges=(*weapon.surges, HERO_SURGE), traits=weapon.traits,
                          shape=(1, 1), attributes=hd.attributes, source=hd.source)
        bought = tuple(setup.get("skills", {}).get(hid, ()))       # skill cards bought with XP
        hero_specs.append(HeroSpec(hid, cls, "heroes" if party else seats[i], (*(c.id for c in kit), *bought),
                                   weapon.id))
    return hero_specs


def _group_specs(setup: JSON, lib: Library, qm: QuestModel, board: Board, act: int, n: int,
                 stats: dict[str, Stat]) -> list[GroupSpec]:
    """The quest's monster groups for ``n`` heroes (their stat lines go into ``stats``)."""
    groups = []
    seen_ids: set[str] = set()
    for g in qm.groups:
        where = f"quest {qm.id}: group {g.id}"
        if g.id in seen_ids:
            raise SetupError(f"{where}: the group id appears twice")
        seen_ids.add(g.id)
        if g.lieutenant is not None:
            groups.append(_lieutenant_group(g, board, act, n, stats, where))
            continue
        mid = setup["open_groups"].get(g.id, g.monster)
        if mid != g.monster and mid not in g.open:
            raise SetupError(f"open_groups: {g.id} is not an open group or may not be {mid!r} "
                             f"(choices: {', '.join([g.monster, *g.open]) if g.open else 'none'})")
        if mid not in lib.monsters:
            raise SetupError(f"{where}: unknown monster {mid!r}")
        md = lib.monsters[mid]
        comp = (g.group or md.group)
        if set(comp) != {2, 3, 4}:
            raise SetupError(f"{where}: the group size is given for 2, 3 and 4 heroes")
        bonus = g.health_bonus.get(n, 0)
        for role in ("master", "minion"):
            base = md.stats[(act, role)]
            if g.without:
                base = replace(base, abilities=base.abilities - set(g.without),
                               surges=tuple(x for x in base.surges if x.effect not in g.without))
            used = any(comp[k][0 if role == "master" else 1] for k in (2, 3, 4))
            bad = monster_playable(lib, base) if used else []
            if bad:
                raise SetupError(f"{where}: the {md.name} {role} has abilities this engine does not play: "
                                 f"{', '.join(bad)}")
            key = f"{g.id}/{role}"
            name = g.name if (role == "master" and g.name) else base.name
            stats[key] = replace(base, key=key, name=name, health=base.health + bonus)
        # every hero count's group must fit on its placements
        places = []
        for text in g.place:
            places.append(_place(board, text, md.shape, where))
        for k in (2, 3, 4):
            if sum(comp[k]) > len(places):
                raise SetupError(f"{where}: {sum(comp[k])} figures for {k} heroes but {len(places)} placements")
        masters, minions = comp[n]
        groups.append(GroupSpec(g.id, mid, g.name or md.name, g.figure, masters, minions, tuple(places),
                                f"{g.id}/master", f"{g.id}/minion", md.shape))
    return groups


def _lieutenant_group(g: GroupModel, board: Board, act: int, n: int, stats: dict[str, Stat], where: str) -> GroupSpec:
    """A group that is one lieutenant (see :mod:`questbox.games.descent.lieutenants`)."""
    from questbox.games.descent.lieutenants import SHAPE, lieutenant_stat

    key = f"{g.id}/master"
    stat = lieutenant_stat(str(g.lieutenant), act, n, key, where)
    stats[key] = replace(stat, name=g.name or stat.name)
    place = _place(board, g.place[0], SHAPE, where)
    return GroupSpec(g.id, f"lieutenant:{g.lieutenant}", g.name or stat.name, g.figure, 1, 0, (place,), key, key,
                     SHAPE, str(g.lieutenant))


def _check_quest(lib: Library, qm: QuestModel, board: Board, groups: list[GroupSpec]) -> None:
    """Victory conditions, reinforcements and the search deck name what the quest has."""
    gids = {g.id for g in groups}
    cids = {c.id for c in qm.counters}
    for v in qm.victory:
        if v.when == "defeated" and v.group not in gids:
            raise SetupError(f"quest {qm.id}: victory names an unknown group {v.group!r}")
        if v.when == "counter" and (v.counter not in cids or v.at_least is None):
            raise SetupError(f"quest {qm.id}: a counter victory needs a known counter and at_least")
        if v.when == "round" and v.round is None:
            raise SetupError(f"quest {qm.id}: a round victory needs round")
    for cm in qm.counters:
        for gain in cm.gain:
            on = gain.group_on_tile
            if on is not None and (on.group not in gids or on.tile not in board.tiles):
                raise SetupError(f"quest {qm.id}: counter {cm.id} counts group {on.group!r} on tile {on.tile!r}: "
                                 "the quest has no such group or the map no such tile")
    for side, raised in qm.first_encounter.items():
        for cid in raised:
            if cid not in cids:
                raise SetupError(f"quest {qm.id}: first_encounter.{side} raises an unknown counter {cid!r}")
    if {v.side for v in qm.victory} != {"heroes", "overlord"}:
        raise SetupError(f"quest {qm.id}: give each side at least one way to win")
    for r in qm.reinforcements:
        if r.group not in gids:
            raise SetupError(f"quest {qm.id}: reinforcements name an unknown group {r.group!r}")
        if any(g.id == r.group and g.lieutenant for g in groups):
            raise SetupError(f"quest {qm.id}: the lieutenant's group {r.group} is not a reinforcement (ours)")
        for s in r.squares:
            board.square(s, f"quest {qm.id}: reinforcements")
    if qm.search_deck is not None:
        for c in qm.search_deck:
            if c not in lib.search:
                raise SetupError(f"quest {qm.id}: unknown search card {c!r}")


def map_doc(board: Board) -> JSON:
    """The map for views and drawings: rows of tile letters ('.' void), terrain, walls and doors."""
    rows = []
    for y in range(board.height):
        rows.append("".join(board.tile[y * board.width + x] or "." for x in range(board.width)))
    terrain: dict[str, list[str]] = {}
    for s in board.spaces:
        if board.terrain[s] != "plain":
            terrain.setdefault(board.terrain[s], []).append(board.names[s])
    return {"grid": rows, "tiles": dict(board.tile_names), "terrain": terrain,
            "walls": sorted(f"{board.names[a]}|{board.names[b]}" for a, b in board.walls),
            "doors": {d: [f"{board.names[a]}|{board.names[b]}" for a, b in es]
                      for d, es in zip(board.door_ids, board.door_edges, strict=True)}}


@functools.lru_cache(maxsize=64)
def _cached(key: str) -> Encounter:
    return _build(json.loads(key))


def encounter(setup: JSON) -> Encounter:
    """The encounter of a normalized setup (cached: equal setups share one object)."""
    return _cached(json.dumps(setup, sort_keys=True))
