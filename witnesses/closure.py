"""Closure experiments Exp51, Exp56 and Exp57 on our generators (WITNESS.md 1.8).

Each function runs one of the paper's algebra checks (THEORY.md ``VM-E51``,
``VM-E56``, ``VM-E57``) on :mod:`witnesses.generators` timelines, seeded, and
returns counts with their denominators; :class:`ClosureRate` adds the
rule-of-three and exact one-sided 95% upper bounds. ``scale="smoke"`` is the
size of the paper's Tables 1-2 (80 sequences; 16 states x 6 suffixes; 30
seeds), ``scale="full"`` the larger preset (500; 60 x 16; 200).

Our generators follow the prose of WITNESS.md 1.1, not the proprietary
reference code, so individual timelines (and hence the counts) need not match
the published ones; the qualitative claims are what can be compared.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from theory._validation import check_choice, check_int
from theory.inference import proportion_ci
from witnesses.compress import compress
from witnesses.events import Timeline
from witnesses.generators import BurstyConfig, bursty
from witnesses.grammar import Grammar
from witnesses.solve import solve
from witnesses.state import (
    ContextState,
    build_context_state,
    compose_context_states,
    context_equivalent,
    is_absorbing,
)

__all__ = [
    "EPSILONS",
    "OPERATIONS",
    "SCALES",
    "ClosureRate",
    "Exp51Result",
    "Exp56Result",
    "Exp57Result",
    "OperationCounts",
    "exp51",
    "exp56",
    "exp57",
]

FOCAL = "actor_0"
EPSILONS = (0.2, 0.5, 0.8)
"""The front-loading values the experiments cycle through (``index % 3``)."""

SCALES: dict[str, dict[str, tuple[int, ...]]] = {
    "smoke": {"exp51": (80,), "exp56": (16, 6), "exp57": (30,)},
    "full": {"exp51": (500,), "exp56": (60, 16), "exp57": (200,)},
}
"""Sizes of the two presets (WITNESS.md 1.8)."""


@dataclass(frozen=True, slots=True)
class ClosureRate:
    """``count`` events (violations, escapes) in ``n`` checks.

    Parameters
    ----------
    count : int
        ``0 <= count <= n``.
    n : int
        The denominator (number of checks), ``n >= 1``.

    Notes
    -----
    ``rule_of_three`` is ``3 / n``, the approximate one-sided 95% upper
    bound when ``count == 0`` (THEORY.md §1.6). ``upper_exact`` is the exact
    one-sided 95% Clopper-Pearson upper bound, i.e. the upper end of the
    two-sided 90% interval of :func:`theory.inference.proportion_ci`
    (``scipy.stats.beta.ppf(0.95, count + 1, n - count)``); at ``count == 0``
    it is ``1 - 0.05 ** (1 / n)``.

    Examples
    --------
    >>> from witnesses.closure import ClosureRate
    >>> r = ClosureRate(0, 30)
    >>> r.rate, r.rule_of_three, round(r.upper_exact, 5)
    (0.0, 0.1, 0.09503)
    >>> round(ClosureRate(4, 30).rate, 3)
    0.133
    """

    count: int
    n: int

    def __post_init__(self) -> None:
        check_int(self.n, "n", minimum=1)
        check_int(self.count, "count", minimum=0)
        if self.count > self.n:
            msg = f"count={self.count} must be <= n={self.n}"
            raise ValueError(msg)

    @property
    def rate(self) -> float:
        """``count / n``."""
        return self.count / self.n

    @property
    def rule_of_three(self) -> float:
        """``3 / n`` (capped at 1)."""
        return min(3 / self.n, 1.0)

    @property
    def upper_exact(self) -> float:
        """Exact one-sided 95% upper bound (Clopper-Pearson)."""
        ci = proportion_ci(
            self.count, self.n, method="clopper-pearson", confidence_level=0.90
        )
        return ci.high

    def describe(self) -> str:
        """Return ``'count/n = rate (95% upper bound exact[, 3/n])'``.

        The rule-of-three bound is shown only when ``count == 0``.

        Examples
        --------
        >>> from witnesses.closure import ClosureRate
        >>> ClosureRate(0, 240).describe()
        '0/240 = 0 (one-sided 95% upper bound 0.0124 exact, 0.0125 = 3/n)'
        >>> ClosureRate(1, 30).describe()
        '1/30 = 0.03333 (one-sided 95% upper bound 0.1486 exact)'
        """
        three = f", {self.rule_of_three:.4g} = 3/n" if self.count == 0 else ""
        return (
            f"{self.count}/{self.n} = {self.rate:.4g} (one-sided 95% upper bound "
            f"{self.upper_exact:.4g} exact{three})"
        )


@dataclass(frozen=True, slots=True)
class Exp51Result:
    """Counts of Exp51: composition exactness and associativity.

    Parameters
    ----------
    n_sequences : int
    pair_state_mismatches : ClosureRate
        Adjacent pairs (AB, BC, CD) whose composed ``q`` or ``r`` differs
        from the state built from the concatenation (``3 n_sequences``
        checks).
    pair_full_mismatches : ClosureRate
        Pairs not fully equivalent (pivot lists included).
    assoc_mismatches : ClosureRate
        Sequences where ``((A B) C)`` and ``(A (B C))`` are not fully
        equivalent.
    first_failure : str or None
        ``"seed=..., cuts=..., pair=..."`` of the first failing check.

    Examples
    --------
    >>> from witnesses.closure import exp51
    >>> exp51(n_sequences=3, n_events=40).pair_full_mismatches.n
    9
    """

    n_sequences: int
    pair_state_mismatches: ClosureRate
    pair_full_mismatches: ClosureRate
    assoc_mismatches: ClosureRate
    first_failure: str | None = None


def exp51(
    *,
    scale: str = "smoke",
    n_sequences: int | None = None,
    n_events: int = 200,
    m: int = 25,
    cut_seed: int = 51007,
) -> Exp51Result:
    """Exp51: composed block states equal the state of the concatenation (``VM-E51``).

    Sequence ``i`` is ``bursty(BurstyConfig(n_events, epsilon=EPSILONS[i % 3]),
    seed=i)``; one ``random.Random(cut_seed)`` draws, per sequence, three
    distinct sorted cut points in ``1..n_events - 1`` (``sample``), giving
    blocks A, B, C, D. For the pairs AB, BC, CD the composed state (``M =
    m``) is compared with the state built from the concatenated events;
    associativity compares ``((A B) C)`` with ``(A (B C))``.

    Parameters
    ----------
    scale : {"smoke", "full"}
        Number of sequences (80 or 500) unless ``n_sequences`` is given.
    n_sequences : int, optional
    n_events : int, default 200
        Events per sequence (at least 4).
    m : int, default 25
        ``M``, candidates kept per state.
    cut_seed : int, default 51007
        Seed of the cut-point stream (the protocol's ``random.Random``;
        Python's Mersenne Twister, independent of ``PYTHONHASHSEED``).

    Returns
    -------
    Exp51Result

    Examples
    --------
    >>> from witnesses.closure import exp51
    >>> r = exp51(n_sequences=6, n_events=60)
    >>> r.pair_full_mismatches.describe()
    '0/18 = 0 (one-sided 95% upper bound 0.1533 exact, 0.1667 = 3/n)'
    >>> r.assoc_mismatches.count, r.assoc_mismatches.n
    (0, 6)
    """
    count = _scaled(scale, "exp51", n_sequences, "n_sequences")
    n = check_int(n_events, "n_events", minimum=4)
    m = check_int(m, "m", minimum=1)
    cuts_rng = random.Random(check_int(cut_seed, "cut_seed", minimum=0))
    state_bad = full_bad = assoc_bad = 0
    first: str | None = None
    for i in range(count):
        tl = bursty(BurstyConfig(n_events=n, epsilon=EPSILONS[i % 3]), seed=i)
        cuts = sorted(cuts_rng.sample(range(1, n), 3))
        bounds = [0, *cuts, n]
        blocks = [_slice(tl, lo, hi) for lo, hi in itertools.pairwise(bounds)]
        states = [build_context_state(b, FOCAL, m) for b in blocks]
        for j in range(3):
            composed = compose_context_states(states[j], states[j + 1], m)
            truth = build_context_state(_slice(tl, bounds[j], bounds[j + 2]), FOCAL, m)
            qr_ok = context_equivalent(composed, truth, compare_pivots=False)
            full_ok = qr_ok and context_equivalent(composed, truth)
            state_bad += not qr_ok
            full_bad += not full_ok
            if not full_ok and first is None:
                first = f"seed={i}, cuts={cuts}, pair={'ABCD'[j]}{'ABCD'[j + 1]}"
        left = compose_context_states(
            compose_context_states(states[0], states[1], m), states[2], m
        )
        right = compose_context_states(
            states[0], compose_context_states(states[1], states[2], m), m
        )
        if not context_equivalent(left, right):
            assoc_bad += 1
            first = first or f"seed={i}, cuts={cuts}, associativity"
    return Exp51Result(
        count,
        ClosureRate(state_bad, 3 * count),
        ClosureRate(full_bad, 3 * count),
        ClosureRate(assoc_bad, count),
        first,
    )


def _slice(timeline: Timeline, lo: int, hi: int) -> Timeline:
    return timeline.subset(timeline.ids[lo:hi])


def _scaled(scale: str, experiment: str, value: int | None, name: str) -> int:
    preset = SCALES[check_choice(scale, "scale", SCALES)][experiment]
    if value is None:
        return preset[0]
    return check_int(value, name, minimum=1)


@dataclass(frozen=True, slots=True)
class Exp56Result:
    """Counts of Exp56: absorbing states under short later suffixes.

    Parameters
    ----------
    cases_scanned : int
        Cases looked at to find the absorbing states.
    n_states : int
        Absorbing states found (at most the requested number).
    max_suffix : int
        Suffix lengths ``L = 1..max_suffix``.
    violations : ClosureRate
        ``(state, L)`` checks whose composed state is no longer absorbing.
    short_suffixes : int
        Checks where fewer than ``L`` later events exist; the suffix is then
        every later event (possibly none), as a slice ``later[:L]`` gives.
    first_failure : str or None

    Examples
    --------
    >>> from witnesses.closure import Exp56Result, ClosureRate
    >>> Exp56Result(20, 16, 6, ClosureRate(0, 96)).violations.n
    96
    """

    cases_scanned: int
    n_states: int
    max_suffix: int
    violations: ClosureRate
    short_suffixes: int = 0
    first_failure: str | None = None


def exp56(
    *,
    scale: str = "smoke",
    n_states: int | None = None,
    max_suffix: int | None = None,
    n_events: int = 200,
    k: int = 1,
    m: int = 25,
    max_cases: int = 138,
) -> Exp56Result:
    """Exp56: an absorbing state stays absorbing when later events are appended (``VM-E56``).

    Case ``i`` (``i = 0, 1, ...``, at most ``max_cases``) is
    ``bursty(BurstyConfig(n_events, epsilon=EPSILONS[i % 3]), seed=i)``; the
    paper's Exp50 grid is only described as "138 Bursty graphs, epsilon/seed
    grid", so this grid is ours. Its state is built (``M = m``) from the
    events of the greedy extraction (``solve(..., solver="greedy")``, strict
    grammar with ``k``). The first ``n_states`` states that are absorbing
    (some candidate has ``j_dev < k``) are kept; for ``L = 1..max_suffix``
    the first ``L`` graph events later than the state's last timestamp are
    composed onto it (all of them when fewer remain), and a check fails when
    the result is not absorbing.

    This is the reference's endogenous check, not the committed
    Proposition 3 (WITNESS.md 1.8 and 4, item 3).

    Parameters
    ----------
    scale : {"smoke", "full"}
        16 states x 6 suffixes, or 60 x 16, unless given explicitly.
    n_states, max_suffix : int, optional
    n_events : int, default 200
    k : int, default 1
    m : int, default 25
    max_cases : int, default 138

    Returns
    -------
    Exp56Result

    Examples
    --------
    >>> from witnesses.closure import exp56
    >>> r = exp56(n_states=2, max_suffix=2, n_events=60)
    >>> r.n_states, r.violations.count
    (2, 0)
    """
    wanted, longest = SCALES[check_choice(scale, "scale", SCALES)]["exp56"]
    wanted = wanted if n_states is None else check_int(n_states, "n_states", minimum=1)
    longest = (
        longest
        if max_suffix is None
        else check_int(max_suffix, "max_suffix", minimum=1)
    )
    n = check_int(n_events, "n_events", minimum=4)
    grammar = Grammar.parametric(check_int(k, "k", minimum=1))
    m = check_int(m, "m", minimum=1)
    states: list[tuple[int, Timeline, ContextState]] = []
    scanned = 0
    for i in range(check_int(max_cases, "max_cases", minimum=1)):
        if len(states) == wanted:
            break
        scanned += 1
        tl = bursty(BurstyConfig(n_events=n, epsilon=EPSILONS[i % 3]), seed=i)
        found = solve(tl, FOCAL, grammar=grammar, solver="greedy").sequence
        if found is None:
            continue
        state = build_context_state(tl.subset(found.ids), FOCAL, m)
        if is_absorbing(state, grammar.k):
            states.append((i, tl, state))
    bad = checks = short = 0
    first: str | None = None
    for case, tl, state in states:
        assert state.t_bounds is not None
        later = [e.id for e in tl if e.timestamp > state.t_bounds[1]]
        for length in range(1, longest + 1):
            short += len(later) < length
            suffix = build_context_state(tl.subset(later[:length]), FOCAL, m)
            checks += 1
            if not is_absorbing(compose_context_states(state, suffix, m), grammar.k):
                bad += 1
                first = first or f"case={case}, L={length}"
    return Exp56Result(
        scanned, len(states), longest, ClosureRate(bad, max(checks, 1)), short, first
    )


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
        Composition, pivot update, split: the result's ``q`` or ``r``
        differs from the state built directly from the same events.
        Compression: the output is not a sub-timeline of the input.
    pi_mismatches : int
        Composition, split: ``q`` and ``r`` agree but the pivot lists differ.
        Compression: the no-absorption invariant fails after compression.
        Pivot update: the result has no pivots.
    base_absorbing : int
        Seeds whose whole-graph state is absorbing.
    escapes : int
        Seeds whose whole-graph state is absorbing but the result is not.

    Examples
    --------
    >>> from witnesses.closure import OperationCounts
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
    >>> from witnesses.closure import exp57
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


def exp57(
    *,
    scale: str = "smoke",
    n_seeds: int | None = None,
    n_events: int = 200,
    k: int = 1,
    m: int = 10,
    max_gap: float = 0.11,
    retention: float = 0.6,
) -> Exp57Result:
    """Exp57: which operations keep block states closed (``VM-E57``).

    Seed ``s`` uses ``bursty(BurstyConfig(n_events, epsilon=EPSILONS[s % 3]),
    seed=s)`` and its whole-graph state (``M = m``) as the base:

    * *composition*: the first ``50 + s % 100`` events composed with the rest,
      against the base;
    * *compression*: ``contract_guarded`` compression of the whole graph to
      ``max(8, round(retention * n_events))`` events (``k``, ``M``,
      ``max_gap``, minimum length 4), state of the output;
    * *pivot update*: the first ``50 + s % 100`` events composed with the
      single next event, against the state of those events (validity) and
      the base (escape), as the reference does (WITNESS.md 4, item 13);
    * *split*: the first ``20 + (3 s) % 160`` events composed with the rest.

    Split points are clamped to ``1..n_events - 1``.

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

    Returns
    -------
    Exp57Result

    Examples
    --------
    >>> from witnesses.closure import exp57
    >>> r = exp57(n_seeds=3, n_events=80)
    >>> r.by_name("composition").closure_violation.count
    0
    """
    count = _scaled(scale, "exp57", n_seeds, "n_seeds")
    n = check_int(n_events, "n_events", minimum=2)
    k = check_int(k, "k", minimum=0)
    m = check_int(m, "m", minimum=1)
    tallies = {op: [0, 0, 0, 0] for op in OPERATIONS}  # invalid, pi, base, escape
    pi_seeds: list[int] = []
    escape_seeds: list[int] = []
    for seed in range(count):
        tl = bursty(BurstyConfig(n_events=n, epsilon=EPSILONS[seed % 3]), seed=seed)
        base = build_context_state(tl, FOCAL, m)
        absorbing = is_absorbing(base, k)
        outcomes = {
            "composition": _split_check(tl, 50 + seed % 100, base, m),
            "compression": _compression_check(tl, k, m, max_gap, retention),
            "pivot_update": _pivot_update_check(tl, 50 + seed % 100, m),
            "split": _split_check(tl, 20 + (3 * seed) % 160, base, m),
        }
        for op, (invalid, mismatch, result) in outcomes.items():
            escaped = absorbing and not is_absorbing(result, k)
            row = tallies[op]
            row[0] += invalid
            row[1] += mismatch
            row[2] += absorbing
            row[3] += escaped
            if op == "compression":
                pi_seeds += [seed] * mismatch
                escape_seeds += [seed] * escaped
    return Exp57Result(
        tuple(OperationCounts(op, count, *tallies[op]) for op in OPERATIONS),
        tuple(pi_seeds),
        tuple(escape_seeds),
    )


def _cut(timeline: Timeline, point: int) -> int:
    return min(max(1, point), len(timeline) - 1)


def _split_check(
    timeline: Timeline, point: int, truth: ContextState, m: int
) -> tuple[bool, bool, ContextState]:
    cut = _cut(timeline, point)
    left = build_context_state(_slice(timeline, 0, cut), FOCAL, m)
    right = build_context_state(_slice(timeline, cut, len(timeline)), FOCAL, m)
    composed = compose_context_states(left, right, m)
    qr_ok = context_equivalent(composed, truth, compare_pivots=False)
    return not qr_ok, qr_ok and composed.pivots != truth.pivots, composed


def _pivot_update_check(
    timeline: Timeline, point: int, m: int
) -> tuple[bool, bool, ContextState]:
    cut = _cut(timeline, point)
    left = build_context_state(_slice(timeline, 0, cut), FOCAL, m)
    step = build_context_state(_slice(timeline, cut, cut + 1), FOCAL, m)
    composed = compose_context_states(left, step, m)
    truth = build_context_state(_slice(timeline, 0, cut + 1), FOCAL, m)
    invalid = not context_equivalent(composed, truth)
    return invalid, not composed.pivots, composed


def _compression_check(
    timeline: Timeline, k: int, m: int, max_gap: float, retention: float
) -> tuple[bool, bool, ContextState]:
    target = max(8, round(retention * len(timeline)))
    result = compress(
        timeline,
        FOCAL,
        strategy="contract_guarded",
        k=k,
        m=m,
        target_size=target,
        max_gap=max_gap,
    )
    kept = result.timeline
    invalid = not set(kept.ids) <= set(timeline.ids) or len(kept) > len(timeline)
    state = build_context_state(kept, FOCAL, m)
    return invalid, not result.invariant_holds, state
