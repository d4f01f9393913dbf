"""context-laws bench: LongMemEval and LoCoMo files as written, numbers worked by hand.

The example files in docs/examples/ follow the benchmarks' formats
(LongMemEval: eval-results JSONL with ``autoeval_label {model, label}`` and a
question file; LoCoMo: samples with ``qa`` items carrying ``<model>_f1``).
Every expected number below is counted from those files by hand (the note of
issue 32 shows the arithmetic); the intervals are checked against statsmodels
and scipy.
"""

import json
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from proofs.tool import main

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "docs" / "examples"
LME_A = str(EX / "longmemeval_a.jsonl.eval-results-gpt-4o")
LME_B = str(EX / "longmemeval_b.jsonl.eval-results-gpt-4o")
QUESTIONS = str(EX / "longmemeval_questions.json")
LOC_A, LOC_B = str(EX / "locomo_a.json"), str(EX / "locomo_b.json")

# per type: (correct, n) of system a and of system b
LME_COUNTS = {
    "knowledge-update": ((3, 4), (1, 4)),
    "multi-session": ((3, 5), (2, 5)),
    "single-session-user": ((5, 6), (3, 6)),
    "temporal-reasoning": ((2, 5), (2, 5)),
}
# LoCoMo F1 per category: system a, system b (paired by sample and index)
LOCOMO = {
    "1 multi-hop": ([0.4, 0.6, 0.2], [0.2, 0.6, 0.0]),
    "2 temporal": ([1.0, 0.0, 0.5], [0.5, 0.0, 1.0]),
    "3 open-domain": ([0.25], [0.25]),
    "4 single-hop": ([1.0, 0.5, 0.8], [1.0, 0.0, 0.6]),
    "5 adversarial": ([1.0, 1.0], [0.0, 1.0]),
}


def _bench(capsys, *argv):
    code = main(["bench", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys, *argv):
    code, out, err = _bench(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def _lines(path):
    return Path(path).read_text().splitlines()


def _rows(doc, part="summary"):
    return {r["category"]: r for r in doc[part]}


def test_longmemeval_summary_is_the_metrics_scripts_with_wilson_intervals(capsys):
    rows = _rows(_json(capsys, "longmemeval", LME_A, "--questions", QUESTIONS))
    for qtype, ((k, n), _) in LME_COUNTS.items():
        assert (rows[qtype]["n"], rows[qtype]["estimate"]) == (n, k / n)
        low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
        assert (rows[qtype]["low"], rows[qtype]["high"]) == pytest.approx(
            (low, high), abs=1e-12
        )  # statsmodels 0.14
    assert (rows["overall"]["n"], rows["overall"]["estimate"]) == (20, 13 / 20)
    # task-averaged: (3/4 + 3/5 + 5/6 + 2/5) / 4 = 0.6458333...
    assert rows["task-averaged"]["estimate"] == pytest.approx(
        (3 / 4 + 3 / 5 + 5 / 6 + 2 / 5) / 4, abs=1e-15
    )
    assert rows["task-averaged"]["low"] is None  # no interval, and it says so
    assert "no interval" in rows["task-averaged"]["note"]
    # abstention: ms-003_abs and tr-001_abs right, ku-004_abs wrong
    assert (rows["abstention (_abs)"]["n"], rows["abstention (_abs)"]["estimate"]) == (
        3,
        2 / 3,
    )


def test_longmemeval_comparison_is_the_exact_mcnemar_test_holm_adjusted(capsys):
    doc = _json(
        capsys, "longmemeval", LME_A, "--questions", QUESTIONS, "--compare", LME_B
    )
    rows = _rows(doc, "comparison")
    # discordant pairs overall: a alone right on 7, b alone on 2:
    # p = 2 P(X <= 2), X ~ Bin(9, 1/2) = 2 (1 + 9 + 36) / 512
    assert rows["overall"]["pvalue"] == pytest.approx(92 / 512, abs=1e-15)
    assert rows["overall"]["difference"] == pytest.approx(13 / 20 - 8 / 20)
    assert rows["overall"]["pvalue_holm"] is None
    # per type: ku 2 vs 0 -> 0.5; ms 2 vs 1 -> 1; ssu 2 vs 0 -> 0.5; tr 1 vs 1 -> 1
    per = {t: rows[t]["pvalue"] for t in LME_COUNTS}
    assert per == {
        "knowledge-update": 0.5,
        "multi-session": 1.0,
        "single-session-user": 0.5,
        "temporal-reasoning": 1.0,
    }
    expected = multipletests(list(per.values()), method="holm")[1]  # statsmodels
    assert [rows[t]["pvalue_holm"] for t in per] == pytest.approx(list(expected))
    assert doc["paired_questions"] == 20
    assert doc["minimum_detectable_difference"] == pytest.approx(0.41617, abs=1e-4)


def test_difference_interval_is_scipys_paired_percentile_bootstrap(capsys):
    doc = _json(
        capsys, "longmemeval", LME_A, "--questions", QUESTIONS, "--compare", LME_B
    )
    a = [json.loads(x)["autoeval_label"]["label"] for x in _lines(LME_A)]
    b = [json.loads(x)["autoeval_label"]["label"] for x in _lines(LME_B)]
    d = np.array(a, dtype=float) - np.array(b, dtype=float)
    ref = stats.bootstrap(
        (d,), np.mean, n_resamples=9999, method="percentile",
        rng=np.random.default_rng(0),
    ).confidence_interval  # fmt: skip  # scipy 1.17
    row = _rows(doc, "comparison")["overall"]
    assert (row["low"], row["high"]) == (float(ref.low), float(ref.high))


def test_locomo_mean_f1_per_category_with_bounded_intervals(capsys):
    doc = _json(capsys, "locomo", LOC_A, "--model", "full-context")
    rows = _rows(doc)
    for category, (a, _) in LOCOMO.items():
        assert rows[category]["n"] == len(a)
        assert rows[category]["estimate"] == pytest.approx(sum(a) / len(a))
    # 3 open-domain: one question; 5 adversarial: 1.0 and 1.0, nothing varies
    assert rows["3 open-domain"]["low"] is None
    assert rows["3 open-domain"]["note"] == "no interval from n = 1"
    assert rows["5 adversarial"]["low"] is None
    assert "every value is equal" in rows["5 adversarial"]["note"]
    values = [v for a, _ in LOCOMO.values() for v in a]
    assert rows["overall"]["estimate"] == pytest.approx(7.25 / 12)
    ref = stats.bootstrap(
        (np.array(_ordered("a")),), np.mean, n_resamples=9999, method="percentile",
        rng=np.random.default_rng(0),
    ).confidence_interval  # fmt: skip  # scipy 1.17
    assert (rows["overall"]["low"], rows["overall"]["high"]) == (
        float(ref.low),
        float(ref.high),
    )
    assert sorted(values) == sorted(_ordered("a"))
    for r in doc["summary"]:
        if r["low"] is not None:
            assert 0.0 <= r["low"] <= r["estimate"] <= r["high"] <= 1.0


def _ordered(which):
    model = {"a": "full-context", "b": "rag-top5"}[which]
    samples = json.loads((EX / f"locomo_{which}.json").read_text())
    return [q[f"{model}_f1"] for s in samples for q in s["qa"]]


def test_locomo_paired_permutation_test_is_exact_and_worked_by_hand(capsys):
    doc = _json(
        capsys, "locomo", LOC_A, "--model", "full-context", "--compare", LOC_B,
        "--compare-model", "rag-top5",
    )  # fmt: skip
    rows = _rows(doc, "comparison")
    # nonzero differences 0.5, 0.2, 0.5, 1.0, 0.2, -0.5, 0.2 (sum 2.1): of the
    # 2**7 sign patterns, 20 give |sum| >= 2.1 -> p = 20/128
    assert rows["overall"]["pvalue"] == pytest.approx(20 / 128, abs=1e-12)
    assert rows["overall"]["difference"] == pytest.approx((7.25 - 5.15) / 12)
    per = {c: rows[c]["pvalue"] for c in LOCOMO}
    assert per == pytest.approx(
        {"1 multi-hop": 0.5, "2 temporal": 1.0, "3 open-domain": 1.0,
         "4 single-hop": 0.5, "5 adversarial": 1.0}
    )  # fmt: skip
    d = np.array(_ordered("a")) - np.array(_ordered("b"))
    mdd = (stats.norm.isf(0.025) + stats.norm.ppf(0.8)) * d.std(ddof=1) / math.sqrt(12)
    assert doc["minimum_detectable_difference"] == pytest.approx(mdd)


def test_text_fits_100_columns_and_names_each_method_once(capsys):
    code, out, _ = _bench(
        capsys, "longmemeval", LME_A, "--questions", QUESTIONS, "--compare", LME_B
    )
    assert code == 0
    assert max(map(len, out.splitlines())) <= 100
    assert out.count("Wilson score") == 1
    assert "0.6500    [0.4329, 0.8188]" in out
    assert "warning: fewer than 30 questions" in out
    code, out, _ = _bench(capsys, "locomo", LOC_A, "--model", "full-context")
    assert code == 0
    assert max(map(len, out.splitlines())) <= 100
    assert out.count("percentile bootstrap") == 1


def test_markdown_and_csv(capsys):
    code, out, _ = _bench(capsys, "locomo", LOC_A, "--model", "full-context",
                          "--format", "md")  # fmt: skip
    assert code == 0
    assert "| category | n | mean F1 | interval | note |" in out
    code, out, _ = _bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                          "--format", "csv")  # fmt: skip
    assert code == 0
    assert out.splitlines()[0].startswith("benchmark,system,category,n,estimate")
    assert ",overall,20,0.65," in out


def test_unpaired_question_is_an_error_unless_allowed(tmp_path, capsys):
    short = tmp_path / "b.eval-results-gpt-4o"
    short.write_text("\n".join(_lines(LME_B)[1:]) + "\n")
    out_file = tmp_path / "report.json"
    code, out, err = _bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                            "--compare", str(short), "--out", str(out_file))  # fmt: skip
    assert code == 2
    assert out == ""
    assert "question 'ssu-001' is not in" in err
    assert "(and" not in err  # one unpaired question
    assert "--allow-unpaired" in err
    assert not out_file.exists()
    doc = _json(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                "--compare", str(short), "--allow-unpaired")  # fmt: skip
    assert doc["paired_questions"] == 19


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["locomo", LOC_A, "--model", "gpt-4"],
         "question conv-26:0: no key 'gpt-4_f1' (its score keys: ['full-context_f1'])"),
        (["longmemeval", LME_A, "--questions", LOC_A],
         "an instance needs str question_id and question_type"),
        (["longmemeval", LME_A, "--questions", QUESTIONS, "--confidence-level", "1.5"],
         "--confidence-level must be in (0, 1)"),
        (["locomo", LOC_A, "--model", "full-context", "--n-resamples", "1"],
         "--n-resamples must be in [2, 1000000]"),
    ],
)  # fmt: skip
def test_bad_input_is_exit_2_and_one_line(capsys, argv, message):
    code, out, err = _bench(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_locomo_null_category_and_repeated_ids_are_errors(tmp_path, capsys):
    samples = json.loads(Path(LOC_A).read_text())
    samples[0]["qa"][2]["category"] = None
    path = tmp_path / "null.json"
    path.write_text(json.dumps(samples))
    code, _, err = _bench(capsys, "locomo", str(path), "--model", "full-context")
    assert code == 2
    assert "question conv-26:2: no scalar 'category' (got None)" in err
    twice = json.loads(Path(LOC_A).read_text())
    twice[1]["sample_id"] = "conv-26"
    path.write_text(json.dumps(twice))
    code, _, err = _bench(capsys, "locomo", str(path), "--model", "full-context")
    assert code == 2
    assert "question id 'conv-26:0' occurs twice" in err


def test_the_user_names_the_proportion_interval(capsys):
    doc = _json(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                "--method", "clopper-pearson")  # fmt: skip
    assert doc["interval"] == "clopper-pearson"
    row = _rows(doc)["overall"]
    low, high = proportion_confint(13, 20, alpha=0.05, method="beta")  # statsmodels
    assert (row["low"], row["high"]) == pytest.approx((low, high), abs=1e-12)
    _, out, _ = _bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                          "--method", "jeffreys")  # fmt: skip
    assert "intervals: Jeffreys, 95%" in out


def test_unpaired_questions_are_counted_and_the_second_files_named(tmp_path, capsys):
    lines = _lines(LME_B)
    extra = tmp_path / "extra.eval-results-gpt-4o"
    extra.write_text(
        "\n".join(lines[2:]) + "\n" + lines[0].replace("ssu-001", "zz-9") + "\n"
    )
    code, _, err = _bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                          "--compare", str(extra))  # fmt: skip
    assert code == 2
    # ssu-001, ssu-002 only in A; zz-9 is not in the question file at all
    assert "question_id 'zz-9' is not in the question file" in err
    extra.write_text("\n".join(lines[2:]) + "\n")
    code, _, err = _bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS,
                          "--compare", str(extra))  # fmt: skip
    assert (
        "question 'ssu-001' is not in" in err and "(and 1 more in one file only)" in err
    )
    code, _, err = _bench(capsys, "longmemeval", str(extra), "--questions", QUESTIONS,
                          "--compare", LME_A, "--allow-unanswered")  # fmt: skip
    assert err.startswith(
        f"context-laws bench: error: {LME_A}: question 'ssu-001' is not in {extra} (and 1"
    )


# --- the summary's file must answer every question (new user, finding 4) ----


def test_partial_eval_file_is_an_error_naming_the_unanswered(tmp_path, capsys):
    lines = _lines(LME_A)
    partial = tmp_path / "partial.eval-results-gpt-4o"
    # drop the four knowledge-update questions (the last type) and one more
    kept = [ln for ln in lines if '"ku-' not in ln][1:]
    partial.write_text("\n".join(kept) + "\n")
    out_file = tmp_path / "report.txt"
    code, out, err = _bench(capsys, "longmemeval", str(partial), "--questions",
                            QUESTIONS, "--out", str(out_file))  # fmt: skip
    assert code == 2
    assert out == ""
    assert not out_file.exists()
    assert err.startswith(
        f"context-laws bench: error: {partial}: 5 of the 20 questions of {QUESTIONS}"
    )
    assert "first 'ssu-001', 'ku-001'" in err
    assert "--allow-unanswered" in err
    code, out, err = _bench(capsys, "longmemeval", str(partial), "--questions",
                            QUESTIONS, "--allow-unanswered")  # fmt: skip
    assert code == 0
    assert "note: 5 of the 20 questions of" in out
    assert "no answer at all for type knowledge-update" in out
    doc = _json(capsys, "longmemeval", str(partial), "--questions", QUESTIONS,
                "--allow-unanswered")  # fmt: skip
    assert doc["unanswered"] == {str(partial): 5}
    assert doc["summary"][-3]["n"] == 15  # overall over the answered questions


def test_complete_eval_file_has_no_unanswered_note(capsys):
    code, out, _ = _bench(capsys, "longmemeval", LME_A, "--questions", QUESTIONS)
    assert code == 0
    assert "no graded answer" not in out
    doc = _json(capsys, "longmemeval", LME_A, "--questions", QUESTIONS)
    assert "unanswered" not in doc


# --- LoCoMo: categories 1..5 and a repeated question (new user, finding 5) --


def _locomo_doc():
    return json.loads(Path(LOC_A).read_text())


def test_locomo_category_outside_1_to_5_is_an_error(tmp_path, capsys):
    doc = _locomo_doc()
    doc[0]["qa"][1]["category"] = 6
    path = tmp_path / "cat6.json"
    path.write_text(json.dumps(doc))
    code, out, err = _bench(capsys, "locomo", str(path), "--model", "full-context")
    assert code == 2
    assert out == ""
    sid = doc[0]["sample_id"]
    assert err.startswith(
        f"context-laws bench: error: {path}: question {sid}:1: category 6 is not one of"
    )
    assert "5 adversarial" in err


def test_locomo_repeated_question_entry_is_an_error_naming_both(tmp_path, capsys):
    doc = _locomo_doc()
    doc[0]["qa"].append(dict(doc[0]["qa"][2]))
    last = len(doc[0]["qa"]) - 1
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(doc))
    code, out, err = _bench(capsys, "locomo", str(path), "--model", "full-context")
    assert (code, out) == (2, "")
    sid = doc[0]["sample_id"]
    assert f"question {sid}:{last} repeats question {sid}:2" in err
    # the same question with another answer is another question
    doc[0]["qa"][last]["answer"] = "something else"
    path.write_text(json.dumps(doc))
    code, _, err = _bench(capsys, "locomo", str(path), "--model", "full-context")
    assert code == 0, err
