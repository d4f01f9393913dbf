"""The sweep's aggregates are rates() over its trials (issue 18: one record)."""

import math

import pytest
from scipy import stats

from theory.inference import proportion_ci
from witnesses.experiments.sweep import retention_sweep, sweep_trials
from witnesses.rates import rates


def _old_rate(k, n):
    """A rate's numbers as the old code computed them (issue 31: Rate.to_dict's keys)."""
    if n == 0:
        return {
            "numerator": 0,
            "denominator": 0,
            "estimate": None,
            "low": None,
            "high": None,
        }
    ci = proportion_ci(k, n)
    return {
        "numerator": k,
        "denominator": n,
        "estimate": k / n,
        "low": ci.low,
        "high": ci.high,
    }


_RATES = ("raw_validity", "pivot_preservation", "fixed_pivot_feasibility")


def _numbers(aggregates):
    """The aggregates with each rate cut to its numbers (no name, no rule text)."""
    return [
        {key: ({f: v for f, v in value.items() if f in _old_rate(0, 0)}
               if key in _RATES else value)
         for key, value in agg.items()}
        for agg in aggregates
    ]  # fmt: skip


def _old_aggregates(rows, retentions, strategies):
    """The sweep's aggregates as computed before issue 18 (its own parallel code)."""
    out = []
    for retention in retentions:
        for strategy in strategies:
            cell = [
                r
                for r in rows
                if r["retention"] == retention and r["strategy"] == strategy
            ]
            both = [r for r in cell if r["full_valid"] and r["raw_validity"]]
            ran = [r for r in cell if r["fixed_feasible"] is not None]
            regrets = [
                r["fixed_pivot_regret"]
                for r in cell
                if r["fixed_pivot_regret"] is not None
            ]
            out.append(
                {
                    "retention": retention,
                    "strategy": strategy,
                    "rows": len(cell),
                    "raw_validity": _old_rate(
                        sum(r["raw_validity"] for r in cell), len(cell)
                    ),
                    "pivot_preservation": _old_rate(
                        sum(r["pivot_preserved"] for r in both), len(both)
                    ),
                    "fixed_pivot_feasibility": _old_rate(
                        sum(r["fixed_feasible"] for r in ran), len(ran)
                    ),
                    "fixed_pivot_regret": math.fsum(regrets) / len(regrets)
                    if regrets
                    else None,
                    "rejected_gap_guard": math.fsum(
                        r["rejected_gap_guard"] for r in cell
                    )
                    / max(1, len(cell)),
                }
            )
    return out


@pytest.fixture(scope="module", params=[(0, 1, 2), (3, 4, 5, 6)])
def swept(request):
    return retention_sweep(
        retentions=[0.5, 0.3, 0.1], seeds=list(request.param), executor=False
    )


def test_aggregates_are_identical_to_the_previous_parallel_code(swept):
    strategies = sorted({a["strategy"] for a in swept.aggregates}, key=[
        a["strategy"] for a in swept.aggregates].index)  # fmt: skip
    old = _old_aggregates(list(swept.rows), [0.5, 0.3, 0.1], strategies)
    assert _numbers(swept.aggregates) == old


def test_a_sweep_rate_has_the_one_json_shape_of_a_rate(swept):
    """Issue 31: the sweep writes a rate as Rate.to_dict does, name and rule included."""
    from witnesses.rates import Conventions, Rate

    for agg in swept.aggregates:
        for name in _RATES:
            rate = agg[name]
            rule = Conventions().rule(name)
            again = Rate.of(name, rate["numerator"], rate["denominator"], rule)
            assert rate == again.to_dict()
            assert list(rate) == list(again.to_dict())


def test_aggregates_equal_rates_over_the_sweeps_trials(swept):
    cells = {
        (c.group["budget"], c.group["condition"]): c
        for c in rates(sweep_trials(swept), by=("budget", "condition"))
    }
    assert len(cells) == len(swept.aggregates)
    for agg in swept.aggregates:
        cell = cells[(agg["retention"], agg["strategy"])]
        assert cell.n_trials == agg["rows"]
        for key, name in (
            ("raw_validity", "raw_validity"),
            ("pivot_preservation", "pivot_preservation"),
            ("fixed_pivot_feasibility", "fixed_pivot_feasibility"),
        ):
            r = cell.rates[name]
            assert (r.numerator, r.denominator, r.estimate, r.low, r.high) == (
                agg[key]["numerator"], agg[key]["denominator"], agg[key]["estimate"],
                agg[key]["low"], agg[key]["high"],
            )  # fmt: skip
        regret = cell.means.get("fixed_pivot_regret")
        assert (None if regret is None else regret.mean) == agg["fixed_pivot_regret"]
        assert cell.means["rejected_gap_guard"].mean == agg["rejected_gap_guard"]


def test_sweep_regret_mean_has_a_student_t_interval(swept):
    cell = rates(sweep_trials(swept), by=("budget", "condition"))[0]
    values = [
        r["fixed_pivot_regret"]
        for r in swept.rows
        if r["retention"] == cell.group["budget"]
        and r["strategy"] == cell.group["condition"]
        and r["fixed_pivot_regret"] is not None
    ]
    m = cell.means["fixed_pivot_regret"]
    if len(values) >= 2 and len(set(values)) > 1:
        low, high = stats.t.interval(
            0.95,
            len(values) - 1,
            loc=sum(values) / len(values),
            scale=stats.sem(values),
        )  # scipy 1.17 t.interval
        assert (m.low, m.high) == pytest.approx((low, high))
    assert m.n == len(values)
