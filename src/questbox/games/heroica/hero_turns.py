"""A hero's turn: the decision kinds a hero answers (``turn``, ``move``, ``fight``, ``shield``,
``strike``), their legal actions, and what each action does.

Each kind's :attr:`~.flow.ActsKind.actions` maps an action's name to the function performing it
(``(state, decision, action)``, events to ``state.events``); the table of all kinds is
:data:`questbox.games.heroica.kinds.KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, cast

from questbox.core import Action, Decision, Event
from questbox.games.heroica.data import MOVE, rules
from questbox.games.heroica.flow import (
    DEFEAT,
    FIGHT,
    HEAL,
    MOVE_KIND,
    MOVE_PRINCE,
    MOVE_SKILL,
    PRINCE_MODE,
    ROLL,
    ROLL_MODE,
    SHIELD,
    SKILL_MODE,
    STOP,
    STRIKE,
    THEN_END,
    TURN,
    ActsKind,
    Fight,
    Move,
    Perform,
    Shield,
    acts,
    steps_left,
)

if TYPE_CHECKING:
    from questbox.games.heroica.state import HeroicaState


# ================================================================================ legal helpers
def skill_sources(st: HeroicaState, h: int) -> list[str]:
    """The hero's skills: its own, its weapons', the Fang of Fury's."""
    names = [st.hero_ids[h], *st.weapons[h]]
    if st.fang[h]:
        names.append("fang")
    return names


def ranged(st: HeroicaState, h: int, out: list[Action]) -> None:
    r = rules()
    pos = st.pos[h]
    board = st.board
    dist = board.dist[pos]
    for name in skill_sources(st, h):
        sk = r.skills[name]
        if sk.type != "ranged":
            continue
        if sk.effect == "defeat-at-range":
            if sk.line == "path":
                targets = sorted(s for s in st.monsters if 1 <= dist[s] <= sk.range)
            else:
                targets = sorted(s for s in board.straight(pos, sk.range) if s in st.monsters)
            out.extend(Action("use", (name, board.ids[s])) for s in targets)
        elif sk.effect == "heal":
            if st.health[h] < st.max_health(h):
                out.append(Action("use", (name,)))
        elif sk.effect == "pickup-at-range":
            targets = sorted(s for s in st.items if 1 <= dist[s] <= sk.range)
            out.extend(Action("use", (name, board.ids[s])) for s in targets)
        elif sk.effect == "move-then-defeat" and any(dist[s] <= sk.move + 1 for s in st.monsters):
            out.append(Action("use", (name,)))


def extras(st: HeroicaState, h: int, out: list[Action], shop: bool) -> None:
    if st.life[h] and st.max_health(h) - st.health[h] > 0:
        out.append(Action("drink", ("life",)))
    if st.defense[h] and not st.defended:
        out.append(Action("drink", ("defense",)))
    if not shop:
        return
    store = rules().store
    for w in st.weapons[h]:
        out.append(Action("sell", (w,)))
    if st.fang[h]:
        out.append(Action("sell", ("fang",)))
    if st.gold[h] >= store.buy:
        for w, n in st.store.items():
            if n > 0 and w not in st.weapons[h]:
                out.append(Action("buy", (w,)))


# ======================================================================================= actions
def roll(st: HeroicaState, d: Decision, a: Action) -> None:
    """``roll``: roll the die to move."""
    h = st.cur
    events = st.events
    f = st.die()
    st.roll = f
    st.steps = MOVE[f]
    st.path = [st.pos[h]]
    events.append(Event("roll", f"{st.name(h)} rolls {f}: move up to {st.steps}",
                        data={"face": f}))
    st.ask(st.rolls[h])


def drink(st: HeroicaState, d: Decision, a: Action) -> None:
    """``drink POTION``."""
    h = st.cur
    events = st.events
    potion = str(a.args[0])
    if potion == "life":
        st.life[h] -= 1
        before = st.health[h]
        st.health[h] = min(st.max_health(h), before + 2)
        events.append(Event("potion", f"{st.name(h)} drinks a Life potion: health "
                                      f"{before} -> {st.health[h]}"))
        if st.healing[h] and st.health[h] >= st.max_health(h):
            st.healing[h] = False
            events.append(Event("healed", f"{st.name(h)} has full health again"))
    else:
        st.defense[h] -= 1
        st.defended = True
        events.append(Event("potion", f"{st.name(h)} drinks a Defense potion: no loss of health "
                                      "this turn"))


def buy(st: HeroicaState, d: Decision, a: Action) -> None:
    """``buy WEAPON``."""
    h = st.cur
    events = st.events
    w = str(a.args[0])
    st.gold[h] -= rules().store.buy
    st.store[w] -= 1
    st.weapons[h] = tuple(sorted((*st.weapons[h], w)))
    events.append(Event("buy", f"{st.name(h)} buys the {rules().weapons[w].name} for "
                               f"{rules().store.buy} gold"))


def sell(st: HeroicaState, d: Decision, a: Action) -> None:
    """``sell WEAPON`` / ``sell fang``."""
    h = st.cur
    events = st.events
    w = str(a.args[0])
    if w == "fang":
        st.fang[h] -= 1
        st.gold[h] += rules().store.fang_sell
        events.append(Event("sell", f"{st.name(h)} sells the Fang of Fury for "
                                    f"{rules().store.fang_sell} gold; it goes back in the box"))
        return
    lst = list(st.weapons[h])
    lst.remove(w)
    st.weapons[h] = tuple(lst)
    st.store[w] += 1
    st.gold[h] += rules().store.sell
    events.append(Event("sell", f"{st.name(h)} sells the {rules().weapons[w].name} for "
                                f"{rules().store.sell} gold"))


def heal(st: HeroicaState, d: Decision, a: Action) -> None:
    """``heal``: roll to heal."""
    h = st.cur
    events = st.events
    f = st.die()
    top = st.max_health(h)
    before = st.health[h]
    st.health[h] = top if f == "shield" else min(top, before + MOVE[f])
    events.append(Event("heal", f"{st.name(h)} rolls {f} and heals to {st.health[h]}",
                        data={"face": f}))
    if st.health[h] >= top:
        st.healing[h] = False
        events.append(Event("healed", f"{st.name(h)} has full health again"))
    st.end_turn(events)


def step(st: HeroicaState, d: Decision, a: Action) -> None:
    """``step X``: one space of the move."""
    h = st.cur
    events = st.events
    s = st.board.index[str(a.args[0])]
    mode = cast(Move, d.data).mode
    st.path.append(s)
    st.steps -= 1
    to = st.board.ids[s]
    events.append(Event("step", f"{st.name(h)} steps to {to} ({steps_left(st.steps)})",
                        data={"to": to, "left": st.steps}))
    st.enter(h, s, events)
    if st.brk:
        return
    if mode == SKILL_MODE:
        if st.adj_monsters(s) or st.steps == 0:
            skill_move_end(st, h, events)
        return
    if s in st.coffins:
        search(st, h, s, events)
        return
    if st.adj_monsters(s):
        events.append(Event("stop", f"{st.name(h)} moves next to a monster and must stop and fight"))
        st.settle(h, events)
    elif st.steps == 0:
        st.settle(h, events)


def stop(st: HeroicaState, d: Decision, a: Action) -> None:
    """``stop``: the move ends here."""
    if cast(Move, d.data).mode == SKILL_MODE:
        skill_move_end(st, st.cur, st.events)
    else:
        st.settle(st.cur, st.events)


def skill_move_end(st: HeroicaState, h: int, events: list[Event]) -> None:
    if st.adj_monsters(st.pos[h]):
        st.ask(Decision(st.seats[h], STRIKE))
    else:
        events.append(Event("miss", f"{st.name(h)} is next to no monster: the skill is spent"))
        st.settle(h, events)


def search(st: HeroicaState, h: int, c: int, events: list[Event]) -> None:
    f = st.die()
    events.append(Event("coffin", f"{st.name(h)} searches the coffin on {st.sid(c)}: {f}",
                        data={"face": f}))
    if f in ("shield", "sword"):
        st.coffins.discard(c)
        if f == "shield":
            st.gold[h] += 1
            events.append(Event("gold", f"{st.name(h)} takes 1 gold from the store"))
        st.settle(h, events)
        return
    st.damage(h, 1, events)
    st.push_back(h, c, f"bat:{c}" if f == "skull" else THEN_END, events)


def fight(st: HeroicaState, d: Decision, a: Action) -> None:
    """``fight X``: fight the monster on X (the die is rolled at once)."""
    h = st.cur
    events = st.events
    s = st.board.index[str(a.args[0])]
    f = st.die()
    kind = st.monsters[s]
    m = rules().monsters[kind]
    events.append(Event("fight", f"{st.name(h)} fights the {m.name} on {st.sid(s)}: {f}",
                        data={"face": f}))
    if s in st.bars:
        if f in ("shield", "sword"):
            st.hit(h, s, events)
            if s in st.monsters:
                st.ask(Decision(st.seats[h], FIGHT, Fight(s)))
            else:
                st.post_win(h, events)
        elif f == "skull":
            st.damage(h, st.bars[s], events)
            st.push_back(h, s, THEN_END, events)
        else:
            st.hit(h, s, events)
            st.damage(h, st.bars.get(s, 0), events)
            st.push_back(h, s, THEN_END, events)
        return
    if f == "shield":
        if any(rules().skills[n].type == "melee" for n in skill_sources(st, h)):
            st.ask(Decision(st.seats[h], SHIELD, Shield(s)))
        else:
            st.defeat(h, s, events)
            st.post_win(h, events)
    elif f == "sword":
        st.defeat(h, s, events)
        st.post_win(h, events)
    elif f == "skull":
        st.damage(h, m.strength, events)
        st.push_back(h, s, THEN_END, events)
    else:
        st.defeat(h, s, events)
        if st.brk:
            return
        st.damage(h, m.strength, events)
        st.push_back(h, s, THEN_END, events)


def defeat(st: HeroicaState, d: Decision, a: Action) -> None:
    """``defeat``: a Shield defeats the monster, no skill used."""
    h = st.cur
    st.defeat(h, cast(Shield, d.data).monster, st.events)
    st.post_win(h, st.events)


def strike(st: HeroicaState, d: Decision, a: Action) -> None:
    """``strike X``: the skill's move ends beside the monster on X, which it hits."""
    h = st.cur
    st.hit(h, st.board.index[str(a.args[0])], st.events)
    st.post_win(h, st.events)


def use_melee(st: HeroicaState, d: Decision, a: Action) -> None:
    """``use SKILL``: a melee skill after a Shield against the monster of the decision."""
    h = st.cur
    events = st.events
    s = cast(Shield, d.data).monster
    name = str(a.args[0])
    sk = rules().skills[name]
    events.append(Event("skill", f"{st.name(h)} uses {name}: {sk.text}"))
    if sk.effect == "defeat-all":
        for v in st.adj_monsters(st.pos[h]):
            st.hit(h, v, events)
            if st.brk:
                return
        st.post_win(h, events)
        return
    st.defeat(h, s, events)
    if st.brk:
        return
    if sk.gold:
        st.gold[h] += sk.gold
    if sk.heal:
        st.health[h] = min(st.max_health(h), st.health[h] + sk.heal)
    if sk.move:
        st.steps = sk.move
        st.path = [st.pos[h]]
        st.ask(Decision(st.seats[h], MOVE_KIND, MOVE_PRINCE))
        return
    st.post_win(h, events)


def use_ranged(st: HeroicaState, d: Decision, a: Action) -> None:
    """``use SKILL [X]``: a ranged skill after a Shield move roll, instead of moving."""
    h = st.cur
    events = st.events
    name = str(a.args[0])
    sk = rules().skills[name]
    board = st.board
    events.append(Event("skill", f"{st.name(h)} uses {name}: {sk.text}"))
    if sk.effect == "defeat-at-range":
        st.hit(h, board.index[str(a.args[1])], events)
        st.end_turn(events)
    elif sk.effect == "heal":
        st.health[h] = min(st.max_health(h), st.health[h] + sk.heal)
        st.end_turn(events)
    elif sk.effect == "pickup-at-range":
        s = board.index[str(a.args[1])]
        item = st.items.pop(s)
        if item == "gold":
            st.gold[h] += 1
        elif item == "life":
            st.life[h] += 1
        elif item == "defense":
            st.defense[h] += 1
        else:
            st.fang[h] += 1
        events.append(Event("pickup", f"{st.name(h)} picks up {rules().items[item].name} from "
                                      f"{st.sid(s)}", data={"item": item}))
        if st.variant == "epic" and st.opts["victory_points"] and st.vp_done():
            st.mission_over(-1, events)
            return
        st.end_turn(events)
    else:  # move-then-defeat
        st.steps = sk.move
        st.path = [st.pos[h]]
        st.ask(Decision(st.seats[h], MOVE_KIND, MOVE_SKILL))


#: what a hero may do at any of its decisions (potions), and at the start of its turn (the store)
POTIONS: Final[Mapping[str, Perform]] = {"drink": drink}
STORE: Final[Mapping[str, Perform]] = {**POTIONS, "buy": buy, "sell": sell}


# ===================================================================================== the kinds
def _space_number(v: object, spaces: int, low: int = 0) -> bool:
    return isinstance(v, int) and low <= v < spaces


class TurnKind(ActsKind):
    """``turn``: a hero's turn starts: roll to move, heal, or fight the monster next to the hero;
    the store and the potions first."""

    kind: ClassVar[str] = TURN
    words: ClassVar[str] = "roll the die, heal, or visit the store"
    actions: ClassVar[Mapping[str, Perform]] = {**STORE, "roll": roll, "heal": heal, "fight": fight}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        h = st.cur
        out: list[Action] = []
        if st.healing[h]:
            out.append(HEAL)
        else:
            adj = st.adj_monsters(st.pos[h])
            if adj:
                fights = acts(st.board).fight
                out.extend(fights[v] for v in adj)
            else:
                out.append(ROLL)
        extras(st, h, out, shop=True)
        return out


class MoveKind(ActsKind):
    """``move`` (:class:`~.flow.Move`): a step to a neighbouring space, or stop; after a Shield roll
    also the ranged skills."""

    kind: ClassVar[str] = MOVE_KIND
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Move
    words: ClassVar[str] = "step, or stop here"
    actions: ClassVar[Mapping[str, Perform]] = {**POTIONS, "step": step, "stop": stop, "use": use_ranged}

    def fault(self, data: Sequence[object], spaces: int, heroes: int) -> str | None:
        return None if list(data) in ([ROLL_MODE], [PRINCE_MODE], [SKILL_MODE]) else "[roll], [prince] or [skill]"

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        mode = cast(Move, d.data).mode
        h = st.cur
        out: list[Action] = []
        pos = st.pos[h]
        path = st.path
        steps = acts(st.board).step
        for v in st.board.adj[pos]:
            if v in path or v in st.monsters:
                continue
            if mode == SKILL_MODE:
                if v in st.coffins or v in st.pos:
                    continue
            elif v in st.coffins and v in st.pos:
                continue
            out.append(steps[v])
        if not (st.opts["one_is_exact"] and mode == ROLL_MODE and st.roll == "sword-skull"
                and len(path) == 1 and out):
            out.append(STOP)
        if mode == ROLL_MODE and st.roll == "shield" and len(path) == 1:
            ranged(st, h, out)
        extras(st, h, out, shop=False)
        return out


class FightKind(ActsKind):
    """``fight`` (:class:`~.flow.Fight`): the monster next to the hero that it fights (``forced``:
    the one it must be, ``-1``: any)."""

    kind: ClassVar[str] = FIGHT
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Fight
    words: ClassVar[str] = "fight the monster"
    actions: ClassVar[Mapping[str, Perform]] = {**POTIONS, "fight": fight}

    def fault(self, data: Sequence[object], spaces: int, heroes: int) -> str | None:
        ok = len(data) == 1 and _space_number(data[0], spaces, -1)
        return None if ok else f"one space number (-1 for any), below {spaces}"

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        h = st.cur
        forced = cast(Fight, d.data).forced
        fights = acts(st.board).fight
        out: list[Action] = [fights[forced]] if forced >= 0 else [fights[v] for v in st.adj_monsters(st.pos[h])]
        extras(st, h, out, shop=False)
        return out


class ShieldKind(ActsKind):
    """``shield`` (:class:`~.flow.Shield`): a Shield in a fight: defeat the monster, or use a melee
    skill."""

    kind: ClassVar[str] = SHIELD
    payload: ClassVar[Callable[..., tuple[object, ...]] | None] = Shield
    words: ClassVar[str] = "a shield: defeat the monster, or use a melee skill"
    actions: ClassVar[Mapping[str, Perform]] = {**POTIONS, "defeat": defeat, "use": use_melee}

    def fault(self, data: Sequence[object], spaces: int, heroes: int) -> str | None:
        ok = len(data) == 1 and _space_number(data[0], spaces)
        return None if ok else f"one space number below {spaces}"

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        h = st.cur
        out: list[Action] = [DEFEAT]
        skills = rules().skills
        for name in skill_sources(st, h):
            if skills[name].type == "melee":
                out.append(Action("use", (name,)))
        extras(st, h, out, shop=False)
        return out


class StrikeKind(ActsKind):
    """``strike``: after a skill's move, strike a monster next to the hero."""

    kind: ClassVar[str] = STRIKE
    words: ClassVar[str] = "strike a monster next to you"
    actions: ClassVar[Mapping[str, Perform]] = {"strike": strike}

    def legal(self, st: HeroicaState, d: Decision) -> list[Action]:
        strikes = acts(st.board).strike
        return [strikes[v] for v in st.adj_monsters(st.pos[st.cur])]
