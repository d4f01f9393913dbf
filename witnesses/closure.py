"""Closure experiments Exp51, Exp56 and Exp57 on our generators (WITNESS.md 1.8).

Each function runs one of the paper's algebra checks (THEORY.md ``VM-E51``,
``VM-E56``, ``VM-E57``) on :mod:`witnesses.generators` timelines, seeded, and
returns counts with their denominators; :class:`ClosureRate` adds the
rule-of-three and exact one-sided 95% upper bounds. ``scale="smoke"`` is the
size of the paper's Tables 1-2 (80 sequences; 16 states x 6 suffixes; 30
seeds), ``scale="full"`` the larger preset (500; 60 x 16; 200).

Two semantics (:mod:`witnesses.semantics`, WITNESS.md decision 1); the
block algebra follows the semantics' development counting. ``REFERENCE`` runs the checks on
the reference's block states (:mod:`witnesses.state`: all-event prefix
counts with the 20% setup share, top-``M`` pivot lists, endogenous
composition, "some candidate has ``j_dev < k``" as the absorbing predicate,
the ``contract_guarded`` compressor); ``PAPER`` runs them on the monoid
elements ``(w*, d_total, d_pre)`` of THEORY.md §1
(:func:`~witnesses.state.paper_block_context`: non-focal events are
development, no setup share) with ``compose_endo``, the committed product
for Exp56, ``d_pre < k`` as the absorbing predicate, and the
``definition2`` compressor (THEORY.md ``VM-D2``).

The generators draw in the reference's order (WITNESS.md 1.1, corrected
2026-11-24), so the smoke-scale counts are comparable with the paper's
Tables 1-2.
"""

from __future__ import annotations

import itertools
import operator
import random
from dataclasses import dataclass
from typing import Any

from algebra import CommittedContext, compose_commit, compose_endo, is_absorbed
from algebra import satisfies_contract as _satisfies_contract
from witnesses._closure57 import OPERATIONS, Exp57Result, OperationCounts, run_seed
from witnesses._closure_common import (
    EPSILONS,
    FOCAL,
    MAX_CASES,
    MAX_EVENTS,
    SCALES,
    ClosureRate,
    Ops,
    case,
    scaled,
    slice_,
)
from witnesses._validation import check_int, check_probability
from witnesses.compress import compress
from witnesses.events import Timeline
from witnesses.grammar import Grammar
from witnesses.semantics import REFERENCE, Semantics, as_semantics
from witnesses.semantics import SEMANTICS as _SEMANTICS
from witnesses.solve import solve
from witnesses.state import (
    build_context_state,
    compose_context_states,
    context_equivalent,
    is_absorbing,
    paper_block_context,
)

__all__ = [
    "EPSILONS",
    "OPERATIONS",
    "SCALES",
    "SEMANTICS",
    "ClosureRate",
    "Exp51Result",
    "Exp56Result",
    "Exp57Result",
    "OperationCounts",
    "exp51",
    "exp56",
    "exp57",
]


SEMANTICS = tuple(s.name for s in _SEMANTICS)
"""Names of the semantics the closure checks run under."""


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
    semantics: Semantics | str = REFERENCE,
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
    semantics : Semantics or str, default REFERENCE
        Block states and ``compose_context_states``, or monoid elements and
        ``compose_endo`` (where "q/r" and "full" equality coincide).

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
    count = scaled(scale, "exp51", n_sequences, "n_sequences")
    n = check_int(n_events, "n_events", minimum=4, maximum=MAX_EVENTS)
    ops = _ops(
        as_semantics(semantics), check_int(m, "m", minimum=1, maximum=MAX_EVENTS), 1
    )
    cuts_rng = random.Random(check_int(cut_seed, "cut_seed", minimum=0))
    state_bad = full_bad = assoc_bad = 0
    first: str | None = None
    for i in range(count):
        tl = case(i, n)
        cuts = sorted(cuts_rng.sample(range(1, n), 3))
        bounds = [0, *cuts, n]
        states = [
            ops.block(slice_(tl, lo, hi)) for lo, hi in itertools.pairwise(bounds)
        ]
        for j in range(3):
            composed = ops.compose(states[j], states[j + 1])
            truth = ops.block(slice_(tl, bounds[j], bounds[j + 2]))
            qr_ok = ops.same_qr(composed, truth)
            full_ok = qr_ok and ops.same(composed, truth)
            state_bad += not qr_ok
            full_bad += not full_ok
            if not full_ok and first is None:
                first = f"seed={i}, cuts={cuts}, pair={'ABCD'[j]}{'ABCD'[j + 1]}"
        left = ops.compose(ops.compose(states[0], states[1]), states[2])
        right = ops.compose(states[0], ops.compose(states[1], states[2]))
        if not ops.same(left, right):
            assoc_bad += 1
            first = first or f"seed={i}, cuts={cuts}, associativity"
    return Exp51Result(
        count,
        ClosureRate(state_bad, 3 * count),
        ClosureRate(full_bad, 3 * count),
        ClosureRate(assoc_bad, count),
        first,
    )


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
    endogenous_escapes : int
        Checks whose *endogenous* composite is not absorbing (equal to
        ``violations.count`` under the reference semantics, where the
        composition is endogenous; under the paper semantics the contrast
        with the committed product).
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
    endogenous_escapes: int = 0
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
    semantics: Semantics | str = REFERENCE,
) -> Exp56Result:
    """Exp56: an absorbing state stays absorbing when later events are appended (``VM-E56``).

    Case ``i`` (``i = 0, 1, ...``, at most ``max_cases``) is
    ``bursty(BurstyConfig(n_events, epsilon=EPSILONS[i % 3]), seed=i)``; the
    paper's Exp50 grid is only described as "138 Bursty graphs, epsilon/seed
    grid", so this grid is ours. Its state is built from the events of the
    greedy extraction (``solve(..., solver="greedy")``, strict grammar with
    ``k``; its best sequence, valid or not, as greedy returns it). The first ``n_states`` absorbing states are kept; for ``L =
    1..max_suffix`` the first ``L`` graph events later than the state's last
    timestamp are composed onto it (all of them when fewer remain), and a
    check fails when the result is not absorbing.

    Under ``"reference"`` (the published check): ``M = m`` block states,
    absorbing = some candidate has ``j_dev < k``, endogenous composition
    (WITNESS.md 1.8 and 4, item 3). Under ``"paper"``: the block's element
    with a pivot and ``d_pre < k`` is *committed* and composed with
    ``compose_commit`` (THEORY.md ``VM-P3``); ``endogenous_escapes`` counts
    the same checks under ``compose_endo``.

    Parameters
    ----------
    scale : {"smoke", "full"}
        16 states x 6 suffixes, or 60 x 16, unless given explicitly.
    n_states, max_suffix : int, optional
    n_events : int, default 200
    k : int, default 1
    m : int, default 25
    max_cases : int, default 138
    semantics : Semantics or str, default REFERENCE

    Returns
    -------
    Exp56Result

    Examples
    --------
    >>> from witnesses.closure import exp56
    >>> r = exp56(n_states=2, max_suffix=2, n_events=60)
    >>> r.n_states, r.violations.count
    (2, 0)
    >>> exp56(n_states=2, max_suffix=2, n_events=60, semantics="paper").violations.count
    0
    """
    wanted, longest = SCALES[_scale_name(scale)]["exp56"]
    if n_states is not None:
        wanted = check_int(n_states, "n_states", minimum=1, maximum=MAX_CASES)
    if max_suffix is not None:
        longest = check_int(max_suffix, "max_suffix", minimum=1, maximum=MAX_EVENTS)
    n = check_int(n_events, "n_events", minimum=4, maximum=MAX_EVENTS)
    grammar = Grammar.parametric(check_int(k, "k", minimum=1, maximum=MAX_EVENTS))
    sem = as_semantics(semantics)
    ops = _ops(sem, check_int(m, "m", minimum=1, maximum=MAX_EVENTS), grammar.k)
    states: list[tuple[int, Timeline, Any, float]] = []
    scanned = 0
    for i in range(check_int(max_cases, "max_cases", minimum=1, maximum=MAX_CASES)):
        if len(states) == wanted:
            break
        scanned += 1
        tl = case(i, n)
        found = solve(tl, FOCAL, grammar=grammar, solver="greedy").sequence
        if found is None:
            continue
        state = ops.block(tl.subset(found.ids))
        if ops.has_pivot(state) and ops.absorbing(state):
            states.append((i, tl, state, found.events[-1].timestamp))
    bad = checks = short = endo = 0
    first: str | None = None
    for index, tl, state, last in states:
        later = [e.id for e in tl if e.timestamp > last]
        for length in range(1, longest + 1):
            short += len(later) < length
            suffix = ops.block(tl.subset(later[:length]))
            checks += 1
            endo += not ops.absorbing(ops.compose(state, suffix))
            if not ops.absorbing(_extend(sem, ops, state, suffix)):
                bad += 1
                first = first or f"case={index}, L={length}"
    return Exp56Result(
        scanned,
        len(states),
        longest,
        ClosureRate(bad, max(checks, 1)),
        short,
        endo,
        first,
    )


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

    Seed ``s`` uses ``bursty(BurstyConfig(n_events, epsilon=EPSILONS[s % 3]),
    seed=s)`` and its whole-graph state as the base:

    * *composition*: the first ``50 + s % 100`` events composed with the rest,
      against the base;
    * *compression*: the whole graph compressed to ``max(8, round(retention *
      n_events))`` events (``k``, ``M``, ``max_gap``, minimum length 4) with
      ``contract_guarded`` (reference) or ``definition2`` with paper
      counting (paper);
    * *pivot update*: the first ``50 + s % 100`` events composed with the
      single next event, against the state of those events (validity) and
      the base (escape), as the reference does (WITNESS.md 4, item 13);
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
    >>> from witnesses.closure import exp57
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
    ops = _ops(as_semantics(semantics), m, k, max_gap=max_gap, retention=retention)
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


def _scale_name(scale: str) -> str:
    scaled(scale, "exp51", None, "unused")
    return scale


def _monoid(sem: Semantics) -> bool:
    """Whether ``sem`` runs the closure checks on monoid elements (paper counting)."""
    return sem.counting == "paper"


def _extend(sem: Semantics, ops: Ops, state: Any, suffix: Any) -> Any:
    if not _monoid(sem):
        return ops.compose(state, suffix)
    return compose_commit(
        CommittedContext(state.w, state.d_total, state.d_pre, True),
        CommittedContext(suffix.w, suffix.d_total, suffix.d_pre, False),
    )


def _ops(
    sem: Semantics,
    m: int,
    k: int,
    *,
    max_gap: float = 0.11,
    retention: float = 0.6,
) -> Ops:
    def shrink(tl: Timeline) -> Any:
        return compress(
            tl,
            FOCAL,
            strategy=sem.contract,
            counting=sem.counting,
            k=k,
            m=m,
            target_size=max(8, round(retention * len(tl))),
            max_gap=max_gap,
        )

    def compress_check(tl: Timeline, base: Any) -> tuple[bool, bool, Any]:
        result = shrink(tl)
        kept = result.timeline
        invalid = not set(kept.ids) <= set(tl.ids)
        state = ops.block(kept)
        if not _monoid(sem):
            return invalid, not result.invariant_holds, state
        return invalid, not _satisfies_contract(base, state, k), state

    if not _monoid(sem):
        ops = Ops(
            block=lambda tl: build_context_state(tl, FOCAL, m),
            compose=lambda a, b: compose_context_states(a, b, m),
            same_qr=lambda a, b: context_equivalent(a, b, compare_pivots=False),
            same=lambda a, b: context_equivalent(a, b),
            absorbing=lambda s: is_absorbing(s, k),
            has_pivot=lambda s: bool(s.pivots),
            compress_check=compress_check,
        )
    else:
        ops = Ops(
            block=lambda tl: paper_block_context(tl, FOCAL),
            compose=lambda a, b: compose_endo(a, b),
            same_qr=operator.eq,
            same=operator.eq,
            absorbing=lambda c: is_absorbed(c, k),
            has_pivot=lambda c: c.w is not None,
            compress_check=compress_check,
        )
    return ops
