"""Tests of the SLM information-geometry ledger (proofs.geometry)."""

import json
import math
import types

import numpy as np
import pytest
import sympy as sp

import proofs._geometry_metric as metric
import proofs.geometry as geometry
from proofs import check
from proofs.geometry import CLAIMS
from proofs.ledger import ClaimCheck, Verdict
from theory.fisher_rao import cosine_similarity, fisher_rao_distance, paper_eq3_distance

EXPECTED = {
    "SLM-T6.1": "refuted",
    "SLM-T6.1-FR": "refuted",
    "SLM-T6.1-IDENTITY": "proven",
    "SLM-T6.1-SYMMETRY": "proven",
    "SLM-T6.1-TRIANGLE": "refuted",
    "SLM-T6.1-INVARIANCE": "conditional",
    "SLM-T6.1-COST": "verified",
    "SLM-C6.2": "verified",
    "SLM-P7.2": "verified",
    "SLM-E16": "refuted",
    "SLM-T6.3": "refuted",
    "SLM-T6.3-DRIFT": "refuted",
    "SLM-T6.3-NORMALISABLE": "refuted",
    "SLM-T6.5": "conditional",
    "SLM-T6.6": "refuted",
    "SLM-P7.1": "conditional",
}


def test_every_section3_claim_but_the_sheaf_is_registered():
    """The ledger holds exactly the expected ids, all tagged SLM, and no SLM-S5.4."""
    ids = [c.id for c in CLAIMS]
    assert sorted(ids) == sorted(EXPECTED)
    assert all(c.source == "SLM" for c in CLAIMS)


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(EXPECTED.items()))
def test_geometry_verdicts(claim_id, verdict):
    """Each check returns the verdict the mathematics gives, JSON-ready."""
    result = check(claim_id)
    assert result.verdict.value == verdict
    assert result.evidence
    json.dumps(result.to_dict(), allow_nan=False)
    if verdict == "refuted" and "-" in claim_id.removeprefix("SLM-"):
        assert result.counterexample is not None


def _eq3(a, b):
    """Eq. 3 for univariate (mu, sigma) pairs, transcribed here."""
    (m1, s1), (m2, s2) = a, b
    return math.sqrt((2 * math.log(s2 / s1)) ** 2 + (m1 - m2) ** 2 / (s1**2 + s2**2))


def test_slm_t61_triangle_counterexample_recomputed():
    """The recorded triple violates the triangle inequality by the stated numbers."""
    cx = check("SLM-T6.1-TRIANGLE").counterexample
    a, b, c = (tuple(cx[k]) for k in "ABC")
    assert _eq3(a, c) == pytest.approx(cx["AC"])
    assert _eq3(a, c) > _eq3(a, b) + _eq3(b, c) + 0.01


def test_slm_t61_fr_counterexample_recomputed():
    """sigma 1 -> e at equal means: Eq. 3 = 2, Fisher-Rao = sqrt(2) (pure scale)."""
    cx = check("SLM-T6.1-FR").counterexample
    assert cx["paper_eq3"] == pytest.approx(2 * math.log(math.e))
    assert cx["fisher_rao"] == pytest.approx(math.sqrt(2) * math.log(math.e))


def _fisher_rao(a, b):
    """Univariate Fisher-Rao distance, closed form of THEORY.md SLM-T6.1, transcribed."""
    (m1, s1), (m2, s2) = a, b
    return math.sqrt(2) * math.acosh(
        1 + ((m1 - m2) ** 2 / 2 + (s1 - s2) ** 2) / (2 * s1 * s2)
    )


def _sigma(value):
    """Read a recorded standard deviation ("e" stands for Euler's number)."""
    return math.e if value == "e" else float(value)


def test_slm_e16_counterexample_recomputed():
    """Eq. 16 ranks N(0, e^2) first, Fisher-Rao ranks N(1, 1) closer to N(0, 1).

    By hand: score(A) = exp(0) = 1, score(B) = exp(-1); d_FR(q, A) =
    sqrt(2) acosh(cosh 1) = sqrt(2), d_FR(q, B) = sqrt(2) acosh(5/4) = sqrt(2) log 2.
    """
    cx = check("SLM-E16").counterexample
    q, a, b = ((float(v[0]), _sigma(v[1])) for v in (cx["query"], cx["A"], cx["B"]))
    scores = [math.exp(-((q[0] - m[0]) ** 2) / m[1] ** 2) for m in (a, b)]
    assert [cx["scoreA"], cx["scoreB"]] == pytest.approx(scores)
    assert [cx["frA"], cx["frB"]] == pytest.approx(
        [_fisher_rao(q, a), _fisher_rao(q, b)]
    )
    assert [cx["frA"], cx["frB"]] == pytest.approx(
        [math.sqrt(2), math.sqrt(2) * math.log(2)]
    )
    assert scores[0] > scores[1] and _fisher_rao(q, a) > _fisher_rao(q, b)
    assert "10-access" in cx["phase"]


def test_slm_t63_drift_counterexample_recomputed():
    """d = 1, U = 0, T = 1: stationary FP residual of the paper's drift is 1/4."""
    x = sp.Symbol("x", real=True)
    p = 1 / (1 - x**2)
    residual = sp.simplify(
        sp.diff(-x * (1 - x**2) / 4 * p, x) - sp.diff((1 - x**2) ** 2 / 4 * p, x, 2)
    )
    assert residual == sp.Rational(1, 4)
    assert sp.Rational(check("SLM-T6.3-DRIFT").counterexample["residual"]) == residual


def test_stratonovich_shift_by_hand():
    """g = sqrt(2T)(1 - x^2)/2 in d = 1: g g'/2 = -T x (1 - x^2)/2 = -T lambda^-1 x."""
    t = sp.Symbol("T", positive=True)
    assert geometry._stratonovich_shift() == -t


def test_slm_t65_counterexample_recomputed():
    """sigma^2/D = 4, r = 2, d = 1: 4 r^(-2l/d) = 1 at l = 1; log 4/log 2 = 2 (the text's form)."""
    cx = check("SLM-T6.5").counterexample
    level = sp.Symbol("l", positive=True)
    ratio, r, d = cx["variance_ratio"], cx["r"], cx["d"]
    (solved,) = sp.solve(sp.Eq(ratio * sp.Integer(r) ** (-2 * level / d), 1), level)
    assert cx["right"] == pytest.approx(float(solved)) == 1.0
    assert cx["paper_alt"] == pytest.approx(2 * float(solved))
    assert sp.simplify(sp.log(ratio) / sp.log(r)) == 2


def test_slm_p71_dimensions_recorded():
    """The crossing dimensions are near 5.7 and 559 (see test_hopfield for the bracket)."""
    low, high = check("SLM-P7.1").counterexample["d_for_100"]
    assert 4 < low < 8
    assert 512 < high < 768


# --- each verdict-deciding check, broken on purpose, must lose its verdict ---


def _open(claim_id):
    """A stand-in part check that settles nothing."""
    return lambda: ClaimCheck(claim_id, Verdict.OPEN, "broken on purpose")


def _eq3_broken(kind):
    """Eq. 3 in sympy with one deliberate error (identity, symmetry or invariance)."""

    def build():
        expr, (m1, s1, m2, s2) = _EQ3_SYMBOLIC()
        if kind == "offset":  # Eq.3 + 1: not zero at equal arguments
            return expr + 1, (m1, s1, m2, s2)
        if kind == "one_sided":  # denominator sigma1^2 only: not symmetric
            return sp.sqrt((2 * sp.log(s2 / s1)) ** 2 + (m1 - m2) ** 2 / s1**2), (
                m1,
                s1,
                m2,
                s2,
            )
        # denominator 1 + ...: not scale invariant
        return sp.sqrt(
            (2 * sp.log(s2 / s1)) ** 2 + (m1 - m2) ** 2 / (1 + s1**2 + s2**2)
        ), (
            m1,
            s1,
            m2,
            s2,
        )

    return build


_EQ3_SYMBOLIC = metric._eq3_symbolic


def _first_coords_only(m1, s1, m2, s2):
    """Eq. 3 that forgets the last coordinate (fails the Theta(d) read-every-input check)."""
    return paper_eq3_distance(m1[:-1], s1[:-1], m2[:-1], s2[:-1])


def _eq16_exponent(m1, s1, m2, s2):
    """A 'distance' that is exactly Eq. 16's exponent: no ranking reversal is possible."""
    diff = np.asarray(m1, dtype=float) - np.asarray(m2, dtype=float)
    return float(np.sum(diff**2 / np.asarray(s2, dtype=float) ** 2))


def _doubled_depth():
    """Depth laws with the text's log(sigma^2/D_min)/log r (twice too deep at d = 1)."""
    sigma2, dmin, r, d, n, level = sp.symbols("sigma2 D_min r d N l", positive=True)
    return {
        "depth": d * sp.log(sigma2 / dmin) / sp.log(r),
        "distortion": sigma2 * r ** (-level / d),
        "depth_at_resolution": 2 * sp.log(n) / sp.log(r),
    }


_T, _K = sp.Symbol("T", positive=True), sp.Symbol("k", real=True)

BREAKS = {
    "FR-equal-values": (
        metric,
        "paper_eq3_distance",
        fisher_rao_distance,
        metric._check_fr,
    ),
    "FR-integral": (sp, "integrate", lambda *a, **k: sp.Integer(0), metric._check_fr),
    "IDENTITY": (
        metric,
        "_eq3_symbolic",
        _eq3_broken("offset"),
        metric._check_identity,
    ),
    "SYMMETRY": (
        metric,
        "_eq3_symbolic",
        _eq3_broken("one_sided"),
        metric._check_symmetry,
    ),
    "TRIANGLE": (
        metric,
        "paper_eq3_distance",
        fisher_rao_distance,
        metric._check_triangle,
    ),
    "INVARIANCE": (
        metric,
        "_eq3_symbolic",
        _eq3_broken("shifted"),
        metric._check_invariance,
    ),
    "COST": (metric, "paper_eq3_distance", _first_coords_only, metric._check_cost),
    "C6.2": (
        geometry,
        "paper_retrieval_score",
        lambda q, m, v: cosine_similarity(q, m),
        geometry._check_c62,
    ),
    "P7.2": (
        geometry,
        "variance_heuristic",
        lambda m: np.ones(len(m)),
        geometry._check_p72,
    ),
    "E16": (geometry, "fisher_rao_distance", _eq16_exponent, geometry._check_e16),
    "DRIFT-coefficient": (
        geometry,
        "zero_flux_coefficient",
        lambda: _T * (_K - 2) / 2,
        geometry._check_t63_drift,
    ),
    "DRIFT-exponent": (
        geometry,
        "stationary_exponent",
        lambda form, d: sp.Integer(d),
        geometry._check_t63_drift,
    ),
    "DRIFT-residual": (
        geometry,
        "fokker_planck_residual",
        lambda d, form: sp.Integer(0),
        geometry._check_t63_drift,
    ),
    "NORMALISABLE": (
        geometry,
        "boundary_integral",
        lambda k: sp.Rational(1, 2),
        geometry._check_t63_normalisable,
    ),
    "T6.5-laws": (
        geometry,
        "progressive_depth_symbolic",
        _doubled_depth,
        geometry._check_t65,
    ),
    "T6.5-depth": (
        geometry,
        "progressive_depth",
        lambda ratio, r, **k: math.log(ratio) / math.log(r),
        geometry._check_t65,
    ),
    "T6.6": (
        geometry,
        "count_attractors",
        lambda patterns, beta: types.SimpleNamespace(count=1, max_energy=0.0),
        geometry._check_t66,
    ),
    "P7.1": (
        geometry,
        "expected_near_best",
        lambda n, d, eps: 1e6 / n,
        geometry._check_p71,
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_broken_computation_gives_open(monkeypatch, name):
    """Each check's verdict follows its computation: break the computation, get OPEN."""
    target, attr, broken, check_fn = BREAKS[name]
    assert check_fn().verdict is not Verdict.OPEN  # the real computation settles it
    monkeypatch.setattr(target, attr, broken)
    if name == "P7.1":  # keep the slow root search out of it
        monkeypatch.setattr(geometry, "dimension_for_near_best", lambda *a, **k: 5.0)
    assert check_fn.__wrapped__().verdict is Verdict.OPEN


@pytest.mark.parametrize(
    ("module", "parent", "parts"),
    [
        (metric, "_check_t61", ("_check_fr", "_check_triangle")),
        (geometry, "_check_t63", ("_check_t63_drift", "_check_t63_normalisable")),
    ],
)
def test_parent_refuted_only_through_a_refuted_part(monkeypatch, module, parent, parts):
    """SLM-T6.1 and SLM-T6.3 are refuted by their parts; with no refuted part, OPEN."""
    for name in parts[1:]:
        monkeypatch.setattr(module, name, _open(name))
    assert getattr(module, parent).__wrapped__().verdict is Verdict.REFUTED
    monkeypatch.setattr(module, parts[0], _open(parts[0]))
    assert getattr(module, parent).__wrapped__().verdict is Verdict.OPEN
