"""The atlas: N seeded bot games in every cell of a game's setup space, and a report of them.

A game declares its setup space (:meth:`questbox.core.state.Game.setup_space`, see
:mod:`questbox.sim.space`). Cells with the same setup document share one *run*: a
:class:`~questbox.sim.runner.SimConfig` whose seed is derived from the atlas seed and the setup, so a
cell's games do not depend on which other cells are played, in what order or on how many cores.
Every run's rows go to its own resumable :class:`~questbox.sim.store.RowStore`
(``OUT/rows/<run>.parquet``); all runs are played on one pool by
:func:`questbox.sim.runner.run_many` (a faster engine or runner plugs in there, unchanged here).
"""

from __future__ import annotations

import csv
import hashlib
import html
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questbox.core.registry import get_game
from questbox.core.rng import derive_seed
from questbox.core.state import JSON, Game
from questbox.sim.runner import SimConfig, run_many
from questbox.sim.space import AtlasCell, SetupSpace
from questbox.sim.stats import wilson
from questbox.sim.store import ResumeMismatch, RowStore

#: marginal effects and heatmaps skip an axis with more values than this (a party axis: its cards are
#: features of their own)
MAX_FEATURE_VALUES = 24
#: rows of a ranking shown in the report (the CSV has every cell)
RANKING_ROWS = 25


@dataclass(frozen=True)
class AtlasConfig:
    """What an atlas plays: ``seats`` holds one bot spec (it plays every seat) or one per seat;
    ``only`` restricts axes to some values (see :meth:`SetupSpace.select`)."""

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    only: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def to_json(self) -> JSON:
        return {"game": self.game, "seats": list(self.seats), "games": self.games, "seed": self.seed,
                "only": {k: list(v) for k, v in self.only}}

    @classmethod
    def from_json(cls, doc: JSON) -> AtlasConfig:
        only = tuple((str(k), tuple(str(x) for x in v)) for k, v in dict(doc.get("only") or {}).items())
        return cls(str(doc["game"]), tuple(str(s) for s in doc["seats"]), int(doc["games"]),
                   int(doc.get("seed", 0)), only)


@dataclass
class AtlasRun:
    """The games of one setup: the cells that read them and their tallies."""

    id: str
    cfg: SimConfig
    cells: list[int]
    #: games per winners string ("adventurers", "", "p1,p2")
    tally: Counter[str] = field(default_factory=Counter)
    lengths: int = 0

    @property
    def games(self) -> int:
        return sum(self.tally.values())

    def add(self, row: Mapping[str, Any]) -> None:
        self.tally[str(row["winners"] or "")] += 1
        self.lengths += int(row["length"])


@dataclass(frozen=True)
class CellResult:
    cell: AtlasCell
    games: int
    wins: int
    mean_length: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def run_id(setup: JSON) -> str:
    """A run's name: a digest of its canonical setup document."""
    return hashlib.sha256(json.dumps(setup, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def seats_for(game: Game, setup: JSON, seats: tuple[str, ...]) -> tuple[str, ...]:
    names = game.seat_names(setup)
    if len(seats) == 1:
        return seats * len(names)
    if len(seats) != len(names):
        raise ValueError(f"--seats names {len(seats)} bots but a cell seats {len(names)} "
                         f"({', '.join(names)}): give one bot for every seat, or exactly {len(names)}")
    return seats


def plan(cfg: AtlasConfig) -> tuple[SetupSpace, list[AtlasCell], list[AtlasRun]]:
    """The space, its selected cells and the runs that play them (``ValueError`` if the game has no
    setup space, or ``only`` or ``seats`` do not fit it)."""
    game = get_game(cfg.game)
    space = game.setup_space()
    if space is None:
        raise ValueError(f"{cfg.game} declares no setup space for the atlas")
    cells = space.select(dict(cfg.only))
    if not cells:
        raise ValueError(f"no cell of {cfg.game} has {_only_text(cfg.only)}")
    runs: dict[str, AtlasRun] = {}
    for k, cell in enumerate(cells):
        rid = run_id(cell.setup)
        if rid not in runs:
            specs = seats_for(game, cell.setup, cfg.seats)
            sim = SimConfig(cfg.game, specs, cfg.games, derive_seed(cfg.seed, "atlas", rid), cell.setup)
            runs[rid] = AtlasRun(rid, sim, [])
        runs[rid].cells.append(k)
    return space, cells, list(runs.values())


def _only_text(only: tuple[tuple[str, tuple[str, ...]], ...]) -> str:
    return " ".join(f"{k}={','.join(v)}" for k, v in only) or "no restriction"


def _check_meta(path: Path, cfg: AtlasConfig) -> None:
    if not path.exists():
        return
    try:
        old = AtlasConfig.from_json(json.loads(path.read_text()))
    except (ValueError, KeyError, TypeError) as exc:
        raise ResumeMismatch(f"{path}: not an atlas configuration ({exc}): delete it or choose another --out") from None
    if (old.game, old.seats, old.seed) != (cfg.game, cfg.seats, cfg.seed):
        raise ResumeMismatch(f"{path.parent} holds another atlas ({old.game}, seats {','.join(old.seats)}, "
                             f"seed {old.seed}): choose another --out or delete it")


def run_atlas(cfg: AtlasConfig, out: Path, *, jobs: int | None = None, ray_address: str | None = None,
              start: Callable[[int, int], None] | None = None, progress: Callable[[int], None] | None = None,
              notes: Callable[[str], None] | None = None) -> tuple[SetupSpace, list[CellResult]]:
    """Play the atlas into ``out`` (resuming what is there) and return the cells' results.

    ``start(total, done)`` is called once the stored games are counted; ``progress(n)`` as games
    finish; ``notes`` receives what resuming found damaged.
    """
    space, cells, runs = plan(cfg)
    out.mkdir(parents=True, exist_ok=True)
    meta = out / "atlas.json"
    _check_meta(meta, cfg)
    rows_dir = out / "rows"
    stores: dict[int, RowStore] = {}
    todo: list[tuple[SimConfig, list[int]]] = []
    order: list[int] = []
    done_games = 0
    for k, r in enumerate(runs):
        store = RowStore(rows_dir / f"{r.id}.parquet", r.cfg)
        for note in store.notes:
            if notes:
                notes(f"{r.id}: {note}")
        have = store.done()
        for row in store.existing:
            if int(row["game"]) < cfg.games:
                r.add(row)
        store.existing = []   # the rows stay on disk; keep only the tallies in memory
        missing = [i for i in range(cfg.games) if i not in have]
        done_games += cfg.games - len(missing)
        if missing:
            stores[k] = store
            todo.append((r.cfg, missing))
            order.append(k)
        else:
            store.close(True)
    meta.write_text(json.dumps(cfg.to_json(), indent=1))
    (out / "runs.json").write_text(json.dumps({r.id: {"setup": r.cfg.setup, "seats": list(r.cfg.seats),
                                                      "seed": r.cfg.seed} for r in runs}, indent=1))
    if start:
        start(cfg.games * len(runs), done_games)
    left = {k: len(idx) for k, (_, idx) in zip(order, todo, strict=True)}
    finished = False
    try:
        for j, row in run_many(todo, jobs=jobs, ray_address=ray_address, progress=progress):
            k = order[j]
            runs[k].add(row)
            stores[k].write(row)
            left[k] -= 1
            if not left[k]:
                stores.pop(k).close(True)
        finished = True
    finally:
        for store in stores.values():
            store.close(finished)
    return space, results(cells, runs)


def results(cells: list[AtlasCell], runs: list[AtlasRun]) -> list[CellResult]:
    out: list[CellResult | None] = [None] * len(cells)
    for r in runs:
        n = r.games
        for k in r.cells:
            subject = set(cells[k].subject)
            wins = sum(c for w, c in r.tally.items() if subject & set(w.split(",")))
            out[k] = CellResult(cells[k], n, wins, r.lengths / n if n else 0.0)
    return [c for c in out if c is not None]


# -- analysis ----------------------------------------------------------------------------------

def group_key(space: SetupSpace, cell: AtlasCell) -> str:
    return ", ".join(f"{a}={cell.value(a)}" for a in space.group_by) or "all cells"


def cell_label(space: SetupSpace, cell: AtlasCell) -> str:
    return ", ".join(f"{k}={v}" for k, v in cell.values if k not in space.group_by) or cell.label


def groups(space: SetupSpace, res: list[CellResult]) -> dict[str, list[CellResult]]:
    out: dict[str, list[CellResult]] = defaultdict(list)
    for r in res:
        out[group_key(space, r.cell)].append(r)
    return dict(out)


def ranking(cells: list[CellResult]) -> list[CellResult]:
    """Best first: by win rate, then by the interval's lower end, then by label."""
    return sorted(cells, key=lambda r: (-r.rate, -r.interval[0], r.cell.label))


def overlapping_best(cells: list[CellResult]) -> list[CellResult]:
    """The cells (the best included) whose 95 % interval overlaps the best cell's: those the data
    cannot yet tell from the best."""
    ranked = ranking(cells)
    if not ranked:
        return []
    lo, hi = ranked[0].interval
    return [r for r in ranked if r.interval[1] >= lo and r.interval[0] <= hi]


def newcombe(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """The difference of two proportions ``k1/n1 - k2/n2`` and its 95 % interval (Newcombe's
    hybrid score interval, built from the two Wilson intervals)."""
    p1, p2 = k1 / max(1, n1), k2 / max(1, n2)
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def effect_features(space: SetupSpace, cell: AtlasCell) -> list[str]:
    """The features whose marginal effect is estimated: ``axis=value`` of the small axes outside
    ``group_by``, then the cell's own features."""
    small = {a.name for a in space.axes if len(a.values) <= MAX_FEATURE_VALUES and a.name not in space.group_by}
    return [f"{k}={v}" for k, v in cell.values if k in small] + list(cell.features)


@dataclass(frozen=True)
class Effect:
    feature: str
    games_with: int
    rate_with: float
    games_without: int
    rate_without: float
    diff: float
    lo: float
    hi: float


def marginal_effects(space: SetupSpace, cells: list[CellResult]) -> list[Effect]:
    """Per feature: the pooled win rate of the cells that have it against the cells that do not,
    the difference and its 95 % interval; largest difference first. Features every cell has (or
    none) are left out."""
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    total_w = sum(r.wins for r in cells)
    total_n = sum(r.games for r in cells)
    for r in cells:
        for f in effect_features(space, r.cell):
            wins[f] += r.wins
            games[f] += r.games
    out = []
    for f in games:
        n1, k1 = games[f], wins[f]
        n2, k2 = total_n - n1, total_w - k1
        if n1 == 0 or n2 == 0:
            continue
        d, lo, hi = newcombe(k1, n1, k2, n2)
        out.append(Effect(f, n1, k1 / n1, n2, k2 / n2, d, lo, hi))
    return sorted(out, key=lambda e: (-e.diff, e.feature))


# -- report ------------------------------------------------------------------------------------

def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_grid(rows: list[str], cols: list[str], values: list[list[float | None]], path: Path, title: str) -> None:
    """A win-rate heatmap; ``None``: no cell there (left blank)."""
    plt = _plt()
    import numpy as np

    data = np.array([[math.nan if v is None else v for v in line] for line in values], dtype=float)
    fig, ax = plt.subplots(figsize=(min(18.0, 1.1 * len(cols) + 3.0), min(30.0, 0.35 * len(rows) + 1.8)))
    im = ax.imshow(np.ma.masked_invalid(data), cmap="viridis", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(cols)), cols, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    if len(rows) * len(cols) <= 400:
        for r, line in enumerate(values):
            for c, v in enumerate(line):
                if v is not None:
                    ax.text(c, r, f"{v:.0%}", ha="center", va="center", fontsize=8,
                            color="white" if v < 0.6 else "black")
    fig.colorbar(im, ax=ax, label="win rate")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _pooled(chosen: list[CellResult]) -> float | None:
    n = sum(r.games for r in chosen)
    return sum(r.wins for r in chosen) / n if n else None


def _pct(lo: float, hi: float) -> str:
    return f"{lo:.1%}–{hi:.1%}"


def write_cells_csv(space: SetupSpace, res: list[CellResult], path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow([a.name for a in space.axes] + ["subject", "games", "wins", "rate", "lo", "hi", "mean_length"])
        for r in res:
            lo, hi = r.interval
            w.writerow([r.cell.value(a.name) for a in space.axes]
                       + ["+".join(r.cell.subject), r.games, r.wins, f"{r.rate:.5f}", f"{lo:.5f}", f"{hi:.5f}",
                          f"{r.mean_length:.2f}"])


def write_report(cfg: AtlasConfig, space: SetupSpace, res: list[CellResult], out: Path) -> list[Path]:
    """Write ``atlas.md``, ``atlas.html``, ``cells.csv`` and the heatmaps (PNG) into ``out``."""
    by_group = groups(space, res)
    written: list[Path] = []
    cells_csv = out / "cells.csv"
    write_cells_csv(space, res, cells_csv)
    written.append(cells_csv)
    images: list[tuple[str, Path]] = []
    # features x groups
    feats = list(dict.fromkeys(f for r in res for f in effect_features(space, r.cell)))
    names = list(by_group)
    if feats:
        has = [set(effect_features(space, r.cell)) for r in res]
        grid = [[_pooled([r for r, h in zip(res, has, strict=True) if f in h and group_key(space, r.cell) == g])
                 for g in names] for f in feats]
        png = out / "heatmap_features.png"
        plot_grid(feats, names, grid, png, f"{cfg.game}: win rate of the cells with each feature")
        images.append(("Win rate by feature and group", png))
    for a, b in space.heatmaps:
        rows = [v for v in space.axis(a).values if any(r.cell.value(a) == v for r in res)]
        cols = [v for v in space.axis(b).values if any(r.cell.value(b) == v for r in res)]
        if rows and cols:
            grid = [[_pooled([r for r in res if r.cell.value(a) == x and r.cell.value(b) == y]) for y in cols]
                    for x in rows]
            png = out / f"heatmap_{a}_{b}.png"
            plot_grid([f"{a}={x}" for x in rows], [f"{b}={y}" for y in cols], grid, png,
                      f"{cfg.game}: win rate by {a} and {b}")
            images.append((f"Win rate by {a} and {b}", png))
    written += [p for _, p in images]

    title = f"{cfg.game} atlas: {len(res)} cells, {cfg.games} games each, seats {','.join(cfg.seats)}, seed {cfg.seed}"
    sections: list[tuple[str, list[str], list[list[str]]]] = []   # (heading, columns, rows) for both formats
    paragraphs: dict[str, str] = {}
    for g in names:
        ranked = ranking(by_group[g])
        near = overlapping_best(by_group[g])
        near_ids = {id(r) for r in near}
        rows_ = [[str(i + 1), cell_label(space, r.cell), str(r.games), str(r.wins), f"{r.rate:.1%}",
                  _pct(*r.interval), "yes" if id(r) in near_ids else ""] for i, r in enumerate(ranked[:RANKING_ROWS])]
        head = f"Ranking: {g}"
        sections.append((head, ["#", "cell", "games", "wins", "win rate", "95 % interval", "overlaps best"], rows_))
        best = ranked[0]
        paragraphs[head] = (f"{len(ranked)} cells; best {cell_label(space, best.cell)} at {best.rate:.1%} "
                            f"({_pct(*best.interval)}). {len(near)} cell{'s' * (len(near) != 1)} "
                            f"ha{'ve' if len(near) != 1 else 's'} an interval overlapping the best one"
                            + (f" (the first {RANKING_ROWS} are shown; cells.csv has all)."
                               if len(ranked) > RANKING_ROWS else "."))
        near_head = f"Cells the data cannot tell from the best: {g}"
        sections.append((near_head, ["cell", "win rate", "95 % interval"],
                         [[cell_label(space, r.cell), f"{r.rate:.1%}", _pct(*r.interval)] for r in near[:50]]))
        if len(near) > 50:
            paragraphs[near_head] = f"{len(near)} cells; the first 50 are shown (cells.csv has all)."
        effects = marginal_effects(space, by_group[g])
        if effects:
            eff_head = f"Marginal effects: {g}"
            sections.append((eff_head, ["feature", "games with", "win rate with", "without", "difference",
                                        "95 % interval"],
                             [[e.feature, str(e.games_with), f"{e.rate_with:.1%}", f"{e.rate_without:.1%}",
                               f"{e.diff:+.1%}", f"{e.lo:+.1%} to {e.hi:+.1%}"] for e in effects]))
    intro = (f"Game `{cfg.game}`; bots `{','.join(cfg.seats)}`; {cfg.games} seeded games a cell; seed {cfg.seed}; "
             f"cells: {_only_text(cfg.only)}. {space.notes} Rows: `rows/<run>.parquet` (one file a setup; "
             f"`runs.json` names each run's setup); every cell: `cells.csv`. Intervals are 95 % Wilson intervals; "
             f"a difference's interval is Newcombe's (from the two Wilson intervals).")
    md = [f"# {title}", "", intro, ""]
    for head, cols, rows_ in sections:
        md += [f"## {head}", ""]
        if head in paragraphs:
            md += [paragraphs[head], ""]
        md += ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        md += ["| " + " | ".join(row) + " |" for row in rows_]
        md.append("")
    md += ["## Heatmaps", ""] + [f"![{name}]({png.name})" for name, png in images] + [""]
    md_path = out / "atlas.md"
    md_path.write_text("\n".join(md))

    def table(cols: list[str], rows_: list[list[str]]) -> str:
        headrow = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row) + "</tr>" for row in rows_)
        return f"<table><tr>{headrow}</tr>{body}</table>"

    parts = [f"<h1>{html.escape(title)}</h1><p>{html.escape(intro)}</p>"]
    for head, cols, rows_ in sections:
        parts.append(f"<h2>{html.escape(head)}</h2>")
        if head in paragraphs:
            parts.append(f"<p>{html.escape(paragraphs[head])}</p>")
        parts.append(table(cols, rows_))
    parts.append("<h2>Heatmaps</h2>" + "".join(f'<h3>{html.escape(n)}</h3><img src="{html.escape(p.name)}" '
                                                f'alt="{html.escape(n)}">' for n, p in images))
    page = (f'<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(title)}</title><style>'
            "body{font-family:sans-serif;max-width:70em;margin:2em auto}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:.3em .6em;text-align:right}img{max-width:100%}</style></head>"
            f"<body>{''.join(parts)}</body></html>")
    html_path = out / "atlas.html"
    html_path.write_text(page)
    return [md_path, html_path, *written]
