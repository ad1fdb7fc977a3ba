"""The Overlord deck in play (issue #18): the rule module ``overlord`` (``modules: [overlord]`` in
a setup turns it on; it is off by default, so games without it play exactly as before).

* **Setup**: the deck (the 15 basic cards of ``data/overlord.yaml``, or the ``deck`` a setup's
  ``campaign.overlord_deck`` lists) is shuffled and the overlord draws one card per hero (ours:
  see the deck's rules in ``data/overlord.yaml``).
* **Draws**: one card at the start of each overlord turn (an empty deck is first refilled by
  shuffling the discard pile); one card when a hero is knocked out -- unless the lieutenant
  pack's module (``campaign``) let the overlord take a threat token instead for that knock-out
  (DLP-THREAT-01/02: that choice is the ``threat <hero>`` offer of the same window).
* **Playing**: at each moment where a card the overlord might hold plays (judged from what every
  seat knows: his hand is not empty and not every copy of such a card is in the discard pile),
  the overlord is asked ``mod:overlord:play``: ``card <id> [<die>]`` for each card of his hand
  that plays there, or ``pass``. A played card is shown and goes to the discard pile. The cards
  the engine plays are those with ``plays: true`` in the data (:data:`PLAYS`); the others only
  wait in the deck and the hand.
* **Hidden**: the hand is the overlord's, the deck's order nobody's (``hidden.py`` declares the
  zones; :meth:`OverlordDeck.view` and :meth:`OverlordDeck.determinize` hide and resample them);
  a draw is told to the overlord with the card, to everybody else without it.

State ``mods.overlord``: ``deck`` (top last), ``hand``, ``discard`` (card ids, one per copy),
``played`` (card id -> times played this encounter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import questbox.games.descent.modules.overlord_cards as more
import questbox.games.descent.modules.overlord_more as late
from questbox.core import JSON, Action, Decision, Rng, Seat
from questbox.games.descent.catalog import catalog
from questbox.games.descent.familiars import heroes_for
from questbox.games.descent.flow import PASS, STEP, CardPlay
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME = "overlord"
OVERLORD: Seat = "overlord"
PLAY = f"mod:{NAME}:play"


def _card(cid: str, *args: Any) -> Action:
    return Action("card", (cid, *args))


# ------------------------------------------------------------------------------ when cards play
def _attack_by_monster(st: DescentState, ctx: Ctx) -> bool:
    atk = st.attack
    return atk is not None and st.figs[atk.attacker].side == "monster" and st.figs[atk.target].side == "hero"


def _attack_on_monster(st: DescentState, ctx: Ctx) -> bool:
    atk = st.attack
    return atk is not None and st.figs[atk.target].side == "monster" and bool(atk.def_faces)


def _hits(st: DescentState, ctx: Ctx) -> bool:
    atk = st.attack
    return atk is not None and not st.atk_totals(atk)[3]


def _hero_enters_empty(st: DescentState, ctx: Ctx) -> bool:
    fi, sq = ctx
    f = st.figs[fi]
    turn = st.turn
    return (f.side == "hero" and f.status == "active" and turn is not None and turn.fig == fi
            and turn.kind == "hero" and st.occ.get(sq, fi) == fi)


#: the cards the engine plays: window -> card -> whether it may be played now (public facts only)
PLAYS: dict[str, dict[str, Callable[[DescentState, Ctx], bool]]] = {
    "attack-after-roll": {
        "dark-might": lambda st, ctx: _attack_by_monster(st, ctx) and _hits(st, ctx),
        "critical-blow": lambda st, ctx: _attack_by_monster(st, ctx) and _hits(st, ctx),
        "dark-fortune": _attack_by_monster,
    },
    "attack-after-defense": {
        "dark-fortitude": lambda st, ctx: _attack_on_monster(st, ctx) and _hits(st, ctx),
        "dark-fortune": _attack_on_monster,
    },
    "enter-space": {
        "pit-trap": _hero_enters_empty,
        "tripwire": _hero_enters_empty,
        "web-trap": _hero_enters_empty,
    },
    "turn-end": {
        "word-of-pain": lambda st, ctx: ctx[0] == -1 and any(st.figs[h].status == "active" for h in st.heroes()),
    },
    "figure-defeated": {
        "bloodlust": lambda st, ctx: st.figs[ctx[0]].side == "hero",
    },
}
for _w, _cards in (*more.WHEN.items(), *late.WHEN.items()):
    PLAYS.setdefault(_w, {}).update(_cards)
#: the cards that take a choice (``card <id> <choice>``)
ARGS = {**more.ARGS, **late.ARGS}
#: the windows whose lasting card effects the module plays (``overlord_cards.on``, ``overlord_more.on``)
LASTING = frozenset({"attack-after-damage", "attack-resolved", "action-performed", "turn-end"})
LATE = frozenset({"test-after-roll", "activation-start", "turn-start", "turn-end", "attack-before-damage",
                  "attack-before-defense", "attack-after-defense"})
UTHUK = f"mod:{NAME}:uthuk"


class OverlordDeck(RuleModule):
    """The Overlord deck: hand, draws, cards played at their windows (see the module docstring)."""

    name = NAME
    listens = frozenset({"turn-start", *PLAYS, *LASTING, *LATE})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        self.cat = catalog()
        camp = enc.setup.get("campaign")
        listed = camp.get("overlord_deck") if isinstance(camp, dict) else None
        self.cards: list[str] = list(listed) if listed else self.cat.basic_deck()
        unknown = sorted({c for c in self.cards if c not in self.cat.overlord})
        if unknown:
            from questbox.core import SetupError

            raise SetupError(f"campaign.overlord_deck: unknown Overlord cards {', '.join(unknown)}")
        #: copies of each card in the whole deck (public: the heroes know what the overlord owns)
        self.copies = {c: self.cards.count(c) for c in self.cards}

    # ------------------------------------------------------------------ state
    def init(self, st: DescentState) -> Any:
        carried = self._carried()
        if carried is not None:
            # encounter 2 of a quest: the hand, deck and discard pile of encounter 1 (Rules Reference)
            m = {"deck": list(carried["deck"]), "hand": list(carried["hand"]),
                 "discard": list(carried["discard"]), "played": {}, "active": {}}
            st.mods[NAME] = m
            st.tell(OVERLORD, "overlord-card", f"The overlord keeps his {len(m['hand'])} Overlord cards from "
                    "encounter 1.", "You keep your Overlord cards from encounter 1.", {"hand": len(m["hand"])})
            return m
        deck = sorted(self.cards)
        st.rng.shuffle(deck)
        m = {"deck": deck, "hand": [], "discard": [], "played": {}, "active": {}}
        st.mods[NAME] = m
        self.draw(st, len(st.heroes()), "the start of the encounter")
        return m

    def _carried(self) -> JSON | None:
        """``campaign.encounter.overlord`` of encounter 2 (checked against this deck), or None."""
        camp = self.enc.setup.get("campaign")
        enc = camp.get("encounter") if isinstance(camp, dict) else None
        got = enc.get("overlord") if isinstance(enc, dict) and enc.get("number") == 2 else None
        if got is None:
            return None
        _check_carried(got, self.cards)
        return cast(JSON, got)

    def view(self, st: DescentState, seat: Seat | None, data: Any) -> Any:
        late.show(st.mods[NAME], data, seat == OVERLORD)
        data["deck"] = len(data["deck"])
        if seat != OVERLORD:
            data["hand"] = len(data["hand"])
        return data

    def determinize(self, st: DescentState, seat: Seat, rng: Rng) -> None:
        m = st.mods.get(NAME)
        if m is None:
            return
        if seat == OVERLORD:
            deck = sorted(m["deck"])
            rng.shuffle(deck)
            m["deck"] = late.keep_known(m, deck)
            return
        pool = sorted([*m["hand"], *m["deck"]])
        rng.shuffle(pool)
        n = len(m["hand"])
        m["hand"], m["deck"] = pool[:n], pool[n:]

    # ------------------------------------------------------------------ drawing
    def draw(self, st: DescentState, n: int, why: str) -> None:
        """The overlord draws ``n`` cards (the discard pile is shuffled into an empty deck)."""
        m = st.mods[NAME]
        for _ in range(n):
            if not m["deck"]:
                if not m["discard"]:
                    st.emit("overlord-card", "The Overlord deck and its discard pile are empty: no card to draw.")
                    return
                deck = sorted(m["discard"])
                st.rng.shuffle(deck)
                m["deck"], m["discard"] = deck, []
                st.emit("overlord-card", "The overlord shuffles his discard pile into a new Overlord deck.",
                        {"deck": len(deck)})
            cid = m["deck"].pop()
            m["hand"].append(cid)
            st.tell(OVERLORD, "overlord-card", f"The overlord draws an Overlord card ({why}).",
                    f"You draw {self.cat.overlord[cid].name} ({why}).", {"hand": len(m["hand"])}, {"card": cid})

    # ------------------------------------------------------------------ windows
    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if window in LASTING:
            more.on(self, st, window, ctx)
        if window in LATE:
            late.on(self, st, window, ctx)
        if window == "turn-start" and ctx[0] == -1:
            # his start-of-turn cards first, then the draw
            st.tasks.append(st.mod_task(NAME, ("turn-draw",)))
        if window == "figure-defeated" and st.figs[ctx[0]].side == "hero":
            # the knock-out's card is drawn after the window, where the pack's module may have
            # taken a threat token instead (its reminder for that hero appears then)
            hid = st.figs[ctx[0]].id
            task = st.mod_task(NAME, ("ko", hid, hid in self._reminders(st)))
            st.tasks.insert(len(st.tasks) - 1, task)
        self._ask(st, window, ctx)

    def _reminders(self, st: DescentState) -> list[str]:
        camp = st.mods.get("campaign")
        return list(camp["reminders"]) if isinstance(camp, dict) else []

    def may_play(self, st: DescentState, window: str, ctx: Ctx) -> bool:
        """Whether the overlord is asked at this moment: his hand is not empty and some card that
        plays here is not all in the discard pile (what every seat knows), and its moment is now."""
        m = st.mods[NAME]
        if not m["hand"] or st.result is not None:
            return False
        for cid, when in PLAYS[window].items():
            if m["discard"].count(cid) < self.copies.get(cid, 0) and when(st, ctx):
                return True
        return False

    def _ask(self, st: DescentState, window: str, ctx: Ctx) -> None:
        if window in PLAYS and self.may_play(st, window, ctx):
            st.ask(OVERLORD, PLAY, CardPlay(window, tuple(ctx)))

    def playable(self, st: DescentState, window: str, ctx: Ctx) -> list[Action]:
        """The overlord's ``card ...`` actions now (his hand's cards that play at this moment)."""
        m = st.mods[NAME]
        out: list[Action] = []
        atk = st.attack
        for cid in sorted(set(m["hand"])):
            when = PLAYS[window].get(cid)
            if when is None or not when(st, ctx):
                continue
            if cid == "dark-fortune":
                assert atk is not None
                n = len(atk.dice) if window == "attack-after-roll" else len(atk.def_dice)
                out.extend(_card(cid, i) for i in range(n))
            elif cid in ARGS:
                out.extend(_card(cid, *args) for args in ARGS[cid](st, ctx))
            else:
                out.append(_card(cid))
        return out

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        if d.kind == UTHUK:
            return more.uthuk_actions()
        if d.kind in late.KINDS:
            return late.KINDS[d.kind][0](st, d)
        p = cast(CardPlay, d.data)
        return [*self.playable(st, p.window, p.ctx), PASS]

    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        if d.kind == UTHUK:
            return "Uthuk Demon Trap: test Awareness or Might"
        if d.kind in late.KINDS:
            return late.KINDS[d.kind][2]
        return "play an Overlord card now, or pass"

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        if d.kind == UTHUK:
            more.uthuk_decide(st, int(d.data[0]), action)
            return
        if d.kind in late.KINDS:
            late.KINDS[d.kind][1](st, d, action)
            return
        if action == PASS:
            return
        play = cast(CardPlay, d.data)
        window, ctx = play.window, play.ctx
        cid = str(action.args[0])
        m = st.mods[NAME]
        m["hand"].remove(cid)
        m["discard"].append(cid)
        m["played"][cid] = m["played"].get(cid, 0) + 1
        card = self.cat.overlord[cid]
        st.emit("overlord-card", f"The overlord plays {card.name}: {card.effect}", {"card": cid})
        if window.startswith("attack-") or window == "turn-start":
            # another card for the same attack or turn start, once this card's steps are done
            st.tasks.append(st.mod_task(NAME, ("ask", window, list(ctx))))
        EFFECTS[cid](self, st, window, ctx, action)

    def run(self, st: DescentState, payload: Any) -> None:
        what = payload[0]
        if what == "ask":
            self._ask(st, payload[1], tuple(payload[2]))
        elif what == "turn-draw":
            self.draw(st, 1, "the start of his turn")
        elif what == "ko":
            _, hid, had = payload
            if not had and hid in self._reminders(st):
                return      # the overlord took a threat token instead of this card
            self.draw(st, 1, f"{st.name(st.ids[hid])} is knocked out")
        elif what == "pain":
            st.emit("overlord-card", f"Word of Pain: {st.name(payload[1])} fails and suffers 1 heart.")
            st.suffer(payload[1], 1)
        elif what == "trap":
            self._trap_fails(st, payload[1], payload[2])
        elif not more.run(self, st, payload) and not late.run(self, st, payload):
            raise AssertionError(f"overlord: no step {what!r}")

    def _trap_fails(self, st: DescentState, card: str, fi: int) -> None:
        f = st.figs[fi]
        if f.status != "active":
            return
        turn = st.turn
        if card == "pit-trap":
            if turn is not None and turn.fig == fi and turn.mp > 0:
                turn.mp -= 1
                st.emit("overlord-card", f"Pit Trap: {st.name(fi)} suffers 1 heart and loses 1 movement point.")
            else:
                st.emit("overlord-card", f"Pit Trap: {st.name(fi)} suffers 1 heart and, with no movement point "
                        "to lose, is Stunned.")
                st.add_condition(fi, "stunned")
            _stop_path(st, fi)
            st.suffer(fi, 1)
        elif card == "tripwire":
            st.emit("overlord-card", f"Tripwire: {st.name(fi)}'s move ends here.")
            if turn is not None and turn.fig == fi:
                turn.mp = 0
            _stop_path(st, fi)
        elif card == "web-trap":
            st.emit("overlord-card", f"Web Trap: {st.name(fi)} is Immobilized.")
            st.add_condition(fi, "immobilized")
            if turn is not None and turn.fig == fi:
                turn.mp = 0
                _stop_path(st, fi)


def _check_carried(got: Any, cards: list[str]) -> None:
    from questbox.core import SetupError

    if not isinstance(got, dict) or set(got) != {"deck", "hand", "discard"} or not all(
            isinstance(v, list) and all(isinstance(c, str) for c in v) for v in got.values()):
        raise SetupError("campaign.encounter.overlord: {deck, hand, discard}: lists of Overlord card ids")
    if sorted([*got["deck"], *got["hand"], *got["discard"]]) != sorted(cards):
        raise SetupError("campaign.encounter.overlord: the deck, hand and discard pile hold the Overlord "
                         "deck's cards, each copy once")


def carry_into(st: DescentState, got: Any) -> None:
    """Encounter 2 of a quest (the campaign game): the Overlord deck of encounter 1 (``{deck, hand,
    discard}``) replaces the one ``st``'s setup dealt (checked against the setup's cards)."""
    mod = next(m for m in st.enc.modules if isinstance(m, OverlordDeck))
    _check_carried(got, mod.cards)
    m = st.mods[NAME]
    m.update(deck=list(got["deck"]), hand=list(got["hand"]), discard=list(got["discard"]))


def _stop_path(st: DescentState, fi: int) -> None:
    """The rest of the move ``fi`` is making is not taken (the hero may move again with the
    movement points he has left)."""
    for k in range(len(st.tasks) - 1, -1, -1):
        t = st.tasks[k]
        if t[0] == STEP and t[1] == fi:
            del st.tasks[k]
            return


# ------------------------------------------------------------------------------ the effects
def _dark_might(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    atk = st.attack
    assert atk is not None
    atk.extra_surges += 1


def _critical_blow(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    atk = st.attack
    assert atk is not None
    atk.abilities.append(["critical-blow", "heart", 3, 1])


def _dark_fortune(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    atk = st.attack
    assert atk is not None
    i = int(action.args[1])
    defense = window == "attack-after-defense"
    dice, faces = (atk.def_dice, list(atk.def_faces)) if defense else (atk.dice, list(atk.faces))
    old = faces[i]
    faces[i] = st.rng.roll(6)
    # a new list: the roll's event holds the old one (what was rolled then)
    if defense:
        atk.def_faces = faces
    else:
        atk.faces = faces
    st.emit("reroll", f"Dark Fortune: the {dice[i]} die is rerolled: {st.describe_faces([dice[i]], [old])} → "
            f"{st.describe_faces([dice[i]], [faces[i]])}.")


def _dark_fortitude(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    atk = st.attack
    assert atk is not None
    atk.bonus_shields += 2


def _trap(attr: str) -> Callable[[OverlordDeck, DescentState, str, Ctx, Action], None]:
    def effect(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
        cid = str(action.args[0])
        fi = ctx[0]
        who = [fi]
        if cid == "web-trap":       # (the Reanimate next to him too: familiars.heroes_for)
            who += [h for h in heroes_for(st, "overlord") if h != fi and st.figs[h].status == "active"
                    and st.adjacent(fi, h)]
        label = mod.cat.overlord[cid].name
        for h in reversed(who):
            st.test(h, attr, None, st.mod_task(NAME, ("trap", cid, h)), label)
    return effect


def _word_of_pain(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    for h in reversed(heroes_for(st, "overlord")):     # (the Reanimate too: it fails the test)
        if st.figs[h].status == "active":
            st.test(h, "might", None, st.mod_task(NAME, ("pain", h)), "Word of Pain")


def _bloodlust(mod: OverlordDeck, st: DescentState, window: str, ctx: Ctx, action: Action) -> None:
    mod.draw(st, len(st.heroes()), "Bloodlust")


EFFECTS: dict[str, Callable[[OverlordDeck, DescentState, str, Ctx, Action], None]] = {
    "dark-might": _dark_might,
    "critical-blow": _critical_blow,
    "dark-fortune": _dark_fortune,
    "dark-fortitude": _dark_fortitude,
    "pit-trap": _trap("awareness"),
    "tripwire": _trap("awareness"),
    "web-trap": _trap("might"),
    "word-of-pain": _word_of_pain,
    "bloodlust": _bloodlust,
    **more.EFFECTS,
    **late.EFFECTS,
}


# ------------------------------------------------------------------------------ the bots' choice
def bot_card(st: DescentState, legal: list[Action]) -> Action:
    """The overlord bots' answer to ``mod:overlord:play``: play a card when it helps now (Dark
    Fortune only on a missed, blank or shieldless die; Critical Blow only with a surge to spend;
    Dark Fortitude only against damage; the cards with a choice as ``overlord_cards.BOT_PICK``
    picks), else ``pass``; and the hero's pick of Uthuk Demon Trap (``overlord_cards.bot_uthuk``)."""
    if legal and legal[0].name == "test":           # Uthuk Demon Trap: the hero's pick
        return more.bot_uthuk(st, int(st.pending[-1].data[0]), legal)
    if legal and legal[0].name in ("plan", "discard", "charm"):     # Plan Ahead, Unholy Ritual, Dark Charm
        return late.bot_decide(st, legal)
    picks = {**more.BOT_PICK, **late.BOT_PICK}
    atk = st.attack
    dice = st.enc.lib.dice
    for a in legal:
        if a.name != "card":
            continue
        cid = str(a.args[0])
        if cid in picks:
            pick = picks[cid](st, [x for x in legal if x.name == "card" and x.args[0] == cid])
            if pick is not None:
                return pick
            continue
        if cid == "dark-fortune":
            if atk is None:
                continue
            i = int(a.args[1])
            if st.pending and cast(CardPlay, st.pending[-1].data).window == "attack-after-defense":
                if dice[atk.def_dice[i]][atk.def_faces[i] - 1].shields == 0:
                    return a
            else:
                face = dice[atk.dice[i]][atk.faces[i] - 1]
                if face.miss or face.hearts == 0:
                    return a
            continue
        if cid == "critical-blow" and (atk is None or st.surges_left(atk) <= 0):
            continue
        if cid == "dark-fortitude" and (atk is None or st.atk_totals(atk)[0] <= st.atk_shields(atk) - atk.pierce):
            continue
        return a
    return PASS


#: an upper bound of the dice in one attack or defense pool (for Dark Fortune's ``<die>`` index)
MAX_POOL = 8


def card_space(enc: Encounter) -> list[Action]:
    """Every action the module may offer (for a game's action space): ``card <id> [<choice>]`` for
    each card the engine plays (Dark Fortune with each die index below :data:`MAX_POOL`, the
    others with each monster, group, card, type or attribute they may name), ``pass``, the surge
    abilities Critical Blow and Expert Blow give an attack, and Uthuk Demon Trap's ``test <attr>``."""
    monsters: list[Any] = []          # (as space.figure_ids: the monsters' ids)
    for spec in enc.groups:
        monsters += [f"{spec.prefix}-m" if spec.masters == 1 else f"{spec.prefix}-m{j + 1}"
                     for j in range(spec.masters)]
        monsters += [f"{spec.prefix}-{j + 1}" for j in range(spec.minions)]
    choices: dict[str, list[Any]] = {
        "dark-fortune": list(range(MAX_POOL)), "dark-resilience": monsters, "blood-rage": monsters,
        "reinforce": [g.id for g in enc.groups], "diabolic-power": sorted(catalog().overlord),
        "schemes": list(more.TYPES), "poison-dart": ["awareness", "might"]}
    choices["unholy-ritual"] = [g.id for g in enc.groups]
    choices["dark-charm"] = [h.id for h in enc.heroes]
    out: list[Action] = []
    for cid in sorted({c for cards in PLAYS.values() for c in cards}):
        if cid in choices:
            out.extend(_card(cid, x) for x in choices[cid])
        else:
            out.append(_card(cid))
    return [*out, PASS, Action("surge", ("critical-blow",)), Action("surge", ("expert-blow",)),
            *more.uthuk_actions(), *late.space(sorted(catalog().overlord), [h.id for h in enc.heroes],
                        [enc.board.names[s] for s in enc.board.spaces if enc.board.passable[s]])]
