"""New-user findings 7, 9, 10 and 16 on reading harness files (JSON, JSONL, CSV).

7: a lone surrogate escape in a JSONL value crashed ``rates`` (exit 1) when the
value was printed; it is now a cell error (exit 2) naming file, row and column.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from witnesses import load_trials
from witnesses.rates.cli import main as rates_main

ARGS = ["--map", "task_id=id", "--map", "condition=cond", "--map", "raw_validity=ok"]


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _lines(*rows: str) -> str:
    return "".join(row + "\n" for row in rows)


@pytest.mark.parametrize("fast", [True, False])
def test_a_lone_surrogate_is_exit_2_naming_file_row_and_column(
    tmp_path, capsys, monkeypatch, fast: bool
) -> None:
    if not fast:
        monkeypatch.setattr(
            "witnesses.rates._columns.load_jsonl_columns", lambda *a, **k: None
        )
    path = _write(
        tmp_path / "s.jsonl",
        _lines(
            '{"id": "t1", "cond": "a", "ok": true}',
            '{"id": "t2", "cond": "nai\\ud800ve", "ok": false}',
        ),
    )
    assert rates_main([str(path), *ARGS]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"context-laws rates: error: {path}: row 2, column 'cond': not valid Unicode: "
        "a lone surrogate \\ud800 at character 4 of 'nai\\ud800ve' (half of a UTF-16 "
        "pair, from a JSON escape; write the character itself or both halves)\n"
    )


def test_a_lone_low_surrogate_in_a_pivot_of_a_json_list_is_refused(tmp_path) -> None:
    rows = [{"id": "t1", "cond": "a", "chosen": "e\udc01"}]
    path = _write(tmp_path / "s.json", json.dumps(rows))
    with pytest.raises(ValueError, match=r"row 1, column 'chosen': .*lone surrogate \\udc01 at character 2"):  # fmt: skip
        load_trials(path, mapping={"task_id": "id", "condition": "cond", "chosen_pivot": "chosen"})  # fmt: skip


def test_a_surrogate_pair_and_other_unicode_read_as_text(tmp_path) -> None:
    path = _write(
        tmp_path / "u.jsonl",
        _lines(
            '{"id": "t1", "cond": "\\ud83d\\ude00", "ok": true}',
            '{"id": "t2", "cond": "naïve", "ok": false}',
        ),
    )
    trials = load_trials(path, mapping={"task_id": "id", "condition": "cond", "raw_validity": "ok"})  # fmt: skip
    assert [t.condition for t in trials] == ["\U0001f600", "naïve"]


# -- 9: messages name the column, the row's own keys, the character ----------


def _error(path: Path, mapping: dict[str, str], **kw: object) -> str:
    with pytest.raises(ValueError, match=r"^.") as info:
        load_trials(path, mapping=mapping, **kw)
    return str(info.value)


MAPPING = {"task_id": "id", "condition": "cond", "raw_validity": "ok"}
PLAIN = {"task_id": "id", "condition": "cond"}


def test_an_out_of_range_score_names_the_column_and_the_value_as_written(
    tmp_path,
) -> None:
    path = _write(tmp_path / "v.jsonl", _lines('{"id": "t1", "cond": "a", "ok": 2}'))
    assert _error(path, MAPPING) == (
        f"{path}: row 1, column 'ok': raw_validity must be a bool or in [0, 1], got 2"
    )
    csv = _write(tmp_path / "v.csv", "id,cond,ok,regret\nt1,a,1,1.5\n")
    mapping = {**MAPPING, "semantic_regret": "regret"}
    assert _error(csv, mapping) == (
        f"{csv}: row 2, column 'regret': semantic_regret must be in [0, 1], got '1.5'"
    )
    # a constant has no cell: the message stays the trial's
    path = _write(tmp_path / "c.jsonl", _lines('{"id": "t1", "ok": true}'))
    text = _error(
        path, {"task_id": "id", "raw_validity": "ok"}, constants={"condition": 5}
    )
    assert text == f"{path}: row 1: condition must be a non-empty str, got 5"


def test_a_missing_required_column_suggests_from_the_row_itself(tmp_path) -> None:
    path = _write(
        tmp_path / "e.jsonl",
        _lines(
            '{"id": "t1", "cond": "a", "ok": true}', "{}", '{"idd": "t3", "cond": "a"}'
        ),
    )
    text = _error(path, MAPPING)
    assert "row 2: required field task_id has no column: 'id' is not in the row (the row is an empty object)" in text  # fmt: skip
    assert "did you mean 'id'" not in text
    path = _write(
        tmp_path / "f.jsonl",
        _lines('{"id": "t1", "cond": "a", "ok": true}', '{"idd": "t3", "cond": "a"}'),
    )
    assert "'id' is not in the row; did you mean 'idd'?" in _error(path, MAPPING)


def test_malformed_json_names_the_character(tmp_path) -> None:
    path = _write(tmp_path / "m.jsonl", _lines('{"id": "t1", "cond": "a\\q"}'))
    assert _error(path, MAPPING) == (
        f"{path}: row 1: malformed JSON at character 24 (Invalid \\escape)"
    )
    doc = _write(tmp_path / "m.json", '[\n {"id": "t1",, "cond": "a"}]')
    assert _error(doc, MAPPING) == (
        f"{doc}: malformed JSON at line 2, character 14 (Expecting property name "
        "enclosed in double quotes)"
    )


# -- 16: bare carriage returns; a JSON array saved as .jsonl ------------------


def test_bare_carriage_returns_are_named(tmp_path) -> None:
    path = tmp_path / "cr.jsonl"
    path.write_bytes(b'{"id": "t1", "cond": "a"}\r{"id": "t2", "cond": "a"}\r')
    assert _error(path, MAPPING) == (
        f"{path}: row 1: malformed JSON at character 27 (Extra data); the line holds "
        "a carriage return that ends no line (old Mac line ends, a bare CR): JSONL "
        "lines end with a newline (\\n or \\r\\n); convert the line ends"
    )
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(b'{"id": "t1", "cond": "a"}\r\n{"id": "t2", "cond": "a\\q"}\r\n')
    assert "carriage return" not in _error(crlf, MAPPING)


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ('[{"id": "t1", "cond": "a"}]\n', "got a JSON array"),
        ('[\n {"id": "t1", "cond": "a"}\n]\n', "malformed JSON at character 1"),
    ],
)
def test_a_json_array_saved_as_jsonl_suggests_the_json_format(
    tmp_path, capsys, text: str, what: str
) -> None:
    path = _write(tmp_path / "arr.jsonl", text)
    message = _error(path, PLAIN)
    assert message.startswith(f"{path}: row 1: ")
    assert what in message
    assert message.endswith(
        "(the file opens a JSON array, not one object a line: read it as JSON, "
        "--file-format json or format='json')"
    )
    assert len(load_trials(path, mapping=PLAIN, format="json")) == 1
    later = _write(tmp_path / "later.jsonl", _lines('{"id": "t1", "cond": "a"}', "[1]"))
    assert "--file-format" not in _error(later, PLAIN)


# -- 10: JSON 1.0 and CSV 1.0 give the same condition -------------------------


@pytest.mark.parametrize("fast", [True, False])
def test_json_numbers_read_as_the_csv_twin_shows_them(
    tmp_path, monkeypatch, fast: bool
) -> None:
    if not fast:
        monkeypatch.setattr(
            "witnesses.rates._columns.load_jsonl_columns", lambda *a, **k: None
        )
    rows = [
        ("t1", "1", "e1"),
        ("t2", "1.0", "e1.0"),
        ("t3", "2.5", "7"),
        ("t4", "1", "7.0"),
    ]
    jsonl = _write(
        tmp_path / "n.jsonl",
        _lines(*(f'{{"id": "{i}", "cond": {c}, "p": "{p}"}}' for i, c, p in rows)),
    )
    csv = _write(
        tmp_path / "n.csv",
        "id,cond,p\n" + "".join(f"{i},{c},{p}\n" for i, c, p in rows),
    )
    mapping = {"task_id": "id", "condition": "cond", "full_pivot": "p"}
    by_json = [(t.condition, t.full_pivot) for t in load_trials(jsonl, mapping=mapping)]
    by_csv = [(t.condition, t.full_pivot) for t in load_trials(csv, mapping=mapping)]
    assert by_json == by_csv == [("1", "e1"), ("1.0", "e1.0"), ("2.5", "7"), ("1", "7")]


def test_the_fast_path_declines_a_whole_float_read_as_text(tmp_path) -> None:
    from witnesses import Trial
    from witnesses.rates.trials import TRIAL_FIELDS

    make_plan = sys.modules["witnesses.rates._load"].make_plan
    load_jsonl_columns = sys.modules["witnesses.rates._columns"].load_jsonl_columns

    def fast(text: str, field: str) -> object:
        path = _write(tmp_path / "w.jsonl", text)
        plan = make_plan(path, TRIAL_FIELDS, mapping={"task_id": "id", field: "x"},
                         measures=None, constants={"condition": "a"} if field != "condition" else None, preset=None)  # fmt: skip
        return load_jsonl_columns(path, plan, Trial, 1 << 20)

    whole = _lines('{"id": "t1", "x": 1.0}', '{"id": "t2", "x": 2.5}')
    half = _lines('{"id": "t1", "x": 1.5}', '{"id": "t2", "x": 2.5}')
    assert fast(whole, "condition") is None
    assert fast(whole, "model") is None
    assert fast(half, "condition") is not None
    assert fast(whole, "full_pivot") is not None  # a pivot drops the fraction anyway
    assert fast(whole, "budget") is not None
