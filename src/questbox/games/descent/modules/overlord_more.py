"""The last Overlord cards of the base game's decks (issue #18), on the engine's windows as
``overlord_cards.py`` holds the others: when each may be played (:data:`WHEN`), its choices
(:data:`ARGS`), its effect (:data:`EFFECTS`), the steps and decisions it leaves (:func:`run`,
:data:`KINDS`) and the bots' picks. ``modules/overlord.py`` merges the tables; the texts are our
paraphrases (``data/overlord.yaml``); what of a card is ours is in
docs/games/descent-part2-data.md ("The Overlord cards and what plays").

* **Wicked Laughter** (``test-after-roll``, a hero's test that passes): the hero tests the same
  attribute again, 1 lower; the first result is dropped. The retest is the card's own roll (no
  card or item rerolls it: ours); if the hero passes it the overlord draws a card.
* **Explosive Runes** (``action-performed``, after a hero's search or door): he and each hero
  within 2 spaces test Awareness; one who fails suffers a heart per shield above his Awareness.
  The shields are read just before the test ends (:func:`on` puts a step under the window).
* **Plan Ahead** (start of the overlord's turn): he looks at the top 5 cards and puts them back
  in the order he picks them (``plan <card>``, the first picked on top; decision
  ``mod:overlord:plan``). The order he knows is ``mods.overlord.known`` (top last), kept by his
  determinize; the heroes see only how many cards it holds.
* **Unholy Ritual** (start of the overlord's turn): he names a group with figures on the map,
  draws a card per such figure, keeps one per hero of those drawn (``discard <card>``, decision
  ``mod:overlord:ritual``) and the group's monsters each take one action fewer this turn
  (``active["unholy-ritual"]``, the group ids, until the end of his turn).
* **Rise Again** (``figure-defeated``, a master or minion defeated by an attack: its space is
  noted at ``attack-before-damage``, ours: a figure defeated outside an attack has no mark): at the
  start of the overlord's next turn it returns, unhurt, on the empty space within 5 of the mark
  nearest a hero (ours: the engine picks the space), may be activated, and leaves the map (not
  defeated again) at the end of that turn (``active["rise-again"]`` the mark, ``active["risen"]``).
* **Curse of the Monkey God** (``action-performed``, after a hero's search, not a door): he
  tests Knowledge; a pass gives the overlord a card; on a fail he is a monkey until the end of his
  next turn (the figure's tag ``monkey``, :mod:`questbox.games.descent.monkey`; ``active["monkey"]``
  the monkeys, ``active["monkey-now"]`` those cursed in their current turn, which does not count).
  A monkey's move action gives 5 movement points, he has no attack targets, and the defense dice
  of an attack on him are dropped (:func:`_monkey_on`; rulings OLC1-OLC5).
* **Dark Charm** (start of the overlord's turn): a hero he names tests Willpower; a pass gives
  the overlord a card; on a fail the overlord may have that hero make one move or one attack
  (``charm move <space>`` / ``charm attack <hero>``, decision ``mod:overlord:charm``). Ours: the
  move puts the hero on a space his Speed reaches (only the last space is entered: no trap or
  card plays on the way); the attack is his own weapon's on another hero next to him (melee) or
  in his sight (ranged), and its surges are spent by the heroes' seat (the engine asks the
  attacker's seat).

State: ``mods.overlord.plan`` (the cards picked so far while Plan Ahead is asked), ``known``,
``ritual`` (``{"cards": drawn, "discard": how many}`` while Unholy Ritual is asked), ``runes``
(hero id -> the shields of his Explosive Runes test above his Awareness, until he suffers them).
The first three are the overlord's: his view shows them (``known``: what of it is still on top),
the heroes' the sizes of ``plan`` and ``ritual`` only; ``hidden.py`` leaves the known top out of
his deck's zone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from questbox.core import Action, Decision
from questbox.games.descent.familiars import heroes_for
from questbox.games.descent.flow import TEST_END, WIN
from questbox.games.descent.geometry import forget
from questbox.games.descent.modules.overlord_cards import _hero_searches_or_opens, _heroes_up, _ol_start, active
from questbox.games.descent.monkey import MONKEY
from questbox.games.descent.monkey import speed as monkey_speed
from questbox.games.descent.rules import Ctx

if TYPE_CHECKING:
    from questbox.games.descent.modules.overlord import OverlordDeck
    from questbox.games.descent.state import DescentState

NAME = "overlord"
PLAN = f"mod:{NAME}:plan"
CHARM = f"mod:{NAME}:charm"
RITUAL = f"mod:{NAME}:ritual"
#: how many cards Plan Ahead looks at; the spaces Explosive Runes reaches
LOOK = 5
RUNES_REACH = 2
RISE_REACH = 5
WICKED = "Wicked Laughter"
RUNES = "Explosive Runes"
CURSE = "Curse of the Monkey God"
Effect = Callable[["OverlordDeck", "DescentState", str, Ctx, Action], None]
#: the keys of ``mods.overlord`` only the overlord sees
SECRET = ("plan", "ritual")


# ------------------------------------------------------------------------------ when cards play
def _hero_passes(st: DescentState, ctx: Ctx) -> bool:
    t = st.tests[ctx[0]]
    f = st.figs[t[0]]
    return f.side == "hero" and f.status == "active" and t[3] != WICKED and st.test_passes(ctx[0])


def _hero_searches(st: DescentState, ctx: Ctx) -> bool:
    """Curse of the Monkey God: a hero (not yet a monkey) has just searched (a door does not count)."""
    f = st.figs[ctx[0]]
    return f.side == "hero" and f.status == "active" and ctx[1] == "search" and MONKEY not in f.tags


def _ritual_groups(st: DescentState, ctx: Ctx) -> list[tuple[Any, ...]]:
    return [(spec.id,) for g, spec in enumerate(st.enc.groups)
            if any(st.figs[i].status == "active" and st.figs[i].pos >= 0 for i in st.group_figs(g))]


def _charm_heroes(st: DescentState, ctx: Ctx) -> list[tuple[Any, ...]]:
    return [(st.figs[h].id,) for h in st.heroes() if st.figs[h].status == "active"]


def _rises(st: DescentState, ctx: Ctx) -> bool:
    """Rise Again: a master or minion (not a lieutenant, not an agent) just defeated by an attack
    (its space was noted before the damage)."""
    f = st.figs[ctx[0]]
    fell = st.mods[NAME].get("fell") or []
    return (f.side == "monster" and f.status == "defeated" and f.group >= 0 and "lieutenant" not in f.tags
            and st.stat(ctx[0]).monster != "agent" and fell[:1] == [f.id]
            and "rise-again" not in (st.mods[NAME].get("active") or {}))


WHEN: dict[str, dict[str, Callable[[DescentState, Ctx], bool]]] = {
    "turn-start": {
        "dark-charm": lambda st, ctx: _ol_start(st, ctx) and _heroes_up(st),
        "plan-ahead": lambda st, ctx: _ol_start(st, ctx) and len(st.mods[NAME]["deck"]) > 1,
        "unholy-ritual": lambda st, ctx: _ol_start(st, ctx) and bool(_ritual_groups(st, ctx)),
    },
    "action-performed": {"explosive-runes": _hero_searches_or_opens, "curse-of-the-monkey-god": _hero_searches},
    "test-after-roll": {"wicked-laughter": _hero_passes},
    "figure-defeated": {"rise-again": _rises},
}

ARGS: dict[str, Callable[[DescentState, Ctx], list[tuple[Any, ...]]]] = {
    "unholy-ritual": _ritual_groups,
    "dark-charm": _charm_heroes,
}


# ------------------------------------------------------------------------------ the effects
def _wicked_laughter(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    fi, attr, _, label = st.tests[ctx[0]]
    tasks = st.tasks
    for k in range(len(tasks) - 1, -1, -1):
        t = tasks[k]
        if t[0] == TEST_END:
            # the test passes: its pass becomes the retest (which leads to the pass or the fail)
            tasks[k] = (TEST_END, st.mod_task(NAME, ("wicked", fi, attr, t[1], t[2], label)), t[2])
            break
    st.emit("overlord-card", f"Wicked Laughter: {st.name(fi)} must test {attr.capitalize()} again, 1 lower.")


def _explosive_runes(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    fi = ctx[0]
    who = [fi, *(h for h in heroes_for(st, "overlord") if h != fi and st.figs[h].status == "active"
                 and st.within(fi, h, RUNES_REACH))]
    for h in reversed(who):
        st.test(h, "awareness", None, st.mod_task(NAME, ("runes", h)), RUNES)


def _plan_ahead(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    m = st.mods[NAME]
    m["plan"] = []
    st.tell("overlord", "overlord-card", f"Plan Ahead: the overlord looks at the top {min(LOOK, len(m['deck']))} "
            "cards of his deck.", "Pick the order of the top cards of your deck (the first picked is drawn first).")
    st.ask("overlord", PLAN)


def _unholy_ritual(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    gid = str(action.args[1])
    g = next(i for i, spec in enumerate(st.enc.groups) if spec.id == gid)
    n = sum(1 for i in st.group_figs(g) if st.figs[i].status == "active" and st.figs[i].pos >= 0)
    m = st.mods[NAME]
    before = len(m["hand"])
    active(st).setdefault("unholy-ritual", []).append(gid)
    st.emit("overlord-card", f"Unholy Ritual: the {gid} take one action fewer this turn; the overlord draws "
            f"{n} cards and keeps {min(n, len(st.heroes()))}.", {"group": gid})
    mod.draw(st, n, "Unholy Ritual")
    drawn = m["hand"][before:]
    extra = len(drawn) - len(st.heroes())
    if extra > 0:
        m["ritual"] = {"cards": list(drawn), "discard": extra}
        st.ask("overlord", RITUAL)


def _dark_charm(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    h = st.ids[str(action.args[1])]
    st.test(h, "willpower", st.mod_task(NAME, ("draw", f"{st.name(h)} passes the Dark Charm test")),
            st.mod_task(NAME, ("charm", st.figs[h].id)), "Dark Charm")


def _rise_again(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    fell = st.mods[NAME]["fell"]
    active(st)["rise-again"] = list(fell)
    st.emit("overlord-card", f"Rise Again: {st.name(ctx[0])}'s space {fell[1]} is marked; it returns at the start "
            "of the overlord's next turn.", {"figure": fell[0], "at": fell[1]})


def _monkey_god(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    h = ctx[0]
    st.test(h, "knowledge", st.mod_task(NAME, ("draw", f"{st.name(h)} passes the {CURSE} test")),
            st.mod_task(NAME, ("monkey", h)), CURSE)


EFFECTS: dict[str, Effect] = {
    "dark-charm": _dark_charm, "rise-again": _rise_again, "curse-of-the-monkey-god": _monkey_god,
    "wicked-laughter": _wicked_laughter, "explosive-runes": _explosive_runes, "plan-ahead": _plan_ahead,
    "unholy-ritual": _unholy_ritual,
}


# ------------------------------------------------------------------------------ lasting effects
def on(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx) -> None:
    """The lasting side of the cards above (Unholy Ritual's action fewer; Explosive Runes' shields)."""
    if window == "attack-before-damage":
        atk = st.attack
        t = st.figs[atk.target] if atk is not None else None
        if mod.copies.get("rise-again") and t is not None and t.side == "monster" and t.pos >= 0:
            st.mods[NAME]["fell"] = [t.id, st.enc.board.names[t.pos]]
        return
    if window == "test-after-roll":
        if st.tests[ctx[0]][3] == RUNES:
            # read the shields once the window is done (its rerolls too), just before the test ends
            k = len(st.tasks) - 1
            assert st.tasks[k][0] == WIN
            st.tasks.insert(k, st.mod_task(NAME, ("runes-roll", ctx[0])))
        return
    a = st.mods[NAME].get("active") or {}
    if "monkey" in a and window in MONKEY_WINDOWS:
        _monkey_on(st, window, ctx, a)
    if window in ("turn-start", "turn-end") and ctx[0] == -1 and ("rise-again" in a or "risen" in a):
        _rise(st, a, window == "turn-start")
    groups = a.get("unholy-ritual")
    if not groups:
        return
    if window == "activation-start":
        turn = st.turn
        f = st.figs[ctx[0]]
        if turn is not None and turn.fig == ctx[0] and turn.kind == "monster" \
                and st.enc.groups[f.group].id in groups and turn.actions > 0:
            turn.actions -= 1
            st.emit("overlord-card", f"Unholy Ritual: {st.name(ctx[0])} has one action fewer.")
    elif window == "turn-end" and ctx[0] == -1:
        a.pop("unholy-ritual", None)


#: the windows of Curse of the Monkey God's lasting side
MONKEY_WINDOWS = frozenset({"turn-end", "attack-before-defense", "attack-after-defense"})


def _monkey_on(st: DescentState, window: str, ctx: Ctx, a: dict[str, list[str]]) -> None:
    """Curse of the Monkey God while a hero is a monkey: he rolls no defense dice (those of an
    attack on him are dropped before the roll; a roll made anyway, a further figure's of an area
    attack, is dropped after it); the curse ends at the end of his next turn (the turn he was
    cursed in, ``monkey-now``, does not count)."""
    if window == "turn-end":
        if ctx[0] < 0:
            return
        fid = st.figs[ctx[0]].id
        now = a.get("monkey-now") or []
        if fid in now:
            now.remove(fid)
            if not now:
                del a["monkey-now"]
        elif fid in a["monkey"]:
            _unmonkey(st, ctx[0], a)
        return
    atk = st.attack
    if atk is None or not atk.def_dice or MONKEY not in st.figs[atk.target].tags:
        return
    st.emit("overlord-card", f"{CURSE}: {st.name(atk.target)} is a monkey and rolls no defense dice.",
            {"figure": st.figs[atk.target].id})
    atk.def_dice, atk.def_faces = [], []


def _monkey(st: DescentState, fi: int) -> None:
    """The hero failed the curse's test: he is a monkey until the end of his next turn."""
    f = st.figs[fi]
    if f.status != "active" or MONKEY in f.tags:
        return
    f.tags.append(MONKEY)
    forget(st)                      # (his cached attack targets and menu)
    a = active(st)
    a.setdefault("monkey", []).append(f.id)
    turn = st.turn
    if turn is not None and turn.fig == fi and turn.kind == "hero":
        a.setdefault("monkey-now", []).append(f.id)
    st.emit("overlord-card", f"{CURSE}: {st.name(fi)} fails and is a monkey until the end of his next turn "
            "(Speed 5, no attacks, no defense dice).", {"figure": f.id, "mark": MONKEY})


def _unmonkey(st: DescentState, fi: int, a: dict[str, list[str]]) -> None:
    f = st.figs[fi]
    if MONKEY in f.tags:
        f.tags.remove(MONKEY)
        forget(st)
    a["monkey"].remove(f.id)
    if not a["monkey"]:
        del a["monkey"]
    st.emit("overlord-card", f"{CURSE}: {st.name(fi)} is no longer a monkey.", {"figure": f.id})


def _rise(st: DescentState, a: dict[str, list[str]], start: bool) -> None:
    """Rise Again at the start of the overlord's turn (the figure returns) and at its end (it leaves)."""
    if not start:
        for fid in a.pop("risen", []):
            fi = st.ids[fid]
            f = st.figs[fi]
            if f.status == "active":
                st.lift(fi)
                f.status, f.pos, f.damage, f.conds = "defeated", -1, 0, []
                st.emit("overlord-card", f"Rise Again: {st.name(fi)} leaves the map.", {"figure": fid})
        return
    if "rise-again" not in a:
        return
    fid, at = a.pop("rise-again")
    fi = st.ids[fid]
    f = st.figs[fi]
    if f.status != "defeated":
        return
    board = st.enc.board
    mark = board.dist_from(st.doors, board.index[at])
    heroes = [st.figs[h].pos for h in st.heroes() if st.figs[h].status == "active"]
    near = [board.dist_from(st.doors, p) for p in heroes]
    # ours: the empty space within 5 of the mark nearest to a hero (the mark first on a tie)
    spots = sorted((min((d[q] for d in near), default=0), mark[q], q) for q in board.spaces
                   if board.passable[q] and mark[q] <= RISE_REACH)
    spot = next(((q, o) for _, _, q in spots for o in (0, 1) if st.fits(fi, q, o) is not None), None)
    if spot is None:
        st.emit("overlord-card", f"Rise Again: no room for {st.name(fi)} near {at}.")
        return
    f.damage, f.conds, f.activated = 0, [], False
    st.place(fi, *spot)
    a.setdefault("risen", []).append(fid)
    st.emit("reinforce", f"Rise Again: {st.name(fi)} returns at {board.names[spot[0]]}.", {"figure": fid})


def run(mod: OverlordDeck, st: DescentState, payload: Any) -> bool:
    """The steps the cards above push (``False``: not one of theirs)."""
    what = payload[0]
    if what == "wicked":
        _, fi, attr, on_pass, on_fail, label = payload
        faces = st.roll(["gray", "black"])
        dice = st.enc.lib.dice
        shields = dice["gray"][faces[0] - 1].shields + dice["black"][faces[1] - 1].shields
        value = (st.attribute(fi, attr) or 0) - 1
        ok = shields <= value
        what_for = f" ({label})" if label else ""
        st.emit("test", f"{st.name(fi)} retests {attr.capitalize()}{what_for} (Wicked Laughter): {shields} shields "
                f"against {value}, {'passes' if ok else 'fails'}.",
                {"figure": st.figs[fi].id, "attribute": attr, "faces": faces, "passed": ok})
        nxt = on_pass if ok else on_fail
        if ok:
            st.tasks.append(st.mod_task(NAME, ("draw", f"{st.name(fi)} passes the Wicked Laughter retest")))
        if nxt is not None:
            st.tasks.append(tuple(nxt))
    elif what == "charm":
        h = st.ids[str(payload[1])]
        if st.figs[h].status == "active" and _charm_actions(st, h):
            st.ask("overlord", CHARM, (payload[1],))
    elif what == "monkey":
        _monkey(st, payload[1])
    elif what == "runes-roll":
        t = st.tests[payload[1]]
        over = st.test_shields(payload[1]) - (st.attribute(t[0], "awareness") or 0)
        if over > 0:
            st.mods[NAME].setdefault("runes", {})[st.figs[t[0]].id] = over
    elif what == "runes":
        fi = payload[1]
        n = int(st.mods[NAME].get("runes", {}).pop(st.figs[fi].id, 0))
        if st.figs[fi].status == "active" and n > 0:
            st.emit("overlord-card", f"Explosive Runes: {st.name(fi)} fails by {n} and suffers {n} hearts.")
            st.suffer(fi, n)
    else:
        return False
    return True


# ------------------------------------------------------------------------------ decisions
def _top(st: DescentState) -> list[str]:
    """The cards Plan Ahead looks at, top first."""
    deck: list[str] = st.mods[NAME]["deck"]
    return deck[::-1][:LOOK]


def _left(st: DescentState) -> list[str]:
    """The cards Plan Ahead has not placed yet (distinct, sorted)."""
    left = Counter(_top(st)) - Counter(st.mods[NAME].get("plan") or [])
    return sorted(left)


def _plan_actions(st: DescentState, d: Decision) -> list[Action]:
    return [Action("plan", (c,)) for c in _left(st)]


def _plan_decide(st: DescentState, d: Decision, action: Action) -> None:
    m = st.mods[NAME]
    m["plan"].append(str(action.args[0]))
    looked = _top(st)
    left = Counter(looked) - Counter(m["plan"])
    if sum(left.values()) > 1:
        st.ask("overlord", PLAN)
        return
    # the picks (those still on top: a determinized deck may differ), then the card left
    room = Counter(looked)
    placed: list[str] = []
    for c in [*m.pop("plan"), *sorted(left.elements())]:
        if room[c] > 0:
            room[c] -= 1
            placed.append(c)
    placed += sorted(room.elements())
    m["deck"] = [*m["deck"][:len(m["deck"]) - len(looked)], *placed[::-1]]
    m["known"] = placed[::-1]
    st.tell("overlord", "overlord-card", "Plan Ahead: the overlord puts the cards back on his deck.",
            f"The top of your deck, in the order you draw it: {', '.join(placed)}.", {"cards": len(placed)})


def _charm_targets(st: DescentState, h: int) -> list[int]:
    """The other heroes charmed hero ``h`` could attack (his attack type: next to him, or in sight)."""
    if MONKEY in st.figs[h].tags:
        return []                   # (a monkey cannot attack: Curse of the Monkey God)
    melee = st.stat(h).attack == "melee"
    return [t for t in st.heroes() if t != h and st.figs[t].status == "active"
            and (st.adjacent(h, t) if melee else st.sees(h, t))]


def _charm_actions(st: DescentState, h: int) -> list[Action]:
    names = st.enc.board.names
    moves = st.moves(h, monkey_speed(st, h)) if "immobilized" not in st.figs[h].conds else {}
    return [*(Action("charm", ("attack", st.figs[t].id)) for t in _charm_targets(st, h)),
            *sorted({Action("charm", ("move", names[r[2]])) for r in moves.values()}, key=str)]


def _charm_legal(st: DescentState, d: Decision) -> list[Action]:
    from questbox.games.descent.flow import PASS

    return [*_charm_actions(st, st.ids[str(d.data[0])]), PASS]


def _charm_decide(st: DescentState, d: Decision, action: Action) -> None:
    if action.name != "charm":
        return
    h = st.ids[str(d.data[0])]
    what, arg = str(action.args[0]), str(action.args[1])
    if what == "attack":
        t = st.ids[arg]
        st.emit("overlord-card", f"Dark Charm: the overlord makes {st.name(h)} attack {st.name(t)}.",
                {"figure": st.figs[h].id, "target": arg})
        st.own_attack(h, t, source="dark-charm")
        return
    sq = st.enc.board.index[arg]
    st.lift(h)
    st.place(h, sq)
    st.emit("place", f"Dark Charm: the overlord moves {st.name(h)} to {arg}.", {"figure": st.figs[h].id, "at": arg})
    st.window("enter-space", (h, sq))


def _ritual_actions(st: DescentState, d: Decision) -> list[Action]:
    m = st.mods[NAME]
    r = m.get("ritual") or {"cards": []}
    cards = (Counter(r["cards"]) & Counter(m["hand"])) or Counter(m["hand"])
    return [Action("discard", (c,)) for c in sorted(cards)]


def _ritual_decide(st: DescentState, d: Decision, action: Action) -> None:
    m = st.mods[NAME]
    cid = str(action.args[0])
    m["hand"].remove(cid)
    m["discard"].append(cid)
    r = m["ritual"]
    if cid in r["cards"]:
        r["cards"].remove(cid)
    r["discard"] -= 1
    st.tell("overlord", "overlord-card", "Unholy Ritual: the overlord discards a card.", f"You discard {cid}.",
            {"discarded": 1}, {"card": cid})
    if r["discard"] > 0 and m["hand"]:
        st.ask("overlord", RITUAL)
    else:
        del m["ritual"]


#: the decisions the cards above ask: kind -> (legal actions, resolve, menu text)
KINDS: dict[str, tuple[Callable[[DescentState, Decision], list[Action]],
                       Callable[[DescentState, Decision, Action], None], str]] = {
    PLAN: (_plan_actions, _plan_decide, "Plan Ahead: the next card on top of your deck"),
    CHARM: (_charm_legal, _charm_decide, "Dark Charm: the move or attack the charmed hero makes"),
    RITUAL: (_ritual_actions, _ritual_decide, "Unholy Ritual: a card drawn to discard"),
}


def show(m: dict[str, Any], data: Any, overlord: bool) -> None:
    """A seat's view of ``mods.overlord`` (``data``, a copy of ``m``): the top of the deck the
    overlord knows; for the heroes, the overlord's secrets only as their sizes."""
    if "known" in data:
        data["known"] = known_top(m)
    if overlord:
        return
    data.pop("known", None)         # (even its size depends on the deck's order)
    for key in SECRET:
        if key in data:
            v = data[key]
            data[key] = v["discard"] if key == "ritual" else len(v)


def known_top(m: dict[str, Any]) -> list[str]:
    """What the overlord still knows of his deck's top (top last): the part of Plan Ahead's
    order that is still on the deck (he draws from it; a shuffle forgets it)."""
    known: list[str] = m.get("known") or []
    real: list[str] = m["deck"]
    for j in range(min(len(known), len(real)), 0, -1):
        if real[-j:] == known[:j]:
            return known[:j]
    return []


def keep_known(m: dict[str, Any], deck: list[str]) -> list[str]:
    """The overlord's determinize of his deck (``deck``, its cards shuffled): the top that Plan
    Ahead showed him stays where it is."""
    top = known_top(m)
    if not top:
        return deck
    rest = Counter(top)
    out: list[str] = []
    for c in deck:
        if rest[c] > 0:
            rest[c] -= 1
        else:
            out.append(c)
    return [*out, *top]


# ------------------------------------------------------------------------------ the bots' picks
#: the cards the bots like to draw first (Plan Ahead puts them on top)
VALUE = ("critical-blow", "dark-might", "frenzy", "expert-blow", "dark-fortune", "word-of-pain", "blood-rage",
         "reinforce", "diabolic-power", "dark-fortitude", "word-of-despair", "uthuk-demon-trap",
         "curse-of-the-monkey-god", "web-trap",
         "pit-trap", "dash", "explosive-runes", "poison-dart", "wicked-laughter", "tripwire", "schemes",
         "dark-resilience", "unholy-ritual", "word-of-misery", "bloodlust", "plan-ahead")


def _value(cid: str) -> int:
    return VALUE.index(cid) if cid in VALUE else len(VALUE)


def _pick_ritual(st: DescentState, acts: list[Action]) -> Action | None:
    # a group that is not fighting now (no hero within its reach): its lost actions cost little
    def figs(a: Action) -> list[int]:
        g = next(i for i, spec in enumerate(st.enc.groups) if spec.id == str(a.args[1]))
        return [i for i in st.group_figs(g) if st.figs[i].status == "active" and st.figs[i].pos >= 0]

    def idle(a: Action) -> bool:
        return all(st.distance(i, h) > st.stat(i).speed + 1 for i in figs(a) for h in st.heroes()
                   if st.figs[h].status == "active")
    ok = [a for a in acts if len(figs(a)) > len(st.heroes()) // 2 and idle(a)]
    return max(ok, key=lambda a: len(figs(a))) if ok else None


def _pick_charm(st: DescentState, acts: list[Action]) -> Action | None:
    # the hero most likely to fail Willpower
    return min(acts, key=lambda a: (st.attribute(st.ids[str(a.args[1])], "willpower") or 0, str(a)))


BOT_PICK: dict[str, Callable[[DescentState, list[Action]], Action | None]] = {
    "unholy-ritual": _pick_ritual, "dark-charm": _pick_charm}


def bot_decide(st: DescentState, legal: list[Action]) -> Action:
    """The bots' answer to Plan Ahead (the most useful card on top) and Unholy Ritual (discard the
    least useful card drawn)."""
    if legal[0].name == "plan":
        return min(legal, key=lambda a: _value(str(a.args[0])))
    if legal[0].name == "charm":
        return _bot_charm(st, legal)
    return max(legal, key=lambda a: _value(str(a.args[0])))


def _bot_charm(st: DescentState, legal: list[Action]) -> Action:
    """Dark Charm's move or attack: an attack on the most hurt hero he can reach; else the move
    that puts him next to the most monsters and farthest from his friends."""
    from questbox.games.descent.flow import PASS

    h = st.ids[str(st.pending[-1].data[0])]
    attacks = [a for a in legal if a.name == "charm" and a.args[0] == "attack"]
    if attacks:
        return max(attacks, key=lambda a: (st.figs[st.ids[str(a.args[1])]].damage, str(a)))
    board = st.enc.board
    friends = [t for t in st.heroes() if t != h and st.figs[t].status == "active"]

    def score(a: Action) -> tuple[int, int, str]:
        s = board.index[str(a.args[1])]
        near = sum(1 for m in st.monsters() if board.distance(st.doors, (s,), st.squares(m)) <= 1)
        far = min((board.distance(st.doors, (s,), st.squares(t)) for t in friends), default=0)
        return near, far, str(a)
    moves = [a for a in legal if a.name == "charm"]
    return max(moves, key=score) if moves else PASS


def space(cards: list[str], heroes: list[str], squares: list[str]) -> list[Action]:
    """The decisions' actions the cards above add to a game's action space (per Overlord card,
    hero and space of the map)."""
    return [*(Action("plan", (c,)) for c in cards), *(Action("discard", (c,)) for c in cards),
            *(Action("charm", ("attack", h)) for h in heroes), *(Action("charm", ("move", q)) for q in squares)]
