"""The SLM claims catalogue (proofs/claims/slm/catalogue.csv) against the ledger."""

import csv
import re
from importlib.resources import files

import pytest

from proofs import CLAIMS

_COLUMNS = ["id", "where", "kind", "statement", "checked_by", "status"]
_KINDS = {
    "theorem",
    "proposition",
    "lemma",
    "corollary",
    "definition-consequence",
    "worked-example",
    "statistic",
    "complexity",
    "consistency",
    "empirical",
}
_STATUS = re.compile(r"^(checked|weaker|not-checked: .+)$")


@pytest.fixture(scope="module")
def rows():
    path = files("proofs") / "claims" / "slm" / "catalogue.csv"
    with path.open(encoding="utf-8") as fh:
        lines = [line for line in fh if not line.startswith("#")]
    reader = csv.DictReader(lines)
    assert reader.fieldnames == _COLUMNS
    return list(reader)


def test_slm_catalogue_rows_are_well_formed(rows):
    """Unique ids, known kinds, a location, and a status of the three forms."""
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids))
    for r in rows:
        assert r["id"].startswith("SLM-"), r["id"]
        assert r["kind"] in _KINDS, r
        assert r["where"] and r["statement"], r
        assert _STATUS.match(r["status"]), r
        assert (r["status"] == "weaker") == ("checked weaker: " in r["statement"]), r
        checked = [c for c in r["checked_by"].split(";") if c]
        assert bool(checked) != r["status"].startswith("not-checked"), r


def test_slm_catalogue_names_only_registered_claims(rows):
    """Every checked_by id is a ledger claim, and every SLM ledger claim is catalogued."""
    ledger = {c.id for c in CLAIMS}
    named = {c for r in rows for c in r["checked_by"].split(";") if c}
    assert named <= ledger, named - ledger
    slm = {c.id for c in CLAIMS if c.source == "SLM"}
    assert slm <= named | {r["id"] for r in rows}, slm - named


def test_slm_catalogue_counts(rows):
    """The counts the report quotes (catalogued, checked, weaker, not checked)."""
    status = [r["status"].split(":")[0] for r in rows]
    assert (len(rows), status.count("checked")) == (68, 52)
    assert (status.count("weaker"), status.count("not-checked")) == (6, 10)
