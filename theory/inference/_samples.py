"""Array checks shared by ``theory.inference`` (private)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = ["check_pair", "check_sample"]


def check_sample(
    values: ArrayLike,
    name: str,
    *,
    unit: bool = False,
    min_size: int = 1,
) -> NDArray[np.float64]:
    """Return ``values`` as a finite 1-d float array of at least ``min_size``.

    With ``unit=True`` every value must lie in ``[0, 1]``.
    """
    if isinstance(values, (str, bytes)):
        msg = f"{name} must be a sequence of numbers, got {values!r}"
        raise TypeError(msg)
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        msg = f"{name} must be a sequence of numbers, got {values!r}"
        raise TypeError(msg) from None
    if arr.ndim != 1:
        msg = f"{name} must be 1-dimensional, got shape {arr.shape}"
        raise ValueError(msg)
    if arr.size < min_size:
        msg = f"{name} must have at least {min_size} value(s), got {arr.size}"
        raise ValueError(msg)
    if np.isnan(arr).any():
        msg = f"{name} must not contain NaN (first at index {int(np.argmax(np.isnan(arr)))})"
        raise ValueError(msg)
    if not np.isfinite(arr).all():
        msg = f"{name} must be finite"
        raise ValueError(msg)
    if unit and ((arr < 0.0).any() or (arr > 1.0).any()):
        bad = float(arr[(arr < 0.0) | (arr > 1.0)][0])
        msg = f"{name} values must be in [0, 1], got {bad!r}"
        raise ValueError(msg)
    return arr


def check_pair(
    x: ArrayLike,
    y: ArrayLike,
    names: Sequence[str],
    *,
    unit: bool = False,
    min_size: int = 1,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return two checked samples of equal length (paired observations)."""
    a = check_sample(x, names[0], unit=unit, min_size=min_size)
    b = check_sample(y, names[1], unit=unit, min_size=min_size)
    if a.size != b.size:
        msg = f"{names[0]} and {names[1]} must have equal length, got {a.size} and {b.size}"
        raise ValueError(msg)
    return a, b
