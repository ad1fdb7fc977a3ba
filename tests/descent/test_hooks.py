"""Rule modules hook every timing window without special cases in the engine.

The toy modules here do what the First Legion plot cards (issue 6) will need: offer the overlord a
choice in the middle of an attack, give a hero a choice when he enters a space, grant a monster an
out-of-turn move and attack, make heroes pay more to enter a tile, swap a group's stat line, raise
Health, and add a new figure (an agent) to a group after setup.
"""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import Action, Decision, IllegalAction, Seat
from questbox.games.descent.data import Stat
from questbox.games.descent.flow import HeroTurn, MonsterTurn, React
from questbox.games.descent.rules import WINDOWS, Ctx, RuleModule, register_module
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup, windows


class Recorder(RuleModule):
    """Listens to every window and records it in its own state."""

    name = "test-recorder"
    listens = frozenset(WINDOWS)

    def init(self, st: DescentState) -> Any:
        return []

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        st.mods[self.name].append(window)


class Pierce(RuleModule):
    """Strength in Numbers: when a small monster attacks, before the roll, the overlord may pay to
    give the attack Pierce X (X = monsters of its group adjacent to the target)."""

    name = "test-pierce"
    offers_at = frozenset({"attack-before-roll"})

    def init(self, st: DescentState) -> Any:
        return {"used": 0}

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if (seat == "overlord" and atk is not None and st.figs[atk.attacker].side == "monster"
                and st.is_small(atk.attacker) and "sin" not in atk.flags):
            return [Action("plot", ("strength-in-numbers",))]
        return []

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        g = st.figs[atk.attacker].group
        x = sum(1 for m in st.group_figs(g) if st.figs[m].status == "active" and st.adjacent(m, atk.target))
        atk.pierce += x
        atk.flags.append("sin")
        st.mods[self.name]["used"] += 1


class Masses(RuleModule):
    """Threatening Masses: a hero who enters a space adjacent to a monster during his turn must
    choose to end his turn or test Might."""

    name = "test-masses"
    listens = frozenset({"enter-space"})

    def init(self, st: DescentState) -> Any:
        return {"threat": 0}

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        fi, _square = ctx
        turn = st.turn
        if st.figs[fi].side != "hero" or turn is None or turn.fig != fi or turn.kind != "hero":
            return
        if any(st.adjacent(fi, m) for m in st.monsters()):
            st.ask(st.figs[fi].seat, "mod:test-masses:choose", (fi,))

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        return [Action("masses", ("end-turn",)), Action("masses", ("test",))]

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        fi = d.data[0]
        if action.args[0] == "end-turn":
            st.end_turn()
        else:
            st.test(fi, "might", None, st.mod_task(self.name, ("fail", fi)), "Threatening Masses")

    def run(self, st: DescentState, payload: Any) -> None:
        st.mods[self.name]["threat"] += 1


class Retribution(RuleModule):
    """When a monster is defeated by a hero's attack, another monster of its group moves up to its
    Speed and attacks, out of turn."""

    name = "test-retribution"
    listens = frozenset({"figure-defeated"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        fi, by = ctx
        if st.figs[fi].side != "monster" or by < 0:
            return
        mates = [m for m in st.group_figs(st.figs[fi].group) if st.figs[m].status == "active"]
        if mates:
            st.grant_activation(mates[0], st.stat(mates[0]).speed, 1, ("retribution",))


class Position(RuleModule):
    """Defensive Position: at the end of the overlord's turn, heroes pay 1 more movement point to
    enter the spaces of tile B."""

    name = "test-position"
    listens = frozenset({"turn-end"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if ctx[0] == -1 and not st.surcharge:
            st.surcharge.append(["hero", "B", 1])


class Rise(RuleModule):
    """Rise to the Challenge and Loyalty Rewarded: when a small master is defeated, its group's
    minions use the master's stat line; at setup, small monsters get +1 Health."""

    name = "test-rise"
    listens = frozenset({"figure-defeated", "encounter-setup"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if window == "encounter-setup":
            for m in st.monsters():
                if st.is_small(m):
                    st.figs[m].hp_bonus += 1
            return
        fi, _ = ctx
        f = st.figs[fi]
        if f.side == "monster" and f.master and st.is_small(fi):
            for m in st.group_figs(f.group):
                if not st.figs[m].master:
                    st.figs[m].stat = f.stat


AGENT = Stat(key="agent:test", name="Test Agent", monster="agent", master=True, speed=4, health=13,
             defense=("black", "brown"), dice=("blue", "red", "red"), attack="melee", abilities=frozenset(),
             surges=(), traits=frozenset(), shape=(1, 1), source="ours: a test agent")


class Summon(RuleModule):
    """Summon an agent after setup: it replaces one master and one minion of the first group; the
    replaced figures may not come back as reinforcements."""

    name = "test-summon"
    listens = frozenset({"after-setup"})

    def __init__(self, enc: Any) -> None:
        super().__init__(enc)
        enc.add_stat(AGENT)

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        g = 0
        members = st.group_figs(g)
        master = next(m for m in members if st.figs[m].master)
        minion = next(m for m in members if not st.figs[m].master)
        spot = st.figs[master].pos
        for m in (master, minion):
            st.defeat(m)
            st.figs[m].tags.append("no-reinforce")
        from questbox.games.descent.model import Fig

        agent = st._add_fig(Fig("agent", "monster", AGENT.key, "overlord", (1, 1), g, True))
        st.place(agent, spot)


for module in (Recorder, Pierce, Masses, Retribution, Position, Rise, Summon):
    register_module(module.name, module)


def test_every_window_is_published_as_an_event_and_reaches_a_listener() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["C2", "H6"], minions=2)])
    st = new(setup(q, modules=["test-recorder"]), script=[3, 3, 2])
    assert st.mods["test-recorder"][:3] == ["encounter-setup", "after-setup", "round-start"]
    act(st, "activate syndrael", "move")
    ev = act(st, "move B2")
    assert "enter-space" in windows(ev)
    ev = act(st, "attack goblin-1")
    # the printed order of an attack, one window per step
    attack_windows = [w for w in windows(ev) if w.startswith("attack")]
    assert attack_windows == ["attack-declared", "attack-before-roll", "attack-before-defense", "attack-after-roll",
                              "attack-after-defense", "attack-before-damage", "attack-after-damage",
                              "attack-resolved"]
    assert all(e.seats == () for e in ev if e.kind == "window"), "windows are for logs, not shown to seats"
    assert "figure-defeated" in windows(ev)
    assert "action-performed" in windows(ev)


def test_a_module_can_offer_the_overlord_a_choice_in_the_middle_of_an_attack() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["B2", "C1"], minions=2)])
    st = new(setup(q, modules=["test-pierce"]), script=[])
    act(st, "activate syndrael", "end", "end")     # syndrael ends; leoric plays alone and ends
    assert st.to_move() == ("overlord",)
    put(st, "syndrael", "B1")
    st.rng.script = [3, 3, 2]        # blue 2 hearts, yellow 2 hearts; gray 1 shield
    act(st, "activate goblin-1", "attack syndrael")
    assert st.to_move() == ("overlord",)
    d = st.pending[-1]
    assert d.kind == "react" and isinstance(d.data, React) and d.data.window == "attack-before-roll"
    assert names(st.legal_actions("overlord")) == ["plot strength-in-numbers", "pass"]
    with pytest.raises(IllegalAction):
        st.apply("heroes", "pass")
    ev = act(st, "plot strength-in-numbers")
    hit = next(e for e in ev if e.kind == "hit")
    assert hit.data == {"hearts": 4, "shields": 1, "pierce": 2, "damage": 4}
    assert st.mods["test-pierce"]["used"] == 1


def test_a_module_can_ask_a_hero_to_end_his_turn_or_test_might_when_he_enters_a_space() -> None:
    q = quest(groups=[group("zombie", "zombie", ["D1"], minions=1)])
    st = new(setup(q, modules=["test-masses"]))
    act(st, "activate syndrael", "move")
    act(st, "move B1")       # not adjacent to the zombie yet
    assert st.pending[-1].kind == "hero-turn"
    act(st, "move C1")       # adjacent: the module's decision for the heroes seat
    d = st.pending[-1]
    assert d.kind == "mod:test-masses:choose" and d.seat == "heroes"
    assert names(st.legal_actions("heroes")) == ["masses end-turn", "masses test"]
    act(st, "masses end-turn")
    assert st.figs[fig(st, "syndrael")].activated
    assert st.pending[-1].kind == "hero-turn" and isinstance(st.pending[-1].data, HeroTurn) \
        and st.pending[-1].data.fig == fig(st, "leoric")
    # the other choice: the test (Might 1 for Leoric: a gray 1 and a black 2 fail)
    act(st, "move")
    put(st, "leoric", "A2")
    st.rng.script = [2, 2]
    act(st, "move C2")       # through B2, then C2 next to the zombie
    act(st, "masses test")
    assert st.mods["test-masses"]["threat"] == 1
    assert st.pending[-1].kind == "hero-turn"


def test_a_module_can_grant_a_monster_an_out_of_turn_move_and_attack() -> None:
    q = quest(groups=[group("zombie", "zombie", ["B1", "E4"], minions=2)])
    st = new(setup(q, modules=["test-retribution"]))
    act(st, "activate syndrael")
    st.rng.script = [3, 2, 1]        # blue 2 hearts + red 2 hearts, brown 0: zombie-1 (3 Health) falls
    act(st, "attack zombie-1")
    d = st.pending[-1]
    assert d.kind == "monster-turn" and d.seat == "overlord" and isinstance(d.data, MonsterTurn) \
        and d.data.fig == fig(st, "zombie-2")
    assert st.turn is not None and st.turn.kind == "extra" and st.turn.mp == 3
    legal = names(st.legal_actions("overlord"))
    assert "move" not in legal and "move B2" in legal and "end" in legal
    act(st, "move B2")
    assert "attack syndrael" in names(st.legal_actions("overlord"))
    st.rng.script = [1, 1, 1]        # blue X: miss; the granted activation is then used up
    act(st, "attack syndrael")
    # back to Syndrael's own turn, one action left
    assert st.pending[-1].kind == "hero-turn" and st.turn is not None and st.turn.actions == 1
    assert not st.figs[fig(st, "zombie-2")].activated


def test_a_module_can_make_heroes_pay_more_to_enter_a_tile() -> None:
    q = quest(["AAAABBBB"] * 6, groups=[group("zombie", "zombie", ["H6"], minions=1)])
    st = new(setup(q, modules=["test-position"]))
    act(st, "activate syndrael", "end", "end")
    act(st, "activate zombie-1", "end")
    act(st, "activate syndrael", "move")
    legal = names(st.legal_actions())
    assert "move D1" in legal and "move E1" not in legal     # E1 is on tile B: 4 + 1 movement points
    assert st.surcharge == [["hero", "B", 1]]


def test_modules_can_raise_health_and_swap_a_groups_stat_line() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["B1", "F5"], masters=1, minions=1)])
    st = new(setup(q, modules=["test-rise"]))
    m, g1 = fig(st, "goblin-m"), fig(st, "goblin-1")
    assert st.health(m) == 5 and st.health(g1) == 3      # 4 and 2, +1 each
    act(st, "activate syndrael")
    st.rng.script = [2, 5, 1]         # 2 + 3 hearts, surge: +1 heart -> 6 against 0 shields
    act(st, "attack goblin-m", "done")
    assert st.figs[m].status == "defeated"
    assert st.figs[g1].stat == st.figs[m].stat and st.stat(g1).master


def test_a_module_can_summon_an_agent_into_a_group_after_setup() -> None:
    q = quest(groups=[group("zombie", "zombie", ["F3", "F4", "F5"], masters=1, minions=2)],
              reinforcements=[{"group": "zombies", "when": "round-start", "count": {2: 3, 3: 3, 4: 3},
                               "squares": ["H1", "H2", "H3"]}])
    st = new(setup(q, modules=["test-summon"]))
    a = fig(st, "agent")
    assert st.figs[a].status == "active" and st.board.names[st.figs[a].pos] == "F3"
    assert st.figs[fig(st, "zombie-m")].status == "defeated"
    assert st.health(a) == 13 and st.figs[a].group == 0
    # the replaced figures never come back as reinforcements
    act(st, "activate syndrael", "end", "end", "activate agent", "end", "activate zombie-2", "end")
    assert st.round == 2
    assert st.figs[fig(st, "zombie-m")].status == "defeated"
    assert st.figs[fig(st, "zombie-1")].status == "defeated"
    doc = st.to_json()
    assert st.game.from_json(doc).to_json() == doc
