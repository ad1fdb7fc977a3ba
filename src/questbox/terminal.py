"""``questbox play``'s screen: the table drawn once, then only what changed.

A :class:`Screen` keeps, for each seat, the plain text of the table it was last shown (its own
view, so hot-seat players never see each other's diffs). Before a person's move it prints the
whole table the first time, and afterwards only the lines that changed since that seat's last
look (``t`` prints the whole table again). ``?`` explains the rules words of the moment from the
game's own glossary (:meth:`questbox.core.state.Game.glossary`): the cards, abilities, actions and
pieces the offered moves name, and those the seat's table shows; ``? WORD`` looks an entry up.
"""

from __future__ import annotations

import difflib
import io
import re
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from questbox.core.actions import Action
from questbox.core.state import JSON, Game, Seat

#: how many changed lines are printed before the rest is summed up (``t`` shows everything)
MAX_CHANGED = 40
#: how many glossary entries ``?`` explains at once, and how much of an entry's facts
MAX_HELP = 10
MAX_FACTS = 160


class Screen:
    """What the terminal last showed each seat, to print only what changed since."""

    def __init__(self, console: Console, game: Game) -> None:
        self.console = console
        self.game = game
        self.shown: dict[Seat | None, list[str]] = {}
        self._glossary: list[JSON] | None = None

    # -- the table ---------------------------------------------------------------------------
    def lines(self, view: JSON, seat: Seat | None) -> list[str]:
        """The table as ``seat`` sees it, as plain lines at the console's width."""
        plain = Console(width=self.console.width, record=True, color_system=None, file=io.StringIO())
        plain.print(self.game.render(view, seat))
        return [line.rstrip() for line in plain.export_text(styles=False).splitlines()]

    def show(self, view: JSON, seat: Seat | None, *, full: bool = False) -> str:
        """Draw the table for ``seat``: whole the first time (or ``full``), else the lines that
        changed since its last look. Returns ``"full"``, ``"changed"`` or ``"same"``."""
        now = self.lines(view, seat)
        before = self.shown.get(seat)
        self.shown[seat] = now
        if full or before is None:
            self.console.print(self.game.render(view, seat))
            return "full"
        changed = changed_lines(before, now)
        if not changed:
            self.console.print("[dim]The table is as you last saw it ([bold]t[/] shows it).[/]")
            return "same"
        self.console.print(f"[bold]What changed[/] [dim](since {seat or 'your'} last looked; "
                           "[bold]t[/] shows the whole table)[/]")
        for line in changed[:MAX_CHANGED]:
            self.console.print(escape(line), highlight=False, soft_wrap=True)
        if len(changed) > MAX_CHANGED:
            self.console.print(f"[dim]… and {len(changed) - MAX_CHANGED} more changed lines: "
                               "[bold]t[/] shows the whole table[/]")
        return "changed"

    # -- rules at hand -----------------------------------------------------------------------
    def entries(self) -> list[JSON]:
        if self._glossary is None:
            doc = self.game.glossary()
            self._glossary = [e for s in doc.get("sections", []) for e in s.get("entries", [])]
        return self._glossary

    def relevant(self, view: JSON, seat: Seat | None, legal: Sequence[Action]) -> list[JSON]:
        """The glossary entries the moment is about: those the offered actions name (a word of an
        action equal to the last part of an entry's key: ``command B4`` -> ``action:command``,
        ``card:B4``), then those whose name the seat's table shows."""
        entries = self.entries()
        words = [w for a in legal for w in str(a).split()]
        out: list[JSON] = []
        for w in dict.fromkeys(words):
            for e in entries:
                if _suffix(e) == w and e not in out:
                    out.append(e)
        text = "\n".join(self.shown.get(seat) or self.lines(view, seat))
        # the pieces the table shows by their ids (cards "G4", "dungeon: orc-assassin", ...)
        shown = set(re.findall(r"[\w-]+", text))
        for e in entries:
            if len(_suffix(e)) >= 2 and _suffix(e) in shown and e not in out:
                out.append(e)
        low = text.lower()
        for e in entries:
            name = _short_name(e).lower()
            if len(name) >= 3 and e not in out and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", low):
                out.append(e)
        return out

    def lookup(self, word: str) -> list[JSON]:
        """Entries whose key or name holds ``word`` (any case); an exact key part first."""
        w = word.strip().lower()
        exact = [e for e in self.entries() if _suffix(e).lower() == w or str(e.get("name", "")).lower() == w]
        more = [e for e in self.entries() if e not in exact
                and (w in str(e.get("key", "")).lower() or w in str(e.get("name", "")).lower())]
        return exact + more

    def help(self, view: JSON, seat: Seat | None, legal: Sequence[Action], word: str = "") -> None:
        """``?`` (the words of the moment) or ``? WORD`` (a look-up), from the game's glossary."""
        found = self.lookup(word) if word else self.relevant(view, seat, legal)
        if not found:
            if word:
                self.console.print(f"[red]No rule entry for {escape(word)!r}.[/] Try a card, ability "
                                   "or action name, or [bold]?[/] alone.")
            else:
                self.console.print("[dim]Nothing on the table now has a rule entry: [bold]? NAME[/] "
                                   "looks one up.[/]")
            return
        table = Table.grid(padding=(0, 1))
        for e in found[:MAX_HELP]:
            said = str(e.get("text", ""))
            facts = "; ".join(f"{k}: {v}" for k, v in e.get("facts") or [] if str(v) not in said)
            if len(facts) > MAX_FACTS:
                facts = facts[:MAX_FACTS - 1].rstrip() + "…"
            table.add_row(f"[bold cyan]{escape(str(e['name']))}[/]",
                          escape(said) + (f" [dim]({escape(facts)})[/]" if facts else ""))
        title = f"Rules: {word}" if word else "Rules for what is on the table now"
        self.console.print(f"[bold]{title}[/]")
        self.console.print(table)
        if len(found) > MAX_HELP:
            self.console.print(f"[dim]… {len(found) - MAX_HELP} more: [bold]? NAME[/] reads one.[/]")
        elif not word:
            self.console.print("[dim][bold]? NAME[/] reads any other entry (a card, ability or action).[/]")


#: the frame of panels and tables: a line is compared (and a change printed) without it
FRAME = "│┃║╭╮╰╯┌┐└┘├┤┬┴┼─━═╔╗╚╝╠╣╦╩╬┏┓┗┛┣┫┳┻╋"


def content(line: str) -> str:
    """A drawn line without its frame (borders, rules) and outer blanks: what it says."""
    text = line.strip().strip(FRAME).strip()
    return "" if not text.strip(FRAME + " ") else re.sub(r"\s{3,}", "   ", text)


def changed_lines(before: Sequence[str], now: Sequence[str]) -> list[str]:
    """What ``now`` says that ``before`` did not: its new or changed lines, without their frame
    (a panel that grew a column wider changes no line's content), in order."""
    a = [c for c in map(content, before) if c]
    b = [c for c in map(content, now) if c]
    out: list[str] = []
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            out.extend(b[j1:j2])
    return out


def _suffix(e: JSON) -> str:
    return str(e.get("key", "")).rsplit(":", 1)[-1]


def _short_name(e: JSON) -> str:
    """"Heal (Red)" -> "Heal", "Red 1: Heal 1" -> "Red 1"."""
    return re.split(r"\s*[(:]", str(e.get("name", "")), maxsplit=1)[0].strip()
