"""The front of the solvers: defaults, argument checks, the reference re-validation (issue 33).

``solve`` and ``pivot_candidates`` document their defaults (``m=10``,
``max_sequence_length=20``, ``injection_top_n=40``); each test below shows
one of them on an input where the next value up or down gives another
answer. The reference solver's winner is re-validated, and a winner whose
score the validator does not reproduce is an internal error.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from witnesses import Event, Grammar, Timeline, pivot_candidates, solve


def _spread(n: int, *, gap: float = 0.05) -> Timeline:
    """``n`` focal events, ``gap`` apart, weights 1, 2, ..., n (no ties)."""
    return Timeline(
        [Event(f"e{i:02d}", i * gap, float(i + 1), actors={"x"}) for i in range(n)]
    )


def _open_grammar(max_length: int) -> Grammar:
    return Grammar(
        min_prefix_elements=1,
        min_length=1,
        max_length=max_length,
        min_timespan_fraction=0.0,
        focal_actor_coverage=0.0,
    )


def test_pivot_candidates_takes_ten_by_default() -> None:
    tl = _spread(12)
    got, dropped = pivot_candidates(tl, "x")
    assert [e.id for e in got] == [f"e{i:02d}" for i in range(11, 1, -1)]
    assert dropped == {}


@pytest.mark.parametrize("solver", ["reference", "exact"])
def test_solve_tries_ten_candidates_by_default(solver: str) -> None:
    s = solve(_spread(12), focal="x", grammar=_open_grammar(4), solver=solver)
    assert s.diagnostics["candidates"] == tuple(f"e{i:02d}" for i in range(11, 1, -1))


def test_solve_keeps_twenty_events_by_default() -> None:
    """A grammar that allows 25 events: the default budget keeps 20 (the heaviest run)."""
    tl = _spread(24)
    s = solve(tl, focal="x", grammar=_open_grammar(25), solver="exact", m=1)
    assert s.sequence is not None
    assert s.sequence.ids == tuple(f"e{i:02d}" for i in range(4, 24))
    wider = solve(tl, focal="x", grammar=_open_grammar(25), solver="exact", m=1,
                  max_sequence_length=21)  # fmt: skip
    assert wider.sequence is not None and len(wider.sequence.ids) == 21


def _bridge_timeline() -> Timeline:
    """``t`` (weight 10) has one possible event before it: ``b``, the 41st heaviest focal.

    Thirty-nine focal fillers (weight 2) sit 0.2 apart after ``t``: none has an
    event within the 0.1 gap before it, so none makes a sequence with ``k = 1``.
    """
    events = [Event("b", 0.45, 1.0, actors={"x"}), Event("t", 0.5, 10.0, actors={"x"})]
    events += [Event(f"f{i:02d}", 1.0 + 0.2 * i, 2.0, actors={"x"}) for i in range(39)]
    return Timeline(events)


def test_solve_injects_forty_heaviest_focal_events_by_default() -> None:
    """The reference pool holds 40 heavy focal events: ``t`` and the 39 fillers, not ``b``."""
    tl = _bridge_timeline()
    grammar = Grammar.parametric(
        1, min_length=2, max_temporal_gap=0.1, min_timespan_fraction=0.0
    )
    assert solve(tl, focal="x", grammar=grammar).sequence is None
    s = solve(tl, focal="x", grammar=grammar, injection_top_n=41)
    assert s.sequence is not None and s.sequence.ids == ("b", "t")


@pytest.mark.parametrize("focal", [1, None, ("x",)])
def test_solve_refuses_a_focal_that_is_not_a_str(focal: Any) -> None:
    with pytest.raises(TypeError, match="focal must be a str"):
        solve(_spread(3), focal=focal)


def test_solve_injection_top_n_is_at_least_one() -> None:
    with pytest.raises(ValueError, match="injection_top_n"):
        solve(_spread(3), focal="x", injection_top_n=0)
    assert solve(_spread(3), focal="x", injection_top_n=1).diagnostics["solver"] == (
        "reference"
    )


def test_the_reference_winner_must_revalidate(monkeypatch: pytest.MonkeyPatch) -> None:
    """A winner reported 1.0 above the score its sequence re-validates to is refused."""
    solve(_spread(3), focal="x")  # the private module is loaded by now
    plain = sys.modules["witnesses._solve._reference"].solve_candidate

    def inflated(*args: Any, **kwargs: Any) -> Any:
        found = plain(*args, **kwargs)
        return None if found is None else (found[0] + 1.0, *found[1:])

    grammar = _open_grammar(4)
    assert solve(_spread(5), focal="x", grammar=grammar, m=1).sequence is not None
    monkeypatch.setattr("witnesses._solve._reference.solve_candidate", inflated)
    with pytest.raises(AssertionError, match="does not re-validate"):
        solve(_spread(5), focal="x", grammar=grammar, m=1)
