"""compose_endo / compose_commit take exactly their carrier types, not subclasses (issue 33).

A subclass may override ``w``, ordering or ``__eq__``; the products are proven
for the carrier itself, so an instance of a subclass is a TypeError naming the
argument. These tests kill the ``exact=True`` -> ``False`` mutants of
algebra/compose.py.
"""

from dataclasses import dataclass

import pytest

from algebra import CommittedContext, Context, compose_commit, compose_endo
from algebra.compose import commit_fields, endo_fields


@dataclass(frozen=True, slots=True)
class SubContext(Context):
    pass


@dataclass(frozen=True, slots=True)
class SubCommitted(CommittedContext):
    pass


@pytest.mark.parametrize(
    ("a", "b", "name"),
    [
        (SubContext(1, 2, 0), Context(3, 1, 1), "a"),
        (Context(1, 2, 0), SubContext(3, 1, 1), "b"),
        (CommittedContext(1, 2, 0, False), Context(3, 1, 1), "a"),
        (Context(1, 2, 0), CommittedContext(3, 1, 1, False), "b"),
    ],
)
def test_compose_endo_refuses_subclasses_and_other_types(a, b, name):
    with pytest.raises(TypeError, match=rf"^{name} must be a Context, got .* of type"):
        compose_endo(a, b)


@pytest.mark.parametrize(
    ("a", "b", "name"),
    [
        (SubCommitted(1, 2, 0, False), CommittedContext(3, 1, 1, False), "a"),
        (CommittedContext(1, 2, 0, False), SubCommitted(3, 1, 1, False), "b"),
        (Context(1, 2, 0), CommittedContext(3, 1, 1, False), "a"),
        (CommittedContext(1, 2, 0, False), Context(3, 1, 1), "b"),
    ],
)
def test_compose_commit_refuses_subclasses_and_other_types(a, b, name):
    with pytest.raises(TypeError, match=rf"^{name} must be a CommittedContext, got"):
        compose_commit(a, b)


def test_exact_types_compose():
    assert compose_endo(Context(1, 2, 0), Context(3, 1, 1)) == Context(3, 3, 3)
    got = compose_commit(
        CommittedContext(1, 2, 0, True), CommittedContext(3, 1, 1, False)
    )
    assert got == CommittedContext(1, 3, 0, True)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((5, 3, 1), (9, 4, 2), (9, 7, 5)),  # the pivot moves right: d_pre = 3 + 2
        ((9, 3, 1), (5, 4, 2), (9, 7, 1)),  # the left pivot stays
        ((5, 3, 1), (5, 4, 2), (5, 7, 1)),  # a tie: the left pivot wins
        ((None, 3, 0), (5, 4, 2), (5, 7, 5)),
        ((5, 3, 1), (None, 4, 0), (5, 7, 1)),
    ],
)
def test_endo_fields_by_hand(a, b, expected):
    assert endo_fields(*a, *b) == expected


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((3, 2, 1, True), (9, 4, 4, False), (3, 6, 1, True)),
        ((3, 2, 1, False), (9, 4, 4, True), (9, 6, 6, True)),
        ((3, 2, 1, False), (9, 4, 4, False), (9, 6, 6, False)),
        ((9, 2, 1, False), (3, 4, 4, False), (9, 6, 1, False)),
        ((3, 2, 1, True), (9, 4, 4, True), (3, 6, 1, True)),
    ],
)
def test_commit_fields_by_hand(a, b, expected):
    assert commit_fields(*a, *b) == expected
