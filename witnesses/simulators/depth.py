"""Similarity retrieval against typed traversal on synthetic causal chains (DL §8).

A chain ``n_0 -> n_1 -> ... -> n_D`` lives in a corpus of real unit vectors.
Its embeddings drift: ``e_0`` is uniform on the sphere and ``e_k`` is ``e_(k-1)``
rotated by the angle ``arccos(hop_cosine)`` in a uniform random direction
orthogonal to it, so ``cos(e_(k-1), e_k) = hop_cosine`` exactly (and
``E cos(e_0, e_k) = hop_cosine**k``). Distractors are injected around each hop:
hop ``k`` (from ``n_(k-1)`` to ``n_k``) gets ``M_k = m0 + m1 * k`` vectors at
cosines drawn uniformly from ``[c_low, c_high]`` to ``e_(k-1)`` (the candidate
pool ``M_d`` grows with depth), and ``corpus_size`` uniform background vectors
(drawn once per seed and shared by its chains) make the corpus grow.

*Similarity* retrieval stands at ``n_(k-1)`` and takes the top-``top_k``
vectors by cosine over the whole corpus (visited chain nodes excluded); hop
``k`` survives when ``n_k`` is among them. The chain is recovered to depth
``d`` when hops ``1..d`` all survive. *Typed* traversal follows stored edges,
each intact with probability ``q`` independently of everything else.

Without leakage between hops, a distractor of hop ``k`` beats ``n_k`` with
probability ``1 - F``, ``F = (hop_cosine - c_low)/(c_high - c_low)`` clipped to
``[0, 1]``, so for top-1 the hop survives with ``f_k = F**M_k = s0 * rho**k``,
``s0 = F**m0``, ``rho = F**m1``: exactly DL-A4, and DL-T7's triangular law
follows under hop independence (DL-A3). The simulation measures what the
vectors do instead: distractors of hop ``k`` sit near ``e_k`` too (cosine about
``c * hop_cosine``), background vectors compete at every hop, and the hops'
outcomes are correlated.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from theory.validation import check_int, check_probability, check_real
from witnesses.rates.trials import TRIAL_FIELDS, Trial
from witnesses.simulators._embed import Array, drift, near_rows, unit_rows

__all__ = ["DepthSimulator", "RetrievalTrial"]


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class RetrievalTrial(Trial):
    """One retrieval attempt of a chain at one depth under one method.

    A :class:`~witnesses.Trial` whose answer always counts as valid (so :func:`witnesses.rates.rates` reads it as is):
    the governing node ``n_d`` is the truth and the full-context pivot, the
    chosen pivot is ``n_d`` when the chain was recovered and ``"lost"``
    otherwise, and the category is ``"depth=<d>"``; pivot preservation is the
    recovery rate.

    Parameters
    ----------
    task_id : str
        The chain (``"s<seed>c<index>"``).
    condition : str
        ``"similarity"`` or ``"typed"``.
    seed : int
        Seed of the run.
    depth : int
        Causal depth ``d`` asked for.
    corpus_size : int
        Vectors in the corpus (chain, distractors and background).
    recovered : bool
        Whether hops ``1..depth`` all survived.
    hop_survived : bool
        Whether hop ``depth`` alone survived, from the true node ``n_(d-1)``.
    work : int
        Candidates scored (similarity: ``depth * corpus_size``) or edges
        followed (typed: ``depth``) in this attempt.

    Examples
    --------
    >>> from witnesses.simulators import RetrievalTrial
    >>> t = RetrievalTrial("s0c0", "typed", 0, 2, 10, True, True, 2)
    >>> t.to_trial().chosen_pivot == t.to_trial().truth_pivot
    True
    """

    depth: int
    corpus_size: int
    recovered: bool
    hop_survived: bool
    work: int

    def __init__(
        self,
        task_id: str,
        condition: str,
        seed: int,
        depth: int,
        corpus_size: int,
        recovered: bool,  # noqa: FBT001 - the record\'s positional fields
        hop_survived: bool,  # noqa: FBT001 - the record\'s positional fields
        work: int,
    ) -> None:
        target = f"{task_id}:n{depth}"
        own = {
            "depth": depth,
            "corpus_size": corpus_size,
            "recovered": recovered,
            "hop_survived": hop_survived,
            "work": work,
        }
        Trial.__init__(
            self,
            task_id=task_id,
            condition=condition,
            seed=seed,
            raw_validity=True,
            category=f"depth={depth}",
            full_pivot=target,
            truth_pivot=target,
            chosen_pivot=target if recovered else "lost",
        )
        for name, value in own.items():  # the record's own fields
            object.__setattr__(self, name, value)

    def to_trial(self) -> Trial:
        """Return this attempt as a plain :class:`~witnesses.Trial`."""
        return Trial(**{name: getattr(self, name) for name in TRIAL_FIELDS})


@dataclass(frozen=True, slots=True)
class DepthSimulator:
    """Seeded similarity-vs-typed simulator (DL-T7, DL-T9, DL-T10, DL-A3).

    Parameters
    ----------
    max_depth : int
        Chain length ``D >= 1``; trials are made at every depth ``1..D``.
    n_chains : int
        Chains per seed, ``>= 1``.
    hop_cosine : float
        Cosine between consecutive hops' embeddings, in ``(0, 1)``.
    q : float
        Typed edge fidelity, in ``[0, 1]``.
    m0, m1 : int
        Distractors injected at hop ``k``: ``m0 + m1 * k`` (``>= 0``).
    c_low, c_high : float
        Range of the distractors' cosines to the current node,
        ``0 <= c_low < c_high < 1``.
    corpus_size : int
        Background vectors, ``>= 0``.
    dim : int
        Embedding dimension, ``>= 3``.
    top_k : int
        A hop survives when the target ranks in the top ``top_k``, ``>= 1``.

    Examples
    --------
    >>> from witnesses.simulators import DepthSimulator
    >>> sim = DepthSimulator(max_depth=2, n_chains=3)
    >>> trials = list(sim.simulate(0))
    >>> len(trials), trials == list(sim.simulate(0))
    (12, True)
    >>> round(sim.predicted_survival(1), 4)
    0.6667
    """

    max_depth: int = 5
    n_chains: int = 200
    hop_cosine: float = 0.7
    q: float = 0.97
    m0: int = 0
    m1: int = 1
    c_low: float = 0.2
    c_high: float = 0.95
    corpus_size: int = 0
    dim: int = 64
    top_k: int = 1

    def __post_init__(self) -> None:
        check_int(self.max_depth, "max_depth", minimum=1)
        check_int(self.n_chains, "n_chains", minimum=1)
        check_real(
            self.hop_cosine,
            "hop_cosine",
            low=0.0,
            high=1.0,
            low_open=True,
            high_open=True,
        )
        check_probability(self.q, "q")
        check_int(self.m0, "m0", minimum=0)
        check_int(self.m1, "m1", minimum=0)
        check_real(self.c_low, "c_low", low=0.0, high=1.0, high_open=True)
        check_real(self.c_high, "c_high", low=0.0, high=1.0, high_open=True)
        if not self.c_low < self.c_high:
            msg = f"c_low={self.c_low!r} must be < c_high={self.c_high!r}"
            raise ValueError(msg)
        check_int(self.corpus_size, "corpus_size", minimum=0)
        check_int(self.dim, "dim", minimum=3)
        check_int(self.top_k, "top_k", minimum=1)

    @property
    def beat_probability(self) -> float:
        """``F``: probability a distractor scores below the target (no leakage)."""
        span = self.c_high - self.c_low
        return min(1.0, max(0.0, (self.hop_cosine - self.c_low) / span))

    def predicted_survival(self, k: int) -> float:
        """``f_k = F**(m0 + m1 k)``: top-1 hop survival without leakage (DL-A4)."""
        check_int(k, "k", minimum=1)
        return float(self.beat_probability ** (self.m0 + self.m1 * k))

    @property
    def predicted_s0_rho(self) -> tuple[float, float]:
        """``(s0, rho) = (F**m0, F**m1)`` of the no-leakage DL-A4 law."""
        f = self.beat_probability
        return float(f**self.m0), float(f**self.m1)

    def simulate(self, seed: int) -> Iterable[RetrievalTrial]:
        """Yield one trial per (chain, method, depth), chains in order.

        The same seed gives the same trials, bit for bit.
        """
        check_int(seed, "seed", minimum=0)
        rng = np.random.default_rng([seed, 0x4450])
        typed_rng = np.random.default_rng([seed, 0x5459])  # corpus-independent
        background = unit_rows(rng, self.corpus_size, self.dim)
        beaten, queries, targets, size = [], [], [], 0
        for _ in range(self.n_chains):
            local_beaten, chain, target, size = self._local_scores(rng)
            beaten.append(local_beaten)
            queries.append(chain)
            targets.append(target)
        counts = np.asarray(beaten) + _background_counts(
            background, np.asarray(queries), np.asarray(targets)
        )
        size += self.corpus_size
        out: list[RetrievalTrial] = []
        for index in range(self.n_chains):
            typed_hops = typed_rng.random(self.max_depth) < self.q
            task = f"s{seed}c{index}"
            for name, hops, per_hop in (
                ("similarity", counts[index] < self.top_k, size),
                ("typed", typed_hops, 1),
            ):
                alive = np.logical_and.accumulate(hops)
                for d in range(1, self.max_depth + 1):
                    out.append(
                        RetrievalTrial(
                            task,
                            name,
                            seed,
                            d,
                            size,
                            bool(alive[d - 1]),
                            bool(hops[d - 1]),
                            d * per_hop,
                        )
                    )
        return out

    def _local_scores(
        self, rng: np.random.Generator
    ) -> tuple[npt.NDArray[np.int64], Array, Array, int]:
        """Return local beat counts, query nodes, target scores and local size.

        Per hop: how many local vectors score above the target, the query
        nodes ``n_0..n_(D-1)``, the targets' scores, and the local corpus size.
        """
        chain = [unit_rows(rng, 1, self.dim)[0]]
        for _ in range(self.max_depth):
            chain.append(drift(chain[-1], self.hop_cosine, rng))
        parts = [np.stack(chain)]
        for k in range(1, self.max_depth + 1):
            m = self.m0 + self.m1 * k
            if m:
                cos = rng.uniform(self.c_low, self.c_high, size=m)
                parts.append(near_rows(chain[k - 1], m, cos, rng))
        local = np.concatenate(parts)
        beaten = np.empty(self.max_depth, dtype=np.int64)
        targets = np.empty(self.max_depth)
        for k in range(1, self.max_depth + 1):
            scores = local @ chain[k - 1]
            scores[:k] = -math.inf  # visited chain nodes n_0..n_(k-1)
            targets[k - 1] = scores[k]
            beaten[k - 1] = np.count_nonzero(scores > scores[k])
        return beaten, np.stack(chain[:-1]), targets, int(local.shape[0])


def _background_counts(
    background: Array, queries: Array, targets: Array
) -> npt.NDArray[np.int64]:
    """Count background vectors scoring above each target.

    One matrix product per block of chains (``queries``: chains x depth x dim).
    """
    n, depth = targets.shape
    counts = np.zeros((n, depth), dtype=np.int64)
    if background.shape[0] == 0:
        return counts
    block = max(1, 2_000_000 // max(1, background.shape[0] * depth))
    for start in range(0, n, block):
        q = queries[start : start + block].reshape(-1, queries.shape[2])
        scores = background @ q.T  # corpus x (chains * depth)
        t = targets[start : start + block].reshape(-1)
        counts[start : start + block] = (
            (scores > t[None, :]).sum(axis=0).reshape(-1, depth)
        )
    return counts
