"""Villager tokens of a quest (issue #18): the Acolyte of Saradyn's wounded clergy.

What is printed, as TAG (GAIGResearch/TabletopGames, commit c4d7687c) codes the quest
(``mainQuests.json``, ``actions/tokens/AcolyteAction.java``, ``TradeAcolyteAction.java``): one
villager token per hero on tile 8A; one hero carries the acolyte (an objective token); when the
hero who carries it ends his turn on or next to a villager, he may escort one villager (the token
leaves the map with him: rescued), one per turn; the carrier may hand the acolyte to a hero next
to him as an action.

Ours (labelled in the quest file and in docs/games/descent.md): the squares of the tokens within
the tile (TAG draws them at random on 8A); the first hero of the party carries the acolyte at
setup; a monster on or next to a villager may spend an action to carry it off (taken), the only
way the monsters take them; the counters ``rescued`` and ``taken`` that the quest's victory
conditions may name; a knocked-out carrier keeps the acolyte.

State (``state.mods["villagers"]``, plain JSON): ``on`` (villager id -> square name), ``rescued``
and ``taken`` (villager ids, in order), ``acolyte`` (the carrier's figure id) and ``escorted``
(the turn, ``"<round>:<hero>"``, of the last escort: one per turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questbox.core import Action, Seat, SetupError
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME = "villagers"
ESCORT = "escort"
GIVE = "give-acolyte"
TAKE = "take-villager"


class VillagersModule(RuleModule):
    name = NAME
    offers_at = frozenset({"turn-end", "hero-turn", "monster-turn"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        spec = enc.quest.villagers
        if spec is None:
            raise SetupError("the villagers module needs a quest with villagers")
        self.spec = spec
        self.counters = frozenset((spec.rescued, spec.taken))
        for s in spec.squares:
            enc.board.square(s, "villagers")         # (a SetupError names a square not on the map)

    def init(self, st: DescentState) -> Any:
        heroes = st.heroes()
        on = {f"villager-{k + 1}": s for k, s in enumerate(self.spec.squares[:len(heroes)])}
        return {"on": on, "rescued": [], "taken": [], "acolyte": st.figs[heroes[0]].id if heroes else None,
                "escorted": ""}

    # -- what the figures may do --------------------------------------------------------------
    def near(self, st: DescentState, fi: int) -> list[str]:
        """The villagers on a square of figure ``fi`` or next to one, in id order."""
        board = st.enc.board
        adj = board.adjacency(st.doors)
        mine = st.squares(fi)
        return [v for v, name in sorted(st.mods[NAME]["on"].items())
                if any(board.index[name] == s or board.index[name] in adj[s] for s in mine)]

    def carrier(self, st: DescentState) -> int | None:
        fid = st.mods[NAME]["acolyte"]
        return None if fid is None else st.ids[fid]

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        fi = ctx[0]
        if fi < 0:
            return []
        f = st.figs[fi]
        if f.status != "active" or f.seat != seat:
            return []
        data = st.mods[NAME]
        if point == "turn-end":
            if fi != self.carrier(st) or data["escorted"] == self._turn_key(st, fi):
                return []
            return [Action(ESCORT, (v,)) for v in self.near(st, fi)]
        turn = st.turn
        if turn is None or turn.fig != fi or turn.actions <= 0 or st.attack is not None:
            return []
        if point == "hero-turn" and fi == self.carrier(st):
            return [Action(GIVE, (st.figs[h].id,)) for h in st.heroes()
                    if h != fi and st.figs[h].status == "active" and st.adjacent(fi, h)]
        if point == "monster-turn" and f.side == "monster" and turn.kind != "extra":
            return [Action(TAKE, (v,)) for v in self.near(st, fi)]
        return []

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        fi = ctx[0]
        data = st.mods[NAME]
        if action.name == GIVE:
            turn = st.turn
            assert turn is not None
            turn.actions -= 1
            data["acolyte"] = str(action.args[0])
            st.emit("villagers", f"{st.name(fi)} hands the acolyte to {st.name(st.ids[data['acolyte']])}.",
                    {"acolyte": data["acolyte"]})
            st.window("action-performed", (fi, GIVE))
            return
        vid = str(action.args[0])
        square = data["on"].pop(vid)
        if action.name == ESCORT:
            data["rescued"].append(vid)
            data["escorted"] = self._turn_key(st, fi)
            self._count(st, self.spec.rescued)
            st.emit("villagers", f"{st.name(fi)} escorts the {self.spec.name.lower()} at {square} to safety "
                    f"({len(data['rescued'])} rescued).", {"villager": vid, "rescued": len(data["rescued"])})
        else:
            turn = st.turn
            assert turn is not None
            turn.actions -= 1
            data["taken"].append(vid)
            self._count(st, self.spec.taken)
            st.emit("villagers", f"{st.name(fi)} carries off the {self.spec.name.lower()} at {square} "
                    f"({len(data['taken'])} taken).", {"villager": vid, "taken": len(data["taken"])})
            st.window("action-performed", (fi, TAKE))
        self._check(st)

    @staticmethod
    def _turn_key(st: DescentState, fi: int) -> str:
        return f"{st.round}:{st.figs[fi].id}"

    @staticmethod
    def _count(st: DescentState, counter: str) -> None:
        st.counters[counter] = st.counters.get(counter, 0) + 1

    def _check(self, st: DescentState) -> None:
        """The villagers' goal (``overlord_wins``), then a victory condition of the quest on a villager
        counter (``when: counter``)."""
        if st.result is not None:
            return
        need = self.spec.overlord_wins.get(len(st.heroes()))
        if need is not None and len(st.mods[NAME]["taken"]) >= need:
            st.finish("overlord", self.spec.reason)
            return
        for v in self.enc.quest.victory:
            if (v.when == "counter" and v.counter in self.counters and v.at_least is not None
                    and st.counters.get(v.counter, 0) >= v.at_least):
                st.finish(v.side, v.reason)
                return


# ================================================================================ action space
def villager_space(enc: Encounter) -> list[Action]:
    """Every action this module can offer in an encounter of ``enc`` (for the fixed action space
    of :mod:`questbox.games.descent.space`): ``escort`` and ``take-villager`` of each villager the
    quest may place (one per hero), ``give-acolyte`` to each hero."""
    spec = enc.quest.villagers
    if NAME not in enc.by_name or spec is None:
        return []
    vids = [f"villager-{k + 1}" for k in range(min(len(spec.squares), len(enc.heroes)))]
    return [*(Action(ESCORT, (v,)) for v in vids), *(Action(GIVE, (h.id,)) for h in enc.heroes),
            *(Action(TAKE, (v,)) for v in vids)]
