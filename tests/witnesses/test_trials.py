"""Trial records, the plug-in protocols and the loaders (WITNESS.md decision 5)."""

import csv
import json
from pathlib import Path

import pytest

from witnesses import FileHarness, Harness, Simulator, Trial, load_trials

# A harness in the shape real ones write: one row per task x method x budget x
# seed, the model's chosen pivot, the oracle fields, its own column names.
HARNESS_COLUMNS = {
    "task_id": "task",
    "condition": "method",
    "budget": "retention",
    "seed": "seed",
    "model": "model",
    "full_pivot": "pivot_full",
    "chosen_pivot": "pivot_pred",
    "truth_pivot": "pivot_gt",
    "raw_validity": "valid",
    "fixed_feasible": "fixed_ok",
    "header_present": "has_pivot_header",
    "degraded_flag": "flag_degraded",
    "oracle_degraded": "oracle_degraded",
    "full_score": "score_full",
    "compressed_score": "score_comp",
}


def _harness_rows():
    rows = []
    for task in ("ntsb-001", "ntsb-002"):
        for method in ("naive", "contract_guarded"):
            for retention in (0.5, 0.1):
                for seed in (0, 1):
                    switched = method == "naive" and retention == 0.1
                    rows.append(
                        {
                            "task": task,
                            "method": method,
                            "retention": retention,
                            "seed": seed,
                            "model": "phi-3",
                            "pivot_full": "e41",
                            "pivot_pred": "e45" if switched else "e41",
                            "pivot_gt": "e41",
                            "valid": True,
                            "fixed_ok": not switched,
                            "has_pivot_header": True,
                            "flag_degraded": False,
                            "oracle_degraded": False,
                            "score_full": 47.0,
                            "score_comp": 21.0 if switched else 47.0,
                        }
                    )
    return rows


def _write(path: Path, rows, fmt):
    if fmt == "csv":
        with path.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    elif fmt == "json":
        path.write_text(json.dumps(rows))
    else:
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.mark.parametrize("fmt", ["csv", "json", "jsonl"])
def test_harness_file_round_trips_in_every_format(tmp_path, fmt):
    rows = _harness_rows()
    path = _write(tmp_path / f"runs.{fmt}", rows, fmt)
    trials = load_trials(path, mapping=HARNESS_COLUMNS)
    assert len(trials) == len(rows) == 16
    first = trials[0]
    assert first == Trial(
        "ntsb-001",
        "naive",
        budget=0.5,
        seed=0,
        model="phi-3",
        full_pivot="e41",
        chosen_pivot="e41",
        truth_pivot="e41",
        raw_validity=True,
        fixed_feasible=True,
        header_present=True,
        degraded_flag=False,
        oracle_degraded=False,
        full_score=47.0,
        compressed_score=47.0,
    )
    switched = [t for t in trials if t.chosen_pivot == "e45"]
    assert len(switched) == 4
    assert all(t.condition == "naive" and t.budget == 0.1 for t in switched)


def test_same_named_columns_need_no_mapping(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text(
        '{"task_id": "a", "condition": "naive", "seed": 3, "raw_validity": 0.75}\n\n'
    )
    (trial,) = load_trials(path)
    assert trial.seed == 3
    assert trial.raw_validity == 0.75
    assert trial.valid is True


def test_csv_cells_parse_booleans_and_missing_values(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text(
        "task_id,condition,header_present,chosen_pivot,full_score,seed\n"
        "a,naive,YES,,NaN,2.0\n"
        "b,naive,0,7,3.5,\n"
    )
    a, b = load_trials(path)
    assert (a.header_present, a.chosen_pivot, a.full_score, a.seed) == (
        True,
        None,
        None,
        2,
    )
    assert (b.header_present, b.chosen_pivot, b.full_score, b.seed) == (
        False,
        "7",
        3.5,
        None,
    )


def test_json_wrapped_in_trials_key(tmp_path):
    path = tmp_path / "runs.json"
    path.write_text(json.dumps({"trials": [{"task_id": "a", "condition": "c"}]}))
    assert load_trials(path)[0].task_id == "a"


MALFORMED = [
    ("runs.csv", "task_id,condition\n,naive\n", "row 2, column 'task_id'.*required"),
    (
        "runs.csv",
        "task_id,condition,seed\na,naive,1.5\n",
        "row 2, column 'seed'.*integer",
    ),
    (
        "runs.csv",
        "task_id,condition,header_present\na,naive,maybe\n",
        "row 2, column 'header_present'.*boolean",
    ),
    ("runs.csv", "task_id,condition\na,naive,extra\n", "row 2: more cells"),
    (
        "runs.csv",
        "task_id,condition,full_score\na,naive,inf\n",
        "column 'full_score'.*finite",
    ),
    (
        "runs.jsonl",
        '{"task_id": "a", "condition": "c"}\n{oops\n',
        "row 2: malformed JSON",
    ),
    ("runs.jsonl", "[1, 2]\n", "row 1: a trial must be a JSON object"),
    ("runs.json", '{"task_id": 1}', "list of trial objects"),
    ("runs.json", "[{]", "malformed JSON at line 1"),
    (
        "runs.jsonl",
        '{"task_id": "a", "condition": "c", "raw_validity": 1.5}\n',
        "row 1, column 'raw_validity': raw_validity must be a bool or in \\[0, 1\\], got 1.5",
    ),
    ("runs.txt", "x", "format must be one of"),
]


@pytest.mark.parametrize(("name", "text", "match"), MALFORMED)
def test_malformed_files_name_file_row_and_column(tmp_path, name, text, match):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match=match) as info:
        load_trials(path)
    assert str(path) in str(info.value)


def test_unknown_mapping_field_and_missing_file(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text("")
    with pytest.raises(ValueError, match="unknown trial field 'pivot'"):
        load_trials(path, mapping={"pivot": "p"})
    with pytest.raises(ValueError, match="cannot read the file"):
        load_trials(tmp_path / "absent.csv")


BAD_TRIALS = [
    ({"task_id": ""}, TypeError, "task_id must be a non-empty str"),
    ({"seed": True}, TypeError, "seed must be an int"),
    ({"header_present": 1}, TypeError, "header_present must be a bool"),
    ({"full_score": float("nan")}, ValueError, "full_score must be finite"),
    ({"raw_validity": -0.1}, ValueError, "raw_validity must be a bool or in"),
    ({"chosen_pivot": 7}, TypeError, "chosen_pivot must be a str"),
]


@pytest.mark.parametrize(("changes", "error", "match"), BAD_TRIALS)
def test_bad_trial_fields(changes, error, match):
    fields = {"task_id": "t", "condition": "c", **changes}
    with pytest.raises(error, match=match):
        Trial(**fields)


def test_protocols_accept_plain_objects_and_file_harness(tmp_path):
    class Sim:
        def simulate(self, seed):
            return [Trial(f"t{seed}", "naive", seed=seed)]

    path = _write(tmp_path / "runs.csv", _harness_rows(), "csv")
    assert isinstance(Sim(), Simulator)
    assert not isinstance(Sim(), Harness)
    harness = FileHarness(path, HARNESS_COLUMNS)
    assert isinstance(harness, Harness)
    assert len(list(harness.trials())) == 16
