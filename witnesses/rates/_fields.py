"""The one field table of :class:`witnesses.Trial` (issue 31).

Each row names a field, its kind (which says its type, its range, the check
of the dataclass, the plain form the loaders' fast paths accept and the cell
parser of the loaders), whether it is required, whether it is a true/false
outcome whose blank cells the loaders count, and its place in a trial's
identity. :mod:`witnesses.rates._record` builds the dataclass checks from it,
:mod:`witnesses.rates._cells` the cell parsers, and the loaders
(:mod:`witnesses.rates._load`, :mod:`witnesses.rates._columns`) their column
plans and fast-path checks. This module imports nothing of :mod:`witnesses`:
it is the bottom of the loaders' imports.

Kinds:

``text``
    a ``str`` (non-empty when required); cells are stripped and interned.
``pivot``
    a ``str``; a cell holding an integer with a zero fraction (``41.0``)
    reads as the integer's text (``"41"``).
``flag``
    a ``bool``; cells ``true/false``, ``yes/no``, ``1/0``.
``int``
    an ``int`` (not a ``bool``).
``real``
    a finite real number.
``unit``
    a finite real number in ``[0, 1]``.
``validity``
    a ``bool``, or a finite real number in ``[0, 1]``.
``measures``
    a mapping of names to finite real numbers (no column of its own).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BOOL_FIELDS",
    "FIELDS",
    "IDENTITY",
    "KIND",
    "OUTCOMES",
    "PIVOTS",
    "RANGED",
    "REQUIRED",
    "STR_FIELDS",
    "TEXT_FIELDS",
    "Field",
    "plain_value",
]


@dataclass(frozen=True, slots=True)
class Field:
    """One row of the table: a :class:`~witnesses.Trial` field and its rules."""

    name: str
    kind: str
    required: bool = False
    outcome: bool = False
    """A true/false outcome: the loaders count the rows that hold no value."""
    identity: int = 0
    """Place in the trial's identity (1 first; 0: not part of it)."""


FIELDS: tuple[Field, ...] = (
    Field("task_id", "text", required=True, identity=1),
    Field("condition", "text", required=True, identity=2),
    Field("budget", "real", identity=3),
    Field("seed", "int", identity=6),
    Field("category", "text", identity=5),
    Field("model", "text", identity=4),
    Field("full_pivot", "pivot"),
    Field("chosen_pivot", "pivot"),
    Field("truth_pivot", "pivot"),
    Field("raw_validity", "validity", outcome=True),
    Field("fixed_feasible", "flag", outcome=True),
    Field("header_present", "flag", outcome=True),
    Field("degraded_flag", "flag", outcome=True),
    Field("oracle_degraded", "flag", outcome=True),
    Field("full_score", "real"),
    Field("compressed_score", "real"),
    Field("oracle_pivot", "pivot"),
    Field("semantic_regret", "unit"),
    Field("measures", "measures"),
)
"""The fields of :class:`~witnesses.Trial`, in the dataclass's order."""

KIND: dict[str, str] = {f.name: f.kind for f in FIELDS}
"""Each field's kind."""


def _named(*kinds: str) -> tuple[str, ...]:
    return tuple(f.name for f in FIELDS if f.kind in kinds)


REQUIRED: tuple[str, ...] = tuple(f.name for f in FIELDS if f.required)
"""Fields every trial must have (``task_id``, ``condition``)."""
TEXT_FIELDS: tuple[str, ...] = _named("text")
"""Fields of kind ``text`` (``task_id``, ``condition``, ``category``, ``model``)."""
PIVOTS: tuple[str, ...] = _named("pivot")
"""Fields of kind ``pivot``."""
STR_FIELDS: tuple[str, ...] = _named("text", "pivot")
"""Fields that hold a ``str``."""
BOOL_FIELDS: tuple[str, ...] = _named("flag")
"""Fields of kind ``flag``."""
OUTCOMES: frozenset[str] = frozenset(f.name for f in FIELDS if f.outcome)
"""The true/false outcomes: the loaders count the rows that hold no value."""
RANGED: tuple[str, ...] = _named("validity", "unit")
"""The numeric fields with the range ``[0, 1]``."""
IDENTITY: tuple[str, ...] = tuple(
    f.name for f in sorted((f for f in FIELDS if f.identity), key=lambda f: f.identity)
)
"""The fields that name one trial: two trials equal in these are one run twice."""


def plain_value(name: str, value: Any) -> bool:
    """Whether ``value`` has field ``name``'s plain type and range.

    The loaders' fast paths build trials only from plain values (a ``str``
    never empty, a ``float`` never an ``int``); anything else goes through
    the strict reader, whose messages name the row and the column.
    ``measures`` is not a column and is never asked about.
    """
    kind = KIND[name]
    if value is None:
        return name not in REQUIRED
    if kind in ("text", "pivot"):
        return type(value) is str and bool(value)
    if kind == "flag":
        return type(value) is bool
    if kind == "int":
        return type(value) is int
    if kind == "validity" and type(value) is bool:
        return True
    if type(value) is not float or not math.isfinite(value):
        return False
    return kind == "real" or 0.0 <= value <= 1.0
