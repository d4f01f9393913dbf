"""witnesses.Semantics: one object for what used to be decoded from strings."""

import dataclasses

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
    from witnesses.sweep import retention_sweep

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
