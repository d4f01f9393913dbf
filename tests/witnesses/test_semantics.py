"""witnesses.Semantics: one object for what used to be decoded from strings."""

import dataclasses
import sys

import pytest

from witnesses import PAPER, REFERENCE, Semantics, as_semantics
from witnesses.semantics import NAMES, PAPER_ELIGIBLE, SEMANTICS


def test_the_constants_say_what_each_semantics_means():
    assert (REFERENCE.contract, REFERENCE.solver, REFERENCE.endogenous) == (
        "contract_guarded", "reference", False,
    )  # fmt: skip
    assert REFERENCE.counting == "reference"
    assert (PAPER.contract, PAPER.solver, PAPER.endogenous, PAPER.counting) == (
        "definition2", "exact", True, "paper",
    )  # fmt: skip
    assert PAPER_ELIGIBLE.counting == "reference"
    assert PAPER_ELIGIBLE.contract == PAPER.contract
    assert SEMANTICS == (REFERENCE, PAPER)
    assert NAMES == ("reference", "paper", "paper-eligible")


def test_as_semantics_is_the_single_validator():
    assert as_semantics("paper") is PAPER
    assert as_semantics(PAPER_ELIGIBLE) is PAPER_ELIGIBLE
    with pytest.raises(ValueError, match="got 'rhun'"):
        as_semantics("rhun")
    with pytest.raises(TypeError, match="got None"):
        as_semantics(None)


def test_a_third_semantics_is_one_constant():
    """A new constant runs through the sweep with no other change."""
    from witnesses.experiments.sweep import retention_sweep

    mine = Semantics(
        "mine", "definition2", "reference", False, "paper", ("naive", "definition2")
    )
    r = retention_sweep(retentions=[0.5], seeds=[0], semantics=mine, executor=False)
    assert r.semantics == "mine"
    assert [row["strategy"] for row in r.rows] == ["naive", "definition2"]


@pytest.mark.parametrize(
    ("changes", "error", "match"),
    [
        ({"name": ""}, ValueError, "name must be a non-empty str"),
        ({"contract": "naive"}, ValueError, "contract must be one of"),
        ({"solver": "fast"}, ValueError, "solver must be one of"),
        ({"counting": "all"}, ValueError, "counting must be one of"),
        ({"endogenous": 1}, TypeError, "endogenous must be a bool"),
        (
            {"strategies": ("naive",)},
            ValueError,
            "strategies must end with the contract",
        ),
    ],
)
def test_bad_semantics(changes, error, match):
    with pytest.raises(error, match=match):
        dataclasses.replace(REFERENCE, **changes)


# ---------------------------------------- issue 31: what callers ask the object


MINE = Semantics(
    "mine", "definition2", "exact", True, "reference", ("naive", "definition2")
)


def test_the_counting_rule_is_a_property_of_the_semantics():
    from witnesses.semantics import COUNTINGS, counts_non_focal

    assert COUNTINGS == ("reference", "paper")
    assert [s.non_focal_development for s in (REFERENCE, PAPER, PAPER_ELIGIBLE)] == [
        False, True, False,
    ]  # fmt: skip
    assert (counts_non_focal("paper"), counts_non_focal("reference")) == (True, False)
    with pytest.raises(
        ValueError, match="counting must be one of 'reference', 'paper', got 'Paper'"
    ):
        counts_non_focal("Paper")


def test_the_contract_says_how_it_is_judged():
    assert [s.judged_by_block for s in (REFERENCE, PAPER, PAPER_ELIGIBLE)] == [
        False, True, True,
    ]  # fmt: skip


def test_solve_options_ask_the_endogenous_pivot_only_of_the_exact_solver():
    assert PAPER.solve_options() == {"solver": "exact", "endogenous": True}
    assert PAPER.solve_options(solver="reference") == {
        "solver": "reference",
        "endogenous": False,
    }
    assert PAPER.solve_options(solver="greedy") == {
        "solver": "greedy",
        "endogenous": False,
    }
    assert REFERENCE.solve_options() == {"solver": "reference", "endogenous": False}
    assert REFERENCE.solve_options(solver="exact") == {
        "solver": "exact",
        "endogenous": False,
    }
    with pytest.raises(ValueError, match="solver must be one of"):
        PAPER.solve_options(solver="fast")


def test_the_solver_table_is_the_one_list_of_solvers():
    from witnesses import SOLVERS

    core = sys.modules["witnesses._solve._core"]
    assert SOLVERS == tuple(core._TABLE) == ("reference", "exact", "greedy")
    assert [core.takes_endogenous(s) for s in SOLVERS] == [False, True, False]


def test_a_semantics_goes_to_json_and_back_once():
    from witnesses import semantics

    _from_json, _to_json = semantics._from_json, semantics._to_json
    for sem in (REFERENCE, PAPER, PAPER_ELIGIBLE):
        assert _to_json(sem) == sem.name
        assert _from_json(_to_json(sem)) is sem
    # a custom semantics (or one that borrows a known name) travels as its fields
    fake = dataclasses.replace(PAPER, name="reference")
    for sem in (MINE, fake):
        encoded = _to_json(sem)
        assert isinstance(encoded, dict) and encoded["strategies"] == list(
            sem.strategies
        )
        assert _from_json(encoded) == sem


def test_exp58_reports_the_parameters_of_a_custom_semantics():
    """Before issue 31 to_dict() decoded the name again and raised for 'mine'."""
    from witnesses.exp58 import run

    doc = run(semantics=MINE).to_dict()
    assert doc["semantics"] == "mine"
    assert doc["parameters"]["counting"] == "reference"
    assert doc["parameters"]["solver"] == "exact (endogenous pivot)"
    named = run(semantics="paper-eligible")
    assert dataclasses.replace(named, run_semantics=None).to_dict() == named.to_dict()


def test_the_name_tuples_are_renamed_and_the_old_spelling_still_reads():
    import witnesses.closure
    import witnesses.exp58
    import witnesses.experiments.closure

    for module in (witnesses.exp58, witnesses.experiments.closure, witnesses.closure):
        assert module.SEMANTICS_NAMES == ("reference", "paper")
        assert module.SEMANTICS == module.SEMANTICS_NAMES
        assert "SEMANTICS" not in module.__all__
        with pytest.raises(AttributeError, match="no attribute 'SEMANTIX'"):
            module.SEMANTIX  # noqa: B018
