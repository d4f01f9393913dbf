"""Hand-computed values of the two-proportion tests, McNemar and the rule of three.

Each case is worked by hand (closed forms of THEORY.md §2.5) or read from
statsmodels 0.14 / scipy; they pin the estimate fields, the p-value caps and
the ends of the intervals that the property tests leave free.
"""

import math

import pytest
from scipy import stats
from statsmodels.stats import proportion as sm_proportion
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

from theory.inference import (
    fisher_exact,
    mcnemar,
    proportion_ci,
    rule_of_three,
    two_proportion_z,
    two_proportion_z_unpooled,
)

# ------------------------------------------------------------ z tests


@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2", "z", "estimate"),
    [
        # p1 = 3/4, p2 = 1/4: var = 2 * (3/16) / 4 = 3/32, z = (1/2) / sqrt(3/32)
        (3, 4, 1, 4, 0.5 / math.sqrt(3 / 32), 0.5),
        # p1 = 1/4, p2 = 3/4: the same with the sign flipped
        (1, 4, 3, 4, -0.5 / math.sqrt(3 / 32), -0.5),
        # p1 = 3/5, p2 = 2/5, n = 50: var = 2 * 0.24 / 50
        (30, 50, 20, 50, 0.2 / math.sqrt(0.0096), 0.2),
        # p1 = 1, p2 = 1/2: var = (1/4) / 2 = 1/8
        (2, 2, 1, 2, 0.5 / math.sqrt(1 / 8), 0.5),
    ],
)
def test_two_proportion_z_unpooled_hand_values(k1, n1, k2, n2, z, estimate):
    r = two_proportion_z_unpooled(k1, n1, k2, n2)
    assert r.statistic == pytest.approx(z, rel=1e-12)
    assert r.estimate == pytest.approx(estimate, rel=1e-12)
    assert r.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-12)
    assert r.method == "z-unpooled"
    if k1 in (0, n1) or k2 in (0, n2):
        return  # statsmodels divides by zero in its odds ratio there
    # statsmodels test_proportions_2indep(method="wald", compare="diff")
    ref = sm_proportion.test_proportions_2indep(
        k1, n1, k2, n2, method="wald", compare="diff"
    )
    assert r.estimate == pytest.approx(ref.diff, rel=1e-12)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)


def test_two_proportion_z_unpooled_one_sided_and_degenerate():
    z = 0.5 / math.sqrt(3 / 32)
    assert two_proportion_z_unpooled(3, 4, 1, 4, alternative="greater").pvalue == (
        pytest.approx(stats.norm.sf(z), rel=1e-12)
    )
    assert two_proportion_z_unpooled(3, 4, 1, 4, alternative="less").pvalue == (
        pytest.approx(stats.norm.cdf(z), rel=1e-12)
    )
    # both arms at 0 or 1: var = 0, statistic and p-value nan, estimate still p1 - p2
    r = two_proportion_z_unpooled(4, 4, 0, 4)
    assert math.isnan(r.statistic) and math.isnan(r.pvalue)
    assert r.estimate == 1.0


@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2", "z", "estimate"),
    [
        # pooled p = 1/2: var = (1/4)(1/4 + 1/4) = 1/8
        (3, 4, 1, 4, 0.5 / math.sqrt(1 / 8), 0.5),
        # pooled p = 1/2, n = 50: var = (1/4)(2/50) = 0.01, z = 0.2 / 0.1
        (30, 50, 20, 50, 2.0, 0.2),
        # pooled p = 1/3, unequal arms: var = (2/9)(1/3 + 1/6) = 1/9, z = 1 / (1/3)
        (3, 3, 0, 6, 3.0, 1.0),
    ],
)
def test_two_proportion_z_pooled_hand_values(k1, n1, k2, n2, z, estimate):
    r = two_proportion_z(k1, n1, k2, n2)
    assert r.statistic == pytest.approx(z, rel=1e-12)
    assert r.estimate == pytest.approx(estimate, rel=1e-12)
    assert r.method == "z-pooled"


def test_two_sided_normal_pvalue_at_zero_is_one():
    # p1 = p2: z = 0 and the two-sided p-value is exactly 2 * sf(0) = 1
    r = two_proportion_z(2, 4, 1, 2)
    assert r.statistic == 0.0
    assert r.pvalue == 1.0
    assert two_proportion_z(2, 4, 1, 2, alternative="greater").pvalue == 0.5


def test_fisher_exact_estimate_is_the_odds_ratio():
    # odds ratio 3 * 3 / (1 * 1) = 9, and 0 / inf at the edges
    assert fisher_exact(3, 4, 1, 4).estimate == pytest.approx(9.0)
    assert fisher_exact(0, 4, 1, 4).estimate == 0.0
    assert fisher_exact(4, 4, 1, 4).estimate == math.inf
    assert fisher_exact(3, 4, 1, 4).method == "fisher-exact"


@pytest.mark.parametrize(
    ("args", "match"),
    [((5, 4, 1, 4), "arm 1: k1=5"), ((1, 4, 5, 4), "arm 2: k2=5")],
)
def test_arm_named_in_count_errors(args, match):
    for test in (two_proportion_z, two_proportion_z_unpooled, fisher_exact):
        with pytest.raises(ValueError, match=match):
            test(*args)


# ------------------------------------------------------------- McNemar


@pytest.mark.parametrize(
    ("table", "statistic", "pvalue", "estimate"),
    [
        # b = 9, c = 2: 2 P(Bin(11, 1/2) <= 2) = 2 (1 + 11 + 55) / 2048
        ([[10, 9], [2, 5]], 2.0, 134 / 2048, 9 / 11),
        # b = c = 3: 2 P(Bin(6, 1/2) <= 3) = 2 * 42 / 64 > 1, capped at 1
        ([[1, 3], [3, 1]], 3.0, 1.0, 0.5),
        # b = 0, c = 6: 2 / 64
        ([[0, 0], [6, 0]], 0.0, 2 / 64, 0.0),
        # b = 1, c = 0: 2 P(Bin(1, 1/2) <= 0) = 1
        ([[0, 1], [0, 0]], 0.0, 1.0, 1.0),
    ],
)
def test_mcnemar_exact_hand_values(table, statistic, pvalue, estimate):
    r = mcnemar(table)
    assert r.statistic == statistic
    assert r.pvalue == pytest.approx(pvalue, rel=1e-12)
    assert r.pvalue <= 1.0
    assert r.estimate == pytest.approx(estimate, rel=1e-12, abs=0.0)
    assert r.method == "mcnemar-exact"
    ref = sm_mcnemar(table, exact=True)  # statsmodels 0.14
    assert r.statistic == ref.statistic
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)


@pytest.mark.parametrize(
    ("table", "correction", "statistic"),
    [
        # (|9 - 2| - 1)^2 / 11 and 7^2 / 11
        ([[10, 9], [2, 5]], True, 36 / 11),
        ([[10, 9], [2, 5]], False, 49 / 11),
        # (|1 - 4| - 1)^2 / 5 = 4/5 and 9/5
        ([[0, 1], [4, 0]], True, 4 / 5),
        ([[0, 1], [4, 0]], False, 9 / 5),
    ],
)
def test_mcnemar_chi_square_hand_values(table, correction, statistic):
    r = mcnemar(table, exact=False, correction=correction)
    assert r.statistic == pytest.approx(statistic, rel=1e-12)
    assert r.pvalue == pytest.approx(stats.chi2.sf(statistic, 1), rel=1e-12)
    b, c = table[0][1], table[1][0]
    assert r.estimate == pytest.approx(b / (b + c), rel=1e-12)
    assert r.method == "mcnemar-chi2"


def test_mcnemar_without_discordant_pairs():
    exact = mcnemar([[4, 0], [0, 7]])
    assert (exact.statistic, exact.pvalue) == (0.0, 1.0)
    assert math.isnan(exact.estimate)
    chi2 = mcnemar([[4, 0], [0, 7]], exact=False)
    assert math.isnan(chi2.statistic) and math.isnan(chi2.pvalue)
    assert math.isnan(chi2.estimate)
    assert chi2.method == "mcnemar-chi2"


@pytest.mark.parametrize(
    "table",
    [[[1, 2], [3, 4], [5, 6]], [[1, 2]], [[1, 2, 3], [4, 5]], [[1, 2], [3]]],
)
def test_mcnemar_rejects_tables_that_are_not_2x2(table):
    with pytest.raises(ValueError, match="table must be 2x2"):
        mcnemar(table)


# ------------------------------------------------------ rule of three


@pytest.mark.parametrize(
    ("n", "level", "high"),
    [
        # -ln(0.05) / n: 2.9957 / n, capped at 1 for n = 1 and n = 2
        (1, 0.95, 1.0),
        (2, 0.95, 1.0),
        (3, 0.95, -math.log(0.05) / 3),
        (100, 0.95, -math.log(0.05) / 100),
        # -ln(0.5) / 1 = 0.693: not capped
        (1, 0.5, math.log(2.0)),
        # -ln(0.01) / 5 = 0.921
        (5, 0.99, -math.log(0.01) / 5),
    ],
)
def test_rule_of_three_ends(n, level, high):
    ci = rule_of_three(n, confidence_level=level)
    assert ci.low == 0.0
    assert ci.high == pytest.approx(high, rel=1e-12)


# ---------------------------------------------- proportion_ci at the ends


@pytest.mark.parametrize("method", ["wilson", "wilson-cc", "clopper-pearson"])
@pytest.mark.parametrize("n", [1, 2, 7])
def test_interval_ends_are_exact_at_k_zero_and_k_n(method, n):
    assert proportion_ci(0, n, method=method).low == 0.0
    assert proportion_ci(n, n, method=method).high == 1.0
    assert proportion_ci(0, n, method=method).high < 1.0
    assert proportion_ci(n, n, method=method).low > 0.0


@pytest.mark.parametrize(
    ("method", "sm_method"),
    [
        ("wilson", "wilson"),
        ("clopper-pearson", "beta"),
        ("jeffreys", "jeffreys"),
        ("agresti-coull", "agresti_coull"),
    ],
)
@pytest.mark.parametrize(
    ("k", "n"), [(0, 1), (1, 1), (0, 10), (1, 10), (9, 10), (10, 10), (3, 7)]
)
@pytest.mark.parametrize("level", [0.5, 0.95])
def test_interval_matches_statsmodels_on_small_tables(method, sm_method, k, n, level):
    # statsmodels 0.14 proportion_confint(k, n, alpha, method)
    low, high = sm_proportion.proportion_confint(
        k, n, alpha=1 - level, method=sm_method
    )
    ci = proportion_ci(k, n, method=method, confidence_level=level)
    assert ci.low == pytest.approx(low, rel=1e-9, abs=1e-12)
    assert ci.high == pytest.approx(high, rel=1e-9, abs=1e-12)
    assert (ci.k, ci.n, ci.method, ci.confidence_level) == (k, n, method, level)
    assert ci.estimate == k / n
    assert ci.width == ci.high - ci.low
    assert ci.confidence_interval == (ci.low, ci.high)


@pytest.mark.parametrize(
    ("k", "n"), [(0, 1), (1, 1), (0, 10), (1, 10), (10, 10), (3, 7)]
)
@pytest.mark.parametrize("level", [0.5, 0.95])
def test_wilson_cc_matches_scipy(k, n, level):
    # scipy.stats.binomtest(k, n).proportion_ci(method="wilsoncc")
    ref = stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilsoncc")
    ci = proportion_ci(k, n, method="wilson-cc", confidence_level=level)
    assert ci.low == pytest.approx(ref.low, rel=1e-9, abs=1e-12)
    assert ci.high == pytest.approx(ref.high, rel=1e-9, abs=1e-12)


def test_mcnemar_chi_square_is_continuity_corrected_by_default():
    # (|9 - 2| - 1)^2 / 11, as statsmodels' mcnemar(exact=False) default
    r = mcnemar([[10, 9], [2, 5]], exact=False)
    assert r.statistic == pytest.approx(36 / 11, rel=1e-12)
    ref = sm_mcnemar([[10, 9], [2, 5]], exact=False)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)


@pytest.mark.parametrize("table", [[[1, -1], [2, 3]], [[-1, 0], [0, 0]]])
def test_mcnemar_rejects_negative_counts(table):
    with pytest.raises(ValueError, match="table entry"):
        mcnemar(table)
