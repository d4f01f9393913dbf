"""Tests of the simulation claims ledger (proofs.simulation)."""

import functools

import pytest

from proofs import CLAIMS, Kind, Verdict
from proofs import simulation as sim

EXPECTED = {
    "DL-T7-SIM": Verdict.CONDITIONAL,
    "DL-T9-SIM": Verdict.VERIFIED,
    "DL-T10-SIM": Verdict.VERIFIED,
    "DL-A3-SIM": Verdict.CONDITIONAL,
    "DL-T11-SIM": Verdict.CONDITIONAL,
    "KO-CAP": Verdict.VERIFIED,
    "KO-DAR": Verdict.VERIFIED,
    "KO-CMP": Verdict.REFUTED,
    "PJ-PIN": Verdict.CALIBRATED,
}


@functools.cache
def _result(claim_id):
    return next(c for c in sim.CLAIMS if c.id == claim_id).run()


def test_simulation_claims_registered():
    """Every simulation claim is in the register, once."""
    ids = [c.id for c in CLAIMS]
    for claim_id in EXPECTED:
        assert ids.count(claim_id) == 1


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(EXPECTED.items()))
def test_simulation_claim_verdicts(claim_id, verdict):
    """Each check answers for its claim with the expected verdict and evidence."""
    result = _result(claim_id)
    assert result.claim_id == claim_id
    assert result.verdict is verdict, result.evidence
    assert result.evidence


def test_simulation_claims_are_simulations_or_arithmetic():
    """Kinds are simulation (or arithmetic for KO-CAP)."""
    for c in sim.CLAIMS:
        assert c.kind in (Kind.SIMULATION, Kind.ARITHMETIC, Kind.DATA)


def test_dl_a3_sim_reports_the_dependence():
    """The crowded geometry's Fisher test is significant; numbers are quoted."""
    text = _result("DL-A3-SIM").evidence
    assert "crowded (seed 6)" in text
    assert "odds" in text


def test_dl_a3_sim_reports_the_measured_direction():
    """The crowded simulator recovers more than the product (positive association)."""
    text = _result("DL-A3-SIM").evidence
    assert "measured recall above the product (the product is pessimistic)" in text
    assert "DL-A3-DIRECTION" in text


def test_dl_a3_sim_leak_free_dependence_is_open_not_refuted(monkeypatch):
    """A significant test in the leak-free geometry is evidence, not a counterexample."""
    monkeypatch.setattr(sim, "_dependence", lambda records: [(2, 3.0, 0.001)])
    result = sim.check_dl_a3_sim()
    assert result.verdict is Verdict.OPEN
    assert result.counterexample is None


def test_simulation_checks_reproducible():
    """A second run of a check gives the same evidence (seeded)."""
    claim = next(c for c in sim.CLAIMS if c.id == "DL-T9-SIM")
    assert claim.run() == claim.run()


def test_ko_cap_arithmetic_by_hand():
    """L0 = 200 gives exactly 7,400 (200000 - 27 * 7400 = 200, by hand)."""
    text = _result("KO-CAP").evidence
    assert "= 200 tokens" in text
    assert "7407.41" in text  # 200000 / 27 with L0 = 0
    assert "0 <= L0 <= 1550" in text  # 200000 - 27 * 7350 = 1550


def test_ko_cmp_counterexample_numbers():
    """At n = 100 the counts are 91/62/46 and s_hat = 199/253 (hand MLE)."""
    result = _result("KO-CMP")
    cx = result.counterexample
    assert cx["counts"] == [91, 62, 46]
    assert cx["constant_s"] == pytest.approx(199 / 253, abs=1e-6)
    assert cx["pvalue"] < 0.05


def test_pj_pin_calibration_arithmetic():
    """phi = (0.968 - 0.758) / (1 - 0.758) = 0.8678 and s = 0.758^(1/3) = 0.9118."""
    text = _result("PJ-PIN").evidence
    assert f"{(0.968 - 0.758) / (1 - 0.758):.4f}" in text
    assert f"{0.758 ** (1 / 3):.4f}" in text
    assert "[True" in text
