"""Decay-law fits by binomial maximum likelihood, comparison and power (THEORY.md §2.3)."""

import json
import math
import warnings
from importlib.resources import files

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom, chi2

from theory.decay import (
    LAWS,
    compare_decays,
    counts_by_depth,
    decay_power,
    expected_power,
    fit_decay,
    likelihood_ratio_test,
    tasks_needed,
)
from theory.strategies import decay_counts

FAST = settings(
    max_examples=min(25, settings().max_examples)
)  # each example fits up to 4 laws


def _binom_loglik(depths, k, n, probs):
    """Reference log-likelihood: scipy.stats.binom.logpmf summed over depths."""
    return float(binom.logpmf(k, n, probs).sum())


@FAST
@given(decay_counts(max_depths=4), st.sampled_from(LAWS))
def test_loglik_matches_scipy_binom(data, law):
    """The reported log-likelihood is scipy's binomial log-pmf at the fitted curve."""
    fit = fit_decay(*data, law)
    probs = np.minimum(np.array(fit.predict(data[0])), 1 - 1e-12)
    assert fit.loglik == pytest.approx(_binom_loglik(*data, probs), abs=1e-6)


@FAST
@given(
    decay_counts(max_depths=4),
    st.floats(0.05, 1.0),
    st.floats(0.05, 1.0),
)
def test_triangular_fit_is_a_maximum(data, s0, rho):
    """DL-T7: the triangular MLE beats every admissible (s0, rho) tried, by scipy's likelihood."""
    fit = fit_decay(*data, "triangular")
    d = np.array(data[0], dtype=float)
    probs = np.minimum(s0**d * rho ** (d * (d + 1) / 2), 1 - 1e-12)
    assert fit.loglik >= _binom_loglik(*data, probs) - 1e-6


@FAST
@given(decay_counts(max_depths=4), st.floats(0.01, 1.0), st.floats(0.0, 4.0))
def test_power_fit_is_a_maximum(data, c, alpha):
    """The power-law MLE beats every admissible (c, alpha) tried."""
    fit = fit_decay(*data, "power")
    d = np.array(data[0], dtype=float)
    probs = np.minimum(c * d ** (-alpha), 1 - 1e-12)
    assert fit.loglik >= _binom_loglik(*data, probs) - 1e-6


@FAST
@given(decay_counts(max_depths=4))
def test_nested_laws_never_fit_worse(data):
    """Geometric is nested in triangular (rho = 1) and stretched (beta = 1)."""
    cmp = compare_decays(*data)
    geo = cmp.fit("geometric").loglik
    assert cmp.fit("triangular").loglik >= geo - 1e-7
    assert cmp.fit("stretched").loglik >= geo - 1e-7
    assert all(t.statistic >= 0 for t in cmp.tests)


@FAST
@given(decay_counts(max_depths=4))
def test_reported_parameters_follow_the_stated_forms(data):
    """predict() equals each law's stated formula at the reported parameters (module table)."""
    d = np.array(data[0], dtype=float)
    forms = {
        "geometric": lambda f: f.param("s0") ** d,
        "triangular": lambda f: (
            f.param("s0") ** d * f.param("rho") ** (d * (d + 1) / 2)
        ),
        "stretched": lambda f: np.exp(-f.param("c") * d ** f.param("beta")),
        "power": lambda f: f.param("c") * d ** (-f.param("alpha")),
    }
    for law, form in forms.items():
        fit = fit_decay(*data, law)
        assert np.allclose(fit.predict(data[0]), form(fit), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize(
    ("law", "columns", "data"),
    [
        ("geometric", lambda d: [d], ([1, 2, 3], [80, 40, 10], [100] * 3)),
        (
            "triangular",
            lambda d: [d, d * (d + 1) / 2],
            ([1, 2, 3], [630, 278, 86], [1000] * 3),
        ),
        (
            "power",
            lambda d: [np.ones_like(d), np.log(d)],
            ([1, 2, 3], [30, 15, 5], [40] * 3),
        ),
    ],
)
def test_fits_match_statsmodels_log_link_glm(law, columns, data):
    """Geometric, triangular and power laws are binomial GLMs with a log link.

    statsmodels' GLM (Binomial, Log link) gives the same maximum log-likelihood
    (binomial constants included) and the same curve at interior optima.
    """
    sm = pytest.importorskip("statsmodels.api")
    from statsmodels.tools.sm_exceptions import DomainWarning

    d = np.array(data[0], dtype=float)
    k, n = np.array(data[1]), np.array(data[2])
    family = sm.families.Binomial(link=sm.families.links.Log())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DomainWarning)
        glm = sm.GLM(
            np.column_stack([k, n - k]), np.column_stack(columns(d)), family=family
        )
        result = glm.fit(start_params=np.full(len(columns(d)), -0.1))
    fit = fit_decay(*data, law)
    assert not fit.on_boundary
    assert fit.loglik == pytest.approx(result.llf, abs=1e-6)
    assert np.allclose(fit.predict(data[0]), result.fittedvalues, rtol=1e-5)


def test_exact_geometric_data_recovered():
    """k = (4, 2, 1) of 8 is exactly 0.5^d: the geometric MLE is s0 = 0.5 (hand)."""
    fit = fit_decay([1, 2, 3], [4, 2, 1], [8, 8, 8], "geometric")
    assert fit.param("s0") == pytest.approx(0.5, abs=1e-6)
    assert fit.deviance == pytest.approx(0.0, abs=1e-8)


def test_single_depth_geometric_is_the_proportion():
    """One depth: the geometric MLE is k/n = 0.7 (binomial MLE)."""
    assert fit_decay([1], [7], [10], "geometric").param("s0") == pytest.approx(0.7)


def test_aic_and_aicc_conventions():
    """AIC = 2p - 2 loglik; AICc with n = trials = 120; undefined with n = points = 3."""
    data = ([1, 2, 3], [30, 15, 5], [40, 40, 40])
    fit = fit_decay(*data, "triangular")
    assert fit.aic == pytest.approx(4 - 2 * fit.loglik)
    assert fit.aicc == pytest.approx(fit.aic + 2 * 2 * 3 / (120 - 3))
    points = fit_decay(*data, "triangular", aicc_n="points")
    assert points.aicc is None
    geo = fit_decay(*data, "geometric", aicc_n="points")
    assert geo.aicc == pytest.approx(geo.aic + 2 * 1 * 2 / (3 - 2))


def test_goodness_of_fit_matches_chi2():
    """Deviance p-value is chi2.sf(deviance, points - params) (scipy.stats.chi2)."""
    fit = fit_decay([1, 2, 3], [30, 15, 5], [40, 40, 40], "geometric")
    assert fit.gof_pvalue == pytest.approx(float(chi2.sf(fit.deviance, 2)))
    assert fit_decay([1, 2], [3, 1], [4, 4], "triangular").gof_pvalue is None


def test_likelihood_ratio_boundary_convention():
    """Geometric in triangular: p = 0.5 chi2.sf(LR, 1) (Self and Liang 1987); stretched: chi2.sf."""
    data = ([1, 2, 3], [80, 40, 10], [100, 100, 100])
    geo = fit_decay(*data, "geometric")
    tri = fit_decay(*data, "triangular")
    test = likelihood_ratio_test(geo, tri)
    lr = 2 * (tri.loglik - geo.loglik)
    assert test.boundary
    assert test.statistic == pytest.approx(lr)
    assert test.pvalue == pytest.approx(0.5 * chi2.sf(lr, 1))
    stretched = likelihood_ratio_test(geo, fit_decay(*data, "stretched"))
    assert not stretched.boundary
    assert stretched.pvalue == pytest.approx(chi2.sf(stretched.statistic, 1))


@pytest.mark.slow
def test_boundary_test_has_nominal_size():
    """Under a geometric truth the mixture-calibrated test rejects at about alpha = 0.05.

    600 seeded data sets from s0 = 0.6, n = 200 per depth. The naive chi2_1
    reference (p-value doubled) would reject about 0.025 of the time; the
    tolerance 0.015 (1.7 binomial SEs) keeps the mixture and rejects the naive one.
    """
    rng = np.random.default_rng(20261123)
    d = np.array([1, 2, 3])
    mixture = naive = 0
    for k in rng.binomial(200, 0.6**d, size=(600, 3)):
        data = (d.tolist(), k.tolist(), [200] * 3)
        test = likelihood_ratio_test(
            fit_decay(*data, "geometric"), fit_decay(*data, "triangular")
        )
        mixture += test.pvalue < 0.05
        naive += 2 * test.pvalue < 0.05
    assert abs(mixture / 600 - 0.05) < 0.015
    assert abs(naive / 600 - 0.05) > 0.015


def test_compare_picks_the_generating_law():
    """Large triangular data (s0 = 0.9, rho = 0.7, n = 1000) rank triangular first."""
    cmp = compare_decays([1, 2, 3], [630, 278, 86], [1000] * 3)
    assert cmp.best == "triangular"
    assert "geometric" not in cmp.indistinguishable
    assert "power" not in cmp.indistinguishable
    assert dict(cmp.delta_aic)["triangular"] == 0.0


def test_three_points_small_n_are_indistinguishable():
    """The decay-law remark: 20 tasks per depth of a triangular curve fit every law alike."""
    d = np.array([1, 2, 3])
    probs = 0.9**d * 0.85 ** (d * (d + 1) / 2)
    k = np.round(20 * probs).astype(int).tolist()
    cmp = compare_decays([1, 2, 3], k, [20] * 3)
    assert set(cmp.indistinguishable) == set(LAWS)


def test_results_are_builtin_and_deterministic():
    """Results hold builtin floats and two runs agree bit for bit."""
    a = compare_decays([1, 2, 3], [30, 15, 5], [40, 40, 40])
    b = compare_decays([1, 2, 3], [30, 15, 5], [40, 40, 40])
    assert a == b
    assert all(type(v) is float for _, v in a.fit("triangular").params)
    assert type(a.fit("power").loglik) is float


def test_expected_power_rises_with_n_and_tasks_needed_agrees():
    """Asymptotic power rises with n; tasks_needed is the first n reaching 0.8."""
    params = {"s0": 0.7, "rho": 0.67}
    for rival in ("geometric", "power"):
        n_star = tasks_needed(rival, [1, 2, 3], **params)
        assert expected_power(rival, [1, 2, 3], n_star, **params).power >= 0.8
        assert expected_power(rival, [1, 2, 3], n_star - 1, **params).power < 0.8


def test_tasks_needed_none_when_rival_is_exact():
    """rho = 1 makes the truth geometric: no n separates the two (zero noncentrality)."""
    assert tasks_needed("geometric", [1, 2, 3], s0=0.8, rho=1.0) is None


@pytest.mark.slow
def test_simulated_power_close_to_asymptotic():
    """At n = tasks_needed (asymptotic power 0.8) the seeded simulation gives 0.8 +- 0.1."""
    n_star = tasks_needed("geometric", [1, 2, 3], s0=0.7, rho=0.67)
    sim = decay_power(
        "geometric", [1, 2, 3], n_star, s0=0.7, rho=0.67, n_sim=200, seed=3
    )
    assert abs(sim.power - 0.8) < 0.1


def test_decay_power_seeded_reproducible():
    """The same seed gives the same result, a different seed may differ."""
    kwargs = {"s0": 0.7, "rho": 0.67, "n_sim": 15}
    a = decay_power("power", [1, 2, 3], 30, seed=5, **kwargs)
    assert a == decay_power("power", [1, 2, 3], 30, seed=5, **kwargs)
    assert 0 <= a.power <= 1 and 0 <= a.aic_preference <= 1


def test_counts_by_depth_groups_rows():
    """Rows are grouped and counted; recall counts only full recall (= 1)."""
    rows = [
        {
            "dataset": "s",
            "arm": "a",
            "depth": 2,
            "chain_recovered": True,
            "recall": 1.0,
        },
        {
            "dataset": "s",
            "arm": "a",
            "depth": 1,
            "chain_recovered": False,
            "recall": 0.5,
        },
        {
            "dataset": "s",
            "arm": "a",
            "depth": 1,
            "chain_recovered": True,
            "recall": 1.0,
        },
    ]
    out = counts_by_depth(rows)
    assert out[("s", "a")].depths == (1, 2)
    assert out[("s", "a")].k == (1, 1)
    assert out[("s", "a")].n == (2, 1)
    assert counts_by_depth(rows, outcome="recall")[("s", "a")].k == (1, 1)


def test_briefbench_synthetic_dense_counts():
    """BriefBench (earlier run than the paper's tables): synthetic/dense claude counts.

    Expected counts 39, 35, 27 of 40 come from reading rows_claude.jsonl
    independently (jq-style filter, not this package).
    """
    path = files("proofs") / "data" / "briefbench" / "rows_claude.jsonl"
    text = path.read_text(encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line]
    counts = counts_by_depth(rows)[("synthetic", "dense")]
    manual = [
        sum(
            r["chain_recovered"]
            for r in rows
            if r["dataset"] == "synthetic" and r["arm"] == "dense" and r["depth"] == d
        )
        for d in (1, 2, 3)
    ]
    assert list(counts.k) == manual == [39, 35, 27]
    cmp = compare_decays(counts.depths, counts.k, counts.n)
    assert len(cmp.indistinguishable) >= 2  # 40 tasks per depth do not identify the law


BAD_CALLS = [
    (
        fit_decay,
        ([0, 1], [1, 1], [2, 2], "geometric"),
        ValueError,
        r"depths\[0\] must be >= 1",
    ),
    (
        fit_decay,
        ([1.5, 2], [1, 1], [2, 2], "geometric"),
        TypeError,
        r"depths\[0\] must be an int",
    ),
    (fit_decay, ([True, 2], [1, 1], [2, 2], "geometric"), TypeError, "must be an int"),
    (
        fit_decay,
        ([1, 1], [1, 1], [2, 2], "geometric"),
        ValueError,
        "depths must be distinct",
    ),
    (
        fit_decay,
        ([1, 2], [3, 1], [2, 2], "geometric"),
        ValueError,
        r"k\[0\]=3 must satisfy 0 <= k\[0\] <= n\[0\] \(n\[0\]=2\)",
    ),
    (
        fit_decay,
        ([1, 2], [-1, 1], [2, 2], "geometric"),
        ValueError,
        r"k\[0\] must be >= 0",
    ),
    (
        fit_decay,
        ([1, 2], [0, 1], [0, 2], "geometric"),
        ValueError,
        r"n\[0\] must be >= 1",
    ),
    (fit_decay, ([1, 2], [1], [2, 2], "geometric"), ValueError, "equal lengths"),
    (fit_decay, ([], [], [], "geometric"), ValueError, "must not be empty"),
    (fit_decay, ([1, 2], [1, 1], [2, 2], "cubic"), ValueError, "law must be one of"),
    (fit_decay, ("12", [1, 1], [2, 2], "geometric"), TypeError, "sequence of ints"),
    (expected_power, ("linear", [1, 2, 3], 10), ValueError, "rival must be one of"),
    (tasks_needed, ("power", [1, 2]), ValueError, "more than 2 points"),
]


@pytest.mark.parametrize(("func", "args", "error", "match"), BAD_CALLS)
def test_bad_input(func, args, error, match):
    """Bad arguments raise errors naming the argument and the rule."""
    kwargs = {"s0": 0.7, "rho": 0.67} if func in (expected_power, tasks_needed) else {}
    with pytest.raises(error, match=match):
        func(*args, **kwargs)


def test_bad_keyword_input():
    """Bad truth parameters, AICc convention, nesting and rows are rejected."""
    with pytest.raises(ValueError, match=r"rho must be in \(0, 1\], got 1.3"):
        expected_power("power", [1, 2, 3], 10, s0=0.7, rho=1.3)
    with pytest.raises(ValueError, match="aicc_n must be one of"):
        fit_decay([1, 2], [1, 1], [2, 2], "geometric", aicc_n="tasks")
    data = ([1, 2, 3], [3, 2, 1], [4, 4, 4])
    with pytest.raises(ValueError, match="must be one of"):
        likelihood_ratio_test(fit_decay(*data, "power"), fit_decay(*data, "triangular"))
    with pytest.raises(ValueError, match="row 0 lacks the field 'depth'"):
        counts_by_depth([{"dataset": "s", "arm": "a", "chain_recovered": True}])
    with pytest.raises(ValueError, match="row 0: recall must be a number"):
        counts_by_depth(
            [{"dataset": "s", "arm": "a", "depth": 1, "recall": 2.0}], outcome="recall"
        )
    with pytest.raises(ValueError, match=r"name must be one of 's0', got"):
        fit_decay([1, 2], [1, 1], [2, 2], "geometric").param("rho")
    with pytest.raises(ValueError, match="law must be one of"):
        compare_decays([1, 2, 3], [3, 2, 1], [4, 4, 4], laws=("geometric",)).fit(
            "power"
        )
    with pytest.raises(ValueError, match=r"power must exceed alpha=0\.05, got 0\.04"):
        tasks_needed("power", [1, 2, 3], s0=0.7, rho=0.67, power=0.04)
    with pytest.raises(ValueError, match="n_sim must be >= 1"):
        decay_power("power", [1, 2, 3], 10, s0=0.7, rho=0.67, n_sim=0)
    with pytest.raises(ValueError, match="outcome must be one of"):
        counts_by_depth([], outcome="correct")
    with pytest.raises(ValueError, match="row 0: depth must be an int >= 1, got True"):
        counts_by_depth(
            [{"dataset": "s", "arm": "a", "depth": True, "chain_recovered": True}]
        )
    assert math.isfinite(fit_decay([1, 2], [1, 1], [2, 2], "power").aic)


def test_old_path_theory_decay_fit_reexports_theory_decay():
    """``theory.decay_fit`` (kept for one release) re-exports ``theory.decay``."""
    import theory.decay
    import theory.decay_fit

    assert theory.decay_fit.__all__ == theory.decay.__all__
    assert all(
        getattr(theory.decay_fit, name) is getattr(theory.decay, name)
        for name in theory.decay.__all__
    )
