"""The six verdict words, each defined once: the ledger's --help and the guide agree (issue 28)."""

from __future__ import annotations

import re
from pathlib import Path

from proofs import Verdict
from proofs.cli import _parser
from proofs.records import _MEANINGS

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "ledger.md"


def test_every_verdict_has_one_meaning():
    """One definition per Verdict value, none left out."""
    assert list(_MEANINGS) == [v.value for v in Verdict] or set(_MEANINGS) == {
        v.value for v in Verdict
    }


def test_guide_table_is_the_definition():
    """docs/guide/ledger.md's verdict table repeats the definitions word for word."""
    text = GUIDE.read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| \*\*(\w+)\*\* \| (.+?) \|$", text, re.M))
    assert rows == _MEANINGS


def test_help_prints_the_definitions():
    """The ledger's --help carries every definition."""
    epilog = " ".join(_parser("proofs").format_help().split())
    for word, meaning in _MEANINGS.items():
        assert f"{word}: {' '.join(meaning.split())}" in epilog


def test_conditional_means_an_unstated_condition():
    """'conditional' is not used for 'sampled rather than mechanised'."""
    assert "paper does not give" in _MEANINGS["conditional"]
    assert "sampled" in _MEANINGS["verified"]
