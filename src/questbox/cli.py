"""The ``questbox`` command line: games, play, replay, check, simulate."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import yaml
from rich.console import Console
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from typer.core import TyperGroup

from questbox.core.actions import Action
from questbox.core.agent import Agent, agent_names, check_agent_spec, make_agent, split_specs
from questbox.core.errors import QuestboxError, ReplayError, UnknownAgent, UnknownGame
from questbox.core.events import Event
from questbox.core.match import Match
from questbox.core.registry import games as all_games
from questbox.core.registry import get_game
from questbox.core.replay import Replay
from questbox.core.rng import derive_seed
from questbox.core.state import JSON, Game, Seat
from questbox.terminal import Screen

try:
    from typer._click import exceptions as cx  # typer vendors click since 0.2x
except ImportError:  # pragma: no cover - an older typer on the real click
    from click import exceptions as cx  # type: ignore[no-redef]

console = Console(highlight=False)

#: exit status of a command line that is itself wrong (unknown command, option, game or bot, or a
#: bad option value); every other error exits with 1
USAGE = 2
#: set to 1 to get the Python traceback of an error instead of its one line
DEBUG_VAR = "QUESTBOX_DEBUG"


class CliError(Exception):
    """An error the command line reports as one line (``code``: the exit status)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


#: what a command may raise on bad input: reported as one line, never as a traceback
#: (``ValueError`` covers JSON syntax, undecodable text, pydantic validation and number parsing)
REPORTED: tuple[type[BaseException], ...] = (QuestboxError, CliError, OSError, yaml.YAMLError, ValueError,
                                             RecursionError, KeyError, TypeError)


def one_line(exc: BaseException | str, limit: int = 500) -> str:
    """An error message on one line: whitespace runs (newlines included) become one space, long
    messages are cut at ``limit`` characters."""
    if isinstance(exc, str):
        text = exc
    elif isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    elif isinstance(exc, RecursionError):
        text = "the document is nested too deeply"
    elif isinstance(exc, KeyError):
        text = f"missing key {exc}"
    else:
        text = str(exc) or type(exc).__name__
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _exit_code(exc: BaseException) -> int:
    if isinstance(exc, CliError):
        return exc.code
    return USAGE if isinstance(exc, UnknownGame | UnknownAgent) else 1


def report(message: str, code: int) -> NoReturn:
    """Write ``error: MESSAGE`` to stderr (one line) and exit with ``code``."""
    print(f"error: {one_line(message)}", file=sys.stderr)
    raise SystemExit(code)


class _Group(TyperGroup):
    """Typer's group with one error policy for every command: a usage error or any of
    :data:`REPORTED` ends the command with one line on stderr and a non-zero exit, not a traceback
    (``QUESTBOX_DEBUG=1`` re-raises, for developers)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                              standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except cx.NoArgsIsHelpError as exc:
            print(exc.ctx.get_help() if exc.ctx else str(exc))
            rv = USAGE
        except cx.UsageError as exc:
            hint = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx else ""
            report(exc.format_message() + hint, USAGE)
        except typer.Abort:
            report("aborted", 1)
        except cx.ClickException as exc:
            report(exc.format_message(), exc.exit_code)
        except REPORTED as exc:
            if os.environ.get(DEBUG_VAR) == "1":
                raise
            report(one_line(exc), _exit_code(exc))
        if not standalone_mode:
            return rv
        raise SystemExit(rv if isinstance(rv, int) else 0)


app = typer.Typer(cls=_Group, add_completion=False, no_args_is_help=True,
                  help="questbox: play, program and analyse dungeon-fantasy tabletop games.")


def _fail(message: str, code: int = USAGE) -> NoReturn:
    raise CliError(message, code)


def load_setup(path: Path | None, game: Game | None = None) -> JSON | None:
    """A setup document from a JSON or YAML file; the files its keys name (a card set, a mission, a
    campaign log; relative to the setup file's folder) are read into it by ``game.inline_files``."""
    if path is None:
        return None
    try:
        text = path.read_text()
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")
    doc = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    if not isinstance(doc, dict):
        _fail(f"{path}: a setup document is a mapping")
    if game is None:
        return dict(doc)
    try:
        return game.inline_files(dict(doc), path.parent)
    except QuestboxError as exc:
        _fail(f"{path}: {exc}")
    return None


@contextmanager
def _reading(path: Path | None, what: str) -> Iterator[None]:
    """Errors while reading and parsing ``path`` become one ``CliError`` that names the file."""
    try:
        yield
    except UnicodeDecodeError:
        raise CliError(f"{path}: {what} must be UTF-8 text") from None
    except RecursionError:
        raise CliError(f"{path}: {what} is nested too deeply") from None
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise CliError(f"{path}: {what} does not parse: {one_line(exc)}") from None


def _load_setup(path: Path | None, game: Game | None = None) -> JSON | None:
    with _reading(path, "a setup document"):
        return load_setup(path, game)


def _load_replay(path: Path) -> Replay:
    """A replay file; :meth:`Replay.from_json` checks it (the seed is an integer, the recorded
    outcome an outcome) and its error is reported with the file's name."""
    with _reading(path, "a replay"):
        doc = json.loads(path.read_text())
    try:
        return Replay.from_json(doc)
    except ReplayError as exc:
        raise CliError(f"{path}: {one_line(str(exc))}") from None


def _table_setup(game: Game, specs: list[str] | tuple[str, ...], setup: JSON | None) -> JSON:
    """The setup for one game with a seat per spec (``CliError`` if the setup seats another number)."""
    doc = game.setup_for_seats(len(specs), setup)
    names = game.seat_names(doc)
    if len(names) != len(specs):
        raise CliError(f"the setup seats {len(names)} ({', '.join(names)}) but --seats names {len(specs)}",
                       USAGE)
    return doc


def _check_writable(path: Path, force: bool) -> None:
    """Fail now, before any game is played, if ``path`` cannot be written or would replace a file
    without ``--force``."""
    if path.is_dir():
        raise CliError(f"{path} is a folder")
    if path.exists() and not force:
        raise CliError(f"{path} exists: pass --force to replace it", USAGE)
    if not path.parent.is_dir():
        raise CliError(f"{path.parent} is not a folder")
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(f"cannot write {path}")


def _seat_specs(game: Game, seats: str | None) -> list[str]:
    if seats:
        return split_specs(seats)
    n = 2 if 2 in game.seat_counts else game.seat_counts[0]
    other = "heuristic" if "heuristic" in game.agents() else "random"
    return ["human"] + [other] * (n - 1)


@app.command("games")
def games_cmd() -> None:
    """List the registered games: ids, titles and seat counts."""
    table = Table(title="questbox games")
    table.add_column("id", style="bold cyan")
    table.add_column("title")
    table.add_column("seats")
    table.add_column("bots")
    for gid, game in all_games().items():
        counts = game.seat_counts
        span = f"{min(counts)}–{max(counts)}" if len(counts) > 1 else str(counts[0])
        table.add_row(gid, game.title, span, ", ".join(agent_names(game)))
    console.print(table)


def _show_events(events: list[Event], seat: Seat | None) -> None:
    for e in events:
        if e.visible_to(seat):
            console.print(f"  [dim]·[/] {e.text}")


#: what :func:`_prompt_action` answers for ``u``: take back the last actions
UNDO_ASKED = "undo"
#: how many actions back ``questbox play``'s undo may go
PLAY_UNDO_DEPTH = 40


def _undo_seat(match: Match, humans: Collection[Seat]) -> Seat | None:
    """The seat whose undo the terminal offers: the last person to act (one terminal holds every
    human seat, hot-seat)."""
    return next((s for s, _ in reversed(match.actions) if s in humans), None)


def _prompt_action(match: Match, seat: Seat, humans: Collection[Seat] = (),
                   screen: Screen | None = None) -> Action | str | None:
    """Ask a person for an action; ``None`` means quit, :data:`UNDO_ASKED` an undo (offered when the
    last person to act may take back, over every seat's actions since: :func:`_undo_seat`). The
    table is drawn by ``screen``: whole at the seat's first look, then only what changed (``t``
    draws it whole); ``?`` explains the rules words of the moment, ``? WORD`` one entry."""
    game, state = match.game, match.state
    legal = state.legal_actions(seat)
    view = state.view(seat)
    screen = screen or Screen(console, game)
    screen.show(view, seat)
    menu = Table.grid(padding=(0, 2))
    for i, a in enumerate(legal, 1):
        desc = game.describe_action(view, a)
        menu.add_row(f"[bold]{i:>3}[/]", str(a), f"[dim]{desc}[/]" if desc != str(a) else "")
    last = _undo_seat(match, humans)
    back = match.undoable(last, state.seats) if last is not None else 0
    if back:
        menu.add_row("[bold]  u[/]", "undo", f"[dim]take back {back} action{'s' if back != 1 else ''}[/]")
    console.print(Panel(menu, title=f"[bold]{seat}[/]: your move", expand=False))
    while True:
        try:
            text = console.input(f"[bold cyan]{seat}>[/] ").strip()
        except EOFError:
            return None
        if not text:
            continue
        if text in ("q", "quit", "exit"):
            return None
        if text in ("?", "help"):
            console.print("Type the number of an action, or the action in notation "
                          "(e.g. [bold]" + str(legal[0]) + "[/]). [bold]u[/] takes back your last action "
                          "(while nothing random or hidden came out since), [bold]t[/] shows the whole "
                          "table, [bold]? NAME[/] explains a card, ability or action, [bold]q[/] quits.")
            screen.help(view, seat, legal)
            continue
        if text.startswith("? ") or text.startswith("help "):
            screen.help(view, seat, legal, text.split(None, 1)[1])
            continue
        if text in ("t", "table") and not any(str(a) == text for a in legal):
            screen.show(view, seat, full=True)
            console.print(Panel(menu, title=f"[bold]{seat}[/]: your move", expand=False))
            continue
        if text in ("u", "undo"):
            if back:
                return UNDO_ASKED
            console.print("[red]Nothing to take back now:[/] undo goes back only over actions that drew "
                          "nothing random and revealed nothing hidden.")
            continue
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            console.print(f"[red]no action {k}: choose 1–{len(legal)}[/]")
            continue
        try:
            act = game.parse_action(text)
        except QuestboxError as exc:
            console.print(f"[red]{exc}[/]")
            continue
        if act not in legal:
            console.print(f"[red]{act} is not legal now.[/] Choose a number from the list.")
            continue
        return act


@app.command("play")
def play_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game id (see `questbox games`)")],
    seats: Annotated[str | None, typer.Option(help="comma-separated seat specs: human, random, "
                                              "heuristic, mcts:iters=400, ...")] = None,
    seed: Annotated[int | None, typer.Option(help="the game's seed (default: random)")] = None,
    setup: Annotated[Path | None, typer.Option(help="a setup document (JSON or YAML)")] = None,
    save: Annotated[Path | None, typer.Option(help="write the replay here at the end")] = None,
    force: Annotated[bool, typer.Option("--force", help="let --save replace an existing file")] = False,
) -> None:
    """Play a game in the terminal, people and bots at the same table."""
    if save is not None:
        _check_writable(save, force)
    try:
        game = get_game(game_id)
        specs = _seat_specs(game, seats)
        if len(specs) not in game.seat_counts:
            _fail(f"{game.id} seats {', '.join(map(str, game.seat_counts))} players, not {len(specs)}")
        if seed is None:
            import secrets
            seed = secrets.randbelow(2**31)
        doc = _table_setup(game, specs, _load_setup(setup, game))
        match = Match(game, doc, seed=seed, undo_depth=PLAY_UNDO_DEPTH)
        names = match.state.seats
        agents: dict[Seat, Agent] = {}
        for k, (s, spec) in enumerate(zip(names, specs, strict=True)):
            if spec != "human":
                agents[s] = make_agent(spec, game, derive_seed(seed, "agent", k))
    except QuestboxError as exc:
        _fail(str(exc))
    humans = [s for s in names if s not in agents]
    console.rule(f"[bold]{game.title}[/] — seed {seed}")
    console.print("Seats: " + ", ".join(f"{s} ({spec})" for s, spec in zip(names, specs, strict=True)))
    viewer: Seat | None = humans[0] if len(humans) == 1 else None
    screen = Screen(console, game)
    quit_early = False
    while not match.state.is_over():
        state = match.state
        movers = state.to_move()
        bot = next((s for s in movers if s in agents), None)
        if bot is not None:
            act = agents[bot].act(state, bot)
            events = match.apply(bot, act)
            console.print(f"[magenta]{bot}[/] ({agents[bot].name}): [bold]{act}[/]"
                          if viewer is None or viewer == bot or not humans else f"[magenta]{bot}[/] acts")
            _show_events(events, viewer)
            continue
        seat = movers[0]
        act_h = _prompt_action(match, seat, humans, screen)
        if act_h is None:
            quit_early = True
            break
        if act_h == UNDO_ASKED:
            last = _undo_seat(match, humans)
            assert last is not None
            _show_events(match.undo(last, names), seat)
            continue
        assert isinstance(act_h, Action)
        try:
            events = match.apply(seat, act_h)
        except QuestboxError as exc:
            console.print(f"[red]{exc}[/]")
            continue
        _show_events(events, seat if len(humans) > 1 else viewer)
    if save is not None:
        match.replay(meta={"seats": specs}).save(save)
        console.print(f"replay saved to {save}")
    if quit_early:
        console.print("You left the table.")
        raise typer.Exit(0)
    state = match.state
    console.print(game.render(state.view(viewer), viewer))
    out = state.outcome()
    assert out is not None
    won = ", ".join(out.winners) or "nobody"
    console.print(Panel(f"[bold]Winner: {won}[/]  ({out.reason})", title="game over", expand=False))


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a replay file (JSON)")],
    steps: Annotated[bool, typer.Option("--steps", help="show every step")] = False,
    seat: Annotated[str | None, typer.Option(help="show what this seat saw (default: spectator)")] = None,
) -> None:
    """Verify a replay (it must reproduce its game exactly) and show it."""
    try:
        rep = _load_replay(file)
        game = get_game(rep.game)
        rep.setup = game.inline_files(rep.setup)   # a replay saved before setups were inlined (cwd)
        last = None
        for step in rep.steps(game, snapshots=False):   # one pass; only the last state is kept
            last = step
            if step.index == 0 and seat is not None and seat not in step.state.seats:
                _fail(f"--seat {seat}: this game's seats are {', '.join(step.state.seats)}")
            if steps and step.index:
                console.print(f"[bold]{step.index:>4}[/] [magenta]{step.seat}[/]: {step.action}")
                _show_events(step.events, seat)
        assert last is not None
        rep.check_end(last.state, game)  # checks outcome and final fingerprint
    except QuestboxError as exc:
        _fail(str(exc), 1)
    assert last is not None
    state = last.state
    console.print(game.render(state.view(seat), seat))
    out = state.outcome()
    status = (f"over: winners {', '.join(out.winners) or 'nobody'} ({out.reason})" if out
              else "not over")
    console.print(f"[green]replay verified[/]: {rep.game}, seed {rep.seed}, {len(rep.actions)} actions, "
                  f"{status}")


@app.command("check")
def check_cmd(
    paths: Annotated[list[Path], typer.Argument(help="case files or folders")],
    clauses: Annotated[Path | None, typer.Option(help="a clause index: list the clauses no case "
                                                 "or test under PATHS names")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print failures only")] = False,
) -> None:
    """Run rules-conformance cases; exit 1 if any fails."""
    from questbox.check import clause_coverage, load_cases, run_case
    from questbox.check.cases import CaseResult

    passed = failed = 0
    for item in load_cases(list(paths)):
        res = item if isinstance(item, CaseResult) else run_case(item)
        if res.ok:
            passed += 1
            if not quiet:
                console.print(f"ok   {res.case.path}")
        else:
            failed += 1
            console.print(f"[red]FAIL[/] {res.case.path}: {res.message}", soft_wrap=True)
    if clauses is not None:
        cov = clause_coverage(clauses, list(paths))
        if cov.missing:
            console.print("uncovered: " + " ".join(cov.missing), soft_wrap=True)
        console.print(f"{cov.game}: {len(cov.covered)}/{len(cov.ids)} clauses named ({cov.percent:.0f}%)")
    print(f"{passed} passed, {failed} failed")
    if failed or passed == 0:
        raise typer.Exit(1)


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=console,
                    transient=True)


def _run_sim(cfg: Any, jobs: int, ray: str | None, out: Path | None, label: str) -> Any:
    """Play a run (resuming into ``out`` if it holds part of it); return its Summary."""
    from questbox import sim
    from questbox.sim.store import RowStore

    summary = sim.Summary()
    store = RowStore(out, cfg) if out is not None else None
    done = store.done() if store else set()
    if store:
        for note in store.notes:
            print(f"warning: {note}", file=sys.stderr)
        for row in store.existing:
            summary.add(row)
        if done:
            console.print(f"resuming: {len(done)} of {cfg.games} games already in {out}")
    todo = [i for i in range(cfg.games) if i not in done]
    finished = False
    try:
        with _progress() as bar:
            task = bar.add_task(label, total=cfg.games, completed=len(done), rate="")

            def advance(n: int) -> None:
                bar.advance(task, n)
                speed = bar.tasks[0].speed
                if speed:
                    bar.update(task, rate=f"{speed:.1f} games/s")

            for row in sim.run(cfg, todo=todo, jobs=jobs or None, ray_address=ray, progress=advance):
                summary.add(row)
                if store:
                    store.write(row)
        finished = True
    finally:
        if store:
            store.close(finished)
    return summary


def _print_summary(summary: Any, title: str) -> None:
    table = Table(title=title)
    for col in ("seat", "agent", "wins", "win rate", "95% CI"):
        table.add_column(col, justify="left" if col in ("seat", "agent") else "right")
    for r in summary.seat_table():
        table.add_row(r["seat"], r["agent"], str(r["wins"]), f"{r['rate']:.1%}", f"{r['lo']:.1%}–{r['hi']:.1%}")
    console.print(table)
    if len(summary.agent_table()) > 1:
        agents = Table(title="per agent (all seats it played)")
        for col in ("agent", "seats played", "wins", "win rate", "95% CI"):
            agents.add_column(col, justify="left" if col == "agent" else "right")
        for r in summary.agent_table():
            agents.add_row(r["agent"], str(r["seats_played"]), str(r["wins"]), f"{r['rate']:.1%}",
                           f"{r['lo']:.1%}–{r['hi']:.1%}")
        console.print(agents)
    console.print(f"average length: {summary.mean_length:.1f} actions; endings: "
                  + ", ".join(f"{r or '?'} {n}" for r, n in summary.endings.most_common()))


def _check_specs(game: Game, specs: tuple[str, ...], setup: JSON | None) -> None:
    if "human" in specs:
        _fail("the simulator plays bots only")
    if len(specs) not in game.seat_counts:
        _fail(f"{game.id} seats {', '.join(map(str, game.seat_counts))} players, not {len(specs)}")
    _table_setup(game, specs, setup)
    for spec in specs:
        check_agent_spec(spec, game)   # AgentSpecError (one line, exit 2) naming the bad parameter


@app.command("simulate")
def simulate_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seats: Annotated[str, typer.Option(help="comma-separated bot specs, one per seat")] = "random,random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="run seed (game i uses a seed derived from it)")] = 0,
    setup: Annotated[Path | None, typer.Option(help="a setup document (JSON or YAML)")] = None,
    jobs: Annotated[int, typer.Option(min=0, help="worker processes (0: every core)")] = 0,
    rotate: Annotated[bool, typer.Option("--rotate", help="rotate the agents round the seats, game "
                                         "by game")] = False,
    out: Annotated[Path | None, typer.Option(help="stream rows to .parquet, .csv or .jsonl (resumable); "
                                             "a report is written next to it")] = None,
    ray: Annotated[str | None, typer.Option(help="run on a Ray cluster: auto, local or host:port")] = None,
) -> None:
    """Play many seeded bot games; print wins per seat with 95% intervals and the average length."""
    from questbox import sim
    from questbox.sim.report import write_report
    from questbox.sim.store import ResumeMismatch

    try:
        game = get_game(game_id)
        specs = tuple(split_specs(seats))
        doc = _load_setup(setup, game)
        _check_specs(game, specs, doc)
        cfg = sim.SimConfig(game_id, specs, games, seed, doc, rotate)
        summary = _run_sim(cfg, jobs, ray, out, game_id)
    except (QuestboxError, ResumeMismatch) as exc:
        _fail(str(exc))
    _print_summary(summary, f"{game_id}: {summary.games} games, seed {seed}")
    if out is not None:
        paths = write_report(cfg, summary, out)
        console.print(f"rows in {out}; report in {paths[0]} and {paths[1]}")


def _parse_vary(items: list[str]) -> list[tuple[str, list[Any]]]:
    out: list[tuple[str, list[Any]]] = []
    for item in items:
        key, eq, values = item.partition("=")
        if not eq or not key or not values:
            _fail(f"--vary {item!r}: write KEY=V1,V2,...")
        out.append((key.strip(), [yaml.safe_load(v) for v in values.split(",")]))
    return out


def _set_path(doc: JSON, dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    cur = doc
    for p in parts[:-1]:
        cur = cur.setdefault(p, {})
    cur[parts[-1]] = value


@app.command("sweep")
def sweep_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    vary: Annotated[list[str], typer.Option(help="KEY=V1,V2,...: a setup key (dotted) or `seats` "
                                            "(specs joined by +); repeat for a grid")],
    seats: Annotated[str, typer.Option(help="bot specs, one per seat")] = "random,random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per combination")] = 100,
    seed: Annotated[int, typer.Option()] = 0,
    setup: Annotated[Path | None, typer.Option(help="the base setup document")] = None,
    jobs: Annotated[int, typer.Option(min=0, help="worker processes (0: every core)")] = 0,
    rotate: Annotated[bool, typer.Option("--rotate")] = False,
    out: Annotated[Path, typer.Option(help="folder for the rows, the table and the heatmap")] = Path("sweep"),
    ray: Annotated[str | None, typer.Option()] = None,
) -> None:
    """Run the simulator over setup variations; draw a table and a heatmap of win rates."""
    import itertools

    from questbox import sim
    from questbox.sim.report import plot_heatmap

    game = get_game(game_id)
    grid = _parse_vary(vary)
    out.mkdir(parents=True, exist_ok=True)
    base = _load_setup(setup, game) or {}
    labels: list[str] = []
    cells: list[list[float]] = []
    columns: list[str] = []
    lines = ["| " + " | ".join(k for k, _ in grid) + " | seat | agent | win rate | 95 % interval | length |",
             "|" + "---|" * (len(grid) + 5)]
    for combo in itertools.product(*(values for _, values in grid)):
        doc = json.loads(json.dumps(base))
        specs = tuple(split_specs(seats))
        for (key, _), value in zip(grid, combo, strict=True):
            if key == "seats":
                specs = tuple(split_specs(str(value).replace("+", ",")))
            else:
                _set_path(doc, key, value)
        label = ", ".join(f"{k}={v}" for (k, _), v in zip(grid, combo, strict=True))
        try:
            if "players" in doc and "seats" not in dict(grid):
                n = int(doc["players"])
                specs = (specs * n)[:n]
            _check_specs(game, specs, doc)
            cfg = sim.SimConfig(game_id, specs, games, seed, doc, rotate)
            name = "_".join(f"{k}-{v}" for (k, _), v in zip(grid, combo, strict=True)).replace("/", "-")
            summary = _run_sim(cfg, jobs, ray, out / f"{name}.csv", label)
        except QuestboxError as exc:
            _fail(f"{label}: {exc}")
        table = summary.seat_table()
        labels.append(label)
        if not columns:
            columns = [r["seat"] for r in table]
        row = {r["seat"]: r["rate"] for r in table}
        cells.append([row.get(c, 0.0) for c in columns])
        for r in table:
            lines.append("| " + " | ".join(str(v) for v in combo) + f" | {r['seat']} | {r['agent']} | "
                         f"{r['rate']:.1%} | {r['lo']:.1%}–{r['hi']:.1%} | {summary.mean_length:.1f} |")
    (out / "sweep.md").write_text(f"# {game_id} sweep ({games} games each, seed {seed})\n\n"
                                  + "\n".join(lines) + "\n\n![heatmap](heatmap.png)\n")
    plot_heatmap(labels, columns, cells, out / "heatmap.png", f"{game_id}: win rate", "win rate")
    grid_table = Table(title=f"{game_id} sweep: win rate per seat")
    grid_table.add_column("setting")
    for c in columns:
        grid_table.add_column(c, justify="right")
    for label, line in zip(labels, cells, strict=True):
        grid_table.add_row(label, *(f"{v:.1%}" for v in line))
    console.print(grid_table)
    console.print(f"table in {out / 'sweep.md'}, heatmap in {out / 'heatmap.png'}")


def _parse_only(items: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out: dict[str, tuple[str, ...]] = {}
    for item in items:
        for part in item.split(";"):
            key, eq, values = part.partition("=")
            vals = tuple(v.strip() for v in values.split(",") if v.strip())
            if not eq or not key.strip() or not vals:
                _fail(f"--only {part!r}: write AXIS=V1,V2,...")
            out[key.strip()] = vals
    return tuple(sorted(out.items()))


@app.command("atlas")
def atlas_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per cell")] = 100,
    seats: Annotated[str | None, typer.Option(help="bot specs: one for every seat, or one per seat "
                                              "(default: heuristic, else random)")] = None,
    seed: Annotated[int, typer.Option(help="atlas seed (each setup's games use seeds derived from it)")] = 0,
    jobs: Annotated[int, typer.Option(min=0, help="worker processes (0: every core)")] = 0,
    ray: Annotated[bool, typer.Option("--ray", help="run on Ray (the cluster of RAY_ADDRESS, else a "
                                      "local one)")] = False,
    out: Annotated[Path | None, typer.Option(help="folder for the rows, cells.csv and the report "
                                             "(default: atlas-GAME; resumable)")] = None,
    only: Annotated[list[str] | None, typer.Option(help="AXIS=V1,V2,...: only these values of an axis "
                                                   "(repeat for more axes)")] = None,
    axes: Annotated[bool, typer.Option("--axes", help="list the game's axes and cells, play nothing")] = False,
) -> None:
    """Play N seeded bot games in every cell of a game's setup space; write the rows and a report
    (win rates with 95% intervals, rankings, marginal effects, heatmaps)."""
    from questbox.sim.atlas import AtlasConfig, plan, run_atlas, write_report
    from questbox.sim.store import ResumeMismatch

    try:
        game = get_game(game_id)
        space = game.setup_space()
        if space is None:
            _fail(f"{game_id} declares no setup space for the atlas", 1)
        if axes:
            for a in space.axes:
                shown = ", ".join(a.values[:8]) + (f" … ({len(a.values)} values)" if len(a.values) > 8 else "")
                console.print(f"[bold]{a.name}[/]: {shown}  [dim]{a.help}[/]", soft_wrap=True)
            console.print(f"{len(space.cells)} cells; by default {len(space.select())}"
                          + (f" ({_only_text(space.default_only)})" if space.default_only else ""))
            return
        specs = tuple(split_specs(seats)) if seats else \
            ("heuristic" if "heuristic" in game.agents() else "random",)
        if "human" in specs:
            _fail("the atlas plays bots only")
        for spec in specs:
            check_agent_spec(spec, game)
        cfg = AtlasConfig(game_id, specs, games, seed, _parse_only(only or []))
        _, cells, runs = plan(cfg)
        folder = out or Path(f"atlas-{game_id}")
        if folder.exists() and not folder.is_dir():
            _fail(f"{folder} is not a folder")
        console.print(f"{game_id} atlas: {len(cells)} cells, {len(runs)} setups, {games} games each, into {folder}")
        ray_address = (os.environ.get("RAY_ADDRESS") or "local") if ray else None
        with _progress() as bar:
            task = bar.add_task(f"{game_id} atlas", total=None, rate="")

            def begin(total: int, done: int) -> None:
                bar.update(task, total=total, completed=done)
                if done:
                    console.print(f"resuming: {done} of {total} games already in {folder}")

            def advance(n: int) -> None:
                bar.advance(task, n)
                speed = bar.tasks[0].speed
                if speed:
                    bar.update(task, rate=f"{speed:.1f} games/s")

            def warn(note: str) -> None:
                print(f"warning: {note}", file=sys.stderr)

            space, res = run_atlas(cfg, folder, jobs=jobs or None, ray_address=ray_address, start=begin,
                                   progress=advance, notes=warn)
    except ResumeMismatch as exc:
        _fail(str(exc), 1)
    paths = write_report(cfg, space, res, folder)
    _print_atlas(space, res)
    console.print(f"rows in {folder / 'rows'}; cells in {folder / 'cells.csv'}; report in {paths[0]} and {paths[1]}")


def _only_text(only: Any) -> str:
    return " ".join(f"{k}={','.join(v)}" for k, v in dict(only).items())


def _print_atlas(space: Any, res: Any) -> None:
    from questbox.sim.atlas import cell_label, groups, overlapping_best, ranking

    for name, cells in groups(space, res).items():
        table = Table(title=f"{name}: best of {len(cells)} cells ({len(overlapping_best(cells))} overlap the best)")
        for col in ("#", "cell", "games", "win rate", "95% CI"):
            table.add_column(col, justify="left" if col == "cell" else "right")
        for i, r in enumerate(ranking(cells)[:5]):
            lo, hi = r.interval
            table.add_row(str(i + 1), cell_label(space, r.cell), str(r.games), f"{r.rate:.1%}", f"{lo:.1%}–{hi:.1%}")
        console.print(table)


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL: sqlite:///FILE (default: questbox.db in the "
                                           "current folder) or postgresql://...")] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="open the lobby in a browser")] = False,
    bot_workers: Annotated[int | None, typer.Option(min=1, help="threads that play bot moves (default: "
                                                    "QUESTBOX_BOT_WORKERS or 2)")] = None,
    bot_max_iters: Annotated[int | None, typer.Option(min=1, help="most search iterations a server bot may "
                                                      "ask for per decision (QUESTBOX_BOT_MAX_ITERS)")] = None,
    bot_max_seconds: Annotated[float | None, typer.Option(min=0.01, help="most seconds a server bot may "
                                                          "think per decision (QUESTBOX_BOT_MAX_SECONDS)")] = None,
    bot_max_depth: Annotated[int | None, typer.Option(min=1, help="deepest search a server bot may ask for "
                                                      "(QUESTBOX_BOT_MAX_DEPTH)")] = None,
) -> None:
    """Serve the questbox table: lobby, tables, live seats over WebSocket, the web page."""
    try:
        from questbox.server.main import serve
    except ImportError as exc:
        _fail(f"the server needs its extra: pip install 'questbox[server]' ({exc})")
    serve(host=host, port=port, db=db, open_browser=open_browser, bot_workers=bot_workers,
          bot_max_iters=bot_max_iters, bot_max_seconds=bot_max_seconds, bot_max_depth=bot_max_depth)


def _plugin_commands() -> None:
    """Commands that packages add through the ``questbox.commands`` entry point group: each names a
    function ``main(argv: list[str]) -> int`` (a game's own tools, e.g. ``questbox campaign``)."""
    from importlib.metadata import EntryPoint, entry_points

    def make(ep: EntryPoint) -> Any:
        def command(ctx: typer.Context) -> None:
            raise typer.Exit(int(ep.load()(list(ctx.args)) or 0))

        return command

    for ep in entry_points(group="questbox.commands"):
        app.command(ep.name, context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
                    help=f"{ep.name} (from {ep.value.split(':')[0]}); `questbox {ep.name} -h` for more",
                    add_help_option=False)(make(ep))


_plugin_commands()


def main(argv: list[str] | None = None) -> Any:
    """Console-script entry point."""
    return app(args=argv if argv is not None else sys.argv[1:], prog_name="questbox")


if __name__ == "__main__":
    main()
