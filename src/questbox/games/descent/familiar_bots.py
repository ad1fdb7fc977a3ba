"""The heuristic heroes' bot with the Necromancer's Reanimate and its cards (issue #18; the rules
are :mod:`questbox.games.descent.familiars` and :mod:`questbox.games.descent.skill_familiars`).

* in the Necromancer's turn (:func:`familiar_turn`, asked before the rest of
  :func:`questbox.games.descent.bots.hero_turn`): activate the Reanimate whenever that is
  offered; raise it (next to the monsters) when it is off the map; Army of Death on two monsters
  or more, Corpse Blast on two monsters or more next to the Reanimate, Fury of Undeath when the
  Reanimate has a monster within reach, Deathly Haste towards the monsters;
* in the Reanimate's activation (:func:`familiar_decision`, also a monster raised by Dying
  Command): attack the monster it hurts most, else move towards the nearest monster (its move
  action first), else end;
* the window cards: Undead Might whenever offered, Dark Pact when the blow would knock the
  Necromancer out (the Reanimate takes it) or defeat the Reanimate while the Necromancer has
  Health to spare, Dying Command on the first monster offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import Action
from questbox.games.descent.familiars import ACTIVATE, NAME, familiar_of
from questbox.games.descent.flow import END, MOVE
from questbox.games.descent.tactics import expected_damage, remaining, target_value

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


def _gap(st: DescentState, square: int, monsters: list[int]) -> int:
    """Spaces from ``square`` to the nearest of ``monsters`` (a large number with none)."""
    board = st.enc.board
    return min((board.distance(st.doors, (square,), st.squares(m)) for m in monsters), default=99)


def _toward(st: DescentState, options: list[Action], monsters: list[int]) -> Action | None:
    """Of ``<name> <square>`` actions, the one nearest a monster."""
    index = st.enc.board.index
    best = min(((_gap(st, index[str(a.args[0])], monsters), i) for i, a in enumerate(options)), default=None)
    return options[best[1]] if best is not None else None


def familiar_turn(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """The Necromancer's choice among his familiar's actions, or ``None`` (the rest of his turn)."""
    if NAME not in st.enc.by_name:
        return None
    if ACTIVATE in legal:
        return ACTIVATE
    monsters = st.monsters()
    if not monsters:
        return None
    by = {a.name: a for a in legal}
    raise_dead = [a for a in legal if a.name == "raise-dead"]
    if raise_dead:
        return _toward(st, raise_dead, monsters)
    fam = familiar_of(st, fi)
    if fam is None or st.figs[fam].status != "active":
        return None
    if "army-of-death" in by and sum(1 for m in monsters if st.sees(fi, m)) >= 2:
        return by["army-of-death"]
    if "corpse-blast" in by and sum(1 for m in monsters if st.adjacent(fam, m)) >= 2:
        return by["corpse-blast"]
    if "fury-of-undeath" in by and _gap(st, st.figs[fam].pos, monsters) <= st.stat(fam).speed + 1:
        return by["fury-of-undeath"]
    haste = [a for a in legal if a.name == "deathly-haste"]
    if haste:
        pick = _toward(st, haste, monsters)
        if pick is not None and _gap(st, st.board.index[str(pick.args[0])], monsters) < _gap(st, st.figs[fam].pos,
                                                                                                 monsters):
            return pick
    return None


def familiar_decision(st: DescentState, fam: int, legal: list[Action]) -> Action:
    """The Reanimate's activation (or a commanded monster's): attack, else close in, else end."""
    attacks = [a for a in legal if a.name == "attack"]
    if attacks:
        def value(a: Action) -> float:
            t = st.ids[str(a.args[0])]
            return target_value(st, fam, t, expected_damage(st, fam, t))

        return max(attacks, key=value)
    monsters = [m for m in st.monsters() if m != fam]
    here = _gap(st, st.figs[fam].pos, monsters)
    moves = [a for a in legal if a.name == "move" and a.args]
    if moves:
        paths = st.moves(fam)          # (a large monster's move names two corners: its anchor counts)
        gap, i = min((_gap(st, paths[a][2], monsters), i) for i, a in enumerate(moves))
        if gap < here:
            return moves[i]
    if MOVE in legal and here > 1:
        return MOVE
    return END


def familiar_react(st: DescentState, legal: list[Action]) -> Action | None:
    """The window cards of the Necromancer (Undead Might, Dark Pact, Dying Command), or ``None``."""
    if NAME not in st.enc.by_name:
        return None
    uses = {str(a.args[0]): a for a in legal if a.name == "use" and a.args}
    if "undead-might" in uses:
        return uses["undead-might"]
    atk = st.attack
    if "dark-pact" in uses and atk is not None:
        hit = atk.target
        dmg = atk.damage
        other = next((h for h in st.heroes() if familiar_of(st, h) == hit), None)
        if other is None:       # the Necromancer is hit: his Reanimate takes it if he would fall
            if dmg >= remaining(st, hit) or dmg >= 3:
                return uses["dark-pact"]
        elif dmg >= remaining(st, hit) and remaining(st, other) > dmg + 2:
            return uses["dark-pact"]
    if "dying-command" in uses:
        return uses["dying-command"]
    return None
