"""Friedman test, Nemenyi critical difference and single-relevant-item ranking metrics."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from theory.validation import check_int, check_level_or_alpha
from theory.validation import complement as _complement

__all__ = [
    "FriedmanNemenyi",
    "friedman_nemenyi",
    "mean_average_precision",
    "mean_reciprocal_rank",
    "ndcg_at_k",
]


@dataclass(frozen=True, slots=True)
class FriedmanNemenyi:
    """Friedman omnibus test with the Nemenyi post-hoc critical difference.

    Attributes
    ----------
    statistic, pvalue : float
        Friedman chi-square (tie-corrected) and its p-value (``k - 1`` df).
    mean_ranks : tuple of float
        Mean rank of each treatment (column), rank 1 the best.
    critical_difference : float
        Nemenyi CD: two mean ranks further apart differ at level ``alpha``.
    q_alpha : float
        Studentized range quantile over ``sqrt(2)``.
    confidence_level : float
        Level of the post-hoc comparison (its significance level is the
        read-only property ``alpha``, ``1 - confidence_level`` in decimal).
    n_blocks, n_treatments : int
        ``N`` and ``k``.
    significant_pairs : tuple of (int, int)
        Column pairs ``(i, j)``, ``i < j``, whose mean ranks differ by more than CD.

    Examples
    --------
    >>> from theory.inference import friedman_nemenyi
    >>> r = friedman_nemenyi([[3, 2, 1], [3, 1, 2], [3, 2, 1], [3, 2, 1]])
    >>> r.mean_ranks
    (1.0, 2.25, 2.75)
    """

    statistic: float
    pvalue: float
    mean_ranks: tuple[float, ...]
    critical_difference: float
    q_alpha: float
    confidence_level: float
    n_blocks: int
    n_treatments: int
    significant_pairs: tuple[tuple[int, int], ...]

    @property
    def alpha(self) -> float:
        """``1 - confidence_level`` (in decimal: 0.95 gives 0.05), the significance level."""
        return _complement(self.confidence_level)


def friedman_nemenyi(
    scores: ArrayLike,
    *,
    confidence_level: float = 0.95,
    higher_is_better: bool = True,
    alpha: float | None = None,
) -> FriedmanNemenyi:
    """Friedman test over blocks and Nemenyi critical difference of mean ranks.

    Parameters
    ----------
    scores : array_like, shape (N, k)
        One row per block (task, or task x depth), one column per treatment
        (arm); ``N >= 2``, ``k >= 3``.
    confidence_level : float
        Level in ``(0, 1)`` of the critical difference (the post-hoc
        comparison is at significance ``alpha = 1 - confidence_level``).
    higher_is_better : bool
        Rank 1 goes to the highest score (default) or to the lowest.
    alpha : float, optional
        Deprecated (kept for one release; warns): the significance level,
        the same as ``confidence_level=1 - alpha``.

    Returns
    -------
    FriedmanNemenyi
        Statistic, p-value, mean ranks, critical difference and the pairs
        it separates.

    Raises
    ------
    TypeError, ValueError
        For a non-2-d, too small or NaN score table, or a table in which every
        block is fully tied (the statistic is ``0/0``).

    See Also
    --------
    bootstrap_ci

    Notes
    -----
    Ranks within each block by ``scipy.stats.rankdata`` (ties get the average
    rank). The statistic is ``(12 / (N k (k+1)) sum R_j^2 - 3 N (k+1)) / C``
    with the tie correction ``C = 1 - sum(t^3 - t) / (N k (k^2 - 1))`` and
    ``R_j`` the rank sums; it matches ``scipy.stats.friedmanchisquare(*columns)``.
    Nemenyi (Demšar 2006): ``CD = q_alpha sqrt(k (k+1) / (6 N))`` with
    ``q_alpha = scipy.stats.studentized_range.ppf(confidence_level, k, inf) / sqrt(2)``
    (1.960, 2.343, 2.569 for ``k = 2, 3, 4`` at 0.05, Demšar's Table 5a).

    Examples
    --------
    >>> from theory.inference import friedman_nemenyi
    >>> r = friedman_nemenyi([[0.9, 0.5, 0.1]] * 10)
    >>> r.significant_pairs, round(r.critical_difference, 4)
    (((0, 2),), 1.0481)
    """
    from scipy import stats

    table = np.asarray(scores, dtype=np.float64)
    if table.ndim != 2 or table.shape[0] < 2 or table.shape[1] < 3:
        msg = f"scores must be 2-d with >= 2 blocks and >= 3 treatments, got shape {table.shape}"
        raise ValueError(msg)
    if np.isnan(table).any():
        msg = "scores must not contain NaN"
        raise ValueError(msg)
    level, _ = check_level_or_alpha(confidence_level, alpha)
    n, k = table.shape
    ranks = stats.rankdata(-table if higher_is_better else table, axis=1)
    ties = 0.0
    for row in ranks:
        _, counts = np.unique(row, return_counts=True)
        ties += float(np.sum(counts**3 - counts))
    correction = 1.0 - ties / (n * k * (k * k - 1))
    if correction <= 0.0:
        msg = (
            "scores are fully tied in every block: the Friedman statistic is undefined"
        )
        raise ValueError(msg)
    sums = ranks.sum(axis=0)
    chi2 = (
        12.0 / (n * k * (k + 1)) * float(sums @ sums) - 3.0 * n * (k + 1)
    ) / correction
    q = float(stats.studentized_range.ppf(level, k, np.inf)) / math.sqrt(2.0)
    cd = q * math.sqrt(k * (k + 1) / (6.0 * n))
    means = tuple(float(v) for v in ranks.mean(axis=0))
    pairs = tuple(
        (i, j)
        for i in range(k)
        for j in range(i + 1, k)
        if abs(means[i] - means[j]) > cd
    )
    pvalue = float(stats.chi2.sf(chi2, k - 1))
    return FriedmanNemenyi(chi2, pvalue, means, cd, q, level, n, k, pairs)


def _ranks(ranks: Sequence[int | None]) -> list[int | None]:
    if not isinstance(ranks, str | bytes) and not isinstance(ranks, Iterable):
        msg = f"ranks must be a sequence of int or None, got {ranks!r} of type {type(ranks).__name__}"
        raise TypeError(msg)
    items = () if isinstance(ranks, str | bytes) else tuple(ranks)  # read once
    if not items:
        msg = f"ranks must be a non-empty sequence of int or None, got {ranks!r}"
        raise ValueError(msg)
    out: list[int | None] = []
    for i, r in enumerate(items):
        out.append(None if r is None else check_int(r, f"ranks[{i}]", minimum=1))
    return out


def ndcg_at_k(ranks: Sequence[int | None], k: int) -> float:
    """Mean nDCG@k for queries with exactly one relevant item.

    Parameters
    ----------
    ranks : sequence of int or None
        1-based rank of the relevant item per query; ``None`` if not retrieved.
    k : int
        Cut-off, ``k >= 1``.

    Returns
    -------
    float
        Mean of ``1 / log2(rank + 1)`` if ``rank <= k`` else 0.

    Raises
    ------
    TypeError, ValueError
        For an empty sequence, a rank below 1 or a bad ``k``.

    See Also
    --------
    mean_reciprocal_rank, mean_average_precision

    Notes
    -----
    Binary gain, ``log2(i + 1)`` discount; with one relevant item the ideal
    DCG is 1, so nDCG is the discounted gain itself.

    Examples
    --------
    >>> from theory.inference import ndcg_at_k
    >>> ndcg_at_k([1, 3, None], 10)
    0.5
    """
    cut = check_int(k, "k", minimum=1)
    gains = [
        0.0 if r is None or r > cut else 1.0 / math.log2(r + 1) for r in _ranks(ranks)
    ]
    return float(sum(gains) / len(gains))


def mean_reciprocal_rank(ranks: Sequence[int | None]) -> float:
    """Mean reciprocal rank of the single relevant item.

    Parameters
    ----------
    ranks : sequence of int or None
        1-based rank per query; ``None`` (not retrieved) scores 0.

    Returns
    -------
    float
        ``mean(1 / rank)``.

    Raises
    ------
    TypeError, ValueError
        As :func:`ndcg_at_k`.

    See Also
    --------
    ndcg_at_k

    Examples
    --------
    >>> from theory.inference import mean_reciprocal_rank
    >>> mean_reciprocal_rank([1, 2, None, 4])
    0.4375
    """
    values = [0.0 if r is None else 1.0 / r for r in _ranks(ranks)]
    return float(sum(values) / len(values))


def mean_average_precision(ranks: Sequence[int | None]) -> float:
    """Mean average precision with one relevant item per query.

    Parameters
    ----------
    ranks : sequence of int or None
        1-based rank per query; ``None`` (not retrieved) scores 0.

    Returns
    -------
    float
        Mean AP; with one relevant item AP is the precision at its rank,
        ``1 / rank``, so MAP equals MRR here.

    Raises
    ------
    TypeError, ValueError
        As :func:`ndcg_at_k`.

    See Also
    --------
    mean_reciprocal_rank

    Examples
    --------
    >>> from theory.inference import mean_average_precision
    >>> mean_average_precision([2, None])
    0.25
    """
    checked = _ranks(ranks)
    # AP = (1 / R) sum over relevant positions of precision@position, with R = 1
    values = [0.0 if r is None else 1.0 / r for r in checked]
    return float(sum(values) / len(values))
