"""Resumable, executor-agnostic evaluation of independent cells.

A *cell* is a JSON-ready key (a dict of builtin values) evaluated by a
module-level function into a list of JSON-ready rows. Finished cells are
appended to a JSONL journal, one line per cell, flushed and fsynced, so a
crash loses at most the cells in flight; a rerun reads the journal and skips
them. A torn last line (a crash mid-write) is ignored by the reader and
dropped by the next run. :func:`read_journal` never writes. A run creates
its journal exclusively, or appends to (and rewrites) only a file whose first
line is this format's header; any other file is refused with an error naming
it, never replaced. Only regular files are read, at most
:data:`witnesses.runtime.MAX_READ_BYTES` bytes. Final outputs are written
atomically (:func:`witnesses.runtime.write_atomic`).

Journal format (version 2): the first line is a header
``{"journal": "context-laws cells", "version": 2, "parameters": {...}}``
with the run's parameters; each further line is
``{"cell": ..., "rows": ..., "sha256": ...}``, the digest taken over the
canonical JSON of ``{"cell", "rows"}``. A complete line that is not valid
JSON, lacks a field, or whose digest does not match is rejected with its
line number, and so is a header whose parameters differ from the run's.

The default executor is :func:`witnesses.runtime.local_pool`, whose workers
die with the parent and are terminated when a run is interrupted.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future
from pathlib import Path
from typing import Any

from tqdm import tqdm

from theory.validation import wrap_user_error
from witnesses.runtime.files import (
    _JOURNAL_MAGIC,
    _JOURNAL_VERSION,
    MAX_READ_BYTES,
    check_output_path,
    is_journal,
    read_text,
    write_atomic,
)
from witnesses.runtime.pool import local_pool

__all__ = ["cell_id", "read_journal", "run_cells"]

_Row = dict[str, Any]
_CellFn = Callable[[Mapping[str, Any]], list[_Row]]


def cell_id(key: Mapping[str, Any]) -> str:
    """Return the canonical string of a cell key (sorted JSON).

    Raises
    ------
    TypeError, ValueError
        If ``key`` is not a mapping of JSON values (no NaN or infinity).

    Examples
    --------
    >>> from witnesses.runtime import cell_id
    >>> cell_id({"seed": 1, "r": 0.5})
    '{"r": 0.5, "seed": 1}'
    """
    if not isinstance(key, Mapping):
        msg = f"key must be a mapping of JSON values, got {key!r}"
        raise TypeError(msg)
    return json.dumps(dict(key), sort_keys=True, allow_nan=False)


def read_journal(
    path: Path, *, parameters: Mapping[str, Any] | None = None
) -> dict[str, list[_Row]]:
    """Return finished cells from a journal, ignoring a torn last line.

    With ``parameters``, the header must record the same parameters. The
    file is only read, never written (a run drops a torn line itself); a
    missing file is an empty journal.

    Raises
    ------
    TypeError
        If ``path`` is not a path.
    ValueError
        For a line that is not a journal header or entry (with its number),
        a header with other parameters, or a file that is not a regular file
        (FIFO, device, directory), larger than
        :data:`~witnesses.runtime.MAX_READ_BYTES` or unreadable.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from witnesses.runtime import read_journal, run_cells
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = Path(d) / "j.jsonl"
    ...     _ = run_cells([{"x": 2}], lambda c: [{"y": c["x"] ** 2}],
    ...                   executor=False, journal=path, progress=False)
    ...     read_journal(path)
    {'{"x": 2}': [{'y': 4}]}
    """
    return _read(_path(path, "path"), parameters)[0]


def _read(
    path: Path, parameters: Mapping[str, Any] | None
) -> tuple[dict[str, list[_Row]], str | None]:
    """Return the finished cells and, for a torn last line, the text to keep."""
    done: dict[str, list[_Row]] = {}
    if not os.path.lexists(path):
        return done, None
    text = read_text(path, max_bytes=MAX_READ_BYTES, name="journal")
    if not text:
        return done, None
    lines = text.split("\n")
    _check_header(path, lines[0], parameters)  # a torn first line too: never ours
    complete = lines[:-1]  # the last piece is "" or a torn line
    for number, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        cell, rows = _parse_entry(path, number, line)
        done[cell_id(cell)] = rows
    if lines[-1]:
        kept = "".join(line + "\n" for line in complete if line.strip())
        return done, kept or _header_line(parameters)
    return done, None


def _path(value: object, name: str) -> Path:
    if isinstance(value, bool) or not isinstance(value, str | os.PathLike):
        msg = f"{name} must be a path (str or os.PathLike), got {value!r}"
        raise TypeError(msg)
    return Path(value)


def _check_header(path: Path, line: str, parameters: Mapping[str, Any] | None) -> None:
    try:
        header = json.loads(line)
        ok = header["journal"] == _MAGIC and header["version"] == _VERSION
        recorded = header["parameters"]
    except (json.JSONDecodeError, KeyError, TypeError, RecursionError):
        ok, recorded = False, None  # RecursionError: JSON nested beyond Python's limit
    if not ok:
        msg = f"{path}: line 1 is not a journal header (version {_VERSION})"
        raise ValueError(msg)
    if parameters is not None and recorded != json.loads(_canonical(parameters)):
        msg = (
            f"{path}: line 1: the journal was written with parameters {recorded}, "
            f"this run has {json.loads(_canonical(parameters))}"
        )
        raise ValueError(msg)


def _parse_entry(path: Path, number: int, line: str) -> tuple[Any, list[_Row]]:
    try:
        entry = json.loads(line)
        cell, rows, digest = entry["cell"], list(entry["rows"]), entry["sha256"]
        cell_id(cell)
    except (
        json.JSONDecodeError,
        KeyError,
        TypeError,
        ValueError,
        RecursionError,
    ) as exc:
        msg = f"{path}: line {number} is not a journal entry ({exc})"
        raise ValueError(msg) from None
    if digest != _digest(cell, rows):
        msg = f"{path}: line {number}: checksum does not match its cell and rows"
        raise ValueError(msg)
    return cell, rows


def run_cells(
    cells: Sequence[Mapping[str, Any]],
    fn: _CellFn,
    *,
    executor: Executor | bool | None = None,
    journal: Path | None = None,
    progress: bool | None = None,
    description: str = "cells",
    parameters: Mapping[str, Any] | None = None,
) -> list[_Row]:
    """Evaluate every cell (skipping journalled ones) and return rows in cell order.

    ``executor`` is where cells run, as in every sweep-like API of
    :mod:`witnesses`: ``None`` (the default) a local process pool sized to
    the machine (:func:`local_pool`), ``False`` this process, or any
    :class:`concurrent.futures.Executor` (a Dask cluster's
    ``Client.get_executor()``); ``True`` is the old spelling of ``None``.
    A process pool needs a module-level ``fn``. Each finished cell is
    journalled before the next result is taken. ``parameters`` (JSON-ready)
    go into the journal's header; a journal with other parameters is
    refused. An interruption cancels the cells not begun.

    Raises
    ------
    TypeError
        If ``cells`` is not a sequence of mappings, ``fn`` is not callable,
        or ``executor`` is not an Executor, ``False`` or ``None``.
    ValueError
        For a journal of other parameters or with a damaged line, or a
        journal path that holds a file this runner did not write.
    theory.errors.UserCallableError
        If ``fn`` raises on a cell (a ValueError naming ``fn`` and the
        cell; the original is chained). A failure of the executor itself
        (a broken pool, an unpicklable ``fn``) is raised as it is.

    Examples
    --------
    >>> from witnesses.runtime import run_cells
    >>> run_cells([{"x": 2}, {"x": 3}], lambda c: [{"y": c["x"] ** 2}],
    ...           executor=False, progress=False)
    [{'y': 4}, {'y': 9}]
    """
    _check_cells(cells, fn)
    if journal is not None:
        journal = _path(journal, "journal")
    if executor is None or executor is True:
        with local_pool() as pool:
            return _run(cells, fn, pool, journal=journal, progress=progress,
                        description=description, parameters=parameters)  # fmt: skip
    if executor is not False and not isinstance(executor, Executor):
        msg = f"executor must be a concurrent.futures.Executor, False or None, got {executor!r}"
        raise TypeError(msg)
    chosen = None if executor is False else executor
    return _run(cells, fn, chosen, journal=journal, progress=progress,
                description=description, parameters=parameters)  # fmt: skip


def _check_cells(cells: object, fn: object) -> None:
    if isinstance(cells, str | bytes) or not isinstance(cells, Sequence):
        msg = f"cells must be a sequence of mappings, got {cells!r}"
        raise TypeError(msg)
    for i, cell in enumerate(cells):
        if not isinstance(cell, Mapping):
            msg = f"cells[{i}] must be a mapping, got {cell!r}"
            raise TypeError(msg)
        cell_id(cell)
    if not callable(fn):
        msg = f"fn must be callable, got {fn!r}"
        raise TypeError(msg)


def _run(
    cells: Sequence[Mapping[str, Any]],
    fn: _CellFn,
    pool: Executor | None,
    *,
    journal: Path | None,
    progress: bool | None,
    description: str,
    parameters: Mapping[str, Any] | None,
) -> list[_Row]:
    done = _open_journal(journal, parameters) if journal is not None else {}
    todo = [c for c in cells if cell_id(c) not in done]
    show = sys.stderr.isatty() if progress is None else progress
    with tqdm(
        total=len(cells),
        initial=len(cells) - len(todo),
        disable=not show,
        desc=description,
    ) as bar:
        if pool is None:
            for cell in todo:
                _finish(cell, _call_fn(fn, cell), done, journal)
                bar.update()
        else:
            futures: dict[Future[list[_Row]], Mapping[str, Any]] = {
                pool.submit(fn, c): c for c in todo
            }
            try:
                for future in _as_completed(futures):
                    _finish(futures[future], _result(future, fn, futures[future]),
                            done, journal)  # fmt: skip
                    bar.update()
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    return [row for c in cells for row in done[cell_id(c)]]


def _call_fn(fn: _CellFn, cell: Mapping[str, Any]) -> list[_Row]:
    try:
        return fn(cell)
    except Exception as exc:
        raise wrap_user_error(
            exc, fn, "fn", context=f"on cell {cell_id(cell)}"
        ) from exc


def _result(
    future: Future[list[_Row]], fn: _CellFn, cell: Mapping[str, Any]
) -> list[_Row]:
    """Return the cell's rows; what ``fn`` raised in a worker becomes UserCallableError."""
    try:
        return future.result()
    except (BrokenExecutor, CancelledError, pickle.PicklingError):
        raise  # the executor failed, not fn
    except Exception as exc:
        raise wrap_user_error(
            exc, fn, "fn", context=f"on cell {cell_id(cell)}"
        ) from exc


def _finish(
    cell: Mapping[str, Any],
    rows: Iterable[_Row],
    done: dict[str, list[_Row]],
    journal: Path | None,
) -> None:
    rows = list(rows)
    done[cell_id(cell)] = rows
    if journal is not None:
        entry = {"cell": dict(cell), "rows": rows, "sha256": _digest(cell, rows)}
        line = json.dumps(entry, sort_keys=True, allow_nan=False)
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(journal, flags)  # no O_CREAT: the journal was checked and made
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
            fh.flush()
            os.fsync(fh.fileno())


def _open_journal(
    journal: Path, parameters: Mapping[str, Any] | None
) -> dict[str, list[_Row]]:
    """Read a journal of ours, create a new one, or refuse what is not ours."""
    check_output_path(journal, name="journal", owned=is_journal)
    done, kept = _read(journal, parameters)
    if kept is not None:  # drop the torn last line of our own journal
        write_atomic(journal, kept, name="journal", owned=is_journal)
    elif not journal.exists() or not journal.stat().st_size:
        write_atomic(
            journal, _header_line(parameters), name="journal", owned=is_journal
        )
    return done


def _as_completed(
    futures: Mapping[Future[list[_Row]], Any],
) -> Iterable[Future[list[_Row]]]:
    from concurrent.futures import as_completed

    return as_completed(futures)


_MAGIC = _JOURNAL_MAGIC
_VERSION = _JOURNAL_VERSION


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)


def _digest(cell: Mapping[str, Any], rows: list[_Row]) -> str:
    text = _canonical({"cell": dict(cell), "rows": rows})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _header_line(parameters: Mapping[str, Any] | None) -> str:
    header = {
        "journal": _MAGIC,
        "version": _VERSION,
        "parameters": json.loads(_canonical(dict(parameters or {}))),
    }
    return _canonical(header) + "\n"
