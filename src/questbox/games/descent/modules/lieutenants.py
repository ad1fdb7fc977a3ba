"""The lieutenants of a quest (issue #18), as the rule module ``lieutenants``: the encounter adds
it when a quest group names a lieutenant (see :mod:`questbox.games.descent.lieutenants`).

It tags each lieutenant figure ``lieutenant`` at setup, plays the passives of the cards that are
not monster abilities (:data:`~questbox.games.descent.lieutenants.MODULE_ABILITIES`) and shows the
lieutenants' stat lines in views (``mods.lieutenants``: figure id -> its card for this act and
hero count: Speed, Health, Defense, attack dice, attributes, abilities with their texts):

* **Fury** (Ardus Ix'Erebus): after his attack roll the overlord may have him test Might; on a
  pass the attack gains a surge, on a fail it misses;
* **Aftershock** (Lord Merick Farrow): after an adjacent hero's attack on him, that hero tests
  Willpower or suffers 1 fatigue;
* **Regeneration 1** (Sir Alric Farrow, Act II): he recovers 1 heart at the start of the
  overlord's turn;
* **Rally** (Ardus Ix'Erebus, Act II): an action (``rally``, offered in his activation while he
  has an action left; as the pack's module plays the agent's Rally, it is not his attack): each
  monster within 3 spaces, he too, discards its first condition;
* **Overpower** (Sir Alric Farrow): in the move his action grants, each space he enters next to a
  hero offers ``overpower <hero>``: he tests Might and on a pass they trade spaces (the hero
  suffers 1 fatigue);
* **Flanking** (Ardus Ix'Erebus): before his attack roll the overlord may pick a Cursed monster
  next to the target (``flank <monster>``): the attack may use its surge abilities too;
* **Not Me!** (Splig): attacked, before the roll, he tests Awareness; on a pass the overlord
  picks a monster next to him (``not-me <monster>``, decision ``mod:lieutenants:not-me``) that
  becomes the target (range and line of sight stay Splig's).

It also answers the follow-ups of abilities played elsewhere: the task ``("shift", hero, n,
then)`` asks the overlord where to put a figure moved by another one (``shift <square>``, an
empty space within ``n`` spaces, decision ``mod:lieutenants:shift``; the figure enters it), then
``then``: ``stunned`` (Seduce), ``dominion`` (the hero tests Willpower or is Immobilized) or
nothing (Knockback); ``("havoc", Belthir)`` attacks every figure Cry Havoc's move went through
(noted at ``enter-space`` in ``havoc``); ``("promote", minion)`` plays a passed Promotion
(:func:`~questbox.games.descent.abilities.promotable`).

The overlord's relics (``campaign.overlord_relics``): given to the lieutenants before round 1 and
played as :mod:`~questbox.games.descent.modules.lieutenant_relics` says.

The mod's state: ``{"figures": [ids of the lieutenant figures], "havoc": [ids of the figures Cry
Havoc's move went through so far]}``, with ``relics`` and ``relic_used`` when relics are given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import questbox.games.descent.modules.lieutenant_relics as relic
from questbox.core import Action, Decision, Seat
from questbox.games.descent.abilities import add_figures
from questbox.games.descent.combat import FOLLOW, MISS
from questbox.games.descent.flow import ADD_CONDITION, FATIGUE_TASK, STEP
from questbox.games.descent.geometry import place_squares
from questbox.games.descent.lieutenant_abilities import promotable
from questbox.games.descent.lieutenants import TAG, stat_line
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME: Final = "lieutenants"
FURY: Final = Action("fury")
RALLY: Final = Action("rally")
#: the module's decisions: where a moved figure goes (data: figure id, spaces, then), and which
#: monster becomes the target of Not Me! (data: Splig's id)
SHIFT: Final = "mod:lieutenants:shift"
NOT_ME: Final = "mod:lieutenants:not-me"
#: the windows the relics play at (only when the overlord has relics)
RELIC_WINDOWS: Final = frozenset({"after-setup", "attack-declared", "activation-start"})


class LieutenantsModule(RuleModule):
    """The lieutenant figures' passives and stat lines (see the module docstring)."""

    name = NAME
    listens = frozenset({"turn-start", "attack-resolved", "attack-before-roll", "enter-space", "after-setup",
                         "attack-declared", "activation-start"})
    offers_at = frozenset({"attack-before-roll", "attack-after-roll", "monster-turn", "enter-space"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        #: the lieutenant groups' stat keys
        self.keys = frozenset(g.master_stat for g in enc.groups if g.lieutenant)
        #: the overlord's relics that his lieutenants may wield in this encounter
        self.relics = relic.owned(enc)

    def init(self, st: DescentState) -> Any:
        figs = [i for i, f in enumerate(st.figs) if f.stat in self.keys]
        for i in figs:
            st.figs[i].tags.append(TAG)
        return {"figures": [st.figs[i].id for i in figs], "havoc": []}

    def _lieutenants(self, st: DescentState) -> list[int]:
        return [st.ids[x] for x in st.mods[NAME]["figures"]]

    def _has(self, st: DescentState, fi: int, ability: str) -> bool:
        return st.figs[fi].stat in self.keys and ability in st.stat(fi).abilities

    # -- mandatory effects -----------------------------------------------------------------------
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if self.relics and window in RELIC_WINDOWS:
            self._relics(st, window, ctx)
            return
        if window == "turn-start" and ctx[0] == -1:
            if self.relics:
                relic.refresh(st)
            for fi in self._lieutenants(st):
                if st.figs[fi].status == "active" and self._has(st, fi, "regeneration-1"):
                    st.emit("info", f"Regeneration: {st.name(fi)} recovers 1 heart.")
                    st.recover(fi, hearts=1)
        elif window == "attack-resolved":
            self._aftershock(st)
            if self.relics:
                relic.on_attack_resolved(st)
        elif window == "enter-space":
            turn = st.turn
            fi, square = ctx
            if turn is not None and turn.fig == fi and "cry-havoc" in turn.flags:
                o = st.occ.get(square)
                havoc: list[str] = st.mods[NAME]["havoc"]
                if o is not None and o != fi and st.figs[o].id not in havoc:
                    havoc.append(st.figs[o].id)
        elif window == "attack-before-roll":
            atk = st.attack
            if (atk is not None and FOLLOW not in atk.flags and self._has(st, atk.target, "not-me")
                    and self._not_me_targets(st, atk.target)):
                st.test(atk.target, "awareness", st.mod_task(NAME, ("not-me",)), None, "Not Me!")

    def _relics(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if window == "after-setup":
            relic.ask_next(st, self.relics)
        elif window == "attack-declared":
            relic.on_attack_declared(st)
        elif window == "activation-start" and st.figs[ctx[0]].stat in self.keys:
            relic.on_activation(st, ctx[0])

    def _not_me_targets(self, st: DescentState, fi: int) -> list[int]:
        atk = st.attack
        return [m for m in st.monsters() if m != fi and st.adjacent(fi, m) and "air" not in st.figs[m].tags
                and (atk is None or m != atk.attacker)]

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
        if point == "enter-space":
            turn = st.turn
            fi = ctx[0]
            if (seat != "overlord" or turn is None or turn.fig != fi or "overpower" not in turn.flags
                    or st.occ.get(ctx[1]) != fi):       # (not a space he only passes through)
                return []
            return [Action("overpower", (st.figs[h].id,)) for h in st.heroes()
                    if st.figs[h].status == "active" and st.adjacent(fi, h)]
        if point == "monster-turn":
            turn = st.turn
            kiss = relic.kiss_offers(st, ctx[0]) if self.relics and st.figs[ctx[0]].stat in self.keys else []
            if kiss:
                return [*kiss, *([RALLY] if self._has(st, ctx[0], "rally") and turn is not None
                                 and turn.actions > 0 and turn.kind != "extra" and st.attack is None else [])]
            if (self._has(st, ctx[0], "rally") and turn is not None and turn.actions > 0 and turn.kind != "extra"
                    and st.attack is None):
                return [RALLY]
            return []
        atk = st.attack
        if seat != "overlord" or atk is None or FOLLOW in atk.flags or st.figs[atk.attacker].status != "active":
            return []
        if point == "attack-before-roll":
            if not self._has(st, atk.attacker, "flanking") or "flanking" in atk.flags:
                return []
            return [Action("flank", (st.figs[x].id,)) for x in st.monsters()
                    if x != atk.attacker and "cursed" in st.stat(x).traits and st.adjacent(x, atk.target)]
        if "fury" in atk.flags or not self._has(st, atk.attacker, "fury"):
            return []
        return [FURY]

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        if action.name == "overpower":
            fi, h = ctx[0], str(action.args[0])
            st.test(fi, "might", st.mod_task(NAME, ("overpower", st.figs[fi].id, h)), None, "Overpower")
            return
        if action.name == "kiss":
            relic.kiss(st, ctx[0], action)
            return
        if action == RALLY:
            fi = ctx[0]
            turn = st.turn
            assert turn is not None
            turn.actions -= 1
            st.emit("action", f"{st.name(fi)} rallies: each monster within 3 spaces discards a condition.",
                    {"figure": st.figs[fi].id, "ability": "rally"})
            for x in st.monsters():
                if st.figs[x].conds and (x == fi or st.within(fi, x, 3)):
                    st.remove_condition(x, st.figs[x].conds[0])
            st.window("action-performed", (fi, "rally"))
            return
        atk = st.attack
        assert atk is not None
        if action.name == "flank":
            src = st.ids[str(action.args[0])]
            atk.flags.append("flanking")
            have = {x[0] for x in atk.abilities}
            atk.abilities.extend([x.id, x.effect, x.value, x.cost] for x in st.stat(src).surges if x.id not in have)
            st.emit("info", f"Flanking: {st.name(atk.attacker)} may use the surge abilities of {st.name(src)}.",
                    {"figure": st.figs[src].id})
            return
        atk.flags.append("fury")
        st.test(atk.attacker, "might", st.mod_task(NAME, ("fury-pass",)), st.mod_task(NAME, ("fury-fail",)), "Fury")

    # -- steps and decisions ----------------------------------------------------------------------
    def run(self, st: DescentState, payload: Any) -> None:
        word = payload[0]
        if word == "then":
            self._then(st, st.ids[str(payload[1])], str(payload[2]))
            return
        if word == "promote":
            self._promote(st, st.ids[str(payload[1])])
            return
        if word == "zorek":
            relic.zorek(st, st.ids[str(payload[1])], st.ids[str(payload[2])])
            return
        if word == "kiss":
            relic.kiss_lands(st, st.ids[str(payload[1])], bool(payload[2]))
            return
        if word == "havoc":
            self._havoc(st, st.ids[str(payload[1])])
            return
        if word == "overpower":
            self._trade(st, st.ids[str(payload[1])], st.ids[str(payload[2])])
            return
        if word == "shift":
            fid, n, then = str(payload[1]), int(payload[2]), str(payload[3])
            h = st.ids[fid]
            if st.figs[h].status == "active" and place_squares(st, h, n):
                st.ask("overlord", SHIFT, (fid, n, then))
            elif then:
                self._then(st, h, then)
            return
        atk = st.attack
        assert atk is not None
        if word == "fury-pass":
            atk.extra_surges += 1
            st.emit("info", f"Fury: the attack of {st.name(atk.attacker)} gains a surge.")
        elif word == "fury-fail":
            atk.flags.append(MISS + f"{st.name(atk.attacker)} fails his Fury test")
        elif word == "not-me" and self._not_me_targets(st, atk.target):
            st.ask("overlord", NOT_ME, (st.figs[atk.target].id,))

    def _havoc(self, st: DescentState, fi: int) -> None:
        """Cry Havoc's attack, after its move: every figure still on the map whose space he entered."""
        figs = [st.ids[x] for x in st.mods[NAME]["havoc"]]
        st.mods[NAME]["havoc"] = []
        figs = [x for x in figs if st.figs[x].status == "active" and "air" not in st.figs[x].tags]
        if st.figs[fi].status != "active" or not figs:
            st.emit("info", f"Cry Havoc: {st.name(fi)} moved through nobody.")
            return
        stat = st.stat(fi)
        st.emit("area", f"Cry Havoc: {st.name(fi)} attacks every figure he moved through: "
                f"{', '.join(st.name(x) for x in figs)}.", {"figures": [st.figs[x].id for x in figs]})
        atk = st.start_attack(fi, figs[0], source="cry-havoc", melee=stat.attack == "melee", dice=stat.dice,
                              abilities=stat.surges)
        atk.distance = 0                # (the figures he moved through: no range to check)
        add_figures(st, atk, figs[1:])

    def _trade(self, st: DescentState, fi: int, h: int) -> None:
        """Overpower passed: Alric and hero ``h`` trade spaces, the hero suffers 1 fatigue, and the
        rest of the path Alric chose is dropped (his move goes on, from his new space, with the
        movement points he has left)."""
        a, b = st.figs[fi], st.figs[h]
        if a.status != "active" or b.status != "active" or not st.adjacent(fi, h):
            return
        mine, theirs = a.pos, b.pos
        st.lift(fi)
        st.lift(h)
        st.place(fi, theirs)
        st.place(h, mine)
        for k in range(len(st.tasks) - 1, -1, -1):
            t = st.tasks[k]
            if t[0] == STEP and t[1] == fi:
                del st.tasks[k]
                break
        names = st.enc.board.names
        st.emit("place", f"Overpower: {st.name(fi)} and {st.name(h)} trade spaces ({names[theirs]}, {names[mine]}).",
                {"figures": [a.id, b.id]})
        st.suffer_fatigue(h, 1)

    def _promote(self, st: DescentState, m: int) -> None:
        """Promotion: minion ``m`` becomes a master of its group (its damage stays), if it still may."""
        f = st.figs[m]
        if f.status != "active" or not promotable(st, m):
            return
        f.stat = st.enc.groups[f.group].master_stat
        f.master = True
        st.emit("info", f"Promotion: {st.name(m)} is now a master.", {"figure": f.id})

    def _then(self, st: DescentState, h: int, then: str) -> None:
        if then == "stunned":
            st.add_condition(h, "stunned")
        elif then == "dominion":
            st.test(h, "willpower", None, (ADD_CONDITION, h, "immobilized"), "Dominion")

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        if d.kind == relic.RELIC:
            from questbox.games.descent.flow import PASS

            return [*relic.choices(st, st.ids[str(d.data[0])], self.relics), PASS]
        if d.kind == SHIFT:
            fid, n, _ = d.data
            names = st.enc.board.names
            return [Action("shift", (names[s],)) for s in place_squares(st, st.ids[str(fid)], int(n))]
        return [Action("not-me", (st.figs[m].id,)) for m in self._not_me_targets(st, st.ids[str(d.data[0])])]

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        if d.kind == relic.RELIC:
            relic.decide(st, d, action, self.relics)
            return
        if d.kind == SHIFT:
            fid, _, then = d.data
            h = st.ids[str(fid)]
            square = st.enc.board.index[str(action.args[0])]
            if then:
                st.tasks.append(st.mod_task(NAME, ("then", fid, then)))
            st.place(h, square)
            st.emit("place", f"{st.name(h)} is moved to {st.enc.board.names[square]}.",
                    {"figure": fid, "at": st.enc.board.names[square]})
            st.window("enter-space", (h, square))      # he counts as entering the space
            return
        atk = st.attack
        assert atk is not None
        m = st.ids[str(action.args[0])]
        atk.target = m
        atk.def_dice = list(st.stat(m).defense)
        st.emit("info", f"Not Me!: {st.name(m)} becomes the target of the attack.", {"target": st.figs[m].id})

    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        if d.kind == relic.RELIC:
            return f"the relic {st.name(st.ids[str(d.data[0])])} wields in this quest"
        if d.kind == SHIFT:
            return f"where {st.name(st.ids[str(d.data[0])])} is moved to"
        return "the monster that becomes the target instead (Not Me!)"

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
    for word in ("wail", "rally", "ignite", "cry-havoc", "overpower"):
        if word in abilities:
            out.append(Action(word))
    for word in ("shadow-bolt", "seduce", "dominion", "overpower"):
        if word in abilities:
            out += [Action(word, (h,)) for h in heroes]
    for word in ("sacrifice", "not-me", "promotion", "flank"):
        if word in abilities or (word == "flank" and "flanking" in abilities):
            out += [Action(word, (m,)) for m in monsters]
    out += relic.space(enc)
    if abilities & {"seduce", "dominion", "knockback"}:
        board = enc.board
        out += [Action("shift", (board.names[s],)) for s in board.spaces if board.passable[s]]
    return out

