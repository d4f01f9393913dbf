"""The sheaf contradiction detector of SLM §5.4, split into checkable parts (SLM-S5.4).

Each check recomputes its numbers twice: with :mod:`theory.sheaf` /
:mod:`theory.sheaf.contradiction` and with a sympy ``Matrix`` written out by hand
(ranks over the rationals), and refuses a verdict when the two disagree.

* ``SLM-S5.4-H1``: "H1 != 0 signals a contradiction". H1 belongs to the
  sheaf (graph + maps), not to the data: refuted both ways.
* ``SLM-S5.4-PRECISE``: "non-trivial H1 classes correspond precisely to
  irreconcilable contradictions". True for edge data (a discrepancy is
  reconcilable iff it lies in ``im d0``), false for vertex data.
* ``SLM-S5.4-SCORE``: the score ``||d f||^2 / (||f||^2 + eps)`` at 0.45.
* ``SLM-S5.4``: the section as a whole.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import networkx as nx
import sympy as sp

from proofs.records import Claim, Kind, Outcome, Verdict, claim_check, claim_list
from theory.sheaf import CellularSheaf
from theory.sheaf.contradiction import (
    PAPER_THRESHOLD,
    detect_contradictions,
    paper_score,
)

__all__ = [
    "CLAIMS",
    "check_h1_signals_contradiction",
    "check_precise_correspondence",
    "check_score_threshold",
    "check_slm_s54",
]

_EDGE = nx.path_graph(2)
_TRIANGLE = nx.cycle_graph(3)  # edges (0, 1), (0, 2), (1, 2)


@claim_check(
    "SLM-S5.4-H1",
    "H1 != 0 signals a contradiction",
    Kind.ARITHMETIC,
)
def check_h1_signals_contradiction() -> Outcome:
    """SLM-S5.4-H1: ``H1 != 0`` neither implies nor is implied by inconsistent data.

    Examples
    --------
    >>> from proofs.claims.slm.sheaf import check_h1_signals_contradiction
    >>> check_h1_signals_contradiction().verdict.value
    'refuted'
    """
    zero = CellularSheaf(_EDGE, {(0, 1): ([[0]], [[0]])})
    zero_one_map = CellularSheaf.from_transport(_EDGE, {(0, 1): [[0]]})
    const_tri = CellularSheaf.constant(_TRIANGLE, 1)
    ident = CellularSheaf.constant(_EDGE, 1)
    rows = {
        # two-map form, both maps zero: d0 = [[0, 0]], rank 0, h1 = 1 - 0
        "zero_edge": (zero, sp.Matrix([[0, 0]]), [5, -3], 1, True),
        # the one-map form of docs/guide/sheaves.md §1, f(v) - rho f(u), rho = 0: d0 = [[0, 1]], h1 = 0
        "zero_edge_one_map": (zero_one_map, sp.Matrix([[0, 1]]), [5, -3], 0, False),
        # d0 rows (0,1), (0,2), (1,2): rank 2, h1 = 3 - 2; constant data consistent
        "triangle": (
            const_tri,
            sp.Matrix([[-1, 1, 0], [-1, 0, 1], [0, -1, 1]]),
            [1, 1, 1],
            1,
            True,
        ),
        # d0 = [[-1, 1]]: rank 1, h1 = 0; f = (0, 1) has d0 f = 1
        "edge": (ident, sp.Matrix([[-1, 1]]), [0, 1], 0, False),
    }
    ok = True
    found = {}
    facts: dict[str, tuple[int, bool]] = {}  # computed (h1, consistent)
    for name, (sheaf, hand, f, h1, consistent) in rows.items():
        coh = sheaf.cohomology()
        ok &= coh.h1 == h1 == hand.shape[0] - hand.rank()
        ok &= sheaf.coboundary_exact().to_Matrix() == hand
        ok &= (
            sheaf.is_consistent(f) is consistent is (hand * sp.Matrix(f)).is_zero_matrix
        )
        facts[name] = (coh.h1, sheaf.is_consistent(f))
        found[name] = {"h1": coh.h1, "f": f, "consistent": facts[name][1]}
    smallest = _no_h1_without_edges()
    # the refutation: H1 != 0 with consistent data, H1 = 0 with inconsistent data
    ok &= facts["triangle"][0] > 0 and facts["triangle"][1]
    ok &= facts["edge"][0] == 0 and not facts["edge"][1]
    if not (ok and smallest):
        return Outcome(Verdict.OPEN, "checks disagree: " + repr(found))
    evidence = (
        "H1 is a property of the sheaf, not of the data. Consistent data on a sheaf "
        "with H1 = 1: the constant sheaf R on the triangle, f = (1, 1, 1), d0 f = 0 "
        "(the same under the one-map coboundary rho f(u) - f(v) of SLM §5.4 and the "
        "two-map form, since all maps are identities). Inconsistent data on a sheaf "
        "with H1 = 0: one edge with identity maps, f = (0, 1), d0 f = (1). These two "
        "carry the refutation under either convention. Convention note: one edge with "
        "zero maps on both sides (two-map form, d0 = [[0, 0]]) has H1 = 1 with every f "
        "consistent, the smallest such sheaf (a graph without edges has C1 = 0); in "
        "the one-map form rho f(u) - f(v) a zero rho gives d0 f = -f(v), so H1 = 0 and "
        "f = (5, -3) is inconsistent. Ranks by theory.sheaf (QQ) and by sympy Matrix.rank agree."
    )
    return Outcome(Verdict.REFUTED, evidence, {"cases": found})


@claim_check(
    "SLM-S5.4-PRECISE",
    "non-trivial first cohomology classes correspond precisely to irreconcilable "
    "contradictions",
    Kind.EXHAUSTIVE,
)
def check_precise_correspondence() -> Outcome:
    """SLM-S5.4-PRECISE: true for edge data (``y`` reconcilable iff ``[y] = 0`` in ``H1``).

    Exhaustive on the triangle with transport maps ``rho`` in ``{-1, 0, 1, 2}``
    per edge and every edge datum ``y`` in ``{0, 1}^3``: ``is_coboundary(y)``
    equals ``rank [d0 | y] == rank d0`` (sympy), and the harmonic part is zero
    exactly then. False for vertex data (see SLM-S5.4-H1).

    Examples
    --------
    >>> from proofs.claims.slm.sheaf import check_precise_correspondence
    >>> check_precise_correspondence().verdict.value
    'conditional'
    """
    count = 0
    for rhos in itertools.product((-1, 0, 1, 2), repeat=3):
        maps = {e: [[r]] for e, r in zip(_TRIANGLE.edges(), rhos, strict=True)}
        sheaf = CellularSheaf.from_transport(_TRIANGLE, maps)
        d0 = sheaf.coboundary_exact().to_Matrix()
        rank = d0.rank()
        for y in itertools.product((0, 1), repeat=3):
            hand = d0.row_join(sp.Matrix(y)).rank() == rank
            part = sheaf.harmonic_part(list(y))
            zero = all(x == 0 for vec in part.values() for x in vec)
            if not (sheaf.is_coboundary(list(y)) is hand is zero):
                return Outcome(
                    Verdict.OPEN,
                    "theory.sheaf and sympy disagree on whether y is in im d0 at "
                    f"rho = {list(rhos)}, y = {list(y)}: fix the implementation first",
                )
            count += 1
    evidence = (
        "Sharpest true form: H1 = C1 / im d0 (a graph has no 2-cells). Edge data y "
        "(observed discrepancies) is reconcilable by re-assigning vertex data iff y is "
        "in im d0, i.e. iff its class [y] in H1 is 0; the irreconcilable part is the "
        "harmonic representative (y minus its projection onto im d0). Vertex data f is "
        f"consistent iff d0 f = 0, whatever H1 is. Checked exhaustively on {count} "
        "(sheaf, y) pairs: triangle, transport maps rho in {-1,0,1,2}^3, y in {0,1}^3, "
        "against sympy rank [d0 | y] == rank d0. The paper's reading (H1 classes as "
        "contradictions among the contexts' own assertions) does not hold."
    )
    return Outcome(Verdict.CONDITIONAL, evidence)


@claim_check(
    "SLM-S5.4-SCORE",
    "contradiction score ||d f||^2 / (||f||^2 + eps) with threshold 0.45 detects "
    "contradictions",
    Kind.ARITHMETIC,
)
def check_score_threshold() -> Outcome:
    """SLM-S5.4-SCORE: ``||d f||^2 / (||f||^2 + eps) >= 0.45`` misses contradictions.

    Examples
    --------
    >>> from proofs.claims.slm.sheaf import check_score_threshold
    >>> check_score_threshold().verdict.value
    'refuted'
    """
    edge = CellularSheaf.constant(_EDGE, 1)
    missed_score = paper_score(edge, [1, 2], epsilon=0.0)  # 1 / (1 + 4)
    consistent_zero = paper_score(edge, [3, 3], epsilon=0.0) == 0.0
    smallest = _smallest_missed(edge)
    eps = 1e-8
    tiny = paper_score(edge, [0.0, 1e-5], epsilon=eps)  # 1e-10 / (1e-10 + 1e-8) = 1/101
    unit = paper_score(edge, [0.0, 1.0], epsilon=eps)  # 1 / (1 + 1e-8)
    shifted = paper_score(edge, [10, 11], epsilon=0.0)  # 1 / 221
    report = detect_contradictions(edge, [1, 2])
    ok = (
        consistent_zero
        and smallest[0] == 2
        and [1, 2] in smallest[1]
        and abs(missed_score - 1 / 5) < 1e-15
        and missed_score < PAPER_THRESHOLD
        and abs(tiny - 1 / 101) < 1e-12
        and abs(unit - 1 / (1 + eps)) < 1e-12
        and abs(shifted - 1 / 221) < 1e-15
        and not report.consistent
        and not report.paper_flag
    )
    if not ok:
        return Outcome(Verdict.OPEN, f"checks disagree: {smallest}")
    evidence = (
        "No false positive: a consistent f has d0 f = 0, so score 0 < 0.45. False "
        "negatives: one edge, identity maps (d0 f = f(1) - f(0)), f = (1, 2): "
        "score = 1 / (1 + 4) = 0.2 < 0.45, yet inconsistent (smallest by max |f| among "
        "integer f in [-2, 2]^2; no f in {-1, 0, 1}^2 is missed). Scale dependence: "
        f"f = t (0, 1), eps = 1e-8: t = 1 scores {unit:.6f}, t = 1e-5 scores 1/101 = "
        f"{tiny:.6f}; adding the global section 10 (1, 1) to (0, 1) drops the score from "
        "1 to 1/221 with the same disagreement. The score mixes the size of the data "
        "with the size of the disagreement."
    )
    counter = {
        "sheaf": "one edge, F_u = F_v = [1]",
        "f": [1, 2],
        "score": missed_score,
        "threshold": PAPER_THRESHOLD,
        "d0_f": [1],
    }
    return Outcome(Verdict.REFUTED, evidence, counter)


@claim_check(
    "SLM-S5.4",
    "sheaf contradiction detector: contexts as vertices, restriction maps on edges, "
    "(d f)(u,v) = rho f(u) - f(v); H1 != 0 signals a contradiction; non-trivial H1 "
    "classes are precisely the irreconcilable contradictions; score "
    "||d f||^2 / (||f||^2 + eps) >= 0.45 flags one",
    Kind.ARITHMETIC,
)
def check_slm_s54() -> Outcome:
    """SLM-S5.4: the detector as a whole (refuted as stated; corrected in theory.sheaf.contradiction).

    Examples
    --------
    >>> from proofs.claims.slm.sheaf import check_slm_s54
    >>> check_slm_s54().verdict.value
    'refuted'
    """
    parts = {
        "SLM-S5.4-H1": check_h1_signals_contradiction().verdict,
        "SLM-S5.4-PRECISE": check_precise_correspondence().verdict,
        "SLM-S5.4-SCORE": check_score_threshold().verdict,
    }
    refuted = [k for k, v in parts.items() if v is Verdict.REFUTED]
    summary = ", ".join(f"{k}: {v.value}" for k, v in parts.items())
    verdict = Verdict.REFUTED if refuted else Verdict.OPEN
    evidence = (
        f"{summary}. The coboundary and H0 = ker d0, H1 = C1 / im d0 are standard; the "
        "detection rules are not: H1 describes the sheaf, not the data, and the 0.45 "
        "score misses small disagreements on large data. Correct detector "
        "(theory.sheaf.contradiction): vertex data consistent iff d0 f = 0, offending edges "
        "where (d0 f)_e != 0; edge data irreconcilable iff its H1 class is nonzero, "
        "implicated edges where its harmonic part is nonzero; distance to consistency "
        "from the projection onto ker L0, L0 = d0^T d0."
    )
    return Outcome(verdict, evidence, {"refuted_parts": refuted})


def _no_h1_without_edges() -> bool:
    """Check that a graph without edges has C1 = 0, so H1 = 0 (one edge is smallest)."""
    lone = CellularSheaf(nx.empty_graph(1), {}, vertex_dims={0: 2}).cohomology()
    return lone.h1 == 0 and lone.dim_c1 == 0


def _smallest_missed(sheaf: CellularSheaf) -> tuple[int, list[list[int]]]:
    """Return the smallest max ``|f|`` of an inconsistent integer f scoring < 0.45, and all such f.

    The score is recomputed by hand as ``(f1 - f0)^2 / (f0^2 + f1^2)`` and
    must agree with :func:`theory.sheaf.contradiction.paper_score`.
    """
    for bound in (1, 2):
        missed = []
        for f in itertools.product(range(-bound, bound + 1), repeat=2):
            if max(abs(x) for x in f) != bound or f[0] == f[1]:
                continue
            score = Fraction((f[1] - f[0]) ** 2, f[0] ** 2 + f[1] ** 2)
            if abs(paper_score(sheaf, list(f), epsilon=0.0) - float(score)) > 1e-15:
                return -1, [list(f)]
            if score < Fraction(45, 100):
                missed.append(list(f))
        if missed:
            return bound, missed
    return 0, []


CLAIMS: tuple[Claim, ...] = claim_list(
    check_slm_s54,
    check_h1_signals_contradiction,
    check_precise_correspondence,
    check_score_threshold,
)
