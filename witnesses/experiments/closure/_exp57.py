"""Exp57: closure of four operations (private; see :mod:`witnesses.experiments.closure`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from theory.validation import check_choice
from witnesses._validation import check_int, check_probability
from witnesses.events import Timeline
from witnesses.experiments.closure._common import (
    MAX_EVENTS,
    ClosureRate,
    Ops,
    case,
    make_ops,
    scaled,
    slice_,
)
from witnesses.semantics import REFERENCE, Semantics, as_semantics

OPERATIONS = ("composition", "compression", "pivot_update", "split")
"""The operations Exp57 checks, in report order."""


@dataclass(frozen=True, slots=True)
class OperationCounts:
    """Exp57 tallies of one operation over ``checks`` seeds.

    Parameters
    ----------
    operation : str
        One of :data:`OPERATIONS`.
    checks : int
    invalid_outputs : int
        Composition, pivot update, split: the result's ``q`` or ``r`` (paper:
        the element) differs from the state built directly from the same
        events. Compression: the output is not a sub-timeline of the input.
    pi_mismatches : int
        Composition, split: ``q`` and ``r`` agree but the pivot lists differ
        (never under the paper semantics, whose elements have no lists).
        Compression: the guard fails after compression (reference: the
        absolute no-absorption invariant; paper: Definition 2).
        Pivot update: the result has no pivot.
    base_absorbing : int
        Seeds whose whole-graph state is absorbing.
    escapes : int
        Seeds whose whole-graph state is absorbing but the result is not.

    Examples
    --------
    >>> from witnesses.experiments.closure import OperationCounts
    >>> c = OperationCounts("compression", 30, 0, 4, 5, 1)
    >>> round(c.closure_violation.rate, 3), round(c.escape.rate, 3)
    (0.133, 0.033)
    """

    operation: str
    checks: int
    invalid_outputs: int
    pi_mismatches: int
    base_absorbing: int
    escapes: int

    @property
    def closure_violation(self) -> ClosureRate:
        """``(invalid_outputs + pi_mismatches) / checks``."""
        return ClosureRate(self.invalid_outputs + self.pi_mismatches, self.checks)

    @property
    def escape(self) -> ClosureRate:
        """``escapes / checks`` (the reference's absorbing escape rate)."""
        return ClosureRate(self.escapes, self.checks)


@dataclass(frozen=True, slots=True)
class Exp57Result:
    """Exp57: closure violations and absorbing escapes per operation.

    Parameters
    ----------
    operations : tuple of OperationCounts
        In the order of :data:`OPERATIONS`.
    pi_mismatch_seeds, escape_seeds : tuple of int
        Seeds of the compression pi mismatches and escapes.

    Examples
    --------
    >>> from witnesses.experiments.closure import exp57
    >>> r = exp57(n_seeds=2, n_events=60)
    >>> [c.operation for c in r.operations]
    ['composition', 'compression', 'pivot_update', 'split']
    >>> r.by_name("split").checks
    2
    """

    operations: tuple[OperationCounts, ...]
    pi_mismatch_seeds: tuple[int, ...] = ()
    escape_seeds: tuple[int, ...] = ()

    def by_name(self, operation: str) -> OperationCounts:
        """Return the counts of one operation."""
        name = check_choice(operation, "operation", OPERATIONS)
        return self.operations[OPERATIONS.index(name)]


def run_seed(
    tl: Timeline, seed: int, ops: Ops
) -> dict[str, tuple[bool, bool, bool, bool]]:
    """Return, per operation, (invalid, pi mismatch, base absorbing, escaped)."""
    base = ops.block(tl)
    absorbing = ops.absorbing(base)
    outcomes = {
        "composition": _split_check(tl, 50 + seed % 100, base, ops),
        "compression": ops.compress_check(tl, base),
        "pivot_update": _pivot_update_check(tl, 50 + seed % 100, ops),
        "split": _split_check(tl, 20 + (3 * seed) % 160, base, ops),
    }
    return {
        op: (invalid, mismatch, absorbing, absorbing and not ops.absorbing(result))
        for op, (invalid, mismatch, result) in outcomes.items()
    }


def _cut(timeline: Timeline, point: int) -> int:
    return min(max(1, point), len(timeline) - 1)


def _split_check(
    timeline: Timeline, point: int, truth: Any, ops: Ops
) -> tuple[bool, bool, Any]:
    cut = _cut(timeline, point)
    left = ops.block(slice_(timeline, 0, cut))
    right = ops.block(slice_(timeline, cut, len(timeline)))
    composed = ops.compose(left, right)
    qr_ok = ops.same_qr(composed, truth)
    return not qr_ok, qr_ok and not ops.same(composed, truth), composed


def _pivot_update_check(
    timeline: Timeline, point: int, ops: Ops
) -> tuple[bool, bool, Any]:
    cut = _cut(timeline, point)
    left = ops.block(slice_(timeline, 0, cut))
    step = ops.block(slice_(timeline, cut, cut + 1))
    composed = ops.compose(left, step)
    truth = ops.block(slice_(timeline, 0, cut + 1))
    return not ops.same(composed, truth), not ops.has_pivot(composed), composed


def exp57(
    *,
    scale: str = "smoke",
    n_seeds: int | None = None,
    n_events: int = 200,
    k: int = 1,
    m: int = 10,
    max_gap: float = 0.11,
    retention: float = 0.6,
    semantics: Semantics | str = REFERENCE,
) -> Exp57Result:
    """Exp57: which operations keep block states closed (``VM-E57``).

    Seed ``s`` uses ``bursty(config=BurstyConfig(n_events, epsilon=EPSILONS[s % 3]),
    seed=s)`` and its whole-graph state as the base:

    * *composition*: the first ``50 + s % 100`` events composed with the rest,
      against the base;
    * *compression*: the whole graph compressed to ``max(8, round(retention *
      n_events))`` events (``k``, ``M``, ``max_gap``, minimum length 4) with
      ``contract_guarded`` (reference) or ``definition2`` with paper
      counting (paper);
    * *pivot update*: the first ``50 + s % 100`` events composed with the
      single next event, against the state of those events (validity) and
      the base (escape), as the reference does (docs/guide/witnesses.md §11, item 13);
    * *split*: the first ``20 + (3 s) % 160`` events composed with the rest.

    Split points are clamped to ``1..n_events - 1``. An *escape* is a seed
    whose base is absorbing but whose result is not.

    Parameters
    ----------
    scale : {"smoke", "full"}
        30 or 200 seeds unless ``n_seeds`` is given.
    n_seeds : int, optional
    n_events : int, default 200
    k : int, default 1
    m : int, default 10
    max_gap : float, default 0.11
    retention : float, default 0.6
    semantics : Semantics or str, default REFERENCE

    Returns
    -------
    Exp57Result

    Examples
    --------
    >>> from witnesses.experiments.closure import exp57
    >>> r = exp57(n_seeds=3, n_events=80)
    >>> r.by_name("composition").closure_violation.count
    0
    >>> exp57(n_seeds=3, n_events=80, semantics="paper").by_name("split").checks
    3
    """
    count = scaled(scale, "exp57", n_seeds, "n_seeds")
    n = check_int(n_events, "n_events", minimum=2, maximum=MAX_EVENTS)
    k = check_int(k, "k", minimum=0, maximum=MAX_EVENTS)
    m = check_int(m, "m", minimum=1, maximum=MAX_EVENTS)
    retention = check_probability(retention, "retention", low_open=True)
    ops = make_ops(as_semantics(semantics), m, k, max_gap=max_gap, retention=retention)
    tallies = {op: [0, 0, 0, 0] for op in OPERATIONS}
    pi_seeds: list[int] = []
    escape_seeds: list[int] = []
    for seed in range(count):
        for op, flags in run_seed(case(seed, n), seed, ops).items():
            for slot, flag in enumerate(flags):
                tallies[op][slot] += flag
            if op == "compression":
                pi_seeds += [seed] * flags[1]
                escape_seeds += [seed] * flags[3]
    return Exp57Result(
        tuple(OperationCounts(op, count, *tallies[op]) for op in OPERATIONS),
        tuple(pi_seeds),
        tuple(escape_seeds),
    )
