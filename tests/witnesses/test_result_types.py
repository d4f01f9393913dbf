"""One proportion type and one mean type underneath the rate layer (issue 23)."""

import pytest
from scipy import stats

from theory.inference import MeanCI, ProportionCI, proportion_ci
from witnesses import Trial
from witnesses.rates import Rate, rates
from witnesses.simulators import DepthSimulator, recall_by_depth


def test_rate_carries_the_shared_proportion_type():
    trials = [Trial(f"t{i}", "c", raw_validity=i < 3) for i in range(7)]
    r = rates(trials, method="jeffreys", confidence_level=0.9)[0].rates["raw_validity"]
    assert r.ci == proportion_ci(3, 7, method="jeffreys", confidence_level=0.9)
    assert isinstance(r.ci, ProportionCI)
    assert (r.numerator, r.denominator, r.estimate, r.low, r.high) == (
        3, 7, 3 / 7, r.ci.low, r.ci.high,
    )  # fmt: skip
    assert r.to_dict() == {
        "name": "raw_validity", "numerator": 3, "denominator": 7,
        "estimate": 3 / 7, "low": r.ci.low, "high": r.ci.high,
        "denominator_rule": r.denominator_rule,
    }  # fmt: skip


def test_rate_without_a_denominator_has_no_interval():
    r = Rate.of("x", 0, 0, "all trials")
    assert r.ci is None
    assert (r.numerator, r.denominator, r.estimate, r.low, r.high) == (
        0,
        0,
        None,
        None,
        None,
    )


def test_mean_carries_the_shared_mean_type():
    values = [1.0, 2.0, 4.0, 8.0]
    trials = [Trial(f"t{i}", "c", measures={"x": v}) for i, v in enumerate(values)]
    m = rates(trials, mean_interval="t", confidence_level=0.9)[0].means["x"]
    assert isinstance(m.ci, MeanCI)
    low, high = stats.t.interval(0.9, 3, loc=3.75, scale=stats.sem(values))
    assert (m.ci.low, m.ci.high) == (pytest.approx(low), pytest.approx(high))
    assert (m.ci.estimate, m.ci.n, m.ci.method, m.ci.confidence_level) == (
        3.75, 4, "student-t", 0.9,
    )  # fmt: skip
    assert (m.low, m.high, m.interval) == (m.ci.low, m.ci.high, "student-t")


def test_depth_recall_carries_the_shared_proportion_type():
    rows = recall_by_depth(DepthSimulator(max_depth=2, n_chains=6).simulate(1))
    for row in rows:
        assert row.ci == proportion_ci(row.k, row.n)
        assert (row.recall, row.low, row.high) == (
            row.k / row.n,
            row.ci.low,
            row.ci.high,
        )
