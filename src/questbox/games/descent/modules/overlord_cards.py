"""The Overlord cards of the module ``overlord`` beyond its first nine (issue #18): when each may be
played (:data:`WHEN`, public facts only), the choices it takes (:data:`ARGS`), what it does
(:data:`EFFECTS`) and the steps it leaves for later (:func:`run`). ``modules/overlord.py`` merges
them into its tables; texts are our paraphrases of the cards (``data/overlord.yaml``).

Cards here and their moments (ours where the engine has no finer one; docs/games/descent-part2-data.md):

* start of the overlord's turn (before his draw): Word of Misery, Dark Resilience, Schemes,
  Diabolic Power, Reinforce (the last four are "on his turn": we play them at its start);
* end of his turn: Word of Despair, Blood Rage;
* a monster's activation starts: Dash, Frenzy (one more action of that kind, the turn flags
  ``extra-move`` / ``extra-attack`` that ``monster_turns`` reads);
* after a hero searches or opens a door (the ``action-performed`` window): Poison Dart, Uthuk
  Demon Trap;
* before a monster's attack on a hero is rolled: Expert Blow (its surge returns it to the hand).

Card state in ``mods.overlord.active``: ``word-of-misery`` (``["on"]`` for the rest of the
overlord's turn), ``word-of-despair`` (the heroes who failed its test, until the end of their turn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from questbox.core import Action
from questbox.games.descent.familiars import heroes_for
from questbox.games.descent.rules import Ctx

if TYPE_CHECKING:
    from questbox.games.descent.modules.overlord import OverlordDeck
    from questbox.games.descent.state import DescentState

NAME = "overlord"
TYPES = ("event", "magic", "trap")
#: Diabolic Power: the attribute each hero tests for the type of the card taken
DIABOLIC_TEST = {"event": "willpower", "trap": "awareness", "magic": "knowledge"}
Effect = Callable[["OverlordDeck", "DescentState", str, Ctx, Action], None]


def active(st: DescentState) -> dict[str, list[str]]:
    """``mods.overlord.active`` (the cards whose effect lasts), created when first needed."""
    m = st.mods[NAME]
    a: dict[str, list[str]] = m.setdefault("active", {})
    return a


# ------------------------------------------------------------------------------ when cards play
def _ol_start(st: DescentState, ctx: Ctx) -> bool:
    return bool(ctx[0] == -1)


def _heroes_up(st: DescentState) -> bool:
    return any(st.figs[h].status == "active" for h in st.heroes())


def _activation(st: DescentState, ctx: Ctx) -> bool:
    turn = st.turn
    return turn is not None and turn.fig == ctx[0] and turn.kind == "monster"


def _hero_searches_or_opens(st: DescentState, ctx: Ctx) -> bool:
    f = st.figs[ctx[0]]
    return f.side == "hero" and f.status == "active" and ctx[1] in ("search", "open")


def _monster_attack_before_roll(st: DescentState, ctx: Ctx) -> bool:
    atk = st.attack
    return atk is not None and st.figs[atk.attacker].side == "monster" and st.figs[atk.target].side == "hero"


def _damaged_monsters(st: DescentState, ctx: Ctx) -> list[tuple[Any, ...]]:
    return [(st.figs[m].id,) for m in st.monsters() if st.figs[m].damage > 0]


def _attackers(st: DescentState, ctx: Ctx) -> list[tuple[Any, ...]]:
    return [(st.figs[m].id,) for m in st.monsters() if st.attack_targets(m)]


def _reinforce_groups(st: DescentState, ctx: Ctx) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for g, spec in enumerate(st.enc.groups):
        if any(st.figs[i].status == "defeated" and "no-reinforce" not in st.figs[i].tags for i in st.group_figs(g)):
            out.append((spec.id,))
    return out


def _taken(st: DescentState, ctx: Ctx) -> list[tuple[Any, ...]]:
    m = st.mods[NAME]
    return [(c,) for c in sorted(set(m["deck"]) | set(m["discard"]))]


#: window -> card -> whether it may be played now (what every seat knows)
WHEN: dict[str, dict[str, Callable[[DescentState, Ctx], bool]]] = {
    "turn-start": {
        "word-of-misery": lambda st, ctx: _ol_start(st, ctx) and _heroes_up(st),
        "dark-resilience": lambda st, ctx: _ol_start(st, ctx) and bool(_damaged_monsters(st, ctx)),
        "schemes": lambda st, ctx: _ol_start(st, ctx) and bool(st.mods[NAME]["deck"]),
        "diabolic-power": lambda st, ctx: _ol_start(st, ctx) and bool(_taken(st, ctx)),
        "reinforce": lambda st, ctx: _ol_start(st, ctx) and bool(_reinforce_groups(st, ctx)),
    },
    "turn-end": {
        "word-of-despair": lambda st, ctx: ctx[0] == -1 and _heroes_up(st),
        "blood-rage": lambda st, ctx: ctx[0] == -1 and bool(_attackers(st, ctx)),
    },
    "activation-start": {"dash": _activation, "frenzy": _activation},
    "action-performed": {"poison-dart": _hero_searches_or_opens, "uthuk-demon-trap": _hero_searches_or_opens},
    "attack-before-roll": {"expert-blow": _monster_attack_before_roll},
}

#: the cards that take a choice: card -> the argument tuples of ``card <id> ...`` now
ARGS: dict[str, Callable[[DescentState, Ctx], list[tuple[Any, ...]]]] = {
    "dark-resilience": _damaged_monsters,
    "blood-rage": _attackers,
    "reinforce": _reinforce_groups,
    "diabolic-power": _taken,
    "schemes": lambda st, ctx: [(t,) for t in TYPES],
    "poison-dart": lambda st, ctx: [("awareness",), ("might",)],
}


# ------------------------------------------------------------------------------ the effects
def _extra(flag: str) -> Effect:
    def effect(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
        turn = st.turn
        assert turn is not None
        turn.actions += 1
        turn.flags.append(flag)
        kind = "move" if flag == "extra-move" else "attack"
        st.emit("overlord-card", f"{st.name(ctx[0])} may take one more {kind} action this activation.")
    return effect


def _word_of_misery(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    active(st)["word-of-misery"] = ["on"]


def _dark_resilience(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    fi = st.ids[str(action.args[1])]
    faces = st.roll(["red", "red"])
    hearts = sum(st.face("red", n).hearts for n in faces)
    st.emit("overlord-card", f"Dark Resilience: {st.name(fi)} rolls {st.describe_faces(['red', 'red'], faces)}.",
            {"figure": st.figs[fi].id, "faces": faces})
    st.recover(fi, hearts)


def _schemes(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    kind = str(action.args[1])
    m = st.mods[NAME]
    turned: list[str] = []
    while m["deck"]:
        cid = m["deck"].pop()
        if mod.cat.overlord[cid].type == kind:
            m["hand"].append(cid)
            st.emit("overlord-card", f"Schemes: the overlord turns over {_names(mod, turned)} and keeps "
                    f"{mod.cat.overlord[cid].name} (a {kind} card).", {"discarded": turned, "kept": cid})
            m["discard"].extend(turned)
            return
        turned.append(cid)
    m["discard"].extend(turned)
    st.emit("overlord-card", f"Schemes: the overlord turns over {_names(mod, turned)}: no {kind} card.",
            {"discarded": turned})


def _names(mod: OverlordDeck, cards: list[str]) -> str:
    return ", ".join(mod.cat.overlord[c].name for c in cards) if cards else "nothing else"


def _diabolic_power(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    cid = str(action.args[1])
    m = st.mods[NAME]
    pile = m["deck"] if cid in m["deck"] else m["discard"]
    pile.remove(cid)
    m["hand"].append(cid)
    deck = sorted(m["deck"])
    st.rng.shuffle(deck)
    m["deck"] = deck
    card = mod.cat.overlord[cid]
    attr = DIABOLIC_TEST[card.type]
    st.emit("overlord-card", f"Diabolic Power: the overlord takes {card.name} into his hand (a {card.type} card): "
            f"every hero tests {attr.capitalize()}.", {"card": cid})
    for h in reversed(heroes_for(st, "overlord")):     # (the Reanimate too: it fails the test)
        if st.figs[h].status == "active":
            st.test(h, attr, None, st.mod_task(NAME, ("hurt", h, 2, "Diabolic Power")), "Diabolic Power")


def _reinforce(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    gid = str(action.args[1])
    g = next(i for i, spec in enumerate(st.enc.groups) if spec.id == gid)
    board = st.enc.board
    heroes = [st.figs[h].pos for h in st.heroes() if st.figs[h].status == "active"]
    dists = [board.dist_from(st.doors, p) for p in heroes]
    far = [s for s in board.spaces if board.passable[s] and all(d[s] > 3 for d in dists)]
    cands = [i for i in st.group_figs(g) if st.figs[i].status == "defeated" and "no-reinforce" not in st.figs[i].tags]
    cands.sort(key=lambda i: (not st.figs[i].master, i))
    for fi in cands:
        spot = next(((s, o) for s in far for o in (0, 1) if st.fits(fi, s, o) is not None), None)
        if spot is None:
            st.emit("overlord-card", f"Reinforce: no room for {st.name(fi)}.")
            break
        f = st.figs[fi]
        f.damage, f.conds, f.activated = 0, [], False
        st.place(fi, *spot)
        st.emit("reinforce", f"Reinforce: {st.name(fi)} enters at {board.names[spot[0]]}.", {"figure": f.id})


def _word_of_despair(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    for h in reversed(st.heroes()):
        if st.figs[h].status == "active":
            st.test(h, "willpower", None, st.mod_task(NAME, ("despair", h)), "Word of Despair")


def _blood_rage(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    fi = st.ids[str(action.args[1])]
    st.emit("overlord-card", f"Blood Rage: {st.name(fi)} attacks twice, then is defeated.")
    st.tasks.append(st.mod_task(NAME, ("rage-end", fi)))
    st.grant_activation(fi, 0, 2, ("extra-attack",))


def _poison_dart(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    h = ctx[0]
    st.test(h, str(action.args[1]), st.mod_task(NAME, ("draw", "Poison Dart is passed")),
            st.mod_task(NAME, ("dart", h)), "Poison Dart")


def _uthuk(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    st.ask(st.seat_of(ctx[0]), f"mod:{NAME}:uthuk", (ctx[0],))


def _expert_blow(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    atk = st.attack
    assert atk is not None
    atk.bonus_hearts += 2
    atk.abilities.append(["expert-blow", "expert-blow", 0, 1])


EFFECTS: dict[str, Effect] = {
    "dash": _extra("extra-move"), "frenzy": _extra("extra-attack"), "word-of-misery": _word_of_misery,
    "dark-resilience": _dark_resilience, "schemes": _schemes, "diabolic-power": _diabolic_power,
    "reinforce": _reinforce, "word-of-despair": _word_of_despair, "blood-rage": _blood_rage,
    "poison-dart": _poison_dart, "uthuk-demon-trap": _uthuk, "expert-blow": _expert_blow,
}


# ------------------------------------------------------------------------------ lasting effects
def on(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx) -> None:
    """The mandatory side of the cards above (their lasting effects)."""
    a = st.mods[NAME].get("active") or {}
    if window == "attack-after-damage" and a.get("word-of-misery"):
        atk = st.attack
        if atk is not None and atk.damage > 0 and st.figs[atk.target].side == "hero" \
                and st.figs[atk.target].status == "active":
            st.emit("overlord-card", f"Word of Misery: {st.name(atk.target)} suffers 1 fatigue as well.")
            st.suffer_fatigue(atk.target, 1)
    elif window == "action-performed" and st.figs[ctx[0]].id in a.get("word-of-despair", []):
        turn = st.turn
        fi = ctx[0]
        if turn is not None and turn.fig == fi and turn.kind == "hero" and st.figs[fi].status == "active":
            st.emit("overlord-card", f"Word of Despair: {st.name(fi)} suffers 1 fatigue after his action.")
            st.suffer_fatigue(fi, 1)
    elif window == "turn-end":
        if ctx[0] == -1:
            a.pop("word-of-misery", None)
        elif st.figs[ctx[0]].id in a.get("word-of-despair", []):
            a["word-of-despair"].remove(st.figs[ctx[0]].id)
    elif window == "attack-resolved":
        atk = st.attack
        m = st.mods[NAME]
        if atk is not None and "expert-blow" in atk.used and "expert-blow" in m["discard"]:
            m["discard"].remove("expert-blow")
            m["hand"].append("expert-blow")
            st.emit("overlord-card", "Expert Blow returns to the overlord's hand.", {"card": "expert-blow"})


def run(mod: OverlordDeck, st: DescentState, payload: Any) -> bool:
    """The steps the cards above push (``False``: not one of theirs)."""
    what = payload[0]
    if what == "hurt":
        _, fi, n, label = payload
        st.emit("overlord-card", f"{label}: {st.name(fi)} fails and suffers {n} hearts.")
        st.suffer(fi, n)
    elif what == "despair":
        fi = payload[1]
        if st.figs[fi].status == "active":
            st.emit("overlord-card", f"Word of Despair: {st.name(fi)} will suffer fatigue after each action of "
                    "his next turn.")
            active(st).setdefault("word-of-despair", []).append(st.figs[fi].id)
    elif what == "rage-end":
        fi = payload[1]
        if st.figs[fi].status == "active":
            st.emit("overlord-card", f"Blood Rage: {st.name(fi)} is defeated.")
            st.defeat(fi)
    elif what == "draw":
        mod.draw(st, 1, payload[1])
    elif what == "dart":
        fi = payload[1]
        if st.figs[fi].status == "active":
            st.emit("overlord-card", f"Poison Dart: {st.name(fi)} is Poisoned and suffers 1 heart and 1 fatigue.")
            st.add_condition(fi, "poisoned")
            st.suffer_fatigue(fi, 1)
            st.suffer(fi, 1)
    elif what == "uthuk-pass":
        _, fi, attr = payload
        n = st.attribute(fi, attr) or 0
        st.emit("overlord-card", f"Uthuk Demon Trap: {st.name(fi)} passes and suffers {n} hearts.")
        st.suffer(fi, n)
    elif what == "uthuk-fail":
        fi = payload[1]
        if st.figs[fi].status == "active":
            st.emit("overlord-card", f"Uthuk Demon Trap: {st.name(fi)} fails and is defeated.")
            st.defeat(fi)
    else:
        return False
    return True


def uthuk_actions() -> list[Action]:
    return [Action("test", ("awareness",)), Action("test", ("might",))]


def uthuk_decide(st: DescentState, fi: int, action: Action) -> None:
    attr = str(action.args[0])
    st.test(fi, attr, st.mod_task(NAME, ("uthuk-pass", fi, attr)), st.mod_task(NAME, ("uthuk-fail", fi)),
            "Uthuk Demon Trap")


# ------------------------------------------------------------------------------ the bots' picks
#: the cards Diabolic Power takes first (the ones that hurt most often)
DIABOLIC_ORDER = ("critical-blow", "dark-might", "frenzy", "expert-blow", "dark-fortune", "word-of-pain",
                  "blood-rage", "dash")


def _arg(a: Action) -> str:
    return str(a.args[1])


def _pick_resilience(st: DescentState, acts: list[Action]) -> Action | None:
    best = max(acts, key=lambda a: st.figs[st.ids[_arg(a)]].damage)
    return best if st.figs[st.ids[_arg(best)]].damage >= 2 else None


def _pick_rage(st: DescentState, acts: list[Action]) -> Action | None:
    # a minion next to a hero: two attacks for a figure that the heroes would likely kill anyway
    minions = [a for a in acts if not st.figs[st.ids[_arg(a)]].master]
    return minions[0] if minions else None


def _pick_reinforce(st: DescentState, acts: list[Action]) -> Action | None:
    def down(a: Action) -> int:
        g = next(i for i, spec in enumerate(st.enc.groups) if spec.id == _arg(a))
        return sum(1 for i in st.group_figs(g) if st.figs[i].status == "defeated")
    best = max(acts, key=down)
    return best if down(best) >= 2 else None


def _pick_diabolic(st: DescentState, acts: list[Action]) -> Action | None:
    have = {_arg(a): a for a in acts}
    return next((have[c] for c in DIABOLIC_ORDER if c in have), None)


def _pick_schemes(st: DescentState, acts: list[Action]) -> Action | None:
    from questbox.games.descent.catalog import catalog

    deck = st.mods[NAME]["deck"]
    count = {t: sum(1 for c in deck if catalog().overlord[c].type == t) for t in TYPES}
    return max(acts, key=lambda a: (count[_arg(a)], _arg(a) == "event"))


def _pick_dart(st: DescentState, acts: list[Action]) -> Action | None:
    fi = st.turn.fig if st.turn is not None else -1
    if fi < 0:
        return acts[0]
    return min(acts, key=lambda a: st.attribute(fi, _arg(a)) or 0)


#: card -> the bots' pick among its ``card <id> <choice>`` actions (None: do not play it now)
BOT_PICK: dict[str, Callable[[DescentState, list[Action]], Action | None]] = {
    "dark-resilience": _pick_resilience, "blood-rage": _pick_rage, "reinforce": _pick_reinforce,
    "diabolic-power": _pick_diabolic, "schemes": _pick_schemes, "poison-dart": _pick_dart,
}


def pass_chance(st: DescentState, value: int) -> float:
    """The chance that a test of an attribute of ``value`` passes (gray + black shields)."""
    dice = st.enc.lib.dice
    ok = sum(1 for g in dice["gray"] for b in dice["black"] if g.shields + b.shields <= value)
    return ok / (len(dice["gray"]) * len(dice["black"]))


def bot_uthuk(st: DescentState, fi: int, acts: list[Action]) -> Action:
    """The hero's pick for Uthuk Demon Trap: the attribute with the smaller expected loss (failing
    costs all his Health left; passing, hearts equal to the attribute)."""
    left = st.health(fi) - st.figs[fi].damage

    def loss(a: Action) -> float:
        v = st.attribute(fi, str(a.args[0])) or 0
        p = pass_chance(st, v)
        return (1 - p) * left + p * min(v, left)
    return min(acts, key=loss)
