"""Movement: where a figure may move with its movement points, and moving it space by space
(small figures enter each space of the path; large ones move as if small, then are placed: the
``large-place`` decision when the placement their ``move`` named is no longer possible)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from questbox.core import Action, Decision, Event
from questbox.games.descent.abilities import leave_cost
from questbox.games.descent.conditions import suffer
from questbox.games.descent.flow import LARGE_MOVE, LARGE_PLACE, STEP, Kind, LargePlace, Task, new_event
from questbox.games.descent.geometry import FRIEND, fits, lift, place
from questbox.games.descent.skill_hooks import TUMBLING

if TYPE_CHECKING:
    from questbox.games.descent.board import Board
    from questbox.games.descent.model import Turn
    from questbox.games.descent.state import DescentState

#: a ``move`` action's route: (path of squares entered, cost, anchor, orientation)
Route = tuple[tuple[int, ...], int, int, int]


def blocked(st: DescentState, fi: int) -> list[int]:
    """The squares figure ``fi`` may not enter because an enemy stands there (a monster with
    Scamper, or a lieutenant with Fly, moves through enemies; so does a hero while his Tumble is
    exhausted)."""
    f = st.figs[fi]
    if f.side == "monster" and not st.stat(fi).abilities.isdisjoint(("scamper", "fly")):
        return []
    if f.tags and TUMBLING in f.tags:      # a hero's Tumble (skill_more)
        return []
    key = ("blocked", f.side)
    got: list[int] | None = st._geo.get(key)
    if got is None:
        figs = st.figs
        side = f.side
        # (a monster turned to Air lets heroes through)
        friend = FRIEND.get(side, side)       # (a familiar and the heroes let each other through)
        got = st._geo[key] = [s for s, o in st.occ.items()
                              if figs[o].side != side and figs[o].side != friend and "air" not in figs[o].tags]
    return got


def extra_cost(st: DescentState, fi: int) -> dict[int, int] | None:
    """The surcharges (a plot card's) on entering squares, for figure ``fi``'s side."""
    if not st.surcharge:
        return None
    side = st.figs[fi].side
    tiles = st.enc.board.tiles
    out: dict[int, int] = {}
    for s_side, tile, amount in st.surcharge:
        if s_side == side:
            for s in tiles.get(tile, ()):
                out[s] = out.get(s, 0) + amount
    return out or None


def moves(st: DescentState, fi: int, mp: int | None = None, paths: bool = False, want: Action | None = None
          ) -> dict[Action, Route]:
    """Where figure ``fi`` may move with its movement points: ``move`` action -> (path of squares
    entered, cost, anchor, orientation); the paths of small figures only if ``paths``. With
    ``want``, a small figure's result holds at most that action (the others are skipped)."""
    turn = st.turns[-1] if st.turns else None
    if mp is None:
        mp = turn.mp if turn is not None else 0
    if mp <= 0:
        return {}
    f = st.figs[fi]
    if f.shape != (1, 1):
        table = large_moves(st, fi, mp)
        return dict(table) if paths else {k: ((), c, a, o) for k, (_, c, a, o) in table.items()}
    board = st.enc.board
    best, order, _ = small_reach(st, fi, mp)
    occ = st.occ
    out: dict[Action, Route] = {}
    if want is not None:
        arg = want.args[0] if want.name == "move" and len(want.args) == 1 else None
        s = board.index.get(arg, -1) if isinstance(arg, str) else -1
        if s in best and s != f.pos and s not in occ:
            out[want] = (tuple(board.path_to(best, s)) if paths else (), best[s][0], s, 0)
        return out
    acts = board.move_actions
    pos = f.pos
    for s in order:
        if s == pos or s in occ:
            continue
        out[acts[s]] = (tuple(board.path_to(best, s)) if paths else (), best[s][0], s, 0)
    return out


def _geo_key(st: DescentState, kind: str, fi: int, mp: int) -> tuple[tuple[Any, ...], dict[int, int] | None]:
    if not st.surcharge:
        return (kind, fi, mp, st.doors, st.figs[fi].stat), None
    extra = extra_cost(st, fi)
    return (kind, fi, mp, st.doors, st.figs[fi].stat, tuple(sorted(extra.items())) if extra else None), extra


Reach = tuple[dict[int, tuple[int, int, int]], tuple[int, ...], list[Action]]


def small_reach(st: DescentState, fi: int, mp: int) -> Reach:
    """A small figure's routes with ``mp`` movement points (see :meth:`Board.reach`), their
    squares in ascending order and its ``move <square>`` actions (cached until a figure or a
    door moves: do not mutate)."""
    if st.surcharge:
        key, extra = _geo_key(st, "small", fi, mp)
    else:       # (what _geo_key makes, inline)
        key, extra = ("small", fi, mp, st.doors, st.figs[fi].stat), None
    got = st._geo.get(key)
    if got is None:
        f = st.figs[fi]
        board = st.enc.board
        best, order = board.reach(st.doors, (f.pos,), mp, blocked(st, fi), extra)
        occ = st.occ
        pos = f.pos
        acts = board.move_actions
        # (plain loops: compiled, they beat map/filterfalse, which pure Python favours)
        dests = [acts[s] for s in order if s != pos and s not in occ]
        got = (best, order, dests)
        st._geo[key] = got
    return got


#: a turn flag ``large-from:<square>``: the large figure's movement goes on from that square (the
#: last it entered; no action has interrupted its movement since it was placed)
GOING_ON = "large-from:"


def large_starts(st: DescentState, fi: int) -> tuple[int, ...]:
    """Where large figure ``fi``'s next step of movement starts: any of its spaces, or, while its
    movement goes on uninterrupted (:data:`GOING_ON`), the last space it entered."""
    turn = st.turns[-1] if st.turns else None
    if turn is not None and turn.fig == fi and turn.flags:
        for flag in turn.flags:
            if flag.startswith(GOING_ON):
                return (st.enc.board.index[flag[len(GOING_ON):]],)
    return st.squares(fi)


def interrupt(turn: Turn) -> None:
    """An action other than spending movement points interrupts the figure's movement: a large
    figure's next movement starts from any of its spaces again."""
    flags = turn.flags
    for flag in flags:
        if flag.startswith(GOING_ON):       # (the list is rebuilt only when it holds one)
            flags[:] = [f for f in flags if not f.startswith(GOING_ON)]
            return


def _entries(st: DescentState, fi: int, mp: int, best: dict[int, tuple[int, int, int]],
             extra: dict[int, int] | None, starts: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """The cost of *entering* each square, and the square it is entered from: a large figure
    moves as if it were small from one of its squares (``starts``), and may re-enter them."""
    board = st.enc.board
    nb = board.move_neighbors(st.doors)
    enter: dict[int, tuple[int, int]] = {}
    for s, (c, _, prev) in best.items():
        if prev != -1:
            enter[s] = (c, prev)
    for s in starts:
        for u in nb[s]:
            if u in best:
                c = best[u][0] + board.cost[s] + (extra.get(s, 0) if extra else 0)
                if c <= mp and (s not in enter or c < enter[s][0]):
                    enter[s] = (c, u)
    return enter


def _hurt_rank(board: Board, best: dict[int, tuple[int, int, int]], enter: dict[int, tuple[int, int]],
               fp: tuple[int, ...], old: tuple[int, ...], q: int) -> tuple[int, int, int, tuple[int, ...]]:
    """On a map with damaging spaces, the route to placement ``fp`` through its square ``q``:
    (cost, damage on the way and on placing, q, path), so that the cheapest route hurts least."""
    c, prev = enter[q]
    path = (*board.path_to(best, prev), q)
    damage, stops = board.damage, board.stops
    hurt = sum(damage[s] for s in path if not stops[s])
    hurt += sum(damage[s] for s in fp if not stops[s] and s not in path and s not in old)
    return c, hurt, q, path


def large_moves(st: DescentState, fi: int, mp: int) -> dict[Action, Route]:
    """A large figure's :func:`moves` with paths (cached until a figure or a door moves: do not
    mutate)."""
    starts = large_starts(st, fi)
    key, extra = _geo_key(st, "large", fi, mp)
    key = (*key, starts)
    got = st._geo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    f = st.figs[fi]
    board = st.enc.board
    out: dict[Action, Route] = {}
    best = board.reach(st.doors, starts, mp, blocked(st, fi), extra, pits=False)[0]
    enter = _entries(st, fi, mp, best, extra, starts)
    w0, h0 = f.shape
    shapes = ((0, w0, h0),) if w0 == h0 else ((0, w0, h0), (1, h0, w0))
    seen: set[tuple[int, int]] = set()
    doors = st.doors
    taken = {s for s, o in st.occ.items() if o != fi}         # the other figures' squares
    rank = {q: (c, q) for q, (c, _) in enter.items()}
    here = (f.pos, f.orient)
    hurts = board.hurts
    old = st.squares(fi)
    for s in sorted(enter):
        for o, w, h in shapes:
            for anchor in board.covering(s, w, h):
                spot = (anchor, o)
                if spot in seen or spot == here:
                    continue
                seen.add(spot)
                # what fits(fi, anchor, o) checks: on spaces, no wall inside, passable, free
                fp = board.open_footprint(doors, anchor, w, h)
                if fp is None or not taken.isdisjoint(fp):
                    continue
                if hurts:
                    c, _, q, path = min(_hurt_rank(board, best, enter, fp, old, q) for q in fp if q in enter)
                    out[board.large_move(anchor, fp[-1])] = (path, c, anchor, o)
                    continue
                c, q = min(map(rank.__getitem__, filter(rank.__contains__, fp)))
                out[board.large_move(anchor, fp[-1])] = ((*board.path_to(best, enter[q][1]), q), c, anchor, o)
    st._geo[key] = out
    return out


def move_actions(st: DescentState, fi: int) -> list[Action]:
    """The ``move <square>`` actions of figure ``fi`` now: the keys of :func:`moves`, cheaper
    (do not mutate)."""
    turn = st.turns[-1] if st.turns else None
    mp = turn.mp if turn is not None else 0
    if mp <= 0:
        return []
    if st.figs[fi].shape != (1, 1):
        return list(large_moves(st, fi, mp))
    return small_reach(st, fi, mp)[2]


def step(st: DescentState, t: Task) -> None:
    """A small figure enters the next space of its path."""
    _, fi, path, i = t
    f = st.figs[fi]
    turn = st.turns[-1] if st.turns else None
    if f.status != "active" or turn is None or turn.ended or turn.fig != fi:
        return
    board = st.enc.board
    extra = extra_cost(st, fi)
    occ = st.occ
    # when nobody listens to enter-space and the space deals no damage, nothing can happen
    # between the step's window and the next step: take the next step here (same events)
    quiet = "enter-space" in st.enc.quiet
    webs = st.enc.webs and f.side == "hero"
    while True:
        s = path[i]
        if webs:
            leave_cost(st, fi)          # Web: 1 fatigue to move out of a space next to the monster
            if f.status != "active":
                return
        turn.mp = max(0, turn.mp - board.cost[s] - (extra.get(s, 0) if extra else 0))
        o = occ.get(s)
        if o is not None and o != fi:
            lift(st, fi)      # passing through a friendly figure's space
            f.pos = s
        else:
            place(st, fi, s, 0)
        if "moved" not in turn.flags:
            turn.flags.append("moved")
        stop = board.stops[s]
        if stop:
            turn.mp = 0
        elif i + 1 < len(path):
            if quiet and not board.damage[s]:
                st._events.append(new_event(Event, ("window", "enter-space", (),
                                                    {"window": "enter-space", "ctx": [fi, s]}, ())))
                i += 1
                continue
            st.tasks.append((STEP, fi, path, i + 1))
        st.window("enter-space", (fi, s))
        if board.damage[s]:
            suffer(st, fi, board.damage[s], -1, board.terrain[s])
        return


def large_move(st: DescentState, t: Task) -> None:
    """A large figure enters the next space of its path as if it were small (Rules Reference,
    Large Monsters): each space costs its movement points, opens ``enter-space`` and deals its
    terrain damage as it is entered (a pit only counts once the figure is placed wholly on pits).
    At the end of the path, or when its turn ends on the way, it is placed covering the last space
    entered (:func:`settle`)."""
    _, fi, path, i, anchor, orient = t
    f = st.figs[fi]
    turn = st.turns[-1] if st.turns else None
    if f.status != "active":
        return
    if turn is None or turn.ended or turn.fig != fi or i == len(path):
        if i:
            settle(st, fi, path[:i], anchor, orient)
        return
    board = st.enc.board
    s = path[i]
    extra = extra_cost(st, fi)
    turn.mp = max(0, turn.mp - board.cost[s] - (extra.get(s, 0) if extra else 0))
    if "moved" not in turn.flags:
        turn.flags.append("moved")
    st.tasks.append((LARGE_MOVE, fi, path, i + 1, anchor, orient))
    st.window("enter-space", (fi, s))
    if board.damage[s] and not board.stops[s]:
        suffer(st, fi, board.damage[s], -1, board.terrain[s])


def placements(st: DescentState, fi: int, square: int) -> list[tuple[int, int]]:
    """Where large figure ``fi`` may be placed so that it covers ``square``: (anchor, orientation)
    on spaces it may stand on (its own included), in board order."""
    w, h = st.figs[fi].shape
    out: list[tuple[int, int]] = []
    board = st.enc.board
    for o in ((0,) if w == h else (0, 1)):
        ww, hh = (h, w) if o else (w, h)
        out += [(a, o) for a in board.covering(square, ww, hh) if fits(st, fi, a, o) is not None]
    return sorted(out)


def place_action(st: DescentState, fi: int, anchor: int, orient: int) -> Action:
    """``place <top-left>:<bottom-right>``: a large figure's placement."""
    fp = fits(st, fi, anchor, orient, ignore=(fi,))
    board = st.enc.board
    assert fp is not None
    return Action("place", (f"{board.names[anchor]}:{board.names[fp[-1]]}",))


def settle(st: DescentState, fi: int, entered: tuple[int, ...], anchor: int, orient: int) -> None:
    """The movement of large figure ``fi`` ends, ``entered`` the spaces it entered: it is placed
    covering the last of them, where its ``move`` named if that still covers it and is free, else
    on the one placement that does, else where the overlord (its seat) chooses (decision
    ``large-place``); with none, it stays where it was."""
    fp = fits(st, fi, anchor, orient)
    if fp is not None and entered[-1] in fp:
        put_large(st, fi, anchor, orient, entered)
        return
    spots = placements(st, fi, entered[-1])
    if not spots:
        st.emit("info", f"{st.name(fi)} cannot be placed there any more and stays put.")
        return
    if len(spots) == 1:
        put_large(st, fi, *spots[0], entered)
        return
    st.ask(st.figs[fi].seat, LARGE_PLACE, LargePlace(fi, entered), [place_action(st, fi, a, o) for a, o in spots])


def put_large(st: DescentState, fi: int, anchor: int, orient: int, entered: tuple[int, ...]) -> None:
    """Place large figure ``fi`` at the end of its movement (``entered``: the spaces its path
    entered, whose terrain already counted). The spaces it now covers and had neither entered
    nor stood on deal their terrain's damage (they cost no movement: water neither); a pit
    counts only when every space it covers is a pit: then its movement ends too."""
    board = st.enc.board
    before = st.squares(fi)
    place(st, fi, anchor, orient)
    turn = st.turns[-1] if st.turns else None
    if turn is not None and turn.fig == fi:
        if "moved" not in turn.flags:
            turn.flags.append("moved")
        interrupt(turn)
        turn.flags.append(GOING_ON + board.names[entered[-1]])
    squares = st.squares(fi)
    if all(board.stops[s] for s in squares):
        if turn is not None and turn.fig == fi:
            turn.mp = 0
        suffer(st, fi, board.damage[squares[0]], -1, board.terrain[squares[0]])
        return
    for s in squares:
        if board.damage[s] and not board.stops[s] and s not in entered and s not in before:
            if st.figs[fi].status != "active":
                return
            suffer(st, fi, board.damage[s], -1, board.terrain[s])


class LargePlaceKind(Kind):
    """``large-place``: where a large monster whose movement ended stands (``data``: a
    :class:`~.flow.LargePlace`); the placements that cover the last space its path entered."""

    kind: ClassVar[str] = LARGE_PLACE

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        fi, entered = cast(LargePlace, d.data)
        return [place_action(st, fi, a, o) for a, o in placements(st, fi, entered[-1])]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        fi, entered = cast(LargePlace, d.data)
        spot = next(p for p in placements(st, fi, entered[-1]) if place_action(st, fi, *p) == action)
        put_large(st, fi, *spot, entered)
        st.emit("place", f"{st.name(fi)} is placed on {action.args[0]}.")

    def text(self, st: DescentState, d: Decision) -> str:
        return f"place {st.name(cast(LargePlace, d.data).fig)}"


def move_figure(st: DescentState, fi: int, action: Action) -> None:
    """Spend movement points along the path of a ``move <square>`` action (see :func:`moves`)."""
    path, cost, anchor, orient = moves(st, fi, paths=True, want=action)[action]
    f = st.figs[fi]
    names = st.enc.board.names
    st.emit("move", f"{st.name(fi)} moves to {action.args[0]} ({cost} movement point"
            f"{'s' if cost != 1 else ''}).", {"figure": f.id, "path": [names[s] for s in path]})
    if f.shape == (1, 1):
        if path:
            st.tasks.append((STEP, fi, path, 0))
    else:
        st.tasks.append((LARGE_MOVE, fi, path, 0, anchor, orient))
