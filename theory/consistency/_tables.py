"""Table checks and p-values for ``theory.consistency`` (private; import from there)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from theory.consistency import _rounding as r
from theory.consistency._core import (
    ConsistencyResult,
    compare,
    to_float,
)

_MAX_VALUES = 10_000
Number = r.Number


def check_sum(
    printed: Number,
    values: Sequence[Number],
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether ``printed`` is the rounded sum of ``values`` (a row or column total).

    Parameters
    ----------
    printed : str, int, float or Decimal
        The printed total.
    values : sequence
        The summands. Strings with a decimal point (``"21.467"``) are printed,
        rounded numbers and widen to their rounding intervals; integers and
        floats are exact.
    decimals : int, optional
        The printed precision of the total; inferred when omitted.
    exact_inputs : bool
        Take every value at face value (no widening).
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed total was rounded (printed inputs always widen to
        their round-to-nearest intervals).

    Returns
    -------
    ConsistencyResult

    Examples
    --------
    >>> from theory.consistency import check_sum
    >>> check_sum("100.0", ["33.3", "33.3", "33.3"]).consistent
    True
    >>> check_sum("100.2", ["33.3", "33.3", "33.3"]).consistent
    False
    """
    total, point = _total(values, exact=exact_inputs)
    return compare(
        "sum", printed, total, (to_float(point, "sum"),), decimals, rounding=rounding
    )


def check_mean(
    printed: Number,
    values: Sequence[Number],
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether ``printed`` is the rounded arithmetic mean of ``values``.

    Parameters and widening as :func:`check_sum`.

    Examples
    --------
    >>> from theory.consistency import check_mean
    >>> check_mean("0.500", ["0.25", "0.75"]).consistent
    True
    >>> check_mean("0.6", [0.25, 0.75]).consistent
    False
    """
    total, point = _total(values, exact=exact_inputs)
    size = r.Span.point(Fraction(len(values)))
    mean = r.div(total, size)
    face = (to_float(point / len(values), "mean"),)
    return compare("mean", printed, mean, face, decimals, rounding=rounding)


def check_difference(
    printed: Number,
    a: Number,
    b: Number,
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether ``printed`` is the rounded difference ``a - b`` (a delta between cells).

    Examples
    --------
    >>> from theory.consistency import check_difference
    >>> check_difference("0.10", "0.990", "0.890").consistent
    True
    >>> check_difference("0.12", "0.990", "0.890").consistent
    False
    """
    return _binary(
        "difference",
        r.sub,
        printed,
        a,
        b,
        decimals,
        exact=exact_inputs,
        rounding=rounding,
    )


def check_ratio(
    printed: Number,
    a: Number,
    b: Number,
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether ``printed`` is the rounded ratio ``a / b`` (e.g. "252x lower cost").

    Raises
    ------
    ValueError
        If the divisor's rounding interval contains 0.

    Examples
    --------
    >>> from theory.consistency import check_ratio
    >>> check_ratio("252", "0.252", "0.001").consistent
    True
    >>> check_ratio("2.0", 3, 2).consistent
    False
    """
    return _binary(
        "ratio", r.div, printed, a, b, decimals, exact=exact_inputs, rounding=rounding
    )


def check_arithmetic(
    printed: Number,
    expr: str,
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether ``printed`` is the rounded value of an arithmetic expression.

    The expression is parsed with :mod:`ast` and walked over interval
    arithmetic; it is never passed to ``eval``. Allowed: numeric literals,
    ``+ - * / **``, unary minus, parentheses, ``sqrt``, ``log`` (natural) and
    ``exp``. Literals with a decimal point are rounded printed numbers and
    widen to their rounding intervals; integer literals are exact.

    Parameters
    ----------
    printed : str, int, float or Decimal
        The printed result.
    expr : str
        The expression, at most 1000 characters (``"1 - 21.467/47.084"``).
    decimals : int, optional
        The printed precision; inferred when omitted.
    exact_inputs : bool
        Take every literal at face value.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed result was rounded.

    Raises
    ------
    ValueError
        If ``expr`` holds anything else, divides by an interval containing 0,
        or leaves the domain of ``sqrt``/``log``.

    Examples
    --------
    >>> from theory.consistency import check_arithmetic
    >>> check_arithmetic("0.544", "1 - 21.467/47.084").consistent
    True
    >>> check_arithmetic("1.25", "3/240*100").consistent
    True
    >>> check_arithmetic("0.55", "1 - 21.467/47.084").consistent
    False
    """
    span = r.evaluate(expr, exact=exact_inputs)
    point = r.evaluate(expr, exact=True)
    face = (to_float(point.lo, "expr"),)
    return compare("arith", printed, span, face, decimals, rounding=rounding)


def check_equal(
    printed: Number,
    other: Number,
    *,
    decimals: int | None = None,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether two printings of the same quantity agree (their intervals meet).

    Examples
    --------
    >>> from theory.consistency import check_equal
    >>> check_equal("0.990", "0.99").consistent
    True
    >>> check_equal("21.8", "21.95").consistent
    False
    """
    value = r.parse_printed(other, "other")
    span = r.rounding_span(value, r.printed_decimals(value))
    face = (to_float(Fraction(value), "other"),)
    return compare("equal", printed, span, face, decimals, rounding=rounding)


def _binary(
    check: str,
    op: Callable[[r.Span, r.Span], r.Span],
    printed: Number,
    a: Number,
    b: Number,
    decimals: int | None,
    *,
    exact: bool,
    rounding: str,
) -> ConsistencyResult:
    left, right = r.input_span(a, "a", exact=exact), r.input_span(b, "b", exact=exact)
    pa, pb = r.input_span(a, "a", exact=True), r.input_span(b, "b", exact=True)
    reachable = op(left, right)
    point = (to_float(op(pa, pb).lo, check),)
    return compare(check, printed, reachable, point, decimals, rounding=rounding)


def _total(values: Sequence[Number], *, exact: bool) -> tuple[r.Span, Fraction]:
    spans = _spans(values, exact=exact)
    total = spans[0]
    for span in spans[1:]:
        total = r.add(total, span)
    point = sum((s.lo for s in _spans(values, exact=True)), Fraction(0))
    return total, point


def _spans(values: Sequence[Number], *, exact: bool) -> list[r.Span]:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        msg = f"values must be a sequence of numbers, got {type(values).__name__}"
        raise TypeError(msg)
    if not 1 <= len(values) <= _MAX_VALUES:
        msg = f"values must hold 1 to {_MAX_VALUES} numbers, got {len(values)}"
        raise ValueError(msg)
    return [r.input_span(v, f"values[{i}]", exact=exact) for i, v in enumerate(values)]
