"""New-user findings 7, 9, 10 and 16 on reading harness files (JSON, JSONL, CSV).

7: a lone surrogate escape in a JSONL value crashed ``rates`` (exit 1) when the
value was printed; it is now a cell error (exit 2) naming file, row and column.
"""

from __future__ import annotations

import json
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
            "witnesses._readers.load_jsonl_columns", lambda *a, **k: None
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
