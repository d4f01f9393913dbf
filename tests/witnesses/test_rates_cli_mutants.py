"""The rates command line's edges that its mutants showed untested (issue 33).

Exit codes 2 and 3, the 256 MiB cap, the measure bounds, the statistics a file
cannot give under the default conventions, and the notes' layout.
"""

import json

import pytest

import witnesses.rates.cli as cli
from witnesses.rates.cli import main


def _run(capsys, *argv):
    code = main([*argv])
    out, err = capsys.readouterr()
    return code, out, err


def _csv(tmp_path, text, name="runs.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("item", ["task_id", "=task", "task_id=", " = ", "task_id = "])
def test_a_map_without_a_name_or_a_column_is_exit_2(tmp_path, capsys, item):
    path = _csv(tmp_path, "task,condition\nt1,a\n")
    code, out, err = _run(capsys, str(path), "--map", item)
    assert (code, out) == (2, "")
    assert f"--map takes name=column, got {item!r}" in err


def test_help_starts_with_the_first_line_of_the_module_doc(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert (
        "\nThe rate layer's command line: a harness file's rates and means, per cell.\n"
        in out
    )


def test_a_crash_is_exit_3_with_its_traceback(tmp_path, capsys, monkeypatch):
    path = _csv(tmp_path, "task_id,condition,raw_validity\nt1,a,1\n")

    def broken(*args, **kwargs):
        raise RuntimeError("a bug inside rates")

    monkeypatch.setattr(cli, "rates", broken)
    code, out, err = _run(capsys, str(path))
    assert (code, out) == (3, "")
    assert "Traceback" in err and "RuntimeError: a bug inside rates" in err


def test_a_file_that_appears_at_out_meanwhile_is_kept_and_exit_2(
    tmp_path, capsys, monkeypatch
):
    path = _csv(tmp_path, "task_id,condition,raw_validity\nt1,a,1\n")
    out_path = tmp_path / "table.txt"
    run = cli._run

    def racing(args):
        text = run(args)
        out_path.write_text(
            "someone else's file\n"
        )  # after the check, before the write
        return text

    monkeypatch.setattr(cli, "_run", racing)
    code, out, err = _run(capsys, str(path), "--out", str(out_path))
    assert (code, out) == (2, "")
    assert f"error: --out={str(out_path)!r}" in err and "refusing to replace it" in err
    assert out_path.read_text() == "someone else's file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["runs.csv", "table.txt"]


def test_table_without_preset_is_exit_2(tmp_path, capsys):
    path = _csv(tmp_path, "task_id,condition,raw_validity\nt1,a,1\n")
    code, out, err = _run(capsys, str(path), "--table", "Table 5")
    assert (code, out) == (2, "")
    assert "--table needs --preset" in err


def test_the_file_size_cap_is_256_mib(tmp_path, capsys):
    path = tmp_path / "big.csv"
    with path.open("wb") as fh:
        fh.truncate(256 * 1024 * 1024 + 1)  # sparse: nothing is written
    code, out, err = _run(capsys, str(path))
    assert (code, out) == (2, "")
    assert "the file has 268435457 bytes, more than max_bytes=268435456" in err


@pytest.mark.parametrize(
    ("values", "bounded"),
    [
        ((0.0, 0.25, 1.0), ["score"]),  # the ends of [0, 1] are inside
        ((-0.5, 0.25, 0.5), []),
        ((0.5, 0.75, 1.5), []),
    ],
)
def test_a_measure_is_bounded_only_when_every_value_is_in_0_1(
    tmp_path, capsys, values, bounded
):
    rows = "".join(f"t{i},a,{v}\n" for i, v in enumerate(values))
    path = _csv(tmp_path, "task_id,condition,s\n" + rows)
    code, out, _ = _run(capsys, str(path), "--measure", "score=s", "--format", "json")
    assert code == 0
    assert json.loads(out)["conventions"]["bounded_measures"] == bounded


def test_default_conventions_say_which_statistics_a_pivot_only_file_cannot_give(
    tmp_path, capsys
):
    # full and chosen pivots, no validity: the default preservation counts
    # valid solves only (absent), the default shift compares chosen and full
    # pivots (present), the default mirage reads them too, and a degraded
    # flag, which the file does not record (absent).
    path = _csv(
        tmp_path, "task_id,condition,full_pivot,chosen_pivot\nt1,a,e1,e1\nt2,a,e1,e2\n"
    )
    code, out, _ = _run(capsys, str(path), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["not_in_this_file"] == [
        "absolute_regret", "fixed_pivot_feasibility", "header_compliance",
        "pivot_preservation", "preservation_given_header", "protocol_collapse",
        "raw_validity", "raw_validity_score", "relative_regret", "semantic_regret",
        "silent_mirage", "silent_mirage_per_trial", "silent_substitution",
        "valid_but_switched",
    ]  # fmt: skip
    assert set(doc["cells"][0]["rates"]) == {"information_shift"}


BLANKS = "task_id,condition,val,hp\nt1,a,1,yes\nt2,a,,\n"
BLANK_ARGS = ("--map", "raw_validity=val", "--map", "header_present=hp")
NOTES = [
    # 96 columns: the next word does not fit in 100 (it would in 101)
    "note: 1 of 2 trials has no value in column 'hp' (header_present); they are left out of the rates",
    "  that read it (see the denominators)",
    # exactly 100 columns (99 would break before "that")
    "note: 1 of 2 trials has no value in column 'val' (raw_validity); they are left out of the rates that",
    "  read it (see the denominators)",
]  # fmt: skip


def test_notes_wrap_at_100_columns_below_the_text_table(tmp_path, capsys):
    path = _csv(tmp_path, BLANKS)
    code, out, _ = _run(capsys, str(path), *BLANK_ARGS)
    assert code == 0
    lines = out.splitlines()
    assert lines[-4:] == NOTES
    assert lines[-5].startswith("intervals (95%)")  # no blank line in text


def test_notes_follow_a_markdown_table_after_a_blank_line(tmp_path, capsys):
    path = _csv(tmp_path, BLANKS)
    code, out, _ = _run(capsys, str(path), *BLANK_ARGS, "--format", "md")
    assert code == 0
    lines = out.splitlines()
    assert lines[-4:] == NOTES
    assert lines[-5] == ""  # markdown: each paragraph ends at a blank line
    assert lines[-6].startswith("intervals (95%): ")  # the conventions
    assert lines[-7] == ""  # markdown: the table ends at a blank line
    assert lines[-8].startswith("| a | 2 |")


NTSB = (
    "incident_id,method,budget,oracle_full_pivot,oracle_compressed_pivot,"
    "predicted_full_pivot,predicted_pivot\n"
    "i1,m,0.5,e1,e1,e1,e1\n"
    "i2,m,0.5,e1,e2,e1,e2\n"
)


def test_a_preset_file_without_flags_or_measures_names_what_it_cannot_give(
    tmp_path, capsys
):
    # mirage-ntsb: the shift compares oracle and truth pivots (held here), the
    # silent mirage reads the oracle's degraded flag (not held), and the
    # preset's measures are absent too; trial fields are not statistics.
    path = _csv(tmp_path, NTSB)
    code, out, _ = _run(
        capsys, str(path), "--preset", "mirage-ntsb", "--format", "json"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["not_in_this_file"] == [
        "absolute_regret", "achieved_retention", "fixed_pivot_feasibility",
        "header_compliance", "n_events_kept", "n_events_total", "prereq_ratio",
        "preservation_given_header", "protocol_collapse", "raw_validity",
        "raw_validity_score", "relative_regret", "semantic_regret", "silent_mirage",
        "silent_mirage_per_trial", "silent_substitution", "valid_but_switched",
    ]  # fmt: skip
    assert [sorted(c["rates"]) for c in doc["cells"]] == [
        ["information_shift", "pivot_preservation"]
    ]
