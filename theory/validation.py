"""The argument checks shared by ``theory``, ``witnesses`` and ``proofs``.

The one validator of the package (as Hypothesis keeps one validation module
for all of its parts): each check returns the value converted (an ``int``, a
``float``, a float array) or raises ``TypeError`` for a wrong type and
``ValueError`` for a value out of range, with a message that names the
argument, the value and the allowed range (``rho must be in (0, 1), got
1.3``). ``witnesses`` and ``proofs`` import it by this public path; code of
your own may too. ``algebra`` keeps its own checks with the same message
style, since it may not import ``theory`` (layering). The old private path
``theory.validation`` is kept for one release.

Sizes that allocate or loop are capped (:data:`MAX_SIZE`,
:data:`MAX_RESAMPLES`), so that ``2**63`` is an error, not a hang.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Sequence, Sized
from decimal import Decimal
from numbers import Integral, Real
from typing import Any

import numpy as np
import numpy.typing as npt
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "MAX_RESAMPLES",
    "MAX_SIZE",
    "call_user",
    "callable_name",
    "check_choice",
    "check_confidence",
    "check_counts",
    "check_instance",
    "check_int",
    "check_level_or_alpha",
    "check_pair",
    "check_probability",
    "check_real",
    "check_real_array",
    "check_sample",
    "check_size",
    "check_tolerance",
    "check_vector",
    "complement",
    "wrap_user_error",
]

MAX_SIZE = 10**7
"""Default cap on a size that allocates or loops (``n_bins``, ``n_steps``, ...)."""

MAX_RESAMPLES = 10**6
"""Cap on bootstrap and Monte Carlo resamples (each may allocate a sample)."""


def check_int(
    value: object,
    name: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """Return ``value`` as ``int`` if it is an integer (not ``bool``) in range.

    ``maximum`` bounds sizes that allocate or loop, so that ``2**63`` is an
    error rather than a hang or a multi-GiB allocation.

    Raises
    ------
    TypeError
        ``value`` is not an integer (a ``bool`` is refused).
    ValueError
        ``value`` is below ``minimum`` or above ``maximum``.

    Examples
    --------
    >>> from theory.validation import check_int
    >>> check_int(3, "n", minimum=1)
    3
    >>> check_int(0, "n", minimum=1)
    Traceback (most recent call last):
    ...
    ValueError: n must be >= 1, got 0
    """
    if isinstance(value, bool) or not isinstance(value, Integral):
        msg = f"{name} must be an int, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    out = int(value)
    if minimum is not None and out < minimum:
        msg = f"{name} must be >= {minimum}, got {out}"
        raise ValueError(msg)
    if maximum is not None and out > maximum:
        low = "" if minimum is None else f"{minimum} <= "
        msg = f"{name} must satisfy {low}{name} <= {maximum}, got {out}"
        raise ValueError(msg)
    return out


def check_size(
    value: object, name: str, *, minimum: int = 0, maximum: int = MAX_SIZE
) -> int:
    """Return ``value`` as an ``int`` size in ``[minimum, maximum]``.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_int`.

    Examples
    --------
    >>> from theory.validation import MAX_SIZE, check_size
    >>> check_size(10, "n_bins"), MAX_SIZE
    (10, 10000000)
    """
    return check_int(value, name, minimum=minimum, maximum=maximum)


def check_instance(value: object, name: str, kind: type | tuple[type, ...]) -> object:
    """Return ``value`` if it is an instance of ``kind``, else raise ``TypeError``.

    Raises
    ------
    TypeError
        ``value`` is not an instance of ``kind`` (a type or a tuple of types).

    Examples
    --------
    >>> from theory.validation import check_instance
    >>> check_instance("x", "focal", str)
    'x'
    >>> check_instance(3, "focal", str)
    Traceback (most recent call last):
    ...
    TypeError: focal must be a str, got 3 of type int
    """
    if not isinstance(value, kind):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        names = " or ".join(k.__name__ for k in kinds)
        msg = f"{name} must be a {names}, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    return value


def check_tolerance(
    value: object, *, name: str = "tol", minimum: float = 1e-15
) -> float:
    """Return a tolerance: finite and ``>= minimum`` (finer than doubles resolve is a hang).

    Raises
    ------
    TypeError, ValueError
        As :func:`check_real` on ``[minimum, inf)``.

    Examples
    --------
    >>> from theory.validation import check_tolerance
    >>> check_tolerance(1e-9)
    1e-09
    >>> check_tolerance(0.0)
    Traceback (most recent call last):
    ...
    ValueError: tol must be in [1e-15, inf), got 0.0
    """
    return check_real(value, name, low=minimum, high=math.inf, high_open=True)


def check_real(
    value: object,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> float:
    """Return ``value`` as ``float`` after checking it is a finite real in range.

    The allowed range is printed in interval notation in the error message,
    e.g. ``rho must be in (0, 1), got 1.3``. Without ``low`` and ``high``
    every finite real is accepted (infinity is not).

    Raises
    ------
    TypeError
        ``value`` is not a real number (a ``bool`` is refused).
    ValueError
        ``value`` is NaN, infinite (with no bound), or out of range.

    Examples
    --------
    >>> from theory.validation import check_real
    >>> check_real(0.5, "rho", low=0, high=1, low_open=True, high_open=True)
    0.5
    >>> check_real(1.3, "rho", low=0, high=1, low_open=True, high_open=True)
    Traceback (most recent call last):
    ...
    ValueError: rho must be in (0, 1), got 1.3
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        msg = f"{name} must be a real number, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    out = float(value)
    if math.isnan(out):
        msg = f"{name} must not be NaN"
        raise ValueError(msg)
    too_low = low is not None and (out <= low if low_open else out < low)
    too_high = high is not None and (out >= high if high_open else out > high)
    if too_low or too_high or (low is None and high is None and math.isinf(out)):
        left = "(" if low_open or low is None else "["
        right = ")" if high_open or high is None else "]"
        lo = "-inf" if low is None else f"{low:g}"
        hi = "inf" if high is None else f"{high:g}"
        msg = f"{name} must be in {left}{lo}, {hi}{right}, got {value!r}"
        raise ValueError(msg)
    return out


def check_probability(
    value: object, name: str, *, low_open: bool = False, high_open: bool = False
) -> float:
    """Return ``value`` as a probability in ``[0, 1]`` (ends optionally open).

    Raises
    ------
    TypeError, ValueError
        As :func:`check_real` on ``[0, 1]``.

    Examples
    --------
    >>> from theory.validation import check_probability
    >>> check_probability(1, "q")
    1.0
    >>> check_probability(1, "q", high_open=True)
    Traceback (most recent call last):
    ...
    ValueError: q must be in [0, 1), got 1
    """
    return check_real(
        value, name, low=0.0, high=1.0, low_open=low_open, high_open=high_open
    )


def check_choice(value: object, name: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``choices`` (at most 10,000 of them).

    Raises
    ------
    TypeError
        ``choices`` is not a finite iterable (a ``range`` or a sized
        collection of at most 10,000 items, or an iterator).
    ValueError
        ``value`` is not one of ``choices``, or there are over 10,000.

    Examples
    --------
    >>> from theory.validation import check_choice
    >>> check_choice("wilson", "method", ("wilson", "jeffreys"))
    'wilson'
    >>> check_choice("wald", "method", ("wilson", "jeffreys"))
    Traceback (most recent call last):
    ...
    ValueError: method must be one of 'wilson', 'jeffreys', got 'wald'
    """
    options = _bounded_tuple(choices, "choices", _MAX_CHOICES)
    if value not in options:
        msg = f"{name} must be one of {', '.join(map(repr, options))}, got {value!r}"
        raise ValueError(msg)
    return str(value)


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

    The shape is kept (a scalar gives a 0-d array). The message quotes the
    first offending entry: ``rho must be in (0, 1), got 1.3``.

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


def check_confidence(value: object, *, name: str = "confidence_level") -> float:
    """Return a confidence level in the open interval ``(0, 1)``.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_real` on ``(0, 1)``.

    Examples
    --------
    >>> from theory.validation import check_confidence
    >>> check_confidence(0.95)
    0.95
    >>> check_confidence(1.0)
    Traceback (most recent call last):
    ...
    ValueError: confidence_level must be in (0, 1), got 1.0
    """
    return check_real(value, name, low=0.0, high=1.0, low_open=True, high_open=True)


def complement(level: float) -> float:
    """Return ``1 - level`` in decimal on ``level``'s shortest repr (0.95 gives 0.05).

    Raises
    ------
    TypeError, ValueError
        ``level`` is not a finite real number.

    Examples
    --------
    >>> from theory.validation import complement
    >>> complement(0.95), 1 - 0.95
    (0.05, 0.050000000000000044)
    """
    level = check_real(level, "level")
    return float(Decimal(1) - Decimal(repr(level)))


def check_level_or_alpha(
    confidence_level: object, alpha: object, *, default: float = 0.95
) -> tuple[float, float]:
    """Return ``(confidence_level, alpha)`` from a level or the deprecated ``alpha=``.

    ``alpha=`` (a significance level) is kept for one release: it emits a
    :class:`DeprecationWarning` and gives ``confidence_level = 1 - alpha``;
    the returned ``alpha`` is then the caller's value, unchanged, so results
    equal the old ones bit for bit. Passing both is a ``TypeError``. Without
    ``alpha``, ``alpha = 1 - confidence_level`` taken in decimal on the
    level's shortest repr (``0.95`` gives ``0.05`` exactly, not
    ``0.050000000000000044``), so the default gives the old default's numbers.
    Both lie in ``(0, 1)``.

    Raises
    ------
    TypeError
        Both a non-default ``confidence_level`` and ``alpha`` are given, or
        either is not a real number.
    ValueError
        The level or ``alpha`` is not in ``(0, 1)``.

    Examples
    --------
    >>> from theory.validation import check_level_or_alpha
    >>> check_level_or_alpha(0.9, None)
    (0.9, 0.1)
    """
    if alpha is None:
        level = check_confidence(confidence_level)
        return level, complement(level)
    if confidence_level != default:
        msg = (
            f"pass confidence_level or the deprecated alpha, not both "
            f"(got confidence_level={confidence_level!r}, alpha={alpha!r})"
        )
        raise TypeError(msg)
    warnings.warn(
        "alpha= is deprecated and will be removed in the next release; "
        "pass confidence_level=1 - alpha",
        DeprecationWarning,
        stacklevel=3,
    )
    a = check_confidence(alpha, name="alpha")
    return 1.0 - a, a


def check_counts(
    k: object, n: object, *, names: tuple[str, str] = ("k", "n")
) -> tuple[int, int]:
    """Return ``(k, n)`` as ints with ``0 <= k <= n`` and ``n >= 1``.

    ``names`` are the two arguments' names in messages.

    Raises
    ------
    TypeError
        ``k`` or ``n`` is not an int, or ``names`` is not two strings.
    ValueError
        ``k < 0``, ``n < 1`` or ``k > n``.

    Examples
    --------
    >>> from theory.validation import check_counts
    >>> check_counts(7, 10)
    (7, 10)
    >>> check_counts(11, 10, names=("successes", "trials"))
    Traceback (most recent call last):
    ...
    ValueError: successes=11 must satisfy 0 <= successes <= trials (trials=10)
    """
    names = _two_names(names, "names")
    kk = check_int(k, names[0], minimum=0)
    nn = check_int(n, names[1], minimum=1)
    if kk > nn:
        msg = f"{names[0]}={kk} must satisfy 0 <= {names[0]} <= {names[1]} ({names[1]}={nn})"
        raise ValueError(msg)
    return kk, nn


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
    names = _two_names(names, "names")
    a = check_sample(x, names[0], unit=unit, min_size=min_size)
    b = check_sample(y, names[1], unit=unit, min_size=min_size)
    if a.size != b.size:
        msg = f"{names[0]} and {names[1]} must have equal length, got {a.size} and {b.size}"
        raise ValueError(msg)
    return a, b


def callable_name(fn: object) -> str:
    """Return the name a user callable is reported under (its qualified name).

    Anything without a string ``__qualname__`` or ``__name__`` is reported
    under its type's name.

    Examples
    --------
    >>> from theory.validation import callable_name
    >>> callable_name(len), callable_name(3)
    ('len', 'int')
    """
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
    return name if isinstance(name, str) else type(fn).__name__


def call_user(fn: Any, argument: str, /, *args: Any, **kwargs: Any) -> Any:
    """Call the caller's ``fn``; wrap what it raises in :class:`UserCallableError`.

    ``argument`` is the parameter that held ``fn``. ``KeyboardInterrupt``,
    ``SystemExit`` and an already wrapped error pass through unchanged.

    Raises
    ------
    theory.errors.UserCallableError
        ``fn`` raised (or is not callable); the original is chained.

    Examples
    --------
    >>> from theory.validation import call_user
    >>> call_user(abs, "f", -2)
    2
    >>> call_user(int, "parse", "x")
    Traceback (most recent call last):
    ...
    theory.errors.UserCallableError: parse 'int' raised ValueError: invalid literal for int() with base 10: 'x'
    """
    from theory.errors import UserCallableError

    try:
        return fn(*args, **kwargs)
    except UserCallableError:
        raise
    except Exception as exc:
        raise wrap_user_error(exc, fn, argument) from exc


def wrap_user_error(
    exc: Exception, fn: object, argument: str, *, context: str = ""
) -> Exception:
    """Return the :class:`UserCallableError` for ``exc`` raised by ``fn``.

    ``context`` (e.g. ``'on cell {"x": 1}'``) is put after the exception's
    type in the message. An ``exc`` that is already one is returned as it is.

    Examples
    --------
    >>> from theory.validation import wrap_user_error
    >>> str(wrap_user_error(ZeroDivisionError("division by zero"), abs, "fn"))
    "fn 'abs' raised ZeroDivisionError: division by zero"
    """
    from theory.errors import UserCallableError

    if isinstance(exc, UserCallableError):
        return exc
    name = callable_name(fn)
    where = f" {context}" if context else ""
    msg = f"{argument} {name!r} raised {type(exc).__name__}{where}: {exc}"
    return UserCallableError(argument, name, msg)


_MAX_CHOICES = 10_000


def _bounded_tuple(items: object, name: str, cap: int) -> tuple[Any, ...]:
    """``tuple(items)`` for a finite iterable of at most ``cap`` items."""
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        msg = f"{name} must be an iterable of str, got {items!r}"
        raise TypeError(msg)
    size = len(items) if isinstance(items, Sized) else None
    if size is not None and size > cap:
        msg = f"{name} must have at most {cap} items, got {size}"
        raise ValueError(msg)
    out: list[Any] = []
    for item in items:
        out.append(item)
        if len(out) > cap:
            msg = f"{name} must have at most {cap} items, got more"
            raise ValueError(msg)
    return tuple(out)


def _two_names(names: object, argument: str) -> tuple[str, str]:
    """Check that ``names`` is a pair of str (the names used in messages)."""
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or len(names) != 2
        or not all(isinstance(n, str) for n in names)
    ):
        msg = f"{argument} must be two str, got {names!r}"
        raise TypeError(msg)
    return names[0], names[1]
