"""Resumable, executor-agnostic evaluation of independent cells (private).

A *cell* is a JSON-ready key (a dict of builtin values) evaluated by a
module-level function into a list of JSON-ready rows. Finished cells are
appended to a JSONL journal, one line per cell, flushed and fsynced, so a
crash loses at most the cells in flight; a rerun reads the journal and skips
them. A torn last line (a crash mid-write) is ignored and rewritten.
Final outputs are written atomically (temporary file, then ``os.replace``).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from tqdm import tqdm

Row = dict[str, Any]
CellFn = Callable[[Mapping[str, Any]], list[Row]]


def cell_id(key: Mapping[str, Any]) -> str:
    """Return the canonical string of a cell key (sorted JSON)."""
    return json.dumps(dict(key), sort_keys=True, allow_nan=False)


def read_journal(path: Path) -> dict[str, list[Row]]:
    """Return finished cells from a journal, ignoring a torn last line."""
    done: dict[str, list[Row]] = {}
    if not path.exists():
        return done
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    complete = lines[:-1] if not text.endswith("\n") else lines
    for number, line in enumerate(complete, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            done[cell_id(entry["cell"])] = list(entry["rows"])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            msg = f"{path}: line {number} is not a journal entry ({exc})"
            raise ValueError(msg) from None
    if not text.endswith("\n") and text:
        _rewrite(path, "".join(line + "\n" for line in complete if line.strip()))
    return done


def run_cells(
    cells: Sequence[Mapping[str, Any]],
    fn: CellFn,
    *,
    executor: Executor | None = None,
    journal: Path | None = None,
    progress: bool | None = None,
    description: str = "cells",
) -> list[Row]:
    """Evaluate every cell (skipping journalled ones) and return rows in cell order.

    Cells run in this process unless ``executor`` is given (any
    :class:`concurrent.futures.Executor`; a process pool needs a module-level
    ``fn``). Each finished cell is journalled before the next result is taken.
    """
    done = read_journal(journal) if journal is not None else {}
    todo = [c for c in cells if cell_id(c) not in done]
    show = sys.stderr.isatty() if progress is None else progress
    pool = executor
    with tqdm(
        total=len(cells),
        initial=len(cells) - len(todo),
        disable=not show,
        desc=description,
    ) as bar:
        if pool is None:
            for cell in todo:
                _finish(cell, fn(cell), done, journal)
                bar.update()
        else:
            futures: dict[Future[list[Row]], Mapping[str, Any]] = {
                pool.submit(fn, c): c for c in todo
            }
            for future in _as_completed(futures):
                _finish(futures[future], future.result(), done, journal)
                bar.update()
    return [row for c in cells for row in done[cell_id(c)]]


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a crash leaves the old file or none."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _finish(
    cell: Mapping[str, Any],
    rows: Iterable[Row],
    done: dict[str, list[Row]],
    journal: Path | None,
) -> None:
    rows = list(rows)
    done[cell_id(cell)] = rows
    if journal is not None:
        line = json.dumps(
            {"cell": dict(cell), "rows": rows}, sort_keys=True, allow_nan=False
        )
        with open(journal, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
            fh.flush()
            os.fsync(fh.fileno())


def _as_completed(
    futures: Mapping[Future[list[Row]], Any],
) -> Iterable[Future[list[Row]]]:
    from concurrent.futures import as_completed

    return as_completed(futures)


def _rewrite(path: Path, text: str) -> None:
    write_atomic(path, text)
