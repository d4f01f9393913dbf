"""Users' own timelines: records and files in, a :class:`Timeline` out (private).

:func:`load_timeline` reads a CSV, JSON or JSONL agent log and
:meth:`Timeline.from_records` takes Python dicts; both go through
:func:`records_to_timeline`.

Fields (``mapping`` renames them: ``{"timestamp": "ts", "actors": "agent"}``
reads the user's ``ts`` and ``agent`` columns):

* ``id`` (required): a non-empty string, unique in the log;
* ``timestamp`` (required): a number (seconds, or any unit), an ISO-8601
  string with a UTC offset (``2026-11-26T10:00:00Z``) or a timezone-aware
  :class:`datetime.datetime`; every record of a log uses the same kind;
* ``weight`` (required): a finite number;
* ``actors`` (optional): a list of names, or a string; a CSV cell (or any
  string) is split on ``;``;
* ``causal_parents`` (optional): ids, as for ``actors``;
* every other field goes to the event's ``metadata``.

Normalisation rule. A datetime or ISO-8601 timestamp becomes POSIX seconds
(``datetime.timestamp()``); a naive one (no offset) is refused, since its
instant is unknown. Then, with ``time_scale="unit"`` (the default), the
timestamps are rescaled to ``[0, 1]``: ``t' = (t - t_min) / (t_max - t_min)``
(every ``t' = 0`` when all are equal), the scale of the package's grammar,
whose gap bound ``0.11`` is a share of the timeline's span. With
``time_scale=None`` they stay as read. Numbers in one column must share a
unit: a magnitude in ``[1e8, 1e11)`` reads as unix seconds (years 1973 to
5138), ``[1e11, 1e14)`` as milliseconds, ``[1e14, 1e17)`` as microseconds and
``>= 1e17`` as nanoseconds; a column holding two of these classes is an
error naming the first row of each (values below ``1e8`` are not
classified). The value read is kept in
``metadata["raw_timestamp"]`` (seconds for datetimes). Events are sorted by
``(timestamp, id)``.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Mapping
from datetime import datetime
from numbers import Real
from pathlib import Path
from typing import Any

from theory.validation import check_int
from witnesses.events import Event, Timeline
from witnesses.rates._readers import DEFAULT_MAX_BYTES, read_json, read_records, show

__all__ = ["FIELDS", "MAX_EVENTS", "load_timeline", "records_to_timeline"]

FIELDS = ("id", "timestamp", "weight", "actors", "causal_parents")
"""The event fields a record is read into (``mapping`` renames them)."""

_REQUIRED = ("id", "timestamp", "weight")
TIME_SCALES = ("unit", None)
MAX_EVENTS = 1_000_000
"""Most events one timeline may hold."""


def load_timeline(
    path: str | Path,
    *,
    mapping: Mapping[str, str] | None = None,
    time_scale: str | None = "unit",
    format: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Timeline:
    """Read an agent log (CSV, JSON or JSONL) into a :class:`Timeline`.

    Parameters
    ----------
    path : str or Path
        A regular file; ``.csv``, ``.json`` or ``.jsonl`` (or ``format=``).
        A JSON file holds a list of records or ``{"events": [...]}``.
    mapping : mapping of str to str, optional
        Field name to the file's column name, for the fields ``id``,
        ``timestamp``, ``weight``, ``actors`` and ``causal_parents``; a field
        not named keeps its own name.
    time_scale : {"unit", None}, default "unit"
        ``"unit"`` rescales the timestamps to ``[0, 1]``; ``None`` keeps them.
    format : {"csv", "json", "jsonl"}, optional
        Overrides the format guessed from the suffix.
    max_bytes : int
        Largest file read, in bytes (256 MiB by default).

    Returns
    -------
    Timeline

    Raises
    ------
    TypeError
        For arguments of the wrong type.
    ValueError
        For a file that is not a regular file or is too large, malformed
        text, a mapping naming a column the file lacks, a missing or
        unreadable cell (the message names the file, row and column), a
        naive datetime, timestamps of mixed kinds, numeric timestamps of
        mixed units (unix seconds and milliseconds, ...: the rule is in the
        module docstring), or a repeated id.

    Notes
    -----
    The normalisation rule is the module's (:mod:`witnesses._timeline_io`):
    datetimes become POSIX seconds, then ``time_scale="unit"`` maps
    ``t`` to ``(t - t_min) / (t_max - t_min)``; the value read is kept in
    ``metadata["raw_timestamp"]``.

    Examples
    --------
    >>> from witnesses import load_timeline
    >>> tl = load_timeline("docs/examples/agent_log.csv",
    ...                    mapping={"id": "step", "timestamp": "unix_time",
    ...                             "weight": "salience", "actors": "agents"})
    >>> len(tl), tl[0].timestamp, tl[-1].timestamp, tl[0].metadata["raw_timestamp"]
    (40, 0.0, 1.0, 1764151200.0)
    """
    p = _path(path)
    kind = _format(p, format)
    max_bytes = check_int(max_bytes, "max_bytes", minimum=1)
    if kind == "json":
        doc = read_json(p, max_bytes)
        if isinstance(doc, dict) and isinstance(doc.get("events"), list):
            doc = doc["events"]
        if not isinstance(doc, list):
            msg = f"{p}: JSON must hold a list of event objects or {{'events': [...]}}"
            raise ValueError(msg)
        for number, item in enumerate(doc, start=1):
            if not isinstance(item, dict):
                msg = f"{p}: row {number}: an event must be a JSON object, got {show(item)}"
                raise ValueError(msg)
        rows: Iterable[tuple[int, Mapping[str, Any]]] = enumerate(doc, start=1)
    else:
        rows = read_records(p, kind, max_bytes)
    return records_to_timeline(
        rows, mapping=mapping, time_scale=time_scale, where=str(p)
    )


def records_to_timeline(
    rows: Iterable[tuple[int, Mapping[str, Any]]],
    *,
    mapping: Mapping[str, str] | None,
    time_scale: object,
    where: str,
) -> Timeline:
    """Build a timeline from numbered records (see the module docstring)."""
    if time_scale not in TIME_SCALES:
        msg = f"time_scale must be 'unit' or None, got {time_scale!r}"
        raise ValueError(msg)
    names = _mapping(mapping)
    raw: list[tuple[int, Mapping[str, Any], float, str]] = []
    seen_columns: set[str] = set()
    for row, record in rows:
        if len(raw) >= MAX_EVENTS:
            msg = f"{where}: more than {MAX_EVENTS} events (the cap of one timeline)"
            raise ValueError(msg)
        if not isinstance(record, Mapping):
            msg = f"{where}: row {row}: a record must be a mapping, got {show(record)}"
            raise TypeError(msg)
        seen_columns.update(record)
        for field in _REQUIRED:
            column = names[field]
            if column not in record or record[column] is None or record[column] == "":
                msg = f"{where}: row {row}: column {column!r} ({field}) is missing or empty"
                if column not in record:
                    msg += _columns_hint(column, record)
                raise ValueError(msg)
        t, kind = _timestamp(record[names["timestamp"]], where, row, names["timestamp"])
        raw.append((row, record, t, kind))
    if not raw:
        msg = f"{where}: no events (a timeline needs at least one record)"
        raise ValueError(msg)
    for field in ("actors", "causal_parents"):
        if (
            mapping is not None
            and field in mapping
            and names[field] not in seen_columns
        ):
            msg = f"{where}: mapping[{field!r}] names the column {names[field]!r}, which no record has"
            raise ValueError(msg)
    kinds = {kind for *_, kind in raw}
    if len(kinds) > 1:
        first = {kind: row for row, _, _, kind in reversed(raw)}
        listing = ", ".join(f"{k} (row {first[k]})" for k in sorted(kinds))
        msg = f"{where}: column {names['timestamp']!r} mixes timestamp kinds: {listing}; use one kind"
        raise ValueError(msg)
    if kinds == {"number"}:
        _check_units(raw, where, names["timestamp"])
    times = [t for _, _, t, _ in raw]
    low, high = min(times), max(times)
    span = high - low
    if time_scale == "unit" and not math.isfinite(span):
        msg = f"{where}: timestamps span {low!r} to {high!r}, too wide to rescale"
        raise ValueError(msg)
    events = []
    seen: dict[str, int] = {}
    for row, record, t, _ in raw:
        scaled = ((t - low) / span if span > 0 else 0.0) if time_scale == "unit" else t
        event = _event(record, names, row, where, scaled, t)
        if event.id in seen:
            msg = f"{where}: row {row}: id {event.id!r} repeats row {seen[event.id]}"
            raise ValueError(msg)
        seen[event.id] = row
        events.append(event)
    try:
        return Timeline.from_unsorted(events)
    except ValueError as exc:
        msg = f"{where}: {exc}"
        raise ValueError(msg) from None


def _columns_hint(column: str, record: Mapping[str, Any]) -> str:
    keys = [str(k) for k in record]
    close = difflib.get_close_matches(column, keys, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    shown = ", ".join(keys[:20]) + (", ..." if len(keys) > 20 else "")
    return f"{hint} (columns: {shown}; map a field with mapping={{field: column}} or --map FIELD=COLUMN)"


_UNITS = (
    (1e8, "seconds"),
    (1e11, "milliseconds"),
    (1e14, "microseconds"),
    (1e17, "nanoseconds"),
)


def _unit(t: float) -> str | None:
    """Return the unix unit a numeric timestamp reads as (None below 1e8; see _check_units)."""
    name = None
    for floor, unit in _UNITS:
        if abs(t) >= floor:
            name = unit
    return name


def _check_units(
    raw: list[tuple[int, Mapping[str, Any], float, str]], where: str, column: str
) -> None:
    """Refuse a numeric column that mixes unix seconds, milliseconds, ...

    Rule: a value of magnitude in ``[1e8, 1e11)`` reads as unix seconds
    (1973 to 5138), ``[1e11, 1e14)`` as milliseconds, ``[1e14, 1e17)`` as
    microseconds, ``>= 1e17`` as nanoseconds, over the same years; values
    below ``1e8`` (relative times, step numbers) are not classified. Two
    classes in one column mean mixed units, which sorting would silently
    reorder, so it is an error naming the first row of each.
    """
    first: dict[str, tuple[int, object]] = {}
    for row, record, t, _ in raw:
        unit = _unit(t)
        if unit is not None and unit not in first:
            first[unit] = (row, record[column])
    if len(first) > 1:
        listing = ", ".join(f"{u} (row {r}: {v})" for u, (r, v) in first.items())
        msg = (
            f"{where}: column {column!r} mixes timestamp units: {listing}; values in "
            "[1e8, 1e11) read as unix seconds and [1e11, 1e14) as milliseconds, so "
            "sorting would reorder the log; convert them to one unit"
        )
        raise ValueError(msg)


def _path(path: object) -> Path:
    if isinstance(path, bool) or not isinstance(path, (str, Path)):
        msg = f"path must be a str or Path, got {path!r}"
        raise TypeError(msg)
    return Path(path)


def _format(path: Path, fmt: object) -> str:
    if fmt is None:
        fmt = path.suffix.lower().lstrip(".")
        if fmt not in ("csv", "json", "jsonl"):
            msg = f"{path}: cannot tell the format from the suffix {path.suffix!r}; pass format='csv', 'json' or 'jsonl'"
            raise ValueError(msg)
        return str(fmt)
    if fmt not in ("csv", "json", "jsonl"):
        msg = f"format must be 'csv', 'json' or 'jsonl', got {fmt!r}"
        raise ValueError(msg)
    return str(fmt)


def _mapping(mapping: object) -> dict[str, str]:
    names = {f: f for f in FIELDS}
    if mapping is None:
        return names
    if not isinstance(mapping, Mapping):
        msg = f"mapping must be a mapping of field to column, got {mapping!r}"
        raise TypeError(msg)
    for field, column in mapping.items():
        if field not in FIELDS:
            msg = f"mapping key {field!r} is not a field; fields: {', '.join(FIELDS)}"
            raise ValueError(msg)
        if not isinstance(column, str) or not column:
            msg = f"mapping[{field!r}] must be a non-empty column name, got {column!r}"
            raise TypeError(msg)
        names[field] = column
    columns = list(names.values())
    for column in columns:
        if columns.count(column) > 1:
            msg = f"mapping sends two fields to the column {column!r}"
            raise ValueError(msg)
    return names


def _timestamp(value: object, where: str, row: int, column: str) -> tuple[float, str]:
    at = f"{where}: row {row}: column {column!r}"
    if isinstance(value, datetime):
        return _instant(value, at, value), "datetime"
    if isinstance(value, bool):
        msg = f"{at}: a timestamp must be a number, an ISO-8601 string or a datetime, got {value!r}"
        raise TypeError(msg)
    if isinstance(value, Real):
        t = float(value)
        if not math.isfinite(t):
            msg = f"{at}: timestamp must be finite, got {value!r}"
            raise ValueError(msg)
        return t, "number"
    if isinstance(value, str):
        text = value.strip()
        try:
            t = float(text)
        except ValueError:
            pass
        else:
            if not math.isfinite(t):
                msg = f"{at}: timestamp must be finite, got {value!r}"
                raise ValueError(msg)
            return t, "number"
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            msg = f"{at}: {show(value)} is neither a number nor an ISO-8601 date-time"
            raise ValueError(msg) from None
        return _instant(moment, at, value), "ISO-8601"
    msg = f"{at}: a timestamp must be a number, an ISO-8601 string or a datetime, got {show(value)}"
    raise TypeError(msg)


def _instant(moment: datetime, at: str, value: object) -> float:
    if moment.tzinfo is None or moment.utcoffset() is None:
        msg = (
            f"{at}: {show(value)} has no UTC offset, so its instant is unknown; "
            f"write it as {moment.isoformat()}Z if it is UTC, or with its offset "
            f"({moment.isoformat()}+01:00)"
        )
        raise ValueError(msg)
    return moment.timestamp()


def _names(value: object, at: str) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return tuple(p.strip() for p in value.split(";") if p.strip())
    if isinstance(value, (list, tuple)):
        for item in value:
            if not isinstance(item, str) or not item:
                msg = f"{at}: must hold non-empty str names, got {show(item)}"
                raise TypeError(msg)
        return tuple(value)
    msg = f"{at}: must be a list of names or a ';'-separated string, got {show(value)}"
    raise TypeError(msg)


def _event(
    record: Mapping[str, Any],
    names: Mapping[str, str],
    row: int,
    where: str,
    t: float,
    raw_t: float,
) -> Event:
    at = f"{where}: row {row}"
    event_id = record[names["id"]]
    if isinstance(event_id, bool) or not isinstance(event_id, (str, int)):
        msg = f"{at}: column {names['id']!r}: an id must be a str or an int, got {show(event_id)}"
        raise TypeError(msg)
    weight = record[names["weight"]]
    if isinstance(weight, str):
        try:
            weight = float(weight)
        except ValueError:
            msg = f"{at}: column {names['weight']!r}: {show(weight)} is not a number"
            raise ValueError(msg) from None
    if isinstance(weight, bool) or not isinstance(weight, Real):
        msg = f"{at}: column {names['weight']!r}: a weight must be a number, got {show(weight)}"
        raise TypeError(msg)
    if not math.isfinite(float(weight)):
        msg = f"{at}: column {names['weight']!r}: weight must be finite, got {weight!r}"
        raise ValueError(msg)
    actors = _names(record.get(names["actors"]), f"{at}: column {names['actors']!r}")
    parents = _names(
        record.get(names["causal_parents"]), f"{at}: column {names['causal_parents']!r}"
    )
    used = set(names.values())
    metadata = {k: v for k, v in record.items() if k not in used}
    metadata["raw_timestamp"] = raw_t
    return Event(str(event_id), t, float(weight), frozenset(actors), parents, metadata)
