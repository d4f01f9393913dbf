"""Exp52 and Exp53 (WITNESS.md 1.9) on small instances, and their bad input."""

import pytest

from witnesses.experiments.exp52 import exp52, exp53
from witnesses.semantics import PAPER, REFERENCE


def test_exp52_counts_every_strategy_of_the_semantics():
    r = exp52(n_cases=6, n_events=60)
    assert r.semantics == "reference" and r.cases == 6
    assert set(r.valid) == set(REFERENCE.strategies)
    assert all(0 <= v <= 6 for v in r.valid.values())
    kept, full = r.contract_kept_valid
    assert full == r.full_valid and 0 <= kept <= full
    assert r.rate("naive") == r.valid["naive"] / 6


def test_exp52_paper_semantics_uses_definition2():
    r = exp52(n_cases=2, n_events=40, semantics=PAPER)
    assert set(r.valid) == set(PAPER.strategies)


@pytest.mark.slow
def test_exp52_full_scale_ties_at_one():
    """Section 7.3: raw validity 1.000 for naive, bridge and contract (first 24 cases)."""
    r = exp52(n_cases=24)
    assert r.valid == dict.fromkeys(REFERENCE.strategies, 24)


def test_exp53_segment_and_whole():
    r = exp53(n_seeds=3)
    assert (r.seeds, r.segment_valid, r.whole_valid) == (3, 3, 3)
    assert r.gap == 0.0


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: exp52(n_cases=0), ValueError, "n_cases must be >= 1"),
        (lambda: exp52(n_cases=10**6), ValueError, r"n_cases must be in \[1, 100000\]"),
        (lambda: exp52(n_events=4), ValueError, "n_events must be >= 8"),
        (lambda: exp52(m_values=()), TypeError, "m_values must be a non-empty tuple"),
        (lambda: exp52(retention=0.0), ValueError, "retention"),
        (lambda: exp52(semantics="both"), ValueError, "semantics must be a Semantics"),
        (lambda: exp53(n_seeds=-1), ValueError, "n_seeds must be >= 1"),
        (lambda: exp53(semantics=3), TypeError, "semantics must be a Semantics"),
    ],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()
