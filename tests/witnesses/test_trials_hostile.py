"""Loaders read what they are given, and refuse the rest by name (issue 22, item 3)."""

import json
import os
import signal
import stat
from pathlib import Path

import pytest

from witnesses import load_trials
from witnesses.rates.trials import DEFAULT_MAX_BYTES


@pytest.fixture
def alarm():
    """Fail instead of hanging: a loader that blocks is a bug, not a slow test."""

    def _boom(signum, frame):
        raise AssertionError("the loader blocked")

    old = signal.signal(signal.SIGALRM, _boom)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_utf8_bom_is_skipped(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_bytes(b"\xef\xbb\xbftask_id,condition\nt1,naive\n")
    (trial,) = load_trials(path)
    assert trial.task_id == "t1"


def test_quoted_newlines_stay_in_their_cell_and_rows_count_records(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text(
        'task_id,condition,model\nt1,naive,"a\nb"\n"t\n2",naive,x\nt3,,y\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="row 4, column 'condition'") as info:
        load_trials(path)
    assert str(path) in str(info.value)
    path.write_text('task_id,condition,model\nt1,naive,"a\r\nb, ""c"""\n')
    (trial,) = load_trials(path)
    assert trial.model == 'a\r\nb, "c"'


def test_duplicate_header_is_refused_naming_the_column(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,seed,seed\nt1,naive,1,2\n")
    with pytest.raises(
        ValueError, match="row 1: duplicate column 'seed' \\(columns 3 and 4\\)"
    ):
        load_trials(path)


def test_short_row_is_refused_naming_the_row(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition,seed\nt1,naive,1\nt2,naive\n")
    with pytest.raises(
        ValueError, match="row 3: fewer cells than header columns \\(2 cells, 3"
    ):
        load_trials(path)


def test_deeply_nested_json_is_a_value_error(tmp_path):
    path = tmp_path / "runs.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="nested too deeply") as info:
        load_trials(path)
    assert str(path) in str(info.value)
    lines = tmp_path / "runs.jsonl"
    lines.write_text(
        '{"task_id": "a", "condition": "c"}\n' + "[" * 100_000 + "]" * 100_000
    )
    with pytest.raises(ValueError, match="row 2: JSON nested too deeply"):
        load_trials(lines)


def test_nested_value_in_a_field_is_named_without_its_repr(tmp_path):
    path = tmp_path / "runs.jsonl"
    deep = "[" * 500 + "]" * 500
    path.write_text('{"task_id": "a", "condition": "c", "budget": ' + deep + "}\n")
    with pytest.raises(
        ValueError, match="row 1, column 'budget': expected a number, got a JSON array"
    ):
        load_trials(path)


def test_huge_number_is_a_value_error_naming_the_column(tmp_path):
    path = tmp_path / "runs.jsonl"
    path.write_text(
        json.dumps({"task_id": "a", "condition": "c"})[:-1]
        + ', "budget": '
        + "9" * 400
        + "}\n"
    )
    with pytest.raises(
        ValueError, match=r"row 1, column 'budget'.*too large for a float"
    ):
        load_trials(path)
    path.write_text(
        '{"task_id": "a", "condition": "c", "budget": ' + "9" * 5000 + "}\n"
    )
    with pytest.raises(ValueError, match="row 1: unreadable JSON value"):
        load_trials(path)


def test_non_utf8_bytes_name_the_file_and_row(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition\nt1,naive\nt2,na\xffve\n")
    with pytest.raises(ValueError, match="line 3: not UTF-8 text") as info:
        load_trials(path)
    assert str(path) in str(info.value)
    doc = tmp_path / "runs.json"
    doc.write_bytes(b'[\n{"task_id": "\xff", "condition": "c"}]')
    with pytest.raises(ValueError, match="line 2: not UTF-8 text"):
        load_trials(doc)


def test_fifo_is_refused_without_blocking(tmp_path, alarm):
    path = tmp_path / "runs.csv"
    os.mkfifo(path)
    with pytest.raises(ValueError, match="is a FIFO; only regular files are read"):
        load_trials(path)


@pytest.mark.skipif(not Path("/dev/urandom").exists(), reason="no /dev/urandom")
def test_device_is_refused_without_reading(alarm):
    with pytest.raises(ValueError, match="is a character device"):
        load_trials("/dev/urandom", format="csv")


def test_directory_is_refused(tmp_path):
    path = tmp_path / "runs.csv"
    path.mkdir()
    with pytest.raises(ValueError, match="is a directory"):
        load_trials(path)


def test_size_cap_is_documented_and_overridable(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition\nt1,naive\n")
    size = path.stat().st_size
    with pytest.raises(
        ValueError, match=f"has {size} bytes, more than max_bytes={size - 1}"
    ):
        load_trials(path, max_bytes=size - 1)
    assert len(load_trials(path, max_bytes=size)) == 1
    assert DEFAULT_MAX_BYTES == 256 * 1024 * 1024
    assert stat.S_ISREG(path.stat().st_mode)


BAD_ARGUMENTS = [
    ({"mapping": 1.5}, TypeError, "mapping must be a mapping or None, got 1.5"),
    (
        {"measures": {"tokens": 3}},
        TypeError,
        "measures\\['tokens'\\] must be a column name",
    ),
    ({"constants": ["x"]}, TypeError, "constants must be a mapping"),
    (
        {"constants": {"pivot": "x"}},
        ValueError,
        "constants names an unknown trial field 'pivot'",
    ),
    ({"max_bytes": -1}, ValueError, "max_bytes must be >= 0, got -1"),
    ({"max_bytes": 1.5}, TypeError, "max_bytes must be an int, got 1.5"),
]


@pytest.mark.parametrize(("kwargs", "error", "match"), BAD_ARGUMENTS)
def test_bad_loader_arguments_name_the_argument(tmp_path, kwargs, error, match):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,condition\nt1,naive\n")
    with pytest.raises(error, match=match):
        load_trials(path, **kwargs)


def test_measures_and_constants_fill_the_trial(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("task_id,tokens,kept\nt1,100,40\nt2,120,\n")
    a, b = load_trials(path, measures=["tokens", "kept"], constants={"condition": "kv"})
    assert (a.condition, a.measures) == ("kv", {"tokens": 100.0, "kept": 40.0})
    assert b.measures == {"tokens": 120.0}
    path.write_text("task_id,tokens\nt1,many\n")
    with pytest.raises(ValueError, match="row 2, column 'tokens': expected a number"):
        load_trials(path, measures={"tokens": "tokens"}, constants={"condition": "kv"})
