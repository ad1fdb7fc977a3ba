"""The command line of Descent campaigns: ``questbox campaign new|show|play|record|simulate``
(also ``python -m questbox.games.descent.campaign``; see docs/games/descent.md). The log and its
rules are in :mod:`~questbox.games.descent.campaign_log`.

Play a campaign's next quest with ``questbox play descent --setup FILE`` where FILE is
``{campaign: harrowmere, log: <path of the log>}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NoReturn

from questbox.core import JSON, Action, SetupError
from questbox.core.errors import NotationError, QuestboxError
from questbox.games.descent.campaign_bots import bot_action
from questbox.games.descent.campaign_log import HEROES_SEAT, apply, load_log, new_log, show, to_move, view
from questbox.games.descent.campaign_play import play_quest, record_replay
from questbox.games.descent.campaign_stats import simulate


def _save(path: str, log: JSON) -> None:
    Path(path).write_text(json.dumps(log, indent=1) + "\n")


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors on one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see `{self.prog} -h`)\n")


def main(argv: list[str] | None = None) -> int:
    """Descent campaigns: new, show, play, record, simulate (see docs/games/descent.md)."""
    p = _Parser(prog="questbox campaign")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)
    n = sub.add_parser("new", help="start a campaign log")
    n.add_argument("log")
    n.add_argument("--force", action="store_true", help="replace LOG if it exists")
    n.add_argument("--campaign", default="harrowmere")
    n.add_argument("--heroes", default="syndrael,avric")
    n.add_argument("--seed", type=int, default=0)
    n.add_argument("--seats", default="party", choices=["party", "per-hero"])
    n.add_argument("--overlord-deck", action="store_true", help="play with the Overlord deck (class cards for XP)")
    s = sub.add_parser("show", help="show a campaign log")
    s.add_argument("log")
    s.add_argument("--as", dest="seat", default=None, help="the sheet as this seat sees it (a hero seat: no "
                   "face-down Plot card named)")
    s.add_argument("--json", action="store_true", help="print the log (with --as: the seat's view) as JSON")
    pl = sub.add_parser("play", help="play the campaign's next step (a Campaign phase action or a quest)")
    pl.add_argument("log")
    pl.add_argument("action", nargs="?", help="a Campaign phase action (default: the bots choose)")
    pl.add_argument("--seat", default=None)
    pl.add_argument("--plot", default="first-legion", help="the bot overlord's plot deck (or none)")
    pl.add_argument("--quest-seed", type=int, default=None)
    rec = sub.add_parser("record", help="record a quest played with `questbox play ... --save REPLAY` in the log")
    rec.add_argument("log")
    rec.add_argument("replay")
    sim = sub.add_parser("simulate", help="bot campaigns: overlord win rate, cards bought and played, length")
    sim.add_argument("--campaigns", type=_count, default=100)
    sim.add_argument("--seed", type=int, default=0, help="the first campaign's seed (then seed+1, ...)")
    sim.add_argument("--heroes", default="syndrael,avric",
                     help="2-4 heroes (hero or hero:class, comma separated) or a count 2, 3, 4 "
                          "(syndrael, avric, leoric, tomble)")
    sim.add_argument("--plot", default="first-legion", help="the overlord's Plot deck, or none (without the pack's)")
    sim.add_argument("--overlord-deck", action="store_true", help="with the Overlord deck")
    sim.add_argument("--campaign", default="harrowmere", help="the campaign (data/campaigns)")
    sim.add_argument("--jobs", type=_count, default=1, help="processes (the report is the same for any number)")
    sim.add_argument("--json", action="store_true", help="the report as JSON (default: a table)")
    sim.add_argument("--out", default=None, help="also write the JSON report to FILE")
    sim.add_argument("--force", action="store_true", help="replace --out FILE if it exists")
    a = p.parse_args(argv)
    try:
        return _run(a)
    except (QuestboxError, OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        text = " ".join((f"{exc.filename}: {exc.strerror}" if isinstance(exc, OSError) and exc.strerror
                         else f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)).split())
        print(f"error: {text}", file=sys.stderr)
        return 2 if isinstance(exc, NotationError) else 1


def _told(before: JSON, after: JSON, seat: str, act: Action) -> str:
    """The Campaign-phase move in words (as the event log of ``descent-campaign`` tells it)."""
    from questbox.games.descent.campaign_game import GAME
    from questbox.games.descent.campaign_words import tell

    return tell(before, after, seat, act, GAME.describe_action({"campaign": before, "encounter": None}, act))


def _count(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is not a positive number")
    return n


def _run(a: argparse.Namespace) -> int:
    if a.cmd == "new":
        if Path(a.log).exists() and not a.force:
            raise SetupError(f"{a.log} exists: pass --force to replace it")
        log = new_log(a.campaign, a.heroes.split(","), seed=a.seed, seats=a.seats, overlord_deck=a.overlord_deck)
        _save(a.log, log)
        print(show(log))
    elif a.cmd == "show":
        log = load_log(a.log)
        if a.seat not in (None, "overlord", *_seats_of(log)):
            raise SetupError(f"--as {a.seat}: the seats are overlord, {', '.join(_seats_of(log))}")
        seen = view(log, a.seat) if a.seat else log
        print(json.dumps(seen, indent=1) if a.json else show(seen, actions=not a.seat))
    elif a.cmd == "play":
        log = load_log(a.log)
        plot = None if a.plot == "none" else a.plot
        if log["phase"] == "over":
            if a.action:
                raise SetupError(f"the campaign is over: no {a.action!r}")
            print(show(log))
            return 0
        if log["phase"] == "quest":
            if a.action:
                raise SetupError(f"the next quest is played, not {a.action!r}: `play {a.log}` with no action "
                                 f"lets the bots play it, `questbox play descent --setup FILE` lets you")
            from questbox.games.descent.plot_bots import PlotAgent

            qs = a.quest_seed if a.quest_seed is not None else log["seed"] * 10 + log["next"]
            agents = {s: PlotAgent(seed=qs) for s in ("heroes", "overlord", "hero1", "hero2", "hero3", "hero4")}
            log, st = play_quest(log, agents, qs)
            print(f"{st.enc.quest.name}: the {st.result[0]} win ({st.result[1]}) in {st.round} rounds")
        else:
            seat = a.seat or to_move(log)
            if seat is None:
                raise SetupError(f"nobody is to move in the {log['phase']} phase")
            act = Action.parse(a.action) if a.action else bot_action(log, seat, plot)
            before, log = log, apply(log, seat, act)
            print(_told(before, log, seat, act))
        _save(a.log, log)
        print(show(log))
    elif a.cmd == "record":
        log = load_log(a.log)
        try:
            doc = json.loads(Path(a.replay).read_text())
        except (OSError, ValueError, RecursionError) as exc:
            raise SetupError(f"cannot read the replay {a.replay}: {exc}") from None
        log = record_replay(log, doc)
        _save(a.log, log)
        print(show(log))
    elif a.cmd == "simulate":
        from questbox.games.descent.campaign_model import campaign_data
        from questbox.games.descent.campaign_stats import party, plot_deck, table

        heroes, plot = party(a.heroes), plot_deck(a.plot)
        campaign_data(a.campaign)
        if a.out and Path(a.out).exists() and not a.force:
            raise SetupError(f"{a.out} exists: pass --force to replace it")
        report = simulate(a.campaigns, a.seed, heroes, plot, a.overlord_deck, a.campaign, a.jobs)
        if a.out:
            _save(a.out, report)
        print(json.dumps(report, indent=1) if a.json else table(report))
    return 0


def _seats_of(log: JSON) -> list[str]:
    return [HEROES_SEAT] if log["seats"] == "party" else [f"hero{i + 1}" for i in range(len(log["heroes"]))]


if __name__ == "__main__":
    raise SystemExit(main())
