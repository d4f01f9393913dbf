"""Accuracy on public memory benchmarks, per category, with intervals (issue 18).

Users evaluate memory systems on LongMemEval and LoCoMo, whose result files
carry a category and a correct/incorrect judgement per question.
:func:`load_longmemeval` reads LongMemEval's ``eval-results`` JSONL (one line
per question: ``question_id``, ``hypothesis``, ``autoeval_label`` with a
boolean ``label``; the question type comes from the benchmark's question file
or from a prefix of the id); :func:`load_locomo` reads LoCoMo-style JSON (a
``category`` and a score per question). :func:`accuracy` reports the
per-category and overall accuracy with intervals, the task-averaged accuracy
and the minimum detectable difference at the file's size;
:func:`compare_systems` tests every pair of systems, Holm-adjusted.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from theory.inference import fisher_exact, mcnemar, two_proportion_z
from theory.validation import check_level_or_alpha
from theory.validation import complement as _complement
from witnesses._validation import check_iterable
from witnesses.rates._benchmark_files import Answer, load_locomo, load_longmemeval
from witnesses.rates._core import Rate

__all__ = [
    "Accuracy",
    "Answer",
    "Comparison",
    "accuracy",
    "compare_systems",
    "holm",
    "load_locomo",
    "load_longmemeval",
    "minimum_detectable_difference",
]


@dataclass(frozen=True, slots=True)
class Accuracy:
    """Accuracy of one system: per category, overall and task-averaged.

    ``task_averaged`` is the unweighted mean of the per-category accuracies
    (LongMemEval's "task-averaged accuracy"); ``minimum_detectable_difference``
    is :func:`minimum_detectable_difference` at ``n`` and the overall accuracy.

    Examples
    --------
    >>> from witnesses.rates.benchmarks import Answer, accuracy
    >>> acc = accuracy([Answer("a", "x", True), Answer("b", "y", False)])
    >>> acc.overall.estimate, acc.task_averaged
    (0.5, 0.5)
    """

    system: str
    n: int
    overall: Rate
    task_averaged: float | None
    categories: Mapping[str, Rate]
    minimum_detectable_difference: float | None
    confidence_level: float
    power: float

    @property
    def alpha(self) -> float:
        """``1 - confidence_level`` (in decimal), the level of the detectable difference."""
        return _complement(self.confidence_level)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "system": self.system,
            "n": self.n,
            "overall": self.overall.to_dict(),
            "task_averaged": self.task_averaged,
            "categories": {k: r.to_dict() for k, r in self.categories.items()},
            "minimum_detectable_difference": self.minimum_detectable_difference,
            "confidence_level": self.confidence_level,
            "power": self.power,
        }


def accuracy(
    answers: Sequence[Answer],
    *,
    system: str = "system",
    method: str = "wilson",
    confidence_level: float = 0.95,
    alpha: float | None = None,
    power: float = 0.8,
) -> Accuracy:
    """Return per-category and overall accuracy with intervals.

    Parameters
    ----------
    answers : sequence of Answer
        One system's graded questions.
    system : str
        Its name in reports.
    method, confidence_level
        Interval of :func:`theory.inference.proportion_ci` (Wilson by default);
        the minimum detectable difference is at significance
        ``1 - confidence_level``.
    alpha : float, optional
        Deprecated (kept for one release, warns): the significance level of
        the minimum detectable difference alone.
    power : float
        Of the minimum detectable difference.

    Returns
    -------
    Accuracy

    Raises
    ------
    TypeError
        If an element is not an :class:`Answer`.
    ValueError
        If two answers share a question id (an answer counts once).

    Examples
    --------
    >>> from witnesses.rates.benchmarks import Answer, accuracy
    >>> answers = [Answer(f"q{i}", "t" if i < 8 else "u", i % 4 != 0) for i in range(12)]
    >>> acc = accuracy(answers)
    >>> acc.categories["t"].numerator, acc.categories["t"].denominator
    (6, 8)
    >>> round(acc.task_averaged, 4)
    0.75
    """
    # ``alpha=`` (deprecated) was the level of the detectable difference alone,
    # independent of the intervals' confidence_level: it still is
    if alpha is None:
        mdd_level, mdd_alpha = check_level_or_alpha(confidence_level, None)
    else:
        mdd_level, mdd_alpha = check_level_or_alpha(0.95, alpha)
    answers = list(check_iterable(answers, "answers", "Answer"))
    first: dict[str, int] = {}
    for pos, a in enumerate(answers):
        if not isinstance(a, Answer):
            msg = f"answers[{pos}] must be an Answer, got {type(a).__name__}"
            raise TypeError(msg)
        if first.setdefault(a.question_id, pos) != pos:
            msg = (
                f"answers[{pos}] repeats question {a.question_id!r} of "
                f"answers[{first[a.question_id]}] (an answer counts once)"
            )
            raise ValueError(msg)
    cats: dict[str, list[bool]] = {}
    for a in answers:
        cats.setdefault(a.category, []).append(a.correct)

    def rate(name: str, values: Sequence[bool]) -> Rate:
        return Rate.of(
            name,
            sum(values),
            len(values),
            "questions",
            method=method,
            confidence_level=confidence_level,
        )

    overall = rate("overall", [a.correct for a in answers])
    per = {c: rate(c, cats[c]) for c in sorted(cats)}
    estimates = [r.estimate for r in per.values() if r.estimate is not None]
    averaged = math.fsum(estimates) / len(estimates) if estimates else None
    mdd = None
    if overall.estimate is not None:
        mdd = _detectable_difference(
            overall.denominator, overall.estimate, mdd_alpha, power
        )
    return Accuracy(system, len(answers), overall, averaged, per, mdd, mdd_level, power)


def minimum_detectable_difference(
    n: int,
    p: float,
    *,
    confidence_level: float = 0.95,
    alpha: float | None = None,
    power: float = 0.8,
) -> float:
    """Smallest accuracy gain over ``p`` a two-sided test detects with ``power``.

    Two systems with ``n`` questions each, compared by the arcsine
    (Cohen's h) normal approximation for independent samples: the effect
    ``h`` solves ``Phi(h / s - z) + Phi(-h / s - z) = power`` with
    ``s = sqrt(2 / n)`` and ``z = Phi^-1(1 - alpha / 2)``, ``alpha = 1 -
    confidence_level`` (``alpha=`` itself is deprecated and warns) (as statsmodels
    ``NormalIndPower().solve_power``); the answer is ``p2 - p`` where
    ``h = 2 asin(sqrt(p2)) - 2 asin(sqrt(p))``, or ``1 - p`` when no ``p2 <=
    1`` reaches ``h``. Paired designs (the same questions) detect smaller
    differences; this is the conservative figure.

    Raises
    ------
    ValueError, TypeError
        For ``n < 2``, ``p`` outside ``[0, 1]``, ``alpha`` or ``power``
        outside ``(0, 1)``.

    Examples
    --------
    >>> from witnesses.rates.benchmarks import minimum_detectable_difference
    >>> round(minimum_detectable_difference(500, 0.6), 3)
    0.085
    """
    _, alpha = check_level_or_alpha(confidence_level, alpha)
    return _detectable_difference(n, p, alpha, power)


def _detectable_difference(n: int, p: float, alpha: float, power: float) -> float:
    """:func:`minimum_detectable_difference` at significance ``alpha``."""
    from scipy import optimize, stats

    if isinstance(n, bool) or not isinstance(n, int):
        msg = f"n must be an int, got {n!r}"
        raise TypeError(msg)
    if n < 2:
        msg = f"n must be >= 2, got {n!r}"
        raise ValueError(msg)
    for name, value, closed in (("p", p, True), ("power", power, False)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            msg = f"{name} must be a real number, got {value!r}"
            raise TypeError(msg)
        ok = 0.0 <= value <= 1.0 if closed else 0.0 < value < 1.0
        if not ok:
            msg = f"{name} must be in {'[0, 1]' if closed else '(0, 1)'}, got {value!r}"
            raise ValueError(msg)
    if power <= alpha:
        msg = f"power must exceed alpha, got power={power!r}, alpha={alpha!r}"
        raise ValueError(msg)
    s, z = math.sqrt(2.0 / n), float(stats.norm.isf(alpha / 2))

    def gap(h: float) -> float:
        from scipy import stats

        return float(stats.norm.cdf(h / s - z) + stats.norm.cdf(-h / s - z)) - power

    h = float(optimize.brentq(gap, 0.0, 50.0 * s + 10.0, xtol=1e-12))
    top = 2.0 * math.asin(math.sqrt(p)) + h
    if top >= math.pi:
        return 1.0 - p
    return math.sin(top / 2.0) ** 2 - p


@dataclass(frozen=True, slots=True)
class Comparison:
    """One pairwise test between two systems (see :func:`compare_systems`).

    Examples
    --------
    >>> from witnesses.rates.benchmarks import Answer, compare_systems
    >>> a = [Answer(f"q{i}", "t", True) for i in range(30)]
    >>> b = [Answer(f"q{i}", "t", i < 10) for i in range(30)]
    >>> c = compare_systems({"a": a, "b": b})[0]
    >>> c.test, c.distinguishable
    ('mcnemar-exact', True)
    """

    a: str
    b: str
    accuracy_a: float
    accuracy_b: float
    difference: float
    test: str
    pvalue: float
    pvalue_holm: float
    distinguishable: bool

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "a": self.a,
            "b": self.b,
            "accuracy_a": self.accuracy_a,
            "accuracy_b": self.accuracy_b,
            "difference": self.difference,
            "test": self.test,
            "pvalue": self.pvalue,
            "pvalue_holm": self.pvalue_holm,
            "distinguishable": self.distinguishable,
        }


_TESTS = ("auto", "exact", "z")


def compare_systems(
    systems: Mapping[str, Sequence[Answer]],
    *,
    test: str = "auto",
    confidence_level: float = 0.95,
    alpha: float | None = None,
) -> list[Comparison]:
    """Test every pair of systems for a difference in accuracy, Holm-adjusted.

    Parameters
    ----------
    systems : mapping of name to answers
        Two or more systems.
    test : {"auto", "exact", "z"}
        ``"auto"``: the exact McNemar test when both systems answered exactly
        the same question ids (paired), else Fisher's exact test; ``"exact"``
        the same; ``"z"``: the pooled two-proportion z test (unpaired).
    confidence_level : float
        Family-wise: a pair is distinguishable when its Holm-adjusted
        p-value is below ``1 - confidence_level`` (in decimal).
    alpha : float, optional
        Deprecated (kept for one release, warns): ``1 - confidence_level``.

    Returns
    -------
    list of Comparison
        In the order of the pairs ``(a, b)``, ``a`` before ``b`` in ``systems``.

    Raises
    ------
    ValueError
        For fewer than two systems, an empty system, an unknown test, a
        duplicate question id within a system.

    Notes
    -----
    Holm's step-down adjustment is :func:`holm` (it matches statsmodels
    ``multipletests(method="holm")``).

    Examples
    --------
    >>> from witnesses.rates.benchmarks import Answer, compare_systems
    >>> a = [Answer(f"q{i}", "t", i < 20) for i in range(30)]
    >>> b = [Answer(f"q{i}", "t", i < 19) for i in range(30)]
    >>> compare_systems({"a": a, "b": b})[0].distinguishable
    False
    """
    if test not in _TESTS:
        msg = f"test must be one of {', '.join(map(repr, _TESTS))}, got {test!r}"
        raise ValueError(msg)
    _, alpha = check_level_or_alpha(confidence_level, alpha)
    if not isinstance(systems, Mapping):
        msg = (
            "systems must be a mapping of system name to answers, got "
            f"{systems!r} of type {type(systems).__name__}"
        )
        raise TypeError(msg)
    names = list(systems)
    if len(names) < 2:
        msg = f"systems must hold at least two systems, got {len(names)}"
        raise ValueError(msg)
    by_id = {name: _by_id(name, systems[name]) for name in names}
    raw = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            raw.append((a, b, *_pair_test(by_id[a], by_id[b], test)))
    adjusted = holm([r[3] for r in raw])
    return [
        Comparison(a, b, pa, pb, pa - pb, kind, p, q, q < alpha)
        for (a, b, kind, p, pa, pb), q in zip(raw, adjusted, strict=True)
    ]


def _by_id(name: str, answers: Sequence[Answer]) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for a in answers:
        if not isinstance(a, Answer):
            msg = f"systems[{name!r}] must hold Answers, got {type(a).__name__}"
            raise TypeError(msg)
        if a.question_id in out:
            msg = f"systems[{name!r}] answers question {a.question_id!r} twice"
            raise ValueError(msg)
        out[a.question_id] = a.correct
    if not out:
        msg = f"systems[{name!r}] holds no answers"
        raise ValueError(msg)
    return out


def _pair_test(
    a: Mapping[str, bool], b: Mapping[str, bool], test: str
) -> tuple[str, float, float, float]:
    ka, na, kb, nb = sum(a.values()), len(a), sum(b.values()), len(b)
    pa, pb = ka / na, kb / nb
    if test == "z":
        return "two-proportion-z", two_proportion_z(ka, na, kb, nb).pvalue, pa, pb
    if a.keys() == b.keys():
        both = sum(a[q] and b[q] for q in a)
        only_a = sum(a[q] and not b[q] for q in a)
        only_b = sum(b[q] and not a[q] for q in a)
        table = [[both, only_a], [only_b, na - both - only_a - only_b]]
        return "mcnemar-exact", mcnemar(table).pvalue, pa, pb
    return "fisher-exact", fisher_exact(ka, na, kb, nb).pvalue, pa, pb


def holm(pvalues: Sequence[float]) -> list[float]:
    """Return Holm's step-down adjusted p-values, in the input order.

    Raises
    ------
    ValueError
        For a p-value outside ``[0, 1]``.

    Examples
    --------
    >>> from witnesses.rates.benchmarks import holm
    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    pvalues = list(check_iterable(pvalues, "pvalues", "p-values"))
    for pos, p in enumerate(pvalues):
        if isinstance(p, bool) or not isinstance(p, numbers.Real):
            msg = f"pvalues[{pos}] must be a real number, got {p!r} of type {type(p).__name__}"
            raise TypeError(msg)
        if not 0.0 <= p <= 1.0:
            msg = f"pvalues must be in [0, 1], got {p!r}"
            raise ValueError(msg)
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out
