"""GRIMMER, DEBIT and intervals for a difference of proportions (private; see :mod:`theory.consistency`)."""

from __future__ import annotations

import math
from fractions import Fraction

from theory.consistency import _rounding as r
from theory.consistency._core import (
    MAX_CANDIDATES,
    ConsistencyResult,
    check_max,
    compare,
    counts,
    precision,
    rule,
    to_float,
)
from theory.inference import proportion_ci
from theory.validation import check_choice, check_confidence, check_int

__all__ = ["DIFFERENCE_METHODS", "debit", "grimmer", "recompute_difference_interval"]

DIFFERENCE_METHODS = ("newcombe", "wald")
Number = r.Number


def _integers(span: r.Span, scale: Fraction) -> tuple[int, int]:
    """First and last integer ``S`` with ``S / scale`` in ``span`` (open ends respected)."""
    low, high = span.lo * scale, span.hi * scale
    first, last = math.ceil(low), math.floor(high)
    if span.lo_open and first == low:
        first += 1
    if span.hi_open and last == high:
        last -= 1
    return first, last


def _printed_span(value: Number, name: str, rounding: str) -> tuple[str, int, r.Span]:
    text, d = precision(value, None, name)
    return text, d, r.rounding_span(r.parse_printed(value, name), d, rounding)


def grimmer(
    mean: Number,
    sd: Number,
    n: int,
    *,
    items: int = 1,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """GRIMMER test: whether a mean and a sample SD of ``n`` integer scores can print as given.

    Each of the ``n`` responses is ``a_i / items`` for an integer ``a_i`` (the
    sum of ``items`` integer items). The printed mean needs an integer total
    ``S = sum(a_i)`` (GRIM), and the printed SD an integer sum of squares
    ``Q = sum(a_i**2)`` with ``SD**2 = (Q - S**2 / n) / (items**2 * (n - 1))``
    and ``Q`` of the same parity as ``S`` (since ``a**2`` and ``a`` have the
    same parity), after Anaya (2016) and Allard (2018). All of it is decided
    in exact rationals.

    Parameters
    ----------
    mean, sd : str, int, float or Decimal
        The printed mean and sample standard deviation (strings keep their
        trailing zeros, which set the precision).
    n : int
        Sample size, ``2 <= n`` and ``n * items <= 10**7``.
    items : int
        Integer items per response.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How both printed values were rounded.

    Returns
    -------
    ConsistencyResult
        ``printed`` is ``"mean;sd"``; ``candidates`` are the totals ``S`` for
        which some sum of squares fits the SD; ``recomputed`` the means
        ``S / (n * items)`` of the first of them (or of the GRIM candidates
        when none fits).

    References
    ----------
    Anaya, J. (2016), "The GRIMMER test", PeerJ Preprints 4:e2400v1.
    Allard, A. (2018), "Analytic-GRIMMER".

    Examples
    --------
    >>> from theory.consistency import grimmer
    >>> grimmer("5.21", "1.6", 28).consistent
    True
    >>> grimmer("3.44", "2.47", 18).consistent
    False
    """
    nn = check_int(n, "n", minimum=2)
    per = check_int(items, "items", minimum=1)
    total_n = nn * per
    check_max(total_n, "n * items")
    r.check_rounding(rounding)
    m_text, m_d, m_span = _printed_span(mean, "mean", rounding)
    s_text, s_d, s_span = _printed_span(sd, "sd", rounding)
    if s_span.hi < 0:
        msg = f"sd={sd!r} must be >= 0"
        raise ValueError(msg)
    first, last = _integers(m_span, Fraction(total_n))
    grim_ok = tuple(range(first, min(last, first + MAX_CANDIDATES - 1) + 1))
    sd_lo = max(s_span.lo, Fraction(0))
    width = Fraction(per * per * (nn - 1))
    found = []
    for total in grim_ok:
        base = Fraction(total * total, nn)
        q_span = r.Span(
            sd_lo * sd_lo * width + base,
            s_span.hi * s_span.hi * width + base,
            lo_open=s_span.lo_open and s_span.lo >= 0,
            hi_open=s_span.hi_open,
        )
        q_first, q_last = _integers(q_span, Fraction(1))
        if q_first % 2 != total % 2:
            q_first += 1
        if q_first <= q_last:
            found.append(total)
    shown = tuple(found[:10]) or grim_ok[:10]
    return ConsistencyResult(
        check="grimmer",
        consistent=bool(found),
        printed=f"{m_text};{s_text}",
        recomputed=tuple(to_float(Fraction(s, total_n), "mean") for s in shown),
        reachable=tuple((to_float(Fraction(s, total_n), "mean"),) * 2 for s in shown),
        accepted=(
            (float(m_span.lo), float(m_span.hi)),
            (float(s_span.lo), float(s_span.hi)),
        ),
        decimals=(m_d, s_d),
        rounding=rule(m_d, rounding)
        + f" (mean), {s_d} decimals (sd); integer sums of {per} item(s)",
        candidates=tuple(found),
    )


def debit(
    mean: Number,
    sd: Number,
    n: int,
    *,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """DEBIT test: whether a mean and sample SD of ``n`` binary (0/1) values can print as given.

    With ``k`` ones among ``n`` values the mean is ``k / n`` and the sample SD
    is ``sqrt(k * (n - k) / (n * (n - 1)))``; the test asks whether one
    integer ``k`` prints as both (Heathers and Brown 2019), in exact
    rationals (the SD is compared through its square).

    Parameters
    ----------
    mean, sd : str, int, float or Decimal
        The printed mean (a proportion in ``[0, 1]``) and sample SD.
    n : int
        Sample size, ``2 <= n <= 10**7``.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How both printed values were rounded.

    Returns
    -------
    ConsistencyResult
        ``candidates`` are the counts ``k`` that fit both; ``recomputed``
        the SDs at the counts that fit the mean.

    References
    ----------
    Heathers, J. A. J. and Brown, N. J. L. (2019), "DEBIT: A simple
    consistency test for binary data", OSF preprint.

    Examples
    --------
    >>> from theory.consistency import debit
    >>> debit("0.53", "0.50", 1683).consistent
    True
    >>> debit("0.50", "0.496", 1000).consistent
    False
    """
    nn = check_int(n, "n", minimum=2)
    check_max(nn, "n")
    r.check_rounding(rounding)
    m_text, m_d, m_span = _printed_span(mean, "mean", rounding)
    s_text, s_d, s_span = _printed_span(sd, "sd", rounding)
    value = r.parse_printed(mean, "mean")
    if not 0 <= value <= 1:
        msg = f"mean={mean!r} must be in [0, 1] for binary data"
        raise ValueError(msg)
    if s_span.hi < 0:
        msg = f"sd={sd!r} must be >= 0"
        raise ValueError(msg)
    first, last = _integers(m_span, Fraction(nn))
    first, last = max(first, 0), min(last, nn)
    ks = range(first, min(last, first + MAX_CANDIDATES - 1) + 1)
    sd_lo = max(s_span.lo, Fraction(0))
    found = []
    sds = []
    for k in ks:
        var = Fraction(k * (nn - k), nn * (nn - 1))
        sds.append(math.sqrt(var))
        low_ok = var > sd_lo * sd_lo if s_span.lo_open else var >= sd_lo * sd_lo
        high_ok = var < s_span.hi * s_span.hi if s_span.hi_open else var <= s_span.hi**2
        if low_ok and high_ok:
            found.append(k)
    return ConsistencyResult(
        check="debit",
        consistent=bool(found),
        printed=f"{m_text};{s_text}",
        recomputed=tuple(sds[:10]),
        reachable=tuple((v, v) for v in sds[:10]),
        accepted=(
            (float(m_span.lo), float(m_span.hi)),
            (float(s_span.lo), float(s_span.hi)),
        ),
        decimals=(m_d, s_d),
        rounding=rule(m_d, rounding) + f" (mean), {s_d} decimals (sd); sample SD",
        candidates=tuple(found),
    )


def recompute_difference_interval(
    k1: int,
    n1: int,
    k2: int,
    n2: int,
    low: Number,
    high: Number,
    *,
    method: str = "newcombe",
    confidence_level: float = 0.95,
    scale: int = 1,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether a printed interval for ``k1/n1 - k2/n2`` is the recomputed one, rounded.

    Parameters
    ----------
    k1, n1, k2, n2 : int
        Successes and trials of the two groups.
    low, high : str, int, float or Decimal
        The printed ends (each with its own inferred precision).
    method : {"newcombe", "wald"}
        ``"newcombe"``: Newcombe's (1998) hybrid score interval (his method
        10), built from the two Wilson intervals ``[l1, u1]`` and ``[l2, u2]``:
        ``d - sqrt((p1 - l1)**2 + (u2 - p2)**2)`` to
        ``d + sqrt((u1 - p1)**2 + (p2 - l2)**2)``. ``"wald"``:
        ``d -/+ z * sqrt(p1 (1 - p1) / n1 + p2 (1 - p2) / n2)``.
    confidence_level : float
        The two-sided level.
    scale : int
        1 for fractions, 100 for percentage points.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed ends were rounded.

    Returns
    -------
    ConsistencyResult
        ``recomputed`` is ``(low, high)`` at ``scale``.

    References
    ----------
    Newcombe, R. G. (1998), "Interval estimation for the difference between
    independent proportions: comparison of eleven methods", Statistics in
    Medicine 17(8).

    Examples
    --------
    >>> from theory.consistency import recompute_difference_interval
    >>> res = recompute_difference_interval(56, 70, 48, 80, "0.0524", "0.3339")
    >>> res.consistent
    True
    >>> recompute_difference_interval(56, 70, 48, 80, "0.05", "0.34", method="wald").consistent
    False
    """
    from scipy import stats

    a1, m1 = counts(k1, n1, ("k1", "n1"))
    a2, m2 = counts(k2, n2, ("k2", "n2"))
    check_choice(method, "method", DIFFERENCE_METHODS)
    level = check_confidence(confidence_level)
    top = check_int(scale, "scale", minimum=1)
    p1, p2 = a1 / m1, a2 / m2
    d = p1 - p2
    if method == "newcombe":
        c1 = proportion_ci(a1, m1, method="wilson", confidence_level=level)
        c2 = proportion_ci(a2, m2, method="wilson", confidence_level=level)
        lo = d - math.hypot(p1 - c1.low, c2.high - p2)
        hi = d + math.hypot(c1.high - p1, p2 - c2.low)
    else:
        z = float(stats.norm.isf((1 - level) / 2))
        half = z * math.sqrt(p1 * (1 - p1) / m1 + p2 * (1 - p2) / m2)
        lo, hi = d - half, d + half
    parts = [
        compare(
            "difference_interval",
            end,
            r.Span.from_floats(v * top, v * top),
            (v * top,),
            None,
            name=name,
            rounding=rounding,
        )
        for end, v, name in ((low, lo, "low"), (high, hi, "high"))
    ]
    return ConsistencyResult(
        check="difference_interval",
        consistent=all(p.consistent for p in parts),
        printed=f"{parts[0].printed};{parts[1].printed}",
        recomputed=(lo * top, hi * top),
        reachable=parts[0].reachable + parts[1].reachable,
        accepted=parts[0].accepted + parts[1].accepted,
        decimals=parts[0].decimals + parts[1].decimals,
        rounding=parts[0].rounding + f"; {method} interval, level {level}",
    )
