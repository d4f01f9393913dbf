"""A new user's two silent misreads (stop 38): unknown degraded flags, big JSON seeds."""

from __future__ import annotations

import json

from witnesses import load_trials
from witnesses.rates.cli import main

MAP = [
    "--map", "task_id=id", "--map", "condition=cond",
    "--map", "full_pivot=full", "--map", "chosen_pivot=chosen",
]  # fmt: skip
ROWS = [  # three degraded (wrong pivot) runs, one of them flagged
    {"id": "t1", "cond": "a", "full": "p", "chosen": "q", "flag": True},
    {"id": "t2", "cond": "a", "full": "p", "chosen": "q", "flag": False},
    {"id": "t3", "cond": "a", "full": "p", "chosen": "r", "flag": False},
    {"id": "t4", "cond": "a", "full": "p", "chosen": "p", "flag": False},
]


def _jsonl(tmp_path, rows, name="runs.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _json_out(capsys, *argv):
    assert main([*map(str, argv), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_silent_mirage_needs_a_recorded_flag(tmp_path, capsys):
    flagged = _jsonl(tmp_path, ROWS)
    out = _json_out(capsys, flagged, *MAP, "--map", "degraded_flag=flag")
    rate = out["cells"][0]["rates"]["silent_mirage"]
    assert (rate["numerator"], rate["denominator"]) == (2, 3)
    assert "silent_mirage" not in out["not_in_this_file"]

    # no flag column, or a flag column empty in every row: no silent-mirage rate
    # at all (it read a missing flag as "not flagged": 3/3 from no evidence)
    unflagged = _jsonl(tmp_path, [{**r, "flag": None} for r in ROWS], "null.jsonl")
    for argv in ((unflagged, *MAP, "--map", "degraded_flag=flag"), (flagged, *MAP)):
        out = _json_out(capsys, *argv)
        assert {"silent_mirage", "silent_mirage_per_trial"} <= set(
            out["not_in_this_file"]
        )
        assert "silent_mirage" not in out["cells"][0]["rates"]


def test_a_partly_missing_flag_leaves_those_trials_out(tmp_path, capsys):
    rows = [dict(r) for r in ROWS]
    rows[0]["flag"] = None  # t1 degraded, flag unknown: left out, not "not flagged"
    path = _jsonl(tmp_path, rows)
    assert main([str(path), *MAP, "--map", "degraded_flag=flag"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert (
        "note: 1 of 4 trials has no value in column 'flag' (degraded_flag); "
        "they are left out of the rates that read it (see the denominators)"
    ) in text
    assert "(2/2)" in text and "(2/3)" in text and "(3/3)" not in text


def test_json_seeds_above_2_53_stay_exact(tmp_path):
    seeds = [2**60 + 1, 2**60 + 3, 2**63 - 1]
    rows = [{"id": f"t{i}", "cond": "a", "seed": s} for i, s in enumerate(seeds)]
    path = _jsonl(tmp_path, rows)
    mapping = {"task_id": "id", "condition": "cond", "seed": "seed"}
    assert [t.seed for t in load_trials(path, mapping=mapping)] == seeds
    doc = tmp_path / "runs.json"
    doc.write_text(json.dumps({"trials": rows}))
    assert [t.seed for t in load_trials(doc, mapping=mapping)] == seeds


def test_notes_for_columns_empty_in_every_row(tmp_path, capsys):
    """An all-empty flag column gives no rate and no note; another field keeps its note."""
    rows = [{**r, "flag": None, "v": None} for r in ROWS]
    path = _jsonl(tmp_path, rows)
    argv = [str(path), *MAP, "--map", "degraded_flag=flag", "--map", "raw_validity=v"]
    assert main(argv) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(degraded_flag)" not in text
    assert (
        "note: 4 of 4 trials have no value in column 'v' (raw_validity); they are "
        "left out of the rates that read it"
    ) in text
