"""The First Legion Plot deck's cards, one object each: the windows at which a card is offered,
its offers, its effect when the overlord plays it, and what it does at the windows it listens to
while exhausted. :class:`~questbox.games.descent.plot.PlotModule` holds the shared parts
(threat, paying a card, refreshing, fortune) and hands each card its windows; a new card is a new
object in :data:`CARDS`.

A card's ``refresh`` rule (when an exhausted card is ready again) and its trigger cost are data
(``data/plot/*.yaml``, :class:`~questbox.games.descent.plot_cards.PlotCardModel`); ``exhaust``
says whether playing it exhausts it (else it is used up for the quest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action
from questbox.games.descent.flow import COMRADE, Comrade
from questbox.games.descent.rules import Ctx

if TYPE_CHECKING:
    from questbox.games.descent.plot import PlotModule
    from questbox.games.descent.state import DescentState

NAME = "campaign"


def _a(name: str, *args: int | str) -> Action:
    return Action(name, tuple(args))


class PlotCard:
    """One plot card (override what the card does)."""

    id: ClassVar[str] = ""
    #: the windows at which the card may be offered to the overlord (:meth:`offers`)
    offers_at: ClassVar[frozenset[str]] = frozenset()
    #: the windows whose mandatory effects the card plays (:meth:`on`)
    listens: ClassVar[frozenset[str]] = frozenset()
    #: playing the card exhausts it (else it is used, for the rest of the quest)
    exhaust: ClassVar[bool] = True

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        """What the overlord may do with the card at ``point``."""
        return [_a("plot", self.id)] if mod.ready(st, self.id) else []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        """Play the card (its ``plot <card> ...`` action): the effect, then pay for it."""
        mod.pay(st, self.id, exhaust=self.exhaust)

    def on(self, mod: PlotModule, st: DescentState, window: str, ctx: Ctx) -> None:
        """Mandatory effects at ``window``."""


class StrengthInNumbers(PlotCard):
    """A small monster's attack gains Pierce 1 per monster of its group adjacent to the target."""

    id: ClassVar[str] = "strength-in-numbers"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-before-roll"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        assert atk is not None
        a = atk.attacker
        if st.figs[a].side == "monster" and st.is_small(a) and self.id not in atk.flags and mod.ready(st, self.id):
            return [_a("plot", self.id)]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        g = st.figs[atk.attacker].group
        x = sum(1 for f in st.group_figs(g) if st.figs[f].status == "active" and st.adjacent(f, atk.target))
        atk.pierce += x
        atk.flags.append(self.id)
        mod.pay(st, self.id)
        st.emit("plot", f"Strength in Numbers: the attack gains Pierce {x}.", {"pierce": x})


class Retribution(PlotCard):
    """After a hero's attack defeats 2 or more small monsters, a monster of their groups moves
    and attacks with Pierce equal to the number of monsters (of any size) that attack defeated."""

    id: ClassVar[str] = "retribution"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        assert atk is not None
        groups = {int(fl.split(":")[1]) for fl in atk.flags if fl.startswith("defeated-small:")}
        n = sum(1 for fl in atk.flags if fl.startswith("defeated-small:"))
        if n >= 2 and self.id not in atk.flags and mod.ready(st, self.id):
            return [_a("plot", self.id, st.figs[x].id) for g in sorted(groups) for x in st.group_figs(g)
                    if st.figs[x].status == "active"]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        x = sum(1 for fl in atk.flags if fl.startswith("defeated:"))    # every monster, any size
        atk.flags.append(self.id)
        fi = st.ids[str(action.args[1])]
        st.emit("plot", f"Retribution: {st.name(fi)} moves up to its Speed and attacks with Pierce {x}.")
        st.grant_activation(fi, st.stat(fi).speed, 1, (f"retribution:{x}",))
        mod.pay(st, self.id)     # the fortune tokens are placed first

    def on(self, mod: PlotModule, st: DescentState, window: str, ctx: Ctx) -> None:
        """The granted activation's attack gains its Pierce."""
        atk = st.attack
        assert atk is not None
        turn = st.turn
        if turn is not None and turn.fig == atk.attacker:
            for fl in turn.flags:
                if fl.startswith("retribution:") and self.id not in atk.flags:
                    atk.pierce += int(fl.split(":")[1])
                    atk.flags.append(self.id)


class ThreateningMasses(PlotCard):
    """A hero who enters a space next to a monster ends his turn or tests Might (a failure
    gives the overlord threat)."""

    id: ClassVar[str] = "threatening-masses"
    offers_at: ClassVar[frozenset[str]] = frozenset({"enter-space"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        fi, sq = ctx
        turn = st.turn
        f = st.figs[fi]
        if (f.side == "hero" and turn is not None and turn.fig == fi and turn.kind == "hero"
                and st.occ.get(sq, fi) == fi and mod.ready(st, self.id)
                and any(st.adjacent(fi, x) for x in st.monsters())):
            return [_a("plot", self.id)]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        st.tasks.append(st.mod_task(NAME, ("masses", ctx[0])))
        mod.pay(st, self.id)


class RiseToTheChallenge(PlotCard):
    """When a small master falls, its group's minions use the master's Speed, Health, Defense,
    surge abilities and attack dice (not its actions and abilities) until the end of the
    overlord's turn."""

    id: ClassVar[str] = "rise-to-the-challenge"
    offers_at: ClassVar[frozenset[str]] = frozenset({"figure-defeated"})
    listens: ClassVar[frozenset[str]] = frozenset({"turn-end"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        fi = ctx[0]
        f = st.figs[fi]
        if (f.side == "monster" and f.master and st.is_small(fi) and mod.ready(st, self.id)
                and (mod.agent is None or f.stat != mod.agent.key) and f.group >= 0
                and any(st.figs[x].status == "active" and not st.figs[x].master for x in st.group_figs(f.group))):
            return [_a("plot", self.id)]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        fi = ctx[0]
        g = st.figs[fi].group
        st.mods[NAME]["marks"][self.id] = mod.group_ids[g]
        for x in st.group_figs(g):
            if not st.figs[x].master:
                st.figs[x].stat = mod.risen_stat[g]
                if st.figs[x].status == "active" and st.figs[x].damage >= st.health(x):
                    st.defeat(x)
        mod.pay(st, self.id)

    def on(self, mod: PlotModule, st: DescentState, window: str, ctx: Ctx) -> None:
        """At the end of the overlord's turn the card refreshes and the minions are minions again."""
        if ctx[0] != -1 or not mod.exhausted(st, self.id):
            return
        m = st.mods[NAME]
        m["cards"][self.id] = "ready"
        g = m["marks"].pop(self.id, None)
        st.emit("plot", "Rise to the Challenge refreshes.")
        if g is None:
            return
        gi = mod.group_ids.index(g)
        for x in st.group_figs(gi):
            f = st.figs[x]
            if not f.master and f.stat == mod.risen_stat[gi]:
                f.stat = mod.minion_stat[gi]
                if f.status == "active" and f.damage >= st.health(x):
                    st.defeat(x)


class SwarmingTide(PlotCard):
    """While exhausted, each hero tests Willpower at the start of his turn, or suffers 1 fatigue
    per adjacent monster."""

    id: ClassVar[str] = "swarming-tide"
    offers_at: ClassVar[frozenset[str]] = frozenset({"turn-end"})
    listens: ClassVar[frozenset[str]] = frozenset({"turn-start"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        return [_a("plot", self.id)] if ctx[0] == -1 and mod.ready(st, self.id) else []

    def on(self, mod: PlotModule, st: DescentState, window: str, ctx: Ctx) -> None:
        fi = ctx[0]
        if fi != -1 and mod.exhausted(st, self.id) and st.figs[fi].side == "hero":
            st.test(fi, "willpower", None, st.mod_task(NAME, ("swarm", fi)), "Swarming Tide")


class Fealty(PlotCard):
    """While exhausted, a master being attacked may sacrifice an adjacent small minion of any
    group (5 damage) for +2 shields."""

    id: ClassVar[str] = "fealty"
    offers_at: ClassVar[frozenset[str]] = frozenset({"turn-end", "attack-after-roll"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        if point == "turn-end":
            return [_a("plot", self.id)] if ctx[0] == -1 and mod.ready(st, self.id) else []
        atk = st.attack
        assert atk is not None
        t = atk.target
        if (mod.exhausted(st, self.id) and self.id not in atk.flags and st.figs[t].side == "monster"
                and st.figs[t].master and st.figs[t].status == "active"):
            # any small minion next to the master, of whatever group (DLP-C06-04)
            return [_a("fealty", st.figs[x].id) for x in st.monsters()
                    if x != t and st.figs[x].status == "active" and not st.figs[x].master and st.is_small(x)
                    and st.adjacent(x, t)]
        return []

    def sacrifice(self, st: DescentState, action: Action) -> None:
        """The ``fealty <minion>`` action."""
        atk = st.attack
        assert atk is not None
        atk.flags.append(self.id)
        atk.bonus_shields += 2
        st.emit("plot", f"Fealty: {st.name(st.ids[str(action.args[0])])} suffers 5 damage; "
                        f"+2 shields for {st.name(atk.target)}.")
        st.suffer(st.ids[str(action.args[0])], 5, -1, "Fealty")


class DefensivePosition(PlotCard):
    """While exhausted, heroes pay 1 more movement point to enter the chosen tile; it refreshes
    when more heroes than monsters stand there."""

    id: ClassVar[str] = "defensive-position"
    offers_at: ClassVar[frozenset[str]] = frozenset({"turn-end"})
    listens: ClassVar[frozenset[str]] = frozenset({"turn-start", "turn-end", "activation-end"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        if ctx[0] == -1 and mod.ready(st, self.id):
            return [_a("plot", self.id, t) for t in mod.tiles]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        tile = str(action.args[1])
        st.mods[NAME]["marks"][self.id] = tile
        st.surcharge.append(["hero", tile, 1])
        mod.pay(st, self.id)
        st.emit("plot", f"Defensive Position on tile {tile} ({mod.enc.board.tile_names[tile]}).")

    def on(self, mod: PlotModule, st: DescentState, window: str, ctx: Ctx) -> None:
        m = st.mods[NAME]
        if not mod.exhausted(st, self.id):
            return
        tile = m["marks"].get(self.id)
        squares = set(mod.enc.board.tiles.get(tile, ()))
        heroes = sum(1 for h in st.heroes() if st.figs[h].status == "active" and set(st.squares(h)) & squares)
        monsters = sum(1 for x in st.monsters() if set(st.squares(x)) & squares)
        if heroes > monsters:
            m["cards"][self.id] = "ready"
            m["marks"].pop(self.id, None)
            st.surcharge[:] = [s for s in st.surcharge if s != ["hero", tile, 1]]
            st.emit("plot", f"Defensive Position refreshes: more heroes than monsters on tile {tile}.")


class Camaraderie(PlotCard):
    """Used at setup on a group: a hero attacking one of its small monsters next to another one
    suffers 1 fatigue or spends no surges."""

    id: ClassVar[str] = "camaraderie"
    offers_at: ClassVar[frozenset[str]] = frozenset({"encounter-setup"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-after-roll"})
    exhaust: ClassVar[bool] = False

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        if mod.ready(st, self.id) and self.id not in st.mods[NAME]["marks"]:
            # a monster group's Monster card is marked: a lieutenant has none (ours: ruling P-CAM1)
            return [_a("plot", self.id, mod.group_ids[g]) for g in range(len(mod.group_ids))
                    if not st.enc.groups[g].lieutenant
                    and any(st.figs[x].status == "active" for x in st.group_figs(g))]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        st.mods[NAME]["marks"][self.id] = str(action.args[1])
        mod.pay(st, self.id, exhaust=False)

    def on(self, mod: PlotModule, st: DescentState, window: str, ctx: Ctx) -> None:
        atk = st.attack
        g = st.mods[NAME]["marks"].get(self.id)
        if atk is None or g is None or "comrade" in atk.flags:
            return
        a, t = atk.attacker, atk.target
        if st.figs[a].side != "hero" or st.figs[t].side != "monster" or not st.is_small(t):
            return
        gi = mod.group_ids.index(g)
        if any(x != t and st.figs[x].status == "active" and st.is_small(x) and st.adjacent(x, t)
               for x in st.group_figs(gi)):
            atk.flags.append("comrade")
            st.ask(st.figs[a].seat, COMRADE, Comrade(a))


class LoyaltyRewarded(PlotCard):
    """After setup, on an open group: its small monsters gain +1 Health."""

    id: ClassVar[str] = "loyalty-rewarded"
    offers_at: ClassVar[frozenset[str]] = frozenset({"after-setup"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        if mod.ready(st, self.id):
            return [_a("plot", self.id, mod.group_ids[g]) for g in mod.open_groups]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        gi = mod.group_ids.index(str(action.args[1]))
        st.mods[NAME]["marks"][self.id] = str(action.args[1])
        for x in st.group_figs(gi):
            if st.is_small(x):
                st.figs[x].hp_bonus += 1
        mod.pay(st, self.id)


class SummonArdus(PlotCard):
    """After setup, on an open group: the agent Ardus Ix'Erebus replaces a master and a minion."""

    id: ClassVar[str] = "summon-ardus"
    offers_at: ClassVar[frozenset[str]] = frozenset({"after-setup"})

    def offers(self, mod: PlotModule, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        if mod.ready(st, self.id) and mod.may_summon(st):
            return [_a("plot", self.id, mod.group_ids[g]) for g in mod.open_groups
                    if any(st.figs[x].status == "active" for x in st.group_figs(g))]
        return []

    def take(self, mod: PlotModule, st: DescentState, ctx: Ctx, action: Action) -> None:
        mod.summon(st, mod.group_ids.index(str(action.args[1])))
        mod.pay(st, self.id)


FEALTY = Fealty()
#: every card, in the order their offers are listed at a window (and their effects played)
CARDS: dict[str, PlotCard] = {c.id: c for c in (
    StrengthInNumbers(), Retribution(), ThreateningMasses(), RiseToTheChallenge(), SwarmingTide(), FEALTY,
    DefensivePosition(), Camaraderie(), LoyaltyRewarded(), SummonArdus())}
