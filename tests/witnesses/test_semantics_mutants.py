"""witnesses.semantics: every check of a Semantics, with its exact message.

Written against the survivors of the mutation run (issue 33).
"""

from __future__ import annotations

import pytest

from witnesses.semantics import (
    NAMES,
    PAPER,
    PAPER_ELIGIBLE,
    REFERENCE,
    SEMANTICS,
    Semantics,
    as_semantics,
)

GOOD = {
    "name": "x",
    "contract": "definition2",
    "solver": "exact",
    "endogenous": True,
    "counting": "paper",
    "strategies": ("naive", "definition2"),
}


def _make(**changes):
    return Semantics(**{**GOOD, **changes})


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"name": ""}, ValueError, "name must be a non-empty str, got ''"),
        ({"name": 3}, ValueError, "name must be a non-empty str, got 3"),
        (
            {"contract": "naive", "strategies": ("naive",)},
            ValueError,
            "contract must be one of 'contract_guarded', 'definition2', got 'naive'",
        ),
        (
            {"solver": "fast"},
            ValueError,
            "solver must be one of 'reference', 'exact', 'greedy', got 'fast'",
        ),
        (
            {"counting": "all"},
            ValueError,
            "counting must be one of 'reference', 'paper', got 'all'",
        ),
        ({"endogenous": 1}, TypeError, "endogenous must be a bool, got 1"),
        ({"endogenous": None}, TypeError, "endogenous must be a bool, got None"),
        (
            {"strategies": ()},
            ValueError,
            "strategies must end with the contract 'definition2', got ()",
        ),
        (
            {"strategies": ("definition2", "naive")},
            ValueError,
            "strategies must end with the contract 'definition2', "
            "got ('definition2', 'naive')",
        ),
    ],
)
def test_each_field_is_checked_with_a_message_naming_it(changes, error, message):
    with pytest.raises(error) as err:
        _make(**changes)
    assert str(err.value) == message


def test_every_allowed_value_is_accepted():
    for solver in ("reference", "exact", "greedy"):
        assert _make(solver=solver).solver == solver
    for counting in ("reference", "paper"):
        assert _make(counting=counting).counting == counting
    for endogenous in (True, False):
        assert _make(endogenous=endogenous).endogenous is endogenous
    guarded = _make(contract="contract_guarded", strategies=["contract_guarded"])
    assert guarded.strategies == ("contract_guarded",)  # a list becomes a tuple
    assert str(guarded) == "x"


def test_the_shipped_constants():
    assert (REFERENCE.name, REFERENCE.endogenous) == ("reference", False)
    assert (PAPER.name, PAPER.endogenous) == ("paper", True)
    assert (PAPER_ELIGIBLE.name, PAPER_ELIGIBLE.counting) == (
        "paper-eligible",
        "reference",
    )
    fields = [
        (s.contract, s.solver, s.endogenous, s.counting, s.strategies)
        for s in (REFERENCE, PAPER, PAPER_ELIGIBLE)
    ]
    assert fields == [
        ("contract_guarded", "reference", False, "reference",
         ("naive", "bridge_preserving", "contract_guarded")),
        ("definition2", "exact", True, "paper",
         ("naive", "bridge_preserving", "definition2")),
        ("definition2", "exact", True, "reference",
         ("naive", "bridge_preserving", "definition2")),
    ]  # fmt: skip
    assert SEMANTICS == (REFERENCE, PAPER)
    assert NAMES == ("reference", "paper", "paper-eligible")


def test_as_semantics_by_object_and_name_and_its_errors():
    custom = _make()
    assert as_semantics(custom) is custom
    for s in (REFERENCE, PAPER, PAPER_ELIGIBLE):
        assert as_semantics(s.name) is s
    names = "'reference', 'paper', 'paper-eligible'"
    with pytest.raises(ValueError, match=r"got 'x'$") as err:
        as_semantics("x")
    assert str(err.value) == f"semantics must be a Semantics or one of {names}, got 'x'"
    with pytest.raises(TypeError) as err:
        as_semantics(None)
    assert (
        str(err.value) == f"semantics must be a Semantics or one of {names}, got None"
    )
