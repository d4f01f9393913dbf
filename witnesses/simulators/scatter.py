"""Scatter: a decision split into fragments that must all surface (DL §9, DL-T11).

A decision is stored as ``sigma`` fragments; it *assembles* when every
fragment surfaces. Each fragment surfaces with the same marginal probability
``p`` in three layouts that differ only in how fragments depend on each other:

``"independent"``
    each fragment surfaces by its own coin, ``P(assemble) = p**sigma``;
``"colocated"``
    fragments written together share a latent surfacing rate
    ``P ~ Beta(p kappa, (1 - p) kappa)`` (mean ``p``), then surface
    independently given ``P``: positive association,
    ``P(assemble) = E[P**sigma] = prod_(i<sigma) (a + i)/(a + b + i) >= p**sigma``;
``"budget"``
    a fixed retrieval budget: the retriever returns ``b`` of ``pool`` equally
    likely items (``p = b / pool``): negative association,
    ``P(assemble) = C(pool - sigma, b - sigma) / C(pool, b) <= p**sigma``
    (the hypergeometric probability of drawing all ``sigma`` fragments).

DL-T11 calls ``p**sigma`` a lower bound "when fragments co-surface"; the
simulator measures on which side each layout falls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy import stats

from theory.validation import check_choice, check_int, check_probability, check_real
from witnesses.rates.trials import Trial

__all__ = ["LAYOUTS", "ScatterSimulator", "ScatterTrial"]

LAYOUTS = ("independent", "colocated", "budget")
"""The fragment layouts of :class:`ScatterSimulator`."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class ScatterTrial(Trial):
    """One decision's retrieval under one layout.

    A :class:`~witnesses.Trial` whose answer always counts as valid: the decision is the truth and full-context
    pivot, the chosen pivot is it when all ``sigma`` fragments surfaced and
    ``"partial"`` otherwise (pivot preservation is the assembly rate);
    ``sigma`` and ``surfaced`` are also measures.

    Examples
    --------
    >>> from witnesses.simulators import ScatterTrial
    >>> ScatterTrial("s0d0", "budget", 0, 3, 2, False).assembled
    False
    """

    sigma: int
    surfaced: int
    assembled: bool

    def __init__(
        self,
        task_id: str,
        condition: str,
        seed: int,
        sigma: int,
        surfaced: int,
        assembled: bool,  # noqa: FBT001 - the record\'s positional fields
    ) -> None:
        own = {
            "sigma": sigma,
            "surfaced": surfaced,
            "assembled": assembled,
        }
        Trial.__init__(
            self,
            task_id=task_id,
            condition=condition,
            seed=seed,
            raw_validity=True,
            full_pivot=f"{task_id}:decision",
            truth_pivot=f"{task_id}:decision",
            chosen_pivot=f"{task_id}:decision" if assembled else "partial",
            measures={"sigma": float(sigma), "surfaced": float(surfaced)},
        )
        for name, value in own.items():  # the record's own fields
            object.__setattr__(self, name, value)


@dataclass(frozen=True, slots=True)
class ScatterSimulator:
    """Seeded assembly of scattered decisions (DL-T11).

    Parameters
    ----------
    sigma : int
        Fragments per decision, ``>= 1`` (a typed unit is ``sigma = 1``).
    p : float
        Marginal surfacing probability of a fragment, in ``(0, 1)``; for
        ``"budget"`` it must equal ``budget / pool``.
    n_decisions : int
        Decisions per seed, ``>= 1``.
    layouts : tuple of str
        Layouts to simulate, from :data:`LAYOUTS` (any iterable, read once
        and kept as a tuple).
    kappa : float
        Concentration of the colocated latent rate, ``> 0`` (large: nearly
        independent; small: all-or-nothing).
    pool : int
        Items the budget retriever draws from, ``>= sigma``; the budget is
        ``round(p * pool)``.

    Examples
    --------
    >>> from witnesses.simulators import ScatterSimulator
    >>> sim = ScatterSimulator(sigma=3, p=0.5, n_decisions=4, pool=10)
    >>> len(list(sim.simulate(0))), round(sim.expected("budget"), 4)
    (12, 0.0833)
    """

    sigma: int = 3
    p: float = 0.9
    n_decisions: int = 1000
    layouts: tuple[str, ...] = LAYOUTS
    kappa: float = 4.0
    pool: int = 50

    def __post_init__(self) -> None:
        check_int(self.sigma, "sigma", minimum=1)
        check_probability(self.p, "p", low_open=True, high_open=True)
        check_int(self.n_decisions, "n_decisions", minimum=1)
        if not isinstance(self.layouts, str) and isinstance(self.layouts, Iterable):
            # read once: a generator was consumed by its checks, and simulate
            # then yielded no trial at all (exit 0)
            object.__setattr__(self, "layouts", tuple(self.layouts))
        if not isinstance(self.layouts, tuple) or not self.layouts:
            msg = (
                f"layouts must be a non-empty tuple of {LAYOUTS}, got {self.layouts!r}"
            )
            raise ValueError(msg)
        for layout in self.layouts:
            check_choice(layout, "layout", LAYOUTS)
        check_real(self.kappa, "kappa", low=0.0, low_open=True)
        check_int(self.pool, "pool", minimum=self.sigma)
        if "budget" in self.layouts:
            budget = self.budget
            if budget < 1 or not math.isclose(
                budget / self.pool, self.p, abs_tol=1e-12
            ):
                msg = (
                    f"p * pool must be a whole budget in [1, pool] for layout 'budget', "
                    f"got p={self.p!r}, pool={self.pool!r}"
                )
                raise ValueError(msg)

    @property
    def budget(self) -> int:
        """Items returned by the budget retriever: ``round(p * pool)``."""
        return round(self.p * self.pool)

    def expected(self, layout: str) -> float:
        """Closed-form assembly probability of ``layout`` (see the module notes).

        ``"budget"`` is ``scipy.stats.hypergeom(pool, sigma, budget).pmf(sigma)``;
        ``"colocated"`` is ``scipy.stats.beta(a, b).moment(sigma)``.
        """
        check_choice(layout, "layout", LAYOUTS)
        if layout == "independent":
            return float(self.p**self.sigma)
        if layout == "colocated":
            a, b = self.p * self.kappa, (1.0 - self.p) * self.kappa
            return float(stats.beta(a, b).moment(self.sigma))
        return float(
            stats.hypergeom(self.pool, self.sigma, self.budget).pmf(self.sigma)
        )

    def simulate(self, seed: int) -> Iterable[ScatterTrial]:
        """Yield one trial per (decision, layout); the same seed gives the same trials."""
        check_int(seed, "seed", minimum=0)
        out: list[ScatterTrial] = []
        for layout in self.layouts:
            salt = LAYOUTS.index(layout)
            rng = np.random.default_rng([seed, 0x5343, salt])
            surfaced = self._surfaced(layout, rng)
            for i, s in enumerate(surfaced.tolist()):
                out.append(
                    ScatterTrial(
                        f"s{seed}d{i}", layout, seed, self.sigma, s, s == self.sigma
                    )
                )
        return out

    def _surfaced(self, layout: str, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        n, s = self.n_decisions, self.sigma
        if layout == "independent":
            hits = rng.random((n, s)) < self.p
            return np.asarray(hits.sum(axis=1), dtype=np.int64)
        if layout == "colocated":
            rate = rng.beta(self.p * self.kappa, (1.0 - self.p) * self.kappa, size=n)
            hits = rng.random((n, s)) < rate[:, None]
            return np.asarray(hits.sum(axis=1), dtype=np.int64)
        # budget: fragments are items 0..sigma-1 of the pool; draw b without replacement
        keys = rng.random((n, self.pool))
        chosen = np.argpartition(keys, self.budget - 1, axis=1)[:, : self.budget]
        return np.asarray((chosen < s).sum(axis=1), dtype=np.int64)
