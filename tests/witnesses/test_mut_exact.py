"""The exact solver's bounds, boundaries and safety check (issue 33, mutation survivors).

Each test pins one behaviour of ``solve(..., solver="exact")`` that the
random comparisons with the frozen previous version never reach: a
difference that equals the gap (plus its 1e-12 tolerance) exactly, a
candidate that beats the incumbent by less than the bounds' margins (the
bounds must not cut it), chains of exactly two events with a length budget
of three, weights that are all zero, weights of a million (the
re-validation's tolerance scales with the weights), and the re-validation
itself, which must refuse an optimum whose score it cannot reproduce.
Expected sequences are worked out by hand in each docstring.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from typing import Any

import pytest

from witnesses import Event, Grammar, Timeline, solve

_MODULE = "witnesses._solve._exact"
solve(Timeline([Event("a", 0.0, 1.0)]), solver="exact")  # loads the private module
_fast: Any = sys.modules[_MODULE]


def _exact(tl: Timeline, **kwargs: Any) -> tuple[Any, ...]:
    s = solve(tl, solver="exact", focal="x", **kwargs)
    seq = s.sequence
    return (None, None) if seq is None else (seq.ids, seq.score)


def _grammar(*, k: int, max_length: int, gap: float = math.inf) -> Grammar:
    """Lengths 1..max_length, no span or coverage rule: only chains and ``k`` matter."""
    return Grammar(
        min_prefix_elements=k,
        min_length=1,
        max_length=max_length,
        min_timespan_fraction=0.0,
        max_temporal_gap=gap,
        focal_actor_coverage=0.0,
    )


def _focal(spec: list[tuple[str, float, float]]) -> Timeline:
    return Timeline([Event(i, t, w, actors={"x"}) for i, t, w in spec])


# -- the gap's boundary: a step of exactly max_temporal_gap + 1e-12 is allowed


_GAP = 0.249999999999  # + 1e-12 rounds to 0.25 exactly, the steps below


def test_the_gap_tolerance_is_the_validators() -> None:
    assert _GAP + 1e-12 == 0.25  # the premise of the next test


@pytest.mark.parametrize("endogenous", [False, True])
def test_steps_of_exactly_the_gap_are_chained(endogenous: bool) -> None:
    """Steps of 0.25 = gap + 1e-12: the validator allows them, so the solver must.

    ``b`` (weight 5) with two events on each side, 0.25 apart: 4 + 5 + 2*5*0.95
    = 18.5 (a = b = 2, position 0.5). ``a`` (weight 6, tried first) is alone
    at t = 2: 6 + 2*6*0.95 = 17.4. Every side of the search (the chains' ends
    next to the pivot, the steps between events, the bound of the second
    candidate) must accept a step of exactly the gap, or ``a`` wins.
    """
    tl = _focal(
        [("p1", 0.0, 1.0), ("p2", 0.25, 1.0), ("b", 0.5, 5.0), ("q1", 0.75, 1.0),
         ("q2", 1.0, 1.0), ("a", 2.0, 6.0)]
    )  # fmt: skip
    grammar = _grammar(k=0, max_length=5, gap=_GAP)
    got = _exact(tl, grammar=grammar, pivot_ids=["a", "b"], endogenous=endogenous)
    assert got == (("p1", "p2", "b", "q1", "q2"), pytest.approx(18.5, abs=1e-12))


# -- a candidate that wins by 1e-10: far below the bounds' margins, far above 1e-12


def _narrow_win(heavy: float) -> tuple[Timeline, float, float]:
    """Six focal events; ``a`` (3rd) is tried first, ``b`` (4th) wins by 1e-10.

    Both best sequences are all six events. ``a`` sits at position 2/5
    (bonus 2 * 1.0 * 0.9), ``b`` at 3/5 (bonus 2 * w_b, exactly the
    candidate bound's ``3 * w_b`` less ``w_b``): ``b``'s bounds are its
    score, so only their margins let it through.
    """
    w_b = 0.9 + 5e-11
    spec = [("p1", 0.1, heavy), ("p2", 0.2, 1.0), ("a", 0.3, 1.0), ("b", 0.4, w_b),
            ("q1", 0.5, 1.0), ("q2", 0.6, 1.0)]  # fmt: skip
    total = heavy + 4.0 + w_b
    return _focal(spec), total + 1.8, total + 2 * w_b


@pytest.mark.parametrize("heavy", [1.0, 10.0])
def test_a_win_below_the_bounds_margin_is_found(heavy: float) -> None:
    """The bounds may only err upwards: a candidate 1e-10 better is solved and wins.

    (Two weight profiles: the margins have a term in the bound and a term in
    the heaviest weight, and a wrong sign in either must show.)
    """
    tl, score_a, score_b = _narrow_win(heavy)
    assert 5e-11 < score_b - score_a < 2e-10
    grammar = _grammar(k=1, max_length=6)
    got = _exact(tl, grammar=grammar, pivot_ids=["a", "b"])
    assert got[0] == ("p1", "p2", "a", "b", "q1", "q2")
    assert got[1] == pytest.approx(score_b, abs=1e-12)
    assert _exact(tl, grammar=grammar, pivot_ids=["a"])[1] == pytest.approx(
        score_a, abs=1e-12
    )


# -- a length budget of 3: chains of two events on one side


def test_two_event_chains_with_a_budget_of_three() -> None:
    """``b``'s best is ``p1 p2 b`` (a = 2: position 1, bonus 2 * 4 * 0.8 = 6.4).

    Score 1 + 1 + 4 + 6.4 = 12.4. ``a`` (weight 4.5, tried first) is alone at
    t = 5 (beyond the 0.15 gap): 4.2 * 2.9 = 12.18 < 12.4. ``b`` with one
    event before it scores 1 + 4 + 6.4 = 11.4, alone 11.6: both below ``a``,
    so the chain of two pre events decides.
    """
    tl = _focal([("p1", 0.0, 1.0), ("p2", 0.1, 1.0), ("b", 0.2, 4.0), ("a", 5.0, 4.2)])
    grammar = _grammar(k=0, max_length=3, gap=0.15)
    got = _exact(tl, grammar=grammar, pivot_ids=["a", "b"])
    assert got == (("p1", "p2", "b"), pytest.approx(12.4, abs=1e-12))


# -- weights all zero, and weights of a million


@pytest.mark.parametrize("length", [1, 3])
def test_weights_all_zero(length: int) -> None:
    """Every score is 0: the first candidate's first sequence, no division by zero."""
    tl = _focal([("e0", 0.0, 0.0), ("e1", 0.5, 0.0), ("e2", 1.0, 0.0)])
    grammar = _grammar(k=0, max_length=length)
    got = _exact(tl, grammar=grammar, m=3)
    assert got[1] == 0.0
    assert got[0] is not None and len(got[0]) >= 1


def test_weights_of_a_million_revalidate() -> None:
    """Scores of 1e7: the solver's sum and the validator's differ by one ulp (1.9e-9).

    The re-validation used an absolute 1e-9 and raised an internal error on
    this valid input; its tolerance now scales with the weights. The optimum
    is ``e01 e02 e03`` (``e04`` is 0.15 after ``e03``, beyond the 0.1 gap).
    """
    tl = Timeline(
        [
            Event("e00", 0.65, 250000.0000002, actors={"x", "y"}),
            Event("e01", 0.65, 1750000.0000001, actors={"x"}),
            Event("e02", 0.7, 2250000.0000001, actors={"x", "y"}),
            Event("e03", 0.8, 2500000.0, actors={"y"}),
            Event("e04", 0.95, 250000.0, actors={"y"}),
        ]
    )
    grammar = Grammar(
        min_prefix_elements=1,
        min_length=3,
        max_length=3,
        max_temporal_gap=0.1,
        focal_actor_coverage=0.6,
    )
    for endogenous in (False, True):
        got = _exact(tl, grammar=grammar, pivot_ids=["e02", "e01", "e00"],
                     endogenous=endogenous)  # fmt: skip
        assert got[0] == ("e01", "e02", "e03")
        want = 1750000.0000001 + 2.9 * 2250000.0000001 + 2500000.0  # position 0.5
        assert got[1] == pytest.approx(want, rel=1e-15)


# -- the re-validation refuses an optimum it cannot reproduce


def _shifted(monkeypatch: pytest.MonkeyPatch, delta: float) -> None:
    """Make the solver report each candidate's best ``delta`` above its true score."""
    plain = _fast._solve_tau

    def shifted(*args: Any, **kwargs: Any) -> Any:
        found = plain(*args, **kwargs)
        if found is None:
            return None
        best, pre, post = found
        return dataclasses.replace(best, value=best.value + delta), pre, post

    monkeypatch.setattr(_MODULE + "._solve_tau", shifted)


_SMALL = [("p", 0.0, 1.0), ("t", 0.5, 2.0), ("q", 1.0, 0.5)]
# tolerance 1e-9 * (1 + |weights of the sequence| + 2 |w_tau|) = 1e-9 * 8.5
_TOL = 1e-9 * (1.0 + 3.5 + 4.0)


@pytest.mark.parametrize("factor", [-0.97, 0.0, 0.97])
def test_the_revalidation_accepts_a_score_within_its_tolerance(
    monkeypatch: pytest.MonkeyPatch, factor: float
) -> None:
    _shifted(monkeypatch, factor * _TOL)
    grammar = _grammar(k=1, max_length=3)
    got = _exact(_focal(_SMALL), grammar=grammar, m=1)
    assert got[0] == ("p", "t", "q")


@pytest.mark.parametrize("factor", [-1.03, 1.03, 1e6])
def test_the_revalidation_refuses_a_score_it_cannot_reproduce(
    monkeypatch: pytest.MonkeyPatch, factor: float
) -> None:
    _shifted(monkeypatch, factor * _TOL)
    grammar = _grammar(k=1, max_length=3)
    with pytest.raises(AssertionError, match="does not re-validate"):
        solve(_focal(_SMALL), grammar=grammar, m=1, solver="exact", focal="x")


# -- a negative pivot weight: the bonus of a two-event sequence


def test_a_negative_pivot_after_one_event() -> None:
    """Two events, the pivot last (position 1: bonus 2 * w * 0.8 = 1.6 w).

    ``b`` (weight -1) after ``p`` (5, not focal): 5 - 1 - 1.6 = 2.4. ``a``
    (-1, tried first) after ``p'`` (4.85): 2.25. With a negative weight a
    bonus taken at the wrong position (0.5: 1.9 w) is *lower*, and would
    drop ``b`` below ``a``.
    """
    tl = Timeline(
        [
            Event("p'", 0.0, 4.85, actors={"y"}),
            Event("a", 0.1, -1.0, actors={"x"}),
            Event("p", 1.0, 5.0, actors={"y"}),
            Event("b", 1.1, -1.0, actors={"x"}),
        ]
    )
    grammar = _grammar(k=1, max_length=2, gap=0.15)
    got = _exact(tl, grammar=grammar, pivot_ids=["a", "b"])
    assert got == (("p", "b"), pytest.approx(2.4, abs=1e-12))
    assert _exact(tl, grammar=grammar, pivot_ids=["a"])[1] == pytest.approx(2.25)


# -- small cases a random search against the previous version found


def test_one_first_event_with_a_step_before_the_pivot() -> None:
    """Budget 3, ``k = 1``, two events before the pivot: only ``e00`` can step on.

    ``e00 e01 e02``: 0 + 1 + 2 + 2 * 2 * 0.8 (position 1) = 6.2; the two-event
    sequences are too short (``min_length = 3``).
    """
    tl = Timeline(
        [
            Event("e00", 0.75, 0.0, actors={"x"}),
            Event("e01", 0.85, 1.0),
            Event("e02", 0.9, 2.0, actors={"x"}),
        ]
    )
    grammar = Grammar(
        min_prefix_elements=1, min_length=3, max_length=5, min_timespan_fraction=0.15
    )
    for endogenous in (False, True):
        got = _exact(tl, grammar=grammar, m=5, max_sequence_length=3,
                     endogenous=endogenous)  # fmt: skip
        assert got == (("e00", "e01", "e02"), pytest.approx(6.2, abs=1e-12))


def test_a_tie_between_first_events_goes_to_the_earlier() -> None:
    """``e00 e02 e04`` and ``e01 e02 e04`` both score 0 + 2 + 2 + 2 * 2 * 0.95 = 7.8.

    The tie goes to the earlier first event; the pivot alone with ``e04``
    (6.8) and the later candidates (weight 0) score less.
    """
    tl = Timeline(
        [
            Event("e00", 0.1, 0.0, actors={"x"}),
            Event("e01", 0.15, 0.0, actors={"x"}),
            Event("e02", 0.4, 2.0, actors={"x"}),
            Event("e03", 0.75, 1.0, actors={"y"}),
            Event("e04", 0.8, 2.0),
        ]
    )
    grammar = Grammar(
        min_prefix_elements=0, min_length=2, max_length=7, min_timespan_fraction=0.15
    )
    got = _exact(tl, grammar=grammar, m=5, max_sequence_length=3)
    assert got == (("e00", "e02", "e04"), pytest.approx(7.8, abs=1e-12))


# -- negative weights: what the bounds may assume about them


def test_a_negative_event_the_best_leaves_out() -> None:
    """Budget 3, the endogenous rule: ``a`` (1.225, tried first) is barred for ``b``.

    ``b``'s best is ``p b`` (1 + 1 + 2 * 0.8 = 3.6); ``p b n`` adds ``n``
    (-0.5) and scores 3.4. ``a`` alone: 1.225 * 2.9 = 3.5525. The candidate
    bound of ``b`` may count an event of negative weight as 0 (it may be
    left out), never as its weight: 1 - 0.5 + 3 = 3.5 would skip ``b``.
    """
    tl = Timeline(
        [
            Event("p", 0.0, 1.0),
            Event("b", 0.1, 1.0, actors={"x"}),
            Event("n", 0.2, -0.5),
            Event("a", 5.0, 1.225, actors={"x"}),
        ]
    )
    grammar = _grammar(k=0, max_length=3, gap=0.15)
    got = _exact(tl, grammar=grammar, pivot_ids=["a", "b"], endogenous=True)
    assert got == (("p", "b"), pytest.approx(3.6, abs=1e-12))


def test_the_pivot_without_events_before_it_beats_a_negative_start() -> None:
    """``k = 0``: ``b q`` (1 + 1 + 2 * 0.7 = 3.4) beats ``p b q`` (-0.6 + 2 + 1.9 = 3.3).

    The rows of the combine step are the first events, ``p`` and then the
    pivot itself (the empty pre chain): the last row must be scored too.
    """
    tl = _focal([("p", 0.0, -0.6), ("b", 0.1, 1.0), ("q", 0.2, 1.0)])
    grammar = _grammar(k=0, max_length=3)
    got = _exact(tl, grammar=grammar, pivot_ids=["b"])
    assert got == (("b", "q"), pytest.approx(3.4, abs=1e-12))


def test_a_tie_between_a_first_event_and_the_empty_pre_chain() -> None:
    """``p b q`` (-0.5 + 1 + 1 + 1.9) and ``b q`` (1 + 1 + 1.4) both score 3.4.

    The documented tie rule: the first found in the scan order, first events
    by time with the pivot's own row (no event before it) last: ``p b q``.
    """
    tl = _focal([("p", 0.0, -0.5), ("b", 0.1, 1.0), ("q", 0.2, 1.0)])
    got = _exact(tl, grammar=_grammar(k=0, max_length=3), pivot_ids=["b"])
    assert got == (("p", "b", "q"), pytest.approx(3.4, abs=1e-12))


def test_the_pivots_own_row_in_a_later_block() -> None:
    """Seventeen first events (-0.6 each) fill the first block of 16 rows and more.

    Each starts ``p b q`` (3.3); the pivot's own row, ``b q`` (3.4), comes
    after them, in another block, and its bound (no pre chain: 0) must let
    it be scored.
    """
    spec = [(f"p{i:02d}", 0.01 * i, -0.6) for i in range(17)]
    tl = _focal([*spec, ("b", 0.5, 1.0), ("q", 0.6, 1.0)])
    got = _exact(tl, grammar=_grammar(k=0, max_length=3), pivot_ids=["b"])
    assert got == (("b", "q"), pytest.approx(3.4, abs=1e-12))


@pytest.mark.parametrize("endogenous", [False, True])
def test_the_span_is_the_last_time_less_the_first(endogenous: bool) -> None:
    """``p b q`` spans 0.1 of a timeline of duration 1: below 0.5, so no sequence.

    ``z0`` and ``z1`` (not focal, beyond the 0.1 gap) only set the duration.
    With ``min_timespan_fraction = 0.09`` the span (0.6 - 0.5 in floats,
    just below 0.1) is enough.
    """
    events = [("p", 0.5, 1.0), ("b", 0.55, 3.0), ("q", 0.6, 1.0)]
    tl = Timeline(
        [Event("z0", 0.0, 1.0), *(Event(i, t, w, actors={"x"}) for i, t, w in events),
         Event("z1", 1.0, 1.0)]
    )  # fmt: skip
    strict = Grammar(
        min_prefix_elements=1,
        min_length=3,
        max_length=5,
        min_timespan_fraction=0.5,
        max_temporal_gap=0.1,
        focal_actor_coverage=0.0,
    )
    kwargs: dict[str, Any] = {"pivot_ids": ["b"], "endogenous": endogenous}
    assert _exact(tl, grammar=strict, **kwargs) == (None, None)
    loose = dataclasses.replace(strict, min_timespan_fraction=0.09)
    got = _exact(tl, grammar=loose, **kwargs)
    assert got[0] == ("p", "b", "q")


@pytest.mark.parametrize("endogenous", [False, True])
def test_equal_candidates_keep_the_earlier(endogenous: bool) -> None:
    """Two copies of ``p b q``, far apart: equal scores, the first candidate tried wins."""
    spec = [("p", 0.0, 1.0), ("b", 0.1, 2.0), ("q", 0.2, 1.0)]
    tl = _focal(
        [(f"{i}1", t, w) for i, t, w in spec]
        + [(f"{i}2", t + 5.0, w) for i, t, w in spec]
    )
    grammar = _grammar(k=1, max_length=3, gap=0.15)
    for first, second in (("b1", "b2"), ("b2", "b1")):
        got = _exact(
            tl, grammar=grammar, pivot_ids=[first, second], endogenous=endogenous
        )
        tag = first[-1]
        assert got == ((f"p{tag}", first, f"q{tag}"), pytest.approx(7.8, abs=1e-12))


# -- "better" means better by more than 1e-12: a float exactly 1e-12 above is a tie

_EDGE = 1.0000000000009996  # the weight that puts the second score at best + 1e-12
_PAST = 1.0000000000010008  # five ulps more: past the tie


@pytest.mark.parametrize(("weight", "tag"), [(_EDGE, "1"), (_PAST, "2")])
def test_a_candidate_exactly_1e12_better_is_a_tie(weight: float, tag: str) -> None:
    """``p2`` weighing ``_EDGE``: the second copy scores the first's + 1e-12 exactly."""
    spec = [("p1", 0.0, 1.0), ("b1", 0.1, 2.0), ("q1", 0.2, 1.0),
            ("p2", 5.0, weight), ("b2", 5.1, 2.0), ("q2", 5.2, 1.0)]  # fmt: skip
    got = _exact(_focal(spec), grammar=_grammar(k=1, max_length=3, gap=0.15),
                 pivot_ids=["b1", "b2"])  # fmt: skip
    assert got[0] == (f"p{tag}", f"b{tag}", f"q{tag}")


@pytest.mark.parametrize(("weight", "tag"), [(_EDGE, "1"), (_PAST, "2")])
def test_a_first_event_exactly_1e12_better_is_a_tie(weight: float, tag: str) -> None:
    """Within one candidate: ``p2 b q`` scores ``p1 b q`` + 1e-12 exactly; ``p1`` stays."""
    spec = [("p1", 0.0, 1.0), ("p2", 0.05, weight), ("b", 0.1, 2.0), ("q", 0.2, 1.0)]
    got = _exact(_focal(spec), grammar=_grammar(k=1, max_length=3), pivot_ids=["b"])
    assert got[0] == (f"p{tag}", "b", "q")


def test_the_revalidation_tolerance_is_inclusive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Weights 0: the score is 0 and the tolerance 1e-9 exactly; 1e-9 off is accepted."""
    tl = _focal([("p", 0.0, 0.0), ("t", 0.5, 0.0), ("q", 1.0, 0.0)])
    grammar = _grammar(k=1, max_length=3)
    _shifted(monkeypatch, 1e-9)
    assert _exact(tl, grammar=grammar, pivot_ids=["t"]) == (("p", "t"), 0.0)
    _shifted(monkeypatch, math.nextafter(1e-9, 1.0))
    with pytest.raises(AssertionError, match="does not re-validate"):
        _exact(tl, grammar=grammar, pivot_ids=["t"])


def test_the_candidate_bounds_margin_covers_its_rounding() -> None:
    """Weights of millions: ``b`` beats ``a`` by one ulp (3.7e-9, above the 1e-12 rule).

    ``b`` (tried second; ``a`` is barred from its bound by the endogenous
    rule) takes all six events at position 3/5, so its candidate bound
    equals its score in exact arithmetic; summed in another order it comes
    out below it, and only its margin (1e-9 relative) lets ``b`` through.
    A margin of 1e-9 / |bound| would not. Found by a random search.
    """
    ws = [5739503.978429301, 3546572.523289012, 1869197.8277701063, 7487649.2503716,
          7435771.481070784]  # fmt: skip
    events = [Event(f"p{i}", 0.01 * i, ws[i]) for i in range(3)]
    events += [Event("b", 0.03, 1863863.7776322784, actors={"x"})]
    events += [Event(f"q{i}", 0.04 + 0.01 * i, ws[3 + i]) for i in range(2)]
    events += [Event("a", 10.0, 10920788.4116647, actors={"x"})]
    tl = Timeline(events)
    grammar = _grammar(k=0, max_length=6, gap=0.1)
    got = _exact(tl, grammar=grammar, pivot_ids=["a", "b"], endogenous=True)
    assert got[0] == ("p0", "p1", "p2", "b", "q0", "q1")
    alone = _exact(tl, grammar=grammar, pivot_ids=["a"], endogenous=True)
    assert alone[0] == ("a",)
    assert 0 < got[1] - alone[1] < 1e-8
