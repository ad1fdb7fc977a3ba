"""What a seat may see (``view``), the terminal drawing of a view (``render``) and short action
descriptions for menus (``describe_action``).

A view is JSON-safe and built only from what its seat may know: its own hand, every chain, the
discard pile, hand *counts* of the others, the deck's *count* plus the top cards that seat knows
(it returned them itself with Lore, or everybody saw them go back with Webs), and cards being
looked at privately only by the seat looking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from questbox.core.actions import Action
from questbox.core.state import JSON, Decision, Seat
from questbox.games.heirs.cards import default_cards
from questbox.games.heirs.cardset import ABILITY_NAMES, COLOUR_INDEX, COLOUR_NAMES, COLOURS, LORD_NAMES
from questbox.games.heirs.common import SEAT_INDEX, SEATS
from questbox.games.heirs.kinds import KINDS, kind_of

if TYPE_CHECKING:
    from questbox.games.heirs.state import HeirsState

STYLE = {"R": "bold red", "O": "bold dark_orange", "Y": "bold yellow", "G": "bold green",
         "B": "bold blue", "V": "bold magenta"}

STEP_TEXT = {"act": "1. Command, Absorb or Cast", "act-end": "1. Command, Absorb or Cast",
             "chain": "2. Chain", "score": "3. Score complete chains", "draw": "4. Draw",
             "deal": "5. Deal to the Black Chain", "over": "game over"}

def state_view(st: HeirsState, seat: Seat | None) -> JSON:
    """The JSON view of ``st`` for ``seat`` (``None``: a spectator)."""
    ids = st.cs.ids
    me = SEAT_INDEX[seat] if seat is not None else -1
    players: list[JSON] = []
    for i in range(st.n):
        p: JSON = {"seat": SEATS[i], "hand_size": len(st.hands[i]),
                   "chain": [ids[c] for c in st.chains[i]], "score": st.scores[i],
                   "needs": st.required(i),
                   "tokens": dict(zip(COLOURS, st.tokens[i], strict=True))}
        if i == me:
            p["hand"] = [ids[c] for c in st.hands[i]]
        players.append(p)
    k = me if me >= 0 else st.n
    known = st.deck[st.kf[k]:] if st.kf[k] < len(st.deck) else []
    look_visible = st.look_seat < 0 or st.look_seat == me
    view: JSON = {
        "seat": seat,
        "mode": "solo" if st.n == 1 else "normal",
        "current": SEATS[st.cur],
        "turn": st.turn,
        "step": st.step_name(),
        "target": st.o.target,
        "black_target": st.o.black_target,
        "draw_limit": st.o.draw_limit,
        "max_level": st.o.max_level,
        "players": players,
        "black": {"chains": [[ids[c] for c in ch] for ch in st.bchains], "token": st.btoken,
                  "needs": st.black_required(),
                  "tokens": dict(zip(COLOURS, st.btokens, strict=True)), "face_down": st.bdown},
        "deck_size": len(st.deck),
        "deck_known": [ids[c] for c in reversed(known)],
        "discard": [ids[c] for c in reversed(st.discard)],
        "play": ids[st.play] if st.play >= 0 else None,
        "look_size": len(st.look),
        "look_seat": SEATS[st.look_seat] if st.look_seat >= 0 else None,
        "selected": list(st.selected) if st.selected is not None else None,
        "pending": [_decision_view(st, d) for d in st.pending],
        "over": st.over,
        "winners": list(st.winners),
        "reason": st.reason,
        "black_won": st.over and not st.winners,
    }
    if look_visible:
        view["look"] = [ids[c] for c in st.look]
    return view


def _decision_view(st: HeirsState, d: Decision) -> JSON:
    """A pending decision for the view: its seat, kind, data and menu text (``text``), plus what
    its kind adds for the table (:meth:`~questbox.games.heirs.common.Kind.view`: ``left``, the
    returns, discards, keeps or takes still to make; for Burn ``must_spend``/``own_only``; for the
    Black Chain's deal ``chain``, ``black`` or ``black1``/``black2`` in Solo)."""
    kind = KINDS.get(d.kind) or kind_of(d.kind)  # kind_of only for a kind not in the table: it names it
    doc: JSON = {"seat": d.seat, "kind": d.kind, "data": kind.dump(d.data), "text": kind.text(st, d)}
    kind.view(st, d, doc)
    return doc


# == rendering =====================================================================================

def card_text(cid: str) -> Text:
    """A card id in its colour (custom ids whose first letter is no colour stay plain)."""
    return Text(cid, style=STYLE.get(cid[:1], ""))


def cards_text(cids: list[str], empty: str = "-") -> Text:
    if not cids:
        return Text(empty, style="dim")
    out = Text()
    for i, c in enumerate(cids):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    return out


def tokens_text(tokens: dict[str, int]) -> Text:
    out = Text()
    for i, c in enumerate(COLOURS):
        if i:
            out.append(" ")
        lvl = tokens.get(c, 0)
        out.append(f"{c}{lvl}", style=STYLE[c] if lvl else "dim")
    return out


def render(view: JSON, seat: Seat | None) -> Any:
    """A rich renderable of ``view``: scores, tokens, chains, hands, the Black Wizard, the piles and
    the step and pending decision."""
    head = Text()
    head.append("Heirs of the Wizard King", style="bold")
    head.append(f"  turn {view['turn']}  ·  {view['current']} to play  ·  "
                f"{STEP_TEXT.get(view['step'], view['step'])}  ·  target {view['target']}  ·  "
                f"draw limit {view['draw_limit']}")
    table = Table(show_header=True, header_style="bold", expand=False, box=None, padding=(0, 1))
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("tokens")
    table.add_column("chain (needs)")
    table.add_column("hand")
    for p in view["players"]:
        name = Text(p["seat"], style="bold underline" if p["seat"] == view["current"] else "")
        if p["seat"] == seat:
            name.append(" (you)")
        hand = cards_text(p["hand"], "empty") if "hand" in p else Text(f"{p['hand_size']} card(s)")
        chain = cards_text(p["chain"], "empty")
        chain.append(f"  ({len(p['chain'])}/{p['needs']})", style="dim")
        table.add_row(name, f"{p['score']}/{view['target']}", tokens_text(p["tokens"]), chain, hand)
    b = view["black"]
    blk = Text()
    blk.append("Black Wizard ", style="bold")
    blk.append("face DOWN" if b["face_down"] else "face up", style="reverse" if b["face_down"] else "")
    blk.append(f"  token {b['token']}/{view['black_target']}  ")
    blk.append_text(tokens_text(b["tokens"]))
    for j, ch in enumerate(b["chains"]):
        blk.append(f"\n  chain{' ' + str(j + 1) if len(b['chains']) > 1 else ''}: ")
        blk.append_text(cards_text(ch, "empty"))
        blk.append(f"  ({len(ch)}/{b['needs']})", style="dim")
    piles = Text()
    piles.append(f"Deck {view['deck_size']}")
    if view["deck_known"]:
        piles.append("  (you know the top: ")
        piles.append_text(cards_text(view["deck_known"]))
        piles.append(")")
    piles.append("   Discard: ")
    piles.append_text(cards_text(view["discard"][:8], "empty"))
    if len(view["discard"]) > 8:
        piles.append(f" … ({len(view['discard'])})", style="dim")
    parts: list[Any] = [head, table, blk, piles]
    extra = Text()
    if view["play"]:
        extra.append("In play: ")
        extra.append_text(card_text(view["play"]))
        extra.append("  ")
    if view["look_size"]:
        extra.append("Revealed: ")
        if "look" in view:
            extra.append_text(cards_text(view["look"]))
        else:
            extra.append(f"{view['look_size']} card(s) {view['look_seat']} is looking at")
        extra.append("  ")
    if view["selected"]:
        extra.append(f"Selected for the Draw Step: {' '.join(str(x) for x in view['selected'])}")
    if extra:
        parts.append(extra)
    if view["over"]:
        parts.append(Text(f"Game over: {view['reason']}", style="bold"))
    elif view["pending"]:
        top = view["pending"][-1]
        who = "you" if top["seat"] == seat else top["seat"]
        parts.append(Text(f"Waiting for {who}: {top.get('text') or top['kind']}",
                          style="bold cyan"))
    return Panel(Group(*parts), title="heirs", expand=False)


# == describing actions ============================================================================

def _card_name(cid: str) -> str:
    cs = default_cards()
    c = cs.index.get(cid)
    return cs.describe(c) if c is not None else cid


def describe_action(view: JSON, action: Action) -> str:
    """A short human description of ``action`` in the situation of ``view``."""
    name = action.name
    a = [str(x) for x in action.args]
    if name == "command":
        return f"Command {_card_name(a[0])}: use its ability, then discard it"
    if name == "absorb":
        col = a[0][:1]
        what = COLOUR_NAMES[COLOUR_INDEX[col]] if col in COLOUR_INDEX else "its colour"
        return f"Absorb {a[0]}: raise your {what} token, then discard it"
    if name == "cast":
        k = COLOUR_INDEX[a[0]]
        lvl = next((p["tokens"][a[0]] for p in view.get("players", []) if p["seat"] == view.get("seat")), "?")
        return f"Cast {ABILITY_NAMES[k]} at level {lvl}"
    if name == "skip-cast":
        return "Don't cast now"
    if name == "chain":
        return f"Chain {a[0]} at the {a[1]} end"
    if name == "start":
        return f"Start a new chain with {a[0]}"
    if name == "done":
        return "Done"
    if name == "take":
        return f"Take {a[0]} from the discard pile"
    if name == "raise":
        return f"Raise your {COLOUR_NAMES[COLOUR_INDEX[a[0]]]} token ({ABILITY_NAMES[COLOUR_INDEX[a[0]]]})"
    if name == "draw":
        return "Draw 2 cards"
    if name == "ability":
        sel = view.get("selected") or ["?"]
        return f"Resolve {' '.join(str(x) for x in sel)} instead of drawing"
    if name == "skip":
        return "Skip the Draw Step"
    if name == "discard":
        return f"Discard {a[0]}"
    if name == "deal":
        return f"Deal the card to the {a[0]} end of the Black Chain"
    if name == "return":
        return f"Return {a[0]} to the top of the deck"
    if name == "keep":
        return f"Keep {a[0]}"
    if name == "burn":
        return f"Burn {a[0]}"
    if name == "burn-hand":
        return f"Burn a random card from {a[0]}'s hand (2 discards)"
    if name == "number":
        return f"Burn every chain and hand down to {a[0]}"
    if name == "grow":
        return f"Grow {a[0]} onto {a[1]}'s chain ({a[2]} end)"
    if name == "pass":
        return "Do nothing in step 1"
    return str(action)


__all__ = ["LORD_NAMES", "describe_action", "render", "state_view"]
