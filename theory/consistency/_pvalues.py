"""Printed p-values against their test statistics (private; see :mod:`theory.consistency`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from theory.consistency import _rounding as r
from theory.consistency._core import (
    ConsistencyResult,
    check_bool,
    precision,
    rule,
    to_float,
)
from theory.validation import check_choice, check_real

PVALUE_TESTS = ("z", "t", "chi2", "F", "r")
_ALTERNATIVES = ("two-sided", "one-tailed", "greater", "less")
_ZERO_P = ("rounded", "inconsistent")
_SIGNS = ("<=", ">=", "<", ">", "=")
Number = r.Number


def recompute_pvalue(
    statistic: Number,
    pvalue: Number,
    *,
    test: str,
    df: float | Sequence[float] | None = None,
    alternative: str = "two-sided",
    decimals: int | None = None,
    rounding: str = "nearest",
    significance_level: float = 0.05,
    zero_p: str = "rounded",
    p_equal_alpha_significant: bool = True,
) -> ConsistencyResult:
    """Whether a printed p-value follows from a printed test statistic (statcheck).

    Parameters
    ----------
    statistic : str, int, float or Decimal
        The printed statistic. A string or Decimal is rounded at its printed
        precision and the p-value is recomputed over that whole interval; an
        ``int`` or ``float`` is exact. A string may start with ``<``, ``<=``,
        ``>`` or ``>=`` (``"<2.2"``): the statistic is then only bounded (for
        two-sided ``z``, ``t`` and ``r`` the bound is on its absolute value).
    pvalue : str, int, float or Decimal
        The printed p-value. A string may start with ``<``, ``<=``, ``>`` or
        ``>=`` (``"<0.001"``), which is then a bound, not a rounded value, or
        be ``"ns"`` (not significant: ``p > alpha``). Values and bounds must
        lie in ``[0, 1]``; a bound ``p < 0`` or ``p <= 0`` is never consistent.
    test : {"z", "t", "chi2", "F", "r"}
        The reference distribution: ``scipy.stats.norm``, ``t``, ``chi2``,
        ``f``; ``r`` is a Pearson correlation with ``df = n - 2``, tested
        through its exact transform ``t = r * sqrt(df / (1 - r**2))`` on
        ``df`` degrees of freedom, the rounding interval of ``r`` carried
        through the transform.
    df : float or (float, float), optional
        Degrees of freedom: one for ``t``, ``chi2`` and ``r``, a pair (a tuple
        or a list) for ``F``; none for ``z``.
    alternative : {"two-sided", "one-tailed", "greater", "less"}
        For ``z``, ``t`` and ``r``: both tails (``2 * sf(|x|)``), the one tail
        the statistic points to (``sf(|x|)``, a test the text calls
        one-tailed), the upper or the lower tail. ``chi2`` and ``F`` tests are
        upper-tailed: every value but ``"less"`` (``cdf(x)``) means ``sf(x)``.
    decimals : int, optional
        The printed precision of the p-value; inferred when omitted.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed p-value was rounded (the statistic always widens to
        its round-to-nearest interval).
    significance_level : float
        The level ``alpha`` of the decision-error flag (and of ``ns``), in
        ``(0, 1)``.
    zero_p : {"rounded", "inconsistent"}
        How to read a printed ``p = .000``: a rounded value (consistent when
        the recomputed p is below half a unit) or, as statcheck does by
        default, always inconsistent (a p-value is never 0).
    p_equal_alpha_significant : bool
        Whether a printed ``p = alpha`` counts as significant (statcheck's
        default) for the decision-error flag.

    Returns
    -------
    ConsistencyResult
        ``recomputed`` is the p-value at the printed statistic (at the bound
        for an inequality); ``reachable`` the range over the statistic's
        interval; ``gross_error`` is ``True`` when the check is inconsistent
        and the printed p and every reachable p fall on different sides of
        ``alpha`` (statcheck's decision error).

    Raises
    ------
    ValueError
        A p-value or bound outside ``[0, 1]``, a statistic outside its
        support (``chi2`` or ``F`` below 0, ``|r| > 1``), a bad ``df``.

    Notes
    -----
    The p-values are scipy's survival and distribution functions, compared
    with a slack of :data:`theory.consistency._rounding.SLACK_ULPS` units in
    the last place of the values compared (no absolute floor, so p-values
    down to 1e-300 are checked).

    Examples
    --------
    >>> from theory.consistency import recompute_pvalue
    >>> recompute_pvalue("2.00", "0.046", test="z").consistent
    True
    >>> recompute_pvalue("2.00", "0.030", test="z").consistent
    False
    >>> recompute_pvalue("3.1", "<0.01", test="t", df=20).consistent
    True
    >>> res = recompute_pvalue("1.20", ".03", test="t", df=28)
    >>> res.consistent, res.gross_error
    (False, True)
    >>> recompute_pvalue(".22", ".26", test="r", df=28).consistent
    False
    >>> recompute_pvalue("7.50", "1e-20", test="z").consistent
    False
    """
    name = check_choice(test, "test", PVALUE_TESTS)
    side = check_choice(alternative, "alternative", _ALTERNATIVES)
    r.check_rounding(rounding)
    check_choice(zero_p, "zero_p", _ZERO_P)
    level = check_real(
        significance_level,
        "significance_level",
        low=0.0,
        high=1.0,
        low_open=True,
        high_open=True,
    )
    equal_sig = check_bool(p_equal_alpha_significant, "p_equal_alpha_significant")
    dist, dof = _distribution(name, df)
    stat_sign, stat_lo, stat_hi, at = _statistic(statistic, name, side)
    lo_t, hi_t = _to_scale(stat_lo, name, dof), _to_scale(stat_hi, name, dof)
    span = _pvalue_span(dist, lo_t, hi_t, name, side)
    at_t = _to_scale(at, name, dof)
    point = (float(_pvalue_span(dist, at_t, at_t, name, side).lo),)
    bound, text = _bound(pvalue, level)
    value = r.parse_printed(text, "pvalue")
    _check_p_range(pvalue, bound, value)
    if stat_sign:
        span = _widen_for_bound(span, stat_sign, name, side)
    if bound:
        res = _bounded(bound, text, value, span, point)
    else:
        res = _rounded(text, value, span, point, decimals, rounding, zero_p)
    gross = not res.consistent and _decision_error(
        bound, value, span, level, equal_sig=equal_sig
    )
    return ConsistencyResult(
        check=res.check,
        consistent=res.consistent,
        printed=("ns" if _is_ns(pvalue) else res.printed),
        recomputed=res.recomputed,
        reachable=res.reachable,
        accepted=res.accepted,
        decimals=res.decimals,
        rounding=res.rounding,
        gross_error=gross,
    )


def _rounded(
    text: Number,
    value: Decimal,
    span: r.Span,
    point: tuple[float, ...],
    decimals: int | None,
    rounding: str,
    zero_p: str,
) -> ConsistencyResult:
    shown, d = precision(text, decimals, "pvalue")
    accepted = r.rounding_span(value, d, rounding)
    meets = accepted.overlaps(span)
    if value == 0 and zero_p == "inconsistent":
        meets = False
    return ConsistencyResult(
        check="pvalue",
        consistent=meets,
        printed=shown,
        recomputed=point,
        reachable=((float(span.lo), float(span.hi)),),
        accepted=((to_float(accepted.lo, "pvalue"), to_float(accepted.hi, "pvalue")),),
        decimals=(d,),
        rounding=rule(d, rounding),
    )


def _bounded(
    bound: str,
    text: Number,
    value: Decimal,
    span: r.Span,
    point: tuple[float, ...],
) -> ConsistencyResult:
    limit = Fraction(value)
    below = bound.startswith("<")
    strict = bound in ("<", ">")
    if below:
        allowed = r.Span(Fraction(0), limit, hi_open=strict)
    else:
        allowed = r.Span(limit, Fraction(1), lo_open=strict)
    meets = allowed.overlaps(span)
    if below and limit == 0:
        meets = False
    if strict and meets:
        meets = span.lo != limit if below else span.hi != limit
    return ConsistencyResult(
        check="pvalue",
        consistent=meets,
        printed=f"{bound}{text}",
        recomputed=point,
        reachable=((float(span.lo), float(span.hi)),),
        accepted=((0.0, float(limit)) if below else (float(limit), 1.0),),
        decimals=(r.printed_decimals(value),),
        rounding=f"a bound ({bound}{text}), not a rounded value",
    )


def _decision_error(
    bound: str, value: Decimal, span: r.Span, alpha: float, *, equal_sig: bool
) -> bool:
    """Return whether the printed p and every reachable p differ in significance.

    ``alpha`` is taken as the decimal it prints as (``0.05`` is 1/20, not the
    binary double just above it), so a printed ``p = .05`` is exactly at it.
    """
    a = Fraction(Decimal(repr(alpha)))
    limit = Fraction(value)

    def sig(p: Fraction) -> bool:
        return p < a or (p == a and equal_sig)

    printed_sig: bool | None = None
    if bound == "":
        printed_sig = sig(limit)
    elif (bound == "<" and limit <= a) or (bound == "<=" and sig(limit)):
        printed_sig = True
    elif (bound == ">" and limit >= a) or (bound == ">=" and not sig(limit)):
        printed_sig = False
    if printed_sig is None:
        return False
    if printed_sig:
        return not sig(span.lo)
    return sig(span.hi)


def _check_p_range(pvalue: Number, bound: str, value: Decimal) -> None:
    if not 0 <= value <= 1:
        msg = f"pvalue={pvalue!r} must be in [0, 1]"
        raise ValueError(msg)
    if bound.startswith(">") and value == 1 and bound == ">":
        msg = f"pvalue={pvalue!r}: no p-value is above 1"
        raise ValueError(msg)


def _is_ns(pvalue: Number) -> bool:
    return isinstance(pvalue, str) and pvalue.strip().lower() == "ns"


def _bound(pvalue: Number, alpha: float) -> tuple[str, Number]:
    if not isinstance(pvalue, str):
        return "", pvalue
    text = pvalue.strip()
    if text.lower() == "ns":
        return ">", repr(alpha)
    for sign in _SIGNS:
        if text.startswith(sign):
            rest = text[len(sign) :].strip()
            return ("" if sign == "=" else sign), rest
    return "", text


def _statistic(
    statistic: Number, name: str, side: str
) -> tuple[str, float, float, Fraction]:
    """Return (inequality sign, low, high, face value) of the printed statistic."""
    sign = ""
    text: Any = statistic
    if isinstance(statistic, str):
        text = statistic.strip()
        for s in _SIGNS:
            if text.startswith(s):
                sign, text = ("" if s == "=" else s), text[len(s) :].strip()
                break
    parsed = r.parse_printed(text, "statistic")
    face = Fraction(parsed)
    if isinstance(text, str | Decimal):
        span = r.rounding_span(parsed, r.printed_decimals(parsed))
    else:
        span = r.Span.point(face)
    lo, hi = span.lo, span.hi
    if name in ("chi2", "F") and face < 0:
        msg = f"statistic={statistic!r} must be >= 0 for test={name!r}"
        raise ValueError(msg)
    if name == "r":
        if abs(face) > 1:
            msg = f"statistic={statistic!r} must be in [-1, 1] for test='r'"
            raise ValueError(msg)
        lo, hi = max(lo, Fraction(-1)), min(hi, Fraction(1))
    if name in ("chi2", "F"):
        lo = max(lo, Fraction(0))
    return sign, float(lo), float(hi), face


def _to_scale(x: float | Fraction, name: str, dof: float) -> float:
    """Return the statistic on its distribution's scale (``r`` to ``t``)."""
    value = float(x)
    if name != "r":
        return value
    if abs(value) >= 1:
        return math.copysign(math.inf, value)
    return value * math.sqrt(dof / ((1 - value) * (1 + value)))


def _widen_for_bound(span: r.Span, sign: str, name: str, side: str) -> r.Span:
    """Widen ``span``: a bounded statistic reaches every p beyond its bound's p.

    The p-value decreases as the statistic grows (as ``|x|`` grows for the
    two-sided and one-tailed readings) except for ``alternative="less"``.
    """
    decreasing = side != "less"
    top = Fraction(1, 2) if side == "one-tailed" and name in ("z", "t", "r") else 1
    if sign.startswith(">") == decreasing:
        return r.Span(Fraction(0), span.hi, span.inexact)
    return r.Span(span.lo, Fraction(top), span.inexact)


def _distribution(name: str, df: object) -> tuple[Any, float]:
    from scipy import stats

    if name == "z":
        if df is not None:
            msg = f"df={df!r} must be None for test='z'"
            raise ValueError(msg)
        return stats.norm(), math.nan
    if name == "F":
        if isinstance(df, list):
            df = tuple(df)
        if not (isinstance(df, tuple) and len(df) == 2):
            msg = f"df={df!r} must be a pair (df1, df2) for test='F'"
            raise ValueError(msg)
        d1 = check_real(df[0], "df[0]", low=0.0, low_open=True)
        d2 = check_real(df[1], "df[1]", low=0.0, low_open=True)
        return stats.f(d1, d2), math.nan
    one = check_real(df, "df", low=0.0, low_open=True)
    if not math.isfinite(one):
        msg = f"df={df!r} must be finite"
        raise ValueError(msg)
    if name == "chi2":
        return stats.chi2(one), one
    return stats.t(one), one


def _pvalue_span(dist: Any, lo: float, hi: float, name: str, side: str) -> r.Span:
    if name in ("chi2", "F"):
        side = "less" if side == "less" else "greater"
    if side == "greater":
        a, b = dist.sf(lo), dist.sf(hi)
    elif side == "less":
        a, b = dist.cdf(lo), dist.cdf(hi)
    else:
        near, far = (0.0, max(-lo, hi)) if lo <= 0 <= hi else sorted((abs(lo), abs(hi)))
        factor = 2.0 if side == "two-sided" else 1.0
        a = min(1.0, factor * float(dist.sf(near)))
        b = min(1.0, factor * float(dist.sf(far)))
    return r.Span.from_floats(float(a), float(b))
