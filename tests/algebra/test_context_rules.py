"""The carrier set of the context monoids at its edges (VM §3, THEORY.md §1.2-1.3).

Hand-picked elements on each side of every carrier rule: ``0 <= d_pre <=
d_total``, no pivot implies ``d_pre = 0``, a committed context has a pivot.
"""

import pytest

from algebra import COMMITTED_IDENTITY, IDENTITY, CommittedContext, Context


@pytest.mark.parametrize(
    ("w", "d_total", "d_pre"),
    [(None, 0, 0), (None, 5, 0), (1, 0, 0), (1, 3, 3), (1, 3, 0), ((0.5, "e"), 2, 1)],
)
def test_carrier_edges_are_accepted(w, d_total, d_pre):
    c = Context(w, d_total, d_pre)
    assert (c.w, c.d_total, c.d_pre) == (w, d_total, d_pre)
    cc = CommittedContext(w, d_total, d_pre, w is not None)
    assert cc.context == c


@pytest.mark.parametrize(
    ("w", "d_total", "d_pre", "match"),
    [
        (1, 3, 4, r"d_pre must satisfy 0 <= d_pre <= d_total=3, got 4"),
        (1, 0, 1, r"d_pre must satisfy 0 <= d_pre <= d_total=0, got 1"),
        (
            None,
            1,
            1,
            r"d_pre must be 0 when the block has no pivot \(w is None\), got 1",
        ),
        (
            None,
            5,
            2,
            r"d_pre must be 0 when the block has no pivot \(w is None\), got 2",
        ),
    ],
)
def test_carrier_just_outside_is_rejected(w, d_total, d_pre, match):
    with pytest.raises(ValueError, match=match):
        Context(w, d_total, d_pre)
    with pytest.raises(ValueError, match=match):
        CommittedContext(w, d_total, d_pre, False)


def test_has_pivot_is_whether_w_is_a_key():
    assert Context(0, 0, 0).has_pivot is True  # a falsy key is still a pivot
    assert Context(-3.5, 2, 1).has_pivot is True
    assert Context(None, 2, 0).has_pivot is False
    assert IDENTITY.has_pivot is False
    assert Context.candidate(7).has_pivot is True
    assert Context.development().has_pivot is False


def test_constructors_and_identities_field_by_field():
    assert (IDENTITY.w, IDENTITY.d_total, IDENTITY.d_pre) == (None, 0, 0)
    assert CommittedContext(None, 0, 0, False) == COMMITTED_IDENTITY
    assert Context.candidate(0) == Context(0, 0, 0)
    assert Context.development() == Context(None, 1, 0)
    with pytest.raises(ValueError, match="key must not be None for a candidate"):
        Context.candidate(None)


def test_lift_defaults_to_uncommitted():
    c = Context(2, 3, 1)
    assert CommittedContext.lift(c) == CommittedContext(2, 3, 1, False)
    assert CommittedContext.lift(c, committed=True) == CommittedContext(2, 3, 1, True)
    assert CommittedContext.lift(IDENTITY) == COMMITTED_IDENTITY
    assert CommittedContext.lift(c).context == c


def test_committed_flag_rules():
    assert CommittedContext(0, 0, 0, True).committed is True
    with pytest.raises(
        ValueError, match="committed must be False when the block has no pivot"
    ):
        CommittedContext(None, 1, 0, True)
    with pytest.raises(TypeError, match="committed must be a bool, got 1"):
        CommittedContext(1, 1, 0, 1)
