"""The Trial record's new fields: oracle pivot, semantic regret, measures."""

import math

import pytest

from witnesses import Trial
from witnesses.rates.trials import RESERVED_MEANS

BAD = [
    ({"semantic_regret": True}, TypeError, "semantic_regret must be a real number"),
    (
        {"semantic_regret": 1.5},
        ValueError,
        "semantic_regret must be in \\[0, 1\\], got 1.5",
    ),
    ({"semantic_regret": math.nan}, ValueError, "semantic_regret must be finite"),
    ({"oracle_pivot": 7}, TypeError, "oracle_pivot must be a str or None, got 7"),
    ({"measures": [1.0]}, TypeError, "measures must be a mapping"),
    ({"measures": {"": 1.0}}, TypeError, "measures keys must be non-empty str"),
    ({"measures": {"semantic_regret": 1.0}}, ValueError, "reserved"),
    (
        {"measures": {"tokens": "3"}},
        TypeError,
        "measures\\['tokens'\\] must be a real number",
    ),
    (
        {"measures": {"tokens": math.inf}},
        ValueError,
        "measures\\['tokens'\\] must be finite",
    ),
    (
        {"measures": {"tokens": True}},
        TypeError,
        "measures\\['tokens'\\] must be a real",
    ),
    ({"raw_validity": math.nan}, ValueError, "raw_validity must be finite"),
    ({"raw_validity": 2}, ValueError, "raw_validity must be a bool or in \\[0, 1\\]"),
    ({"budget": math.inf}, ValueError, "budget must be finite"),
    ({"seed": 1.0}, TypeError, "seed must be an int"),
    ({"condition": ""}, TypeError, "condition must be a non-empty str"),
    ({"task_id": 5}, TypeError, "task_id must be a non-empty str"),
]


@pytest.mark.parametrize(("changes", "error", "match"), BAD)
def test_bad_new_fields_are_refused_by_name(changes, error, match):
    with pytest.raises(error, match=match):
        Trial(**{"task_id": "t", "condition": "c", **changes})


def test_less_plain_but_valid_values_are_accepted():
    # ints where floats are meant, a read-only mapping: the slow path accepts them.
    from types import MappingProxyType

    t = Trial("t", "c", budget=1, raw_validity=1, semantic_regret=0.0,
              measures=MappingProxyType({"tokens": 3}))  # fmt: skip
    assert (t.budget, t.valid, t.measures["tokens"]) == (1, True, 3)
    assert "relative_regret" in RESERVED_MEANS


def test_measures_are_not_hashed_but_compared():
    a = Trial("t", "c", measures={"x": 1.0})
    b = Trial("t", "c", measures={"x": 2.0})
    assert hash(a) == hash(b)
    assert a != b
