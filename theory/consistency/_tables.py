"""Table checks and p-values for ``theory.consistency`` (private; import from there)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction

from scipy import stats

from theory._validation import check_choice, check_real
from theory.consistency import _rounding as r
from theory.consistency._core import (
    ConsistencyResult,
    compare,
)

PVALUE_TESTS = ("z", "t", "chi2", "F")
_ALTERNATIVES = ("two-sided", "greater", "less")
_MAX_VALUES = 10_000
Number = r.Number


def check_sum(
    printed: Number,
    values: Sequence[Number],
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
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
    return compare("sum", printed, total, (float(point),), decimals)


def check_mean(
    printed: Number,
    values: Sequence[Number],
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
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
    return compare("mean", printed, mean, (float(point / len(values)),), decimals)


def check_difference(
    printed: Number,
    a: Number,
    b: Number,
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
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
    return _binary("difference", r.sub, printed, a, b, decimals, exact=exact_inputs)


def check_ratio(
    printed: Number,
    a: Number,
    b: Number,
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
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
    return _binary("ratio", r.div, printed, a, b, decimals, exact=exact_inputs)


def check_arithmetic(
    printed: Number,
    expr: str,
    *,
    decimals: int | None = None,
    exact_inputs: bool = False,
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
    return compare("arith", printed, span, (float(point.lo),), decimals)


def check_equal(
    printed: Number, other: Number, *, decimals: int | None = None
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
    return compare("equal", printed, span, (float(value),), decimals)


def recompute_pvalue(
    statistic: Number,
    pvalue: Number,
    *,
    test: str,
    df: float | tuple[float, float] | None = None,
    alternative: str = "two-sided",
    decimals: int | None = None,
) -> ConsistencyResult:
    """Whether a printed p-value follows from a printed test statistic (statcheck).

    Parameters
    ----------
    statistic : str, int, float or Decimal
        The printed statistic. A string or Decimal is rounded at its printed
        precision and the p-value is recomputed over that whole interval;
        an ``int`` or ``float`` is exact.
    pvalue : str, int, float or Decimal
        The printed p-value; a string may start with ``<``, ``<=``, ``>`` or
        ``>=`` (``"<0.001"``), which is then a bound, not a rounded value.
    test : {"z", "t", "chi2", "F"}
        The reference distribution: ``scipy.stats.norm``, ``t``, ``chi2``, ``f``.
    df : float or (float, float), optional
        Degrees of freedom: one for ``t`` and ``chi2``, a pair for ``F``.
    alternative : {"two-sided", "greater", "less"}
        For ``z`` and ``t``: both tails (``2 * sf(|x|)``), the upper or the
        lower tail. ``chi2`` and ``F`` tests are upper-tailed, so
        ``"two-sided"`` and ``"greater"`` both mean ``sf(x)``; ``"less"`` is
        ``cdf(x)``.
    decimals : int, optional
        The printed precision of the p-value; inferred when omitted.

    Returns
    -------
    ConsistencyResult
        ``recomputed`` is the p-value at the printed statistic; ``reachable``
        the range over its rounding interval.

    Notes
    -----
    The p-values are scipy's survival and distribution functions, compared
    with a relative slack of ``1e-12``.

    Examples
    --------
    >>> from theory.consistency import recompute_pvalue
    >>> recompute_pvalue("2.00", "0.046", test="z").consistent
    True
    >>> recompute_pvalue("2.00", "0.030", test="z").consistent
    False
    >>> recompute_pvalue("3.1", "<0.01", test="t", df=20).consistent
    True
    """
    name = check_choice(test, "test", PVALUE_TESTS)
    side = check_choice(alternative, "alternative", _ALTERNATIVES)
    dist = _distribution(name, df)
    stat = _statistic_span(statistic)
    at = Fraction(r.parse_printed(statistic, "statistic"))
    span = _pvalue_span(dist, stat, name, side)
    point = (float(_pvalue_span(dist, r.Span.point(at), name, side).lo),)
    bound, text = _bound(pvalue)
    value = r.parse_printed(text, "pvalue")
    if not 0 <= value <= 1:
        msg = f"pvalue={pvalue!r} must be in [0, 1]"
        raise ValueError(msg)
    if not bound:
        return compare("pvalue", text, span, point, decimals, name="pvalue")
    limit = Fraction(r.parse_printed(text, "pvalue"))
    below = bound.startswith("<")
    meets = span.overlaps(
        r.Span(Fraction(0), limit) if below else r.Span(limit, Fraction(1))
    )
    strict = bound in ("<", ">")
    if strict and meets:
        meets = span.lo != limit if below else span.hi != limit
    d = r.printed_decimals(r.parse_printed(text, "pvalue"))
    return ConsistencyResult(
        check="pvalue",
        consistent=meets,
        printed=f"{bound}{text}",
        recomputed=point,
        reachable=((float(span.lo), float(span.hi)),),
        accepted=((0.0, float(limit)) if below else (float(limit), 1.0),),
        decimals=(d,),
        rounding=f"a bound ({bound}{text}), not a rounded value",
    )


def _binary(
    check: str,
    op: Callable[[r.Span, r.Span], r.Span],
    printed: Number,
    a: Number,
    b: Number,
    decimals: int | None,
    *,
    exact: bool,
) -> ConsistencyResult:
    left, right = r.input_span(a, "a", exact=exact), r.input_span(b, "b", exact=exact)
    pa, pb = r.input_span(a, "a", exact=True), r.input_span(b, "b", exact=True)
    return compare(check, printed, op(left, right), (float(op(pa, pb).lo),), decimals)


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


def _statistic_span(statistic: Number) -> r.Span:
    parsed = r.parse_printed(statistic, "statistic")
    if isinstance(statistic, str | Decimal):
        return r.rounding_span(parsed, r.printed_decimals(parsed))
    return r.Span.point(Fraction(parsed))


def _distribution(name: str, df: object) -> object:
    if name == "z":
        if df is not None:
            msg = f"df={df!r} must be None for test='z'"
            raise ValueError(msg)
        return stats.norm()
    if name == "F":
        if not (isinstance(df, tuple) and len(df) == 2):
            msg = f"df={df!r} must be a pair (df1, df2) for test='F'"
            raise ValueError(msg)
        d1 = check_real(df[0], "df[0]", low=0.0, low_open=True)
        d2 = check_real(df[1], "df[1]", low=0.0, low_open=True)
        return stats.f(d1, d2)
    one = check_real(df, "df", low=0.0, low_open=True)
    return stats.t(one) if name == "t" else stats.chi2(one)


def _pvalue_span(dist: object, stat: r.Span, name: str, side: str) -> r.Span:
    lo, hi = float(stat.lo), float(stat.hi)
    if name in ("chi2", "F"):
        lo, hi = max(lo, 0.0), max(hi, 0.0)
        side = "less" if side == "less" else "greater"
    if side == "greater":
        a, b = dist.sf(lo), dist.sf(hi)  # type: ignore[attr-defined]
    elif side == "less":
        a, b = dist.cdf(lo), dist.cdf(hi)  # type: ignore[attr-defined]
    else:
        near, far = (0.0, max(-lo, hi)) if lo <= 0 <= hi else sorted((abs(lo), abs(hi)))
        a, b = min(1.0, 2 * dist.sf(near)), min(1.0, 2 * dist.sf(far))  # type: ignore[attr-defined]
    return r.Span.from_floats(float(a), float(b))


def _bound(pvalue: Number) -> tuple[str, Number]:
    if not isinstance(pvalue, str):
        return "", pvalue
    text = pvalue.strip()
    for sign in ("<=", ">=", "<", ">", "="):
        if text.startswith(sign):
            rest = text[len(sign) :].strip()
            return ("" if sign == "=" else sign), rest
    return "", text
