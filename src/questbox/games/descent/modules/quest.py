"""The quest's own rules, read from the quest file: counters, victory conditions and
reinforcements. Nothing here is specific to one quest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


class QuestModule(RuleModule):
    name = "quest"
    listens = frozenset({"round-start", "round-end", "turn-start", "turn-end", "figure-defeated"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if window == "turn-start" and ctx[0] == -1:
            self._gain(st, "overlord-turn-start")
            self._reinforce(st, "overlord-turn-start")
        elif window == "turn-end" and ctx[0] == -1:
            self._gain(st, "overlord-turn-end")
            self._reinforce(st, "overlord-turn-end")
        elif window == "round-start":
            self._gain(st, "round-start")
            self._reinforce(st, "round-start")
        elif window == "round-end":
            self._gain(st, "round-end")
            for v in self.enc.quest.victory:
                if v.when == "round" and v.round is not None and st.round >= v.round:
                    st.finish(v.side, v.reason)
                    return
        elif window == "figure-defeated" and st.figs[ctx[0]].side != "familiar":     # (a familiar counts for nothing)
            fi = ctx[0]
            f = st.figs[fi]
            self._gain(st, "hero-knocked-out" if f.side == "hero" else "monster-defeated")
            self._check_defeats(st)
        self._check_counters(st)

    def _gain(self, st: DescentState, event: str) -> None:
        for c in self.enc.quest.counters:
            for g in c.gain:
                if g.at == event and (g.group_on_tile is None or self._on_tile(st, g.group_on_tile.group,
                                                                              g.group_on_tile.tile)):
                    st.counters[c.id] = st.counters.get(c.id, 0) + g.amount
                    st.emit("counter", f"{c.name} {'+' if g.amount >= 0 else ''}{g.amount}: now {st.counters[c.id]}.",
                            {"counter": c.id, "value": st.counters[c.id]})

    def _on_tile(self, st: DescentState, gid: str, tile: str) -> bool:
        """Does a figure of group ``gid`` stand on a square of ``tile`` (a map tile letter)?"""
        g = [x.id for x in self.enc.groups].index(gid)
        board = self.enc.board
        return any(st.figs[i].status == "active" and board.tile[s] == tile
                   for i in st.group_figs(g) for s in st.squares(i))

    def _check_defeats(self, st: DescentState) -> None:
        gids = [g.id for g in self.enc.groups]
        for v in self.enc.quest.victory:
            if v.when == "defeated" and v.group is not None:
                g = gids.index(v.group)
                figs = st.group_figs(g)
                if figs and all(st.figs[i].status == "defeated" for i in figs):
                    st.finish(v.side, v.reason)
                    return
            if v.when == "all-heroes-knocked-out" and all(st.figs[h].status == "ko" for h in st.heroes()):
                st.finish(v.side, v.reason)
                return

    def _check_counters(self, st: DescentState) -> None:
        for v in self.enc.quest.victory:
            if (v.when == "counter" and v.counter is not None and v.at_least is not None
                    and st.counters.get(v.counter, 0) >= v.at_least):
                st.finish(v.side, v.reason)
                return

    def _reinforce(self, st: DescentState, when: str) -> None:
        if st.result is not None:
            return
        board = self.enc.board
        gids = [g.id for g in self.enc.groups]
        for r in self.enc.quest.reinforcements:
            if r.when != when:
                continue
            g = gids.index(r.group)
            count = r.count.get(self.enc.n_heroes, 0)
            cands = [i for i in st.group_figs(g) if st.figs[i].status == "defeated"
                     and "no-reinforce" not in st.figs[i].tags]
            cands.sort(key=lambda i: (not st.figs[i].master, i))
            for fi in cands[:count]:
                spot = self._spot(st, fi, [board.square(s) for s in r.squares])
                if spot is None:
                    break
                f = st.figs[fi]
                f.damage, f.conds, f.activated = 0, [], False
                st.place(fi, *spot)
                st.emit("reinforce", f"Reinforcement: {st.name(fi)} enters at {board.names[spot[0]]}.",
                        {"figure": f.id})

    @staticmethod
    def _spot(st: DescentState, fi: int, squares: list[int]) -> tuple[int, int] | None:
        for s in squares:
            for o in (0, 1):
                if st.fits(fi, s, o) is not None:
                    return (s, o)
        return None

    def init(self, st: DescentState) -> Any:
        return None
