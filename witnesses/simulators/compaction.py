"""Cascading compaction and the pinning side channel (docs/guide/rates.md §4; KO-CMP, PJ-PIN).

A memory holds typed facts (the probe types of PJ). Each compaction cycle is a
compression map that rewrites the whole memory blob: a fact of type ``t``
survives a cycle with probability ``survival[t]``, and a fact once dropped is
lost for good (wholesale replacement). Cascading compaction is the iterate of
that map. The *pinning side channel* keeps, outside the blob, every value of
a pinned type that its pattern catches (probability ``pattern_recall``); those
facts survive every cycle. Answer accuracy is kept apart from storage: a
stored fact is answered correctly with probability ``use_factor``.

Both arms use the same random numbers for each fact (common random numbers),
so pinning never loses a fact that the unpinned arm keeps.

:func:`survival_curve_test` asks whether a goal-survival curve after ``1, 2,
…, R`` cascaded rounds is consistent with a constant per-round survival, or
with a power law in the cumulative compression ratio.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats

from witnesses._validation import (
    check_choice,
    check_int,
    check_iterable,
    check_probability,
    check_real,
    check_sequence,
)
from witnesses.rates.trials import Trial

__all__ = [
    "FACT_TYPES",
    "CompactionSimulator",
    "CurveTest",
    "RetentionTrial",
    "survival_curve_test",
]

FACT_TYPES = (
    "entity",
    "phone/id",
    "quantity",
    "date",
    "correction",
    "spatial",
    "relationship",
    "decision",
)
"""The probe fact types of PJ."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class RetentionTrial(Trial):
    """One probe fact after all cycles under one arm.

    A :class:`~witnesses.Trial` whose answer always counts as valid: the probe fact is the truth and full-context
    pivot, the chosen pivot is it when the fact was answered after all cycles
    and ``"lost"`` otherwise (pivot preservation is the answered rate); the
    category is the fact type; ``cycles`` is also a measure.

    Examples
    --------
    >>> from witnesses.simulators import RetentionTrial
    >>> RetentionTrial("s0f0", "pinned", 0, "quantity", 3, True, True, True).stored
    True
    """

    fact_type: str
    cycles: int
    pinned: bool
    stored: bool
    answered: bool

    def __init__(
        self,
        task_id: str,
        condition: str,
        seed: int,
        fact_type: str,
        cycles: int,
        pinned: bool,  # noqa: FBT001 - the record\'s positional fields
        stored: bool,  # noqa: FBT001 - the record\'s positional fields
        answered: bool,  # noqa: FBT001 - the record\'s positional fields
    ) -> None:
        own = {
            "fact_type": fact_type,
            "cycles": cycles,
            "pinned": pinned,
            "stored": stored,
            "answered": answered,
        }
        Trial.__init__(
            self,
            task_id=task_id,
            condition=condition,
            seed=seed,
            raw_validity=True,
            category=fact_type,
            full_pivot=f"{task_id}:fact",
            truth_pivot=f"{task_id}:fact",
            chosen_pivot=f"{task_id}:fact" if answered else "lost",
            measures={"cycles": float(cycles)},
        )
        for name, value in own.items():  # the record's own fields
            object.__setattr__(self, name, value)


@dataclass(frozen=True, slots=True)
class CompactionSimulator:
    """Seeded cascading compaction with and without pinning (PJ-PIN).

    Parameters
    ----------
    n_facts : int
        Probe facts per seed, ``>= 1``; types drawn uniformly from
        :data:`FACT_TYPES`.
    cycles : int
        Compaction cycles, ``>= 1``.
    survival : tuple of float
        Per-cycle survival of each type (order of :data:`FACT_TYPES`), in
        ``[0, 1]``; a single value applies to every type.
    pinned : tuple of str
        Types the side channel pins (any iterable, read once and kept as a
        tuple, as ``survival`` is).
    pattern_recall : float
        Probability that a pinned-type fact is caught by its pattern.
    use_factor : float
        Probability a stored fact is answered correctly (storage is not
        accuracy).

    Examples
    --------
    >>> from witnesses.simulators import CompactionSimulator
    >>> sim = CompactionSimulator(n_facts=4, pinned=("quantity",))
    >>> len(list(sim.simulate(0))), round(sim.expected_retention(pinning=False), 4)
    (8, 0.729)
    """

    n_facts: int = 500
    cycles: int = 3
    survival: tuple[float, ...] = (0.9,)
    pinned: tuple[str, ...] = ()
    pattern_recall: float = 1.0
    use_factor: float = 1.0

    def __post_init__(self) -> None:
        check_int(self.n_facts, "n_facts", minimum=1)
        check_int(self.cycles, "cycles", minimum=1)
        # read once: a generator of pinned types was consumed by its check and
        # pinned nothing (expected_retention and simulate ran unpinned, exit 0)
        for name, what in (("survival", "survivals"), ("pinned", "fact types")):
            items = tuple(check_iterable(getattr(self, name), name, what))
            object.__setattr__(self, name, items)
        if len(self.survival) not in (1, len(FACT_TYPES)):
            msg = f"survival must hold 1 or {len(FACT_TYPES)} values, got {len(self.survival)}"
            raise ValueError(msg)
        for value in self.survival:
            check_probability(value, "survival")
        for name in self.pinned:
            if name not in FACT_TYPES:
                msg = f"pinned types must be in {FACT_TYPES}, got {name!r}"
                raise ValueError(msg)
        check_probability(self.pattern_recall, "pattern_recall")
        check_probability(self.use_factor, "use_factor")

    def _survival(self) -> list[float]:
        values = list(self.survival)
        return values * len(FACT_TYPES) if len(values) == 1 else values

    def expected_retention(self, *, pinning: bool) -> float:
        """Return the closed-form storage retention after all cycles.

        The mean over types of ``s_t**C``; with pinning, a pinned type keeps
        ``pi + (1 - pi) s_t**C`` (``pi`` the pattern recall).
        """
        total = 0.0
        for name, s in zip(FACT_TYPES, self._survival(), strict=True):
            kept = s**self.cycles
            if pinning and name in self.pinned:
                kept = self.pattern_recall + (1 - self.pattern_recall) * kept
            total += kept
        return total / len(FACT_TYPES)

    def simulate(self, seed: int) -> Iterable[RetentionTrial]:
        """Yield two trials per fact (``"unpinned"``, ``"pinned"``)."""
        check_int(seed, "seed", minimum=0)
        rng = np.random.default_rng([seed, 0x504A])
        types = rng.integers(len(FACT_TYPES), size=self.n_facts)
        draws = rng.random((self.n_facts, self.cycles))
        caught = rng.random(self.n_facts) < self.pattern_recall
        used = rng.random(self.n_facts) < self.use_factor
        survival = np.asarray(self._survival())[types]
        kept = np.all(draws < survival[:, None], axis=1)
        out: list[RetentionTrial] = []
        for i in range(self.n_facts):
            name = FACT_TYPES[int(types[i])]
            pin = name in self.pinned and bool(caught[i])
            for arm, stored in (
                ("unpinned", bool(kept[i])),
                ("pinned", bool(kept[i]) or pin),
            ):
                out.append(
                    RetentionTrial(
                        f"s{seed}f{i}",
                        arm,
                        seed,
                        name,
                        self.cycles,
                        pin and arm == "pinned",
                        stored,
                        stored and bool(used[i]),
                    )
                )
        return out


@dataclass(frozen=True, slots=True)
class CurveTest:
    """Likelihood-ratio tests of a cascaded survival curve against two models.

    Attributes
    ----------
    n : int
        Goals assumed; counts are ``round(S_r n)``.
    counts : tuple of int
        Goals surviving after each round.
    constant_s : float
        MLE of a constant per-round survival (``S_r = s**r``).
    constant_statistic, constant_pvalue : float
        ``G = 2 (loglik_free - loglik_constant)`` and ``chi2.sf(G, R - 1)``.
    power_a, power_beta : float
        MLE of ``S(x) = min(1, a x**-beta)`` in the cumulative ratio ``x``.
    power_statistic, power_pvalue : float
        ``G`` and ``chi2.sf(G, R - 2)`` (``nan`` when ``R <= 2``).

    Examples
    --------
    >>> from witnesses.simulators import survival_curve_test
    >>> t = survival_curve_test([0.5, 0.25], [2.0, 4.0], n=100)
    >>> round(t.constant_s, 6), round(t.constant_statistic, 6)
    (0.5, 0.0)
    """

    n: int
    counts: tuple[int, ...]
    constant_s: float
    constant_statistic: float
    constant_pvalue: float
    power_a: float
    power_beta: float
    power_statistic: float
    power_pvalue: float


def survival_curve_test(
    survival: Sequence[float],
    ratios: Sequence[float],
    *,
    n: int,
    power: bool = True,
    design: str = "nested",
) -> CurveTest:
    """Test a cascaded survival curve: constant per-round survival, power law.

    Parameters
    ----------
    survival : sequence of float
        Share surviving after rounds ``1..R``, non-increasing, in ``[0, 1]``.
    ratios : sequence of float
        Cumulative compression ratio after each round, increasing, ``> 1``.
    n : int
        Number of goals (unknown in the papers: scan it), ``>= 1``.
    power : bool
        Whether to fit the power law (``False`` leaves its fields ``nan``).
    design : {"nested", "independent"}
        ``"nested"``: the same goals every round (default);
        ``"independent"``: a fresh set of ``n`` goals per round.

    Returns
    -------
    CurveTest

    Raises
    ------
    ValueError
        On lengths that differ or are < 2, values out of range, or a curve
        that rises.

    Notes
    -----
    The same ``n`` goals are compacted again each round, so the counts are
    nested: the likelihood is multinomial over "lost in round ``r``" and
    "survived all", with cell probabilities ``S_(r-1) - S_r`` and ``S_R``
    (``S_0 = 1``). With ``design="independent"`` each round is its own
    binomial ``k_r ~ Bin(n, S_r)``. The free model is saturated; each model's
    deviance ``G`` is referred to a chi-square with ``R - p`` degrees of
    freedom (Wilks). The nested constant-survival MLE is closed form
    (survivors over goals at risk); the others are numerical.

    Examples
    --------
    >>> from witnesses.simulators import survival_curve_test
    >>> t = survival_curve_test([0.91, 0.62, 0.46], [9, 17, 31], n=100)
    >>> t.counts, round(t.constant_s, 4)
    ((91, 62, 46), 0.7866)
    """
    n = check_int(n, "n", minimum=1)
    s = [check_probability(v, "survival") for v in check_sequence(survival, "survival")]
    x = [
        check_real(v, "ratios", low=1.0, low_open=True)
        for v in check_sequence(ratios, "ratios")
    ]
    if len(s) != len(x) or len(s) < 2:
        msg = f"survival and ratios must have the same length >= 2, got {len(s)} and {len(x)}"
        raise ValueError(msg)
    if any(b > a for a, b in itertools.pairwise(s)):
        msg = f"survival must be non-increasing, got {list(survival)}"
        raise ValueError(msg)
    check_choice(design, "design", ("nested", "independent"))
    counts = [round(v * n) for v in s]
    curve_ll = _curve_loglik(counts, n, design)
    free = curve_ll([c / n for c in counts])
    if design == "nested":  # survivors k_r of k_(r-1) at risk, pooled
        s_hat = sum(counts) / (n + sum(counts[:-1]))
    else:
        res = optimize.minimize_scalar(
            lambda v: -curve_ll([v ** (r + 1) for r in range(len(s))]),
            bounds=(1e-12, 1 - 1e-12),
            method="bounded",
            options={"xatol": 1e-12},
        )
        s_hat = float(res.x)
    const = curve_ll([s_hat ** (r + 1) for r in range(len(s))])
    g_const = max(0.0, 2 * (free - const))
    df_power = len(s) - 2
    if power:
        a, beta, best = _fit_power(curve_ll, x)
        g_power = max(0.0, 2 * (free - best))
    else:
        a = beta = g_power = math.nan
        df_power = 0
    return CurveTest(
        n,
        tuple(counts),
        s_hat,
        g_const,
        float(stats.chi2.sf(g_const, len(s) - 1)),
        a,
        beta,
        g_power,
        float(stats.chi2.sf(g_power, df_power)) if df_power > 0 else math.nan,
    )


def _curve_loglik(
    counts: Sequence[int], n: int, design: str
) -> Callable[[Sequence[float]], float]:
    """Log-likelihood of a survival curve ``S_1..S_R`` (constants dropped)."""
    cells = _cells(counts, n)

    def nested(curve: Sequence[float]) -> float:
        return _loglik(cells, _probs(curve))

    def independent(curve: Sequence[float]) -> float:
        total = 0.0
        for k, p in zip(counts, curve, strict=True):
            total += _loglik([k, n - k], [p, 1.0 - p])
        return total

    return nested if design == "nested" else independent


def _cells(counts: Sequence[int], n: int) -> list[int]:
    previous, out = n, []
    for c in counts:
        out.append(previous - c)
        previous = c
    return [*out, counts[-1]]


def _probs(curve: Sequence[float]) -> list[float]:
    previous, out = 1.0, []
    for v in curve:
        out.append(previous - v)
        previous = v
    return [*out, curve[-1]]


def _loglik(cells: Sequence[int], probs: Sequence[float]) -> float:
    total = 0.0
    for c, p in zip(cells, probs, strict=True):
        if c:
            total += c * math.log(p) if p > 0 else -math.inf
    return total


def _fit_power(
    curve_ll: Callable[[Sequence[float]], float], x: Sequence[float]
) -> tuple[float, float, float]:
    logs = np.log(np.asarray(x, dtype=np.float64))

    def negll(theta: np.ndarray) -> float:
        curve = [float(v) for v in np.minimum(1.0, np.exp(theta[0] - theta[1] * logs))]
        value = curve_ll(curve)
        return -value if math.isfinite(value) else 1e12

    best = None
    for start in ((0.0, 0.1), (0.5, 0.5), (1.0, 1.0)):
        res = optimize.minimize(
            negll,
            np.asarray(start),
            method="Nelder-Mead",
            options={"xatol": 1e-10, "fatol": 1e-12, "maxiter": 4000},
        )
        if best is None or res.fun < best.fun:
            best = res
    if best is None:  # pragma: no cover - the loop runs at least once
        msg = "power-law fit did not run"
        raise RuntimeError(msg)
    return float(math.exp(best.x[0])), float(best.x[1]), float(-best.fun)
