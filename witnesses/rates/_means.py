"""Means of per-trial scores with a stated interval (Student-t or bootstrap)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from theory.inference import MeanCI, proportion_ci
from witnesses.rates.trials import Trial

__all__ = ["MeanEstimate", "MeanRules", "cell_means", "column_means"]

_BOUNDED = ("raw_validity_score", "semantic_regret")
_INTERVALS = ("auto", "t", "bootstrap")
_MAX_RESAMPLES = 1_000_000
_ONE = "no interval from n = 1 value"
_EQUAL = "no interval: every value is equal, so nothing varies"
_BATCH_CELLS = 1 << 20  # resample values held at once by the bootstrap


@dataclass(frozen=True, slots=True)
class MeanEstimate:
    """A named mean: its interval, and the rule that chose its values.

    ``ci`` is the shared mean type, :class:`theory.inference.MeanCI`, whose
    ``method`` names the interval (``"student-t"``,
    ``"bootstrap-percentile"``, or a proportion method such as ``"wilson"``
    for a column of 0s and 1s), or ``None`` when there is no interval:
    ``note`` then says why (``n < 2``, or every value equal; ``mean`` is
    ``None`` too when ``n == 0``). ``low``, ``high`` and ``interval`` read
    through it.

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import rates
    >>> cell = rates([Trial("t1", "naive", full_score=4.0, compressed_score=3.0)])[0]
    >>> m = cell.means["relative_regret"]
    >>> m.mean, m.n, m.ci, m.note
    (0.25, 1, None, 'no interval from n = 1 value')
    """

    name: str
    n: int
    mean: float | None
    ci: MeanCI | None
    rule: str
    method: str = "student-t"
    note: str = ""

    @property
    def low(self) -> float | None:
        """The interval's lower end (None when ``n < 2``)."""
        return None if self.ci is None else self.ci.low

    @property
    def high(self) -> float | None:
        """The interval's upper end (None when ``n < 2``)."""
        return None if self.ci is None else self.ci.high

    @property
    def interval(self) -> str:
        """The interval's name: ``"student-t"`` or ``"bootstrap-percentile"``."""
        return self.method

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "name": self.name,
            "n": self.n,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "rule": self.rule,
            "interval": self.interval,
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class MeanRules:
    """How the means of a cell get their intervals (see :func:`witnesses.rates.rates`).

    Examples
    --------
    >>> from witnesses.rates._means import MeanRules
    >>> MeanRules.make("t", (), 99, 0, 0.9).interval_of("semantic_regret")
    'student-t'
    """

    interval: str
    bounded: frozenset[str]
    n_resamples: int
    seed: int
    level: float
    method: str = "wilson"

    @classmethod
    def make(
        cls,
        interval: str,
        bounded: Sequence[str],
        n_resamples: int,
        seed: int,
        level: float,
        *,
        method: str = "wilson",
    ) -> MeanRules:
        """Check the arguments and build the rules."""
        if interval not in _INTERVALS:
            msg = f"mean_interval must be one of {', '.join(map(repr, _INTERVALS))}, got {interval!r}"
            raise ValueError(msg)
        if isinstance(bounded, str | bytes) or not isinstance(bounded, Iterable):
            msg = (
                "bounded_measures must be a sequence of names, got "
                f"{bounded!r} of type {type(bounded).__name__}"
            )
            raise TypeError(msg)
        bounded = tuple(bounded)  # read once: a generator is not read twice
        if not all(isinstance(b, str) for b in bounded):
            msg = f"bounded_measures must be a sequence of names, got {bounded!r}"
            raise TypeError(msg)
        for name, value in (("n_resamples", n_resamples), ("bootstrap_seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                msg = f"{name} must be an int, got {value!r}"
                raise TypeError(msg)
        if not 2 <= n_resamples <= _MAX_RESAMPLES:
            msg = f"n_resamples must be in [2, {_MAX_RESAMPLES}], got {n_resamples!r}"
            raise ValueError(msg)
        if seed < 0:
            msg = f"bootstrap_seed must be >= 0, got {seed!r}"
            raise ValueError(msg)
        if isinstance(level, bool) or not isinstance(level, (int, float)):
            msg = f"confidence_level must be a real number, got {level!r}"
            raise TypeError(msg)
        if not 0.0 < level < 1.0:
            msg = f"confidence_level must be in (0, 1), got {level!r}"
            raise ValueError(msg)
        return cls(
            interval,
            frozenset(_BOUNDED) | frozenset(bounded),
            n_resamples,
            seed,
            level,
            method,
        )

    def interval_of(self, name: str, values: Sequence[float] = ()) -> str:
        """Return the interval of the mean called ``name`` over ``values``.

        ``"auto"``: 0s and 1s only: the proportion ``method``; a name in
        ``bounded``: the percentile bootstrap; else Student-t.
        """
        if self.interval == "t":
            return "student-t"
        if self.interval == "bootstrap":
            return "bootstrap-percentile"
        if values and all(v in (0.0, 1.0) for v in values):
            return self.method
        if name in self.bounded:
            return "bootstrap-percentile"
        return "student-t"


def cell_means(ts: list[Trial], rules: MeanRules) -> dict[str, MeanEstimate]:
    """Return every mean of one cell, named as in :func:`witnesses.rates.rates`."""
    return column_means(
        [t.raw_validity for t in ts],
        [t.semantic_regret for t in ts],
        [t.full_score for t in ts],
        [t.compressed_score for t in ts],
        [t.measures for t in ts],
        rules=rules,
    )


def column_means(
    raw_validity: list[bool | float | None],
    semantic_regret: list[float | None],
    full_score: list[float | None],
    compressed_score: list[float | None],
    measures: list[Mapping[str, float]],
    *,
    rules: MeanRules,
) -> dict[str, MeanEstimate]:
    """:func:`cell_means` over the fields of a cell's trials, one list per field."""
    scored = [
        (f, c)
        for f, c in zip(full_score, compressed_score, strict=True)
        if f is not None and c is not None
    ]
    columns: dict[str, tuple[list[float], str]] = {
        "raw_validity_score": (
            [float(v) for v in raw_validity if v is not None],
            "validity score (a bool counts 0/1), trials with a known validity",
        ),
        "semantic_regret": (
            [v for v in semantic_regret if v is not None],
            "the harness's semantic regret, in [0, 1]",
        ),
        "relative_regret": (
            [1.0 - c / f for f, c in scored if f > 0],
            "1 - compressed/full, full > 0",
        ),
        "absolute_regret": ([f - c for f, c in scored], "full - compressed (points)"),
    }
    names = sorted(set().union(*filter(None, measures)))
    for name in names:
        values = [m[name] for m in measures if name in m]
        if name in rules.bounded and not all(0.0 <= v <= 1.0 for v in values):
            msg = f"bounded_measures names {name!r}, but a value lies outside [0, 1]"
            raise ValueError(msg)
        columns[name] = (values, f"measure {name!r}, trials that carry it")
    return {
        name: _mean(name, values, rule, rules)
        for name, (values, rule) in columns.items()
    }


def _mean(name: str, values: list[float], rule: str, rules: MeanRules) -> MeanEstimate:
    from scipy import stats

    n = len(values)
    kind = rules.interval_of(name, values)
    if n == 0:
        return MeanEstimate(name, 0, None, None, rule, kind, "no values")
    mean = math.fsum(values) / n
    if n < 2:
        return MeanEstimate(name, n, mean, None, rule, kind, _ONE)

    def estimate(low: float, high: float) -> MeanEstimate:
        ci = MeanCI(low, high, mean, n, kind, rules.level)
        return MeanEstimate(name, n, mean, ci, rule, kind)

    if kind not in ("student-t", "bootstrap-percentile"):
        p = proportion_ci(
            round(math.fsum(values)), n, method=kind, confidence_level=rules.level
        )
        return estimate(p.low, p.high)
    if min(values) == max(values):
        return MeanEstimate(name, n, mean, None, rule, kind, _EQUAL)
    if kind == "student-t":
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
        half = float(stats.t.ppf(0.5 + rules.level / 2, n - 1)) * sd / math.sqrt(n)
        return estimate(mean - half, mean + half)
    res = stats.bootstrap(
        (np.asarray(values, dtype=float),),
        np.mean,
        confidence_level=rules.level,
        n_resamples=rules.n_resamples,
        method="percentile",
        rng=np.random.default_rng(rules.seed),
        batch=max(1, _BATCH_CELLS // n),
    )
    ci = res.confidence_interval
    return estimate(float(ci.low), float(ci.high))
