"""Simulator of density-adaptive retrieval over adversarial near-duplicates (KO-DAR).

The corpus holds ``n_groups`` *adversarial* groups and ``n_topics``
*ordinary* topics, ``group_size`` facts each. Fact ``j`` of group ``g`` has
the keys ``{"s<g>", "p<j>"}`` (its subject and predicate) and an embedding at
cosine ``group_cosine`` from its group's centroid (ordinary topics use
``topic_cosine``), so near-duplicates have pairwise cosine about
``group_cosine**2``. A query for fact ``t`` of group ``g`` carries its keys
and the embedding ``drift(normalise((1 - b) c_g + b e_t), query_cosine)``
with ``b = query_bias``: the closer ``b`` is to 0, the less the embedding
tells the near-duplicates apart. Each query is answered three ways:
``"embedding"`` (cosine top-``k``), ``"adaptive"`` (the KO-DAR switch) and
``"store"`` (exact lookup of its ``(subject, predicate)`` in a
:class:`~witnesses.simulators.KnowledgeStore`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from theory.validation import check_int, check_probability, check_real
from witnesses.rates.trials import Trial
from witnesses.simulators._embed import Array, drift, near_rows, unit_rows
from witnesses.simulators.knowledge import (
    KnowledgeObject,
    KnowledgeStore,
    density_adaptive_retrieve,
)

__all__ = ["AdaptiveRetrievalSimulator", "KnowledgeTrial"]


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class KnowledgeTrial(Trial):
    """One query answered by one method.

    A :class:`~witnesses.Trial` whose answer always counts as valid: the target fact is the truth and full-context
    pivot, the chosen pivot is it when the first result is the target and
    ``"miss"`` otherwise (pivot preservation is precision at 1); the category
    is ``"adversarial"`` or ``"plain"``; ``density`` is also a measure.

    Attributes
    ----------
    adversarial : bool
        Whether the query targets an adversarial near-duplicate group.
    correct : bool
        Precision at 1: the first result is the target fact.
    density : float
        Density of the top ``2k`` candidates (1.0 for the store).
    switched : bool
        Whether the density switch fired (always ``False`` for other methods).

    Examples
    --------
    >>> from witnesses.simulators import KnowledgeTrial
    >>> KnowledgeTrial("s0q0", "store", 0, True, True, 1.0, False).correct
    True
    """

    adversarial: bool
    correct: bool
    density: float
    switched: bool

    def __init__(
        self,
        task_id: str,
        condition: str,
        seed: int,
        adversarial: bool,  # noqa: FBT001 - the record\'s positional fields
        correct: bool,  # noqa: FBT001 - the record\'s positional fields
        density: float,
        switched: bool,  # noqa: FBT001 - the record\'s positional fields
    ) -> None:
        own = {
            "adversarial": adversarial,
            "correct": correct,
            "density": density,
            "switched": switched,
        }
        Trial.__init__(
            self,
            task_id=task_id,
            condition=condition,
            seed=seed,
            raw_validity=True,
            category="adversarial" if adversarial else "plain",
            full_pivot=f"{task_id}:target",
            truth_pivot=f"{task_id}:target",
            chosen_pivot=f"{task_id}:target" if correct else "miss",
            measures={"density": float(density)},
        )
        for name, value in own.items():  # the record's own fields
            object.__setattr__(self, name, value)


@dataclass(frozen=True, slots=True)
class AdaptiveRetrievalSimulator:
    """Seeded KO-DAR simulator: P@1 with and without the switch, trigger rates.

    Parameters
    ----------
    n_groups, n_topics : int
        Adversarial groups and ordinary topics, ``>= 1`` each.
    group_size : int
        Facts per group or topic, ``>= 2``.
    group_cosine, topic_cosine : float
        Cosine of a fact to its centroid, in ``(0, 1)``.
    query_cosine : float
        Cosine of a query to its anchor, in ``(0, 1]``.
    query_bias : float
        Weight ``b`` of the target in the query's anchor, in ``[0, 1]``.
    n_queries : int
        Queries of each kind (adversarial, ordinary) per seed, ``>= 1``.
    k : int
        Results returned, ``>= 1``.
    tau, lam : float
        The switch's threshold and key weight (the paper's 0.85 and 0.5).
    dim : int
        Embedding dimension, ``>= 3``.

    Examples
    --------
    >>> from witnesses.simulators import AdaptiveRetrievalSimulator
    >>> sim = AdaptiveRetrievalSimulator(n_groups=2, n_topics=2, n_queries=3)
    >>> trials = list(sim.simulate(0))
    >>> len(trials), trials == list(sim.simulate(0))
    (18, True)
    """

    n_groups: int = 20
    n_topics: int = 20
    group_size: int = 8
    group_cosine: float = 0.97
    topic_cosine: float = 0.7
    query_cosine: float = 0.97
    query_bias: float = 0.3
    n_queries: int = 200
    k: int = 3
    tau: float = 0.85
    lam: float = 0.5
    dim: int = 64

    def __post_init__(self) -> None:
        check_int(self.n_groups, "n_groups", minimum=1)
        check_int(self.n_topics, "n_topics", minimum=1)
        check_int(self.group_size, "group_size", minimum=2)
        for name in ("group_cosine", "topic_cosine"):
            check_real(
                getattr(self, name),
                name,
                low=0.0,
                high=1.0,
                low_open=True,
                high_open=True,
            )
        check_real(self.query_cosine, "query_cosine", low=0.0, high=1.0, low_open=True)
        check_probability(self.query_bias, "query_bias")
        check_int(self.n_queries, "n_queries", minimum=1)
        check_int(self.k, "k", minimum=1)
        check_real(self.tau, "tau", low=-1.0, high=1.0)
        check_real(self.lam, "lam", low=0.0)
        check_int(self.dim, "dim", minimum=3)

    def simulate(self, seed: int) -> Iterable[KnowledgeTrial]:
        """Yield three trials (embedding, adaptive, store) per query."""
        check_int(seed, "seed", minimum=0)
        rng = np.random.default_rng([seed, 0x4B4F])
        n_clusters = self.n_groups + self.n_topics
        centroids = unit_rows(rng, n_clusters, self.dim)
        rows, keys, store = [], [], KnowledgeStore()
        for c in range(n_clusters):
            cos = self.group_cosine if c < self.n_groups else self.topic_cosine
            rows.append(near_rows(centroids[c], self.group_size, cos, rng))
            for j in range(self.group_size):
                keys.append((f"s{c}", f"p{j}"))
                store.put(KnowledgeObject(f"s{c}", f"p{j}", f"v{c}.{j}"))
        corpus = np.concatenate(rows)
        out: list[KnowledgeTrial] = []
        for index in range(2 * self.n_queries):
            adversarial = index < self.n_queries
            low, high = (
                (0, self.n_groups) if adversarial else (self.n_groups, n_clusters)
            )
            c = int(rng.integers(low, high))
            j = int(rng.integers(self.group_size))
            target = c * self.group_size + j
            anchor = (1 - self.query_bias) * centroids[c] + self.query_bias * corpus[
                target
            ]
            query = drift(anchor / np.linalg.norm(anchor), self.query_cosine, rng)
            out.extend(
                self._answer(
                    query,
                    keys,
                    corpus,
                    store,
                    target,
                    f"s{seed}q{index}",
                    seed,
                    adversarial=adversarial,
                )
            )
        return out

    def _answer(
        self,
        query: Array,
        keys: list[tuple[str, str]],
        corpus: Array,
        store: KnowledgeStore,
        target: int,
        task: str,
        seed: int,
        *,
        adversarial: bool,
    ) -> list[KnowledgeTrial]:
        wanted = keys[target]
        # lam = 0: re-ranking changes nothing, i.e. plain cosine top-k.
        plain = density_adaptive_retrieve(
            query, wanted, corpus, keys, self.k, tau=self.tau, lam=0.0
        )
        adaptive = density_adaptive_retrieve(
            query, wanted, corpus, keys, self.k, tau=self.tau, lam=self.lam
        )
        found = store.get(*wanted)
        hit = found is not None and (found.subject, found.predicate) == wanted
        return [
            KnowledgeTrial(
                task,
                "embedding",
                seed,
                adversarial,
                plain.indices[0] == target,
                plain.density,
                False,
            ),
            KnowledgeTrial(
                task,
                "adaptive",
                seed,
                adversarial,
                adaptive.indices[0] == target,
                adaptive.density,
                adaptive.switched,
            ),
            KnowledgeTrial(task, "store", seed, adversarial, hit, 1.0, False),
        ]
