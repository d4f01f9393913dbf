"""Rounding rules, GRIMMER, DEBIT, difference intervals, r, bounds (issues 29 and 33)."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import confint_proportions_2indep

from theory.consistency import (
    ROUNDINGS,
    check_arithmetic,
    check_difference,
    check_equal,
    check_mean,
    check_proportion,
    check_ratio,
    check_sum,
    debit,
    grim,
    grimmer,
    percent_attainable,
    proportion_attainable,
    recompute_difference_interval,
    recompute_interval,
    recompute_pvalue,
)

# --- the rounding rules, at the boundary, decided exactly ---


def _ok(printed: str, k: int, n: int, rule: str) -> bool:
    return check_proportion(printed, k, n, rounding=rule).consistent


@pytest.mark.parametrize(
    ("printed", "k", "n", "expected"),
    [
        # 1/8 = 0.125: a tie at two decimals
        (
            "0.12",
            1,
            8,
            {"nearest": 1, "half-up": 0, "half-even": 1, "truncate": 1, "any": 1},
        ),
        (
            "0.13",
            1,
            8,
            {"nearest": 1, "half-up": 1, "half-even": 0, "truncate": 0, "any": 1},
        ),
        (
            "0.11",
            1,
            8,
            {"nearest": 0, "half-up": 0, "half-even": 0, "truncate": 0, "any": 0},
        ),
        # 3/8 = 0.375: the tie goes to the even 0.38 under half-even
        (
            "0.38",
            3,
            8,
            {"nearest": 1, "half-up": 1, "half-even": 1, "truncate": 0, "any": 1},
        ),
        (
            "0.37",
            3,
            8,
            {"nearest": 1, "half-up": 0, "half-even": 0, "truncate": 1, "any": 1},
        ),
        # 2/3 = 0.6666...: not a tie
        (
            "0.67",
            2,
            3,
            {"nearest": 1, "half-up": 1, "half-even": 1, "truncate": 0, "any": 1},
        ),
        (
            "0.66",
            2,
            3,
            {"nearest": 0, "half-up": 0, "half-even": 0, "truncate": 1, "any": 1},
        ),
        # 1/2 = 0.5 at 0 decimals: half-up gives 1, half-even gives 0
        (
            "1",
            1,
            2,
            {"nearest": 1, "half-up": 1, "half-even": 0, "truncate": 0, "any": 1},
        ),
        (
            "0",
            1,
            2,
            {"nearest": 1, "half-up": 0, "half-even": 1, "truncate": 1, "any": 1},
        ),
        # exactly printed: all rules accept
        ("0.25", 1, 4, dict.fromkeys(ROUNDINGS, 1)),
        # 0.2 + one unit is not truncated to 0.2
        ("0.2", 3, 10, dict.fromkeys(ROUNDINGS, 0)),
    ],
)
def test_rounding_rules_at_the_boundary(printed, k, n, expected):
    """Each rule accepts exactly what it says at ties and at the unit's end."""
    got = {rule: int(_ok(printed, k, n, rule)) for rule in ROUNDINGS}
    assert got == expected


def test_truncation_upper_end_is_open():
    """0.3 truncates to 0.3, not 0.2: [0.2, 0.3) at one decimal."""
    assert not check_proportion("0.2", 3, 10, rounding="truncate").consistent
    assert check_proportion("0.2", 29, 100, rounding="truncate").consistent


def test_negative_values_mirror():
    """-0.125 half-up (away from zero) prints -0.13; truncated, -0.12."""
    tie = "-1/8"
    assert check_arithmetic("-0.13", tie, rounding="half-up").consistent
    assert not check_arithmetic("-0.12", tie, rounding="half-up").consistent
    assert check_arithmetic("-0.12", tie, rounding="truncate").consistent
    assert not check_arithmetic("-0.13", tie, rounding="truncate").consistent
    assert check_arithmetic("-0.12", tie, rounding="half-even").consistent
    assert not check_arithmetic("-0.13", tie, rounding="half-even").consistent
    assert check_arithmetic(
        "-0.12", "-0.129", exact_inputs=True, rounding="any"
    ).consistent
    assert not check_arithmetic(
        "-0.12", "-0.13", exact_inputs=True, rounding="any"
    ).consistent


def test_printed_zero_under_each_rule():
    """A printed 0 at 1 decimal: which small values each rule allows."""
    for rule, (yes, no) in {
        "nearest": ("0.05", "0.06"),
        "half-up": ("0.049", "0.05"),
        "half-even": ("0.05", "0.051"),
        "truncate": ("0.099", "0.1"),
        "any": ("-0.099", "-0.1"),
    }.items():
        assert check_arithmetic(
            "0.0", yes, exact_inputs=True, rounding=rule
        ).consistent, rule
        assert not check_arithmetic(
            "0.0", no, exact_inputs=True, rounding=rule
        ).consistent, rule


def test_grim_issue_example_under_each_rule():
    """233/21 = 11.0952...: 11.09 only by truncation."""
    assert not grim("11.09", 21).consistent
    assert not grim("11.09", 21, rounding="half-up").consistent
    assert not grim("11.09", 21, rounding="half-even").consistent
    assert grim("11.09", 21, rounding="truncate").candidates == (233,)
    assert grim("11.09", 21, rounding="any").candidates == (233,)
    assert grim("11.10", 21).candidates == (233,)


def test_attainable_open_ends():
    """Open ends drop exactly the counts on them."""
    # k/8 printed 0.13: nearest accepts k = 1 (0.125); half-even does not
    assert proportion_attainable("0.13", 8).candidates == (1,)
    assert proportion_attainable("0.13", 8, rounding="half-even").candidates == ()
    assert proportion_attainable("0.13", 8, rounding="half-up").candidates == (1,)
    assert proportion_attainable("0.12", 8, rounding="half-up").candidates == ()
    assert proportion_attainable("0.1", 10, rounding="truncate").candidates == (1,)
    assert percent_attainable("12", 8, rounding="truncate").candidates == (1,)


@pytest.mark.parametrize("rule", ROUNDINGS)
def test_every_check_takes_the_rule(rule):
    """rounding= reaches every check (a bad name is refused by each)."""
    calls = [
        lambda rr: check_sum("1.0", [0.5, 0.5], rounding=rr),
        lambda rr: check_mean("0.5", [0.25, 0.75], rounding=rr),
        lambda rr: check_difference("0.5", 1, 0.5, rounding=rr),
        lambda rr: check_ratio("2", 1, 0.5, rounding=rr),
        lambda rr: check_arithmetic("2", "1+1", rounding=rr),
        lambda rr: check_equal("0.5", "0.50", rounding=rr),
        lambda rr: grim("2.5", 2, rounding=rr),
        lambda rr: recompute_interval(
            1, 2, "0.09", "0.90" if rr == "truncate" else "0.91", rounding=rr
        ),
        lambda rr: recompute_pvalue("1.96", "0.05", test="z", rounding=rr),
        lambda rr: grimmer(
            "2.5", "0.70" if rr == "truncate" else "0.71", 2, rounding=rr
        ),
        lambda rr: debit("0.5", "0.70" if rr == "truncate" else "0.71", 2, rounding=rr),
    ]
    for call in calls:
        assert call(rule).consistent
        with pytest.raises(ValueError, match="rounding"):
            call("half_up")


# --- percents above 100, overflow ---


def test_percent_above_100():
    """bounded=False allows k > n and values above 100."""
    assert percent_attainable("152.9", 51, bounded=False).candidates == (78,)
    assert check_proportion("120", 6, 5, scale=100, bounded=False).consistent
    with pytest.raises(ValueError, match=r"k=6 must be <= n=5|k"):
        check_proportion("120", 6, 5, scale=100)
    with pytest.raises(ValueError, match=r"in \[0, 100\]"):
        percent_attainable("152.9", 51)
    with pytest.raises(ValueError, match=">= 0"):
        percent_attainable("-1", 51, bounded=False)
    with pytest.raises(TypeError, match="bounded"):
        percent_attainable("1", 51, bounded=1)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: grim("1e999", 10), "mean"),
        (lambda: check_ratio("1", 1, 5e-324), "ratio"),
        (lambda: check_proportion("1e-999", 1, 2), "printed"),
        (lambda: check_sum("1", ["1e401"]), "values"),
        (lambda: check_arithmetic("1", "10**60 * 1e300"), "expr"),
        (lambda: recompute_pvalue("1e999", ".5", test="z"), "statistic"),
    ],
)
def test_overflow_is_a_value_error_naming_the_argument(call, name):
    """Issue 33: no OverflowError; the message names the argument."""
    with pytest.raises(ValueError, match=name):
        call()


def test_exponent_cap_is_on_both_sides():
    """1e-400 is printable; 1e401 is not; 0E-401 neither (exponent); 1e400 overflows."""
    assert check_equal("1e300", "1e300").consistent
    assert check_equal("1e-400", "1e-400").consistent
    with pytest.raises(ValueError, match="other: the recomputation exceeds"):
        check_equal("1e400", "1e400")
    assert check_equal("0E-400", "0").consistent
    for bad in ("1e401", "1e-401", "0E-401", "0E+401"):
        with pytest.raises(ValueError, match="printed="):
            check_equal(bad, "1")


# --- r, F df as a list, one-tailed, p = .000 ---


def test_r_through_its_exact_t_transform():
    """r(28) = .22: p over r in [.215, .225] through t = r sqrt(df / (1 - r^2))."""
    res = recompute_pvalue(".22", ".26", test="r", df=28)
    assert not res.consistent
    lo_r, hi_r = 0.215, 0.225
    p_hi = 2 * stats.t.sf(lo_r * math.sqrt(28 / (1 - lo_r**2)), 28)
    p_lo = 2 * stats.t.sf(hi_r * math.sqrt(28 / (1 - hi_r**2)), 28)
    assert res.reachable[0] == (
        pytest.approx(p_lo, rel=1e-12),
        pytest.approx(p_hi, rel=1e-12),
    )
    # pearsonr's own p-value for a sample with r = .22 and n = 30 agrees
    assert recompute_pvalue(".22", f"{p_lo:.3f}", test="r", df=28).consistent
    assert recompute_pvalue("1.0", "<.001", test="r", df=5).consistent
    assert recompute_pvalue("-1", "0", test="r", df=5).consistent


def test_r_keeps_its_own_rounding():
    """r = .2 (one decimal) spans [.15, .25]: p from .18 to .43 at df = 28."""
    res = recompute_pvalue(".2", ".20", test="r", df=28)
    assert res.consistent
    assert not recompute_pvalue(".20", ".20", test="r", df=28).consistent


def test_f_degrees_of_freedom_as_a_list():
    """[2, 28] is read as (2, 28)."""
    a = recompute_pvalue("2.20", ".13", test="F", df=[2, 28])
    b = recompute_pvalue("2.20", ".13", test="F", df=(2, 28))
    assert a == b
    assert a.consistent
    with pytest.raises(ValueError, match="pair"):
        recompute_pvalue("2.20", ".13", test="F", df=[2, 28, 3])


def test_one_tailed_is_half_the_two_sided():
    """t(28) = 2.20: two-sided .036, one-tailed .018."""
    assert recompute_pvalue(
        "2.20", ".018", test="t", df=28, alternative="one-tailed"
    ).consistent
    assert not recompute_pvalue("2.20", ".018", test="t", df=28).consistent
    assert recompute_pvalue(
        "-2.20", ".018", test="t", df=28, alternative="one-tailed"
    ).consistent


def test_p_zero_switch():
    """p = .000: rounded (default) or always inconsistent (statcheck's default)."""
    assert recompute_pvalue("22.20", ".000", test="t", df=28).consistent
    assert not recompute_pvalue(
        "22.20", ".000", test="t", df=28, zero_p="inconsistent"
    ).consistent
    assert not recompute_pvalue("22.20", "<.000", test="t", df=28).consistent


def test_statistic_inequalities():
    """t(28) < 2.2 reaches every p above p(2.25); t > 2.2 every p below p(2.15)."""
    assert recompute_pvalue("<2.2", ".50", test="t", df=28).consistent
    assert not recompute_pvalue("<2.2", ".02", test="t", df=28).consistent
    assert recompute_pvalue(">2.2", ".001", test="t", df=28).consistent
    assert not recompute_pvalue(">2.2", ".08", test="t", df=28).consistent
    assert recompute_pvalue(">=2.2", "<.05", test="t", df=28).consistent
    assert recompute_pvalue("<3", ".40", test="chi2", df=2).consistent
    assert not recompute_pvalue("<3", ".10", test="chi2", df=2).consistent
    assert recompute_pvalue(">1", ".9", test="z", alternative="less").consistent
    assert not recompute_pvalue(">1", ".5", test="z", alternative="less").consistent
    assert recompute_pvalue("<2", ".40", test="z", alternative="one-tailed").consistent
    assert not recompute_pvalue(
        "<2", ".60", test="z", alternative="one-tailed"
    ).consistent


def test_ns_is_p_above_alpha():
    """'ns' is p > alpha; its printed form stays 'ns'."""
    res = recompute_pvalue("1.20", "ns", test="t", df=28)
    assert res.consistent
    assert res.printed == "ns"
    bad = recompute_pvalue("2.20", "ns", test="t", df=28)
    assert not bad.consistent
    assert bad.gross_error
    assert recompute_pvalue(
        "2.20", "ns", test="t", df=28, significance_level=0.01
    ).consistent


@pytest.mark.parametrize(
    ("stat", "p", "kwargs", "gross"),
    [
        ("2.20", ".06", {}, True),
        ("1.20", ".03", {}, True),
        ("2.20", ".03", {}, False),  # inconsistent, same side
        ("2.20", ".05", {}, False),  # p = alpha counts as significant
        ("2.20", ".05", {"p_equal_alpha_significant": False}, True),
        ("2.20", "<.05", {}, False),  # consistent
        ("1.20", "<.05", {}, True),
        ("1.20", "<=.05", {}, True),
        ("1.20", "<.10", {}, False),  # a bound above alpha says nothing
        ("1.20", "<=.10", {}, False),
        ("3.50", ">.05", {}, True),
        ("3.50", ">=.05", {"p_equal_alpha_significant": False}, True),
        ("3.50", ">=.05", {}, False),
        ("3.50", ">.01", {}, False),
        ("2.20", ".11", {"significance_level": 0.10}, True),
    ],
)
def test_decision_errors(stat, p, kwargs, gross):
    """gross_error: printed and recomputed p on different sides of alpha."""
    res = recompute_pvalue(stat, p, test="t", df=28, **kwargs)
    assert res.gross_error is gross
    if gross:
        assert not res.consistent


def test_gross_error_is_false_for_other_checks():
    """Only p-values set gross_error."""
    assert grim("5.19", 28).gross_error is False


# --- GRIMMER ---


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=9), min_size=2, max_size=40),
    st.integers(min_value=1, max_value=3),
    st.sampled_from(("nearest", "half-up", "half-even", "any")),
)
def test_grimmer_accepts_real_data(data, decimals, rule):
    """The mean and SD of any integer data, printed by the rule, are consistent."""
    n = len(data)
    total = sum(data)
    mean = Fraction(total, n)
    var = Fraction(sum(x * x for x in data) - Fraction(total * total, n), n - 1)
    sd = math.sqrt(var)

    def show(x: Fraction | float) -> str:
        q = Decimal(1).scaleb(-decimals)
        mode = {
            "nearest": "ROUND_HALF_UP",
            "half-up": "ROUND_HALF_UP",
            "any": "ROUND_HALF_UP",
            "half-even": "ROUND_HALF_EVEN",
        }[rule]
        if isinstance(x, Fraction):
            value = Decimal(x.numerator) / Decimal(x.denominator)
        else:
            value = Decimal(x)
        return str(value.quantize(q, rounding=mode))

    printed_sd = show(sd)
    # skip SDs whose exact value sits within float error of a rounding tie
    scaled = sd * 10**decimals
    if abs(scaled - math.floor(scaled) - 0.5) < 1e-9:
        return
    res = grimmer(show(mean), printed_sd, n, rounding=rule)
    assert res.consistent, (data, show(mean), printed_sd)
    assert total in res.candidates


def test_grimmer_parity_rule():
    """n = 2, mean 1.5 (S = 3, odd): SD 0.71 needs Q = 5 (odd, 1 + 4) — fine;
    an SD needing an even Q with an odd S is refused."""
    assert grimmer("1.5", "0.71", 2).consistent  # {1, 2}
    # S = 3, n = 2: Q = 4.5 + sd**2; sd = 1.58 -> Q = 7 (odd) ok ({0, 3}: Q = 9, sd 2.12)
    assert grimmer("1.5", "2.12", 2).consistent
    # sd = 1.41 -> Q = 4.5 + 1.99 = 6.49..6.52: no integer
    assert not grimmer("1.5", "1.41", 2).consistent
    # sd**2 = 1.5 -> Q = 6 (even) with S = 3 odd: inconsistent by parity alone
    assert not grimmer("1.5", "1.225", 2).consistent
    assert grimmer("1.5", "1.225", 2, items=2).consistent is not None


def test_grimmer_fails_grim_first():
    """A GRIM-inconsistent mean is GRIMMER-inconsistent with no candidates."""
    res = grimmer("5.19", "1.00", 28)
    assert not res.consistent
    assert res.candidates == ()
    assert not grim("5.19", 28).consistent


def test_grimmer_items():
    """Three items per response: means in thirds of units (scrutiny's vignette)."""
    assert not grim("5.71", 40).consistent
    assert grim("5.71", 40, items=3).consistent
    for mean, sd in [
        ("5.90", "2.19"),
        ("5.71", "1.42"),
        ("3.50", "1.81"),
        ("3.82", "2.43"),
        ("4.61", "1.92"),
        ("5.24", "2.51"),
    ]:
        assert grimmer(mean, sd, 40, items=3).consistent, (mean, sd)


@pytest.mark.parametrize(
    ("args", "kwargs", "exc", "match"),
    [
        (("1.5", "0.71", 1), {}, ValueError, "n"),
        (("1.5", "-0.71", 2), {}, ValueError, "sd"),
        (("1.5", "0.71", 2), {"items": 0}, ValueError, "items"),
        (("1.5", "0.71", 10**7), {"items": 2}, ValueError, "n"),
        (("x", "0.71", 2), {}, ValueError, "mean"),
    ],
)
def test_grimmer_bad_input(args, kwargs, exc, match):
    """Bad input raises, naming the argument."""
    with pytest.raises(exc, match=match):
        grimmer(*args, **kwargs)


# --- DEBIT ---


@pytest.mark.parametrize("n", [2, 3, 10, 57, 1000])
def test_debit_accepts_every_binary_sample(n):
    """Every k of n, printed to 2 and 3 decimals, is DEBIT-consistent."""
    for k in range(0, n + 1, max(1, n // 25)):
        sd = math.sqrt(k * (n - k) / (n * (n - 1)))
        for d in (2, 3):
            if abs(sd * 10**d - math.floor(sd * 10**d) - 0.5) < 1e-9:
                continue
            assert debit(f"{k / n:.{d}f}", f"{sd:.{d}f}", n).consistent, (k, n, d)


def test_debit_issue_and_bad_input():
    """x = .50, sd = .496, n = 1000 is not binary; bad input names the argument."""
    res = debit("0.50", "0.496", 1000)
    assert not res.consistent
    assert res.recomputed[0] == pytest.approx(math.sqrt(495 * 505 / (1000 * 999)))
    assert debit("0.50", "0.500", 1000).consistent
    with pytest.raises(ValueError, match="mean"):
        debit("1.5", "0.5", 10)
    with pytest.raises(ValueError, match="sd"):
        debit("0.5", "-0.5", 10)
    with pytest.raises(ValueError, match="n"):
        debit("0.5", "0.5", 1)


def test_debit_sd_bounds_are_exact():
    """k = 1, n = 4: sd = sqrt(3/12) = 0.5 exactly; 0.49 and 0.51 are out, 0.50 in."""
    assert debit("0.25", "0.50", 4).consistent
    assert not debit("0.25", "0.49", 4).consistent
    assert not debit("0.25", "0.51", 4).consistent
    # 0.5 is a tie at 0 decimals: half-even prints it 0 (even), half-up 1
    assert debit("0.25", "0", 4, rounding="half-even").consistent
    assert not debit("0.25", "1", 4, rounding="half-even").consistent
    assert debit("0.25", "1", 4, rounding="half-up").consistent
    assert not debit("0.25", "0", 4, rounding="half-up").consistent


# --- differences of proportions ---


@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2"),
    [
        (56, 70, 48, 80),
        (9, 10, 3, 10),
        (6, 7, 2, 7),
        (5, 56, 0, 29),
        (0, 10, 0, 20),
        (10, 10, 0, 10),
    ],
)
@pytest.mark.parametrize(
    ("ours", "theirs"), [("newcombe", "newcomb"), ("wald", "wald")]
)
def test_difference_interval_matches_statsmodels(k1, n1, k2, n2, ours, theirs):
    """Newcombe's hybrid score and Wald intervals agree with statsmodels to 1e-12."""
    lo, hi = confint_proportions_2indep(k1, n1, k2, n2, method=theirs, compare="diff")
    res = recompute_difference_interval(
        k1, n1, k2, n2, f"{lo:.4f}", f"{hi:.4f}", method=ours
    )
    assert res.consistent
    assert res.recomputed == (
        pytest.approx(lo, abs=1e-12),
        pytest.approx(hi, abs=1e-12),
    )


def test_difference_interval_newcombe_1998_table():
    """Newcombe (1998) Table II, 56/70 - 48/80: method 10 0.0524 to 0.3339."""
    assert recompute_difference_interval(56, 70, 48, 80, "0.0524", "0.3339").consistent
    assert recompute_difference_interval(
        56, 70, 48, 80, "5.24", "33.39", scale=100
    ).consistent
    assert not recompute_difference_interval(
        56, 70, 48, 80, "0.0525", "0.3339"
    ).consistent
    assert not recompute_difference_interval(
        56, 70, 48, 80, "0.0524", "0.3339", method="wald"
    ).consistent
    with pytest.raises(ValueError, match="method"):
        recompute_difference_interval(1, 2, 1, 2, "0", "0", method="score")
    with pytest.raises(ValueError, match="k"):
        recompute_difference_interval(3, 2, 1, 2, "0", "0")
