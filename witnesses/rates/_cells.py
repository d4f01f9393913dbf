"""Trial loading's lowest layer: the column plan, the result, the cell parsers.

:class:`Plan` says what to read, :class:`Loaded` holds what was read, and one
parser per kind of field (:data:`witnesses.rates._fields.FIELDS`) turns a
cell into a value, or ``None`` for a missing one, or raises :class:`Bad`.
The strict reader (:mod:`witnesses.rates._load`) and the columnar fast paths
(:mod:`witnesses.rates._columns`) both parse with these very functions, so a
value reads the same on every path. This module imports only the field table
and the readers' :func:`~witnesses.rates._readers.show`.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from witnesses.rates._fields import KIND
from witnesses.rates._readers import show

__all__ = ["MISSPELT_CUTOFF", "Bad", "Loaded", "Plan", "number", "parser_of"]


_TRUE = frozenset({"true", "t", "yes", "y", "1"})


_FALSE = frozenset({"false", "f", "no", "n", "0"})


_NULL = frozenset({"", "none", "null", "na", "nan"})


@dataclass(frozen=True, slots=True)
class Plan:
    """What to read: ``(field, column)`` pairs, measures, constants, strictness.

    ``strict`` holds the columns the caller named: each must be in the file.
    """

    columns: tuple[tuple[str, str], ...]
    measures: tuple[tuple[str, str], ...]
    constants: Mapping[str, Any]
    strict: frozenset[str]


@dataclass(frozen=True, slots=True)
class Loaded:
    """The trials of a file, and the fields and measures no record held."""

    trials: list[Any]
    absent: frozenset[str]
    keys: tuple[str, ...]
    blank: Mapping[str, int] = field(default_factory=dict)
    """Per true/false field: the rows whose column holds no value (null, an empty
    cell, or, in JSON, a row without the key that other rows have)."""
    misspelt: tuple[tuple[int, str, str, str], ...] = ()
    """Likely misspelt keys of a JSON record: ``(row, key, column, field)`` where
    the row lacks ``column``, which other rows have, and holds ``key``, which no
    other row has and which is close to ``column`` (see :func:`misspelt_keys`)."""
    kind: str = ""
    """The format read: ``"csv"``, ``"json"`` or ``"jsonl"``."""


MISSPELT_CUTOFF = 0.6
"""How close (difflib's ratio) a one-row key must be to the column its row lacks."""


class _Bad(ValueError):
    """A cell that does not parse; the loop adds the file, row and column."""


def _parser(name: str) -> Callable[[Any], Any]:
    """Return the parser of trial field ``name`` (``"budget"``: any number).

    A parser returns the value, or ``None`` for a missing one (an empty cell,
    ``null``, ``none``, ``na``, ``nan``), or raises :class:`_Bad`. The
    field's kind (:data:`witnesses.rates._fields.FIELDS`) chooses it.
    """
    return _PARSERS.get(KIND.get(name, "real"), _number)


def _missing(text: str) -> bool:
    return text.strip().lower() in _NULL


def _text(raw: Any) -> str | None:
    if isinstance(raw, str):
        text = raw.strip()
        if not text.isascii():
            _unicode(text)
        # interned: ids, methods and pivots repeat over many rows
        return None if text.lower() in _NULL else sys.intern(text)
    if isinstance(raw, (bool, dict, list)):
        msg = f"expected a scalar text or number, got {show(raw)}"
        raise _Bad(msg)
    # a number reads as a CSV cell shows it: the JSON 1.0 is "1.0" and 1 is
    # "1", as in the CSV twin (a pivot then drops a zero fraction, both ways)
    return str(raw)


def _unicode(text: str) -> None:
    r"""Refuse a lone surrogate (JSON's ``"\ud800"``): no UTF-8 text holds one."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(text[exc.start])
        msg = (
            f"not valid Unicode: a lone surrogate \\u{code:04x} at character "
            f"{exc.start + 1} of {show(text)} (half of a UTF-16 pair, from a JSON "
            "escape; write the character itself or both halves)"
        )
        raise _Bad(msg) from None


# A pivot id written as an integer with a zero fraction ("41.0"): how pandas
# writes an integer id column that has a missing value. It is the id 41, as
# the JSON number 41.0 is, so that CSV and JSONL compare pivots alike.
_ZERO_FRACTION = re.compile(r"(-?(?:0|[1-9][0-9]*))\.0+")


def _pivot(raw: Any) -> str | None:
    text = _text(raw)
    if text is not None:
        whole = _ZERO_FRACTION.fullmatch(text)
        if whole is not None:
            return sys.intern(str(int(whole[1])))  # "-0.0" is "0", as -0.0 is
    return text


def _flag(raw: Any) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        value = _BOOLS.get(raw.strip().lower())
        if value is not None or _missing(raw):
            return value
    elif isinstance(raw, (int, float)) and raw in (0, 1):
        return bool(raw)
    msg = f"expected a boolean (true/false, yes/no, 1/0), got {show(raw)}"
    raise _Bad(msg)


def _number(raw: Any) -> float | None:
    if isinstance(raw, (bool, dict, list)):
        msg = f"expected a number, got {show(raw)}"
        raise _Bad(msg)
    try:
        value = float(raw)
    except OverflowError:
        msg = "expected a finite number, got an integer too large for a float"
        raise _Bad(msg) from None
    except ValueError:
        if _missing(raw):
            return None
        msg = f"expected a number, got {show(raw)}"
        raise _Bad(msg) from None
    if math.isfinite(value):
        return value
    if value != value and isinstance(raw, str):
        return None  # the text "nan" is a missing value
    msg = f"expected a finite number, got {show(raw)}"
    raise _Bad(msg)


def _seed(raw: Any) -> int | None:
    if isinstance(raw, str) and raw.isdigit():
        return int(raw)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw  # a JSON integer, exact (through float, seeds over 2**53 merged)
    value = _number(raw)
    if value is None:
        return None
    if not value.is_integer():
        msg = f"expected an integer, got {show(raw)}"
        raise _Bad(msg)
    return int(value)


def _validity(raw: Any) -> bool | float | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        value = _BOOLS.get(raw.strip().lower())
        if value is not None:
            return value
    try:
        return _number(raw)
    except _Bad:
        msg = (
            "expected true/false (true/false, yes/no, 1/0) or a validity score "
            f"in [0, 1], got {show(raw)}"
        )
        raise _Bad(msg) from None


_BOOLS = dict.fromkeys(_TRUE, True) | dict.fromkeys(_FALSE, False)


_PARSERS: dict[str, Callable[[Any], Any]] = {
    "text": _text,
    "pivot": _pivot,
    "flag": _flag,
    "int": _seed,
    "real": _number,
    "unit": _number,
    "validity": _validity,
}
"""The cell parser of each kind of field (``measures``: a column of numbers)."""


# the columnar fast path (witnesses.rates._columns) parses with these very functions
Bad = _Bad


number = _number


parser_of = _parser
