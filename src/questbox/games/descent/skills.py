"""The heroes' class cards, one object each (issue #18): the starting skills and items of the 8
base classes (``data/classes.yaml``) and the skill cards bought with XP (``data/skills.yaml``).

A card says at which decision points it offers its holder something (``offers_at``: ``hero-turn``
for a turn action, or an attack window), what it offers there (:meth:`ClassCard.offers`), what
taking it does (:meth:`ClassCard.take`), and its mandatory effects at the windows it listens to
(:meth:`ClassCard.on`). :class:`~questbox.games.descent.modules.classes.ClassesModule` hands each
hero's cards their windows; a new card is a new object in :data:`CARDS`. The cards a hero holds
are its :attr:`~questbox.games.descent.encounter.HeroSpec.kit` (its class's starting cards and the
skills bought in the campaign). A turn action is named after its card (``rage <monster>``); a
window's answer is ``use <card>``. The cards of skills.yaml with ``played: false`` are not here
(their ``why`` says what is missing).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from questbox.core import Action
from questbox.games.descent.rules import Ctx

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.model import Attack
    from questbox.games.descent.state import DescentState


def card_name(cid: str) -> str:
    """A class card's printed name (a starting card of classes.yaml or a skill of skills.yaml)."""
    return _card_facts(cid)[0]


@functools.cache
def _card_facts(cid: str) -> tuple[str, str, str]:
    """(name, kind, text) of a class card (classes.yaml's text; a skill's effect from skills.yaml)."""
    from questbox.games.descent.catalog import catalog
    from questbox.games.descent.data import library

    card = library().cards.get(cid)
    if card is not None:
        return card.name, card.kind, card.text
    sk = next(s for c in catalog().classes.values() for s in c.skills if s.id == cid)
    return sk.name, "skill", sk.effect


def kit_sheet(kit: tuple[str, ...]) -> list[dict[str, str]]:
    """A hero's class cards for his sheet in the views: id, name, kind and text of each."""
    return [dict(zip(("id", "name", "kind", "text"), (c, *_card_facts(c)), strict=True)) for c in kit]


def _use(card: str) -> Action:
    return Action("use", (card,))


def _can_pay(st: DescentState, fi: int, fatigue: int) -> bool:
    """A hero may pay a fatigue cost only up to his Stamina."""
    return st.figs[fi].fatigue + fatigue <= st.stamina(fi)


def _ready(st: DescentState, fi: int, card: str) -> bool:
    return card not in st.figs[fi].exhausted


def _weapon(st: DescentState, fi: int) -> tuple[str, frozenset[str], int]:
    """(id, traits, hands) of the hero's class weapon."""
    spec = next(h for h in st.enc.heroes if h.id == st.figs[fi].stat)
    w = st.enc.card(spec.weapon)
    return w.id, w.traits, w.hands


def _heroes_within(st: DescentState, fi: int, n: int) -> list[int]:
    return [h for h in st.heroes() if st.figs[h].status == "active" and st.within(fi, h, n)]


def _kit(st: DescentState, fi: int) -> tuple[str, ...]:
    return next((h.kit for h in st.enc.heroes if h.id == st.figs[fi].stat), ())


def _holder_attack(st: DescentState, fi: int) -> Attack | None:
    """The attack in progress if ``fi`` makes it."""
    atk = st.attack
    return atk if atk is not None and atk.attacker == fi else None


def _defender_attack(st: DescentState, fi: int) -> Attack | None:
    atk = st.attack
    return atk if atk is not None and atk.target == fi else None


class Space(NamedTuple):
    """What an encounter's action space is made of, for :meth:`ClassCard.space`: the heroes, the
    figures a hero may attack, the search tokens' squares, the squares, the conditions."""

    heroes: list[str]
    targets: list[str]
    tokens: list[str]
    squares: list[str]
    conditions: tuple[str, ...]
    kits: frozenset[str]


class ClassCard:
    """One class card (override what the card does). ``fatigue``: its cost; ``exhaust``: using it
    exhausts it (ready again at the start of its holder's turn)."""

    id: ClassVar[str] = ""
    offers_at: ClassVar[frozenset[str]] = frozenset()
    listens: ClassVar[frozenset[str]] = frozenset()
    fatigue: ClassVar[int] = 0
    exhaust: ClassVar[bool] = False

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        """What the holder ``fi`` may do with the card at ``point``."""
        return []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        """Use the card (an action it offered)."""

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        """Mandatory effects at ``window`` (``fi``: a hero holding the card)."""

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        """A task ``("mod", "classes", (<card id>, ...))`` the card pushed."""

    def space(self, sp: Space) -> list[Action]:
        """Every action the card may ever offer in an encounter (its part of the action space)."""
        if self.offers_at - {"hero-turn"}:
            return [_use(self.id)]
        return [Action(self.id)] if self.id in BY_ACTION else []

    def usable(self, st: DescentState, fi: int) -> bool:
        return (st.figs[fi].status == "active" and _can_pay(st, fi, self.fatigue)
                and (not self.exhaust or _ready(st, fi, self.id)))

    def pay(self, st: DescentState, fi: int) -> None:
        if self.exhaust:
            st.figs[fi].exhausted.append(self.id)
        if self.fatigue:
            st.suffer_fatigue(fi, self.fatigue)


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
        turn = st.turn
        if turn is None or turn.actions <= 0 or not self.usable(st, fi) or not self.allowed(st, fi):
            return []
        return list(st.target_actions(fi, self.id, melee=True if self.melee_only else None))

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)
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
            for h in _heroes_within(st, fi, 3):
                st.recover(h, hearts=1)


class SharedPain(AttackSkill):
    """Spiritspeaker, 1 XP: an attack; with damage every other figure of the target's group suffers 1."""

    id = "shared-pain"
    fatigue = 1

    def resolved(self, st: DescentState, fi: int, atk: Attack) -> None:
        t = st.figs[atk.target]
        if atk.damage > 0 and t.group >= 0:
            for x in st.group_figs(t.group):
                if x != atk.target and st.figs[x].status == "active":
                    st.suffer(x, 1, fi, "Shared Pain")


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
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)
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
        for m in st.monsters():
            if st.within(fi, m, 3):
                st.suffer(m, 2, fi, "Tempest")
        for h in _heroes_within(st, fi, 3):
            st.recover(h, hearts=1)


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
        return out

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        n = st.roll(["red"])[0]
        hearts = st.face("red", n).hearts
        target = st.ids[str(action.args[0])]
        st.emit("action", f"{st.name(fi)} uses Prayer of Healing on {st.name(target)}: rolls {hearts} hearts.",
                {"faces": [n]})
        st.recover(target, hearts=hearts)
        if len(action.args) > 1:
            st.remove_condition(target, str(action.args[1]))
        for card in ("armor-of-faith", "divine-fury"):
            if card in _kit(st, fi):
                tag = f"{card}:{st.figs[fi].id}"
                if tag not in st.figs[target].tags:
                    st.figs[target].tags.append(tag)

    def space(self, sp: Space) -> list[Action]:
        if "cleansing-touch" not in sp.kits:
            return []       # (space.py lists pray <hero>)
        return [Action("pray", (h, c)) for h in sp.heroes for c in sp.conditions]


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
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)
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
        turn = st.turn
        if turn is None or turn.actions <= 0 or not self.usable(st, fi):
            return []
        return [Action(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)
        n = st.roll(["red"])[0]
        hearts = st.face("red", n).hearts
        st.emit("action", f"{st.name(fi)} calls Healing Rain: {hearts} hearts.", {"faces": [n]})
        st.window("action-performed", (fi, self.id))
        for h in _heroes_within(st, fi, 3):
            st.recover(h, hearts=hearts)


class Greedy(ClassCard):
    """Thief, 0 XP: an action; search a token up to 3 spaces away."""

    id = "greedy"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        turn = st.turn
        if turn is None or turn.actions <= 0 or not self.usable(st, fi):
            return []
        near = set(st.searchable(fi))
        return [Action("greedy", (st.board.names[s],)) for s in st.searchable(fi, 3) if s not in near]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)
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
        turn = st.turn
        if turn is None or turn.actions <= 0 or not self.usable(st, fi) or st.stat(fi).attack != "melee":
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
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)
        m, s = st.ids[str(action.args[0])], st.board.index[str(action.args[1])]
        st.place(fi, s)
        st.emit("action", f"{st.name(fi)} keeps the Oath of Honor: to {action.args[1]}, attacking {st.name(m)}.")
        st.window("action-performed", (fi, "attack"))
        st.own_attack(fi, m, source=self.id)

    def space(self, sp: Space) -> list[Action]:
        return [Action("oath", (t, q)) for t in sp.targets for q in sp.squares]


# ============================================================================ attack windows
class WoodenShield(ClassCard):
    """Knight and Disciple item: exhaust after the defense roll for +1 shield."""

    id = "wooden-shield"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        return [_use(self.id)] if _defender_attack(st, fi) is not None and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.bonus_shields += 1
        st.emit("item", f"{st.name(fi)} exhausts the {card_name(self.id)}: +1 shield.")


class GhostArmor(WoodenShield):
    """Runemaster, 1 XP: 1 fatigue after the defense roll for +1 shield (once per attack)."""

    id = "ghost-armor"
    exhaust = False
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _defender_attack(st, fi)
        return [_use(self.id)] if atk is not None and self.id not in atk.flags and self.usable(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.flags.append(self.id)
        super().take(st, fi, point, ctx, action)


class DefenseTraining(ClassCard):
    """Knight, 2 XP: with a shield, a brown die more in the defense pool; once the shield is
    exhausted, this card may be exhausted in its place (+1 shield)."""

    id = "defense-training"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-defense"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        f = st.figs[fi]
        if _defender_attack(st, fi) is None or "wooden-shield" not in f.exhausted or not self.usable(st, fi):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.bonus_shields += 1
        st.emit("item", f"{st.name(fi)} exhausts Defense Training in place of the shield: +1 shield.")

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _defender_attack(st, fi)
        if atk is not None and _has_shield(st, fi):
            atk.def_dice.append("brown")


def _has_shield(st: DescentState, fi: int) -> bool:
    spec = next(h for h in st.enc.heroes if h.id == st.figs[fi].stat)
    return any(c in st.enc.lib.cards and st.enc.lib.cards[c].kind == "shield" for c in spec.kit)


class Stoneskin(ClassCard):
    """Spiritspeaker, 0 XP: when the Spiritspeaker or a hero within 3 spaces is attacked, before
    the roll: exhaust and 1 fatigue, that hero adds a gray defense die."""

    id = "stoneskin"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if atk is None or st.figs[atk.target].side != "hero" or not self.usable(st, fi):
            return []
        return [_use(self.id)] if st.within(fi, atk.target, 3) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.def_dice.append("gray")
        st.emit("action", f"{st.name(fi)} uses Stoneskin: {st.name(atk.target)} adds a gray defense die.")


class Mastery(ClassCard):
    """Exhaust after the attack roll, attacking with the right weapon: +1 surge."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})
    exhaust = True

    def fits(self, st: DescentState, fi: int) -> bool:
        raise NotImplementedError

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _holder_attack(st, fi)
        if atk is None or atk.source in _NOT_WEAPON or not self.usable(st, fi) or not self.fits(st, fi):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        self.pay(st, fi)
        atk.extra_surges += 1
        st.emit("action", f"{st.name(fi)} exhausts {card_name(self.id)}: +1 surge.")


class WeaponMastery(Mastery):
    """Berserker, 2 XP: with a two-handed melee weapon (2 fatigue, as any2cards lists it)."""

    id = "weapon-mastery"
    fatigue = 2

    def fits(self, st: DescentState, fi: int) -> bool:
        return st.stat(fi).attack == "melee" and _weapon(st, fi)[2] == 2


class RuneMastery(Mastery):
    """Runemaster, 2 XP: with a Rune weapon."""

    id = "rune-mastery"

    def fits(self, st: DescentState, fi: int) -> bool:
        return "rune" in _weapon(st, fi)[1]


class BowMastery(Mastery):
    """Wildlander, 2 XP: with a Bow."""

    id = "bow-mastery"

    def fits(self, st: DescentState, fi: int) -> bool:
        return "bow" in _weapon(st, fi)[1]


class ShieldSlam(ClassCard):
    """Knight, 2 XP: with a shield, the Knight's melee attacks gain a surge ability that Stuns an
    adjacent target."""

    id = "shield-slam"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _holder_attack(st, fi)
        if (atk is not None and atk.melee and _has_shield(st, fi) and st.adjacent(fi, atk.target)
                and atk.source not in _NOT_WEAPON and not any(x[0] == self.id for x in atk.abilities)):
            atk.abilities.append([self.id, "stun", 1, 1])

    def space(self, sp: Space) -> list[Action]:
        return [Action("surge", (self.id,))]


class Accurate(ClassCard):
    """Wildlander, 1 XP: once per Bow attack, after the roll, reroll one power die
    (``use accurate <i>``, ``i`` the die's place in the pool from 0)."""

    id = "accurate"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _holder_attack(st, fi)
        if (atk is None or self.id in atk.flags or atk.source in _NOT_WEAPON or not self.usable(st, fi)
                or "bow" not in _weapon(st, fi)[1]):
            return []
        kinds = st.enc.lib.die_kind
        return [Action("use", (self.id, i)) for i, d in enumerate(atk.dice) if kinds[d] == "power"]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.flags.append(self.id)
        i = int(str(action.args[1]))
        old = atk.faces[i]
        atk.faces[i] = st.roll([atk.dice[i]])[0]
        st.emit("reroll", f"Accurate: {st.name(fi)} rerolls the {atk.dice[i]} die: "
                f"{st.describe_faces([atk.dice[i]], [old])} → {st.describe_faces([atk.dice[i]], [atk.faces[i]])}.")

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, i)) for i in range(MAX_DICE)]


class Execute(ClassCard):
    """Berserker, 3 XP: after a melee attack's roll, exhaust and pay X fatigue (the player's X, up
    to his Stamina left: ``use execute <x>``): X hearts more."""

    id = "execute"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = _holder_attack(st, fi)
        if atk is None or not atk.melee or atk.source in _NOT_WEAPON or not self.usable(st, fi):
            return []
        room = st.stamina(fi) - st.figs[fi].fatigue
        return [Action("use", (self.id, x)) for x in range(1, room + 1)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        x = int(str(action.args[1]))
        self.pay(st, fi)
        st.suffer_fatigue(fi, x)
        atk.bonus_hearts += x
        st.emit("action", f"{st.name(fi)} exhausts Execute for {x} fatigue: +{x} hearts.")

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, x)) for x in range(1, MAX_STAMINA + 1)]


class Bushwhack(ClassCard):
    """Thief, 3 XP: exhaust during the turn (no action) to attack the only monster the Thief sees
    (``bushwhack <monster>``)."""

    id = "bushwhack"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        seen = [m for m in st.monsters() if st.sees(fi, m)]
        if len(seen) != 1 or seen[0] not in st.attack_targets(fi):
            return []
        return [Action(self.id, (st.figs[seen[0]].id,))]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} bushwhacks.")
        st.own_attack(fi, st.ids[str(action.args[0])], source=self.id)

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t,)) for t in sp.targets]


class Inspiration(ClassCard):
    """Knight, 3 XP: at the start of the Knight's turn, with another hero next to him, he and every
    adjacent hero recover 1 fatigue."""

    id = "inspiration"
    listens: ClassVar[frozenset[str]] = frozenset({"turn-start"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        if not ctx or ctx[0] != fi or st.figs[fi].status != "active":
            return
        near = st.heroes_near(fi)
        if any(h != fi for h in near):
            for h in near:
                st.recover(h, fatigue=1)


class LuckyCharm(ClassCard):
    """Thief item: exhaust to reroll a failed attribute test (the new result stands)."""

    id = "lucky-charm"
    offers_at: ClassVar[frozenset[str]] = frozenset({"test-after-roll"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        k = ctx[0]
        if st.tests[k][0] != fi or not _ready(st, fi, self.id) or st.test_passes(k):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        test = st.tests[ctx[0]]
        self.pay(st, fi)
        test[2] = st.roll(["gray", "black"])
        st.emit("item", f"{st.name(fi)} exhausts the Lucky Charm and rerolls the test.")


# ============================================================================ passive cards
class RunicKnowledge(ClassCard):
    """Runemaster, 0 XP: with a Magic or Rune weapon, the attacks gain 'surge: 1 fatigue for +2 hearts'
    (the weapon he wields: his stat line's traits, a Shop weapon's when he wields one)."""

    id = "runic-knowledge"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = _holder_attack(st, fi)
        if (atk is not None and st.stat(fi).traits & {"magic", "rune"} and atk.source not in _NOT_WEAPON
                and not any(x[0] == "runic" for x in atk.abilities)):
            atk.abilities.append(["runic", "runic", 2, 1])


class Brute(ClassCard):
    """Berserker, 1 XP: +4 Health; standing up or being revived recovers 2 hearts more."""

    id = "brute"
    listens: ClassVar[frozenset[str]] = frozenset({"encounter-setup"})
    #: hearts more on standing up (read by :func:`questbox.games.descent.hero_turns.stand_up`)
    stand_hearts: ClassVar[int] = 2

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        st.figs[fi].hp_bonus += 4


#: the cards that add a die to a defense pool, and to an attack
EXTRA_DEFENSE: Final = ("stoneskin", "armor-of-faith", "defense-training", "lurk")
EXTRA_ATTACK: Final = ("divine-fury",)
#: the most Stamina a hero has (heroes.yaml: 5), for the action space
MAX_STAMINA: Final = 5
#: the most dice a hero's attack rolls (his weapon's two or three, and Divine Fury's yellow)
MAX_DICE: Final = 4

#: attack sources that are not the hero's weapon (items that attack on their own)
_NOT_WEAPON: Final = frozenset({"fire-flask"})

#: every class card the engine plays, by id
CARDS: Final[dict[str, ClassCard]] = {c.id: c for c in (
    Rage(), DeathRage(), DirtyTricks(), BlessedStrike(), DrainSpirit(), SharedPain(), PrayerOfHealing(),
    HealingRain(), Greedy(), OathOfHonor(), WoodenShield(), GhostArmor(), DefenseTraining(), Stoneskin(),
    WeaponMastery(), RuneMastery(), BowMastery(), ShieldSlam(), LuckyCharm(), RunicKnowledge(), Brute(),
    CleansingTouch(), ArmorOfFaith(), TimeOfNeed(), RadiantLight(), Cripple(), Lurk(), Accurate(), Inspiration(),
    Whirlwind(), Tempest(), DivineFury(), Execute(), Bushwhack())}
#: the card behind each turn action's name (``rage``, ``pray``, ``oath`` ...)
BY_ACTION: Final[dict[str, str]] = {
    **{c.id: c.id for c in CARDS.values()
       if isinstance(c, AttackSkill | HealingRain | TimeOfNeed | RadiantLight | Cripple | Lurk | Tempest | Bushwhack)},
    "pray": "prayer-of-healing", "greedy": "greedy", "oath": "oath-of-honor"}


def stand_bonus(kit: tuple[str, ...]) -> int:
    """Hearts more a hero with ``kit`` recovers on standing up or being revived (Brute)."""
    return Brute.stand_hearts if "brute" in kit else 0


def class_skills(cls: str) -> list[str]:
    """The skill cards of class ``cls`` that are bought with XP (skills.yaml order)."""
    from questbox.games.descent.catalog import catalog

    hc = catalog().classes.get(cls)
    return [s.id for s in hc.skills if s.xp > 0] if hc is not None else []


def check_skills(doc: object, heroes: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The setup's ``skills`` (``{hero: [skill ids]}``: the skill cards each hero bought) checked:
    heroes of the party, each skill one of its own class's bought with XP, none twice
    (``SetupError`` naming the first problem). Heroes without skills are left out."""
    from questbox.core import SetupError

    if not isinstance(doc, dict):
        raise SetupError("skills: a mapping of hero id to the skill cards it bought")
    classes = dict(heroes)
    out: dict[str, list[str]] = {}
    for h, ids in doc.items():
        if h not in classes:
            raise SetupError(f"skills: {h!r} is not a hero of this party ({', '.join(classes)})")
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            raise SetupError(f"skills: {h}: a list of skill card ids")
        own = class_skills(classes[h])
        for x in ids:
            if x not in own:
                raise SetupError(f"skills: {h}: {x!r} is not a skill card of the {classes[h]} class bought with XP "
                                 f"({', '.join(own)})")
        if len(set(ids)) != len(ids):
            raise SetupError(f"skills: {h}: a skill card is listed twice")
        if ids:
            out[str(h)] = list(ids)
    return out


def card_space(enc: Encounter, actions: list[Action]) -> list[Action]:
    """The class cards' actions of an encounter's action space, given the rest of it (``actions``:
    the figures attacked there, the search tokens, the squares), without those already in it."""
    from questbox.games.descent.modules.heroes import CONDITION_PRIORITY

    heroes = [h.id for h in enc.heroes]
    targets = list(dict.fromkeys(str(a.args[0]) for a in actions
                                 if a.name == "attack" and a.args and a.args[0] not in heroes))
    tokens = [str(a.args[0]) for a in actions if a.name == "search"]
    squares = [str(a.args[0]) for a in actions if a.name == "move" and a.args and ":" not in str(a.args[0])]
    kits = frozenset(c for h in enc.heroes for c in h.kit)
    sp = Space(heroes, targets, tokens, squares, tuple(CONDITION_PRIORITY), kits)
    have = set(actions)
    out: list[Action] = []
    for c in CARDS.values():
        if c.id in kits:
            for a in c.space(sp):
                if a not in have:
                    have.add(a)
                    out.append(a)
    # the dice the cards add to an attack or a defense pool, for the pack's fortune rerolls
    more = {"defend": sum(1 for c in EXTRA_DEFENSE if c in kits), "reroll": sum(1 for c in EXTRA_ATTACK if c in kits)}
    for what, n in more.items():
        top = [int(str(a.args[1])) for a in actions if a.name == "fortune" and len(a.args) == 2 and a.args[0] == what]
        if top and n:
            out += [Action("fortune", (what, i)) for i in range(max(top) + 1, max(top) + 1 + n)]
    return out
