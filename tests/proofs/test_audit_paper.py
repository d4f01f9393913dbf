"""``audit PAPER``: reading a paper's text and checking what it prints (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from proofs.audit import audit_table
from proofs.audit.paper import VERDICTS, audit_paper, audit_paper_text, read_paper
from proofs.tool import main as tool_main


def main(argv: list[str]) -> int:
    """``context-laws audit ARGS``."""
    return tool_main(["audit", *argv])


TEXT = """\
Results
The model solved 35/40 (87.5%) of the tasks and 12/51 (23.6%) of the hard ones.
A paired test gave t(28) = 2.20, p = .03, and a second one t(28) = 1.20, p = .03.
The effect was one-tailed: t(28) = 2.20, p = .018, one-tailed.
Accuracy was 0.62 over 500 questions and 87.5% (n = 40) on the held-out set.
The Wilson interval of 12/60, [11.83%, 31.78%] covers the rate.
Ratings on a 7-point Likert scale: M = 5.21, SD = 1.6, n = 28; M = 3.44, SD = 2.47, n = 18.
Times: mean = 3.45, n = 28.
"""

TABLE = """\
arm\tcompliance\t95% CI
a\t0.875\t[0.74, 0.95]
b\t0.873\t[0.63, 0.88]
c\t0.800\t[0.65, 0.90]

Table 3: Wilson 95% CI per arm ($n=40$)
"""


def _by_text(report):
    return {f.text: f for f in report.findings}


def test_every_kind_is_found_and_checked():
    """Each pattern of the module docstring is found, with its verdict."""
    found = _by_text(audit_paper_text(TEXT))
    assert found["35/40 (87.5%)"].verdict == "consistent"
    assert found["35/40 (87.5%)"].inputs == "k=35;n=40"
    assert found["12/51 (23.6%)"].verdict == "inconsistent"
    assert found["12/51 (23.6%)"].recomputed == "23.5294"
    assert found["t(28) = 2.20, p = .03"].verdict == "inconsistent"
    assert found["t(28) = 1.20, p = .03"].verdict == "decision error"
    one = found["t(28) = 2.20, p = .018"]
    assert one.verdict == "consistent"
    assert one.note == "one-tailed, as the text says"
    assert found["0.62 over 500 questions"].kind == "proportion_attainable"
    assert found["87.5% (n = 40)"].verdict == "consistent"
    ci = found["12/60, [11.83%, 31.78%]"]
    assert (ci.kind, ci.verdict) == ("interval", "consistent")
    assert ci.inputs == "k=12;n=60;method=wilson;scale=100"
    assert found["M = 5.21, SD = 1.6, n = 28"].verdict == "consistent"
    assert found["M = 3.44, SD = 2.47, n = 18"].verdict == "inconsistent"
    # no integer scale stated: GRIM would fail, but on an inference only
    grim = found["mean = 3.45, n = 28"]
    assert grim.kind == "grim"
    assert grim.verdict == "not checkable"
    assert "inference" in grim.reason
    assert grim.note.startswith("integer scores assumed")


def test_locations_are_lines():
    """Each finding names its line."""
    found = _by_text(audit_paper_text(TEXT))
    assert found["35/40 (87.5%)"].line == 2
    assert found["35/40 (87.5%)"].where == "line 2"
    assert found["t(28) = 1.20, p = .03"].line == 3


def test_table_with_n_in_the_caption_is_inferred_and_never_flagged():
    """Rates and Wilson intervals in a table, n = 40 from its caption."""
    report = audit_paper_text(TABLE)
    kinds = [(f.kind, f.printed, f.verdict) for f in report.findings]
    assert ("proportion_attainable", "0.875", "consistent") in kinds
    assert ("interval", "0.74;0.95", "consistent") in kinds
    # 0.873 of 40 is impossible, but n is inferred: not checkable, not flagged
    bad = next(f for f in report.findings if f.printed == "0.873")
    assert bad.verdict == "not checkable"
    assert bad.note == "n = 40 from the table caption (line 6)"
    assert not report.flagged
    # the interval after an unattainable rate is not guessed
    assert not any(f.printed == "0.63;0.88" for f in report.findings)


def test_count_column_gives_each_row_its_n():
    """A 'Questions' column is each row's n; a '(%)' column holds percents."""
    text = "Conversation Questions Accuracy (%) Status\nc1 152 58.6 Done\nc2 81 63.0 Done\nc3 134 62.9 Partial\n"
    report = audit_paper_text(text)
    got = {f.printed: (f.inputs, f.verdict) for f in report.findings}
    assert got["58.6"] == ("n=152", "consistent")
    assert got["63.0"] == ("n=81", "consistent")
    assert got["62.9"][1] == "not checkable"  # 84/134 = 62.69, 85/134 = 63.43


@pytest.mark.parametrize(
    ("text", "verdict", "note"),
    [
        ("solved 7.5% of 8 tasks", "inconsistent", ""),
        ("7.5% (n = 8)", "inconsistent", ""),
        ("accuracy rose 7.5% over 8 tasks", "not checkable", "a change"),
        ("improved by 7.5% on 8 tasks", "not checkable", "a change"),
        ("+7.5% over 8 tasks", "not checkable", "a change"),
        ("7.5% of the hard cases across 8 tasks", "not checkable", "words after"),
    ],
)
def test_a_percent_beside_an_n(text, verdict, note):
    """A share of n is checked; a change, or an n further off, is an inference."""
    (f,) = audit_paper_text(text).findings
    assert f.verdict == verdict
    assert note in f.note


def test_statcheck_forms():
    """F with two df, r, chi2 and its spellings, Q, z, ns, inequalities."""
    text = (
        "F(2, 28) = 2.20, p = .15; r(28) = .22, p = .26; χ2(28) = 22.20, p = .79; "
        "Q(28) = 22.20, p = .79; z = 2.20, p = .028; t(28) = 2.20, ns; "
        "t(28) < 2.2, p > .08; F(1, 20) = 4.35, p < .05."
    )
    report = audit_paper_text(text)
    verdicts = [(f.inputs.split(";")[1], f.printed, f.verdict) for f in report.findings]
    assert verdicts == [
        ("test=F", ".15", "inconsistent"),
        ("test=r", ".26", "inconsistent"),
        ("test=chi2", ".79", "inconsistent"),
        ("test=chi2", ".79", "inconsistent"),
        ("test=z", ".028", "consistent"),
        ("test=t", "ns", "decision error"),
        ("test=t", ">.08", "consistent"),
        ("test=F", "<.05", "consistent"),
    ]


def test_not_a_test_is_not_read():
    """Words ending in t or r before '(' are not statistics; df shapes must fit."""
    report = audit_paper_text(
        "part(28) = 2.20, p = .03; F(28) = 2.2, p = .1; z(3) = 1, p = .3"
    )
    assert report.findings == ()


def test_significance_level_moves_the_decision():
    """A decision error at .05 is a plain inconsistency at .01."""
    text = "t(28) = 2.20, p = .06"
    assert audit_paper_text(text).findings[0].verdict == "decision error"
    at01 = audit_paper_text(text, significance_level=0.01).findings[0]
    assert at01.verdict == "inconsistent"


def test_read_paper_formats(tmp_path):
    """.txt, .md and .html are read; html loses its tags and keeps line breaks."""
    (tmp_path / "a.md").write_text("35/40 (87.5%)", encoding="utf-8")
    (tmp_path / "a.html").write_text(
        "<html><style>x{}</style><p>35/40 (87.5%)</p><table><tr><td>a</td><td>1</td></tr></table>",
        encoding="utf-8",
    )
    assert read_paper(tmp_path / "a.md") == [(None, "35/40 (87.5%)")]
    text = read_paper(tmp_path / "a.html")[0][1]
    assert "35/40 (87.5%)" in text
    assert "x{}" not in text
    assert "\na\t1\n" in text  # a row's cells, tab-separated, on one line
    assert audit_paper(tmp_path / "a.html").counts()["consistent"] == 1


@pytest.mark.parametrize(
    ("name", "content", "match"),
    [
        ("a.doc", b"x", "must be one of"),
        ("a", b"x", "no suffix"),
        ("a.txt", b"\xff\xfe\xfa", "not UTF-8"),
    ],
)
def test_read_paper_errors(tmp_path, name, content, match):
    """Unknown suffixes and undecodable text are errors naming the file."""
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ValueError, match=match):
        read_paper(path)


def test_read_paper_refuses_a_directory(tmp_path):
    """Only regular files are read."""
    folder = tmp_path / "d.txt"
    folder.mkdir()
    with pytest.raises(ValueError, match="not a regular file"):
        read_paper(folder)


def _tiny_pdf(text: str) -> bytes:
    """A one-page PDF with one line of text (built by hand: header, objects, xref)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length "
        + str(len(stream)).encode()
        + b" >>\nstream\n"
        + stream
        + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def test_pdf_pages(tmp_path):
    """A PDF is read page by page (pypdf, the optional pdf extra)."""
    pytest.importorskip("pypdf")
    path = tmp_path / "a.pdf"
    path.write_bytes(_tiny_pdf("t(28) = 1.20, p = .03"))
    report = audit_paper(path)
    (f,) = report.findings
    assert (f.page, f.line, f.verdict) == (1, 1, "decision error")
    assert f.where == "page 1, line 1"
    bad = tmp_path / "b.pdf"
    bad.write_bytes(b"%PDF-1.4 nothing")
    with pytest.raises(ValueError, match=r"b\.pdf"):
        audit_paper(bad)


def test_pdf_without_pypdf_says_how_to_install(tmp_path, monkeypatch):
    """No pypdf: an error naming the extra."""
    import builtins

    real = builtins.__import__

    def no_pypdf(name, *args, **kwargs):
        if name == "pypdf":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pypdf)
    path = tmp_path / "a.pdf"
    path.write_bytes(b"%PDF-1.4")
    with pytest.raises(ValueError, match=r"context-laws\[pdf\]"):
        read_paper(path)


# --- the command line ---


def test_cli_paper_text_and_exit_status(tmp_path, capsys):
    """A paper with a flag exits 1 and prints where, text, recomputed value, verdict."""
    paper = tmp_path / "p.txt"
    paper.write_text(TEXT, encoding="utf-8")
    assert main([str(paper)]) == 1
    out = capsys.readouterr().out
    assert "line 3" in out
    assert "DECISION ERROR" in out
    assert "'t(28) = 1.20, p = .03' -> recomputed 0.240" in out
    assert out.strip().splitlines()[-1].startswith("counts: ")
    clean = tmp_path / "c.txt"
    clean.write_text("35/40 (87.5%)", encoding="utf-8")
    assert main([str(clean)]) == 0


def test_cli_json_and_markdown(tmp_path, capsys):
    """--json has every finding; --format md a table."""
    paper = tmp_path / "p.md"
    paper.write_text(TEXT, encoding="utf-8")
    main([str(paper), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["counts"]) == set(VERDICTS)
    assert doc["findings"][0]["text"] == "35/40 (87.5%)"
    main([str(paper), "--format", "md"])
    out = capsys.readouterr().out
    assert "| where | printed as | kind | recomputed | verdict |" in out


def test_cli_csv_round_trips_through_the_table_audit(tmp_path, capsys):
    """--csv writes an audit table that `audit FILE.csv` reads with the same verdicts."""
    paper = tmp_path / "p.txt"
    paper.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "extract.csv"
    main([str(paper), "--csv", str(out)])
    capsys.readouterr()
    table = audit_table(out)
    report = audit_paper(paper)
    assert len(table.rows) == len(report.findings)
    for row, finding in zip(table.rows, report.findings, strict=True):
        assert (row.kind, row.printed, row.inputs) == (
            finding.kind,
            finding.printed,
            finding.inputs,
        )
        assert row.where == finding.where
        if finding.verdict in ("consistent", "inconsistent"):
            assert row.status.value == finding.verdict
    assert main([str(out)]) == 1  # the table keeps working


def test_cli_csv_never_replaces_a_file(tmp_path, capsys):
    """An existing --csv target is an error (exit 2) and is left as it was."""
    paper = tmp_path / "p.txt"
    paper.write_text(TEXT, encoding="utf-8")
    target = tmp_path / "keep.csv"
    target.write_text("precious", encoding="utf-8")
    assert main([str(paper), "--csv", str(target)]) == 2
    assert "exists" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "precious"


def test_cli_errors(tmp_path, capsys):
    """A bad paper, or --csv with a table, exits 2 with the reason."""
    assert main([str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err
    table = tmp_path / "t.csv"
    table.write_text("id,where,kind,printed,inputs,note\n", encoding="utf-8")
    assert main([str(table), "--csv", str(tmp_path / "x.csv")]) == 2
    assert "--csv needs a paper" in capsys.readouterr().err
    assert not (tmp_path / "x.csv").exists()


def test_table_audit_still_works(capsys):
    """The shipped example table audits as before."""
    example = (
        Path(__file__).resolve().parents[2]
        / "proofs"
        / "data"
        / "examples"
        / "audit.csv"
    )
    assert main([str(example)]) == 1
    assert "T1-total  INCONSISTENT" in capsys.readouterr().out


# -- reports broken across a line (new-user report P3) ---------------------------


def test_a_report_split_across_a_line_break_is_read_on_its_first_line():
    text = (
        "The pinning policy helped a lot, t(40)\n"
        "= 1.10, p = .02, and so did the other.\n"
        "\n"
        "On a 5-point Likert item, mean turns were M = 3.48,\n"
        "SD = 1.20, n = 19.\n"
    )
    found = audit_paper_text(text).findings
    assert [(f.line, f.kind, f.verdict) for f in found] == [
        (1, "pvalue", "decision error"),
        (4, "grimmer", "inconsistent"),
    ]
    assert found[0].text == "t(40) = 1.10, p = .02"
    assert found[1].text == "M = 3.48, SD = 1.20, n = 19"


def test_split_reports_are_not_duplicated_nor_joined_across_paragraphs():
    one_line = audit_paper_text("We found t(28) = 2.20, p = .036, as\nexpected.")
    assert len(one_line.findings) == 1 and one_line.findings[0].line == 1
    # a report on each line, touching the break: each read once
    two = audit_paper_text("first t(28) = 2.20, p = .036\nt(40) = 1.10, p = .278 then")
    assert [(f.line, f.verdict) for f in two.findings] == [
        (1, "consistent"),
        (2, "consistent"),
    ]
    # a blank line is a paragraph boundary: nothing is joined across it
    assert audit_paper_text("helped, t(40)\n\n= 1.10, p = .02").findings == ()
    assert audit_paper_text("helped, t(40)\n   \n= 1.10, p = .02").findings == ()
    # leading blanks of the second line do not shift what the line pass took
    mixed = audit_paper_text("see 17/40 (42.5%) and t(40)\n    = 1.10, p = .278")
    assert [(f.line, f.kind) for f in mixed.findings] == [
        (1, "percent"),
        (1, "pvalue"),
    ]


# --- issue 29 item 4: where a table's n comes from, and more printed formats ---


def _found(text):
    return [
        (f.kind, f.printed, f.inputs, f.verdict)
        for f in audit_paper_text(text).findings
    ]


def test_caption_phrases_give_n():
    """``all 60 trials`` and ``60 trials per budget`` in a caption are the n."""
    rows = "method\tshift\tpreserve\nnaive\t40.0%\t60.0%\ncontract\t0.0%\t100.0%\n\n"
    for caption in (
        "Table 5: Results; the CI uses all 60 trials per cell.",
        "Table 5: Results with 60 trials per budget.",
    ):
        report = audit_paper_text(rows + caption)
        got = {(f.printed, f.inputs, f.verdict) for f in report.findings}
        assert ("40.0", "n=60", "consistent") in got
        assert all(
            f.note == "n = 60 from the table caption (line 5)" for f in report.findings
        )
    # a number of something that is not a unit of observation is not an n
    assert _found(rows + "Table 5: Results for 60 budgets.") == []


def test_a_caption_total_is_split_evenly_over_the_rows():
    """``(180 rows total)`` over 5 rows is 36 a row; an uneven split gives no n."""
    body = "".join(f"m{k}\t0.417\t0.222\n" for k in range(5))
    report = audit_paper_text(
        "model\tpiv\tfix\n" + body + "\nTable 6: Per-model results (180 rows total).\n"
    )
    (f, *_) = report.findings
    assert f.inputs == "n=36"
    assert f.verdict == "consistent"  # 15/36 = 0.4167
    assert "total of 180" in f.note and "5 rows" in f.note
    body7 = "".join(f"m{k}\t0.417\t0.222\n" for k in range(7))
    assert (
        _found("model\tpiv\tfix\n" + body7 + "\nTable 6: Results (180 rows total).\n")
        == []
    )


SWEEP = """\
r\tval\tpiv
0.50\t1.000\t0.790
0.45\t1.000\t0.735
0.40\t1.000\t0.700

Table 3: Condensed semantic sweep for naive compression (100 seeds).

Some prose.

r\tval\tpiv
0.35\t1.000\t0.630
0.30\t1.000\t0.590
0.25\t1.000\t0.500

Table 9: Full semantic sweep for naive compression (all points).
"""


def test_a_caption_of_the_same_experiment_gives_n():
    """A caption without n takes the n of a caption that names the same experiment."""
    report = audit_paper_text(SWEEP)
    full = [f for f in report.findings if f.line >= 9]
    assert {f.inputs for f in full} == {"n=100"}
    assert all("caption at line 6" in f.note for f in full)
    assert "'semantic sweep naive'" in full[0].note or "sweep" in full[0].note
    # 0.735 of 100 is impossible: the n is inferred, so it is not flagged
    odd = next(f for f in report.findings if f.printed == "0.735")
    assert odd.verdict == "not checkable"
    assert not report.flagged


def test_captions_that_share_nothing_or_disagree_give_no_n():
    """No shared three words, or two such captions with different n: no n."""
    other = SWEEP.replace(
        "Full semantic sweep for naive compression", "Another table entirely"
    )
    assert all(f.line < 9 for f in audit_paper_text(other).findings)
    two = SWEEP + "\nTable 10: Old semantic sweep for naive compression (50 seeds).\n"
    assert all(f.line < 9 for f in audit_paper_text(two).findings)


PROSE = """\
## What code did it write?

We captured all 168 code blocks and classified them:

| Strategy | % of Blocks |
|----------|------------|
| typed | 29% — category-based extraction |
| flat | 13% — line-by-line parsing |
| chunking | ~5% — splits into chunks |
"""


def test_the_sections_prose_gives_n():
    """One n stated in the section's prose near the table; cells may go on after the percent."""
    report = audit_paper_text(PROSE)
    got = [(f.printed, f.inputs, f.verdict) for f in report.findings]
    assert got == [
        ("29", "n=168", "consistent"),
        ("13", "n=168", "consistent"),
        ("5", "n=168", "consistent"),
    ]
    assert report.findings[0].note == "n = 168 from the section's prose (line 3)"


@pytest.mark.parametrize(
    "prose",
    [
        # a heading between the prose and the table
        "We captured all 168 code blocks.\n\n## Next\n",
        # two different n in the section
        "We captured all 168 code blocks over 20 sessions.\n",
        # too far from the table
        "We captured all 168 code blocks.\n" + "More prose.\n" * 6,
    ],
)
def test_prose_that_does_not_give_one_n(prose):
    """A heading between, two n, or prose too far off: no n, nothing read."""
    table = PROSE.split("We captured all 168 code blocks and classified them:\n")[1]
    assert _found("## Section\n\n" + prose + table) == []


LABELLED = """\
Table 8: Per-category accuracy on one conversation.
Category Count Mode C (%) CE off (%) Delta
Single-hop 11 64.0 55.0 9.0-9.0
Multi-hop 26 100.0 100.0 0.0
Open-domain 44 86.0 93.0 +7.0
Aggregate 81 87.7 90.1 +2.4
"""


def test_space_separated_rows_with_labels_of_any_length():
    """Labels of one or more words, a ``Count`` column, ``(%)`` in the header."""
    got = {
        (f.printed, f.inputs, f.verdict) for f in audit_paper_text(LABELLED).findings
    }
    assert ("64.0", "n=11", "not checkable") in got  # 7/11 = 63.6
    assert ("55.0", "n=11", "not checkable") in got  # 6/11 = 54.5
    assert ("86.0", "n=44", "not checkable") in got  # 38/44 = 86.4
    assert ("87.7", "n=81", "consistent") in got
    assert not any(p in ("9.0-9.0", "11", "26") for p, _, _ in got)


def test_prose_lines_with_numbers_are_not_rows():
    """Sentences with numbers in them are not a table."""
    text = "Results (%)\nIn 6 of 8 scenarios it failed.\nWe saw 3 of 5 fail.\nThen 2 of 9 passed.\n"
    assert _found(text) == []


def test_a_closing_average_row_is_read():
    """An ``Average`` row one cell short of the rows above it."""
    text = (
        "Conversation Questions Accuracy (%) Status\nc1 152 58.6 Done\n"
        "c2 81 63.0 Done\nc3 134 62.7 Partial\nAverage 1,276 60.4\n"
    )
    got = {(f.printed, f.inputs) for f in audit_paper_text(text).findings}
    assert ("60.4", "n=1276") in got


@pytest.mark.parametrize(
    ("text", "kind", "inputs", "verdict", "note"),
    [
        ("bm25 at 0.70 (28/40) gives", "proportion", "k=28;n=40", "consistent", ""),
        ("dense 0.858, 103/120 here", "proportion", "k=103;n=120", "consistent", ""),
        ("bm25 at 0.72 (28/40) gives", "proportion", "k=28;n=40", "inconsistent", ""),
        ("it scored 78.9% (15/19 correct)", "percent", "k=15;n=19", "consistent", ""),
        (
            "merge-ready on 0.975 of tasks (117/120).",
            "proportion",
            "k=117;n=120",
            "consistent",
            "words after",
        ),
        (
            "merge-ready on 0.985 of tasks (117/120).",
            "proportion",
            "k=117;n=120",
            "not checkable",
            "words after",
        ),
        (
            "the F1 of 0.71 (3/4 tasks)",
            "proportion",
            "k=3;n=4",
            "not checkable",
            "metric name",
        ),
        (
            "with p = 0.03 (3/100) here",
            "proportion",
            "k=3;n=100",
            "consistent",
            "metric",
        ),
        (
            "it improved by 0.10 (4/40) over",
            "proportion",
            "k=4;n=40",
            "consistent",
            "a change",
        ),
    ],
)
def test_a_rate_with_its_count(text, kind, inputs, verdict, note):
    """``0.70 (28/40)``, ``0.858, 103/120``: checked when beside, inferred when words part them."""
    (f,) = audit_paper_text(text).findings
    assert (f.kind, f.inputs, f.verdict) == (kind, inputs, verdict)
    assert note in f.note


def test_a_rate_with_an_impossible_count_is_not_read():
    """``k`` above ``n`` is not a count of ``n``."""
    assert _found("a ratio of 0.5 (3/2) here") == []


def test_a_latex_percent_with_its_wilson_interval():
    r"""``$36/164 = 21.95\%$ (Wilson 95% CI [16.30%, 28.89%])``: the percent and the interval."""
    got = _found(
        r"Overall is  $36/164 = 21.95\%$  (Wilson 95% CI [16.30%, 28.89%]) across rows."
    )
    assert ("percent", "21.95", "k=36;n=164", "consistent") in got
    assert (
        "interval",
        "16.30;28.89",
        "k=36;n=164;method=wilson;scale=100",
        "consistent",
    ) in got
    bad = _found(r"Overall is $36/164 = 21.95\%$ (Wilson 95% CI [16.30%, 29.89%]).")
    assert (
        "interval",
        "16.30;29.89",
        "k=36;n=164;method=wilson;scale=100",
        "inconsistent",
    ) in bad


def test_an_interval_later_in_the_paragraph_takes_the_last_count():
    """An interval after its k/n in the paragraph is checked on an inference (never flagged)."""
    text = (
        "The store scores 112/120 = 0.933. With z = 1.96 the centre is 0.920, "
        "giving a 95% CI of [0.87, 0.97]. The arms (dense 0.858, 103/120) give [0.78, 0.95]."
    )
    got = {
        f.printed: f for f in audit_paper_text(text).findings if f.kind == "interval"
    }
    assert got["0.87;0.97"].inputs.startswith("k=112;n=120;")
    assert got["0.87;0.97"].verdict == "consistent"
    assert "'112/120'" in got["0.87;0.97"].note
    assert got["0.78;0.95"].inputs.startswith("k=103;n=120;")
    assert got["0.78;0.95"].verdict == "not checkable"  # fits no method, not flagged


@pytest.mark.parametrize(
    "text",
    [
        # another interval stands between the count and this one
        "Of 112/120, [0.87, 0.97] and then [0.10, 0.20].",
        # the count is too far before the interval
        "It got 112/120. " + "Words go on. " * 25 + "The CI is [0.87, 0.97].",
        # a fraction in an exponent is not a count
        "The bound is $[(0.025)^{1/40}, 1] = [0.912, 1.000]$.",
    ],
)
def test_an_interval_without_its_count_is_not_read(text):
    """No count right before it: the interval is not checked."""
    got = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
    assert all(f.printed != "0.10;0.20" and f.printed != "0.912;1.000" for f in got)
    if "Words go on" in text:
        assert got == []


def test_the_named_interval_method_is_used():
    """Clopper-Pearson named on the line is the method, and a misprint is flagged."""
    ok = _found("The Clopper–Pearson interval: 28/40, [0.535, 0.834].")
    assert ok == [
        ("interval", "0.535;0.834", "k=28;n=40;method=clopper-pearson", "consistent")
    ]
    bad = _found("The Clopper–Pearson interval: 28/40, [0.555, 0.834].")
    assert bad[0][3] == "inconsistent"
    # 0.534 is the lower end truncated, not rounded: four characters after its
    # k/n in one sentence, the method named, it is one report and is flagged
    # (h-audit4; an inferred pairing before)
    near = audit_paper_text("The Clopper–Pearson interval for 28/40 is [0.534, 0.834].")
    assert [f.verdict for f in near.findings] == ["inconsistent"]
    # farther away, or in the next sentence, the pairing is an inference
    far = audit_paper_text(
        "The Clopper–Pearson interval for 28/40. It is [0.534, 0.834]."
    )
    assert [f.verdict for f in far.findings] == ["not checkable"]
    # two methods named: the first standard one that fits, noted as inferred
    (two,) = audit_paper_text("Wilson or Jeffreys: 28/40, [0.548, 0.824]").findings
    assert (two.note, two.verdict) == ("method inferred: jeffreys", "consistent")


@pytest.mark.parametrize(
    ("text", "stat", "p", "verdict"),
    [
        (
            r"$z = (0.875 - 0.800)/0.0825 = 0.91$ ($p \approx 0.36$, two-sided)",
            "0.91",
            "0.36",
            "consistent",
        ),
        (
            r"$z = (0.875 - 0.800)/0.0825 = 0.91$ ($p \approx 0.46$)",
            "0.91",
            "0.46",
            "inconsistent",
        ),
        ("z = 2.10 (p = .04)", "2.10", ".04", "consistent"),
        ("z = 2.10 (p ≈ .04)", "2.10", ".04", "consistent"),
    ],
)
def test_a_statistic_from_a_formula_and_a_p_in_parentheses(text, stat, p, verdict):
    """``z = (a - b)/se = 0.91 (p ≈ 0.36)``: the value the formula reaches, and its p."""
    (f,) = audit_paper_text(text).findings
    assert f.kind == "pvalue"
    assert f.inputs.startswith(f"statistic={stat};test=z")
    assert (f.printed, f.verdict) == (p, verdict)


def test_a_formula_without_a_p_is_not_read():
    """No p after the statistic: nothing to check."""
    assert _found("$z = (0.875 - 0.800)/0.0825 = 0.91$ is small") == []


SCALED = """\
## Synthesis

Table 9: Synthesis quality (15 questions)

Condition\tSpecificity\tGroundedness
alone\t3.40\t2.20
with KO\t4.87\t4.81
both\t4.80\t4.13

Figure 5: Quality scores (1–5 scale) across dimensions.
"""


def test_table_means_under_a_stated_scale_are_grim_checked():
    """A 1-5 scale stated in the section: decimal cells are GRIM-checked, inferred."""
    report = audit_paper_text(SCALED)
    got = {f.printed: f for f in report.findings}
    assert got["4.87"].kind == "grim" and got["4.87"].verdict == "consistent"
    assert got["4.81"].verdict == "not checkable"  # 72.15/15: impossible, but inferred
    assert "1-5 scale of line 10" in got["4.81"].note
    assert not report.flagged
    # without the scale, the means are not read
    assert _found(SCALED.replace("(1–5 scale) ", "")) == []
    # two different scales in the section: none is assumed
    assert _found(SCALED + "Some items use a 7-point Likert scale.\n") == []


def test_boilerplate_shared_by_three_captions_is_not_the_same_experiment():
    """Words three captions share ('best per column in bold') link no two tables."""
    body = "arm\tacc\tf1\na\t0.875\t0.50\nb\t0.800\t0.25\nc\t0.750\t0.75\n"
    gap = "\nSome prose.\n\nMore prose.\n\n"
    text = (
        body
        + "\nTable 1: Accuracy on set one (40 tasks); scored against gold answers.\n"
        + gap
        + body
        + "\nTable 2: Accuracy on set two (40 tasks); scored against gold answers.\n"
        + gap
        + body
        + "\nTable 3: Latency of the arms; scored against gold answers.\n"
    )
    report = audit_paper_text(text)
    assert {f.line for f in report.findings} == {2, 3, 4, 13, 14, 15}
    # with only two captions sharing the words, the third table takes their n
    two = text.replace(
        "Table 2: Accuracy on set two (40 tasks); scored against gold answers.",
        "Table 2: Other.",
    )
    assert any(
        f.line == 24 and f.inputs == "n=40" for f in audit_paper_text(two).findings
    )


def test_the_side_a_text_captions_its_tables_on_decides():
    """A caption between two tables belongs to the side the text captions on."""
    body = "arm\tacc\tf1\na\t0.875\t0.50\nb\t0.800\t0.25\nc\t0.750\t0.75\n"
    prose = "\nSome prose.\n\nMore prose.\n\n"
    # captions below: Table 1 sits alone first, so the text votes "below"
    below = (
        body
        + "\nTable 1: Alpha (40 tasks).\n"
        + prose
        + body
        + "\nTable 2: Beta (20 tasks).\n\n"
        + body
        + "\nTable 3: Gamma (10 tasks).\n"
    )
    got = {f.line: f.inputs for f in audit_paper_text(below).findings}
    assert got[13] == "n=20" and got[20] == "n=10"
    # captions above: the same tables, each caption before its rows
    above = (
        "Table 1: Alpha (40 tasks).\n\n"
        + body
        + prose
        + "Table 2: Beta (20 tasks).\n\n"
        + body
        + "\nTable 3: Gamma (10 tasks).\n\n"
        + body
    )
    got = {f.line: f.inputs for f in audit_paper_text(above).findings}
    assert got[4] == "n=40" and got[15] == "n=20" and got[22] == "n=10"


@pytest.mark.parametrize(("gap", "read"), [(0, True), (2, True), (3, False)])
def test_the_prose_reach_is_four_lines(gap, read):
    """The n line may stand at most four lines before the header (a blank between)."""
    table = PROSE.split("We captured all 168 code blocks and classified them:\n")[1]
    text = "## Section\nWe captured all 168 code blocks.\n" + "Filler.\n" * gap + table
    assert bool(_found(text)) is read


@pytest.mark.parametrize(("pad", "read"), [(242, True), (243, False)])
def test_the_interval_reach_is_250_characters(pad, read):
    """The k/n must start within the 250 characters before the interval."""
    text = "We got 112/120" + "." * pad + " [0.87, 0.97]"
    got = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
    assert bool(got) is read
    # a count cut by the reach is not read as its tail ('12/120', '2/120')
    assert all(f.inputs.startswith("k=112;") for f in got)


def test_k_of_n_with_a_unit_between_the_count_and_its_percent():
    """'19/40 trials (45.0%)' and '19 of 40 trials (45.0%)' are read (new user, 2026-11-27)."""
    text = (
        "The window baseline succeeded in 19/40 trials (45.0%).\n"
        "The naive arm succeeded in 19 of 40 trials (45.0%).\n"
        "The guarded arm succeeded in 28 out of 40 runs (70.0%).\n"
        "It held in 3 of 4 (75%) and in 2 of 4 settings (75%).\n"
        "We used 19 of the 40 trials (45.0%).\n"
    )
    found = _by_text(audit_paper_text(text))
    for printed in ("19/40 trials (45.0%)", "19 of 40 trials (45.0%)"):
        assert (found[printed].verdict, found[printed].inputs) == (
            "inconsistent",
            "k=19;n=40",
        )
    assert found["28 out of 40 runs (70.0%)"].verdict == "consistent"
    assert found["3 of 4 (75%)"].verdict == "consistent"
    # a word that is not a unit, or an article, is not read as a count's unit
    assert not [t for t in found if "settings" in t or "the 40" in t]


# h-recall3: n from another table's row of the same label, "N per <unit>",
# a pooled table, a formula's rates, and a mean column over a row's runs.

COUNTS = """\
Table 7: Per-conversation accuracy.
Conversation Questions Accuracy (%) Status
conv-26 152 58.6 Done
conv-30 81 63.0 Done
conv-42 149 55.7 Partial
Average 382 59.0
"""

ABLATION = """\
Table 5: Retrieval with and without math across conversations.
Conversation With Math (%) Without Math (%) Delta (pp)
conv-26 78.3 71.1 +7.2
conv-30 77.5 66.7 +10.8
conv-42 60.8 47.3 +13.5
Average 72.2 61.7 +10.5
"""


def _notes(text):
    return {
        (f.line, f.printed): (f.inputs, f.verdict, f.note)
        for f in audit_paper_text(text).findings
    }


def test_a_row_takes_the_count_of_the_same_label_in_a_count_table():
    """``conv-26`` in a table with no n takes the 152 questions another table prints."""
    got = _notes(ABLATION + "\n" + COUNTS)
    assert got[(3, "78.3")][:2] == ("n=152", "consistent")  # 119/152
    assert "the same label prints at line 10" in got[(3, "78.3")][2]
    assert got[(4, "66.7")][:2] == ("n=81", "consistent")  # 54/81
    # 60.8 is no count of 149: inferred, so not flagged
    assert got[(5, "60.8")][:2] == ("n=149", "not checkable")
    assert (6, "72.2") not in got  # an Average row is not joined
    assert not audit_paper_text(ABLATION + "\n" + COUNTS).flagged
    # without the count table, nothing is read
    assert _found(ABLATION) == []


def test_count_tables_that_disagree_on_a_label_give_no_n():
    """Two count tables printing 149 and 199 for conv-42: that row gets no n."""
    other = """\
Table 9: Another run across the conversations.
Conversation Accuracy (%) Questions
conv-26 50.0 152
conv-30 56.8 81
conv-42 58.8 199
Average 55.2 432
"""
    got = _notes(ABLATION + "\n" + COUNTS + "\n" + other)
    assert got[(3, "78.3")][0] == "n=152"  # both print 152
    assert (5, "60.8") not in got and (5, "47.3") not in got
    # the count column is found by its header word, here the third
    assert got[(19, "58.8")][:2] == ("n=199", "consistent")


def test_a_count_column_whose_header_does_not_line_up_is_not_read():
    """A header with multi-word names before the count column: no count column."""
    text = """\
Table 9: Another run.
Conversation Mean Accuracy (%) Questions
conv-26 50.0 152
conv-30 56.8 81
conv-42 58.8 199
"""
    assert _found(ABLATION + "\n" + text) == []


def test_a_count_table_with_one_count_on_every_row_or_numeric_labels_gives_no_n():
    """One count on every row counts the experiment, not its labels; ``1`` is no label."""
    same = (
        COUNTS.replace(" 152 ", " 90 ").replace(" 81 ", " 90 ").replace(" 149 ", " 90 ")
    )
    assert all(f.line > 8 for f in audit_paper_text(ABLATION + "\n" + same).findings)
    numbered = (
        "Table 2: Rates by depth.\ndepth\trate\tother\n"
        "1\t0.500\t0.250\nd2\t0.400\t0.200\n3\t0.300\t0.100\n\n"
        "Table 3: Counts by depth.\ndepth\ttasks\tshare\n"
        "1\t40\t0.500\nd2\t20\t0.400\n3\t10\t0.300\n"
    )
    got = {(f.line, f.inputs) for f in audit_paper_text(numbered).findings}
    # 'd2' is a label; '1' and '3' are numbers, not labels
    assert got == {(4, "n=20"), (9, "n=40"), (10, "n=20"), (11, "n=10")}


PER_DEPTH = """\
We use two datasets. **synthetic** (120 tasks, 40 per depth) isolates the mechanism. **realbench** (42 tasks, 14 per depth) is a repository.

## 7 Results

arm\td=1\td=2\td=3
typed\t0.950\t0.975\t0.875
bm25\t0.925\t0.925\t0.775
dense\t0.925\t0.900\t0.750

Table 7: **Compliance by depth, synthetic (Claude)**. Each cell is mean compliance at depth d.
"""


def test_a_table_by_unit_takes_the_n_per_unit_stated_for_its_subject():
    """``by depth`` and ``synthetic`` in the title: ``40 per depth`` in the synthetic sentence."""
    got = _notes(PER_DEPTH)
    assert {v[0] for v in got.values()} == {"n=40"}
    assert got[(6, "0.975")][1] == "consistent"
    assert "a table by depth; line 1 states 40 per depth" in got[(6, "0.975")][2]
    assert not audit_paper_text(PER_DEPTH).flagged


@pytest.mark.parametrize(
    "change",
    [
        # the title names no unit
        ("Compliance by depth, synthetic", "Compliance per arm, synthetic"),
        # two units
        ("Compliance by depth, synthetic", "Compliance by depth by arm, synthetic"),
        # no sentence stating N per depth shares a title word
        ("**synthetic** (120 tasks", "**generated** (120 tasks"),
        # the sentences sharing a title word disagree
        ("**realbench** (42 tasks", "**synthetic realbench** (42 tasks"),
    ],
)
def test_a_table_by_unit_without_one_stated_n_gives_none(change):
    """No unit, two units, no sentence naming the subject, or two N: no n."""
    assert _found(PER_DEPTH.replace(*change)) == []


POOLED = """\
model\tpiv\tfix
m1\t0.417\t0.222
m2\t0.611\t0.222
m3\t0.667\t0.083
m4\t0.444\t0.222
m5\t0.722\t0.167

Table 6: Per-model blackbox results on the bench (180 rows total).

category\tpiv\tfix
incident\t0.800\t0.033
investment\t0.200\t0.517
narrative\t0.717\t0.000

Table 7: Category-pooled blackbox metrics across all five models.
"""


def test_a_pooled_table_resplits_the_total_of_the_table_before_it():
    """180 rows pooled over 3 categories: 60 a row, assumed equal; an inference."""
    got = _notes(POOLED)
    assert got[(11, "0.800")][:2] == ("n=60", "consistent")
    assert "total of 180" in got[(11, "0.800")][2]
    assert "'blackbox'" in got[(11, "0.800")][2]
    assert "assumed split evenly" in got[(11, "0.800")][2]
    assert got[(2, "0.417")][0] == "n=36"


@pytest.mark.parametrize(
    "change",
    [
        ("Category-pooled blackbox", "Category blackbox"),  # not pooled
        ("Per-model blackbox results", "Per-model other results"),  # no shared word
        ("(180 rows total)", "(180 rows)"),  # not a total
        ("(180 rows total)", "(185 rows total)"),  # 185 over 3 rows does not divide
    ],
)
def test_a_pooled_table_without_a_total_to_split_gives_no_n(change):
    """Not pooled, no shared word, no total before it, or an uneven split: no n."""
    assert all(f.line < 8 for f in audit_paper_text(POOLED.replace(*change)).findings)


FORMULA = (
    "Structured 35/40 vs. best-similarity 32/40. The pooled rate is 67/80 = 0.8375, "
    "and $z = (0.875 - 0.800)/0.0825 = 0.91$ ($p \\approx 0.36$, two-sided)."
)


def test_the_rates_of_a_formula_pair_with_the_counts_compared_before_it():
    """``35/40 vs. 32/40`` then ``z = (0.875 - 0.800)/se``: each rate checked, inferred."""
    rates = [
        f for f in audit_paper_text(FORMULA).findings if f.printed in ("0.875", "0.800")
    ]
    assert [(f.printed, f.inputs, f.verdict) for f in rates] == [
        ("0.875", "k=35;n=40", "consistent"),
        ("0.800", "k=32;n=40", "consistent"),
    ]
    assert "'35/40 vs. best-similarity 32/40'" in rates[0].note
    # rates that do not fit the counts: not checkable, never flagged
    wrong = audit_paper_text(FORMULA.replace("32/40", "30/40"))
    (bad,) = [f for f in wrong.findings if f.printed == "0.800"]
    assert bad.verdict == "not checkable" and not wrong.flagged


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (FORMULA.replace(" vs. ", " and "), False),  # no comparison
        (FORMULA.replace("The pooled", "x" * 326 + " The pooled"), True),
        (FORMULA.replace("The pooled", "x" * 327 + " The pooled"), False),  # too far
    ],
)
def test_the_formula_pairing_needs_a_comparison_within_400_characters(text, read):
    """``k/n vs. k/n`` must start within the 400 characters before the formula."""
    got = [f for f in audit_paper_text(text).findings if f.printed == "0.875"]
    assert bool(got) is read


RUNS = """\
| Strategy | Pass Rate | Refusals | Avg Checks (/8) |
|----------|-----------|----------|------------------|
| Frame | 4/6 | 0 | 7.3 |
| Full | 4/6 | 0 | 6.9 |
| Plain | 3/6 | 0 | 5.3 |
"""


def test_a_mean_column_is_grim_checked_over_the_runs_its_row_counts():
    """``Avg Checks (/8)`` over the six runs of ``4/6``: GRIM, an inference."""
    got = _notes(RUNS)
    assert got[(3, "7.3")][:2] == ("n=6", "consistent")  # 44/6
    assert got[(4, "6.9")][:2] == ("n=6", "not checkable")  # no count of 6 gives 6.9
    assert "from the row's '4/6'" in got[(3, "7.3")][2]
    assert "(0-8)" in got[(3, "7.3")][2]
    assert not audit_paper_text(RUNS).flagged


@pytest.mark.parametrize(
    "change",
    [
        ("Avg Checks (/8)", "Avg Checks"),  # no top: not a mean of counts
        ("Avg Checks (/8)", "Checks (/8)"),  # not a mean
        ("| 4/6 | 0 | 7.3 |", "| 4/6 | 1/5 | 7.3 |"),  # two n in the row
        ("| 4/6 | 0 | 7.3 |", "| 4/6 | 0 | 9.3 |"),  # above the top
        ("| 4/6 | 0 | 7.3 |", "| 4/1 | 0 | 7.3 |"),  # not a count of runs
    ],
)
def test_a_mean_column_without_its_runs_is_not_read(change):
    """No top, no mean, two n, a mean above the top, or ``k > n``: row 3 not read."""
    assert all(f.line != 3 for f in audit_paper_text(RUNS.replace(*change)).findings)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We saw 0/4, [0.00, 0.60] here.", [("interval", "k=0;n=4;method=wilson-cc")]),
        ("We saw 4/4, [0.40, 1.00] here.", [("interval", "k=4;n=4;method=wilson-cc")]),
        ("We saw 5/4, [0.40, 0.90] here.", []),
        ("We saw 0/0, [0.00, 0.60] here.", []),
        (
            "It was 4/4 = 1.0 [0.40, 1.00].",
            [("proportion", "k=4;n=4"), ("interval", "k=4;n=4;method=wilson-cc")],
        ),
        ("Solved 0/4 (0%).", [("percent", "k=0;n=4")]),
        ("Solved 4/4 (100%).", [("percent", "k=4;n=4")]),
        ("Solved 5/4 (125%).", []),
        ("Solved 0/0 (0%).", []),
        ("Rate 4/4 = 1.0 overall.", [("proportion", "k=4;n=4")]),
        ("Rate 0/4 = 0.0 overall.", [("proportion", "k=0;n=4")]),
        ("Rate 5/4 = 1.25 overall.", []),
        ("Rate 0/0 = 0.0 overall.", []),
        ("Rate 1/4 = 25 overall.", []),  # a proportion above 1 is no rate
        ("Rate 1/4 = 25% overall.", [("percent", "k=1;n=4")]),
        ("Rate 1.00 (4/4) overall.", [("proportion", "k=4;n=4")]),
        ("Rate 0.0 (0/4) overall.", [("proportion", "k=0;n=4")]),
        ("Rate 0.5 (5/4) overall.", []),
        ("Rate 0.0 (0/0) overall.", []),
        ("Rate 100% (4/4) overall.", [("percent", "k=4;n=4")]),
        ("Rate 125% (5/4) overall.", []),
        (
            "We got 4/4 and then [0.40, 1.00].",
            [("interval", "k=4;n=4;method=wilson-cc")],
        ),
        (
            "We got 4/4 and then [40%, 100%].",
            [("interval", "k=4;n=4;method=wilson-cc;scale=100")],
        ),
        ("We got 2/4 and then [0.50, 0.50].", [("interval", "k=2;n=4;method=wilson")]),
        ("We got 0/0 and then [0.10, 0.20].", []),
        ("We got 5/4 and then [0.10, 0.20].", []),
        ("We got 2/4 and then [0.60, 0.50].", []),  # ends reversed
        ("We got 2/4 and then [0.60, 1.50].", []),  # above 1
    ],
)
def test_counts_at_their_bounds(text, expected):
    """``k = 0`` and ``k = n`` are read; ``k > n``, ``n = 0`` and bad intervals are not."""
    got = [(f.kind, f.inputs) for f in audit_paper_text(text).findings]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the next line's own read, shifted into the joined line, blocks a re-read
        ("We solved 35/40\n   = 0.875 (35/40) of them.\n", [(2, "0.875 (35/40)")]),
        ("We solved 35/40\n= 0.875 (35/40) of them.\n", [(2, "0.875 (35/40)")]),
        # a table row is a boundary, before the prose or after the header
        (
            "arm\tx\ty\na\t0.875\tt(28)\nb\t0.800\tt(28)\nc\t0.800\tt(28)\n= 2.20, p = .03.\n",
            [],
        ),
        (
            "arm\tx\tt(28)\n= 2.20, p = .03\t0.875\t0.5\nb\t0.800\t0.5\nc\t0.800\t0.5\n",
            [],
        ),
        # across the break, and the line it is reported on
        ("We found t(28)\n  = 2.20, p = .03 here.\n", [(1, "t(28) = 2.20, p = .03")]),
    ],
)
def test_what_a_line_break_joins(text, expected):
    """The join reads only across the break, never a table row, never twice."""
    got = [
        (f.line, f.text)
        for f in audit_paper_text(text).findings
        if f.kind != "proportion_attainable"
    ]
    assert got == expected


def test_a_count_column_of_labelled_rows_is_found_by_its_header_word():
    """Labels of varying length, the count last: each row takes its own count."""
    text = """\
Table 4: Accuracy per mode.
System Accuracy (%) Questions
Mode A (Ret.) 74.8 1276
Mode C 87.7 81
Mem0 full run 64.2 123
"""
    got = {(f.line, f.printed, f.inputs) for f in audit_paper_text(text).findings}
    assert got == {(3, "74.8", "n=1276"), (4, "87.7", "n=81"), (5, "64.2", "n=123")}


KEYVALUE = """\
Quantity\tValue
Matchups (model x task)\t3600
Wins\t2880 (80.0%)
Losses\t720 (20.1%)
Models in sweep\t12
"""


def test_a_two_column_table_states_its_n_in_a_count_row():
    """``Matchups | 3600`` gives the n of ``2880 (80.0%)``; a misfit is not flagged."""
    got = _notes(KEYVALUE)
    assert got[(3, "80.0")][:2] == ("k=2880;n=3600", "consistent")
    assert "from the 'Matchups (model x task)' row (line 2)" in got[(3, "80.0")][2]
    assert got[(4, "20.1")][:2] == ("k=720;n=3600", "not checkable")
    assert not audit_paper_text(KEYVALUE).flagged
    assert (2, "3600") not in got and (5, "12") not in got


@pytest.mark.parametrize(
    "change",
    [
        ("Models in sweep\t12", "Trials\t1800"),  # two count rows disagree
        ("Matchups (model x task)", "Pairs of model and task"),  # no count word
        ("\t3600", "\t3600.5"),  # not a whole number
        ("Quantity\tValue", "Quantity\tValue\tNote"),  # three columns
    ],
)
def test_a_count_row_must_be_the_one_whole_count(change):
    """Two count rows, no count word, a decimal or three columns: no n."""
    text = KEYVALUE.replace(*change)
    if "\tNote" in text:
        text = text.replace("\n", "\tx\n").replace("Value\tNote\tx", "Value\tNote")
    assert _found(text) == []


def test_a_count_with_its_percent_in_a_table_with_n():
    """``12 (30.0%)`` under a count column: the percent of 12 over the row's n.

    k and n are both printed in the row, so a mismatch is inconsistent (it was
    "not checkable", as if the row's n were an inference: h-newuser5)."""
    text = "arm\tn\thits\na\t40\t12 (30.0%)\nb\t40\t30 (72.0%)\nc\t20\t25 (50.0%)\n"
    got = _found(text)
    assert ("percent", "30.0", "k=12;n=40", "consistent") in got
    assert ("percent", "72.0", "k=30;n=40", "inconsistent") in got  # 75%
    assert not [g for g in got if g[1] == "50.0"]  # 25 > 20: not read


LABELLED_COUNTS = """\
Table 9: Questions per mode.
System Accuracy (%) Questions
Mode A (Ret.) 74.8 1276
Mode C 87.7 81
Mode E 50.0 2
Mode F 0.0 1
"""

MODES = """\
Table 4: Accuracy with and without the reranker.
Mode With (%) Without (%) Delta (pp)
Mode A (Ret.) 74.8 70.1 +4.7
Mode C 87.7 86.4 +1.3
Mode E 50.0 0.0 +50.0
Mode F 0.0 0.0 +0.0
"""


def test_a_row_takes_the_count_of_a_labelled_count_table():
    """Labels of varying length; a count of 2 is a count, 1 is not."""
    got = {
        (f.line, f.printed): f.inputs
        for f in audit_paper_text(MODES + "\n" + LABELLED_COUNTS).findings
        if f.line <= 7
    }
    assert got == {
        (3, "74.8"): "n=1276",
        (3, "70.1"): "n=1276",
        (4, "87.7"): "n=81",
        (4, "86.4"): "n=81",
        (5, "50.0"): "n=2",
        (5, "0.0"): "n=2",
    }


def test_a_count_cell_that_is_no_number_gives_no_n():
    """``—`` in a count column: that label gets no n, the others do."""
    counts = (
        "Table 1: Sizes.\nConversation\tQuestions\tStatus\n"
        "conv-26\t152\tDone\nconv-30\t—\tDone\nconv-42\t90\tDone\n"
    )
    got = _notes(ABLATION + "\n" + counts)
    assert got[(3, "78.3")][0] == "n=152"
    assert (4, "77.5") not in got


def test_a_count_table_with_two_counts_is_used_and_a_table_with_n_keeps_it():
    """Two different counts suffice; a table with its own n is not joined."""
    counts = "Table 1: Sizes.\nConversation Questions Status\nconv-26 152 Done\nconv-30 81 Done\nconv-31 81 Done\n"
    got = _notes(ABLATION + "\n" + counts)
    assert got[(3, "78.3")][0] == "n=152"
    own = ABLATION.replace("across conversations.", "across conversations (n = 100).")
    got = _notes(own + "\n" + counts)
    assert got[(3, "78.3")][0] == "n=100"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the comparison at the start of the line
        (
            "35/40 vs. dense 32/40 differ: z = (0.875 - 0.800)/0.0825 = 0.91.",
            [("0.875", "k=35;n=40"), ("0.800", "k=32;n=40")],
        ),
        # the last comparison before the formula is the one used
        (
            "First 1/4 vs. 2/4, then 35/40 vs. 32/40: z = (0.875 - 0.800)/0.0825 = 0.91.",
            [("0.875", "k=35;n=40"), ("0.800", "k=32;n=40")],
        ),
        # k = n is a count; n = 0 and k > n are not
        (
            "Here 4/4 vs. 3/4 so z = (1.00 - 0.75)/0.2 = 1.25.",
            [("1.00", "k=4;n=4"), ("0.75", "k=3;n=4")],
        ),
        ("Here 0/0 vs. 3/4 so z = (0.50 - 0.75)/0.2 = 1.25.", [("0.75", "k=3;n=4")]),
        ("Here 5/4 vs. 3/4 so z = (0.50 - 0.75)/0.2 = 1.25.", [("0.75", "k=3;n=4")]),
    ],
)
def test_the_formula_rates_and_their_counts(text, expected):
    """Each rate of the formula against its count, in order."""
    got = [
        (f.printed, f.inputs)
        for f in audit_paper_text(text).findings
        if f.kind == "proportion" and "formula" in f.note
    ]
    assert got == expected


COUNTED = (
    "Conversation Questions Accuracy (%) Status\n"
    "conv-26 152 58.6 Done\nconv-30 81 63.0 Done\nconv-44 123 64.2 Done\n"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a table at the end of the text, with and without its closing Average row
        (
            COUNTED + "Average 356 61.9",
            [(2, "n=152"), (3, "n=81"), (4, "n=123"), (5, "n=356")],
        ),
        (COUNTED.rstrip("\n"), [(2, "n=152"), (3, "n=81"), (4, "n=123")]),
        # a tab-separated table needs a header and two rows
        (
            "arm\tx\na\t0.500\nb\t0.250\n\nTable 1: Rates (n = 40).\n",
            [(2, "n=40"), (3, "n=40")],
        ),
        ("arm\tx\na\t0.500\n\nTable 1: Rates (n = 40).\n", []),
        # labelled rows of varying length need three rows under their header
        (
            "Table 8: Per category.\nCategory Count Mode C (%)\n"
            "Single-hop 11 64.0\nMulti hop q 26 100.0\nOpen-domain 44 86.0\n",
            [(3, "n=11"), (4, "n=26"), (5, "n=44")],
        ),
        (
            "Table 8: Per category.\nCategory Count Mode C (%)\n"
            "Single-hop 11 64.0\nMulti hop q 26 100.0\n",
            [],
        ),
    ],
)
def test_where_a_table_starts_and_ends(text, expected):
    """A table's first and last rows, its closing Average row, and its minimum size."""
    assert [(f.line, f.inputs) for f in audit_paper_text(text).findings] == expected


@pytest.mark.parametrize(
    ("change", "n"),
    [
        # the title is the first sentence: a later "by arm" does not count
        (
            (
                "**Compliance by depth, synthetic (Claude)**. Each cell",
                "Compliance by depth, synthetic. Rows by arm; each cell",
            ),
            "n=40",
        ),
        # "1 per depth" is no n; "2 per depth" is
        (
            (
                "isolates the mechanism.",
                "isolates the mechanism, synthetic 1 per depth.",
            ),
            "n=40",
        ),
        (("(120 tasks, 40 per depth)", "(6 tasks, 2 per depth)"), "n=2"),
        # a title word in the next sentence does not tie a statement to the table
        (
            (
                "**realbench** (42 tasks, 14 per depth) is a repository.",
                "**realbench** (42 tasks, 14 per depth). Synthetic too.",
            ),
            "n=40",
        ),
    ],
)
def test_the_title_and_the_sentence_of_n_per_unit(change, n):
    """The caption's first sentence is its title; a statement's sentence ends at a full stop."""
    got = {f.inputs for f in audit_paper_text(PER_DEPTH.replace(*change)).findings}
    assert got == {n}


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("| Frame | 6/6 | 0 | 7.5 |", [("7.5", "n=6")]),  # k = n counts the runs
        ("| Frame | 1/2 | 0 | 7.5 |", [("7.5", "n=2")]),  # two runs
        ("| Frame | 1/1 | 0 | 7.0 |", []),  # one run: no mean to check
        ("| Frame | 4/6 | 0 | 8.0 |", [("8.0", "n=6")]),  # the top itself
        ("| Frame | 4/6 | 0 | 0.0 |", [("0.0", "n=6")]),  # zero
        ("| Frame | 4/6 | 0 | 7 |", []),  # a whole number: nothing to check
        ("| Frame | 4/6 | 0 |", []),  # a short row
    ],
)
def test_a_mean_column_at_its_bounds(row, expected):
    """``k = n``, two runs, the top and zero are read; one run, an integer, a short row not."""
    text = RUNS.replace("| Frame | 4/6 | 0 | 7.3 |", row)
    got = [
        (f.printed, f.inputs) for f in audit_paper_text(text).findings if f.line == 3
    ]
    assert got == expected


def test_a_pooled_table_of_two_rows_and_a_pooled_table_first():
    """Two categories take half the total; a first pooled table has no table before it."""
    two = POOLED.replace("narrative\t0.717\t0.000\n", "")
    got = _notes(two)
    assert got[(11, "0.800")][0] == "n=90"
    # the pooled table first, the table with the total after it: no n
    first = (
        "category\tpiv\tfix\nincident\t0.800\t0.033\ninvestment\t0.200\t0.517\n"
        "narrative\t0.717\t0.000\n\nTable 1: Category-pooled blackbox metrics.\n\n"
        "model\tpiv\nm1\t0.417\nm2\t0.611\nm3\t0.667\n\n"
        "Table 2: Per-model blackbox results (180 rows total).\n"
    )
    assert all(f.line > 6 for f in audit_paper_text(first).findings)


@pytest.mark.parametrize(("count", "read"), [("2", True), ("1", False)])
def test_a_count_row_of_two_is_a_count(count, read):
    """``Trials | 2`` gives n = 2; ``Trials | 1`` gives none."""
    text = f"Quantity\tValue\nTrials\t{count}\nWins\t1 (50.0%)\nModels\t3\n"
    got = _found(text)
    assert got == ([("percent", "50.0", "k=1;n=2", "consistent")] if read else [])
