"""algebra._validation: every check with its bound, its exact message and its return value.

Written against the survivors of the mutation run of algebra/_validation.py
(issue 33). The public entry points are used where a public function reaches
the check; the helpers' own documented contracts (they return the value they
accept, ``key_max`` keeps the first of equal keys) are tested directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from algebra import CommittedContext, Context, from_events, is_absorbed
from algebra._validation import (
    MAX_SLOTS,
    check_callable,
    check_choice,
    check_instance,
    check_int,
    check_key,
    key_ge,
    key_max,
)
from algebra.laws import check_ideal, check_monoid
from algebra.tropical import TropicalContext, fold_tropical, oplus_tropical


@dataclass(frozen=True, slots=True)
class SubContext(Context):
    pass


# --- the slot cap and check_int's upper bound --------------------------------


def test_the_slot_cap_is_one_million():
    assert MAX_SLOTS == 1_000_000


def test_k_at_the_slot_cap_is_accepted_and_one_above_is_refused():
    # fold_tropical checks k without allocating when the input is not empty
    one = [TropicalContext.candidate(7, k=0)]
    assert fold_tropical(one, k=1_000_000) == one[0]
    with pytest.raises(
        ValueError, match=r"^k must satisfy 0 <= k <= 1000000, got 1000001$"
    ):
        fold_tropical(one, k=1_000_001)


def test_check_int_bounds_and_messages():
    assert check_int(5, "n", minimum=0, maximum=5) == 5
    assert check_int(0, "n", minimum=0, maximum=5) == 0
    assert check_int(-7, "n") == -7
    with pytest.raises(ValueError, match=r"^n must satisfy 0 <= n <= 5, got 6$"):
        check_int(6, "n", minimum=0, maximum=5)
    with pytest.raises(ValueError, match=r"^n must satisfy n <= 5, got 6$"):
        check_int(6, "n", maximum=5)
    with pytest.raises(ValueError, match=r"^n must be >= 1, got 0$"):
        check_int(0, "n", minimum=1)


# --- check_choice --------------------------------------------------------------


def test_check_choice_returns_the_choice():
    assert check_choice("min", "d_total", ("equal", "max", "min")) == "min"


@pytest.mark.parametrize("bad", ["MAX", 3, None, ""])
def test_check_choice_refuses_others(bad):
    with pytest.raises(
        ValueError,
        match=rf"^d_total must be one of 'equal', 'max', 'min', got {bad!r}$",
    ):
        check_choice(bad, "d_total", ("equal", "max", "min"))


def test_public_choices_are_checked():
    t = TropicalContext((1, None), 1)
    with pytest.raises(
        ValueError, match=r"^d_total must be one of 'equal', 'max', 'min', got 'sum'$"
    ):
        oplus_tropical(t, t, d_total="sum")
    with pytest.raises(
        ValueError, match=r"^method must be one of 'auto', 'smt', got 'z3'$"
    ):
        check_monoid(max, 0, range(2), method="z3")
    with pytest.raises(
        ValueError,
        match=r"^side must be one of 'right', 'left', 'two-sided', got 'both'$",
    ):
        check_ideal(max, bool, range(2), side="both")
    assert oplus_tropical(t, t, d_total="max") == t


# --- check_instance ------------------------------------------------------------


def test_check_instance_returns_the_value():
    c = Context(1, 0, 0)
    assert check_instance(c, "ctx", Context) is c  # the exact-type fast path
    s = SubContext(1, 0, 0)
    assert check_instance(s, "ctx", Context) is s  # the isinstance path
    assert check_instance(s, "ctx", (Context, CommittedContext)) is s


def test_check_instance_is_not_exact_by_default():
    s = SubContext(1, 2, 1)
    assert is_absorbed(s, 2) is True
    assert is_absorbed(s, 1) is False
    with pytest.raises(
        TypeError, match=r"^ctx must be a Context, got .* of type SubContext$"
    ):
        check_instance(s, "ctx", Context, exact=True)


@pytest.mark.parametrize(
    ("kind", "shown"),
    [
        (int, "an int"),
        ((int, str), "an int or str"),
        (Context, "a Context"),
        (bool, "a bool"),
    ],
)
def test_check_instance_article_follows_the_first_letter(kind, shown):
    with pytest.raises(TypeError, match=rf"^x must be {shown}, got 2.5 of type float$"):
        check_instance(2.5, "x", kind)


# --- check_callable ------------------------------------------------------------


def test_check_callable():
    assert check_callable(len, "op") is None
    with pytest.raises(TypeError, match=r"^op must be callable, got 3 of type int$"):
        check_callable(3, "op")
    with pytest.raises(
        TypeError, match=r"^op must be callable, got 'max' of type str$"
    ):
        check_monoid("max", 0, range(2))


# --- keys ----------------------------------------------------------------------


@pytest.mark.parametrize("key", [3, 2.5, Fraction(1, 3), "e", (1, "e"), ((0.5,), 2)])
def test_check_key_returns_the_key(key):
    assert check_key(key, "w") is key
    assert check_key(None, "w") is None


def test_an_empty_tuple_key_is_refused():
    with pytest.raises(ValueError, match=r"^w must not be an empty tuple$"):
        Context((), 0, 0)
    with pytest.raises(ValueError, match=r"^w must not be an empty tuple$"):
        Context((1, ()), 0, 0)
    with pytest.raises(ValueError, match=r"^events\[1\] must not be an empty tuple$"):
        from_events([None, ()])


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (None, None, True),
        (1, None, True),
        (None, 1, False),
        (2, 2, True),
        (3, 2, True),
        (2, 3, False),
        ((1, "b"), (1, "a"), True),
        ((1, "a"), (1, "b"), False),
    ],
)
def test_key_ge_none_is_bottom(a, b, expected):
    assert key_ge(a, b) is expected


def test_key_ge_names_incomparable_keys():
    with pytest.raises(
        TypeError, match=r"^pivot keys p=1 and q='x' are not comparable; "
    ):
        key_ge(1, "x", "p", "q")


def test_key_max_keeps_the_first_of_equal_keys():
    assert key_max([]) is None
    assert key_max([None, None]) is None
    assert key_max([None, 3, None, 1]) == 3
    first, second = 1, 1.0
    got = key_max([0, first, second])
    assert got == 1 and type(got) is int
    got = key_max([second, first])
    assert type(got) is float
    assert TropicalContext((2, 5, None), 1).best_weight == 5


def test_from_events_ties_keep_the_earliest_pivot():
    # the second 5 is equal, not larger: the pivot stays the first one
    assert from_events([5, None, 5]) == Context(5, 1, 0)
    assert from_events([None, 5, None, 5.0]).d_pre == 1
    assert from_events([None, 4, None, 5]) == Context(5, 2, 2)
