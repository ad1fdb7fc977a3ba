"""The class cards that are turn actions (:mod:`questbox.games.descent.skills` holds the tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action
from questbox.games.descent.monkey import is_monkey
from questbox.games.descent.rules import Ctx
from questbox.games.descent.skill_base import (
    ClassCard,
    Space,
    _defender_attack,
    _heroes_within,
    _holder_attack,
    _kit,
    _weapon,
    card_name,
)
from questbox.games.descent.skill_hooks import ancestor_spirits, holy_fatigue, holy_pairs, holy_second

if TYPE_CHECKING:
    from questbox.games.descent.model import Attack
    from questbox.games.descent.state import DescentState




# ============================================================================ turn actions
class AttackSkill(ClassCard):
    """An action: an attack with the hero's weapon (``<card> <target>``), its cost paid first."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    melee_only: ClassVar[bool] = False
    bonus_hearts: ClassVar[int] = 0
    #: said after the card's name when it is used
    words: ClassVar[str] = ""

    def allowed(self, st: DescentState, fi: int) -> bool:
        return not self.melee_only or st.stat(fi).attack == "melee"

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.can_act(st, fi) or not self.allowed(st, fi):
            return []
        return list(st.target_actions(fi, self.id, melee=True if self.melee_only else None))

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.spend_action(st, fi)
        st.emit("action", f"{st.name(fi)} uses {card_name(self.id)}{self.words}.")
        st.window("action-performed", (fi, "attack"))
        atk = st.own_attack(fi, st.ids[str(action.args[0])], bonus_hearts=self.bonus_hearts, source=self.id)
        self.started(st, fi, atk)

    def started(self, st: DescentState, fi: int, atk: Attack) -> None:
        """Adjust the attack just declared."""

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t,)) for t in sp.targets]

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _holder_attack(st, fi)
        if atk is not None and atk.source == self.id and "follow-up" not in atk.flags:
            self.resolved(st, fi, atk)

    listens: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})

    def resolved(self, st: DescentState, fi: int, atk: Attack) -> None:
        """After the attack (``atk.damage``: what it dealt its target)."""


class Rage(AttackSkill):
    """Berserker, 0 XP: a melee attack with +1 heart for 1 fatigue."""

    id = "rage"
    fatigue = 1
    melee_only = True
    bonus_hearts = 1
    words = " (+1 heart)"

    def space(self, sp: Space) -> list[Action]:
        return []           # (space.py lists rage <monster>)


class DeathRage(AttackSkill):
    """Berserker, 3 XP: a melee attack whose surge ability gives +1 heart per 2 damage on the hero."""

    id = "death-rage"
    fatigue = 2
    melee_only = True

    def started(self, st: DescentState, fi: int, atk: Attack) -> None:
        n = st.figs[fi].damage // 2
        if n > 0:
            atk.abilities.append(["death-rage", "heart", n, 1])

    def space(self, sp: Space) -> list[Action]:
        return [*super().space(sp), Action("surge", (self.id,))]


class DirtyTricks(AttackSkill):
    """Thief, 1 XP: a melee or Blade attack; if it deals damage the target is Stunned."""

    id = "dirty-tricks"
    fatigue = 1

    def allowed(self, st: DescentState, fi: int) -> bool:
        return st.stat(fi).attack == "melee" or "blade" in _weapon(st, fi)[1]

    def started(self, st: DescentState, fi: int, atk: Attack) -> None:
        atk.conditions.append("stunned")        # (conditions land only with damage)


class BlessedStrike(AttackSkill):
    """Disciple, 1 XP: a melee attack; with damage the Disciple and one adjacent hero (ours: the
    most wounded one) recover 2 hearts each."""

    id = "blessed-strike"
    fatigue = 1
    melee_only = True

    def resolved(self, st: DescentState, fi: int, atk: Attack) -> None:
        if atk.damage <= 0:
            return
        st.recover(fi, hearts=2)
        others = [h for h in st.heroes_near(fi) if h != fi and st.figs[h].damage > 0]
        if others:
            st.recover(max(others, key=lambda h: st.figs[h].damage), hearts=2)


class DrainSpirit(AttackSkill):
    """Spiritspeaker, 1 XP: an attack; with damage every hero within 3 spaces recovers 1 heart."""

    id = "drain-spirit"
    fatigue = 1

    def resolved(self, st: DescentState, fi: int, atk: Attack) -> None:
        if atk.damage > 0:
            near = _heroes_within(st, fi, 3)
            for h in near:
                st.recover(h, hearts=1)
            ancestor_spirits(st, fi, [atk.target], near)


class SharedPain(AttackSkill):
    """Spiritspeaker, 1 XP: an attack; with damage every other figure of the target's group suffers 1."""

    id = "shared-pain"
    fatigue = 1

    def resolved(self, st: DescentState, fi: int, atk: Attack) -> None:
        t = st.figs[atk.target]
        if atk.damage > 0 and t.group >= 0:
            others = [x for x in st.group_figs(t.group) if x != atk.target and st.figs[x].status == "active"]
            for x in others:
                st.suffer(x, 1, fi, "Shared Pain")
            ancestor_spirits(st, fi, [atk.target, *others])


class Whirlwind(AttackSkill):
    """Berserker, 2 XP: a melee attack whose one roll is made against every adjacent monster too,
    each defending on its own."""

    id = "whirlwind"
    fatigue = 1
    melee_only = True

    def started(self, st: DescentState, fi: int, atk: Attack) -> None:
        from questbox.games.descent.abilities import add_figures

        add_figures(st, atk, [m for m in st.monsters() if st.adjacent(fi, m)], area=False)


class Tempest(ClassCard):
    """Spiritspeaker, 2 XP: an action; exhaust and test Willpower: a fail gives 1 fatigue back; a
    pass deals 2 to every monster and heals 1 heart on every hero within 3 spaces."""

    id = "tempest"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 2
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        turn = st.turn
        return [Action(self.id)] if turn is not None and turn.actions > 0 and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.spend_action(st, fi)
        st.emit("action", f"{st.name(fi)} calls a Tempest.")
        st.window("action-performed", (fi, self.id))
        st.test(fi, "willpower", st.mod_task("classes", ("tempest", fi, 1)),
                st.mod_task("classes", ("tempest", fi, 0)), "Tempest")

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        fi, passed = int(str(payload[1])), payload[2] == 1
        if not passed:
            st.recover(fi, fatigue=1)
            return
        if st.figs[fi].status != "active":
            return
        harmed = [m for m in st.monsters() if st.within(fi, m, 3)]
        for m in harmed:
            st.suffer(m, 2, fi, "Tempest")
        near = _heroes_within(st, fi, 3)
        for h in near:
            st.recover(h, hearts=1)
        ancestor_spirits(st, fi, harmed, near)


class PrayerOfHealing(ClassCard):
    """Disciple, 0 XP: exhaust during the turn (no action); the Disciple or an adjacent hero recovers
    the hearts of a red die."""

    id = "prayer-of-healing"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        cleanse = "cleansing-touch" in _kit(st, fi)
        out: list[Action] = []
        for h in st.heroes_near(fi):
            g = st.figs[h]
            if g.damage > 0:
                out.append(Action("pray", (g.id,)))
            if cleanse:         # Cleansing Touch: the healed hero may also discard a condition
                out.extend(Action("pray", (g.id, c)) for c in dict.fromkeys(g.conds))
        if "holy-power" in _kit(st, fi):
            out.extend(holy_pairs(st, fi))
        return out

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        n = st.roll(["red"])[0]
        hearts = st.face("red", n).hearts
        target = st.ids[str(action.args[0])]
        second = holy_second(st, action)
        st.emit("action", f"{st.name(fi)} uses Prayer of Healing on {st.name(target)}"
                f"{f' and {st.name(second)}' if second >= 0 else ''}: rolls {hearts} hearts.", {"faces": [n]})
        for h in (target, second) if second >= 0 else (target,):
            st.recover(h, hearts=hearts, fatigue=holy_fatigue(st, fi, n))
            for card in ("armor-of-faith", "divine-fury"):
                if card in _kit(st, fi):
                    tag = f"{card}:{st.figs[fi].id}"
                    if tag not in st.figs[h].tags:
                        st.figs[h].tags.append(tag)
        if len(action.args) > 1 and second < 0:
            st.remove_condition(target, str(action.args[1]))

    def space(self, sp: Space) -> list[Action]:
        out = [Action("pray", (h, c)) for h in sp.heroes for c in sp.conditions] if "cleansing-touch" in sp.kits else []
        if "holy-power" in sp.kits:
            out += [Action("pray", (a, b)) for i, a in enumerate(sp.heroes) for b in sp.heroes[i + 1:]]
        return out          # (space.py lists pray <hero>)


class DivineFury(ClassCard):
    """Disciple, 2 XP: a hero healed with Prayer of Healing adds a yellow die to his next attack
    this round (the tag ``divine-fury:<disciple>``, gone at the end of the round)."""

    id = "divine-fury"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared", "round-end"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        tag = f"{self.id}:{st.figs[fi].id}"
        if window == "round-end":
            for g in st.figs:
                if tag in g.tags:
                    g.tags.remove(tag)
            return
        atk = st.attack
        if atk is not None and tag in st.figs[atk.attacker].tags:
            st.figs[atk.attacker].tags.remove(tag)
            atk.dice.append("yellow")
            st.emit("action", f"Divine Fury: {st.name(atk.attacker)} adds a yellow die.")


class CleansingTouch(ClassCard):
    """Disciple, 1 XP: a hero healed with Prayer of Healing may also discard a condition (played by
    :class:`PrayerOfHealing`'s ``pray <hero> <condition>``)."""

    id = "cleansing-touch"


class ArmorOfFaith(ClassCard):
    """Disciple, 1 XP: a hero healed with Prayer of Healing adds a brown defense die until the start
    of the Disciple's next turn (the tag ``armor-of-faith:<disciple>`` on the healed hero)."""

    id = "armor-of-faith"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-before-defense", "turn-start"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        tag = f"armor-of-faith:{st.figs[fi].id}"
        if window == "turn-start":
            if ctx and ctx[0] == fi:
                for g in st.figs:
                    if tag in g.tags:
                        g.tags.remove(tag)
            return
        atk = st.attack
        if atk is not None and tag in st.figs[atk.target].tags:
            atk.def_dice.append("brown")


class TimeOfNeed(ClassCard):
    """Disciple, 2 XP: an action; gain 2 movement points and recover 2 fatigue."""

    id = "time-of-need"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        turn = st.turn
        return [Action(self.id)] if turn is not None and turn.actions > 0 and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        turn.mp += 2
        st.emit("action", f"{st.name(fi)} uses Time of Need: 2 movement points.")
        st.window("action-performed", (fi, self.id))
        st.recover(fi, fatigue=2)


class RadiantLight(ClassCard):
    """Disciple, 3 XP: an action; roll a red die: every hero in sight (the Disciple too) recovers,
    every monster in sight suffers, the hearts shown."""

    id = "radiant-light"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 3

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        turn = st.turn
        return [Action(self.id)] if turn is not None and turn.actions > 0 and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.spend_action(st, fi)
        n = st.roll(["red"])[0]
        hearts = st.face("red", n).hearts
        st.emit("action", f"{st.name(fi)} calls Radiant Light: {hearts} hearts.", {"faces": [n]})
        st.window("action-performed", (fi, self.id))
        seen = [x for x, g in enumerate(st.figs) if g.status == "active" and (x == fi or st.sees(fi, x))]
        for x in seen:
            if st.figs[x].side == "hero":
                st.recover(x, hearts=hearts)
        for x in seen:
            if st.figs[x].side == "monster" and st.figs[x].status == "active":
                st.suffer(x, hearts, fi, "Radiant Light")


class Cripple(ClassCard):
    """Berserker, 1 XP: exhaust during the turn (no action): test Might against an adjacent monster
    (``cripple <monster>``); a pass Immobilizes it."""

    id = "cripple"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 2
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        return [Action(self.id, (st.figs[m].id,)) for m in st.monsters() if st.adjacent(fi, m)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        m = st.ids[str(action.args[0])]
        st.emit("action", f"{st.name(fi)} tries to Cripple {st.name(m)}.")
        st.test(fi, "might", st.mod_task("classes", ("cripple", m)), None, "Cripple")

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        m = int(str(payload[1]))
        if st.figs[m].status == "active":
            st.add_condition(m, "immobilized")

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t,)) for t in sp.targets]


class Lurk(ClassCard):
    """Thief, 3 XP: exhaust during the turn to search an adjacent token without an action
    (``lurk <square>``); while exhausted, a brown die more in the Thief's defense."""

    id = "lurk"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        return [Action(self.id, (st.board.names[s],)) for s in st.searchable(fi)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} lurks and searches.")
        st.search(fi, st.board.index[str(action.args[0])])

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        if _defender_attack(st, fi) is not None and self.id in st.figs[fi].exhausted:
            atk = st.attack
            assert atk is not None
            atk.def_dice.append("brown")

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t,)) for t in sp.tokens]


class HealingRain(ClassCard):
    """Spiritspeaker, 1 XP: an action; roll a red die, every hero within 3 spaces recovers its hearts."""

    id = "healing-rain"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 2

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.can_act(st, fi):
            return []
        return [Action(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.spend_action(st, fi)
        n = st.roll(["red"])[0]
        hearts = st.face("red", n).hearts
        st.emit("action", f"{st.name(fi)} calls Healing Rain: {hearts} hearts.", {"faces": [n]})
        st.window("action-performed", (fi, self.id))
        near = _heroes_within(st, fi, 3)
        for h in near:
            st.recover(h, hearts=hearts)
        ancestor_spirits(st, fi, (), near)


class Greedy(ClassCard):
    """Thief, 0 XP: an action; search a token up to 3 spaces away."""

    id = "greedy"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.can_act(st, fi):
            return []
        near = set(st.searchable(fi))
        return [Action("greedy", (st.board.names[s],)) for s in st.searchable(fi, 3) if s not in near]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.spend_action(st, fi)
        st.window("action-performed", (fi, "search"))
        st.search(fi, st.board.index[str(action.args[0])])

    def space(self, sp: Space) -> list[Action]:
        return []           # (space.py lists greedy <token>)


class OathOfHonor(ClassCard):
    """Knight, 0 XP: an action; pick a monster next to another hero within 3 spaces, step to the
    empty space next to it nearest to the Knight (``oath <monster> <space>``: each nearest space is
    offered) and attack it in melee."""

    id = "oath-of-honor"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.can_act(st, fi) or st.stat(fi).attack != "melee" or is_monkey(st, fi):
            return []
        out: list[Action] = []
        board = st.board
        seen: set[int] = set()
        for h in _heroes_within(st, fi, 3):
            if h == fi:
                continue
            for m in st.monsters():
                if m in seen or not st.adjacent(h, m):
                    continue
                seen.add(m)
                spots = [s for s in board.spaces if st.fits(fi, s, 0, (fi,)) is not None
                         and board.distance(st.doors, (s,), st.squares(m)) == 1]
                if not spots:
                    continue
                here = st.squares(fi)
                best = min(board.distance(st.doors, here, (s,)) for s in spots)
                out.extend(Action("oath", (st.figs[m].id, board.names[s])) for s in spots
                           if board.distance(st.doors, here, (s,)) == best)
        return out

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.spend_action(st, fi)
        m, s = st.ids[str(action.args[0])], st.board.index[str(action.args[1])]
        st.place(fi, s)
        st.emit("action", f"{st.name(fi)} keeps the Oath of Honor: to {action.args[1]}, attacking {st.name(m)}.")
        st.window("action-performed", (fi, "attack"))
        st.own_attack(fi, m, source=self.id)

    def space(self, sp: Space) -> list[Action]:
        return [Action("oath", (t, q)) for t in sp.targets for q in sp.squares]


