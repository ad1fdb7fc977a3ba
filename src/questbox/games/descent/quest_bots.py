"""The overlord bots' quest goals beyond defeating heroes (issue #18): a quest whose counter
grows while a group stands on a tile (the Acolyte of Saradyn's raid: a goblin archer on tile 9A)
sends that group's monsters there. Bot side only: the rules never import it.

:func:`tile_goal_action` answers a monster's turn (``bots.monster_turn`` asks it first): a figure
of such a group that is not on the tile moves (and takes move actions) to come nearer to it; one
that stands on it stays there, attacking what it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import Action
from questbox.games.descent.flow import END, MOVE
from questbox.games.descent.tactics import expected_damage

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


def goal_tile(st: DescentState, fi: int) -> tuple[int, ...]:
    """The squares of the tile the quest's counters want figure ``fi``'s group on (``()``: none)."""
    f = st.figs[fi]
    if f.side != "monster" or f.group < 0:
        return ()
    gid = st.enc.groups[f.group].id
    for c in st.enc.quest.counters:
        for g in c.gain:
            on = g.group_on_tile
            if on is not None and on.group == gid and g.amount > 0:
                return st.enc.board.tiles.get(on.tile, ())
    return ()


def tile_goal_action(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """A monster's next action towards (or on) its group's goal tile, or ``None`` (no such goal:
    the usual tactics play)."""
    tile = goal_tile(st, fi)
    if not tile:
        return None
    board = st.enc.board
    attacks = [a for a in legal if a.name == "attack"]
    if set(st.squares(fi)) & set(tile):
        if attacks:
            return max(attacks, key=lambda a: expected_damage(st, fi, st.ids[str(a.args[0])]))
        return END if END in legal else None
    here = board.distance(st.doors, st.squares(fi), tile)
    moves = [a for a in legal if a.name == "move" and a.args]
    if moves:
        paths = st.moves(fi)
        best = min(moves, key=lambda a: (board.distance(st.doors, (paths[a][2],), tile), str(a)))
        if board.distance(st.doors, (paths[best][2],), tile) < here:
            return best
    if MOVE in legal:
        return MOVE
    return None
