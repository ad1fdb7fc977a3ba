"""Hero: Immortal King's designed observation tensor (``questbox.adapters.observe``).

Fixed size per setup. Card identities are one-hot over the built-in card set (cards of a user's
card file that it lacks are left out; their colour, family and power still count). The tensor reads
only the seat's view: a face-down encounter is only "face down" to the adventurers, and the other
seat's rock/paper/scissors choice only "chosen". Seats are egocentric in the only place they
differ: "my decision" and "my choice". Values are scaled to about [0, 1].
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np
import numpy.typing as npt

from questbox.core import JSON, Seat, get_game
from questbox.games.hero_ik.cards import COLOURS, builtin
from questbox.games.hero_ik.state import EQ_STATES, RPS

_PHASES = ("attack", "brink", "combat", "construct", "construction", "dire", "endturn", "equip", "equipment",
           "guard", "losemana", "mana", "over", "place", "postroll", "preroll", "rps")
_DECISIONS = ("attack", "brink", "construct", "dire", "equip", "guard", "losemana", "mana", "pay", "place",
              "postroll", "preroll", "rps", "target")
_DIE = re.compile(r"^1d(\d+)([+-]\d+)?$")
#: the combat numbers the view itself gives (``views.combat_view``): Power, standing bonus, rolled,
#: total, what the total lacks, total >= Power
_COMBAT_TOTALS = 6


class Field:
    __slots__ = ("meaning", "name", "width")

    def __init__(self, name: str, width: int, meaning: str) -> None:
        self.name, self.width, self.meaning = name, width, meaning


def _index(items: Any) -> dict[str, int]:
    return {x: i for i, x in enumerate(sorted(set(items)))}


class HikEncoder:
    """Encodes Hero: Immortal King views of one setup (see ``docs/rl.md``)."""

    def __init__(self, setup: JSON | None) -> None:
        probe = get_game("hero-ik").new(setup, seed=0)
        cs = builtin()
        self.adv_ids = _index(cs.adventurers)
        self.eq_ids = _index(cs.equipment)
        self.dungeon_ids = _index(cs.dungeon)
        self.final_ids = _index(cs.finals)
        self.families = _index([c.family for c in cs.dungeon.values()] + [f.family for f in cs.finals.values()])
        view = probe.view(probe.seats[0])
        self.n_adv = len(view["adventurers"])
        self.n_eq = len(view["equipment"])
        nd, nf, nc = len(self.dungeon_ids), len(self.families), len(COLOURS)
        self.power_width = 5
        self.corridor_width = 4 + nd + nc + nf + 3 + self.power_width
        self.eq_width = len(EQ_STATES) + len(self.eq_ids)
        self.fields: tuple[Any, ...] = (
            Field("header", 7 + len(_PHASES) + len(_DECISIONS),
                  "my decision, solitaire, turn/20, courage/10, fear/10, cards spent/48, next destiny line/10, "
                  f"phase ({len(_PHASES)}), decision kind ({len(_DECISIONS)})"),
            Field("adventurers", self.n_adv * (len(self.adv_ids) + 1),
                  f"per adventurer ({self.n_adv}): who ({len(self.adv_ids)}), mana"),
            Field("equipment", self.n_eq * self.eq_width,
                  f"per slot ({self.n_eq}): state (face-down, revealed, discarded), card ({len(self.eq_ids)})"),
            Field("corridors", 3 * self.corridor_width,
                  f"per corridor (3): pile/16, empty, an encounter, face down, card ({nd}), colour ({nc}), "
                  f"family ({nf}), tenacity, mana, destiny bonus/3, power (number/20, rolled die, die sides/12, "
                  "bonus/20, rock-paper-scissors)"),
            Field("final", len(self.final_ids) + nf + 3 + self.power_width,
                  f"the final monster: card ({len(self.final_ids)}), family ({nf}), open, tenacity, killed, power"),
            Field("trophies", nd + nc + 1, f"cards won ({nd}), per colour/12, with mana/24"),
            Field("combat", 13 + _COMBAT_TOTALS + len(RPS) + 1,
                  "a combat, its target (corridor 1-3, final), m_start/4, die/12, face/12, multiplier/3, "
                  "bonus/10, locked, by rock-paper-scissors, power die/6; the view's totals: Power/20, "
                  "standing bonus/10, rolled, total/20, what the total lacks (Power - total, 0-12)/12, total >= Power; "
                  "my rock-paper-scissors choice (rock, paper, scissors), the other seat has chosen"),
            Field("ultimate", nc, "the ultimate's cost per colour/4"),
        )
        self.size = sum(f.width for f in self.fields)

    def _power(self, out: npt.NDArray[np.float32], o: int, power: Any) -> None:
        if isinstance(power, bool):
            return
        if isinstance(power, int | float):
            out[o] = power / 20
            out[o + 1] = 1.0
        elif isinstance(power, str):
            m = _DIE.match(power)
            if m:
                out[o + 2] = int(m.group(1)) / 12
                out[o + 3] = int(m.group(2) or 0) / 20
            elif "rock" in power:
                out[o + 4] = 1.0

    def __call__(self, view: JSON, seat: Seat | None) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, np.float32)
        decision = view.get("decision") or {}
        out[0:7] = (float(decision.get("seat") == seat), float(view["mode"] == "solitaire"), view["turn"] / 20,
                    view["courage"] / 10, view["fear"] / 10, view["spent"] / 48,
                    ((view.get("scenario") or {}).get("next_line") or 0) / 10)
        if view["phase"] in _PHASES:
            out[7 + _PHASES.index(view["phase"])] = 1.0
        o = 7 + len(_PHASES)
        if decision.get("kind") in _DECISIONS:
            out[o + _DECISIONS.index(decision["kind"])] = 1.0
        o += len(_DECISIONS)
        na = len(self.adv_ids) + 1
        for k, a in enumerate(view["adventurers"][: self.n_adv]):
            if a["id"] in self.adv_ids:
                out[o + k * na + self.adv_ids[a["id"]]] = 1.0
            out[o + k * na + na - 1] = a["mana"]
        o += self.n_adv * na
        for k, e in enumerate(view["equipment"][: self.n_eq]):
            b = o + k * self.eq_width
            out[b + EQ_STATES.index(e["state"])] = 1.0
            if e.get("id") in self.eq_ids:
                out[b + len(EQ_STATES) + self.eq_ids[e["id"]]] = 1.0
        o += self.n_eq * self.eq_width
        nd, nf, nc = len(self.dungeon_ids), len(self.families), len(COLOURS)
        for k, c in enumerate(view["corridors"][:3]):
            b = o + k * self.corridor_width
            enc = c["encounter"]
            out[b:b + 2] = (c["pile"] / 16, float(c["empty"]))
            if enc is None:
                continue
            out[b + 2] = 1.0
            out[b + 3] = float(enc.get("face_down", False))
            if enc.get("id") in self.dungeon_ids:
                out[b + 4 + self.dungeon_ids[enc["id"]]] = 1.0
            if enc.get("colour") in COLOURS:
                out[b + 4 + nd + COLOURS.index(enc["colour"])] = 1.0
            if enc.get("family") in self.families:
                out[b + 4 + nd + nc + self.families[enc["family"]]] = 1.0
            t = b + 4 + nd + nc + nf
            out[t:t + 3] = (float(enc.get("tenacity", False)), float(enc.get("mana", False)),
                            float(enc.get("destiny_bonus", 0)) / 3)
            self._power(out, t + 3, enc.get("current_power"))
        o += 3 * self.corridor_width
        final = view["final"]
        if final["id"] in self.final_ids:
            out[o + self.final_ids[final["id"]]] = 1.0
        o += len(self.final_ids)
        if final["family"] in self.families:
            out[o + self.families[final["family"]]] = 1.0
        o += nf
        out[o:o + 3] = (float(final["open"]), float(final["tenacity"]), float(final["killed"]))
        self._power(out, o + 3, final["current_power"])
        o += 3 + self.power_width
        for t in view["trophies"]:
            if t["id"] in self.dungeon_ids:
                out[o + self.dungeon_ids[t["id"]]] = 1.0
            if t["colour"] in COLOURS:
                out[o + nd + COLOURS.index(t["colour"])] += 1 / 12
            out[o + nd + nc] += float(t["mana"]) / 24
        o += nd + nc + 1
        cb = view["combat"]
        if cb is not None:
            target = cb["corridor"]
            out[o] = 1.0
            out[o + 1 + (target - 1 if isinstance(target, int) and 1 <= target <= 3 else 3)] = 1.0
            out[o + 5:o + 12] = (cb["m_start"] / 4, cb["die"] / 12, cb["face"] / 12, cb["multiplier"] / 3,
                                 cb["bonus"] / 10, float(cb["locked"]), float(cb.get("rps", False)))
            out[o + 12] = (cb.get("power_die") or 0) / 6
            if "power" in cb:  # not a rock-paper-scissors fight: the view gives the numbers
                power = cb["power"]
                out[o + 13] = power / 20
                out[o + 14] = cb["standing_bonus"] / 10
                if "total" in cb:  # rolled
                    total = cb["total"]
                    out[o + 15:o + 19] = (1.0, total / 20, min(12, max(0, power - total)) / 12,
                                          float(total >= power))
        o += 13 + _COMBAT_TOTALS
        rps = view.get("rps") or {}
        for s, choice in rps.items():
            if s == seat and choice in RPS:
                out[o + RPS.index(choice)] = 1.0
            elif s != seat and choice is not None:
                out[o + len(RPS)] = 1.0
        o += len(RPS) + 1
        for k, colour in enumerate(COLOURS):
            out[o + k] = view["ultimate_cost"].get(colour, 0) / 4
        return out

    def encode_state(self, st: Any, seat: Seat | None) -> npt.NDArray[np.float32]:
        """``self(st.view(seat), seat)`` from the :class:`HikState`: the same numbers
        (``tests/adapters/test_observe.py`` compares them), from the light view
        (``views.view(st, seat, light=True)``: only the fields the tensor reads, no decision text, no
        card texts or names; what the seat may see is decided there, as for the whole view)."""
        from questbox.games.hero_ik.views import view

        return self(view(st, seat, light=True), seat)


def encoder(setup: JSON | None) -> HikEncoder:
    """The designed encoder of a Hero: Immortal King setup."""
    return HikEncoder(setup)


# ============================================================ shaping potential (solitaire)
#: the solitaire potential's weights: a logistic regression of the solitaire game's result on
#: :func:`solo_features` (``bench/rl_potential.py``: 3 scenarios x 6 shares of random play mixed into
#: the heuristic, 120 games each; fitted on the even seeds). ``Game.evaluate`` was fitted on duels:
#: on solitaire positions it is no better than a constant (held-out log loss in ``docs/rl.md``).
SOLO_BIAS = -1.039
SOLO_WEIGHTS: dict[str, float] = {"courage": -0.311, "fear": -0.151, "items_down": -0.066, "left": -0.011,
                                  "lives": 0.472, "mana": 0.618, "open": 1.205, "pile": -0.188,
                                  "potions": 1.309, "trophies": 0.076}


def solo_features(s: Any) -> dict[str, float]:
    """:func:`questbox.games.hero_ik.bots.features` and ``left``, the dungeon cards not yet won
    (piles and face-up encounters), and ``courage``."""
    from questbox.games.hero_ik.bots import features

    f = features(s)
    f["left"] = float(sum(len(p) + (1 if s.slot[c] >= 0 else 0) for c, p in enumerate(s.piles)))
    f["courage"] = float(s.courage)
    return f


def solo_potential(state: Any, seat: Seat) -> float:
    """The adventurers' chance to win a solitaire game, estimated (:data:`SOLO_WEIGHTS`)."""
    f = solo_features(state)
    x = SOLO_BIAS + sum(w * f[k] for k, w in SOLO_WEIGHTS.items())
    return 1.0 / (1.0 + math.exp(-x))


def potential(setup: JSON | None) -> Any:
    """The shaping potential of ``setup`` for the RL adapters: :func:`solo_potential` in solitaire;
    None in a duel (``Game.evaluate`` is fitted there)."""
    probe = get_game("hero-ik").new(setup, seed=0)
    return solo_potential if len(probe.seats) == 1 else None


#: the corridor length of the printed setup: 16 cards in a pile and the encounter in front of it
PROGRESS_SPAN = 17
#: what :func:`solo_progress` gives a group that has emptied a corridor (the win itself gives 1)
PROGRESS_WEIGHT = 0.5


def solo_progress(state: Any, seat: Seat) -> float:
    """How far the group got towards the final monster, ours (not fitted): :data:`PROGRESS_WEIGHT`
    times the share of the shortest corridor already cleared (``features``' ``pile``: the cards between
    the group and an empty corridor, the encounter included). A potential for shaping with the final
    position counted (``terminal_potential``): lost games are told apart by how far they got."""
    from questbox.games.hero_ik.bots import features

    left = features(state)["pile"]
    return PROGRESS_WEIGHT * max(0.0, PROGRESS_SPAN - left) / PROGRESS_SPAN
