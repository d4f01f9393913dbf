"""The field table's trial identity, as the error messages spell it (issue 33).

A trial's identity is task, condition, budget, model, category and seed, in
that order (docs/guide/witnesses.md §11): two trials equal in these are one
run twice, and the message that refuses the repeat lists them in that order,
from :func:`witnesses.rates.rates` and from :func:`witnesses.load_trials`
alike. A field outside the identity is reported as a difference instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from witnesses import Trial, load_trials
from witnesses.rates import rates

_IDENT = "task_id 't', condition 'c', budget 0.5, model 'm', category 'x', seed 1"


def _pair(**other: object) -> list[Trial]:
    base = {"budget": 0.5, "seed": 1, "category": "x", "model": "m"}
    return [
        Trial("t", "c", **base, raw_validity=True),  # type: ignore[arg-type]
        Trial("t", "c", **{**base, **other}),  # type: ignore[arg-type]
    ]


def test_rates_names_a_repeated_trial_by_its_identity_in_order() -> None:
    with pytest.raises(ValueError, match="repeats the trial of") as err:
        rates(_pair(raw_validity=False))
    assert str(err.value) == (
        f"trials[1] repeats the trial of trials[0] ({_IDENT}) with other values "
        "(raw_validity True vs False); a trial counts once: drop the retried run, "
        "or give repeated runs a seed"
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [("budget", 0.25), ("seed", 2), ("category", "y"), ("model", "n")],
)
def test_each_identity_field_tells_two_trials_apart(field: str, value: object) -> None:
    cells = rates(_pair(**{field: value, "raw_validity": False}), by=(field,))
    assert sorted(c.n_trials for c in cells) == [1, 1]


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("full_pivot", "e1", "full_pivot None vs 'e1'"),
        ("oracle_degraded", True, "oracle_degraded None vs True"),
        ("semantic_regret", 0.5, "semantic_regret None vs 0.5"),
    ],
)
def test_a_field_outside_the_identity_is_a_difference(
    field: str, value: object, shown: str
) -> None:
    trials = _pair(**{field: value})
    trials[0] = Trial("t", "c", budget=0.5, seed=1, category="x", model="m")
    with pytest.raises(ValueError, match="repeats the trial of") as err:
        rates(trials)
    assert f"({_IDENT}) with other values ({shown})" in str(err.value)


def test_load_trials_names_a_repeated_row_by_its_identity_in_order(
    tmp_path: Path,
) -> None:
    path = tmp_path / "runs.csv"
    path.write_text(
        "task_id,condition,budget,seed,category,model,raw_validity\n"
        "t,c,0.5,1,x,m,1\n"
        "t,c,0.5,1,x,m,0\n"
    )
    with pytest.raises(ValueError, match="repeats the trial of") as err:
        load_trials(path)
    assert str(err.value) == (
        f"{path}: row 3 repeats the trial of row 2 ({_IDENT}) with other values "
        "(raw_validity True vs False), and a trial counts once: remove the retried "
        "run, or map the column that tells them apart (--map seed=COLUMN for a "
        "seed or run number)"
    )
