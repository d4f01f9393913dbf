"""The front of the solvers: :func:`solve` and :func:`pivot_candidates` (private; the package exports :func:`witnesses.solve`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from witnesses._solve import _reference
from witnesses._solve._greedy import solve_greedy
from witnesses._solve._pool import heaviest_focal, rank_pivots
from witnesses._validation import (
    check_choice,
    check_instance,
    check_int,
    check_iterable,
)
from witnesses.events import Event, Timeline
from witnesses.grammar import Grammar
from witnesses.sequence import ExtractedSequence, Solution

__all__ = ["SOLVERS", "pivot_candidates", "solve"]


def pivot_candidates(
    timeline: Timeline,
    focal: str,
    *,
    m: int = 10,
    pivot_ids: Iterable[str] | None = None,
    strict: bool = False,
    tp_candidate_ids: Iterable[str] | None = None,
) -> tuple[list[Event], dict[str, str]]:
    """Return the pivot candidates and the forced ids that were dropped.

    ``tp_candidate_ids`` is the old name of ``pivot_ids`` (kept for one
    release). Without ``pivot_ids``: the top-``m`` focal events ranked by weight
    descending, then earlier timestamp, then *larger* id (the reference order,
    docs/guide/witnesses.md §4). With it: exactly those ids, in the given order, that are
    focal events of ``timeline``; the others are dropped (as the reference
    does silently) and reported with the reason, or raise with ``strict``.

    Raises
    ------
    ValueError
        With ``strict=True``, if a forced id is absent or not focal.

    Examples
    --------
    >>> from witnesses import Event, Timeline
    >>> from witnesses import pivot_candidates
    >>> tl = Timeline([Event("a", 0, 2.0, actors={"x"}), Event("b", 1, 2.0, actors={"x"}),
    ...                Event("c", 2, 5.0)])
    >>> [e.id for e in pivot_candidates(tl, "x", m=2)[0]]
    ['a', 'b']
    >>> pivot_candidates(tl, "x", pivot_ids=["c", "z", "b"])[1]
    {'c': 'not a focal event', 'z': 'not in the timeline'}
    """
    check_instance(timeline, "timeline", Timeline)
    m = check_int(m, "m", minimum=1)
    pivot_ids = _forced_ids(pivot_ids, tp_candidate_ids)
    if pivot_ids is None:
        return rank_pivots(timeline.focal(focal))[:m], {}
    if isinstance(pivot_ids, str):
        msg = f"pivot_ids must be an iterable of ids, not a str ({pivot_ids!r})"
        raise TypeError(msg)
    check_iterable(pivot_ids, "pivot_ids", "event ids")
    kept: list[Event] = []
    dropped: dict[str, str] = {}
    for event_id in pivot_ids:
        if event_id not in timeline:
            dropped[event_id] = "not in the timeline"
        elif focal not in timeline.event(event_id).actors:
            dropped[event_id] = "not a focal event"
        else:
            kept.append(timeline.event(event_id))
    if strict and dropped:
        first = next(iter(dropped))
        msg = (
            f"pivot_ids contains {first!r}, which is {dropped[first]} "
            f"(focal actor {focal!r}); pass strict=False to drop such ids"
        )
        raise ValueError(msg)
    return kept, dropped


def _forced_ids(
    pivot_ids: Iterable[str] | None, tp_candidate_ids: Iterable[str] | None
) -> Iterable[str] | None:
    """Return the forced pivot ids given under the new or the old name."""
    if tp_candidate_ids is None:
        return pivot_ids
    if pivot_ids is not None:
        msg = "pass pivot_ids or its old name tp_candidate_ids, not both"
        raise TypeError(msg)
    return tp_candidate_ids


def solve(
    timeline: Timeline,
    *,
    focal: str = "actor_0",
    grammar: Grammar | None = None,
    m: int = 10,
    pivot_ids: Iterable[str] | None = None,
    solver: str = "reference",
    endogenous: bool = False,
    max_sequence_length: int = 20,
    injection_top_n: int = 40,
    strict: bool = False,
    tp_candidate_ids: Iterable[str] | None = None,
) -> Solution:
    """Return the best grammar-valid sequence whose pivot is a candidate.

    Parameters
    ----------
    timeline : Timeline
    focal : str, default "actor_0"
        The focal actor.
    grammar : Grammar, optional
        Defaults to the strict preset.
    m : int, default 10
        ``M``: the number of top-ranked focal events tried as pivots.
    pivot_ids : iterable of str, optional
        Force the pivot to one of these events (``m`` is ignored): the
        experiments' *fixed-pivot* solve.
    solver : {"reference", "exact", "greedy"}
        ``"reference"``: the label-setting heuristic of docs/guide/witnesses.md §4 (pool
        of 3 causal hops plus the ``injection_top_n`` heaviest focal events;
        dominance on the weight sum), returning the sequences the published
        experiments report. ``"exact"``: the true maximum of the score over
        every grammar-valid subsequence of the whole timeline with a
        candidate pivot. ``"greedy"``: the committed-to-argmax
        anchor search of docs/guide/witnesses.md §4: the 8 heaviest events are anchors,
        each anchor's pool cut to the length budget is one candidate, its
        pivot the argmax; ignores ``m``; may return its best
        *invalid* candidate when none is valid (check ``valid``). It has no
        forced mode: with ``pivot_ids`` the reference solver runs on
        the forced candidates (the sweeps' fixed-pivot solve), and the
        diagnostics say ``solver="reference"``, ``requested_solver="greedy"``.
    endogenous : bool, default False
        Exact solver only: require the pivot to be the heaviest focal
        event of the selected sequence in the pivot order (the paper's
        endogenous pivot, docs/guide/algebra.md).
    max_sequence_length, injection_top_n : int
        Reference parameters (the length budget is
        ``min(max_sequence_length, grammar.max_length)``).
    strict : bool, default False
        Raise instead of dropping forced ids that are absent or not focal.
    tp_candidate_ids : iterable of str, optional
        The old name of ``pivot_ids``, kept for one release.

    Returns
    -------
    Solution
        The best valid sequence or None; diagnostics hold ``solver``,
        ``candidates`` (ids tried; the anchors for greedy) and
        ``dropped_candidates`` (id -> reason).

    Raises
    ------
    TypeError, ValueError
        For bad arguments, for ``endogenous`` without ``solver="exact"``,
        and (``strict``)
        for forced ids that are absent or not focal.

    Examples
    --------
    >>> from witnesses import Event, Grammar, Timeline, solve
    >>> tl = Timeline([Event(f"e{i}", i, w, actors={"a"}, causal_parents=[f"e{i-1}"] if i else [])
    ...                for i, w in enumerate([1.0, 1.0, 1.0, 9.0, 1.0])])
    >>> s = solve(tl, focal="a", grammar=Grammar.parametric(1))
    >>> s.pivot_id, s.sequence.describe(), round(s.score, 4)
    ('e3', 'e0:S e1:D e2:D e3:T e4:R', 29.65)
    """
    check_instance(timeline, "timeline", Timeline)
    if not isinstance(focal, str):
        msg = f"focal must be a str actor name, got {focal!r}"
        raise TypeError(msg)
    grammar = Grammar() if grammar is None else grammar
    check_instance(grammar, "grammar", Grammar)
    entry = _TABLE[check_choice(solver, "solver", SOLVERS)]
    if endogenous and not entry.endogenous:
        msg = f"endogenous=True needs solver='exact', got solver={solver!r}"
        raise ValueError(msg)
    length = min(
        check_int(max_sequence_length, "max_sequence_length", minimum=1),
        grammar.max_length,
    )
    top_n = check_int(injection_top_n, "injection_top_n", minimum=1)
    pivot_ids = _forced_ids(pivot_ids, tp_candidate_ids)
    request = _Request(
        timeline, focal, grammar, m, pivot_ids, length, top_n, strict, endogenous
    )
    return entry.run(request)


@dataclass(frozen=True, slots=True)
class _Request:
    """One :func:`solve` call's checked arguments, as every solver takes them."""

    timeline: Timeline
    focal: str
    grammar: Grammar
    m: int
    pivot_ids: Iterable[str] | None
    length: int
    top_n: int
    strict: bool
    endogenous: bool

    def candidates(self) -> tuple[list[Event], dict[str, Any]]:
        """Return the pivot candidates and the diagnostics of a candidate solve."""
        found, dropped = pivot_candidates(
            self.timeline, self.focal, m=self.m, pivot_ids=self.pivot_ids,
            strict=self.strict,
        )  # fmt: skip
        diagnostics: dict[str, Any] = {
            "solver": "reference",
            "candidates": tuple(e.id for e in found),
            "dropped_candidates": dropped,
        }
        return found, diagnostics


def _run_reference(r: _Request, *, requested: str | None = None) -> Solution:
    candidates, diagnostics = r.candidates()
    if requested is not None:
        diagnostics["requested_solver"] = requested
    best = _solve_reference(
        r.timeline, r.focal, r.grammar, candidates, r.length, r.top_n
    )
    return Solution(best, diagnostics)


def _run_exact(r: _Request) -> Solution:
    from witnesses._solve._exact import solve_exact

    candidates, diagnostics = r.candidates()
    diagnostics["solver"] = "exact"
    best = solve_exact(
        r.timeline, r.focal, r.grammar, candidates, r.length, endogenous=r.endogenous
    )
    return Solution(best, diagnostics)


def _run_greedy(r: _Request) -> Solution:
    if r.pivot_ids is not None:
        # no forced mode: the reference solver runs on the forced candidates
        return _run_reference(r, requested="greedy")
    best, anchors = solve_greedy(
        r.timeline, r.focal, r.grammar, length=r.length, top_n=r.top_n
    )
    diagnostics = {
        "solver": "greedy",
        "candidates": anchors,
        "dropped_candidates": {},
        "valid": best is not None and best.valid,
    }
    return Solution(best, diagnostics)


@dataclass(frozen=True, slots=True)
class _Solver:
    """A row of the solver table: how to run it, and whether it takes ``endogenous``."""

    run: Callable[[_Request], Solution]
    endogenous: bool


_TABLE: dict[str, _Solver] = {
    "reference": _Solver(_run_reference, endogenous=False),
    "exact": _Solver(_run_exact, endogenous=True),
    "greedy": _Solver(_run_greedy, endogenous=False),
}
"""The solvers by name: the one place a solver name is dispatched."""

SOLVERS = tuple(_TABLE)
"""The solver names accepted by :func:`solve`."""


def takes_endogenous(solver: str) -> bool:
    """Whether ``solver`` (a name of :data:`SOLVERS`) can require the endogenous pivot."""
    return _TABLE[check_choice(solver, "solver", SOLVERS)].endogenous


def _solve_reference(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    candidates: list[Event],
    length: int,
    top_n: int,
) -> ExtractedSequence | None:
    incumbent: float | None = None
    winner: tuple[list[Event], int, Any] | None = None
    # injection_pool(timeline, tau, focal, top_n=top_n) for each candidate,
    # with the heaviest focal events ranked once per solve
    heavy = {e.id for e in heaviest_focal(timeline, focal, top_n)}
    for tau in candidates:
        ids = heavy | timeline.neighbours(tau.id, 3)
        pool = [e for e in timeline.events if e.id in ids]
        found = _reference.solve_candidate(
            pool, tau, timeline, focal, grammar, length, incumbent
        )
        if found is not None:
            incumbent = found[0]
            winner = (pool, found[1], found[2])
    if winner is None:
        return None
    pool, n_pre, label = winner
    sequence = _reference.materialise(pool, label, n_pre, timeline, focal, grammar)
    if not sequence.valid or sequence.score != incumbent:
        msg = (
            "internal error: the reference solver's winner does not re-validate "
            f"(valid={sequence.valid}, score={sequence.score!r} vs {incumbent!r})"
        )
        raise AssertionError(msg)
    return sequence
