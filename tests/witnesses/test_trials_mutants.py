"""witnesses.Trial: every field's check with its exact message, and its edges.

Written for the mutation run of issue 33. The fast path (``_plainly_valid``)
must never accept what the full check refuses: each bad value below goes
through both.
"""

from __future__ import annotations

import math
from types import MappingProxyType

import numpy as np
import pytest

from witnesses import Trial

RESERVED = "raw_validity_score, semantic_regret, relative_regret, absolute_regret"
_STR = (
    "category",
    "model",
    "full_pivot",
    "chosen_pivot",
    "truth_pivot",
    "oracle_pivot",
)
_FLAGS = ("fixed_feasible", "header_present", "degraded_flag", "oracle_degraded")
_NUMBERS = ("budget", "full_score", "compressed_score")

BAD = [
    ({"task_id": ""}, TypeError, "task_id must be a non-empty str, got ''"),
    ({"task_id": 3}, TypeError, "task_id must be a non-empty str, got 3"),
    ({"condition": ""}, TypeError, "condition must be a non-empty str, got ''"),
    ({"condition": b"c"}, TypeError, "condition must be a non-empty str, got b'c'"),
    *[({f: 3}, TypeError, f"{f} must be a str or None, got 3") for f in _STR],
    *[({f: 1}, TypeError, f"{f} must be a bool or None, got 1") for f in _FLAGS],
    *[
        ({f: "yes"}, TypeError, f"{f} must be a bool or None, got 'yes'")
        for f in _FLAGS
    ],
    ({"seed": True}, TypeError, "seed must be an int or None, got True"),
    ({"seed": 1.0}, TypeError, "seed must be an int or None, got 1.0"),
    *[
        ({f: "1"}, TypeError, f"{f} must be a real number or None, got '1'")
        for f in _NUMBERS
    ],
    *[
        ({f: True}, TypeError, f"{f} must be a real number or None, got True")
        for f in _NUMBERS
    ],
    *[({f: math.nan}, ValueError, f"{f} must be finite, got nan") for f in _NUMBERS],
    *[({f: -math.inf}, ValueError, f"{f} must be finite, got -inf") for f in _NUMBERS],
    (
        {"semantic_regret": -0.1},
        ValueError,
        "semantic_regret must be in [0, 1], got -0.1",
    ),
    (
        {"semantic_regret": 1.1},
        ValueError,
        "semantic_regret must be in [0, 1], got 1.1",
    ),
    ({"semantic_regret": 2}, ValueError, "semantic_regret must be in [0, 1], got 2"),
    (
        {"semantic_regret": math.nan},
        ValueError,
        "semantic_regret must be finite, got nan",
    ),
    (
        {"semantic_regret": "0"},
        TypeError,
        "semantic_regret must be a real number or None, got '0'",
    ),
    (
        {"raw_validity": 1.5},
        ValueError,
        "raw_validity must be a bool or in [0, 1], got 1.5",
    ),
    (
        {"raw_validity": -0.5},
        ValueError,
        "raw_validity must be a bool or in [0, 1], got -0.5",
    ),
    (
        {"raw_validity": 2},
        ValueError,
        "raw_validity must be a bool or in [0, 1], got 2",
    ),
    ({"raw_validity": math.nan}, ValueError, "raw_validity must be finite, got nan"),
    (
        {"raw_validity": "x"},
        TypeError,
        "raw_validity must be a real number or None, got 'x'",
    ),
    (
        {"measures": []},
        TypeError,
        "measures must be a mapping of names to numbers, got []",
    ),
    ({"measures": {1: 0.5}}, TypeError, "measures keys must be non-empty str, got 1"),
    ({"measures": {"": 0.5}}, TypeError, "measures keys must be non-empty str, got ''"),
    *[
        (
            {"measures": {name: 0.5}},
            ValueError,
            f"measures key {name!r} is reserved (one of {RESERVED})",
        )
        for name in RESERVED.split(", ")
    ],
    (
        {"measures": {"m": None}},
        TypeError,
        "measures['m'] must be a real number, got None",
    ),
    (
        {"measures": {"m": math.nan}},
        ValueError,
        "measures['m'] must be finite, got nan",
    ),
    (
        {"measures": {"m": math.inf}},
        ValueError,
        "measures['m'] must be finite, got inf",
    ),
    (
        {"measures": {"m": "1"}},
        TypeError,
        "measures['m'] must be a real number or None, got '1'",
    ),
    (
        {"measures": {"m": True}},
        TypeError,
        "measures['m'] must be a real number or None, got True",
    ),
]


#: every field set to a plain valid value: the fast path checks each one
FULL = {
    "category": "x", "model": "m", "full_pivot": "a", "chosen_pivot": "a",
    "truth_pivot": "a", "oracle_pivot": "a", "fixed_feasible": True,
    "header_present": True, "degraded_flag": False, "oracle_degraded": False,
    "seed": 1, "budget": 0.5, "full_score": 1.0, "compressed_score": 0.5,
    "semantic_regret": 0.1, "raw_validity": 0.5, "measures": {"m": 0.5},
}  # fmt: skip


@pytest.mark.parametrize("base", [{}, FULL], ids=["minimal", "full"])
@pytest.mark.parametrize(("changes", "error", "message"), BAD)
def test_each_bad_field_is_refused_with_its_name(base, changes, error, message):
    with pytest.raises(error) as err:
        Trial(**{"task_id": "t", "condition": "c", **base, **changes})
    assert str(err.value) == message


def test_a_full_plain_trial_is_accepted_as_given():
    t = Trial("t", "c", **FULL)
    for name, value in FULL.items():
        assert getattr(t, name) == value


GOOD = [
    {"budget": 3},  # an int where a float is usual: the full check accepts it
    {"budget": 0.0, "full_score": -2.5, "compressed_score": 1e300},
    {"seed": 0},
    {"semantic_regret": 0.0},
    {"semantic_regret": 1.0},
    {"semantic_regret": 1},
    {"raw_validity": 0.0},
    {"raw_validity": 1.0},
    {"raw_validity": 1},
    {"raw_validity": 0},  # an int: the full check's range includes both ends
    {"raw_validity": np.float64(0.25)},  # not a plain float: the full check
    {"semantic_regret": 0},
    {"semantic_regret": np.float64(0.75)},
    {"budget": np.float64(2.5)},
    {"raw_validity": True},
    {"measures": {"m": 1}},
    {"measures": MappingProxyType({"m": 0.5})},
    *[{f: "x"} for f in _STR],
    *[{f: False} for f in _FLAGS],
]


@pytest.mark.parametrize("changes", GOOD)
def test_edges_that_are_accepted(changes):
    t = Trial("t", "c", **changes)
    for name, value in changes.items():
        assert getattr(t, name) == value


@pytest.mark.parametrize(
    ("validity", "valid"),
    [
        (None, None),
        (0.5, False),
        (0.51, True),
        (0.0, False),
        (1.0, True),
        (True, True),
        (False, False),
    ],
)
def test_valid_is_raw_validity_above_one_half(validity, valid):
    assert Trial("t", "c", raw_validity=validity).valid is valid


@pytest.mark.parametrize(
    ("full", "chosen", "preserved"),
    [(None, "a", None), ("a", None, None), ("a", "a", True), ("a", "b", False)],
)
def test_pivot_preserved_needs_both_pivots(full, chosen, preserved):
    t = Trial("t", "c", full_pivot=full, chosen_pivot=chosen)
    assert t.pivot_preserved is preserved


def test_a_record_subclass_gets_its_fields_and_the_trial_defaults():
    from witnesses.simulators import RetentionTrial

    r = RetentionTrial("s0f0", "pinned", 0, "quantity", 3, True, True, False)
    assert (r.task_id, r.condition, r.seed, r.category) == (
        "s0f0",
        "pinned",
        0,
        "quantity",
    )
    assert (r.raw_validity, r.full_pivot, r.chosen_pivot) == (True, "s0f0:fact", "lost")
    assert (r.cycles, r.pinned, r.stored, r.answered) == (3, True, True, False)
    assert (r.budget, r.model, r.full_score, r.degraded_flag) == (
        None,
        None,
        None,
        None,
    )
    assert r.measures == {"cycles": 3.0}
    assert RetentionTrial("a", "b", 1, "q", 0, False, False, True).measures == {
        "cycles": 0.0
    }


@pytest.mark.parametrize(
    "changes",
    [
        {},
        FULL,
        {**FULL, "semantic_regret": 0.0, "raw_validity": 0.0},
        {**FULL, "semantic_regret": 1.0, "raw_validity": 1.0},
        {**FULL, "raw_validity": True, "measures": {}},
    ],
    ids=["minimal", "full", "low-ends", "high-ends", "bool-validity"],
)
def test_plain_trials_take_the_fast_path(monkeypatch, changes):
    # loaders build many trials: plainly typed ones skip the full check
    checked = []
    monkeypatch.setattr(Trial, "_check", lambda self: checked.append(self))
    Trial("t", "c", **changes)
    assert checked == []
    Trial("t", "c", **{**changes, "budget": 3})  # an int: not plain, fully checked
    assert len(checked) == 1
