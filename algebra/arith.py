"""The numeric interface for operators that z3 can prove laws about.

Write an operator's body with these functions instead of ``if``, ``and``,
``or``, ``not``, ``max`` and ``min``: called with Python numbers they compute
the answer, called with z3 terms they build the z3 term of the very same
computation. The piecewise operators of the algebra
(:func:`algebra.compose.endo_fields`, :func:`algebra.compose.commit_fields`,
the contract and the absorbing predicate) are written this way, and
:mod:`proofs` proves laws about them, so a ``proven`` verdict is about the
code users call, not a transcription. So can a user's operator be, which
:func:`algebra.laws.check_monoid` with ``method="smt"`` then proves
associative, with identity, for all integers.

Interface (:mod:`algebra.laws` and :mod:`proofs` build on it):

- :func:`ite` ``(cond, then, other)``: ``then if cond else other``;
  ``z3.If`` when ``cond`` is symbolic (both branches are evaluated; tuples
  of equal length are chosen between element by element).
- :func:`both`, :func:`either`, :func:`negate`: ``and``, ``or``, ``not``.
- :func:`maximum`, :func:`minimum`: of two numbers (ties return ``a``).
- :func:`key_ge`: ``a >= b`` for pivot keys with ``None`` below every key.
- :class:`SymbolicKey`: a pivot key as a z3 pair ``(has, value)``;
  ``has = False`` is the paper's ``-inf`` (Python ``None``).
- :func:`is_symbolic`: whether a value is a z3 term or a symbolic key.

Comparisons (``<``, ``<=``, ``>=``, ``==``) and ``+``, ``-``, ``*`` are the
host operators: on z3 arithmetic terms they already build terms. Python's
``and``/``or``/``not``/``if`` do not, so the operators must use the
functions here for every branch or connective. z3 is imported only when a
symbolic value is met, so the algebra does not depend on it.

Examples
--------
>>> from algebra.arith import ite, maximum, key_ge
>>> ite(3 > 2, "yes", "no"), maximum(2, 5), key_ge(None, 1)
('yes', 5, False)
>>> import z3
>>> x = z3.Int("x")
>>> ite(x > 2, x, 0)
If(x > 2, x, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from algebra._validation import incomparable

__all__ = [
    "SymbolicKey",
    "both",
    "either",
    "is_symbolic",
    "ite",
    "key_ge",
    "maximum",
    "minimum",
    "negate",
]


@dataclass(frozen=True)
class SymbolicKey:
    """A pivot key as z3 terms: ``has`` (Bool) and ``value`` (Int or Real).

    ``value`` is meaningful only when ``has``; ``has = False`` stands for the
    absent key (``None``, the paper's ``-inf``). Products compare keys only,
    so proofs over real ``value`` hold for every totally ordered key type
    (any finite configuration of a total order embeds in the reals).

    Examples
    --------
    >>> import z3
    >>> from algebra.arith import SymbolicKey, key_ge
    >>> a = SymbolicKey(z3.Bool("a_has"), z3.Real("a_w"))
    >>> z3.simplify(key_ge(a, None)), z3.simplify(key_ge(None, a))
    (True, Not(a_has))
    """

    has: Any
    value: Any


def _z3() -> Any:
    import z3  # optional: only symbolic callers need it

    return z3


def is_symbolic(value: object) -> bool:
    """Return whether ``value`` is a z3 term or a :class:`SymbolicKey`.

    Examples
    --------
    >>> from algebra.arith import is_symbolic
    >>> is_symbolic(3), is_symbolic(None)
    (False, False)
    """
    return isinstance(value, SymbolicKey) or type(value).__module__.startswith("z3")


def _check_logic(**values: Any) -> None:
    """Raise TypeError unless every value is a bool or a z3 term."""
    for name, value in values.items():
        if not (isinstance(value, bool) or is_symbolic(value)):
            msg = f"{name} must be a bool or a z3 term, got {value!r} of type {type(value).__name__}"
            raise TypeError(msg)


def _z3_call(name: str, build: Any, *args: Any) -> Any:
    """Call a z3 constructor; its errors become TypeError naming ``name``."""
    z3 = _z3()
    try:
        return build(*args)
    except z3.Z3Exception as exc:
        msg = f"{name}: z3 cannot build a term from {args!r}: {exc}"
        raise TypeError(msg) from None


def ite(cond: Any, then: Any, other: Any) -> Any:
    """Return ``then if cond else other`` (``z3.If`` for a symbolic ``cond``).

    Examples
    --------
    >>> from algebra.arith import ite
    >>> ite(False, 1, 2)
    2
    """
    _check_logic(cond=cond)
    if cond is True:
        return then
    if cond is False:
        return other
    if type(then) is tuple:  # several values under one condition
        return tuple(ite(cond, x, y) for x, y in zip(then, other, strict=True))
    z3 = _z3()
    if (
        isinstance(then, SymbolicKey)
        or isinstance(other, SymbolicKey)
        or then is None
        or other is None
    ):
        t, o = _as_key(then), _as_key(other)
        return SymbolicKey(z3.If(cond, t.has, o.has), z3.If(cond, t.value, o.value))
    return _z3_call("ite", z3.If, cond, then, other)


def both(a: Any, b: Any) -> Any:
    """Return ``a and b`` (``z3.And`` when symbolic).

    Examples
    --------
    >>> from algebra.arith import both
    >>> both(True, False)
    False
    """
    _check_logic(a=a, b=b)
    if type(a) is bool and type(b) is bool:
        return a and b
    return _z3_call("both", _z3().And, a, b)


def either(a: Any, b: Any) -> Any:
    """Return ``a or b`` (``z3.Or`` when symbolic).

    Examples
    --------
    >>> from algebra.arith import either
    >>> either(True, False)
    True
    """
    _check_logic(a=a, b=b)
    if type(a) is bool and type(b) is bool:
        return a or b
    return _z3_call("either", _z3().Or, a, b)


def negate(a: Any) -> Any:
    """Return ``not a`` (``z3.Not`` when symbolic).

    Examples
    --------
    >>> from algebra.arith import negate
    >>> negate(False)
    True
    """
    _check_logic(a=a)
    if isinstance(a, bool):
        return not a
    return _z3_call("negate", _z3().Not, a)


def maximum(a: Any, b: Any) -> Any:
    """Return the larger of two numbers (``a`` on ties).

    Notes
    -----
    No checks, one comparison: ``inf`` and ``-inf`` are ordinary numbers here
    (the tropical zero of max-plus is ``-inf``), and a ``nan`` makes the
    comparison false, so the answer is ``b``: ``nan`` comes out only when it
    is ``b``. Symbolic (z3) arguments give an ``If`` term.

    Examples
    --------
    >>> from algebra.arith import maximum
    >>> maximum(4, 7)
    7
    """
    return ite(a >= b, a, b)


def minimum(a: Any, b: Any) -> Any:
    """Return the smaller of two numbers (``a`` on ties).

    Notes
    -----
    No checks, one comparison: ``inf`` and ``-inf`` are ordinary numbers here
    (the tropical zero of max-plus is ``-inf``), and a ``nan`` makes the
    comparison false, so the answer is ``b``: ``nan`` comes out only when it
    is ``b``. Symbolic (z3) arguments give an ``If`` term.

    Examples
    --------
    >>> from algebra.arith import minimum
    >>> minimum(4, 7)
    4
    """
    return ite(a <= b, a, b)


def key_ge(a: Any, b: Any) -> Any:
    """Return ``a >= b`` for pivot keys, ``None`` (or ``has = False``) below all.

    Concrete keys that are not comparable raise a ``TypeError`` naming both
    (as ``a.w`` and ``b.w``, the keys of a product's operands).

    Examples
    --------
    >>> from algebra.arith import key_ge
    >>> key_ge(2, None), key_ge(None, None), key_ge(1, 2)
    (True, True, False)
    """
    if type(a) is SymbolicKey or type(b) is SymbolicKey:
        x, y = _as_key(a), _as_key(b)
        z3 = _z3()
        return z3.Or(z3.Not(y.has), z3.And(x.has, x.value >= y.value))
    if b is None:  # _validation.key_ge, inlined for speed
        return True
    if a is None:
        return False
    try:
        return bool(a >= b)
    except TypeError:
        raise incomparable(a, b, "a.w", "b.w") from None


def _as_key(value: Any) -> SymbolicKey:
    """Lift ``None`` or a number to a :class:`SymbolicKey` (keys stay as they are)."""
    if isinstance(value, SymbolicKey):
        return value
    z3 = _z3()
    if value is None:
        return SymbolicKey(z3.BoolVal(False), z3.RealVal(0))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return SymbolicKey(z3.BoolVal(True), z3.RealVal(value))
    if type(value).__module__.startswith("z3"):
        return SymbolicKey(z3.BoolVal(True), value)
    msg = f"key must be None, a number or a SymbolicKey here, got {value!r}"
    raise TypeError(msg)
