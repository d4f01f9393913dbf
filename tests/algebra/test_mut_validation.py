"""algebra's argument checks, through the public functions that use them (issue 33).

Written against the survivors of the mutation run of algebra/_validation.py:
the slot cap at its edge, the choices and callables, empty-tuple keys, the
non-exact type check, and ``None`` as the bottom key with the first of equal
keys kept.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from algebra import Context, from_events, is_absorbed
from algebra.laws import check_ideal, check_monoid
from algebra.tropical import TropicalContext, fold_tropical, oplus_tropical


@dataclass(frozen=True, slots=True)
class SubContext(Context):
    pass


def test_k_at_the_slot_cap_is_accepted_and_one_above_is_refused():
    # fold_tropical checks k without allocating when the input is not empty
    one = [TropicalContext.candidate(7, k=0)]
    assert fold_tropical(one, k=1_000_000) == one[0]
    with pytest.raises(
        ValueError, match=r"^k must satisfy 0 <= k <= 1000000, got 1000001$"
    ):
        fold_tropical(one, k=1_000_001)
    with pytest.raises(ValueError, match=r"^k must be >= 0, got -1$"):
        fold_tropical(one, k=-1)


@pytest.mark.parametrize("bad", ["MAX", 3, None, ""])
def test_choices_are_checked(bad):
    t = TropicalContext((1, None), 1)
    with pytest.raises(
        ValueError,
        match=rf"^d_total must be one of 'equal', 'max', 'min', got {bad!r}$",
    ):
        oplus_tropical(t, t, d_total=bad)


def test_public_choices_are_checked():
    t = TropicalContext((1, None), 1)
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
    assert check_ideal(max, bool, range(2), side="left").holds


def test_types_are_not_exact_by_default():
    s = SubContext(1, 2, 1)
    assert is_absorbed(s, 2) is True
    assert is_absorbed(s, 1) is False


def test_callables_are_checked():
    with pytest.raises(
        TypeError, match=r"^op must be callable, got 'max' of type str$"
    ):
        check_monoid("max", 0, range(2))
    with pytest.raises(
        TypeError, match=r"^predicate must be callable, got 3 of type int$"
    ):
        check_ideal(max, 3, range(2))


def test_an_empty_tuple_key_is_refused():
    with pytest.raises(ValueError, match=r"^w must not be an empty tuple$"):
        Context((), 0, 0)
    with pytest.raises(ValueError, match=r"^w must not be an empty tuple$"):
        Context((1, ()), 0, 0)
    with pytest.raises(ValueError, match=r"^events\[1\] must not be an empty tuple$"):
        from_events([None, ()])


def test_incomparable_keys_are_named():
    with pytest.raises(
        TypeError, match=r"^pivot keys pivot=1 and events\[1\]='x' are not comparable; "
    ):
        from_events([1, "x"])


def test_none_is_the_bottom_key_and_the_first_of_equal_keys_is_kept():
    assert TropicalContext((None, None), 1).best_weight is None
    assert TropicalContext((None, 3, None), 2).best_weight == 3
    assert TropicalContext((3, None, 1), 2).best_weight == 3
    got = TropicalContext((0, 1, 1.0), 2).best_weight
    assert got == 1 and type(got) is int
    got = TropicalContext((1.0, 1), 1).best_weight
    assert type(got) is float


def test_from_events_ties_keep_the_earliest_pivot():
    # the second 5 is equal, not larger: the pivot stays the first one
    assert from_events([5, None, 5]) == Context(5, 1, 0)
    assert from_events([None, 5, None, 5.0]).d_pre == 1
    assert from_events([None, 4, None, 5]) == Context(5, 2, 2)
