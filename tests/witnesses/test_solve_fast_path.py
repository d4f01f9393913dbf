"""The fast reference solver (issue 30) against its previous version, candidate by candidate.

``witnesses.solve._reference`` memoises candidate results and pre-pivot
searches and drops labels that cannot beat the incumbent;
``tests/witnesses/reference_solver_v1.py`` is the version before that. Both
must return the very same ``(score, n_pre, label)`` for every pool, pivot,
grammar and incumbent, including incumbents just below, at and above the
best score (where the cut and the 1e-12 tie rule meet).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.witnesses import reference_solver_v1 as old
from witnesses import Grammar, Timeline
from witnesses.generators import multiburst
from witnesses.solve import _reference as new
from witnesses.solve import injection_pool, rank_pivots
from witnesses.strategies import event_timelines, grammars

_NUDGES = (None, -1.0, -1e-6, -1e-9, -1e-12, 0.0, 1e-12, 1e-9, 1e-3)


def _both(
    tl: Timeline, tau_index: int, grammar: Grammar, top_n: int, nudge: float | None
) -> tuple[list[Any], Any]:
    """Return the fast solver's answers (three ways) and the previous version's."""
    focal = "actor_0"
    pivots = rank_pivots(tl.focal(focal))
    tau = pivots[tau_index % len(pivots)]
    pool = injection_pool(tl, tau, focal, top_n=top_n)
    length = min(20, grammar.max_length)
    base = old.solve_candidate(pool, tau, tl, focal, grammar, length, None)
    incumbent = None
    if nudge is not None:
        incumbent = (base[0] if base is not None else 1.0) + nudge
    want = old.solve_candidate(pool, tau, tl, focal, grammar, length, incumbent)

    def fast(bar: float | None) -> Any:
        return new.solve_candidate(pool, tau, tl, focal, grammar, length, bar)

    new._RESULTS.data.clear()
    new._PRE_DP.data.clear()
    cold = fast(incumbent)  # cut searches, nothing memoised yet
    warm = fast(incumbent)  # the memoised result
    new._RESULTS.data.clear()
    fast(None)  # memoises the uncut pre-pivot search
    shared = fast(incumbent)  # the post-pivot search over the memoised one
    return [cold, warm, shared], want


@given(
    event_timelines(max_size=14),
    grammars(),
    st.integers(0, 5),
    st.sampled_from([1, 3, 40]),
    st.sampled_from(_NUDGES),
)
def test_fast_reference_candidate_equals_previous_version(
    tl: Timeline, grammar: Grammar, tau_index: int, top_n: int, nudge: float | None
) -> None:
    """Random pools: the same result cut, memoised, and over a memoised pre-pivot search."""
    if not tl.focal("actor_0"):
        return
    got, want = _both(tl, tau_index, grammar, top_n, nudge)
    assert got == [want] * 3


@pytest.mark.parametrize("seed", [3, 17])
@pytest.mark.parametrize("nudge", [None, -1e-6, -1e-12, 0.0, 1e-12])
def test_fast_reference_candidate_equals_previous_version_on_multiburst(
    seed: int, nudge: float | None
) -> None:
    """Sweep-sized pools (200 events, gap 0.11, k = 3), the top five pivots."""
    tl = multiburst(seed=seed)
    grammar = Grammar.parametric(3, max_temporal_gap=0.11)
    for tau_index in range(5):
        got, want = _both(tl, tau_index, grammar, 40, nudge)
        assert got == [want] * 3


def test_cut_search_redone_uncut_past_the_attempt_cap(monkeypatch) -> None:
    """With the cap at 0 every cut search gives up and reruns uncut: same answer."""
    tl = multiburst(seed=5)
    grammar = Grammar.parametric(3, max_temporal_gap=0.11)
    monkeypatch.setattr(new, "_CUT_ATTEMPTS", 0)
    for i in range(3):
        got, want = _both(tl, i, grammar, 40, -1e-9)
        assert got == [want] * 3
