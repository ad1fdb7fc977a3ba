"""The mutable pieces of an encounter: figures, turns in progress and attacks in progress.

Each is a small ``__slots__`` class of plain ints, strings and lists with a hand-written
``copy()`` (clones are cheap) and ``to_json`` / ``from_json`` (exact round trips).
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

    __slots__ = ("activated", "conds", "damage", "exhausted", "fatigue", "group", "hp_bonus", "id",
                 "items", "master", "orient", "pos", "seat", "shape", "side", "stat", "status", "tags")

    def __init__(self, fid: str, side: str, stat: str, seat: str, shape: tuple[int, int],
                 group: int = -1, master: bool = False) -> None:
        self.id = fid
        self.side = side
        self.stat = stat
        self.seat = seat
        self.shape = shape
        self.group = group
        self.master = master
        self.pos = -1
        self.orient = 0
        self.status = "reserve"
        self.damage = 0
        self.fatigue = 0
        self.conds: list[str] = []
        self.exhausted: list[str] = []
        self.items: list[str] = []
        self.tags: list[str] = []
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
        f = Fig.__new__(Fig)
        f.id, f.side, f.stat, f.seat, f.shape = self.id, self.side, self.stat, self.seat, self.shape
        f.group, f.master, f.pos, f.orient, f.status = self.group, self.master, self.pos, self.orient, self.status
        f.damage, f.fatigue = self.damage, self.fatigue
        f.hp_bonus, f.activated = self.hp_bonus, self.activated
        f.conds, f.exhausted, f.items, f.tags = self.conds[:], self.exhausted[:], self.items[:], self.tags[:]
        return f

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
    ``rested``, ``moved``, ``attacked``, or a rule module's own."""

    __slots__ = ("actions", "attacks", "ended", "fig", "flags", "kind", "move_actions", "mp")

    def __init__(self, fig: int, kind: str, actions: int = 2) -> None:
        self.fig = fig
        self.kind = kind
        self.actions = actions
        self.mp = 0
        self.attacks = 0
        self.move_actions = 0
        self.ended = False
        self.flags: list[str] = []

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.fig, t.kind, t.actions, t.mp, t.attacks = self.fig, self.kind, self.actions, self.mp, self.attacks
        t.move_actions, t.ended, t.flags = self.move_actions, self.ended, self.flags[:]
        return t

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

    __slots__ = ("abilities", "attacker", "bonus_hearts", "bonus_range", "bonus_shields", "conditions",
                 "damage", "def_dice", "def_faces", "defeated", "dice", "distance", "extra_surges", "faces",
                 "flags", "melee", "mend", "missed", "no_surges", "pierce", "recover_fatigue", "recover_heart",
                 "rerolled", "source", "spent", "stage", "target", "used")

    def __init__(self, attacker: int, target: int, melee: bool, source: str, dice: list[str]) -> None:
        self.attacker = attacker
        self.target = target
        self.melee = melee
        self.source = source
        self.dice = dice
        self.faces: list[int] = []
        self.def_dice: list[str] = []
        self.def_faces: list[int] = []
        self.abilities: list[list[Any]] = []
        self.used: list[str] = []
        self.conditions: list[str] = []
        self.flags: list[str] = []
        self.rerolled: list[int] = []
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
        a = Attack.__new__(Attack)
        for k in _ATTACK_INTS:
            setattr(a, k, getattr(self, k))
        a.melee, a.source, a.missed, a.defeated, a.no_surges = (self.melee, self.source, self.missed,
                                                               self.defeated, self.no_surges)
        a.dice, a.faces, a.def_dice, a.def_faces = self.dice[:], self.faces[:], self.def_dice[:], self.def_faces[:]
        a.abilities = [x[:] for x in self.abilities]
        a.used, a.conditions, a.flags, a.rerolled = self.used[:], self.conditions[:], self.flags[:], self.rerolled[:]
        return a

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
