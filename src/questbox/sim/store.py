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

from questbox.sim.runner import SimConfig


class ResumeMismatch(ValueError):
    pass


def _number(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


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
        self._check_config(cfg)
        self.existing: list[dict[str, Any]] = self._read()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.meta.write_text(json.dumps(cfg.to_json(), indent=1))

    # -- resume ------------------------------------------------------------------------------
    def _check_config(self, cfg: SimConfig) -> None:
        if not self.meta.exists():
            if self.path.exists():
                raise ResumeMismatch(f"{self.path} exists but was not written by a run "
                                     f"(no {self.meta.name}): choose another --out")
            return
        old = SimConfig.from_json(json.loads(self.meta.read_text()))
        same = (old.game, old.seats, old.seed, old.setup, old.rotate) == \
            (cfg.game, cfg.seats, cfg.seed, cfg.setup, cfg.rotate)
        if not same:
            raise ResumeMismatch(f"{self.path} holds another run ({old.game} {','.join(old.seats)} "
                                 f"seed {old.seed}): choose another --out or delete it")

    def _read(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        if self.kind == "csv" and self.path.exists():
            with self.path.open(newline="") as fh:
                for r in csv.DictReader(fh):
                    rows.append({k: (v if k in ("seats", "agents", "winners", "reason") else _number(v))
                                 for k, v in r.items()})
        elif self.kind == "jsonl" and self.path.exists():
            rows = [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]
        elif self.kind == "parquet":
            import pyarrow.parquet as pq

            if self.path.exists():  # a finished run being extended: its file becomes a part
                self.parts.mkdir(exist_ok=True)
                shutil.move(str(self.path), self.parts / f"part-{self._next_part():05d}.parquet")
            if self.parts.exists():
                for part in sorted(self.parts.glob("part-*.parquet")):
                    rows.extend(pq.read_table(part).to_pylist())
        return rows

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
        return len(list(self.parts.glob("part-*.parquet"))) if self.parts.exists() else 0

    def _flush(self) -> None:
        if not self._buffer:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.parts.mkdir(exist_ok=True)
        pq.write_table(pa.Table.from_pylist(self._buffer), self.parts / f"part-{self._next_part():05d}.parquet")
        self._buffer.clear()

    def close(self, finished: bool) -> None:
        """Flush; a finished Parquet run is gathered into one file sorted by game."""
        if self.kind != "parquet":
            return
        self._flush()
        if finished and self.parts.exists():
            import pyarrow as pa
            import pyarrow.parquet as pq

            rows: list[dict[str, Any]] = []
            for part in sorted(self.parts.glob("part-*.parquet")):
                rows.extend(pq.read_table(part).to_pylist())
            rows.sort(key=lambda r: r["game"])
            pq.write_table(pa.Table.from_pylist(rows), self.path)
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
