"""Issue 32 and the library side of issue 33: nothing read is silently lost or invented.

A column the user names must be in the file; an empty file, a repeated JSON
key, a NaN token and a repeated row are errors naming the file and the row;
a preset statistic whose inputs the file lacks prints as absent, never 0/n;
a score bounded in [0, 1] never gets an interval outside [0, 1].
"""

import csv
import json
import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from proofs.tool import main as main_tool
from witnesses import Trial, load_trials
from witnesses.rates import format_cells, rates
from witnesses.rates.benchmarks import Answer, accuracy, load_locomo, load_longmemeval
from witnesses.rates.cli import main
from witnesses.rates.trials import DEFAULT_MAX_BYTES

LME_ROW = {
    "question_id": "q1",
    "hypothesis": "an answer",
    "autoeval_label": {"model": "gpt-4o-2024-08-06", "label": True},
    "question_type": "temporal-reasoning",
}


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _lme(tmp_path, n=4):
    rows = [
        {**LME_ROW, "question_id": f"q{i}",
         "autoeval_label": {"model": "m", "label": i % 2 == 0}}
        for i in range(n)
    ]  # fmt: skip
    return _jsonl(tmp_path / "run.eval-results-gpt-4o", rows)


def _cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------ load_trials


def test_a_mapped_column_missing_from_the_file_is_named_with_the_nearest(tmp_path):
    path = _lme(tmp_path)
    mapping = {"task_id": "question_id", "raw_validity": "autoeval_lable"}
    with pytest.raises(ValueError, match="autoeval_lable") as info:
        load_trials(path, mapping=mapping, constants={"condition": "a"})
    assert str(info.value) == (
        f"{path}: column 'autoeval_lable' is not in the file; "
        "did you mean 'autoeval_label'?"
    )


def test_a_measure_column_missing_from_the_file_is_an_error(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,acc\nt1,a,0.5\n")
    with pytest.raises(ValueError, match="column 'nope' is not in the file"):
        load_trials(path, measures={"acc": "nope"})
    (t,) = load_trials(path, measures={"acc": "acc"})
    assert t.measures == {"acc": 0.5}


def test_nothing_alike_lists_the_columns(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition\nt1,a\n")
    with pytest.raises(ValueError, match=r"'zzz' is not in the file \(its columns: "
                       r"'task_id', 'condition'\)"):  # fmt: skip
        load_trials(path, mapping={"seed": "zzz"})


def test_dotted_paths_read_nested_fields_and_constants_fill_a_condition(tmp_path):
    path = _lme(tmp_path)
    trials = load_trials(
        path,
        mapping={"task_id": "question_id", "raw_validity": "autoeval_label.label"},
        constants={"condition": "system-a"},
    )
    assert [t.raw_validity for t in trials] == [True, False, True, False]
    assert {t.condition for t in trials} == {"system-a"}
    # a literal dotted key wins over the path
    flat = _jsonl(tmp_path / "flat.jsonl", [
        {"task_id": "t", "condition": "c", "a.b": 0.25, "a": {"b": 0.75}}])  # fmt: skip
    (t,) = load_trials(flat, mapping={"raw_validity": "a.b"})
    assert t.raw_validity == 0.25
    with pytest.raises(ValueError, match=r"'autoeval_label\.lable' is not in the file; "
                       r"did you mean 'autoeval_label\.label'"):  # fmt: skip
        load_trials(path, mapping={"task_id": "question_id",
                                   "raw_validity": "autoeval_label.lable"},
                    constants={"condition": "a"})  # fmt: skip


def test_a_required_field_without_column_says_how_to_give_it(tmp_path):
    path = _lme(tmp_path)
    with pytest.raises(ValueError, match="required field condition") as info:
        load_trials(path, mapping={"task_id": "question_id"})
    assert str(info.value) == (
        f"{path}: row 1: required field condition has no column: 'condition' is "
        "not in the row (its columns: 'question_id', 'hypothesis', "
        "'autoeval_label', 'autoeval_label.model', 'autoeval_label.label', "
        "'question_type') (map one: --map condition=COLUMN, mapping={'condition': "
        "COLUMN}, or a constant: --condition NAME, constants={'condition': NAME})"
    )
    with pytest.raises(ValueError, match="required field task_id") as info:
        load_trials(path, constants={"condition": "a"})
    assert str(info.value).endswith(
        "(map one: --map task_id=COLUMN, mapping={'task_id': COLUMN})"
    )
    empty = tmp_path / "empty.csv"
    empty.write_text("task_id,condition\nt1,\n")
    with pytest.raises(ValueError, match="row 2, column 'condition': required field "
                       "condition is empty"):  # fmt: skip
        load_trials(empty)


def test_content_tells_jsonl_and_json_apart_when_the_suffix_says_nothing(tmp_path):
    lines = _lme(tmp_path)
    args = {"mapping": {"task_id": "question_id"}, "constants": {"condition": "a"}}
    assert len(load_trials(lines, **args)) == 4
    doc = tmp_path / "results.out"
    doc.write_text(json.dumps([{"question_id": "q", "x": 1}]))
    assert len(load_trials(doc, **args)) == 1
    one = tmp_path / "wrapped.out"
    one.write_text(json.dumps({"trials": [{"question_id": "q"}]}))
    assert len(load_trials(one, **args)) == 1
    single = tmp_path / "single.out"
    single.write_text(json.dumps({"question_id": "q", "trials": 3}) + "\n")
    assert len(load_trials(single, **args)) == 1  # one JSONL line
    pretty = tmp_path / "pretty.out"
    pretty.write_text(json.dumps({"trials": [{"question_id": "q"}]}, indent=2))
    assert len(load_trials(pretty, **args)) == 1  # '{' but no whole first line
    blank = tmp_path / "blank.out"
    blank.write_text("  \n")
    with pytest.raises(ValueError, match=r"no records to read \(the file is empty\)"):
        load_trials(blank)


@pytest.mark.parametrize(
    ("name", "text", "match"),
    [
        ("runs.csv", "", "no records to read \\(the file is empty or holds a header"),
        ("runs.csv", "task_id,condition\n", "the file is empty or holds a header"),
        ("runs.jsonl", "\n\n", "no records to read \\(the file holds no JSON line"),
        ("runs.json", "[]", "no records to read \\(the JSON list is empty\\)"),
        ("runs.json", '{"trials": []}', "the JSON list is empty"),
    ],
)
def test_empty_and_header_only_files_are_errors(tmp_path, name, text, match):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match=match) as info:
        load_trials(path)
    assert str(info.value).startswith(f"{path}: ")


def test_nan_and_infinity_tokens_are_errors_not_missing_values(tmp_path):
    for token in ("NaN", "Infinity", "-Infinity"):
        path = tmp_path / "runs.jsonl"
        path.write_text('{"task_id": "t", "condition": "c"}\n'
                        f'{{"task_id": "u", "condition": "c", "seed": {token}}}\n')  # fmt: skip
        with pytest.raises(ValueError, match="is not a JSON value") as info:
            load_trials(path)
        assert str(info.value) == (
            f"{path}: row 2: {token} is not a JSON value (write null for a missing value)"
        )
    path.write_text('{"task_id": "t", "condition": "c", "seed": null}\n')
    assert load_trials(path)[0].seed is None


def test_a_repeated_json_key_is_an_error_naming_it(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text('{"task_id": "t", "condition": "a", "condition": "b"}\n')
    with pytest.raises(ValueError, match="duplicate key") as info:
        load_trials(path)
    assert str(info.value) == (
        f"{path}: row 1: duplicate key 'condition' in one JSON object "
        "(JSON would keep only the last value; remove one)"
    )
    nested = tmp_path / "runs.json"
    nested.write_text('[{"task_id": "t", "condition": "a", "x": {"k": 1, "k": 2}}]')
    with pytest.raises(ValueError, match="duplicate key 'k' in one JSON object"):
        load_trials(nested)


def test_repeated_rows_are_errors_naming_both_rows(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,seed\nt1,a,0\nt1,a,1\nt1,a,0\n")
    with pytest.raises(ValueError, match="repeats row 2") as info:
        load_trials(path)
    assert str(info.value).startswith(f"{path}: row 4 repeats row 2 (the two give")
    # one trial (task, condition, seed) twice with other values: an error
    # naming both rows (new user, finding 6: a retried run appended to a log)
    path.write_text("task_id,condition,x\nt1,a,1\nt1,a,2\n")
    with pytest.raises(ValueError, match="repeats the trial of row 2") as info:
        load_trials(path, measures=["x"])
    assert str(info.value).startswith(
        f"{path}: row 3 repeats the trial of row 2 (task_id 't1', condition 'a', "
        "seed none) with other values (x 1.0 vs 2.0)"
    )
    # a seed, another condition, budget or category tells them apart
    path.write_text("task_id,condition,x,seed\nt1,a,1,0\nt1,a,2,1\n")
    assert len(load_trials(path, measures=["x"])) == 2
    path.write_text(
        "task_id,condition,budget,category,raw_validity\n"
        "t1,a,0.5,c,1\nt1,b,0.5,c,0\nt1,a,0.3,c,0\nt1,a,0.5,d,0\n"
    )
    assert len(load_trials(path)) == 4


def test_rates_counts_a_trial_once():
    t = Trial("t1", "naive", raw_validity=True)
    with pytest.raises(ValueError, match="repeats trials") as info:
        rates([t, Trial("t2", "naive"), t, t])
    assert str(info.value).startswith("trials[2] repeats trials[0] (equal in every")
    assert rates([t, Trial("t1", "naive", seed=1, raw_validity=True)])[0].n_trials == 2
    with pytest.raises(ValueError, match="repeats the trial of") as info:
        rates([t, Trial("t1", "naive", raw_validity=False)])
    assert str(info.value).startswith(
        "trials[1] repeats the trial of trials[0] (task_id 't1', condition "
        "'naive', seed none) with other values (raw_validity True vs False)"
    )


def test_repeated_question_ids_are_errors(tmp_path):
    path = _jsonl(tmp_path / "r.eval-results-x", [LME_ROW, LME_ROW])
    with pytest.raises(ValueError, match="row 2: question_id 'q1' repeats row 1"):
        load_longmemeval(path)
    with pytest.raises(ValueError, match="answers\\[1\\] repeats question 'q' of "
                       "answers\\[0\\]"):  # fmt: skip
        accuracy([Answer("q", "t", True), Answer("q", "t", False)])
    questions = tmp_path / "q.json"
    questions.write_text(json.dumps([{"question_id": "q1", "question_type": "a"}] * 2))
    with pytest.raises(ValueError, match="row 2: question_id 'q1' occurs twice"):
        load_longmemeval(_jsonl(tmp_path / "one.x", [LME_ROW]), questions=questions)
    empty = tmp_path / "empty.eval-results-x"
    empty.write_text("")
    with pytest.raises(ValueError, match="no graded questions"):
        load_longmemeval(empty)


# ------------------------------------------------------------ the rates CLI


def test_cli_mapped_typo_is_exit_2_with_the_nearest_column(tmp_path, capsys):
    path = _lme(tmp_path)
    code, out, err = _cli(capsys, path, "--map", "task_id=question_id",
                          "--condition", "a", "--map", "raw_validity=autoeval_lable")  # fmt: skip
    assert (code, out) == (2, "")
    assert err == (
        f"context-laws rates: error: {path}: column 'autoeval_lable' is not in the file; "
        "did you mean 'autoeval_label'?\n"
    )


def test_cli_by_a_field_no_row_has_is_exit_2(tmp_path, capsys):
    path = _lme(tmp_path)
    base = [path, "--map", "task_id=question_id", "--condition", "a"]
    code, _, err = _cli(capsys, *base, "--map", "category=question_typ",
                        "--by", "category")  # fmt: skip
    assert code == 2
    assert (
        "column 'question_typ' is not in the file; did you mean 'question_type'?" in err
    )
    code, _, err = _cli(capsys, *base, "--by", "model")
    assert code == 2
    assert err.startswith(f"context-laws rates: error: {path}: --by model: no row has a model: column "
                          "'model' is not in the file")  # fmt: skip
    assert err.endswith("; map one with --map model=COLUMN\n")
    code, out, _ = _cli(capsys, *base, "--map", "category=question_type",
                        "--by", "category", "--map", "raw_validity=autoeval_label.label")  # fmt: skip
    assert code == 0
    assert out.splitlines()[1].startswith(
        "temporal-reasoning  4  0.500 [0.150, 0.850] (2/4)"
    )


def test_cli_by_a_column_empty_in_every_row_is_exit_2(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,model\nt1,a,\nt2,a,\n")
    code, _, err = _cli(capsys, path, "--by", "model")
    assert code == 2
    assert "--by model: no row has a model: column 'model' is empty in every row" in err


@pytest.mark.parametrize("text", ["", "task_id,condition,raw_validity\n"])
def test_cli_empty_or_header_only_file_is_exit_2(tmp_path, capsys, text):
    path = tmp_path / "runs.csv"
    path.write_text(text)
    out_file = tmp_path / "table.md"
    code, out, err = _cli(capsys, path, "--out", out_file)
    assert (code, out) == (2, "")
    assert "no records to read" in err
    assert not out_file.exists()


def _kv_without_pivots(tmp_path):
    path = tmp_path / "kv.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["task_id", "category", "retention", "raw_validity", "semantic_regret",
                    "has_pivot_header"])  # fmt: skip
        for i in range(6):
            w.writerow([f"k{i}", "c", 0.5, i % 2, 0.1 * i, i % 3 != 0])
    return path


def test_cli_preset_statistic_without_inputs_is_not_in_this_file(tmp_path, capsys):
    path = _kv_without_pivots(tmp_path)
    code, out, _ = _cli(capsys, path, "--preset", "mirage-kv")
    assert code == 0
    assert "0/6" not in out
    row = out.splitlines()[1]
    assert row.count("not in this file") == 2  # preserve (all), preserve (| header)
    assert row.startswith("0.5     6  0.667 [0.300, 0.903] (4/6)")
    assert "not in this file: the file has no column for its inputs" in out
    code, out, _ = _cli(capsys, path, "--preset", "mirage-kv", "--format", "json")
    doc = json.loads(out)
    assert "pivot_preservation" in doc["not_in_this_file"]
    assert "pivot_preservation" not in doc["cells"][0]["rates"]
    assert "header_compliance" in doc["cells"][0]["rates"]
    code, out, _ = _cli(capsys, path, "--preset", "mirage-kv", "--format", "csv")
    assert "pivot_preservation" not in out and "header_compliance" in out


def test_cli_bounded_measure_interval_stays_in_unit_interval(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,f1\nt1,a,0.0\nt2,a,1.0\nt3,a,0.0\nt4,a,1.0\n"
                    "u1,b,0.5\nu2,b,1.0\nu3,b,0.0\nu4,b,0.5\n")  # fmt: skip
    code, out, _ = _cli(capsys, path, "--measure", "f1=f1", "--format", "json")
    assert code == 0
    cells = {
        c["group"]["condition"]: c["means"]["f1"] for c in json.loads(out)["cells"]
    }
    # a: 0s and 1s, the proportion 2/4 with Wilson (statsmodels 0.14)
    low, high = proportion_confint(2, 4, alpha=0.05, method="wilson")
    assert cells["a"]["interval"] == "wilson"
    assert (cells["a"]["low"], cells["a"]["high"]) == pytest.approx((low, high))
    # b: a score in [0, 1], the percentile bootstrap (scipy 1.17)
    ref = stats.bootstrap(
        (np.array([0.5, 1.0, 0.0, 0.5]),), np.mean, n_resamples=9999,
        method="percentile", rng=np.random.default_rng(0),
    ).confidence_interval  # fmt: skip
    assert cells["b"]["interval"] == "bootstrap-percentile"
    assert (cells["b"]["low"], cells["b"]["high"]) == (float(ref.low), float(ref.high))
    code, out, _ = _cli(capsys, path, "--measure", "f1=f1")
    assert "0.500 [-0.419, 1.419]" not in out
    assert "mean f1: wilson" in out and "mean f1: bootstrap-percentile" in out


def test_cli_a_0_1_validity_is_printed_once_and_no_degenerate_interval(
    tmp_path, capsys
):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,raw_validity,semantic_regret\n"
                    "t1,a,1,0.2\nt2,a,1,0.2\nt3,a,0,0.2\n")  # fmt: skip
    code, out, _ = _cli(capsys, path)
    assert code == 0
    header = out.splitlines()[0]
    assert "raw_validity" in header and "raw_validity_score" not in header
    assert "0.200 [0.200, 0.200]" not in out
    assert "0.200 (n=3)" in out
    assert "note: semantic_regret: no interval: every value is equal" in out


@given(st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.9, 1.0]), min_size=2,
                max_size=8))  # fmt: skip
def test_any_bounded_measure_interval_is_inside_0_1(values):
    trials = [Trial(f"t{i}", "c", measures={"f1": v}) for i, v in enumerate(values)]
    (cell,) = rates(trials, by=(), bounded_measures=("f1",), n_resamples=99)
    m = cell.means["f1"]
    if m.ci is None:
        assert m.note  # no interval says why
    else:
        assert 0.0 <= m.low <= m.mean <= m.high <= 1.0


def test_mirage_kv_preset_on_a_full_file_is_unchanged(tmp_path, capsys):
    """The preset keeps reading every published column (Table 8 layout)."""
    path = _kv_without_pivots(tmp_path)
    text = path.read_text().splitlines()
    text[0] += ",full_pivot,compressed_pivot"
    text[1:] = [line + ",e1,e1" for line in text[1:]]
    path.write_text("\n".join(text) + "\n")
    code, out, _ = _cli(capsys, path, "--preset", "mirage-kv")
    assert code == 0
    assert "not in this file" not in out
    assert "1.000 [0.610, 1.000] (6/6)" in out


def test_cli_method_names_the_proportion_interval(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,raw_validity\nt1,a,1\nt2,a,0\nt3,a,1\n")
    code, out, _ = _cli(capsys, path, "--method", "clopper-pearson", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert (doc["proportion_interval"], doc["confidence_level"]) == (
        "clopper-pearson",
        0.95,
    )
    r = doc["cells"][0]["rates"]["raw_validity"]
    low, high = proportion_confint(2, 3, alpha=0.05, method="beta")  # statsmodels
    assert (r["low"], r["high"]) == pytest.approx((low, high), abs=1e-12)


# ------------------------------------------------------------ cell parsing

CELLS = [
    # (field, JSON value, the trial's value)
    ("chosen_pivot", 7, "7"),
    ("chosen_pivot", 7.0, "7"),
    ("chosen_pivot", 7.5, "7.5"),
    ("chosen_pivot", "  e41 ", "e41"),
    ("chosen_pivot", "NA", None),
    ("chosen_pivot", None, None),
    ("header_present", 1, True),
    ("header_present", 0, False),
    ("header_present", 1.0, True),
    ("header_present", " Yes ", True),
    ("header_present", "n", False),
    ("header_present", "", None),
    ("header_present", "null", None),
    ("header_present", False, False),
    ("budget", 0.25, 0.25),
    ("budget", "0.25", 0.25),
    ("budget", 3, 3.0),
    ("budget", "", None),
    ("budget", "nan", None),
    ("budget", " none ", None),
    ("seed", "3", 3),
    ("seed", 3, 3),
    ("seed", 3.0, 3),
    ("seed", "-2", -2),
    ("seed", "", None),
    ("raw_validity", "yes", True),
    ("raw_validity", "0.7", 0.7),
    ("raw_validity", 1, 1.0),
    ("raw_validity", False, False),
    ("raw_validity", "", None),
]


@pytest.mark.parametrize(("field", "raw", "value"), CELLS)
def test_cells_parse_by_the_fields_type(tmp_path, field, raw, value):
    path = _jsonl(
        tmp_path / "runs.jsonl", [{"task_id": "t", "condition": "c", field: raw}]
    )
    (trial,) = load_trials(path)
    got = getattr(trial, field)
    assert got == value
    assert type(got) is type(value)


BAD_CELLS = [
    ("chosen_pivot", True, "expected a scalar text or number, got True"),
    ("model", {"a": 1}, "expected a scalar text or number, got a JSON object"),
    ("model", [1], "expected a scalar text or number, got a JSON array"),
    ("header_present", 2, "expected a boolean (true/false, yes/no, 1/0), got 2"),
    ("header_present", "maybe", "expected a boolean (true/false, yes/no, 1/0), got 'maybe'"),
    ("header_present", [True], "expected a boolean (true/false, yes/no, 1/0), got a JSON array"),
    ("budget", True, "expected a number, got True"),
    ("budget", {"x": 1}, "expected a number, got a JSON object"),
    ("budget", "many", "expected a number, got 'many'"),
    ("budget", "inf", "expected a finite number, got 'inf'"),
    ("budget", 10**400, "expected a finite number, got an integer too large for a float"),
    ("seed", "3.5", "expected an integer, got '3.5'"),
    ("seed", True, "expected a number, got True"),
    ("raw_validity", "sure", "expected true/false (true/false, yes/no, 1/0) or a validity score in [0, 1], got 'sure'"),
]  # fmt: skip


@pytest.mark.parametrize(("field", "raw", "message"), BAD_CELLS)
def test_bad_cells_name_file_row_column_and_value(tmp_path, field, raw, message):
    path = tmp_path / "runs.jsonl"
    path.write_text('{"task_id": "t", "condition": "c"}\n'
                    + json.dumps({"task_id": "u", "condition": "c", field: raw}) + "\n")  # fmt: skip
    with pytest.raises(ValueError, match="column") as info:
        load_trials(path)
    assert str(info.value) == f"{path}: row 2, column {field!r}: {message}"


def test_a_json_infinity_number_is_not_finite(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text('{"task_id": "t", "condition": "c", "budget": 1e400}\n')
    with pytest.raises(ValueError, match="column 'budget': expected a finite number"):
        load_trials(path)


def test_a_null_required_field_is_empty_not_absent(tmp_path):
    path = _jsonl(tmp_path / "runs.jsonl", [{"task_id": "t", "condition": None}])
    with pytest.raises(ValueError, match="row 1, column 'condition': required field "
                       "condition is empty"):  # fmt: skip
        load_trials(path)


def test_max_bytes_zero_reads_nothing_and_negative_is_refused(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition\nt,c\n")
    with pytest.raises(ValueError, match="more than max_bytes=0"):
        load_trials(path, max_bytes=0)
    with pytest.raises(ValueError, match="max_bytes must be >= 0, got -1"):
        load_trials(path, max_bytes=-1)
    with pytest.raises(TypeError, match=r"max_bytes must be an int, got 1\.5"):
        load_trials(path, max_bytes=1.5)


@pytest.mark.parametrize(("n_columns", "tail"), [(12, "'c11')"), (13, "'c11', ...)")])
def test_without_a_close_column_the_first_twelve_are_listed(tmp_path, n_columns, tail):
    path = tmp_path / "runs.csv"
    names = ["task_id", "condition", *(f"c{i}" for i in range(2, n_columns))]
    path.write_text(
        ",".join(names) + "\n" + ",".join(["t", "a"] + ["1"] * (n_columns - 2)) + "\n"
    )
    with pytest.raises(ValueError, match="is not in the file") as info:
        load_trials(path, mapping={"model": "zzzzzz"})
    shown = ", ".join(repr(n) for n in names[:12])
    assert str(info.value).endswith(
        f"(its columns: {shown}{', ...' * (n_columns > 12)})"
    )
    assert str(info.value).endswith(tail)


def test_suggestions_come_from_the_first_hundred_records(tmp_path):
    rows = [{"task_id": f"t{i}", "condition": "c"} for i in range(101)]
    rows[99]["alpha_col"] = 1  # the 100th record: its keys are known
    rows[100]["zq_only"] = 1  # the 101st: not looked at for suggestions
    path = _jsonl(tmp_path / "runs.jsonl", rows)
    with pytest.raises(ValueError, match="did you mean 'alpha_col'"):
        load_trials(path, mapping={"model": "alpha_coll"})
    with pytest.raises(ValueError, match="is not in the file") as info:
        load_trials(path, mapping={"model": "zq_onlyy"})
    assert "zq_only'" not in str(info.value)
    assert str(info.value).endswith(
        "(its columns: 'task_id', 'condition', 'alpha_col')"
    )


# ------------------------------------------------------------ the file readers


def _fds():
    return len(os.listdir("/proc/self/fd"))


def test_the_default_size_cap_is_256_mib():
    assert DEFAULT_MAX_BYTES == 256 * 1024 * 1024


def test_size_cap_is_inclusive_and_a_growing_file_is_stopped(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition\nt,c\n")
    size = path.stat().st_size
    assert len(load_trials(path, max_bytes=size)) == 1
    with pytest.raises(
        ValueError, match=f"has {size} bytes, more than max_bytes={size - 1}"
    ):
        load_trials(path, max_bytes=size - 1)
    # /proc files say 0 bytes and hold more: read past the cap, they are stopped
    with pytest.raises(ValueError, match="grew past max_bytes while being read"):
        load_trials("/proc/self/status", format="csv", max_bytes=10)


def test_no_file_descriptor_is_left_open(tmp_path):
    good = tmp_path / "runs.csv"
    good.write_text("task_id,condition\nt,c\n")
    bad = tmp_path / "bad.csv"
    bad.write_text("task_id,condition\nt\n")
    before = _fds()
    for _ in range(5):
        load_trials(good)
        with pytest.raises(ValueError, match="fewer cells"):
            load_trials(bad)
    assert _fds() == before


def test_a_missing_file_is_named():
    with pytest.raises(
        ValueError, match=r"no/such\.csv: cannot read the file \(No such file"
    ):
        load_trials("no/such.csv")


def test_csv_blank_lines_are_skipped_and_long_rows_named(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition\nt1,c\n\nt2,c\n")
    assert [t.task_id for t in load_trials(path)] == ["t1", "t2"]
    path.write_text("task_id,condition\nt1,c\nt2,c,x\n")
    with pytest.raises(
        ValueError, match=r"row 3: more cells than header columns \(3 cells, 2"
    ):
        load_trials(path)
    path.write_text("task_id,condition\nt1,c\n" + "x" * 200_000 + ",c\n")
    with pytest.raises(
        ValueError, match=r"row 3 \(line 3\): malformed CSV \(field larger"
    ):
        load_trials(path)


def test_text_that_is_not_utf8_is_named_by_line(tmp_path):
    doc = tmp_path / "runs.json"
    doc.write_bytes(b'[\n{"task_id": "t", "condition": "c"},\n{"task_id": "\xff"}]')
    with pytest.raises(ValueError, match="line 3: not UTF-8 text"):
        load_trials(doc)
    lines = tmp_path / "runs.jsonl"
    lines.write_bytes(
        b'\xef\xbb\xbf{"task_id": "t", "condition": "c"}\n{"task_id": "\xff"}\n'
    )
    with pytest.raises(ValueError, match="line 2: not UTF-8 text"):
        load_trials(lines)
    lines.write_bytes(b'\xef\xbb\xbf{"task_id": "t", "condition": "c"}\n')
    assert load_trials(lines)[0].task_id == "t"  # a byte-order mark opens line 1 only
    lines.write_bytes(
        b'{"task_id": "t", "condition": "c"}\n\xef\xbb\xbf{"task_id": "u"}\n'
    )
    with pytest.raises(ValueError, match="row 2: malformed JSON"):
        load_trials(lines)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("runs.json", '{"trials": 5}', "JSON must hold a list of trial objects"),
        ("runs.json", '{"x": []}', "JSON must hold a list of trial objects"),
        ("runs.json", "[1]", "row 1: a trial must be a JSON object, got 1"),
        (
            "runs.jsonl",
            "[1]\n",
            "row 1: a trial must be a JSON object, got a JSON array",
        ),
        ("runs.jsonl", '{"a": 1, "b": 2, "b": 3}\n', "row 1: duplicate key 'b' in one"),
    ],
)
def test_json_shapes_are_named(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match=r"JSON|duplicate") as info:
        load_trials(path)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (2**63, repr(2**63)),
        (2**64, "an integer of more than 64 bits"),
        ("x" * 58, repr("x" * 58)),
        ("x" * 59, repr("x" * 59)[:57] + "..."),
    ],
)
def test_values_in_messages_are_shown_short(tmp_path, raw, shown):
    path = _jsonl(tmp_path / "runs.jsonl", [{"task_id": "t", "condition": "c",
                                             "header_present": raw}])  # fmt: skip
    with pytest.raises(ValueError, match="expected a boolean") as info:
        load_trials(path)
    assert str(info.value).endswith(f"got {shown}")


def test_sniffing_skips_leading_blank_lines_and_refuses_text(tmp_path):
    args = {"mapping": {"task_id": "id"}, "constants": {"condition": "c"}}
    path = tmp_path / "results.out"
    path.write_text('\n  \n{"id": "a"}\n{"id": "b"}\n')
    assert [t.task_id for t in load_trials(path, **args)] == ["a", "b"]
    path.write_text('\n[{"id": "a"}]\n')
    assert [t.task_id for t in load_trials(path, **args)] == ["a"]
    path.write_bytes(b'\xef\xbb\xbf{"id": "a"}\n')
    assert [t.task_id for t in load_trials(path, **args)] == ["a"]
    path.write_text("id,condition\na,c\n")
    with pytest.raises(
        ValueError, match="got 'out' \\(the content is not JSON; pass the"
    ):
        load_trials(path, **args)
    assert len(load_trials(path, format="csv", **args)) == 1


# ------------------------------------------------------------ the text table

TWO = [
    Trial("t1", "naive", raw_validity=True, full_pivot="a", chosen_pivot="a"),
    Trial("t2", "naive", raw_validity=False, full_pivot="a", chosen_pivot="b"),
]


def _blocks(text):
    body = text.split("\nintervals")[0]
    return [b.splitlines() for b in body.split("\n\n")]


@pytest.mark.parametrize(("second", "n_blocks"), [(42, 1), (43, 2)])
def test_text_lines_are_at_most_100_wide_and_wrap_beyond(second, n_blocks):
    # condition (9) + 2 + n (1) + 2 + 42 + 2 + second: 100 fits, 101 wraps
    cells = rates(TWO)
    columns = [("a" * 42, "raw_validity"), ("b" * second, "pivot_preservation")]
    text = format_cells(cells, columns=columns)
    blocks = _blocks(text)
    assert len(blocks) == n_blocks
    assert max(len(line) for b in blocks for line in b) == (
        100 if n_blocks == 1 else 57
    )
    for block in blocks:
        assert block[0].startswith("condition  n  ")  # the group starts every block
        assert block[1].startswith("naive      2  ")


def test_a_column_wider_than_the_page_is_its_own_block_never_an_empty_one():
    text = format_cells(rates(TWO), columns=[("x" * 120, "raw_validity")])
    blocks = _blocks(text)
    assert len(blocks) == 1
    assert len(blocks[0][0]) == 9 + 2 + 1 + 2 + 120


def test_the_legend_names_each_method_and_level_once_below_the_table():
    text = format_cells(rates(TWO, confidence_level=0.9))
    assert text.splitlines()[-1] == "intervals (90%): proportions (k/n): wilson"
    md = format_cells(rates(TWO), fmt="md")
    # Markdown states them too, once, a paragraph below the table (h-newuser5)
    assert md.endswith("|\n\nintervals (95%): proportions (k/n): wilson\n")
    assert md.count("intervals") == 1
    one = [Trial("t1", "c", measures={"x": 5.0}), Trial("t2", "c")]
    text = format_cells(rates(one))
    assert "note: x: no interval from n = 1 value" in text
    assert "intervals" not in text  # nothing has an interval
    assert "raw_validity_score" not in text  # n = 0: no note either


def test_a_validity_score_is_a_mean_and_a_0_1_validity_a_proportion_once():
    scored = [Trial("t1", "a", raw_validity=0.9), Trial("t2", "a", raw_validity=0.2),
              Trial("t3", "b")]  # fmt: skip
    header = format_cells(rates(scored)).splitlines()[0]
    assert "mean raw_validity_score" in header
    binary = [Trial("t1", "a", raw_validity=True), Trial("t2", "a", raw_validity=0.0),
              Trial("t3", "b")]  # fmt: skip
    header = format_cells(rates(binary)).splitlines()[0]
    assert "raw_validity" in header and "raw_validity_score" not in header


def test_absent_statistics_print_as_absent_with_their_legend():
    cells = rates(TWO)
    cols = [("Valid", "raw_validity"), ("Kept", "pivot_preservation")]
    text = format_cells(cells, columns=cols, absent={"pivot_preservation"})
    assert text.splitlines()[1].endswith("not in this file")
    assert (
        text.splitlines()[-1]
        == "not in this file: the file has no column for its inputs"
    )
    text = format_cells(cells, columns=cols[:1], absent={"pivot_preservation"})
    assert "not in this file" not in text
    assert "pivot_preservation" not in format_cells(
        cells, absent={"pivot_preservation"}
    )


# ------------------------------------------------------------ benchmark files


def _json_file(tmp_path, doc, name="scores.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (5, "expected a list of samples or of questions"),
        ([3], "entry 0: expected a JSON object, got 3"),
        ([{"sample_id": "s", "qa": 3}], "entry 0: 'qa' must be a list"),
        ([{"sample_id": "s", "qa": [3]}], "question s:0: expected a JSON object"),
        ([{"sample_id": "s", "qa": []}], "no questions (an empty list, or samples"),
        ([], "no questions"),
        ([{"id": "q", "category": 1, "a_f1": 0.5}, {"id": "q", "category": 1, "a_f1": 1}],
         "question id 'q' occurs twice"),
        ([{"id": "q", "a_f1": 0.5}], "question q: no scalar 'category' (got none)"),
        ([{"id": "q", "category": [1], "a_f1": 0.5}],
         "question q: no scalar 'category' (got a JSON array)"),
        ([{"id": "q", "category": True, "a_f1": 0.5}],
         "question q: no scalar 'category' (got True)"),
        ([{"id": "q", "category": 1, "b": 0.5}], "no key 'a_f1' (its score keys: none)"),
        ([{"id": "q", "category": 1, "a_f1": 1.5}], "key 'a_f1': expected a score in [0, 1], got 1.5"),
        ([{"id": "q", "category": 1, "a_f1": -0.5}], "expected a score in [0, 1], got -0.5"),
        ([{"id": "q", "category": 1, "a_f1": True}], "expected a score in [0, 1], got True"),
        ([{"id": "q", "category": 1, "a_f1": "0.5"}], "expected a score in [0, 1], got '0.5'"),
    ],
)  # fmt: skip
def test_locomo_scores_refuse_what_they_cannot_read(tmp_path, capsys, doc, message):
    path = _json_file(tmp_path, doc)
    code = main_tool(["bench", "locomo", str(path), "--model", "a"])
    _, err = capsys.readouterr()
    assert code == 2
    assert message in err


def test_locomo_scores_read_the_ends_and_categories_as_text(tmp_path, capsys):
    path = _json_file(tmp_path, [
        {"id": "q1", "category": 2.0, "a_f1": 0.0},
        {"id": "q2", "category": 2, "a_f1": 1},
        {"id": "q3", "category": "temporal", "a_f1": 0.5, "b_score": 0.1},
    ])  # fmt: skip
    assert (
        main_tool(["bench", "locomo", str(path), "--model", "a", "--format", "json"])
        == 0
    )
    rows = {r["category"]: r for r in json.loads(capsys.readouterr().out)["summary"]}
    assert (rows["2 temporal"]["n"], rows["2 temporal"]["estimate"]) == (2, 0.5)
    assert rows["temporal"]["estimate"] == 0.5
    # a number that is not one of LoCoMo's codes 1..5 is an error (new user, P5)
    for bad in (2.5, 6, 0, "6"):
        path = _json_file(
            tmp_path, [{"question_id": "q4", "category": bad, "a_f1": 1.0}]
        )
        assert main_tool(["bench", "locomo", str(path), "--model", "a"]) == 2
        err = capsys.readouterr().err
        assert f"question q4: category {bad!r} is not one of" in err


@pytest.mark.parametrize(
    ("score", "threshold", "correct"),
    [(0.5, 0.5, True), (0.49, 0.5, False), (0.0, 0.0, True), (1.0, 1.0, True),
     (0.99, 1.0, False), (0, 0.5, False), (1, 0.5, True), ("CORRECT", 0.5, True),
     (" wrong ", 0.5, False), (True, 1.0, True)],
)  # fmt: skip
def test_locomo_thresholds_include_their_ends(tmp_path, score, threshold, correct):
    path = _json_file(tmp_path, [{"id": "q", "category": 1, "judge": score}])
    assert load_locomo(path, threshold=threshold)[0].correct is correct


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [({"threshold": -0.01}, ValueError, "threshold must be in \\[0, 1\\], got -0.01"),
     ({"threshold": 1.01}, ValueError, "threshold must be in \\[0, 1\\], got 1.01"),
     ({"threshold": True}, TypeError, "threshold must be a real number, got True"),
     ({"threshold": "0.5"}, TypeError, "threshold must be a real number")],
)  # fmt: skip
def test_locomo_threshold_is_checked(tmp_path, kwargs, error, message):
    path = _json_file(tmp_path, [{"id": "q", "category": 1, "judge": 0.5}])
    with pytest.raises(error, match=message):
        load_locomo(path, **kwargs)


@pytest.mark.parametrize(
    "score",
    [1.5, -0.1, "maybe", None, [1]],
)
def test_locomo_bad_scores_are_named(tmp_path, score):
    path = _json_file(tmp_path, [{"id": "q", "category": 1, "judge": score}])
    with pytest.raises(ValueError, match="question q, key 'judge': expected a score"):
        load_locomo(path)


def test_locomo_score_key_is_the_first_questions_one_candidate(tmp_path):
    path = _json_file(tmp_path, [
        {"sample_id": "s", "qa": [
            {"category": 1, "mem_f1": 0.9},
            {"category": 1, "mem_f1": 0.1, "other_f1": 0.9},
        ]},
    ])  # fmt: skip
    assert [a.correct for a in load_locomo(path)] == [True, False]
    assert [a.question_id for a in load_locomo(path)] == ["s:0", "s:1"]
    nameless = _json_file(tmp_path, [{"qa": [{"category": 1, "judge": 1.0}]}], "n.json")
    assert load_locomo(nameless)[0].question_id == "0:0"
    flat = _json_file(tmp_path, [{"category": 1, "judge": 1.0}, {"id": 7, "category": 1,
                                  "judge": 1.0}], "f.json")  # fmt: skip
    assert [a.question_id for a in load_locomo(flat)] == ["0", "7"]
    one = _json_file(tmp_path, {"sample_id": "s", "qa": [{"category": 1, "judge": 1.0}]},
                     "one.json")  # fmt: skip
    assert load_locomo(one)[0].question_id == "s:0"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([{"question_id": "", "autoeval_label": True}], "row 1: question_id must be a non-empty str, got ''"),
        ([{"question_id": 5, "autoeval_label": True}], "row 1: question_id must be a non-empty str, got 5"),
        ([{"question_id": "a"}], "row 1: no key 'autoeval_label' (its keys: 'question_id')"),
        ([{"question_id": "a", "autoeval_label": None}], "row 1, column 'autoeval_label': expected a boolean label, got None"),
        ([{"question_id": "a", "autoeval_label": {"label": 1}}], "row 1, column 'autoeval_label': expected a boolean label, got 1"),
        ([{"question_id": "a", "autoeval_label": True}, {"question_id": "a", "autoeval_label": True}],
         "row 2: question_id 'a' repeats row 1"),
    ],
)  # fmt: skip
def test_longmemeval_rows_are_checked(tmp_path, lines, message):
    path = _jsonl(tmp_path / "r.eval-results-x", lines)
    with pytest.raises(ValueError, match="row") as info:
        load_longmemeval(path)
    assert str(info.value) == f"{path}: {message}"


def test_longmemeval_question_files_are_checked(tmp_path):
    path = _jsonl(tmp_path / "r.eval-results-x", [
        {"question_id": "tr_1_abs", "autoeval_label": True}])  # fmt: skip
    assert load_longmemeval(path, category_from_id="_")[0].category == "tr"
    assert load_longmemeval(path, questions={"tr_1_abs": "t"})[0].category == "t"
    assert load_longmemeval(path)[0].category == "all"
    for doc, message in [
        ({"question_id": "a"}, "the question file must hold a JSON list of instances"),
        ([3], "row 1: an instance needs str question_id and question_type"),
        (
            [{"question_id": "a"}],
            "row 1: an instance needs str question_id and question_type",
        ),
        (
            [{"question_type": "t"}],
            "row 1: an instance needs str question_id and question_type",
        ),
    ]:
        questions = _json_file(tmp_path, doc, "q.json")
        with pytest.raises(ValueError, match=r"question|instance") as info:
            load_longmemeval(path, questions=questions)
        assert message in str(info.value)


def test_a_mean_without_values_is_named_by_its_kind():
    (cell,) = rates([Trial("t1", "c"), Trial("t2", "c", measures={"x": 2.0})])
    m = cell.means
    assert (m["semantic_regret"].n, m["semantic_regret"].interval) == (
        0,
        "bootstrap-percentile",
    )
    assert (m["relative_regret"].interval, m["relative_regret"].note) == (
        "student-t",
        "no values",
    )
    assert m["x"].interval == "student-t"
    assert m["raw_validity_score"].to_dict()["note"] == "no values"


def test_a_growing_file_is_stopped_on_a_later_read_too():
    # /proc/self/maps says 0 bytes and is read a page at a time: the cap is
    # counted over all the reads, not only the first
    with pytest.raises(ValueError, match="grew past max_bytes while being read"):
        load_trials("/proc/self/maps", format="json", max_bytes=5000)


def test_a_json_utf8_error_counts_lines_from_the_first_byte(tmp_path):
    doc = tmp_path / "runs.json"
    doc.write_bytes(b'\n[{"task_id": "\xff"}]')
    with pytest.raises(ValueError, match="line 2: not UTF-8 text"):
        load_trials(doc)


def test_rate_of_defaults_to_a_95_percent_wilson_interval():
    from witnesses.rates import Rate

    ci = Rate.of("x", 1, 2, "all trials").ci
    assert (ci.method, ci.confidence_level) == ("wilson", 0.95)


# -- found by a new user (2026-11-27) ----------------------------------------------

_PIVOT_MAP = {
    "task_id": "run",
    "condition": "arm",
    "raw_validity": "ok",
    "full_pivot": "full",
    "chosen_pivot": "chosen",
}


def test_a_pandas_style_float_pivot_is_the_same_id_in_csv_and_jsonl(tmp_path):
    """pandas writes an int id column with a missing value as 41.0; JSON 41.0 is "41"."""
    csv_path = tmp_path / "p.csv"
    csv_path.write_text(
        "run,arm,full,chosen,ok\n"
        "r1,naive,41,41.0,true\n"
        "r2,naive,17,17.00,true\n"
        "r3,naive,12,,false\n"
        "r4,naive,33,28.0,true\n"
        "r5,naive,-0.0,0,true\n"
        "r6,naive,7.5,7,true\n"
        "r7,naive,007.0,7,true\n"
    )
    rows = [
        {"run": "r1", "arm": "naive", "full": 41, "chosen": 41.0, "ok": True},
        {"run": "r2", "arm": "naive", "full": 17, "chosen": 17.0, "ok": True},
        {"run": "r3", "arm": "naive", "full": 12, "chosen": None, "ok": False},
        {"run": "r4", "arm": "naive", "full": 33, "chosen": 28.0, "ok": True},
        {"run": "r5", "arm": "naive", "full": -0.0, "chosen": 0, "ok": True},
        {"run": "r6", "arm": "naive", "full": 7.5, "chosen": 7, "ok": True},
        {"run": "r7", "arm": "naive", "full": "007.0", "chosen": 7, "ok": True},
    ]
    jsonl = tmp_path / "p.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    by_csv = load_trials(csv_path, mapping=_PIVOT_MAP)
    by_json = load_trials(jsonl, mapping=_PIVOT_MAP)
    pivots = [(t.full_pivot, t.chosen_pivot) for t in by_csv]
    assert pivots == [
        ("41", "41"),
        ("17", "17"),
        ("12", None),
        ("33", "28"),
        ("0", "0"),
        ("7.5", "7"),  # a real fraction stays
        ("007.0", "7"),  # not an integer as JSON writes one: kept as written
    ]
    assert pivots == [(t.full_pivot, t.chosen_pivot) for t in by_json]
    preserved = rates(by_csv)[0].rates["pivot_preservation"]
    assert (preserved.numerator, preserved.denominator) == (3, 6)
    # other text fields keep what is written: a condition "1.0" is not "1"
    other = tmp_path / "c.csv"
    other.write_text("run,arm,ok\nr1,1.0,true\n")
    mapping = {"task_id": "run", "condition": "arm", "raw_validity": "ok"}
    (trial,) = load_trials(other, mapping=mapping)
    assert trial.condition == "1.0"


@pytest.mark.parametrize(
    "tail",
    [
        'r2,naive,false,"model said hi\nr3,naive,true,ok\nr4,naive,true,ok\n',
        'r2,naive,"true\n',
    ],
)
def test_a_quote_left_open_is_an_error_not_a_swallowed_file(tmp_path, tail):
    path = tmp_path / "s.csv"
    path.write_text("run,arm,ok,note\nr1,naive,true,fine\n" + tail)
    mapping = {"task_id": "run", "condition": "arm", "raw_validity": "ok"}
    with pytest.raises(
        ValueError, match=r"s\.csv: row 3 .*a quoted cell is never closed"
    ):
        load_trials(path, mapping=mapping)


def test_a_json_row_without_a_key_other_rows_have_is_noted_like_a_null(
    tmp_path, capsys
):
    """A misspelt key ("okk") in one JSON line is a missing value the note counts."""
    rows = [
        {"run": "r1", "arm": "a", "ok": True},
        {"run": "r2", "arm": "a", "okk": False},
        {"run": "r3", "arm": "a", "ok": None},
        {"run": "r4", "arm": "a", "ok": True},
    ]
    path = _jsonl(tmp_path / "k.jsonl", rows)
    argv = [
        "--map",
        "task_id=run",
        "--map",
        "condition=arm",
        "--map",
        "raw_validity=ok",
    ]
    assert main([str(path), *argv]) == 0
    out = capsys.readouterr().out
    assert "(2/2)" in out
    assert "note: 2 of 4 trials have no value in column 'ok' (raw_validity)" in out


def test_a_file_with_no_statistic_is_an_error_not_a_table_of_counts(tmp_path, capsys):
    """Only task, condition and an unmapped column: exit 2 naming the columns (new user)."""
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,seed,acc\nt1,a,0,1\nt2,a,0,0\nt1,b,0,1\n")
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "no statistic to compute" in err and "other columns are 'acc'" in err
    assert main([str(path), "--measure", "acc=acc"]) == 0
    assert "mean acc" in capsys.readouterr().out
