"""The record :class:`~witnesses.Trial` and its checks, from the one field table.

The bottom of the rate layer with :mod:`witnesses.rates._fields`: every
loader builds on it and it imports no loader. The public home of these names
is :mod:`witnesses.rates.trials` (and :mod:`witnesses`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from witnesses.rates._fields import FIELDS

__all__ = ["RESERVED_MEANS", "TRIAL_FIELDS", "Trial"]


@dataclass(frozen=True, slots=True)
class Trial:
    """One solve of one task under one condition.

    Parameters
    ----------
    task_id : str
        The task (or timeline) solved.
    condition : str
        The compression strategy or memory method.
    budget : float, optional
        Retention or token budget of the condition.
    seed : int, optional
        Seed of the run.
    category : str, optional
        Task category.
    model : str, optional
        Model or solver that produced the answer.
    full_pivot : str, optional
        Pivot chosen with the full context (the model's own, or the full
        timeline's dominant pivot).
    chosen_pivot : str, optional
        Pivot chosen under compression; ``None`` when none was emitted.
    truth_pivot : str, optional
        Ground-truth pivot, when the task has one.
    raw_validity : bool or float, optional
        Whether the compressed answer is grammar-valid, or a validity score in
        ``[0, 1]``; valid means ``> 0.5`` (the harnesses' convention).
    fixed_feasible : bool, optional
        Whether the compressed context still admits a valid answer with the
        full pivot forced.
    header_present : bool, optional
        Whether the answer carried the required ``PIVOT_ID=`` header.
    degraded_flag : bool, optional
        Whether the answer declared its evidence degraded.
    oracle_degraded : bool, optional
        Whether an oracle judged the trial degraded (harness convention).
    full_score, compressed_score : float, optional
        Scores of the full and the compressed solve.
    oracle_pivot : str, optional
        The pivot an oracle computes on the compressed context (the NTSB
        harness's heaviest kept event), when the harness logs one.
    semantic_regret : float, optional
        A per-trial regret the harness computed itself, in ``[0, 1]`` (the
        MirageBench and KV harnesses' embedding dissimilarity
        ``1 - (cos + 1) / 2``; docs/guide/witnesses.md §11 item 7).
    measures : mapping of str to float, optional
        Any other named numeric column (token counts, achieved retention),
        summarised by :func:`witnesses.rates.rates` as a mean with an interval.
        Treated as read-only; not part of the hash.

    Raises
    ------
    TypeError, ValueError
        If a field has the wrong type or a value out of range.

    Notes
    -----
    Each field's type and range come from one table (its kind: text, pivot,
    flag, int, real, unit, validity, measures), which the loaders read too.
    A record with fields of its own (the simulators' records) subclasses
    ``Trial`` as a frozen dataclass with ``init=False``; its ``__init__``
    calls ``Trial.__init__(self, task_id, condition, ...)``, which sets and
    checks the Trial fields, then sets its own with ``object.__setattr__``.

    Examples
    --------
    >>> from witnesses import Trial
    >>> t = Trial("t1", "naive", budget=0.3, full_pivot="e41", chosen_pivot="e45",
    ...           raw_validity=True)
    >>> t.valid, t.pivot_preserved
    (True, False)
    """

    task_id: str
    condition: str
    budget: float | None = None
    seed: int | None = None
    category: str | None = None
    model: str | None = None
    full_pivot: str | None = None
    chosen_pivot: str | None = None
    truth_pivot: str | None = None
    raw_validity: bool | float | None = None
    fixed_feasible: bool | None = None
    header_present: bool | None = None
    degraded_flag: bool | None = None
    oracle_degraded: bool | None = None
    full_score: float | None = None
    compressed_score: float | None = None
    oracle_pivot: str | None = None
    semantic_regret: float | None = None
    measures: Mapping[str, float] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not _plainly_valid(self):
            self._check()

    def _check(self) -> None:
        # the table's fields, checked group by group (:data:`_CHECKS`)
        for check, names in _CHECKS:
            for name in names:
                check(getattr(self, name), name)

    @property
    def valid(self) -> bool | None:
        """Raw validity as a bool (``raw_validity > 0.5``), ``None`` if unknown."""
        if self.raw_validity is None:
            return None
        return float(self.raw_validity) > 0.5

    @property
    def pivot_preserved(self) -> bool | None:
        """Whether the chosen pivot is the full pivot (``None`` if either is unknown)."""
        if self.full_pivot is None or self.chosen_pivot is None:
            return None
        return self.chosen_pivot == self.full_pivot


TRIAL_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Trial))
"""The field names of :class:`Trial`, in order."""

if tuple(f.name for f in FIELDS) != TRIAL_FIELDS:  # pragma: no cover - a code error
    msg = "witnesses.rates._fields.FIELDS must list Trial's fields in order"
    raise ImportError(msg)


def _kinds(*kinds: str, required: bool = False) -> tuple[str, ...]:
    return tuple(f.name for f in FIELDS if f.kind in kinds and f.required is required)


# The groups of fields by kind, in the order the full check runs them (the
# first field at fault is the one an error names).
_REQUIRED_STR = _kinds("text", required=True)
_OPTIONAL_STR = _kinds("text", "pivot")
_FLAGS = _kinds("flag")
_INTS = _kinds("int")
_REALS = _kinds("real")
_UNITS = _kinds("unit")
_VALIDITIES = _kinds("validity")


def _plainly_valid(t: Trial) -> bool:
    """Whether every field has its plain type and range (the fast path of loaders).

    ``False`` sends :class:`Trial` to its full check, which raises or accepts
    the less plain forms (an ``int`` budget, a mapping that is not a dict).
    """
    for name in _REQUIRED_STR:
        text = getattr(t, name)
        if type(text) is not str or not text:
            return False
    for name in _OPTIONAL_STR:
        text = getattr(t, name)
        if text is not None and type(text) is not str:
            return False
    for name in _FLAGS:
        flag = getattr(t, name)
        if flag is not None and type(flag) is not bool:
            return False
    for name in _INTS:
        number = getattr(t, name)
        if number is not None and type(number) is not int:
            return False
    for name in _REALS:
        number = getattr(t, name)
        if number is not None and (
            type(number) is not float or not math.isfinite(number)
        ):
            return False
    for name in _UNITS:
        number = getattr(t, name)
        if number is not None and (
            type(number) is not float or not 0.0 <= number <= 1.0
        ):
            return False
    for name in _VALIDITIES:
        validity = getattr(t, name)
        if validity is not None and type(validity) is not bool:  # noqa: SIM102
            if type(validity) is not float or not 0.0 <= validity <= 1.0:
                return False
    if type(t.measures) is not dict:
        return False
    for name, value in t.measures.items():
        if type(name) is not str or not name or name in RESERVED_MEANS:
            return False
        if type(value) is not float or not math.isfinite(value):
            return False
    return True


RESERVED_MEANS = (
    "raw_validity_score",
    "semantic_regret",
    "relative_regret",
    "absolute_regret",
)
"""Names of the means :func:`witnesses.rates.rates` always reports; no measure may use one."""


def _check_measures(measures: object) -> None:
    if not isinstance(measures, Mapping):
        msg = f"measures must be a mapping of names to numbers, got {measures!r}"
        raise TypeError(msg)
    for name, value in measures.items():
        if not isinstance(name, str) or not name:
            msg = f"measures keys must be non-empty str, got {name!r}"
            raise TypeError(msg)
        if name in RESERVED_MEANS:
            msg = f"measures key {name!r} is reserved (one of {', '.join(RESERVED_MEANS)})"
            raise ValueError(msg)
        _finite_or_none(value, f"measures[{name!r}]")
        if value is None:
            msg = f"measures[{name!r}] must be a real number, got None"
            raise TypeError(msg)


def _finite_or_none(value: object, name: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        msg = f"{name} must be a real number or None, got {value!r}"
        raise TypeError(msg)
    if not math.isfinite(value):
        msg = f"{name} must be finite, got {value!r}"
        raise ValueError(msg)


def _non_empty_str(value: object, name: str) -> None:
    if not isinstance(value, str) or not value:
        msg = f"{name} must be a non-empty str, got {value!r}"
        raise TypeError(msg)


def _str_or_none(value: object, name: str) -> None:
    if value is not None and not isinstance(value, str):
        msg = f"{name} must be a str or None, got {value!r}"
        raise TypeError(msg)


def _bool_or_none(value: object, name: str) -> None:
    if value is not None and not isinstance(value, bool):
        msg = f"{name} must be a bool or None, got {value!r}"
        raise TypeError(msg)


def _int_or_none(value: object, name: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        msg = f"{name} must be an int or None, got {value!r}"
        raise TypeError(msg)


def _unit_or_none(value: Any, name: str) -> None:
    if value is not None:
        _finite_or_none(value, name)
        if not 0.0 <= value <= 1.0:
            msg = f"{name} must be in [0, 1], got {value!r}"
            raise ValueError(msg)


def _validity_or_none(value: Any, name: str) -> None:
    if value is not None and not isinstance(value, bool):
        _finite_or_none(value, name)
        if not 0.0 <= float(value) <= 1.0:
            msg = f"{name} must be a bool or in [0, 1], got {value!r}"
            raise ValueError(msg)


def _measures(value: object, name: str) -> None:
    _check_measures(value)


_CHECKS: tuple[tuple[Callable[[Any, str], None], tuple[str, ...]], ...] = (
    (_non_empty_str, _REQUIRED_STR),
    (_str_or_none, _OPTIONAL_STR),
    (_bool_or_none, _FLAGS),
    (_int_or_none, _INTS),
    (_finite_or_none, _REALS),
    (_unit_or_none, _UNITS),
    (_measures, _kinds("measures")),
    (_validity_or_none, _VALIDITIES),
)
"""The full check of :class:`Trial`: each kind's check over its fields, in order."""

if sorted(n for _, names in _CHECKS for n in names) != sorted(TRIAL_FIELDS):
    msg = "a Trial field of witnesses.rates._fields.FIELDS has no check"  # pragma: no cover
    raise ImportError(msg)  # pragma: no cover
