"""The audit table reader's limits and refusals, and ``context-laws audit``'s output, pinned.

The size caps are checked at their edges (exactly the limit is read, one
more is refused), the package-resource path (a file inside a zip) like a
path on disk, and the command's JSON, Markdown and exit statuses exactly.
"""

from __future__ import annotations

import json
import zipfile
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from proofs.audit import COLUMNS, Status, audit_table
from proofs.audit.paper import audit_paper_text
from proofs.tool import main as tool_main

EXAMPLE = files("proofs") / "data" / "examples" / "audit.csv"
HEADER = ",".join(COLUMNS) + "\n"
ROW = "r1,x,sum,3,values=1|2,\n"
MIB16 = 16 * 1024 * 1024


def _audit(*argv: str) -> int:
    return tool_main(["audit", *argv])


def _write(tmp_path: Path, text: str | bytes, name: str = "t.csv") -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def _zipped(tmp_path: Path, data: bytes) -> Any:
    """The table as a resource inside a zip archive (a Traversable, not a path)."""
    archive = tmp_path / "pkg.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_STORED) as z:
        z.writestr("data/t.csv", data)
    return zipfile.Path(zipfile.ZipFile(archive), "data/t.csv")


def _exactly(size: int) -> bytes:
    """A valid one-row table of exactly ``size`` bytes (comment lines pad it)."""
    head = (HEADER + ROW).encode()
    pad = size - len(head)
    line = b"#" + b"x" * 65_534 + b"\n"  # 64 KiB a comment line
    body = line * (pad // len(line))
    rest = pad - len(body)
    tail = b"#" + b"y" * (rest - 2) + b"\n" if rest >= 2 else b"\n" * rest
    data = head + body + tail
    assert len(data) == size
    return data


# ---------------------------------------------------------------- size caps


def test_a_table_of_exactly_16_mib_is_read_and_one_byte_more_is_refused(
    tmp_path: Path,
) -> None:
    exact = _exactly(MIB16)
    (row,) = audit_table(_write(tmp_path, exact)).rows
    assert (row.id, row.status) == ("r1", Status.CONSISTENT)
    with pytest.raises(ValueError, match="16777216"):
        audit_table(_write(tmp_path, exact + b"#", "big.csv"))


def test_a_zipped_table_has_the_same_16_mib_edge(tmp_path: Path) -> None:
    exact = _exactly(MIB16)
    (row,) = audit_table(_zipped(tmp_path, exact)).rows
    assert (row.id, row.status, row.line) == ("r1", Status.CONSISTENT, 2)
    big = _zipped(tmp_path, exact + b"#")
    with pytest.raises(
        ValueError, match=r"t\.csv: more than 16777216 bytes \(16 MiB\)$"
    ):
        audit_table(big)


def test_the_row_cap_is_exactly_100000_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every row is checked the same way; the stub checker keeps this fast
    monkeypatch.setattr(
        "proofs.audit.table.run_kind",
        lambda kind, printed, inputs: ("consistent", None, ""),
    )
    rows = "".join(f"r{i},x,sum,3,values=1|2,\n" for i in range(100_000))
    report = audit_table(_write(tmp_path, HEADER + rows))
    assert len(report.rows) == 100_000
    assert report.rows[-1].line == 100_001
    more = _write(tmp_path, HEADER + rows + "r100000,x,sum,3,values=1|2,\n", "more.csv")
    with pytest.raises(ValueError, match=r"more\.csv: more than 100000 rows$"):
        audit_table(more)


# ---------------------------------------------------------------- the reader


def test_a_zipped_table_is_read_like_a_file(tmp_path: Path) -> None:
    data = Path(str(EXAMPLE)).read_bytes()
    report = audit_table(_zipped(tmp_path, b"\xef\xbb\xbf" + data))
    assert report.counts() == {"consistent": 4, "inconsistent": 1, "not checkable": 1}
    assert [r.id for r in report.inconsistent] == ["T1-total"]


def test_a_zipped_table_that_is_not_utf8_names_the_byte(tmp_path: Path) -> None:
    data = (HEADER + "r1,\xe9,sum,3,values=1|2,\n").encode("latin-1")
    at = data.index(b"\xe9")
    with pytest.raises(ValueError, match=rf"t\.csv: not UTF-8 text \(invalid continuation byte at byte {at}\)$"):  # fmt: skip
        audit_table(_zipped(tmp_path, data))


def test_a_path_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"^path must be a str, os.PathLike or Traversable, got 123$"):  # fmt: skip
        audit_table(123)  # type: ignore[arg-type]


def test_a_cell_beyond_the_csv_field_limit_is_not_a_csv_table(tmp_path: Path) -> None:
    path = _write(tmp_path, HEADER + "r1,x,sum,3,values=1|2," + "n" * 200_000 + "\n")
    with pytest.raises(ValueError, match=r"t\.csv: not a CSV table \(field larger than field limit"):  # fmt: skip
        audit_table(path)


def test_blank_and_empty_cell_rows_are_skipped(tmp_path: Path) -> None:
    # a spreadsheet's empty row exports as ",,,,,"; a row of spaces, an empty
    # line and a comment are skipped too; lines keep counting
    body = ",,,,,\n  , ,,\t,,\n\n# note\n" + ROW + ",,,,,\nr2,y,sum,4,values=1|2,\n"
    report = audit_table(_write(tmp_path, HEADER + body))
    got = [(r.id, r.line, r.status) for r in report.rows]
    assert got == [("r1", 6, Status.CONSISTENT), ("r2", 8, Status.INCONSISTENT)]


def test_an_empty_and_a_repeated_id_are_told_apart(tmp_path: Path) -> None:
    empty = _write(tmp_path, HEADER + ROW + " ,x,sum,3,values=1|2,\n")
    with pytest.raises(
        ValueError, match=r"t\.csv, line 3, column id: the id is empty$"
    ):
        audit_table(empty)
    twice = _write(tmp_path, HEADER + ROW + ROW, "twice.csv")
    with pytest.raises(ValueError, match=r"line 3, column id: the id 'r1' is a duplicate$"):  # fmt: skip
        audit_table(twice)


def test_recomputed_is_empty_text_for_a_row_without_a_result() -> None:
    rows = {r.id: r for r in audit_table(EXAMPLE).rows}
    assert rows["T1-cost"].status is Status.NOT_CHECKABLE
    assert rows["T1-cost"].recomputed == ""
    assert rows["T1-ci"].recomputed == "16.2984;28.888"


# ---------------------------------------------------------------- the command


def test_json_is_indented_by_two_for_a_table_and_a_paper(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _audit(str(EXAMPLE), "--json") == 1
    out = capsys.readouterr().out
    assert out == json.dumps(audit_table(EXAMPLE).to_dict(), indent=2) + "\n"
    paper = _write(tmp_path, "It solved 35/40 (87.5%) of them.", "p.txt")
    assert _audit(str(paper), "--json") == 0
    out = capsys.readouterr().out
    assert out.startswith('{\n  "file": ')
    assert out == json.dumps(json.loads(out), indent=2) + "\n"


class _Nan:
    """A report whose JSON would hold NaN: the command must not print it."""

    inconsistent = ()
    findings = ("x",)
    flagged = False

    def to_dict(self) -> dict[str, Any]:
        return {"value": float("nan")}


@pytest.mark.parametrize(
    ("target", "name"),
    [
        ("proofs.audit._cli.audit_table", "t.csv"),
        ("proofs.audit._cli.audit_paper", "p.txt"),
    ],
)
def test_a_nan_in_the_json_is_a_crash_not_a_document(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    target: str,
    name: str,
) -> None:
    monkeypatch.setattr(target, lambda path: _Nan())
    path = _write(tmp_path, HEADER + ROW, name)
    assert _audit(str(path), "--json") == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "internal error (a bug): nothing was decided" in captured.err


@pytest.mark.parametrize("name", ["t.csv", "p.txt"])
def test_a_closed_pipe_exits_141(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr("witnesses.runtime.print_or_closed", lambda text: False)
    text = HEADER + ROW if name.endswith(".csv") else "It solved 35/40 (87.5%) of them."
    path = _write(tmp_path, text, name)
    assert _audit(str(path)) == 141
    assert _audit(str(path), "--json") == 141


def test_the_markdown_table_shows_the_recomputed_value_or_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _audit(str(EXAMPLE), "--format", "md") == 1
    lines = capsys.readouterr().out.splitlines()
    assert "| T1-ci | Section 4, pooled rate | interval | 16.30;28.89 | consistent | 16.2984;28.888 |" in lines  # fmt: skip
    assert (
        "| T1-cost | Section 5, cost ratio | ratio | 252 | not checkable | "
        "division by an interval that contains 0 ([-0.005, 0.005]) |"
    ) in lines


PAPER = """\
A paired test gave t(28) = 2.20, p = .018, one-tailed.
Ratings on a 7-point Likert scale: M = 3.44, SD = 2.47, n = 18.
Times: mean = 3.45, n = 28.
"""


def test_the_paper_markdown_shows_the_reason_or_the_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kinds = [(f.reason != "", f.note != "") for f in audit_paper_text(PAPER).findings]
    assert kinds == [(False, True), (True, False), (True, True)]
    paper = _write(tmp_path, PAPER, "p.md")
    assert _audit(str(paper), "--format", "md") == 1
    rows = capsys.readouterr().out.splitlines()[4:7]
    assert rows == [
        "| line 1 | t(28) = 2.20, p = .018 | pvalue | 0.0181127 | consistent "
        "(one-tailed, as the text says) |",
        "| line 2 | M = 3.44, SD = 2.47, n = 18 | grimmer | 3.44444 | inconsistent "
        "(the mean 3.44 is reachable (GRIM), but no integer scores with that mean "
        "have an SD that prints as 2.47 (GRIMMER)) |",
        "| line 3 | mean = 3.45, n = 28 | grim | 3.42857;3.46429 | not checkable "
        "(inconsistent only under the inference in the note; not flagged) |",
    ]
