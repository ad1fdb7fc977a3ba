"""The heroes' familiars as the rule module ``familiars`` (issue #18): the encounter adds it when a
hero holds Raise Dead (the Necromancer's starting card); the facts and our rulings are in
:mod:`questbox.games.descent.familiars`.

At setup it adds each such hero's Reanimate as a figure (side ``familiar``, the hero's seat, off
the map: Raise Dead, a card of :mod:`~questbox.games.descent.skill_familiars`, puts it on the
map). In its hero's turn, while it is on the map, the hero may:

* ``familiar``: activate it (once a turn; offered before the hero's first action or once he has
  no action left): a turn of its own, asked of the hero's seat as the decision
  ``mod:familiars:act`` (data: the familiar's id): ``move`` (its move action: its Speed in
  movement points), ``move <square>``, ``attack <monster>`` (its one attack), ``end``;
* ``dismiss``: take it off the map.

It also plays the activation of a monster a hero commands (Dying Command: the same decision,
asked of the hero's seat; :func:`~questbox.games.descent.familiars.command`).

The mod's state: ``{"owners": {familiar id: hero id}, "fallen": {monster id: square}}`` (where
the monsters the attack in progress of a Necromancer or his Reanimate hit stood, for Dying
Command); the mod's view adds each familiar's stat line (``cards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from questbox.core import Action, Decision, Seat
from questbox.games.descent.familiars import (
    ACTED_FLAG,
    ACTIVATE,
    COMMANDED,
    DISMISS,
    DONE_FLAG,
    NAME,
    RAISE_DEAD,
    SIDE,
    activate,
    familiar_of,
    owner_of,
    reanimate_id,
    reanimate_stat,
    release,
    remove_familiar,
    stat_card,
)
from questbox.games.descent.flow import END, MOVE
from questbox.games.descent.model import Fig
from questbox.games.descent.movement import move_actions
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

#: the decision of a familiar's activation (data: its figure id)
ACT: Final = "mod:familiars:act"


class FamiliarsModule(RuleModule):
    """The familiars' figures and activations (see the module docstring)."""

    name = NAME
    listens = frozenset({"action-performed"})
    offers_at = frozenset({"hero-turn"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        #: familiar id -> its hero's id
        self.owners = {reanimate_id(h.id): h.id for h in enc.heroes if RAISE_DEAD in h.kit}
        for h in enc.heroes:
            if RAISE_DEAD in h.kit:
                enc.add_stat(reanimate_stat(h.id, h.kit))

    def init(self, st: DescentState) -> Any:
        for fid, hid in self.owners.items():
            f = Fig(fid, SIDE, fid, st.figs[st.ids[hid]].seat, (1, 1))
            f.tags.append(SIDE)
            st.add_figure(f)
        return {"owners": dict(self.owners), "fallen": {}}

    # -- the hero's turn --------------------------------------------------------------------------
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        turn = st.turn
        fi = ctx[0]
        if turn is not None and turn.fig == fi and turn.kind == "hero" and ACTED_FLAG not in turn.flags:
            turn.flags.append(ACTED_FLAG)

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        fi = ctx[0]
        fam = familiar_of(st, fi)
        turn = st.turn
        if fam is None or st.figs[fam].status != "active" or turn is None or turn.fig != fi:
            return []
        if DONE_FLAG not in turn.flags and (ACTED_FLAG not in turn.flags or turn.actions == 0):
            return [ACTIVATE, DISMISS]
        return [DISMISS]

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        fam = familiar_of(st, ctx[0])
        turn = st.turn
        assert fam is not None and turn is not None
        if action == DISMISS:
            remove_familiar(st, fam, f"{st.name(ctx[0])} dismisses it")
            return
        turn.flags.append(DONE_FLAG)
        activate(st, fam)

    # -- the familiar's activation ----------------------------------------------------------------
    def run(self, st: DescentState, payload: Any) -> None:
        fam = st.ids[str(payload[1])]
        turn = st.turn
        if turn is None or turn.fig != fam:
            return
        acts = self._actions(st, fam)
        if turn.ended or st.figs[fam].status != "active" or acts == [END]:
            self._end(st, fam)
            return
        st.ask(st.figs[fam].seat, ACT, (st.figs[fam].id,), acts)

    def _actions(self, st: DescentState, fam: int) -> list[Action]:
        turn = st.turn
        f = st.figs[fam]
        if turn is None or turn.fig != fam or f.status != "active":
            return [END]
        out: list[Action] = []
        if turn.actions > 0 and turn.move_actions == 0 and "immobilized" not in f.conds:
            out.append(MOVE)
        if turn.mp > 0:
            out.extend(move_actions(st, fam))
        if turn.actions > 0 and turn.attacks == 0:
            out.extend(st.target_actions(fam, "attack"))
        out.append(END)
        return out

    def _end(self, st: DescentState, fam: int) -> None:
        st.turns.pop()
        f = st.figs[fam]
        if COMMANDED in f.tags:
            release(st, fam)
            return
        if "immobilized" in f.conds:
            f.conds.remove("immobilized")
            st.emit("condition", f"{st.name(fam)} is no longer Immobilized.")

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        return self._actions(st, st.ids[str(d.data[0])])

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        fam = st.ids[str(d.data[0])]
        turn = st.turn
        assert turn is not None and turn.fig == fam
        if action == END:
            self._end(st, fam)
            return
        st.tasks.append(st.mod_task(NAME, ("act", st.figs[fam].id)))
        if action == MOVE:
            turn.actions -= 1
            turn.move_actions += 1
            speed = st.stat(fam).speed
            turn.mp += speed
            st.emit("action", f"{st.name(fam)} moves: +{speed} movement points.")
        elif action.name == "move":
            st.move_figure(fam, action)
        else:
            turn.actions -= 1
            st.own_attack(fam, st.ids[str(action.args[0])])

    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        fam = st.ids[str(d.data[0])]
        if COMMANDED in st.figs[fam].tags:
            return f"{st.name(fam)} fights for the heroes (Dying Command): move, attack, or end"
        return f"{st.name(fam)} of {st.name(owner_of(st, fam))} activates: move, attack, or end"

    # -- views ------------------------------------------------------------------------------------
    def view(self, st: DescentState, seat: Seat | None, data: Any) -> Any:
        return {**data, "cards": {fid: stat_card(st.enc.stats[fid]) for fid in data["owners"]}}
