"""Turn loaded records into trials: the column plan and the cell parsers."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from witnesses._readers import Record, show

__all__ = ["Plan", "build_trials", "parse_cell"]

BOOL_FIELDS = frozenset(
    {"fixed_feasible", "header_present", "degraded_flag", "oracle_degraded"}
)
FLOAT_FIELDS = frozenset(
    {"budget", "full_score", "compressed_score", "semantic_regret"}
)
STR_FIELDS = frozenset(
    {
        "task_id",
        "condition",
        "category",
        "model",
        "full_pivot",
        "chosen_pivot",
        "truth_pivot",
        "oracle_pivot",
    }
)
REQUIRED = ("task_id", "condition")
_TRUE = frozenset({"true", "t", "yes", "y", "1"})
_FALSE = frozenset({"false", "f", "no", "n", "0"})
_NULL = frozenset({"", "none", "null", "na", "nan"})

Plan = tuple[
    list[tuple[str, str]],  # (trial field, column)
    list[tuple[str, str]],  # (measure name, column)
    Mapping[str, Any],  # constant field values
]


def build_trials(
    records: Iterable[Record],
    plan: Plan,
    path: Path,
    make: Callable[..., Any],
    *,
    same_keys: bool = False,
) -> Iterator[Any]:
    """Yield ``make(**fields)`` for every record, errors naming file, row, column.

    ``same_keys``: every record has the first one's keys (CSV), so the plan is
    filtered to the present columns once.
    """
    columns, measures, constants = plan
    every = [(name, column, _parser(name)) for name, column in columns]
    float_parser = _parser("budget")
    parsers = every
    first = True
    for row, record in records:
        if first and same_keys:
            parsers = [p for p in every if p[1] in record]
        first = False
        values: dict[str, Any] = dict(constants)
        for name, column, parse in parsers:
            raw = record.get(column)
            if raw is None or raw == "":
                continue
            value = parse(raw)
            if value is _BAD:
                parse_cell(name, raw, path, row, column)  # raises, naming the cell
            if value is not None:
                values[name] = value
        for name in REQUIRED:
            if name not in values:
                column = dict(columns).get(name, name)
                msg = (
                    f"{path}: row {row}, column {column!r}: required field {name} "
                    "is missing or empty"
                )
                raise ValueError(msg)
        if measures:
            found = {}
            for name, column in measures:
                raw = record.get(column)
                value = None if raw is None or raw == "" else float_parser(raw)
                if value is _BAD:
                    parse_cell("budget", raw, path, row, column)
                if value is not None:
                    found[name] = value
            values["measures"] = found
        try:
            yield make(**values)
        except (TypeError, ValueError) as exc:
            msg = f"{path}: row {row}: {exc}"
            raise ValueError(msg) from None


_BAD = object()


def _parser(name: str) -> Callable[[Any], Any]:
    """Return a fast parser for field ``name``: the value, ``None`` or ``_BAD``."""

    def parse(raw: Any) -> Any:
        try:
            return parse_cell(name, raw, _NOWHERE, 0, "")
        except ValueError:
            return _BAD

    if name in STR_FIELDS:

        def parse_str(raw: Any) -> Any:
            if isinstance(raw, str):
                text = raw.strip()
                # interned: ids, methods and pivots repeat over many rows
                return None if text.lower() in _NULL else sys.intern(text)
            return parse(raw)

        return parse_str
    if name in FLOAT_FIELDS:

        def parse_float(raw: Any) -> Any:
            if isinstance(raw, str):
                try:
                    value = float(raw)
                except ValueError:
                    return parse(raw)
                if math.isfinite(value):
                    return value
                return None if value != value else _BAD  # "nan" is missing
            return parse(raw)

        return parse_float
    if name in BOOL_FIELDS:

        def parse_bool(raw: Any) -> Any:
            if isinstance(raw, str):
                value = _BOOLS.get(raw.strip().lower(), _BAD)
                return parse(raw) if value is _BAD else value
            return parse(raw)

        return parse_bool
    if name == "seed":

        def parse_seed(raw: Any) -> Any:
            if isinstance(raw, str) and raw.isdigit():
                return int(raw)
            return parse(raw)

        return parse_seed
    return parse


_BOOLS = dict.fromkeys(_TRUE, True) | dict.fromkeys(_FALSE, False)


_NOWHERE = Path()


def parse_cell(name: str, raw: Any, path: Path, row: int, column: str) -> Any:
    """Parse one cell for trial field ``name`` (``None`` for a missing value)."""
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in _NULL):
        return None
    if isinstance(raw, float) and math.isnan(raw):
        return None
    where = _Where(path, row, column)
    if name in BOOL_FIELDS:
        return _parse_bool(raw, where)
    if name in FLOAT_FIELDS:
        return _parse_float(raw, where)
    if name == "raw_validity":
        if isinstance(raw, bool) or (
            isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE
        ):
            return _parse_bool(raw, where)
        return _parse_float(raw, where)
    if name == "seed":
        return _parse_int(raw, where)
    if name in STR_FIELDS:
        if isinstance(raw, (dict, list)):
            msg = f"{where}: expected a scalar, got {show(raw)}"
            raise ValueError(msg)
        if isinstance(raw, str):
            return raw.strip()
        if isinstance(raw, float) and raw.is_integer():
            return str(int(raw))
        return str(raw)
    msg = f"{where}: unknown field {name}"  # pragma: no cover - fields are fixed
    raise ValueError(msg)


class _Where:
    """The place of a cell, formatted only when a message needs it."""

    __slots__ = ("column", "path", "row")

    def __init__(self, path: Path, row: int, column: str) -> None:
        self.path, self.row, self.column = path, row, column

    def __str__(self) -> str:
        return f"{self.path}: row {self.row}, column {self.column!r}"


def _parse_bool(raw: Any, where: _Where) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, (int, float)) and raw in (0, 1):
        return bool(raw)
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    msg = f"{where}: expected a boolean (true/false, yes/no, 1/0), got {show(raw)}"
    raise ValueError(msg)


def _parse_float(raw: Any, where: _Where) -> float:
    if isinstance(raw, (bool, dict, list)):
        msg = f"{where}: expected a number, got {show(raw)}"
        raise ValueError(msg)
    try:
        value = float(raw)
    except OverflowError:
        msg = f"{where}: expected a finite number, got an integer too large for a float"
        raise ValueError(msg) from None
    except (TypeError, ValueError):
        msg = f"{where}: expected a number, got {show(raw)}"
        raise ValueError(msg) from None
    if not math.isfinite(value):
        msg = f"{where}: expected a finite number, got {show(raw)}"
        raise ValueError(msg)
    return value


def _parse_int(raw: Any, where: _Where) -> int:
    value = _parse_float(raw, where)
    if not value.is_integer():
        msg = f"{where}: expected an integer, got {show(raw)}"
        raise ValueError(msg)
    return int(value)
