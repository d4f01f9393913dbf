"""Printed proportions and means against their counts, and recomputed intervals (private; see :mod:`theory.consistency`)."""

from __future__ import annotations

from fractions import Fraction

from theory.consistency import _rounding as r
from theory.consistency._core import (
    MAX_N,
    ConsistencyResult,
    attainable,
    check_bool,
    check_max,
    compare,
    counts,
)
from theory.inference import PROPORTION_METHODS, proportion_ci
from theory.validation import check_choice, check_int

__all__ = [
    "check_proportion",
    "grim",
    "percent_attainable",
    "proportion_attainable",
    "recompute_interval",
]

Number = r.Number


def check_proportion(
    printed: Number,
    k: int,
    n: int,
    *,
    scale: int = 1,
    decimals: int | None = None,
    rounding: str = "nearest",
    bounded: bool = True,
) -> ConsistencyResult:
    """Whether ``printed`` is ``scale * k / n`` rounded (``scale=100``: a percent).

    Parameters
    ----------
    printed : str, int, float or Decimal
        The value as printed (``"23.5"`` for 23.5%).
    k, n : int
        Count and total, ``0 <= k <= n``, ``n >= 1``.
    scale : int
        1 for a fraction in ``[0, 1]``, 100 for a percentage.
    decimals : int, optional
        The printed precision; inferred from ``printed`` when omitted.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed value was rounded (see :mod:`theory.consistency`).
    bounded : bool
        ``True`` (default): ``k <= n``, a share of the whole. ``False``: ``k``
        may exceed ``n`` (a percent above 100, such as 120 of a baseline 100).

    Returns
    -------
    ConsistencyResult

    Raises
    ------
    TypeError, ValueError
        If ``k``, ``n`` are not ints with ``0 <= k <= n`` (``0 <= k`` when
        ``bounded=False``), ``n >= 1``.

    Examples
    --------
    >>> from theory.consistency import check_proportion
    >>> check_proportion("21.95", 36, 164, scale=100).consistent
    True
    >>> check_proportion("21.9", 36, 164, scale=100).consistent
    False
    """
    if check_bool(bounded, "bounded"):
        kk, nn = counts(k, n)
    else:
        nn = check_int(n, "n", minimum=1)
        kk = check_int(k, "k", minimum=0)
        check_max(nn, "n")
        check_max(kk, "k")
    exact = Fraction(check_int(scale, "scale", minimum=1) * kk, nn)
    return compare(
        "proportion",
        printed,
        r.Span.point(exact),
        (float(exact),),
        decimals,
        rounding=rounding,
    )


def proportion_attainable(
    value: Number,
    n: int,
    *,
    scale: int = 1,
    decimals: int | None = None,
    rounding: str = "nearest",
    bounded: bool = True,
) -> ConsistencyResult:
    """Whether some integer ``k`` in ``0..n`` gives ``scale * k / n`` that prints as ``value``.

    Parameters
    ----------
    value : str, int, float or Decimal
        The printed rate (a fraction, or a percent with ``scale=100``).
    n : int
        The number of trials behind the rate, ``1 <= n <= 10**7``.
    scale : int
        1 for a fraction, 100 for a percentage.
    decimals : int, optional
        The printed precision; inferred from ``value`` when omitted.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed value was rounded.
    bounded : bool
        ``True`` (default): ``k <= n`` and ``value`` must lie in
        ``[0, scale]``. ``False``: any ``k >= 0`` (a percent above 100).

    Returns
    -------
    ConsistencyResult
        ``candidates`` lists every ``k`` that works; ``recomputed`` holds the
        attainable values nearest ``value`` (the ones that work, or the two
        neighbours when none does).

    Examples
    --------
    >>> from theory.consistency import proportion_attainable
    >>> proportion_attainable("0.25", 36).candidates
    (9,)
    >>> proportion_attainable("0.26", 36).consistent
    False
    """
    return _proportion(
        value, n, scale, decimals, rounding, bounded=bounded, name="value"
    )


def _proportion(
    value: Number,
    n: int,
    scale: int,
    decimals: int | None,
    rounding: str,
    *,
    bounded: bool,
    name: str,
) -> ConsistencyResult:
    """:func:`proportion_attainable`, its messages naming the argument ``name``."""
    nn = check_int(n, "n", minimum=1)
    check_max(nn, "n")
    top = check_int(scale, "scale", minimum=1)
    limited = check_bool(bounded, "bounded")
    parsed = r.parse_printed(value, name)
    if parsed < 0 or (limited and parsed > top):
        span = f"in [0, {top}]" if limited else ">= 0"
        msg = f"{name}={value!r} must be {span}"
        raise ValueError(msg)
    if not limited and parsed * nn / top > MAX_N:
        msg = f"{name}={value!r} times n={nn} is above {MAX_N} counts"
        raise ValueError(msg)
    bounds = (0, nn) if limited else (0, MAX_N)
    return attainable(
        "attainable", value, nn, bounds, Fraction(top), decimals, rounding, name=name
    )


def percent_attainable(
    percent: Number,
    n: int,
    *,
    decimals: int | None = None,
    rounding: str = "nearest",
    bounded: bool = True,
) -> ConsistencyResult:
    """Whether a printed percentage can be ``100 * k / n`` for an integer ``k``.

    Parameters
    ----------
    percent : str, int, float or Decimal
        The printed percentage, in ``[0, 100]`` (without the ``%``); any
        value ``>= 0`` with ``bounded=False``.
    n : int
        The denominator, ``1 <= n <= 10**7``.
    decimals : int, optional
        The printed precision; inferred when omitted.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed value was rounded.
    bounded : bool
        ``False`` allows counts above ``n`` (percents above 100).

    Returns
    -------
    ConsistencyResult
        ``candidates`` are the counts ``k`` that print as ``percent``.

    See Also
    --------
    proportion_attainable : the same for fractions in ``[0, 1]``.

    Examples
    --------
    >>> from theory.consistency import percent_attainable
    >>> percent_attainable("23.5", 51).candidates
    (12,)
    >>> percent_attainable("23.6", 51).consistent
    False
    >>> percent_attainable("152.9", 51, bounded=False).candidates   # 78/51
    (78,)
    """
    return _proportion(
        percent, n, 100, decimals, rounding, bounded=bounded, name="percent"
    )


def grim(
    mean: Number,
    n: int,
    *,
    decimals: int | None = None,
    items: int = 1,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """GRIM test: whether a mean of ``n`` integer scores can print as ``mean``.

    The mean of ``n`` responses, each the sum of ``items`` integer items, is
    ``S / (n * items)`` for an integer total ``S``; the test asks whether some
    ``S`` rounds to the printed mean (Brown and Heathers 2017).

    Parameters
    ----------
    mean : str, int, float or Decimal
        The printed mean.
    n : int
        Sample size, ``1 <= n * items <= 10**7``.
    decimals : int, optional
        The printed precision; inferred when omitted.
    items : int
        Integer items per response.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed mean was rounded. ``grim("11.09", 21)`` is
        inconsistent under the default (233/21 = 11.0952 rounds to 11.10)
        and consistent with ``rounding="truncate"`` or ``"any"``.

    Returns
    -------
    ConsistencyResult
        ``candidates`` are the totals ``S`` that work.

    References
    ----------
    Brown, N. J. L. and Heathers, J. A. J. (2017), "The GRIM test", Social
    Psychological and Personality Science 8(4).

    Examples
    --------
    >>> from theory.consistency import grim
    >>> grim("5.19", 28).consistent
    False
    >>> grim("5.18", 28).candidates
    (145,)
    >>> grim("11.09", 21).consistent, grim("11.09", 21, rounding="truncate").consistent
    (False, True)
    """
    nn = check_int(n, "n", minimum=1)
    per = check_int(items, "items", minimum=1)
    check_max(nn * per, "n * items")
    return attainable(
        "grim", mean, nn * per, None, Fraction(1), decimals, rounding, name="mean"
    )


def recompute_interval(
    k: int,
    n: int,
    low: Number,
    high: Number,
    *,
    method: str = "wilson",
    confidence_level: float = 0.95,
    decimals: int | None = None,
    scale: int = 1,
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Whether a printed interval ``[low, high]`` is ``proportion_ci(k, n)`` rounded.

    Parameters
    ----------
    k, n : int
        Successes and trials.
    low, high : str, int, float or Decimal
        The printed ends (each with its own inferred precision).
    method : str
        One of :data:`theory.inference.PROPORTION_METHODS`.
    confidence_level : float
        The two-sided level.
    decimals : int, optional
        The printed precision of both ends; inferred when omitted.
    scale : int
        1 for fractions, 100 for percentages.
    rounding : {"nearest", "half-up", "half-even", "truncate", "any"}
        How the printed ends were rounded.

    Returns
    -------
    ConsistencyResult
        ``recomputed`` is ``(low, high)`` at ``scale``.

    Notes
    -----
    The interval is :func:`theory.inference.proportion_ci` (its conventions
    apply); the ends go through floating point, so the comparison has a
    slack of a few dozen ulps of the values compared.

    Examples
    --------
    >>> from theory.consistency import recompute_interval
    >>> recompute_interval(36, 164, "16.30", "28.89", scale=100).consistent
    True
    >>> recompute_interval(36, 164, "16.30", "28.80", scale=100).consistent
    False
    """
    kk, nn = counts(k, n)
    check_choice(method, "method", PROPORTION_METHODS)
    top = check_int(scale, "scale", minimum=1)
    ci = proportion_ci(kk, nn, method=method, confidence_level=confidence_level)
    parts = [
        compare(
            "interval",
            end,
            r.Span.from_floats(v * top, v * top),
            (v * top,),
            decimals,
            name=name,
            rounding=rounding,
        )
        for end, v, name in ((low, ci.low, "low"), (high, ci.high, "high"))
    ]
    return ConsistencyResult(
        check="interval",
        consistent=all(p.consistent for p in parts),
        printed=f"{parts[0].printed};{parts[1].printed}",
        recomputed=(ci.low * top, ci.high * top),
        reachable=parts[0].reachable + parts[1].reachable,
        accepted=parts[0].accepted + parts[1].accepted,
        decimals=parts[0].decimals + parts[1].decimals,
        rounding=parts[0].rounding + f"; {method} interval, level {confidence_level}",
    )
