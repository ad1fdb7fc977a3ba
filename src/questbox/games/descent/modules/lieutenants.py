"""The lieutenants of a quest (issue #18), as the rule module ``lieutenants``: the encounter adds
it when a quest group names a lieutenant (see :mod:`questbox.games.descent.lieutenants`).

It tags each lieutenant figure ``lieutenant`` at setup, plays the passives of the cards that are
not monster abilities (:data:`~questbox.games.descent.lieutenants.MODULE_PASSIVES`) and shows the
lieutenants' stat lines in views (``mods.lieutenants``: figure id -> its card for this act and
hero count: Speed, Health, Defense, attack dice, attributes, abilities with their texts):

* **Fury** (Ardus Ix'Erebus): after his attack roll the overlord may have him test Might; on a
  pass the attack gains a surge, on a fail it misses;
* **Aftershock** (Lord Merick Farrow): after an adjacent hero's attack on him, that hero tests
  Willpower or suffers 1 fatigue;
* **Regeneration 1** (Sir Alric Farrow, Act II): he recovers 1 heart at the start of the
  overlord's turn.

The mod's state: ``{"figures": [ids of the lieutenant figures]}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from questbox.core import Action, Seat
from questbox.games.descent.combat import FOLLOW, MISS
from questbox.games.descent.flow import FATIGUE_TASK
from questbox.games.descent.lieutenants import TAG, stat_line
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME: Final = "lieutenants"
FURY: Final = Action("fury")


class LieutenantsModule(RuleModule):
    """The lieutenant figures' passives and stat lines (see the module docstring)."""

    name = NAME
    listens = frozenset({"turn-start", "attack-resolved"})
    offers_at = frozenset({"attack-after-roll"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        #: the lieutenant groups' stat keys
        self.keys = frozenset(g.master_stat for g in enc.groups if g.lieutenant)

    def init(self, st: DescentState) -> Any:
        figs = [i for i, f in enumerate(st.figs) if f.stat in self.keys]
        for i in figs:
            st.figs[i].tags.append(TAG)
        return {"figures": [st.figs[i].id for i in figs]}

    def _lieutenants(self, st: DescentState) -> list[int]:
        return [st.ids[x] for x in st.mods[NAME]["figures"]]

    def _has(self, st: DescentState, fi: int, ability: str) -> bool:
        return st.figs[fi].stat in self.keys and ability in st.stat(fi).abilities

    # -- mandatory effects -----------------------------------------------------------------------
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if window == "turn-start" and ctx[0] == -1:
            for fi in self._lieutenants(st):
                if st.figs[fi].status == "active" and self._has(st, fi, "regeneration-1"):
                    st.emit("info", f"Regeneration: {st.name(fi)} recovers 1 heart.")
                    st.recover(fi, hearts=1)
        elif window == "attack-resolved":
            self._aftershock(st)

    def _aftershock(self, st: DescentState) -> None:
        atk = st.attack
        if atk is None or FOLLOW in atk.flags:
            return
        h, lt = atk.attacker, atk.target
        if (st.figs[h].side == "hero" and st.figs[h].status == "active" and self._has(st, lt, "aftershock")
                and st.figs[lt].pos >= 0 and st.adjacent(h, lt)):
            st.test(h, "willpower", None, (FATIGUE_TASK, h, 1), "Aftershock")

    # -- Fury -------------------------------------------------------------------------------------
    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if (seat != "overlord" or atk is None or FOLLOW in atk.flags or "fury" in atk.flags
                or not self._has(st, atk.attacker, "fury") or st.figs[atk.attacker].status != "active"):
            return []
        return [FURY]

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        atk.flags.append("fury")
        st.test(atk.attacker, "might", st.mod_task(NAME, "fury-pass"), st.mod_task(NAME, "fury-fail"), "Fury")

    def run(self, st: DescentState, payload: Any) -> None:
        atk = st.attack
        assert atk is not None
        if payload == "fury-pass":
            atk.extra_surges += 1
            st.emit("info", f"Fury: the attack of {st.name(atk.attacker)} gains a surge.")
        else:
            atk.flags.append(MISS + f"{st.name(atk.attacker)} fails his Fury test")

    # -- views ------------------------------------------------------------------------------------
    def view(self, st: DescentState, seat: Seat | None, data: Any) -> Any:
        return {fid: stat_line(st.stat(st.ids[fid])) for fid in data["figures"]}


def lieutenant_space(enc: Encounter) -> list[Action]:
    """The actions the lieutenants of ``enc`` add to the fixed action space (their action
    abilities and Fury), in a fixed order."""
    abilities = {a for g in enc.groups if g.lieutenant for a in enc.stats[g.master_stat].abilities}
    heroes = [h.id for h in enc.heroes]
    monsters = [f"{g.prefix}-m" if g.masters == 1 else f"{g.prefix}-m{j + 1}" for g in enc.groups
                for j in range(g.masters)] + [f"{g.prefix}-{j + 1}" for g in enc.groups for j in range(g.minions)]
    out: list[Action] = []
    if "fury" in abilities:
        out.append(FURY)
    for word in ("wail", "rally", "ignite"):
        if word in abilities:
            out.append(Action(word))
    if "shadow-bolt" in abilities:
        out += [Action("shadow-bolt", (h,)) for h in heroes]
    if "sacrifice" in abilities:
        out += [Action("sacrifice", (m,)) for m in monsters]
    return out
