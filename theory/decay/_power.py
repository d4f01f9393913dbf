"""How many tasks per depth tell the triangular law from a rival (private).

Re-exported by :mod:`theory.decay`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq
from scipy.stats import chi2, ncx2, norm

from theory.decay import _models as models
from theory.decay._counts import as_counts
from theory.validation import (
    check_choice,
    check_int,
    check_level_or_alpha,
    check_probability,
)
from theory.validation import (
    complement as _complement,
)

_RIVALS = ("geometric", "stretched", "power")


@dataclass(frozen=True, slots=True)
class PowerResult:
    """Power to reject a rival law when the triangular law is true.

    Attributes
    ----------
    rival : str
        ``"geometric"``, ``"stretched"`` or ``"power"``.
    test : str
        ``"lrt-boundary"`` (geometric within triangular, mixture null) or
        ``"gof"`` (rival's deviance against the saturated model, ``df =
        n_points - 2``).
    method : str
        ``"simulation"`` or ``"asymptotic"`` (noncentral chi-square).
    n_per_depth : int
        Tasks at every depth.
    power : float
        Rejection rate of the rival at level ``alpha``.
    aic_preference : float or None
        Share of simulated data sets where AIC prefers triangular to the rival
        (``None`` for the asymptotic method).
    noncentrality : float
        Noncentrality at ``n_per_depth`` (deviance of the rival on expected counts).
    depths, s0, rho, n_sim, seed
        The arguments (``n_sim = 0`` and ``seed = None`` for the asymptotic method).
    confidence_level : float
        The level the rival is tested at (its significance level is the
        read-only property ``alpha``, ``1 - confidence_level`` in decimal).

    Examples
    --------
    >>> from theory.decay import expected_power
    >>> r = expected_power("geometric", [1, 2, 3], 100, s0=0.7, rho=0.67)
    >>> r.method, 0 <= r.power <= 1
    ('asymptotic', True)
    """

    rival: str
    test: str
    method: str
    depths: tuple[int, ...]
    n_per_depth: int
    s0: float
    rho: float
    confidence_level: float
    power: float
    aic_preference: float | None
    noncentrality: float
    n_sim: int
    seed: int | None

    @property
    def alpha(self) -> float:
        """``1 - confidence_level`` (in decimal: 0.95 gives 0.05), the significance level."""
        return _complement(self.confidence_level)


def expected_power(
    rival: str,
    depths: Sequence[int],
    n_per_depth: int,
    *,
    s0: float,
    rho: float,
    confidence_level: float = 0.95,
    alpha: float | None = None,
) -> PowerResult:
    """Asymptotic power to reject ``rival`` when ``p(d) = s0**d rho**(d(d+1)/2)``.

    The noncentrality is the rival's deviance on the *expected* counts
    ``n p(d)`` (the expected-data method for likelihood-ratio power); it
    grows linearly in ``n_per_depth``. Power is
    ``ncx2.sf(crit, df, lambda)`` with ``crit = chi2.isf(alpha, df)`` for the
    goodness-of-fit tests. The boundary test of the geometric law rejects
    when the statistic exceeds ``crit = chi2.isf(2 alpha, 1) = z**2``
    (``z = norm.isf(alpha)``); the statistic is ``max(0, Z)**2`` with
    ``Z ~ N(sqrt(lambda), 1)``, so its power is ``norm.sf(z - sqrt(lambda))``
    (``alpha`` at ``lambda = 0``). Significance
    ``alpha = 1 - confidence_level`` (the keyword ``alpha=`` is deprecated,
    kept for one release, and warns); the boundary test needs
    ``alpha <= 0.5`` (a ValueError otherwise), as ``max(0, Z)**2`` is 0 with
    probability 1/2 under the null.

    Examples
    --------
    >>> from theory.decay import expected_power
    >>> lo = expected_power("power", [1, 2, 3], 50, s0=0.7, rho=0.67).power
    >>> hi = expected_power("power", [1, 2, 3], 500, s0=0.7, rho=0.67).power
    >>> lo < hi
    True
    """
    level, alpha = check_level_or_alpha(confidence_level, alpha)
    name, d, n, truth, crit, df = _setup(rival, depths, n_per_depth, s0, rho, alpha)
    lam = _noncentrality(name, d, truth) * n
    power = _power_at(name, crit, df, lam) if lam > 0 else alpha
    return PowerResult(
        name,
        _test(name),
        "asymptotic",
        tuple(int(x) for x in d),
        n,
        s0,
        rho,
        level,
        power,
        None,
        lam,
        0,
        None,
    )


def tasks_needed(
    rival: str,
    depths: Sequence[int],
    *,
    s0: float,
    rho: float,
    confidence_level: float = 0.95,
    power: float = 0.8,
    alpha: float | None = None,
) -> int | None:
    """Smallest tasks per depth with asymptotic power ``>= power`` (``None`` if never).

    ``None`` means the rival reproduces the triangular curve exactly at these
    depths (zero noncentrality), so no sample size separates them. The
    required noncentrality solves ``power(lambda) = power`` by ``brentq``
    (the power function of :func:`expected_power`); the noncentrality per task comes from :func:`expected_power`'s
    expected-data fit. The test runs at significance
    ``alpha = 1 - confidence_level`` (``alpha=`` is deprecated and warns;
    ``alpha <= 0.5`` for the geometric rival's boundary test).

    Examples
    --------
    >>> from theory.decay import tasks_needed
    >>> tasks_needed("geometric", [1, 2, 3], s0=0.7, rho=0.67)
    145
    >>> tasks_needed("geometric", [1, 2, 3], s0=0.7, rho=1.0) is None
    True
    """
    _, alpha = check_level_or_alpha(confidence_level, alpha)
    name, d, _, truth, crit, df = _setup(rival, depths, 1, s0, rho, alpha)
    target = check_probability(power, "power", low_open=True, high_open=True)
    if target <= alpha:
        msg = f"power must exceed alpha={alpha!r}, got {power!r}"
        raise ValueError(msg)
    per_task = _noncentrality(name, d, truth)
    if per_task <= 1e-12:
        return None
    lam = brentq(lambda x: _power_at(name, crit, df, x) - target, 1e-9, 1e6)
    return math.ceil(float(lam) / per_task)


_MAX_SIM = 10**5
_MAX_SIM_DEPTHS = 1000  # depths a simulated data set has (two fits each)


def decay_power(
    rival: str,
    depths: Sequence[int],
    n_per_depth: int,
    *,
    s0: float,
    rho: float,
    confidence_level: float = 0.95,
    n_sim: int = 200,
    seed: int = 0,
    alpha: float | None = None,
) -> PowerResult:
    """Simulate the power (seeded) to reject ``rival`` when the triangular law is true.

    ``n_sim`` is capped at ``10**5`` and the number of depths at ``1000``
    (a ValueError names the cap: each data set fits two laws on every depth). Each of
    ``n_sim`` data sets draws ``k_d ~ Binomial(n_per_depth, p(d))``
    from ``numpy.random.default_rng(seed)``; the rival is rejected by the
    boundary likelihood-ratio test (geometric) or by its deviance
    goodness-of-fit test (stretched, power) at significance
    ``alpha = 1 - confidence_level`` (``alpha=`` is deprecated and warns;
    ``alpha <= 0.5`` for the boundary test).

    Examples
    --------
    >>> from theory.decay import decay_power
    >>> r = decay_power("geometric", [1, 2, 3], 40, s0=0.7, rho=0.67, n_sim=20, seed=1)
    >>> r.n_sim, r.method
    (20, 'simulation')
    """
    level, alpha = check_level_or_alpha(confidence_level, alpha)
    name, d, n, truth, crit, _ = _setup(rival, depths, n_per_depth, s0, rho, alpha)
    if d.size > _MAX_SIM_DEPTHS:
        msg = f"depths must hold at most {_MAX_SIM_DEPTHS} depths to simulate, got {d.size}"
        raise ValueError(msg)
    sims = check_int(n_sim, "n_sim", minimum=1, maximum=_MAX_SIM)
    rng = np.random.default_rng(check_int(seed, "seed", minimum=0))
    draws = rng.binomial(n, np.exp(truth), size=(sims, d.size)).astype(np.float64)
    nn = np.full(d.size, float(n))
    rejects = prefers = 0
    tri, riv = models.law("triangular"), models.law(name)
    for k in draws:
        _, ll_tri, _ = models.fit_theta(tri, d, k, nn)
        _, ll_riv, _ = models.fit_theta(riv, d, k, nn)
        ll_tri = max(ll_tri, ll_riv) if name == "geometric" else ll_tri
        if name == "geometric":
            stat = 2.0 * (ll_tri - ll_riv)
        else:
            stat = 2.0 * (models.saturated_loglik(k, nn) - ll_riv)
        rejects += stat > crit
        prefers += 2 * 2 - 2 * ll_tri < 2 * len(riv.names) - 2 * ll_riv
    return PowerResult(
        name,
        _test(name),
        "simulation",
        tuple(int(x) for x in d),
        n,
        s0,
        rho,
        level,
        rejects / sims,
        prefers / sims,
        _noncentrality(name, d, truth) * n,
        sims,
        int(seed),
    )


def _setup(
    rival: str,
    depths: Sequence[int],
    n_per_depth: int,
    s0: float,
    rho: float,
    alpha: float,
) -> tuple[str, np.ndarray, int, np.ndarray, float, int]:
    name = check_choice(rival, "rival", _RIVALS)
    n = check_int(n_per_depth, "n_per_depth", minimum=1)
    counts = as_counts(depths, [0] * len(depths), [1] * len(depths))
    a = check_probability(s0, "s0", low_open=True)
    b = check_probability(rho, "rho", low_open=True)
    level = check_probability(alpha, "alpha", low_open=True, high_open=True)
    if name == "geometric" and level > 0.5:
        # The boundary statistic is 0 with probability 1/2 under the null, so no
        # critical value gives a size above 1/2 (chi2.isf(2 alpha, 1) is NaN there).
        msg = (
            "the geometric rival's boundary test has size at most 0.5: alpha must "
            f"be <= 0.5 (confidence_level >= 0.5), got alpha={level!r}"
        )
        raise ValueError(msg)
    d = np.asarray(counts.d, dtype=np.float64)
    truth = models.law("triangular").log_p(np.array([-math.log(a), -math.log(b)]), d)
    df = 1 if name == "geometric" else d.size - len(models.law(name).names)
    if df < 1:
        msg = f"depths must have more than {d.size - df} points to test {name}, got {d.size}"
        raise ValueError(msg)
    crit = (
        float(chi2.isf(2 * level, 1))
        if name == "geometric"
        else float(chi2.isf(level, df))
    )
    return name, d, n, truth, crit, df


def _power_at(name: str, crit: float, df: int, lam: float) -> float:
    """Asymptotic power at noncentrality ``lam > 0`` (see :func:`expected_power`).

    The geometric law sits on the boundary ``rho = 1`` of the triangular one,
    so only ``Z > z`` rejects (``Z ~ N(sqrt(lam), 1)``, ``z = sqrt(crit)``);
    ``ncx2.sf(crit, 1, lam)`` would also count ``Z < -z`` and give ``2 alpha``
    as ``lam -> 0``.
    """
    if name == "geometric":
        return float(norm.sf(math.sqrt(crit) - math.sqrt(lam)))
    return float(ncx2.sf(crit, df, lam))


def _noncentrality(name: str, d: np.ndarray, truth: np.ndarray) -> float:
    """Rival's deviance per task per depth on expected counts ``p(d)``."""
    scale = 1000.0  # fit on 1000 expected tasks for a well-conditioned optimum
    k = scale * np.exp(truth)
    nn = np.full(d.size, scale)
    _, ll_riv, _ = models.fit_theta(models.law(name), d, k, nn)
    ll_true = models.kernel_loglik(truth, k, nn)
    return max(0.0, 2.0 * (ll_true - ll_riv)) / scale


def _test(name: str) -> str:
    return "lrt-boundary" if name == "geometric" else "gof"
