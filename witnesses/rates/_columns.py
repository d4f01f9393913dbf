"""The loaders' fast path: a CSV file read by columns with pyarrow (issue 30).

:func:`witnesses.rates._load.load_file` asks :func:`load_csv_columns` first. It
returns the same :class:`~witnesses.rates._load.Loaded` as the strict row reader
(:func:`witnesses.rates._load.build_trials`), or ``None`` when anything is unusual,
and the strict reader then reads the file and raises its error naming the file,
the row and the column. ``None`` is returned for: text that is not canonical
CSV (a lone carriage return, a quote that does not open and close a whole
cell, a NUL byte, text that is not UTF-8), a duplicate or empty header, a row
of the wrong width, a file without rows, a cell that does not parse, a value
out of a field's range, a required field without a value, a column named by
the caller that is not in the file, a constant of a type the fields do not
hold, and two rows with the same trial identity.

Why pyarrow: its CSV reader is typed, single-threaded on request
(``use_threads=False``: deterministic), and refuses a row whose width differs
from the header's instead of padding it. Every cell is read as text; the
strict reader's own cell parsers turn it into values, once per distinct text
(memoised), so a value reads the same on both paths.
"""

from __future__ import annotations

import csv
import gc
import io
import re
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import repeat
from typing import TYPE_CHECKING, Any

import numpy as np

from witnesses.rates._fields import IDENTITY, OUTCOMES, RANGED, REQUIRED, plain_value
from witnesses.rates._readers import open_regular

if TYPE_CHECKING:
    from pathlib import Path

    from numpy.typing import NDArray

    from witnesses.rates._load import Loaded, Plan

__all__ = ["distinct_rows", "load_csv_columns", "no_gc", "row_keys"]

_FIELD = r'(?:"(?:[^"]|"")*"|[^",\r\n]*)'
_LINE = rf"{_FIELD}(?:,{_FIELD})*"
_CANONICAL = re.compile(rf"(?:{_LINE}\r?\n)*(?:{_LINE})?")
"""CSV on which Python's csv module and pyarrow's reader agree cell for cell."""


def load_csv_columns(
    path: Path, plan: Plan, make: Callable[..., Any], max_bytes: int
) -> Loaded | None:
    """Return the file's :class:`Loaded` read by columns, or ``None`` (see module doc).

    The refusals of the strict reader that come before any row (not a regular
    file, larger than ``max_bytes``, growing while read, unreadable) are
    raised here, with its messages.
    """
    from witnesses.rates.trials import Trial

    if make is not Trial:
        return None
    with open_regular(path, max_bytes) as raw:
        data = io.BufferedReader(raw).read()
    table = _read_table(data)
    if table is None:
        return None
    header, cells = table
    with no_gc():
        return _build(path, plan, header, cells, Trial)


def _read_table(data: bytes) -> tuple[list[str], Callable[[int], list[str]]] | None:
    """Return the header and a reader of column ``i``'s cells, or ``None``."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data or data.startswith(b"\xef\xbb\xbf"):
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    quoted = '"' in text
    if (quoted or "\r" in text) and _CANONICAL.fullmatch(text) is None:
        return None
    header = next(csv.reader(io.StringIO(text)), [])
    if not header or len(set(header)) != len(header):
        return None
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        from pyarrow import compute as pa_compute
        from pyarrow import csv as pa_csv
    except ImportError:  # a dependency, but a missing one only costs speed
        return None

    names = [f"f{i}" for i in range(len(header))]
    try:
        table = pa_csv.read_csv(
            io.BytesIO(data),
            read_options=pa_csv.ReadOptions(column_names=names, use_threads=False),
            parse_options=pa_csv.ParseOptions(newlines_in_values=quoted),
            convert_options=pa_csv.ConvertOptions(
                column_types=dict.fromkeys(names, pa.string()),
                strings_can_be_null=False,
                quoted_strings_can_be_null=False,
            ),
        )
    except (pa.ArrowException, ValueError):
        return None
    if table.num_rows < 2 or table.slice(0, 1).to_pylist()[0] != dict(
        zip(names, header, strict=True)
    ):
        return None
    limit = csv.field_size_limit()  # the csv module refuses a longer cell
    if any(
        pa_compute.max(pa_compute.utf8_length(c)).as_py() > limit for c in table.columns
    ):
        return None
    return header, lambda i: table.column(i).slice(1).to_pylist()


def _build(
    path: Path,
    plan: Plan,
    header: list[str],
    cells: Callable[[int], list[str]],
    trial: type,
) -> Loaded | None:
    """Parse the planned columns and build the trials (``None``: ask the strict path)."""
    from witnesses.rates._load import Loaded, parser_of
    from witnesses.rates.trials import RESERVED_MEANS

    at = {name: i for i, name in enumerate(header)}
    if plan.strict - set(at) or any(n in RESERVED_MEANS for n, _ in plan.measures):
        return None
    parsed: dict[str, list[Any]] = {}
    for column, parse in _wanted(plan, parser_of):
        if column in at and column not in parsed:
            values = _parse(cells(at[column]), parse)
            if values is None:
                return None
            parsed[column] = values
    n = len(next(iter(parsed.values()))) if parsed else len(cells(0))
    fields: dict[str, Any] = {}
    for name, column in plan.columns:
        constant = plan.constants.get(name)
        if name in plan.constants and not plain(name, constant):
            return None
        if column in parsed:
            values = parsed[column]
            if name in plan.constants and None in values:
                values = [constant if v is None else v for v in values]
            fields[name] = values
        elif name in plan.constants:
            fields[name] = constant
    if not _in_range(fields) or any(
        fields.get(name) is None
        or (isinstance(fields[name], list) and None in fields[name])
        for name in REQUIRED
    ):
        return None
    if _repeats(fields, n):
        return None
    measures = [(name, parsed[c]) for name, c in plan.measures if c in parsed]
    trials = _make(trial, fields, measures, n)
    return Loaded(
        trials,
        frozenset(
            name
            for name, column in (*plan.columns, *plan.measures)
            if column not in at and name not in plan.constants
        ),
        tuple(header),
        _blank(plan, parsed),
    )


def _wanted(
    plan: Plan, parser_of: Callable[[str], Callable[[Any], Any]]
) -> list[tuple[str, Callable[[Any], Any]]]:
    from witnesses.rates._load import number

    out = [(column, parser_of(name)) for name, column in plan.columns]
    return out + [(column, number) for _, column in plan.measures]


def _parse(raw: list[str], parse: Callable[[Any], Any]) -> list[Any] | None:
    """Parse every cell, once per distinct text; ``None`` if one does not parse."""
    from witnesses.rates._load import Bad

    memo = {}
    for text in set(raw):
        try:
            memo[text] = parse(text)
        except Bad:
            return None
    return list(map(memo.__getitem__, raw))


plain = plain_value
"""Whether a value has its field's plain type and range (:func:`witnesses.rates._fields.plain_value`)."""


def _in_range(fields: Mapping[str, Any]) -> bool:
    """Whether the parsed scores lie in [0, 1] (the parsers check finiteness)."""
    for name in RANGED:
        values = fields.get(name)
        if isinstance(values, list):
            numbers = [v for v in set(values) if type(v) is float]
            if numbers and not 0.0 <= min(numbers) <= max(numbers) <= 1.0:
                return False
    return True


def _repeats(fields: Mapping[str, Any], n: int) -> bool:
    """Whether two rows share a trial identity (the strict path names them)."""
    lists = [v for v in (fields.get(name) for name in IDENTITY) if isinstance(v, list)]
    return not distinct_rows(lists, n)


def row_keys(columns: Sequence[list[Any]], n: int) -> tuple[NDArray[np.int64], int]:
    """Return a key per row of ``columns``: equal rows, equal keys.

    Each column is numbered by its distinct values (equal values, as ``==``
    and ``hash`` see them, share a number: ``1 == 1.0``, as in a dict of
    tuples) and the numbers are combined into one key per row, in
    ``range(size)``; returns ``(keys, size)``.
    """
    key = np.zeros(n, dtype=np.int64)
    size = 1
    for values in columns:
        number = {v: i for i, v in enumerate(dict.fromkeys(values))}
        codes = np.fromiter(map(number.__getitem__, values), dtype=np.int64, count=n)
        key = key * len(number) + codes  # below 8 n * n: fits in 63 bits
        size *= len(number)
        if size > 8 * n:  # renumber the keys 0, 1, ... (at most n of them)
            key = np.unique(key, return_inverse=True)[1].astype(np.int64).ravel()
            size = int(key.max()) + 1
    return key, size


def distinct_rows(columns: Sequence[list[Any]], n: int) -> bool:
    """Whether no two of the ``n`` rows of ``columns`` are equal."""
    key, size = row_keys(columns, n)
    return bool(n < 2 or np.bincount(key, minlength=size).max() < 2)


@contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a million objects are made.

    None of them is garbage; each full collection would walk them all.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _make(
    trial: type,
    fields: Mapping[str, Any],
    measures: Sequence[tuple[str, list[Any]]],
    n: int,
) -> list[Any]:
    """Build ``n`` trials field by field.

    Every value has its field's plain type and range (checked above), so
    ``Trial(**values)`` would validate nothing more: its ``__post_init__``
    passes. The slots are set directly, one field at a time over all rows.
    """
    from dataclasses import fields as dataclass_fields

    out: list[Any] = list(map(object.__new__, repeat(trial, n)))
    for f in dataclass_fields(trial):
        setter = getattr(trial, f.name).__set__
        if f.name == "measures":
            if measures:
                names = [name for name, _ in measures]
                values: Any = (
                    {k: v for k, v in zip(names, row, strict=True) if v is not None}
                    for row in zip(*(col for _, col in measures), strict=True)
                )
            else:
                values = (dict() for _ in range(n))  # noqa: C408 one dict per trial
        else:
            value = fields.get(f.name)
            values = value if isinstance(value, list) else repeat(value, n)
        deque(map(setter, out, values), maxlen=0)
    return out


def _blank(plan: Plan, parsed: Mapping[str, list[Any]]) -> dict[str, int]:
    """Per true/false field: rows whose cell holds no value, in the strict order."""
    first = []
    for position, (name, column) in enumerate(plan.columns):
        if name in OUTCOMES and column in parsed:
            values = parsed[column]
            count = values.count(None)
            if count:
                first.append((values.index(None), position, name, count))
    return {name: count for _, _, name, count in sorted(first)}
