"""The lieutenant pack in the encounter: threat and fortune, the First Legion Plot deck and the
Ardus Ix'Erebus agent, as the rule module ``campaign`` (added to a setup that has a ``campaign``
key; the campaign between quests is :mod:`questbox.games.descent.campaign`).

The module's state, ``state.mods["campaign"]`` (JSON paths for conformance cases)::

    threat: 3                      # the overlord's unspent threat tokens
    fortune: {syndrael: 1, ...}    # fortune tokens on each Hero sheet
    cards: {strength-in-numbers: ready, retribution: facedown, swarming-tide: exhausted, ...}
    reminders: [leoric]            # hero tokens: threat gained for defeating that hero this quest
    marks: {camaraderie: zombies, defensive-position: H, loyalty-rewarded: goblins,
            rise-to-the-challenge: goblins}
    extra: [syndrael]              # heroes who took a fortune extra action this round
    agent: ardus                   # the agent's figure id while it is on the map
    replaced: [zombie-m, zombie-1] # the figures the agent replaced
    items: {syndrael: [health-potion]}  # (the heroes' items are also on their figures)

Views: a seat other than the overlord sees how many cards are face down, not which.

Action notation (see docs/games/descent.md): the overlord ``plot <card> [<arg>]``, ``threat
<hero>``, ``fealty <minion>``, ``flank <monster>``, ``rally``; the heroes ``fortune recover``,
``fortune action``, ``fortune reroll <die>``, ``fortune defend <die>``, ``fortune retest <die>``,
``give <hero>`` (a tied fortune token), ``masses end-turn|test``, ``comrade fatigue|no-surges``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from questbox.core import JSON, Action, Decision, Seat
from questbox.games.descent.data import Stat
from questbox.games.descent.encounters import carry_in
from questbox.games.descent.flow import FORTUNE_GIVE, MASSES, Comrade, Masses, Tied
from questbox.games.descent.model import Fig
from questbox.games.descent.plot_cards import CAMPAIGN_KEYS as CAMPAIGN_KEYS
from questbox.games.descent.plot_cards import KINDS as KINDS
from questbox.games.descent.plot_cards import UPGRADE_HEALTH as UPGRADE_HEALTH
from questbox.games.descent.plot_cards import PlotCardModel as PlotCardModel
from questbox.games.descent.plot_cards import agent_stat as agent_stat
from questbox.games.descent.plot_cards import cards_of as cards_of
from questbox.games.descent.plot_cards import deck as deck
from questbox.games.descent.plot_cards import normalize_campaign as normalize_campaign
from questbox.games.descent.plot_cards import plot_data as plot_data
from questbox.games.descent.plot_cards import split_deck as split_deck
from questbox.games.descent.plot_deck import CARDS, FEALTY, PlotCard
from questbox.games.descent.rules import Ctx, RuleModule, register_module

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME = "campaign"
HERO_POINTS = frozenset({"hero-turn", "attack-after-roll", "attack-after-defense", "test-after-roll"})


# ================================================================================ the module
def _a(name: str, *args: Any) -> Action:
    return Action(name, tuple(args))


class PlotModule(RuleModule):
    """Threat, fortune, the Plot deck's cards and the agent (see the module docstring)."""

    name = NAME
    listens = frozenset({"encounter-setup", "round-start", "turn-start", "turn-end", "activation-end",
                         "attack-declared", "attack-after-roll", "figure-defeated", "test-after-roll", "encounter-end"})
    offers_at = frozenset({"encounter-setup", "after-setup", "turn-end", "attack-before-roll", "attack-after-roll",
                           "attack-after-defense", "attack-resolved", "enter-space", "figure-defeated",
                           "test-after-roll", "hero-turn", "monster-turn"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        self.cfg: JSON = enc.setup.get("campaign") or normalize_campaign({}, [h.id for h in enc.heroes])
        pd = self.cfg["plot_deck"]
        self.cards: dict[str, PlotCardModel] = cards_of(pd) if pd else {}
        #: the deck's card objects, and those offered at / listening to each window (in CARDS' order)
        self.deck: dict[str, PlotCard] = {cid: c for cid, c in CARDS.items() if cid in self.cards}
        self.offering: dict[str, tuple[PlotCard, ...]] = {
            w: tuple(c for c in self.deck.values() if w in c.offers_at) for w in self.offers_at}
        self.listening: dict[str, tuple[PlotCard, ...]] = {
            w: tuple(c for c in self.deck.values() if w in c.listens) for w in self.listens}
        self.agent: Stat | None = None
        if "summon-ardus" in self.cards:
            self.agent = agent_stat("ardus", enc.act, enc.n_heroes)
            enc.add_stat(self.agent)
        #: the quest's open groups (group numbers)
        self.open_groups = tuple(i for i, g in enumerate(enc.quest.groups) if g.open)
        self.group_ids = tuple(g.id for g in enc.groups)
        #: the lieutenants the quest features as figures (its groups that are a lieutenant)
        self.featured = frozenset(g.lieutenant for g in enc.groups if g.lieutenant)
        self.tiles = tuple(sorted(enc.board.tile_names))
        self.master_stat = {i: g.master_stat for i, g in enumerate(enc.groups)}
        self.minion_stat = {i: g.minion_stat for i, g in enumerate(enc.groups)}
        #: Rise to the Challenge's stat line of each group's minions (:func:`risen_stat`)
        self.risen_stat: dict[int, str] = {}
        if "rise-to-the-challenge" in self.cards:
            for i, g in enumerate(enc.groups):
                risen = risen_stat(enc.stats[g.minion_stat], enc.stats[g.master_stat])
                enc.add_stat(risen)
                self.risen_stat[i] = risen.key

    # ---------------------------------------------------------------- state
    def init(self, st: DescentState) -> Any:
        c = self.cfg
        cards = {cid: ("ready" if cid in c["faceup"] else "facedown") for cid in self.cards}
        for h in st.heroes():
            f = st.figs[h]
            f.items.extend(c["items"].get(f.id, []))
            f.hp_bonus += sum(UPGRADE_HEALTH[u] for u in c["upgrades"].get(f.id, []))
        if (self.agent is not None and cards.get("summon-ardus") == "ready" and "ardus" not in st.ids
                and "ardus" not in self.featured):
            # the agent's figure waits off the map from the start, so the figures a view lists (and
            # the RL encoding's length) never change during the encounter
            st.add_figure(Fig("ardus", "monster", self.agent.key, "overlord", self.agent.shape, -1, True))
        data = {"threat": c["threat"], "fortune": dict(c["fortune"]), "cards": cards, "reminders": [],
                "marks": {}, "extra": [], "agent": "", "replaced": [], "used": {}}
        carry_in(st, c, data)       # encounter 2 of a quest: what encounter 1 left
        return data

    def view(self, st: DescentState, seat: Seat | None, data: Any) -> Any:
        if seat == "overlord" or not isinstance(data, dict) or "cards" not in data:
            return data
        cards = data["cards"]
        data["cards"] = {k: v for k, v in cards.items() if v != "facedown"}
        data["facedown"] = sum(1 for v in cards.values() if v == "facedown")
        return data

    def ready(self, st: DescentState, card: str) -> bool:
        """A face-up, ready card the overlord can pay for."""
        m = st.mods[NAME]
        return bool(m["cards"].get(card) == "ready" and m["threat"] >= self.cards[card].trigger)

    def exhausted(self, st: DescentState, card: str) -> bool:
        return bool(st.mods[NAME]["cards"].get(card) == "exhausted")

    # ---------------------------------------------------------------- threat and fortune
    def pay(self, st: DescentState, card: str, *, exhaust: bool = True) -> None:
        """Exhaust (or use) ``card`` and spend its trigger cost: each token spent becomes fortune."""
        m = st.mods[NAME]
        cost = self.cards[card].trigger
        m["threat"] -= cost
        m["cards"][card] = "exhausted" if exhaust else "used"
        m["used"][card] = m["used"].get(card, 0) + 1
        st.emit("plot", f"The overlord {'exhausts' if exhaust else 'uses'} {self.cards[card].name} "
                f"({cost} threat).", {"card": card, "cost": cost})
        for _ in range(cost):
            st.tasks.append(st.mod_task(NAME, ("fortune",)))

    def gain_threat(self, st: DescentState, n: int, why: str) -> None:
        if n <= 0:
            return
        st.mods[NAME]["threat"] += n
        st.emit("threat", f"The overlord gains {n} threat ({why}).", {"amount": n})

    def _fewest(self, st: DescentState) -> list[str]:
        fortune = st.mods[NAME]["fortune"]
        low = min(fortune.values())
        return [st.figs[h].id for h in st.heroes() if fortune[st.figs[h].id] == low]

    def _hero_seat(self, st: DescentState, hid: str) -> Seat:
        return st.figs[st.ids[hid]].seat

    def _give(self, st: DescentState, hid: str) -> None:
        st.mods[NAME]["fortune"][hid] += 1
        st.emit("fortune", f"A threat token turns to fortune on {st.name(st.ids[hid])}'s Hero sheet.", {"hero": hid})

    def _spend_fortune(self, st: DescentState, hid: str, n: int, what: str) -> None:
        st.mods[NAME]["fortune"][hid] -= n
        st.emit("fortune", f"{st.name(st.ids[hid])} spends {n} fortune: {what}.", {"hero": hid, "amount": n})

    # ---------------------------------------------------------------- windows
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        m = st.mods[NAME]
        if window == "round-start":
            m["extra"] = []
        elif window == "turn-start" and ctx[0] == -1:
            self._refresh_normal(st)
        elif window == "figure-defeated":
            self._on_defeated(st, ctx[0], ctx[1])
        elif window == "test-after-roll":
            m.pop("retest", None)
        elif window == "encounter-end":
            if self.cards and st.result is not None and self.cfg.get("encounter", {}).get("last", True):
                # the end of the quest (its last encounter): 1 threat, and 1 more if the overlord won
                self.gain_threat(st, 2 if st.result[0] == "overlord" else 1, "the end of the quest")
            for cid, c in self.cards.items():
                if c.refresh == "encounter-end" and m["cards"][cid] == "exhausted":
                    m["cards"][cid] = "ready"
        for card in self.listening.get(window, ()):
            card.on(self, st, window, ctx)
        if window == "attack-declared":
            self._forceful_blow(st)

    def _refresh_normal(self, st: DescentState) -> None:
        m = st.mods[NAME]
        for cid, c in self.cards.items():
            if c.refresh == "normal" and m["cards"][cid] == "exhausted":
                m["cards"][cid] = "ready"
                st.emit("plot", f"{c.name} refreshes.", {"card": cid})

    def _forceful_blow(self, st: DescentState) -> None:
        """The agent's Forceful Blow: a hero it attacks tests Might, or the attack gains a surge."""
        atk = st.attack
        assert atk is not None
        f = st.figs[atk.attacker]
        if (self.agent is not None and f.stat == self.agent.key and "forceful-blow" in self.agent.abilities
                and st.figs[atk.target].side == "hero"):
            st.test(atk.target, "might", None, st.mod_task(NAME, ("forceful",)), "Forceful Blow")

    def _on_defeated(self, st: DescentState, fi: int, by: int) -> None:
        m = st.mods[NAME]
        f = st.figs[fi]
        if f.side != "monster":
            return
        atk = st.attack
        if by >= 0 and atk is not None and atk.attacker == by and st.figs[by].side == "hero":
            # Retribution's X counts every monster the attack defeated; its trigger only small ones
            atk.flags.append(f"defeated:{f.group}")
            if st.is_small(fi):
                atk.flags.append(f"defeated-small:{f.group}")
        if m["agent"] and f.id == m["agent"]:
            m["agent"] = ""
            m["cards"]["summon-ardus"] = "facedown"
            for rid in m["replaced"]:
                tags = st.figs[st.ids[rid]].tags
                if "no-reinforce" in tags:
                    tags.remove("no-reinforce")
            m["replaced"] = []
            st.emit("plot", "Ardus Ix'Erebus is defeated: Summon Ardus Ix'Erebus returns to the Plot deck.")
            return

    # ---------------------------------------------------------------- offers
    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        if not self.cards and point not in HERO_POINTS:
            return []
        if seat == "overlord":
            return self._ol_offers(st, point, ctx) if self.cards else []
        return self._hero_offers(st, seat, point, ctx)

    def _ol_offers(self, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        out: list[Action] = []
        if point == "figure-defeated":
            f = st.figs[ctx[0]]
            if f.side == "hero" and f.id not in st.mods[NAME]["reminders"]:
                out.append(_a("threat", f.id))
        for card in self.offering.get(point, ()):
            out.extend(card.offers(self, st, point, ctx))
        if self.agent is not None:
            out.extend(self._agent_offers(st, point, ctx))
        return out

    def _agent_offers(self, st: DescentState, point: str, ctx: Ctx) -> list[Action]:
        """The agent's Flanking (before its attack roll) and Rally (an action)."""
        assert self.agent is not None
        atk = st.attack
        if point == "attack-before-roll":
            assert atk is not None
            a = atk.attacker
            if st.figs[a].side == "monster" and st.figs[a].stat == self.agent.key and "flanking" not in atk.flags:
                return [_a("flank", st.figs[x].id) for x in st.monsters()
                        if x != a and "cursed" in st.stat(x).traits and st.adjacent(x, atk.target)]
        elif point == "monster-turn":
            turn = st.turn
            if (st.figs[ctx[0]].stat == self.agent.key and "rally" in self.agent.abilities
                    and turn is not None and turn.actions > 0 and turn.kind != "extra"):
                return [_a("rally")]
        return []

    def may_summon(self, st: DescentState) -> bool:
        """Whether the agent may be summoned: only in a quest (not an Interlude or a Finale) that
        does not feature his lieutenant version (the campaign's ``lieutenants`` or a group of the
        quest that is Ardus as a lieutenant: DLP-AGENT-07)."""
        c = self.cfg
        return (c["kind"] == "quest" and "ardus" not in c["lieutenants"] and "ardus" not in self.featured
                and not st.mods[NAME]["agent"])

    def _hero_offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        if point not in HERO_POINTS:
            return []
        m = st.mods[NAME]
        fortune: dict[str, int] = m["fortune"]
        if not fortune or not any(fortune.values()):
            return []
        atk = st.attack
        if point == "hero-turn":
            fi = ctx[0]
            f = st.figs[fi]
            n = fortune.get(f.id, 0)
            turn = st.turn
            if f.seat != seat or f.status != "active" or not n or turn is None:
                return []
            out = []
            if f.fatigue > 0:
                out.append(_a("fortune", "recover"))
            if n >= 2 and turn.actions == 0 and not turn.ended and f.id not in m["extra"] and turn.kind == "hero":
                out.append(_a("fortune", "action"))
            return out
        if point == "attack-after-roll" and atk is not None:
            f = st.figs[atk.attacker]
            if f.side == "hero" and f.seat == seat and fortune.get(f.id, 0):
                return [_a("fortune", "reroll", i) for i in range(len(atk.dice))
                        if f"fortune-reroll:{i}" not in atk.flags]
            return []
        if point == "attack-after-defense" and atk is not None:
            f = st.figs[atk.target]
            if f.side == "hero" and f.seat == seat and fortune.get(f.id, 0) and f.status == "active":
                return [_a("fortune", "defend", i) for i in range(len(atk.def_dice))
                        if f"fortune-defend:{i}" not in atk.flags]
            return []
        if point == "test-after-roll" and st.tests:
            fi = st.tests[-1][0]
            f = st.figs[fi]
            if f.side == "hero" and f.seat == seat and fortune.get(f.id, 0):
                done = m.get("retest", [])
                return [_a("fortune", "retest", i) for i in range(2) if i not in done]
        return []

    # ---------------------------------------------------------------- taking offers
    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        name, args = action.name, action.args
        if name == "plot":
            self.deck[str(args[0])].take(self, st, ctx, action)
        elif name == "fortune":
            self._take_fortune(st, point, ctx, action)
        elif name == "threat":
            st.mods[NAME]["reminders"].append(str(args[0]))
            self.gain_threat(st, 1, f"{st.name(st.ids[str(args[0])])} is defeated; instead of an Overlord card")
        elif name == "fealty":
            FEALTY.sacrifice(st, action)
        elif name == "flank":
            self._flank(st, st.ids[str(args[0])])
        elif name == "rally":
            self._rally(st, ctx[0])

    def _flank(self, st: DescentState, src: int) -> None:
        atk = st.attack
        assert atk is not None
        atk.flags.append("flanking")
        have = {x[0] for x in atk.abilities}
        for s in st.stat(src).surges:
            if s.id not in have:
                atk.abilities.append([s.id, s.effect, s.value, s.cost])
        st.emit("plot", f"Flanking: Ardus Ix'Erebus may use the surge abilities of {st.name(src)}.")

    def _rally(self, st: DescentState, fi: int) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        st.emit("action", "Ardus Ix'Erebus rallies: each monster within 3 spaces discards 1 condition.")
        for x in st.monsters():
            if st.figs[x].conds and (x == fi or st.within(fi, x, 3)):
                st.remove_condition(x, st.figs[x].conds[0])
        st.window("action-performed", (fi, "rally"))

    def _take_fortune(self, st: DescentState, point: str, ctx: Ctx, action: Action) -> None:
        m = st.mods[NAME]
        what = str(action.args[0])
        atk = st.attack
        if what == "recover":
            fi = ctx[0]
            self._spend_fortune(st, st.figs[fi].id, 1, "recover 1 fatigue")
            st.recover(fi, fatigue=1)
        elif what == "action":
            fi = ctx[0]
            turn = st.turn
            assert turn is not None
            self._spend_fortune(st, st.figs[fi].id, 2, "one more action")
            turn.actions += 1
            m["extra"].append(st.figs[fi].id)
        elif what == "reroll":
            assert atk is not None
            i = int(action.args[1])
            atk.flags.append(f"fortune-reroll:{i}")
            self._spend_fortune(st, st.figs[atk.attacker].id, 1, f"reroll the {atk.dice[i]} die")
            old = atk.faces[i]
            atk.faces[i] = st.rng.roll(6)
            st.emit("reroll", f"Reroll of the {atk.dice[i]} die: {st.describe_faces([atk.dice[i]], [old])} → "
                    f"{st.describe_faces([atk.dice[i]], [atk.faces[i]])}.")
        elif what == "defend":
            assert atk is not None
            i = int(action.args[1])
            atk.flags.append(f"fortune-defend:{i}")
            self._spend_fortune(st, st.figs[atk.target].id, 1, f"reroll the {atk.def_dice[i]} defense die")
            atk.def_faces[i] = st.rng.roll(6)
        elif what == "retest":
            i = int(action.args[1])
            t = st.tests[-1]
            m.setdefault("retest", []).append(i)
            self._spend_fortune(st, st.figs[t[0]].id, 1, "reroll a test die")
            t[2][i] = st.rng.roll(6)

    def summon(self, st: DescentState, g: int) -> None:
        """The agent replaces a master and a minion of group ``g`` (Summon Ardus Ix'Erebus)."""
        assert self.agent is not None
        m = st.mods[NAME]
        members = [x for x in st.group_figs(g) if st.figs[x].status == "active"]
        masters = [x for x in members if st.figs[x].master]
        minions = [x for x in members if not st.figs[x].master]
        out = [masters[0], minions[0]] if masters and minions else members
        spot = st.figs[out[0]].pos
        m["replaced"] = [st.figs[x].id for x in out]
        for x in out:
            st.figs[x].tags.append("no-reinforce")
        # lift the replaced figures quietly: they leave the map, they are not defeated
        for x in out:
            st.lift(x)
            st.figs[x].status, st.figs[x].pos = "defeated", -1
        f = Fig("ardus", "monster", self.agent.key, "overlord", self.agent.shape, g, True)
        f.tags.append("no-reinforce")
        f.tags.append("agent")
        if "ardus" in st.ids:
            fi = st.ids["ardus"]
            st.figs[fi] = f
        else:
            fi = st.add_figure(f)
        st.place(fi, spot)
        if (m["marks"].get("loyalty-rewarded") == self.group_ids[g] and self.exhausted(st, "loyalty-rewarded")
                and st.is_small(fi)):
            f.hp_bonus += 1     # Loyalty Rewarded (DLP-C09-04) holds for a small agent joining the group later
        m["agent"] = "ardus"
        st.emit("plot", f"Ardus Ix'Erebus replaces {', '.join(m['replaced'])} in the {self.enc.groups[g].name} group.",
                {"replaced": list(m["replaced"])})

    # ---------------------------------------------------------------- tasks and decisions
    def run(self, st: DescentState, payload: Any) -> None:
        what = payload[0]
        if what == "fortune":
            tied = self._fewest(st)
            if len(tied) == 1:
                self._give(st, tied[0])
            else:
                st.ask(self._hero_seat(st, tied[0]), FORTUNE_GIVE, tuple(tied))
        elif what == "swarm":
            fi = payload[1]
            n = sum(1 for x in st.monsters() if st.adjacent(fi, x))
            st.emit("plot", f"Swarming Tide: {st.name(fi)} fails and suffers 1 fatigue per adjacent monster ({n}).")
            st.suffer_fatigue(fi, n)
        elif what == "masses":
            fi = payload[1]
            if st.figs[fi].status == "active":
                st.ask(st.figs[fi].seat, MASSES, Masses(fi))
        elif what == "masses-fail":
            fi = payload[1]
            n = sum(1 for x in st.monsters() if st.adjacent(fi, x))
            self.gain_threat(st, n, "Threatening Masses: 1 per monster adjacent to the hero")
        elif what == "forceful":
            atk = st.attack
            assert atk is not None
            atk.extra_surges += 1
            st.emit("plot", "Forceful Blow: the target fails; +1 surge.")

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        word = d.kind.split(":")[2]
        if word == "give":
            return [_a("give", h) for h in cast(Tied, d.data)]
        if word == "masses":
            return [_a("masses", "end-turn"), _a("masses", "test")]
        if word == "comrade":
            return [_a("comrade", "fatigue"), _a("comrade", "no-surges")]
        return []

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        word = d.kind.split(":")[2]
        if word == "give":
            self._give(st, str(action.args[0]))
        elif word == "masses":
            fi = cast(Masses, d.data).fig
            if action.args[0] == "end-turn":
                st.emit("plot", f"Threatening Masses: {st.name(fi)} ends his turn.")
                st.end_turn()
            else:
                st.test(fi, "might", None, st.mod_task(NAME, ("masses-fail", fi)), "Threatening Masses")
        elif word == "comrade":
            fi = cast(Comrade, d.data).fig
            atk = st.attack
            assert atk is not None
            if action.args[0] == "fatigue":
                st.emit("plot", f"Comrade: {st.name(fi)} suffers 1 fatigue.")
                st.suffer_fatigue(fi, 1)
            else:
                st.emit("plot", f"Comrade: {st.name(fi)} spends no surges in this attack.")
                atk.no_surges = True


def risen_stat(minion: Stat, master: Stat) -> Stat:
    """A minion under Rise to the Challenge (DLP-C08-04): the master's Speed, Health, Defense,
    surge abilities and attack dice; the minion's own actions and other abilities."""
    return replace(minion, key=f"{minion.key}/risen", speed=master.speed, health=master.health,
                   defense=master.defense, dice=master.dice, surges=master.surges)


def campaign_space(enc: Encounter) -> list[Action]:
    """Every action the ``campaign`` module can offer in an encounter of ``enc`` (for the fixed
    action space of :mod:`questbox.games.descent.space`), in a fixed order."""
    mod = enc.by_name.get(NAME)
    if not isinstance(mod, PlotModule):
        return []
    heroes = [h.id for h in enc.heroes]
    monsters: list[str] = []
    for spec in enc.groups:
        monsters += [f"{spec.prefix}-m" if spec.masters == 1 else f"{spec.prefix}-m{j + 1}"
                     for j in range(spec.masters)]
        monsters += [f"{spec.prefix}-{j + 1}" for j in range(spec.minions)]
    dice = max([len(enc.stats[h].dice) for h in heroes] + [2])
    defense = max(len(enc.stats[h].defense) for h in heroes)
    if "tomble" in heroes and "heroes" in enc.by_name and len(heroes) > 1:
        # Tomble adds an adjacent hero's defense dice to his own
        defense = max(defense, len(enc.stats["tomble"].defense)
                      + max(len(enc.stats[h].defense) for h in heroes if h != "tomble"))
    out = [_a("fortune", "recover"), _a("fortune", "action")]
    out += [_a("fortune", "reroll", i) for i in range(dice)]
    out += [_a("fortune", "defend", i) for i in range(defense)]
    out += [_a("fortune", "retest", i) for i in range(2)]
    out += [_a("give", h) for h in heroes]
    out += [_a("masses", "end-turn"), _a("masses", "test"), _a("comrade", "fatigue"), _a("comrade", "no-surges")]
    if not mod.cards:
        return out
    groups = list(mod.group_ids)
    opened = [mod.group_ids[g] for g in mod.open_groups]
    agent = ["ardus"] if mod.agent is not None else []
    out += [_a("threat", h) for h in heroes]
    for cid in mod.cards:
        if cid == "retribution":
            out += [_a("plot", cid, m) for m in monsters + agent]
        elif cid == "camaraderie":
            out += [_a("plot", cid, g) for g in groups]
        elif cid == "defensive-position":
            out += [_a("plot", cid, t) for t in mod.tiles]
        elif cid in ("loyalty-rewarded", "summon-ardus"):
            out += [_a("plot", cid, g) for g in opened]
        else:
            out.append(_a("plot", cid))
    out += [_a("fealty", m) for m in monsters]
    if mod.agent is not None:
        out += [_a("flank", m) for m in monsters]
        out.append(_a("rally"))
        out += [_a("activate", "ardus"), _a("attack", "ardus")]
        out += [_a("surge", x.id) for x in mod.agent.surges]
        kits = {c for h in enc.heroes for c in h.kit}
        deck = set(enc.quest.search_deck) if enc.quest.search_deck is not None else set(enc.lib.search)
        if enc.two_hero_rule:
            out.append(_a("bonus-attack", "ardus"))
        if "rage" in kits:
            out.append(_a("rage", "ardus"))
        if "fire-flask" in deck:
            out.append(_a("flask", "ardus"))
    return out


register_module(NAME, PlotModule)
