"""Checks of single values: ints, sizes, reals, probabilities, choices, levels."""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Sequence, Sized
from decimal import Decimal
from numbers import Integral, Real
from typing import Any

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
    names = two_names(names, "names")
    kk = check_int(k, names[0], minimum=0)
    nn = check_int(n, names[1], minimum=1)
    if kk > nn:
        msg = f"{names[0]}={kk} must satisfy 0 <= {names[0]} <= {names[1]} ({names[1]}={nn})"
        raise ValueError(msg)
    return kk, nn


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


def two_names(names: object, argument: str) -> tuple[str, str]:
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
