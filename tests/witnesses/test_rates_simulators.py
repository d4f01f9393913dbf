"""Every simulator's records are Trials that rates() reads as they are (issue 18)."""

import pytest

from witnesses import Simulator, Trial
from witnesses.rates import rates
from witnesses.simulators import (
    AdaptiveRetrievalSimulator,
    CompactionSimulator,
    DepthSimulator,
    ScatterSimulator,
    TextDepthSimulator,
    run_simulation,
)

# simulator, the record's own success field, grouping beyond condition
CASES = [
    (DepthSimulator(max_depth=3, n_chains=20), "recovered", ("category",)),
    (TextDepthSimulator(max_depth=2, n_chains=10), "recovered", ("category",)),
    (ScatterSimulator(n_decisions=40), "assembled", ()),
    (CompactionSimulator(n_facts=40, pinned=("quantity",)), "answered", ("category",)),
    (AdaptiveRetrievalSimulator(n_queries=20, n_groups=4, n_topics=4), "correct", ()),
]


@pytest.mark.parametrize(("sim", "success", "extra"), CASES)
def test_rates_reads_every_simulator_and_counts_its_successes(sim, success, extra):
    assert isinstance(sim, Simulator)
    records = list(sim.simulate(0))
    assert records
    assert all(isinstance(r, Trial) for r in records)
    by = ("condition", *extra)
    cells = rates(records, by=by)
    assert sum(c.n_trials for c in cells) == len(records)
    for cell in cells:
        mine = [r for r in records if all(getattr(r, f) == cell.group[f] for f in by)]
        pres = cell.rates["pivot_preservation"]
        # The trial view: truth = full pivot, kept exactly when the record succeeded.
        assert (pres.numerator, pres.denominator) == (
            sum(bool(getattr(r, success)) for r in mine),
            len(mine),
        )
        # Every attempt answers (valid); a wrong answer is valid but switched.
        vbs = cell.rates["valid_but_switched"]
        assert vbs.numerator == len(mine) - pres.numerator


@pytest.mark.parametrize(("sim", "success", "extra"), CASES)
def test_preservation_over_all_trials_is_the_success_rate(sim, success, extra):
    records = list(sim.simulate(1))
    (cell,) = rates(records, by=(), preservation_denominator="all")
    pres = cell.rates["pivot_preservation"]
    assert pres.numerator == sum(bool(getattr(r, success)) for r in records)
    assert pres.denominator == len(records)


def test_records_survive_the_runner_and_equal_direct_simulation():
    sim = DepthSimulator(max_depth=2, n_chains=3)
    records = run_simulation(sim, [0, 1], executor=False)
    assert records == list(sim.simulate(0)) + list(sim.simulate(1))
    first = records[0]
    assert first.to_trial() == Trial(
        first.task_id, first.condition, seed=first.seed, category="depth=1",
        raw_validity=True,
        full_pivot=f"{first.task_id}:n1", truth_pivot=f"{first.task_id}:n1",
        chosen_pivot=first.full_pivot if first.recovered else "lost",
    )  # fmt: skip


def test_measures_carry_the_records_numbers():
    sim = ScatterSimulator(n_decisions=10, sigma=2)
    records = list(sim.simulate(0))
    assert all(
        r.measures == {"sigma": 2.0, "surfaced": float(r.surfaced)} for r in records
    )
    (cell,) = rates(records, by=())
    assert cell.means["surfaced"].mean == pytest.approx(
        sum(r.surfaced for r in records) / len(records)
    )
