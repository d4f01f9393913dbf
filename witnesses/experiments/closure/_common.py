"""Shared pieces of the closure experiments Exp51, Exp56, Exp57 (private; see :mod:`witnesses.experiments.closure`)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from algebra import CommittedContext, compose_commit, compose_endo, is_absorbed
from algebra import satisfies_contract as _satisfies_contract
from theory.inference import proportion_ci
from theory.validation import check_choice, check_int
from witnesses._compress._core import compress_with
from witnesses.events import Timeline
from witnesses.experiments._timelines import bursty_timeline
from witnesses.semantics import Semantics
from witnesses.state import (
    build_context_state,
    compose_context_states,
    context_equivalent,
    is_absorbing,
    paper_block_context,
)

FOCAL = "actor_0"
EPSILONS = (0.2, 0.5, 0.8)
"""The front-loading values the experiments cycle through (``index % 3``)."""

SCALES: dict[str, dict[str, tuple[int, ...]]] = {
    "smoke": {"exp51": (80,), "exp56": (16, 6), "exp57": (30,)},
    "full": {"exp51": (500,), "exp56": (60, 16), "exp57": (200,)},
}
"""Sizes of the two presets (docs/guide/witnesses.md §7)."""

MAX_CASES = 100_000
"""Cap on the number of cases, states or seeds of one experiment."""
MAX_EVENTS = 10_000
"""Cap on ``n_events``, ``m``, ``k`` and suffix lengths (sizes that loop)."""


@dataclass(frozen=True, slots=True)
class ClosureRate:
    """``count`` events (violations, escapes) in ``n`` checks.

    Parameters
    ----------
    count : int
        ``0 <= count <= n``.
    n : int
        The denominator (number of checks), ``n >= 1``.

    Notes
    -----
    ``rule_of_three`` is ``3 / n``, the approximate one-sided 95% upper
    bound when ``count == 0`` (docs/guide/witnesses.md §7). ``upper_exact`` is the exact
    one-sided 95% Clopper-Pearson upper bound, i.e. the upper end of the
    two-sided 90% interval of :func:`theory.inference.proportion_ci`
    (``scipy.stats.beta.ppf(0.95, count + 1, n - count)``); at ``count == 0``
    it is ``1 - 0.05 ** (1 / n)``.

    Examples
    --------
    >>> from witnesses.experiments.closure import ClosureRate
    >>> r = ClosureRate(0, 30)
    >>> r.rate, r.rule_of_three, round(r.upper_exact, 5)
    (0.0, 0.1, 0.09503)
    >>> round(ClosureRate(4, 30).rate, 3)
    0.133
    """

    count: int
    n: int

    def __post_init__(self) -> None:
        check_int(self.n, "n", minimum=1)
        check_int(self.count, "count", minimum=0)
        if self.count > self.n:
            msg = f"count={self.count} must be <= n={self.n}"
            raise ValueError(msg)

    @property
    def rate(self) -> float:
        """``count / n``."""
        return self.count / self.n

    @property
    def rule_of_three(self) -> float:
        """``3 / n`` (capped at 1)."""
        return min(3 / self.n, 1.0)

    @property
    def upper_exact(self) -> float:
        """Exact one-sided 95% upper bound (Clopper-Pearson)."""
        ci = proportion_ci(
            self.count, self.n, method="clopper-pearson", confidence_level=0.90
        )
        return ci.high

    def describe(self) -> str:
        """Return ``'count/n = rate (95% upper bound exact[, 3/n])'``.

        The rule-of-three bound is shown only when ``count == 0``.

        Examples
        --------
        >>> from witnesses.experiments.closure import ClosureRate
        >>> ClosureRate(0, 240).describe()
        '0/240 = 0 (one-sided 95% upper bound 0.0124 exact, 0.0125 = 3/n)'
        >>> ClosureRate(1, 30).describe()
        '1/30 = 0.03333 (one-sided 95% upper bound 0.1486 exact)'
        """
        three = f", {self.rule_of_three:.4g} = 3/n" if self.count == 0 else ""
        return (
            f"{self.count}/{self.n} = {self.rate:.4g} (one-sided 95% upper bound "
            f"{self.upper_exact:.4g} exact{three})"
        )


def case(index: int, n_events: int) -> Timeline:
    """Return the Bursty timeline of case ``index`` (epsilon cycles, seed = index)."""
    return bursty_timeline(n_events, EPSILONS[index % 3], index)


def slice_(timeline: Timeline, lo: int, hi: int) -> Timeline:
    """Return events ``lo..hi-1`` of ``timeline`` as a timeline of their own."""
    return timeline.subset(timeline.ids[lo:hi])


def scaled(scale: str, experiment: str, value: int | None, name: str) -> int:
    """Return ``value`` (checked) or the preset's first size for ``experiment``."""
    preset = SCALES[check_choice(scale, "scale", SCALES)][experiment]
    if value is None:
        return preset[0]
    return check_int(value, name, minimum=1, maximum=MAX_CASES)


@dataclass(frozen=True)
class Ops:
    """The block algebra an experiment runs on (one per semantics)."""

    block: Callable[[Timeline], Any]
    compose: Callable[[Any, Any], Any]
    same_qr: Callable[[Any, Any], bool]
    same: Callable[[Any, Any], bool]
    absorbing: Callable[[Any], bool]
    has_pivot: Callable[[Any], bool]
    compress_check: Callable[[Timeline, Any], tuple[bool, bool, Any]]


def scale_name(scale: str) -> str:
    scaled(scale, "exp51", None, "unused")
    return scale


def monoid(sem: Semantics) -> bool:
    """Whether ``sem`` runs the closure checks on monoid elements (paper counting)."""
    return sem.non_focal_development


def extend(sem: Semantics, ops: Ops, state: Any, suffix: Any) -> Any:
    if not monoid(sem):
        return ops.compose(state, suffix)
    return compose_commit(
        CommittedContext(state.w, state.d_total, state.d_pre, True),
        CommittedContext(suffix.w, suffix.d_total, suffix.d_pre, False),
    )


def make_ops(
    sem: Semantics,
    m: int,
    k: int,
    *,
    max_gap: float = 0.11,
    retention: float = 0.6,
) -> Ops:
    def shrink(tl: Timeline) -> Any:
        return compress_with(
            tl,
            focal=FOCAL,
            strategy=sem.contract,
            non_focal=sem.non_focal_development,
            k=k,
            m=m,
            target_size=max(8, round(retention * len(tl))),
            max_gap=max_gap,
        )

    def compress_check(tl: Timeline, base: Any) -> tuple[bool, bool, Any]:
        result = shrink(tl)
        kept = result.timeline
        invalid = not set(kept.ids) <= set(tl.ids)
        state = ops.block(kept)
        if not monoid(sem):
            return invalid, not result.invariant_holds, state
        return invalid, not _satisfies_contract(base, state, k), state

    if not monoid(sem):
        ops = Ops(
            block=lambda tl: build_context_state(tl, FOCAL, m=m),
            compose=lambda a, b: compose_context_states(a, b, m=m),
            same_qr=lambda a, b: context_equivalent(a, b, compare_pivots=False),
            same=lambda a, b: context_equivalent(a, b),
            absorbing=lambda s: is_absorbing(s, k),
            has_pivot=lambda s: bool(s.pivots),
            compress_check=compress_check,
        )
    else:
        ops = Ops(
            block=lambda tl: paper_block_context(tl, FOCAL),
            compose=lambda a, b: compose_endo(a, b),
            same_qr=operator.eq,
            same=operator.eq,
            absorbing=lambda c: is_absorbed(c, k),
            has_pivot=lambda c: c.w is not None,
            compress_check=compress_check,
        )
    return ops
