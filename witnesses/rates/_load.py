"""Turn loaded records into trials: the column plan and the strict reader.

Reading is strict (issue 32): a column the caller named (``mapping``,
``measures``) that no record holds is an error naming the nearest existing
columns; a dotted column (``autoeval_label.label``) reads a nested field; a
required field without a column or a constant is an error; two records that
give equal trials are an error naming both rows (a trial counts once). Columns
that nobody named (a field read from the column of its own name, a preset's
columns) may be absent: :class:`Loaded` says which fields no record held.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from witnesses._validation import check_iterable, check_max_bytes
from witnesses.rates._cells import (
    MISSPELT_CUTOFF,
    Bad,
    Loaded,
    Plan,
    number,
    parser_of,
)
from witnesses.rates._fields import IDENTITY, OUTCOMES, REQUIRED
from witnesses.rates._readers import Record, read_records, show, sniff_format

__all__ = ["Loaded", "Plan", "load_file", "make_plan", "suggest"]

_FORMATS = ("csv", "json", "jsonl")
_KEYS_FROM = 100  # records whose keys feed the "did you mean" suggestions
_SHOWN = 12  # columns listed when none is close


_MISSPELT_SHOWN = 10  # warnings listed before "and N more"


def misspelt_note(loaded: Loaded, path: Path) -> list[str]:
    """Return one warning per likely misspelt key (JSONL: by line, JSON: by row).

    Examples
    --------
    >>> from pathlib import Path
    >>> from witnesses.rates._load import Loaded, misspelt_note
    >>> seen = Loaded([], frozenset(), (), {}, ((1, "chosne", "chosen", "chosen_pivot"),), "jsonl")
    >>> misspelt_note(seen, Path("runs.jsonl"))  # doctest: +NORMALIZE_WHITESPACE
    ["runs.jsonl: line 1 has 'chosne' and no 'chosen' (chosen_pivot), a key no line
    holds with 'chosen': a misspelt key? that line reads as holding no chosen_pivot"]
    """
    unit = "line" if loaded.kind == "jsonl" else "row"
    out = [
        f"{path.name}: {unit} {row} has {key!r} and no {column!r} ({name}), a key "
        f"no {unit} holds with {column!r}: a misspelt key? that {unit} reads as "
        f"holding no {name}"
        for row, key, column, name in loaded.misspelt[:_MISSPELT_SHOWN]
    ]
    more = len(loaded.misspelt) - _MISSPELT_SHOWN
    if more > 0:
        out.append(f"{path.name}: and {more} more {unit}s with a likely misspelt key")
    return out


def make_plan(
    path: Path,
    fields: Sequence[str],
    *,
    mapping: Mapping[str, str] | None,
    measures: Mapping[str, str] | Sequence[str] | None,
    constants: Mapping[str, Any] | None,
    preset: str | None,
) -> Plan:
    """Build the :class:`Plan` of :func:`witnesses.load_trials`' arguments."""
    columns = {name: name for name in fields if name != "measures"}
    kept: dict[str, str] = {}
    fixed: dict[str, Any] = {}
    strict: set[str] = set()
    if preset is not None:
        from witnesses.rates._presets import get_preset

        chosen = get_preset(preset)
        columns.update(chosen.mapping)
        kept.update(chosen.measures)
        fixed.update(chosen.constants)
    for key, value in _as_mapping(mapping, "mapping").items():
        if key not in columns:
            msg = (
                f"{path}: mapping names an unknown trial field {key!r}; "
                f"fields are {', '.join(columns)}"
            )
            raise ValueError(msg)
        columns[key] = _column(value, f"mapping[{key!r}]")
        strict.add(value)
    if measures is not None and not isinstance(measures, (str, Mapping)):
        names = check_iterable(measures, "measures", "column names")
        measures = {_column(name, "measures"): name for name in names}
    for key, value in _as_mapping(measures, "measures").items():
        kept[_column(key, "measures names")] = _column(value, f"measures[{key!r}]")
        strict.add(value)
    for key, value in _as_mapping(constants, "constants").items():
        if key not in columns:
            msg = f"constants names an unknown trial field {key!r}"
            raise ValueError(msg)
        fixed[key] = value
    return Plan(tuple(columns.items()), tuple(kept.items()), fixed, frozenset(strict))


def load_file(
    path: Path,
    plan: Plan,
    make: Callable[..., Any],
    *,
    format: str | None,
    max_bytes: int,
    warn: bool = True,
) -> Loaded:
    """Read ``path`` with ``plan``; ``make(**fields)`` builds each trial.

    With ``warn``, each likely misspelt key of a JSON or JSONL record
    (:attr:`Loaded.misspelt`) is a ``UserWarning``; the command line passes
    False and prints them itself.
    """
    loaded, kind = _load_file(path, plan, make, format, max_bytes)
    loaded = replace(loaded, kind=kind)
    if warn and loaded.misspelt:
        import warnings

        for text in misspelt_note(loaded, path):
            warnings.warn(text, UserWarning, stacklevel=3)
    return loaded


def _load_file(
    path: Path,
    plan: Plan,
    make: Callable[..., Any],
    format: str | None,
    max_bytes: int,
) -> tuple[Loaded, str]:
    check_max_bytes(max_bytes)
    kind = format
    if kind is None:
        kind = path.suffix.lower().lstrip(".")
        if kind not in _FORMATS:
            kind = sniff_format(path, max_bytes) or kind
    if kind not in _FORMATS:
        msg = (
            f"{path}: format must be one of 'csv', 'json', 'jsonl', got {kind!r} "
            "(the content is not JSON; pass the format)"
        )
        raise ValueError(msg)
    if kind == "csv":
        from witnesses.rates._columns import load_csv_columns

        fast = load_csv_columns(path, plan, make, max_bytes)
        if fast is not None:
            return fast, kind
    if kind == "jsonl":
        from witnesses.rates._columns import load_jsonl_columns

        fast = load_jsonl_columns(path, plan, make, max_bytes)
        if fast is not None:
            return fast, kind
    return build_trials(read_records(path, kind, max_bytes), plan, path, make), kind


def build_trials(
    records: Iterable[Record],
    plan: Plan,
    path: Path,
    make: Callable[..., Any],
) -> Loaded:
    """Return :class:`Loaded`: every record's trial, errors naming file, row, column."""
    readers = [
        (name, False, column, _getter(column), parser_of(name))
        for name, column in plan.columns
    ] + [
        (name, True, column, _getter(column), number) for name, column in plan.measures
    ]
    seen: set[str] = set()
    keys: dict[str, None] = {}
    rows: dict[Any, int] = {}
    idents: dict[tuple[Any, ...], int] = {}
    blank: dict[str, int] = {}
    unkeyed: dict[str, int] = {}  # rows of a JSON file without the column's key
    first: dict[str, int] = {}  # every key: the row it first occurs in
    repeated: set[str] = set()  # keys of more than one row
    suspects: list[tuple[int, list[str], list[str]]] = []
    # a key many rows share may be misspelt too (a harness renamed a key part way):
    # an unread key close to a planned top-level column that no row holds with it
    tops = [c for _, _, c, _, _ in readers if "." not in c]
    close_of: dict[str, list[str]] = {}
    both: set[tuple[str, str]] = set()
    lacking: dict[tuple[str, str], list[int]] = {}
    out: list[Any] = []
    for row, record in records:
        if len(out) < _KEYS_FROM:
            keys.update(dict.fromkeys(_keys(record)))
        for key in record:
            near = close_of.get(key)
            if near is None:
                near = close_of[key] = (
                    []
                    if key in tops
                    else difflib.get_close_matches(
                        key, tops, n=len(tops), cutoff=MISSPELT_CUTOFF
                    )
                )
            for column in near:
                if column in record:
                    both.add((key, column))
                else:
                    lacking.setdefault((key, column), []).append(row)
        new = []
        for key in record:
            if key in first:
                repeated.add(key)
            else:
                first[key] = row
                new.append(key)
        lacks: list[str] = []
        values: dict[str, Any] = dict(plan.constants)
        found: dict[str, float] = {}
        for name, measure, column, get, parse in readers:
            raw = get(record)
            if raw is _ABSENT:
                if not measure and name in OUTCOMES:
                    unkeyed[name] = unkeyed.get(name, 0) + 1
                if new:
                    lacks.append(column)
                continue
            seen.add(column)
            value = None
            if raw is not None:
                try:
                    value = parse(raw)
                except Bad as exc:
                    msg = f"{path}: row {row}, column {column!r}: {exc}"
                    raise ValueError(msg) from None
            if value is not None:
                (found if measure else values)[name] = value
            elif not measure and name in OUTCOMES:
                blank[name] = blank.get(name, 0) + 1
        if lacks:
            suspects.append((row, lacks, new))
        for name in REQUIRED:
            if name not in values:
                raise ValueError(_required(plan, name, record, keys, path, row))
        if plan.measures:
            values["measures"] = found
        try:
            trial = make(**values)
        except (TypeError, ValueError) as exc:
            raise ValueError(_refused(plan, record, path, row, str(exc))) from None
        if trial in rows:
            msg = (
                f"{path}: row {row} repeats row {rows[trial]} (the two give equal "
                "trials, and a trial counts once): remove the repeat, or map the "
                "column that tells them apart (a seed or a run id)"
            )
            raise ValueError(msg)
        ident = identity(trial)
        if ident in idents:
            other = out[idents[ident]]
            msg = (
                f"{path}: row {row} repeats the trial of row {rows[other]} "
                f"({describe_identity(trial)}) with other values "
                f"({differences(other, trial)}), and a trial counts once: remove "
                "the retried run, or map the column that tells them apart "
                "(--map seed=COLUMN for a seed or run number)"
            )
            raise ValueError(msg)
        idents[ident] = len(out)
        rows[trial] = row
        out.append(trial)
    for column in sorted(plan.strict - seen):
        msg = f"{path}: column {column!r} is not in the file{suggest(column, keys)}"
        raise ValueError(msg)
    # a row that lacks a key other rows have holds no value there, as a null does
    # (a misspelt key in one JSON line must not leave the denominator unnoticed)
    for name, column in plan.columns:
        if column in seen and unkeyed.get(name):
            blank[name] = blank.get(name, 0) + unkeyed[name]
    absent = frozenset(
        name
        for name, column in (*plan.columns, *plan.measures)
        if column not in seen and name not in plan.constants
    )
    misspelt = misspelt_keys(plan, suspects, repeated, seen)
    field_of = {column: name for name, column in reversed(plan.columns)}
    shared = [
        (row, key, column, field_of[column])
        for (key, column), at in lacking.items()
        if key in repeated
        and (key, column) not in both
        and column in seen
        and column in field_of
        for row in at
    ]
    if shared:
        misspelt = tuple(sorted({*misspelt, *shared}))
    return Loaded(out, absent, tuple(keys), blank, misspelt)


def misspelt_keys(
    plan: Plan,
    suspects: Iterable[tuple[int, list[str], list[str]]],
    repeated: set[str],
    seen: set[str],
) -> tuple[tuple[int, str, str, str], ...]:
    """Return ``(row, key, column, field)`` for each likely misspelt key.

    ``suspects`` holds, per row that lacks a planned column and brings a key
    no earlier row had, those columns and keys. A key is a likely misspelling
    of a column the row lacks when no other row has the key (it is not in
    ``repeated``), no field reads it, some other row has the column (it is in
    ``seen``), and the two are close (difflib ratio at least
    :data:`MISSPELT_CUTOFF`). The row then reads as holding no value there.
    """
    field_of: dict[str, str] = {}
    for name, column in (*plan.columns, *plan.measures):
        field_of.setdefault(column, name)
    out = []
    for row, lacks, new in suspects:
        lone = [k for k in new if k not in repeated and k not in field_of]
        for column in lacks:
            close = difflib.get_close_matches(column, lone, cutoff=MISSPELT_CUTOFF)
            if close and column in seen:
                out.append((row, close[0], column, field_of[column]))
    return tuple(out)


def identity(trial: Any) -> tuple[Any, ...]:
    """Return the trial's identity: task, condition, budget, model, category, seed."""
    return tuple(getattr(trial, name, None) for name in IDENTITY)


def describe_identity(trial: Any) -> str:
    """``task_id 'a1', condition 'recent', seed none`` (budget, model when set)."""
    parts = []
    for name in IDENTITY:
        value = getattr(trial, name, None)
        if value is not None or name == "seed":
            parts.append(f"{name} {'none' if value is None else show(value)}")
    return ", ".join(parts)


def differences(a: Any, b: Any, *, limit: int = 3) -> str:
    """``raw_validity True vs False``: the first fields in which two trials differ."""
    names = [n for n in getattr(a, "__dataclass_fields__", {}) if n not in IDENTITY]
    out = []
    for name in names:
        x, y = getattr(a, name), getattr(b, name)
        if name == "measures" and isinstance(x, Mapping) and isinstance(y, Mapping):
            out += [
                f"{k} {show(x.get(k))} vs {show(y.get(k))}"
                for k in sorted(set(x) | set(y))
                if not _same(x.get(k), y.get(k))
            ]
        elif not _same(x, y):
            out.append(f"{name} {show(x)} vs {show(y)}")
    more = f" and {len(out) - limit} more" if len(out) > limit else ""
    return ", ".join(out[:limit]) + more if out else "other values"


def _same(x: Any, y: Any) -> bool:
    if (
        isinstance(x, float)
        and isinstance(y, float)
        and math.isnan(x)
        and math.isnan(y)
    ):
        return True
    return bool(x == y)


def _refused(
    plan: Plan, record: Mapping[str, Any], path: Path, row: int, why: str
) -> str:
    """Say which cell a trial refused: ``row 3, column 'valid': ...``.

    ``why`` is the trial's message, which names the field (``raw_validity
    must be ..., got 1.5``); the cell's own value replaces the parsed one
    (the JSON number 2, not 2.0).
    """
    for name, column in plan.columns:
        if why.startswith(f"{name} "):
            raw = _getter(column)(record)
            if raw is _ABSENT:
                break
            head, sep, _ = why.rpartition(", got ")
            got = f", got {show(raw)}" if sep else ""
            return f"{path}: row {row}, column {column!r}: {head if sep else why}{got}"
    return f"{path}: row {row}: {why}"


def _required(
    plan: Plan,
    name: str,
    record: Mapping[str, Any],
    keys: Mapping[str, None],
    path: Path,
    row: int,
) -> str:
    column = dict(plan.columns)[name]
    if _getter(column)(record) is _ABSENT:
        how = f"--map {name}=COLUMN, mapping={{{name!r}: COLUMN}}"
        if name == "condition":
            how += ", or a constant: --condition NAME, constants={'condition': NAME}"
        # the row's own keys: a name from other rows may be the missing one
        own = list(_keys(record))
        hint = suggest(column, own) if own else " (the row is an empty object)"
        return (
            f"{path}: row {row}: required field {name} has no column: {column!r} "
            f"is not in the row{hint} (map one: {how})"
        )
    return f"{path}: row {row}, column {column!r}: required field {name} is empty"


def suggest(column: str, keys: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for the closest key, else the key list.

    Examples
    --------
    >>> from witnesses.rates._load import suggest
    >>> suggest("autoeval_lable", ["question_id", "autoeval_label"])
    "; did you mean 'autoeval_label'?"
    """
    names = list(keys)
    close = difflib.get_close_matches(column, names, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    shown = ", ".join(map(repr, names[:_SHOWN])) + (", ..." * (len(names) > _SHOWN))
    return f" (its columns: {shown or 'none'})"


_ABSENT = object()


def _getter(column: str) -> Callable[[Mapping[str, Any]], Any]:
    """Return a reader of ``column``: a key, or a dotted path into nested objects."""
    parts = column.split(".")

    def get(record: Mapping[str, Any]) -> Any:
        if column in record:
            return record[column]
        node: Any = record
        for part in parts:
            if not isinstance(node, Mapping) or part not in node:
                return _ABSENT
            node = node[part]
        return node

    return get


def _keys(record: Mapping[str, Any]) -> Iterable[str]:
    """Yield the record's keys, and ``key.sub`` for the keys of nested objects."""
    for key, value in record.items():
        yield key
        if isinstance(value, Mapping):
            yield from (f"{key}.{sub}" for sub in value)


def _as_mapping(value: object, name: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        msg = f"{name} must be a mapping or None, got {value!r}"
        raise TypeError(msg)
    return value


def _column(value: object, name: str) -> str:
    if not isinstance(value, str) or not value:
        msg = f"{name} must be a column name (non-empty str), got {value!r}"
        raise TypeError(msg)
    return value
