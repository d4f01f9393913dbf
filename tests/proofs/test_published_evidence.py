"""No verdict without evidence: a published-table check that compares nothing is an error (issue 33)."""

from functools import partial

import pytest

import proofs.claims.vm.published as published
from proofs.records import Claim, Kind


def test_a_fake_claim_over_an_empty_table_is_an_error_not_verified(monkeypatch):
    """A claim registered over a table with no printed cell raises, naming it."""
    fake = Claim(
        "VM-T99",
        "a fake claim over a table that has no printed cell",
        Kind.SIMULATION,
        partial(published.check_sweep_table, "VM-T99", "T99"),
        where="nowhere",
    )
    monkeypatch.setattr(published, "CLAIMS", (*published.CLAIMS, fake))
    monkeypatch.setattr(published, "_rows", lambda name: [])  # an empty data file
    with pytest.raises(ValueError, match=r"VM-T99: table='T99' has 0 printed cells"):
        fake.run()


@pytest.mark.parametrize(
    ("claim_id", "table", "match"),
    [
        (
            "VM-C3",
            "T9",
            r"claim_id='VM-C3' is not a claim of proofs\.claims\.vm\.published",
        ),
        ("NO-SUCH", "T9", r"claim_id='NO-SUCH'"),
        ("VM-T3", "no_such_table.csv", r"table='no_such_table\.csv' has 0 printed"),
        ("VM-T3", "../../../../etc/passwd", r"has 0 printed cells"),
        ("VM-T3", "", r"has 0 printed cells"),
    ],
)
def test_unknown_claim_or_table_is_a_value_error(claim_id, table, match):
    """The calls that used to return 'verified' on 0 cells (issue 33)."""
    with pytest.raises(ValueError, match=match):
        published.check_sweep_table(claim_id, table)


@pytest.mark.parametrize(("claim_id", "table"), [(1, "T9"), ("VM-T9", None)])
def test_non_string_arguments_are_type_errors(claim_id, table):
    with pytest.raises(TypeError, match="must be a str"):
        published.check_sweep_table(claim_id, table)


def test_exp58_table_over_an_empty_file_is_an_error(monkeypatch):
    """VM-T4 over a data file with no row is an error, not 'verified'."""
    monkeypatch.setattr(published, "_rows", lambda name: [])
    with pytest.raises(ValueError, match="0 printed cells to compare"):
        published.check_exp58_table()


@pytest.mark.parametrize(
    "name", ["../ledger.py", "/etc/passwd", "..", "", "sub/VM-sweep.csv", "a\\b.csv"]
)
def test_data_paths_stay_inside_the_data_folder(name):
    """A data file name with a directory part is refused, never resolved outside."""
    with pytest.raises(ValueError, match="proofs/data/published/"):
        published._rows(name)


def test_a_missing_data_file_is_an_error():
    with pytest.raises(ValueError, match="is not in proofs/data/published/"):
        published._rows("VM-nothing.csv")
