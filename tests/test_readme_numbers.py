"""Numbers in the README that cannot go stale (issue 34).

The ledger table is generated (``python -m tests.proofs.readme_table --write``)
from the verdicts the ledger tests expect, which in turn must name exactly the
registered claims and every claim the catalogue says is checked. Timings are
not printed in the README at all: they depend on the machine and its load.
"""

import re
from pathlib import Path

import pytest

from proofs import CLAIMS, catalogue
from tests.proofs import readme_table
from tests.proofs.expected import expected_verdicts

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_ledger_table_is_the_generated_one():
    assert readme_table.readme_table() == readme_table.table(), (
        "README.md's ledger table is stale: run "
        "python -m tests.proofs.readme_table --write"
    )


def test_the_table_counts_every_registered_claim_by_its_source():
    expected = expected_verdicts()
    assert sorted(expected) == sorted(c.id for c in CLAIMS)
    for claim in CLAIMS:
        assert readme_table.source_of(claim.id) == claim.source, claim.id
    total = readme_table.table().splitlines()[-1]
    assert total.startswith(f"| all | {len(CLAIMS)} | ")


def test_every_catalogued_check_is_in_the_table():
    expected = expected_verdicts()
    missing = sorted(
        i for entry in catalogue() for i in entry.checked_by if i not in expected
    )
    assert missing == []


def test_a_stale_table_is_caught():
    verdicts = dict(expected_verdicts())
    first = next(iter(verdicts))
    verdicts[first] = "refuted" if verdicts[first] != "refuted" else "proven"
    assert readme_table.table(verdicts) != readme_table.table()
    with pytest.raises(ValueError, match="unknown source tag"):
        readme_table.table({"XX-1": "proven"})
    with pytest.raises(ValueError, match="outside the table's columns"):
        readme_table.table({"VM-1": "error"})
    with pytest.raises(ValueError, match="no ledger table"):
        readme_table.readme_table("no markers here")


TIMING = re.compile(
    r"\b(?:about|takes?|in|under)\s+~?\d+(?:\.\d+)?\s*(?:s|sec|seconds?|min|minutes?|h|hours?)\b"
    r"|\b\d+(?:\.\d+)?\s*(?:seconds?|minutes?)\b(?: of (?:CPU|wall))?",
    re.I,
)


@pytest.mark.parametrize(
    ("text", "timed"),
    [
        ("about 25 s", True),
        ("5.5 minutes of wall time", True),
        ("takes minutes, not seconds", False),
        ("100 seeds", False),
    ],
)
def test_the_timing_scan(text, timed):
    assert bool(TIMING.search(text)) is timed


def test_readme_prints_no_timing():
    found = [m.group(0) for m in TIMING.finditer(README.read_text(encoding="utf-8"))]
    assert found == [], f"timings in README.md go stale; remove them: {found}"
