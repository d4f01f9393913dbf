"""Means of a cell of records that subclass Trial (issue 33).

:func:`witnesses.rates.rates` reads plain :class:`~witnesses.Trial` lists by
columns; a list holding a subclass (a simulator's record) goes through the
per-trial path instead, whose means must be the very same: every mean's
``n``, value, interval, rule and note, for scores, validity, the semantic
regret and the measures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from witnesses import Trial
from witnesses.rates import rates


@dataclass(frozen=True, slots=True)
class _Record(Trial):
    """A record with no fields of its own: only its type differs from Trial."""


def _trials(kind: type[Trial]) -> list[Trial]:
    rows = [
        ("t1", "a", 4.0, 3.0, True, 0.25, {"tokens": 10.0, "share": 0.5}),
        ("t2", "a", 2.0, 2.0, False, 0.75, {"tokens": 14.0}),
        ("t3", "a", 0.0, 1.0, 0.5, None, {"share": 1.0}),
        ("t4", "a", 5.0, 1.0, None, 0.5, {}),
        ("t5", "b", 1.0, 0.5, True, 0.0, {"tokens": 3.0}),
    ]
    return [
        kind(
            task,
            condition,
            full_score=full,
            compressed_score=compressed,
            raw_validity=validity,
            semantic_regret=regret,
            measures=measures,
        )
        for task, condition, full, compressed, validity, regret, measures in rows
    ]


def _means(trials: list[Trial], **kwargs: Any) -> list[dict[str, dict[str, Any]]]:
    return [
        {name: m.to_dict() for name, m in cell.means.items()}
        for cell in rates(trials, **kwargs)
    ]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n_resamples": 199},
        {"mean_interval": "t"},
        {"bounded_measures": ("share",), "n_resamples": 99, "bootstrap_seed": 3},
    ],
)
def test_a_subclass_gets_the_means_of_plain_trials(kwargs: dict[str, Any]) -> None:
    want = _means(_trials(Trial), **kwargs)
    got = _means(_trials(_Record), **kwargs)
    assert got == want
    first = want[0]
    assert first["relative_regret"]["n"] == 3  # full 0 is left out
    assert first["tokens"]["n"] == 2
    assert first["raw_validity_score"]["mean"] == pytest.approx(0.5)
