"""Where rows go: CSV, JSON lines or Parquet, streamed as games finish, resumable.

Beside the data file ``OUT`` the store keeps ``OUT.run.json`` (the run's configuration). Running
the same command again finds the games already stored and plays only the others; a run may also
be extended by asking for more games. Parquet rows are streamed into part files in ``OUT.parts/``
and gathered into ``OUT`` when the run ends (an interrupted run resumes from its parts).
"""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from typing import Any

from questbox.sim.runner import SimConfig, game_seed

#: the columns every row has (``score_*`` and ``stat_*`` columns follow)
ROW_KEYS = ("game", "seed", "seats", "agents", "winners", "reason", "length")


class ResumeMismatch(ValueError):
    """The rows or the ``.run.json`` already at ``--out`` are not of this run (or are damaged)."""


def _number(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


#: rows of its own parts a :class:`RowStore` keeps in memory to gather them at close
KEEP_ROWS = 100_000


class RowStore:
    """Append-only rows of one run (format by suffix: ``.csv``, ``.jsonl``, ``.parquet``)."""

    def __init__(self, path: str | Path, cfg: SimConfig, flush_every: int = 500) -> None:
        self.path = Path(path)
        self.kind = {".csv": "csv", ".jsonl": "jsonl", ".json": "jsonl", ".parquet": "parquet"}.get(
            self.path.suffix)
        if self.kind is None:
            raise ValueError(f"{self.path}: write .csv, .jsonl or .parquet")
        self.meta = self.path.with_name(self.path.name + ".run.json")
        self.parts = self.path.with_name(self.path.name + ".parts")
        self.flush_every = flush_every
        self._buffer: list[dict[str, Any]] = []
        # the parts this store wrote, kept to gather at close without reading them back (up to
        # KEEP_ROWS rows; beyond, close reads them from disk)
        self._kept: dict[str, Any] = {}
        self._kept_rows = 0
        #: what resuming found damaged and left out (a truncated last line, an unreadable part)
        self.notes: list[str] = []
        #: rows left out because they were damaged
        self.dropped = 0
        self._check_config(cfg)
        self.existing: list[dict[str, Any]] = self._read()
        self._check_rows(cfg)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.meta.write_text(json.dumps(cfg.to_json(), indent=1))

    # -- resume ------------------------------------------------------------------------------
    def _check_config(self, cfg: SimConfig) -> None:
        if not self.meta.exists():
            if self.path.exists():
                raise ResumeMismatch(f"{self.path} exists but was not written by a run "
                                     f"(no {self.meta.name}): choose another --out")
            return
        try:
            doc = json.loads(self.meta.read_text())
            if not isinstance(doc, dict):
                raise TypeError("not a JSON object")
            missing = [k for k in ("game", "seats", "games") if k not in doc]
            if missing:
                raise KeyError(", ".join(missing))
            old = SimConfig.from_json(doc)
        except KeyError as exc:
            raise ResumeMismatch(f"{self.meta}: the run's configuration lacks {exc.args[0]}: delete it and "
                                 f"{self.path}, or choose another --out") from None
        except (ValueError, TypeError, RecursionError) as exc:
            raise ResumeMismatch(f"{self.meta}: not a run configuration ({exc}): delete it and {self.path}, "
                                 f"or choose another --out") from None
        same = (old.game, old.seats, old.seed, old.setup, old.rotate) == \
            (cfg.game, cfg.seats, cfg.seed, cfg.setup, cfg.rotate)
        if not same:
            raise ResumeMismatch(f"{self.path} holds another run ({old.game} {','.join(old.seats)} "
                                 f"seed {old.seed}): choose another --out or delete it")

    def _read(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        if self.kind in ("csv", "jsonl") and self.path.exists():
            rows = self._read_lines()
        elif self.kind == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            if self.path.exists():  # a finished run being extended: its file becomes a part
                self.parts.mkdir(exist_ok=True)
                shutil.move(str(self.path), self.parts / f"part-{self._next_part():05d}.parquet")
            if self.parts.exists():
                for part in sorted(self.parts.glob("part-*.parquet")):
                    try:
                        rows.extend(pq.read_table(part).to_pylist())
                    except (pa.ArrowException, OSError) as exc:
                        bad = part.with_name(part.name + ".damaged")
                        part.rename(bad)
                        self.notes.append(f"{part.name} is damaged ({type(exc).__name__}): its games are "
                                          f"played again; the file is kept as {bad.name}")
        return rows

    def _read_lines(self) -> list[dict[str, Any]]:
        """The rows of a CSV or JSONL file; damaged lines (a last line cut short by an interruption,
        a row that does not parse) are dropped and the file is rewritten with the good rows."""
        text = self.path.read_text(errors="replace")
        lines = text.splitlines(keepends=True)
        rows: list[dict[str, Any]] = []
        bad = 0
        if self.kind == "csv":
            header = next(csv.reader(lines[:1]), None)
            body = lines[1:]
            if header is None or not lines[0].endswith("\n") or not set(ROW_KEYS) <= set(header):
                raise ResumeMismatch(f"{self.path}: no header row of a run: choose another --out or delete it")
            for line in body:
                values = next(csv.reader([line]), [])
                if not line.endswith("\n") or len(values) != len(header):
                    bad += bool(line.strip())
                    continue
                rows.append({k: (v if k in ("seats", "agents", "winners", "reason") else _number(v))
                             for k, v in zip(header, values, strict=True)})
        else:
            for line in lines:
                try:
                    row = json.loads(line) if line.endswith("\n") else None
                except ValueError:
                    row = None
                if not isinstance(row, dict) or not set(ROW_KEYS) <= set(row):
                    bad += bool(line.strip())
                    continue
                rows.append(row)
        good = [r for r in rows if isinstance(r.get("game"), int) and isinstance(r.get("seed"), int)]
        bad += len(rows) - len(good)
        if bad:
            self.dropped += bad
            self.notes.append(f"{self.path}: dropped {bad} damaged row{'s' * (bad != 1)} (their games are "
                              f"played again), kept {len(good)}")
            with self.path.open("w", newline="") as fh:
                if self.kind == "csv":
                    fh.write(lines[0])
                    w = csv.DictWriter(fh, fieldnames=next(csv.reader(lines[:1])))
                    w.writerows(good)
                else:
                    fh.writelines(json.dumps(r) + "\n" for r in good)
        return good

    def _check_rows(self, cfg: SimConfig) -> None:
        """Every stored row is a game of this run: its own seed and agents are the ones ``cfg``
        gives that game, and no game is stored twice."""
        seen: set[int] = set()
        for r in self.existing:
            i = r.get("game")
            if not isinstance(i, int) or i < 0:
                raise ResumeMismatch(f"{self.path}: a row has no game number ({i!r})")
            if i in seen:
                raise ResumeMismatch(f"{self.path}: game {i} is stored twice: the file mixes runs; "
                                     f"choose another --out or delete it")
            seen.add(i)
            if r.get("seed") != game_seed(cfg.seed, i) or r.get("agents") != ",".join(cfg.agents_for(i)):
                raise ResumeMismatch(f"{self.path}: game {i} (seed {r.get('seed')}, agents {r.get('agents')}) "
                                     f"is not of this run (seed {cfg.seed}, seats {','.join(cfg.seats)}): "
                                     f"choose another --out or delete it")

    def done(self) -> set[int]:
        return {int(r["game"]) for r in self.existing}

    # -- writing -----------------------------------------------------------------------------
    def write(self, row: dict[str, Any]) -> None:
        if self.kind == "csv":
            new = not self.path.exists() or self.path.stat().st_size == 0
            with self.path.open("a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=list(row))
                if new:
                    w.writeheader()
                w.writerow(row)
        elif self.kind == "jsonl":
            with self.path.open("a") as fh:
                fh.write(json.dumps(row) + "\n")
        else:
            self._buffer.append(row)
            if len(self._buffer) >= self.flush_every:
                self._flush()

    def _next_part(self) -> int:
        """One more than the highest part number (damaged parts set aside included)."""
        if not self.parts.exists():
            return 0
        numbers = [int(p.name[5:10]) for p in self.parts.glob("part-*") if p.name[5:10].isdigit()]
        return max(numbers, default=-1) + 1

    def _flush(self) -> None:
        if not self._buffer:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.parts.mkdir(exist_ok=True)
        table = pa.Table.from_pylist(self._buffer)
        name = f"part-{self._next_part():05d}.parquet"
        pq.write_table(table, self.parts / name)
        if self._kept_rows + table.num_rows <= KEEP_ROWS:
            self._kept[name] = table
            self._kept_rows += table.num_rows
        self._buffer.clear()

    def close(self, finished: bool) -> None:
        """Flush; a finished Parquet run is gathered into one file sorted by game."""
        if self.kind != "parquet":
            return
        self._flush()
        if finished and self.parts.exists():
            import pyarrow as pa
            import pyarrow.parquet as pq

            # gathered as Arrow tables, never as Python rows (an atlas closes a run per setup)
            tables = [self._kept[part.name] if part.name in self._kept else pq.read_table(part)
                      for part in sorted(self.parts.glob("part-*.parquet"))]
            table = pa.concat_tables(tables, promote_options="default") if tables else pa.table({})
            pq.write_table(table.sort_by("game") if table.num_rows else table, self.path)
            shutil.rmtree(self.parts)


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """All rows of a finished run's data file, sorted by game."""
    p = Path(path)
    if p.suffix == ".parquet":
        import pyarrow.parquet as pq

        rows = pq.read_table(p).to_pylist()
    elif p.suffix == ".csv":
        with p.open(newline="") as fh:
            rows = [{k: (v if k in ("seats", "agents", "winners", "reason") else _number(v))
                     for k, v in r.items()} for r in csv.DictReader(fh)]
    else:
        rows = [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    return sorted(rows, key=lambda r: int(r["game"]))
