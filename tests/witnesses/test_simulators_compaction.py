"""Tests of cascading compaction, pinning and the survival-curve test (KO-CMP, PJ-PIN)."""

import math

import pytest
from scipy import stats

from algebra import Context, satisfies_contract
from witnesses.simulators import (
    FACT_TYPES,
    CompactionSimulator,
    run_simulation,
    survival_curve_test,
)


def _share(trials, arm, field="stored"):
    sel = [t for t in trials if t.condition == arm]
    return sum(getattr(t, field) for t in sel), len(sel)


def _within(k, n, expected, level=0.999):
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return ci.low <= expected <= ci.high


def test_compaction_reproducible():
    """Same seed, same trials; another seed, others."""
    sim = CompactionSimulator(n_facts=50, pinned=("date",))
    assert list(sim.simulate(1)) == list(sim.simulate(1))
    assert list(sim.simulate(1)) != list(sim.simulate(2))
    assert run_simulation(sim, [1], executor=False) == list(sim.simulate(1))


def test_iterated_compaction_survival_is_s_to_the_c():
    """Without pinning, retention after C cycles is s^C (closed form)."""
    sim = CompactionSimulator(n_facts=4000, cycles=3, survival=(0.9,))
    assert sim.expected_retention(pinning=False) == pytest.approx(0.729)
    k, n = _share(list(sim.simulate(3)), "unpinned")
    assert _within(k, n, 0.9**3)


def test_per_type_survival():
    """Each type keeps s_t^C of its facts."""
    survival = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0)
    sim = CompactionSimulator(n_facts=8000, cycles=2, survival=survival)
    trials = [t for t in sim.simulate(4) if t.condition == "unpinned"]
    for name, s in zip(FACT_TYPES, survival, strict=True):
        sel = [t.stored for t in trials if t.fact_type == name]
        assert _within(sum(sel), len(sel), s**2), name


def test_pj_pin_pinned_facts_always_survive():
    """The contract on pinned types: every caught pinned fact is stored."""
    sim = CompactionSimulator(
        n_facts=500, cycles=5, survival=(0.5,), pinned=("quantity", "date")
    )
    trials = list(sim.simulate(5))
    pinned = [t for t in trials if t.pinned]
    assert pinned
    assert all(t.stored for t in pinned)
    assert all(t.fact_type in ("quantity", "date") for t in pinned)


def test_pinning_never_loses_a_fact_the_blob_keeps():
    """Paired arms: pinned storage >= unpinned storage fact by fact."""
    sim = CompactionSimulator(n_facts=300, survival=(0.7,), pinned=("entity",))
    trials = list(sim.simulate(6))
    unpinned = [t for t in trials if t.condition == "unpinned"]
    pinned = [t for t in trials if t.condition == "pinned"]
    assert all(b.stored >= a.stored for a, b in zip(unpinned, pinned, strict=True))


def test_pinning_as_a_contract_on_the_pinned_projection():
    """Counting pinned-type facts as d_total, pinning satisfies the VM-D2 contract."""
    sim = CompactionSimulator(n_facts=400, survival=(0.6,), pinned=FACT_TYPES[:4])
    trials = list(sim.simulate(7))
    before = sum(t.pinned for t in trials)
    after_pin = sum(t.pinned and t.stored for t in trials)
    caught = {t.task_id for t in trials if t.pinned}
    after_blob = sum(
        t.stored for t in trials if t.condition == "unpinned" and t.task_id in caught
    )
    for k in range(before + 1):
        assert satisfies_contract(
            Context(None, before, 0), Context(None, after_pin, 0), k
        )
    assert not satisfies_contract(
        Context(None, before, 0), Context(None, after_blob, 0), before
    )


def test_expected_retention_with_pinning_closed_form():
    """pi + (1 - pi) s^C on pinned types (hand computation)."""
    sim = CompactionSimulator(
        survival=(0.5,), cycles=1, pinned=FACT_TYPES, pattern_recall=0.8
    )
    assert sim.expected_retention(pinning=True) == pytest.approx(0.8 + 0.2 * 0.5)
    k, n = _share(
        list(
            CompactionSimulator(
                n_facts=4000,
                survival=(0.5,),
                cycles=1,
                pinned=FACT_TYPES,
                pattern_recall=0.8,
            ).simulate(8)
        ),
        "pinned",
    )
    assert _within(k, n, 0.9)


def test_answer_accuracy_kept_apart_from_storage():
    """Answered = stored and used: accuracy is storage times the use factor."""
    sim = CompactionSimulator(n_facts=4000, survival=(1.0,), use_factor=0.6)
    trials = list(sim.simulate(9))
    assert all(t.stored for t in trials)
    k, n = _share(trials, "unpinned", "answered")
    assert _within(k, n, 0.6)
    assert all(t.stored or not t.answered for t in trials)


def test_curve_test_constant_s_mle_by_hand():
    """Nested MLE of constant s is survivors over goals at risk: 199/253 at n = 100."""
    t = survival_curve_test([0.91, 0.62, 0.46], [9, 17, 31], n=100)
    assert t.counts == (91, 62, 46)
    assert t.constant_s == pytest.approx(199 / 253)


def test_curve_test_statistic_matches_hand_multinomial():
    """G of the constant model equals 2 * sum cells * log(free / constant)."""
    t = survival_curve_test([0.91, 0.62, 0.46], [9, 17, 31], n=100)
    s = 199 / 253
    cells = [9, 29, 16, 46]
    free = [c / 100 for c in cells]
    const = [1 - s, s - s**2, s**2 - s**3, s**3]
    g = 2 * sum(c * math.log(f / p) for c, f, p in zip(cells, free, const, strict=True))
    assert t.constant_statistic == pytest.approx(g)
    assert t.constant_pvalue == pytest.approx(stats.chi2.sf(g, 2))


def test_curve_test_exact_geometric_curve_not_rejected():
    """A curve that is exactly s^r gives G = 0 and p = 1."""
    t = survival_curve_test([0.5, 0.25, 0.125], [2, 4, 8], n=800)
    assert t.constant_statistic == pytest.approx(0.0, abs=1e-9)
    assert t.constant_pvalue == pytest.approx(1.0)


def test_curve_test_power_law_recovered():
    """An exact power law a x^-beta is fitted back (G near 0)."""
    x = [2.0, 4.0, 8.0, 16.0]
    curve = [0.9 * v**-0.3 for v in x]
    t = survival_curve_test(curve, x, n=100_000)
    assert t.power_beta == pytest.approx(0.3, abs=0.01)
    assert t.power_statistic < 1.0


def test_curve_test_independent_design_matches_scipy_binomial_fit():
    """Independent rounds: s_hat and G agree with a scipy binom.logpmf fit."""
    from scipy import optimize

    counts, n = [91, 62, 46], 100

    def negll(s):
        return -sum(
            stats.binom.logpmf(k, n, s ** (r + 1)) for r, k in enumerate(counts)
        )

    ref = optimize.minimize_scalar(
        negll, bounds=(0.01, 0.99), method="bounded", options={"xatol": 1e-10}
    )
    sat = sum(stats.binom.logpmf(k, n, k / n) for k in counts)
    t = survival_curve_test([0.91, 0.62, 0.46], [9, 17, 31], n=n, design="independent")
    assert t.constant_s == pytest.approx(ref.x, abs=1e-6)
    assert t.constant_statistic == pytest.approx(2 * (sat + ref.fun), rel=1e-6)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: CompactionSimulator(n_facts=0), ValueError, "n_facts must be >= 1"),
        (lambda: CompactionSimulator(cycles=0), ValueError, "cycles must be >= 1"),
        (
            lambda: CompactionSimulator(survival=(0.5, 0.5)),
            ValueError,
            "survival must hold 1 or 8",
        ),
        (
            lambda: CompactionSimulator(survival=(1.5,)),
            ValueError,
            r"survival must be in \[0, 1\]",
        ),
        (
            lambda: CompactionSimulator(pinned=("goal",)),
            ValueError,
            "pinned types must be in",
        ),
        (
            lambda: CompactionSimulator(pattern_recall=-0.1),
            ValueError,
            "pattern_recall must be in",
        ),
        (
            lambda: CompactionSimulator(use_factor=2.0),
            ValueError,
            "use_factor must be in",
        ),
        (
            lambda: list(CompactionSimulator().simulate(-1)),
            ValueError,
            "seed must be >= 0",
        ),
        (lambda: survival_curve_test([0.9], [2], n=10), ValueError, "same length >= 2"),
        (
            lambda: survival_curve_test([0.5, 0.6], [2, 3], n=10),
            ValueError,
            "non-increasing",
        ),
        (
            lambda: survival_curve_test([0.9, 0.5], [1, 3], n=10),
            ValueError,
            r"ratios must be in \(1, inf\)",
        ),
        (
            lambda: survival_curve_test([0.9, 0.5], [2, 3], n=0),
            ValueError,
            "n must be >= 1",
        ),
    ],
)
def test_compaction_bad_input(call, error, match):
    """Bad input raises errors naming the argument and the range."""
    with pytest.raises(error, match=match):
        call()
