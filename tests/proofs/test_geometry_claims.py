"""Tests of the SLM information-geometry ledger (proofs.geometry)."""

import json
import math

import pytest
import sympy as sp

from proofs import check
from proofs.geometry import CLAIMS

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


def test_slm_e16_counterexample_recomputed():
    """Eq. 16 ranks N(0, e^2) first, Fisher-Rao ranks N(1, 1) closer to N(0, 1)."""
    cx = check("SLM-E16").counterexample
    assert cx["scoreA"] == 1.0
    assert cx["scoreB"] == pytest.approx(math.exp(-1))
    assert math.sqrt(2) > math.sqrt(2) * math.acosh(
        1 + 0.5 / 2
    )  # d_FR(q, A) > d_FR(q, B)


def test_slm_t63_drift_counterexample_recomputed():
    """d = 1, U = 0, T = 1: stationary FP residual of the paper's drift is 1/4."""
    x = sp.Symbol("x", real=True)
    p = 1 / (1 - x**2)
    residual = sp.simplify(
        sp.diff(-x * (1 - x**2) / 4 * p, x) - sp.diff((1 - x**2) ** 2 / 4 * p, x, 2)
    )
    assert residual == sp.Rational(1, 4)
    assert check("SLM-T6.3-DRIFT").counterexample["residual"] == "1/4"


def test_slm_t65_counterexample_recomputed():
    """sigma^2/D = 4, r = 2, d = 1: log 4/(2 log 2) = 1 level vs log 4/log 2 = 2."""
    cx = check("SLM-T6.5").counterexample
    assert cx["right"] == pytest.approx(1.0)
    assert cx["paper_alt"] == pytest.approx(2.0)


def test_slm_p71_dimensions_recorded():
    """The crossing dimensions are near 5.7 and 559 (see test_hopfield for the bracket)."""
    low, high = check("SLM-P7.1").counterexample["d_for_100"]
    assert 4 < low < 8
    assert 512 < high < 768
