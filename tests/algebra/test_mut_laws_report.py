"""algebra.laws' reports: the headline of mixed verdicts, violated results (issue 33).

Written against the survivors of the mutation run of algebra/laws/_report.py.
"""

from __future__ import annotations

import pytest

from algebra.laws import LawReport, LawResult
from algebra.laws._search import Found, Law


def _law(name: str, holds: bool | None) -> LawResult:
    example = {"a": 1} if holds is False else None
    return LawResult(name, f"{name}(a)", holds, "exhaustive", 1, example, "d")


@pytest.mark.parametrize(
    ("verdicts", "head", "holds"),
    [
        ((True, True), "HOLDS", True),
        ((True, None), "OPEN", False),
        ((None, None), "OPEN", False),
        ((False, None), "VIOLATED", False),
        ((None, False), "VIOLATED", False),
        ((True, False), "VIOLATED", False),
    ],
)
def test_the_headline_of_mixed_verdicts(verdicts, head, holds):
    laws = tuple(_law(f"law{i}", v) for i, v in enumerate(verdicts))
    report = LawReport("subject", laws)
    assert report.holds is holds
    assert str(report).splitlines()[0] == f"subject: {head}"


def _check(args: tuple[int, ...]) -> tuple[bool, str]:
    return False, "both sides"


def test_violated_names_the_variables():
    law = Law(
        "associativity", "op(op(a, b), c) == op(a, op(b, c))", ("a", "b", "c"), _check
    )
    got = LawResult.violated(law, "exhaustive", 4, Found(4, (1, 2, 3), "lhs, rhs"))
    assert got == LawResult(
        "associativity",
        "op(op(a, b), c) == op(a, op(b, c))",
        False,
        "exhaustive",
        4,
        {"a": 1, "b": 2, "c": 3},
        "lhs, rhs",
    )


def test_violated_refuses_a_search_that_found_nothing():
    law = Law("closure", "op(a, b) in S", ("a", "b"), _check)
    with pytest.raises(ValueError, match=r"^law 'closure' was not violated$"):
        LawResult.violated(law, "hypothesis", 200, Found(200, None, ""))


def test_violated_refuses_a_tuple_of_the_wrong_arity():
    law = Law("closure", "op(a, b) in S", ("a", "b"), _check)
    with pytest.raises(ValueError, match="zip"):
        LawResult.violated(law, "exhaustive", 1, Found(1, (1, 2, 3), "x"))
