"""``audit PAPER`` must not flag correct numbers (h-audit4; findings of a new user).

Means and scores are not shares k/n; percent-scale intervals printed without
``%``; phrasings the reader missed; a table's SD, score and k columns; the
``inferred`` marker of ``--json``; HTML line numbers and tables.
"""

from __future__ import annotations

import json

import pytest

from proofs.audit import audit_table
from proofs.audit.paper import audit_paper, audit_paper_text
from proofs.tool import main as tool_main


def main(argv: list[str]) -> int:
    """``context-laws audit ARGS``."""
    return tool_main(["audit", *argv])


def _only(text: str):
    (found,) = audit_paper_text(text).findings
    return found


# -- 1. means and scores are not shares k/n ---------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("On LoCoMo, the average F1 was 0.437 over 30 questions.", "F1"),
        ("On LoCoMo, nDCG@10 was 0.615 over 30 questions.", "nDCG@10"),
        ("Mean token-level F1 was 0.512 (n = 30).", "F1"),
        ("Accuracy was 71.7% (n = 40 per seed, averaged over seeds).", "per seed"),
        (
            "Pass@10 was 62.7% over 164 problems (unbiased estimator, 200 samples"
            " per problem).",
            "Pass@10",
        ),
        ("Cohen's kappa was 0.61 (n = 40).", "kappa"),
        ("Temperature was 0.73 over 500 questions.", "Temperature"),
        ("The mean score was 0.437 over 30 questions.", "mean"),
        # the word may come after the bracket, in the same sentence
        ("Accuracy was 71.7% (n = 40), averaged over three seeds.", "averaged"),
    ],
)
def test_a_mean_or_score_is_not_checked_as_k_of_n(text, word):
    """Each number is no k/n (each is impossible as one); not checkable, saying why."""
    f = _only(text)
    assert f.verdict == "not checkable"
    assert f.reason == f"a mean or a score, not a share k/n (the text says {word!r})"
    assert f.recomputed == ""
    assert "unchecked=" in f.inputs


@pytest.mark.parametrize(
    "text",
    [
        "Accuracy was 0.437 over 30 questions.",
        "Accuracy was 43.7% (n = 30).",
        # a mean word in the previous sentence does not reach this one
        "The mean was high. Accuracy was 0.437 over 30 questions.",
        # nor one past the closing bracket of a later sentence
        "Accuracy was 43.7% (n = 30). The average F1 was lower.",
    ],
)
def test_a_share_without_mean_words_is_still_checked(text):
    """0.437 of 30 is impossible: without a mean word in its clause it is flagged."""
    assert _only(text).verdict == "inconsistent"


def test_a_mean_word_on_the_line_before_reaches_a_hard_wrapped_rate():
    """Hard-wrapped prose: the metric word ends the line before its number (new user)."""
    text = (
        "The mean nDCG@10 of the retriever is\n"
        "0.512 (n = 300), and the mean token F1 is\n"
        "0.3517 over 300 questions.\n"
    )
    got = [(f.verdict, f.reason) for f in audit_paper_text(text).findings]
    assert got == [
        (
            "not checkable",
            "a mean or a score, not a share k/n (the text says 'nDCG@10')",
        ),
        ("not checkable", "a mean or a score, not a share k/n (the text says 'F1')"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # the wrapped sentence has no mean word: still checked
        "The accuracy of the model is\n0.512 (n = 300) overall.\n",
        # a mean word in the previous sentence of the wrapped lines does not reach
        "The mean was high. The accuracy is\n0.512 (n = 300) overall.\n",
        # nor one in the previous paragraph
        "The mean nDCG@10 of the retriever is high.\n\nAccuracy was\n0.512 (n = 300).\n",
    ],
)
def test_a_wrapped_share_without_mean_words_is_still_checked(text):
    """0.512 of 300 is impossible (153/300 = 0.510, 154/300 = 0.513)."""
    assert [f.verdict for f in audit_paper_text(text).findings] == ["inconsistent"]


def test_the_nearest_mean_word_is_named():
    """``average F1 ... and nDCG@10 was 0.615``: the reason names nDCG@10."""
    text = "The average F1 was 0.437 over 30 questions, and nDCG@10 was 0.615 over 30 questions."
    reasons = [f.reason for f in audit_paper_text(text).findings]
    assert reasons == [
        "a mean or a score, not a share k/n (the text says 'F1')",
        "a mean or a score, not a share k/n (the text says 'nDCG@10')",
    ]


def test_ties_counted_as_half_are_checked_as_half_counts():
    """52.5% of 300 with ties as half is 315/600; 52.4% is no j/600 (inferred, not flagged)."""
    ok = _only("Win rate was 52.5% (n = 300 comparisons, ties counted as half).")
    assert (ok.kind, ok.inputs, ok.verdict) == (
        "percent_attainable",
        "n=600",
        "consistent",
    )
    assert ok.note == "ties counted as half: checked as j/600 (half-counts of 300)"
    assert ok.inferred
    bad = _only("Win rate was 52.4% (n = 300 comparisons, ties counted as half).")
    assert bad.verdict == "not checkable"
    # without the ties clause, 52.5% is 157.5/300: no count of 300, flagged
    assert _only("Win rate was 52.5% (n = 300 comparisons).").verdict == "inconsistent"


def test_a_mean_stays_unchecked_through_the_csv_round_trip(tmp_path):
    """``audit x.md --csv x.csv; audit x.csv`` does not flag the mean either."""
    paper = tmp_path / "fp.md"
    paper.write_text("The average F1 was 0.437 over 30 questions.\n", encoding="utf-8")
    out = tmp_path / "fp.csv"
    assert main([str(paper), "--csv", str(out)]) == 0
    report = audit_table(out)
    assert [r.status.value for r in report.rows] == ["not checkable"]
    assert main([str(out)]) == 0


# -- 2. percent-scale intervals without % -----------------------------------


def test_a_percent_interval_without_percent_signs_is_read_at_scale_100(tmp_path):
    """Wilson 12/50 = [14.30, 37.41] %: consistent, and so after the CSV round trip."""
    f = audit_paper_text("The agent failed in 12/50 (24.0%), 95% CI [14.3, 37.4].")
    (ci,) = [x for x in f.findings if x.kind == "interval"]
    assert ci.verdict == "consistent"
    assert ci.inputs == "k=12;n=50;method=wilson;scale=100"
    paper = tmp_path / "ci.md"
    paper.write_text(
        "The agent failed in 12/50 (24.0%), 95% CI [14.3, 37.4].\n", encoding="utf-8"
    )
    out = tmp_path / "ci.csv"
    assert main([str(paper), "--csv", str(out)]) == 0
    assert "scale=100" in out.read_text(encoding="utf-8")
    assert main([str(out)]) == 0


def test_a_wrong_percent_interval_without_signs_is_flagged():
    """The method named, the lower bound wrong: inconsistent at scale 100."""
    f = audit_paper_text(
        "The agent failed in 12/50 (24.0%), 95% Wilson CI [15.1, 37.4]."
    )
    (ci,) = [x for x in f.findings if x.kind == "interval"]
    assert (ci.verdict, ci.recomputed) == ("inconsistent", "14.2974;37.4127")


def test_a_bracket_of_whole_numbers_without_ci_words_is_no_interval():
    """``12/50 ... see [14, 37]`` cites references: no interval read."""
    kinds = [
        f.kind
        for f in audit_paper_text("It failed in 12/50 runs, see [14, 37].").findings
    ]
    assert "interval" not in kinds
    # the same bracket after "CI" is an interval
    kinds = [
        f.kind
        for f in audit_paper_text("It failed in 12/50 runs, CI [14, 37].").findings
    ]
    assert "interval" in kinds


def test_an_interval_cell_after_a_percent_cell_is_at_scale_100():
    """A table's ``24.0% | [14.3, 37.4]`` is read at scale 100."""
    text = (
        "Table 1: Failures, Wilson 95% CI ($n=50$).\n\n"
        "| arm | failed | CI |\n|---|---|---|\n"
        "| a | 24.0% | [14.3, 37.4] |\n| b | 30.0% | [19.1, 43.8] |\n"
    )
    cis = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
    assert [(f.inputs, f.verdict) for f in cis] == [
        ("k=12;n=50;method=wilson;scale=100", "consistent"),
        ("k=15;n=50;method=wilson;scale=100", "consistent"),
    ]


# -- 3. phrasings -------------------------------------------------------------


def test_a_percent_and_an_interval_in_one_bracket():
    """``4/30 runs (13.3%, 95% Wilson CI [5.3, 29.7])``: both read, both checked."""
    found = audit_paper_text(
        "The window failed in 4/30 runs (13.3%, 95% Wilson CI [5.3, 29.7])."
    ).findings
    assert [(f.kind, f.verdict) for f in found] == [
        ("percent", "consistent"),
        ("interval", "consistent"),
    ]
    found = audit_paper_text(
        "The window failed in 4/30 runs (14.3%, 95% Wilson CI [6.3, 29.7])."
    ).findings
    assert [(f.kind, f.verdict) for f in found] == [
        ("percent", "inconsistent"),
        ("interval", "inconsistent"),
    ]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Baseline failed in 9/20 runs (45%; Wilson 95% CI 25.8–65.8%).", "consistent"),
        (
            "Baseline failed in 9/20 runs (45%; Wilson 95% CI 27.1–65.8%).",
            "inconsistent",
        ),
        (
            "Baseline failed in 9/20 runs (45%; Wilson 95% CI 25.8 to 65.8).",
            "consistent",
        ),
    ],
)
def test_an_interval_printed_as_a_range(text, verdict):
    """``CI 27.1–65.8%``: read as an interval, at scale 100."""
    (ci,) = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
    assert ci.verdict == verdict
    assert ci.inputs == "k=9;n=20;method=wilson;scale=100"


def test_thousands_separators_in_k_of_n():
    """``1,234/2,000 (62.7%)`` is 61.7%: flagged; the right one is ok."""
    bad = _only("It solved 1,234/2,000 (62.7%) tasks.")
    assert (bad.inputs, bad.verdict) == ("k=1234;n=2000", "inconsistent")
    assert _only("It solved 1,234/2,000 (61.7%) tasks.").verdict == "consistent"
    eq = _only("It solved 1,234/2,000 = 0.617 of them.")
    assert (eq.inputs, eq.verdict) == ("k=1234;n=2000", "consistent")


def test_a_count_beside_its_interval_in_one_sentence_is_data():
    """``0.133 (4/30), 95% Wilson CI [0.063, 0.297]``: the lower bound is 0.053, flagged."""
    found = audit_paper_text("Failure was 0.133 (4/30), 95% Wilson CI [0.063, 0.297].")
    (ci,) = [f for f in found.findings if f.kind == "interval"]
    assert (ci.verdict, ci.note, ci.inferred) == ("inconsistent", "", False)
    # with no method named, or a sentence between, the pairing stays an inference
    for text in (
        "Failure was 0.133 (4/30), 95% CI [0.063, 0.297].",
        "Failure was 4/30. Wilson 95% CI [0.063, 0.297].",
        "Failure was 4/30 over the whole of the long and winding evaluation, Wilson [0.063, 0.297].",
    ):
        (ci,) = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
        assert ci.verdict == "not checkable", text
        assert ci.inferred, text


@pytest.mark.parametrize(
    "text",
    [
        "Plan clarity was rated on a 1–5 scale: M = 3.51, SD = 0.98, n = 15.",
        "Plan clarity (1–5 scale) was M = 3.51, SD = 0.98, n = 15.",
        "Plan clarity was M = 3.51, SD = 0.98, n = 15 (1–5 scale).",
        "Plan clarity was M = 3.51, SD = 0.98, n = 15 on a 1–5 scale.",
        "Plan clarity was rated on a 1-5 scale: M = 3.51, SD = 0.98, n = 15.",
        # the scale on the line before, the sentence going on
        "Annotators rated plan clarity on a 1–5 scale and the windowed\n"
        "plans scored M = 3.51, SD = 0.98, n = 15.",
    ],
)
def test_a_scale_stated_in_prose_makes_grimmer_data(text):
    """No k/15 rounds to 3.51: with the scale stated, flagged."""
    found = [f for f in audit_paper_text(text).findings if f.kind == "grimmer"]
    assert [(f.verdict, f.note) for f in found] == [("inconsistent", "")]


def test_a_scale_in_a_finished_sentence_above_does_not_reach():
    """A sentence that ended on the line above states nothing about this one."""
    f = _only("Ratings were on a 1–5 scale.\nTimes were M = 3.51, SD = 0.98, n = 15.")
    assert f.verdict == "not checkable"
    assert f.note == "integer scores assumed (the paragraph does not say so)"


TAB = """\
# Results

Table 2: Validity by strategy.

| Strategy | n | Valid | Valid (%) |
|---|---|---|---|
| naive | 40 | 33 | 82.5% |
| pinned | 40 | 35 | 86.0% |
| window | 36 | 27 | 75.0% |

Table 4: Clarity ratings (1–5 scale), 20 raters per strategy.

| Strategy | Mean | SD |
|---|---|---|
| naive | 3.45 | 1.10 |
| pinned | 3.47 | 0.90 |
"""


def test_a_caption_n_beats_a_count_joined_from_another_table():
    """``20 raters per strategy`` is Table 4's n, not Table 2's 40 for the same label."""
    found = {(f.line, f.printed): f for f in audit_paper_text(TAB).findings}
    mean = found[(16, "3.47")]
    assert mean.kind == "grim"
    assert mean.inputs == "n=20"
    assert mean.note.startswith("n = 20 from the table caption (line 11)")
    assert mean.verdict == "not checkable"  # 3.47 is no k/20; the n is inferred


def test_k_and_n_columns_of_a_row_are_data():
    """``| pinned | 40 | 35 | 86.0% |``: 35/40 is 87.5%, flagged, not inferred."""
    found = {(f.line, f.printed): f for f in audit_paper_text(TAB).findings}
    bad = found[(8, "86.0")]
    assert (bad.kind, bad.inputs, bad.verdict, bad.inferred) == (
        "percent",
        "k=35;n=40",
        "inconsistent",
        False,
    )
    ok = found[(7, "82.5")]
    assert (ok.inputs, ok.verdict, ok.note) == ("k=33;n=40", "consistent", "")


def test_an_sd_column_is_checked_with_its_mean():
    """SDs are GRIMMER-checked beside their mean, never as means or rates."""
    found = {(f.line, f.printed): f for f in audit_paper_text(TAB).findings}
    sd = found[(15, "3.45;1.10")]
    assert (sd.kind, sd.inputs, sd.verdict) == ("grimmer", "n=20", "consistent")
    assert (16, "0.90") not in found and (15, "1.10") not in found
    text = (
        "Table 1: Clarity ratings on a 1–5 scale.\n\n"
        "| Strategy | n | Mean | SD |\n|---|---|---|---|\n"
        "| naive | 40 | 3.45 | 1.11 |\n| pinned | 40 | 3.50 | 0.87 |\n"
    )
    got = [(f.kind, f.printed, f.verdict) for f in audit_paper_text(text).findings]
    assert got == [
        ("grim", "3.45", "consistent"),
        ("grimmer", "3.45;1.11", "consistent"),
        ("grim", "3.50", "consistent"),
        # GRIMMER says 3.50/0.87/40 is impossible; the n column is inferred
        ("grimmer", "3.50;0.87", "not checkable"),
    ]


def test_an_sd_without_a_scale_and_unit_columns_are_not_checked():
    """Latencies in seconds and their SDs are no rates and no means of integers."""
    text = (
        "Table 1: Latency per strategy.\n\n"
        "| Strategy | n | Latency (s) | SD |\n|---|---|---|---|\n"
        "| naive | 20 | 0.47 | 0.13 |\n| pinned | 20 | 0.58 | 0.21 |\n"
        "| window | 20 | 1.37 | 0.93 |\n"
    )
    assert audit_paper_text(text).findings == ()


@pytest.mark.parametrize("header", ["F1", "nDCG@10", "Mean", "Avg score", "Tokens"])
def test_score_and_mean_columns_hold_no_rates(header):
    """0.604 of 12 is impossible; as an F1 (or a mean) it is not read at all."""
    text = (
        f"| Method | {header} | n |\n|---|---|---|\n"
        "| full | 0.604 | 12 |\n| rag | 0.429 | 12 |\n"
    )
    assert audit_paper_text(text).findings == ()
    # headed as a rate, the same cells are read
    text = text.replace(header, "Accuracy")
    assert len(audit_paper_text(text).findings) == 2


# -- 4. the inferred marker; HTML -------------------------------------------


def test_json_marks_inferred_findings(tmp_path, capsys):
    """``--json`` has ``inferred``: True where the note names an inference."""
    paper = tmp_path / "p.md"
    paper.write_text(TAB, encoding="utf-8")
    assert main([str(paper), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    marks = {(f["line"], f["printed"]): f["inferred"] for f in doc["findings"]}
    assert marks[(8, "86.0")] is False
    assert marks[(16, "3.47")] is True
    for f in doc["findings"]:
        assert f["inferred"] == bool(f["note"])
        if f["inferred"]:
            assert f["verdict"] in ("consistent", "not checkable")


def test_an_inferred_method_is_marked():
    """The first standard method that fits is an inference, marked."""
    f = _only("Wilson or Jeffreys: 28/40, [0.548, 0.824]")
    assert (f.note, f.inferred) == ("method inferred: jeffreys", True)
    one = audit_paper_text("t(28) = 2.20, p = .018, one-tailed").findings[0]
    assert (one.note, one.inferred) == ("one-tailed, as the text says", False)


HTML = """\
<html><body><h1>Results</h1>
<p>Pinning kept the pivot in 27/40 runs (67.5%), the window in 13/40 runs (35.0%).</p>
<p>The difference was significant, t(18) = 1.20, p = .02.</p>
<table><caption>Table 1: Preservation by budget (n = 60 per row).</caption>
<tr><th>Budget</th><th>Naive</th><th>Pinned</th></tr>
<tr><td>0.10</td><td>45.0%</td><td>51.7%</td></tr>
<tr><td>0.25</td><td>33.4%</td><td>60.0%</td></tr>
</table>
<p>Accuracy was 47.0%&nbsp;(n&nbsp;=&nbsp;20).</p>
<p>Accuracy
was 0.62 over 500 questions.</p>
</body></html>
"""


def test_html_findings_name_the_files_lines_and_tables_are_read(tmp_path):
    """Lines are the file's; ``<table>`` rows are read with their caption's n."""
    path = tmp_path / "p.html"
    path.write_text(HTML, encoding="utf-8")
    got = [(f.line, f.text, f.verdict) for f in audit_paper(path).findings]
    assert got == [
        (2, "27/40 runs (67.5%)", "consistent"),
        (2, "13/40 runs (35.0%)", "inconsistent"),
        (3, "t(18) = 1.20, p = .02", "decision error"),
        (6, "45.0%", "consistent"),
        (6, "51.7%", "consistent"),
        (7, "33.4%", "not checkable"),
        (7, "60.0%", "consistent"),
        (9, "47.0% (n = 20)", "inconsistent"),
        (11, "0.62 over 500 questions", "consistent"),
    ]
    cell = audit_paper(path).findings[3]
    assert cell.note == "n = 60 from the table caption (line 4)"


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        # the space between two inline tags is text, before and after a table
        ("<p><b>35/40</b> <i>tasks</i></p>", "\n35/40 tasks\n"),
        (
            "<table><tr><td>a</td></tr></table><p><b>35/40</b> <i>tasks</i></p>",
            "\n\na\n\n35/40 tasks\n",
        ),
        # a cell's line breaks and inline tags stay on the row's line
        (
            "<table>\n<tr>\n<th>arm</th>\n<th>rate</th>\n</tr>\n"
            "<tr><td><b>pinned</b>\nrun</td><td>12 <i>(40%)</i></td></tr>\n</table>",
            "\n\narm\trate\npinned run\t12 (40%)\n",
        ),
        # a stray closing cell tag does not end the next cell early
        (
            "<table></td><tr><td><b>a</b>\nb</td></tr></table>",
            "\n\na b\n",
        ),
    ],
)
def test_html_text_keeps_inline_spaces_and_rows(tmp_path, page, expected):
    """Whitespace between table tags is layout; everywhere else it is text."""
    from proofs.audit.paper import read_paper

    path = tmp_path / "p.html"
    path.write_text(page, encoding="utf-8")
    assert read_paper(path) == [(None, expected)]


def test_html_note_lines_are_the_files(tmp_path):
    """A note's ``line N`` is a file line too, also for prose a line break splits."""
    path = tmp_path / "p.html"
    path.write_text(
        "<html><body>\n<p>We ran the\nwhole suite with\n60 trials per budget.</p>\n"
        "<table>\n<tr><th>budget</th><th>naive</th></tr>\n"
        "<tr><td>low</td><td>0.45</td></tr>\n<tr><td>high</td><td>0.50</td></tr>\n"
        "</table></body></html>\n",
        encoding="utf-8",
    )
    found = audit_paper(path).findings
    assert [(f.line, f.printed) for f in found] == [(7, "0.45"), (8, "0.50")]
    assert found[0].note == "n = 60 from the section's prose (line 4)"


def test_a_mean_left_unchecked_is_no_inference():
    """Not checkable on purpose, on the text's own word: ``inferred`` is False."""
    f = _only("Mean token-level F1 was 0.512 (n = 30).")
    assert (f.verdict, f.inferred, f.note) == ("not checkable", False, "")
    assert f.to_dict()["inferred"] is False


@pytest.mark.parametrize(
    ("text", "inputs"),
    [
        # a bound in (1, 2]: percents
        (
            "1/400 (0.25%), 95% Wilson CI [0.04, 1.40].",
            "k=1;n=400;method=wilson;scale=100",
        ),
        # a bound of exactly 1: a proportion
        (
            "40/40, Clopper-Pearson 95% CI [0.912, 1.000].",
            "k=40;n=40;method=clopper-pearson",
        ),
        (
            "40/40, Clopper-Pearson 95% CI [91.2, 100.0].",
            "k=40;n=40;method=clopper-pearson;scale=100",
        ),
        # both bounds below 1, one % sign (either) makes them percents
        (
            "0/1000 (0.0%), 95% Wilson CI [0.00, 0.38%].",
            "k=0;n=1000;method=wilson;scale=100",
        ),
        (
            "0/1000 (0.0%), 95% Wilson CI [0.00%, 0.38].",
            "k=0;n=1000;method=wilson;scale=100",
        ),
    ],
)
def test_the_scale_of_an_interval(text, inputs):
    """Percents when a bound exceeds 1 or carries ``%``; each reads consistent."""
    (ci,) = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
    assert (ci.inputs, ci.verdict) == (inputs, "consistent")


def test_the_reach_of_a_ci_word_before_a_bracket():
    """ "CI" up to 40 characters before a bracket of whole numbers makes it an interval."""

    def kinds(gap: int) -> list[str]:
        # "CI" then filler, so that "CI" starts ``gap`` characters before "["
        text = "It failed in 12/50 runs; CI" + " " + "x" * (gap - 4) + " [14, 37]."
        assert text.index("[") - text.index("CI") == gap
        return [f.kind for f in audit_paper_text(text).findings]

    assert "interval" in kinds(40)
    assert "interval" not in kinds(41)


def test_the_reach_of_a_count_beside_its_interval():
    """At most 40 characters from the ``k/n`` to its interval: one report (data)."""

    def pairing(gap: int) -> tuple[str, bool]:
        filler = " runs, Wilson" + " " * (gap - 13)
        text = f"It failed in 4/30{filler}[0.063, 0.297] of the runs."
        assert text.index("[") - text.index(" runs") == gap
        (ci,) = [f for f in audit_paper_text(text).findings if f.kind == "interval"]
        return ci.verdict, ci.inferred

    assert pairing(40) == ("inconsistent", False)
    assert pairing(41) == ("not checkable", True)


def test_the_reach_of_a_mean_word_back_in_its_sentence():
    """A mean word up to 120 characters before the rate, in its sentence, counts."""

    def verdict(gap: int) -> str:
        text = "The mean " + "y" * (gap - 10) + " was 0.437 over 30 questions."
        assert text.index("0.437") - text.index("mean") == gap
        return _only(text).verdict

    assert verdict(120) == "not checkable"
    assert verdict(121) == "inconsistent"


def test_a_space_separated_table_reads_its_header_roles():
    """Without pipes or tabs, the header's words still name the F1 and SD columns."""
    text = (
        "Table 1: Results (1–5 scale).\n\n"
        "arm n F1 acc Mean SD\n"
        "naive 40 0.604 0.875 3.45 1.11\n"
        "pinned 40 0.429 0.850 3.50 0.87\n"
        "window 40 0.512 0.825 3.40 1.05\n"
    )
    got = [(f.kind, f.printed) for f in audit_paper_text(text).findings]
    assert ("proportion_attainable", "0.604") not in got  # the F1 column
    assert ("proportion_attainable", "0.875") in got
    assert ("grimmer", "3.45;1.11") in got
    assert ("grim", "1.11") not in got


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("| a | 40 | 5.00 | 0.00 |", [("grim", "5.00"), ("grimmer", "5.00;0.00")]),
        ("| a | 40 | 1.00 | 0.00 |", [("grimmer", "1.00;0.00")]),
        ("| a | 40 | — | 1.10 |", []),
        ("| a | 40 | 3.45 | 1 |", [("grim", "3.45")]),
        ("| a | 40 | 3 | 1.10 |", []),
    ],
)
def test_an_sd_needs_a_decimal_mean_within_the_scale(row, expected):
    """GRIMMER needs a mean and an SD with decimals, the mean within the scale (ends included)."""
    text = (
        "Table 1: Ratings on a 1–5 scale.\n\n"
        "| arm | n | Mean | SD |\n|---|---|---|---|\n"
        + row
        + "\n| b | 40 | 3.50 | 0.87 |\n"
    )
    got = [(f.kind, f.printed) for f in audit_paper_text(text).findings if f.line == 5]
    assert got == expected


def test_a_scale_reaches_three_lines_up_the_same_sentence():
    """The sentence may run over three earlier lines; a blank line ends it."""

    def note(lines_above: int) -> str:
        head = ["Plan clarity was rated on a 1–5 scale and"] + ["then"] * (
            lines_above - 1
        )
        text = "\n".join([*head, "M = 3.51, SD = 0.98, n = 15."])
        (f,) = audit_paper_text(text).findings
        return f.note

    assert note(1) == ""
    assert note(3) == ""
    assert note(4) == "integer scores assumed (the paragraph does not say so)"
    text = "Plan clarity was rated on a 1–5 scale and\n\nM = 3.51, SD = 0.98, n = 15."
    (f,) = audit_paper_text(text).findings
    assert f.note == "integer scores assumed (the paragraph does not say so)"


@pytest.mark.parametrize(
    "text",
    [
        "The baseline reaches an accuracy of 72.5% (95% CI: 51.0%–90.0%, n = 40) here.",
        "The baseline reaches an accuracy of 72.5% (95% CI: 51.0%-90.0%, n = 40) here.",
        "The baseline reaches 72.5% [57.2%, 83.9%] (n = 40) on the subset.",
        "Accuracy ranged from 51.0% to 90.0%, n = 40 in all.",
    ],
)
def test_the_upper_end_of_an_interval_is_not_read_as_a_share_of_n(text):
    # new user, stop 39: '90.0%, n = 40' (the CI's upper end) was checked as
    # 36/40 and printed "ok", exit 0, beside a wrong interval
    assert not [
        f for f in audit_paper_text(text).findings if f.printed in ("90.0", "83.9")
    ]


def test_a_percent_after_a_closed_bracket_is_still_read():
    (found,) = audit_paper_text(
        "Bounds [0.1, 0.2] aside, 36.0%, n = 40 failed."
    ).findings
    assert found.printed == "36.0"


def test_an_interval_after_a_rate_and_its_n_takes_the_one_count_that_prints_as_it():
    """``0.90 (n = 40), giving a 95% CI of [..]``: k = 36, the README's form (new user)."""
    good = "Raw validity was 0.90 (n = 40), giving a 95% CI of [0.77, 0.96]."
    found = [f for f in audit_paper_text(good).findings if f.kind == "interval"]
    assert [(f.printed, f.verdict) for f in found] == [("0.77;0.96", "consistent")]
    assert "k = 36 of n = 40" in found[0].note and found[0].inferred
    bad = "Raw validity was 0.90 (n = 40), giving a 95% CI of [0.70, 0.99]."
    found = [f for f in audit_paper_text(bad).findings if f.kind == "interval"]
    # listed with its recomputed bounds, not flagged on the pairing alone
    assert [(f.printed, f.verdict) for f in found] == [("0.70;0.99", "not checkable")]
    assert "0.769482" in found[0].recomputed


@pytest.mark.parametrize(
    "text",
    [
        # a mean has no count
        "The mean score was 0.90 (n = 40), giving a 95% CI of [0.70, 0.99].",
        # 0.5 of 1000 is 450..549 at one decimal: no one count
        "It was 0.5 (n = 1000), giving a 95% CI of [0.1, 0.9].",
        # another interval between the rate and this one
        "It was 0.90 (n = 40) [0.77, 0.96], then [0.70, 0.99].",
    ],
)
def test_an_interval_after_a_rate_is_not_paired_without_one_count(text):
    printed = [
        f.printed for f in audit_paper_text(text).findings if f.kind == "interval"
    ]
    assert "0.70;0.99" not in printed and "0.1;0.9" not in printed


def test_an_interval_after_a_rate_over_n_units_is_paired_without_a_crash():
    """``0.875 over 40 tasks (95% CI [..])``: the rate pattern has no group n2 (new user)."""
    text = "Accuracy was 0.875 over 40 tasks (95% CI [0.74, 0.95])."
    got = [(f.kind, f.verdict) for f in audit_paper_text(text).findings]
    assert got == [("interval", "consistent"), ("proportion_attainable", "consistent")]


@pytest.mark.parametrize(
    "text",
    [
        "Accuracy was 0.91 ± 0.05 (n = 40).",
        "It was 91% ± 5% (n = 40).",
        "It was 0.91 +/- 0.05 (n = 40).",
    ],
)
def test_a_spread_after_plus_minus_is_no_share_of_n(text):
    """The half-width is not checked as k/n (it was 'ok', a number the text never claims)."""
    assert audit_paper_text(text).findings == ()


@pytest.mark.parametrize(
    "text",
    [
        "Raw validity was 0.91 (n = 40, 95% CI [0.77, 0.96]).",
        "Raw validity was 0.91 (n = 40; 95% CI [0.77, 0.96]).",
    ],
)
def test_a_rate_whose_n_shares_its_brackets_is_checked(text):
    """0.91 of 40 is impossible whatever follows n in the brackets (new user: 0 found)."""
    found = audit_paper_text(text).findings
    assert [
        (f.printed, f.verdict) for f in found if f.kind == "proportion_attainable"
    ] == [("0.91", "inconsistent")]


def test_a_crash_of_the_audit_exits_3_not_1(tmp_path, monkeypatch, capsys):
    """Exit 1 means 'flagged': a bug must not read as a finding."""

    def boom(path):
        raise IndexError("no such group")

    monkeypatch.setattr("proofs.audit._cli.audit_paper", boom)
    paper = tmp_path / "p.md"
    paper.write_text("It was 0.90 (n = 40).\n")
    assert tool_main(["audit", str(paper)]) == 3
    assert "internal error" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Plans scored M = 3.47, SD = 1.20, n = 15 on a 1-5 scale.",
            "the mean 3.47 is reachable (GRIM), but no integer scores with that mean "
            "have an SD that prints as 1.20 (GRIMMER)",
        ),
        (
            "Plans scored M = 3.48, SD = 1.20, n = 15 on a 1-5 scale.",
            "the mean is reachable by no sum of integer scores (GRIM)",
        ),
    ],
)
def test_a_failed_grimmer_says_whether_the_mean_or_the_sd_fails(text, reason):
    (found,) = audit_paper_text(text).findings
    assert (found.verdict, found.reason) == ("inconsistent", reason)
