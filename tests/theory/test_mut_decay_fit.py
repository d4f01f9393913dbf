"""The decay-law fits' reported numbers, pinned (issue 33, mutation of theory/decay/_fit.py).

The full mutation run left the likelihood-ratio test's edge cases, the AICc
formula, the boundary flag and the AIC support set unpinned.
"""

from __future__ import annotations

import dataclasses

import pytest
from scipy.stats import chi2

from theory.decay import compare_decays, fit_decay, likelihood_ratio_test

DATA = ([1, 2, 3], [8, 4, 2], [10, 10, 10])


def _pair(shift: float):
    """A geometric null and a triangular alternative whose log-likelihoods differ by ``shift``."""
    null = fit_decay(*DATA, "geometric")
    alt = dataclasses.replace(
        fit_decay(*DATA, "triangular"), loglik=null.loglik + shift
    )
    return null, alt


def test_a_likelihood_ratio_below_zero_is_zero_with_p_value_one() -> None:
    t = likelihood_ratio_test(*_pair(-1.0))
    assert (t.statistic, t.pvalue, t.boundary, t.df) == (0.0, 1.0, True, 1)


@pytest.mark.parametrize("shift", [0.25, 0.5, 3.0])
def test_a_boundary_p_value_is_half_the_chi_square_tail(shift) -> None:
    t = likelihood_ratio_test(*_pair(shift))
    assert t.statistic == pytest.approx(2 * shift, rel=1e-12)
    assert t.pvalue == pytest.approx(0.5 * chi2.sf(2 * shift, 1), rel=1e-12)


def test_fits_to_different_data_are_refused() -> None:
    null = fit_decay(*DATA, "geometric")
    alt = fit_decay([1, 2, 3], [8, 4, 1], [10, 10, 10], "triangular")
    with pytest.raises(
        ValueError, match="null and alternative must be fitted to the same data"
    ):
        likelihood_ratio_test(null, alt)


@pytest.mark.parametrize("law", ["geometric", "triangular", "stretched", "power"])
@pytest.mark.parametrize("aicc_n", ["trials", "points"])
def test_aicc_is_the_small_sample_formula(law, aicc_n) -> None:
    depths, k, n = [1, 2, 3, 4, 5], [9, 7, 5, 3, 2], [10, 10, 10, 10, 10]
    fit = fit_decay(depths, k, n, law, aicc_n=aicc_n)
    p = fit.n_params
    size = sum(n) if aicc_n == "trials" else len(depths)
    assert fit.aic == pytest.approx(2 * p - 2 * fit.loglik, rel=1e-12)
    assert fit.aicc == pytest.approx(
        fit.aic + 2 * p * (p + 1) / (size - p - 1), rel=1e-12
    )


def test_aicc_is_none_without_residual_size() -> None:
    # points: 3 - 2 - 1 = 0
    assert fit_decay(*DATA, "triangular", aicc_n="points").aicc is None


def test_one_residual_degree_of_freedom_still_gives_a_goodness_of_fit() -> None:
    fit = fit_decay(*DATA, "triangular")  # 3 points, 2 parameters
    assert fit.gof_pvalue == pytest.approx(chi2.sf(fit.deviance, 1), rel=1e-12)
    assert fit_decay([1, 2], [8, 4], [10, 10], "triangular").gof_pvalue is None


@pytest.mark.parametrize(
    ("law", "k", "expected"),
    [
        ("geometric", [10, 10, 10], True),  # s0 = 1: rate 0 at its lower bound
        ("geometric", [8, 4, 2], False),
        (
            "geometric",
            [0, 0, 0],
            False,
        ),  # rate ~29.6, within 1 of its upper bound 30 only
        ("stretched", [5, 5, 5], True),  # beta at its lower bound 0.05
        ("stretched", [10, 9, 0], True),  # beta at its upper bound 10
        ("stretched", [8, 0, 0], False),
    ],
)
def test_on_boundary_marks_a_parameter_at_a_bound_of_its_box(law, k, expected) -> None:
    assert fit_decay([1, 2, 3], k, [10, 10, 10], law).on_boundary is expected


def test_the_support_set_is_within_two_aic_units() -> None:
    cmp = compare_decays([1, 2, 3], [12, 11, 1], [40, 40, 40])
    gaps = dict(cmp.delta_aic)
    assert 2.0 < gaps["power"] < 3.0
    assert "power" not in cmp.indistinguishable
    # triangular sits at 2 up to round-off (2 + 1.4e-14 here): inside, by the
    # allowance, on whichever side of 2 a platform's optimizer rounds it
    assert abs(gaps["triangular"] - 2.0) < 1e-9
    assert cmp.indistinguishable == ("geometric", "triangular", "stretched")


def test_the_nested_tests_follow_the_laws_fitted() -> None:
    full = compare_decays(*DATA)
    assert [(t.null, t.alternative) for t in full.tests] == [
        ("geometric", "triangular"),
        ("geometric", "stretched"),
    ]
    assert compare_decays(*DATA, laws=("geometric", "power")).tests == ()
    some = compare_decays(*DATA, laws=("geometric", "stretched"))
    assert [(t.null, t.alternative) for t in some.tests] == [("geometric", "stretched")]


@pytest.mark.parametrize("law", ["geometric", "triangular", "stretched", "power"])
def test_the_deviance_is_the_g_squared_of_the_fitted_curve(law) -> None:
    """``2 sum [k log(k / (n p)) + (n - k) log((n - k) / (n (1 - p)))]`` (0 log 0 = 0)."""
    import math

    depths, k, n = [1, 2, 3, 4], [9, 6, 4, 0], [10, 10, 10, 10]
    fit = fit_decay(depths, k, n, law)
    g2 = 0.0
    for kd, nd, p in zip(k, n, fit.predict(depths), strict=True):
        if kd:
            g2 += kd * math.log(kd / (nd * p))
        if nd - kd:
            g2 += (nd - kd) * math.log((nd - kd) / (nd * (1 - p)))
    assert fit.deviance == pytest.approx(2 * g2, rel=1e-9, abs=1e-9)
    assert fit.gof_pvalue == pytest.approx(chi2.sf(2 * g2, 4 - fit.n_params), rel=1e-6)


def test_nested_alternatives_start_from_the_nulls_optimum() -> None:
    """On these counts a cold start left triangular 8,238 log-likelihood units low."""
    depths, k, n = [1, 2, 3, 4, 5, 6], [3118, 8691, 4233, 2731, 8277, 2570], [10000] * 6
    null = fit_decay(depths, k, n, "geometric").loglik
    for law in ("triangular", "stretched"):
        assert fit_decay(depths, k, n, law).loglik >= null - 1e-9, law
    for laws in (
        ("geometric", "triangular", "stretched"),
        ("triangular",),
        ("stretched",),
    ):
        cmp = compare_decays(depths, k, n, laws=laws)
        assert all(f.loglik >= null - 1e-9 for f in cmp.fits), laws
    # the geometric law is no alternative: it is fitted from its own starts only
    assert (
        compare_decays(depths, k, n, laws=("geometric",)).fit("geometric").loglik
        == null
    )


def test_only_the_geometric_fit_is_the_null_whatever_the_order() -> None:
    # power fitted first: its parameters are (c, alpha), no s0; the triangular
    # start is still the geometric optimum
    cmp = compare_decays(*DATA, laws=("power", "triangular", "geometric"))
    assert [f.law for f in cmp.fits] == ["power", "triangular", "geometric"]
    assert cmp.fit("triangular").loglik >= cmp.fit("geometric").loglik - 1e-9
