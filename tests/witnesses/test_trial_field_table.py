"""One field table: Trial's checks and the loaders' parsers agree field by field (issue 31).

Every field of :data:`witnesses.TRIAL_FIELDS` read from a CSV cell gives the
trial built from the value directly, and a cell of the wrong kind is refused
naming its column, on the columnar and the strict path alike. The simulators
build their records through the public constructor ``Trial.__init__``.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from witnesses import TRIAL_FIELDS, Trial, load_trials
from witnesses.rates.cli import main as rates_main

# (field, cell text, the value Trial is given, a cell of the wrong kind)
CELLS = {
    "task_id": ("t9", "t9", None),
    "condition": ("naive", "naive", None),
    "budget": ("0.5", 0.5, "half"),
    "seed": ("7", 7, "7.5"),
    "category": ("cat", "cat", None),
    "model": ("m", "m", None),
    "full_pivot": ("41.0", "41", None),
    "chosen_pivot": ("e2", "e2", None),
    "truth_pivot": ("7", "7", None),
    "raw_validity": ("0.75", 0.75, "maybe"),
    "fixed_feasible": ("yes", True, "2"),
    "header_present": ("0", False, "x"),
    "degraded_flag": ("true", True, "0.5"),
    "oracle_degraded": ("F", False, "no way"),
    "full_score": ("-2.5", -2.5, "x"),
    "compressed_score": ("1e3", 1000.0, "inf"),
    "oracle_pivot": ("e3", "e3", None),
    "semantic_regret": ("0.25", 0.25, "1.5"),
}


def test_the_table_covers_every_column_field():
    assert sorted(CELLS) == sorted(f for f in TRIAL_FIELDS if f != "measures")


def _write(tmp_path: Path, name: str, cell: str, kind: str) -> Path:
    """Three rows holding ``cell`` in column ``name``: CSV (columnar) or JSON (strict)."""
    rows = []
    for i in range(3):
        row = {"task_id": f"t{i}", "condition": "naive"}
        row[name] = cell if name != "task_id" else f"{cell}{i}"
        rows.append(row)
    path = tmp_path / f"{name}.{kind}"
    if kind == "json":
        path.write_text(json.dumps(rows))
    else:
        header = list(rows[0])
        lines = [",".join(header)] + [",".join(r[h] for h in header) for r in rows]
        path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("kind", ["csv", "json"])
@pytest.mark.parametrize("name", sorted(CELLS))
def test_a_cell_reads_as_the_value_trial_is_given(tmp_path, name, kind):
    cell, value, _ = CELLS[name]
    trials = load_trials(_write(tmp_path, name, cell, kind))
    expected = {"task_id": "t0", "condition": "naive", name: value}
    if name == "task_id":
        expected["task_id"] = f"{value}0"
    assert trials[0] == Trial(**expected)
    assert type(getattr(trials[0], name)) is type(expected[name])


@pytest.mark.parametrize("kind", ["csv", "json"])
@pytest.mark.parametrize("name", sorted(n for n, c in CELLS.items() if c[2]))
def test_a_cell_of_the_wrong_kind_is_refused_naming_its_column(tmp_path, name, kind):
    bad = CELLS[name][2]
    assert bad is not None
    row = 2 if kind == "csv" else 1
    with pytest.raises(ValueError, match=rf"row {row}, column '{name}'"):
        load_trials(_write(tmp_path, name, bad, kind))


BLANKS = (
    "task_id,condition,budget,seed,model,category,raw_validity,fixed_feasible,"
    "header_present,degraded_flag,oracle_degraded,full_score\n"
    "t1,a,,1,m,c,,true,,false,true,\n"
    "t2,a,0.5,,m,c,true,,true,,,1.0\n"
    "t3,a,0.5,2,,,false,false,false,true,false,0.5\n"
)


@pytest.mark.parametrize("kind", ["csv", "jsonl"])
def test_the_blank_cells_counted_are_those_of_the_true_false_outcomes(
    tmp_path, capsys, kind
):
    # the table's outcome fields: a blank there leaves a trial out of a rate's
    # denominator, and the command line says how many; a blank budget, seed,
    # model, category or score is no outcome
    path = tmp_path / f"blanks.{kind}"
    if kind == "csv":
        path.write_text(BLANKS)
    else:
        header, *rows = BLANKS.splitlines()
        names = header.split(",")
        path.write_text(
            "".join(
                json.dumps(
                    {k: v for k, v in zip(names, row.split(","), strict=True) if v}
                )
                + "\n"
                for row in rows
            )
        )
    assert rates_main([str(path), "--format", "json"]) == 0
    blank = json.loads(capsys.readouterr().out)["no_value"]
    outcomes = ["degraded_flag", "fixed_feasible", "header_present", "oracle_degraded"]
    assert blank == {
        name: {"field": name, "trials": 1} for name in [*outcomes, "raw_validity"]
    }


def test_a_repeated_trial_is_named_by_its_identity_in_order(tmp_path):
    # the identity: task, condition, budget, model, category, seed (that order)
    path = tmp_path / "twice.csv"
    path.write_text(
        "seed,category,model,budget,condition,task_id,raw_validity\n"
        "1,c,m,0.5,a,t1,true\n"
        "1,c,m,0.5,a,t1,false\n"
    )
    with pytest.raises(ValueError, match="repeats the trial of row 2") as err:
        load_trials(path)
    assert (
        "(task_id 't1', condition 'a', budget 0.5, model 'm', category 'c', seed 1)"
        in str(err.value)
    )


SIMULATORS = Path(__file__).resolve().parents[2] / "witnesses" / "simulators"


def test_simulators_use_no_private_name_of_the_trial_module():
    used = []
    for path in sorted(SIMULATORS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(
                ("trials", "rates._trials")
            ):
                used += [
                    f"{path.name}: {a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                ]
    assert used == []


def test_a_record_subclass_checks_its_trial_fields():
    from witnesses.simulators import RetentionTrial

    with pytest.raises(TypeError, match="task_id must be a non-empty str, got ''"):
        RetentionTrial("", "pinned", 0, "quantity", 3, True, True, False)
    with pytest.raises(TypeError, match=r"seed must be an int or None, got 1\.5"):
        RetentionTrial("a", "pinned", 1.5, "quantity", 3, True, True, False)  # type: ignore[arg-type]
