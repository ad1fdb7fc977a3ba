"""The bots' quest goals beyond defeating figures (issue #18): a quest whose counter grows while a
group stands on a tile (the Acolyte of Saradyn's raid: a goblin archer on tile 9A) sends that
group's monsters there; a quest's villagers (``modules/villagers.py``) are carried off by the
monsters and escorted by the hero carrying the acolyte. Bot side only: the rules never import it.

:func:`tile_goal_action` answers a monster's turn (``bots.monster_turn`` asks it first): a monster
on or next to a villager carries it off; a figure of a tile-goal group goes for the villagers still
on the map first (two carried off win the Acolyte of Saradyn), then for its tile: off the tile it
moves (and takes move actions) to come nearer to it; on it, it stays there, attacking what it can.
:func:`villager_hero_action` moves the acolyte's carrier next to a villager and ends his turn there
(``bots.hero_turn`` asks it before its own movement); :func:`villager_react` escorts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import Action
from questbox.games.descent.flow import END, MOVE
from questbox.games.descent.modules.villagers import ESCORT, NAME, TAKE, VillagersModule
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
    for a in legal:
        if a.name == TAKE:          # a villager within reach: carry it off
            return a
    tile = goal_tile(st, fi)
    if not tile:
        return None
    villagers = villager_squares(st)
    if villagers:
        return approach(st, fi, legal, villagers)
    attacks = [a for a in legal if a.name == "attack"]
    if set(st.squares(fi)) & set(tile):
        if attacks:
            return max(attacks, key=lambda a: expected_damage(st, fi, st.ids[str(a.args[0])]))
        return END if END in legal else None
    return approach(st, fi, legal, tile)


def approach(st: DescentState, fi: int, legal: list[Action], squares: tuple[int, ...]) -> Action | None:
    """The move (or move action) that brings figure ``fi`` nearest to ``squares``, or ``None``
    (no move comes nearer)."""
    board = st.enc.board
    here = board.distance(st.doors, st.squares(fi), squares)
    moves = [a for a in legal if a.name == "move" and a.args]
    if moves:
        paths = st.moves(fi)
        best = min(moves, key=lambda a: (board.distance(st.doors, (paths[a][2],), squares), str(a)))
        if board.distance(st.doors, (paths[best][2],), squares) < here:
            return best
    if MOVE in legal:
        return MOVE
    return None


def villager_squares(st: DescentState) -> tuple[int, ...]:
    """The squares of the villagers still on the map (``()``: none, or no villagers in the quest)."""
    data = st.mods.get(NAME)
    if data is None:
        return ()
    index = st.enc.board.index
    return tuple(index[s] for _, s in sorted(data["on"].items()))


def villager_hero_action(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """The acolyte's carrier: next to a villager he has not escorted one from this turn, end the
    turn (the escort comes at its end); otherwise come nearer to the villagers. ``None``: he does
    not carry the acolyte, no villager is left, or nothing brings him nearer (the usual play)."""
    squares = villager_squares(st)
    if not squares or st.mods[NAME]["acolyte"] != st.figs[fi].id:
        return None
    mod = st.enc.by_name[NAME]
    assert isinstance(mod, VillagersModule)
    if mod.near(st, fi):
        if st.mods[NAME]["escorted"] == f"{st.round}:{st.figs[fi].id}":
            return None
        return END if END in legal else None
    return approach(st, fi, legal, squares)


def villager_react(legal: list[Action]) -> Action | None:
    """Escort a villager when offered (the first one)."""
    for a in legal:
        if a.name == ESCORT:
            return a
    return None
