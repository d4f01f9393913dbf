"""A key on one JSON line only, where that line lacks a close mapped key: a warning.

New-user finding 6: line 1 of a JSONL file with ``"chosne"`` for ``"chosen"``
silently read as "no pivot emitted". Both JSONL paths (the pyarrow fast path
and the strict reader) must agree: the fast path declines a file that may hold
such a key, and the strict reader names the line.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from witnesses import Trial, load_trials
from witnesses.rates.cli import main as rates_main
from witnesses.rates.trials import TRIAL_FIELDS

# white-box: the loaders' parts, reached through the loaded modules (as a
# monkeypatch target names them), not by a private import
_loader: Any = sys.modules["witnesses.rates._load"]
_columns: Any = sys.modules["witnesses.rates._columns"]
load_file, make_plan, misspelt_keys = (
    _loader.load_file,
    _loader.make_plan,
    _loader.misspelt_keys,
)
load_jsonl_columns = _columns.load_jsonl_columns

MAP = {
    "task_id": "id",
    "condition": "cond",
    "chosen_pivot": "chosen",
    "full_pivot": "full",
}
ARGS = [a for k, v in MAP.items() for a in ("--map", f"{k}={v}")]


def _rows(n: int = 4) -> list[dict[str, Any]]:
    return [
        {"id": f"t{i}", "cond": "a", "full": "e1", "chosen": "e1" if i % 2 else "e2"}
        for i in range(n)
    ]


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _typo(tmp_path: Path, name: str = "t.jsonl") -> Path:
    rows = _rows()
    rows[0]["chosne"] = rows[0].pop("chosen")
    return _jsonl(tmp_path / name, rows)


def _plan(path: Path, mapping: dict[str, str] = MAP, measures: Any = None) -> Any:
    return make_plan(
        path,
        TRIAL_FIELDS,
        mapping=mapping,
        measures=measures,
        constants=None,
        preset=None,
    )


def _load(path: Path, *, fast: bool, **kw: Any) -> Any:
    plan = _plan(path, **kw)
    if fast:
        return load_file(path, plan, Trial, format=None, max_bytes=1 << 20, warn=False)
    saved = _columns.load_jsonl_columns
    _columns.load_jsonl_columns = lambda *a, **k: None
    try:
        return load_file(path, plan, Trial, format=None, max_bytes=1 << 20, warn=False)
    finally:
        _columns.load_jsonl_columns = saved


WARNING = (
    "t.jsonl: line 1 has 'chosne' and no 'chosen' (chosen_pivot), a key no line "
    "holds with 'chosen': a misspelt key? that line reads as holding no chosen_pivot"
)


def test_the_command_line_names_the_line_and_both_keys(tmp_path, capsys) -> None:
    path = _typo(tmp_path)
    assert rates_main([str(path), *ARGS]) == 0
    out = capsys.readouterr().out
    assert "warning: " + WARNING[:86] in out.replace("\n  ", " ")
    assert WARNING in out.replace("\n  ", " ")
    assert "note:" not in out  # a pivot is no true/false field: no blank count


def test_json_output_lists_them_and_csv_output_warns_on_stderr(
    tmp_path, capsys
) -> None:
    path = _typo(tmp_path)
    assert rates_main([str(path), *ARGS, "--format", "json"]) == 0
    meta = json.loads(capsys.readouterr().out)
    assert meta["misspelt_keys"] == [
        {"row": 1, "key": "chosne", "column": "chosen", "field": "chosen_pivot"}
    ]
    assert rates_main([str(path), *ARGS, "--format", "csv"]) == 0
    captured = capsys.readouterr()
    assert captured.err == f"warning: {WARNING}\n"
    assert "chosne" not in captured.out


def test_both_jsonl_paths_agree_and_the_fast_path_declines_the_file(tmp_path) -> None:
    path = _typo(tmp_path)
    fast, strict = _load(path, fast=True), _load(path, fast=False)
    assert (
        fast.misspelt == strict.misspelt == ((1, "chosne", "chosen", "chosen_pivot"),)
    )
    assert repr(fast.trials) == repr(strict.trials)
    assert load_jsonl_columns(path, _plan(path), Trial, 1 << 20) is None
    clean = _jsonl(tmp_path / "c.jsonl", _rows())
    assert load_jsonl_columns(clean, _plan(clean), Trial, 1 << 20) is not None


def test_a_far_lone_key_keeps_the_fast_path_and_warns_of_nothing(tmp_path) -> None:
    rows = _rows()
    rows[0]["note"] = rows[0].pop("chosen")  # not close to 'chosen'
    path = _jsonl(tmp_path / "n.jsonl", rows)
    assert load_jsonl_columns(path, _plan(path), Trial, 1 << 20) is not None
    assert _load(path, fast=False).misspelt == ()


def test_the_library_warns(tmp_path) -> None:
    path = _typo(tmp_path)
    with pytest.warns(
        UserWarning, match=r"^t\.jsonl: line 1 has 'chosne' and no 'chosen'"
    ):
        trials = load_trials(path, mapping=MAP)
    assert trials[0].chosen_pivot is None
    clean = _jsonl(tmp_path / "c.jsonl", _rows())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_trials(clean, mapping=MAP)


def test_a_json_list_counts_rows(tmp_path) -> None:
    rows = _rows()
    rows[2]["fulll"] = rows[2].pop("full")
    path = tmp_path / "t.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    with pytest.warns(UserWarning, match=r"^t\.json: row 3 has 'fulll' and no 'full' \(full_pivot\), a key no row holds with 'full'"):  # fmt: skip
        load_trials(path, mapping=MAP)


@pytest.mark.parametrize(
    "change",
    [
        "has_column",  # the line has the mapped key too
        "read_by_a_field",  # the odd key is itself mapped
        "no_other_line",  # no other line has the mapped key: not a one-line slip
    ],
)
def test_no_warning_unless_every_condition_holds(tmp_path, change: str) -> None:
    rows = _rows()
    mapping = dict(MAP)
    rows[0]["chosne"] = rows[0].pop("chosen")
    if change == "has_column":
        rows[0]["chosen"] = "e1"
    elif change == "read_by_a_field":
        mapping["truth_pivot"] = "chosne"
    else:  # the field seed reads the column 'seed', which no line has
        rows[0]["chosen"] = rows[0].pop("chosne")
        rows[0]["sede"] = 1
    path = _jsonl(tmp_path / "t.jsonl", rows)
    for fast in (True, False):
        assert _load(path, fast=fast, mapping=mapping).misspelt == ()


def test_a_misspelling_on_many_lines_is_named_on_each(tmp_path) -> None:
    # a harness that renamed a key part way writes it on many lines (new user,
    # stop 39: two lines with 'picks' for 'pick' read as "no pivot", no warning)
    rows = _rows()
    rows[0]["chosne"] = rows[0].pop("chosen")
    rows[1]["chosne"] = rows[1].pop("chosen")
    path = _jsonl(tmp_path / "t.jsonl", rows)
    for fast in (True, False):
        assert _load(path, fast=fast).misspelt == (
            (1, "chosne", "chosen", "chosen_pivot"),
            (2, "chosne", "chosen", "chosen_pivot"),
        )


def test_a_shared_key_that_some_line_holds_with_the_column_is_no_misspelling(
    tmp_path,
) -> None:
    rows = _rows()
    rows[0]["chosne"] = rows[0].pop("chosen")
    rows[1]["chosne"] = "e1"  # beside its own 'chosen': a column of its own
    path = _jsonl(tmp_path / "t.jsonl", rows)
    for fast in (True, False):
        assert _load(path, fast=fast).misspelt == ()


def test_an_unmapped_field_column_is_watched_when_other_lines_have_it(tmp_path) -> None:
    rows = [dict(r, seed=i) for i, r in enumerate(_rows())]
    rows[0]["sede"] = rows[0].pop("seed")
    path = _jsonl(tmp_path / "s.jsonl", rows)
    for fast in (True, False):
        assert _load(path, fast=fast).misspelt == ((1, "sede", "seed", "seed"),)


def test_measures_are_watched_and_many_lines_are_summed_up(tmp_path) -> None:
    rows = [dict(r, score=0.5) for r in _rows(14)]
    for r in rows[:12]:
        r.pop("score")
    for i, r in enumerate(rows[:12]):
        r[f"scor_{i}"] = 0.1  # a distinct near-miss on each line
    path = _jsonl(tmp_path / "m.jsonl", rows)
    for fast in (True, False):
        loaded = _load(path, fast=fast, measures={"score": "score"})
        assert [m[:3] for m in loaded.misspelt[:2]] == [
            (1, "scor_0", "score"),
            (2, "scor_1", "score"),
        ]
        assert len(loaded.misspelt) == 12
    notes = _loader.misspelt_note(loaded, path)
    assert (
        len(notes) == 11
        and notes[-1] == "m.jsonl: and 2 more lines with a likely misspelt key"
    )


def test_a_row_without_the_key_counts_once_in_the_blank_note(tmp_path, capsys) -> None:
    rows = [{"id": f"t{i}", "cond": "a", "ok": True} for i in range(4)]
    rows[1]["okk"] = rows[1].pop("ok")
    path = _jsonl(tmp_path / "k.jsonl", rows)
    argv = [
        "--map",
        "task_id=id",
        "--map",
        "condition=cond",
        "--map",
        "raw_validity=ok",
    ]
    assert rates_main([str(path), *argv]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "note: 1 of 4 trials has no value in column 'ok' (raw_validity)" in out
    assert "line 2 has 'okk' and no 'ok'" in out


def test_misspelt_keys_picks_the_closest_lone_key() -> None:
    plan = _plan(Path("x.jsonl"))
    suspects = [(5, ["chosen", "full"], ["chosne", "chosn", "fuller", "zzz"])]
    got = misspelt_keys(plan, suspects, repeated={"fuller"}, seen={"chosen", "full"})
    assert got == ((5, "chosn", "chosen", "chosen_pivot"),)  # 0.91 beats 0.83


def test_the_warning_points_at_the_callers_line(tmp_path) -> None:
    path = _typo(tmp_path)
    with pytest.warns(UserWarning, match="chosne") as record:
        load_trials(path, mapping=MAP)
    assert [w.filename for w in record] == [__file__]


@pytest.mark.parametrize("lines", [10, 11])
def test_ten_are_listed_then_a_summary_line(tmp_path, lines: int) -> None:
    rows = [dict(r, score=0.5) for r in _rows(13)]
    for i, r in enumerate(rows[:lines]):
        r.pop("score")
        r[f"scor_{i}"] = 0.1
    path = _jsonl(tmp_path / "m.jsonl", rows)
    loaded = _load(path, fast=False, measures={"score": "score"})
    notes = _loader.misspelt_note(loaded, path)
    assert len(loaded.misspelt) == lines
    summary = (
        ["m.jsonl: and 1 more lines with a likely misspelt key"] if lines == 11 else []
    )
    assert len(notes) == 10 + len(summary) and notes[10:] == summary


def test_a_lone_key_beside_a_full_column_keeps_the_fast_path(tmp_path) -> None:
    rows = _rows()
    rows[0]["chosne"] = "e9"  # the line has 'chosen' too: no slip, nothing to decide
    path = _jsonl(tmp_path / "f.jsonl", rows)
    assert load_jsonl_columns(path, _plan(path), Trial, 1 << 20) is not None
    assert _load(path, fast=False).misspelt == ()
