"""The fast reference solver (issue 30) against its previous version.

:func:`witnesses.solve`'s reference solver memoises candidate results and
pre-pivot searches and drops labels that cannot beat the incumbent;
``tests/witnesses/reference_solver_v1.py`` is the version before that. The
previous version is swapped in as a ``monkeypatch`` target (the contract's
declared use of an internal name), and both must return the very same
sequence, phases, score and diagnostics on every input: random timelines on
a coarse grid (exact ties in weight and time, where the 1e-12 tie rules
act), with up to ten candidates (so every later candidate runs against an
incumbent), forced pivots, and multiburst-200 timelines of the sweep. The
memos are emptied before each fast solve, so the cut search, the memoised
result and the search over a memoised pre-pivot search are each compared.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.witnesses import reference_solver_v1
from witnesses import Grammar, Timeline, solve
from witnesses.generators import multiburst
from witnesses.strategies import event_timelines, grammars

_CORE = "witnesses._solve._core._reference"
_MEMOS = (
    "witnesses._solve._reference._RESULTS.data",
    "witnesses._solve._reference._PRE_DP.data",
)


def _outcome(tl: Timeline, **kwargs: Any) -> tuple[Any, ...]:
    s = solve(tl, **kwargs)
    seq = s.sequence
    return (
        None if seq is None else (seq.ids, seq.phases, seq.score),
        s.diagnostics,
    )


def _fresh_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    for target in _MEMOS:
        monkeypatch.setattr(target, OrderedDict())


def _outcomes(tl: Timeline, **kwargs: Any) -> tuple[Any, list[Any]]:
    """The previous solver's outcome, and the fast one's cold, warm and shared."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_CORE, reference_solver_v1)
        want = _outcome(tl, **kwargs)
    with pytest.MonkeyPatch.context() as mp:
        _fresh_memos(mp)
        cold = _outcome(tl, **kwargs)  # every search cut or run, none looked up
        warm = _outcome(tl, **kwargs)  # every candidate looked up
        mp.setattr(_MEMOS[0], OrderedDict())
        shared = _outcome(tl, **kwargs)  # pre-pivot searches looked up
    return want, [cold, warm, shared]


# suite budget (issue 30): 100 examples under the ci profile, the profile's own
# number (25) under dev; a regression check of a fast path against the old one
@settings(max_examples=min(100, settings().max_examples))
@given(
    event_timelines(max_size=14),
    grammars(),
    st.integers(1, 10),
    st.booleans(),
    st.sampled_from([1, 3, 40]),
)
def test_fast_reference_solver_equals_previous_version(
    tl: Timeline, grammar: Grammar, m: int, force: bool, top_n: int
) -> None:
    """Random timelines, grammars, M, forced pivots and pool sizes."""
    forced = tuple(e.id for e in tl.events[::2]) if force else None
    want, fast = _outcomes(
        tl, grammar=grammar, m=m, pivot_ids=forced, injection_top_n=top_n
    )
    assert fast == [want, want, want]


@pytest.mark.parametrize("seed", [3, 17])
@pytest.mark.parametrize("gap", [0.11, 0.2])
def test_fast_reference_solver_equals_previous_version_on_multiburst(
    seed: int, gap: float
) -> None:
    """Sweep-sized timelines (200 events, k = 3, M = 10), whole and thinned."""
    tl = multiburst(seed=seed)
    grammar = Grammar.parametric(3, max_temporal_gap=gap)
    thinned = tl.subset(
        [e.id for e in tl.events[::3]] + [e.id for e in tl.events[1::3]]
    )
    found = []
    for timeline in (tl, thinned):
        want, fast = _outcomes(timeline, grammar=grammar, m=10)
        assert fast == [want, want, want]
        found.append(want[0] is not None)
    assert found[0]  # the whole timeline is solved: a real solve is compared


def test_cut_search_redone_uncut_past_the_attempt_cap(monkeypatch) -> None:
    """With the cap at 0 every cut search gives up and reruns uncut: same answer."""
    monkeypatch.setattr("witnesses._solve._reference._CUT_ATTEMPTS", 0)
    tl = multiburst(seed=5)
    grammar = Grammar.parametric(3, max_temporal_gap=0.11)
    want, fast = _outcomes(tl, grammar=grammar, m=10)
    assert fast == [want, want, want]
    assert want[0] is not None  # a sequence was found, so the cut search ran
