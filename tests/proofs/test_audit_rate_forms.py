"""Rate forms a new user wrote that the audit missed, and p-values it misread.

``.91 (n = 40)`` (APA's leading dot) and ``85.0% (35 of 40)`` were not found
(0 found, exit 0); ``p = 0.049 (n = 40)`` was checked as a share of 40 and
flagged INCONSISTENT.
"""

from __future__ import annotations

import pytest

from proofs.audit.paper import audit_paper_text


def _only(text: str):
    (found,) = audit_paper_text(text).findings
    return found


@pytest.mark.parametrize(
    ("text", "verdict", "printed"),
    [
        ("Accuracy was .91 (n = 40).", "inconsistent", ".91"),
        ("Accuracy was .90 (n = 40).", "consistent", ".90"),
        ("Accuracy was 85.0% (35 of 40).", "inconsistent", "85.0"),
        ("Accuracy was 85.0% (34 of 40).", "consistent", "85.0"),
        ("Accuracy was 0.85 (34 out of 40 tasks).", "consistent", "0.85"),
        ("Accuracy was 0.80 (34 out of 40 tasks).", "inconsistent", "0.80"),
    ],
)
def test_leading_dot_and_k_of_n_forms_are_checked(text, verdict, printed) -> None:
    found = _only(text)
    assert (found.verdict, found.printed) == (verdict, printed)


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("We found p = 0.049 (n = 40).", "p ="),
        ("We found p = .049 (n = 40).", "p ="),
        ("The effect was d = 0.43 (n = 40).", "d ="),
        ("Agreement was κ = 0.61 (n = 40).", "κ ="),
        ("The fit gave R² = 0.37 (n = 40).", "R² ="),
        ("Significance was p < 0.049 (n = 40).", "p <"),
    ],
)
def test_a_statistic_before_the_number_is_not_a_share(text, symbol) -> None:
    found = _only(text)
    assert found.verdict == "not checkable"
    assert f"(the text says {symbol!r})" in found.reason


def test_a_share_named_like_a_statistic_word_is_still_checked() -> None:
    # "rep = " is no statistic symbol: the letters before "p" belong to a word
    assert _only("Our rep = 0.876 (n = 40).").verdict == "inconsistent"


def test_a_missing_paper_says_no_such_file(tmp_path, capsys) -> None:
    from proofs.tool import main as tool_main

    missing = tmp_path / "nope.md"
    assert tool_main(["audit", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"{missing}: no such file" in err
    assert "regular" not in err
