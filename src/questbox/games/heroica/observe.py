"""Heroica's designed observation tensor (``questbox.adapters.observe``), field by field.

Fixed size per setup: one block per board space of the setup (every space of every mission, in the
order of the action space), one per hero, then the turn, the store and the decision. Heroes are
egocentric: block 0 is the observer's hero (if the observer plays one), then the heroes in turn
order after it. Nothing in Heroica is hidden but the future rolls, so every seat sees the same
facts, ordered from its own seat. Counts are divided by a typical maximum (about [0, 1]).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from questbox.core import JSON, Seat, get_game
from questbox.games.heroica.data import FACES, rules

_FACES = tuple(dict.fromkeys(FACES))  # shield, sword, skull, sword-skull
_DECISIONS = ("move", "fight", "back", "forward", "strike", "shield", "turn", "mmove", "mfight", "mturn")
_SPACE_FAMILIES = ("step", "forward", "back", "fight", "strike", "pick")


class Field:
    __slots__ = ("meaning", "name", "width")

    def __init__(self, name: str, width: int, meaning: str) -> None:
        self.name, self.width, self.meaning = name, width, meaning


class HeroicaEncoder:
    """Encodes Heroica views of one setup (see the module docs and ``docs/rl.md``)."""

    def __init__(self, setup: JSON | None) -> None:
        game = get_game("heroica")
        probe = game.new(setup, seed=0)
        space = game.action_space(setup) or []
        ids: dict[str, None] = {}
        for a in space:
            if a.name in _SPACE_FAMILIES and a.args:
                ids[str(a.args[0])] = None
        self.spaces = {s: i for i, s in enumerate(sorted(ids))}
        r = rules()
        self.monsters = {m: i for i, m in enumerate(r.monsters)}
        self.items = {m: i for i, m in enumerate(r.items)}
        self.weapons = {w: i for i, w in enumerate([*r.weapons, *r.relics])}
        self.hero_kinds = {h: i for i, h in enumerate(r.heroes)}
        self.seats: tuple[Seat, ...] = probe.seats
        self.n_heroes = len(probe.view(None)["heroes"])
        m, it = len(self.monsters), len(self.items)
        # per space: observer here, another hero here, monster kind, item kind, coffin, bar, target,
        # on the current mission, on the path walked this turn, the mover, I came from here, another
        # hero came from here
        self.space_width = 2 + m + it + 8
        w = len(self.weapons)
        # per hero: present, hero kind, health, max, healing, gold, life, defense, fang, weapons,
        # monsters in pack, defeats, won, vp, to move
        self.hero_width = 1 + len(self.hero_kinds) + 13 + w
        n_sp = len(self.spaces)
        self.fields: tuple[Any, ...] = (
            Field("spaces", n_sp * self.space_width,
                  f"per space ({n_sp}, sorted ids): me here, another hero here, monster kind ({m}), "
                  f"item kind ({it}), coffin, bar, target, on this mission, on this turn's path, the mover, "
                  "I came from here, another hero came from here"),
            Field("heroes", self.n_heroes * self.hero_width,
                  f"per hero ({self.n_heroes}, me first): present, hero kind ({len(self.hero_kinds)}), "
                  "health/8, max/8, healing, gold/10, life, defense, fang, monsters in pack/10, "
                  f"defeats/10, missions won/4, victory points/20, on the move, on the board, weapons held ({w})"),
            Field("turn", 4 + len(_FACES) + 3,
                  "my turn, my decision, round/round limit, bats in the box/4, roll (one-hot faces), "
                  "steps/4, defended, over"),
            Field("store", w, "store stock per weapon / 2"),
            Field("decision", len(_DECISIONS), "the pending decision's kind (one-hot)"),
        )
        self.size = sum(f.width for f in self.fields)

    def _order(self, seat: Seat | None) -> list[Seat]:
        seats = list(self.seats)
        if seat in seats:
            k = seats.index(seat)
            seats = seats[k:] + seats[:k]
        return seats

    def __call__(self, view: JSON, seat: Seat | None) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, np.float32)
        sw, spaces = self.space_width, self.spaces
        nm, ni = len(self.monsters), len(self.items)
        board = view["board"]
        heroes = view["heroes"]
        for h in heroes:
            at = h["at"]
            if at in spaces:
                out[spaces[at] * sw + (0 if h["seat"] == seat else 1)] += 1.0
        for at, kind in board["monsters"].items():
            if at in spaces and kind in self.monsters:
                out[spaces[at] * sw + 2 + self.monsters[kind]] = 1.0
        for at, kind in board["items"].items():
            if at in spaces and kind in self.items:
                out[spaces[at] * sw + 2 + nm + self.items[kind]] = 1.0
        base = 2 + nm + ni
        for at in board["coffins"]:
            if at in spaces:
                out[spaces[at] * sw + base] = 1.0
        for at in board["bars"]:
            if at in spaces:
                out[spaces[at] * sw + base + 1] = 1.0
        if board["target"] in spaces:
            out[spaces[board["target"]] * sw + base + 2] = 1.0
        for at in view["layout"]["spaces"]:
            if at in spaces:
                out[spaces[at] * sw + base + 3] = 1.0
        turn = view["turn"]
        for at in turn["path"]:
            if at in spaces:
                out[spaces[at] * sw + base + 4] = 1.0
        if turn["mover"] in spaces:
            out[spaces[turn["mover"]] * sw + base + 5] = 1.0
        for h in heroes:
            if h["came"] in spaces:
                out[spaces[h["came"]] * sw + base + (6 if h["seat"] == seat else 7)] += 1.0

        off = len(spaces) * sw
        by_seat = {h["seat"]: h for h in heroes}
        slot = 0
        hw = self.hero_width
        for s in self._order(seat):
            h = by_seat.get(s)
            if h is None:
                continue
            o = off + slot * hw
            slot += 1
            if slot > self.n_heroes:
                break
            out[o] = 1.0
            if h["hero"] in self.hero_kinds:
                out[o + 1 + self.hero_kinds[h["hero"]]] = 1.0
            o += 1 + len(self.hero_kinds)
            out[o:o + 13] = (h["health"] / 8, h["max"] / 8, float(h["healing"]), h["gold"] / 10, h["life"],
                             h["defense"], h["fang"], len(h["monsters"]) / 10, h["defeats"] / 10, h["won"] / 4,
                             h["vp"] / 20, float(turn["seat"] == s), float(h["at"] is not None))
            for wpn in h["weapons"]:
                if wpn in self.weapons:
                    out[o + 13 + self.weapons[wpn]] = 1.0
        o = off + self.n_heroes * hw
        limit = view["layout"].get("round_limit") or 40
        decision = view["decision"]
        out[o:o + 4] = (float(turn["seat"] == seat), float(decision is not None and decision[0] == seat),
                        min(turn["round"] / limit, 1.0), board["bats_in_box"] / 4)
        if turn["roll"] in _FACES:
            out[o + 4 + _FACES.index(turn["roll"])] = 1.0
        o += 4 + len(_FACES)
        out[o:o + 3] = (turn["steps"] / 4, float(turn["defended"]), float(view["over"]))
        o += 3
        for wpn, count in view["store"].items():
            if wpn in self.weapons:
                out[o + self.weapons[wpn]] = count / 2
        o += len(self.weapons)
        if decision is not None and decision[1] in _DECISIONS:
            out[o + _DECISIONS.index(decision[1])] = 1.0
        return out


def encoder(setup: JSON | None) -> HeroicaEncoder:
    """The designed encoder of a Heroica setup."""
    return HeroicaEncoder(setup)
