"""Reports of a run: Markdown and HTML with plots (PNG), written next to the data."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from questbox.sim.runner import SimConfig
from questbox.sim.stats import Summary


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_win_rates(summary: Summary, path: Path, title: str) -> None:
    plt = _plt()
    table = summary.seat_table()
    labels = [f"{r['seat']}\n{r['agent']}" for r in table]
    rates = [r["rate"] for r in table]
    err = [[r["rate"] - r["lo"] for r in table], [r["hi"] - r["rate"] for r in table]]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(table)), 3.6))
    ax.bar(labels, rates, yerr=err, capsize=6, color="#4C72B0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_histogram(values: list[float], path: Path, title: str, xlabel: str) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5.5, 3.4))
    bins = min(40, max(5, len(set(values))))
    ax.hist(values, bins=bins, color="#55A868")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_heatmap(rows: list[str], cols: list[str], values: list[list[float]], path: Path, title: str,
                 label: str) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(1.2 * len(cols) + 2.5, 0.6 * len(rows) + 1.8))
    im = ax.imshow(values, cmap="viridis", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(cols)), cols, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    for r, line in enumerate(values):
        for c, v in enumerate(line):
            ax.text(c, r, f"{v:.0%}", ha="center", va="center", color="white" if v < 0.6 else "black")
    fig.colorbar(im, ax=ax, label=label)
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(cfg: SimConfig, summary: Summary, data_path: Path) -> list[Path]:
    """Write ``<data>.report.md`` and ``<data>.report.html`` with their PNG plots; return the paths."""
    stem = data_path.with_name(data_path.name)
    title = f"{cfg.game}: {summary.games} games, seats {', '.join(cfg.seats)}, seed {cfg.seed}"
    images: list[tuple[str, Path]] = []
    win_png = stem.with_name(stem.name + ".winrate.png")
    plot_win_rates(summary, win_png, "win rate per seat")
    images.append(("Win rate per seat", win_png))
    len_png = stem.with_name(stem.name + ".length.png")
    plot_histogram([float(x) for x in summary.lengths], len_png, "game length", "actions per game")
    images.append(("Game length", len_png))
    for key, values in sorted(summary.stats.items()):
        png = stem.with_name(f"{stem.name}.stat_{key}.png")
        plot_histogram(values, png, key, key)
        images.append((key, png))

    seat_rows = summary.seat_table()
    agent_rows = summary.agent_table()
    md = [f"# {title}", "", f"Data: `{data_path.name}`. Setup: `{cfg.setup or {}}`. "
          f"Seats rotated: {'yes' if cfg.rotate else 'no'}.", "",
          "## Wins per seat", "", "| seat | agent | wins | win rate | 95 % interval |", "|---|---|---:|---:|---:|"]
    md += [f"| {r['seat']} | {r['agent']} | {r['wins']} | {r['rate']:.1%} | {r['lo']:.1%}–{r['hi']:.1%} |"
           for r in seat_rows]
    md += ["", "## Wins per agent", "", "| agent | seats played | wins | win rate | 95 % interval |",
           "|---|---:|---:|---:|---:|"]
    md += [f"| {r['agent']} | {r['seats_played']} | {r['wins']} | {r['rate']:.1%} | "
           f"{r['lo']:.1%}–{r['hi']:.1%} |" for r in agent_rows]
    md += ["", f"Average length: {summary.mean_length:.1f} actions.", "", "## Endings", ""]
    md += [f"- {word or '?'}: {n}" for word, n in summary.endings.most_common()]
    md += [""] + [f"![{name}]({png.name})" for name, png in images]
    md_path = stem.with_name(stem.name + ".report.md")
    md_path.write_text("\n".join(md) + "\n")

    def table(rows: list[dict[str, Any]], cols: list[str]) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(r[c]))}</td>" for c in cols) + "</tr>"
                       for r in rows)
        return f"<table><tr>{head}</tr>{body}</table>"

    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:.3em .6em;text-align:right}}img{{max-width:100%}}</style></head><body>
<h1>{html.escape(title)}</h1><h2>Wins per seat</h2>{table(seat_rows, ["seat", "agent", "wins", "rate", "lo", "hi"])}
<h2>Wins per agent</h2>{table(agent_rows, ["agent", "seats_played", "wins", "rate", "lo", "hi"])}
<p>Average length: {summary.mean_length:.1f} actions.</p>
{"".join(f'<h2>{html.escape(n)}</h2><img src="{html.escape(p.name)}" alt="{html.escape(n)}">' for n, p in images)}
</body></html>"""
    html_path = stem.with_name(stem.name + ".report.html")
    html_path.write_text(page)
    return [md_path, html_path, *(p for _, p in images)]


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)
