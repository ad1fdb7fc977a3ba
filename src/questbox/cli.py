"""The ``questbox`` command line: games, play, replay, check, simulate."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml
from rich.console import Console
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from questbox.core.actions import Action
from questbox.core.agent import Agent, agent_names, make_agent
from questbox.core.errors import QuestboxError
from questbox.core.events import Event
from questbox.core.match import Match
from questbox.core.registry import games as all_games
from questbox.core.registry import get_game
from questbox.core.replay import Replay
from questbox.core.rng import derive_seed
from questbox.core.state import JSON, Game, Seat

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="questbox: play, program and analyse dungeon-fantasy tabletop games.")
console = Console(highlight=False)


def _fail(message: str, code: int = 2) -> None:
    console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def load_setup(path: Path | None) -> JSON | None:
    """A setup document from a JSON or YAML file."""
    if path is None:
        return None
    try:
        text = path.read_text()
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror}")
    doc = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    if not isinstance(doc, dict):
        _fail(f"{path}: a setup document is a mapping")
    return dict(doc)


def _seat_specs(game: Game, seats: str | None) -> list[str]:
    if seats:
        return [s.strip() for s in seats.split(",") if s.strip()]
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


def _prompt_action(match: Match, seat: Seat) -> Action | None:
    """Ask a person for an action; ``None`` means quit."""
    game, state = match.game, match.state
    legal = state.legal_actions(seat)
    view = state.view(seat)
    console.print(game.render(view, seat))
    menu = Table.grid(padding=(0, 2))
    for i, a in enumerate(legal, 1):
        desc = game.describe_action(view, a)
        menu.add_row(f"[bold]{i:>3}[/]", str(a), f"[dim]{desc}[/]" if desc != str(a) else "")
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
                          "(e.g. [bold]" + str(legal[0]) + "[/]). [bold]q[/] quits.")
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
) -> None:
    """Play a game in the terminal, people and bots at the same table."""
    try:
        game = get_game(game_id)
        specs = _seat_specs(game, seats)
        if len(specs) not in game.seat_counts:
            _fail(f"{game.id} seats {', '.join(map(str, game.seat_counts))} players, not {len(specs)}")
        if seed is None:
            import secrets
            seed = secrets.randbelow(2**31)
        doc = game.setup_for_seats(len(specs), load_setup(setup))
        match = Match(game, doc, seed=seed)
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
    quit_early = False
    state = match.state
    while not state.is_over():
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
        act_h = _prompt_action(match, seat)
        if act_h is None:
            quit_early = True
            break
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
        rep = Replay.load(file)
        game = get_game(rep.game)
        last = None
        for step in rep.steps(game):
            last = step
            if steps and step.index:
                console.print(f"[bold]{step.index:>4}[/] [magenta]{step.seat}[/]: {step.action}")
                _show_events(step.events, seat)
        rep.run(game)  # checks outcome and final fingerprint
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


@app.command("simulate")
def simulate_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seats: Annotated[str, typer.Option(help="comma-separated bot specs, one per seat")] = "random,random",
    games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="run seed (game i uses a seed derived from it)")] = 0,
    setup: Annotated[Path | None, typer.Option(help="a setup document (JSON or YAML)")] = None,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    out: Annotated[Path | None, typer.Option(help="write one JSON line per game here")] = None,
) -> None:
    """Play many seeded bot games; print wins per seat and the average length."""
    from questbox import sim

    try:
        game = get_game(game_id)
        specs = tuple(s.strip() for s in seats.split(","))
        if "human" in specs:
            _fail("simulate plays bots only")
        if len(specs) not in game.seat_counts:
            _fail(f"{game.id} seats {', '.join(map(str, game.seat_counts))} players, not {len(specs)}")
        for spec in specs:
            make_agent(spec, game, 0)
        cfg = sim.SimConfig(game_id, specs, games, seed, load_setup(setup))
        summary = sim.Summary()
        names: list[str] = []
        sink = out.open("w") if out else None
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=console,
                      transient=True) as bar:
            task = bar.add_task(game_id, total=games, rate="")

            def advance(n: int) -> None:
                bar.advance(task, n)
                t = bar.tasks[0]
                if t.speed:
                    bar.update(task, rate=f"{t.speed:.1f} games/s")

            for row in sim.run(cfg, jobs=jobs, progress=advance):
                summary.add(row)
                names = row["seats"]
                if sink:
                    sink.write(json.dumps(row) + "\n")
        if sink:
            sink.close()
    except QuestboxError as exc:
        _fail(str(exc))
    table = Table(title=f"{game_id}: {summary.games} games, seed {seed}")
    for col in ("seat", "agent", "wins", "win rate", "95% CI"):
        table.add_column(col, justify="right" if col != "seat" else "left")
    for s, spec in zip(names, specs, strict=True):
        k = summary.wins[s]
        lo, hi = sim.wilson(k, summary.games)
        table.add_row(s, spec, str(k), f"{k / max(1, summary.games):.1%}", f"{lo:.1%}–{hi:.1%}")
    lo, hi = sim.wilson(summary.nobody, summary.games)
    table.add_row("(nobody)", "", str(summary.nobody), f"{summary.nobody / max(1, summary.games):.1%}",
                  f"{lo:.1%}–{hi:.1%}")
    console.print(table)
    console.print(f"average length: {summary.mean_length:.1f} actions; endings: "
                  + ", ".join(f"{r or '?'} {n}" for r, n in summary.reasons.most_common()))


def main(argv: list[str] | None = None) -> Any:
    """Console-script entry point."""
    return app(args=argv if argv is not None else sys.argv[1:], prog_name="questbox")


if __name__ == "__main__":
    main()
