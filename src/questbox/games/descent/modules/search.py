"""Search cards (data/search.yaml): potions, the Curse Doll, the Warding Talisman, the Power
Potion and the Fire Flask."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from questbox.core import Action, Decision, Seat
from questbox.games.descent.encounter import BLAST_SURGE, HERO_SURGE
from questbox.games.descent.flow import DONE, SEARCH_POWER, Rerolled
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

USE_POWER = Action("use", ("power-potion",))
USE_TALISMAN = Action("use", ("warding-talisman",))


class SearchCards(RuleModule):
    name = "search"
    offers_at = frozenset({"hero-turn", "attack-after-roll", "attack-after-defense"})

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        if point == "hero-turn":
            return self._turn_offers(st, seat, ctx[0])
        atk = st.attack
        if atk is None:
            return []
        if point == "attack-after-roll":
            f = st.figs[atk.attacker]
            if f.side == "hero" and f.seat == seat and "power-potion" in f.items and "power-potion" not in atk.flags:
                return [USE_POWER]
        elif point == "attack-after-defense":
            f = st.figs[atk.target]
            if f.side == "hero" and f.seat == seat and f.status == "active" and "warding-talisman" in f.items:
                return [USE_TALISMAN]
        return []

    def _turn_offers(self, st: DescentState, seat: Seat, fi: int) -> list[Action]:
        f = st.figs[fi]
        turn = st.turn
        if f.seat != seat or f.status != "active" or not f.items or turn is None:
            return []
        out: list[Action] = []
        near = st.heroes_near(fi)
        items = set(f.items)
        if "health-potion" in items:
            out.extend(Action("use", ("health-potion", st.figs[h].id)) for h in near if st.figs[h].damage > 0)
        if "stamina-potion" in items:
            out.extend(Action("use", ("stamina-potion", st.figs[h].id)) for h in near if st.figs[h].fatigue > 0)
        if "curse-doll" in items:
            for h in near:
                out.extend(Action("use", ("curse-doll", st.figs[h].id, c)) for c in st.figs[h].conds)
        if "fire-flask" in items and turn.actions > 0:
            out.extend(Action("flask", (st.figs[t].id,)) for t in st.attack_targets(fi, melee=False))
        return out

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        if point == "attack-after-roll":
            assert atk is not None
            st.figs[atk.attacker].items.remove("power-potion")
            atk.flags.append("power-potion")
            st.emit("item", f"{st.name(atk.attacker)} drinks a Power Potion.")
            self._ask_reroll(st, seat, ())
            return
        if point == "attack-after-defense":
            assert atk is not None
            st.figs[atk.target].items.remove("warding-talisman")
            atk.bonus_shields += 2
            st.emit("item", f"{st.name(atk.target)} uses the Warding Talisman: +2 shields.")
            return
        fi = ctx[0]
        f = st.figs[fi]
        if action.name == "flask":
            turn = st.turn
            assert turn is not None
            turn.actions -= 1
            f.items.remove("fire-flask")
            st.window("action-performed", (fi, "attack"))
            st.start_attack(fi, st.ids[str(action.args[0])], source="fire-flask", melee=False,
                            dice=self.enc.lib.search["fire-flask"].dice, abilities=(HERO_SURGE, BLAST_SURGE))
            return
        card = str(action.args[0])
        target = st.ids[str(action.args[1])]
        f.items.remove(card)
        st.emit("item", f"{st.name(fi)} uses a {self.enc.lib.search[card].name} on {st.name(target)}.")
        if card == "health-potion":
            st.recover(target, hearts=st.figs[target].damage)
        elif card == "stamina-potion":
            st.recover(target, fatigue=st.figs[target].fatigue)
        elif card == "curse-doll":
            st.remove_condition(target, str(action.args[2]))

    def _ask_reroll(self, st: DescentState, seat: Seat, done: Rerolled) -> None:
        atk = st.attack
        assert atk is not None
        acts = [Action("reroll", (i,)) for i in range(len(atk.dice)) if i not in done]
        if acts:
            st.ask(seat, SEARCH_POWER, done, [*acts, DONE])

    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        return "Power Potion: reroll an attack die, or be done"

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        atk = st.attack
        assert atk is not None
        return [*(Action("reroll", (i,)) for i in range(len(atk.dice)) if i not in cast(Rerolled, d.data)), DONE]

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        if action == DONE:
            return
        atk = st.attack
        assert atk is not None
        i = int(action.args[0])
        old = atk.faces[i]
        atk.faces[i] = st.rng.roll(6)
        st.emit("reroll", f"Reroll of the {atk.dice[i]} die: {st.describe_faces([atk.dice[i]], [old])} → "
                f"{st.describe_faces([atk.dice[i]], [atk.faces[i]])}.")
        self._ask_reroll(st, d.seat, (*cast(Rerolled, d.data), i))
