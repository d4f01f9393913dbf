"""The argument checks of ``witnesses`` (issue 33, item 5), through the public functions.

``check_keys`` (a cell's keys), ``check_iterable`` (records) and
``check_sequence`` (sized, iterable, not text) are private; each is observed
through a public function that uses it: what it accepts, what it refuses,
and the exact message (type, argument name, value).
"""

from __future__ import annotations

import re

import pytest

from witnesses import Event, Phase, tp_weighted_score
from witnesses.simulators import DepthSimulator, recall_by_depth, survival_curve_test
from witnesses.simulators.run import simulate_cell

CELL = {
    "simulator": "DepthSimulator",
    "params": {"max_depth": 1, "n_chains": 1},
    "seed": 0,
}


def test_a_cell_with_every_key_is_simulated():
    rows = simulate_cell(CELL)
    assert len(rows) == 2
    assert {row["condition"] for row in rows} == {"similarity", "typed"}


@pytest.mark.parametrize(
    ("cell", "error", "message"),
    [
        (3, TypeError, "cell must be a mapping, got 3 of type int"),
        (
            ["simulator"],
            TypeError,
            "cell must be a mapping, got ['simulator'] of type list",
        ),
        (
            {"simulator": "DepthSimulator", "params": {}},
            ValueError,
            "cell must have the keys ['simulator', 'params', 'seed'], missing ['seed'] "
            "in {'simulator': 'DepthSimulator', 'params': {}}",
        ),
        (
            {},
            ValueError,
            "cell must have the keys ['simulator', 'params', 'seed'], "
            "missing ['simulator', 'params', 'seed'] in {}",
        ),
    ],
)
def test_a_cell_that_is_not_a_mapping_with_the_keys_is_refused(cell, error, message):
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        simulate_cell(cell)


def test_trials_are_any_iterable_of_records():
    trials = DepthSimulator(max_depth=1, n_chains=4, q=1.0).simulate(0)
    by_list = recall_by_depth(list(trials))
    by_generator = recall_by_depth(t for t in trials)
    assert by_list == by_generator
    assert [(r.condition, r.depth, r.ci.k, r.ci.n) for r in by_list] == [
        ("similarity", 1, 2, 4),
        ("typed", 1, 4, 4),
    ]


@pytest.mark.parametrize(
    ("trials", "shown"),
    [
        ("abc", "'abc' of type str"),
        (b"ab", "b'ab' of type bytes"),
        (3, "3 of type int"),
    ],
)
def test_text_or_a_non_iterable_is_not_trials(trials, shown):
    message = f"trials must be an iterable of records, got {shown}"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        recall_by_depth(trials)


EVENTS = [Event(f"e{i}", i, w) for i, w in enumerate([1.0, 2.0, 1.0])]
PHASES = [Phase.DEVELOPMENT, Phase.TURNING_POINT, Phase.RESOLUTION]


def test_any_sized_iterable_is_a_sequence():
    assert tp_weighted_score(EVENTS, PHASES) == 7.8
    assert tp_weighted_score(tuple(EVENTS), tuple(PHASES)) == 7.8
    assert survival_curve_test((0.91, 0.62, 0.46), (9, 17, 31), n=100).counts == (
        91,
        62,
        46,
    )


class _SizedOnly:
    """Has a length, cannot be iterated."""

    def __len__(self) -> int:
        return 3

    def __repr__(self) -> str:
        return "<sized only>"


@pytest.mark.parametrize(
    ("events", "shown"),
    [
        ("abc", "'abc' of type str"),
        (b"abc", "b'abc' of type bytes"),
        (3, "3 of type int"),
        (_SizedOnly(), "<sized only> of type _SizedOnly"),
    ],
)
def test_text_or_what_is_not_sized_and_iterable_is_not_a_sequence(events, shown):
    message = f"events must be a sequence, got {shown}"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        tp_weighted_score(events, PHASES)


def test_an_iterator_is_not_a_sequence():
    """It has no length (and one pass only): refused before it is consumed."""
    events = iter(EVENTS)
    with pytest.raises(
        TypeError, match=r"^events must be a sequence, got <list_iterator"
    ):
        tp_weighted_score(events, PHASES)
    assert list(events) == EVENTS
    with pytest.raises(
        TypeError, match=r"^survival must be a sequence, got <generator"
    ):
        survival_curve_test((v for v in (0.9, 0.5)), (2, 4), n=10)
