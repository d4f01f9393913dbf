"""Mirage diagnostics with intervals over trial records (docs/guide/rates.md §3).

:func:`rates` groups :class:`~witnesses.Trial` records by any columns and
returns, per cell, every diagnostic of the validity mirage with its
numerator, its denominator (a stated and, where harnesses disagree,
selectable convention: docs/guide/witnesses.md §11, items 7-9) and a confidence interval for
the proportion (Wilson by default, from :func:`theory.inference.proportion_ci`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scipy import stats

from theory.inference import proportion_ci
from witnesses.trials import TRIAL_FIELDS, Trial

__all__ = ["RATE_NAMES", "CellRates", "MeanEstimate", "Rate", "rates"]

RATE_NAMES = (
    "raw_validity",
    "pivot_preservation",
    "fixed_pivot_feasibility",
    "information_shift",
    "silent_mirage",
    "silent_mirage_per_trial",
    "valid_but_switched",
    "header_compliance",
    "protocol_collapse",
    "silent_substitution",
    "preservation_given_header",
)
"""The proportions :func:`rates` reports, in order."""

_PRESERVATION = ("valid", "all")
_REFERENCES = ("full", "truth")
_DEGRADED = ("full", "truth", "oracle")


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its counts, convention and interval.

    ``estimate``, ``low`` and ``high`` are ``None`` when the denominator is 0.

    Examples
    --------
    >>> from witnesses import Trial, rates
    >>> cell = rates([Trial("t1", "naive", raw_validity=True)])[0]
    >>> r = cell.rates["raw_validity"]
    >>> r.numerator, r.denominator, r.estimate
    (1, 1, 1.0)
    """

    name: str
    numerator: int
    denominator: int
    estimate: float | None
    low: float | None
    high: float | None
    denominator_rule: str

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "name": self.name,
            "numerator": self.numerator,
            "denominator": self.denominator,
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
            "denominator_rule": self.denominator_rule,
        }


@dataclass(frozen=True, slots=True)
class MeanEstimate:
    """A mean with a Student-t interval (``None`` ends when ``n < 2``).

    Examples
    --------
    >>> from witnesses import Trial, rates
    >>> cell = rates([Trial("t1", "naive", full_score=4.0, compressed_score=3.0)])[0]
    >>> cell.means["relative_regret"].mean
    0.25
    """

    name: str
    n: int
    mean: float | None
    low: float | None
    high: float | None
    rule: str

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "name": self.name,
            "n": self.n,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class CellRates:
    """Every diagnostic of one cell (one value of the grouping columns).

    Examples
    --------
    >>> from witnesses import Trial, rates
    >>> cells = rates([Trial("t1", "naive"), Trial("t2", "contract")])
    >>> [c.group["condition"] for c in cells]
    ['contract', 'naive']
    """

    group: Mapping[str, Any]
    n_trials: int
    rates: Mapping[str, Rate]
    means: Mapping[str, MeanEstimate]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (stable key order)."""
        return {
            "group": dict(self.group),
            "n_trials": self.n_trials,
            "rates": {name: self.rates[name].to_dict() for name in RATE_NAMES},
            "means": {name: m.to_dict() for name, m in self.means.items()},
        }


def rates(
    trials: Iterable[Trial],
    by: Sequence[str] = ("condition",),
    *,
    preservation_denominator: str = "valid",
    pivot_reference: str = "full",
    degraded_reference: str = "full",
    method: str = "wilson",
    confidence_level: float = 0.95,
) -> list[CellRates]:
    """Return the mirage diagnostics of every cell of ``trials`` grouped by ``by``.

    Parameters
    ----------
    trials : iterable of Trial
        The records; a harness's or a simulator's.
    by : sequence of str
        Trial fields to group by (``()`` for one cell of everything).
    preservation_denominator : {"valid", "all"}
        ``"valid"`` (the paper and the reference sweep): pivot preservation
        over trials whose reference pivot exists and whose compressed solve is
        valid. ``"all"`` (the ECT, NTSB and MirageBench harnesses): over every
        trial with a reference pivot; a missing chosen pivot counts as lost.
    pivot_reference : {"full", "truth"}
        What "the pivot" is: the full-context pivot, or the ground truth.
    degraded_reference : {"full", "truth", "oracle"}
        A trial is *degraded* when it emits a pivot that differs from the full
        pivot or the ground truth, or (``"oracle"``, the harness convention)
        when its ``oracle_degraded`` field says so.
    method : str
        Interval method of :func:`theory.inference.proportion_ci`.
    confidence_level : float
        Two-sided level of every interval, in ``(0, 1)``.

    Returns
    -------
    list of CellRates
        Sorted by group key (``None`` last).

    Raises
    ------
    ValueError
        For an unknown grouping field or convention, or a level outside (0, 1).
    TypeError
        If an element is not a :class:`Trial`.

    Notes
    -----
    Definitions (docs/guide/rates.md §3; ``ref`` is the reference pivot):

    - ``raw_validity``: valid (``raw_validity > 0.5``) over trials with a
      known validity.
    - ``pivot_preservation``: ``chosen == ref``, denominator as chosen above.
    - ``fixed_pivot_feasibility``: over trials whose forced solve ran.
    - ``information_shift``: ``chosen != full`` over trials with both.
    - ``silent_mirage``: degraded trials without a degraded-evidence flag,
      over degraded trials; ``silent_mirage_per_trial`` is the same count over
      every trial of the cell (the paper's interval convention).
    - ``valid_but_switched``: valid and ``chosen != ref`` over trials with a
      known validity and ``ref``.
    - ``header_compliance`` / ``protocol_collapse``: header present / absent,
      over trials with a known header; ``silent_substitution``: header present
      and ``chosen != ref`` over trials with a known header and ``ref``;
      ``preservation_given_header``: ``chosen == ref`` among trials with a
      header and ``ref``.

    Means, with Student-t intervals: ``relative_regret`` =
    ``1 - compressed_score / full_score`` over trials with both scores and
    ``full_score > 0`` (the paper's semantic regret), ``absolute_regret`` =
    ``full_score - compressed_score`` (score points).

    Examples
    --------
    >>> from witnesses import Trial, rates
    >>> trials = [
    ...     Trial("t1", "naive", full_pivot="e41", chosen_pivot="e45", raw_validity=True),
    ...     Trial("t2", "naive", full_pivot="e41", chosen_pivot="e41", raw_validity=True),
    ... ]
    >>> cell = rates(trials)[0]
    >>> cell.rates["raw_validity"].estimate, cell.rates["pivot_preservation"].estimate
    (1.0, 0.5)
    >>> round(cell.rates["pivot_preservation"].low, 4)
    0.0945
    """
    _check_choice(preservation_denominator, "preservation_denominator", _PRESERVATION)
    _check_choice(pivot_reference, "pivot_reference", _REFERENCES)
    _check_choice(degraded_reference, "degraded_reference", _DEGRADED)
    for name in by:
        if name not in TRIAL_FIELDS:
            msg = f"by contains {name!r}, which is not a Trial field ({', '.join(TRIAL_FIELDS)})"
            raise ValueError(msg)
    if not 0.0 < confidence_level < 1.0:
        msg = f"confidence_level must be in (0, 1), got {confidence_level!r}"
        raise ValueError(msg)
    groups: dict[tuple[Any, ...], list[Trial]] = {}
    for pos, trial in enumerate(trials):
        if not isinstance(trial, Trial):
            msg = f"trials[{pos}] must be a Trial, got {type(trial).__name__}"
            raise TypeError(msg)
        groups.setdefault(tuple(getattr(trial, f) for f in by), []).append(trial)
    conv = _Conventions(
        preservation_denominator,
        pivot_reference,
        degraded_reference,
        method,
        confidence_level,
    )
    return [
        CellRates(
            dict(zip(by, key, strict=True)), len(groups[key]), *conv.cell(groups[key])
        )
        for key in sorted(groups, key=_sort_key)
    ]


@dataclass(frozen=True, slots=True)
class _Conventions:
    preservation: str
    reference: str
    degraded: str
    method: str
    level: float

    def ref(self, t: Trial) -> str | None:
        return t.full_pivot if self.reference == "full" else t.truth_pivot

    def is_degraded(self, t: Trial) -> bool:
        if self.degraded == "oracle":
            return t.oracle_degraded is True
        ref = t.full_pivot if self.degraded == "full" else t.truth_pivot
        return ref is not None and t.chosen_pivot is not None and t.chosen_pivot != ref

    def cell(self, ts: list[Trial]) -> tuple[dict[str, Rate], dict[str, MeanEstimate]]:
        ref = self.ref
        with_ref = [t for t in ts if ref(t) is not None]
        if self.preservation == "valid":
            pres_den = [t for t in with_ref if t.valid is True]
        else:
            pres_den = with_ref
        degraded = [t for t in ts if self.is_degraded(t)]
        silent = sum(1 for t in degraded if t.degraded_flag is not True)
        headed = [t for t in ts if t.header_present is not None]
        headed_ref = [t for t in headed if ref(t) is not None]
        with_header = [t for t in headed_ref if t.header_present]
        known_valid_ref = [t for t in with_ref if t.valid is not None]
        specs: list[tuple[str, int, int, str]] = [
            _count(
                "raw_validity", ts, lambda t: t.valid, "trials with a known validity"
            ),
            (
                "pivot_preservation",
                sum(1 for t in pres_den if t.chosen_pivot == ref(t)),
                len(pres_den),
                f"trials with a {self.reference} pivot"
                + (
                    " and a valid compressed solve"
                    if self.preservation == "valid"
                    else ""
                ),
            ),
            _count(
                "fixed_pivot_feasibility",
                ts,
                lambda t: t.fixed_feasible,
                "trials whose fixed-pivot solve ran",
            ),
            _count(
                "information_shift",
                ts,
                lambda t: None if t.pivot_preserved is None else not t.pivot_preserved,
                "trials with a full and a chosen pivot",
            ),
            (
                "silent_mirage",
                silent,
                len(degraded),
                f"degraded trials ({self.degraded})",
            ),
            ("silent_mirage_per_trial", silent, len(ts), "all trials of the cell"),
            (
                "valid_but_switched",
                sum(1 for t in known_valid_ref if t.valid and t.chosen_pivot != ref(t)),
                len(known_valid_ref),
                f"trials with a known validity and a {self.reference} pivot",
            ),
            _count(
                "header_compliance",
                ts,
                lambda t: t.header_present,
                "trials with a known header",
            ),
            _count(
                "protocol_collapse",
                ts,
                lambda t: None if t.header_present is None else not t.header_present,
                "trials with a known header",
            ),
            (
                "silent_substitution",
                sum(1 for t in with_header if t.chosen_pivot != ref(t)),
                len(headed_ref),
                f"trials with a known header and a {self.reference} pivot",
            ),
            (
                "preservation_given_header",
                sum(1 for t in with_header if t.chosen_pivot == ref(t)),
                len(with_header),
                f"trials with a header and a {self.reference} pivot",
            ),
        ]
        out = {name: self.rate(name, k, n, rule) for name, k, n, rule in specs}
        return out, self.means(ts)

    def rate(self, name: str, k: int, n: int, rule: str) -> Rate:
        if n == 0:
            return Rate(name, 0, 0, None, None, None, rule)
        ci = proportion_ci(k, n, method=self.method, confidence_level=self.level)
        return Rate(name, k, n, k / n, ci.low, ci.high, rule)

    def means(self, ts: list[Trial]) -> dict[str, MeanEstimate]:
        scored = [
            (t.full_score, t.compressed_score)
            for t in ts
            if t.full_score is not None and t.compressed_score is not None
        ]
        relative = [1.0 - c / f for f, c in scored if f > 0]
        absolute = [f - c for f, c in scored]
        return {
            "relative_regret": _mean(
                "relative_regret", relative, self.level, "1 - compressed/full, full > 0"
            ),
            "absolute_regret": _mean(
                "absolute_regret", absolute, self.level, "full - compressed (points)"
            ),
        }


def _count(
    name: str, ts: list[Trial], value: Callable[[Trial], bool | None], rule: str
) -> tuple[str, int, int, str]:
    known = [v for v in map(value, ts) if v is not None]
    return name, sum(1 for v in known if v), len(known), rule


def _mean(name: str, values: list[float], level: float, rule: str) -> MeanEstimate:
    n = len(values)
    if n == 0:
        return MeanEstimate(name, 0, None, None, None, rule)
    mean = math.fsum(values) / n
    if n < 2:
        return MeanEstimate(name, n, mean, None, None, rule)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = float(stats.t.ppf(0.5 + level / 2, n - 1)) * sd / math.sqrt(n)
    return MeanEstimate(name, n, mean, mean - half, mean + half, rule)


def _check_choice(value: object, name: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        msg = f"{name} must be one of {', '.join(map(repr, allowed))}, got {value!r}"
        raise ValueError(msg)


def _sort_key(key: tuple[Any, ...]) -> tuple[tuple[int, str, Any], ...]:
    return tuple((1, "", 0) if v is None else (0, type(v).__name__, v) for v in key)
