"""algebra.arith on concrete and symbolic values: types, ties and the key lift (issue 33).

Written against the survivors of the mutation run of algebra/arith.py. The
symbolic results are checked by meaning, not by their text: each is proven
equal to the intended term with z3.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import z3

from algebra.arith import (
    SymbolicKey,
    both,
    either,
    ite,
    key_ge,
    maximum,
    minimum,
    negate,
)

C = z3.Bool("c")
X = z3.Bool("x")
Y = z3.Bool("y")
K = SymbolicKey(z3.Bool("k_has"), z3.Real("k_w"))


def proven(claim: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    return solver.check() == z3.unsat


# --- bad arguments ----------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: ite("yes", 1, 2),
            r"^cond must be a bool or a z3 term, got 'yes' of type str$",
        ),
        (
            lambda: ite(1, 1, 2),
            r"^cond must be a bool or a z3 term, got 1 of type int$",
        ),
        (lambda: both(True, 1), r"^b must be a bool or a z3 term, got 1 of type int$"),
        (lambda: either(None, X), r"^a must be a bool or a z3 term, got None"),
        (lambda: negate(0), r"^a must be a bool or a z3 term, got 0 of type int$"),
        (lambda: ite(C, "a", 1), r"^ite: z3 cannot build a term from \(c, 'a', 1\)"),
        (lambda: either(X, z3.Int("i")), r"^either: z3 cannot build a term from"),
        (lambda: key_ge(1, "x"), r"^pivot keys a.w=1 and b.w='x' are not comparable"),
        (
            lambda: key_ge((1,), 2),
            r"^pivot keys a.w=\(1,\) and b.w=2 are not comparable",
        ),
        (
            lambda: ite(C, "x", K),
            r"^key must be None, a number or a SymbolicKey here, got 'x'$",
        ),
        (
            lambda: ite(C, K, True),
            r"^key must be None, a number or a SymbolicKey here, got True$",
        ),
        (
            lambda: key_ge(K, False),
            r"^key must be None, a number or a SymbolicKey here, got False$",
        ),
    ],
)
def test_bad_arguments_are_type_errors_naming_them(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_ite_chooses_tuples_of_equal_length_only():
    with pytest.raises(ValueError, match="zip"):
        ite(C, (1, 2), (3,))
    got = ite(C, (1, 2), (3, 4))
    assert proven(got[0] == z3.If(C, 1, 3)) and proven(got[1] == z3.If(C, 2, 4))


# --- connectives --------------------------------------------------------------


def test_connectives_with_one_symbolic_operand_build_terms():
    for got, want in [
        (both(X, True), X),
        (both(True, X), X),
        (both(X, False), z3.BoolVal(False)),
        (both(X, Y), z3.And(X, Y)),
        (either(X, False), X),
        (either(False, X), X),
        (either(X, Y), z3.Or(X, Y)),
        (negate(X), z3.Not(X)),
    ]:
        assert z3.is_expr(got) and z3.is_bool(got)
        assert proven(got == want)


def test_connectives_on_bools_stay_bools():
    assert both(True, False) is False and both(True, True) is True
    assert either(False, False) is False and either(False, True) is True
    assert negate(True) is False


# --- ties of maximum and minimum ------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"), [(1, 1.0), (1.0, 1), (Fraction(2), 2), (0.0, -0.0)]
)
def test_ties_return_a(a, b):
    for got in (maximum(a, b), minimum(a, b)):
        assert got == a and type(got) is type(a) and str(got) == str(a)
    assert maximum(2, 7) == 7 and maximum(7, 2) == 7
    assert minimum(2, 7) == 2 and minimum(7, 2) == 2


# --- keys lifted inside a symbolic ite -----------------------------------------


def test_ite_lifts_none_and_numbers_next_to_a_symbolic_key():
    # then is a SymbolicKey, other a number
    got = ite(C, K, 5)
    assert isinstance(got, SymbolicKey)
    assert proven(got.has == z3.Or(z3.Not(C), K.has))
    assert proven(z3.Implies(z3.Not(C), got.value == 5))
    assert proven(z3.Implies(C, got.value == K.value))
    # then a number, other a SymbolicKey
    got = ite(C, 2.5, K)
    assert proven(got.has == z3.Or(C, K.has))
    assert proven(z3.Implies(C, got.value == z3.RealVal(2.5)))
    # then None, other a number: no symbolic key among the branches
    got = ite(C, None, 5)
    assert isinstance(got, SymbolicKey)
    assert proven(got.has == z3.Not(C))
    assert proven(z3.Implies(got.has, got.value == 5))
    # then a number, other None
    got = ite(C, 7, None)
    assert proven(got.has == C) and proven(z3.Implies(got.has, got.value == 7))


def test_ite_lifts_a_z3_term_as_a_present_key():
    r = z3.Real("r")
    got = ite(C, r, K)
    assert proven(got.has == z3.Or(C, K.has))
    assert proven(z3.Implies(C, got.value == r))


def test_key_ge_with_symbolic_and_concrete_keys():
    assert proven(key_ge(K, None) == z3.BoolVal(True))
    assert proven(key_ge(None, K) == z3.Not(K.has))
    assert proven(key_ge(K, 3) == z3.And(K.has, K.value >= 3))
    assert proven(key_ge(3, K) == z3.Or(z3.Not(K.has), K.value <= 3))
    assert proven(key_ge(K, z3.Real("r")) == z3.And(K.has, K.value >= z3.Real("r")))
