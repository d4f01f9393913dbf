"""Array checks and entropy primitives for the information floors (private)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from scipy.special import entr

from theory.validation import check_int

SUM_TOLERANCE = 1e-9
"""Absolute tolerance on ``|sum(table) - 1|`` for a probability table."""

FloatArray = npt.NDArray[np.float64]
Axes = int | Sequence[int]


def as_table(table: object, name: str, *, ndim: int | None = None) -> FloatArray:
    """Return ``table`` as a float array after checking it is a probability table.

    Entries must be finite and non-negative, and the total must be 1 within
    :data:`SUM_TOLERANCE` (absolute).
    """
    if isinstance(table, (str, bytes)) or table is None:
        msg = f"{name} must be an array of probabilities, got {table!r}"
        raise TypeError(msg)
    try:
        arr = np.asarray(table, dtype=np.float64)
    except (TypeError, ValueError) as err:
        msg = f"{name} must be an array of real numbers, got {table!r}"
        raise TypeError(msg) from err
    if arr.ndim == 0 or arr.size == 0:
        msg = f"{name} must be a non-empty array, got shape {arr.shape}"
        raise ValueError(msg)
    if ndim is not None and arr.ndim != ndim:
        msg = f"{name} must have {ndim} axes, got shape {arr.shape}"
        raise ValueError(msg)
    if not np.all(np.isfinite(arr)):
        msg = f"{name} must contain only finite entries"
        raise ValueError(msg)
    if np.any(arr < 0):
        msg = f"{name} must have entries >= 0, got minimum {float(arr.min())!r}"
        raise ValueError(msg)
    total = float(arr.sum())
    if abs(total - 1.0) > SUM_TOLERANCE:
        msg = f"{name} must sum to 1 within {SUM_TOLERANCE:g}, got sum {total!r}"
        raise ValueError(msg)
    return arr


def as_axes(axes: object, name: str, ndim: int) -> tuple[int, ...]:
    """Return ``axes`` (an int or a sequence of ints) as a sorted tuple in range."""
    items = (axes,) if isinstance(axes, int) or not isinstance(axes, Sequence) else axes
    out: list[int] = []
    for item in items:
        value = check_int(item, name)
        if not -ndim <= value < ndim:
            msg = f"{name} must name axes in [0, {ndim}), got {axes!r}"
            raise ValueError(msg)
        out.append(value % ndim)
    if len(set(out)) != len(out):
        msg = f"{name} must not repeat an axis, got {axes!r}"
        raise ValueError(msg)
    return tuple(sorted(out))


def disjoint(groups: Sequence[tuple[int, ...]], names: Sequence[str]) -> None:
    """Raise if two axis groups overlap."""
    for i, first in enumerate(groups):
        for j in range(i + 1, len(groups)):
            common = set(first) & set(groups[j])
            if common:
                msg = f"{names[i]} and {names[j]} share axes {sorted(common)}"
                raise ValueError(msg)


def marginal_entropy(arr: FloatArray, keep: tuple[int, ...]) -> float:
    """Entropy in bits of the marginal of ``arr`` on the axes ``keep``."""
    drop = tuple(i for i in range(arr.ndim) if i not in keep)
    marginal = arr.sum(axis=drop) if drop else arr
    return float(entr(marginal).sum()) / math.log(2.0)


def binary_entropy_value(p: float) -> float:
    """``H_b(p)`` in bits, with ``0 log 0 = 0``."""
    return float(entr(p) + entr(1.0 - p)) / math.log(2.0)
