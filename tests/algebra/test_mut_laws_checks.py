"""algebra.laws' three checks: default sample size, open premises, details (issue 33).

Written against the survivors of the mutation run of algebra/laws/_checks.py.
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from algebra.laws import check_homomorphism, check_ideal, check_monoid

NATURALS = st.integers(min_value=0, max_value=10**6)


# --- the default sample size is 200 examples per law ---------------------------


def test_check_monoid_samples_200_examples_by_default():
    report = check_monoid(max, 0, NATURALS)
    assert report.holds
    assert [law.examples_tried for law in report.laws] == [200, 200, 200]


def test_check_homomorphism_samples_200_examples_by_default():
    report = check_homomorphism(len, lambda a, b: a + b, st.lists(NATURALS, max_size=3))
    assert report.holds
    assert report["homomorphism"].examples_tried == 200


def test_check_ideal_samples_200_examples_by_default():
    report = check_ideal(max, lambda a: a >= 5, NATURALS, side="two-sided")
    assert report.holds
    assert [law.examples_tried for law in report.laws] == [200, 200]


def test_max_examples_is_the_sample_size():
    report = check_monoid(max, 0, NATURALS, max_examples=7)
    assert [law.examples_tried for law in report.laws] == [7, 7, 7]


# --- arguments ------------------------------------------------------------------


def test_domain_needs_method_smt():
    with pytest.raises(
        TypeError, match=r"^domain= applies to method='smt'; with examples"
    ):
        check_monoid(max, 0, range(3), domain=lambda n: n >= 0)


# --- check_ideal: open premises, per side --------------------------------------


@pytest.mark.parametrize("side", ["right", "left", "two-sided"])
def test_a_premise_that_never_holds_leaves_the_law_open(side):
    report = check_ideal(max, lambda a: a > 10, range(4), side=side)
    assert [law.holds for law in report.laws] == [None] * len(report.laws)
    assert all(
        law.detail.startswith("open: the premise never held") for law in report.laws
    )
    assert report.holds is False


@pytest.mark.parametrize("side", ["right", "left", "two-sided"])
def test_a_premise_that_held_once_is_checked(side):
    # one element, a member: the premise holds exactly once per law
    report = check_ideal(max, lambda a: a >= 0, [0], side=side)
    assert [law.holds for law in report.laws] == [True] * len(report.laws)
    assert [law.examples_tried for law in report.laws] == [1] * len(report.laws)
    assert report.holds is True


def test_violation_details_name_the_side():
    report = check_ideal(min, lambda a: a >= 5, range(7), side="two-sided")
    right, left = report["right absorption"], report["left absorption"]
    assert (right.holds, left.holds) == (False, False)
    assert right.counterexample == {"a": 5, "s": 0}
    assert right.detail == "predicate(a) is true but op(a, s) = 0 is not in the set"
    assert left.detail == "predicate(a) is true but op(s, a) = 0 is not in the set"
    only_left = check_ideal(lambda a, b: b, lambda a: a >= 1, range(3), side="left")
    assert only_left["left absorption"].holds is True
    only_right = check_ideal(lambda a, b: b, lambda a: a >= 1, range(3), side="right")
    assert only_right["right absorption"].detail == (
        "predicate(a) is true but op(a, s) = 0 is not in the set"
    )
