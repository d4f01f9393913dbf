"""Consistency of printed statistics (theory.consistency, issue 19)."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

import theory
from theory.consistency import (
    ExpressionError,
    check_arithmetic,
    check_difference,
    check_equal,
    check_mean,
    check_proportion,
    check_ratio,
    check_sum,
    grim,
    percent_attainable,
    proportion_attainable,
    recompute_interval,
    recompute_pvalue,
)

# --- hand-computed cases (source: the VM paper's printed numbers, by hand) ---


def test_vm_table5_percent_from_counts():
    """VM Table 5 prints 12/51 as 23.5% (12/51 = 23.529...)."""
    res = check_proportion("23.5", 12, 51, scale=100)
    assert res.consistent
    assert res.recomputed == (pytest.approx(23.529411764705884),)
    assert res.accepted == ((23.45, 23.55),)
    assert res.decimals == (1,)


def test_vm_section8_pooled_rate_and_wilson_interval():
    """VM §8: 36/164 = 21.95% with Wilson 95% CI [16.30%, 28.89%]."""
    assert check_proportion("21.95", 36, 164, scale=100).consistent
    res = recompute_interval(36, 164, "16.30", "28.89", scale=100)
    assert res.consistent
    low, high = res.recomputed
    assert (round(low, 4), round(high, 4)) == (16.2984, 28.888)  # by hand: Wilson


def test_printed_half_unit_is_consistent_both_ways():
    """0.9305 may print as 0.931 (half-up) or 0.930 (half-even); both accepted."""
    assert check_arithmetic("0.931", "0.9305", exact_inputs=True).consistent
    assert check_arithmetic("0.930", "0.9305", exact_inputs=True).consistent
    assert not check_arithmetic("0.932", "0.9305", exact_inputs=True).consistent


def test_exact_rationals_decide_the_boundary():
    """1/8 = 0.125 exactly: 0.12 and 0.13 are both consistent, 0.11 is not."""
    assert check_proportion("0.12", 1, 8).consistent
    assert check_proportion("0.13", 1, 8).consistent
    assert not check_proportion("0.11", 1, 8).consistent
    assert not check_proportion("0.14", 1, 8).consistent


def test_trailing_zeros_set_the_precision():
    """'0.790' has three decimals; the float 0.79 has two."""
    assert check_proportion("0.790", 79, 100).decimals == (3,)
    assert check_proportion(0.79, 79, 100).decimals == (2,)
    assert not check_proportion("0.790", 791, 1000).consistent
    assert check_proportion(0.79, 791, 1000).consistent
    assert check_proportion(Decimal("0.790"), 79, 100).decimals == (3,)


def test_explicit_decimals_override_the_printed_precision():
    """decimals= replaces the precision read from the string."""
    assert check_proportion("0.22", 36, 164, decimals=2).consistent
    assert not check_proportion("0.22", 36, 164, decimals=4).consistent


def test_percent_attainable_lists_every_k():
    """Attainability returns all counts that print as the value."""
    assert percent_attainable("23.5", 51).candidates == (12,)
    assert percent_attainable("50", 3).candidates == ()  # 33.3 or 66.7 only
    assert percent_attainable("33", 3).candidates == (1,)
    assert proportion_attainable("0.5", 1000).candidates == tuple(range(450, 551))
    res = percent_attainable("23.6", 51)
    assert not res.consistent
    assert res.recomputed == pytest.approx((100 * 12 / 51, 100 * 13 / 51))


def test_vm_table3_pivot_preservation_needs_the_valid_denominator():
    """0.354 is not a rate over 100 seeds but is 35/99 (99 valid solves)."""
    assert not proportion_attainable("0.354", 100).consistent
    assert proportion_attainable("0.354", 99).candidates == (35,)


def test_grim_known_cases():
    """GRIM: 5.19 over 28 integer scores is impossible; with 3 items it is not."""
    assert not grim("5.19", 28).consistent
    assert grim("5.18", 28).candidates == (145,)  # 145/28 = 5.1786
    assert grim("5.19", 28, items=3).candidates == (436,)  # 436/84 = 5.1905
    assert grim("-1.5", 2).candidates == (-3,)


def test_table_checks_widen_rounded_inputs():
    """Rounded inputs widen; exact inputs do not."""
    assert check_sum("100.0", ["33.3", "33.3", "33.3"]).consistent
    assert not check_sum(
        "100.0", ["33.3", "33.3", "33.3"], exact_inputs=True
    ).consistent
    assert not check_sum("100.2", ["33.3", "33.3", "33.3"]).consistent
    assert check_sum("12", [3, 4, 5]).consistent
    assert not check_sum("13", [3, 4, 5]).consistent
    assert check_mean("4", ["3", "4", "5"]).consistent
    assert not check_mean("4.1", [3, 4, 5]).consistent
    assert check_difference("0.10", "0.990", "0.890").consistent
    assert not check_difference("0.12", "0.990", "0.890").consistent
    assert check_ratio("252", "2.52", "0.01").consistent
    assert not check_ratio("2.0", 3, 2).consistent


def test_ratio_reachable_range_is_interval_arithmetic():
    """2.52 / 0.01 ranges over [2.515/0.015, 2.525/0.005]."""
    res = check_ratio("252", "2.52", "0.01")
    lo, hi = res.reachable[0]
    assert (lo, hi) == (pytest.approx(2.515 / 0.015), pytest.approx(2.525 / 0.005))


def test_difference_widens_both_ends():
    """0.990 - 0.890 spans [0.0990, 0.1010], so 0.101 is consistent."""
    res = check_difference("0.101", "0.990", "0.890")
    assert res.consistent
    assert res.reachable == ((pytest.approx(0.099), pytest.approx(0.101)),)
    assert check_arithmetic("-0.101", "0.890 - 0.990").consistent


def test_arithmetic_expression():
    """The VM shortfall and rule-of-three numbers recompute."""
    assert check_arithmetic("0.544", "1 - 21.467/47.084").consistent
    assert check_arithmetic("1.25", "3/240*100").consistent
    assert check_arithmetic("3.13", "3/96*100").consistent
    assert not check_arithmetic("3.11", "3/96*100").consistent
    assert check_arithmetic("2.718", "exp(1)").consistent
    assert check_arithmetic("1.414", "sqrt(2)").consistent
    assert check_arithmetic("0.693", "log(2)").consistent
    assert check_arithmetic("8", "2**3").consistent
    assert check_arithmetic("0.25", "2**-2").consistent
    assert check_arithmetic("4", "(-2)**2").consistent
    assert not check_arithmetic("-4", "-(2**2) + 1").consistent


def test_equal_checks_overlap_of_two_printings():
    """Two printings agree when their rounding intervals meet."""
    assert check_equal("0.990", "0.99").consistent
    assert check_equal("0.451", "0.450570").consistent
    assert not check_equal("0.452", "0.450570").consistent


# --- cross-checks against scipy and statsmodels ---


@pytest.mark.parametrize(
    ("test", "df", "dist"),
    [
        ("z", None, stats.norm()),
        ("t", 12, stats.t(12)),
        ("chi2", 3, stats.chi2(3)),
        ("F", (2, 30), stats.f(2, 30)),
    ],
)
@pytest.mark.parametrize("statistic", [0.5, 1.7, 2.3, 3.9])
def test_pvalue_matches_scipy(test, df, dist, statistic):
    """The recomputed p-value is scipy's (2 sf(|x|) for z/t, sf(x) for chi2/F)."""
    two = test in ("z", "t")
    expected = 2 * dist.sf(statistic) if two else dist.sf(statistic)
    printed = f"{expected:.4f}"
    res = recompute_pvalue(statistic, printed, test=test, df=df)
    assert res.recomputed[0] == pytest.approx(expected, rel=1e-12)
    assert res.consistent
    shifted = f"{expected + 0.0003:.4f}"
    assert not recompute_pvalue(statistic, shifted, test=test, df=df).consistent


def test_pvalue_one_sided_and_bounds():
    """One-sided tails and printed bounds (<, >) follow scipy."""
    greater = stats.norm.sf(1.7)
    assert recompute_pvalue(
        1.7, f"{greater:.3f}", test="z", alternative="greater"
    ).consistent
    less = stats.t(5).cdf(-2.0)
    assert recompute_pvalue(
        -2.0, f"{less:.3f}", test="t", df=5, alternative="less"
    ).consistent
    assert recompute_pvalue("10.8", "<0.001", test="chi2", df=1).consistent
    assert not recompute_pvalue("1.0", "<0.05", test="z").consistent
    assert recompute_pvalue("1.0", ">0.05", test="z").consistent
    assert not recompute_pvalue("3.0", ">0.05", test="z").consistent


def test_pvalue_uses_the_rounding_interval_of_the_statistic():
    """z printed as 1.96 spans [1.955, 1.965]: p from 0.0494 to 0.0506."""
    assert recompute_pvalue("1.96", "0.0494", test="z").consistent
    assert recompute_pvalue("1.96", "0.0506", test="z").consistent
    assert not recompute_pvalue(1.96, "0.0494", test="z").consistent
    assert not recompute_pvalue("1.96", "0.0480", test="z").consistent


_SM = {
    "wilson": "wilson",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
    "agresti-coull": "agresti_coull",
}


@pytest.mark.parametrize("method", sorted(_SM))
@pytest.mark.parametrize(("k", "n"), [(0, 60), (12, 60), (36, 164), (7, 10)])
def test_interval_matches_statsmodels(method, k, n):
    """statsmodels' proportion_confint, printed at 4 decimals, is consistent."""
    low, high = proportion_confint(k, n, alpha=0.05, method=_SM[method])
    res = recompute_interval(k, n, f"{low:.4f}", f"{high:.4f}", method=method)
    assert res.consistent
    assert res.recomputed == (
        pytest.approx(low, abs=1e-12),
        pytest.approx(high, abs=1e-12),
    )
    bad = recompute_interval(k, n, f"{low:.4f}", f"{high + 0.0002:.4f}", method=method)
    assert not bad.consistent


# --- laws ---


@given(n=st.integers(1, 2000), data=st.data(), decimals=st.integers(0, 3))
@example(n=51, data=None, decimals=1)
def test_rounded_percent_is_always_attainable(n, data, decimals):
    """Any k/n printed at any precision is attainable and lists k."""
    k = 12 if data is None else data.draw(st.integers(0, n))
    printed = f"{100 * k / n:.{decimals}f}"
    res = percent_attainable(printed, n)
    assert res.consistent
    assert k in res.candidates
    assert check_proportion(printed, k, n, scale=100).consistent


@given(
    n=st.integers(1, 500), total=st.integers(-5000, 5000), decimals=st.integers(0, 3)
)
def test_grim_accepts_every_true_mean(n, total, decimals):
    """The rounded mean of integer data passes GRIM with its true total listed."""
    res = grim(f"{total / n:.{decimals}f}", n)
    assert res.consistent
    assert total in res.candidates or len(res.candidates) == 1000


@given(values=st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=20))
def test_sum_and_mean_of_exact_integers(values):
    """Exact integer inputs give exact sums and means."""
    assert check_sum(str(sum(values)), values).consistent
    assert not check_sum(str(sum(values) + 1), values).consistent
    mean = Fraction(sum(values), len(values))
    assert check_mean(f"{float(mean):.6f}", values).consistent


# --- the expression walker never evaluates Python ---


@pytest.mark.parametrize(
    "expr",
    [
        "__import__('os').system('true')",
        "x + 1",
        "(1).real",
        "[1, 2]",
        "abs(-1)",
        "sqrt(x=4)",
        "lambda: 1",
        "1 if 1 else 2",
        "1 +",
        "'1' + '2'",
        "",
        "1" * 1001,
        "1 < 2",
    ],
)
def test_disallowed_expressions(expr):
    """Anything but numbers, + - * / **, parentheses, sqrt/log/exp is refused."""
    with pytest.raises(ExpressionError):
        check_arithmetic("1", expr)


@pytest.mark.parametrize(
    ("expr", "match"),
    [
        ("2**100", "exponent 100"),
        ("1/(1-1)", "contains 0"),
        ("sqrt(-1)", "sqrt is undefined"),
        ("log(0)", "log is undefined"),
        ("exp(1000)", "overflows"),
        ("(-2)**0.5", "positive base"),
    ],
)
def test_domain_errors_of_expressions(expr, match):
    """Out-of-domain arithmetic is a ValueError, never a NaN or infinity."""
    with pytest.raises(ValueError, match=match):
        check_arithmetic("1", expr)


# --- bad input (one table, STYLE.md §7) ---

BAD = [
    (
        check_proportion,
        ("1", 2, 1),
        {},
        ValueError,
        r"k=2 must satisfy 0 <= k <= n \(n=1\)",
    ),
    (check_proportion, ("1", 1, 0), {}, ValueError, "n must be >= 1, got 0"),
    (check_proportion, ("1", 1.0, 2), {}, TypeError, "k must be an int"),
    (check_proportion, ("1", True, 2), {}, TypeError, "k must be an int"),
    (check_proportion, ("abc", 1, 2), {}, ValueError, "printed='abc' is not a number"),
    (check_proportion, ("nan", 1, 2), {}, ValueError, "must be finite"),
    (check_proportion, (None, 1, 2), {}, TypeError, "printed must be a str"),
    (
        check_proportion,
        ("1", 1, 2),
        {"decimals": 30},
        ValueError,
        r"decimals=30 must be in \[-20, 20\]",
    ),
    (percent_attainable, ("101", 10), {}, ValueError, r"must be in \[0, 100\]"),
    (percent_attainable, ("-1", 10), {}, ValueError, r"must be in \[0, 100\]"),
    (percent_attainable, ("10", 0), {}, ValueError, "n must be >= 1"),
    (
        percent_attainable,
        ("10", 10**8),
        {},
        ValueError,
        r"n=100000000 must be <= 10000000",
    ),
    (proportion_attainable, ("1.5", 10), {}, ValueError, r"must be in \[0, 1\]"),
    (grim, ("1.5", 10), {"items": 0}, ValueError, "items must be >= 1"),
    (
        recompute_interval,
        (1, 10, "0.1", "0.2"),
        {"method": "wald"},
        ValueError,
        "method must be one of",
    ),
    (
        recompute_interval,
        (1, 10, "0.1", "0.2"),
        {"confidence_level": 1.5},
        ValueError,
        "confidence_level",
    ),
    (recompute_pvalue, ("2", "0.05"), {"test": "u"}, ValueError, "test must be one of"),
    (
        recompute_pvalue,
        ("2", "0.05"),
        {"test": "t"},
        TypeError,
        "df must be a real number",
    ),
    (
        recompute_pvalue,
        ("2", "0.05"),
        {"test": "t", "df": 0},
        ValueError,
        r"df must be in \(0, inf\)",
    ),
    (
        recompute_pvalue,
        ("2", "0.05"),
        {"test": "F", "df": 3},
        ValueError,
        "must be a pair",
    ),
    (
        recompute_pvalue,
        ("2", "0.05"),
        {"test": "z", "df": 3},
        ValueError,
        "must be None",
    ),
    (
        recompute_pvalue,
        ("2", "0.05"),
        {"test": "z", "alternative": "both"},
        ValueError,
        "alternative must be one of",
    ),
    (
        recompute_pvalue,
        ("2", "1.2"),
        {"test": "z"},
        ValueError,
        r"pvalue='1.2' must be in \[0, 1\]",
    ),
    (
        recompute_pvalue,
        ("2", "<-0.1"),
        {"test": "z"},
        ValueError,
        r"must be in \[0, 1\]",
    ),
    (check_sum, ("1", []), {}, ValueError, "values must hold 1 to"),
    (check_sum, ("1", "123"), {}, TypeError, "values must be a sequence"),
    (check_ratio, ("1", "1", "0.0"), {}, ValueError, "contains 0"),
    (check_arithmetic, ("1", 3), {}, TypeError, "expr must be a str"),
]


@pytest.mark.parametrize(("func", "args", "kwargs", "exc", "match"), BAD)
def test_bad_input(func, args, kwargs, exc, match):
    """Bad calls raise with a message naming the argument and the rule."""
    with pytest.raises(exc, match=match):
        func(*args, **kwargs)


def test_results_are_frozen_builtin_numbers():
    """Results are frozen and hold builtin floats and ints (JSON-ready)."""
    res = percent_attainable("23.5", 51)
    with pytest.raises(AttributeError):
        res.consistent = False
    assert all(type(v) is float for v in res.recomputed)
    assert all(type(k) is int for k in res.candidates)
    assert type(res.consistent) is bool


def test_theory_reexports_the_toolkit():
    """``theory`` re-exports every consistency name, lazily, and its subpackages."""
    import theory.consistency as mod

    assert set(mod.__all__) <= set(theory.__all__)
    assert {"consistency", "decay", "depth", "inference", "sheaf"} <= set(
        theory.__all__
    )
    assert all(hasattr(theory, name) for name in theory.__all__)
    assert all(getattr(theory, name) is getattr(mod, name) for name in mod.__all__)
    assert math.isclose(theory.grim("5.18", 28).recomputed[0], 145 / 28)
