"""The mutable pieces of an encounter: figures, turns in progress and attacks in progress.

Each is a small class of plain ints, strings and lists with a hand-written ``copy()`` (clones are
cheap) and ``to_json`` / ``from_json`` (exact round trips). They have no ``__slots__`` because mypyc
compiles this module (see :mod:`questbox.games.descent.compiled`).
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


class Fig:
    """A hero or a monster.

    ``status``: ``active`` (on the map), ``ko`` (a knocked-out hero: his token lies on ``pos``),
    ``defeated`` (a monster off the map, which a reinforcement may bring back) or ``reserve`` (a
    monster that has not entered yet). ``pos`` is the top-left square (-1 off the map); ``orient``
    1 turns a large figure's ``shape`` (w, h) into (h, w). ``stat`` names the :class:`Stat` it uses
    (rule modules may change it). ``tags`` are words rule modules may set (``no-reinforce``, ...).
    """

    id: str
    side: str
    stat: str
    seat: str
    shape: tuple[int, int]
    group: int
    master: bool
    pos: int
    orient: int
    status: str
    damage: int
    fatigue: int
    hp_bonus: int
    activated: bool
    conds: list[str]
    exhausted: list[str]
    items: list[str]
    tags: list[str]

    def __init__(self, fid: str, side: str, stat: str, seat: str, shape: tuple[int, int],
                 group: int = -1, master: bool = False, *, of: Fig | None = None) -> None:
        self.id = fid
        self.side = side
        self.stat = stat
        self.seat = seat
        self.shape = shape
        self.group = group
        self.master = master
        if of is not None:      # a copy of ``of`` (see copy())
            self.pos, self.orient, self.status = of.pos, of.orient, of.status
            self.damage, self.fatigue, self.hp_bonus, self.activated = of.damage, of.fatigue, of.hp_bonus, of.activated
            self.conds, self.exhausted, self.items, self.tags = of.conds[:], of.exhausted[:], of.items[:], of.tags[:]
            return
        self.pos = -1
        self.orient = 0
        self.status = "reserve"
        self.damage = 0
        self.fatigue = 0
        self.conds = []
        self.exhausted = []
        self.items = []
        self.tags = []
        self.hp_bonus = 0
        self.activated = False

    @property
    def dims(self) -> tuple[int, int]:
        w, h = self.shape
        return (h, w) if self.orient else (w, h)

    @property
    def large(self) -> bool:
        return self.shape != (1, 1)

    def copy(self) -> Fig:
        # (a copy constructor, not ``__new__`` and assignments: a mypyc class's ``__new__`` runs
        # ``__init__``)
        return Fig(self.id, self.side, self.stat, self.seat, self.shape, self.group, self.master, of=self)

    def to_json(self, names: list[str]) -> JSON:
        return {"side": self.side, "stat": self.stat, "seat": self.seat, "shape": list(self.shape),
                "group": self.group, "master": self.master,
                "at": names[self.pos] if self.pos >= 0 else None, "orient": self.orient,
                "status": self.status, "damage": self.damage, "fatigue": self.fatigue,
                "conditions": list(self.conds), "exhausted": list(self.exhausted),
                "items": list(self.items), "tags": list(self.tags), "hp_bonus": self.hp_bonus,
                "activated": self.activated}

    @classmethod
    def from_json(cls, fid: str, doc: JSON, index: dict[str, int]) -> Fig:
        f = cls(fid, doc["side"], doc["stat"], doc["seat"], (doc["shape"][0], doc["shape"][1]),
                doc["group"], doc["master"])
        f.pos = index[doc["at"]] if doc["at"] is not None else -1
        f.orient, f.status, f.damage, f.fatigue = doc["orient"], doc["status"], doc["damage"], doc["fatigue"]
        f.conds, f.exhausted = list(doc["conditions"]), list(doc["exhausted"])
        f.items, f.tags = list(doc["items"]), list(doc["tags"])
        f.hp_bonus, f.activated = doc["hp_bonus"], doc["activated"]
        return f


class Turn:
    """A figure's turn (a hero) or activation (a monster), or an out-of-turn activation a rule
    grants (``kind`` ``extra``). ``flags`` are words: ``bonus`` (the two-hero action is used),
    ``rested``, ``moved``, ``attacked``, ``large-from:<square>`` (see
    :data:`questbox.games.descent.movement.GOING_ON`), or a rule module's own."""

    fig: int
    kind: str
    actions: int
    mp: int
    attacks: int
    move_actions: int
    ended: bool
    flags: list[str]

    def __init__(self, fig: int, kind: str, actions: int = 2, *, of: Turn | None = None) -> None:
        self.fig = fig
        self.kind = kind
        self.actions = actions
        if of is not None:      # a copy of ``of`` (see copy())
            self.mp, self.attacks, self.move_actions, self.ended = of.mp, of.attacks, of.move_actions, of.ended
            self.flags = of.flags[:]
            return
        self.mp = 0
        self.attacks = 0
        self.move_actions = 0
        self.ended = False
        self.flags = []

    def copy(self) -> Turn:
        return Turn(self.fig, self.kind, self.actions, of=self)

    def to_json(self) -> JSON:
        return {"fig": self.fig, "kind": self.kind, "actions": self.actions, "mp": self.mp,
                "attacks": self.attacks, "move_actions": self.move_actions, "ended": self.ended,
                "flags": list(self.flags)}

    @classmethod
    def from_json(cls, doc: JSON) -> Turn:
        t = cls(doc["fig"], doc["kind"], doc["actions"])
        t.mp, t.attacks, t.move_actions, t.ended = doc["mp"], doc["attacks"], doc["move_actions"], doc["ended"]
        t.flags = list(doc["flags"])
        return t


_ATTACK_INTS = ("attacker", "target", "bonus_hearts", "bonus_range", "pierce", "bonus_shields",
                "extra_surges", "spent", "damage", "distance", "stage", "mend", "recover_fatigue",
                "recover_heart")
_ATTACK_LISTS = ("dice", "faces", "def_dice", "def_faces", "abilities", "used", "conditions", "flags",
                 "rerolled")


class Attack:
    """An attack in progress. Dice are colour names; ``faces`` the face numbers rolled (1-6).
    ``abilities`` are the surge abilities on offer as ``[id, effect, value, cost]``; ``used`` the ids
    spent. Rule modules adjust the ``bonus_*``, ``pierce``, ``extra_surges`` and ``flags``;
    ``no_surges`` forbids spending surges (e.g. a plot card's choice). ``stage`` is the step of the
    printed order the attack has reached (see :mod:`questbox.games.descent.state`)."""

    attacker: int
    target: int
    melee: bool
    source: str
    dice: list[str]
    faces: list[int]
    def_dice: list[str]
    def_faces: list[int]
    abilities: list[list[Any]]
    used: list[str]
    conditions: list[str]
    flags: list[str]
    rerolled: list[int]
    bonus_hearts: int
    bonus_range: int
    pierce: int
    bonus_shields: int
    extra_surges: int
    spent: int
    damage: int
    distance: int
    stage: int
    mend: int
    recover_fatigue: int
    recover_heart: int
    missed: bool
    defeated: bool
    no_surges: bool

    def __init__(self, attacker: int, target: int, melee: bool, source: str, dice: list[str], *,
                 of: Attack | None = None) -> None:
        self.attacker = attacker
        self.target = target
        self.melee = melee
        self.source = source
        self.dice = dice
        if of is not None:      # a copy of ``of`` (see copy())
            self.faces, self.def_dice, self.def_faces = of.faces[:], of.def_dice[:], of.def_faces[:]
            self.abilities = [x[:] for x in of.abilities]
            self.used, self.conditions, self.flags, self.rerolled = (of.used[:], of.conditions[:], of.flags[:],
                                                                     of.rerolled[:])
            self.bonus_hearts, self.bonus_range, self.pierce, self.bonus_shields = (of.bonus_hearts, of.bonus_range,
                                                                                    of.pierce, of.bonus_shields)
            self.extra_surges, self.spent, self.damage, self.distance = (of.extra_surges, of.spent, of.damage,
                                                                         of.distance)
            self.stage, self.mend, self.recover_fatigue, self.recover_heart = (of.stage, of.mend, of.recover_fatigue,
                                                                               of.recover_heart)
            self.missed, self.defeated, self.no_surges = of.missed, of.defeated, of.no_surges
            return
        self.faces = []
        self.def_dice = []
        self.def_faces = []
        self.abilities = []
        self.used = []
        self.conditions = []
        self.flags = []
        self.rerolled = []
        self.bonus_hearts = 0
        self.bonus_range = 0
        self.pierce = 0
        self.bonus_shields = 0
        self.extra_surges = 0
        self.spent = 0
        self.damage = 0
        self.distance = 0
        self.stage = 0
        self.mend = 0
        self.recover_fatigue = 0
        self.recover_heart = 0
        self.missed = False
        self.defeated = False
        self.no_surges = False

    def copy(self) -> Attack:
        return Attack(self.attacker, self.target, self.melee, self.source, self.dice[:], of=self)

    def to_json(self) -> JSON:
        doc: JSON = {k: getattr(self, k) for k in _ATTACK_INTS}
        for k in _ATTACK_LISTS:
            v = getattr(self, k)
            doc[k] = [list(x) for x in v] if k == "abilities" else list(v)
        doc.update(melee=self.melee, source=self.source, missed=self.missed, defeated=self.defeated,
                   no_surges=self.no_surges)
        return doc

    @classmethod
    def from_json(cls, doc: JSON) -> Attack:
        a = cls(doc["attacker"], doc["target"], doc["melee"], doc["source"], list(doc["dice"]))
        for k in _ATTACK_INTS:
            setattr(a, k, doc[k])
        for k in _ATTACK_LISTS:
            v = doc[k]
            setattr(a, k, [list(x) for x in v] if k == "abilities" else list(v))
        a.missed, a.defeated, a.no_surges = doc["missed"], doc["defeated"], doc["no_surges"]
        return a


def tuplify(x: Any) -> Any:
    """JSON lists back to the tuples tasks and decisions are made of."""
    if isinstance(x, list):
        return tuple(tuplify(v) for v in x)
    return x


def listify(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [listify(v) for v in x]
    return x


def copy_json(x: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, immutable leaves), without deepcopy's overhead."""
    if isinstance(x, dict):
        return {k: copy_json(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy_json(v) for v in x]
    return x
