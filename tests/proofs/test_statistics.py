"""The papers' printed statistics as ledger claims (proofs.statistics, issue 19)."""

from importlib.resources import files
from pathlib import Path

import pytest

from proofs import CLAIMS
from proofs.audit import COLUMNS, audit_table
from proofs.records import SOURCES, Kind, Verdict
from proofs.statistics import INDEX_COLUMNS, check_table, index_claims, stats_folder

STAT_CLAIMS = tuple(c for tag in SOURCES for c in index_claims(tag, stats_folder(tag)))

HEADER = ",".join(COLUMNS) + "\n"


def _write(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_all_consistent_is_verified(tmp_path):
    """Every row consistent: verified, and the evidence names the command."""
    path = _write(tmp_path, "t.csv", "a,x,percent,23.5,k=12;n=51,\n")
    res = check_table("X-1", path, "t.csv")
    assert res.verdict is Verdict.VERIFIED
    assert res.evidence.startswith("python -m proofs audit t.csv: 1 printed numbers")


def test_one_inconsistent_row_refutes_with_every_witness(tmp_path):
    """Any inconsistent row refutes; the counterexample lists each one."""
    body = (
        "a,Table 1,percent,23.6,k=12;n=51,\n"
        "b,Table 1,percent,23.5,k=12;n=51,\n"
        "c,Table 2,sum,13,values=3|4|5,\n"
        "d,Table 2,ratio,1,values=1|0,\n"
    )
    res = check_table("X-1", _write(tmp_path, "t.csv", body), "t.csv")
    assert res.verdict is Verdict.REFUTED
    rows = res.counterexample["inconsistent"]
    assert [(r["id"], r["where"], r["printed"], r["recomputed"]) for r in rows] == [
        ("a", "Table 1", "23.6", "23.5294"),
        ("c", "Table 2", "13", "12"),
    ]


def test_not_checkable_without_inconsistency_is_open(tmp_path):
    """A row that cannot be checked leaves the claim open, never verified."""
    body = "a,x,percent,23.5,k=12;n=51,\nb,x,ratio,1,values=1|0,\n"
    res = check_table("X-1", _write(tmp_path, "t.csv", body), "t.csv")
    assert res.verdict is Verdict.OPEN
    assert "b: division by an interval that contains 0" in res.evidence


def test_empty_table_is_an_error(tmp_path):
    """A table with no rows proves nothing: no verdict, an error naming the file."""
    path = _write(tmp_path, "t.csv", "")
    with pytest.raises(ValueError, match=r"t\.csv: no row to check"):
        check_table("X-1", path, "t.csv")


def test_index_builds_one_claim_per_table(tmp_path):
    """An index row becomes an arithmetic claim with its where and statement."""
    _write(tmp_path, "t1.csv", "a,x,percent,23.5,k=12;n=51,\n")
    (tmp_path / "index.csv").write_text(
        ",".join(INDEX_COLUMNS) + '\nt1.csv,KO-T1,"Table 1","Rates of Table 1"\n',
        encoding="utf-8",
    )
    (claim,) = index_claims("KO", tmp_path)
    assert (claim.id, claim.source, claim.where, claim.kind) == (
        "KO-T1",
        "KO",
        "Table 1",
        Kind.ARITHMETIC,
    )
    assert claim.run().verdict is Verdict.VERIFIED
    with pytest.raises(
        ValueError, match="column claim_id: 'KO-T1' must start with PJ-"
    ):
        list(index_claims("PJ", tmp_path))


@pytest.mark.parametrize(
    ("index", "match"),
    [
        ("file,claim_id,where\nt1.csv,A,B\n", "header must be"),
        (",".join(INDEX_COLUMNS) + "\nmissing.csv,A,B,C\n", "no table 'missing.csv'"),
        (",".join(INDEX_COLUMNS) + "\n../t1.csv,A,B,C\n", "no table"),
        (",".join(INDEX_COLUMNS) + "\nt1.csv,A,B\n", "ragged row"),
    ],
)
def test_bad_index_is_rejected(tmp_path, index, match):
    """A malformed index names the file and the row."""
    _write(tmp_path, "t1.csv", "a,x,percent,23.5,k=12;n=51,\n")
    (tmp_path / "index.csv").write_text(index, encoding="utf-8")
    with pytest.raises(ValueError, match=match):
        list(index_claims("ZZ", tmp_path))


def test_statistics_claims_are_registered():
    """Every statistics claim is in the ledger's register."""
    registered = {c.id for c in CLAIMS}
    assert {c.id for c in STAT_CLAIMS} <= registered


def test_data_files_are_found_as_package_resources():
    """The CSV data ship inside the package (importlib.resources sees them)."""
    root = files("proofs") / "data"
    assert (root / "examples" / "audit.csv").is_file()
    assert all(stats_folder(tag).is_dir() for tag in SOURCES)
    tables = [p for tag in SOURCES for p in stats_folder(tag).iterdir()]
    assert all(p.name.endswith(".csv") for p in tables)


def test_every_shipped_table_parses():
    """Every table under proofs/claims/<tag>/stats reads without a format error."""
    tables = [
        p
        for tag in SOURCES
        for p in sorted(Path(str(stats_folder(tag))).glob("*.csv"))
        if p.name != "index.csv"
    ]
    assert len(tables) >= 60  # VM, DL, SLM, KO and PJ tables
    for path in tables:
        report = audit_table(path)
        assert report.rows, f"{path} has no rows"


def test_data_files_ship_in_the_built_package(tmp_path):
    """setuptools' build (the wheel's contents) carries every CSV under proofs/data."""
    import shutil
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(root / name, src / name)
    for package in ("algebra", "theory", "witnesses", "proofs"):
        shutil.copytree(
            root / package, src / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = tmp_path / "lib"
    setup = "from setuptools import setup; setup()"
    proc = subprocess.run(
        [sys.executable, "-c", setup, "-q", "build_py", "--build-lib", str(out)],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    shipped = {p.relative_to(out).as_posix() for p in out.glob("proofs/data/**/*.csv")}
    expected = {
        p.relative_to(root).as_posix() for p in root.glob("proofs/data/**/*.csv")
    }
    assert expected and shipped == expected


# Pinned from the transcriptions (python -m proofs --claim ID): the tables whose
# printed numbers disagree, and which numbers.
REFUTED = {
    "KO-STAT-CAPACITY": ["C-nmax-measured", "T2-tok-7000-measured", "Q-tokens-72"],
    "KO-STAT-T1": ["T1-random"],
    "KO-STAT-T2": ["T2-queries"],
    "KO-STAT-ECON": ["S13-reduction-100"],
    "PJ-STAT-RETENTION": ["R-title"],
}
# Tables with rows we cannot check (a denominator the paper does not print).
OPEN = {"PJ-STAT-GATES"}


OURS = [c for c in STAT_CLAIMS if c.source in ("VM", "KO", "PJ")]


@pytest.mark.parametrize("claim", OURS, ids=lambda c: c.id)
def test_transcribed_tables_verdicts(claim):
    """VM's tables are all consistent; KO and PJ have the pinned inconsistencies."""
    result = claim.run()
    if claim.id in REFUTED:
        assert result.verdict is Verdict.REFUTED
        got = [r["id"] for r in result.counterexample["inconsistent"]]
        assert got == REFUTED[claim.id]
    elif claim.id in OPEN:
        assert result.verdict is Verdict.OPEN, result.evidence
    else:
        assert result.verdict is Verdict.VERIFIED, result.evidence


def test_every_vm_claim_says_where():
    """Every VM ledger claim names its place in the paper."""
    assert [c.id for c in CLAIMS if c.id.startswith("VM-") and not c.where] == []


@pytest.mark.parametrize(
    ("n_rows", "more"), [(5, ""), (6, " (and 1 more)"), (7, " (and 2 more)")]
)
def test_the_evidence_names_five_not_checkable_rows_and_counts_the_rest(
    tmp_path, n_rows, more
):
    body = "".join(f"r{i},x,ratio,1,values=1|0,\n" for i in range(n_rows))
    res = check_table("X-1", _write(tmp_path, "t.csv", body), "t.csv")
    shown = [
        f"r{i}: division" for i in range(n_rows) if f"r{i}: division" in res.evidence
    ]
    assert shown == [f"r{i}: division" for i in range(min(n_rows, 5))]
    assert res.evidence.endswith(more) and ("more)" in res.evidence) == bool(more)


@pytest.mark.parametrize("claim_id", ["", None, 3])
def test_check_table_refuses_a_claim_id_that_is_not_a_string(tmp_path, claim_id):
    table = _write(tmp_path, "t.csv", "a,x,percent,23.5,k=12;n=51,\n")
    with pytest.raises(TypeError, match="claim_id must be a non-empty str"):
        check_table(claim_id, table, "t.csv")


@pytest.mark.parametrize("table", ["t.csv", "missing"])
def test_check_table_refuses_what_is_no_table_file(tmp_path, table):
    with pytest.raises(ValueError, match="table must be an audit table file"):
        check_table("X-1", table if table == "t.csv" else tmp_path / table, "t.csv")


@pytest.mark.parametrize("tag", ["XX", "ko", None])
def test_stats_folder_refuses_an_unknown_tag(tag):
    with pytest.raises(ValueError, match="tag must be one of VM, DL, SLM, KO, PJ"):
        stats_folder(tag)


@pytest.mark.parametrize(
    ("row", "match"),
    [
        ("sub/t1.csv,KO-A,B,C", r"data row 2, column file: no table 'sub/t1\.csv'"),
        ("t1.txt,KO-A,B,C", r"data row 2, column file: no table 't1\.txt'"),
        ("t1.csv,QQ-A,B,C", r"data row 2, column claim_id: 'QQ-A' must start with KO-"),
    ],
)
def test_a_bad_index_row_is_named_by_its_number(tmp_path, row, match):
    _write(tmp_path, "t1.csv", "a,x,percent,23.5,k=12;n=51,\n")
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub", "t1.csv", "a,x,percent,23.5,k=12;n=51,\n")
    (tmp_path / "t1.txt").write_text(HEADER + "a,x,percent,23.5,k=12;n=51,\n")
    index = ",".join(INDEX_COLUMNS) + "\nt1.csv,KO-OK,B,C\n" + row + "\n"
    (tmp_path / "index.csv").write_text(index, encoding="utf-8")
    with pytest.raises(ValueError, match=match):
        list(index_claims("KO", tmp_path))
