"""An interval that leaves out its own estimate is flagged with no method named.

A new user's report: ``35/40 tasks (95% CI [0.50, 0.60])`` read "not
checkable" and exit 0, although no standard interval for a proportion leaves
out its estimate 0.875. The audit now flags it when the interval follows its
``k/n`` in the same short report and ``0 < k < n``; at ``k = 0`` or ``k = n``
the equal-tailed Jeffreys interval (statsmodels' convention) leaves out the
estimate, so nothing is decided there.
"""

from __future__ import annotations

import pytest

from proofs.audit.paper import audit_paper_text
from proofs.tool import main as tool_main
from theory.inference import PROPORTION_METHODS, proportion_ci


def _intervals(text: str):
    return [f for f in audit_paper_text(text).findings if f.kind == "interval"]


@pytest.mark.parametrize(
    "text",
    [
        "The naive arm solved 35/40 tasks (95% CI [0.50, 0.60]).",
        "The naive arm solved 35/40 tasks (95% CI [74%, 86%]).",
        "The naive arm solved 5/40 tasks (95% CI [0.14, 0.30]).",
    ],
)
def test_an_interval_leaving_out_k_over_n_is_inconsistent(text: str) -> None:
    (found,) = _intervals(text)
    assert found.verdict == "inconsistent"
    assert not found.inferred
    assert "excludes its own estimate" in found.reason


@pytest.mark.parametrize(
    "text",
    [
        # 0.875 is within the rounding of the printed upper end 0.87
        "The naive arm solved 35/40 tasks (95% CI [0.74, 0.87]).",
        # 0.125 is within the rounding of the printed lower end 0.13
        "The naive arm solved 5/40 tasks (95% CI [0.13, 0.30]).",
        # k = 0 and k = n: Jeffreys leaves out 0 and 1, so nothing is decided
        "The naive arm solved 0/40 tasks (95% CI [0.01, 0.09]).",
        "The naive arm solved 40/40 tasks (95% CI [0.91, 0.99]).",
    ],
)
def test_an_interval_that_may_hold_its_estimate_is_not_flagged(text: str) -> None:
    (found,) = _intervals(text)
    assert found.verdict == "not checkable"
    assert "excludes" not in found.reason


def test_a_pairing_across_sentences_stays_an_inference() -> None:
    text = (
        "The naive arm solved 35/40 tasks. The guarded arm did better on "
        "every split, 95% CI [0.50, 0.60]."
    )
    (found,) = _intervals(text)
    assert found.verdict == "not checkable"
    assert found.inferred
    assert "printed before it in the paragraph" in found.note


def test_a_fitting_interval_with_no_method_named_is_consistent() -> None:
    (found,) = _intervals("The naive arm solved 35/40 tasks (95% CI [0.74, 0.95]).")
    assert found.verdict == "consistent"
    assert found.note == "method inferred: wilson"


def test_the_command_exits_1_on_the_users_sentence(tmp_path, capsys) -> None:
    paper = tmp_path / "one2.md"
    paper.write_text("The naive arm solved 35/40 tasks (95% CI [0.50, 0.60]).\n")
    assert tool_main(["audit", str(paper)]) == 1
    out = capsys.readouterr().out
    assert "INCONSISTENT" in out
    assert "excludes its own estimate k/n = 0.875" in out


@pytest.mark.parametrize("method", PROPORTION_METHODS)
def test_every_standard_interval_holds_its_estimate_inside_the_range(method) -> None:
    """The premise of the rule, on the intervals the audit recomputes."""
    for n in (*range(2, 21), 30, 40, 60, 100):
        for k in range(1, n):
            for level in (0.9, 0.95, 0.99):
                ci = proportion_ci(k, n, method=method, confidence_level=level)
                assert ci.low <= k / n <= ci.high, (k, n, level)


def test_jeffreys_leaves_out_the_estimate_at_the_ends() -> None:
    """Why the rule stops at ``0 < k < n`` (if this fails, the rule may widen)."""
    assert proportion_ci(0, 40, method="jeffreys").low > 0
    assert proportion_ci(40, 40, method="jeffreys").high < 1
