"""Fast, exact cases of the printed-number rules (they run first under mutation).

Every case goes through public names; each pins one boundary of the rounding
intervals, the interval arithmetic or the parser of printed numbers.
"""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from theory.consistency import (
    ExpressionError,
    check_arithmetic,
    check_equal,
    check_proportion,
    check_sum,
    grim,
    proportion_attainable,
    recompute_pvalue,
)


def ok(printed, expr, rounding="nearest", exact=True):
    return check_arithmetic(
        printed, expr, exact_inputs=exact, rounding=rounding
    ).consistent


# --- rounding_span: every rule, both signs, zero, both ends ---

RULE_CASES = [
    # (printed, exact value, rule, expected)
    ("0.2", "0.15", "nearest", True),
    ("0.2", "0.25", "nearest", True),
    ("0.2", "0.1499", "nearest", False),
    ("0.2", "0.2501", "nearest", False),
    ("0.2", "0.15", "half-up", True),
    ("0.2", "0.25", "half-up", False),
    ("0.2", "0.2499", "half-up", True),
    ("0.2", "0.1499", "half-up", False),
    ("-0.2", "-0.15", "half-up", True),
    ("-0.2", "-0.25", "half-up", False),
    ("-0.2", "-0.2499", "half-up", True),
    ("-0.2", "-0.1499", "half-up", False),
    ("0", "0.49", "half-up", True),
    ("0", "0.5", "half-up", False),
    ("0", "-0.5", "half-up", False),
    ("0", "-0.49", "half-up", True),
    ("0.2", "0.15", "half-even", True),
    ("0.2", "0.25", "half-even", True),
    ("0.3", "0.25", "half-even", False),
    ("0.3", "0.35", "half-even", False),
    ("0.3", "0.2501", "half-even", True),
    ("0.3", "0.3499", "half-even", True),
    ("-0.3", "-0.25", "half-even", False),
    ("-0.2", "-0.25", "half-even", True),
    ("0", "0.5", "half-even", True),
    ("0", "-0.5", "half-even", True),
    ("1", "0.5", "half-even", False),
    ("1", "1.5", "half-even", False),
    ("0.2", "0.2", "truncate", True),
    ("0.2", "0.2999", "truncate", True),
    ("0.2", "0.3", "truncate", False),
    ("0.2", "0.1999", "truncate", False),
    ("-0.2", "-0.2", "truncate", True),
    ("-0.2", "-0.2999", "truncate", True),
    ("-0.2", "-0.3", "truncate", False),
    ("-0.2", "-0.1999", "truncate", False),
    ("0", "0.999", "truncate", True),
    ("0", "1", "truncate", False),
    ("0", "-0.999", "truncate", True),
    ("0", "-1", "truncate", False),
    ("0.0", "0.0999", "truncate", True),
    ("0.0", "0.1", "truncate", False),
    ("0.0", "-0.1", "truncate", False),
    ("0.2", "0.15", "any", True),
    ("0.2", "0.1499", "any", False),
    ("0.2", "0.2999", "any", True),
    ("0.2", "0.3", "any", False),
    ("-0.2", "-0.15", "any", True),
    ("-0.2", "-0.1499", "any", False),
    ("-0.2", "-0.2999", "any", True),
    ("-0.2", "-0.3", "any", False),
    ("0", "0.999", "any", True),
    ("0", "1", "any", False),
    ("0", "-0.999", "any", True),
    ("0", "-1", "any", False),
    ("20", "14.999", "nearest", False),
    ("2E+1", "14.999", "nearest", False),
    ("2E+1", "15", "nearest", True),
    ("2E+1", "25", "nearest", True),
    ("2E+1", "25.001", "nearest", False),
    ("2E+1", "29.99", "truncate", True),
    ("2E+1", "30", "truncate", False),
]


@pytest.mark.parametrize(("printed", "value", "rule", "expected"), RULE_CASES)
def test_rule_boundaries(printed, value, rule, expected):
    """Exact values on and just past each end of each rule's interval."""
    assert ok(printed, value, rule) is expected


def test_accepted_interval_is_reported():
    """The accepted interval of the result is the rule's interval."""
    res = check_arithmetic("0.2", "0.2", exact_inputs=True, rounding="truncate")
    assert res.accepted == ((0.2, 0.3),)
    res = check_arithmetic("-0.2", "-0.2", exact_inputs=True, rounding="any")
    assert res.accepted == ((-0.3, -0.15),)
    res = check_arithmetic("0", "0", exact_inputs=True, rounding="any")
    assert res.accepted == ((-1.0, 1.0),)
    res = check_arithmetic("0", "0", exact_inputs=True, rounding="half-up")
    assert res.accepted == ((-0.5, 0.5),)
    assert check_arithmetic("0.20", "0.2").accepted == ((0.195, 0.205),)
    assert check_arithmetic("0.20", "0.2").decimals == (2,)
    assert check_arithmetic("2E+1", "20").decimals == (-1,)


def test_rounding_name_is_checked():
    """A rule must be a known string."""
    with pytest.raises(TypeError, match="rounding must be a str"):
        check_arithmetic("1", "1", rounding=1)
    with pytest.raises(ValueError, match="rounding='up' must be one of nearest"):
        check_arithmetic("1", "1", rounding="up")


# --- parse_printed ---


def test_printed_types_and_errors():
    """str, int, float, Decimal in; bool, Fraction, others out; each message names it."""
    assert check_equal(Decimal("0.50"), "0.5").decimals == (2,)
    assert check_equal(5, "5").decimals == (0,)
    assert check_equal(0.5, "0.5").decimals == (1,)
    assert check_equal(" 0.50 ", "0.5").decimals == (2,)
    with pytest.raises(
        TypeError, match="printed must be a number or a numeric string, got True"
    ):
        check_equal(True, "1")
    with pytest.raises(TypeError, match="printed=Fraction"):
        check_equal(Fraction(1, 2), "1")
    with pytest.raises(
        TypeError, match="printed must be a str, int, float or Decimal, got list"
    ):
        check_equal([1], "1")
    with pytest.raises(ValueError, match="printed='abc' is not a number as printed"):
        check_equal("abc", "1")
    with pytest.raises(ValueError, match="printed=nan must be finite"):
        check_equal(float("nan"), "1")
    with pytest.raises(ValueError, match="printed='inf' must be finite"):
        check_equal("inf", "1")
    with pytest.raises(ValueError, match="printed=Decimal"):
        check_equal(Decimal("NaN"), "1")


def test_literal_length_limit():
    """40 digits are allowed, 41 are not; the sign and exponent do not count."""
    forty = "1" * 40
    assert check_equal(forty, forty).consistent
    assert check_equal("-" + forty, "-" + forty).consistent
    assert check_equal(forty + "e-30", forty + "e-30").consistent
    with pytest.raises(ValueError, match="more than 40 characters"):
        check_equal("1" * 41, "1")
    with pytest.raises(ValueError, match="more than 40 characters"):
        check_equal("-" + "1" * 41, "1")


def test_magnitude_limits():
    """|exponent| up to 400; 0 is always fine; the exponent itself is capped."""
    assert check_equal("1e-400", "1e-400").consistent
    assert grim("0.0", 1).candidates == (0,)
    assert check_equal("0", "0").consistent
    assert check_equal("0.0", "0").consistent
    for bad in ("1e401", "1e-401", "9.9e400", "0E-401", "0E401"):
        with pytest.raises(ValueError, match="printed"):
            check_equal(bad, "1")
    assert check_equal("9.9e-399", "9.9e-399").consistent
    assert check_equal("1.0e-399", "1.0e-399").consistent


# --- input_span: which inputs widen ---


def test_which_inputs_widen():
    """'21.467' widens, '36' does not, '27.' and '1e2' widen, ints/floats never."""
    assert check_sum("2.0", ["1.06", "1.0"]).consistent  # [2.005, 2.115]
    assert not check_sum("2.0", ["1.06", "1.0"], exact_inputs=True).consistent
    assert not check_sum("2.0", [1.06, 1.0]).consistent
    assert check_sum("2.0", [Decimal("1.06"), Decimal("1.0")]).consistent
    assert not check_sum("2.0", [Decimal("1.06"), 1]).consistent
    assert not check_sum("37", ["36", "0.4"]).consistent  # 36 exact, 0.4 in [.35, .45]
    assert check_sum("37", ["36.", "0.4"]).consistent  # '36.' widens by 0.5
    assert check_sum("150", ["1e2", "1e1"]).consistent  # 1e2 in [50, 150]
    assert not check_sum("150", ["100", "10"]).consistent
    assert check_sum("0.5", [Fraction(1, 2)]).consistent
    assert not check_sum("0.6", [Fraction(1, 2)]).consistent
    assert check_sum("1", [Decimal("1E+0")]).consistent


# --- interval arithmetic through check_arithmetic ---


@pytest.mark.parametrize(
    ("printed", "expr", "expected"),
    [
        ("3", "1 + 2", True),
        ("-1", "1 - 2", True),
        ("1", "1 - 2", False),
        ("6", "2 * 3", True),
        ("-6", "-2 * 3", True),
        ("6", "-2 * -3", True),
        ("0.5", "1 / 2", True),
        ("-0.5", "1 / -2", True),
        ("2", "1 / 0.5", True),
        ("8", "2 ** 3", True),
        ("0.125", "2 ** -3", True),
        ("0.25", "(-2) ** -2", True),
        ("-8", "(-2) ** 3", True),
        ("4", "(-2) ** 2", True),
        ("1", "2 ** 0", True),
        ("1.41421356", "2 ** 0.5", True),
        ("1.41421356", "sqrt(2)", True),
        ("0.69314718", "log(2)", True),
        ("7.3890561", "exp(2)", True),
        ("5", "+5", True),
        ("-5", "-(5)", True),
        ("2", "--2", True),
    ],
)
def test_exact_expression_values(printed, expr, expected):
    """Each operator computes the right value on exact inputs."""
    assert check_arithmetic(printed, expr, exact_inputs=True).consistent is expected


def test_interval_corners():
    """Rounded inputs spread through each operator to the right corners."""
    # 1.0 - 0.5 with both widened: [0.95 - 0.55, 1.05 - 0.45] = [0.4, 0.6]
    assert check_arithmetic("0.4", "1.0 - 0.5").reachable[0] == pytest.approx(
        (0.4, 0.6)
    )
    assert check_arithmetic("0.40", "1.0 - 0.5").consistent
    assert check_arithmetic("0.60", "1.0 - 0.5").consistent
    assert not check_arithmetic("0.62", "1.0 - 0.5").consistent
    assert not check_arithmetic("0.38", "1.0 - 0.5").consistent
    # (-1.0) * 2.0 = [-1.05 * 2.05, -0.95 * 1.95]
    res = check_arithmetic("-2", "-1.0 * 2.0")
    assert res.reachable[0] == pytest.approx((-2.1525, -1.8525))
    res = check_arithmetic("-2", "-1.0 * -2.0")
    assert res.reachable[0] == pytest.approx((1.8525, 2.1525))
    res = check_arithmetic("1", "1.0 / 2.0")
    assert res.reachable[0] == pytest.approx((0.95 / 2.05, 1.05 / 1.95))
    res = check_arithmetic("1", "1.0 / -2.0")
    assert res.reachable[0] == pytest.approx((-1.05 / 1.95, -0.95 / 2.05))
    res = check_arithmetic("1", "1.0 + 2.0")
    assert res.reachable[0] == pytest.approx((2.9, 3.1))
    res = check_arithmetic("1", "-(1.0)")
    assert res.reachable[0] == pytest.approx((-1.05, -0.95))
    res = check_arithmetic("1", "(-1.0) ** 2")
    assert res.reachable[0] == pytest.approx((0.9025, 1.1025))
    res = check_arithmetic("1", "(0.0) ** 2")
    assert res.reachable[0] == pytest.approx((0.0, 0.0025))
    res = check_arithmetic("1", "(0.0) ** 3")
    assert res.reachable[0] == pytest.approx((-0.000125, 0.000125))
    lo, hi = check_arithmetic("1", "2.0 ** 0.5").reachable[0]
    assert lo == pytest.approx(1.95**0.45)
    assert hi == pytest.approx(2.05**0.55)
    lo, hi = check_arithmetic("1", "0.5 ** 0.5").reachable[0]
    assert lo == pytest.approx(0.45**0.55)
    assert hi == pytest.approx(0.55**0.45)
    lo, hi = check_arithmetic("1", "sqrt(4.0)").reachable[0]
    assert (lo, hi) == (pytest.approx(math.sqrt(3.95)), pytest.approx(math.sqrt(4.05)))
    lo, hi = check_arithmetic("1", "exp(1)").reachable[0]
    assert lo == hi == math.e


def test_power_limits_and_domain():
    """Exponents beyond 64, non-integer powers of non-positive bases, overflow."""
    assert check_arithmetic("1", "1 ** 64", exact_inputs=True).consistent
    assert check_arithmetic("1", "1 ** -64", exact_inputs=True).consistent
    with pytest.raises(ValueError, match=r"exponent 65 is outside \[-64, 64\]"):
        check_arithmetic("1", "1 ** 65")
    with pytest.raises(ValueError, match="exponent -65"):
        check_arithmetic("1", "1 ** -65")
    with pytest.raises(ValueError, match="positive base"):
        check_arithmetic("1", "0 ** 0.5")
    with pytest.raises(ValueError, match="positive base"):
        check_arithmetic("1", "(-1) ** 0.5")
    with pytest.raises(ValueError, match="the power overflows"):
        check_arithmetic("1", "10.5 ** 400.5")
    # a rounded integer exponent is not an exact integer: the float path
    lo, hi = check_arithmetic("1", "2 ** 2.").reachable[0]
    assert (lo, hi) == (pytest.approx(2**1.5), pytest.approx(2**2.5))


def test_division_by_an_interval_with_zero():
    """The divisor's interval must exclude 0 (both ends checked)."""
    with pytest.raises(ValueError, match="division by an interval that contains 0"):
        check_arithmetic("1", "1 / 0.0")
    with pytest.raises(ValueError, match="contains 0"):
        check_arithmetic("1", "1 / 0", exact_inputs=True)
    assert check_arithmetic("20", "1 / 0.05", exact_inputs=True).consistent
    with pytest.raises(ValueError, match="contains 0"):
        check_arithmetic("1", "1 / 0.00")


def test_functions_leave_their_domain():
    """log of a non-positive interval and exp overflow are errors naming the call."""
    with pytest.raises(
        ValueError, match=r"log is undefined or overflows on \[-1.0, -1.0\]"
    ):
        check_arithmetic("1", "log(-1)")
    with pytest.raises(ValueError, match="exp is undefined or overflows"):
        check_arithmetic("1", "exp(1000)")
    with pytest.raises(ValueError, match="sqrt is undefined"):
        check_arithmetic("1", "sqrt(-0.5)")


def test_float_results_must_be_finite():
    """An input beyond the floats is refused by the function that needs a float."""
    with pytest.raises(ValueError, match="sqrt is undefined or overflows"):
        check_arithmetic("1", "sqrt(1e400)")
    assert check_arithmetic("1e154", "sqrt(1e308)", exact_inputs=True).consistent


@pytest.mark.parametrize(
    ("expr", "match"),
    [
        ("", "non-empty expression of at most 1000 characters"),
        ("   ", "non-empty"),
        ("1+" * 500 + "1", "at most 1000"),
        ("1 +", "is not an arithmetic expression"),
        ("x", "expr contains 'x'"),
        ("'a'", "expr contains"),
        ("True", "expr contains 'True'"),
        ("1 % 2", "expr contains"),
        ("~1", "expr contains"),
        ("abs(1)", "expr contains"),
        ("sqrt(1, 2)", "expr contains"),
        ("sqrt(x=1)", "expr contains"),
        ("math.sqrt(1)", "expr contains"),
        ("1j", "expr contains"),
    ],
)
def test_expression_errors(expr, match):
    """Disallowed or malformed expressions raise ExpressionError naming the part."""
    with pytest.raises(ExpressionError, match=match):
        check_arithmetic("1", expr)


def test_expression_length_limit_is_inclusive():
    """Exactly 1000 characters is allowed."""
    expr = "1" + "+0" * 499 + " "
    assert len(expr) == 1000
    assert check_arithmetic("1", expr).consistent


def test_expression_must_be_a_string():
    """A non-str expression is a TypeError naming it."""
    with pytest.raises(TypeError, match="expr must be a str, got int"):
        check_arithmetic("1", 1)


# --- the comparison: exact, open ends, and the relative float slack ---


def test_exact_comparison_has_no_slack():
    """Exact rationals meet at a shared end and not one ulp past it."""
    assert check_proportion("0.13", 1, 8).consistent  # 0.125 on the closed end
    assert not check_proportion("0.13", 1, 8, rounding="half-even").consistent
    assert not ok("0.13", "0.1249999999999999999999")
    assert ok("0.13", "0.1350000000000000000000")
    assert not ok("0.13", "0.1350000000000000000001")
    assert proportion_attainable("0.13", 8, rounding="half-even").candidates == ()


def test_float_slack_is_relative_and_small():
    """sqrt results: 2.3e-13 to 4.5e-13 relative either side, at any magnitude."""
    for scale in (1e-150, 1e-20, 1.0, 1e20):
        x = Decimal(scale) ** 2
        expr = f"sqrt({x:.30e})"
        exact = Decimal(scale)
        inside = f"{exact * (1 + Decimal('2e-13')):.20e}"
        outside = f"{exact * (1 + Decimal('6e-13')):.20e}"
        assert check_arithmetic(inside, expr, exact_inputs=True).consistent, scale
        assert not check_arithmetic(outside, expr, exact_inputs=True).consistent, scale
        below = f"{exact * (1 - Decimal('2e-13')):.20e}"
        far_below = f"{exact * (1 - Decimal('6e-13')):.20e}"
        assert check_arithmetic(below, expr, exact_inputs=True).consistent, scale
        assert not check_arithmetic(far_below, expr, exact_inputs=True).consistent, (
            scale
        )


def test_tiny_pvalues_are_not_swallowed():
    """The old absolute 1e-12 slack accepted these; the relative one does not."""
    assert not recompute_pvalue("7.50", "1e-20", test="z").consistent
    assert recompute_pvalue("7.500", "6.4e-14", test="z").consistent
    assert not recompute_pvalue("7.500", "6.6e-14", test="z").consistent
    assert not recompute_pvalue("7.500", "6.2e-14", test="z").consistent


def test_slack_is_exactly_2048_ulps():
    """At 2**40 an ulp is 2**-12: a printed interval starting 2048 ulps above meets, 2048.5 does not.

    sqrt(2**80) is exactly 2**40 but went through floats, so the comparison
    has the slack; ``decimals=`` sets the half unit independently of the
    digits shown, which places the interval's lower end exactly.
    """
    expr = "sqrt(1208925819614629174706176)"  # 2**80
    at = "1099511627776.5000000000005"  # 2**40 + 2048 * 2**-12 + 5e-13
    assert check_arithmetic(at, expr, exact_inputs=True, decimals=12).consistent
    past = "1099511627776.50012207031255"  # 2**40 + 2048.5 * 2**-12 + 5e-14
    assert not check_arithmetic(past, expr, exact_inputs=True, decimals=13).consistent
    below = "1099511627775.4999999999995"  # the mirror image below 2**40
    assert check_arithmetic(below, expr, exact_inputs=True, decimals=12).consistent


def test_literal_length_counts_the_mantissa_only():
    """41 mantissa digits with an exponent are still too many."""
    with pytest.raises(ValueError, match="more than 40 characters"):
        check_equal("1" * 41 + "e-30", "1")


def test_magnitude_message():
    """1.5e401 has a fine exponent (-400 decimals) but is beyond the printable range."""
    with pytest.raises(
        ValueError, match=r"other='1.5e401' is outside the printable range"
    ):
        check_equal("1", "1.5e401")


def test_an_exponent_marks_a_rounded_input():
    """'1E0' has no decimals but was printed in exponent form: it widens by 0.5."""
    assert check_sum("1.4", ["1E0"]).consistent
    assert not check_sum("1.4", ["1"]).consistent
    assert not check_sum("1.4", ["1E0"], exact_inputs=True).consistent


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ("sqrt(4) + 1", "3"),
        ("1 + sqrt(4)", "3"),
        ("sqrt(4) - 1", "1"),
        ("3 - sqrt(4)", "1"),
        ("sqrt(4) * 3", "6"),
        ("3 / sqrt(4)", "1.5"),
        ("sqrt(4) ** 2", "4"),
        ("-sqrt(4)", "-2"),
    ],
)
def test_float_inexactness_propagates(expr, value):
    """An exact operand does not make a float result exact: the slack stays.

    The printed interval starts 1.5e-20 above the exact value, inside the
    float slack (about 1e-12 here) but outside it for exact arithmetic.
    """
    printed = value + (".0" if "." not in value else "") + "0" * 18 + "2"
    res = check_arithmetic(printed, expr, exact_inputs=True, decimals=20)
    assert res.consistent
    exact = expr.replace("sqrt(4)", "2")
    assert not check_arithmetic(
        printed, exact, exact_inputs=True, decimals=20
    ).consistent


def test_overflow_message_names_the_magnitude():
    """Ends beyond the floats are shown as a power of ten."""
    with pytest.raises(ValueError, match=r"overflows on \[about 1e400, about 1e400\]"):
        check_arithmetic("1", "sqrt(1e400)", exact_inputs=True)
    with pytest.raises(ValueError, match=r"overflows on \[about 1e399, about 1e400\]"):
        check_arithmetic("1", "sqrt(1e400)")


def test_negative_power_of_an_interval_around_zero():
    """x ** -1 over an interval containing 0 is an error, as 1 / x is."""
    with pytest.raises(ValueError, match="division by an interval that contains 0"):
        check_arithmetic("1", "(0.0) ** -1")
    with pytest.raises(ValueError, match="division by an interval that contains 0"):
        check_arithmetic("1", "(0.0) ** -2")
    assert check_arithmetic("-20", "(-0.05) ** -1", exact_inputs=True).consistent
