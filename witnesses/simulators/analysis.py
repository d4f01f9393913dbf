"""Recall by depth with Wilson intervals, and the hop-independence check (DL-A3).

Works on any records with the fields of
:class:`~witnesses.simulators.RetrievalTrial` (``condition``, ``depth``,
``recovered``, ``hop_survived``, ``work``): a simulator's or a harness's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from theory.inference import ProportionCI, proportion_ci
from witnesses._validation import check_instance, check_iterable
from witnesses.simulators.depth import RetrievalTrial

__all__ = ["DepthRecall", "recall_by_depth"]


@dataclass(frozen=True, slots=True)
class DepthRecall:
    """Measured recall of one method at one depth.

    Attributes
    ----------
    condition : str
        The method.
    depth : int
        The depth ``d``.
    ci : ProportionCI
        Chains recovered to depth ``d`` (``k``) of chains tried (``n``), with
        the Wilson interval of :func:`theory.inference.proportion_ci`; ``k``,
        ``n``, ``recall`` (``k / n``), ``low`` and ``high`` read through it.
    hop_k, hop_n : int
        Chains whose hop ``d`` alone survived, from the true node, of ``hop_n``.
    hop_product : float
        ``prod_(j <= d) hop_k(j) / hop_n(j)``: recall predicted by hop
        independence (DL-A3) from the measured marginal hop survivals.
    conditional_survival : float or None
        ``k(d) / k(d - 1)`` (``k(0) = n``): survival of hop ``d`` given the
        chain reached ``n_(d-1)``; ``None`` when ``k(d - 1) = 0``.
    mean_work : float
        Mean work of one attempt.

    Examples
    --------
    >>> from witnesses.simulators import DepthSimulator, recall_by_depth
    >>> rows = recall_by_depth(DepthSimulator(max_depth=2, n_chains=5).simulate(0))
    >>> [(r.condition, r.depth, r.n) for r in rows]
    [('similarity', 1, 5), ('similarity', 2, 5), ('typed', 1, 5), ('typed', 2, 5)]
    """

    condition: str
    depth: int
    ci: ProportionCI
    hop_k: int
    hop_n: int
    hop_product: float
    conditional_survival: float | None
    mean_work: float

    @property
    def k(self) -> int:
        """Chains recovered to depth ``d``."""
        return self.ci.k

    @property
    def n(self) -> int:
        """Chains tried."""
        return self.ci.n

    @property
    def recall(self) -> float:
        """``k / n``."""
        return self.ci.estimate

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.ci.low

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.ci.high


def recall_by_depth(
    trials: Iterable[RetrievalTrial], *, confidence_level: float = 0.95
) -> list[DepthRecall]:
    """Return recall by (condition, depth), sorted, with Wilson intervals.

    Parameters
    ----------
    trials : iterable of RetrievalTrial
        Records with ``condition``, ``depth``, ``recovered``,
        ``hop_survived`` and ``work``.
    confidence_level : float
        Of the Wilson intervals, in ``(0, 1)``.

    Returns
    -------
    list of DepthRecall

    Raises
    ------
    ValueError
        If there are no trials, or a condition lacks a depth between 1 and its
        largest depth (the hop product needs every hop).

    Examples
    --------
    >>> from witnesses.simulators import DepthSimulator, recall_by_depth
    >>> sim = DepthSimulator(max_depth=1, n_chains=4, q=1.0)
    >>> [r.recall for r in recall_by_depth(sim.simulate(0)) if r.condition == "typed"]
    [1.0]
    """
    counts: dict[tuple[str, int], list[int]] = {}
    for t in check_iterable(trials, "trials"):
        check_instance(t, "trials[i]", RetrievalTrial)
        c = counts.setdefault((t.condition, t.depth), [0, 0, 0, 0])
        c[0] += int(t.recovered)
        c[1] += 1
        c[2] += int(t.hop_survived)
        c[3] += t.work
    if not counts:
        msg = "trials must hold at least one record, got none"
        raise ValueError(msg)
    out: list[DepthRecall] = []
    for condition in sorted({c for c, _ in counts}):
        depths = sorted(d for c, d in counts if c == condition)
        if depths != list(range(1, depths[-1] + 1)):
            msg = f"condition {condition!r} must have every depth 1..{depths[-1]}, got {depths}"
            raise ValueError(msg)
        product, previous = 1.0, None
        for d in depths:
            k, n, hop_k, work = counts[(condition, d)]
            ci = proportion_ci(k, n, confidence_level=confidence_level)
            product *= hop_k / n
            before = n if previous is None else previous
            conditional = k / before if before else None
            out.append(
                DepthRecall(
                    condition,
                    d,
                    ci,
                    hop_k,
                    n,
                    product,
                    conditional,
                    work / n,
                )
            )
            previous = k
    return out
