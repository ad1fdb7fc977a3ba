"""A bot for campaign encounters: the heuristic bot, plus the lieutenant pack's choices.

The overlord takes threat for each defeated hero, triggers every plot card it can pay for at its
window (choosing the group, tile or monster that helps most), and uses Ardus's abilities; the
heroes spend fortune on extra actions, on fatigue, on rerolling missed or blank dice, and answer
Threatening Masses and Comrade sensibly.
"""

from __future__ import annotations

from typing import Any, cast

from questbox.core import Action, Game, Rng, Seat, State
from questbox.games.descent.bots import HeuristicAgent
from questbox.games.descent.flow import Comrade, Masses
from questbox.games.descent.plot import NAME
from questbox.games.descent.state import DescentState

PLOT_NAMES = frozenset({"plot", "threat", "fealty", "flank", "rally", "fortune", "give", "masses", "comrade"})


class PlotAgent:
    """Plays either side of a campaign encounter (see the module docstring)."""

    name = "plot"

    def __init__(self, *, game: Game | None = None, seed: int = 0, **_: Any) -> None:
        self.base = HeuristicAgent(game=game, seed=seed)
        self.rng = Rng(seed)

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1 or not isinstance(state, DescentState) or NAME not in state.mods:
            return legal[0] if len(legal) == 1 else self.base.act(state, seat)
        mine = [a for a in legal if a.name in PLOT_NAMES]
        if mine:
            pick = self.choose(state, seat, mine)
            if pick is not None:
                return pick
        return self.base.act(state, seat)

    def choose(self, st: DescentState, seat: Seat, acts: list[Action]) -> Action | None:
        m = st.mods[NAME]
        first = acts[0]
        if first.name == "give":
            return first
        if first.name == "masses":
            fi = cast(Masses, st.pending[-1].data).fig
            might = st.attribute(fi, "might") or 0
            return Action("masses", ("test",)) if might >= 3 else Action("masses", ("end-turn",))
        if first.name == "comrade":
            fi = cast(Comrade, st.pending[-1].data).fig
            room = st.stamina(fi) - st.figs[fi].fatigue
            return Action("comrade", ("fatigue",)) if room >= 2 else Action("comrade", ("no-surges",))
        if seat == "overlord":
            return self._overlord(st, acts)
        return self._heroes(st, acts, m)

    def _overlord(self, st: DescentState, acts: list[Action]) -> Action | None:
        for a in acts:
            if a.name in ("threat", "flank", "rally"):
                if a.name == "rally" and not any(st.figs[x].conds for x in st.monsters()):
                    continue
                return a
        plots = [a for a in acts if a.name == "plot"]
        ardus = [a for a in plots if a.args[0] == "summon-ardus"]
        if ardus:
            return max(ardus, key=lambda a: self._group_score(st, str(a.args[1])))
        plots = [a for a in plots if not self._starves_ardus(st, str(a.args[0]))]
        if plots:
            card = str(plots[0].args[0])
            same = [a for a in plots if a.args[0] == card]
            if card == "defensive-position":
                return max(same, key=lambda a: self._tile_score(st, str(a.args[1])))
            if card in ("summon-ardus", "loyalty-rewarded", "camaraderie"):
                return max(same, key=lambda a: self._group_score(st, str(a.args[1])))
            return same[0]
        fealty = [a for a in acts if a.name == "fealty"]
        if fealty:
            atk = st.attack
            if atk is not None and st.atk_totals(atk)[0] >= 2:
                return fealty[0]
        return None

    def _starves_ardus(self, st: DescentState, card: str) -> bool:
        """Whether triggering ``card`` during the encounter's setup would leave too little threat to
        summon Ardus Ix'Erebus after it (Camaraderie's window comes first, Loyalty Rewarded shares
        his): the agent, a whole Master and minion replaced, is worth more to the bot."""
        from questbox.games.descent.plot import PlotModule

        m = st.mods[NAME]
        if st.round != 0 or card == "summon-ardus" or m["cards"].get("summon-ardus") != "ready":
            return False
        mod = next(x for x in st.enc.modules if x.name == NAME)
        assert isinstance(mod, PlotModule)
        if not mod.may_summon(st) or not mod.open_groups:
            return False
        cost = mod.cards[card].trigger
        return bool(m["threat"] - cost < mod.cards["summon-ardus"].trigger)

    def _tile_score(self, st: DescentState, tile: str) -> float:
        squares = set(st.enc.board.tiles.get(tile, ()))
        mons = sum(1 for x in st.monsters() if set(st.squares(x)) & squares)
        heroes = sum(1 for h in st.heroes() if st.figs[h].status == "active" and set(st.squares(h)) & squares)
        return mons * 2 - heroes * 3 + (0.5 if heroes == 0 and mons else 0)

    def _group_score(self, st: DescentState, gid: str) -> float:
        gi = [g.id for g in st.enc.groups].index(gid)
        return sum(1 for x in st.group_figs(gi) if st.figs[x].status == "active" and st.is_small(x))

    def _heroes(self, st: DescentState, acts: list[Action], m: Any) -> Action | None:
        lib = st.enc.lib
        atk = st.attack
        for a in acts:
            what = a.args[0] if a.args else ""
            if what == "action":
                return a
            if what == "recover" and st.turn is not None:
                fi = st.turn.fig
                if st.figs[fi].fatigue >= 2:
                    return a
            if what == "reroll" and atk is not None:
                i = int(a.args[1])
                face = lib.dice[atk.dice[i]][atk.faces[i] - 1]
                if face.miss or face.hearts == 0:
                    return a
            if what == "defend" and atk is not None:
                i = int(a.args[1])
                if lib.dice[atk.def_dice[i]][atk.def_faces[i] - 1].shields == 0:
                    return a
            if what == "retest" and st.tests:
                t = st.tests[-1]
                i = int(a.args[1])
                if not st.test_passes():
                    die = "gray" if i == 0 else "black"
                    if lib.dice[die][t[2][i] - 1].shields >= 2:
                        return a
        return None


AGENTS = {"plot": PlotAgent}
