"""The numeric interface for operators that z3 can prove laws about.

Write an operator's body with these functions instead of ``if``, ``and``,
``or``, ``not``, ``max`` and ``min``: called with Python numbers they compute
the answer, called with z3 terms they build the z3 term of the same
computation. :func:`algebra.compose.endo_fields` is written this way, and so
can a user's operator, which :func:`algebra.laws.check_monoid` with
``method="smt"`` then proves associative, with identity, for all integers.
z3 is imported only when a symbolic value is met.

Examples
--------
>>> from algebra.arith import ite, key_ge, maximum
>>> ite(key_ge(2, None), "left", "right"), maximum(3, 7)
('left', 7)
"""

from algebra._arith import both, either, ite, key_ge, maximum, minimum, negate

__all__ = ["both", "either", "ite", "key_ge", "maximum", "minimum", "negate"]
