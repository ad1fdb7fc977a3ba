"""The heroes' abilities (data/heroes.yaml). Heroic feats are not played yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questbox.core import Action, Seat
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

CONDITION_PRIORITY = ("poisoned", "diseased", "immobilized", "stunned")
#: the window of each hero's ability (:meth:`HeroAbilities.on`), and the offer point: an encounter
#: listens (offers) only at its heroes' windows
LISTENS_BY_HERO = {"avric": "attack-declared", "tomble": "attack-before-defense", "leoric": "attack-before-damage",
                   "ashrian": "activation-start", "syndrael": "turn-end", "grisban": "action-performed"}
OFFERS_BY_HERO = {"tarha": "attack-after-roll", "jain": "attack-before-damage"}


class HeroAbilities(RuleModule):
    name = "heroes"
    listens = frozenset({"attack-declared", "attack-before-defense", "attack-before-damage", "activation-start",
                         "turn-end", "action-performed"})
    offers_at = frozenset({"attack-after-roll", "attack-before-damage"})

    def init(self, st: DescentState) -> Any:
        return {"tarha_round": 0} if any(h.id == "tarha" for h in self.enc.heroes) else None

    def listens_here(self) -> frozenset[str]:
        here = {h.id for h in self.enc.heroes}
        return frozenset(w for h, w in LISTENS_BY_HERO.items() if h in here)

    def offers_here(self) -> frozenset[str]:
        here = {h.id for h in self.enc.heroes}
        return frozenset(w for h, w in OFFERS_BY_HERO.items() if h in here)

    @staticmethod
    def _hero(st: DescentState, hid: str) -> int | None:
        fi = st.ids.get(hid)
        if fi is None or st.figs[fi].side != "hero" or st.figs[fi].stat != hid:
            return None
        return fi

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if window == "attack-declared" and atk is not None:
            avric = self._hero(st, "avric")
            a = atk.attacker
            if (avric is not None and st.figs[avric].status == "active" and st.figs[a].side == "hero"
                    and (a == avric or st.within(a, avric, 3))
                    and not any(x[0] == "recover-heart1" for x in atk.abilities)):
                atk.abilities.append(["recover-heart1", "recover-heart", 1, 1])
        elif window == "attack-before-defense" and atk is not None:
            tomble = self._hero(st, "tomble")
            if tomble is not None and atk.target == tomble:
                mates = [h for h in st.heroes() if h != tomble and st.figs[h].status == "active"
                         and st.adjacent(tomble, h)]
                if mates:
                    best = max(mates, key=lambda h: (len(st.stat(h).defense), -h))
                    atk.def_dice.extend(st.stat(best).defense)
                    st.emit("ability", f"Tomble adds {st.name(best)}'s defense dice.")
        elif window == "attack-before-damage" and atk is not None:
            leoric = self._hero(st, "leoric")
            if (leoric is not None and st.figs[leoric].status == "active" and st.figs[atk.attacker].side == "monster"
                    and atk.damage > 1 and st.within(atk.attacker, leoric, 3)):
                atk.damage -= 1
                st.emit("ability", "Leoric of the Book: the monster deals 1 heart less.")
        elif window == "activation-start":
            fi = ctx[0]
            ashrian = self._hero(st, "ashrian")
            if (ashrian is not None and st.figs[ashrian].status == "active" and not st.figs[fi].master
                    and st.figs[fi].side == "monster" and st.adjacent(fi, ashrian)):
                st.emit("ability", f"Ashrian: {st.name(fi)} starts its activation next to her.")
                st.add_condition(fi, "stunned")
        elif window == "turn-end":
            fi = ctx[0]
            if fi >= 0 and st.figs[fi].stat == "syndrael" and st.figs[fi].status == "active":
                turn = st.turn
                if turn is not None and turn.fig == fi and "moved" not in turn.flags and st.figs[fi].fatigue:
                    st.emit("ability", "Syndrael did not move this turn.")
                    st.recover(fi, fatigue=2)
        elif window == "action-performed":
            fi, what = ctx
            f = st.figs[fi]
            if what == "rest" and f.stat == "grisban" and f.conds:
                cond = min(f.conds, key=CONDITION_PRIORITY.index)
                st.emit("ability", "Grisban the Thirsty rests off a condition.")
                st.remove_condition(fi, cond)

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if atk is None:
            return []
        if point == "attack-after-roll":
            a = st.figs[atk.attacker]
            if (a.stat == "tarha" and a.side == "hero" and a.seat == seat
                    and st.mods.get("heroes", {}).get("tarha_round") != st.round):
                return [Action("reroll", (i,)) for i in range(len(atk.dice))]
        elif point == "attack-before-damage":
            t = st.figs[atk.target]
            if t.stat == "jain" and t.side == "hero" and t.seat == seat and atk.damage > 0 and "jain" not in atk.flags:
                room = st.stamina(atk.target) - t.fatigue
                return [Action("endure", (n,)) for n in range(1, min(atk.damage, room) + 1)]
        return []

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        if action.name == "reroll":
            i = int(action.args[0])
            st.mods["heroes"]["tarha_round"] = st.round
            old = atk.faces[i]
            atk.faces[i] = st.rng.roll(6)
            st.emit("reroll", f"Widow Tarha rerolls the {atk.dice[i]} die: "
                    f"{st.describe_faces([atk.dice[i]], [old])} → {st.describe_faces([atk.dice[i]], [atk.faces[i]])}.")
        elif action.name == "endure":
            n = int(action.args[0])
            atk.flags.append("jain")
            atk.damage -= n
            st.emit("ability", f"Jain Fairwood takes {n} of the hearts as fatigue.")
            st.suffer_fatigue(atk.target, n)
