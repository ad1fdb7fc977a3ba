"""The overlord bot's choices for the lieutenants' own abilities (issue #18): the heuristic bot
(:mod:`questbox.games.descent.bots`) activates a lieutenant like any master monster (attack,
move, its monster tactics) and asks here about what only a lieutenant's card offers. No rules
here; rules never import this module.

* **Fury**: tested when the Might test passes at least 3 times in 4 and the attack hit (no X);
  **Flanking**: the Cursed monster whose surge abilities add the most new ones;
* an action ability (Wail, Rally, Shadow Bolt, Sacrifice, Ignite) when it is worth more than the
  plain attack the monster tactics found: Shadow Bolt against the target a plain attack would
  hit worst, Wail with two or more heroes in its reach, Sacrifice when the lieutenant is hurt by
  3 or more, Ignite with two or more heroes around, Rally when the monsters near have conditions,
  Seduce, Dominion and Promotion when his Willpower test passes at least half the time;
* Cry Havoc when a move through two heroes or more exists, and then that move; Overpower's trade
  of spaces whenever it is offered (Alric's Might 5 passes 33 times in 36);
* where a moved hero goes (``mod:lieutenants:shift``): the space with the most monsters next to
  it, then the farthest from the other heroes; Not Me!'s new target: the monster with the most
  Health left.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from questbox.core import Action
from questbox.games.descent.tactics import expected_damage

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

FURY = Action("fury")


def pass_odds(st: DescentState, fi: int, attr: str) -> float:
    """The chance that figure ``fi`` passes a test of ``attr`` (gray and black dice; 0 without
    attributes)."""
    value = st.attribute(fi, attr)
    if value is None:
        return 0.0
    dice = st.enc.lib.dice
    wins = sum(1 for g, b in product(dice["gray"], dice["black"]) if g.shields + b.shields <= value)
    return wins / 36


def react(st: DescentState, legal: list[Action]) -> Action | None:
    """During a lieutenant's attack: ``fury`` when it is worth the risk, ``flank <monster>`` for
    the Cursed monster that lends the most new surge abilities (see the module docstring); else
    ``None``."""
    trades = [a for a in legal if a.name == "overpower" and a.args]
    if trades:          # Overpower: trade spaces with the hero (the test passes 11 times in 12)
        return trades[0]
    atk = st.attack
    if atk is None or "lieutenant" not in st.figs[atk.attacker].tags:     # (the agent's are plot_bots')
        return None
    flanks = [a for a in legal if a.name == "flank"]
    if flanks:
        have = {str(x[0]) for x in atk.abilities}

        def new(a: Action) -> int:
            return sum(1 for x in st.stat(st.ids[str(a.args[0])]).surges if x.id not in have)

        best = max(flanks, key=new)
        return best if new(best) > 0 else None
    if FURY not in legal or st.atk_totals(atk)[3]:
        return None
    return FURY if pass_odds(st, atk.attacker, "might") >= 0.75 else None


def _heroes_within(st: DescentState, fi: int, n: int) -> int:
    return sum(1 for h in st.heroes() if st.figs[h].status == "active" and st.within(fi, h, n))


def _through(st: DescentState, fi: int, path: tuple[int, ...]) -> int:
    """How many heroes stand on the spaces of ``path`` (Cry Havoc's targets)."""
    return sum(1 for s in path if s in st.occ and st.figs[st.occ[s]].side == "hero" and st.occ[s] != fi)


def _havoc_move(st: DescentState, fi: int, mp: int) -> tuple[int, Action | None]:
    """The ``move`` through the most heroes with ``mp`` movement points, and how many."""
    best: tuple[int, Action | None] = (0, None)
    for a, (path, _cost, _anchor, _orient) in st.moves(fi, mp, paths=True).items():
        n = _through(st, fi, path)
        if n > best[0]:
            best = (n, a)
    return best


def lieutenant_action(st: DescentState, fi: int, legal: list[Action], attack_value: float) -> Action | None:
    """A lieutenant's action ability worth more than an attack of value ``attack_value`` (the
    expected damage the monster tactics found), else ``None``; in the move Cry Havoc grants, the
    move through the most heroes (or the end of that move)."""
    turn = st.turn
    if turn is not None and turn.kind == "extra" and "cry-havoc" in turn.flags:
        got = _havoc_move(st, fi, turn.mp)[1]
        return got if got is not None else Action("end")
    for a in legal:
        if a.name == "cry-havoc" and _havoc_move(st, fi, st.stat(fi).speed)[0] >= 2:
            return a
        if a.name == "wail" and _heroes_within(st, fi, 3) >= 2:
            return a
        if a.name == "ignite" and sum(1 for h in st.heroes() if st.figs[h].status == "active"
                                      and st.adjacent(fi, h)) >= 2:
            return a
        if a.name == "sacrifice" and st.figs[fi].damage >= 3:
            return a
        if a.name == "rally" and any(st.figs[m].conds and (m == fi or st.within(fi, m, 3)) for m in st.monsters()):
            return a
        if a.name in ("seduce", "dominion", "promotion") and pass_odds(st, fi, "willpower") >= 0.5:
            return a
    bolts = [a for a in legal if a.name == "shadow-bolt"]
    if bolts:
        scored = max(((expected_damage(st, fi, st.ids[str(a.args[0])], bonus=1), a) for a in bolts),
                     key=lambda x: x[0])
        if scored[0] > attack_value:
            return scored[1]
    return None


def lieutenant_decision(st: DescentState, kind: str, legal: list[Action]) -> Action:
    """The overlord's answer to a decision of the ``lieutenants`` module (see the docstring)."""
    board = st.enc.board
    if kind == "mod:lieutenants:relic":
        from questbox.games.descent.modules.lieutenant_relics import bot_relic

        return bot_relic(st, legal)
    if kind == "mod:lieutenants:not-me":
        return max(legal, key=lambda a: (st.health(st.ids[str(a.args[0])]) - st.figs[st.ids[str(a.args[0])]].damage,
                                         str(a)))
    d = st.pending[-1]
    moved = st.ids[str(d.data[0])]
    monsters = st.monsters()
    friends = [h for h in st.heroes() if h != moved and st.figs[h].status == "active"]

    def score(a: Action) -> tuple[int, int, str]:
        s = board.index[str(a.args[0])]
        near = sum(1 for m in monsters if board.distance(st.doors, (s,), st.squares(m)) <= 1)
        far = min((board.distance(st.doors, (s,), st.squares(h)) for h in friends), default=0)
        return near, far, str(a)

    return max(legal, key=score)
