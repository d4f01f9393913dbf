"""The audit table reader and ``python -m proofs audit`` (issue 19)."""

import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from proofs.audit import COLUMNS, Status, audit_table
from proofs.cli import main

EXAMPLE = files("proofs") / "data" / "examples" / "audit.csv"
HEADER = ",".join(COLUMNS) + "\n"


def _table(tmp_path, body, *, header=HEADER, encoding="utf-8"):
    path = tmp_path / "t.csv"
    path.write_text(header + body, encoding=encoding)
    return path


def test_example_table_statuses():
    """The shipped example has the statuses its rows were written to have."""
    report = audit_table(EXAMPLE)
    got = {row.id: row.status for row in report.rows}
    assert got == {
        "T1-naive": Status.CONSISTENT,
        "T1-ci": Status.CONSISTENT,
        "T1-rate": Status.CONSISTENT,
        "T1-total": Status.INCONSISTENT,
        "T1-drop": Status.CONSISTENT,
        "T1-cost": Status.NOT_CHECKABLE,
    }
    total = next(r for r in report.rows if r.id == "T1-total")
    assert total.recomputed == "99.9"  # 33.3 * 3 at face value


@pytest.mark.parametrize(
    ("kind", "printed", "inputs", "status"),
    [
        ("percent", "23.5", "k=12;n=51", "consistent"),
        ("percent", "23.5%", "k=12;n=51", "consistent"),
        ("percent", "23.6", "k=12;n=51", "inconsistent"),
        ("proportion", "0.2195", "k=36;n=164", "consistent"),
        ("proportion", "0.2196", "k=36;n=164", "inconsistent"),
        ("percent_attainable", "8.3", "n=12", "consistent"),
        ("percent_attainable", "8.4", "n=12", "inconsistent"),
        ("proportion_attainable", "0.97", "n=100", "consistent"),
        ("proportion_attainable", "0.972", "n=36", "consistent"),
        ("proportion_attainable", "0.975", "n=36", "inconsistent"),
        ("grim", "5.18", "n=28", "consistent"),
        ("grim", "5.19", "n=28", "inconsistent"),
        ("grim", "5.19", "n=28;items=3", "consistent"),
        ("interval", "16.30;28.89", "k=36;n=164;method=wilson;scale=100", "consistent"),
        ("interval", "0.163;0.289", "k=36;n=164;method=wilson", "consistent"),
        ("interval", "0.17;0.29", "k=36;n=164;method=wilson", "inconsistent"),
        ("pvalue", "0.046", "statistic=2.00;test=z", "consistent"),
        ("pvalue", "0.05", "statistic=2.00;test=z;alternative=greater", "inconsistent"),
        ("pvalue", "<0.001", "statistic=10.8;test=chi2;df=1", "consistent"),
        ("pvalue", "0.03", "statistic=4.2;test=F;df=1;df2=30", "inconsistent"),
        ("sum", "12", "values=3|4|5", "consistent"),
        ("sum", "13", "values=3|4|5", "inconsistent"),
        ("mean", "0.500", "values=0.25|0.75", "consistent"),
        ("difference", "0.10", "values=0.990|0.890", "consistent"),
        ("difference", "0.11", "values=0.990|0.890;exact=true", "inconsistent"),
        ("ratio", "252", "values=2.52|0.01", "consistent"),
        ("ratio", "2.0", "values=3|2", "inconsistent"),
        ("arith", "0.544", "expr=1-21.467/47.084", "consistent"),
        ("arith", "3.13", "expr=3/96*100", "consistent"),
        ("arith", "3.12", "expr=3/96*100", "consistent"),
        ("arith", "3.11", "expr=3/96*100", "inconsistent"),
        ("equal", "0.990", "value=0.99", "consistent"),
        ("equal", "0.98", "value=0.990", "inconsistent"),
        ("ratio", "1", "values=1|0", "not checkable"),
        ("percent", "10", "k=12;n=5", "not checkable"),
        ("sum", "1", "unchecked=the cells are not printed", "not checkable"),
    ],
)
def test_each_kind(tmp_path, kind, printed, inputs, status):
    """Every kind reads its inputs and reaches the hand-computed status."""
    path = _table(tmp_path, f'r1,here,{kind},"{printed}",{inputs},\n')
    (row,) = audit_table(path).rows
    assert row.status.value == status, row


@pytest.mark.parametrize(
    ("header", "body", "match"),
    [
        ("id,where,kind,printed,inputs\n", "", "missing column"),
        ("id,where,kind,printed,inputs,note,id\n", "", "duplicate column"),
        (HEADER, "a,b,percent,1,k=1;n=2\n", "line 2: 5 cells"),
        (
            HEADER,
            "a,b,percent,50,k=1;n=2,\na,b,percent,50,k=1;n=2,\n",
            "line 3, column id",
        ),
        (HEADER, "a,b,median,1,n=2,\n", "line 2, column kind: unknown kind 'median'"),
        (HEADER, "a,b,percent,,k=1;n=2,\n", "line 2, column printed"),
        (HEADER, "a,b,percent,1,k=x;n=2,\n", "column inputs: k: 'x' is not an integer"),
        (HEADER, "a,b,percent,1,k=1,\n", "needs input.s. n"),
        (HEADER, "a,b,percent,1,k=1;n=2;z=3,\n", "unknown input 'z'"),
        (HEADER, "a,b,percent,1,k=1;k=1;n=2,\n", "given twice"),
        (HEADER, "a,b,percent,1,k1,\n", "is not name=value"),
        (HEADER, "a,b,interval,0.1,k=1;n=2;method=wilson,\n", "column printed"),
        (HEADER, "a,b,difference,0.1,values=1|2|3,\n", "exactly 2 values"),
        (HEADER, "a,b,arith,0.1,expr=__import__('os'),\n", "column inputs"),
        ("", "", "no header row"),
    ],
)
def test_malformed_tables_name_file_line_and_column(tmp_path, header, body, match):
    """A malformed table raises ValueError naming the file and where it breaks."""
    path = _table(tmp_path, body, header=header)
    with pytest.raises(ValueError, match=match) as info:
        audit_table(path)
    assert str(path) in str(info.value)


def test_bom_and_comments_are_tolerated(tmp_path):
    """A UTF-8 BOM and comment rows do not disturb the header or the rows."""
    path = _table(tmp_path, "# a comment, with commas\nr1,x,sum,3,values=1|2,\n")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    (row,) = audit_table(path).rows
    assert (row.id, row.status, row.line) == ("r1", Status.CONSISTENT, 3)


def test_not_utf8_is_a_value_error(tmp_path):
    """A file in another encoding is rejected with its name."""
    path = tmp_path / "latin.csv"
    path.write_bytes(HEADER.encode() + "r1,\xe9,sum,3,values=1|2,\n".encode("latin-1"))
    with pytest.raises(ValueError, match="not UTF-8"):
        audit_table(path)


def test_cli_text_exit_codes(tmp_path, capsys):
    """Exit 1 when something is inconsistent, 0 when not, 2 on a file error."""
    assert main(["audit", str(EXAMPLE)]) == 1
    out = capsys.readouterr().out
    assert "T1-total" in out and "INCONSISTENT" in out
    assert "counts: 4 consistent, 1 inconsistent, 1 not checkable" in out
    good = _table(tmp_path, "r1,x,sum,3,values=1|2,\n")
    assert main(["audit", str(good)]) == 0
    assert main(["audit", str(tmp_path / "missing.csv")]) == 2
    assert "missing.csv" in capsys.readouterr().err
    bad = _table(tmp_path, "r1,x,sum,3,values=1|2\n")
    assert main(["audit", str(bad)]) == 2


def test_cli_json_and_markdown(capsys):
    """--json prints one parseable document; --format md a Markdown table."""
    assert main(["audit", str(EXAMPLE), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["counts"] == {"consistent": 4, "inconsistent": 1, "not checkable": 1}
    assert [r["status"] for r in doc["rows"]][3] == "inconsistent"
    assert main(["audit", str(EXAMPLE), "--format", "md"]) == 1
    md = capsys.readouterr().out
    assert "| T1-total |" in md and "| inconsistent |" in md


def test_cli_usage_error_exits_2():
    """A missing file argument is a usage error."""
    with pytest.raises(SystemExit) as info:
        main(["audit"])
    assert info.value.code == 2


def test_module_run_in_a_subprocess():
    """``python -m proofs audit`` runs as a module and exits 1 on the example."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "proofs",
            "audit",
            str(root / "proofs/data/examples/audit.csv"),
        ],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert "T1-total" in proc.stdout


def test_readme_shows_the_real_audit_output(capsys):
    """The README's console block is what the command prints on the example."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    start = "$ python -m proofs audit proofs/data/examples/audit.csv\n"
    assert start in readme
    shown = readme.split(start, 1)[1].split("\n```", 1)[0]
    root = Path(__file__).resolve().parents[2]
    assert main(["audit", str(root / "proofs/data/examples/audit.csv")]) == 1
    printed = capsys.readouterr().out.rstrip("\n")
    assert printed.replace(str(root) + "/", "") == shown
    example = (root / "proofs/data/examples/audit.csv").read_text("utf-8").rstrip("\n")
    assert example in readme


def test_a_pvalue_row_reports_a_decision_error_at_the_default_level(tmp_path, capsys):
    """newuser P11: the paper audit said DECISION ERROR, the table only INCONSISTENT."""
    from proofs.audit import audit_table
    from proofs.audit.paper import audit_paper_text
    from proofs.tool import main as tool_main

    path = tmp_path / "t.csv"
    path.write_text(
        "id,where,kind,printed,inputs,note\n"
        "c,Sec 4,pvalue,.02,statistic=1.10;test=t;df=40,\n"
        "d,Sec 4,pvalue,.30,statistic=1.10;test=t;df=40,\n"
        "e,Sec 4,pvalue,.02,statistic=1.10;test=t;df=40;alpha=0.01,\n"
        "f,Sec 4,percent,45.0,k=17;n=40,\n",
        encoding="utf-8",
    )
    rows = audit_table(path).rows
    assert [r.status.value for r in rows] == ["inconsistent"] * 4
    assert [r.decision_error for r in rows] == [True, False, False, False]
    assert rows[0].to_dict()["decision_error"] is True
    paper = audit_paper_text("t(40) = 1.10, p = .02").findings[0]
    assert paper.verdict == "decision error"
    assert tool_main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert "c  DECISION ERROR printed .02" in out
    assert "d  INCONSISTENT  printed .30" in out
    assert out.rstrip().endswith(
        "counts: 0 consistent, 4 inconsistent (1 a decision error), 0 not checkable"
    )
    assert tool_main(["audit", str(path), "--format", "md"]) == 1
    md = capsys.readouterr().out
    assert "| inconsistent (decision error) |" in md
    assert "4 inconsistent (1 a decision error)" in md
