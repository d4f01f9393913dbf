"""theory.floors: boundaries, round-off and closed forms the older tests leave open (issue 33, item 5)."""

import itertools
import math

import numpy as np
import pytest

from theory.floors import (
    bayes_floor,
    bayes_risk,
    candidate_floor,
    candidate_floor_limit,
    conditional_mutual_information,
    fano_floor,
    is_rearranged_vacuous,
    mutual_information,
    rearranged_fano_floor,
)

# Product tables p(a) p(b) p(c): every information quantity between the axes is 0.
# Their entropies cancel only up to round-off, a few 1e-16 below 0 for many of them.
_MARGINALS = (0.1, 0.2, 0.3, 0.4)


def test_independent_axes_give_zero_information_never_negative():
    """I(A; B) and I(A; B | C) of product tables are in [0, 1e-15): negative round-off reads 0."""
    for a, b, c in itertools.product(_MARGINALS, repeat=3):
        table = np.einsum("i,j,k->ijk", [a, 1 - a], [b, 1 - b], [c, 1 - c])
        value = conditional_mutual_information(table, 0, 1, 2)
        assert 0.0 <= value < 1e-15, (a, b, c, value)
        pair = np.outer([a, 1 - a], [b, 1 - b])
        value = mutual_information(pair)
        assert 0.0 <= value < 1e-15, (a, b, value)


def _fake_entropies(monkeypatch, value):
    """Make the four entropies of I(A; B | C) sum to exactly ``value``."""
    answers = iter([0.0, 0.0, -value, 0.0])
    monkeypatch.setattr(
        "theory.floors.marginal_entropy", lambda arr, keep: next(answers)
    )


@pytest.mark.parametrize("raw", [-1e-12, -2e-12, -1e-6, -0.5])
def test_negative_values_beyond_round_off_are_not_hidden(monkeypatch, raw):
    """Only values above -1e-12 are round-off: -1e-12 itself and below are passed on as they are."""
    _fake_entropies(monkeypatch, raw)
    assert conditional_mutual_information(np.full((2, 2, 2), 1 / 8), 0, 1, 2) == raw


@pytest.mark.parametrize("raw", [-9.9e-13, -1e-13, -1e-16])
def test_round_off_above_the_threshold_reads_zero(monkeypatch, raw):
    """A negative value above -1e-12 is reported as exactly 0.0."""
    _fake_entropies(monkeypatch, raw)
    assert conditional_mutual_information(np.full((2, 2, 2), 1 / 8), 0, 1, 2) == 0.0


# p[x, c, y]; hand values below.
_TABLE3 = np.array(
    [
        [[0.10, 0.05], [0.02, 0.13]],
        [[0.20, 0.10], [0.25, 0.15]],
    ]
)


def test_bayes_floor_with_nothing_or_part_observed():
    """Hand values: the floor seeing nothing, only C, only X, and both."""
    # nothing: p(y) = (0.57, 0.43) -> 0.43
    assert bayes_floor(_TABLE3, observed=()) == pytest.approx(0.43, abs=1e-15)
    # C only: p(c, y) = [[0.30, 0.15], [0.27, 0.28]] -> 1 - 0.30 - 0.28
    assert bayes_floor(_TABLE3, observed=1) == pytest.approx(0.42, abs=1e-15)
    # X only: p(x, y) = [[0.12, 0.18], [0.45, 0.25]] -> 1 - 0.18 - 0.45
    assert bayes_floor(_TABLE3, observed=0) == pytest.approx(0.37, abs=1e-15)
    # both: 1 - (0.10 + 0.13 + 0.20 + 0.25)
    assert bayes_floor(_TABLE3) == pytest.approx(0.32, abs=1e-15)
    # a 2-D table seeing nothing: p(y) = (0.6, 0.4)
    assert bayes_floor([[0.4, 0.1], [0.2, 0.3]], observed=()) == pytest.approx(0.4)


def test_bayes_risk_with_nothing_or_part_observed():
    """Hand values of min_a sum_y p(obs, y) loss[a, y] for an asymmetric loss."""
    loss = [[0.0, 1.5], [1.0, 0.0]]  # a = 0 costs 1.5 on y = 1, a = 1 costs 1 on y = 0
    # nothing: min(1.5 * 0.43, 0.57)
    assert bayes_risk(_TABLE3, loss, observed=()) == pytest.approx(0.57, abs=1e-15)
    # C only: c=0: min(1.5 * 0.15, 0.30) = 0.225; c=1: min(1.5 * 0.28, 0.27) = 0.27
    assert bayes_risk(_TABLE3, loss, observed=1) == pytest.approx(0.495, abs=1e-15)
    # X only: x=0: min(1.5 * 0.18, 0.12) = 0.12; x=1: min(1.5 * 0.25, 0.45) = 0.375
    assert bayes_risk(_TABLE3, loss, observed=0) == pytest.approx(0.495, abs=1e-15)
    # both: 0.075 + 0.02 + 0.15 + 0.225
    assert bayes_risk(_TABLE3, loss) == pytest.approx(0.47, abs=1e-15)
    # 2-D, seeing nothing: p(y) = (0.6, 0.4): min(1.5 * 0.4, 0.6)
    assert bayes_risk([[0.4, 0.1], [0.2, 0.3]], loss, observed=()) == pytest.approx(0.6)
    # 2-D, seeing X: x=0: min(0.15, 0.4); x=1: min(0.45, 0.2)
    assert bayes_risk([[0.4, 0.1], [0.2, 0.3]], loss) == pytest.approx(0.35)


def test_bayes_floor_is_never_negative_on_a_table_summing_above_one():
    """A table summing to 1 + 8e-10 (accepted) still has floor exactly 0, not -8e-10."""
    table = [[0.5 + 4e-10, 0.0], [0.0, 0.5 + 4e-10]]
    assert bayes_floor(table) == 0.0


@pytest.mark.parametrize(
    "call",
    [
        lambda: fano_floor(0.0, 1),
        lambda: rearranged_fano_floor(0.0, 1),
        lambda: candidate_floor_limit(1),
        lambda: candidate_floor(0.0, 1),
    ],
)
def test_one_label_or_candidate_is_refused(call):
    """|Y| = 1 or M = 1: a ValueError naming the argument and the bound 2."""
    with pytest.raises(
        ValueError, match=r"(n_labels|n_candidates) must be >= 2, got 1"
    ):
        call()


def test_two_candidates_are_allowed():
    """M = 2: the limit 1 - 1/log2 2 = 0 and the floor 1 - (I + 1) (closed form)."""
    assert candidate_floor_limit(2) == 0.0
    assert candidate_floor(0.5, 2) == -0.5


@pytest.mark.parametrize(
    "call",
    [
        lambda: rearranged_fano_floor(-0.5, 4),
        lambda: rearranged_fano_floor(-1e-300, 4),
        lambda: is_rearranged_vacuous(-0.5),
        lambda: fano_floor(-0.5, 4),
    ],
)
def test_negative_entropy_is_refused(call):
    """h < 0 is not an entropy: a ValueError naming h."""
    with pytest.raises(ValueError, match=r"h must be in \[0"):
        call()


def test_rearranged_floor_at_its_top():
    """h = log2 |Y| exactly is allowed: (log2 |Y| - 1) / log2 |Y| (closed form)."""
    assert rearranged_fano_floor(3.0, 8) == pytest.approx(2 / 3)
    assert rearranged_fano_floor(2.0 + 5e-13, 4) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="h must be in"):
        rearranged_fano_floor(2.0 + 1e-9, 4)


@pytest.mark.parametrize("info", [math.inf, float("nan")])
def test_candidate_floor_refuses_infinite_information(info):
    """I = inf is not a mutual information of a finite table: a ValueError naming it."""
    with pytest.raises(ValueError, match="mutual_information"):
        candidate_floor(info, 4)
