"""Two-proportion z tests, Fisher's exact test and McNemar against scipy/statsmodels."""

import math

import pytest
from hypothesis import given, settings
from scipy import stats
from statsmodels.stats import proportion as sm_proportion
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

from theory.inference import (
    fisher_exact,
    mcnemar,
    two_proportion_z,
    two_proportion_z_unpooled,
)
from theory.strategies import binomial_counts

SM_ALT = {"two-sided": "two-sided", "greater": "larger", "less": "smaller"}
PAIRS = [
    (30, 50, 20, 50),
    (0, 10, 3, 12),
    (7, 9, 2, 40),
    (1, 1, 0, 1),
    (55, 200, 70, 180),
]


@pytest.mark.parametrize("alt", sorted(SM_ALT))
@pytest.mark.parametrize(("k1", "n1", "k2", "n2"), PAIRS)
def test_two_proportion_z_matches_statsmodels_proportions_ztest(k1, n1, k2, n2, alt):
    # statsmodels.stats.proportion.proportions_ztest([k1, k2], [n1, n2], alternative=...)
    z, p = sm_proportion.proportions_ztest([k1, k2], [n1, n2], alternative=SM_ALT[alt])
    r = two_proportion_z(k1, n1, k2, n2, alternative=alt)
    assert r.statistic == pytest.approx(z, rel=1e-12)
    assert r.pvalue == pytest.approx(p, rel=1e-10, abs=1e-300)
    assert r.alternative == alt


@pytest.mark.parametrize(("k1", "n1", "k2", "n2"), PAIRS)
def test_two_proportion_z_squared_is_uncorrected_chi_square(k1, n1, k2, n2):
    # scipy.stats.chi2_contingency(table, correction=False): Pearson X^2 = z^2 (pooled)
    table = [[k1, n1 - k1], [k2, n2 - k2]]
    chi2 = stats.chi2_contingency(table, correction=False).statistic
    assert two_proportion_z(k1, n1, k2, n2).statistic ** 2 == pytest.approx(
        chi2, rel=1e-10
    )


@pytest.mark.parametrize("alt", sorted(SM_ALT))
@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2"), [p for p in PAIRS if p[:2] != (1, 1)]
)
def test_two_proportion_z_unpooled_matches_statsmodels_wald(k1, n1, k2, n2, alt):
    # statsmodels test_proportions_2indep(..., method="wald", compare="diff")
    ref = sm_proportion.test_proportions_2indep(
        k1, n1, k2, n2, method="wald", compare="diff", alternative=SM_ALT[alt]
    )
    r = two_proportion_z_unpooled(k1, n1, k2, n2, alternative=alt)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-10)


def test_two_proportion_z_hand_value():
    # hand: p1=0.6, p2=0.4, pooled 0.5, se = sqrt(0.25 * 0.04) = 0.1, z = 2
    r = two_proportion_z(30, 50, 20, 50)
    assert r.statistic == pytest.approx(2.0, rel=1e-12)
    assert r.estimate == pytest.approx(0.2)


def test_two_proportion_z_degenerate_pooled_is_nan():
    r = two_proportion_z(0, 10, 0, 20)
    assert math.isnan(r.statistic)
    assert math.isnan(r.pvalue)


@settings(max_examples=150)  # suite budget (common brief)
@given(binomial_counts(max_n=80), binomial_counts(max_n=80))
def test_two_proportion_z_antisymmetric_in_arms(a, b):
    r = two_proportion_z(*a, *b)
    s = two_proportion_z(*b, *a)
    if math.isnan(r.statistic):
        assert math.isnan(s.statistic)
        return
    assert r.statistic == pytest.approx(-s.statistic, abs=1e-12)
    assert 0.0 <= r.pvalue <= 1.0
    g = two_proportion_z(*a, *b, alternative="greater").pvalue
    le = two_proportion_z(*a, *b, alternative="less").pvalue
    assert g + le == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("alt", ["two-sided", "greater", "less"])
@pytest.mark.parametrize(("k1", "n1", "k2", "n2"), PAIRS)
def test_fisher_exact_matches_scipy(k1, n1, k2, n2, alt):
    # scipy.stats.fisher_exact([[k1, n1-k1], [k2, n2-k2]], alternative=alt)
    ref = stats.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]], alternative=alt)
    r = fisher_exact(k1, n1, k2, n2, alternative=alt)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert r.statistic == ref.statistic


def test_fisher_exact_hand_value():
    # hand: [[3,1],[1,3]]; hypergeometric P(X=x) = C(4,x)C(4,4-x)/C(8,4):
    # tables no more likely than observed: x = 0,1,3,4 -> (1+16+16+1)/70 = 34/70
    assert fisher_exact(3, 4, 1, 4).pvalue == pytest.approx(34 / 70, rel=1e-12)
    assert fisher_exact(3, 4, 1, 4).statistic == pytest.approx(9.0)


TABLES = [[[10, 9], [2, 5]], [[5, 0], [0, 5]], [[20, 31], [12, 100]], [[0, 1], [6, 0]]]


@pytest.mark.parametrize("correction", [True, False])
@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize("table", TABLES)
def test_mcnemar_matches_statsmodels(table, exact, correction):
    # statsmodels.stats.contingency_tables.mcnemar(table, exact, correction)
    b, c = table[0][1], table[1][0]
    r = mcnemar(table, exact=exact, correction=correction)
    if b + c == 0 and not exact:
        assert math.isnan(r.pvalue)
        return
    ref = sm_mcnemar(table, exact=exact, correction=correction)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)


def test_mcnemar_exact_hand_value():
    # hand: b=9, c=2, p = 2 * P(Bin(11, 1/2) <= 2) = 2 * (1 + 11 + 55) / 2048
    assert mcnemar([[10, 9], [2, 5]]).pvalue == pytest.approx(134 / 2048, rel=1e-12)
