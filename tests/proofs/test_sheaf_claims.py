"""The sheaf ledger (SLM-S5.4): verdicts, counterexamples recomputed by hand, and cross-checks."""

import functools
import json
from fractions import Fraction

import networkx as nx
import pytest
import sympy as sp

import proofs.claims.slm.sheaf as ledger
from proofs import CLAIMS, check
from proofs.records import ClaimCheck, Verdict
from tests.proofs.expected import expected_for
from theory.sheaf import CellularSheaf
from theory.sheaf.contradiction import paper_score

VERDICTS = expected_for(ledger.CLAIMS)


@functools.cache
def _check(claim_id):
    """Run each check once per session (the exhaustive one takes a few seconds)."""
    return check(claim_id)


def test_every_sheaf_claim_is_listed_and_registered():
    """The table covers exactly the module's ids, and the register has them."""
    assert {c.id for c in ledger.CLAIMS} == set(VERDICTS)
    assert set(VERDICTS) <= {c.id for c in CLAIMS}
    assert all(c.source == "SLM" for c in ledger.CLAIMS)


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(VERDICTS.items()))
def test_slm_s54_verdicts(claim_id, verdict):
    """Each part gets the verdict the mathematics gives (hand-derived, THEORY.md §3)."""
    result = _check(claim_id)
    assert result.verdict.value == verdict
    json.dumps(result.to_dict(), allow_nan=False)


def test_slm_s54_h1_counterexamples_by_hand():
    """Triangle d0 has rank 2 (two independent rows), so h1 = 1; f = (1,1,1) is a section.

    One edge with identity maps: d0 = [[-1, 1]], rank 1, h1 = 0, d0 (0, 1) = 1.
    """
    tri = sp.Matrix([[-1, 1, 0], [-1, 0, 1], [0, -1, 1]])
    assert tri.rank() == 2 and tri * sp.Matrix([1, 1, 1]) == sp.zeros(3, 1)
    cases = _check("SLM-S5.4-H1").counterexample["cases"]
    assert cases["triangle"] == {"h1": 3 - 2, "f": [1, 1, 1], "consistent": True}
    assert cases["edge"] == {"h1": 1 - 1, "f": [0, 1], "consistent": False}
    assert cases["zero_edge"]["h1"] == 1 - 0
    # THEORY's one-map form with rho = 0: d0 = [[0, 1]] (theory.sheaf's sign), rank 1
    one_map = sp.Matrix([[0, 1]])
    assert cases["zero_edge_one_map"]["h1"] == 1 - one_map.rank() == 0
    assert cases["zero_edge_one_map"]["consistent"] is False
    assert one_map * sp.Matrix(cases["zero_edge_one_map"]["f"]) != sp.zeros(1, 1)


def test_slm_s54_score_counterexample_by_hand():
    """f = (1, 2) on one identity edge: (2 - 1)^2 / (1^2 + 2^2) = 1/5 < 0.45."""
    cx = _check("SLM-S5.4-SCORE").counterexample
    f0, f1 = cx["f"]
    by_hand = Fraction((f1 - f0) ** 2, f0**2 + f1**2)
    assert by_hand == Fraction(1, 5) < Fraction(45, 100)  # the paper's threshold 0.45
    edge = CellularSheaf.constant(nx.path_graph(2), 1)
    assert cx["score"] == paper_score(edge, cx["f"], epsilon=0) == pytest.approx(1 / 5)
    assert f0 != f1  # inconsistent: d0 f = f1 - f0 != 0


def test_h1_check_refuses_a_verdict_when_cohomology_is_wrong(monkeypatch):
    """A broken h1 (off by one) makes the cross-check with sympy fail: no verdict."""
    original = CellularSheaf.cohomology

    def broken(self, **kw):
        c = original(self, **kw)
        return type(c)(c.h0, c.h1 + 1, c.dim_c0, c.dim_c1, c.rank, c.method, 0.0, 0.0)

    monkeypatch.setattr(CellularSheaf, "cohomology", broken)
    assert ledger.check_h1_signals_contradiction().verdict.value == "open"


def test_precise_check_catches_a_wrong_harmonic_part(monkeypatch):
    """If the harmonic part were always zero, the cross-check with sympy gives no verdict."""
    monkeypatch.setattr(
        CellularSheaf,
        "harmonic_part",
        lambda self, y, **kw: {e: (Fraction(0),) for e in self.edges},
    )
    assert ledger.check_precise_correspondence().verdict.value == "open"


def test_score_check_refuses_a_verdict_when_the_score_is_wrong(monkeypatch):
    """A score without the square in the numerator breaks the hand recomputation."""
    import theory.sheaf.contradiction as tc

    monkeypatch.setattr(
        ledger, "paper_score", lambda s, f, epsilon: float(abs(f[1] - f[0]))
    )
    assert ledger.check_score_threshold().verdict.value == "open"
    assert tc.PAPER_THRESHOLD == 0.45


def test_h1_check_refuses_a_verdict_when_consistency_is_wrong(monkeypatch):
    """If every f counted as consistent, the sympy cross-check fails: no verdict."""
    monkeypatch.setattr(CellularSheaf, "is_consistent", lambda self, f, **kw: True)
    assert ledger.check_h1_signals_contradiction().verdict.value == "open"


def test_parent_refuted_only_through_a_refuted_part(monkeypatch):
    """SLM-S5.4 is refuted by its parts; with neither H1 nor SCORE refuted, OPEN."""

    def stand_in(claim_id):
        return lambda: ClaimCheck(claim_id, Verdict.OPEN, "broken on purpose")

    monkeypatch.setattr(ledger, "check_precise_correspondence", stand_in("P"))
    monkeypatch.setattr(
        ledger, "check_h1_signals_contradiction", stand_in("SLM-S5.4-H1")
    )
    assert ledger.check_slm_s54().verdict.value == "refuted"  # SCORE still refutes
    monkeypatch.setattr(ledger, "check_score_threshold", stand_in("SLM-S5.4-SCORE"))
    assert ledger.check_slm_s54().verdict.value == "open"
