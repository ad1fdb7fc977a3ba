"""Terminal drawing of a hero-ik view (Rich), and short descriptions of actions for menus.

Everything is drawn from ``state.view(seat)``: what that seat may know, nothing more.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from questbox.core import JSON, Action, Seat

COLOUR_STYLE = {"green": "green", "yellow": "yellow", "blue": "bright_blue", "red": "red"}
#: a family's mark before a card's name: one narrow character each, in the Basic Multilingual Plane,
#: with no emoji presentation and in Debian's default monospace font (DejaVu Sans Mono), so a plain
#: terminal draws it in one cell (the emoji faces were two cells wide, or empty boxes)
FAMILY_ICON = {"demon": "♆", "undead": "☠", "dragon": "♞", "greenskin": "⚉", "bulloeil": "◉", "trap": "⌧"}
#: a face-down card (the playing card back, U+1F0A0, was an empty box too)
CARD_BACK = "▚"
#: rock/paper/scissors in plain words: the emoji hands showed as empty boxes with common terminal fonts
RPS_ICON = {"rock": "rock", "paper": "paper", "scissors": "scissors"}


def _card_text(card: JSON, *, show_power: bool = True) -> Text:
    style = COLOUR_STYLE.get(str(card.get("colour")), "white")
    t = Text()
    t.append(f"{FAMILY_ICON.get(str(card.get('family')), '')} ", style=style)
    t.append(str(card["name"]), style=f"bold {style}")
    if card.get("mana"):
        t.append(" ◆", style="magenta")
    t.append(f"\n{card.get('colour')} {card.get('family')}", style="dim")
    if show_power:
        printed = card.get("power")
        current = card.get("current_power")
        t.append("\nPower ")
        t.append(str(current if current is not None else printed), style="bold")
        if current is not None and str(current) != str(printed):
            t.append(f" (printed {printed})", style="dim")
    extras = []
    extras += [str(a).capitalize() for a in card.get("abilities", [])]
    for k, v in card.get("auras", {}).items():
        extras.append(f"{k.capitalize()} +{v}")
    nem = card.get("nemesis")
    if nem:
        extras.append(f"Nemesis {nem['type']} ({card.get('power')}/{nem['power']})")
    if card.get("destiny_bonus"):
        extras.append(f"Destiny +{card['destiny_bonus']}")
    if extras:
        t.append("\n" + ", ".join(extras), style="italic")
    if card.get("tenacity"):
        t.append("\n● Tenacity", style="bold yellow")
    if card.get("face_down"):
        t.append("\n(face down: only you see it)", style="dim")
    return t


def _corridors(view: JSON) -> Table:
    table = Table(title="The dungeon", expand=True, show_lines=True)
    for c in view["corridors"]:
        table.add_column(f"Corridor {c['n']}", ratio=1)
    row_enc: list[Any] = []
    row_pile: list[Any] = []
    for c in view["corridors"]:
        enc = c["encounter"]
        if enc is None:
            row_enc.append(Text("— cleared —" if c.get("empty") else "— no card —", style="dim"))
        elif enc.get("face_down") and "name" not in enc:
            t = Text(f"{CARD_BACK} face-down card", style="bold")
            if enc.get("tenacity"):
                t.append("\n● Tenacity", style="bold yellow")
            row_enc.append(t)
        else:
            row_enc.append(_card_text(enc))
        pile = Text(f"pile: {c['pile']} card{'s' if c['pile'] != 1 else ''}", style="dim")
        if "pile_top" in c:
            pile.append("\ntop (you looked): ", style="dim")
            pile.append(str(c["pile_top"]["name"]), style=COLOUR_STYLE.get(str(c["pile_top"]["colour"]), ""))
        row_pile.append(pile)
    table.add_row(*row_enc)
    table.add_row(*row_pile)
    return table


def _status(view: JSON, seat: Seat | None) -> Text:
    t = Text()
    t.append(f"Turn {view['turn']} · {view['phase']} phase", style="bold")
    if view["mode"] == "solitaire":
        sc = view.get("scenario") or {}
        t.append(f" · solitaire: {sc.get('name', '')}", style="cyan")
    t.append("\n")
    t.append(f"Courage {'♥' * view['courage']}{'·' * (10 - view['courage'])} {view['courage']}/10", style="red")
    t.append("   ")
    t.append(f"Fear {view['fear']}", style="magenta")
    fin = view["final"]
    t.append("\n")
    t.append(f"Final monster: {fin['name']} ({fin['family']}), Power {fin['power']} = {fin['current_power']}",
             style="bold")
    if fin.get("tenacity"):
        t.append(" ● Tenacity", style="yellow")
    t.append("  ")
    t.append("path open!" if fin["open"] else "(reachable once a corridor is cleared)",
             style="bold green" if fin["open"] else "dim")
    return t


def _party(view: JSON) -> Table:
    table = Table(title="The party", expand=True)
    table.add_column("card")
    table.add_column("")
    for a in view["adventurers"]:
        head = Text(f"{a['name']} ", style="bold")
        head.append(f"{a['type']}, {a['gender']}", style="dim")
        head.append("  ◆ Mana" if a["mana"] else "  ◇ no Mana", style="magenta" if a["mana"] else "dim")
        table.add_row(head, Text(f"Gift: {a['gift']}\nPower (Mana): {a['power']}\nUltimate: {a['ultimate']}"))
    for e in view["equipment"]:
        if "name" in e:
            head = Text(f"{e['slot']}: {e['name']}", style="bold" if e["state"] != "discarded" else "dim strike")
            cost = ", ".join(f"{n} {c}" for c, n in e["cost"].items()) or "free"
            table.add_row(head, Text(f"{e['kind']}, {e['state']}; cost {cost}\n{e['text']}"))
        else:
            table.add_row(Text(f"{e['slot']}: {CARD_BACK}", style="bold"),
                          Text(f"equipment, {e['state']}", style="dim"))
    return table


def _trophies(view: JSON) -> Text:
    t = Text("Won cards: ", style="bold")
    if not view["trophies"]:
        t.append("none", style="dim")
    for tr in view["trophies"]:
        t.append(f"[{tr['n']}] {tr['name']}", style=COLOUR_STYLE.get(str(tr["colour"]), ""))
        t.append("  ")
    cost = ", ".join(f"{n} {c}" for c, n in view["ultimate_cost"].items())
    t.append(f"\nUltimate powers cost {cost}.", style="dim")
    return t


def _combat(view: JSON) -> Panel | None:
    cb = view.get("combat")
    if not cb:
        return None
    t = Text()
    where = "the final monster" if cb["corridor"] == "final" else f"corridor {cb['corridor']}"
    t.append(f"Fighting {cb.get('name', cb['card'])} ({where})\n", style="bold")
    if cb.get("rps"):
        t.append("Rock/paper/scissors: both sides choose in secret; a tie goes to the adventurers.\n")
        for s, pick in (view.get("rps") or {}).items():
            shown = RPS_ICON.get(str(pick), "has chosen" if pick == "chosen" else "choosing…")
            t.append(f"{s}: {shown}\n")
        return Panel(t, title="Combat", border_style="red")
    t.append(f"Power {cb['power']}" + (f" (Power die {cb['power_die']})" if cb.get("power_die") else ""))
    t.append(f" · M at the start = {cb['m_start']}\n", style="dim")
    if cb["face"]:
        t.append(f"Die 1d{cb['die']}: {cb['face']}", style="bold")
        if cb["multiplier"] != 1:
            t.append(f" ×{cb['multiplier']}")
        extra = cb["bonus"] + cb["standing_bonus"]
        if extra:
            t.append(f" {'+' if extra > 0 else '−'} {abs(extra)}")
        ok = cb["total"] >= cb["power"]
        t.append(f" = {cb['total']}  ", style="bold")
        t.append("enough!" if ok else f"short by {cb['power'] - cb['total']}", style="green" if ok else "red")
        if cb["locked"]:
            t.append("\n(a power was applied to this roll: no more Dire fate on it)", style="dim")
    else:
        t.append(f"Not rolled yet: 1d{cb['die']}, ×{cb['multiplier']}, bonus {cb['bonus']} "
                 f"+ {cb['standing_bonus']} (gifts and items)")
    return Panel(t, title="Combat", border_style="red")


def render(view: JSON, seat: Seat | None) -> Any:
    parts: list[Any] = [_status(view, seat), _corridors(view)]
    fight = _combat(view)
    if fight is not None:
        parts.append(fight)
    parts.append(_party(view))
    parts.append(_trophies(view))
    sc = view.get("scenario")
    if sc and sc.get("next_line"):
        parts.append(Text(f"Destiny: the next Fear token triggers line {sc['next_line']}"
                          + (f"; lasting bonuses {sc['bonuses']}" if sc.get("bonuses") else ""), style="cyan"))
    out = view.get("outcome")
    if out:
        won = ", ".join(out["winners"]) or "nobody"
        parts.append(Text(f"Game over: {won} won ({out['reason']}).", style="bold"))
    title = f"Hero: Immortal King — {seat or 'spectator'}"
    return Panel(Group(*parts), title=title, border_style="cyan")


def _adv_name(view: JSON, aid: str) -> str:
    for a in view["adventurers"]:
        if a["id"] == aid:
            return str(a["name"])
    return aid


def _eq(view: JSON, label: str) -> JSON:
    for e in view["equipment"]:
        if e["slot"] == label:
            return dict(e)
    return {}


def describe(view: JSON, action: Action) -> str:
    """A short description of ``action`` for a menu, from the acting seat's view."""
    n, args = action.name, action.args
    try:
        if n == "attack":
            if args[0] == "final":
                return f"attack the final monster, {view['final']['name']} (Power {view['final']['current_power']})"
            enc = view["corridors"][int(args[0]) - 1]["encounter"] or {}
            if "name" not in enc:
                return f"attack the face-down card of corridor {args[0]}"
            return f"attack {enc['name']} (Power {enc.get('current_power')})"
        if n == "swap":
            return f"swap the piles of corridors {args[0]} and {args[1]}"
        if n == "keep":
            return "keep the piles as they are"
        if n in ("reveal", "potion", "quest"):
            e = _eq(view, str(args[0]))
            verb = {"reveal": "reveal", "potion": "drink", "quest": "trigger the quest"}[n]
            return f"{verb} {e.get('name', args[0])}: {e.get('text', '')}"
        if n in ("power", "ultimate", "gift"):
            for a in view["adventurers"]:
                if a["id"] == args[0]:
                    what = {"power": a["power"], "ultimate": a["ultimate"], "gift": a["gift"]}[n]
                    return f"{a['name']}: {what}"
            return f"{n} {args[0]}"
        if n == "pay":
            for tr in view["trophies"]:
                if tr["n"] == args[0]:
                    return f"discard {tr['name']} ({tr['colour']})"
        if n == "mana":
            return "take no Mana token" if args[0] == "none" else f"give {_adv_name(view, str(args[0]))} a Mana token"
        if n == "lose-mana":
            return f"{_adv_name(view, str(args[0]))} loses a Mana token"
        if n == "target":
            if isinstance(args[0], int):
                enc = view["corridors"][args[0] - 1]["encounter"] or {}
                return f"aim at {enc.get('name', 'corridor ' + str(args[0]))}"
            return f"aim at {_adv_name(view, str(args[0]))}"
        fixed = {"roll": "roll the combat die", "resolve": "accept the result", "done": "end this step",
                 "dire": "Dire fate: spend 3 Fear, force a reroll", "pass": "do nothing",
                 "place": "place the new card"}
        if n == "place" and args:
            return "place it " + " and ".join({"ambush": "face down (1 Fear)",
                                                  "tenacity": "with a Tenacity token (2 Fear)"}[str(x)] for x in args)
        if n == "guard":
            return f"Bodyguard: a Tenacity token on corridor {args[0]}'s monster"
        if n == "rps":
            return RPS_ICON.get(str(args[0]), str(args[0]))
        if n in fixed:
            return fixed[n]
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    return str(action)
