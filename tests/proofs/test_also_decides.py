"""Every catalogue row a verdict decides is printed under its entry (issue 28).

A catalogue row names the ledger ids that check it (``checked_by``). When that
id is not the row's own, the row's verdict is the other entry's: the ledger
must show it there, in every output, or a reader sees a verdict without the
sentence of the paper it speaks for (the first audit found a true worked
example printed as refuted because another row's number decided it).
"""

from __future__ import annotations

import dataclasses
import json
import sys

import pytest

from proofs import catalogue, decided_rows
from proofs.cli import main
from proofs.register import LedgerEntry, claim


def _reverse() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for row in catalogue():
        for checker in row.checked_by:
            name = checker.split("@", 1)[0]
            if name != row.id:
                out.setdefault(name, []).append(row.id)
    return out


def test_decided_rows_is_the_reverse_of_checked_by():
    reverse = _reverse()
    assert len(reverse) > 50  # many checks speak for more than one sentence
    for checker, rows in reverse.items():
        assert [r.id for r in decided_rows(checker)] == rows, checker


def test_a_semantics_suffix_is_ignored_and_the_own_row_never_listed():
    assert [r.id for r in decided_rows("VM-P1-COMMIT@paper")] == ["VM-COMMIT"]
    # VM-P1's row is its own and no other row names it
    assert decided_rows("VM-P1") == ()
    # a row that names itself and another checker is listed under the other only
    own = {r.id for r in catalogue()}
    for row in catalogue():
        for checker in row.checked_by:
            listed = [r.id for r in decided_rows(checker)]
            own_row = checker.split("@", 1)[0] == row.id
            assert (row.id in listed) != own_row, (row.id, checker)
    assert own


def test_the_json_row_lists_them_with_location_and_status():
    entry = LedgerEntry(claim("DL-EX-E"), None, "not run")
    decided = entry.to_dict()["also_decides"]
    rows = {r.id: r for r in catalogue(source="DL")}
    assert decided, "DL-EX-E decides DL-INF-HOEFFDING"
    for item in decided:
        row = rows[item["id"]]
        assert item == {"id": row.id, "where": row.where, "status": row.status}
    assert "DL-INF-HOEFFDING" in [d["id"] for d in decided]


@pytest.mark.parametrize("fmt", ["text", "report", "json"])
def test_every_output_names_the_decided_rows(fmt, tmp_path, capsys):
    args = ["--claim", "VM-STAT-WORKED", "--no-cache"]
    if fmt == "json":
        args.append("--json")
    if fmt == "report":
        args += ["--report", str(tmp_path / "r.md")]
    assert main(args) == 0
    out = capsys.readouterr().out
    if fmt == "json":
        (row,) = json.loads(out)["claims"]
        assert [d["id"] for d in row["also_decides"]] == ["VM-SHORTFALL"]
    elif fmt == "report":
        text = (tmp_path / "r.md").read_text()
        assert "- **Also decides:** VM-SHORTFALL (" in text
    else:
        assert "also decides: VM-SHORTFALL (" in out


def test_a_checker_named_with_its_semantics_decides_under_its_bare_id(monkeypatch):
    # No row of today's catalogue names another row's checker with an
    # ``@semantics`` suffix; a row that does must still be listed under the
    # bare id (the suffix is dropped, the id kept).
    module = sys.modules[decided_rows.__module__]
    row = next(r for r in catalogue(source="VM") if r.id == "VM-COMMIT")
    other = dataclasses.replace(row, id="VM-X9", checked_by=("VM-E51@paper",))
    monkeypatch.setattr(module, "catalogue", lambda: (row, other))
    module._reverse_index.cache_clear()
    try:
        assert [r.id for r in decided_rows("VM-E51")] == ["VM-X9"]
        assert [r.id for r in decided_rows("VM-E51@reference")] == ["VM-X9"]
        assert decided_rows("paper") == ()
    finally:
        monkeypatch.undo()
        module._reverse_index.cache_clear()


@pytest.mark.parametrize("bad", [None, 3, b"VM-P1", ("VM-P1",)])
def test_a_claim_id_that_is_not_a_str_is_a_type_error_naming_it(bad):
    with pytest.raises(TypeError, match="claim_id must be a str"):
        decided_rows(bad)


def test_every_catalogue_row_has_a_verdict():
    # A row is decided by its own entry, by another entry that names it in
    # checked_by, or (status not-checked) is its own entry, open, whose evidence
    # is the catalogue's reason (issue 28: "give every new catalogue row a verdict").
    from proofs import CLAIMS

    ids = {c.id.split("@", 1)[0] for c in CLAIMS}
    for row in catalogue():
        assert row.id in ids or row.checked_by, row.id
        if row.status == "not-checked":
            result = claim(row.id).run()
            assert result.verdict.value == "open", row.id
            assert row.reason in result.evidence, row.id
            assert claim(row.id).where == row.where
