"""python -m witnesses.rates FILE: every format, presets, mappings, bad files."""

import csv
import io
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import witnesses.rates
from witnesses.rates.cli import main

ROWS = [
    # task, method, full, chosen, valid, tokens
    ("t1", "naive", "e1", "e1", 1, 100),
    ("t2", "naive", "e1", "e5", 1, 120),
    ("t3", "contract", "e2", "e2", 1, 90),
    ("t4", "contract", "e2", "e2", 0, 110),
]


@pytest.fixture
def runs(tmp_path):
    path = tmp_path / "runs.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["task", "method", "full", "chosen", "valid", "tokens"])
        w.writerows(ROWS)
    return path


ARGS = ["--map", "task_id=task", "--map", "condition=method", "--map", "full_pivot=full",
        "--map", "chosen_pivot=chosen", "--map", "raw_validity=valid",
        "--measure", "tokens=tokens"]  # fmt: skip


def _run(capsys, *argv):
    code = main([*argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_format_is_an_aligned_table(runs, capsys):
    code, out, _ = _run(capsys, str(runs), *ARGS)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:4] == [
        "condition",
        "n",
        "raw_validity",
        "pivot_preservation",
    ]
    # contract: t3 valid, t4 not -> 1/2; preserved among valid: 1/1.
    assert lines[1].split()[:2] == ["contract", "2"]
    assert "0.500 [0.095, 0.905] (1/2)  1.000 [0.207, 1.000] (1/1)" in lines[1]
    # naive: both valid, one preserved -> 1/2; tokens mean 110.
    assert lines[2].split()[:2] == ["naive", "2"]
    assert lines[1].index("(1/2)") == lines[2].index("(2/2)")  # aligned columns
    # issue 32: no line is wider than 100 columns; wider tables wrap into
    # blocks that repeat the group, and the legend comes last.
    assert max(map(len, lines)) <= 100
    naive = [line for line in lines if line.startswith("naive")]
    assert any("110.000 [" in line for line in naive)
    assert lines[-1].startswith("intervals (95%): proportions (k/n): wilson")


def test_markdown_format_pastes_as_a_table(runs, capsys):
    code, out, _ = _run(capsys, str(runs), *ARGS, "--format", "md")
    assert code == 0
    table, legend = out.split("\n\n", 1)
    lines = table.splitlines()
    assert lines[0].startswith("| condition | n | raw_validity |")
    assert set(lines[1]) == {"|", "-"}
    assert lines[2].startswith("| contract | 2 | 0.500 [")
    assert all(line.count("|") == lines[0].count("|") for line in lines)
    # the conventions follow the table, as in the text format (h-newuser5)
    assert legend.startswith("intervals (95%): proportions (k/n): wilson")


def test_csv_format_is_one_row_per_cell_and_statistic(runs, capsys):
    code, out, _ = _run(capsys, str(runs), *ARGS, "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    pres = {r["condition"]: r for r in rows if r["statistic"] == "pivot_preservation"}
    assert (pres["naive"]["k"], pres["naive"]["n"], float(pres["naive"]["estimate"])) == (
        "1", "2", 0.5,
    )  # fmt: skip
    tokens = next(
        r for r in rows if r["statistic"] == "tokens" and r["condition"] == "naive"
    )
    assert tokens["kind"] == "mean (student-t)"
    assert float(tokens["estimate"]) == 110.0


def test_json_format_carries_every_field_and_the_conventions(runs, capsys):
    code, out, _ = _run(
        capsys, str(runs), *ARGS, "--format", "json", "--by", "condition"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["by"] == ["condition"]
    naive = next(c for c in doc["cells"] if c["group"]["condition"] == "naive")
    assert naive["rates"]["valid_but_switched"]["numerator"] == 1
    assert naive["means"]["tokens"]["mean"] == 110.0


def test_out_writes_the_file_and_stdout_stays_empty(runs, tmp_path, capsys):
    target = tmp_path / "table.md"
    code, out, _ = _run(
        capsys, str(runs), *ARGS, "--format", "md", "--out", str(target)
    )
    assert code == 0
    assert out == ""
    assert target.read_text().startswith("| condition |")


def test_bad_file_is_exit_2_naming_file_row_and_column(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,seed\nt1,naive,1.5\n")
    code, out, err = _run(capsys, str(path))
    assert code == 2
    assert out == ""
    assert f"{path}: row 2, column 'seed'" in err


def test_bad_map_is_exit_2(runs, capsys):
    code, _, err = _run(capsys, str(runs), "--map", "task_id")
    assert code == 2
    assert "--map takes name=column, got 'task_id'" in err


def test_module_is_importable_runnable_and_its_call_deprecated(runs):
    # `import witnesses.rates` reaches the module; its function is rates.rates;
    # calling the module still calls it, with a DeprecationWarning (one release).
    assert witnesses.rates.rates.__name__ == "rates"
    from witnesses import Trial
    from witnesses.rates import rates

    assert rates is witnesses.rates.rates and rates is not witnesses.rates
    assert rates([Trial("a", "b")])[0].n_trials == 1
    with pytest.warns(DeprecationWarning, match=r"witnesses\.rates\.rates\(trials\)"):
        assert witnesses.rates([Trial("a", "b")]) == rates([Trial("a", "b")])
    proc = subprocess.run(
        [sys.executable, "-m", "witnesses.rates", str(runs), *ARGS, "--format", "csv"],
        capture_output=True, text=True, check=False,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.startswith("condition,n_trials,statistic")


def test_console_script_is_declared():
    root = Path(__file__).resolve().parents[2]
    meta = tomllib.loads((root / "pyproject.toml").read_text())
    assert (
        meta["project"]["scripts"]["context-laws-rates"]
        == "witnesses.cli:_rates_script"
    )


def _synthetic_files():
    """The synthetic harness files of test_presets.py (same schemas, same rows)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_synthetic_presets", Path(__file__).with_name("test_presets.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._kv_file, module._ntsb_file


def test_preset_lays_out_the_published_table(tmp_path, capsys):
    _kv_file, _ntsb_file = _synthetic_files()

    code, out, _ = _run(capsys, str(_kv_file(tmp_path)), "--preset", "mirage-kv",
                        "--format", "md")  # fmt: skip
    assert code == 0
    lines = out.split("\n\n", 1)[0].splitlines()
    assert lines[0] == (
        "| budget | n | Header compliance | Pivot preserve (all) | "
        "Pivot preserve (\\| header) | Raw validity | Semantic regret |"
    )
    assert lines[2].startswith("| 0.5 | 4 | 0.750 [")
    # a '|' inside a column title is escaped: every line has 8 cell borders.
    assert all(line.replace("\\|", "").count("|") == 8 for line in lines)
    code, out, _ = _run(capsys, str(_ntsb_file(tmp_path)), "--preset", "mirage-ntsb",
                        "--table", "overall")  # fmt: skip
    assert code == 0
    assert out.splitlines()[2].split()[:2] == ["naive", "9"]
    code, _, err = _run(capsys, str(_kv_file(tmp_path)), "--preset", "mirage-kv",
                        "--table", "Table 5")  # fmt: skip
    assert code == 2
    assert "--table must be one of 'Table 8'" in err


def test_out_into_a_missing_directory_is_a_usage_error(runs, tmp_path, capsys):
    code, out, err = _run(
        capsys, str(runs), *ARGS, "--out", str(tmp_path / "no" / "t.md")
    )
    assert code == 2
    assert out == ""
    assert "error: --out" in err


# --- new user findings 6, 7, 12 ---------------------------------------------

NEWUSER_CSV = (
    "trial,policy,ok,latency_ms\n"
    "a1,recent,yes,120\n"
    "a2,recent,no,130\n"
    "a3,recent,nan,110\n"
    "a4,recent,,100\n"
    "b1,heavy,yes,200\n"
)
MAP = ["--map", "task_id=trial", "--map", "condition=policy", "--map", "raw_validity=ok"]  # fmt: skip


def test_a_blank_outcome_is_counted_in_a_note_and_in_json(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text(NEWUSER_CSV)
    code, out, _ = _run(capsys, str(path), *MAP)
    assert code == 0
    assert "(1/2)" in out  # the documented behaviour: blanks leave the denominator
    assert "note: 2 of 5 trials have no value in column 'ok' (raw_validity)" in out
    code, out, _ = _run(capsys, str(path), *MAP, "--format", "md")
    assert "note: 2 of 5 trials have no value in column 'ok'" in out
    code, out, _ = _run(capsys, str(path), *MAP, "--format", "json")
    assert json.loads(out)["no_value"] == {"ok": {"field": "raw_validity", "trials": 2}}
    path.write_text(NEWUSER_CSV.replace("nan", "yes").replace(",,", ",no,"))
    code, out, _ = _run(capsys, str(path), *MAP)
    assert "no value" not in out
    code, out, _ = _run(capsys, str(path), *MAP, "--format", "json")
    assert json.loads(out)["no_value"] == {}


def test_a_bad_true_false_cell_says_what_is_accepted(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text(NEWUSER_CSV.replace("no,130", "yse,130"))
    code, out, err = _run(capsys, str(path), *MAP)
    assert (code, out) == (2, "")
    assert err == (
        f"context-laws rates: error: {path}: row 3, column 'ok': expected true/false "
        "(true/false, yes/no, 1/0) or a validity score in [0, 1], got 'yse'\n"
    )


def test_a_retried_run_is_an_error_naming_both_rows(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text(NEWUSER_CSV + "a1,recent,no,125\n")
    code, out, err = _run(capsys, str(path), *MAP)
    assert (code, out) == (2, "")
    assert "row 7 repeats the trial of row 2 (task_id 'a1', condition 'recent'" in err
    assert "raw_validity True vs False" in err
    # the same task under another condition, or with a seed, is another trial
    path.write_text(NEWUSER_CSV + "a1,heavy,no,125\n")
    assert _run(capsys, str(path), *MAP)[0] == 0
    path.write_text("trial,policy,ok,seed\na1,recent,yes,0\na1,recent,no,1\n")
    assert _run(capsys, str(path), *MAP, "--map", "seed=seed")[0] == 0


KV = (
    "task_id,category,retention,full_pivot,{chosen},raw_validity,"
    "fixed_pivot_feasible,has_pivot_header,condition\n"
    "k1,c1,0.5,e1,e1,true,true,true,kv\n"
    "k2,c1,0.5,e2,e3,true,false,true,kv\n"
    "k3,c1,0.5,e3,e3,false,true,false,kv\n"
)


def test_a_misspelled_preset_column_gets_a_did_you_mean(tmp_path, capsys):
    path = tmp_path / "kv.csv"
    path.write_text(KV.format(chosen="compresed_pivot"))
    code, out, _ = _run(capsys, str(path), "--preset", "mirage-kv")
    assert code == 0
    assert "not in this file" in out
    assert (
        "warning: column 'compressed_pivot' (chosen_pivot, preset mirage-kv) is not "
        "in kv.csv; did you mean\n  'compresed_pivot'? "
        "(--map chosen_pivot=compresed_pivot)\n"
    ) in out
    code, out, _ = _run(capsys, str(path), "--preset", "mirage-kv", "--format", "json")
    assert json.loads(out)["column_hints"] == [
        {"field": "chosen_pivot", "column": "compressed_pivot",
         "did_you_mean": "compresed_pivot"}
    ]  # fmt: skip
    # the suggested --map is accepted, and the column is then read
    code, out, _ = _run(capsys, str(path), "--preset", "mirage-kv",
                        "--map", "chosen_pivot=compresed_pivot")  # fmt: skip
    assert code == 0
    assert "did you mean" not in out
    # a file spelled right gets no hint
    path.write_text(KV.format(chosen="compressed_pivot"))
    code, out, _ = _run(capsys, str(path), "--preset", "mirage-kv")
    assert "did you mean" not in out


@pytest.mark.parametrize(
    ("by", "hint"),
    [("polcy", "column 'policy' is read as the field 'condition': did you mean "
               "--by condition?"),
     ("policy", "did you mean --by condition?"),
     ("condtion", "; did you mean --by condition?"),
     ("zzz", "oracle_pivot, semantic_regret)\n")],
)  # fmt: skip
def test_by_a_column_name_suggests_the_field(tmp_path, capsys, by, hint):
    path = tmp_path / "runs.csv"
    path.write_text(NEWUSER_CSV)
    code, out, err = _run(capsys, str(path), *MAP, "--by", by)
    assert (code, out) == (2, "")
    assert err.startswith(
        f"context-laws rates: error: --by {by}: not a trial field (--by takes "
        "fields, not columns: task_id, condition, budget,"
    )
    assert err.endswith(hint + ("" if hint.endswith("\n") else "\n"))


def test_format_cells_names_bad_arguments_and_writes_canonical_json():
    """Bad cells/fmt are named errors; JSON is sorted, indented and NaN-free."""
    import json

    from witnesses import Trial
    from witnesses.rates import format_cells, rates

    cells = rates([Trial("t1", "naive", raw_validity=True),
                   Trial("t2", "naive", raw_validity=False)])  # fmt: skip
    with pytest.raises(TypeError, match="cells must be a sequence of CellRates"):
        format_cells(cells[0])
    with pytest.raises(TypeError, match=r"cells\[0\] must be a CellRates"):
        format_cells(["x"])
    with pytest.raises(ValueError, match="fmt must be one of"):
        format_cells(cells, fmt="xml")
    text = format_cells(cells, fmt="json", meta={"zeta": 1, "alpha": 2})
    doc = json.loads(text)
    assert text == json.dumps(doc, sort_keys=True, indent=2) + "\n"
    assert list(doc) == sorted(doc)


def test_a_map_given_twice_is_an_error_and_spaces_around_it_are_ignored(runs, capsys):
    """New user (2026-11-27): a second --map of one field silently won."""
    code, out, err = _run(capsys, str(runs), *ARGS, "--map", "raw_validity=tokens")
    assert (code, out) == (2, "")
    assert err.strip().endswith(
        "--map raw_validity is given twice ('valid' and 'tokens'); give it once"
    )
    same = _run(capsys, str(runs), *ARGS, "--map", "raw_validity=valid")
    spaced = [a.replace("=", " = ") if a.startswith("full_pivot") else a for a in ARGS]
    assert _run(capsys, str(runs), *ARGS) == same == _run(capsys, str(runs), *spaced)
    assert same[0] == 0


def test_condition_and_a_mapped_condition_column_together_are_an_error(runs, capsys):
    """New user (2026-11-27): --condition was silently ignored beside --map condition=."""
    code, out, err = _run(capsys, str(runs), *ARGS, "--condition", "mine")
    assert (code, out) == (2, "")
    assert err.strip().endswith(
        "--condition mine and --map condition=method both set the condition "
        "(the column would win); give one"
    )
