"""Terminal drawing of a Heroica view: the board as a grid with walls, heroes, monsters and items."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from questbox.core import JSON, Action, Seat
from questbox.games.heroica.data import rules

HERO_LETTER = {"wizard": "W", "prince": "P", "sage": "S", "knight": "K"}
MONSTER_MARK = {"bat": "b", "zombie": "z", "vampire-lord": "V", "giant-bat": "B"}
ITEM_MARK = {"gold": ("$", "bold yellow"), "life": ("l", "bold red"), "defense": ("d", "bold green"),
             "fang": ("F", "bold magenta")}
HERO_STYLE = ("bold cyan", "bold green", "bold blue", "bold magenta")


def _cells(view: JSON) -> dict[str, tuple[str, str]]:
    """What each space shows: three characters and a style."""
    b = view["board"]
    out: dict[str, tuple[str, str]] = {}
    layout = view["layout"]
    for sid in layout["start"]:
        out[sid] = (" s ", "dim")
    out[b["target"]] = (" ★ ", "bold yellow")
    for sid in b["coffins"]:
        out[sid] = (" C ", "bold white on grey23")
    for sid, k in b["items"].items():
        ch, style = ITEM_MARK.get(k, ("?", "bold"))
        out[sid] = (f" {ch} ", style)
    for sid, k in b["monsters"].items():
        n = b["bars"].get(sid) or rules().monsters[k].strength
        style = "bold red on grey11" if sid != b["target"] else "bold red on yellow"
        out[sid] = (f"{MONSTER_MARK.get(k, 'm')}{n} ", style)
    for i, h in enumerate(view["heroes"]):
        if h["at"] is None:
            continue
        mark = HERO_LETTER.get(h["hero"], "H") + h["seat"][-1]
        style = HERO_STYLE[i % len(HERO_STYLE)] + (" dim" if h["healing"] else " reverse")
        out[h["at"]] = (f"{mark} ", style)
    return out


def board_text(view: JSON) -> Text:
    layout = view["layout"]
    spaces: dict[str, list[int]] = layout["spaces"]
    at = {(int(x), int(y)): sid for sid, (x, y) in spaces.items()}
    links = {(a, b) for a, b in layout["links"]} | {(b, a) for a, b in layout["links"]}
    w = 1 + max(x for x, _ in at)
    h = 1 + max(y for _, y in at)
    cells = _cells(view)
    text = Text()
    text.append("    " + "".join(f" {chr(ord('a') + x)}  " for x in range(w)) + "\n", style="dim")
    for y in range(h):
        text.append(f"{y + 1:>3} ", style="dim")
        for x in range(w):
            sid = at.get((x, y))
            if sid is None:
                text.append("   ")
            else:
                mark, style = cells.get(sid, (" · ", "grey50"))
                text.append(mark, style=style)
            right = at.get((x + 1, y))
            if sid is not None and right is not None:
                text.append(" " if (sid, right) in links else "┃", style="bold white")
            else:
                text.append(" ")
        text.append("\n")
        if y + 1 < h:
            text.append("    ")
            for x in range(w):
                sid, below = at.get((x, y)), at.get((x, y + 1))
                if sid is not None and below is not None:
                    text.append("   " if (sid, below) in links else "━━━", style="bold white")
                else:
                    text.append("   ")
                text.append(" ")
            text.append("\n")
    return text


def heroes_table(view: JSON) -> Table:
    t = Table(box=None, padding=(0, 1), header_style="bold")
    for col in ("seat", "hero", "at", "health", "gold", "potions", "weapons", "monsters", "won"):
        t.add_column(col)
    turn_seat = view["turn"]["seat"]
    for h in view["heroes"]:
        hero = rules().heroes[h["hero"]].name
        health = "♥" * h["health"] + "·" * (h["max"] - h["health"]) + (" healing" if h["healing"] else "")
        pots = ", ".join(f"{n}×{p}" for p, n in (("life", h["life"]), ("defense", h["defense"])) if n)
        gear = ", ".join(h["weapons"] + (["Fang of Fury"] if h["fang"] else []))
        seat = ("▶ " if h["seat"] == turn_seat and not view["over"] else "  ") + h["seat"]
        t.add_row(seat, hero, h["at"] or "-", health, str(h["gold"]), pots or "-", gear or "-",
                  str(len(h["monsters"])), str(h["won"]))
    return t


def render(view: JSON, seat: Seat | None) -> Any:
    title = Text(f"{view['title']}  ({view['variant']}", style="bold")
    title.append(f", mission {view['mission'] + 1} of {len(view['history']) + 1 if view['variant'] == 'epic' else 1}"
                 if view["variant"] == "epic" else "")
    title.append(f", round {view['turn']['round']})")
    legend = Text("W/P/S/K hero (seat)  b bat  z zombie  V lord  B giant (digit: strength)  "
                  "$ gold  l life  d defense  F fang  C coffin  ★ target  ┃━ wall", style="dim")
    parts: list[Any] = [title, board_text(view), legend, heroes_table(view)]
    t = view["turn"]
    if t["roll"]:
        parts.append(Text(f"roll: {t['roll']}, steps left: {t['steps']}"
                          + (" (defended this turn)" if t["defended"] else "")))
    if view["over"]:
        parts.append(Text(f"over: winners {', '.join(view['winners']) or 'nobody'}", style="bold"))
    return Group(*parts)


def describe(view: JSON, action: Action) -> str:
    b = view["board"]
    args = [str(a) for a in action.args]
    if action.name in ("step", "forward", "back") and args:
        what = b["items"].get(args[0])
        extra = f" (pick up {rules().items[what].name})" if what else ""
        if args[0] in b["coffins"]:
            extra = " (a coffin: stop and search)"
        if args[0] == b["target"]:
            extra = " (the target!)"
        return f"move to {args[0]}{extra}"
    if action.name in ("fight", "strike") and args:
        k = b["monsters"].get(args[0])
        if k:
            return f"{action.name} the {rules().monsters[k].name} on {args[0]}"
        return f"fight the hero on {args[0]}"
    if action.name == "use" and args:
        sk = rules().skills.get(args[0])
        text = sk.text if sk else ""
        return f"{args[0]}: {text}" + (f" → {args[1]}" if len(args) > 1 else "")
    if action.name == "buy":
        return f"buy the {rules().weapons[args[0]].name} for {rules().store.buy} gold"
    if action.name == "sell":
        price = rules().store.fang_sell if args[0] == "fang" else rules().store.sell
        return f"sell {args[0]} for {price} gold"
    if action.name == "drink":
        return {"life": "Life potion: restore 2 health",
                "defense": "Defense potion: no loss of health this turn"}.get(args[0], "")
    return {"roll": "roll the die and move", "heal": "roll the die to heal", "stop": "end the move here",
            "defeat": "defeat the monster", "pass": "no monster left", "pick": "move this monster"}.get(
        action.name, str(action))
