"""The retention sweep: row semantics, aggregates, executors, resume, outputs."""

import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from theory.errors import UserCallableError
from witnesses.experiments import sweep as sweep_module
from witnesses.experiments.sweep import (
    SweepResult,
    retention_sweep,
    sweep_cell,
    sweep_trials,
)
from witnesses.rates import rates

SMALL = {"retentions": [0.5, 0.1], "seeds": [0, 1]}


@pytest.fixture(scope="module")
def small():
    return retention_sweep(**SMALL, executor=False)


def test_row_semantics(small):
    assert len(small.rows) == 2 * 2 * 3
    for row in small.rows:
        assert row["target"] == max(8, round(200 * row["retention"]))
        assert row["kept"] >= row["target"]
        if row["strategy"] == "naive":
            assert row["kept"] == row["target"]
        if row["pivot_preserved"]:
            assert row["raw_validity"] and row["full_valid"]
            assert row["chosen_pivot"] == row["full_pivot"]
        assert (row["fixed_feasible"] is None) == (row["full_pivot"] is None)
        both = row["compressed_score"] is not None and row["fixed_score"] is not None
        assert (row["fixed_pivot_regret"] is not None) == both
        if both:
            assert (
                row["fixed_pivot_regret"]
                == row["compressed_score"] - row["fixed_score"]
            )
        if row["strategy"] != "contract_guarded":
            assert row["rejected_gap_guard"] == 0


def test_aggregates_follow_the_papers_denominators(small):
    for agg in small.aggregates:
        cell = [
            r
            for r in small.rows
            if r["retention"] == agg["retention"] and r["strategy"] == agg["strategy"]
        ]
        assert agg["rows"] == len(cell) == 2
        assert agg["raw_validity"]["numerator"] == sum(r["raw_validity"] for r in cell)
        both = [r for r in cell if r["full_valid"] and r["raw_validity"]]
        assert agg["pivot_preservation"]["denominator"] == len(both)
        assert agg["pivot_preservation"]["numerator"] == sum(
            r["pivot_preserved"] for r in both
        )
        ran = [r for r in cell if r["fixed_feasible"] is not None]
        assert agg["fixed_pivot_feasibility"]["denominator"] == len(ran)
        for key in ("raw_validity", "pivot_preservation", "fixed_pivot_feasibility"):
            rate = agg[key]
            if rate["denominator"]:
                assert rate["low"] <= rate["estimate"] <= rate["high"]


def test_rows_are_identical_on_every_executor(small):
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = retention_sweep(**SMALL, executor=pool)
    with ProcessPoolExecutor(max_workers=2) as pool:
        processes = retention_sweep(**SMALL, executor=pool)
    assert threaded.rows == processes.rows == small.rows
    assert threaded.aggregates == small.aggregates


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_rows_are_identical_on_a_local_dask_cluster(small):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = retention_sweep(**SMALL, executor=client.get_executor())
    assert result.rows == small.rows


def test_crash_then_resume_skips_finished_cells(tmp_path, monkeypatch, small):
    journal = tmp_path / "sweep.jsonl"
    calls = []

    def flaky(cell):
        calls.append(cell["seed"])
        if cell["seed"] == 1 and len(calls) == 2:
            raise RuntimeError("worker died")
        return sweep_cell(cell)

    monkeypatch.setattr(sweep_module, "sweep_cell", flaky)
    # run_cells names the cell whose function crashed, with the crash chained
    with pytest.raises(UserCallableError, match="worker died") as crash:
        retention_sweep(**SMALL, executor=False, journal=journal)
    assert isinstance(crash.value.__cause__, RuntimeError)
    assert len(journal.read_text().splitlines()) == 2  # header + seed 0
    resumed = retention_sweep(**SMALL, executor=False, journal=journal)
    assert calls == [0, 1, 1]
    assert resumed.rows == small.rows


@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_outputs_are_written_atomically(tmp_path, suffix):
    target = tmp_path / f"sweep{suffix}"
    result = retention_sweep(retentions=[0.5], seeds=[0], executor=False, out=target)
    text = target.read_text()
    if suffix == ".json":
        assert json.loads(text) == json.loads(json.dumps(result.to_dict()))
    else:
        assert text == result.rows_csv()
        assert text.splitlines()[0].startswith("retention,seed,strategy")
    assert list(tmp_path.iterdir()) == [target]


def test_sweep_trials_plug_into_rates(small):
    cells = rates(sweep_trials(small), by=["condition", "budget"])
    assert len(cells) == 6
    for cell in cells:
        agg = next(
            a
            for a in small.aggregates
            if a["strategy"] == cell.group["condition"]
            and a["retention"] == cell.group["budget"]
        )
        # The rate layer's paper-denominator preservation is the sweep's.
        pres = cell.rates["pivot_preservation"]
        assert (pres.numerator, pres.denominator) == (
            agg["pivot_preservation"]["numerator"],
            agg["pivot_preservation"]["denominator"],
        )
        assert cell.rates["raw_validity"].numerator == agg["raw_validity"]["numerator"]


def test_paper_semantics_uses_definition2():
    result = retention_sweep(
        retentions=[0.1], seeds=[0], semantics="paper", executor=False
    )
    assert [r["strategy"] for r in result.rows] == [
        "naive",
        "bridge_preserving",
        "definition2",
    ]


BAD = [
    ({"retentions": [0.0]}, ValueError, "retention must be in \\(0, 1\\]"),
    ({"retentions": [1.5]}, ValueError, "retention must be in \\(0, 1\\]"),
    ({"retentions": [True]}, TypeError, "retentions must hold real numbers"),
    ({"seeds": [-1]}, ValueError, "seed must be >= 0"),
    ({"seeds": []}, ValueError, "must not be empty"),
    ({"semantics": "both"}, ValueError, "semantics must be a Semantics or one of"),
    ({"solver": "tp"}, ValueError, "solver must be one of"),
    ({"out": "sweep.txt"}, ValueError, "out must end in .json or .csv"),
    ({"out": "absent-dir/sweep.json"}, ValueError, "does not exist"),
    ({"executor": "pool"}, TypeError, "executor must be a concurrent.futures.Executor"),
]


@pytest.mark.parametrize(("kwargs", "error", "match"), BAD)
def test_bad_arguments(kwargs, error, match):
    args = {"retentions": [0.5], "seeds": [0], "executor": False, **kwargs}
    with pytest.raises(error, match=match):
        retention_sweep(**args)


def test_greedy_solver_sweep_runs_and_differs_only_in_solver():
    result = retention_sweep(
        retentions=[0.5], seeds=[0], solver="greedy", executor=False
    )
    assert result.solver == "greedy"
    assert [r["strategy"] for r in result.rows] == [
        "naive",
        "bridge_preserving",
        "contract_guarded",
    ]


def test_greedy_solver_under_paper_semantics_runs():
    """The endogenous-pivot flag belongs to the exact solver only."""
    result = retention_sweep(
        retentions=[0.5], seeds=[0], semantics="paper", solver="greedy", executor=False
    )
    assert result.solver == "greedy"
    assert [r["strategy"] for r in result.rows][-1] == "definition2"


OLD_ROW_KEYS = {
    "full_pivot": "full_tp",
    "chosen_pivot": "free_tp",
    "raw_validity": "raw_valid",
    "compressed_score": "free_score",
    "fixed_feasible": "fixed_valid",
    "fixed_pivot_regret": "semantic_regret",
}


def test_rows_use_the_trial_vocabulary_and_old_rows_still_read(small):
    """Row keys are Trial fields; rows with the pre-2026-11-24 keys give the same trials."""
    shared = {"full_pivot", "chosen_pivot", "raw_validity", "fixed_feasible",
              "full_score", "compressed_score"}  # fmt: skip
    for row, trial in zip(small.rows, sweep_trials(small), strict=True):
        assert shared <= set(row)
        assert {k: getattr(trial, k) for k in shared} == {k: row[k] for k in shared}
    old_rows = tuple(
        {OLD_ROW_KEYS.get(k, k): v for k, v in row.items()} for row in small.rows
    )
    old = SweepResult(small.semantics, small.solver, old_rows, (), {})
    assert sweep_trials(old) == sweep_trials(small)
