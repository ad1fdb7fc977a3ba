"""Drawing a Descent view in the terminal (rich): the map with walls, doors, terrain, figures and
tokens (and the spaces in line of sight when the view lists them), then the figures' sheets and
the attack in progress.

Each space is three characters wide. Heroes show the first three letters of their name (in
lower case and dim when knocked out: their token); monsters show their monster letter, upper
case for a master, with the minion's number (``g1``, ``G``); a large monster shows its label on
every space it fills. ``?`` is a search token, ``~`` water, ``#`` an obstacle. Walls are heavy
lines; a closed door is ``▒``, an open one ``'``. When the view lists the spaces in line of sight
of the acting figure (setup ``show_los``), the empty ones show ``•`` on a shaded background.

Combat, from the view only: the attack panel shows the roll, the defense and, while surges are
spent, the hearts against the shields; the further figures of a Blast or area attack and the
spaces of a Fire Breath path being traced are drawn on a red background on the map. The sheets
list each monster's abilities (names from ``data/abilities.yaml``; a lieutenant's from
``data/lieutenants.yaml``, after his stat line: Speed, Defense, attack, attributes) and
conditions, with a figure's marks (the view's ``marks``: a hero who is a monkey); the Overlord
deck's hand is named for the overlord and counted for everyone else;
the decision asked is shown in words (its kind's menu text).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import yaml
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from questbox.core import JSON, Seat
from questbox.games.descent.board import LETTERS
from questbox.games.descent.glossary import DATA, class_name, item_name, mark_name, plot_name, quest_name

GLYPH = {"water": "~", "obstacle": "#", "lava": "%", "hazard": "!", "pit": "o"}
TERRAIN_STYLE = {"water": "blue", "obstacle": "grey50", "lava": "red", "hazard": "yellow", "pit": "grey30"}
# (up, down, left, right) walls meeting at a corner -> glyph
JUNCTION = {
    (False, False, False, False): " ", (True, True, False, False): "┃", (False, False, True, True): "━",
    (True, False, False, False): "╹", (False, True, False, False): "╻", (False, False, True, False): "╸",
    (False, False, False, True): "╺", (False, True, False, True): "┏", (False, True, True, False): "┓",
    (True, False, False, True): "┗", (True, False, True, False): "┛", (True, True, False, True): "┣",
    (True, True, True, False): "┫", (False, True, True, True): "┳", (True, False, True, True): "┻",
    (True, True, True, True): "╋",
}


@functools.cache
def _names(file: str, key: str) -> dict[str, str]:
    """Id -> name of the entries of a data file (abilities, Overlord cards)."""
    doc = yaml.safe_load((DATA / file).read_text(encoding="utf-8"))
    return {str(x["id"]): str(x["name"]) for x in doc[key]}


def ability_name(aid: str) -> str:
    """A monster's or a lieutenant's ability by name (its id if neither file has it)."""
    return _names("abilities.yaml", "abilities").get(aid) or _names("lieutenants.yaml", "abilities").get(aid, aid)


def lieutenant_line(card: JSON) -> str:
    """A lieutenant's stat line (``mods.lieutenants`` of a view) in a few words."""
    attrs = " ".join(f"{k[:3].capitalize()} {v}" for k, v in card["attributes"].items())
    return (f"lieutenant: Speed {card['speed']}, Defense {'+'.join(card['defense'])}, {card['attack']} "
            f"{'+'.join(card['dice'])}; {attrs}")


def card_name(cid: str) -> str:
    return _names("overlord.yaml", "cards").get(cid, cid)


def area_targets(view: JSON) -> list[str]:
    """The further figures the attack in progress will also affect (Blast, area attacks)."""
    atk = view.get("attack") or {}
    return [str(x).split(":", 1)[1] for x in atk.get("flags", []) if str(x).startswith(("area:", "more:"))]


def breath_path(view: JSON) -> list[str]:
    """The spaces of a Fire Breath path being traced (the ``breath`` decision's data: board indices)."""
    d = view.get("decision")
    if not d or d["kind"] != "breath":
        return []
    w = max(len(r) for r in view["map"]["grid"])
    return [f"{LETTERS[int(i) % w]}{int(i) // w + 1}" for i in d["data"]]


def _sq(name: str) -> tuple[int, int]:
    col = LETTERS.index(name[0])
    return col, int(name[1:]) - 1


def label(fid: str, fig: JSON) -> str:
    if fig["side"] in ("hero", "familiar"):        # (a familiar: "Rea", the Reanimate)
        return str(fig["name"])[:3]
    prefix, _, num = fid.rpartition("-")
    letter = (prefix or fid)[0]
    if fig.get("master"):
        return letter.upper() + (num[1:] if num.startswith("m") else "")
    return letter + num


def _occupants(view: JSON) -> dict[tuple[int, int], tuple[str, str]]:
    """:func:`draw_map`'s figures: square -> (label, style)."""
    occupant: dict[tuple[int, int], tuple[str, str]] = {}
    for fid, f in view["figures"].items():
        if f["status"] == "active":
            style = ("bold green" if f["side"] == "hero" else "bold cyan" if f["side"] == "familiar"
                     else ("bold red" if f.get("master") else "red"))
            for s in f["squares"]:
                occupant[_sq(s)] = (label(fid, f), style)
        elif f["status"] in ("ko", "vanished") and f["at"]:       # a hero token
            occupant.setdefault(_sq(f["at"]), (label(fid, f).lower(), "dim green"))
    return occupant


def _edges(view: JSON) -> tuple[set[frozenset[tuple[int, int]]], dict[frozenset[tuple[int, int]], bool]]:
    """:func:`draw_map`'s walls and doors (edge -> open), as pairs of squares."""
    m = view["map"]
    walls: set[frozenset[tuple[int, int]]] = {frozenset(map(_sq, e.split("|"))) for e in m["walls"]}
    doors: dict[frozenset[tuple[int, int]], bool] = {}
    for did, edges in m["doors"].items():
        for e in edges:
            doors[frozenset(map(_sq, e.split("|")))] = view["doors"][did]
    return walls, doors


def draw_map(view: JSON) -> Text:
    m = view["map"]
    grid: list[str] = m["grid"]
    h, w = len(grid), max(len(r) for r in grid)
    space = [[x < len(grid[y]) and grid[y][x] != "." for x in range(w)] for y in range(h)]
    terrain: dict[tuple[int, int], str] = {}
    for ter, squares in m["terrain"].items():
        for s in squares:
            terrain[_sq(s)] = ter
    walls, doors = _edges(view)
    occupant = _occupants(view)
    tokens = {_sq(s): k for s, k in view["tokens"].items()}
    los = {_sq(s) for s in view.get("los", [])}
    hot = {_sq(s) for s in breath_path(view)}
    for fid in area_targets(view):
        hot.update(_sq(s) for s in view["figures"][fid]["squares"])
    acting = None
    if view.get("turn"):
        acting = view["figures"].get(view["turn"]["figure"])

    def is_space(x: int, y: int) -> bool:
        return 0 <= x < w and 0 <= y < h and space[y][x]

    def wall(a: tuple[int, int], b: tuple[int, int]) -> str:
        """'' no wall, 'w' wall, 'c' closed door, 'o' open door"""
        sa, sb = is_space(*a), is_space(*b)
        if not sa and not sb:
            return ""
        if not sa or not sb:
            return "w"
        key = frozenset((a, b))
        if key in doors:
            return "o" if doors[key] else "c"
        return "w" if key in walls else ""

    out = Text()
    out.append("    " + "".join(f" {LETTERS[x]}  " for x in range(w)) + "\n", style="dim")
    looks = _Looks(occupant, hot, tokens, terrain, los)
    for y in range(h + 1):
        out.append(_edge_line(y, w, wall))
        out.append("\n")
        if y == h:
            break
        row = Text(f"{y + 1:>3} ")
        for x in range(w + 1):
            k = wall((x - 1, y), (x, y))
            row.append({"w": "┃", "c": "▒", "o": "'", "": " "}[k], style="bold" if k == "w" else "yellow")
            if x == w:
                break
            if not space[y][x]:
                row.append("   ")
            else:
                row.append(*looks.square((x, y)))
        out.append(row)
        out.append("\n")
    if acting is not None:
        out.append(f"acting: {acting['name']}", style="bold")
    return out


_Sq = tuple[int, int]


def _edge_line(y: int, w: int, wall: Callable[[_Sq, _Sq], str]) -> Text:
    """The line of wall junctions and edges above row ``y`` of the map."""
    line = Text("    ")
    for x in range(w + 1):
        up = wall((x - 1, y - 1), (x, y - 1)) in ("w", "c")
        down = wall((x - 1, y), (x, y)) in ("w", "c")
        left = wall((x - 1, y - 1), (x - 1, y)) in ("w", "c")
        right = wall((x, y - 1), (x, y)) in ("w", "c")
        line.append(JUNCTION[(up, down, left, right)], style="bold")
        if x < w:
            k = wall((x, y - 1), (x, y))
            line.append({"w": "━━━", "c": "▒▒▒", "o": " ' ", "": "   "}[k],
                        style="bold" if k == "w" else "yellow")
    return line


class _Looks(NamedTuple):
    """What a square of the map shows: a figure, a hot square, a token, terrain or the floor."""

    occupant: dict[_Sq, tuple[str, str]]
    hot: set[_Sq]
    tokens: dict[_Sq, str]
    terrain: dict[_Sq, str]
    los: set[_Sq]

    def square(self, sq: _Sq) -> tuple[str, str]:
        """The square's three characters and their style."""
        bg = " on dark_red" if sq in self.hot else (" on grey19" if sq in self.los else "")
        if sq in self.occupant:
            text, style = self.occupant[sq]
            return f"{text:^3}", style + bg
        if sq in self.hot:
            return " * ", "bold yellow" + bg
        if sq in self.tokens:
            return " ? ", "bold yellow" + bg
        if sq in self.terrain:
            ter = self.terrain[sq]
            return GLYPH.get(ter, "*") * 3, TERRAIN_STYLE.get(ter, "") + bg
        return (" • " if sq in self.los else " · "), "grey30" + bg


def _bar(n: int, total: int) -> str:
    return f"{max(0, total - n)}/{total}"


def sheets(view: JSON) -> Table:
    t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for col in ("figure", "at", "health", "fatigue", "conditions", "notes"):
        t.add_column(col)
    cards = (view.get("mods") or {}).get("lieutenants") or {}
    for fid, f in view["figures"].items():
        if f["side"] == "monster" and f["status"] != "active":
            continue
        style = "green" if f["side"] == "hero" else "cyan" if f["side"] == "familiar" else "red"
        status = "" if f["status"] == "active" else f" [{f['status']}]"
        notes = []
        if f["side"] == "hero":
            if f.get("equipped"):
                notes.append("equipped: " + ", ".join(item_name(i) for i in f["equipped"]))
            if f.get("items"):
                notes.append("items: " + ", ".join(item_name(i) for i in f["items"]))
            if f.get("exhausted"):
                notes.append("exhausted: " + ", ".join(item_name(i) for i in f["exhausted"]))
        else:
            if fid in cards:
                notes.append(lieutenant_line(cards[fid]))
            if f.get("size") and f["size"] != "small":
                notes.append(f["size"])
            if f.get("abilities"):
                notes.append(", ".join(ability_name(a) for a in f["abilities"]))
        if f.get("activated"):
            notes.append("done")
        t.add_row(Text(f"{label(fid, f):>3} {f['name']} ({fid}){status}", style=style), f["at"] or "-",
                  _bar(f["damage"], f["health"]),
                  f"{f['fatigue']}/{f['stamina']}" if f["side"] == "hero" else "",
                  ", ".join([*f["conditions"], *(mark_name(m) for m in f.get("marks", ()))]),
                  "; ".join(notes))
    return t


def class_cards(view: JSON) -> Table:
    """Each hero's class cards (starting cards and skills bought) with their texts; an exhausted
    one is marked."""
    t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    for col in ("hero", "class card", "text"):
        t.add_column(col)
    for f in view["figures"].values():
        if f["side"] != "hero":
            continue
        for i, c in enumerate(f.get("cards", [])):
            tired = " (exhausted)" if c["id"] in f.get("exhausted", []) else ""
            who = f"{f['name']}, {class_name(f['class'])}" if f.get("class") else f["name"]
            t.add_row(Text(who if i == 0 else "", style="green"), f"{c['name']} ({c['kind']}){tired}", c["text"])
    return t


def attack_panel(view: JSON) -> Text | None:
    atk = view.get("attack")
    if not atk:
        return None
    figs = view["figures"]
    text = Text()
    text.append(f"{figs[atk['attacker']]['name']} attacks {figs[atk['target']]['name']}", style="bold")
    text.append(f" ({'melee' if atk['melee'] else 'ranged'}, distance {atk['distance']})\n")
    if atk["faces"]:
        text.append(f"  roll {list(zip(atk['dice'], atk['faces'], strict=True))}: {atk['hearts']}♥ "
                    f"{atk['range']} range {atk['surges']}⚡{' X' if atk['x'] else ''}; surges spent {atk['spent']}"
                    f" {atk['used']}\n")
    if atk["def_faces"]:
        text.append(f"  defense {list(zip(atk['def_dice'], atk['def_faces'], strict=True))}: {atk['shields']}⛨"
                    f" pierce {atk['pierce']}\n")
    d = view.get("decision")
    if d and d["kind"] == "surge" and atk["faces"]:
        left = atk["surges"] - atk["spent"]
        text.append(f"  surges to spend: {left}⚡ with {atk['hearts']}♥ against {atk.get('shields', 0)}⛨"
                    + ("" if atk["melee"] else f", range {atk['range']} of {atk['distance']} needed") + "\n",
                    style="yellow")
    more = area_targets(view)
    if more:
        text.append("  also affects: " + ", ".join(figs[x]["name"] for x in more) + "\n", style="red")
    path = breath_path(view)
    if path:
        text.append("  Fire Breath path so far: " + ", ".join(path) + "\n", style="red")
    return text


def overlord_line(view: JSON, seat: Seat | None) -> Text | None:
    """The Overlord deck: the hand by name for the overlord (the view holds it only for him), else counts."""
    ol = (view.get("mods") or {}).get("overlord")
    if not ol:
        return None
    hand = ol["hand"]
    line = Text(f"Overlord deck {ol['deck']}, discard {len(ol['discard'])}, hand: ", style="red")
    if isinstance(hand, list):
        line.append(", ".join(card_name(c) for c in hand) or "empty")
    else:
        line.append(f"{hand} card{'s' if hand != 1 else ''}")
    return line


def render(view: JSON, seat: Seat | None) -> Any:
    if view.get("mode") == "tray":
        return Panel(Text(str(view["tray"])), title="dice tray")
    parts: list[Any] = []
    head = Text()
    head.append(f"{quest_name(str(view.get('quest')))}  round {view['round']}  ({view['phase']})", style="bold")
    for k, v in view.get("counters", {}).items():
        head.append(f"   {k}: {v}", style="magenta")
    head.append(f"   search deck: {view['deck']}")
    parts.append(head)
    camp = (view.get("mods") or {}).get("campaign")
    if camp and camp.get("cards"):
        line = Text(f"threat {camp['threat']}   fortune "
                    + ", ".join(f"{h} {n}" for h, n in camp["fortune"].items()) + "   plot: ", style="red")
        line.append(", ".join(f"{plot_name(c)} ({v})" for c, v in camp["cards"].items() if v != "facedown"))
        down = camp.get("facedown", sum(1 for v in camp["cards"].values() if v == "facedown"))
        if down:
            line.append(f"; {down} face down")
        parts.append(line)
    ol = overlord_line(view, seat)
    if ol is not None:
        parts.append(ol)
    d = view.get("decision")
    if d and d.get("text"):
        parts.append(Text(f"{d['seat']}: {d['text']}", style="cyan"))
    parts.append(draw_map(view))
    parts.append(sheets(view))
    parts.append(class_cards(view))
    atk = attack_panel(view)
    if atk is not None:
        parts.append(atk)
    turn = view.get("turn")
    if turn:
        parts.append(Text(f"{turn['figure']}: {turn['actions']} action(s), {turn['mp']} movement point(s)"
                          + (f", flags {turn['flags']}" if turn["flags"] else ""), style="cyan"))
    if view.get("result"):
        parts.append(Text(f"The {view['result'][0]} win: {view['result'][1]}", style="bold magenta"))
    return Panel(Group(*parts), title="Descent", expand=False)


def plain(view: JSON, seat: Seat | None = None) -> str:
    """The drawing as plain text (for tests and logs)."""
    from rich.console import Console

    console = Console(width=160, record=True, color_system=None)
    with console.capture() as cap:
        console.print(render(view, seat))
    return cap.get()


def main(argv: list[str] | None = None) -> None:
    """Draw a setup's opening position: ``python -m questbox.games.descent.render [--setup FILE]
    [--seed N] [--los SQUARE]`` (``--los`` shades the spaces in line of sight of that square)."""
    import argparse
    import json as _json
    from pathlib import Path

    import yaml
    from rich.console import Console

    from questbox.core import get_game
    from questbox.games.descent.state import DescentState

    ap = argparse.ArgumentParser(prog="python -m questbox.games.descent.render")
    ap.add_argument("--setup", type=Path)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--los", metavar="SQUARE")
    args = ap.parse_args(argv)
    setup = None
    if args.setup:
        text = args.setup.read_text()
        setup = _json.loads(text) if args.setup.suffix == ".json" else yaml.safe_load(text)
    st = get_game("descent").new(setup, seed=args.seed)
    assert isinstance(st, DescentState)
    view = st.view(None)
    if args.los:
        s = st.board.square(args.los)
        view["los"] = st.los_from((s,), st.occupied() - {s})
    Console().print(render(view, None))


if __name__ == "__main__":
    main()
