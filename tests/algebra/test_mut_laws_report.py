"""algebra.laws' reports: the headline of mixed verdicts (issue 33).

Written against the survivors of the mutation run of algebra/laws/_report.py.
"""

from __future__ import annotations

import pytest

from algebra.laws import LawReport, LawResult


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
