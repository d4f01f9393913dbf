"""DL-T11-FIT: the scatter law's ``p = 0.92`` against the paper's Table 4.

The numbers are DL Table 4 (§9.2) as printed: per organisation the structural
scatter ``sigma`` and the recall of the governing decision at depths 1, 2 and
3. Rows marked "(modeled)" in the paper are placements, not measurements, and
the paper keeps them out of the on-curve claim; the typed graph is off-model by
the paper's own reading (§9.2, Figure 12), so the fit uses the six other
measured rows. Figure 12 plots recall at depth 3 against ``sigma``.
"""

from __future__ import annotations

import math

from scipy.optimize import minimize_scalar

from proofs.records import Kind, Outcome, Verdict, claim_check

__all__ = ["TABLE4", "check_dl_t11_fit", "log_least_squares", "row_implied_p"]

# name: (sigma, R@1, R@2, R@3, measured). "none" has no sigma and is left out.
TABLE4: dict[str, tuple[float, float, float, float, bool]] = {
    "brief_graph_3hop": (0.04, 0.99, 0.99, 0.96, True),
    "bm25": (0.19, 0.98, 0.97, 0.85, True),
    "dense": (0.16, 0.97, 0.96, 0.82, True),
    "rerank_ce": (0.20, 0.97, 0.96, 0.79, True),
    "hyde": (0.22, 0.96, 0.95, 0.77, True),
    "GraphRAG": (0.24, 0.95, 0.93, 0.74, False),
    "Tag index": (0.26, 0.95, 0.92, 0.72, False),
    "Rolling summary": (0.28, 0.93, 0.90, 0.68, False),
    "Hierarchical docs": (0.29, 0.92, 0.89, 0.66, False),
    "raptor": (0.31, 0.91, 0.87, 0.64, True),
    "Chat log": (0.33, 0.89, 0.85, 0.60, False),
    "full_context": (0.36, 0.87, 0.82, 0.57, True),
}
_ON_CURVE = ("bm25", "dense", "rerank_ce", "hyde", "raptor", "full_context")
_HALF_UNIT = 0.005  # every number of Table 4 is printed to two decimals
_CLAIMED = 0.92


def log_least_squares(points: list[tuple[float, float]]) -> float:
    """Return ``p`` minimising ``sum (log R - sigma log p)^2`` (a line through 0).

    ``log p = sum sigma log R / sum sigma^2``: a weighted mean of the rows'
    ``log R / sigma`` with weights ``sigma^2``.

    Examples
    --------
    >>> from proofs.claims.dl.depth._fit import log_least_squares
    >>> round(log_least_squares([(1.0, 0.5), (2.0, 0.25)]), 12)
    0.5
    """
    num = sum(s * math.log(r) for s, r in points)
    den = sum(s * s for s, _ in points)
    return math.exp(num / den)


def row_implied_p(sigma: float, recall: float) -> tuple[float, float]:
    """Return the range of ``R^(1/sigma)`` over the printed numbers' rounding boxes.

    For ``0 < R < 1`` it rises in both ``R`` and ``sigma``, so the corners
    ``(R - h, sigma - h)`` and ``(R + h, sigma + h)`` bound it (``h = 0.005``).

    Examples
    --------
    >>> from proofs.claims.dl.depth._fit import row_implied_p
    >>> low, high = row_implied_p(0.36, 0.57)
    >>> round(low, 3), round(high, 3)
    (0.2, 0.22)
    """
    low = (recall - _HALF_UNIT) ** (1 / (sigma - _HALF_UNIT))
    high = min(1.0, recall + _HALF_UNIT) ** (1 / (sigma + _HALF_UNIT))
    return low, high


def _binomial_mle(points: list[tuple[float, float]]) -> float:
    """``p`` maximising ``sum R log p^s + (1 - R) log(1 - p^s)`` (equal row sizes)."""

    def loss(p: float) -> float:
        return -sum(
            r * s * math.log(p) + (1 - r) * math.log1p(-(p**s)) for s, r in points
        )

    found = minimize_scalar(loss, bounds=(1e-6, 1 - 1e-9), method="bounded")
    return float(found.x)


@claim_check(
    "DL-T11-FIT",
    "(DL §9.2 Table 4, Figure 12; §21.4 Theorem 11) fitting p^sigma to the "
    "organisation sweep's recall-by-scatter (Table 4) gives p = 0.92",
    Kind.DATA,
    where="§9.2 Table 4 and Figure 12; §21.4 Theorem 11",
)
def check_dl_t11_fit() -> Outcome:
    """DL-T11-FIT: fitting ``P = p^sigma`` to Table 4 gives ``p = 0.92``.

    Examples
    --------
    >>> from proofs.claims.dl.depth._fit import check_dl_t11_fit
    >>> check_dl_t11_fit().verdict.value
    'refuted'
    """
    points = [(TABLE4[k][0], TABLE4[k][3]) for k in _ON_CURVE]
    p_ls, p_mle = log_least_squares(points), _binomial_mle(points)
    ranges = {k: row_implied_p(TABLE4[k][0], TABLE4[k][3]) for k in _ON_CURVE}
    highest = max(high for _, high in ranges.values())
    per_column = {
        f"R@{c}": round(
            log_least_squares([(v[0], v[c]) for v in TABLE4.values() if v[4]]), 4
        )
        for c in (1, 2, 3)
    }
    predicted = {k: round(_CLAIMED ** TABLE4[k][0], 3) for k in _ON_CURVE}
    evidence = (
        "DL Table 4 (§9.2) transcribed; Figure 12 fits recall at depth 3 against sigma "
        "on the six measured rows other than the off-model typed graph. Least squares "
        f"on log R = sigma log p (through 0): p = {p_ls:.4f}; binomial MLE with equal "
        f"row sizes: p = {p_mle:.4f}. Each row alone, over the rounding box of its "
        f"printed numbers, implies p = R^(1/sigma) <= {highest:.4f}, and the LS fit "
        "is a weighted mean of the rows' log p, so no reading of the printed digits "
        f"reaches 0.915 (0.92 at two decimals). At p = 0.92 the law predicts {predicted} "
        "against the printed 0.85, 0.82, 0.79, 0.77, 0.64, 0.57. LS per column over all "
        f"measured rows: {per_column}. The prose of §9.2 quotes other numbers than the "
        "table (typed graph 1.00, RAPTOR 0.05 and full context 0.17 at depth 3; sigma "
        "from 1.0 to 34), so the table and its text disagree; with the printed table "
        "p = 0.92 is not the fit"
    )
    if not (0 < p_ls < 1 and 0 < p_mle < 1):
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    if highest >= _CLAIMED - _HALF_UNIT:
        return Outcome(Verdict.OPEN, "no refutation: " + evidence)
    witness = {
        "table": "DL Table 4, column R@3, rows " + ", ".join(_ON_CURVE),
        "points": [list(pt) for pt in points],
        "estimator": "least squares on log R = sigma log p, no intercept",
        "p_least_squares": round(p_ls, 4),
        "p_binomial_mle": round(p_mle, 4),
        "max_row_implied_p": round(highest, 4),
        "claimed": _CLAIMED,
    }
    return Outcome(Verdict.REFUTED, evidence, witness)
