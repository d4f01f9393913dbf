"""Exp51: composition exactness and associativity (private; see :mod:`witnesses.experiments.closure`)."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from witnesses._validation import check_int
from witnesses.experiments.closure._common import (
    MAX_EVENTS,
    ClosureRate,
    case,
    make_ops,
    scaled,
    slice_,
)
from witnesses.semantics import REFERENCE, Semantics, as_semantics

__all__ = ["Exp51Result", "exp51"]


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
    >>> from witnesses.experiments.closure import exp51
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

    Sequence ``i`` is ``bursty(config=BurstyConfig(n_events, epsilon=EPSILONS[i % 3]),
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
    >>> from witnesses.experiments.closure import exp51
    >>> r = exp51(n_sequences=6, n_events=60)
    >>> r.pair_full_mismatches.describe()
    '0/18 = 0 (one-sided 95% upper bound 0.1533 exact, 0.1667 = 3/n)'
    >>> r.assoc_mismatches.count, r.assoc_mismatches.n
    (0, 6)
    """
    count = scaled(scale, "exp51", n_sequences, "n_sequences")
    n = check_int(n_events, "n_events", minimum=4, maximum=MAX_EVENTS)
    ops = make_ops(
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
