"""algebra.laws' search engines: the caps, the default size measure, reading a domain (issue 33).

Written against the survivors of the mutation run of algebra/laws/_search.py.
The size measure orders a finite domain, so it decides which counterexample
is reported as minimal; its documented values are checked one kind at a time.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from algebra import Context
from algebra.laws import check_homomorphism, check_monoid


def broken(a: int, b: int) -> int:
    """Not associative at (0, 0, 0): a check on it stops in its first shell."""
    return a - b - 1


# --- caps -------------------------------------------------------------------------


def test_exactly_max_tuples_is_walked_and_one_shell_more_is_refused():
    report = check_monoid(broken, 0, range(100))  # 100**3 == MAX_TUPLES
    assert report["associativity"].counterexample == {"a": 0, "b": 0, "c": 0}
    with pytest.raises(
        ValueError,
        match=r"^elements has 101 elements, so checking associativity exhaustively "
        r"walks 1,030,301 tuples > 1,000,000; pass fewer elements",
    ):
        check_monoid(broken, 0, range(101))


def test_exactly_max_elements_are_read_and_one_more_is_refused():
    # 100,000 elements are read (then the triples are too many)
    with pytest.raises(
        ValueError, match=r"^elements has 100,000 elements, so checking"
    ):
        check_monoid(max, 0, range(100_000))
    with pytest.raises(ValueError, match=r"^elements has more than 100,000 elements; "):
        check_monoid(max, 0, range(100_001))


def test_an_endless_domain_is_read_only_one_element_past_the_cap():
    endless = itertools.count()
    with pytest.raises(ValueError, match=r"^segments has more than 100,000 elements"):
        check_homomorphism(len, max, endless)
    assert next(endless) == 100_001


def test_an_empty_domain_is_refused():
    with pytest.raises(
        ValueError, match=r"^elements is empty: a law check needs at least one element$"
    ):
        check_monoid(max, 0, [])
    with pytest.raises(ValueError, match=r"^segments is empty"):
        check_homomorphism(len, max, iter(()))


# --- the default size measure orders the domain -------------------------------------


class _NotIterable:
    __iter__ = None  # has the attribute, but list() raises TypeError

    def __repr__(self) -> str:
        return "NI"


NI = _NotIterable()
OBJ = object()


def _smallest(domain: list[object]) -> object:
    """The element a check reports: left identity fails everywhere, so the first by size."""
    report = check_monoid(lambda a, b: "never equal", 0, domain)
    return report["left identity"].counterexample["a"]


@pytest.mark.parametrize(
    ("domain", "smallest"),
    [
        ([5, 2], 2),  # numbers by absolute value
        ([-3, 2], 2),
        ([2.5, 0.5], 0.5),
        ([math.inf, 7.5], 7.5),
        ([Fraction(7, 2), Fraction(1, 3)], Fraction(1, 3)),
        (["abc", "a"], "a"),  # strings by length
        ([{"x": 5}, {"x": 0, "y": 0}], {"x": 0, "y": 0}),  # 1 + 5 against 2 + 0
        ([Context(5, 3, 1), Context(None, 0, 0)], Context(None, 0, 0)),  # 9 against 0
        ([[1, 2], [0]], [0]),  # 2 + 3 against 1 + 0
        ([range(5), range(1)], range(1)),  # any iterable: 5 + 10 against 1 + 0
        ([0.5, NI], NI),  # not iterable after all: 0
        ([OBJ, NI], OBJ),  # both 0: the first
        ([0.5, OBJ], OBJ),  # anything else: 0
        ([NI, OBJ], NI),
        ([True, None], None),  # None 0, True 1
    ],
)
def test_the_size_measure_orders_the_domain(domain, smallest):
    assert _smallest(domain) == smallest


def test_the_size_measure_picks_the_reported_counterexample():
    # the counterexample is the smallest tuple by default_size: '' before 'x'
    report = check_monoid(lambda a, b: a + b + "!", "", ["xx", "x", ""])
    assert report["left identity"].counterexample == {"a": ""}
    report = check_monoid(lambda a, b: {**a, **b, "n": 1}, {}, [{"k": 5}, {}])
    assert report["left identity"].counterexample == {"a": {}}


# --- what each engine reports -----------------------------------------------------


def test_exhaustive_reports_both_sides_of_the_smallest_failure():
    report = check_monoid(lambda a, b: a - b, 0, range(3))
    assoc, left, right = report.laws
    assert (assoc.examples_tried, assoc.counterexample) == (8, {"a": 0, "b": 0, "c": 1})
    assert assoc.detail == "op(op(a, b), c) = -1, op(a, op(b, c)) = 1"
    assert (left.examples_tried, left.detail) == (2, "op(identity, a) = -1, a = 1")
    assert (right.holds, right.examples_tried, right.method) == (True, 3, "exhaustive")
    assert right.detail == "every tuple of 3 elements"


def test_sampled_counts_the_examples_up_to_the_first_failure():
    from hypothesis import strategies as st

    report = check_monoid(broken, 0, st.integers())
    assoc = report["associativity"]
    assert (assoc.method, assoc.examples_tried) == ("hypothesis", 1)
    assert assoc.counterexample == {"a": 0, "b": 0, "c": 0}
    assert assoc.detail == "op(op(a, b), c) = -2, op(a, op(b, c)) = 0"
    both = check_monoid(lambda a, b: a - b, 0, st.integers(), exhaustive=range(3))
    right = both["right identity"]
    assert (right.holds, right.method, right.examples_tried) == (
        True,
        "exhaustive+hypothesis",
        203,
    )
    assert right.detail == "every tuple of 3 elements; sampled, not a proof"


def test_examples_tried_stop_at_the_first_failure_not_after_shrinking():
    from hypothesis import strategies as st

    seen: list[int] = []

    def op(a: int, b: int) -> int:
        seen.append(a)
        return a + b if a < 10 else a + b + 1  # breaks the law once summarize(a) >= 10

    report = check_homomorphism(
        lambda x: x, op, st.integers(0, 10**6), concat=lambda a, b: a + b
    )
    law = report["homomorphism"]
    assert law.holds is False and law.counterexample == {"a": 10, "b": 0}
    first_failure = next(i for i, a in enumerate(seen) if a >= 10)
    assert law.examples_tried == first_failure + 1
    assert len(seen) > law.examples_tried  # hypothesis went on to shrink


def test_sampling_is_derandomized_without_a_database(monkeypatch):
    import hypothesis
    from hypothesis import strategies as st

    used = []
    real_find = hypothesis.find

    def spy(specifier, condition, *, settings):
        used.append(settings)
        return real_find(specifier, condition, settings=settings)

    monkeypatch.setattr(hypothesis, "find", spy)
    check_monoid(max, 0, st.integers(0, 5), max_examples=9)
    assert len(used) == 3
    for config in used:
        assert config.derandomize is True
        assert config.database is None
        assert config.max_examples == 9
        assert config.deadline is None


def test_exhaustive_next_to_a_strategy_must_be_iterable():
    from hypothesis import strategies as st

    with pytest.raises(
        TypeError, match=r"^exhaustive must be a finite iterable, got int$"
    ):
        check_monoid(max, 0, st.integers(), exhaustive=5)


def test_reports_name_the_callables():
    import functools

    assert (
        check_monoid(max, 0, range(2)).subject == "monoid laws of max with identity 0"
    )
    assert (
        check_monoid(broken, 0, range(2)).subject
        == "monoid laws of broken with identity 0"
    )
    plus = functools.partial(lambda a, b, c: a + b + c, c=0)
    subject = check_monoid(plus, 0, range(2)).subject
    assert subject == f"monoid laws of {plus!r} with identity 0"
    report = check_homomorphism(len, max, [[1]])
    assert report.subject == "len is a homomorphism onto max"
