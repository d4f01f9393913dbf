"""Seeded bootstrap intervals: percentile and BCa, paired and cluster (docs/guide/inference.md)."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np
from numpy.typing import ArrayLike, NDArray

from theory.validation import (
    MAX_RESAMPLES,
    call_user,
    check_choice,
    check_confidence,
    check_int,
    check_sample,
)

__all__ = ["BootstrapCI", "bootstrap_ci"]

Statistic = Callable[..., float]


@dataclass(frozen=True, slots=True)
class BootstrapCI:
    """A bootstrap interval for a statistic.

    Attributes
    ----------
    low, high : float
        Interval ends.
    estimate : float
        The statistic on the original data.
    standard_error : float
        Standard deviation (ddof 1) of the bootstrap distribution.
    method : str
        ``"percentile"`` or ``"bca"``.
    resampling : str
        ``"iid"`` (each sample on its own), ``"paired"`` or ``"cluster"``.
    confidence_level : float
        Two-sided level.
    n_resamples : int
        Number of bootstrap resamples.

    Examples
    --------
    >>> from theory.inference import bootstrap_ci
    >>> r = bootstrap_ci(([1.0, 2.0, 3.0, 4.0],), lambda x: float(x.mean()), n_resamples=99)
    >>> r.estimate, r.method
    (2.5, 'bca')
    """

    low: float
    high: float
    estimate: float
    standard_error: float
    method: str
    resampling: str
    confidence_level: float
    n_resamples: int


def _samples(data: Sequence[ArrayLike]) -> list[NDArray[np.float64]]:
    if isinstance(data, np.ndarray) or not isinstance(data, Sequence) or len(data) == 0:
        msg = f"data must be a non-empty tuple or list of samples, got {type(data).__name__}"
        raise TypeError(msg)
    return [check_sample(x, f"data[{i}]") for i, x in enumerate(data)]


def _call(statistic: Statistic, samples: Sequence[NDArray[np.float64]]) -> float:
    value = float(statistic(*samples))
    if math.isnan(value):
        msg = "statistic returned NaN on the data"
        raise ValueError(msg)
    return value


def _check_finite(boot: NDArray[np.float64]) -> None:
    bad = int(np.count_nonzero(~np.isfinite(boot)))
    if bad:
        msg = f"statistic was NaN or infinite on {bad} of {boot.size} resamples"
        raise ValueError(msg)


def _bca_ends(
    boot: NDArray[np.float64], theta: float, jack: NDArray[np.float64], alpha: float
) -> tuple[float, float]:
    # Efron (1987): bias correction from the bootstrap distribution (ties count
    # half, as scipy does), acceleration from the jackknife values.
    from scipy.special import ndtr, ndtri

    below = (np.sum(boot < theta) + np.sum(boot <= theta)) / (2.0 * boot.size)
    z0 = float(ndtri(below))
    dev = jack.mean() - jack
    den = 6.0 * float(np.sum(dev**2)) ** 1.5
    acc = float(np.sum(dev**3)) / den if den > 0.0 else 0.0
    ends = []
    for q in (alpha / 2.0, 1.0 - alpha / 2.0):
        zq = float(ndtri(q))
        ends.append(float(ndtr(z0 + (z0 + zq) / (1.0 - acc * (z0 + zq)))))
    if not all(0.0 <= e <= 1.0 for e in ends):
        msg = (
            "BCa is undefined for this bootstrap distribution; use method='percentile'"
        )
        raise ValueError(msg)
    low, high = np.percentile(boot, [100.0 * ends[0], 100.0 * ends[1]])
    return float(low), float(high)


def _cluster(
    samples: list[NDArray[np.float64]],
    statistic: Statistic,
    clusters: ArrayLike,
    draws: tuple[int, float, str, int],
) -> tuple[float, float, float, float]:
    n_res, level, how, seed = draws
    labels = np.asarray(clusters)
    if labels.ndim != 1 or any(s.size != labels.size for s in samples):
        msg = f"clusters must be 1-d with one label per row ({samples[0].size}), got shape {labels.shape}"
        raise ValueError(msg)
    _, inverse = np.unique(labels, return_inverse=True)
    members = [np.flatnonzero(inverse == g) for g in range(int(inverse.max()) + 1)]
    if len(members) < 2:
        msg = f"clusters must have at least 2 distinct labels, got {len(members)}"
        raise ValueError(msg)
    rng = np.random.default_rng(seed)
    boot = np.empty(n_res)
    for b in range(n_res):
        idx = np.concatenate(
            [members[g] for g in rng.integers(0, len(members), len(members))]
        )
        boot[b] = statistic(*(s[idx] for s in samples))
    _check_finite(boot)
    theta = _call(statistic, samples)
    alpha = 1.0 - level
    if how == "percentile":
        low, high = np.percentile(boot, [50.0 * alpha, 100.0 - 50.0 * alpha])
        return float(low), float(high), theta, float(np.std(boot, ddof=1))
    keep = [np.concatenate(members[:g] + members[g + 1 :]) for g in range(len(members))]
    jack = np.array([statistic(*(s[k] for s in samples)) for k in keep])
    low, high = _bca_ends(boot, theta, jack, alpha)
    return low, high, theta, float(np.std(boot, ddof=1))


def _scipy(
    samples: list[NDArray[np.float64]],
    statistic: Statistic,
    *,
    paired: bool,
    draws: tuple[int, float, str, int],
) -> tuple[float, float, float, float]:
    from scipy import stats

    n_res, level, how, seed = draws
    theta = _call(statistic, samples)
    if all(np.ptp(s) == 0.0 for s in samples):
        return theta, theta, theta, 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        res = stats.bootstrap(
            tuple(samples), statistic, n_resamples=n_res, vectorized=False,
            paired=paired, confidence_level=level,
            method="BCa" if how == "bca" else "percentile",
            rng=np.random.default_rng(seed),
        )  # fmt: skip
    _check_finite(np.asarray(res.bootstrap_distribution, dtype=np.float64))
    low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
    if math.isnan(low) or math.isnan(high):
        msg = (
            "BCa is undefined for this bootstrap distribution; use method='percentile'"
        )
        raise ValueError(msg)
    return low, high, theta, float(res.standard_error)


def bootstrap_ci(
    data: Sequence[ArrayLike],
    statistic: Statistic,
    *,
    method: str = "bca",
    n_resamples: int = 9999,
    confidence_level: float = 0.95,
    paired: bool = False,
    clusters: ArrayLike | None = None,
    seed: int = 0,
) -> BootstrapCI:
    """Seeded bootstrap confidence interval (percentile or BCa).

    Parameters
    ----------
    data : sequence of array_like
        The samples, as in ``scipy.stats.bootstrap``: ``(x,)`` for one
        sample, ``(x, y)`` for two.
    statistic : callable
        ``statistic(*samples) -> float``, each sample a 1-d float array.
    method : {"bca", "percentile"}
        Interval type.
    n_resamples : int
        Number of resamples (>= 2).
    confidence_level : float
        Two-sided level in ``(0, 1)``.
    paired : bool
        Resample rows of equal-length samples together (arm contrasts on the
        same tasks).
    clusters : array_like, optional
        One label per row (samples of equal length): resample whole clusters
        (tasks) with replacement; implies pairing.
    seed : int
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    BootstrapCI
        The interval, the statistic and the bootstrap standard error.

    Raises
    ------
    TypeError, ValueError
        For malformed samples, NaN, bad labels, or a BCa interval that is
        undefined for the data.
    theory.errors.UserCallableError
        If ``statistic`` raises (a ValueError naming it; the original is
        chained).

    See Also
    --------
    depth_slope

    Notes
    -----
    Without clusters this calls ``scipy.stats.bootstrap(data, statistic,
    method="BCa"|"percentile", paired=paired, rng=default_rng(seed))``.
    With clusters: ``G`` clusters are drawn with replacement and their rows
    concatenated; the percentile interval takes the ``alpha/2`` and
    ``1 - alpha/2`` quantiles (numpy's linear rule); BCa (Efron 1987) takes
    the bias correction from the bootstrap distribution and the acceleration
    from the leave-one-cluster-out jackknife. If every sample is constant
    the interval is the point ``[estimate, estimate]``.

    Examples
    --------
    >>> from theory.inference import bootstrap_ci
    >>> x = [0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0]
    >>> r = bootstrap_ci((x,), lambda s: float(s.mean()), method="percentile", seed=1)
    >>> r.low < r.estimate < r.high
    True
    """
    samples = _samples(data)
    if not callable(statistic):
        msg = f"statistic must be callable, got {statistic!r}"
        raise TypeError(msg)
    statistic = partial(call_user, statistic, "statistic")
    how = check_choice(method, "method", ("bca", "percentile"))
    n_res = check_int(n_resamples, "n_resamples", minimum=2, maximum=MAX_RESAMPLES)
    level = check_confidence(confidence_level)
    draws = (n_res, level, how, check_int(seed, "seed", minimum=0))
    if clusters is not None:
        low, high, theta, se = _cluster(samples, statistic, clusters, draws)
        kind = "cluster"
    else:
        if paired and any(s.size != samples[0].size for s in samples):
            msg = f"paired samples must have equal length, got {[s.size for s in samples]}"
            raise ValueError(msg)
        low, high, theta, se = _scipy(samples, statistic, paired=paired, draws=draws)
        kind = "paired" if paired else "iid"
    return BootstrapCI(low, high, theta, se, how, kind, level, n_res)
