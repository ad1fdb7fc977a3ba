"""Hero IK's decision kinds: for each kind of pending decision its legal actions, how an answer
resolves it and its menu text, in one table (:data:`KINDS`, issue #16's mechanism,
:mod:`questbox.core.decisions`).

The state dispatches ``legal_actions`` and ``apply`` through the table; the step handlers
(:mod:`questbox.games.hero_ik.steps`) push the decisions. A decision's payload is a small
``NamedTuple`` (:class:`Place`, :class:`Cost`, :class:`ManaTarget`, :class:`Elimination`; the
other kinds carry none): it writes itself as a list in the state's document, and :func:`decision`
rebuilds it from one. A resolution's events go to ``HikState.events`` (the list of the action
being applied).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple, cast

from questbox.core import JSON, Action, Decision, Event, Seat
from questbox.core.decisions import lookup, table
from questbox.games.hero_ik.model import (
    ATTACK,
    DIRE,
    DONE,
    FACE_DOWN,
    FINAL,
    GUARD,
    KEEP,
    MANA_NONE,
    PASS,
    PLACE,
    PLACE_AMBUSH,
    PLACE_BOTH,
    PLACE_TENACITY,
    RESOLVE,
    REVEALED,
    ROLL,
    RPS_ACTS,
    SWAP,
    TARGET,
    Combat,
    Step,
    cost_doc,
    roll,
    rps_winner,
)
from questbox.games.hero_ik.setup import ADV, DM

if TYPE_CHECKING:
    from questbox.core.decisions import DecisionKind
    from questbox.games.hero_ik.state import HikState


# ============================================================================ payloads
class Place(NamedTuple):
    """``place``: the corridor (0-2) whose new card the dungeon master places."""

    corridor: int


class Cost(NamedTuple):
    """``pay``: what is left to pay, cards of each colour (``cards.COLOURS``' order)."""

    green: int
    yellow: int
    blue: int
    red: int


class ManaTarget(NamedTuple):
    """``target`` of an effect that gives a Mana token: ``what`` is ``"mana"``."""

    what: str


class Elimination(NamedTuple):
    """``target`` of an elimination: ``what`` is ``"eliminate"``, ``among`` what it may aim at
    (``any``, ``monster``, ``trap`` or a family)."""

    what: str
    among: str


def place_data(d: Decision) -> Place:
    return cast(Place, d.data)


def pay_data(d: Decision) -> Cost:
    return cast(Cost, d.data)


def target_data(d: Decision) -> ManaTarget | Elimination:
    return cast("ManaTarget | Elimination", d.data)


# ============================================================================ the kinds
class Kind:
    """One kind of decision (a :class:`questbox.core.decisions.DecisionKind`). ``words`` is its menu
    text; a decision is one seat's (``Decision.seat``) unless the kind says otherwise
    (:meth:`movers`, :meth:`legal_for`, :meth:`answer`: rock/paper/scissors is both seats')."""

    kind: ClassVar[str] = ""
    words: ClassVar[str] = ""

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        raise NotImplementedError(self.kind)

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        """Answer ``d`` (already taken off the pending stack) with ``action``."""
        raise NotImplementedError(self.kind)

    def text(self, st: HikState, d: Decision) -> str:
        return self.words

    def details(self, st: HikState, d: Decision) -> JSON:
        """What the view's ``decision`` shows besides its kind, seat and text."""
        return {}

    def load(self, data: Sequence[int | str]) -> tuple[int | str, ...]:
        """The payload of a saved decision (``data`` as the document holds it, checked already)."""
        return ()

    def movers(self, st: HikState, d: Decision) -> tuple[Seat, ...]:
        return (d.seat,)

    def legal_for(self, st: HikState, d: Decision, seat: Seat) -> list[Action]:
        return self.legal(st, d) if seat == d.seat else []

    def answer(self, st: HikState, d: Decision, seat: Seat, action: Action) -> None:
        """``seat`` answers ``d`` (on top of the pending stack) with a legal ``action``."""
        st.pending.pop()
        self.resolve(st, d, action)


class Construct(Kind):
    kind = "construct"
    words = "swap two piles or keep them"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        out = [KEEP]
        open_ = [c for c in range(3) if not st.corridor_empty(c)]
        for x in range(len(open_)):
            for y in range(x + 1, len(open_)):
                out.append(SWAP[open_[x]][open_[y]])
        return out

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        if action.name == "swap":
            x, y = int(action.args[0]) - 1, int(action.args[1]) - 1
            st.piles[x], st.piles[y] = st.piles[y], st.piles[x]
            st.peek[x], st.peek[y] = st.peek[y], st.peek[x]
            if st.tell:
                st.events.append(Event("swap", f"The dungeon master swaps the piles of corridors {x + 1} and {y + 1}."))
        else:
            if st.tell:
                st.events.append(Event("keep", "The dungeon master keeps the piles as they are."))


class Equip(Kind):
    kind = "equip"
    words = "equipment phase: reveal, trigger, drink, or done"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        out = [DONE]
        ctx = st.ctx
        have = st._trophy_colours()
        for k, eid in enumerate(st.eq_kind):
            state = st.eq_state[k]
            eq = ctx.equipment(eid)
            if state == FACE_DOWN:
                if not st.affordable(ctx.eq_cost[eid], have):
                    continue
                if eq.kind == "potion":
                    if st._effect_usable(eq.effect, combat=False):
                        out.append(ctx.potion_act[k])
                elif eq.kind == "item" or st._effect_usable(eq.effect, combat=False):
                    out.append(ctx.reveal_act[k])
            elif state == REVEALED and eq.kind == "quest" and st.affordable(ctx.eq_cost[eid], have) \
                    and st._effect_usable(eq.effect, combat=False):
                out.append(ctx.quest_act[k])
        if st.affordable(st.ultimate_cost(), have):
            for j, adv in enumerate(ctx.advs):
                if st._effect_usable(adv.ultimate, combat=False):
                    out.append(ctx.ultimate_act[j])
        return out

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        ev = st.events
        if action.name == "done":
            if st.tell:
                ev.append(Event("phase", "The equipment phase ends; combat phase."))
            return
        ctx = st.ctx
        front: list[Step] = []
        if action.name == "ultimate":
            k = ctx.adv_ids.index(str(action.args[0]))
            adv = ctx.advs[k]
            if st.tell:
                ev.append(Event("ultimate", f"{adv.name} uses the ultimate power: {adv.ultimate.text}"))
            front = [("pay", *st.ultimate_cost()), ("eff", "ult", k)]
        else:
            k = ctx.eq_labels.index(str(action.args[0]))
            front = st._use_equipment(k, action.name, ev)
        st.steps[0:0] = [*front, ("equip",)]


class Attack(Kind):
    kind = "attack"
    words = "choose the encounter to fight"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        out = [ATTACK[c] for c in range(3) if st.slot[c] >= 0]
        if st.final_open():
            out.append(ATTACK[FINAL])
        out.extend(st._combat_potions(False))
        return out

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        ev = st.events
        if action.name == "potion":
            k = st.ctx.eq_labels.index(str(action.args[0]))
            st.steps[0:0] = [*st._use_equipment(k, "potion", ev), ("combat",)]
            return
        ctx = st.ctx
        arg = action.args[0]
        c = FINAL if arg == "final" else int(arg) - 1
        if c == FINAL:
            cb = Combat(FINAL, -1, sum(st.mana))
            st.combat = cb
            if st.tell:
                ev.append(Event("attack", f"The group attacks the final monster, {ctx.final.name} "
                                          f"(Power {st.power_of(FINAL, 0, cb.m_start)})."))
            st.steps.insert(0, ("preroll",))
            return
        i = st.slot[c]
        cb = Combat(c, i, sum(st.mana))
        st.combat = cb
        name = ctx.card_info[i]["name"]
        if st.down[c]:
            st.down[c] = False
            if st.tell:
                ev.append(Event("reveal-card", f"The face-down card of corridor {c + 1} is turned face up: {name}.",
                                data={"corridor": c + 1, "card": ctx.deck[i]}))
        if st.rps_fight(c):
            if st.tell:
                ev.append(Event("attack", f"The group attacks {name} (corridor {c + 1}), a Greenskin: "
                                          "rock/paper/scissors!"))
            st.rps = ["", ""]
            st.steps.insert(0, ("rps",))
            return
        if ctx.die[i]:
            cb.pdie = roll(st.rng, 6)
            if st.tell:
                ev.append(Event("power-die", f"{name}'s Power die: {cb.pdie}."))
            if cb.pdie == 1 and ctx.opts.fear_on_power_die and not ctx.solo:
                st._gain_fear(1, ev, "a 1 on the Power die")
        if st.tell:
            ev.append(Event("attack", f"The group attacks {name} (corridor {c + 1}, Power {st.combat_power()})."))
        st.steps.insert(0, ("preroll",))


class Rps(Kind):
    """Rock/paper/scissors: both seats choose, in any order; the decision stays until both have."""

    kind = "rps"
    words = "rock, paper or scissors"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        return self.legal_for(st, d, d.seat)

    def movers(self, st: HikState, d: Decision) -> tuple[Seat, ...]:
        return tuple(s for s, pick in zip(st.seats, st.rps, strict=False) if not pick)

    def legal_for(self, st: HikState, d: Decision, seat: Seat) -> list[Action]:
        idx = 0 if seat == ADV else 1
        if seat not in st.seats or st.rps[idx]:
            return []
        return list(RPS_ACTS)

    def answer(self, st: HikState, d: Decision, seat: Seat, action: Action) -> None:
        ev = st.events
        idx = 0 if seat == ADV else 1
        st.rps[idx] = str(action.args[0])
        if st.tell:
            ev.append(Event("rps-choice", f"{seat} has chosen."))
        if st.rps[0] and st.rps[1]:
            st.pending.pop()
            self.resolve(st, d, action)

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        """Both have chosen (the last one with ``action``): the fight's outcome."""
        adv, dm = st.rps
        r = rps_winner(adv, dm)
        win = r >= 0
        tie = " (a tie goes to the adventurers)" if r == 0 else ""
        if st.tell:
            st.events.append(Event("rps", f"Rock/paper/scissors: the adventurers show {adv}, the dungeon master {dm}: "
                                          f"the {'adventurers win' if win else 'dungeon wins'}{tie}.",
                                   data={"adventurers": adv, "dungeon": dm}))
        st.rps = ["", ""]
        st._finish_combat(win, st.events)


class Preroll(Kind):
    kind = "preroll"
    words = "before the roll: roll, or a power or potion first"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        return [ROLL, *st._temp_powers(False), *st._combat_potions(False)]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        ev = st.events
        if action.name == "roll":
            st._new_result(ev, "The group rolls")
            st.steps[0:0] = [("dire",), ("postroll",)]
            return
        if action.name == "power":
            st._temp_power(str(action.args[0]), post=False, ev=ev)
            st.steps.insert(0, ("preroll",))
            return
        k = st.ctx.eq_labels.index(str(action.args[0]))
        st.steps[0:0] = [*st._use_equipment(k, "potion", ev), ("preroll",)]


class Postroll(Kind):
    kind = "postroll"
    words = "after the roll: a gift, power or potion, or accept the result"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        cb = st.combat
        assert cb is not None
        out = [RESOLVE]
        ctx = st.ctx
        if cb.face == 1:
            for adv in ctx.advs:
                if adv.gift.effect == "reroll_on_one":
                    out.append(Action("gift", (adv.id,)))
        for k, eid in enumerate(st.eq_kind):
            if st.eq_state[k] == REVEALED and cb.face == 1 and ctx.equipment(eid).effect.effect == "reroll_on_one":
                out.append(Action("gift", (ctx.eq_labels[k],)))
        out.extend(st._temp_powers(True))
        out.extend(st._combat_potions(True))
        return out

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        ev = st.events
        if action.name == "resolve":
            st._resolve(ev)
            return
        ctx = st.ctx
        if action.name == "gift":
            who = str(action.args[0])
            name = (ctx.advs[ctx.adv_ids.index(who)].name if who in ctx.adv_ids
                    else ctx.equipment(st.eq_kind[ctx.eq_labels.index(who)]).name)
            st._new_result(ev, f"{name}'s gift rerolls the 1")
            st.steps[0:0] = [("dire",), ("postroll",)]
            return
        if action.name == "power":
            rerolled = st._temp_power(str(action.args[0]), post=True, ev=ev)
            st.steps[0:0] = [("dire",), ("postroll",)] if rerolled else [("postroll",)]
            return
        k = ctx.eq_labels.index(str(action.args[0]))
        st.steps[0:0] = [*st._use_equipment(k, "potion", ev), ("postroll",)]


class Dire(Kind):
    kind = "dire"
    words = "Dire fate on this result?"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        return [DIRE, PASS]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        ev = st.events
        if action.name == "pass":
            if st.tell:
                ev.append(Event("dire", "The dungeon master lets the result stand (no Dire fate)."))
            return
        st.fear -= 3
        if st.tell:
            ev.append(Event("dire", "The dungeon master spends 3 Fear tokens: Dire fate! The die must be rerolled."))
        st._new_result(ev, "The group rerolls")
        st.steps.insert(0, ("dire",))


class Guard(Kind):
    kind = "guard"
    words = "Bodyguard: a Tenacity token on a monster?"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        return [PASS, *(GUARD[c] for c in st._guard_targets())]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        if action.name == "pass":
            if st.tell:
                st.events.append(Event("guard", "The dungeon master places no Bodyguard Tenacity token."))
            return
        c = FINAL if action.args[0] == "final" else int(action.args[0]) - 1
        st._put_tenacity(c, st.events, "Bodyguard")


class PlaceKind(Kind):
    kind = "place"
    words = "place the new card"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        c = place_data(d).corridor
        out = [PLACE]
        monster = not st.ctx.trap[st.slot[c]]
        if st.fear >= 1:
            out.append(PLACE_AMBUSH)
        if monster and st.fear >= 2:
            out.append(PLACE_TENACITY)
        if monster and st.fear >= 3:
            out.append(PLACE_BOTH)
        return out

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        ev = st.events
        c = place_data(d).corridor
        ambush = "ambush" in action.args
        tenacity = "tenacity" in action.args
        cost = (1 if ambush else 0) + (2 if tenacity else 0)
        st.fear -= cost
        st.down[c] = ambush
        st.ten[c] = tenacity
        name = st._name(c)
        if ambush:
            if st.tell:
                ev.append(Event("ambush", f"Ambush! The new card of corridor {c + 1} is placed face down"
                                          + (" with a Tenacity token" if tenacity else "") + f" ({cost} Fear)."))
            if st.tell:
                ev.append(Event("ambush-card", f"(You placed {name} face down.)", seats=(DM,)))
        else:
            if st.tell:
                ev.append(Event("new-card", f"New encounter in corridor {c + 1}: {name}"
                                            + (f", made tenacious ({cost} Fear)" if tenacity else "") + ".",
                                data={"corridor": c + 1, "card": st.ctx.deck[st.slot[c]]}))

    def details(self, st: HikState, d: Decision) -> JSON:
        return {"corridor": place_data(d).corridor + 1}

    def load(self, data: Sequence[int | str]) -> tuple[int | str, ...]:
        return Place(int(data[0]))


class ManaKind(Kind):
    kind = "mana"
    words = "who takes the Mana token?"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        acts = st.ctx.mana_act
        return [*(acts[k] for k in range(len(acts)) if not st.mana[k]), MANA_NONE]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        who = str(action.args[0])
        if who == "none":
            if st.tell:
                st.events.append(Event("mana", "The group takes no Mana token."))
            return
        k = st.ctx.adv_ids.index(who)
        st.mana[k] = 1
        if st.tell:
            st.events.append(Event("mana", f"{st.ctx.advs[k].name} gains a Mana token."))


class Pay(Kind):
    kind = "pay"
    words = "pay the cost with won cards"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        need = pay_data(d)
        col = st.ctx.colour
        acts = st.ctx.pay_act
        return [acts[t] for t in st.trophies if need[col[t]] > 0]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        t = int(action.args[0])
        need = list(pay_data(d))
        st._spend(t, st.events)
        need[st.ctx.colour[t]] -= 1
        if any(need):
            st.steps.insert(0, ("pay", *need))

    def details(self, st: HikState, d: Decision) -> JSON:
        return {"cost": cost_doc(pay_data(d))}

    def load(self, data: Sequence[int | str]) -> tuple[int | str, ...]:
        return Cost(*(int(x) for x in data))


class Target(Kind):
    kind = "target"
    words = "choose the target"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        what = target_data(d)
        if isinstance(what, Elimination):
            return [TARGET[c] for c in st._elim_targets(what.among)]
        acts = st.ctx.target_act
        return [acts[k] for k in range(len(acts)) if not st.mana[k]]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        if isinstance(target_data(d), Elimination):
            st._eliminate(int(action.args[0]) - 1, st.events)
            return
        k = st.ctx.adv_ids.index(str(action.args[0]))
        st.mana[k] = 1
        if st.tell:
            st.events.append(Event("mana", f"{st.ctx.advs[k].name} gains a Mana token."))

    def details(self, st: HikState, d: Decision) -> JSON:
        return {"what": target_data(d).what}

    def load(self, data: Sequence[int | str]) -> tuple[int | str, ...]:
        if len(data) == 1:
            return ManaTarget(str(data[0]))
        return Elimination(str(data[0]), str(data[1]))


class Brink(Kind):
    kind = "brink"
    words = "no Courage left: drink a potion first?"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        out = [DONE]
        ctx = st.ctx
        for k, eid in enumerate(st.eq_kind):
            eq = ctx.equipment(eid)
            if st.eq_state[k] == FACE_DOWN and eq.kind == "potion" and eq.effect.effect == "gain_courage" \
                    and st.affordable(eq.cost.as_tuple()):
                out.append(ctx.potion_act[k])
        return out

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        if action.name == "done":
            return
        k = st.ctx.eq_labels.index(str(action.args[0]))
        st.steps[0:0] = st._use_equipment(k, "potion", st.events)


class LoseMana(Kind):
    kind = "losemana"
    words = "an adventurer loses a Mana token"

    def legal(self, st: HikState, d: Decision) -> list[Action]:
        acts = st.ctx.lose_mana_act
        return [acts[k] for k in range(len(acts)) if st.mana[k]]

    def resolve(self, st: HikState, d: Decision, action: Action) -> None:
        k = st.ctx.adv_ids.index(str(action.args[0]))
        st.mana[k] = 0
        if st.tell:
            st.events.append(Event("mana", f"{st.ctx.advs[k].name} loses a Mana token."))


if TYPE_CHECKING:
    def _is_a_decision_kind(k: Kind) -> DecisionKind[HikState]:
        return k        # (mypy checks that the engine's kinds have the protocol's shape)


BRINK: Final = Brink()

#: every kind of decision the engine pushes (``HeroIK.decisions_module`` names this module)
KINDS: Final[dict[str, Kind]] = table([
    Construct(), Equip(), Attack(), Rps(), Preroll(), Postroll(), Dire(), Guard(), PlaceKind(), ManaKind(),
    Pay(), Target(), BRINK, LoseMana(),
])


def kind_of(kind: str) -> Kind:
    """The entry of :data:`KINDS` answering decisions of ``kind``."""
    got = KINDS.get(kind)
    return got if got is not None else lookup(KINDS, kind)


def decision(seat: Seat, kind: str, data: Sequence[int | str]) -> Decision:
    """A pending decision from the state's document (``[seat, kind, data]``, checked already): its
    payload rebuilt as the kind's ``NamedTuple``."""
    return Decision(seat, kind, kind_of(kind).load(data))
