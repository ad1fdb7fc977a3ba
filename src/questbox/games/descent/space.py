"""For learning agents: the fixed action space of a Descent setup (``DescentGame.action_space``)
and a fixed-length encoding of its views (``DescentGame.encode``, see :func:`encode`).

Every action the engine and the built-in rule modules (quest, classes, search, heroes) can offer in
an encounter with a given setup, enumerated from the static :class:`Encounter` (never from play),
in a fixed order and without duplicates:

1. the words without arguments: ``move``, ``fatigue``, ``rest``, ``end``, ``stand``, ``done``,
   ``pass`` (and ``bonus-recover`` with the two-hero rule, ``howl`` if a monster howls);
2. ``move <square>`` for every passable space (small figures), then ``move <top-left>:<bottom-right>``
   for every footprint of every large shape on the map (both orientations, every door open: a
   closed door only removes footprints), on passable spaces only, then ``place <top-left>:<bottom-right>``
   for the same footprints (a large monster placed when its movement ends);
3. ``place <square>`` (a thrown hero lands) when a monster can Throw; ``breath <square>`` (every
   space) when a monster has Fire Breath; ``blast <square>`` (every space, after the surges) when
   a Blast may hit a large monster;
4. actions naming figures: ``activate`` (heroes only with the party seat; every monster, masters
   and minions of every group as the setup's hero count fields them — reinforcements bring back
   the same figures), ``attack``, ``bonus-attack``, ``rage``, ``flask``, ``grab``, ``throw``,
   ``heal`` (every monster), ``flail <hero> <hero>``,
   ``revive``, ``pray``;
5. squares of search tokens: ``search`` (and ``greedy`` for a Thief); doors: ``open``, ``close``;
6. ``surge <id>``: the surge abilities of every stat line (heroes' weapons with the heroes' own
   "recover 1 fatigue", monsters' as fielded), plus ``runic`` (Runic Knowledge) and
   ``recover-heart1`` (Avric) where those apply;
7. ``reroll <i>`` for the attack dice of the heroes' attacks (Widow Tarha, the Power Potion);
8. ``use ...``: class cards (Wooden Shield, Lucky Charm) and the Search cards of the quest's deck
   (potions and the Curse Doll on every hero, the Curse Doll for every condition);
9. ``endure <n>`` for Jain Fairwood, 1 to her Stamina;
10. the heroic feats (:func:`.modules.feats.feat_space`): ``feat``, ``feat <figure>``, ``feat <group>``
    and ``feat <monster> <monster>``.

A rule module added with ``modules: [...]`` may offer actions of its own; this list does not know
them (the adapters then report the missing action by name).
"""

from __future__ import annotations

from typing import Any

from questbox.core import JSON, Action
from questbox.games.descent.data import library
from questbox.games.descent.encounter import BLAST_SURGE, HERO_SURGE, Encounter, encounter, normalize_setup
from questbox.games.descent.familiars import reanimate_id
from questbox.games.descent.flow import BONUS_RECOVER, DONE, END, FATIGUE, MOVE, PASS, REACT, REST, STAND, React
from questbox.games.descent.modules.heroes import CONDITION_PRIORITY
from questbox.games.descent.rules import WINDOWS
from questbox.games.descent.tray import ROLL


def action_space(setup: JSON | None = None) -> list[Action]:
    """Every action a Descent game with ``setup`` can offer, in a fixed order."""
    doc = dict(setup or {})
    if "dice_tray" in doc:
        return [ROLL]
    return encounter_space(encounter(normalize_setup(doc)))


def figure_ids(enc: Encounter) -> tuple[list[str], list[str]]:
    """The ids of the heroes and of the monsters an encounter fields (as ``DescentState._setup``)."""
    heroes = [h.id for h in enc.heroes]
    monsters: list[str] = []
    for spec in enc.groups:
        monsters += [f"{spec.prefix}-m" if spec.masters == 1 else f"{spec.prefix}-m{j + 1}"
                     for j in range(spec.masters)]
        monsters += [f"{spec.prefix}-{j + 1}" for j in range(spec.minions)]
    return heroes, monsters


def encounter_space(enc: Encounter) -> list[Action]:
    heroes, monsters = figure_ids(enc)
    kits = {c for h in enc.heroes for c in h.kit}
    monster_stats = [enc.stats[k] for g in enc.groups for k in (g.master_stat, g.minion_stat)]
    abilities = {a for st in monster_stats for a in st.abilities}
    deck = set(enc.quest.search_deck) if enc.quest.search_deck is not None else set(enc.lib.search)

    out: list[Action] = [MOVE, FATIGUE, REST, END, STAND, DONE, PASS]
    if enc.two_hero_rule:
        out.append(BONUS_RECOVER)
    if "howl" in abilities:
        out.append(Action("howl"))
    out += _move_space(enc, abilities)
    out += _figure_space(enc, heroes, monsters, kits, abilities, deck)
    out += _attack_space(enc, heroes, monster_stats, kits, deck)
    out += _card_space(enc, heroes, kits, deck)
    # -- heroic feats ---------------------------------------------------------------------------
    from questbox.games.descent.modules.feats import feat_space

    have = set(out)
    out += [a for a in dict.fromkeys(feat_space(enc, heroes, monsters)) if a not in have]
    # -- the lieutenant pack (a campaign's quest: threat, fortune, plot cards, the agent) ---------
    from questbox.games.descent.plot import campaign_space

    have = set(out)
    out += [a for a in campaign_space(enc) if a not in have]
    # -- the quest's lieutenants: their action abilities, Fury -----------------------------------
    if "lieutenants" in enc.by_name:
        from questbox.games.descent.modules.lieutenants import lieutenant_space

        have = set(out)
        out += [a for a in lieutenant_space(enc) if a not in have]
    # -- the Overlord deck (``modules: [overlord]``): its card actions ----------------------------
    if any(m.name == "overlord" for m in enc.modules):
        from questbox.games.descent.modules.overlord import card_space

        have = set(out)
        out += [a for a in card_space(enc) if a not in have]
    # -- a quest's villagers (the Acolyte of Saradyn: modules/villagers.py) ---------------------
    if "villagers" in enc.by_name:
        from questbox.games.descent.modules.villagers import villager_space

        have = set(out)
        out += [a for a in villager_space(enc) if a not in have]
    # -- the items heroes have equipped (``campaign.equipment``: modules/items.py) ----------------
    if "items" in enc.by_name:
        from questbox.games.descent.modules.items import item_space

        have = set(out)
        out += [a for a in item_space(enc) if a not in have]
    # -- the class cards other than the starting four classes' (issue #18), last ------------------
    from questbox.games.descent.skills import card_space as class_card_space

    out += class_card_space(enc, out)
    return out


def _move_space(enc: Encounter, abilities: set[str]) -> list[Action]:
    """Moves of small and large figures, placing a thrown hero."""
    board = enc.board
    names = board.names
    passable = [s for s in board.spaces if board.passable[s]]
    out = [Action("move", (names[s],)) for s in passable]
    all_open = (1 << len(board.door_ids)) - 1
    shapes = sorted({g.shape for g in enc.groups} - {(1, 1)})
    dims = sorted({d for w, h in shapes for d in ((w, h), (h, w))})
    places: list[Action] = []
    for w, h in dims:
        for anchor in board.spaces:
            fp = board.footprint(all_open, anchor, w, h)
            if fp is not None and all(board.passable[s] for s in fp):
                out.append(Action("move", (f"{names[anchor]}:{names[fp[-1]]}",)))
                places.append(Action("place", (f"{names[anchor]}:{names[fp[-1]]}",)))
    out += places
    if "throw" in abilities:
        out += [Action("place", (names[s],)) for s in passable]
    if any(s.effect == "fire-breath" for g in enc.groups for k in (g.master_stat, g.minion_stat)
           for s in enc.stats[k].surges):
        out += [Action("breath", (names[s],)) for s in board.spaces]
    return out


def _figure_space(enc: Encounter, heroes: list[str], monsters: list[str], kits: set[str], abilities: set[str],
                  deck: set[str]) -> list[Action]:
    """Actions naming a figure, then search tokens and doors."""
    board = enc.board
    out = [Action("activate", (f,)) for f in (heroes if enc.party else [])]
    out += [Action("activate", (f,)) for f in monsters]
    out += [Action("attack", (f,)) for f in monsters + heroes]
    if enc.two_hero_rule:
        out += [Action("bonus-attack", (f,)) for f in monsters]
    if "rage" in kits:
        out += [Action("rage", (f,)) for f in monsters]
    if "fire-flask" in deck:
        out += [Action("flask", (f,)) for f in monsters]
    # (Grab and Throw take the Reanimate too: a familiar is "a hero" for monster abilities, FAM8)
    familiars = [reanimate_id(h.id) for h in enc.heroes if "raise-dead" in h.kit]
    for ab in ("grab", "throw"):
        if ab in abilities:
            out += [Action(ab, (h,)) for h in heroes + familiars]
    if "heal" in abilities:
        healed = monsters + (["ardus"] if "campaign" in enc.by_name and "ardus" not in monsters else [])
        out += [Action("heal", (m,)) for m in healed]
    if "flail" in abilities:
        out += [Action("flail", (a, b)) for i, a in enumerate(heroes) for b in heroes[i + 1:]]
    out += [Action("revive", (h,)) for h in heroes]
    if "prayer-of-healing" in kits:
        out += [Action("pray", (h,)) for h in heroes]
    tokens = [board.names[board.square(s)] for s in enc.quest.search]
    out += [Action("search", (s,)) for s in tokens]
    if "greedy" in kits:
        out += [Action("greedy", (s,)) for s in tokens]
    for did in board.door_ids:
        out += [Action("open", (did,)), Action("close", (did,))]
    return out


def _attack_space(enc: Encounter, heroes: list[str], monster_stats: list[Any], kits: set[str],
                  deck: set[str]) -> list[Action]:
    """Surges and rerolls of attacks in progress."""
    lib = enc.lib
    hero_ids = {h.id for h in enc.heroes}
    abilities_played = "heroes" in enc.by_name          # the heroes' abilities (setup hero_abilities)
    surges: list[str] = []
    hero_stats = [enc.stats[h] for h in heroes]
    for st in (*hero_stats, *monster_stats):
        surges += [s.id for s in st.surges]
    surges.append(HERO_SURGE.id)
    if "runic-knowledge" in kits:
        surges.append("runic")
    if abilities_played and "avric" in hero_ids:
        surges.append("recover-heart1")
    out = [Action("surge", (sid,)) for sid in dict.fromkeys(surges)]
    dice = [len(st.dice) for st in hero_stats]
    if "fire-flask" in deck:
        dice.append(len(lib.search["fire-flask"].dice))
        if BLAST_SURGE.id not in surges:
            out.append(Action("surge", (BLAST_SURGE.id,)))
    if (BLAST_SURGE.id in surges or "fire-flask" in deck) and any(
            g.shape != (1, 1) for g in enc.groups):
        out += [Action("blast", (enc.board.names[s],)) for s in enc.board.spaces]
    if (abilities_played and "tarha" in hero_ids) or "power-potion" in deck:
        out += [Action("reroll", (i,)) for i in range(max(dice))]
    return out


def _card_space(enc: Encounter, heroes: list[str], kits: set[str], deck: set[str]) -> list[Action]:
    """Class and Search cards, Jain's ability."""
    out = []
    for card in ("wooden-shield", "lucky-charm"):
        if card in kits:
            out.append(Action("use", (card,)))
    for card in ("power-potion", "warding-talisman"):
        if card in deck:
            out.append(Action("use", (card,)))
    for card in ("health-potion", "stamina-potion"):
        if card in deck:
            out += [Action("use", (card, h)) for h in heroes]
    if "curse-doll" in deck:
        out += [Action("use", ("curse-doll", h, c)) for h in heroes for c in CONDITION_PRIORITY]
    if "heroes" in enc.by_name and "jain" in {h.id for h in enc.heroes}:
        out += [Action("endure", (n,)) for n in range(1, enc.lib.heroes["jain"].stamina + 1)]
    return out


# ================================================================================ observations
STATUSES = ("active", "ko", "defeated", "reserve", "vanished")     # vanished: Tomble's heroic feat
PHASES = ("setup", "heroes", "overlord", "over")
DECISIONS = ("hero-turn", "monster-turn", "ol-turn", "next-hero", "surge", "react", "place", "breath",
             "large-place", "mod", "blast")
TURN_FLAGS = ("bonus", "rested", "moved", "attacked")
TURN_KINDS = ("hero", "monster", "extra")
#: planes over the map's squares (width x height each)
PLANES = ("space", "wall-east", "wall-south", "door-closed", "door-open", "search", "hero", "monster",
          "knocked-out", "mine", "acting", "attacker", "target")


def encode(view: JSON, seat: str | None) -> list[float] | None:
    """A fixed-length encoding of an encounter's view (``None`` for a dice tray's).

    Its length depends only on the map's size and the numbers of figures, counters and doors, all
    fixed by the setup (a rule module that adds figures would change it). In order:

    * planes of width x height squares (row-major), one per :data:`PLANES` entry then one per
      terrain other than plain: the static map (spaces, walls east / south of a square, terrain),
      doors (closed / open), search tokens, and where figures stand (heroes, monsters, knocked-out
      heroes' tokens, figures played by ``seat``, the acting figure, attacker, target);
    * per figure, in the view's order: hero, master, status (one-hot over :data:`STATUSES`), x
      and y (scaled to (0, 1], 0 off the map), squares, damage, Health, Health left, fatigue,
      Stamina, the four conditions, activated, played by ``seat``, acting, attacker, target, exhausted cards, and
      how many of each Search card it holds;
    * the round, phase (one-hot), Search deck size, counters and doors (by sorted id), the
      decision (any, ``seat``'s, its kind, the window of a ``react``), the turn in progress
      (actions, movement points, attacks, move actions, ended, flags, kind), the attack in
      progress (melee, stage, distance, hearts, range, surges, X, shields, Pierce, damage, surges
      spent and abilities used, attack and defense dice by colour), the winner, and whether
      ``seat`` is the overlord or a hero seat.
    """
    figures = view.get("figures")
    if figures is None:
        return None
    mp = view["map"]
    grid = mp["grid"]
    w = max(len(r) for r in grid)
    h = len(grid)
    area = w * h
    static, door_squares = _static_planes(grid, mp)
    planes = static[:]

    def sq(name: str) -> int:
        return (int(name[1:]) - 1) * w + (ord(name[0]) - 65)

    for did, squares in door_squares.items():
        base = _PLANE["door-open" if view["doors"].get(did) else "door-closed"] * area
        for s in squares:
            planes[base + s] = 1.0
    plane = {name: i * area for i, name in enumerate(PLANES)}
    for s in view["tokens"]:
        planes[plane["search"] + sq(s)] = 1.0

    turn = view.get("turn")
    atk = view.get("attack")
    acting = turn["figure"] if turn else None
    attacker = atk["attacker"] if atk else None
    target = atk["target"] if atk else None
    figs: list[float] = []
    for fid, f in figures.items():
        figs += _figure_features(fid, f, seat, (acting, attacker, target), w, h, planes, plane)
    return planes + figs + _global_features(view, seat, turn, atk)


def _figure_features(fid: str, f: JSON, seat: str | None, roles: tuple[Any, Any, Any], w: int, h: int,
                     planes: list[float], plane: dict[str, int]) -> list[float]:
    """One figure's features (see :func:`encode`); marks its squares on ``planes``."""
    acting, attacker, target = roles
    mine = f["seat"] == seat
    at = f["at"]
    squares = [(int(s[1:]) - 1) * w + (ord(s[0]) - 65) for s in f["squares"] or ([at] if at else [])]
    status = f["status"]
    # (a hero's familiar stands on the heroes' plane)
    side = "hero" if f["side"] in ("hero", "familiar") else "monster"
    marks = [plane[side if status == "active" else "knocked-out"]]
    for name, on in (("mine", mine), ("acting", fid == acting), ("attacker", fid == attacker),
                     ("target", fid == target)):
        if on:
            marks.append(plane[name])
    for s in squares:
        for m in marks:
            planes[m + s] = 1.0
    if at:
        a = (int(at[1:]) - 1) * w + (ord(at[0]) - 65)
        x, y = a % w, a // w
    else:
        x, y = -1, -1
    conds = f["conditions"]
    items = f.get("items")
    health = f["health"]
    out = [1.0 if f["side"] == "hero" else 0.0, 1.0 if f.get("master") else 0.0,
           1.0 if status == "active" else 0.0, 1.0 if status == "ko" else 0.0,
           1.0 if status == "defeated" else 0.0, 1.0 if status == "reserve" else 0.0,
           1.0 if status == "vanished" else 0.0, (x + 1) / w, (y + 1) / h, float(len(f["squares"])),
           float(f["damage"]), float(health), float(health - f["damage"]),
           float(f.get("fatigue", 0)), float(f.get("stamina", 0)),
           1.0 if "poisoned" in conds else 0.0, 1.0 if "diseased" in conds else 0.0,
           1.0 if "immobilized" in conds else 0.0, 1.0 if "stunned" in conds else 0.0,
           1.0 if f["activated"] else 0.0, 1.0 if mine else 0.0, 1.0 if fid == acting else 0.0,
           1.0 if fid == attacker else 0.0, 1.0 if fid == target else 0.0,
           float(len(f.get("exhausted", [])))]
    search = library().search
    if items:
        out += [float(items.count(c)) for c in search]
    else:
        out += [0.0] * len(search)
    return out


def _global_features(view: JSON, seat: str | None, turn: JSON | None, atk: JSON | None) -> list[float]:
    """The round, phase, deck, counters, doors, decision, turn, attack and result (see :func:`encode`)."""
    lib = library()
    d: JSON | None = view.get("decision")
    kind: str = d["kind"] if d else ""
    window = React(*d["data"]).window if d and kind == REACT else ""
    out = [float(view["round"]), *(1.0 if view["phase"] == p else 0.0 for p in PHASES), float(view["deck"]),
           *(float(view["counters"][k]) for k in sorted(view["counters"])),
           *(1.0 if view["doors"][k] else 0.0 for k in sorted(view["doors"])),
           1.0 if d else 0.0, 1.0 if d and d["seat"] == seat else 0.0,
           *(1.0 if kind == k or (k == "mod" and kind.startswith("mod:")) else 0.0 for k in DECISIONS),
           *(1.0 if window == k else 0.0 for k in WINDOWS)]
    if turn:
        out += [1.0, float(turn["actions"]), float(turn["mp"]), float(turn["attacks"]), float(turn["move_actions"]),
                1.0 if turn["ended"] else 0.0, *(1.0 if k in turn["flags"] else 0.0 for k in TURN_FLAGS),
                *(1.0 if turn["kind"] == k else 0.0 for k in TURN_KINDS)]
    else:
        out += [0.0] * (6 + len(TURN_FLAGS) + len(TURN_KINDS))
    if atk:
        out += [1.0, 1.0 if atk["melee"] else 0.0, float(atk["stage"]), float(atk["distance"]),
                float(atk.get("hearts", 0)), float(atk.get("range", 0)), float(atk.get("surges", 0)),
                1.0 if atk.get("x") else 0.0, float(atk.get("shields", 0)), float(atk["pierce"]),
                float(atk["damage"]), float(atk["spent"]), float(len(atk["used"])),
                *(float(atk["dice"].count(c)) for c in lib.dice), *(float(atk["def_dice"].count(c)) for c in lib.dice)]
    else:
        out += [0.0] * (13 + 2 * len(lib.dice))
    result = view.get("result")
    out += [1.0 if result and result[0] == side else 0.0 for side in ("heroes", "overlord")]
    out += [1.0 if seat == "overlord" else 0.0, 1.0 if seat is not None and seat != "overlord" else 0.0]
    return out


_PLANE = {name: i for i, name in enumerate(PLANES)}
_STATIC: dict[tuple[Any, ...], tuple[list[float], dict[str, list[int]]]] = {}


def _static_planes(grid: list[str], mp: JSON) -> tuple[list[float], dict[str, list[int]]]:
    """The planes of what never changes on a map (spaces, walls, terrain; the rest left at 0), and
    the squares along each door (cached per map)."""
    key = (tuple(grid), tuple(mp["walls"]), tuple((k, tuple(v)) for k, v in mp["terrain"].items()),
           tuple((k, tuple(v)) for k, v in mp["doors"].items()))
    got = _STATIC.get(key)
    if got is not None:
        return got
    terrains = [t for t in library().terrain if t != "plain"]
    h, w = len(grid), max(len(r) for r in grid)
    area = w * h
    planes = [0.0] * (area * (len(PLANES) + len(terrains)))

    def sq(name: str) -> int:
        return (int(name[1:]) - 1) * w + (ord(name[0]) - 65)

    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            if ch not in ". ":
                planes[y * w + x] = 1.0
    for ter, squares in mp["terrain"].items():
        if ter in terrains:
            for s in squares:
                planes[(len(PLANES) + terrains.index(ter)) * area + sq(s)] = 1.0
    for edge in mp["walls"]:
        a, b = sorted(sq(p) for p in edge.split("|"))
        planes[_PLANE["wall-east" if b == a + 1 else "wall-south"] * area + a] = 1.0
    doors = {did: [sq(p) for e in edges for p in e.split("|")] for did, edges in mp["doors"].items()}
    if len(_STATIC) > 64:
        _STATIC.clear()
    _STATIC[key] = (planes, doors)
    return planes, doors
