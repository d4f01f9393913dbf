"""The loader's edges that its mutants showed untested (issue 33).

Blank counts of JSON rows without a key, the differences a retried run's
message lists, and the other corners of ``witnesses.rates._load``.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from witnesses import Trial, load_trials
from witnesses.rates import rates
from witnesses.rates.cli import main


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


MAP = ["--map", "task_id=run", "--map", "condition=arm"]


def test_a_json_row_without_an_outcome_key_is_counted_once_without_nulls(
    tmp_path, capsys
):
    # one row lacks the key, no row holds a null: 1 blank, not 2 (nor 0)
    rows = [
        {"run": "r1", "arm": "a", "ok": True},
        {"run": "r2", "arm": "a"},
        {"run": "r3", "arm": "a", "ok": False},
    ]
    path = _jsonl(tmp_path / "k.jsonl", rows)
    code = main([str(path), *MAP, "--map", "raw_validity=ok", "--format", "json"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["no_value"] == {"ok": {"field": "raw_validity", "trials": 1}}


def test_a_json_row_without_a_non_outcome_key_is_not_a_blank(tmp_path, capsys):
    # blanks are counted for the true/false outcomes only, not for a budget
    rows = [
        {"run": "r1", "arm": "a", "ok": True, "b": 0.5},
        {"run": "r2", "arm": "a", "ok": True},
    ]
    path = _jsonl(tmp_path / "k.jsonl", rows)
    argv = [str(path), *MAP, "--map", "raw_validity=ok", "--map", "budget=b"]
    assert main([*argv, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["no_value"] == {}
    assert main(argv) == 0
    assert "note:" not in capsys.readouterr().out


def _retried(n_differences):
    base = {"raw_validity": True, "full_pivot": "a", "chosen_pivot": "a",
            "header_present": True, "semantic_regret": 0.0}  # fmt: skip
    other = {"raw_validity": False, "full_pivot": "b", "chosen_pivot": "b",
             "header_present": False, "semantic_regret": 1.0}  # fmt: skip
    changed = dict(base)
    for name in list(other)[:n_differences]:
        changed[name] = other[name]
    return Trial("t1", "c", **base), Trial("t1", "c", **changed)


@pytest.mark.parametrize(
    ("n", "listed"),
    [
        (2, "(full_pivot 'a' vs 'b', raw_validity True vs False)"),
        (
            3,
            "(full_pivot 'a' vs 'b', chosen_pivot 'a' vs 'b', raw_validity True vs False)",
        ),
        (
            4,
            "(full_pivot 'a' vs 'b', chosen_pivot 'a' vs 'b', raw_validity True vs "
            "False and 1 more)",
        ),
        (
            5,
            "(full_pivot 'a' vs 'b', chosen_pivot 'a' vs 'b', raw_validity True vs "
            "False and 2 more)",
        ),
    ],
)
def test_a_retried_run_lists_its_first_three_differences(n, listed):
    with pytest.raises(ValueError, match="with other values") as exc:
        rates(list(_retried(n)))
    assert listed in str(exc.value)


@dataclass(frozen=True)
class _Tagged(Trial):
    meta: Mapping[str, int] = field(default_factory=dict, hash=False)


def test_a_mapping_field_other_than_measures_is_named_as_a_field():
    a = _Tagged("t1", "c", raw_validity=True, meta={"lr": 1})
    b = _Tagged("t1", "c", raw_validity=True, meta={"lr": 2})
    with pytest.raises(ValueError, match=r"with other values \(meta ") as exc:
        rates([a, b])
    assert "lr 1 vs 2" not in str(exc.value)


def test_measures_that_differ_are_listed_by_name():
    a = Trial("t1", "c", measures={"x": 1.0, "y": 2.0})
    b = Trial("t1", "c", measures={"x": 1.0, "y": 3.0})
    with pytest.raises(ValueError, match=r"with other values \(y 2\.0 vs 3\.0\)"):
        rates([a, b])


def test_load_trials_reads_a_json_file(tmp_path):
    path = _jsonl(tmp_path / "k.jsonl", [{"task_id": "t", "condition": "c"}])
    assert load_trials(path) == [Trial("t", "c")]


@dataclass(frozen=True)
class _Scored(Trial):
    score: float = 0.0


def test_a_field_nan_in_both_runs_is_not_listed_as_a_difference():
    nan = float("nan")
    a = _Scored("t1", "c", raw_validity=True, score=nan)
    b = _Scored("t1", "c", raw_validity=False, score=float("nan"))
    with pytest.raises(ValueError, match="with other values") as exc:
        rates([a, b])
    assert "(raw_validity True vs False)" in str(exc.value)
