"""Accuracy, detectable differences and pairwise tests at their edges (issue 33)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats

from witnesses.rates.benchmarks import (
    Accuracy,
    Answer,
    Comparison,
    accuracy,
    compare_systems,
    holm,
    minimum_detectable_difference,
)


def _answers(
    correct: list[bool], prefix: str = "q", category: str = "t"
) -> list[Answer]:
    return [Answer(f"{prefix}{i}", category, c) for i, c in enumerate(correct)]


def test_no_answers_is_an_accuracy_of_nothing() -> None:
    acc = accuracy([])
    assert acc.n == 0
    assert acc.overall.denominator == 0 and acc.overall.estimate is None
    assert acc.task_averaged is None
    assert acc.categories == {}
    assert acc.minimum_detectable_difference is None


def test_one_answer_has_an_estimate_and_refuses_a_detectable_difference() -> None:
    with pytest.raises(ValueError, match=r"n must be >= 2, got 1"):
        accuracy([Answer("q", "t", True)])
    two = accuracy([Answer("q", "t", True), Answer("r", "u", False)])
    assert two.minimum_detectable_difference == minimum_detectable_difference(2, 0.5)


def test_task_average_weighs_every_category_once() -> None:
    answers = [
        *_answers([True, True, True, False], "a", "big"),  # 3/4
        *_answers([False], "b", "small"),  # 0/1
        *_answers([True, False], "c", "mid"),  # 1/2
    ]
    acc = accuracy(answers, system="mine")
    assert list(acc.categories) == ["big", "mid", "small"]
    assert [(r.name, r.numerator, r.denominator) for r in acc.categories.values()] == [
        ("big", 3, 4),
        ("mid", 1, 2),
        ("small", 0, 1),
    ]
    assert acc.task_averaged == pytest.approx((0.75 + 0.5 + 0.0) / 3)
    assert (acc.overall.numerator, acc.overall.denominator) == (4, 7)
    assert acc.overall.denominator_rule == "questions"
    assert acc.minimum_detectable_difference == minimum_detectable_difference(7, 4 / 7)
    d = acc.to_dict()
    assert d == {
        "system": "mine",
        "n": 7,
        "overall": acc.overall.to_dict(),
        "task_averaged": acc.task_averaged,
        "categories": {k: r.to_dict() for k, r in acc.categories.items()},
        "minimum_detectable_difference": acc.minimum_detectable_difference,
        "confidence_level": 0.95,
        "power": 0.8,
    }
    json.dumps(d)
    assert acc.alpha == 0.05  # in decimal: 1 - 0.95 would be 0.050000000000000044


def test_method_and_level_reach_every_interval() -> None:
    answers = _answers([True, False, True, True, False, True])
    acc = accuracy(answers, method="clopper-pearson", confidence_level=0.9, power=0.9)
    for r in (acc.overall, *acc.categories.values()):
        assert r.ci is not None
        assert (r.ci.method, r.ci.confidence_level) == ("clopper-pearson", 0.9)
    assert acc.power == 0.9
    assert acc.minimum_detectable_difference == minimum_detectable_difference(
        6, 4 / 6, confidence_level=0.9, power=0.9
    )


def test_a_repeated_question_is_refused_with_both_positions() -> None:
    answers = [
        Answer("q1", "t", True),
        Answer("q2", "t", True),
        Answer("q1", "u", False),
    ]
    with pytest.raises(
        ValueError, match=r"answers\[2\] repeats question 'q1' of answers\[0\]"
    ):
        accuracy(answers)
    with pytest.raises(ValueError, match=r"systems\['b'\] answers question 'q1' twice"):
        compare_systems({"a": answers[:2], "b": answers})


def _mdd_by_hand(n: int, p: float, alpha: float, power: float) -> float:
    """Cohen's h solving the power equation, by bisection, then back to a rate."""
    s, z = math.sqrt(2 / n), stats.norm.isf(alpha / 2)
    lo, hi = 0.0, 100.0
    for _ in range(200):
        mid = (lo + hi) / 2
        got = stats.norm.cdf(mid / s - z) + stats.norm.cdf(-mid / s - z)
        lo, hi = (mid, hi) if got < power else (lo, mid)
    top = 2 * math.asin(math.sqrt(p)) + lo
    return 1 - p if top >= math.pi else math.sin(top / 2) ** 2 - p


@pytest.mark.parametrize(
    ("n", "p", "level", "power"),
    [
        (2, 0.0, 0.95, 0.8),
        (10, 0.3, 0.9, 0.5),
        (1000, 0.5, 0.99, 0.95),
        (50, 1.0, 0.95, 0.8),
    ],
)
def test_minimum_detectable_difference_by_bisection(
    n: int, p: float, level: float, power: float
) -> None:
    got = minimum_detectable_difference(n, p, confidence_level=level, power=power)
    assert got == pytest.approx(_mdd_by_hand(n, p, 1 - level, power), abs=1e-9)


def test_detectable_difference_bounds_of_p_and_power() -> None:
    assert minimum_detectable_difference(10, 0.0) > 0
    assert minimum_detectable_difference(10, 1.0) == 0.0  # nothing above 1
    for bad in (-0.01, 1.01):
        with pytest.raises(ValueError, match=r"p must be in \[0, 1\]"):
            minimum_detectable_difference(10, bad)
    for bad in (0.0, 1.0):
        with pytest.raises(ValueError, match=r"power must be in \(0, 1\)"):
            minimum_detectable_difference(10, 0.5, power=bad)
    with pytest.raises(TypeError, match=r"p must be a real number, got True"):
        minimum_detectable_difference(10, True)
    with pytest.raises(TypeError, match=r"power must be a real number, got '0.8'"):
        minimum_detectable_difference(10, 0.5, power="0.8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"n must be an int, got 10.0"):
        minimum_detectable_difference(10.0, 0.5)  # type: ignore[arg-type]
    assert minimum_detectable_difference(2, 0.5) > 0
    # power must exceed alpha; at power == alpha the test detects nothing
    with pytest.raises(ValueError, match=r"power must exceed alpha, got power=0.05"):
        minimum_detectable_difference(10, 0.5, power=0.05)
    assert minimum_detectable_difference(10, 0.5, power=0.06) > 0


def test_a_holm_p_value_equal_to_alpha_is_not_distinguishable() -> None:
    a = _answers([True, True, False, False])
    b = _answers([False, False, False, False])
    (c,) = compare_systems({"a": a, "b": b}, confidence_level=0.5)
    # two discordant pairs, both one way: exact McNemar p = 2 / 2**2 = 0.5
    assert (c.pvalue, c.pvalue_holm) == (0.5, 0.5)
    assert c.distinguishable is False
    (c,) = compare_systems({"a": a, "b": b}, confidence_level=0.49)
    assert c.distinguishable is True


def test_paired_table_by_hand() -> None:
    # both right: 0, 1; only a: 2, 3, 4; only b: 5; neither: 6, 7
    a = _answers([True, True, True, True, True, False, False, False])
    b = _answers([True, True, False, False, False, True, False, False])
    (c,) = compare_systems({"a": a, "b": b})
    assert c.test == "mcnemar-exact"
    # discordant 3 vs 1: two-sided exact binomial
    assert c.pvalue == pytest.approx(stats.binomtest(1, 4, 0.5).pvalue)
    assert (c.accuracy_a, c.accuracy_b, c.difference) == (5 / 8, 3 / 8, 0.25)
    (c,) = compare_systems({"a": a, "b": b}, test="exact")
    assert c.test == "mcnemar-exact"
    (z,) = compare_systems({"a": a, "b": b}, test="z")
    assert z.test == "two-proportion-z"
    # a different question set: Fisher's exact test on the 2 x 2 of counts
    (f,) = compare_systems({"a": a, "b": _answers([True, True, False], "r")})
    assert f.test == "fisher-exact"
    table = [[5, 3], [2, 1]]
    assert f.pvalue == pytest.approx(stats.fisher_exact(np.array(table)).pvalue)
    assert (f.accuracy_a, f.accuracy_b) == (5 / 8, 2 / 3)
    d = f.to_dict()
    assert list(d) == [
        "a", "b", "accuracy_a", "accuracy_b", "difference", "test", "pvalue",
        "pvalue_holm", "distinguishable",
    ]  # fmt: skip
    assert d["a"] == "a" and d["test"] == "fisher-exact"
    assert Comparison(**d) == f


def test_holm_by_hand() -> None:
    assert holm([]) == []
    assert holm([0.5]) == [0.5]
    assert holm([0.0, 1.0]) == [0.0, 1.0]
    # sorted 0.01 (x3), 0.02 (x2), 0.3 (x1): running max keeps the order monotone
    assert holm([0.3, 0.01, 0.02]) == pytest.approx([0.3, 0.03, 0.04])
    assert holm([0.04, 0.01, 0.011]) == pytest.approx([0.04, 0.03, 0.03])
    assert holm([0.6, 0.5]) == [1.0, 1.0]
    assert holm([0.9, 0.6]) == [1.0, 1.0]  # 2 x 0.6 is capped at 1
    for bad in (-0.1, 1.1, math.nan):
        with pytest.raises(ValueError, match=r"pvalues must be in \[0, 1\]"):
            holm([0.5, bad])


def test_accuracy_is_frozen_and_typed() -> None:
    acc = accuracy(_answers([True, False]))
    assert isinstance(acc, Accuracy)
    with pytest.raises(AttributeError):
        acc.n = 3  # type: ignore[misc]
