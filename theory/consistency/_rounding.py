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
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

SLACK = 1e-12
"""Relative slack when a recomputed value went through floating point."""

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
    """A closed interval of exact rationals; ``inexact`` if floats were involved."""

    lo: Fraction
    hi: Fraction
    inexact: bool = False

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
        """Whether the two closed intervals meet (with slack if inexact)."""
        slack = Fraction(0)
        if self.inexact or other.inexact:
            ends = (abs(self.lo), abs(self.hi), abs(other.lo), abs(other.hi))
            scale: Fraction = max(*ends, Fraction(1))
            slack = Fraction(SLACK) * scale
        return self.lo <= other.hi + slack and other.lo <= self.hi + slack


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
    return out


def printed_decimals(value: Decimal) -> int:
    """Decimals shown by a printed Decimal (``'0.790'`` has 3, ``'1.2E+3'`` has -2)."""
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)  # finite, checked by parse_printed
    return -exponent


def rounding_span(value: Decimal, decimals: int) -> Span:
    """Return the closed interval of exact values that print as ``value`` at ``decimals``."""
    centre = Fraction(value)
    half = Fraction(1, 2) * Fraction(10) ** -decimals
    return Span(centre - half, centre + half)


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
        msg = (
            f"{name} is undefined or overflows on [{float(span.lo)}, {float(span.hi)}]"
        )
        raise ValueError(msg) from None


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
