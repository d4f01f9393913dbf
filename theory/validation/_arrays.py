"""Checks of arrays and samples: finite float arrays, ranges per entry, paired samples."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numpy.typing import ArrayLike, NDArray

from theory.validation._scalars import check_real, two_names


def check_vector(
    value: object,
    name: str,
    *,
    positive: bool = False,
    ndim: int = 1,
) -> npt.NDArray[np.float64]:
    """Return ``value`` as a finite float array of ``ndim`` dimensions (scalars: 1-d).

    With ``positive=True`` every entry must be > 0.

    Raises
    ------
    TypeError
        ``value`` is not an array of real numbers.
    ValueError
        Another number of dimensions, no entry, a NaN or infinite entry, or
        (``positive``) an entry ``<= 0``.

    Examples
    --------
    >>> from theory.validation import check_vector
    >>> check_vector(2.0, "x")
    array([2.])
    >>> check_vector([1.0, 0.0], "p", positive=True)
    Traceback (most recent call last):
    ...
    ValueError: p must be > 0 in every entry, got min 0.0
    """
    if isinstance(value, (str, bytes, bool)) or value is None:
        msg = f"{name} must be an array of real numbers, got {value!r}"
        raise TypeError(msg)
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        msg = f"{name} must be an array of real numbers, got {value!r}"
        raise TypeError(msg) from exc
    if ndim == 1 and arr.ndim == 0:
        arr = arr.reshape(1)
    if arr.ndim != ndim or arr.size == 0:
        msg = f"{name} must be a non-empty {ndim}-d array, got shape {arr.shape}"
        raise ValueError(msg)
    if not np.all(np.isfinite(arr)):
        msg = f"{name} must be finite, got {value!r}"
        raise ValueError(msg)
    if positive and not np.all(arr > 0):
        msg = f"{name} must be > 0 in every entry, got min {float(arr.min())!r}"
        raise ValueError(msg)
    return arr


def check_real_array(
    value: object,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> npt.NDArray[np.float64]:
    """Return ``value`` (a real scalar or array) as a float array with every entry in range.

    The shape is kept (a scalar gives a 0-d array) and a float64 array is
    returned as it is, not copied. The message quotes the first offending
    entry: ``rho must be in (0, 1), got 1.3``.

    Raises
    ------
    TypeError
        ``value`` is not real (a boolean or complex array, a string).
    ValueError
        An entry is NaN, infinite (with no bound) or out of range.

    Examples
    --------
    >>> from theory.validation import check_real_array
    >>> check_real_array([0.2, 0.5], "rho", low=0, high=1)
    array([0.2, 0.5])
    >>> check_real_array([0.2, 1.3], "rho", low=0, high=1)
    Traceback (most recent call last):
    ...
    ValueError: rho must be in [0, 1], got 1.3
    """
    if isinstance(value, np.ndarray) and value.dtype.kind in "biufc":
        if value.dtype.kind in "bc":
            msg = f"{name} must be real numbers, got an array of dtype {value.dtype}"
            raise TypeError(msg)
        arr = value.astype(np.float64, copy=False)
    elif isinstance(value, (list, tuple)):
        arr = check_real_array(np.asarray(value), name)
    else:
        return np.asarray(
            check_real(
                value, name, low=low, high=high, low_open=low_open, high_open=high_open
            ),
            dtype=np.float64,
        )
    bad = np.isnan(arr)
    if low is not None:
        bad |= (arr <= low) if low_open else (arr < low)
    if high is not None:
        bad |= (arr >= high) if high_open else (arr > high)
    if low is None and high is None:
        bad |= np.isinf(arr)
    if bad.any():
        first = float(arr[bad].flat[0])
        check_real(
            first, name, low=low, high=high, low_open=low_open, high_open=high_open
        )
    return arr


def check_sample(
    values: ArrayLike,
    name: str,
    *,
    unit: bool = False,
    min_size: int = 1,
) -> NDArray[np.float64]:
    """Return ``values`` as a finite 1-d float array of at least ``min_size``.

    With ``unit=True`` every value must lie in ``[0, 1]``.

    Raises
    ------
    TypeError
        ``values`` is not a sequence of numbers.
    ValueError
        Not 1-d, fewer than ``min_size`` values, a NaN or infinite value, or
        (``unit``) a value outside ``[0, 1]``.

    Examples
    --------
    >>> from theory.validation import check_sample
    >>> check_sample([0.1, 0.9], "scores", unit=True)
    array([0.1, 0.9])
    >>> check_sample([0.1, 1.5], "scores", unit=True)
    Traceback (most recent call last):
    ...
    ValueError: scores values must be in [0, 1], got 1.5
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
    """Return two checked samples of equal length (paired observations).

    ``names`` are the two samples' names in messages.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_sample` for each; ``ValueError`` for unequal lengths.

    Examples
    --------
    >>> from theory.validation import check_pair
    >>> check_pair([1, 2], [3, 4], ("x", "y"))
    (array([1., 2.]), array([3., 4.]))
    >>> check_pair([1, 2], [3], ("x", "y"))
    Traceback (most recent call last):
    ...
    ValueError: x and y must have equal length, got 2 and 1
    """
    names = two_names(names, "names")
    a = check_sample(x, names[0], unit=unit, min_size=min_size)
    b = check_sample(y, names[1], unit=unit, min_size=min_size)
    if a.size != b.size:
        msg = f"{names[0]} and {names[1]} must have equal length, got {a.size} and {b.size}"
        raise ValueError(msg)
    return a, b
