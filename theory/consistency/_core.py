"""The result type and shared comparisons of ``theory.consistency`` (private)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from theory.consistency import _rounding as r
from theory.validation import check_counts, check_int

MAX_N = 10**7
MAX_CANDIDATES = 1000


@dataclass(frozen=True, slots=True)
class ConsistencyResult:
    """The verdict of one consistency check.

    Attributes
    ----------
    check : str
        The check's name (``"proportion"``, ``"grim"``, ``"pvalue"``, ...).
    consistent : bool
        Whether the printed value(s) can be the rounded recomputation.
    printed : str
        The printed value(s) as read (an interval as ``"low;high"``).
    recomputed : tuple of float
        The recomputation from the inputs taken at face value (for
        attainability checks, the attainable values nearest the printed one).
    reachable : tuple of (float, float)
        Per printed number, the range the recomputation spans when rounded
        inputs vary over their rounding intervals (a point for exact inputs).
    accepted : tuple of (float, float)
        Per printed number, its closed rounding interval.
    decimals : tuple of int
        Per printed number, the precision used.
    rounding : str
        The rounding rule, in words.
    candidates : tuple of int
        For attainability and GRIM: the integers (counts ``k`` or sums) that
        print as the printed value; empty otherwise or when none does.
    gross_error : bool
        For p-values: the printed and the recomputed p-value fall on
        different sides of ``alpha`` (statcheck's decision error); always
        ``False`` for the other checks.

    Examples
    --------
    >>> from theory.consistency import check_proportion
    >>> res = check_proportion("23.5", 12, 51, scale=100)
    >>> res.consistent, round(res.recomputed[0], 4), res.accepted
    (True, 23.5294, ((23.45, 23.55),))
    """

    check: str
    consistent: bool
    printed: str
    recomputed: tuple[float, ...]
    reachable: tuple[tuple[float, float], ...]
    accepted: tuple[tuple[float, float], ...]
    decimals: tuple[int, ...]
    rounding: str
    candidates: tuple[int, ...] = ()
    gross_error: bool = False

    @property
    def detail(self) -> str:
        """One line: recomputed value(s), their range and the accepted interval(s).

        Examples
        --------
        >>> from theory.consistency import check_sum
        >>> check_sum("10", [3, 4, 4]).detail
        'recomputed 11 (accepted [9.5, 10.5])'
        >>> check_sum("100.2", ["33.3", "33.3", "33.3"]).detail
        'recomputed 99.9, range [99.75, 100.05] (accepted [100.15, 100.25])'
        """
        got = ";".join(f"{v:.6g}" for v in self.recomputed)
        spread = [(lo, hi) for lo, hi in self.reachable if lo != hi]
        if spread and self.check != "attainable" and self.check != "grim":
            got += ", range " + ";".join(f"[{lo:.6g}, {hi:.6g}]" for lo, hi in spread)
        ok = ";".join(f"[{lo:.10g}, {hi:.10g}]" for lo, hi in self.accepted)
        return f"recomputed {got} (accepted {ok})"


_RULES = {
    "nearest": "any round-to-nearest, ties either way",
    "half-up": "round half away from zero",
    "half-even": "round half to even",
    "truncate": "truncated toward zero",
    "any": "rounded to nearest or truncated",
}


def rule(decimals: int, rounding: str = "nearest") -> str:
    """Return the rounding rule in words."""
    return f"{_RULES[rounding]} at {decimals} decimals"


def to_float(value: Fraction, name: str) -> float:
    """``float(value)``, or a ValueError naming ``name`` if it overflows."""
    try:
        return float(value)
    except OverflowError:
        msg = f"{name}: the recomputation exceeds the float range (about 1.8e308)"
        raise ValueError(msg) from None


def counts(
    k: object, n: object, names: tuple[str, str] = ("k", "n")
) -> tuple[int, int]:
    """Validate a count ``0 <= k <= n`` with ``1 <= n <= MAX_N``; messages use ``names``."""
    kk, nn = check_counts(k, n, names=names)
    check_max(nn, names[1])
    return kk, nn


def check_bool(value: object, name: str) -> bool:
    """Validate a bool flag (``0``/``1`` and strings are refused)."""
    if not isinstance(value, bool):
        msg = f"{name} must be True or False, got {value!r}"
        raise TypeError(msg)
    return value


def check_max(value: int, name: str) -> None:
    """Bound the sizes the attainability searches loop over."""
    if value > MAX_N:
        msg = f"{name}={value} must be <= {MAX_N}"
        raise ValueError(msg)


def precision(value: object, decimals: int | None, name: str) -> tuple[str, int]:
    """Return the printed value as read and the precision to use."""
    parsed = r.parse_printed(value, name)
    if decimals is None:
        return str(parsed), r.printed_decimals(parsed)
    d = check_int(decimals, "decimals")
    if not -20 <= d <= 20:
        msg = f"decimals={d} must be in [-20, 20]"
        raise ValueError(msg)
    return str(parsed), d


def compare(
    check: str,
    printed: object,
    reachable: r.Span,
    point: tuple[float, ...],
    decimals: int | None,
    *,
    name: str = "printed",
    rounding: str = "nearest",
) -> ConsistencyResult:
    """Consistent when the reachable range meets the printed rounding interval."""
    text, d = precision(printed, decimals, name)
    rule_name = r.check_rounding(rounding)
    accepted = r.rounding_span(r.parse_printed(printed, name), d, rule_name)
    return ConsistencyResult(
        check=check,
        consistent=accepted.overlaps(reachable),
        printed=text,
        recomputed=point,
        reachable=((to_float(reachable.lo, name), to_float(reachable.hi, name)),),
        accepted=((to_float(accepted.lo, name), to_float(accepted.hi, name)),),
        decimals=(d,),
        rounding=rule(d, rule_name),
    )


def attainable(
    check: str,
    value: object,
    n: int,
    bounds: tuple[int, int] | None,
    scale: Fraction,
    decimals: int | None,
    rounding: str = "nearest",
    *,
    name: str = "value",
) -> ConsistencyResult:
    """Which integers ``k`` (within ``bounds``) make ``scale * k / n`` print as ``value``.

    Messages call ``value`` by the caller's argument ``name``.
    """
    text, d = precision(value, decimals, name)
    rule_name = r.check_rounding(rounding)
    accepted = r.rounding_span(r.parse_printed(value, name), d, rule_name)
    low, high = accepted.lo * n / scale, accepted.hi * n / scale
    first, last = math.ceil(low), math.floor(high)
    if accepted.lo_open and first == low:
        first += 1
    if accepted.hi_open and last == high:
        last -= 1
    if bounds is not None:
        first, last = max(first, bounds[0]), min(last, bounds[1])
    found = tuple(range(first, min(last, first + MAX_CANDIDATES - 1) + 1))
    if found:
        shown = found[:10]
    else:
        below = math.floor(low)
        shown = (below, below + 1)
        if bounds is not None:
            shown = tuple(k for k in shown if bounds[0] <= k <= bounds[1])
    return ConsistencyResult(
        check=check,
        consistent=bool(found),
        printed=text,
        recomputed=tuple(to_float(scale * k / n, "value") for k in shown),
        reachable=tuple((to_float(scale * k / n, "value"),) * 2 for k in shown),
        accepted=((to_float(accepted.lo, "value"), to_float(accepted.hi, "value")),),
        decimals=(d,),
        rounding=rule(d, rule_name) + f"; values {scale}*k/{n} for integer k",
        candidates=found,
    )


def with_recomputed(
    res: ConsistencyResult, point: tuple[float, ...]
) -> ConsistencyResult:
    """Return ``res`` with another face-value recomputation."""
    return replace(res, recomputed=point)
