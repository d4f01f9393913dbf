"""Ledger checks of the inference toolkit (proofs.claims.dl.inference)."""

import math

import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

import proofs.claims.dl.inference as ledger_module
from proofs import Verdict, claim
from tests.proofs.expected import expected_for
from theory.inference import cohens_h, hoeffding_sample_size, rule_of_three

EXPECTED = {k: Verdict(v) for k, v in expected_for(ledger_module.CLAIMS).items()}


@pytest.fixture(scope="module")
def results():
    return {c.id: c.run() for c in ledger_module.CLAIMS}


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(EXPECTED.items()))
def test_inference_claims_registered_with_verdict(results, claim_id, verdict):
    result = results[claim_id]
    assert claim(claim_id).id == claim_id
    assert result.claim_id == claim_id
    assert result.verdict is verdict
    assert result.evidence


def test_inference_claims_all_ran(results):
    """Every inference claim ran (its cost is reported by python -m proofs, not timed here)."""
    assert set(results) == set(EXPECTED)


def test_dl_inf_rule3_evidence_numbers(results):
    # hand: 1 - 0.05**(1/16) = 0.17058..., 3/16 = 0.1875, ratio 1.0992 <= 1.1;
    # n = 15: 1 - 0.05**(1/15) = 0.18104..., ratio 1.1047 > 1.1
    evidence = results["DL-INF-RULE3"].evidence
    assert "n >= 16" in evidence
    assert (3 / 16) / (1 - 0.05 ** (1 / 16)) <= 1.10 < (3 / 15) / (1 - 0.05 ** (1 / 15))


@given(st.integers(1, 10**6))
def test_dl_inf_rule3_transcription_agrees_with_rule_of_three(n):
    # the symbolic statement 1 - 0.05^(1/n) <= ln(20)/n < 3/n on generated n
    exact = -math.expm1(math.log(0.05) / n)
    assert exact <= rule_of_three(n).high * (1 + 1e-12)
    assert rule_of_three(n).high < 3 / n


@given(st.floats(0.01, 0.3), st.floats(0.001, 0.3))
def test_dl_inf_hoeffding_transcription(eps, delta):
    n = hoeffding_sample_size(eps, delta)
    assert n == max(1, math.ceil(math.log(2 / delta) / (2 * eps * eps) * (1 - 1e-12)))


@given(st.floats(0.01, 0.99), st.floats(0.01, 0.99))
def test_dl_inf_cohenh_transcription(p1, p2):
    p = sp.Symbol("p")
    g = 2 * sp.asin(sp.sqrt(p))
    assert cohens_h(p1, p2).h == pytest.approx(
        float(g.subs(p, p1) - g.subs(p, p2)), abs=1e-12
    )


# --- a failure of our code is open, never refuted (no witness) ----------------


def test_dl_inf_hoeffding_wrong_sample_size_is_open(monkeypatch):
    monkeypatch.setattr(ledger_module, "hoeffding_sample_size", lambda eps, delta: 737)
    result = ledger_module._check_hoeffding_n()
    assert result.verdict is Verdict.OPEN
    assert result.counterexample is None
    # the paper's bound does not rest on the design note's sample size
    assert ledger_module._check_hoeffding_bound().verdict is Verdict.VERIFIED


def test_dl_inf_hoeffding_wrong_bound_is_open(monkeypatch):
    monkeypatch.setattr(ledger_module, "hoeffding_bound", lambda n, eps: 1e-3)
    assert ledger_module._check_hoeffding_bound().verdict is Verdict.OPEN


def test_dl_inf_rule3_wrong_bound_is_open(monkeypatch):
    monkeypatch.setattr(
        ledger_module,
        "rule_of_three",
        lambda n: rule_of_three(n)._replace(high=2.5 / n),
    )
    assert ledger_module._check_rule3().verdict is Verdict.OPEN


def test_dl_inf_cohenh_wrong_labels_is_open(monkeypatch):
    wrong = type(cohens_h(0.5, 0.5))
    monkeypatch.setattr(ledger_module, "cohens_h", lambda a, b: wrong(a - b, "small"))
    assert ledger_module._check_cohens_h().verdict is Verdict.OPEN


def test_dl_inf_hoeffding_n40_witness_by_hand(results):
    """Remark 1 at n = 40: 2e^-0.8 = 0.8987 (10% coverage); exact miss at p = 1/2.

    Hand: the band |K/40 - 1/2| >= 0.1 is K <= 16 or K >= 24; its binomial mass is
    2 P(K <= 16) with K ~ Bin(40, 1/2); sqrt(ln 40 / 80) = 0.2147.
    """
    cx = results["DL-INF-HOEFFDING-N40"].counterexample
    tail = 2 * sum(math.comb(40, k) for k in range(17)) / 2**40
    assert cx["exact_worst_miss_n40"] == pytest.approx(tail, abs=1e-6)
    assert cx["bound_n40"] == pytest.approx(2 * math.exp(-0.8), abs=1e-6)
    assert cx["hoeffding_95_half_width_n40"] == pytest.approx(0.214735, abs=1e-6)
    assert cx["n_for_0.10_at_95"] == 185
    assert cx["bound_n12"] > 1
    assert results["DL-INF-HOEFFDING"].counterexample == cx


def test_dl_inf_hoeffding_n40_not_refuted_when_band_is_usable(monkeypatch):
    """A bound of 0.04 at n = 40 would support the band: then no refutation."""
    monkeypatch.setattr(ledger_module, "hoeffding_bound", lambda n, eps: 0.04)
    result = ledger_module._check_hoeffding_remark()
    assert result.verdict is not Verdict.REFUTED
    assert result.counterexample is None
