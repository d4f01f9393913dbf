"""The loaders' fast paths: a CSV or JSONL file read by columns with pyarrow (issue 30).

:func:`witnesses.rates._load.load_file` asks :func:`load_csv_columns` (or
:func:`load_jsonl_columns`, below) first. It
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
import difflib
import gc
import io
import re
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from itertools import repeat
from typing import TYPE_CHECKING, Any

import numpy as np

from witnesses.rates._cells import (
    MISSPELT_CUTOFF,
    Bad,
    Loaded,
    number,
    parser_of,
)
from witnesses.rates._fields import (
    IDENTITY,
    OUTCOMES,
    RANGED,
    REQUIRED,
    TEXT_FIELDS,
    plain_value,
)
from witnesses.rates._readers import loads, open_regular
from witnesses.rates._record import RESERVED_MEANS, Trial

if TYPE_CHECKING:
    from pathlib import Path

    from numpy.typing import NDArray

    from witnesses.rates._cells import Plan

__all__ = [
    "distinct_rows",
    "load_csv_columns",
    "load_jsonl_columns",
    "no_gc",
    "row_keys",
]

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
    out = [(column, parser_of(name)) for name, column in plan.columns]
    return out + [(column, number) for _, column in plan.measures]


def _parse(raw: list[str], parse: Callable[[Any], Any]) -> list[Any] | None:
    """Parse every cell, once per distinct text; ``None`` if one does not parse."""
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


# ---- the JSONL fast path, beside the CSV one (it shares its builder)

_BLANK_RUN = re.compile(rb"\n\n+")


_FLOAT_EXACT = 2.0**53


_SCALAR_TYPES = ("int64", "double", "bool", "string", "null")


_Counts = tuple[int, list[int], set[str]]
"""Lines, values (not null) per column, and the float columns with a whole number."""


def load_jsonl_columns(
    path: Path, plan: Plan, make: Callable[..., Any], max_bytes: int
) -> Loaded | None:
    """Return a JSONL file's :class:`~witnesses.rates._load.Loaded` read by columns, or None.

    The fast path of :func:`witnesses.rates._load.load_file` for JSONL (issue 30),
    beside the CSV one of :mod:`witnesses.rates._columns`, whose builder it shares:
    pyarrow's JSON reader parses the file into typed columns and the strict
    reader's own cell parsers turn them into values. It answers only where
    the strict reader (:func:`read_records`) would read the same values;
    otherwise it returns ``None`` and the strict reader reads the file and
    raises its error naming the file, line and column. ``None`` for: no
    ``make`` but :class:`~witnesses.Trial`; text that is not UTF-8, a
    byte-order mark past the start, a control character or a tab, a carriage
    return not followed by a newline, a line with leading or trailing spaces;
    a line that is not one whole JSON object (checked by counting: every
    non-blank line opens with ``{`` and closes with ``}``, and the reader
    finds as many objects as lines); a ``NaN`` or ``Infinity`` token (the
    file is refused if those letters occur anywhere); a duplicate key (the
    reader refuses it); a nested object or array; a key whose values mix
    types pyarrow cannot hold in one column (a string and a number, a
    boolean and a number); a float column holding ``-0.0`` or a number of
    magnitude ``2**53`` or more (an integer that large may not be its JSON
    text's integer); and every refusal of the CSV path's builder (a cell that
    does not parse, a missing required field, a repeated trial, ...).

    A key missing from some lines reads as null there, as in the strict
    reader, which counts such rows among the blank ones and sees the column
    when any line has the key. The refusals that come before any line (not a
    regular file, larger than ``max_bytes``, growing while read) are raised
    here, with the strict reader's messages.
    """
    if make is not Trial:
        return None
    with open_regular(path, max_bytes) as raw:
        data = io.BufferedReader(raw).read()
    table = _jsonl_table(data)
    if table is None:
        return None
    names, cells, lines, filled = table
    if _may_be_misspelt(plan, names, filled) or _whole_floats_as_text(plan, filled):
        return None
    with no_gc():
        loaded = _build(path, plan, names, cells, Trial)
    if loaded is None:
        return None
    return replace(loaded, keys=_first_keys(lines, path))


def _whole_floats_as_text(plan: Plan, filled: _Counts) -> bool:
    """Whether a text field reads a float column holding a whole number.

    The strict reader keeps a number as written (the JSON ``1`` is ``"1"``,
    ``1.0`` is ``"1.0"``, as in a CSV); a float column has lost which one a
    line wrote. Pivots drop a zero fraction either way.
    """
    _, _, whole = filled
    return any(column in whole for name, column in plan.columns if name in TEXT_FIELDS)


def _may_be_misspelt(plan: Plan, names: list[str], filled: _Counts) -> bool:
    """Whether a key may be a misspelling the strict reader would warn of.

    A superset of what the strict reader warns of: some planned column holds
    a null somewhere (a missing key reads as null here) and a key no field
    reads, on any number of lines, is close to it. The strict reader then
    reads the file and tells which lines, if any.
    """
    rows, counts, _ = filled
    planned = {column for _, column in (*plan.columns, *plan.measures)}
    holed = [n for i, n in enumerate(names) if n in planned and counts[i] < rows]
    lone = [n for n in names if n not in planned]
    return any(
        difflib.get_close_matches(column, lone, cutoff=MISSPELT_CUTOFF)
        for column in holed
    )


def _jsonl_table(
    data: bytes,
) -> tuple[list[str], Callable[[int], list[Any]], bytes, _Counts] | None:
    """Return the column names, a column reader, the lines and the values per column.

    The reader returns column ``i``'s values; the last item is the number of
    lines, per column how many lines give it a value (not null), and the float
    columns holding a whole number.
    ``None`` when the file is not plain JSONL (see :func:`load_jsonl_columns`);
    the lines come back without blank ones, each ended by a newline.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"NaN" in data or b"Infinity" in data:
        return None
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if b"\r" in data:  # a carriage return left alone is refused below
        data = data.replace(b"\r\n", b"\n")
    data = data.lstrip(b"\n")
    if b"\n\n" in data:
        data = _BLANK_RUN.sub(b"\n", data)
    if not data.endswith(b"\n"):
        data += b"\n"
    lines = _lines_of_objects(data)
    if lines is None:
        return None
    import numpy as np

    try:
        import pyarrow as pa
        from pyarrow import compute as pa_compute
        from pyarrow import json as pa_json
    except ImportError:  # a dependency, but a missing one only costs speed
        return None
    try:
        table = pa_json.read_json(
            io.BytesIO(data),
            read_options=pa_json.ReadOptions(use_threads=False),
        )
    except (pa.ArrowException, ValueError):
        return None
    if table.num_rows != lines or not table.num_columns:
        return None
    whole: set[str] = set()
    for i, column in enumerate(table.columns):
        kind = str(column.type)
        if kind not in _SCALAR_TYPES:
            return None
        if kind == "double":
            values = column.to_numpy(zero_copy_only=False)  # a null is NaN here
            if np.any(np.abs(values) >= _FLOAT_EXACT) or np.any(
                (values == 0.0) & np.signbit(values)
            ):
                return None
            if np.any(values == np.floor(values)):  # NaN never equals
                whole.add(table.column_names[i])

    def cells(i: int) -> list[Any]:
        # a null (or a missing key) is the empty text, which every cell parser
        # reads as a missing value, as the strict reader reads a null
        column = table.column(i)
        if not column.null_count:
            return list(column.to_pylist())
        if str(column.type) == "string":
            return list(pa_compute.fill_null(column, "").to_pylist())
        return ["" if v is None else v for v in column.to_pylist()]

    filled = [table.num_rows - column.null_count for column in table.columns]
    return list(table.column_names), cells, data, (table.num_rows, filled, whole)


_KEYS_FROM = 100  # as witnesses.rates._load: the records whose keys it lists


def _lines_of_objects(data: bytes) -> int | None:
    """Count the lines if each opens with ``{`` and closes with ``}``, else None.

    ``data`` ends with a newline and has no blank line. No byte below 0x20
    but the newline may occur (a tab, a carriage return, a control
    character). A line break then only ever follows a ``}`` and precedes a
    ``{``, which JSON allows nowhere inside an object: every line holds whole
    objects, and a reader that finds as many objects as lines found one a line.
    """
    import numpy as np

    text = np.frombuffer(data, dtype=np.uint8)
    breaks = np.flatnonzero(text < 0x20)
    if text[0] != ord("{") or not np.all(text[breaks] == ord("\n")):
        return None
    if not np.all(text[breaks - 1] == ord("}")):
        return None
    if not np.all(text[breaks[:-1] + 1] == ord("{")):
        return None
    return int(breaks.shape[0])


def _first_keys(lines: bytes, path: Path) -> tuple[str, ...]:
    """List the first records' keys in order of appearance, as the strict loader does."""
    keys: dict[str, None] = {}
    for line in lines.split(b"\n", _KEYS_FROM)[:_KEYS_FROM]:
        if line:
            keys.update(dict.fromkeys(loads(line.decode("utf-8"), path, "")))
    return tuple(keys)
