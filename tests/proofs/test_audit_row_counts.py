"""A rate printed beside its own count and n is checked against them (h-newuser5).

The audit read the n of a row from its ``n`` column but ignored the count
beside it: ``22 | 40 | 57.5%`` was "ok" because 57.5% is attainable at
n = 40 (23/40), though 22/40 is 55%. A count in the same cell, ``22 (57.5%)``,
was "not checkable" as if the row's n were an inference. And an interval
that leaves out the rate printed with it (``0.875 (n = 40; 95% CI [0.50,
0.60])``) was "not checkable" because k was inferred from the rate.
"""

from __future__ import annotations

import pytest

from proofs.audit.paper import audit_paper_text


def _verdicts(text: str) -> list[tuple[str, str, str, str]]:
    return [
        (f.kind, f.printed, f.inputs, f.verdict)
        for f in audit_paper_text(text).findings
    ]


@pytest.mark.parametrize(
    ("wins", "rate"), [("solved", "rate"), ("correct", "accuracy"), ("k", "%")]
)
def test_a_rate_column_is_checked_against_the_count_column(
    wins: str, rate: str
) -> None:
    text = (
        f"| policy | {wins} | n | {rate} |\n|---|---|---|---|\n"
        "| a | 31 | 40 | 77.5% |\n| b | 22 | 40 | 57.5% |\n| c | 27 | 40 | 65.0% |\n"
    )
    assert _verdicts(text) == [
        ("percent", "77.5", "k=31;n=40", "consistent"),
        ("percent", "57.5", "k=22;n=40", "inconsistent"),  # 22/40 is 55%
        ("percent", "65.0", "k=27;n=40", "inconsistent"),  # 27/40 is 67.5%
    ]


def test_a_proportion_column_is_a_proportion_of_the_count() -> None:
    """``0.775`` beside 31 of 40 is 31/40, not 0.775% of 40."""
    text = (
        "| policy | k | n | rate |\n|---|---|---|---|\n"
        "| a | 31 | 40 | 0.775 |\n| b | 22 | 40 | 0.575 |\n"
    )
    assert _verdicts(text) == [
        ("proportion", "0.775", "k=31;n=40", "consistent"),
        ("proportion", "0.575", "k=22;n=40", "inconsistent"),
    ]


def test_two_count_columns_pair_with_no_rate() -> None:
    """Two success columns (``solved`` and ``passed``): which one the rate
    counts is not said, so only the rate's attainability at n is checked."""
    text = (
        "| policy | solved | passed | n | rate |\n|---|---|---|---|---|\n"
        "| b | 22 | 23 | 40 | 57.5% |\n"
    )
    assert _verdicts(text) == [
        ("percent_attainable", "57.5", "n=40", "consistent"),
    ]


def test_a_count_and_its_percent_in_one_cell_with_the_rows_n() -> None:
    text = "| policy | n | solved |\n|---|---|---|\n| a | 40 | 31 (77.5%) |\n| b | 40 | 22 (57.5%) |\n"
    assert _verdicts(text) == [
        ("percent", "77.5", "k=31;n=40", "consistent"),
        ("percent", "57.5", "k=22;n=40", "inconsistent"),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Accuracy was 0.875 (n = 40; 95% CI [0.50, 0.60]).",
        "Accuracy was 87.5% (n = 40, 95% CI [50.0%, 60.0%]).",
    ],
)
def test_an_interval_that_leaves_out_the_rate_beside_it_is_inconsistent(
    sentence: str,
) -> None:
    (interval,) = [
        f for f in audit_paper_text(sentence).findings if f.kind == "interval"
    ]
    assert interval.verdict == "inconsistent"
    assert "excludes its own estimate" in interval.reason


def test_an_interval_that_holds_the_rate_keeps_its_inference() -> None:
    """Wilson's [0.74, 0.95] for 35/40: consistent, with k from the rate named."""
    (interval,) = [
        f
        for f in audit_paper_text(
            "Accuracy was 0.875 (n = 40; 95% CI [0.74, 0.95])."
        ).findings
        if f.kind == "interval"
    ]
    assert interval.verdict == "consistent"
    assert "the one count that prints as the rate" in interval.note


def test_an_interval_far_from_its_rate_stays_an_inference() -> None:
    """A sentence between the rate and the interval: the pairing is inferred,
    so an excluded estimate is not flagged."""
    text = (
        "Accuracy was 0.875 (n = 40). We then ran the other arm again. "
        "It gave a 95% CI of [0.50, 0.60]."
    )
    (interval,) = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
    assert interval.verdict == "not checkable"
    assert "the one count that prints as the rate" in interval.note


def test_a_k_beside_a_pass_at_k_column_is_a_cut_off_not_a_count() -> None:
    """``| k | n | pass@k (%) |``: k is the k of pass@k, so the rate is not
    paired with it (it was, and 45.1% of 164 was flagged against 10/164)."""
    text = (
        "| model | k | n | pass@k (%) |\n|---|---|---|---|\n| a | 10 | 164 | 45.1% |\n"
    )
    assert _verdicts(text) == [("percent_attainable", "45.1", "n=164", "consistent")]
