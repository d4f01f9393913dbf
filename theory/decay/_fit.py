"""Maximum-likelihood fits of the decay laws and their comparison (private; see :mod:`theory.decay`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.stats import chi2

from theory.decay import _models as models
from theory.decay._counts import Counts, as_counts
from theory.validation import check_choice, check_instance

__all__ = [
    "LAWS",
    "DecayComparison",
    "DecayFit",
    "LikelihoodRatioTest",
    "compare_decays",
    "fit_decay",
    "likelihood_ratio_test",
]

LAWS: tuple[str, ...] = ("geometric", "triangular", "stretched", "power")
"""The decay laws, in order of the table above."""

_NESTED = {("geometric", "triangular"): True, ("geometric", "stretched"): False}


@dataclass(frozen=True, slots=True)
class DecayFit:
    """A fitted decay law (all fields builtin).

    Attributes
    ----------
    law : str
        One of :data:`LAWS`.
    params : tuple of (str, float)
        Reported parameters, in the order of the module table.
    loglik : float
        Maximised binomial log-likelihood (with binomial coefficients).
    n_params, n_points, n_trials : int
        Parameters, depth points and total trials.
    aic : float
        ``2 p - 2 loglik``.
    aicc : float or None
        ``aic + 2 p (p + 1) / (n - p - 1)``; ``None`` when ``n - p - 1 <= 0``.
    deviance : float
        ``2 (loglik_saturated - loglik)``, the goodness-of-fit statistic.
    gof_pvalue : float or None
        ``chi2.sf(deviance, n_points - n_params)``; ``None`` without residual df.
    depths, k, n : tuple of int
        The data.
    converged : bool
        Whether the optimizer reported success for the best start.
    on_boundary : bool
        Whether an internal parameter sits at a bound of its box (within
        ``1e-6``), e.g. ``s0 = 1``: there the chi-square approximations behind
        AIC and the tests are not regular, so read them as rough guides.

    Examples
    --------
    >>> from theory.decay import fit_decay
    >>> fit = fit_decay([1, 2, 3], [80, 40, 10], [100, 100, 100], "triangular")
    >>> fit.n_params, fit.aicc is None
    (2, False)
    """

    law: str
    params: tuple[tuple[str, float], ...]
    loglik: float
    n_params: int
    n_points: int
    n_trials: int
    aic: float
    aicc: float | None
    deviance: float
    gof_pvalue: float | None
    depths: tuple[int, ...]
    k: tuple[int, ...]
    n: tuple[int, ...]
    converged: bool
    on_boundary: bool

    def param(self, name: str) -> float:
        """Return the parameter ``name``.

        Examples
        --------
        >>> from theory.decay import fit_decay
        >>> round(fit_decay([1, 2], [50, 25], [100, 100], "geometric").param("s0"), 3)
        0.5
        """
        key = check_choice(name, "name", [key for key, _ in self.params])
        return dict(self.params)[key]

    def predict(self, depths: Sequence[int]) -> tuple[float, ...]:
        """Fitted ``p(d)`` at ``depths``.

        Examples
        --------
        >>> from theory.decay import fit_decay
        >>> fit = fit_decay([1, 2], [50, 25], [100, 100], "geometric")
        >>> [round(p, 3) for p in fit.predict([1, 2, 3])]
        [0.5, 0.25, 0.125]
        """
        d = np.asarray(as_counts(depths, [0] * len(depths), [1] * len(depths)).d)
        theta = _theta(self.law, tuple(v for _, v in self.params))
        return tuple(float(x) for x in np.exp(models.law(self.law).log_p(theta, d)))


@dataclass(frozen=True, slots=True)
class LikelihoodRatioTest:
    """Likelihood-ratio test of a nested pair.

    Examples
    --------
    >>> from theory.decay import fit_decay, likelihood_ratio_test
    >>> data = ([1, 2, 3], [80, 40, 10], [100, 100, 100])
    >>> t = likelihood_ratio_test(fit_decay(*data, "geometric"), fit_decay(*data, "triangular"))
    >>> t.df, t.boundary, t.pvalue < 0.001
    (1, True, True)
    """

    null: str
    alternative: str
    statistic: float
    df: int
    pvalue: float
    boundary: bool


@dataclass(frozen=True, slots=True)
class DecayComparison:
    """All laws fitted to one data set, with AIC ranking and nested tests.

    ``indistinguishable`` lists the laws within ``delta_aic <= 2`` (plus
    ``1e-6`` for optimizer round-off) of the best (Burnham and Anderson's rule
    of thumb for "substantial support"): when it holds more than one law, the
    data do not identify the law.

    Examples
    --------
    >>> from theory.decay import compare_decays
    >>> cmp = compare_decays([1, 2, 3], [30, 15, 5], [40, 40, 40])
    >>> cmp.best in cmp.indistinguishable
    True
    """

    fits: tuple[DecayFit, ...]
    tests: tuple[LikelihoodRatioTest, ...]
    best: str
    delta_aic: tuple[tuple[str, float], ...]
    indistinguishable: tuple[str, ...]

    def fit(self, law: str) -> DecayFit:
        """Return the fit of ``law``.

        Examples
        --------
        >>> from theory.decay import compare_decays
        >>> compare_decays([1, 2, 3], [30, 15, 5], [40, 40, 40]).fit("power").law
        'power'
        """
        key = check_choice(law, "law", [f.law for f in self.fits])
        return next(item for item in self.fits if item.law == key)


def fit_decay(
    depths: Sequence[int],
    k: Sequence[int],
    n: Sequence[int],
    law: str,
    *,
    aicc_n: str = "trials",
) -> DecayFit:
    """Fit one decay law to counts by binomial maximum likelihood.

    Parameters
    ----------
    depths : sequence of int
        Distinct positive depths.
    k, n : sequence of int
        Successes and trials at each depth, ``0 <= k <= n``, ``n >= 1``.
    law : str
        One of :data:`LAWS`.
    aicc_n : {"trials", "points"}
        Sample size in the AICc correction (see the module docstring).

    Returns
    -------
    DecayFit

    Raises
    ------
    ValueError, TypeError
        On bad counts or depths, or an unknown law.

    Notes
    -----
    The triangular and stretched laws nest the geometric one (at ``rho = 1``
    and ``beta = 1``); they are also started from the geometric optimum, so
    their log-likelihood is never below the geometric law's.

    Examples
    --------
    >>> from theory.decay import fit_decay
    >>> fit = fit_decay([1, 2, 3], [4, 2, 1], [8, 8, 8], "geometric")
    >>> round(fit.param("s0"), 6), round(fit.gof_pvalue, 6)
    (0.5, 1.0)
    """
    data = as_counts(depths, k, n)
    spec = models.law(law)
    size = check_choice(aicc_n, "aicc_n", ("trials", "points"))
    null = _fit(data, models.law("geometric"), size) if spec.name in _WARM else None
    return _fit(data, spec, size, _nested_starts(spec.name, null))


def likelihood_ratio_test(null: DecayFit, alternative: DecayFit) -> LikelihoodRatioTest:
    """Likelihood-ratio test of ``null`` within ``alternative`` (nested pairs only).

    Nested pairs: (geometric, triangular) with the null on the boundary
    ``rho = 1`` (p-value ``0.5 * chi2.sf(LR, 1)``, 1 when ``LR = 0``) and
    (geometric, stretched) at the interior point ``beta = 1``
    (``chi2.sf(LR, 1)``).

    Raises
    ------
    ValueError
        If the pair is not nested or the fits are to different data.

    Examples
    --------
    >>> from theory.decay import fit_decay, likelihood_ratio_test
    >>> data = ([1, 2, 3], [7, 5, 3], [10, 10, 10])
    >>> t = likelihood_ratio_test(fit_decay(*data, "geometric"), fit_decay(*data, "stretched"))
    >>> t.boundary, t.pvalue > 0.05
    (False, True)
    """
    check_instance(null, "null", DecayFit)
    check_instance(alternative, "alternative", DecayFit)
    pair = (null.law, alternative.law)
    if pair not in _NESTED:
        msg = f"(null, alternative) must be one of {sorted(_NESTED)}, got {pair}"
        raise ValueError(msg)
    if (null.depths, null.k, null.n) != (
        alternative.depths,
        alternative.k,
        alternative.n,
    ):
        msg = "null and alternative must be fitted to the same data"
        raise ValueError(msg)
    stat = max(0.0, 2.0 * (alternative.loglik - null.loglik))
    boundary = _NESTED[pair]
    if boundary:
        pvalue = 1.0 if stat <= 0.0 else 0.5 * float(chi2.sf(stat, 1))
    else:
        pvalue = float(chi2.sf(stat, 1))
    return LikelihoodRatioTest(null.law, alternative.law, stat, 1, pvalue, boundary)


def compare_decays(
    depths: Sequence[int],
    k: Sequence[int],
    n: Sequence[int],
    *,
    laws: Sequence[str] = LAWS,
    aicc_n: str = "trials",
) -> DecayComparison:
    """Fit every law, rank by AIC and run the nested likelihood-ratio tests.

    Nested alternatives are also started from the null's optimum, so their
    log-likelihood is never below the null's.

    Examples
    --------
    >>> from theory.decay import compare_decays
    >>> cmp = compare_decays([1, 2, 3], [630, 278, 86], [1000, 1000, 1000])
    >>> cmp.best, cmp.indistinguishable
    ('triangular', ('triangular', 'stretched'))
    """
    data = as_counts(depths, k, n)
    size = check_choice(aicc_n, "aicc_n", ("trials", "points"))
    chosen = tuple(check_choice(name, "laws", LAWS) for name in laws)
    fits: dict[str, DecayFit] = {}
    null: DecayFit | None = None
    for name in chosen:
        if name in _WARM and null is None:
            null = fits.get("geometric") or _fit(data, models.law("geometric"), size)
        fits[name] = _fit(data, models.law(name), size, _nested_starts(name, null))
        if name == "geometric":
            null = fits[name]
    tests = tuple(
        likelihood_ratio_test(fits[a], fits[b])
        for a, b in _NESTED
        if a in fits and b in fits
    )
    best = min(fits.values(), key=lambda f: (f.aic, chosen.index(f.law)))
    delta = tuple((f.law, f.aic - best.aic) for f in fits.values())
    close = tuple(name for name, gap in delta if gap <= 2.0 + 1e-6)
    return DecayComparison(tuple(fits.values()), tests, best.law, delta, close)


_WARM = {"triangular": 0.0, "stretched": 1.0}
"""Nested laws and their second internal parameter at the geometric law (rho = 1, beta = 1)."""


def _nested_starts(name: str, null: DecayFit | None) -> list[npt.NDArray[np.float64]]:
    """Start a law that nests the geometric one at the geometric optimum too.

    The multi-start fit alone can end far below the nested null (triangular on
    six depths of 10,000 trials: 8,238 log-likelihood units low), although the
    null is a point of the alternative's family.
    """
    if name not in _WARM or null is None:
        return []
    rate = -math.log(max(null.param("s0"), 1e-300))
    return [np.array([rate, _WARM[name]])]


def _fit(
    data: Counts,
    spec: models.Law,
    size: str,
    extra: Sequence[npt.NDArray[np.float64]] = (),
) -> DecayFit:
    d, k, n = (np.asarray(x, dtype=np.float64) for x in (data.d, data.k, data.n))
    theta, kernel, ok = models.fit_theta(spec, d, k, n, extra)
    const = models.log_choose(k, n)
    loglik = kernel + const
    p = len(spec.names)
    sample = int(n.sum()) if size == "trials" else len(data.d)
    aic = 2.0 * p - 2.0 * loglik
    aicc = None if sample - p - 1 <= 0 else aic + 2.0 * p * (p + 1) / (sample - p - 1)
    deviance = max(0.0, 2.0 * (models.saturated_loglik(k, n) - kernel))
    df = len(data.d) - p
    return DecayFit(
        law=spec.name,
        params=tuple(zip(spec.names, spec.report(theta), strict=True)),
        loglik=loglik,
        n_params=p,
        n_points=len(data.d),
        n_trials=int(n.sum()),
        aic=aic,
        aicc=aicc,
        deviance=deviance,
        gof_pvalue=float(chi2.sf(deviance, df)) if df > 0 else None,
        depths=data.d,
        k=data.k,
        n=data.n,
        converged=ok,
        on_boundary=_at_bound(theta, spec),
    )


def _at_bound(theta: npt.NDArray[np.float64], spec: models.Law) -> bool:
    return any(
        abs(float(t) - lo) < 1e-6 or abs(float(t) - hi) < 1e-6
        for t, (lo, hi) in zip(theta, spec.bounds, strict=True)
    )


def _theta(law: str, values: tuple[float, ...]) -> npt.NDArray[np.float64]:
    """Return the internal parameters of reported ones (inverse of ``Law.report``)."""
    if law == "geometric":
        return np.array([-math.log(values[0])])
    if law == "triangular":
        return np.array([-math.log(values[0]), -math.log(values[1])])
    if law == "power":
        return np.array([-math.log(values[0]), values[1]])
    return np.array(values)
