"""The rules of Hero: Immortal King as pure state transitions: the position (:class:`HikState`) and
the rules' effects it is made of (Powers, costs, combat results, Courage, Fear, the Destiny scale).

A turn is a queue of *steps* (:mod:`.model`), each run by its handler in :data:`.steps.STEPS`
(:meth:`HikState._run`), until one needs a choice, which it pushes as a
:class:`~questbox.core.Decision` on the pending stack. The decision's kind in :data:`.kinds.KINDS`
gives its legal actions and resolves the action that answers it (which may queue more steps).
Card instances are ints (see :class:`Ctx`); corridors are 0–2 inside and 1–3 in the notation, the
final monster is corridor 3 (``final``).
"""

from __future__ import annotations

from typing import Any, Final

from questbox.core import JSON, Action, Decision, Event, Outcome, Rng, Seat, State
from questbox.games.hero_ik.kinds import KINDS, Kind, kind_of
from questbox.games.hero_ik.model import (
    BONUS_TARGETS,
    DISCARDED,
    EQ_STATES,
    FACE_DOWN,
    FINAL,
    PHASES,
    REVEALED,
    RPS,
    TERMINATIONS,
    Combat,
    Step,
    below,
    new_turn_steps,
    roll,
    rps_winner,
    shuffle_ints,
)
from questbox.games.hero_ik.setup import (
    ADV,
    DEMON,
    DM,
    DRAGON,
    GREENSKIN,
    UNDEAD,
    Ctx,
)
from questbox.games.hero_ik.steps import STEPS, StepHandler

# (re-exported: the game, the bots, the views and the tests import these from here)
__all__ = ["BONUS_TARGETS", "DISCARDED", "EQ_STATES", "FACE_DOWN", "FINAL", "REVEALED", "RPS", "TERMINATIONS",
           "Combat", "HikState", "Step", "new_turn_steps", "rps_winner"]

_KINDS: Final[dict[str, Kind]] = KINDS
_STEPS: Final[dict[str, StepHandler]] = STEPS


def _kind(kind: str) -> Kind:
    got = _KINDS.get(kind)
    return got if got is not None else kind_of(kind)


class HikState(State):
    __slots__ = ("_legal", "combat", "courage", "ctx", "down", "eq_kind", "eq_state", "events", "fear", "final_mark",
                 "final_ten", "lich_dead", "mana", "marks", "peek", "pending", "perm", "perm_ten", "piles", "reason",
                 "result", "rng", "rps", "seats", "slot", "spent", "steps", "tell", "ten", "trophies", "turn")

    # (the core State's attributes, declared again so that the compiled class holds them itself: a
    # native attribute, not a look-up in the instance's dictionary at every read)
    seats: tuple[Seat, ...]
    rng: Rng
    pending: list[Decision]
    _legal: tuple[Seat, list[Action]] | None

    def __init__(self, ctx: Ctx, rng: Rng, of: HikState | None = None) -> None:
        """A new state (before the deal), or with ``of`` a copy of ``of`` with the generator ``rng``
        (:meth:`clone`: a copy constructor, since a mypyc class's ``__new__`` runs ``__init__``)."""
        super().__init__(ctx.seats, rng)
        self.ctx = ctx
        #: the events of the action being applied (where the decision kinds' ``resolve`` tells them)
        self.events: list[Event] = []
        #: write the events of the action being applied (``False`` in :meth:`apply_untold`: nobody
        #: reads them, so the rules skip building their sentences; the state changes the same)
        self.tell = True
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
        return _kind(top.kind).movers(self, top)

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

    def apply_untold(self, seat: Seat, action: Action) -> None:
        """:meth:`apply` for a caller that reads none of the events (a bot game's ``Match`` that keeps
        none): the same transition, without writing the events' sentences."""
        self.tell = False
        try:
            self.apply(seat, action)
        finally:
            self.tell = True

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
        return _kind(top.kind).legal_for(self, top, seat)

    def decision_actions(self, d: Decision) -> list[Action]:
        """The legal actions of decision ``d`` for its seat (through its kind in the table)."""
        return _kind(d.kind).legal(self, d)

    def decision_text(self, d: Decision) -> str:
        """What decision ``d`` asks, in a few words (its kind's menu text)."""
        return _kind(d.kind).text(self, d)

    # ---------------------------------------------------------------- what the menus offer
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
                out.append(ctx.potion_act[k])
        return out

    def _temp_powers(self, post: bool) -> list[Action]:
        out = []
        acts = self.ctx.power_act
        for k, adv in enumerate(self.ctx.advs):
            if self.mana[k] and self._effect_usable(adv.power, combat=True, post=post):
                out.append(acts[k])
        return out

    def _guard_targets(self) -> list[int]:
        out = [c for c in range(3) if self.slot[c] >= 0 and not self.down[c] and not self.ten[c]
               and not self.ctx.trap[self.slot[c]]]
        if self.ctx.opts.tenacity_on_final and not self.final_ten:
            out.append(FINAL)
        return out

    # ================================================================ apply
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        ev: list[Event] = []
        self.events = ev
        top = self.pending[-1]
        _kind(top.kind).answer(self, top, seat, action)
        self._run(ev)
        self.events = []
        return ev

    # ================================================================ effects
    def _use_equipment(self, k: int, how: str, ev: list[Event]) -> list[Step]:
        eq = self.ctx.equipment(self.eq_kind[k])
        label = self.ctx.eq_labels[k]
        if how == "quest":
            if self.tell:
                ev.append(Event("quest", f"The quest {eq.name} ({label}) is triggered again: {eq.effect.text}"))
        else:
            self.eq_state[k] = DISCARDED if eq.kind == "potion" else REVEALED
            verb = "drinks" if eq.kind == "potion" else "reveals"
            if self.tell:
                ev.append(Event("reveal", f"The group {verb} {eq.name} ({label}, {eq.kind}): {eq.effect.text}",
                                data={"slot": label, "card": eq.id}))
        steps: list[Step] = []
        cost = eq.cost.as_tuple()
        if any(cost):
            steps.append(("pay", *cost))
        if eq.kind != "item":
            steps.append(("eff", "eq", k))
        return steps

    def _spend(self, t: int, ev: list[Event]) -> None:
        self.trophies.remove(t)
        self.spent.append(t)
        info = self.ctx.card_info[t]
        if self.tell:
            ev.append(Event("pay", f"The group discards {info['name']} ({info['colour']}) to pay.", data={"card": t}))

    def _eliminate(self, c: int, ev: list[Event]) -> None:
        i = self.slot[c]
        if self.tell:
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

    def _new_result(self, ev: list[Event], why: str) -> None:
        cb = self.combat
        assert cb is not None
        cb.face = roll(self.rng, cb.sides)
        cb.rolls += 1
        if self.tell:
            ev.append(Event("roll", f"{why}: 1d{cb.sides} = {cb.face}.", data={"sides": cb.sides, "face": cb.face}))
        if cb.face == 1 and not self.ctx.solo:
            self._gain_fear(1, ev, "a 1 is rolled")

    def _temp_power(self, who: str, *, post: bool, ev: list[Event]) -> bool:
        """Spend an adventurer's Mana for its temporary power; True if it made a new die result."""
        k = self.ctx.adv_ids.index(who)
        adv = self.ctx.advs[k]
        self.mana[k] = 0
        if self.tell:
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
        if cb.face and self.tell:
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

    def _resolve(self, ev: list[Event]) -> None:
        cb = self.combat
        assert cb is not None
        total, power = self.combat_total(), self.combat_power()
        win = total >= power
        if self.tell:
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
                if self.tell:
                    ev.append(Event("final", f"{ctx.final.name} is killed!"))
            else:
                if self.tell:
                    ev.append(Event("defeat", "The group withdraws to bind its wounds."))
                self._lose_courage(1, ev)
            return
        i = cb.card
        name = ctx.card_info[i]["name"]
        loss = 2 if ctx.pain[i] else 1
        if loss > 1:
            loss = max(1, loss - self._pain_reduction())
        if win:
            if self.tell:
                ev.append(Event("defeated", f"{name} is defeated; the group keeps it."))
            self._take(c, in_combat=True)
        elif ctx.trap[i]:
            if self.tell:
                ev.append(Event("trap", f"The trap {name} is overcome all the same and kept, "
                                        "but the group loses Courage."))
            self._take(c, in_combat=True)
            self._lose_courage(loss, ev)
        else:
            if self.tell:
                ev.append(Event("defeat", f"The group withdraws from {name} to bind its wounds; the card stays."))
            self._lose_courage(loss, ev)

    def _lose_courage(self, n: int, ev: list[Event]) -> None:
        lost = min(n, self.courage)
        self.courage -= lost
        if self.tell:
            ev.append(Event("courage", f"The group loses {lost} Courage token{'s' if lost != 1 else ''} "
                                       f"({self.courage} left)."))
        if lost:
            self._gain_fear(lost, ev, "Courage lost")
        if self.courage <= 0 and FACE_DOWN in self.eq_state and not self.result:
            self.steps.insert(0, ("brink",))

    def _gain_fear(self, n: int, ev: list[Event], why: str) -> None:
        for _ in range(n):
            self.fear += 1
            if self.tell:
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
        if self.tell:
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
                if self.tell:
                    ev.append(Event("tenacity", f"A Tenacity token is placed on {self._name(c)} (corridor {c + 1})."))
        if self.ctx.opts.tenacity_on_final and not self.final_ten:
            self.final_ten = True
            if self.tell:
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
                        if self.tell:
                            ev.append(Event("tenacity", f"A Tenacity token is placed on {self.ctx.final.name}."))
                elif not self.ten[c]:
                    self.ten[c] = True
                    if self.tell:
                        ev.append(Event("tenacity",
                                        f"A Tenacity token is placed on {self._name(c)} (corridor {c + 1})."))

    def _name(self, c: int) -> str:
        if c == FINAL:
            return self.ctx.final.name
        return str(self.ctx.card_info[self.slot[c]]["name"])

    def _put_tenacity(self, c: int, ev: list[Event], why: str) -> None:
        if c == FINAL:
            self.final_ten = True
        else:
            self.ten[c] = True
        if self.tell:
            ev.append(Event("tenacity", f"{why}: a Tenacity token is placed on {self._name(c)}"
                                        + ("" if c == FINAL else f" (corridor {c + 1})") + "."))

    # ================================================================ steps
    def _run(self, ev: list[Event]) -> None:
        """Run steps until one needs a decision or the game ends."""
        steps = self.steps
        while not self.result and not self.pending:
            if not steps:
                raise AssertionError("hero-ik: no step left and nobody to move")
            step = steps.pop(0)
            _STEPS[step[0]](self, step, ev)

    def _solo_enter(self, c: int, ev: list[Event]) -> None:
        ctx = self.ctx
        i = self.slot[c]
        if ctx.ferocious[i] and not self.ten[c]:
            self._put_tenacity(c, ev, "Ferocious")
        if self.perm_ten[0] and not self.ten[c] and not ctx.trap[i]:
            self._put_tenacity(c, ev, "Destiny")
        if self.perm_ten[1]:
            self._tenacity_weakest(ev)

    # ================================================================ information
    def view(self, seat: Seat | None) -> JSON:
        from questbox.games.hero_ik.views import view

        return view(self, seat)

    def phase(self) -> str:
        """The phase of the turn: that of the first pending decision, else queued step, that has one
        (:data:`.model.PHASES`)."""
        if self.result:
            return "over"
        for name in [*(d.kind for d in self.pending), *(s[0] for s in self.steps)]:
            got = PHASES.get(name)
            if got is not None:
                return got
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
            shuffle_ints(rng, pool)
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
                s.rps[1] = RPS[below(rng, 3)]
        elif seat == DM:
            unknown = [(c, j) for c in range(3) for j in range(len(s.piles[c]) - (1 if s.peek[c] else 0))]
            pool = sorted(s.piles[c][j] for c, j in unknown)
            shuffle_ints(rng, pool)
            for (c, j), i in zip(unknown, pool, strict=True):
                s.piles[c][j] = i
            everything = sorted(ctx.cards.equipment)
            for k in range(len(s.eq_kind)):
                if s.eq_state[k] == FACE_DOWN:
                    s.eq_kind[k] = everything[below(rng, len(everything))]
            if s.rps[0]:
                s.rps[0] = RPS[below(rng, 3)]
        s.rng = Rng(below(rng, 2**63))
        s._legal = None
        return s


