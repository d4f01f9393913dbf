"""Printed numbers, their rounding intervals and interval arithmetic (private).

A printed number with ``d`` decimals stands for any exact value in the closed
interval ``[p - 0.5 * 10**-d, p + 0.5 * 10**-d]``. Values are kept as
:class:`fractions.Fraction` so that the decision "inside or outside" is exact
whenever the recomputation is exact; operations that leave the rationals
(``sqrt``, ``log``, ``exp``, non-integer powers, distribution functions) mark
the interval inexact, and an inexact interval is compared with a relative
slack of :data:`SLACK`.
"""

from __future__ import annotations

import ast
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

SLACK_ULPS = 2048
"""Slack, in units in the last place of the values compared, when a value went through floats.

scipy's tail probabilities agree with 50-digit references to within about 600
ulps down to 1e-300 (tests/theory/test_consistency_pvalues.py measures it);
2048 ulps is a relative slack of 2.3e-13 to 4.5e-13 of the values compared
(an ulp is 2**-52 to 2**-53 of a value), with no absolute floor, so a printed
p-value of 1e-300 is still told from one of 1.01e-300.
"""

ROUNDINGS = ("nearest", "half-up", "half-even", "truncate", "any")
"""The rounding rules a printed value may follow (see :func:`rounding_span`)."""

MAX_MAGNITUDE = 400
"""Printed values must lie within ``10**-400 .. 10**400`` in magnitude (or be 0)."""

MAX_EXPR_CHARS = 1000
MAX_LITERAL_DIGITS = 40
MAX_EXPONENT = 64

Number = str | int | float | Decimal | Fraction


class ExpressionError(ValueError):
    """An arithmetic expression that is not allowed or does not parse.

    Examples
    --------
    >>> from theory.consistency import ExpressionError, check_arithmetic
    >>> try:
    ...     check_arithmetic("1", "__import__('os')")
    ... except ExpressionError as exc:
    ...     print(type(exc).__name__)
    ExpressionError
    """


@dataclass(frozen=True, slots=True)
class Span:
    """An interval of exact rationals; ``inexact`` if floats were involved.

    The ends are closed unless ``lo_open``/``hi_open`` say otherwise (a rounding
    rule such as half-up excludes one end of a printed value's interval).
    """

    lo: Fraction
    hi: Fraction
    inexact: bool = False
    lo_open: bool = False
    hi_open: bool = False

    @classmethod
    def point(cls, value: Fraction, *, inexact: bool = False) -> Span:
        return cls(value, value, inexact)

    @classmethod
    def from_floats(cls, a: float, b: float) -> Span:
        for x in (a, b):
            if not math.isfinite(x):
                msg = f"the recomputation left the finite reals ({x!r})"
                raise ValueError(msg)
        lo, hi = min(a, b), max(a, b)
        return cls(Fraction(lo), Fraction(hi), inexact=True)

    def overlaps(self, other: Span) -> bool:
        """Whether the two intervals meet.

        Exact intervals are compared exactly, open ends excluded. When either
        went through floating point, each comparison ``a <= b`` allows a slack
        of :data:`SLACK_ULPS` units in the last place of the larger of ``|a|``
        and ``|b|`` (relative to the values compared, so nothing is lost below
        1e-12), and open ends count as closed.
        """
        inexact = self.inexact or other.inexact
        return _below(
            self.lo, other.hi, strict=self.lo_open or other.hi_open, inexact=inexact
        ) and _below(
            other.lo, self.hi, strict=other.lo_open or self.hi_open, inexact=inexact
        )


def _below(a: Fraction, b: Fraction, *, strict: bool, inexact: bool) -> bool:
    """Return ``a < b`` if strict, else ``a <= b``; with float slack when inexact."""
    if inexact:
        return a <= b + ulps(max(abs(a), abs(b)))
    return a < b if strict else a <= b


def ulps(magnitude: Fraction) -> Fraction:
    """Return :data:`SLACK_ULPS` units in the last place of ``float(magnitude)``.

    A magnitude beyond the float range (a printed ``1e309``) takes the unit of
    the largest float: ``float()`` of it would overflow.
    """
    return SLACK_ULPS * Fraction(math.ulp(float(min(magnitude, _FLOAT_MAX))))


_FLOAT_MAX = Fraction(sys.float_info.max)


def parse_printed(value: object, name: str) -> Decimal:
    """Return a printed number as a finite :class:`Decimal` (strings keep zeros)."""
    if isinstance(value, bool):
        msg = f"{name} must be a number or a numeric string, got {value!r}"
        raise TypeError(msg)
    if isinstance(value, str):
        text = value.strip()
        if len(text.replace("-", "").lstrip("+").split("e")[0]) > MAX_LITERAL_DIGITS:
            msg = f"{name}={value!r} has more than {MAX_LITERAL_DIGITS} characters"
            raise ValueError(msg)
        try:
            out = Decimal(text)
        except InvalidOperation:
            msg = f"{name}={value!r} is not a number as printed (e.g. '0.790', '23.5')"
            raise ValueError(msg) from None
    elif isinstance(value, Decimal):
        out = value
    elif isinstance(value, int):
        out = Decimal(value)
    elif isinstance(value, float):
        out = Decimal(repr(value)) if math.isfinite(value) else Decimal("NaN")
    elif isinstance(value, Fraction):
        msg = f"{name}={value!r} is a Fraction; a printed value has a decimal form"
        raise TypeError(msg)
    else:
        msg = f"{name} must be a str, int, float or Decimal, got {type(value).__name__}"
        raise TypeError(msg)
    if not out.is_finite():
        msg = f"{name}={value!r} must be finite"
        raise ValueError(msg)
    if out and not -MAX_MAGNITUDE <= out.adjusted() <= MAX_MAGNITUDE:
        msg = (
            f"{name}={value!r} is outside the printable range "
            f"1e-{MAX_MAGNITUDE} to 1e{MAX_MAGNITUDE} in magnitude"
        )
        raise ValueError(msg)
    if not -MAX_MAGNITUDE <= printed_decimals(out) <= MAX_MAGNITUDE:
        msg = f"{name}={value!r} has an exponent outside [-{MAX_MAGNITUDE}, {MAX_MAGNITUDE}]"
        raise ValueError(msg)
    return out


def printed_decimals(value: Decimal) -> int:
    """Decimals shown by a printed Decimal (``'0.790'`` has 3, ``'1.2E+3'`` has -2)."""
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)  # finite, checked by parse_printed
    return -exponent


def check_rounding(rounding: object) -> str:
    """Validate a rounding rule name (one of :data:`ROUNDINGS`)."""
    if not isinstance(rounding, str):
        msg = f"rounding must be a str, got {type(rounding).__name__}"
        raise TypeError(msg)
    if rounding not in ROUNDINGS:
        msg = f"rounding={rounding!r} must be one of {', '.join(ROUNDINGS)}"
        raise ValueError(msg)
    return rounding


def rounding_span(value: Decimal, decimals: int, rounding: str = "nearest") -> Span:
    """Return the exact values that print as ``value`` at ``decimals`` under ``rounding``.

    With ``u = 10**-decimals`` and ``h = u / 2``, for ``value > 0`` (negative
    values mirror, since every rule is symmetric about 0):

    - ``nearest``: ``[value - h, value + h]``, both ends closed: any
      round-to-nearest rule, whichever way it breaks ties;
    - ``half-up`` (ties away from zero): ``[value - h, value + h)``;
    - ``half-even``: closed at both ends if the last printed digit is even,
      open at both if it is odd;
    - ``truncate`` (toward zero): ``[value, value + u)``;
    - ``any``: nearest or truncated, ``[value - h, value + u)``.

    A printed 0 is the interval around 0: ``[-h, h]`` for ``nearest``,
    ``(-h, h)`` for half-up, ``[-h, h]`` for half-even, ``(-u, u)`` for
    truncate and any.
    """
    centre = Fraction(value)
    unit = Fraction(10) ** -decimals
    half = unit / 2
    if rounding == "nearest":
        return Span(centre - half, centre + half)
    if rounding == "half-even":
        odd = (centre / unit).numerator % 2 == 1
        return Span(centre - half, centre + half, lo_open=odd, hi_open=odd)
    sign = 1 if centre > 0 else -1 if centre < 0 else 0
    if rounding == "half-up":
        near, far, near_open = half, half, sign == 0
    elif rounding == "truncate":
        near, far, near_open = Fraction(0), unit, sign == 0
        if sign == 0:
            near = unit
    else:  # any
        near, far, near_open = half, unit, sign == 0
        if sign == 0:
            near = unit
    if sign >= 0:
        return Span(centre - near, centre + far, lo_open=near_open, hi_open=True)
    return Span(centre - far, centre + near, lo_open=True, hi_open=near_open)


def input_span(value: Number, name: str, *, exact: bool) -> Span:
    """Return an input as an interval: rounded strings widen by half a unit, others are exact.

    A string or Decimal written with a decimal point or an exponent (``'21.467'``)
    is a rounded printed number; one without (``'36'``) is an exact count. ``int``,
    ``float`` and ``Fraction`` inputs are exact; ``exact=True`` makes all exact.
    """
    if isinstance(value, Fraction):
        return Span.point(value)
    if isinstance(value, float) and not isinstance(value, bool):
        return Span.point(Fraction(parse_printed(value, name)))
    parsed = parse_printed(value, name)
    decimals = printed_decimals(parsed)
    rounded = isinstance(value, str | Decimal) and decimals != 0
    if isinstance(value, str):
        rounded = rounded or "e" in value.lower() or "." in value
    if exact or not rounded:
        return Span.point(Fraction(parsed))
    return rounding_span(parsed, decimals)


def monotone(func: Callable[[float], float], span: Span, name: str) -> Span:
    """Apply an increasing float function to both ends of ``span``."""
    try:
        return Span.from_floats(func(float(span.lo)), func(float(span.hi)))
    except (ValueError, OverflowError):
        ends = ", ".join(f"{_shown(x)}" for x in (span.lo, span.hi))
        msg = f"{name} is undefined or overflows on [{ends}]"
        raise ValueError(msg) from None


def _shown(x: Fraction) -> str:
    """``float(x)`` as text, or its order of magnitude beyond the floats."""
    try:
        return repr(float(x))
    except OverflowError:
        return f"about 1e{len(str(abs(x.numerator))) - len(str(x.denominator))}"


def add(a: Span, b: Span) -> Span:
    return Span(a.lo + b.lo, a.hi + b.hi, a.inexact or b.inexact)


def sub(a: Span, b: Span) -> Span:
    return Span(a.lo - b.hi, a.hi - b.lo, a.inexact or b.inexact)


def mul(a: Span, b: Span) -> Span:
    corners = (a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi)
    return Span(min(corners), max(corners), a.inexact or b.inexact)


def div(a: Span, b: Span) -> Span:
    if b.lo <= 0 <= b.hi:
        msg = (
            f"division by an interval that contains 0 ([{float(b.lo)}, {float(b.hi)}])"
        )
        raise ValueError(msg)
    return mul(a, Span(1 / b.hi, 1 / b.lo, b.inexact))


def power(a: Span, b: Span) -> Span:
    """Return ``a ** b``: exact for an exact integer exponent, float corners otherwise."""
    if b.lo == b.hi and b.lo.denominator == 1 and not b.inexact:
        e = int(b.lo)
        if abs(e) > MAX_EXPONENT:
            msg = f"exponent {e} is outside [-{MAX_EXPONENT}, {MAX_EXPONENT}]"
            raise ValueError(msg)
        if e < 0:
            return div(Span.point(Fraction(1)), power(a, Span.point(Fraction(-e))))
        ends = (a.lo**e, a.hi**e)
        lo, hi = min(ends), max(ends)
        if e % 2 == 0 and a.lo < 0 < a.hi:
            lo = Fraction(0)
        return Span(lo, hi, a.inexact)
    if a.lo <= 0:
        msg = "a non-integer power needs a positive base"
        raise ValueError(msg)
    try:
        corners = [float(x) ** float(y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    except OverflowError:
        msg = "the power overflows"
        raise ValueError(msg) from None
    return Span.from_floats(min(corners), max(corners))


_BINARY: dict[type[ast.operator], Callable[[Span, Span], Span]] = {
    ast.Add: add,
    ast.Sub: sub,
    ast.Mult: mul,
    ast.Div: div,
    ast.Pow: power,
}
_FUNCTIONS: dict[str, Callable[[float], float]] = {
    "sqrt": math.sqrt,
    "log": math.log,
    "exp": math.exp,
}


def evaluate(expr: str, *, exact: bool) -> Span:
    """Evaluate a small arithmetic expression over intervals, by walking its AST.

    Allowed: numeric literals, ``+ - * / **``, unary ``+``/``-``, parentheses and
    the calls ``sqrt``, ``log`` (natural) and ``exp``. Nothing is ever evaluated
    by Python itself. Literals follow :func:`input_span` (``exact`` forwarded).
    """
    if not isinstance(expr, str):
        msg = f"expr must be a str, got {type(expr).__name__}"
        raise TypeError(msg)
    if not expr.strip() or len(expr) > MAX_EXPR_CHARS:
        msg = f"expr must be a non-empty expression of at most {MAX_EXPR_CHARS} characters"
        raise ExpressionError(msg)
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError:
        msg = f"expr={expr!r} is not an arithmetic expression"
        raise ExpressionError(msg) from None
    return _walk(tree.body, expr.strip(), exact=exact)


def _walk(node: ast.expr, source: str, *, exact: bool) -> Span:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        text = ast.get_source_segment(source, node) or repr(node.value)
        return input_span(text, "literal", exact=exact)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left = _walk(node.left, source, exact=exact)
        right = _walk(node.right, source, exact=exact)
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        inner = _walk(node.operand, source, exact=exact)
        if isinstance(node.op, ast.UAdd):
            return inner
        return Span(-inner.hi, -inner.lo, inner.inexact)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and len(node.args) == 1
        and not node.keywords
    ):
        inner = _walk(node.args[0], source, exact=exact)
        return monotone(_FUNCTIONS[node.func.id], inner, node.func.id)
    shown = ast.get_source_segment(source, node) or type(node).__name__
    allowed = "numbers, + - * / **, parentheses, sqrt(), log(), exp()"
    msg = f"expr contains {shown!r}; allowed are {allowed}"
    raise ExpressionError(msg)
