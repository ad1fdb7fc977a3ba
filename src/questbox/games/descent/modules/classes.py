"""The class cards the heroes start with (data/classes.yaml): Rage, Prayer of Healing, Greedy,
Runic Knowledge, Throwing Knives, Wooden Shield and Lucky Charm. Weapons' surge abilities are data
and need no code."""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import Action, Seat
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

USE_SHIELD = Action("use", ("wooden-shield",))
USE_CHARM = Action("use", ("lucky-charm",))


class ClassesModule(RuleModule):
    name = "classes"
    listens = frozenset({"attack-declared"})
    offers_at = frozenset({"hero-turn", "attack-after-defense", "test-after-roll"})
    _kits: dict[str, tuple[str, ...]] | None = None

    def _kit(self, st: DescentState, fi: int) -> tuple[str, ...]:
        kits = self._kits
        if kits is None:
            kits = self._kits = {h.id: h.kit for h in reversed(self.enc.heroes)}    # the first one wins
        return kits.get(st.figs[fi].stat, ())

    # -- turn actions -------------------------------------------------------------------------
    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        if point == "hero-turn":
            return self._turn_offers(st, seat, ctx[0])
        if point == "attack-after-defense":
            atk = st.attack
            if atk is None:
                return []
            d = atk.target
            f = st.figs[d]
            if (f.side == "hero" and f.seat == seat and f.status == "active" and "wooden-shield" in self._kit(st, d)
                    and "wooden-shield" not in f.exhausted):
                return [USE_SHIELD]
            return []
        if point == "test-after-roll":
            k = ctx[0]
            fi = st.tests[k][0]
            f = st.figs[fi]
            if (f.side == "hero" and f.seat == seat and "lucky-charm" in self._kit(st, fi)
                    and "lucky-charm" not in f.exhausted and not st.test_passes(k)):
                return [USE_CHARM]
        return []

    def _turn_offers(self, st: DescentState, seat: Seat, fi: int) -> list[Action]:
        f = st.figs[fi]
        turn = st.turn
        if f.seat != seat or f.status != "active" or turn is None:
            return []
        kit = self._kit(st, fi)
        out: list[Action] = []
        can_tire = f.fatigue < st.stamina(fi)
        if "rage" in kit and turn.actions > 0 and can_tire and st.stat(fi).attack == "melee":
            out.extend(st.target_actions(fi, "rage", melee=True))
        if "prayer-of-healing" in kit and can_tire and "prayer-of-healing" not in f.exhausted:
            for h in st.heroes_near(fi):
                g = st.figs[h]
                if g.damage > 0:
                    out.append(Action("pray", (g.id,)))
        if "greedy" in kit and turn.actions > 0 and can_tire:
            near = set(st.searchable(fi))
            out.extend(Action("greedy", (st.board.names[s],)) for s in st.searchable(fi, 3) if s not in near)
        return out

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        if point == "attack-after-defense":
            atk = st.attack
            assert atk is not None
            atk.bonus_shields += 1
            st.figs[atk.target].exhausted.append("wooden-shield")
            st.emit("item", f"{st.name(atk.target)} exhausts the Wooden Shield: +1 shield.")
            return
        if point == "test-after-roll":
            test = st.tests[ctx[0]]
            st.figs[test[0]].exhausted.append("lucky-charm")
            test[2] = st.roll(["gray", "black"])
            st.emit("item", f"{st.name(test[0])} exhausts the Lucky Charm and rerolls the test.")
            return
        fi = ctx[0]
        turn = st.turn
        assert turn is not None
        arg = str(action.args[0])
        if action.name == "rage":
            turn.actions -= 1
            st.suffer_fatigue(fi, 1)
            st.emit("action", f"{st.name(fi)} uses Rage (+1 heart).")
            st.window("action-performed", (fi, "attack"))
            st.own_attack(fi, st.ids[arg], bonus_hearts=1, source="rage")
        elif action.name == "pray":
            f = st.figs[fi]
            f.exhausted.append("prayer-of-healing")
            st.suffer_fatigue(fi, 1)
            n = st.roll(["red"])[0]
            hearts = st.face("red", n).hearts
            target = st.ids[arg]
            st.emit("action", f"{st.name(fi)} uses Prayer of Healing on {st.name(target)}: rolls {hearts} hearts.",
                    {"faces": [n]})
            st.recover(target, hearts=hearts)
        elif action.name == "greedy":
            turn.actions -= 1
            st.suffer_fatigue(fi, 1)
            st.window("action-performed", (fi, "search"))
            st.search(fi, st.board.index[arg])

    # -- passive effects ----------------------------------------------------------------------
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if atk is None:
            return
        a = st.figs[atk.attacker]
        if a.side != "hero":
            return
        spec = next(h for h in self.enc.heroes if h.id == a.stat)
        weapon = self.enc.card(spec.weapon)
        # a hero may wield an equipped Shop weapon instead (modules/items.py): his stat line has its
        # traits, and the class weapon's own bonus is not his
        armed = a.stat in getattr(self.enc.by_name.get("items"), "armed", frozenset())
        if "runic-knowledge" in spec.kit and st.stat(atk.attacker).traits & {"magic", "rune"} \
                and atk.source in (spec.weapon, "rage") and not any(x[0] == "runic" for x in atk.abilities):
            atk.abilities.append(["runic", "runic", 2, 1])
        if atk.source == spec.weapon and weapon.adjacent_hearts and not armed and st.adjacent(atk.attacker, atk.target):
            atk.bonus_hearts += weapon.adjacent_hearts
