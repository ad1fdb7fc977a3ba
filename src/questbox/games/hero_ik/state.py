"""The rules of Hero: Immortal King as pure state transitions.

A turn is a queue of *steps* (``construct``, ``equip``, ``combat``, ``endturn``, and the sub-steps a
combat or an effect inserts at the front: ``preroll``, ``dire``, ``postroll``, ``guard``,
``replace``, ``mana``, ``pay``, ``eff``, ...). :meth:`HikState._run` runs steps until one needs a
choice, which it pushes as a :class:`~questbox.core.Decision` on the pending stack; the action that
answers it pops it and may insert more steps. Card instances are ints (see :class:`Ctx`); corridors
are 0–2 inside and 1–3 in the notation, the final monster is corridor 3 (``final``).
"""

from __future__ import annotations

from typing import Any

from questbox.core import JSON, Action, Decision, Event, Outcome, Rng, Seat, State
from questbox.games.hero_ik.cards import COLOURS
from questbox.games.hero_ik.setup import (
    ADV,
    DEMON,
    DM,
    DRAGON,
    GREENSKIN,
    UNDEAD,
    Ctx,
)

FINAL = 3
RPS = ("rock", "paper", "scissors")
#: what each gesture beats (Annex I)
BEATS = {"paper": "rock", "rock": "scissors", "scissors": "paper"}
#: permanent bonus counters of the Destiny scale, by target
BONUS_TARGETS = ("greenskin", "undead", "demon", "sons", "central", "outer", "all", "final")
FACE_DOWN, REVEALED, DISCARDED = 0, 1, 2
EQ_STATES = ("face-down", "revealed", "discarded")

Step = tuple[Any, ...]


def rps_winner(a: str, b: str) -> int:
    """Annex I: 1 if gesture ``a`` beats ``b``, -1 if it loses, 0 for a tie."""
    if a == b:
        return 0
    return 1 if BEATS[a] == b else -1


#: how a game of hero-ik ends (``Outcome.termination``): the final enemy is killed (the adventurers
#: win); a Destiny line lets the Lich win; the group ends a turn without Courage
TERMINATIONS = frozenset({"lich-defeated", "destiny", "no-courage"})
#: a power or potion applied to a die result: who, what ("mult" or "bonus"), used before the first roll?
Applied = tuple[str, str, bool]


class Combat:
    """The combat in progress: target, the roll and its modifiers."""

    __slots__ = ("applied", "bonus", "card", "face", "m_start", "mult", "pdie", "rolls", "sides", "target")

    def __init__(self, target: int, card: int, m_start: int) -> None:
        self.target = target      # corridor 0-2, or FINAL
        self.card = card          # card instance, -1 for the final monster
        self.m_start = m_start    # Mana in the group at the start of the combat (M)
        self.pdie = 0             # the card's own Power die (1d6 cards), 0 if none
        self.sides = 6            # the combat die
        self.face = 0             # the current die result, 0 before the roll
        self.mult = 1             # the roll's multiplier (one per roll)
        self.bonus = 0            # modifiers of this combat (potions, temporary powers)
        #: the powers and potions applied to the current result, each (who, "mult" or "bonus", used before
        #: the first roll?); while one is there, Dire fate may not strike the result (HIK-FEAR-11)
        self.applied: list[Applied] = []
        self.rolls = 0            # die results so far

    def copy(self) -> Combat:
        # (the constructor, not ``__new__`` and assignments: a mypyc class's ``__new__`` runs ``__init__``)
        c = Combat(self.target, self.card, self.m_start)
        c.pdie, c.sides, c.face = self.pdie, self.sides, self.face
        c.mult, c.bonus, c.applied, c.rolls = self.mult, self.bonus, list(self.applied), self.rolls
        return c

    def to_json(self) -> JSON:
        return {"target": self.target, "card": self.card, "m_start": self.m_start, "pdie": self.pdie,
                "sides": self.sides, "face": self.face, "mult": self.mult, "bonus": self.bonus,
                "applied": [list(x) for x in self.applied], "rolls": self.rolls}

    @classmethod
    def from_json(cls, doc: JSON) -> Combat:
        c = cls(doc["target"], doc["card"], doc["m_start"])
        c.pdie, c.sides, c.face, c.mult, c.bonus = doc["pdie"], doc["sides"], doc["face"], doc["mult"], doc["bonus"]
        c.applied = [(str(w), str(k), bool(b)) for w, k, b in doc["applied"]]
        c.rolls = doc["rolls"]
        return c


#: what each pending decision asks, in words for the views (the page and the terminal show it)
DECISION_TEXT = {
    "construct": "swap two piles or keep them", "equip": "equipment phase: reveal, trigger, drink, or done",
    "attack": "choose the encounter to fight", "rps": "rock, paper or scissors",
    "preroll": "before the roll: roll, or a power or potion first", "dire": "Dire fate on this result?",
    "postroll": "after the roll: a gift, power or potion, or accept the result",
    "guard": "Bodyguard: a Tenacity token on a monster?", "place": "place the new card",
    "mana": "who takes the Mana token?", "pay": "pay the cost with won cards", "target": "choose the target",
    "brink": "no Courage left: drink a potion first?", "losemana": "an adventurer loses a Mana token",
}


def _corr(c: int) -> int | str:
    return "final" if c == FINAL else c + 1


class HikState(State):
    __slots__ = ("combat", "courage", "ctx", "down", "eq_kind", "eq_state", "fear", "final_mark", "final_ten",
                 "lich_dead", "mana", "marks", "peek", "perm", "perm_ten", "piles", "reason", "result", "rps",
                 "slot", "spent", "steps", "ten", "trophies", "turn")

    def __init__(self, ctx: Ctx, rng: Rng, of: HikState | None = None) -> None:
        """A new state (before the deal), or with ``of`` a copy of ``of`` with the generator ``rng``
        (:meth:`clone`: a copy constructor, since a mypyc class's ``__new__`` runs ``__init__``)."""
        super().__init__(ctx.seats, rng)
        self.ctx = ctx
        if of is not None:
            self._copy(of)
            return
        self.turn = 1
        self.piles: list[list[int]] = [[], [], []]    # top = last
        self.slot = [-1, -1, -1]                      # the encounter in front of each pile
        self.down = [False, False, False]             # encounter face down (ambush)
        self.ten = [False, False, False]              # Tenacity token on the encounter
        self.peek = [False, False, False]             # the dungeon master has seen the top of the pile
        self.marks = [0, 0, 0]                        # one-shot Destiny bonuses on the encounter
        self.final_ten = False
        self.final_mark = 0
        self.trophies: list[int] = []                 # dungeon cards won and not yet spent
        self.spent: list[int] = []                    # dungeon cards discarded to pay costs
        self.courage = 5
        self.fear = 0
        self.mana = [1] * ctx.n_adv
        self.eq_kind = list(ctx.eq_start)
        self.eq_state = [FACE_DOWN] * len(ctx.eq_start)
        self.combat: Combat | None = None
        self.rps = ["", ""]
        self.perm = [0] * len(BONUS_TARGETS)
        self.perm_ten = [0, 0]                        # permanent Destiny Tenacity lines: all, weakest
        self.steps: list[Step] = []
        self.lich_dead = False
        self.result = ""                              # "", "adventurers" or "dungeon"
        self.reason = ""

    # ================================================================ protocol
    def to_move(self) -> tuple[Seat, ...]:
        if self.result or not self.pending:
            return ()
        top = self.pending[-1]
        if top.kind == "rps":
            return tuple(s for s, pick in zip(self.seats, self.rps, strict=False) if not pick)
        return (top.seat,)

    def is_over(self) -> bool:
        return self.result != ""

    # ``State``'s, answered here for speed (the compiled engine calls them without leaving C); the
    # unusual cases (no seat named, a notation string, an illegal action) go to ``State``'s
    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        if seat is None:
            return super().legal_actions(seat)
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        actions = self._legal_actions(seat)
        self._legal = (seat, actions)
        return actions

    def apply(self, seat: Seat | None, action: Action | str) -> list[Event]:
        if seat is None or type(action) is not Action or action not in self.legal_actions(seat):
            return super().apply(seat, action)      # (parses, names the seat, explains an illegal action)
        self._legal = None
        return self._apply(seat, action)

    def outcome(self) -> Outcome | None:
        if not self.result:
            return None
        won = self.result == ADV
        word = self.termination()
        if self.ctx.solo:
            return Outcome((ADV,) if won else (), {ADV: 1.0 if won else 0.0}, self.reason, word)
        return Outcome((self.result,), {ADV: 1.0 if won else 0.0, DM: 0.0 if won else 1.0}, self.reason, word)

    def termination(self) -> str:
        """How the game ended, one of :data:`TERMINATIONS` (``""`` while it goes on)."""
        if not self.result:
            return ""
        if self.result == ADV:
            return "lich-defeated"
        # the Destiny line ends the game at once, whatever the Courage; the end of turn checks Courage
        return "destiny" if self.reason.startswith("Destiny") else "no-courage"

    # ================================================================ powers
    def power_of(self, c: int, pdie: int | None = None, m: int | None = None) -> int:
        """The current Power of the encounter in corridor ``c`` (or the final monster, ``c == 3``).
        ``pdie`` is the card's rolled Power die (0 if unknown), ``m`` the Mana count for M."""
        ctx = self.ctx
        perm = self.perm
        mana = sum(self.mana) if m is None else m
        if c == FINAL:
            v = ctx.final_fixed + ctx.final_a * ctx.n_adv + ctx.final_m * mana
            fam = ctx.final_family
            if fam == UNDEAD:
                v += perm[1]
            elif fam == DEMON:
                v += perm[2]
            elif fam == GREENSKIN:
                v += perm[0]
            v += perm[6] + perm[7] + self.final_mark + (1 if self.final_ten else 0)
            if ctx.opts.auras_on_final and ctx.has_auras:
                for s in range(3):
                    e = self.slot[s]
                    if e >= 0 and not self.down[s]:
                        if fam == DRAGON:
                            v += ctx.aura_dragons[e]
                        elif fam == UNDEAD:
                            v += ctx.aura_undead[e]
            return v
        i = self.slot[c]
        v = ctx.fixed[i] + ctx.a[i] * ctx.n_adv + ctx.m[i] * mana
        if ctx.die[i] and pdie:
            v += pdie
        if self.ten[c]:
            v += 2 if ctx.ferocious[i] else 1
        fam = ctx.family[i]
        if ctx.has_auras:
            self_ok = ctx.opts.aura_self
            nem = ctx.nemesis[i]
            for s in range(3):
                e = self.slot[s]
                if e < 0 or self.down[s] or (s == c and not self_ok):
                    continue
                if fam == DRAGON:
                    v += ctx.aura_dragons[e]
                elif fam == UNDEAD:
                    v += ctx.aura_undead[e]
                if nem:
                    v += ctx.aura_nemesis[e]
        if fam == GREENSKIN:
            v += perm[0]
        elif fam == UNDEAD:
            v += perm[1]
        elif fam == DEMON:
            v += perm[2]
        if ctx.son[i]:
            v += perm[3]
        v += perm[4] if c == 1 else perm[5]
        return v + perm[6] + self.marks[c]

    def rank_power(self, c: int) -> float:
        """Power for 'lowest/weakest' comparisons outside a combat: a 1d6 Power counts as 3.5."""
        v = float(self.power_of(c, 0))
        if c != FINAL and self.ctx.die[self.slot[c]]:
            v += 3.5
        return v

    def rps_fight(self, c: int) -> bool:
        """Is a combat against corridor ``c`` rock/paper/scissors (Greenskins in the duel)?"""
        return c != FINAL and not self.ctx.solo and self.ctx.greenskin[self.slot[c]]

    def is_monster(self, c: int) -> bool:
        return c == FINAL or (self.slot[c] >= 0 and not self.ctx.trap[self.slot[c]])

    def _matches(self, target: str, c: int) -> bool:
        """Does an effect aimed at ``target`` (any, monster, trap, or a family) reach corridor ``c``?"""
        if target == "any":
            return True
        ctx = self.ctx
        if c == FINAL:
            return target == "monster" or target == ctx.final.family
        i = self.slot[c]
        if target == "monster":
            return not ctx.trap[i]
        if target == "trap":
            return bool(ctx.trap[i])
        return ctx.cards.dungeon[ctx.deck[i]].family == target

    def standing_bonus(self, c: int) -> int:
        """Gifts and revealed items that add to every combat roll against corridor ``c``."""
        ctx = self.ctx
        total = 0
        for g in ctx.bonus_gifts:
            total += self._roll_bonus(g, c)
        if REVEALED not in self.eq_state:
            return total
        for k, eid in enumerate(self.eq_kind):
            if self.eq_state[k] == REVEALED:
                eff = ctx.equipment(eid).effect
                if eff.effect == "roll_bonus":
                    total += self._roll_bonus(eff, c)
        return total

    def _roll_bonus(self, eff: Any, c: int) -> int:
        ctx = self.ctx
        if eff.requires_type is not None and eff.requires_type not in ctx.group_types:
            return 0
        if not self._matches(eff.against, c):
            return 0
        value: int = eff.value
        if eff.per_gender is not None:
            value *= ctx.n_gender[eff.per_gender]
        return value

    def _pain_reduction(self) -> int:
        ctx = self.ctx
        red = sum(a.gift.value for a in ctx.advs if a.gift.effect == "pain_reduction")
        for k, eid in enumerate(self.eq_kind):
            if self.eq_state[k] == REVEALED:
                eff = ctx.equipment(eid).effect
                if eff.effect == "pain_reduction":
                    red += eff.value
        return red

    def combat_total(self) -> int:
        cb = self.combat
        assert cb is not None
        return cb.face * cb.mult + cb.bonus + self.standing_bonus(cb.target)

    def combat_power(self) -> int:
        cb = self.combat
        assert cb is not None
        return self.power_of(cb.target, cb.pdie, cb.m_start)

    def final_open(self) -> bool:
        """May the final monster be attacked (HIK-TURN-02)?"""
        if self.ctx.opts.final_access == "pile":
            return any(not p for p in self.piles)
        return any(self.slot[c] < 0 and not self.piles[c] for c in range(3))

    def corridor_empty(self, c: int) -> bool:
        return self.slot[c] < 0 and not self.piles[c]

    # ================================================================ costs
    def _trophy_colours(self) -> list[int]:
        counts = [0, 0, 0, 0]
        col = self.ctx.colour
        for t in self.trophies:
            counts[col[t]] += 1
        return counts

    def affordable(self, cost: tuple[int, int, int, int], have: list[int] | None = None) -> bool:
        """Do the trophies pay ``cost``? (``have``: their colour counts, if known already)"""
        if have is None:
            have = self._trophy_colours()
        return have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2] and have[3] >= cost[3]

    def ultimate_cost(self) -> tuple[int, int, int, int]:
        n = self.ctx.n_adv
        return (n, n, n, n)

    # ================================================================ legal actions
    def _legal_actions(self, seat: Seat) -> list[Action]:
        if self.result or not self.pending:
            return []
        top = self.pending[-1]
        kind = top.kind
        if kind == "rps":
            idx = 0 if seat == ADV else 1
            if seat not in self.seats or self.rps[idx]:
                return []
            return [Action("rps", (g,)) for g in RPS]
        if seat != top.seat:
            return []
        actions: list[Action] = _LEGAL[kind](self, top)
        return actions

    def _legal_construct(self, top: Decision) -> list[Action]:
        out = [Action("keep")]
        open_ = [c for c in range(3) if not self.corridor_empty(c)]
        for x in range(len(open_)):
            for y in range(x + 1, len(open_)):
                out.append(Action("swap", (open_[x] + 1, open_[y] + 1)))
        return out

    def _legal_equip(self, top: Decision) -> list[Action]:
        out = [Action("done")]
        ctx = self.ctx
        have = self._trophy_colours()
        for k, eid in enumerate(self.eq_kind):
            st = self.eq_state[k]
            eq = ctx.equipment(eid)
            label = ctx.eq_labels[k]
            if st == FACE_DOWN:
                if not self.affordable(ctx.eq_cost[eid], have):
                    continue
                if eq.kind == "potion":
                    if self._effect_usable(eq.effect, combat=False):
                        out.append(Action("potion", (label,)))
                elif eq.kind == "item" or self._effect_usable(eq.effect, combat=False):
                    out.append(Action("reveal", (label,)))
            elif st == REVEALED and eq.kind == "quest" and self.affordable(ctx.eq_cost[eid], have) \
                    and self._effect_usable(eq.effect, combat=False):
                out.append(Action("quest", (label,)))
        if self.affordable(self.ultimate_cost(), have):
            for adv in ctx.advs:
                if self._effect_usable(adv.ultimate, combat=False):
                    out.append(Action("ultimate", (adv.id,)))
        return out

    def _effect_usable(self, eff: Any, *, combat: bool, post: bool = False) -> bool:
        """Can an effect of a potion, quest, ultimate or temporary power do its work now?"""
        name: str = eff.effect
        cb = self.combat
        if name in ("add", "multiply", "replace_die", "reroll"):
            if not combat or cb is None:
                return False
            if name == "multiply":
                return cb.mult == 1
            if name == "reroll":
                return post
            if name == "replace_die":
                return post or cb.sides != eff.sides
            return True
        if name == "gain_courage":
            return True
        if name == "gain_mana":
            return 0 in self.mana
        if name == "mana_all":
            return True
        if name == "eliminate":
            return bool(self._elim_targets(eff.target))
        return name == "remove_tenacity"

    def _elim_targets(self, target: str) -> list[int]:
        """Face-up encounters an elimination may aim at (never the final monster, HIK-ABIL-08)."""
        return [c for c in range(3) if self.slot[c] >= 0 and not self.down[c] and self._matches(target, c)]

    def _combat_potions(self, post: bool) -> list[Action]:
        out: list[Action] = []
        ctx = self.ctx
        if FACE_DOWN not in self.eq_state:
            return out
        have = self._trophy_colours()
        for k, eid in enumerate(self.eq_kind):
            if self.eq_state[k] != FACE_DOWN:
                continue
            eq = ctx.equipment(eid)
            if eq.kind == "potion" and self.affordable(ctx.eq_cost[eid], have) and \
                    self._effect_usable(eq.effect, combat=True, post=post):
                out.append(Action("potion", (ctx.eq_labels[k],)))
        return out

    def _legal_attack(self, top: Decision) -> list[Action]:
        out = [Action("attack", (c + 1,)) for c in range(3) if self.slot[c] >= 0]
        if self.final_open():
            out.append(Action("attack", ("final",)))
        out.extend(self._combat_potions(False))
        return out

    def _temp_powers(self, post: bool) -> list[Action]:
        out = []
        for k, adv in enumerate(self.ctx.advs):
            if self.mana[k] and self._effect_usable(adv.power, combat=True, post=post):
                out.append(Action("power", (adv.id,)))
        return out

    def _legal_preroll(self, top: Decision) -> list[Action]:
        return [Action("roll"), *self._temp_powers(False), *self._combat_potions(False)]

    def _legal_postroll(self, top: Decision) -> list[Action]:
        cb = self.combat
        assert cb is not None
        out = [Action("resolve")]
        if cb.face == 1:
            for adv in self.ctx.advs:
                if adv.gift.effect == "reroll_on_one":
                    out.append(Action("gift", (adv.id,)))
        for k, eid in enumerate(self.eq_kind):
            if self.eq_state[k] == REVEALED and cb.face == 1 \
                    and self.ctx.equipment(eid).effect.effect == "reroll_on_one":
                out.append(Action("gift", (self.ctx.eq_labels[k],)))
        out.extend(self._temp_powers(True))
        out.extend(self._combat_potions(True))
        return out

    def _legal_dire(self, top: Decision) -> list[Action]:
        return [Action("dire"), Action("pass")]

    def _legal_guard(self, top: Decision) -> list[Action]:
        return [Action("pass"), *(Action("guard", (_corr(c),)) for c in self._guard_targets())]

    def _guard_targets(self) -> list[int]:
        out = [c for c in range(3) if self.slot[c] >= 0 and not self.down[c] and not self.ten[c]
               and not self.ctx.trap[self.slot[c]]]
        if self.ctx.opts.tenacity_on_final and not self.final_ten:
            out.append(FINAL)
        return out

    def _legal_place(self, top: Decision) -> list[Action]:
        c = top.data[0]
        out = [Action("place")]
        monster = not self.ctx.trap[self.slot[c]]
        if self.fear >= 1:
            out.append(Action("place", ("ambush",)))
        if monster and self.fear >= 2:
            out.append(Action("place", ("tenacity",)))
        if monster and self.fear >= 3:
            out.append(Action("place", ("ambush", "tenacity")))
        return out

    def _legal_mana(self, top: Decision) -> list[Action]:
        return [*(Action("mana", (a.id,)) for k, a in enumerate(self.ctx.advs) if not self.mana[k]),
                Action("mana", ("none",))]

    def _legal_pay(self, top: Decision) -> list[Action]:
        need = top.data
        col = self.ctx.colour
        return [Action("pay", (t,)) for t in self.trophies if need[col[t]] > 0]

    def _legal_target(self, top: Decision) -> list[Action]:
        what = top.data[0]
        if what == "mana":
            return [Action("target", (a.id,)) for k, a in enumerate(self.ctx.advs) if not self.mana[k]]
        return [Action("target", (c + 1,)) for c in self._elim_targets(top.data[1])]

    def _legal_brink(self, top: Decision) -> list[Action]:
        out = [Action("done")]
        ctx = self.ctx
        for k, eid in enumerate(self.eq_kind):
            eq = ctx.equipment(eid)
            if self.eq_state[k] == FACE_DOWN and eq.kind == "potion" and eq.effect.effect == "gain_courage" \
                    and self.affordable(eq.cost.as_tuple()):
                out.append(Action("potion", (ctx.eq_labels[k],)))
        return out

    def _legal_losemana(self, top: Decision) -> list[Action]:
        return [Action("lose-mana", (a.id,)) for k, a in enumerate(self.ctx.advs) if self.mana[k]]

    # ================================================================ apply
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        ev: list[Event] = []
        top = self.pending[-1]
        if top.kind == "rps":
            self._act_rps(seat, action, ev)
        else:
            self.pending.pop()
            _APPLY[top.kind](self, top, action, ev)
        self._run(ev)
        return ev

    def _act_construct(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if a.name == "swap":
            x, y = int(a.args[0]) - 1, int(a.args[1]) - 1
            self.piles[x], self.piles[y] = self.piles[y], self.piles[x]
            self.peek[x], self.peek[y] = self.peek[y], self.peek[x]
            ev.append(Event("swap", f"The dungeon master swaps the piles of corridors {x + 1} and {y + 1}."))
        else:
            ev.append(Event("keep", "The dungeon master keeps the piles as they are."))

    def _act_equip(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if a.name == "done":
            ev.append(Event("phase", "The equipment phase ends; combat phase."))
            return
        ctx = self.ctx
        front: list[Step] = []
        if a.name == "ultimate":
            k = ctx.adv_ids.index(str(a.args[0]))
            adv = ctx.advs[k]
            ev.append(Event("ultimate", f"{adv.name} uses the ultimate power: {adv.ultimate.text}"))
            front = [("pay", *self.ultimate_cost()), ("eff", "ult", k)]
        else:
            k = ctx.eq_labels.index(str(a.args[0]))
            front = self._use_equipment(k, a.name, ev)
        self.steps[0:0] = [*front, ("equip",)]

    def _use_equipment(self, k: int, how: str, ev: list[Event]) -> list[Step]:
        eq = self.ctx.equipment(self.eq_kind[k])
        label = self.ctx.eq_labels[k]
        if how == "quest":
            ev.append(Event("quest", f"The quest {eq.name} ({label}) is triggered again: {eq.effect.text}"))
        else:
            self.eq_state[k] = DISCARDED if eq.kind == "potion" else REVEALED
            verb = "drinks" if eq.kind == "potion" else "reveals"
            ev.append(Event("reveal", f"The group {verb} {eq.name} ({label}, {eq.kind}): {eq.effect.text}",
                            data={"slot": label, "card": eq.id}))
        steps: list[Step] = []
        cost = eq.cost.as_tuple()
        if any(cost):
            steps.append(("pay", *cost))
        if eq.kind != "item":
            steps.append(("eff", "eq", k))
        return steps

    def _act_pay(self, top: Decision, a: Action, ev: list[Event]) -> None:
        t = int(a.args[0])
        need = list(top.data)
        self._spend(t, ev)
        need[self.ctx.colour[t]] -= 1
        if any(need):
            self.steps.insert(0, ("pay", *need))

    def _spend(self, t: int, ev: list[Event]) -> None:
        self.trophies.remove(t)
        self.spent.append(t)
        info = self.ctx.card_info[t]
        ev.append(Event("pay", f"The group discards {info['name']} ({info['colour']}) to pay.", data={"card": t}))

    def _act_target(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if top.data[0] == "mana":
            k = self.ctx.adv_ids.index(str(a.args[0]))
            self.mana[k] = 1
            ev.append(Event("mana", f"{self.ctx.advs[k].name} gains a Mana token."))
        else:
            self._eliminate(int(a.args[0]) - 1, ev)

    def _eliminate(self, c: int, ev: list[Event]) -> None:
        i = self.slot[c]
        ev.append(Event("eliminate", f"{self.ctx.card_info[i]['name']} (corridor {c + 1}) is eliminated and won."))
        self._take(c, in_combat=False)

    def _take(self, c: int, *, in_combat: bool) -> None:
        """The encounter of corridor ``c`` is defeated: the group keeps it; Bodyguard, replacement, Mana."""
        ctx = self.ctx
        i = self.slot[c]
        self.trophies.append(i)
        self.slot[c] = -1
        self.ten[c] = False
        self.down[c] = False
        self.marks[c] = 0
        front: list[Step] = []
        if ctx.bodyguard[i]:
            front.append(("guard",))
        front.append(("replace", c, 1 if in_combat else 0))
        if ctx.mana_icon[i]:
            front.append(("mana",))
        self.steps[0:0] = front

    def _act_attack(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if a.name == "potion":
            k = self.ctx.eq_labels.index(str(a.args[0]))
            self.steps[0:0] = [*self._use_equipment(k, "potion", ev), ("combat",)]
            return
        ctx = self.ctx
        arg = a.args[0]
        c = FINAL if arg == "final" else int(arg) - 1
        if c == FINAL:
            cb = Combat(FINAL, -1, sum(self.mana))
            self.combat = cb
            ev.append(Event("attack", f"The group attacks the final monster, {ctx.final.name} "
                                      f"(Power {self.power_of(FINAL, 0, cb.m_start)})."))
            self.steps.insert(0, ("preroll",))
            return
        i = self.slot[c]
        cb = Combat(c, i, sum(self.mana))
        self.combat = cb
        name = ctx.card_info[i]["name"]
        if self.down[c]:
            self.down[c] = False
            ev.append(Event("reveal-card", f"The face-down card of corridor {c + 1} is turned face up: {name}.",
                            data={"corridor": c + 1, "card": ctx.deck[i]}))
        if self.rps_fight(c):
            ev.append(Event("attack", f"The group attacks {name} (corridor {c + 1}), a Greenskin: "
                                      "rock/paper/scissors!"))
            self.rps = ["", ""]
            self.steps.insert(0, ("rps",))
            return
        if ctx.die[i]:
            cb.pdie = self.rng.roll(6)
            ev.append(Event("power-die", f"{name}'s Power die: {cb.pdie}."))
            if cb.pdie == 1 and ctx.opts.fear_on_power_die and not ctx.solo:
                self._gain_fear(1, ev, "a 1 on the Power die")
        ev.append(Event("attack", f"The group attacks {name} (corridor {c + 1}, Power {self.combat_power()})."))
        self.steps.insert(0, ("preroll",))

    def _act_rps(self, seat: Seat, a: Action, ev: list[Event]) -> None:
        idx = 0 if seat == ADV else 1
        self.rps[idx] = str(a.args[0])
        ev.append(Event("rps-choice", f"{seat} has chosen."))
        if self.rps[0] and self.rps[1]:
            self.pending.pop()
            adv, dm = self.rps
            r = rps_winner(adv, dm)
            win = r >= 0
            tie = " (a tie goes to the adventurers)" if r == 0 else ""
            ev.append(Event("rps", f"Rock/paper/scissors: the adventurers show {adv}, the dungeon master {dm}: "
                                   f"the {'adventurers win' if win else 'dungeon wins'}{tie}.",
                            data={"adventurers": adv, "dungeon": dm}))
            self.rps = ["", ""]
            self._finish_combat(win, ev)

    def _new_result(self, ev: list[Event], why: str) -> None:
        cb = self.combat
        assert cb is not None
        cb.face = self.rng.roll(cb.sides)
        cb.rolls += 1
        ev.append(Event("roll", f"{why}: 1d{cb.sides} = {cb.face}.", data={"sides": cb.sides, "face": cb.face}))
        if cb.face == 1 and not self.ctx.solo:
            self._gain_fear(1, ev, "a 1 is rolled")

    def _act_preroll(self, top: Decision, a: Action, ev: list[Event]) -> None:
        cb = self.combat
        assert cb is not None
        if a.name == "roll":
            self._new_result(ev, "The group rolls")
            self.steps[0:0] = [("dire",), ("postroll",)]
            return
        if a.name == "power":
            self._temp_power(str(a.args[0]), post=False, ev=ev)
            self.steps.insert(0, ("preroll",))
            return
        k = self.ctx.eq_labels.index(str(a.args[0]))
        self.steps[0:0] = [*self._use_equipment(k, "potion", ev), ("preroll",)]

    def _act_postroll(self, top: Decision, a: Action, ev: list[Event]) -> None:
        cb = self.combat
        assert cb is not None
        if a.name == "resolve":
            self._resolve(ev)
            return
        if a.name == "gift":
            who = str(a.args[0])
            name = (self.ctx.advs[self.ctx.adv_ids.index(who)].name if who in self.ctx.adv_ids
                    else self.ctx.equipment(self.eq_kind[self.ctx.eq_labels.index(who)]).name)
            self._new_result(ev, f"{name}'s gift rerolls the 1")
            self.steps[0:0] = [("dire",), ("postroll",)]
            return
        if a.name == "power":
            rerolled = self._temp_power(str(a.args[0]), post=True, ev=ev)
            self.steps[0:0] = [("dire",), ("postroll",)] if rerolled else [("postroll",)]
            return
        k = self.ctx.eq_labels.index(str(a.args[0]))
        self.steps[0:0] = [*self._use_equipment(k, "potion", ev), ("postroll",)]

    def _temp_power(self, who: str, *, post: bool, ev: list[Event]) -> bool:
        """Spend an adventurer's Mana for its temporary power; True if it made a new die result."""
        k = self.ctx.adv_ids.index(who)
        adv = self.ctx.advs[k]
        self.mana[k] = 0
        ev.append(Event("power", f"{adv.name} spends a Mana token: {adv.power.text}"))
        return self._combat_effect(adv.power, post, ev, adv.name)

    def _combat_effect(self, eff: Any, post: bool, ev: list[Event], who: str) -> bool:
        cb = self.combat
        assert cb is not None
        name = eff.effect
        if name == "add":
            cb.bonus += eff.value
        elif name == "multiply":
            cb.mult = eff.factor
        elif name == "replace_die":
            # a new die, not something applied to a result: Dire fate may strike what it rolls
            cb.sides = eff.sides
            if not post:
                return False
            # a new roll: the multiplier goes (and with it what applied it), the bonuses stay (HIK-R13)
            cb.mult = 1
            cb.applied = [x for x in cb.applied if x[1] != "mult"]
            self._new_result(ev, f"{who} cancels the roll and rolls")
            return True
        elif name == "reroll":
            self._new_result(ev, f"{who} rerolls")
            return True
        if name in ("add", "multiply"):
            cb.applied.append((who, "mult" if name == "multiply" else "bonus", not post))
        if cb.face:
            ev.append(Event("total", f"Combat total now {self.combat_total()} against Power {self.combat_power()}."))
        return False

    def result_locked(self) -> bool:
        """Has a power or potion been applied to the current die result, so that Dire fate may no longer
        strike it (HIK-FEAR-11, HIK-R16)? What was used before the first roll does not count under the
        option ``dire_after_preroll``."""
        cb = self.combat
        if cb is None:
            return False
        early_ok = self.ctx.opts.dire_after_preroll
        return any(not (before and early_ok) for _, _, before in cb.applied)

    def _act_dire(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if a.name == "pass":
            ev.append(Event("dire", "The dungeon master lets the result stand (no Dire fate)."))
            return
        self.fear -= 3
        ev.append(Event("dire", "The dungeon master spends 3 Fear tokens: Dire fate! The die must be rerolled."))
        self._new_result(ev, "The group rerolls")
        self.steps.insert(0, ("dire",))

    def _resolve(self, ev: list[Event]) -> None:
        cb = self.combat
        assert cb is not None
        total, power = self.combat_total(), self.combat_power()
        win = total >= power
        parts = f"{cb.face}" + (f"×{cb.mult}" if cb.mult != 1 else "")
        extra = cb.bonus + self.standing_bonus(cb.target)
        if extra:
            parts += f" {'+' if extra > 0 else '-'} {abs(extra)}"
        ev.append(Event("result", f"Final result {parts} = {total} against Power {power}: "
                                  f"{'victory' if win else 'defeat'}.", data={"total": total, "power": power}))
        self._finish_combat(win, ev)

    def _finish_combat(self, win: bool, ev: list[Event]) -> None:
        cb = self.combat
        assert cb is not None
        self.combat = None
        c = cb.target
        ctx = self.ctx
        if c == FINAL:
            if win:
                self.lich_dead = True
                ev.append(Event("final", f"{ctx.final.name} is killed!"))
            else:
                ev.append(Event("defeat", "The group withdraws to bind its wounds."))
                self._lose_courage(1, ev)
            return
        i = cb.card
        name = ctx.card_info[i]["name"]
        loss = 2 if ctx.pain[i] else 1
        if loss > 1:
            loss = max(1, loss - self._pain_reduction())
        if win:
            ev.append(Event("defeated", f"{name} is defeated; the group keeps it."))
            self._take(c, in_combat=True)
        elif ctx.trap[i]:
            ev.append(Event("trap", f"The trap {name} is overcome all the same and kept, but the group loses Courage."))
            self._take(c, in_combat=True)
            self._lose_courage(loss, ev)
        else:
            ev.append(Event("defeat", f"The group withdraws from {name} to bind its wounds; the card stays."))
            self._lose_courage(loss, ev)

    def _lose_courage(self, n: int, ev: list[Event]) -> None:
        lost = min(n, self.courage)
        self.courage -= lost
        ev.append(Event("courage", f"The group loses {lost} Courage token{'s' if lost != 1 else ''} "
                                   f"({self.courage} left)."))
        if lost:
            self._gain_fear(lost, ev, "Courage lost")
        if self.courage <= 0 and FACE_DOWN in self.eq_state and not self.result:
            self.steps.insert(0, ("brink",))

    def _gain_fear(self, n: int, ev: list[Event], why: str) -> None:
        for _ in range(n):
            self.fear += 1
            ev.append(Event("fear", f"The dungeon gains a Fear token ({why}): {self.fear}."))
            if self.ctx.solo:
                self._destiny(self.fear, ev)
                if self.result:
                    return

    # ---------------------------------------------------------------- solitaire Destiny scale
    def _destiny(self, n: int, ev: list[Event]) -> None:
        sc = self.ctx.scenario
        assert sc is not None
        line = sc.lines.get(n)
        if line is None:
            return
        permanent = n in self.ctx.permanent
        ev.append(Event("destiny", f"Destiny {n}: {line.text}" + (" (permanent)" if permanent else ""),
                        data={"line": n}))
        eff = line.effect
        if eff == "lich_wins":
            self.result = DM
            self.reason = f"Destiny {n}: the Lich wins the game"
            self.steps.clear()
            self.pending.clear()
            self.combat = None
        elif eff == "lose_mana":
            if any(self.mana):
                self.steps.insert(0, ("losemana",))
        elif eff == "tenacity_all":
            self._tenacity_all(ev)
            if permanent:
                self.perm_ten[0] = 1
        elif eff == "tenacity_weakest":
            self._tenacity_weakest(ev)
            if permanent:
                self.perm_ten[1] = 1
        elif eff == "bonus":
            assert line.target is not None
            t = BONUS_TARGETS.index(line.target)
            if permanent:
                self.perm[t] += line.value
            else:
                self._mark(line.target, line.value)

    def _mark(self, target: str, value: int) -> None:
        """A one-shot Destiny bonus: the cards in play now keep it while they stay."""
        ctx = self.ctx
        if target in ("final", "all"):
            self.final_mark += value
            if target == "final":
                return
        for c in range(3):
            i = self.slot[c]
            if i < 0:
                continue
            fam = ctx.family[i]
            hit = (target == "all" or (target == "central" and c == 1) or (target == "outer" and c != 1)
                   or (target == "greenskin" and fam == GREENSKIN) or (target == "undead" and fam == UNDEAD)
                   or (target == "demon" and fam == DEMON) or (target == "sons" and ctx.son[i]))
            if hit:
                self.marks[c] += value
        if target in ("undead", "demon", "greenskin"):
            fam_t = {"undead": UNDEAD, "demon": DEMON, "greenskin": GREENSKIN}[target]
            if ctx.final_family == fam_t:
                self.final_mark += value

    def _tenacity_all(self, ev: list[Event]) -> None:
        for c in range(3):
            if self.slot[c] >= 0 and self.is_monster(c) and not self.ten[c]:
                self.ten[c] = True
                ev.append(Event("tenacity", f"A Tenacity token is placed on {self._name(c)} (corridor {c + 1})."))
        if self.ctx.opts.tenacity_on_final and not self.final_ten:
            self.final_ten = True
            ev.append(Event("tenacity", f"A Tenacity token is placed on {self.ctx.final.name}."))

    def _tenacity_weakest(self, ev: list[Event]) -> None:
        cands = [c for c in range(3) if self.slot[c] >= 0 and self.is_monster(c)]
        if self.ctx.opts.tenacity_on_final:
            cands.append(FINAL)
        if not cands:
            return
        low = min(self.rank_power(c) for c in cands)
        for c in cands:
            if self.rank_power(c) == low:
                if c == FINAL:
                    if not self.final_ten:
                        self.final_ten = True
                        ev.append(Event("tenacity", f"A Tenacity token is placed on {self.ctx.final.name}."))
                elif not self.ten[c]:
                    self.ten[c] = True
                    ev.append(Event("tenacity", f"A Tenacity token is placed on {self._name(c)} (corridor {c + 1})."))

    def _name(self, c: int) -> str:
        if c == FINAL:
            return self.ctx.final.name
        return str(self.ctx.card_info[self.slot[c]]["name"])

    # ---------------------------------------------------------------- other decisions
    def _act_guard(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if a.name == "pass":
            ev.append(Event("guard", "The dungeon master places no Bodyguard Tenacity token."))
            return
        c = FINAL if a.args[0] == "final" else int(a.args[0]) - 1
        self._put_tenacity(c, ev, "Bodyguard")

    def _put_tenacity(self, c: int, ev: list[Event], why: str) -> None:
        if c == FINAL:
            self.final_ten = True
        else:
            self.ten[c] = True
        ev.append(Event("tenacity", f"{why}: a Tenacity token is placed on {self._name(c)}"
                                    + ("" if c == FINAL else f" (corridor {c + 1})") + "."))

    def _act_place(self, top: Decision, a: Action, ev: list[Event]) -> None:
        c = top.data[0]
        ambush = "ambush" in a.args
        tenacity = "tenacity" in a.args
        cost = (1 if ambush else 0) + (2 if tenacity else 0)
        self.fear -= cost
        self.down[c] = ambush
        self.ten[c] = tenacity
        name = self._name(c)
        if ambush:
            ev.append(Event("ambush", f"Ambush! The new card of corridor {c + 1} is placed face down"
                                      + (" with a Tenacity token" if tenacity else "") + f" ({cost} Fear)."))
            ev.append(Event("ambush-card", f"(You placed {name} face down.)", seats=(DM,)))
        else:
            ev.append(Event("new-card", f"New encounter in corridor {c + 1}: {name}"
                                        + (f", made tenacious ({cost} Fear)" if tenacity else "") + ".",
                            data={"corridor": c + 1, "card": self.ctx.deck[self.slot[c]]}))

    def _act_mana(self, top: Decision, a: Action, ev: list[Event]) -> None:
        who = str(a.args[0])
        if who == "none":
            ev.append(Event("mana", "The group takes no Mana token."))
            return
        k = self.ctx.adv_ids.index(who)
        self.mana[k] = 1
        ev.append(Event("mana", f"{self.ctx.advs[k].name} gains a Mana token."))

    def _act_brink(self, top: Decision, a: Action, ev: list[Event]) -> None:
        if a.name == "done":
            return
        k = self.ctx.eq_labels.index(str(a.args[0]))
        self.steps[0:0] = self._use_equipment(k, "potion", ev)

    def _act_losemana(self, top: Decision, a: Action, ev: list[Event]) -> None:
        k = self.ctx.adv_ids.index(str(a.args[0]))
        self.mana[k] = 0
        ev.append(Event("mana", f"{self.ctx.advs[k].name} loses a Mana token."))

    # ================================================================ steps
    def _run(self, ev: list[Event]) -> None:
        """Run steps until one needs a decision or the game ends."""
        steps = self.steps
        while not self.result and not self.pending:
            if not steps:
                raise AssertionError("hero-ik: no step left and nobody to move")
            step = steps.pop(0)
            _STEPS[step[0]](self, step, ev)

    def _step_construct(self, step: Step, ev: list[Event]) -> None:
        if self.ctx.solo:
            return
        seen = []
        for c in range(3):
            if self.piles[c]:
                self.peek[c] = True
                seen.append(f"pile {c + 1}: {self.ctx.card_info[self.piles[c][-1]]['name']}")
        ev.append(Event("phase", f"Turn {self.turn}: construction phase."))
        if seen:
            ev.append(Event("peek", "You look at the top cards: " + "; ".join(seen) + ".", seats=(DM,)))
        self.pending.append(Decision(DM, "construct"))

    def _step_equip(self, step: Step, ev: list[Event]) -> None:
        if FACE_DOWN in self.eq_state or self.affordable(self.ultimate_cost()) or any(
                st == REVEALED and self.ctx.equipment(self.eq_kind[k]).kind == "quest"
                for k, st in enumerate(self.eq_state)):
            self.pending.append(Decision(ADV, "equip"))

    def _step_combat(self, step: Step, ev: list[Event]) -> None:
        self.pending.append(Decision(ADV, "attack"))

    def _step_rps(self, step: Step, ev: list[Event]) -> None:
        self.pending.append(Decision(ADV, "rps"))

    def _step_preroll(self, step: Step, ev: list[Event]) -> None:
        ctx = self.ctx
        if FACE_DOWN in self.eq_state or any(self.mana[k] and self._effect_usable(a.power, combat=True)
                                             for k, a in enumerate(ctx.advs)):
            self.pending.append(Decision(ADV, "preroll"))
        else:
            self._new_result(ev, "The group rolls")
            self.steps[0:0] = [("dire",), ("postroll",)]

    def _step_dire(self, step: Step, ev: list[Event]) -> None:
        cb = self.combat
        if not self.ctx.solo and cb is not None and self.fear >= 3 and not self.result_locked():
            self.pending.append(Decision(DM, "dire"))

    def _step_postroll(self, step: Step, ev: list[Event]) -> None:
        self.pending.append(Decision(ADV, "postroll"))

    def _step_guard(self, step: Step, ev: list[Event]) -> None:
        if not self.ctx.solo:
            if self._guard_targets():
                self.pending.append(Decision(DM, "guard"))
            return
        # Annex III: the monster in play with the lowest Power that has no Tenacity token yet
        cands = [c for c in range(3) if self.slot[c] >= 0 and self.is_monster(c) and not self.ten[c]]
        if self.ctx.opts.tenacity_on_final and not self.final_ten:
            cands.append(FINAL)
        if not cands:
            ev.append(Event("guard", "Bodyguard: every monster in play has a Tenacity token; nothing happens."))
            return
        low = min(self.rank_power(c) for c in cands)
        ties = [c for c in cands if self.rank_power(c) == low]
        c = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        self._put_tenacity(c, ev, "Bodyguard")

    def _step_replace(self, step: Step, ev: list[Event]) -> None:
        c, in_combat = step[1], step[2]
        pile = self.piles[c]
        if not pile:
            ev.append(Event("empty", f"Corridor {c + 1} has no more cards."
                                     + (" The path to the final monster is clear!" if self.final_open() else "")))
            return
        i = pile.pop()
        self.peek[c] = False
        self.slot[c] = i
        self.ten[c] = False
        self.marks[c] = 0
        ctx = self.ctx
        if not ctx.solo and in_combat and self.fear >= 1:
            self.down[c] = True  # the dungeon master sees it and decides how to place it
            ev.append(Event("draw", f"You draw {ctx.card_info[i]['name']} for corridor {c + 1}.", seats=(DM,)))
            self.pending.append(Decision(DM, "place", (c,)))
            return
        self.down[c] = False
        ev.append(Event("new-card", f"New encounter in corridor {c + 1}: {ctx.card_info[i]['name']}.",
                        data={"corridor": c + 1, "card": ctx.deck[i]}))
        if ctx.solo:
            self._solo_enter(c, ev)

    def _solo_enter(self, c: int, ev: list[Event]) -> None:
        ctx = self.ctx
        i = self.slot[c]
        if ctx.ferocious[i] and not self.ten[c]:
            self._put_tenacity(c, ev, "Ferocious")
        if self.perm_ten[0] and not self.ten[c] and not ctx.trap[i]:
            self._put_tenacity(c, ev, "Destiny")
        if self.perm_ten[1]:
            self._tenacity_weakest(ev)

    def _step_mana(self, step: Step, ev: list[Event]) -> None:
        if 0 in self.mana:
            self.pending.append(Decision(ADV, "mana"))

    def _step_pay(self, step: Step, ev: list[Event]) -> None:
        need = list(step[1:])
        if not any(need):
            return
        # a colour whose cards must all go is paid at once; the player chooses among the others
        have = self._trophy_colours()
        col = self.ctx.colour
        forced = [k for k, n in enumerate(need) if n and have[k] == n]
        if forced:
            for t in [t for t in self.trophies if col[t] in forced]:
                self._spend(t, ev)
            for k in forced:
                need[k] = 0
        if any(need):
            self.pending.append(Decision(ADV, "pay", tuple(need)))

    def _step_eff(self, step: Step, ev: list[Event]) -> None:
        src, k = step[1], step[2]
        ctx = self.ctx
        if src == "ult":
            eff: Any = ctx.advs[k].ultimate
            who = ctx.advs[k].name
        else:
            eff = ctx.equipment(self.eq_kind[k]).effect
            who = ctx.equipment(self.eq_kind[k]).name
        name = eff.effect
        if name == "gain_courage":
            before = self.courage
            self.courage = min(10, self.courage + eff.value)
            ev.append(Event("courage", f"The group gains {self.courage - before} Courage "
                                       f"({self.courage}; at most 10)."))
        elif name == "mana_all":
            self.mana = [1] * ctx.n_adv
            ev.append(Event("mana", "Every adventurer now has a Mana token."))
        elif name == "gain_mana":
            if 0 in self.mana:
                self.pending.append(Decision(ADV, "target", ("mana",)))
        elif name == "eliminate":
            if self._elim_targets(eff.target):
                self.pending.append(Decision(ADV, "target", ("eliminate", eff.target)))
        elif name == "remove_tenacity":
            self.ten = [False, False, False]
            if src != "ult":
                self.final_ten = False
            # an ultimate power does not work on the final monster (HIK-ABIL-08): its token stays
            kept = " (the final monster keeps its own)" if src == "ult" and self.final_ten else ""
            ev.append(Event("tenacity", f"Every Tenacity token is removed from the dungeon{kept}."))
        else:
            post = self.combat is not None and self.combat.face > 0
            if self._combat_effect(eff, post, ev, who):
                self.steps.insert(0, ("dire",))

    def _step_brink(self, step: Step, ev: list[Event]) -> None:
        if self.courage <= 0 and any(a.name == "potion" for a in self._legal_brink(Decision(ADV, "brink"))):
            self.pending.append(Decision(ADV, "brink"))

    def _step_losemana(self, step: Step, ev: list[Event]) -> None:
        if any(self.mana):
            self.pending.append(Decision(ADV, "losemana"))

    def _step_endturn(self, step: Step, ev: list[Event]) -> None:
        if self.courage <= 0:
            self.result = DM
            self.reason = "the group is demoralised: no Courage left"
            ev.append(Event("end", "The group has no Courage left: the adventurers have lost."))
            return
        if self.lich_dead:
            self.result = ADV
            self.reason = f"{self.ctx.final.name} is killed"
            ev.append(Event("end", f"{self.ctx.final.name} is killed with Courage to spare: the adventurers win!"))
            return
        self.turn += 1
        self.steps[0:0] = new_turn_steps()

    # ================================================================ information
    def view(self, seat: Seat | None) -> JSON:
        ctx = self.ctx
        dm = seat == DM and not ctx.solo
        adv = seat == ADV
        corridors = []
        for c in range(3):
            i = self.slot[c]
            enc: JSON | None
            if i < 0:
                enc = None
            elif self.down[c] and not dm:
                enc = {"face_down": True, "tenacity": self.ten[c]}
            else:
                enc = dict(ctx.card_info[i])
                enc.update(face_down=self.down[c], tenacity=self.ten[c], n=i)
                if self.marks[c]:
                    enc["destiny_bonus"] = self.marks[c]
                fighting = self.combat is not None and self.combat.target == c
                power: int | str
                if self.rps_fight(c):
                    power = "rock/paper/scissors"
                else:
                    power = self.power_of(c, self.combat.pdie if self.combat and fighting else 0,
                                          self.combat.m_start if self.combat else None)
                    if ctx.die[i] and not fighting:  # not rolled yet
                        power = f"1d{ctx.die[i]}" + (f"+{power}" if power > 0 else f"{power}" if power else "")
                enc["current_power"] = power
            doc: JSON = {"n": c + 1, "pile": len(self.piles[c]), "encounter": enc,
                         "empty": self.corridor_empty(c)}
            if dm and self.peek[c] and self.piles[c]:
                doc["pile_top"] = dict(ctx.card_info[self.piles[c][-1]])
            corridors.append(doc)
        equipment = []
        for k, eid in enumerate(self.eq_kind):
            st = self.eq_state[k]
            e: JSON = {"slot": ctx.eq_labels[k], "state": EQ_STATES[st]}
            if st != FACE_DOWN or adv:
                eq = ctx.equipment(eid)
                e.update(id=eid, name=eq.name, kind=eq.kind, cost=_cost_doc(eq.cost.as_tuple()), text=eq.effect.text)
            equipment.append(e)
        top = self.pending[-1] if self.pending and not self.result else None
        decision: JSON | None = None
        if top is not None:
            decision = {"kind": top.kind, "seat": top.seat, "text": DECISION_TEXT.get(top.kind, top.kind)}
            if top.kind == "pay":
                decision["cost"] = _cost_doc(top.data)
            elif top.kind == "place":
                decision["corridor"] = top.data[0] + 1
            elif top.kind == "target":
                decision["what"] = top.data[0]
        view: JSON = {
            "mode": ctx.setup["mode"], "turn": self.turn, "phase": self.phase(),
            "to_move": list(self.to_move()), "decision": decision,
            "courage": self.courage, "fear": self.fear,
            "adventurers": [{"id": a.id, "name": a.name, "type": a.type, "gender": a.gender, "mana": self.mana[k],
                             "gift": a.gift.text, "power": a.power.text, "ultimate": a.ultimate.text}
                            for k, a in enumerate(ctx.advs)],
            "equipment": equipment,
            "corridors": corridors,
            "final": {"id": ctx.final.id, "name": ctx.final.name, "family": ctx.final.family,
                      "power": ctx.final.power, "current_power": self.power_of(FINAL, 0),
                      "open": self.final_open(), "tenacity": self.final_ten, "killed": self.lich_dead},
            "trophies": [{"n": t, "id": ctx.deck[t], "name": ctx.card_info[t]["name"],
                          "colour": ctx.card_info[t]["colour"], "mana": ctx.card_info[t]["mana"]}
                         for t in self.trophies],
            "spent": len(self.spent),
            "combat": self._combat_view(),
            "ultimate_cost": _cost_doc(self.ultimate_cost()),
        }
        if not ctx.solo:
            mine = 0 if adv else 1 if dm else -1
            view["rps"] = {s: ((p or None) if k == mine else ("chosen" if p else None))
                           for k, (s, p) in enumerate(zip(self.seats, self.rps, strict=True))}
        if ctx.scenario is not None:
            sc = ctx.scenario
            view["scenario"] = {"id": ctx.scenario_id, "name": sc.name, "permanent": sorted(ctx.permanent),
                                "next_line": self.fear + 1 if self.fear + 1 in sc.lines else None,
                                "bonuses": {t: v for t, v in zip(BONUS_TARGETS, self.perm, strict=True) if v}}
        if self.result:
            out = self.outcome()
            assert out is not None
            view["outcome"] = out.to_json()
        return view

    def _combat_view(self) -> JSON | None:
        cb = self.combat
        if cb is None:
            return None
        c = cb.target
        doc: JSON = {"corridor": _corr(c), "card": self.ctx.final.id if c == FINAL else self.ctx.deck[cb.card],
                     "name": self.ctx.final.name if c == FINAL else self.ctx.card_info[cb.card]["name"],
                     "m_start": cb.m_start, "die": cb.sides, "face": cb.face, "multiplier": cb.mult,
                     "bonus": cb.bonus, "applied": [x[0] for x in cb.applied], "locked": self.result_locked()}
        if self.rps_fight(c):
            doc["rps"] = True
            return doc
        doc["power"] = self.combat_power()
        if cb.pdie:
            doc["power_die"] = cb.pdie
        doc["standing_bonus"] = self.standing_bonus(c)
        doc["add"] = cb.bonus + doc["standing_bonus"]   # what is added to face x multiplier
        if cb.face:
            doc["total"] = self.combat_total()
        return doc

    def phase(self) -> str:
        if self.result:
            return "over"
        for st in [*(d.kind for d in self.pending), *(s[0] for s in self.steps)]:
            if st == "construct":
                return "construction"
            if st in ("equip",):
                return "equipment"
            if st in ("attack", "combat", "preroll", "postroll", "dire", "rps", "guard", "place", "mana", "brink",
                      "losemana"):
                return "combat"
            if st == "endturn":
                return "combat"
        return "equipment"

    def to_json(self) -> JSON:
        ctx = self.ctx
        return {
            "game": "hero-ik", "seats": list(self.seats), "setup": ctx.setup, "rng": self.rng.to_json(),
            "deck": list(ctx.deck), "turn": self.turn, "phase": self.phase(),
            "piles": [list(p) for p in self.piles], "slot": list(self.slot), "down": list(self.down),
            "ten": list(self.ten), "peek": list(self.peek), "marks": list(self.marks),
            "final_ten": self.final_ten, "final_mark": self.final_mark,
            "encounters": [ctx.deck[i] if i >= 0 else None for i in self.slot],
            "trophies": list(self.trophies), "trophy_ids": [ctx.deck[t] for t in self.trophies],
            "spent": list(self.spent), "courage": self.courage, "fear": self.fear, "mana": list(self.mana),
            "equipment": [{"slot": ctx.eq_labels[k], "id": e, "state": EQ_STATES[self.eq_state[k]]}
                          for k, e in enumerate(self.eq_kind)],
            "combat": self.combat.to_json() if self.combat else None,
            "rps": list(self.rps), "perm": list(self.perm), "perm_ten": list(self.perm_ten),
            "steps": [list(s) for s in self.steps],
            "pending": [[d.seat, d.kind, list(d.data)] for d in self.pending],
            "lich_dead": self.lich_dead, "result": self.result, "reason": self.reason,
        }

    def clone(self) -> HikState:
        return HikState(self.ctx, self.rng.copy(), self)

    def _copy(self, o: HikState) -> None:
        self.pending, self._legal, self.turn = list(o.pending), o._legal, o.turn
        p = o.piles
        self.piles = [p[0][:], p[1][:], p[2][:]]
        self.slot, self.down, self.ten, self.peek, self.marks = o.slot[:], o.down[:], o.ten[:], o.peek[:], o.marks[:]
        self.final_ten, self.final_mark = o.final_ten, o.final_mark
        self.trophies, self.spent = o.trophies[:], o.spent[:]
        self.courage, self.fear, self.mana = o.courage, o.fear, o.mana[:]
        self.eq_kind, self.eq_state = o.eq_kind[:], o.eq_state[:]
        self.combat = o.combat.copy() if o.combat is not None else None
        self.rps, self.perm, self.perm_ten, self.steps = o.rps[:], o.perm[:], o.perm_ten[:], o.steps[:]
        self.lich_dead, self.result, self.reason = o.lich_dead, o.result, o.reason

    def chance_key(self) -> tuple[Any, ...]:
        """What chance has shown, publicly, that the next decision may turn on (for closed-loop
        search): the face-up encounters (a card drawn or revealed; face-down ones count as -1) and,
        in a combat, the die face, the card's Power die and how many results were rolled; outside
        a combat the Courage left and the trophies held (how a rock/paper/scissors fight ended)."""
        slot, down = self.slot, self.down
        enc = (slot[0] if not down[0] else -1, slot[1] if not down[1] else -1, slot[2] if not down[2] else -1)
        cb = self.combat
        if cb is None:
            return (enc, self.courage, len(self.trophies))
        return (enc, cb.face, cb.pdie, cb.rolls)

    def determinize(self, seat: Seat, rng: Rng) -> HikState:
        """Resample what ``seat`` cannot see: for the adventurers the piles and face-down encounters
        (and the dungeon master's rock/paper/scissors pick); for the dungeon master the piles below
        what he looked at, the face-down equipment and the adventurers' pick."""
        s = self.clone()
        ctx = self.ctx
        if seat == ADV:
            hidden_enc = [c for c in range(3) if s.slot[c] >= 0 and s.down[c]]
            # the pool in a canonical order, so that the result depends only on what the seat knows
            pool = sorted([i for c in range(3) for i in s.piles[c]] + [s.slot[c] for c in hidden_enc])
            rng.shuffle(pool)
            # face-down encounters carrying a Tenacity token are monsters
            for c in hidden_enc:
                need_monster = s.ten[c]
                k = next((j for j, i in enumerate(pool) if not need_monster or not ctx.trap[i]), 0)
                s.slot[c] = pool.pop(k)
            pos = 0
            for c in range(3):
                n = len(s.piles[c])
                s.piles[c] = pool[pos:pos + n]
                pos += n
            if s.rps[1] and not ctx.solo:
                s.rps[1] = RPS[rng.below(3)]
        elif seat == DM:
            unknown = [(c, j) for c in range(3) for j in range(len(s.piles[c]) - (1 if s.peek[c] else 0))]
            pool = sorted(s.piles[c][j] for c, j in unknown)
            rng.shuffle(pool)
            for (c, j), i in zip(unknown, pool, strict=True):
                s.piles[c][j] = i
            everything = sorted(ctx.cards.equipment)
            for k in range(len(s.eq_kind)):
                if s.eq_state[k] == FACE_DOWN:
                    s.eq_kind[k] = everything[rng.below(len(everything))]
            if s.rps[0]:
                s.rps[0] = RPS[rng.below(3)]
        s.rng = Rng(rng.below(2**63))
        s._legal = None
        return s


def new_turn_steps() -> list[Step]:
    return [("construct",), ("equip",), ("combat",), ("endturn",)]


def _cost_doc(cost: tuple[int, ...]) -> JSON:
    return {c: n for c, n in zip(COLOURS, cost, strict=True) if n}


_LEGAL: dict[str, Any] = {
    "construct": HikState._legal_construct, "equip": HikState._legal_equip, "attack": HikState._legal_attack,
    "preroll": HikState._legal_preroll, "postroll": HikState._legal_postroll, "dire": HikState._legal_dire,
    "guard": HikState._legal_guard, "place": HikState._legal_place, "mana": HikState._legal_mana,
    "pay": HikState._legal_pay, "target": HikState._legal_target, "brink": HikState._legal_brink,
    "losemana": HikState._legal_losemana,
}
_APPLY: dict[str, Any] = {
    "construct": HikState._act_construct, "equip": HikState._act_equip, "attack": HikState._act_attack,
    "preroll": HikState._act_preroll, "postroll": HikState._act_postroll, "dire": HikState._act_dire,
    "guard": HikState._act_guard, "place": HikState._act_place, "mana": HikState._act_mana,
    "pay": HikState._act_pay, "target": HikState._act_target, "brink": HikState._act_brink,
    "losemana": HikState._act_losemana,
}
_STEPS: dict[str, Any] = {
    "construct": HikState._step_construct, "equip": HikState._step_equip, "combat": HikState._step_combat,
    "rps": HikState._step_rps, "preroll": HikState._step_preroll, "dire": HikState._step_dire,
    "postroll": HikState._step_postroll, "guard": HikState._step_guard, "replace": HikState._step_replace,
    "mana": HikState._step_mana, "pay": HikState._step_pay, "eff": HikState._step_eff,
    "brink": HikState._step_brink, "losemana": HikState._step_losemana, "endturn": HikState._step_endturn,
}
