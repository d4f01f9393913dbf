"""Mirage diagnostics with intervals over trial records (docs/guide/rates.md §3).

:func:`rates` groups :class:`~witnesses.Trial` records by any fields and
returns, per cell, every diagnostic of the validity mirage with its
numerator, its denominator (a stated and, where harnesses disagree,
selectable convention: docs/guide/witnesses.md §11, items 7-9) and a confidence interval for
the proportion (Wilson by default, from :func:`theory.inference.proportion_ci`),
and the mean of every per-trial score with an interval.

Each rate is the share of ``True`` among the trials where its per-trial
outcome (:func:`outcomes`) is defined; the ledger's paired tests use the same
outcomes, so the rates and the tests cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from theory.inference import ProportionCI, proportion_ci
from witnesses._validation import check_iterable
from witnesses.rates._columnar import distinct_identities
from witnesses.rates._columns import no_gc
from witnesses.rates._fields import IDENTITY
from witnesses.rates._load import describe_identity, differences, identity
from witnesses.rates._means import MeanEstimate, MeanRules, cell_means, column_means
from witnesses.rates.trials import TRIAL_FIELDS, Trial

__all__ = [
    "RATE_NAMES",
    "CellRates",
    "Conventions",
    "MeanEstimate",
    "Rate",
    "outcomes",
    "rates",
]

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

_CHOICES: dict[str, tuple[Any, ...]] = {
    "preservation_denominator": ("valid", "all"),
    "pivot_reference": ("full", "truth"),
    "missing_reference": ("exclude", "not-preserved"),
    "information_shift": ("chosen-full", "oracle-truth"),
    "degraded_reference": ("full", "truth", "oracle"),
    "wrong_reference": (None, "full", "truth", "oracle"),
}


@dataclass(frozen=True, slots=True)
class Rate:
    """A named proportion: its interval, and the rule that chose its denominator.

    ``ci`` is the shared proportion type,
    :class:`theory.inference.ProportionCI` (counts, estimate, interval,
    method, level), or ``None`` when the denominator is 0. ``numerator``,
    ``denominator``, ``estimate``, ``low`` and ``high`` read through it
    (``0``, ``0`` and ``None`` without one).

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import rates
    >>> cell = rates([Trial("t1", "naive", raw_validity=True)])[0]
    >>> r = cell.rates["raw_validity"]
    >>> r.numerator, r.denominator, r.estimate, r.ci.method
    (1, 1, 1.0, 'wilson')
    >>> Rate.of("x", 0, 0, "all trials").ci is None
    True
    """

    name: str
    ci: ProportionCI | None
    denominator_rule: str

    @classmethod
    def of(
        cls,
        name: str,
        k: int,
        n: int,
        denominator_rule: str,
        *,
        method: str = "wilson",
        confidence_level: float = 0.95,
    ) -> Rate:
        """Return the rate ``k / n`` with its interval (none when ``n == 0``)."""
        if n == 0:
            return cls(name, None, denominator_rule)
        ci = proportion_ci(k, n, method=method, confidence_level=confidence_level)
        return cls(name, ci, denominator_rule)

    @property
    def numerator(self) -> int:
        """The count of ``True`` outcomes."""
        return 0 if self.ci is None else self.ci.k

    @property
    def denominator(self) -> int:
        """The count of trials where the outcome is defined."""
        return 0 if self.ci is None else self.ci.n

    @property
    def estimate(self) -> float | None:
        """``numerator / denominator``, else None."""
        return None if self.ci is None else self.ci.estimate

    @property
    def low(self) -> float | None:
        """The interval's lower end, else None."""
        return None if self.ci is None else self.ci.low

    @property
    def high(self) -> float | None:
        """The interval's upper end, else None."""
        return None if self.ci is None else self.ci.high

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
class CellRates:
    """Every diagnostic of one cell (one value of the grouping fields).

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import rates
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


@dataclass(frozen=True, slots=True)
class Conventions:
    """The denominator and reference conventions of the rates (see :func:`rates`).

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import Conventions
    >>> t = Trial("t1", "naive", full_pivot="a", chosen_pivot="b", raw_validity=1.0)
    >>> Conventions().outcome("valid_but_switched", t)
    True
    """

    preservation_denominator: str = "valid"
    pivot_reference: str = "full"
    missing_reference: str = "exclude"
    information_shift: str = "chosen-full"
    degraded_reference: str = "full"
    wrong_reference: str | None = None

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                msg = f"{name} must be one of {', '.join(map(repr, allowed))}, got {value!r}"
                raise ValueError(msg)

    def outcome(self, name: str, t: Trial) -> bool | None:
        """Return trial ``t``'s outcome for rate ``name`` (``None``: not counted)."""
        return _OUTCOMES[name](self, t)

    def rule(self, name: str) -> str:
        """Return the denominator rule of rate ``name``, in words."""
        ref = f"a {self.pivot_reference} pivot"
        if self.missing_reference == "not-preserved":
            ref = f"any {self.pivot_reference} pivot (a missing one counts as lost)"
        rules = {
            "raw_validity": "trials with a known validity",
            "pivot_preservation": f"trials with {ref}"
            + (
                " and a valid compressed solve"
                if self.preservation_denominator == "valid"
                else ""
            ),
            "fixed_pivot_feasibility": "trials whose fixed-pivot solve ran",
            "information_shift": "trials with a full and a chosen pivot"
            if self.information_shift == "chosen-full"
            else "trials with an oracle and a truth pivot",
            "silent_mirage": f"degraded trials ({self.degraded_reference}), "
            "less those whose unknown flag would decide",
            "silent_mirage_per_trial": "all trials of the cell, less the degraded "
            "ones whose unknown flag would decide",
            "valid_but_switched": f"trials with a known validity and {ref}",
            "header_compliance": "trials with a known header",
            "protocol_collapse": "trials with a known header",
            "silent_substitution": f"trials with a known header and {ref}",
            "preservation_given_header": f"trials with a header and {ref}",
        }
        return rules[name]

    def _pivot(self, t: Trial, which: str) -> str | None:
        return {
            "full": t.full_pivot,
            "truth": t.truth_pivot,
            "oracle": t.oracle_pivot,
        }[which]

    def preserved(self, t: Trial) -> bool | None:
        """Whether ``t`` kept the reference pivot (``None``: no reference)."""
        ref = self._pivot(t, self.pivot_reference)
        if ref is None:
            return False if self.missing_reference == "not-preserved" else None
        return t.chosen_pivot == ref

    def degraded(self, t: Trial) -> bool:
        """Whether ``t`` is degraded (oracle column, or a pivot off the reference)."""
        if self.degraded_reference == "oracle":
            return t.oracle_degraded is True
        ref = self._pivot(t, self.degraded_reference)
        return ref is not None and t.chosen_pivot is not None and t.chosen_pivot != ref

    def silent(self, t: Trial) -> bool | None:
        """Degraded, wrong (if ``wrong_reference``) and not flagged.

        ``None`` (unknown) when the answer turns on a flag that is unknown
        (``degraded_flag`` None): a diagnostic whose input is missing leaves
        the trial out of its denominator. A harness that records "no flag
        emitted" writes ``degraded_flag=False``.
        """
        if not self.degraded(t) or t.degraded_flag is True:
            return False
        if self.wrong_reference is not None and t.chosen_pivot == self._pivot(
            t, self.wrong_reference
        ):
            return False
        return None if t.degraded_flag is None else True


def _shift(c: Conventions, t: Trial) -> bool | None:
    if c.information_shift == "chosen-full":
        a, b = t.chosen_pivot, t.full_pivot
    else:
        a, b = t.oracle_pivot, t.truth_pivot
    return None if a is None or b is None else a != b


def _preservation(c: Conventions, t: Trial) -> bool | None:
    if c.preservation_denominator == "valid" and t.valid is not True:
        return None
    return c.preserved(t)


def _switched(c: Conventions, t: Trial) -> bool | None:
    kept = c.preserved(t)
    if t.valid is None or kept is None:
        return None
    return t.valid and not kept


def _substituted(c: Conventions, t: Trial) -> bool | None:
    kept = c.preserved(t)
    if t.header_present is None or kept is None:
        return None
    return t.header_present and not kept


def _given_header(c: Conventions, t: Trial) -> bool | None:
    return c.preserved(t) if t.header_present is True else None


_OUTCOMES: dict[str, Callable[[Conventions, Trial], bool | None]] = {
    "raw_validity": lambda c, t: t.valid,
    "pivot_preservation": _preservation,
    "fixed_pivot_feasibility": lambda c, t: t.fixed_feasible,
    "information_shift": _shift,
    "silent_mirage": lambda c, t: c.silent(t) if c.degraded(t) else None,
    "silent_mirage_per_trial": lambda c, t: c.silent(t),
    "valid_but_switched": _switched,
    "header_compliance": lambda c, t: t.header_present,
    "protocol_collapse": lambda c, t: (
        None if t.header_present is None else not t.header_present
    ),
    "silent_substitution": _substituted,
    "preservation_given_header": _given_header,
}


def outcomes(
    trials: Iterable[Trial], name: str, *, conventions: Conventions | None = None
) -> list[bool | None]:
    """Return every trial's outcome for rate ``name``, the unit :func:`rates` counts.

    ``rates(...)`` reports, for each rate, the number of ``True`` outcomes over
    the number of outcomes that are not ``None``.

    Raises
    ------
    ValueError
        For an unknown rate name.
    TypeError
        If an element is not a :class:`Trial`.

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import outcomes
    >>> ts = [Trial("a", "n", full_pivot="p", chosen_pivot="p", raw_validity=True),
    ...       Trial("b", "n", full_pivot="p", chosen_pivot="q", raw_validity=False)]
    >>> outcomes(ts, "pivot_preservation")
    [True, None]
    """
    if name not in _OUTCOMES:
        msg = f"name must be one of {', '.join(RATE_NAMES)}, got {name!r}"
        raise ValueError(msg)
    conv = Conventions() if conventions is None else conventions
    return [conv.outcome(name, t) for t in _checked(trials)]


def rates(
    trials: Iterable[Trial],
    *,
    by: Sequence[str] = ("condition",),
    preservation_denominator: str = "valid",
    pivot_reference: str = "full",
    missing_reference: str = "exclude",
    information_shift: str = "chosen-full",
    degraded_reference: str = "full",
    wrong_reference: str | None = None,
    method: str = "wilson",
    confidence_level: float = 0.95,
    mean_interval: str = "auto",
    bounded_measures: Sequence[str] = (),
    n_resamples: int = 9999,
    bootstrap_seed: int = 0,
) -> list[CellRates]:
    """Return the mirage diagnostics of every cell of ``trials`` grouped by ``by``.

    Parameters
    ----------
    trials : iterable of Trial
        The records; a harness's or a simulator's (subclasses of
        :class:`~witnesses.Trial` included).
    by : sequence of str
        Trial fields to group by (``()`` for one cell of everything).
    preservation_denominator : {"valid", "all"}
        ``"valid"`` (the paper and the reference sweep): pivot preservation
        over trials whose reference pivot exists and whose compressed solve is
        valid. ``"all"`` (the ECT, NTSB and MirageBench harnesses): over every
        trial with a reference pivot; a missing chosen pivot counts as lost.
    pivot_reference : {"full", "truth"}
        What "the pivot" is: the full-context pivot, or the ground truth.
    missing_reference : {"exclude", "not-preserved"}
        A trial without a reference pivot is left out of the pivot rates
        (``"exclude"``), or counted as not preserved (``"not-preserved"``,
        MirageBench: denominator = all rows).
    information_shift : {"chosen-full", "oracle-truth"}
        Shifted when the chosen pivot differs from the full pivot, or (the
        NTSB table) when the oracle's compressed pivot differs from the truth.
    degraded_reference : {"full", "truth", "oracle"}
        A trial is *degraded* when it emits a pivot that differs from the full
        pivot or the ground truth, or (``"oracle"``, the harness convention)
        when its ``oracle_degraded`` field says so.
    wrong_reference : {None, "full", "truth", "oracle"}
        A silent mirage also needs ``chosen_pivot`` to differ from this pivot
        (NTSB: ``"oracle"``, the oracle's compressed pivot; a missing chosen
        pivot counts as wrong); ``None`` adds no condition beyond degradation.
    method : str
        Interval method of :func:`theory.inference.proportion_ci`.
    confidence_level : float
        Two-sided level of every interval, in ``(0, 1)``.
    mean_interval : {"auto", "t", "bootstrap"}
        Interval of the means: Student-t, percentile bootstrap, or
        (``"auto"``) by the values: a column of 0s and 1s is a proportion
        (the interval of ``method``, Wilson by default); a score bounded in
        ``[0, 1]`` (``raw_validity_score``, ``semantic_regret`` and the
        ``bounded_measures``) gets the percentile bootstrap, whose ends stay
        inside ``[0, 1]``; any other, Student-t.
        No interval for ``n < 2`` or for values that are all equal (not a
        degenerate one): :attr:`MeanEstimate.note` says why.
    bounded_measures : sequence of str
        Measures known to lie in ``[0, 1]`` (treated as bounded scores; a
        value outside is an error).
    n_resamples, bootstrap_seed : int
        Resamples (in [2, 1000000]) and seed (>= 0) of the bootstrap (deterministic).

    Returns
    -------
    list of CellRates
        Sorted by group key (``None`` last).

    Raises
    ------
    ValueError
        For an unknown grouping field or convention, a level outside (0, 1),
        or two trials equal in every field (a trial counts once; the message
        names both positions).
    TypeError
        If an element is not a :class:`Trial`.

    Notes
    -----
    Outcomes per trial (docs/guide/rates.md §3; ``ref`` is the reference pivot; see
    :func:`outcomes`): ``raw_validity`` is ``raw_validity > 0.5``;
    ``pivot_preservation`` is ``chosen == ref``; ``fixed_pivot_feasibility``
    the forced solve's validity; ``information_shift`` as chosen above;
    ``silent_mirage`` counts degraded, wrong and unflagged
    (``degraded_flag=False``) trials over degraded trials,
    ``silent_mirage_per_trial`` the same count over every trial (the paper's
    interval convention); a degraded, wrong trial whose flag is unknown
    (None) is in neither denominator, not counted as silent; ``valid_but_switched`` is valid and not
    preserved; ``header_compliance`` / ``protocol_collapse`` header present /
    absent; ``silent_substitution`` header present and not preserved;
    ``preservation_given_header`` preserved among trials with a header.

    Means: ``raw_validity_score`` (the validity score, a bool counting 0/1),
    ``semantic_regret`` (the harness's own, in ``[0, 1]``),
    ``relative_regret`` = ``1 - compressed_score / full_score`` (``full_score >
    0``; the paper's), ``absolute_regret`` = ``full_score - compressed_score``,
    and every measure of :attr:`Trial.measures`. The Student-t interval
    matches ``scipy.stats.t.interval``; the bootstrap is
    ``scipy.stats.bootstrap(method="percentile")``.

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import rates
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
    conv = Conventions(
        preservation_denominator,
        pivot_reference,
        missing_reference,
        information_shift,
        degraded_reference,
        wrong_reference,
    )
    rules = MeanRules.make(
        mean_interval,
        bounded_measures,
        n_resamples,
        bootstrap_seed,
        confidence_level,
        method=method,
    )
    by = tuple(check_iterable(by, "by", "Trial field names"))  # read once: a generator
    for name in by:  # was checked here and then grouped on nothing (one cell, exit 0)
        if name not in TRIAL_FIELDS or name == "measures":
            msg = f"by contains {name!r}, which is not a Trial field ({', '.join(TRIAL_FIELDS)})"
            raise ValueError(msg)
    checked = list(check_iterable(trials, "trials", "Trial"))
    plain = set(map(type, checked)) <= {Trial}
    if not plain:
        checked = list(_checked(checked))
    if plain and checked:
        with no_gc():
            if distinct_identities(checked, IDENTITY):
                return _by_columns(checked, by, conv, method, confidence_level, rules)
    groups: dict[tuple[Any, ...], list[Trial]] = {}
    first: dict[Trial, int] = {}
    idents: dict[tuple[Any, ...], int] = {}
    for pos, trial in enumerate(checked):
        if first.setdefault(trial, pos) != pos:
            msg = (
                f"trials[{pos}] repeats trials[{first[trial]}] (equal in every "
                "field; a trial counts once): drop the repeat, or give repeated "
                "runs a seed"
            )
            raise ValueError(msg)
        was = idents.setdefault(identity(trial), pos)
        if was != pos:
            msg = (
                f"trials[{pos}] repeats the trial of trials[{was}] "
                f"({describe_identity(trial)}) with other values "
                f"({differences(checked[was], trial)}); a trial counts once: "
                "drop the retried run, or give repeated runs a seed"
            )
            raise ValueError(msg)
        groups.setdefault(tuple(getattr(trial, f) for f in by), []).append(trial)
    return [
        CellRates(
            dict(zip(by, key, strict=True)),
            len(groups[key]),
            _cell_rates(conv, groups[key], method, confidence_level),
            cell_means(groups[key], rules),
        )
        for key in sorted(groups, key=_sort_key)
    ]


def _by_columns(
    checked: list[Trial],
    by: Sequence[str],
    conv: Conventions,
    method: str,
    level: float,
    rules: MeanRules,
) -> list[CellRates]:
    """Return the cells of plain trials with distinct identities, by columns.

    Equal to the row path (``tests/witnesses/test_load_columns.py``): the same
    counts, the same values in the same order for the means.
    """
    import numpy as np

    from witnesses.rates._columnar import cell_counts, columns, groups

    table = columns(checked)
    positions = groups(checked, by)
    field_columns: dict[str, list[Any]] = {}
    for name in ("raw_validity", "semantic_regret", "full_score", "compressed_score"):
        values = list(map(attrgetter(name), checked))
        field_columns[name] = [] if values.count(None) == len(values) else values
    measures = list(map(attrgetter("measures"), checked))
    field_columns["measures"] = measures if any(measures) else []
    out = []
    for key in sorted(positions, key=_sort_key):
        rows = positions[key]
        if table is None:
            cell = [checked[i] for i in rows]
            counted = _cell_rates(conv, cell, method, level)
        else:
            counts = cell_counts(conv, table, np.asarray(rows, dtype=np.intp))
            counted = {
                name: Rate.of(
                    name, k, n, conv.rule(name), method=method, confidence_level=level
                )
                for name, (k, n) in counts.items()
            }
        picked: dict[str, list[Any]] = {
            name: list(map(values.__getitem__, rows)) if values else [None] * len(rows)
            for name, values in field_columns.items()
        }
        out.append(
            CellRates(
                dict(zip(by, key, strict=True)),
                len(rows),
                counted,
                column_means(**picked, rules=rules),
            )
        )
    return out


def _checked(trials: Iterable[Trial]) -> Iterable[Trial]:
    for pos, trial in enumerate(trials):
        if not isinstance(trial, Trial):
            msg = f"trials[{pos}] must be a Trial, got {type(trial).__name__}"
            raise TypeError(msg)
        yield trial


def _cell_rates(
    conv: Conventions, ts: list[Trial], method: str, level: float
) -> dict[str, Rate]:
    out = {}
    for name in RATE_NAMES:
        known = [v for v in (conv.outcome(name, t) for t in ts) if v is not None]
        k, n = sum(known), len(known)
        out[name] = Rate.of(
            name, k, n, conv.rule(name), method=method, confidence_level=level
        )
    return out


def _sort_key(key: tuple[Any, ...]) -> tuple[tuple[int, str, Any], ...]:
    return tuple((1, "", 0) if v is None else (0, type(v).__name__, v) for v in key)
