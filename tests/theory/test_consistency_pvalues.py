"""P-values without a blind spot below 1e-12, against 50-digit mpmath (issue 29)."""

import math

import mpmath as mp
import pytest
from scipy import stats

from theory.consistency import check_arithmetic, recompute_pvalue

mp.mp.dps = 50

TINY = (1e-20, 1e-100, 1e-300)


def _z_two_sided(x: mp.mpf) -> mp.mpf:
    return mp.erfc(abs(x) / mp.sqrt(2))


def _t_two_sided(x: mp.mpf, df: int) -> mp.mpf:
    nu = mp.mpf(df)
    return mp.betainc(nu / 2, mp.mpf(1) / 2, 0, nu / (nu + x * x), regularized=True)


def _chi2_upper(x: mp.mpf, df: int) -> mp.mpf:
    return mp.gammainc(mp.mpf(df) / 2, x / 2, mp.inf, regularized=True)


def _f_upper(x: mp.mpf, d1: int, d2: int) -> mp.mpf:
    a, b = mp.mpf(d1), mp.mpf(d2)
    return mp.betainc(b / 2, a / 2, 0, b / (b + a * x), regularized=True)


def _cases() -> list[tuple[str, object, str, object]]:
    """(test, df, statistic printed with 17 significant digits, 50-digit p)."""
    out = []
    for p in TINY:
        z = float(stats.norm.isf(p / 2))
        out.append(("z", None, repr(z), _z_two_sided(mp.mpf(repr(z)))))
        for df in (5, 28, 200):
            t = float(stats.t.isf(p / 2, df))
            if math.isfinite(t):  # t(5) at 1e-300 is beyond the floats
                out.append(("t", df, repr(t), _t_two_sided(mp.mpf(repr(t)), df)))
            c = float(stats.chi2.isf(p, df))
            out.append(("chi2", df, repr(c), _chi2_upper(mp.mpf(repr(c)), df)))
        f = float(stats.f.isf(p, 3, 200))
        if math.isfinite(f):
            out.append(("F", (3, 200), repr(f), _f_upper(mp.mpf(repr(f)), 3, 200)))
    return out


CASES = _cases()


@pytest.mark.parametrize(("test", "df", "stat", "ref"), CASES)
def test_tiny_pvalue_recomputed_within_the_slack(test, df, stat, ref):
    """The recomputed p at 1e-20..1e-300 agrees with mpmath within SLACK_ULPS ulps."""
    res = recompute_pvalue(float(stat), "0.5", test=test, df=df)
    got = res.recomputed[0]
    assert got > 0
    err = abs(mp.mpf(got) - ref) / mp.mpf(math.ulp(float(ref)))
    assert err <= 1024  # half the comparison's slack of 2048 ulps; measured <= ~600


@pytest.mark.parametrize(("test", "df", "stat", "ref"), CASES)
def test_tiny_pvalue_printed_to_three_digits_is_consistent(test, df, stat, ref):
    """The reference p printed with 3 significant digits is consistent."""
    printed = mp.nstr(ref, 3, min_fixed=1, max_fixed=0)
    res = recompute_pvalue(float(stat), printed, test=test, df=df)
    assert res.consistent, (printed, res.detail)


@pytest.mark.parametrize(("test", "df", "stat", "ref"), CASES)
def test_tiny_pvalue_off_by_one_in_the_third_digit_is_caught(test, df, stat, ref):
    """Change the third significant digit by one unit: inconsistent, however small p is."""
    mantissa, exponent = mp.nstr(ref, 3, min_fixed=1, max_fixed=0).split("e")
    wrong = f"{float(mantissa) + 0.01:.2f}e{exponent}"
    res = recompute_pvalue(float(stat), wrong, test=test, df=df)
    assert not res.consistent, (wrong, res.detail)


def test_issue_examples_are_inconsistent():
    """The examples of issue 29, all accepted before the fix."""
    assert not recompute_pvalue("7.50", "1e-20", test="z").consistent
    assert not recompute_pvalue("9.0", "1e-30", test="z").consistent
    assert not recompute_pvalue("9.0", "<0", test="z").consistent
    assert not recompute_pvalue("9.0", "<=0", test="z").consistent
    assert recompute_pvalue("7.50", "6.4e-14", test="z").consistent
    assert recompute_pvalue("9.0", "2.3e-19", test="z").consistent


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"statistic": "2", "pvalue": "<1.5", "test": "z"}, "pvalue"),
        ({"statistic": "2", "pvalue": "-0.1", "test": "z"}, "pvalue"),
        ({"statistic": "2", "pvalue": ">1", "test": "z"}, "pvalue"),
        ({"statistic": "-1.0", "pvalue": ".5", "test": "chi2", "df": 2}, "statistic"),
        ({"statistic": "-1.0", "pvalue": ".5", "test": "F", "df": (1, 2)}, "statistic"),
        ({"statistic": "1.01", "pvalue": ".5", "test": "r", "df": 20}, "statistic"),
        ({"statistic": "2", "pvalue": ".5", "test": "t", "df": math.inf}, "df"),
        (
            {"statistic": "2", "pvalue": ".5", "test": "z", "significance_level": 1.0},
            "significance_level",
        ),
        ({"statistic": "2", "pvalue": ".5", "test": "z", "zero_p": "x"}, "zero_p"),
        ({"statistic": "2", "pvalue": ".5", "test": "z", "rounding": "x"}, "rounding"),
    ],
)
def test_out_of_support_is_an_error(kwargs, match):
    """Bounds outside [0, 1] and statistics outside their support raise, naming it."""
    with pytest.raises(ValueError, match=match):
        recompute_pvalue(**kwargs)


@pytest.mark.parametrize("scale", [1e-13, 1e-100, 1e-300, 1.0, 1e100])
def test_slack_is_relative_to_the_values_compared(scale):
    """sqrt goes through floats: its slack is 2.3e-13 to 4.5e-13 of the value, at any scale."""
    x = f"{scale:.15e}"
    square = f"{scale:.0e}**2" if scale >= 1e-150 else None
    expr = f"sqrt({square})" if square else f"exp(log({scale:.0e}))"
    assert check_arithmetic(x, expr, exact_inputs=True).consistent
    off = f"{scale * (1 + 1e-11):.15e}"  # 1e-11 relative: outside the slack
    assert not check_arithmetic(off, expr, exact_inputs=True).consistent
    near = f"{scale * (1 + 1e-14):.15e}"  # 1e-14 relative: inside the slack
    assert check_arithmetic(near, expr, exact_inputs=True).consistent
